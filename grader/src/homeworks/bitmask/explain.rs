//! Why an answer of homework 3 differs from the reference's, in the
//! student's terms: the masks as bit strings of the board's width, the board
//! where the row is a node of Knuth's tree, the blank to look at. A message
//! says what is wrong and where, never the code that would be right (the
//! hints give that, a step at a time).

use queens::fast::bitmask::full_mask;
use queens::notebook::masks::Row as MaskRow;

use super::questions::{Answer, Look, Masks, NodeView, Question, knuth};
use crate::explanation::{self, Difference, Explanation, Part, Row, counted};

/// What every blank could get wrong when the search explores too much.
const TOO_MUCH: &str = "does free_columns leave out every attacked column and keep only the \
board's bits? Does choose_and_recurse keep the queen's column taken one row down? Does \
next_free clear the column just tried?";

/// Homework 3's explainer.
pub fn explain(difference: &Difference) -> Option<Explanation> {
    let (question, reference, yours) = difference.typed::<Question, Answer>()?;
    Some(match (question, reference, yours) {
        (Question::Free(n, masks), Answer::Mask(free), Answer::Mask(mine)) => {
            free_columns(n, masks, free, mine)
        }
        (Question::Below(n, queens), Answer::Mask(free), Answer::Mask(mine)) => {
            let row = MaskRow::below(n, &queens);
            let said = free_columns(n, [row.cols, row.diags, row.anti], free, mine);
            said.then_board(board(n, &queens, free, None))
        }
        (Question::Choose(n, free, masks, _), _, Answer::Calls(count)) => Explanation::text(format!(
            "on {}, choose_and_recurse must go one row down exactly once, one call of place; \
             yours called it {count} times",
            a_board(n)
        ))
        .then_all(row(n, masks, Some(free))),
        (Question::Choose(n, free, masks, look), right, mine) => {
            choice(n, free, masks, look, right, mine)?
        }
        (Question::Clears(free, bit), _, _) => Explanation::text(format!(
            "after trying column {}, next_free must clear that bit; yours still holds it, so \
             the loop would try it again",
            bit.trailing_zeros()
        ))
        .then(bits("free", 8, free)),
        (Question::Keeps(free, bit), Answer::Mask(left), Answer::Mask(mine)) => Explanation::text(format!(
            "after trying column {}, only that bit goes: every other free column stays",
            bit.trailing_zeros()
        ))
        .then_all([
            bits("free", 8, free),
            bits("columns left", 8, left),
            bits("yours keeps", 8, mine),
        ]),
        (Question::Drain(free), Answer::Tried(right), Answer::Tried(tried)) => {
            Explanation::text(format!(
                "taking the lowest bit and then next_free until nothing is left must try the \
                 columns {}, each once; yours tried {}{}",
                listed(&right),
                listed(&tried[..tried.len().min(12)]),
                if tried.len() > 32 {
                    " and did not stop"
                } else {
                    ""
                }
            ))
            .then(bits("free", 8, free))
        }
        (Question::Walk(n), Answer::Explored(right), Answer::Explored(mine)) => {
            walk(n, &right.nodes_seen, &mine.nodes_seen)
        }
        (Question::Solutions(n) | Question::Nodes(n), _, Answer::OverBudget) => {
            Explanation::text(format!(
                "for n = {n} your search went past all {} nodes of Knuth's tree and was \
                 stopped: {TOO_MUCH}",
                knuth(n)
            ))
        }
        (Question::Solutions(n), Answer::Number(right), Answer::Number(found)) => {
            Explanation::text(format!(
                "for n = {n} your search counted {found} solutions; there are {right} (OEIS \
                 A000170). {}",
                if found < right {
                    "Fewer: free columns are left out, or a branch is cut short: check \
                     free_columns and next_free."
                } else {
                    "More: attacked columns get queens: check free_columns and the masks \
                     choose_and_recurse passes down."
                }
            ))
        }
        (Question::Nodes(n), Answer::Number(right), Answer::Number(found)) => {
            Explanation::text(format!(
                "for n = {n} your search entered {}; Knuth's tree has {right} (OEIS A319283). \
                 Fewer nodes: free columns are left out (check free_columns, and \
                 that next_free clears only the tried bit)",
                counted(found, "node")
            ))
        }
        (Question::Count(n), Answer::Counted(all, all_nodes), Answer::Counted(found, entered)) => {
            Explanation::text(format!(
                "count_solutions({n}) returned {found} solutions in {}; the reference counts \
                 {all} solutions in {}",
                counted(entered, "node"),
                counted(all_nodes, "node")
            ))
        }
        _ => return None,
    })
}

/// `a 6 × 6 board`, `an 8 × 8 board`.
fn a_board(n: usize) -> String {
    let article = if [8, 11, 18].contains(&n) { "an" } else { "a" };
    format!("{article} {n} × {n} board")
}

