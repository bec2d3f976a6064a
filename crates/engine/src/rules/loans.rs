//! Loans of supply (Vedder D7). In any phase a power may lend the supply of
//! a centre it controls (`LOAN xxx TO <power>`) to a power that owns at
//! least one centre, and end a loan at any time (`END LOAN xxx`). A loan
//! cannot leave the lender with less supply than its own units need. The
//! borrower may lend loaned supply on. A loan ended during a year still
//! counts for the borrower in that year's Winter adjustment; after that it
//! is gone.
//!
//! Chains (D7): a centre lent on is a chain of links, owner -> first
//! borrower -> next ...; its supply counts for the last borrower. A power
//! controls a centre it owns and has not lent, or one whose chain ends with
//! it and has no link ending. Any lender in the chain ends its own link;
//! the links after it fall with it (all are marked ending), and after the
//! Winter the supply is that lender's again. A power lends only to a power
//! not yet in the chain. A centre that changes hands ends its whole chain
//! at once (its lenders no longer control it).
//!
//! State: `loan <centre> <lender> <borrower>`, once per link in chain
//! order, with `ending` after it once ended.

use super::options::{flag, Names, OptionError};
use super::state_text::{province_index, Codec, Slot};
use super::StateError;
use super::{Mechanic, Rules};
use crate::adjudicate::balances;
use crate::order::Action;
use crate::order::Order;
use crate::outcome::LoanReason;
use crate::outcome::{Illegal, LoanIllegal, OrderResult, Reason};
use crate::state::Force;
use crate::state::{Loan, Position, VariantState};
use crate::variant::Phase;
use crate::variant::{PowerId, ProvinceId, Variant};

/// The chain of centre `p`, first link first (empty if not lent).
pub fn chain(state: &VariantState, p: ProvinceId) -> impl Iterator<Item = &Loan> {
    state.loans.iter().filter(move |l| l.centre == p)
}

/// Who gets the supply of centre `p` owned by `owner`: the last borrower
/// of its chain, if lent.
pub fn holder(state: &VariantState, p: ProvinceId, owner: PowerId) -> PowerId {
    chain(state, p).last().map_or(owner, |l| l.borrower)
}

/// Is this action a declaration of this mechanic (an order with no unit)?
pub fn declares(action: &Action) -> bool {
    matches!(action, Action::Loan { .. } | Action::EndLoan { .. })
}

/// Carries out `power`'s LOAN or END LOAN on `pos` (in the order written).
pub fn declare(v: &Variant, pos: &mut Position, power: Option<PowerId>, action: &Action) -> Result<Reason, Illegal> {
    let power = power.ok_or(Illegal::Loan(LoanIllegal::NotYours))?;
    match *action {
        Action::Loan { centre, to } => lend(v, pos, power, centre, to),
        Action::EndLoan { centre } => end(pos, power, centre),
        _ => Err(Illegal::WrongPhase),
    }
}

fn lend(v: &Variant, pos: &mut Position, lender: PowerId, centre: ProvinceId, to: PowerId) -> Result<Reason, Illegal> {
    let owner = pos.owners[centre.index()];
    let links: Vec<Loan> = chain(&pos.state, centre).copied().collect();
    let controls = match links.last() {
        Some(last) => last.borrower == lender && links.iter().all(|l| !l.ending),
        None => owner == Some(lender),
    };
    if !v.is_centre(centre) || !controls {
        return Err(Illegal::Loan(LoanIllegal::NotYours));
    }
    if to == lender {
        return Err(Illegal::Loan(LoanIllegal::ToSelf));
    }
    if owner == Some(to) || links.iter().any(|l| l.lender == to) {
        return Err(Illegal::Loan(LoanIllegal::InChain));
    }
    if !pos.owners.contains(&Some(to)) {
        return Err(Illegal::Loan(LoanIllegal::BorrowerOwnsNoCentre));
    }
    let mut after = pos.clone();
    push_link(&mut after.state, Loan { centre, lender, borrower: to, ending: false });
    // D7: the lender keeps what its own units need.
    if balances(v, &after)[lender.index()] < 0 {
        return Err(Illegal::Loan(LoanIllegal::Needed));
    }
    pos.state = after.state;
    Ok(Reason::Loan(LoanReason::Lent))
}

