//! Loans of supply (Vedder D7). In any phase a power may lend the supply of
//! a centre it controls (`LOAN xxx TO <power>`) to a power that owns at
//! least one centre, and end a loan at any time (`END LOAN xxx`). A loan
//! cannot leave the lender with less supply than its own units need. The
//! borrower may lend loaned supply on. A loan ended during a year still
//! counts for the borrower in that year's Winter adjustment; after that it
//! is gone.
//!
//! Readings: a power controls a centre it owns and has not lent, or one
//! lent to it; a centre lent on is one loan, from its latest lender. The
//! owner or the latest lender may end it; after the Winter, a loan the
//! owner ended is gone, and one a lender who had borrowed it ended goes back
//! to being the owner's loan to that lender. A centre that changes hands
//! ends its loan at once (its lender no longer controls it).
//!
//! State: `loan <centre> <lender> <borrower>`, with `ending` after it once
//! ended.

use super::state_text::{province_index, Codec, Slot};
use crate::adjudicate::{balances, Illegal, Reason};
use crate::order::Action;
use crate::state::{Loan, Position, VariantState};
use crate::variant::{PowerId, ProvinceId, Variant};

/// The loan of centre `p`, if any.
pub fn loan_of(state: &VariantState, p: ProvinceId) -> Option<&Loan> {
    state.loans.iter().find(|l| l.centre == p)
}

/// Who gets the supply of centre `p` owned by `owner`: the borrower of its
/// loan, if lent.
pub fn holder(state: &VariantState, p: ProvinceId, owner: PowerId) -> PowerId {
    loan_of(state, p).map_or(owner, |l| l.borrower)
}

/// Is this action a declaration of this mechanic (an order with no unit)?
pub fn declares(action: &Action) -> bool {
    matches!(action, Action::Loan { .. } | Action::EndLoan { .. })
}

/// Carries out `power`'s LOAN or END LOAN on `pos` (in the order written).
pub fn declare(v: &Variant, pos: &mut Position, power: Option<PowerId>, action: &Action) -> Result<Reason, Illegal> {
    let power = power.ok_or(Illegal::LoanNotYours)?;
    match *action {
        Action::Loan { centre, to } => lend(v, pos, power, centre, to),
        Action::EndLoan { centre } => end(pos, power, centre),
        _ => Err(Illegal::WrongPhase),
    }
}

fn lend(v: &Variant, pos: &mut Position, lender: PowerId, centre: ProvinceId, to: PowerId) -> Result<Reason, Illegal> {
    let owner = pos.owners[centre.index()];
    let controls = match loan_of(&pos.state, centre) {
        Some(l) => !l.ending && l.borrower == lender,
        None => owner == Some(lender),
    };
    if !v.is_centre(centre) || !controls {
        return Err(Illegal::LoanNotYours);
    }
    if to == lender {
        return Err(Illegal::LoanToSelf);
    }
    if !pos.owners.contains(&Some(to)) {
        return Err(Illegal::BorrowerOwnsNoCentre);
    }
    let mut after = pos.clone();
    after.state.loans.retain(|l| l.centre != centre);
    after.state.loans.push(Loan { centre, lender, borrower: to, ending: false });
    after.state.loans.sort_unstable();
    // D7: the lender keeps what its own units need.
    if balances(v, &after)[lender.index()] < 0 {
        return Err(Illegal::LoanNeeded);
    }
    pos.state = after.state;
    Ok(Reason::Lent)
}

fn end(pos: &mut Position, power: PowerId, centre: ProvinceId) -> Result<Reason, Illegal> {
    let owner = pos.owners[centre.index()];
    let loan = pos.state.loans.iter_mut().find(|l| l.centre == centre && !l.ending).ok_or(Illegal::NoSuchLoan)?;
    if loan.lender != power && owner != Some(power) {
        return Err(Illegal::NoSuchLoan);
    }
    loan.ending = true;
    // Who ended it decides what is left after the Winter.
    if owner == Some(power) {
        loan.lender = power;
    }
    Ok(Reason::LoanEnded)
}

/// After a Winter adjustment: ended loans are gone (a lender who had
/// borrowed the centre has it back on loan from the owner).
pub fn after_adjustment(pos: &mut Position) {
    let owners = pos.owners.clone();
    pos.state.loans.retain_mut(|l| {
        if !l.ending {
            return true;
        }
        match owners[l.centre.index()] {
            Some(owner) if owner != l.lender => {
                *l = Loan { centre: l.centre, lender: owner, borrower: l.lender, ending: false };
                true
            }
            _ => false,
        }
    });
}

/// A centre changing hands ends its loan at once.
pub fn capture(state: &mut VariantState, p: ProvinceId, mover: PowerId, current: Option<PowerId>) {
    if current != Some(mover) {
        state.loans.retain(|l| l.centre != p);
    }
}

/// Are there ended loans a Winter must clear?
pub fn ending(state: &VariantState) -> bool {
    state.loans.iter().any(|l| l.ending)
}

/// The position read whole: a lent centre has an owner. (Its lender need
/// not be the owner: a borrower who lent it on is its latest lender.)
pub fn check_owners(v: &Variant, pos: &Position) -> Result<(), String> {
    match pos.state.loans.iter().find(|l| pos.owners[l.centre.index()].is_none()) {
        Some(l) => Err(format!("state `loan {}`: {} is owned by nobody, so nobody lends it", v.province(l.centre).abbr, v.province(l.centre).name)),
        None => Ok(()),
    }
}

/// `loan kor Macedonia Egypt`, `loan kor Macedonia Egypt ending`.
pub const LOAN: Codec = Codec {
    key: "loan",
    indexed: true,
    shown: true,
    write: |v, state, out| {
        for l in &state.loans {
            let ending = if l.ending { " ending" } else { "" };
            out(v.province(l.centre).abbr.clone(), format!("{} {}{ending}", v.power(l.lender).name, v.power(l.borrower).name));
        }
    },
    read: |v, centre, value, state| {
        let centre = province_index(v, centre)?;
        let (lender, borrower, ending) = match value.split_whitespace().collect::<Vec<_>>()[..] {
            [lender, borrower] => (lender, borrower, false),
            [lender, borrower, "ending"] => (lender, borrower, true),
            _ => return Err(format!("`{value}`: expected `<lender> <borrower>` or `<lender> <borrower> ending`")),
        };
        if !v.is_centre(centre) {
            return Err(format!("{} is not a centre", v.province(centre).name));
        }
        let loan = Loan { centre, lender: v.power_named(lender)?, borrower: v.power_named(borrower)?, ending };
        if loan.lender == loan.borrower {
            return Err(format!("{lender} lends to itself"));
        }
        state.loans.retain(|l| l.centre != centre);
        state.loans.push(loan);
        state.loans.sort_unstable();
        Ok(())
    },
};

pub const SLOTS: Slot = &[LOAN];
