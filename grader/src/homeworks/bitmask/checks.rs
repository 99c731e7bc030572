//! Homework 3's checks: what each bitmask graded test asks ([`questions`])
//! and how its answers compare with the reference library ([`verdicts`]):
//! `queens::fast::bitmask`'s walk of Knuth's tree, and the published counts
//! of `queens::report::reference`.
//!
//! This runs only where no student code does. Each blank's tests ask only
//! that blank (masks, a stand-in for the next row, a free mask); the
//! `end_to_end` tests run the handout's whole search. Messages show masks as
//! bit strings of the board's width with the columns they hold, since bit `c`
//! is column `c` and a string reads from the right.

use queens::fast::bitmask::{Recorder, full_mask, walk};
use queens::report::reference;
use queens::search::Flow;

use super::questions::{BitmaskAnswer, BitmaskQuestion, Explored, Masks, NodeView};
use crate::verdict::Verdict;

/// One question of homework 3 and how its answer is judged.
type Check = crate::verdict::Check<BitmaskQuestion, BitmaskAnswer>;

fn check(
    question: BitmaskQuestion,
    judge: impl Fn(&BitmaskAnswer) -> Result<(), String> + 'static,
) -> Check {
    Check::new(question, judge)
}

/// The questions of the test `name` (none for an unknown name).
pub fn questions(name: &str) -> Vec<BitmaskQuestion> {
    crate::verdict::questions(checks(name))
}

/// The verdicts of the test `name`, one per question, in order.
pub fn verdicts(name: &str) -> Vec<Verdict> {
    crate::verdict::verdicts(checks(name))
}

fn checks(name: &str) -> Vec<Check> {
    let Some((group, test)) = name.split_once("::") else {
        return Vec::new();
    };
    match group {
        "blank_1_free_columns" => free_columns(test),
        "blank_2_choose_and_recurse" => choose_and_recurse(test),
        "blank_3_next_free" => next_free(test),
        "end_to_end" => end_to_end(test),
        _ => Vec::new(),
    }
}

fn unexpected(answer: &BitmaskAnswer) -> String {
    format!("the test process gave an answer of the wrong kind: {answer:?}")
}

// ---- how masks are shown ----

/// `0b0101`: `mask` as a bit string of the board's width `n` (wider when
/// bits past the board are set).
pub fn bits(n: usize, mask: u32) -> String {
    let width = n.max((u32::BITS - mask.leading_zeros()) as usize).max(1);
    format!("0b{mask:0width$b}")
}

/// `columns 0 and 2`, `column 3`, `no column`, and any bits past the board.
pub fn columns(n: usize, mask: u32) -> String {
    let on: Vec<usize> = (0..32).filter(|&c| mask >> c & 1 == 1).collect();
    let (board, past): (Vec<usize>, Vec<usize>) = on.iter().partition(|&&c| c < n);
    let names: Vec<String> = board.iter().map(usize::to_string).collect();
    let mut said = match names.len() {
        0 => "no column".to_owned(),
        1 => format!("column {}", names[0]),
        k => format!("columns {} and {}", names[..k - 1].join(", "), names[k - 1]),
    };
    match past[..] {
        [] => {}
        [bit] => said.push_str(&format!(", and bit {bit}, past the board's edge")),
        [first, .., last] => said.push_str(&format!(
            ", and bits {first} to {last}, past the board's edge"
        )),
    }
    said
}

/// `0b0101 (columns 0 and 2)`.
pub fn shown(n: usize, mask: u32) -> String {
    format!("{} ({})", bits(n, mask), columns(n, mask))
}

/// `a 6 × 6 board`, `an 8 × 8 board`.
fn a_board(n: usize) -> String {
    let article = if [8, 11, 18].contains(&n) { "an" } else { "a" };
    format!("{article} {n} × {n} board")
}

fn show_masks(n: usize, masks: Masks) -> String {
    format!(
        "cols {}, diags {} and anti {}",
        bits(n, masks.cols),
        bits(n, masks.diags),
        bits(n, masks.anti)
    )
}

