//! The strategies the tutorial compares, and the tree each one walks.

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// A way to search for solutions. All of them go row by row, columns in
/// ascending order, so they find the same solutions in the same order; they
/// differ in what they prune and how they store the constraints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Strategy {
    /// Every cell of every row; the board is checked only when full.
    Brute,
    /// Prune columns only; diagonals checked when the board is full.
    Columns,
    /// The JavaScript article's three hash sets: columns, `row - col`, `row + col`.
    Sets,
    /// The same three constraints as boolean arrays.
    Arrays,
    /// The same three constraints as bits of three machine words.
    Bitmask,
    /// The three constraints plus a look ahead: skip a queen that leaves a later
    /// row with no free cell.
    ForwardChecking,
    /// Bitmasks, first queen in the left half: each solution found also
    /// counts for its mirror image.
    ///
    /// The middle column of an odd board is its own mirror image: its
    /// solutions count once.
    Mirror,
    /// Bitmasks and the 8 symmetries of the square: one board per class,
    /// counted with its class size; also counts fundamental solutions.
    ///
    /// See `fast::symmetry` for which board of a class is kept.
    Symmetry,
    /// The symmetry search on every thread of the machine (rayon).
    ///
    /// One task per choice of the first two queens.
    Parallel,
    /// The fastest walk here: `parallel` with more than one thread and
    /// `n >= 10` (`run::PARALLEL_FROM_N`), else (and under a node budget)
    /// `symmetry`. The command line's `fastest` (package `queens-fastest`)
    /// counts constellations from n = 8 to 23 instead (tree `constellations`).
    Fastest,
}

/// The search tree a strategy walks. Every strategy counts nodes the same way
/// (calls of the recursive step, root included); they differ in which tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Tree {
    /// Every placement of one queen per row, attacked or not: `Σ n^k` nodes.
    AllPlacements,
    /// Placements with distinct columns: `Σ n!/(n-k)!` nodes.
    Permutations,
    /// Knuth's tree: consistent partial placements (OEIS A319283; 2057 at n = 8).
    Knuth,
    /// Knuth's tree without the nodes forward checking proves hopeless.
    ForwardChecked,
    /// Knuth's tree with the first queen in the left half of the top row, plus
    /// the middle column for odd `n`; the root once. `(T - 1) / 2 + 1` nodes for
    /// even `n` (1029 at n = 8).
    MirrorHalved,
    /// Knuth's tree cut to about one board per class of the 8 symmetries: a
    /// corner queen with the second row's queen left of the row of column 1's
    /// queen, or else the first queen furthest from a corner of all four edges'
    /// queens, looking ahead to the edges (`fast::symmetry`). 344
    /// nodes at n = 8.
    SymmetryReduced,
    /// The constellations of the command line's `fastest` (package
    /// `queens-fastest`, never run by this crate): the border queens placed first, one placement per class of the 8
    /// symmetries, weighed by its class size; the rows between counted by a
    /// walk that records nothing. `nodes` counts the root and the
    /// constellations (3 queens placed with a corner queen, 4 without: the
    /// profile has them on those levels), not the nodes of the walks below
    /// them; `candidates` and `pruned` stay 0. 79 nodes at n = 8.
    Constellations,
}

impl Tree {
    /// A short description for text output.
    pub const fn describe(self) -> &'static str {
        match self {
            Self::AllPlacements => "every placement of one queen per row",
            Self::Permutations => "placements with distinct columns",
            Self::Knuth => "Knuth's tree of consistent partial placements",
            Self::ForwardChecked => "Knuth's tree minus forward-checked dead ends",
            Self::MirrorHalved => "Knuth's tree with the first queen in the left half",
            Self::SymmetryReduced => "Knuth's tree cut to one board per symmetry class",
            Self::Constellations => {
                "border queens placed first, one placement per symmetry class, count only"
            }
        }
    }
}

impl Strategy {
    /// Every strategy, from slowest to most refined.
    pub const ALL: [Strategy; 10] = [
        Self::Brute,
        Self::Columns,
        Self::Sets,
        Self::Arrays,
        Self::Bitmask,
        Self::ForwardChecking,
        Self::Mirror,
        Self::Symmetry,
        Self::Parallel,
        Self::Fastest,
    ];

