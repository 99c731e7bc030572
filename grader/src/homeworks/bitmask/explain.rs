//! Why an answer of homework 3 differs from the reference's, in the
//! student's terms: the masks as bit strings of the board's width, the board
//! where the row is a node of Knuth's tree, the blank to look at. A message
//! says what is wrong and where, never the code that would be right (the
//! hints give that, a step at a time).

use queens::notebook::masks::Row as MaskRow;
use queens::notebook::walk::{self, Below, Said, TOO_MUCH, a_board};

use super::questions::{Answer, Look, Masks, Question, knuth};
use crate::explanation::{Difference, Explanation, Part, counted};

/// Homework 3's explainer.
pub fn explain(difference: &Difference) -> Option<Explanation> {
    let (question, reference, yours) = difference.typed::<Question, Answer>()?;
    Some(match (question, reference, yours) {
        (Question::Free(n, masks), Answer::Mask(free), Answer::Mask(mine)) => {
            shown(walk::free_columns(n, masks, free, mine))
        }
        (Question::Below(n, queens), Answer::Mask(free), Answer::Mask(mine)) => {
            let row = MaskRow::below(n, &queens);
            let said = walk::free_columns(n, [row.cols, row.diags, row.anti], free, mine);
            let note = None;
            shown(Said {
                board: Some(Below {
                    n,
                    queens,
                    free,
                    note,
                }),
                ..said
            })
        }
        (Question::Choose(n, free, masks, _), _, Answer::Calls(count)) => {
            Explanation::text(format!(
                "on {}, choose_and_recurse must go one row down exactly once, one call of place; \
             yours called it {count} times",
                a_board(n)
            ))
            .then_all(row(n, masks, Some(free)))
        }
        (Question::Choose(n, free, masks, look), right, mine) => {
            choice(n, free, masks, look, right, mine)?
        }
        (Question::Clears(free, bit), _, _) => Explanation::text(format!(
            "after trying column {}, next_free must clear that bit; yours still holds it, so \
             the loop would try it again",
            bit.trailing_zeros()
        ))
        .then(bits("free", 8, free)),
        (Question::Keeps(free, bit), Answer::Mask(left), Answer::Mask(mine)) => {
            Explanation::text(format!(
                "after trying column {}, only that bit goes: every other free column stays",
                bit.trailing_zeros()
            ))
            .then_all([
                bits("free", 8, free),
                bits("columns left", 8, left),
                bits("yours keeps", 8, mine),
            ])
        }
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
            shown(walk::departure(n, &right.nodes_seen, &mine.nodes_seen))
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
    let masks = walk::row_masks(n, masks, free).into_iter();
    masks
        .map(|(label, mask)| bits(&label, n, mask.bits))
        .collect()
}

/// The library's account (shared with notebook 09) as parts: the sentence,
/// the masks, the board.
fn shown(said: Said) -> Explanation {
    let masks = said.masks.iter();
    let explanation = Explanation::text(said.text.clone())
        .then_all(masks.map(|(label, mask)| bits(label, mask.n, mask.bits)));
    match &said.board {
        Some(board) => explanation.then_board(board.rows()),
        None => explanation,
    }
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

#[cfg(test)]
mod tests {
    use queens::notebook::masks::knuth_tree;

    use super::*;

    /// Where a search leaves Knuth's tree comes as the library says it, in
    /// parts: the sentence, the masks as bit strings, the board.
    #[test]
    fn a_departure_is_shown_in_parts() {
        let right = walk::recorded(4, &knuth_tree(4));
        let mut swapped = right.clone();
        swapped.iter_mut().for_each(|node| node.1.swap(1, 2));
        let parts = shown(walk::departure(4, &right, &swapped)).parts;
        assert!(matches!(&parts[0], Part::Text(text) if text.contains("blank 2")));
        let masks = parts
            .iter()
            .filter(|part| matches!(part, Part::Bits { width: 4, .. }));
        assert_eq!(masks.count(), 6);
        assert!(matches!(parts.last(), Some(Part::Board(rows)) if rows.len() == 4));
    }
}