/// `1 node`, `17 nodes`.
fn count_of(count: usize, thing: &str) -> String {
    if count == 1 {
        format!("1 {thing}")
    } else {
        format!("{count} {thing}s")
    }
}

/// Reading a mask: the sentence every blank's message ends with.
const READING: &str = "(bit c is column c, so a mask reads from column 0 on the right)";

// ---- the reference's tree ----

/// One node of Knuth's tree as the library walks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TreeNode {
    /// The row it fills.
    pub row: usize,
    /// Its masks, cut to the board (a full board's diagonals are not kept).
    pub masks: Masks,
    /// Its free columns; `None` at a full board.
    pub free: Option<u32>,
}

/// Knuth's tree of the `n × n` board, node by node, from the library's walk.
pub fn tree(n: usize) -> Vec<TreeNode> {
    struct Nodes {
        full: u32,
        nodes: Vec<TreeNode>,
    }
    impl Recorder for Nodes {
        fn node(&mut self, level: usize) -> Flow {
            self.nodes.push(TreeNode {
                row: level,
                masks: Masks {
                    cols: self.full,
                    ..Masks::default()
                },
                free: None,
            });
            Flow::Continue(())
        }
        fn expand(&mut self, _n: usize, cols: u32, diags: u32, anti: u32) {
            if let Some(node) = self.nodes.last_mut() {
                node.masks = Masks { cols, diags, anti };
                node.free = Some(!(cols | diags | anti) & self.full);
            }
        }
        fn solution(&mut self) {}
    }
    let mut nodes = Nodes {
        full: full_mask(n),
        nodes: Vec::new(),
    };
    let _ = walk(n, &mut nodes);
    nodes.nodes
}

/// The queens above node `index` of `tree`: one column per row.
fn queens_above(tree: &[TreeNode], index: usize) -> Vec<usize> {
    let mut path: Vec<u32> = Vec::new();
    for node in &tree[..=index] {
        path.truncate(node.row);
        path.push(node.masks.cols);
    }
    path.windows(2)
        .map(|pair| (pair[1] & !pair[0]).trailing_zeros() as usize)
        .collect()
}

/// The board at a node: the queens above it, and its row with the free
/// columns marked `o`.
fn board(n: usize, queens: &[usize], free: Option<u32>) -> String {
    let mut lines = Vec::new();
    for row in 0..n {
        let cells: Vec<&str> = (0..n)
            .map(|col| match (queens.get(row), free) {
                (Some(&queen), _) if queen == col => "Q",
                (None, Some(free)) if row == queens.len() && free >> col & 1 == 1 => "o",
                _ => ".",
            })
            .collect();
        let note = if row == queens.len() && free.is_some() {
            "   <- free columns: o"
        } else {
            ""
        };
        lines.push(format!("    {}{note}", cells.join(" ")));
    }
    lines.join("\n")
}

// ---- blank 1: free_columns ----

