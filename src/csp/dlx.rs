//! Algorithm X with dancing links (Knuth, *The Art of Computer Programming*,
//! vol. 4B, §7.2.2.1, "Dancing links"): an exact cover problem is a set of
//! *items* and a list of *options*, each a set of items; a solution picks
//! options that hold every **primary** item exactly once and every
//! **secondary** item at most once. The search covers the primary item with
//! the fewest options left, tries each of them, and covers the items it
//! holds; the links removed are put back in reverse order, which is the
//! "dance".
//!
//! A node is one call of the recursive step, the root included, as
//! everywhere in the course.
//!
//! ```
//! use queens::csp::dlx::ExactCover;
//! // Items 0, 1, 2 primary; options {0, 1}, {2}, {1, 2}, {0}.
//! let cover = ExactCover::new(3, 0, &[vec![0, 1], vec![2], vec![1, 2], vec![0]]);
//! let found = cover.solve(u64::MAX);
//! assert_eq!(found.solutions, 2);
//! assert_eq!(found.first, Some(vec![0, 1]));
//! ```

use std::time::{Duration, Instant};

/// The root: the head of the list of primary items still to cover.
const ROOT: usize = 0;

/// An exact cover problem in Knuth's doubly linked lists. Node 0 is the
/// root, nodes `1..=items` the items' headers (item `i` is header `i + 1`),
/// then one node per item of each option.
#[derive(Clone, Debug)]
pub struct ExactCover {
    /// Left and right neighbours in the list of items to cover (headers only).
    left: Vec<usize>,
    right: Vec<usize>,
    /// Up and down neighbours in an item's list of options.
    up: Vec<usize>,
    down: Vec<usize>,
    /// The header of each node's item.
    header: Vec<usize>,
    /// Each node's option, and each option's nodes.
    option: Vec<usize>,
    nodes_of: Vec<std::ops::Range<usize>>,
    /// Options left in each item's list (headers only).
    length: Vec<usize>,
}

/// What Algorithm X found and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Exact covers found, up to the limit.
    pub solutions: u64,
    /// The first, as option numbers ascending.
    pub first: Option<Vec<usize>>,
    /// Calls of the recursive step, the root included.
    pub nodes: u64,
    /// Links updated (removed or restored): Knuth's "updates".
    pub updates: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl ExactCover {
    /// The problem with `primary` primary items (numbered `0..primary`),
    /// `secondary` secondary ones (numbered after them) and `options`, each a
    /// list of distinct item numbers. An option with no primary item is
    /// never chosen (Knuth's covers choose options through a primary item).
    ///
    /// # Panics
    /// If an option names an item that is not one.
    pub fn new(primary: usize, secondary: usize, options: &[Vec<usize>]) -> Self {
        let items = primary + secondary;
        let headers = items + 1;
        let mut cover = Self {
            left: (0..headers)
                .map(|h| if h == ROOT { primary } else { h - 1 })
                .collect(),
            right: (0..headers)
                .map(|h| if h == primary { ROOT } else { h + 1 })
                .collect(),
            up: (0..headers).collect(),
            down: (0..headers).collect(),
            header: (0..headers).collect(),
            option: vec![usize::MAX; headers],
            nodes_of: Vec::with_capacity(options.len()),
            length: vec![0; headers],
        };
        // Secondary items stay out of the list to cover: linked to themselves.
        for h in primary + 1..headers {
            cover.left[h] = h;
            cover.right[h] = h;
        }
        for (number, items_of) in options.iter().enumerate() {
            let start = cover.header.len();
            for &item in items_of {
                assert!(item < items, "option {number} names item {item} of {items}");
                let h = item + 1;
                let node = cover.header.len();
                // Appended at the bottom of the item's list.
                cover.up.push(cover.up[h]);
                cover.down.push(h);
                let last = cover.up[h];
                cover.down[last] = node;
                cover.up[h] = node;
                cover.header.push(h);
                cover.option.push(number);
                cover.length[h] += 1;
            }
            cover.nodes_of.push(start..cover.header.len());
        }
        cover
    }

    /// Counts exact covers until `limit` are found (at least 1) or the tree
    /// ends. The links are restored after, so a problem can be solved again.
    pub fn solve(mut self, limit: u64) -> Found {
        let start = Instant::now();
        let mut found = Found {
            solutions: 0,
            first: None,
            nodes: 0,
            updates: 0,
            elapsed: Duration::ZERO,
        };
        let mut chosen = Vec::new();
        self.step(&mut chosen, &mut found, limit.max(1));
        found.elapsed = start.elapsed();
        found
    }

    /// One call of the recursive step: covered, or the item with the fewest
    /// options covered and each of its options tried. Returns whether the
    /// limit was reached.
    fn step(&mut self, chosen: &mut Vec<usize>, found: &mut Found, limit: u64) -> bool {
        found.nodes += 1;
        if self.right[ROOT] == ROOT {
            found.solutions += 1;
            if found.first.is_none() {
                let mut options: Vec<usize> = chosen.iter().map(|&n| self.option[n]).collect();
                options.sort_unstable();
                found.first = Some(options);
            }
            return found.solutions >= limit;
        }
        let item = self.fewest_options();
        self.cover(item, found);
        let mut row = self.down[item];
        let mut done = false;
        while row != item && !done {
            chosen.push(row);
            for other in self.others(row) {
                self.cover(self.header[other], found);
            }
            done = self.step(chosen, found, limit);
            for other in self.others(row).rev() {
                self.uncover(self.header[other], found);
            }
            chosen.pop();
            row = self.down[row];
        }
        self.uncover(item, found);
        done
    }

    /// Knuth's choice: the primary item with the fewest options left, the
    /// first on a tie.
    fn fewest_options(&self) -> usize {
        let mut best = self.right[ROOT];
        let mut item = self.right[best];
        while item != ROOT {
            if self.length[item] < self.length[best] {
                best = item;
            }
            item = self.right[item];
        }
        best
    }

    /// The nodes of `node`'s option after it, going round: the order
    /// covering goes in (uncovering goes back in reverse).
    fn others(&self, node: usize) -> impl DoubleEndedIterator<Item = usize> + use<> {
        let nodes = self.nodes_of[self.option[node]].clone();
        (node + 1..nodes.end).chain(nodes.start..node)
    }

    /// The item `header` out of the list to cover, and every option holding
    /// it out of the other items' lists.
    fn cover(&mut self, header: usize, found: &mut Found) {
        let (l, r) = (self.left[header], self.right[header]);
        self.right[l] = r;
        self.left[r] = l;
        let mut row = self.down[header];
        while row != header {
            for node in self.others(row) {
                let (u, d) = (self.up[node], self.down[node]);
                self.down[u] = d;
                self.up[d] = u;
                self.length[self.header[node]] -= 1;
                found.updates += 1;
            }
            row = self.down[row];
        }
    }

    /// [`cover`](Self::cover) undone, in reverse: the links each removed
    /// node kept still point where it was.
    fn uncover(&mut self, header: usize, found: &mut Found) {
        let mut row = self.up[header];
        while row != header {
            for node in self.others(row).rev() {
                let (u, d) = (self.up[node], self.down[node]);
                self.down[u] = node;
                self.up[d] = node;
                self.length[self.header[node]] += 1;
                found.updates += 1;
            }
            row = self.up[row];
        }
        let (l, r) = (self.left[header], self.right[header]);
        self.right[l] = header;
        self.left[r] = header;
    }
}