/// A mask as a bit string of the board's width (wider with bits past it).
fn bits(label: &str, n: usize, value: u32) -> Part {
    let width = (n as u32).max(u32::BITS - value.leading_zeros());
    let (label, value) = (label.to_owned(), value.into());
    Part::Bits {
        label,
        value,
        width,
    }
}

/// A row's three masks, and its free columns when given.
fn row(n: usize, masks: Masks, free: Option<u32>) -> Vec<Part> {
    let named = ["cols", "diags", "anti"].into_iter().zip(masks);
    let named = named.map(|(label, value)| bits(label, n, value));
    named
        .chain(free.map(|free| bits("free", n, free)))
        .collect()
}

/// The board below `queens`, the next row's `free` columns marked `o`, a
/// note on the row of `noted` (a row and what to say of it).
fn board(n: usize, queens: &[usize], free: u32, noted: Option<(usize, &str)>) -> Vec<Row> {
    let cell = |row: usize, col: usize| match queens.get(row) {
        Some(&queen) if queen == col => 'Q',
        None if row == queens.len() && free >> col & 1 == 1 => 'o',
        _ => '.',
    };
    let note = |row: usize| match noted {
        Some((at, note)) if at == row => note.to_owned(),
        _ if row == queens.len() && free != 0 => "<- free columns: o".to_owned(),
        _ => String::new(),
    };
    explanation::board(n, cell, note)
}

/// Why a row's free columns differ from the student's.
fn free_columns(n: usize, masks: Masks, free: u32, mine: u32) -> Explanation {
    let why = if mine & !full_mask(n) != 0 {
        "bits past the board's edge are set: flipping a u32 flips all 32 of its bits, not only \
         the board's"
    } else if mine & (masks[0] | masks[1] | masks[2]) != 0 {
        "an attacked column is called free: a column is attacked when ANY of the three masks \
         holds it"
    } else {
        "a column no mask holds is missing"
    };
    let said = Explanation::text(format!(
        "on {}, the free columns are the board's columns that no mask holds; {why}",
        a_board(n)
    ));
    said.then_all(row(n, masks, None))
        .then_all([bits("free columns", n, free), bits("yours", n, mine)])
}

/// A blank 2 answer that differs in the bit, the columns or a diagonal mask.
fn choice(
    n: usize,
    free: u32,
    masks: Masks,
    look: Look,
    right: Answer,
    mine: Answer,
) -> Option<Explanation> {
    let col = free.trailing_zeros();
    let (rule, label, right, mine) = match (look, right, mine) {
        (Look::Lowest, Answer::Chose(bit, _), Answer::Chose(mine, _)) if bit != mine => (
            "it returns the bit of her column, the lowest free bit",
            "the bit",
            bit,
            mine,
        ),
        (Look::Lowest, Answer::Chose(_, cols), Answer::Chose(_, mine)) => (
            "her column stays taken one row down",
            "cols one row down",
            cols,
            mine,
        ),
        (Look::Diags, Answer::Mask(right), Answer::Mask(mine)) => (
            "every main diagonal, hers included, moves one column right per row down (one bit \
             up)",
            "diags one row down",
            right,
            mine,
        ),
        (Look::Anti, Answer::Mask(right), Answer::Mask(mine)) => (
            "every anti-diagonal, hers included, moves one column left per row down (one bit \
             down)",
            "anti one row down",
            right,
            mine,
        ),
        _ => return None,
    };
    let said = format!("on {}, with a queen on column {col}, {rule}", a_board(n));
    let said = Explanation::text(said).then_all(row(n, masks, Some(free)));
    Some(said.then_all([bits(label, n, right), bits("yours", n, mine)]))
}

/// `0, 2, 5`, or `none`.
fn listed(bits: &[u32]) -> String {
    let names: Vec<String> = bits
        .iter()
        .map(|b| b.trailing_zeros().to_string())
        .collect();
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    }
}

/// The queens above node `index`, row by row, from the columns masks on the
/// path down to it.
fn queens_above(nodes: &[NodeView], index: usize) -> Vec<usize> {
    let mut path = vec![0];
    for &(row, [cols, ..], _) in &nodes[..=index] {
        path.truncate(row + 1);
        path.push(cols);
    }
    let added = path[1..].windows(2).map(|pair| pair[1] & !pair[0]);
    added.map(|bit| bit.trailing_zeros() as usize).collect()
}