/// Adds a link at the end of its centre's chain, the list kept in centre
/// order and each chain in chain order.
fn push_link(state: &mut VariantState, loan: Loan) {
    let at = state.loans.iter().rposition(|l| l.centre <= loan.centre).map_or(0, |i| i + 1);
    state.loans.insert(at, loan);
}

fn end(pos: &mut Position, power: PowerId, centre: ProvinceId) -> Result<Reason, Illegal> {
    let at = pos
        .state
        .loans
        .iter()
        .position(|l| l.centre == centre && l.lender == power && !l.ending)
        .ok_or(Illegal::Loan(LoanIllegal::NoSuchLoan))?;
    // The links after it fall with it: nobody lends on what he no longer holds.
    for l in pos.state.loans[at..].iter_mut().take_while(|l| l.centre == centre) {
        l.ending = true;
    }
    Ok(Reason::Loan(LoanReason::LoanEnded))
}

/// After a Winter adjustment: ended links are gone; what is left of each
/// chain gives the supply to its last borrower (or back to the owner).
pub fn after_adjustment(pos: &mut Position) {
    pos.state.loans.retain(|l| !l.ending);
}

/// A centre changing hands ends its whole chain at once.
pub fn capture(state: &mut VariantState, p: ProvinceId, mover: PowerId, current: Option<PowerId>) {
    if current != Some(mover) {
        state.loans.retain(|l| l.centre != p);
    }
}

/// A power leaving the game (T4, T7, I8) cuts every chain at its first
/// link naming it: the links after it fall with it.
pub fn drop_power(state: &mut VariantState, power: PowerId) {
    let mut cut: Option<ProvinceId> = None;
    state.loans.retain(|l| {
        if cut == Some(l.centre) {
            return false;
        }
        if l.lender == power || l.borrower == power {
            cut = Some(l.centre);
            return false;
        }
        true
    });
}

/// Are there ended loans a Winter must clear?
pub fn ending(state: &VariantState) -> bool {
    state.loans.iter().any(|l| l.ending)
}

/// The position read whole: a lent centre has an owner, who lends its
/// first link.
pub fn check_owners(v: &Variant, pos: &Position) -> Result<(), StateError> {
    let mut first = None;
    for l in &pos.state.loans {
        if first == Some(l.centre) {
            continue;
        }
        first = Some(l.centre);
        let owner = pos.owners[l.centre.index()];
        let name = &v.province(l.centre).name;
        let abbr = &v.province(l.centre).abbr;
        let why = match owner {
            None => format!("{name} is owned by nobody, so nobody lends it"),
            Some(o) if o != l.lender => {
                format!("{name} is {}'s, so its chain starts with a loan from {}", v.power(o).name, v.power(o).name)
            }
            Some(_) => continue,
        };
        return Err(in_loan(abbr, StateError::ruled_out(why)));
    }
    Ok(())
}

/// An error of the chain of `loan <centre>`.
fn in_loan(abbr: &str, error: StateError) -> StateError {
    StateError::At { key: format!("loan {abbr}"), error: Box::new(error) }
}

/// The chains read in any order, put in chain order (each link's lender
/// the borrower of the link before, no power twice); the links after an
/// ending link are ending too.
pub fn order_chains(v: &Variant, state: &mut VariantState) -> Result<(), StateError> {
    let mut links = std::mem::take(&mut state.loans);
    links.sort_by_key(|l| l.centre);
    for group in links.chunk_by(|a, b| a.centre == b.centre) {
        let abbr = &v.province(group[0].centre).abbr;
        let chain = order_chain(group).ok_or_else(|| {
            in_loan(
                abbr,
                StateError::ruled_out(
                    "the links do not make one chain (each link's lender is the borrower of the link before, no \
                     power twice)",
                ),
            )
        })?;
        if let Some(i) = chain.iter().position(|l| l.ending) {
            if chain[i..].iter().any(|l| !l.ending) {
                let why = StateError::ruled_out("the links after an ending link are ending too");
                return Err(in_loan(abbr, why));
            }
        }
        state.loans.extend(chain);
    }
    Ok(())
}

