//! Why a loan order is illegal (Diadochi V rule 4, ruling D7; the rules are
//! `rules/loans.rs`). Without loans in the variant a LOAN is
//! `Illegal::NoLoans`, which the outcome's own list keeps.

/// Why a `LOAN` or `END LOAN` is illegal: `Illegal::Loan`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum LoanIllegal {
    /// The lender neither owns the centre unlent nor is its chain's last borrower.
    NotYours,
    ToSelf,
    /// The borrower is already in the centre's chain.
    InChain,
    BorrowerOwnsNoCentre,
    /// The lender would be left with less supply than its units need.
    Needed,
    /// `END LOAN` of a centre the power lends to nobody.
    NoSuchLoan,
}

impl LoanIllegal {
    /// The rule the order breaks.
    pub(super) fn rule(self) -> &'static str {
        match self {
            LoanIllegal::NotYours => {
                "a power lends only a centre it owns and has not lent, or one lent to it last and not ending"
            }
            LoanIllegal::ToSelf => "a power cannot lend to itself",
            LoanIllegal::InChain => {
                "a loan goes on only to a power not yet in the centre's chain of loans (its owner and each borrower)"
            }
            LoanIllegal::BorrowerOwnsNoCentre => "a loan goes only to a power that owns at least one centre",
            LoanIllegal::Needed => "the loan would leave the lender with less supply than its own units need",
            LoanIllegal::NoSuchLoan => "this power lends that centre to nobody (or its loan is ending already)",
        }
    }
}

/// A loan made or ended (D7): `Reason::Loan`. (The arms keep the names
/// they had in `Reason`'s flat list: the reason's code.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum LoanReason {
    Lent,
    /// It still counts in this year's Winter.
    LoanEnded,
}

impl LoanReason {
    pub(super) fn text(self) -> &'static str {
        match self {
            LoanReason::Lent => "loan made",
            LoanReason::LoanEnded => "loan ended: it still counts for the borrower this Winter",
        }
    }
}
