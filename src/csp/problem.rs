//! A binary constraint-satisfaction problem (Russell & Norvig, *Artificial
//! Intelligence: A Modern Approach*, ch. 6): variables, a domain of values
//! for each, and a constraint between each pair of neighbours. The queens,
//! Sudoku and the maps are three problems of this one shape.

/// A value of a variable's domain: a column, a digit, a colour's number.
pub type Value = usize;

/// Every variable's domain: the values it may still take, ascending.
pub type Domains = Vec<Vec<Value>>;

/// The constraint between two neighbours: which pairs of values it allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// The two values differ (Sudoku's peers, a map's neighbours).
    Differ,
    /// Two queens in rows `x` and `y`, columns `a` and `b`, do not attack:
    /// different columns, and `|a - b| != |x - y|` (no shared diagonal).
    QueensDoNotAttack,
}

impl Relation {
    /// Whether variable `x` may take `a` while its neighbour `y` takes `b`.
    pub fn allows(self, x: usize, a: Value, y: usize, b: Value) -> bool {
        match self {
            Relation::Differ => a != b,
            Relation::QueensDoNotAttack => a != b && a.abs_diff(b) != x.abs_diff(y),
        }
    }
}

/// A binary CSP: `domains[x]` are the values variable `x` may take,
/// `neighbours[x]` the variables it shares a constraint with (both ways),
/// `relation` that constraint, `givens` the values fixed before any search
/// (a Sudoku's digits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Each variable's name: `row 3`, `r4c7`, `NSW`.
    pub names: Vec<String>,
    /// Each variable's domain before any search.
    pub domains: Domains,
    /// `neighbours[x]`: the variables constrained with `x`, ascending.
    pub neighbours: Vec<Vec<usize>>,
    /// The constraint between any two neighbours.
    pub relation: Relation,
    /// The values fixed before the search (`None`: free).
    pub givens: Vec<Option<Value>>,
}

impl Problem {
    /// N-Queens as a CSP: one variable per row, its column as the value,
    /// every two rows neighbours that must not attack.
    pub fn queens(n: usize) -> Self {
        Self {
            names: (0..n).map(|row| format!("row {row}")).collect(),
            domains: vec![(0..n).collect(); n],
            neighbours: (0..n)
                .map(|x| (0..n).filter(|&y| y != x).collect())
                .collect(),
            relation: Relation::QueensDoNotAttack,
            givens: vec![None; n],
        }
    }

    /// A map colouring: `regions`, `colours` (every region's domain, by
    /// number) and its borders written as the book's code writes them
    /// (`"SA: WA NT; NT: Q"`, a border once); see [`maps`](super::maps) for
    /// two maps.
    ///
    /// # Panics
    /// If a border names a region that `regions` does not list.
    pub fn map(regions: &[&str], colours: usize, borders: &str) -> Self {
        let n = regions.len();
        Self {
            names: regions.iter().map(|r| r.to_string()).collect(),
            domains: vec![(0..colours).collect(); n],
            neighbours: neighbours(regions, borders),
            relation: Relation::Differ,
            givens: vec![None; n],
        }
    }

    /// How many variables.
    pub fn len(&self) -> usize {
        self.domains.len()
    }

    /// Whether the problem has no variable.
    pub fn is_empty(&self) -> bool {
        self.domains.is_empty()
    }

    /// Whether `x = a` and `y = b` satisfy the constraint between them.
    pub fn allows(&self, x: usize, a: Value, y: usize, b: Value) -> bool {
        self.relation.allows(x, a, y, b)
    }

    /// Whether `values` (one per variable) is a solution: in every domain,
    /// the givens kept, every pair of neighbours allowed.
    pub fn is_solution(&self, values: &[Value]) -> bool {
        values.len() == self.len()
            && (0..self.len()).all(|x| {
                self.domains[x].contains(&values[x])
                    && self.givens[x].is_none_or(|g| g == values[x])
                    && (self.neighbours[x].iter()).all(|&y| self.allows(x, values[x], y, values[y]))
            })
    }

    /// The domains the search starts from: each given's domain is its value.
    pub fn starting_domains(&self) -> Domains {
        (self.domains.iter().zip(&self.givens))
            .map(|(domain, given)| match given {
                Some(value) => vec![*value],
                None => domain.clone(),
            })
            .collect()
    }
}

/// The neighbours of each region from borders written as the book's code
/// writes them: each region, a colon, some of its neighbours, then `;`; a
/// border written once counts both ways.
///
/// # Panics
/// If a border names a region that `regions` does not list.
pub fn neighbours(regions: &[&str], borders: &str) -> Vec<Vec<usize>> {
    let index = |name: &str| {
        (regions.iter().position(|region| *region == name))
            .unwrap_or_else(|| panic!("{name:?} is not a region of this map"))
    };
    let mut neighbours = vec![Vec::new(); regions.len()];
    for entry in borders.split(';').filter(|entry| !entry.trim().is_empty()) {
        let (region, others) = entry.split_once(':').unwrap_or((entry, ""));
        let region = index(region.trim());
        for other in others.split_whitespace().map(index) {
            neighbours[region].push(other);
            neighbours[other].push(region);
        }
    }
    for list in &mut neighbours {
        list.sort_unstable();
        list.dedup();
    }
    neighbours
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_queens_has_its_two_solutions_and_no_other() {
        let queens = Problem::queens(4);
        assert!(queens.is_solution(&[1, 3, 0, 2]));
        assert!(queens.is_solution(&[2, 0, 3, 1]));
        assert!(!queens.is_solution(&[0, 2, 4, 1]));
        assert!(!queens.is_solution(&[1, 3, 0]));
        assert!(!Relation::QueensDoNotAttack.allows(0, 0, 2, 2));
        assert!(Relation::QueensDoNotAttack.allows(0, 0, 2, 1));
    }
}
