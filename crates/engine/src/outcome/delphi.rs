//! Why a SACK is illegal, and what came of Delphi (Hoplite Wars H18, H20;
//! the rules are `rules/delphi.rs`). Without Delphi in the variant a SACK
//! is `Illegal::NotDelphi`, which the outcome's own list keeps.

/// H18: `Illegal::Delphi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum DelphiIllegal {
    AlreadySacked,
}

impl DelphiIllegal {
    /// The rule the order breaks.
    pub(super) fn rule(self) -> &'static str {
        match self {
            DelphiIllegal::AlreadySacked => "Delphi can be sacked once per game",
        }
    }
}

/// Delphi sacked, and the support no other player may give its sacker:
/// `Reason::Delphi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum DelphiReason {
    /// H18.
    Sacked,
    /// H20: no support for a player who sacked Delphi (a failure).
    Shunned,
}

impl DelphiReason {
    pub(super) fn text(self) -> &'static str {
        match self {
            DelphiReason::Sacked => {
                "Delphi sacked: two free builds next Winter; no other player may support this player again"
            }
            DelphiReason::Shunned => "void: no other player may support a player who sacked Delphi",
        }
    }
}