/// N-Queens as an exact cover (Knuth, §7.2.2.1): primary items the `n` rows
/// and `n` columns (each holds exactly one queen), secondary items the
/// `2n - 1` diagonals and `2n - 1` anti-diagonals (each holds at most one);
/// one option per square. Option `row * n + col` is the queen on that square.
pub fn queens(n: usize) -> ExactCover {
    let diagonals = (2 * n).saturating_sub(1);
    let options: Vec<Vec<usize>> = (0..n * n)
        .map(|square| {
            let (row, col) = (square / n, square % n);
            let diagonal = 2 * n + (row + n - 1 - col);
            let anti_diagonal = 2 * n + diagonals + row + col;
            vec![row, n + col, diagonal, anti_diagonal]
        })
        .collect();
    ExactCover::new(2 * n, 2 * diagonals, &options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::reference;
    use proptest::prelude::*;

    #[test]
    fn queens_as_an_exact_cover_counts_a000170() {
        for n in 1..=10 {
            let found = queens(n).solve(u64::MAX);
            assert_eq!(Some(found.solutions), reference::solutions(n), "n = {n}");
        }
    }

    #[test]
    fn the_first_cover_of_eight_queens_is_a_solution() {
        let first = queens(8).solve(1).first.unwrap();
        let columns: Vec<usize> = first.iter().map(|square| square % 8).collect();
        let rows: Vec<usize> = first.iter().map(|square| square / 8).collect();
        assert_eq!(rows, (0..8).collect::<Vec<_>>());
        assert!(crate::csp::Problem::queens(8).is_solution(&columns));
    }

    /// Every subset of the options, checked: the number of exact covers whose
    /// options each hold a primary item.
    fn by_brute_force(primary: usize, secondary: usize, options: &[Vec<usize>]) -> u64 {
        (0u32..1 << options.len())
            .filter(|subset| {
                let mut held = vec![0; primary + secondary];
                for (k, option) in options.iter().enumerate() {
                    if subset >> k & 1 == 1 {
                        if option.iter().all(|&item| item >= primary) {
                            return false;
                        }
                        option.iter().for_each(|&item| held[item] += 1);
                    }
                }
                held[..primary].iter().all(|&h| h == 1) && held[primary..].iter().all(|&h| h <= 1)
            })
            .count() as u64
    }

    proptest! {
        #[test]
        fn algorithm_x_counts_what_brute_force_counts(
            options in prop::collection::vec(prop::collection::btree_set(0usize..6, 1..4), 0..12)
        ) {
            let options: Vec<Vec<usize>> = options.into_iter().map(|o| o.into_iter().collect()).collect();
            let (primary, secondary) = (4, 2);
            let found = ExactCover::new(primary, secondary, &options).solve(u64::MAX);
            prop_assert_eq!(found.solutions, by_brute_force(primary, secondary, &options));
        }
    }
}