    /// The name used on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Brute => "brute",
            Self::Columns => "columns",
            Self::Sets => "sets",
            Self::Arrays => "arrays",
            Self::Bitmask => "bitmask",
            Self::ForwardChecking => "forward-checking",
            Self::Mirror => "mirror",
            Self::Symmetry => "symmetry",
            Self::Parallel => "parallel",
            Self::Fastest => "fastest",
        }
    }

    /// What the strategy does, in one line (the command line's help).
    pub const fn summary(self) -> &'static str {
        match self {
            Self::Brute => "Every cell of every row; the board is checked only when full",
            Self::Columns => "Prune columns only; diagonals checked when the board is full",
            Self::Sets => {
                "The JavaScript article's three hash sets: columns, `row - col`, `row + col`"
            }
            Self::Arrays => "The same three constraints as boolean arrays",
            Self::Bitmask => "The same three constraints as bits of three machine words",
            Self::ForwardChecking => {
                "The three constraints plus a look ahead: skip a queen that leaves a later row with no free cell"
            }
            Self::Mirror => {
                "Bitmasks, first queen in the left half: each solution found also counts for its mirror image"
            }
            Self::Symmetry => {
                "Bitmasks and the 8 symmetries of the square: one board per class, counted with its class size; also counts fundamental solutions"
            }
            Self::Parallel => "The symmetry search on every thread of the machine (rayon)",
            Self::Fastest => {
                "The fastest walk here: `parallel` on every thread from n = 10, else `symmetry`"
            }
        }
    }

    /// The tree this strategy walks.
    pub const fn tree(self) -> Tree {
        match self {
            Self::Brute => Tree::AllPlacements,
            Self::Columns => Tree::Permutations,
            Self::Sets | Self::Arrays | Self::Bitmask => Tree::Knuth,
            Self::ForwardChecking => Tree::ForwardChecked,
            Self::Mirror => Tree::MirrorHalved,
            Self::Symmetry | Self::Parallel | Self::Fastest => Tree::SymmetryReduced,
        }
    }

    /// Whether this strategy counts the fundamental solutions (OEIS A002562,
    /// `queens count --unique`).
    pub const fn counts_fundamental(self) -> bool {
        matches!(self, Self::Symmetry | Self::Parallel | Self::Fastest)
    }

    /// The node budget a search gets unless told otherwise: the exponential
    /// strategies stop before they run for minutes.
    pub const fn default_budget(self) -> Option<u64> {
        match self {
            Self::Brute => Some(100_000_000),
            Self::Columns => Some(200_000_000),
            _ => None,
        }
    }

    /// The exact size of this strategy's tree when a formula gives it
    /// (brute force and column pruning), saturating at `u128::MAX`.
    pub fn known_tree_size(self, n: usize) -> Option<u128> {
        let n128 = n as u128;
        let mut total: u128 = 0;
        let mut level: u128 = 1; // nodes on the current level
        match self {
            Self::Brute => {
                for _ in 0..=n {
                    total = total.saturating_add(level);
                    level = level.saturating_mul(n128);
                }
            }
            Self::Columns => {
                for k in 0..=n128 {
                    total = total.saturating_add(level);
                    level = level.saturating_mul(n128.saturating_sub(k));
                }
            }
            _ => return None,
        }
        Some(total)
    }
}

impl std::fmt::Display for Strategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Strategy {
    type Err = UnknownStrategy;

    fn from_str(name: &str) -> Result<Self, UnknownStrategy> {
        Self::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| UnknownStrategy(name.to_owned()))
    }
}

/// A strategy name that does not exist; its message lists the ones that do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStrategy(pub String);

impl std::fmt::Display for UnknownStrategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let known = Strategy::ALL.map(Strategy::name).join(", ");
        write!(
            f,
            "unknown strategy '{}'; the strategies are: {known}",
            self.0
        )
    }
}

impl std::error::Error for UnknownStrategy {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_match_the_reference_trees_at_n_8() {
        assert_eq!(Strategy::Brute.known_tree_size(8), Some(19_173_961));
        assert_eq!(Strategy::Columns.known_tree_size(8), Some(109_601));
        assert_eq!(Strategy::Sets.known_tree_size(8), None);
    }

    #[test]
    fn names_round_trip() {
        for s in Strategy::ALL {
            assert_eq!(s.name().parse::<Strategy>().unwrap(), s);
        }
        let err = "fast".parse::<Strategy>().unwrap_err().to_string();
        assert!(err.contains("unknown strategy 'fast'") && err.contains("forward-checking"));
    }
}
