//! The three constraints a queen imposes, with the interactive lesson's colour code.
//!
//! A queen in row `r` blocks its row (the solver never puts two queens in one
//! row, so that one is free), its column, its main diagonal and its anti-diagonal.
//! The tutorial colours them red, amber and purple everywhere: boards, plots,
//! traces.

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// One of the three things a placed queen blocks for the rows below it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Constraint {
    /// Same column (red).
    Column,
    /// Same main diagonal, top-left to bottom-right: same `row - col` (amber).
    Diagonal,
    /// Same anti-diagonal, top-right to bottom-left: same `row + col` (purple).
    AntiDiagonal,
}

impl Constraint {
    /// The three constraints in the order the prune check tests them (the
    /// interactive lesson's `cols`, `diags`, `antiDiags`; the JavaScript
    /// article's `columns`, `negativeDiagonal`, `positiveDiagonal`).
    pub const ALL: [Constraint; 3] = [Self::Column, Self::Diagonal, Self::AntiDiagonal];

    /// The interactive lesson's colour name: red, amber or purple.
    pub const fn colour_name(self) -> &'static str {
        match self {
            Self::Column => "red",
            Self::Diagonal => "amber",
            Self::AntiDiagonal => "purple",
        }
    }

    /// The colour as a CSS hex string, for SVG output.
    pub const fn colour_hex(self) -> &'static str {
        match self {
            Self::Column => "#e53935",
            Self::Diagonal => "#ffb300",
            Self::AntiDiagonal => "#8e24aa",
        }
    }

    /// A short human name: `column`, `diagonal`, `anti-diagonal`.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Column => "column",
            Self::Diagonal => "diagonal",
            Self::AntiDiagonal => "anti-diagonal",
        }
    }
}

impl std::fmt::Display for Constraint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

/// Which constraints attack a cell. An empty `Attack` means the cell is free.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Attack {
    /// A queen above shares the column.
    pub column: bool,
    /// A queen above shares the main diagonal (`row - col`).
    pub diagonal: bool,
    /// A queen above shares the anti-diagonal (`row + col`).
    pub anti_diagonal: bool,
}

impl Attack {
    /// No constraint attacks the cell.
    pub const NONE: Attack = Attack {
        column: false,
        diagonal: false,
        anti_diagonal: false,
    };

    /// Whether any constraint attacks the cell: the prune check.
    pub const fn is_attacked(self) -> bool {
        self.column || self.diagonal || self.anti_diagonal
    }

    /// Whether `constraint` is one of the attackers.
    pub const fn by(self, constraint: Constraint) -> bool {
        match constraint {
            Constraint::Column => self.column,
            Constraint::Diagonal => self.diagonal,
            Constraint::AntiDiagonal => self.anti_diagonal,
        }
    }

    /// The first attacker in the prune check's order (column, diagonal,
    /// anti-diagonal): the one a short-circuiting `||` stops at, and the one
    /// statistics charge a pruned candidate to.
    pub fn first(self) -> Option<Constraint> {
        self.constraints().next()
    }

    /// Every attacking constraint, in check order.
    pub fn constraints(self) -> impl Iterator<Item = Constraint> {
        Constraint::ALL.into_iter().filter(move |&c| self.by(c))
    }
}