fn free_columns(test: &str) -> Vec<Check> {
    let free_of = |n: usize, masks: Masks, what: String| expect_free(n, masks, what, None);
    match test {
        "an_empty_row_is_all_free" => (1..=12)
            .chain([31, 32])
            .map(|n| {
                free_of(
                    n,
                    Masks::default(),
                    format!("with no queen on {}", a_board(n)),
                )
            })
            .collect(),
        "taken_columns_are_not_free" => (0..8)
            .map(|c| 1 << c)
            .chain([0b1010_0101, 0b0111_1110, 0b1111_1111])
            .map(|cols| {
                let masks = Masks {
                    cols,
                    ..Masks::default()
                };
                free_of(8, masks, "on an 8 × 8 board".to_owned())
            })
            .collect(),
        "attacked_diagonals_are_not_free" => (0..8)
            .flat_map(|c| {
                [
                    Masks {
                        diags: 1 << c,
                        ..Masks::default()
                    },
                    Masks {
                        anti: 1 << c,
                        ..Masks::default()
                    },
                ]
            })
            .chain([
                Masks {
                    cols: 0,
                    diags: 0b0000_0110,
                    anti: 0b0110_0000,
                },
                Masks {
                    cols: 0b0000_1000,
                    diags: 0b0101_0000,
                    anti: 0b0000_0101,
                },
            ])
            .map(|masks| free_of(8, masks, "on an 8 × 8 board".to_owned()))
            .collect(),
        "bits_past_the_board_are_never_free" => (4..=8)
            .flat_map(|n| {
                let full = full_mask(n);
                // A diagonal shifted past the last column, and one row's worth of them.
                [1 << n, full << 1, 1 << n | 1]
                    .map(|diags| {
                        let masks = Masks {
                            diags,
                            ..Masks::default()
                        };
                        free_of(n, masks, format!("on {}", a_board(n)))
                    })
                    .into_iter()
                    .chain([free_of(
                        n,
                        Masks {
                            cols: 1,
                            diags: 0,
                            anti: 0,
                        },
                        format!("on {}", a_board(n)),
                    )])
            })
            .collect(),
        "every_node_of_the_six_queens_tree" => {
            let tree = tree(6);
            (0..tree.len())
                .filter(|&index| tree[index].free.is_some())
                .map(|index| {
                    let node = tree[index];
                    let queens = queens_above(&tree, index);
                    let picture = board(6, &queens, node.free);
                    let what = format!("in row {} of the 6 × 6 board", node.row);
                    expect_free(6, node.masks, what, Some(picture))
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

/// Asks `free_columns` about `masks` on the `n × n` board; the message says
/// `what` board it is, and shows `picture` when there is one.
fn expect_free(n: usize, masks: Masks, what: String, picture: Option<String>) -> Check {
    let full = full_mask(n);
    {
        let expected = !(masks.cols | masks.diags | masks.anti) & full;
        check(BitmaskQuestion::Free { full, masks }, move |answer| {
            let BitmaskAnswer::Mask(yours) = *answer else {
                return Err(unexpected(answer));
            };
            if yours == expected {
                return Ok(());
            }
            let why = if yours & !full != 0 {
                " Bits past the board's edge are set: `!` flips all 32 bits, so keep the \
                 board's with `& full`."
            } else if yours & (masks.cols | masks.diags | masks.anti) & full != 0 {
                " An attacked column is called free: a column is attacked when ANY of the \
                 three masks holds it."
            } else {
                " A column no mask holds is missing."
            };
            let picture = picture
                .as_ref()
                .map(|p| format!("\n{p}"))
                .unwrap_or_default();
            Err(format!(
                "{what}, with {} and full {}: the free columns are {}; yours says {}.{why} \
                 {READING}{picture}",
                show_masks(n, masks),
                bits(n, full),
                shown(n, expected),
                shown(n, yours),
            ))
        })
    }
}

// ---- blank 2: choose_and_recurse, on a stand-in for the next row ----

/// The rows the blank 2 tests choose in: a few by hand on an 8 × 8 board,
/// then every node of the 6 × 6 tree that has a free column.
fn choices() -> Vec<(usize, u32, Masks)> {
    let by_hand = [
        (0b1111_1111, Masks::default()),
        (0b1000_0000, Masks::default()),
        (
            0b0010_0100,
            Masks {
                cols: 0b0000_0001,
                diags: 0b0000_0010,
                anti: 0b0000_0000,
            },
        ),
        (
            0b1100_0000,
            Masks {
                cols: 0b0001_0010,
                diags: 0b0010_1000,
                anti: 0b0000_0101,
            },
        ),
    ]
    .map(|(free, masks)| (8, free, masks));
    let tree = tree(6);
    by_hand
        .into_iter()
        .chain(
            tree.iter()
                .filter_map(|node| Some((6, node.free.filter(|&f| f != 0)?, node.masks))),
        )
        .collect()
}

/// What choosing in a row must do.
#[derive(Debug, Clone, Copy)]
enum Rule {
    Once,
    Lowest,
    Diagonals,
    AntiDiagonals,
}

fn choose_and_recurse(test: &str) -> Vec<Check> {
    let rule = match test {
        "recurses_exactly_once" => Rule::Once,
        "takes_the_lowest_free_bit" => Rule::Lowest,
        "the_diagonals_move_one_column_right" => Rule::Diagonals,
        "the_anti_diagonals_move_one_column_left" => Rule::AntiDiagonals,
        _ => return Vec::new(),
    };
    choices()
        .into_iter()
        .map(|(n, free, masks)| {
            check(BitmaskQuestion::Choose { free, masks }, move |answer| {
                let BitmaskAnswer::Chose { bit, calls, count } = answer else {
                    return Err(unexpected(answer));
                };
                expect_choice(n, free, masks, rule, *bit, calls, *count)
            })
        })
        .collect()
}

fn expect_choice(
    n: usize,
    free: u32,
    masks: Masks,
    rule: Rule,
    bit: u32,
    calls: &[Masks],
    count: usize,
) -> Result<(), String> {
    let full = full_mask(n);
    let lowest = free & free.wrapping_neg();
    let here = format!(
        "on {}, with free {} and {}",
        a_board(n),
        shown(n, free),
        show_masks(n, masks)
    );
    let [call] = calls else {
        return Err(format!(
            "{here}: choose_and_recurse must go one row down exactly once (one \
             `self.place(…)` call); yours called it {count} times"
        ));
    };
    if count != 1 {
        return Err(format!(
            "{here}: choose_and_recurse must go one row down exactly once; yours called \
             `self.place` {count} times"
        ));
    }
    // The column the student placed, judged by the columns mask it passed down.
    let placed = call.cols & !masks.cols;
    let placed = if placed.count_ones() == 1 {
        placed
    } else {
        lowest
    };
    match rule {
        Rule::Once => Ok(()),
        Rule::Lowest => {
            if bit != lowest {
                return Err(format!(
                    "{here}: the lowest free bit is {}; yours returned {} — `free & \
                     free.wrapping_neg()` keeps the lowest set bit {READING}",
                    shown(n, lowest),
                    shown(n, bit)
                ));
            }
            if call.cols != masks.cols | lowest {
                return Err(format!(
                    "{here}: with a queen on {} the next row's cols are {} (`cols | bit`); \
                     yours passed {} {READING}",
                    columns(n, lowest),
                    shown(n, masks.cols | lowest),
                    shown(n, call.cols)
                ));
            }
            Ok(())
        }
        Rule::Diagonals => {
            let expected = ((masks.diags | placed) << 1) & full;
            if call.diags & full == expected {
                return Ok(());
            }
            Err(format!(
                "{here}: with a queen on {} the next row's diags are {} (`(diags | bit) << \
                 1`: a main diagonal moves one column right per row down, one bit up); yours \
                 passed {} {READING}",
                columns(n, placed),
                shown(n, expected),
                shown(n, call.diags & full)
            ))
        }
        Rule::AntiDiagonals => {
            let expected = ((masks.anti | placed) >> 1) & full;
            if call.anti & full == expected {
                return Ok(());
            }
            Err(format!(
                "{here}: with a queen on {} the next row's anti is {} (`(anti | bit) >> 1`: \
                 an anti-diagonal moves one column left per row down, one bit down); yours \
                 passed {} {READING}",
                columns(n, placed),
                shown(n, expected),
                shown(n, call.anti & full)
            ))
        }
    }
}

// ---- blank 3: next_free ----

/// Free masks of an 8 × 8 row, each with its lowest bit, as the loop meets
/// them (so `free & (free - 1)` is as right as `free & !bit`).
fn tried_bits() -> Vec<(u32, u32)> {
    let mut pairs = Vec::new();
    for start in [
        0b1111_1111u32,
        0b1010_0101,
        0b1000_0000,
        0b0000_0001,
        0b0110_1100,
    ] {
        let mut free = start;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            pairs.push((free, bit));
            free &= !bit;
        }
    }
    pairs
}

fn next_free(test: &str) -> Vec<Check> {
    match test {
        "clears_the_tried_column" => tried_bits()
            .into_iter()
            .map(|(free, bit)| {
                check(BitmaskQuestion::NextFree { free, bit }, move |answer| {
                    let BitmaskAnswer::Mask(yours) = *answer else {
                        return Err(unexpected(answer));
                    };
                    if yours & bit == 0 {
                        return Ok(());
                    }
                    Err(format!(
                        "after trying {} with free {}, next_free must clear that bit; yours \
                         gives {}, so the loop would try it again {READING}",
                        columns(8, bit),
                        shown(8, free),
                        shown(8, yours)
                    ))
                })
            })
            .collect(),
        "keeps_the_other_free_columns" => tried_bits()
            .into_iter()
            .map(|(free, bit)| {
                check(BitmaskQuestion::NextFree { free, bit }, move |answer| {
                    let BitmaskAnswer::Mask(yours) = *answer else {
                        return Err(unexpected(answer));
                    };
                    let expected = free & !bit;
                    if yours & !bit == expected {
                        return Ok(());
                    }
                    Err(format!(
                        "after trying {} with free {}, the columns left are {}; yours gives \
                         {} — only the tried bit goes (`free & !bit`) {READING}",
                        columns(8, bit),
                        shown(8, free),
                        shown(8, expected),
                        shown(8, yours)
                    ))
                })
            })
            .collect(),
        "the_loop_tries_every_free_column_once" => {
            [0b1111_1111u32, 0b1010_0101, 0b0100_0010, 0b1000_0000, 0]
                .into_iter()
                .map(|free| {
                    let expected: Vec<u32> = (0..8)
                        .map(|c| 1u32 << c)
                        .filter(|bit| free & bit != 0)
                        .collect();
                    check(BitmaskQuestion::Drain { free }, move |answer| {
                        let BitmaskAnswer::Tried(tried) = answer else {
                            return Err(unexpected(answer));
                        };
                        if *tried == expected {
                            return Ok(());
                        }
                        let list = |bits: &[u32]| {
                            let names: Vec<String> =
                                bits.iter().map(|b| b.trailing_zeros().to_string()).collect();
                            if names.is_empty() {
                                "none".to_owned()
                            } else {
                                names.join(", ")
                            }
                        };
                        let endless = if tried.len() > 32 {
                            " and did not stop"
                        } else {
                            ""
                        };
                        Err(format!(
                            "with free {}, taking the lowest bit and then next_free until \
                             nothing is left must try the columns {}, each once; yours tried {}{endless}",
                            shown(8, free),
                            list(&expected),
                            list(&tried[..tried.len().min(12)])
                        ))
                    })
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

// ---- end to end: the handout's whole search ----

/// What every blank could get wrong when the search explores too much.
const EXPLORES_TOO_MUCH: &str = "does free_columns leave out every attacked column and keep \
only the board's bits (`& full`)? Does choose_and_recurse pass `cols | bit` down? Does \
next_free clear the column just tried?";

fn knuth(n: usize) -> u64 {
    reference::knuth_nodes(n).unwrap_or(u64::MAX)
}

fn explore(n: usize, budget: u64, record: bool) -> BitmaskQuestion {
    BitmaskQuestion::Explore { n, budget, record }
}

/// The finished search, or why it stopped, in the student's terms.
fn explored(n: usize, budget: u64, answer: &BitmaskAnswer) -> Result<&Explored, String> {
    match answer {
        BitmaskAnswer::Explored(explored) if !explored.over_budget => Ok(explored),
        BitmaskAnswer::Explored(_) => Err(format!(
            "for n = {n} your search entered more than {budget} nodes and was stopped \
             (Knuth's tree has {}): {EXPLORES_TOO_MUCH}",
            knuth(n)
        )),
        other => Err(unexpected(other)),
    }
}

/// Nodes a recorded search may enter: enough for Knuth's trees of n = 4 to
/// 6 ten times over; a search stopped there is compared as far as it went.
const TRACE_BUDGET: u64 = 10_000;

/// The first node where a recorded search left Knuth's tree, if it did (a
/// search stopped by its budget is compared on the nodes it entered).
fn left_the_tree(n: usize, explored: &Explored) -> Option<String> {
    let reference = tree(n);
    let seen = &explored.nodes_seen;
    let compared = if explored.over_budget {
        &reference[..seen.len().min(reference.len())]
    } else {
        &reference[..]
    };
    first_difference(n, seen, compared)
}

/// The student's nodes on the `n × n` board against Knuth's tree, the first
/// difference explained.
fn same_nodes(n: usize) -> Check {
    check(explore(n, TRACE_BUDGET, true), move |answer| {
        let BitmaskAnswer::Explored(explored) = answer else {
            return Err(unexpected(answer));
        };
        if let Some(difference) = left_the_tree(n, explored) {
            return Err(format!("for n = {n}, {difference}"));
        }
        self::explored(n, TRACE_BUDGET, answer).map(|_| ())
    })
}

/// A counting search with Knuth's node count as its budget; on the small
/// boards (n <= 6) recorded, so a wrong count can say where it went wrong.
fn counted(n: usize) -> BitmaskQuestion {
    explore(n, knuth(n), n <= 6)
}

/// Where a recorded search first went wrong, as a sentence to append.
fn where_it_went_wrong(n: usize, explored: &Explored) -> String {
    if explored.nodes_seen.is_empty() {
        return String::new();
    }
    left_the_tree(n, explored)
        .map(|difference| format!("\nWhere it first went wrong: {difference}"))
        .unwrap_or_default()
}

/// The finished counting search, or why it stopped and where it went wrong.
fn explained(n: usize, answer: &BitmaskAnswer) -> Result<&Explored, String> {
    explored(n, knuth(n), answer).map_err(|message| match answer {
        BitmaskAnswer::Explored(stopped) => format!("{message}{}", where_it_went_wrong(n, stopped)),
        _ => message,
    })
}

fn end_to_end(test: &str) -> Vec<Check> {
    match test {
        "the_search_walks_knuth_s_tree_node_by_node" => (4..=6).map(same_nodes).collect(),
        "solutions_match_the_reference_for_n_1_to_12" => (1..=12)
            .map(|n| {
                check(counted(n), move |answer| {
                    let explored = explained(n, answer)?;
                    let found = explored.solutions;
                    let expected = reference::solutions(n).unwrap_or(0);
                    if found == expected {
                        return Ok(());
                    }
                    Err(format!(
                        "for n = {n} your search counted {found} solutions; there are \
                         {expected} (OEIS A000170). {}{}",
                        if found < expected {
                            "Fewer: columns that are free are left out, or a branch is cut \
                             short — check free_columns and next_free."
                        } else {
                            "More: attacked columns get queens — check free_columns and the \
                             masks choose_and_recurse passes down."
                        },
                        where_it_went_wrong(n, explored)
                    ))
                })
            })
            .collect(),
        "nodes_match_knuth_for_n_1_to_12" => (1..=12)
            .map(|n| {
                check(counted(n), move |answer| {
                    let explored = explained(n, answer)?;
                    let nodes = explored.nodes;
                    let expected = knuth(n);
                    if nodes == expected {
                        return Ok(());
                    }
                    Err(format!(
                        "for n = {n} your search entered {nodes} nodes; Knuth's tree has \
                         {expected} (OEIS A319283). Fewer nodes: free columns are left out \
                         (check free_columns, and that next_free clears only the tried bit){}",
                        where_it_went_wrong(n, explored)
                    ))
                })
            })
            .collect(),
        "count_solutions_returns_the_counts" => (1..=8)
            .flat_map(|n| {
                let budget = knuth(n);
                // Fails fast (over budget) before count_solutions, which has no budget.
                [
                    check(explore(n, budget, false), move |answer| {
                        explored(n, budget, answer).map(|_| ())
                    }),
                    check(BitmaskQuestion::Count { n }, move |answer| {
                        let BitmaskAnswer::Counted(solutions, nodes) = *answer else {
                            return Err(unexpected(answer));
                        };
                        let expected = (reference::solutions(n).unwrap_or(0), budget);
                        if (solutions, nodes) == expected {
                            return Ok(());
                        }
                        Err(format!(
                            "count_solutions({n}) returned {solutions} solutions in {nodes} \
                             nodes; the reference counts {} solutions in {} nodes",
                            expected.0, expected.1
                        ))
                    }),
                ]
            })
            .collect(),
        _ => Vec::new(),
    }
}

// ---- the first node where the student's search leaves Knuth's tree ----

/// Whether the student's node is the reference's (a full board's diagonals
/// do not matter).
fn same_node(full: u32, yours: &NodeView, reference: &TreeNode) -> bool {
    yours.row == reference.row
        && yours.masks.cols == reference.masks.cols
        && (reference.free.is_none()
            || (yours.masks.diags & full == reference.masks.diags
                && yours.masks.anti & full == reference.masks.anti))
}

/// The index of the parent of node `index` in `tree`.
fn parent(tree: &[TreeNode], index: usize) -> Option<usize> {
    let row = tree[index].row.checked_sub(1)?;
    (0..index).rev().find(|&j| tree[j].row == row)
}

/// The first node where `yours` leaves `reference`, explained with the blank
/// most likely at fault; `None` when they agree node for node.
pub fn first_difference(n: usize, yours: &[NodeView], reference: &[TreeNode]) -> Option<String> {
    let full = full_mask(n);
    let count = yours.len().max(reference.len());
    let index = (0..count).find(|&k| match (yours.get(k), reference.get(k)) {
        (Some(y), Some(r)) => !same_node(full, y, r) || (r.free.is_some() && y.free != r.free),
        _ => true,
    })?;
    let at = |k: usize| {
        let node = reference[k.min(reference.len() - 1)];
        board(
            n,
            &queens_above(reference, k.min(reference.len() - 1)),
            node.free,
        )
    };
    let Some(expected) = reference.get(index) else {
        let extra = yours[index];
        return Some(format!(
            "your search goes on after Knuth's tree ends ({} nodes): its node {} is in row {} \
             with cols {}. A column tried twice? (blank 3: next_free must clear the column \
             just tried; blank 2: one `self.place` per call)",
            reference.len(),
            index + 1,
            extra.row,
            shown(n, extra.masks.cols)
        ));
    };
    let parent = parent(reference, index);
    let Some(found) = yours.get(index) else {
        return Some(match parent {
            Some(p) if p + 1 == index => format!(
                "your search stops after {}: at node {index} (row {}) it never went \
                 one row down, where Knuth's tree puts a queen on {} — blank 2: \
                 choose_and_recurse must call `self.place(…)`\n{}",
                count_of(index, "node"),
                reference[p].row,
                columns(n, expected.masks.cols & !reference[p].masks.cols),
                at(p)
            ),
            _ => format!(
                "your search stops after {}; Knuth's tree goes on to a node in row \
                 {} with cols {} — blank 3: does next_free clear more than the column just \
                 tried?",
                count_of(index, "node"),
                expected.row,
                shown(n, expected.masks.cols)
            ),
        });
    };
    if same_node(full, found, expected) {
        let free = expected.free.unwrap_or(0);
        let yours = found.free.unwrap_or(0);
        return Some(format!(
            "node {} (row {}, {}): the free columns of row {} are {}; yours says {} — blank 1, \
             free_columns {READING}\n{}",
            index + 1,
            expected.row,
            show_masks(n, expected.masks),
            expected.row,
            shown(n, free),
            shown(n, yours),
            at(index)
        ));
    }
    let Some(p) = parent else {
        return Some(format!(
            "the root must be row 0 with no column taken; yours is row {} with {} — the \
             search starts with `place(0, 0, 0)`",
            found.row,
            show_masks(n, found.masks)
        ));
    };
    let above = reference[p];
    let wanted = expected.masks.cols & !above.masks.cols;
    if found.row < expected.row {
        return Some(if p + 1 == index {
            format!(
                "node {} (row {}) has a free column, {}, but your search did not go one row \
                 down from it — blank 2: choose_and_recurse must call `self.place(…)`\n{}",
                p + 1,
                above.row,
                columns(n, wanted),
                at(p)
            )
        } else {
            format!(
                "in row {}, Knuth's tree goes on to {} next, but your search went back up to \
                 row {} — blank 3: next_free clears more than the column just tried?\n{}",
                above.row,
                columns(n, wanted),
                found.row,
                at(p)
            )
        });
    }
    if found.row > expected.row {
        return Some(format!(
            "node {} is in row {} in Knuth's tree, but yours is in row {}: one call of \
             choose_and_recurse must go down exactly one row, once — blank 2",
            index + 1,
            expected.row,
            found.row
        ));
    }
    let placed = found.masks.cols & !above.masks.cols;
    let placed_right = placed.count_ones() == 1
        && found.masks.cols == above.masks.cols | placed
        && found.masks.diags & full == ((above.masks.diags | placed) << 1) & full
        && found.masks.anti & full == ((above.masks.anti | placed) >> 1) & full;
    if !placed_right {
        return Some(format!(
            "node {} (row {}): a queen on {} of row {} gives the next row {}; your search \
             passed {} — blank 2: `self.place(cols | bit, (diags | bit) << 1, (anti | bit) >> \
             1)` {READING}\n{}",
            index + 1,
            expected.row,
            columns(n, wanted),
            above.row,
            show_masks(n, expected.masks),
            show_masks(n, found.masks),
            at(index)
        ));
    }
    Some(if p + 1 == index {
        format!(
            "in row {} the first queen goes on the lowest free column, {}; yours went on {} — \
             blank 2: `free & free.wrapping_neg()` {READING}\n{}",
            above.row,
            columns(n, wanted),
            columns(n, placed),
            at(p)
        )
    } else {
        let before = (p + 1..index)
            .rev()
            .find(|&j| reference[j].row == expected.row)
            .map_or(0, |j| reference[j].masks.cols & !above.masks.cols);
        let again = if placed == before { " again" } else { "" };
        format!(
            "in row {}, after {}, the next queen goes on {}; yours went on {}{again} — blank \
             3: next_free must clear exactly the column just tried {READING}\n{}",
            above.row,
            columns(n, before),
            columns(n, wanted),
            columns(n, placed),
            at(p)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_test_has_questions() {
        for test in super::super::TESTS {
            assert!(!questions(test.name).is_empty(), "{}", test.name);
            assert_eq!(verdicts(test.name).len(), questions(test.name).len());
        }
        assert!(verdicts("blank_1_free_columns::x").is_empty());
    }

    #[test]
    fn masks_read_as_columns() {
        assert_eq!(shown(4, 0b0101), "0b0101 (columns 0 and 2)");
        assert_eq!(shown(4, 0b1000), "0b1000 (column 3)");
        assert_eq!(shown(4, 0), "0b0000 (no column)");
        assert!(shown(4, 0b11_0001).ends_with("bits 4 to 5, past the board's edge)"));
    }

    #[test]
    fn the_tree_is_knuth_s() {
        let nodes = tree(8);
        assert_eq!(nodes.len() as u64, knuth(8));
        assert_eq!(nodes.iter().filter(|n| n.free.is_none()).count(), 92);
        let last = nodes.iter().rposition(|n| n.free.is_none()).unwrap();
        assert_eq!(queens_above(&nodes, last).len(), 8);
    }

    fn as_yours(tree: &[TreeNode]) -> Vec<NodeView> {
        tree.iter()
            .map(|node| NodeView {
                row: node.row,
                masks: node.masks,
                free: node.free,
            })
            .collect()
    }

    #[test]
    fn a_wrong_free_mask_is_blamed_on_blank_1() {
        let reference = tree(4);
        assert_eq!(first_difference(4, &as_yours(&reference), &reference), None);
        let mut yours = as_yours(&reference);
        yours[1].free = Some(0b1111);
        let said = first_difference(4, &yours, &reference).unwrap();
        assert!(
            said.contains("free columns of row 1 are 0b1100 (columns 2 and 3)"),
            "{said}"
        );
        assert!(said.contains("blank 1"), "{said}");
    }

    #[test]
    fn a_search_that_never_goes_down_is_blamed_on_blank_2() {
        let reference = tree(4);
        let yours = as_yours(&reference[..1]);
        let said = first_difference(4, &yours, &reference).unwrap();
        assert!(said.contains("blank 2"), "{said}");
    }
}