/// The first node where the student's search leaves the reference's, the
/// blank most likely at fault, and the board where it happens.
fn walk(n: usize, tree: &[NodeView], seen: &[NodeView]) -> Explanation {
    let say = |said: String| Explanation::text(format!("for n = {n}, {said}"));
    let Some(k) = (0..tree.len().max(seen.len())).find(|&k| tree.get(k) != seen.get(k)) else {
        return say(format!("your search went past its budget: {TOO_MUCH}"));
    };
    let at = |j: usize, noted| board(n, &queens_above(tree, j), tree[j].2.unwrap_or(0), noted);
    let Some(&(level, masks, free)) = tree.get(k) else {
        return say(format!(
            "your search goes on after Knuth's tree ends ({} nodes), in row {}: a column tried \
             twice? Blank 3 must clear the column just tried; blank 2 goes down once a call.",
            tree.len(),
            seen[k].0
        ));
    };
    if let Some(&(.., mine)) = seen
        .get(k)
        .filter(|node| (node.0, node.1) == (level, masks))
    {
        let why = free_columns(n, masks, free.unwrap_or(0), mine.unwrap_or(0));
        let said = say(format!("node {} (row {level}), blank 1:", k + 1)).then_all(why.parts);
        return said.then_board(at(k, None));
    }
    let Some(p) = (0..k).rev().find(|&j| tree[j].0 + 1 == level) else {
        return say("the search starts at the root, row 0 with nothing taken".to_owned());
    };
    let (above, first) = (tree[p], p + 1 == k);
    let wanted = (masks[0] & !above.1[0]).trailing_zeros();
    let said = match seen.get(k) {
        None if first => format!(
            "your search stops at node {} (row {}): it never goes one row down from it, to \
             column {wanted} — blank 2: choose_and_recurse must call place",
            p + 1,
            above.0
        ),
        None => format!(
            "your search stops after {}; Knuth's tree goes on to column {wanted} of row \
             {} — blank 3: does next_free clear more than the column just tried?",
            counted(k, "node"),
            above.0
        ),
        Some(&(found, ..)) if found != level => format!(
            "node {} is a queen on column {wanted} of row {}; yours is in row {found} — {}",
            k + 1,
            above.0,
            match (found < level, first) {
                (true, true) => "blank 2: choose_and_recurse must call place",
                (true, false) => "blank 3: does next_free clear more than the column tried?",
                (false, _) => "blank 2: a call of choose_and_recurse goes down one row, once",
            }
        ),
        Some(&(_, mine, _)) => {
            let placed = mine[0] & !above.1[0];
            if placed.count_ones() != 1 || placed.trailing_zeros() == wanted {
                let said = say(format!(
                    "node {} (row {level}): below a queen on column {wanted} of row {}, your \
                     search passed other masks — blank 2: one row down her column stays \
                     taken, a main diagonal moves one column right and an anti-diagonal one \
                     column left",
                    k + 1,
                    above.0
                ));
                let yours = ["your cols", "your diags", "your anti"]
                    .into_iter()
                    .zip(mine);
                let said = said.then_all(row(n, masks, None));
                let said = said.then_all(yours.map(|(label, value)| bits(label, n, value)));
                return said.then_board(at(k, Some((above.0, "<- this queen"))));
            }
            let placed = placed.trailing_zeros();
            if first {
                format!(
                    "in row {} the first queen goes on the lowest free column, {wanted}; yours \
                     went on {placed} — blank 2, choose_and_recurse",
                    above.0
                )
            } else {
                let before = (p + 1..k).rev().find(|&j| tree[j].0 == level);
                let before = before.map_or(0, |j| (tree[j].1[0] & !above.1[0]).trailing_zeros());
                let (again, twice) = match placed == before {
                    true => (" again", " (or blank 2 goes down twice)"),
                    false => ("", ""),
                };
                format!(
                    "in row {}, after column {before}, the next queen goes on column {wanted}; \
                     yours went on {placed}{again} — blank 3: next_free must clear exactly the \
                     column just tried{twice}",
                    above.0
                )
            }
        }
    };
    say(said).then_board(at(p, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Knuth's tree as the reference's answer holds it.
    fn tree(n: usize) -> Vec<NodeView> {
        let nodes = queens::notebook::masks::knuth_tree(n).into_iter();
        nodes
            .map(|row| match row.row() < n {
                true => (
                    row.row(),
                    [row.cols, row.diags, row.anti],
                    Some(row.free().bits),
                ),
                false => (n, [row.cols, 0, 0], None),
            })
            .collect()
    }

    #[test]
    fn each_first_difference_names_its_blank_and_no_code() {
        let right = tree(4);
        let mut swapped = right.clone();
        swapped.iter_mut().for_each(|node| node.1.swap(1, 2));
        let mut too_free = right.clone();
        too_free[1].2 = Some(0b1111);
        for (seen, blank, says) in [
            (swapped, "blank 2", "a main diagonal moves one column right"),
            (too_free, "blank 1", "an attacked column is called free"),
            (right[..1].to_vec(), "blank 2", "never goes one row down"),
            (right[..5].to_vec(), "blank 3", "stops after 5 nodes"),
        ] {
            let said = walk(4, &right, &seen).to_text();
            assert!(said.contains(blank) && said.contains(says), "{said}");
            for code in ["<<", ">>", "wrapping_neg", "& full", "!bit", "self.place("] {
                assert!(!said.contains(code), "{said}");
            }
        }
    }
}