/// One centre's links in chain order, if they make one chain.
fn order_chain(group: &[Loan]) -> Option<Vec<Loan>> {
    let mut heads = group.iter().filter(|l| !group.iter().any(|m| m.borrower == l.lender));
    let mut link = *heads.next()?;
    if heads.next().is_some() {
        return None;
    }
    let mut chain = vec![link];
    while chain.len() < group.len() {
        link = *group.iter().find(|m| m.lender == link.borrower)?;
        chain.push(link);
    }
    group.iter().all(|l| chain.contains(l)).then_some(chain)
}

/// `loan kor Macedonia Egypt`, `loan kor Macedonia Egypt ending`: one key
/// per link.
pub const LOAN: Codec = Codec {
    key: "loan",
    index: "<centre> <lender> <borrower>",
    shown: true,
    write: |v, state, out| {
        for l in &state.loans {
            let ending = if l.ending { "ending" } else { "" };
            let (lender, borrower) = (v.power(l.lender).name.to_lowercase(), v.power(l.borrower).name.to_lowercase());
            out(format!("{} {lender} {borrower}", v.province(l.centre).abbr), ending.to_string());
        }
    },
    read: |v, index, value, state| {
        let [centre, lender, borrower] = index.split_whitespace().collect::<Vec<_>>()[..] else {
            return Err(StateError::value(index, "expected `<centre> <lender> <borrower>`"));
        };
        let ending = match value {
            "" => false,
            v if v.eq_ignore_ascii_case("ending") => true,
            _ => {
                return Err(StateError::value(
                    value,
                    "expected nothing or `ending` after `loan <centre> <lender> <borrower>`",
                ))
            }
        };
        let centre = province_index(v, centre)?;
        if !v.is_centre(centre) {
            return Err(StateError::ruled_out(format!("{} is not a centre", v.province(centre).name)));
        }
        let loan = Loan { centre, lender: v.power_named(lender)?, borrower: v.power_named(borrower)?, ending };
        if loan.lender == loan.borrower {
            return Err(StateError::ruled_out(format!("{} lends to itself", v.power(loan.lender).name)));
        }
        state.loans.retain(|l| (l.centre, l.lender, l.borrower) != (centre, loan.lender, loan.borrower));
        state.loans.push(loan);
        Ok(())
    },
};

pub const SLOTS: Slot = &[LOAN];

/// `LOAN xxx TO <power>`, `END LOAN xxx` (D7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loans;

impl Mechanic for Loans {
    const OPTION: &'static str = "loans";
    const RANK: u8 = 14;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, Loans)
    }

    fn describe(&self, _: &Variant) -> String {
        "loans".into()
    }

    fn slots(&self) -> Slot {
        SLOTS
    }

    fn capture(
        &self,
        _: &Rules,
        _: &Variant,
        _: &[Force],
        state: &mut VariantState,
        p: ProvinceId,
        mover: PowerId,
        current: Option<PowerId>,
        _: &mut Option<PowerId>,
    ) {
        capture(state, p, mover, current);
    }

    fn supply_holder(&self, state: &VariantState, p: ProvinceId, owner: PowerId) -> Option<PowerId> {
        Some(holder(state, p, owner))
    }

    /// Ended loans to clear.
    fn winter_due(&self, _: &Rules, _: &Variant, pos: &Position, _: Phase) -> bool {
        ending(&pos.state)
    }

    /// Ended loans are gone.
    fn after_adjustment(&self, _: &Rules, _: &Variant, next: &mut Position, _: &mut Vec<OrderResult<'_>>) {
        after_adjustment(next);
    }

    /// A centre's links make one chain, put in chain order.
    fn settle_state(&self, v: &Variant, state: &mut VariantState) -> Result<(), StateError> {
        order_chains(v, state)
    }

    /// A lent centre has an owner.
    fn check_position(&self, v: &Variant, pos: &Position) -> Result<(), StateError> {
        check_owners(v, pos)
    }

    fn has_declarations(&self) -> bool {
        true
    }

    fn declare(&self, _: &Rules, v: &Variant, pos: &mut Position, order: &Order) -> Option<Result<Reason, Illegal>> {
        declares(&order.action).then(|| declare(v, pos, order.power, &order.action))
    }
}
