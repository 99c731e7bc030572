//! The search tree, drawn: every node the search entered, and under each node
//! the candidates it pruned, coloured by the constraint that pruned them.

use plotters::prelude::{Circle, PathElement, Rectangle, ShapeStyle, Text};
use plotters::style::Color;
#[cfg(feature = "serde")]
use serde::Serialize;

use super::canvas::{Canvas, Rgb};
use super::chart_area::ChartArea;
use super::palette::{self, CENTRE, GREEN, GREY, INK, LEFT};
use super::picture::Picture;
use crate::board::constraint::{Attack, Constraint};
use crate::board::coords::Cell;
use crate::report::trace::Event;
use crate::run::error::{Error, Result};
use crate::stores::sets::ConstraintSets;
use crate::strategy::Strategy;

/// What hangs under a node.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
pub enum TreeChild {
    /// A child node: a queen was placed (index into [`TreePicture::nodes`]).
    Node {
        /// The child's index.
        index: usize,
    },
    /// A candidate the prune check rejected.
    Pruned {
        /// The rejected cell.
        cell: Cell,
        /// Every constraint attacking it.
        by: Vec<Constraint>,
    },
    /// A free candidate forward checking rejected: it would leave `blocked_row`
    /// without a free cell.
    DeadEnd {
        /// The rejected cell.
        cell: Cell,
        /// The row left empty.
        blocked_row: usize,
    },
}

/// One node of the search tree: a consistent placement of `level` queens.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct TreeNode {
    /// The queen placed to reach this node (`None` for the root).
    pub cell: Option<Cell>,
    /// Queens on the board at this node.
    pub level: usize,
    /// Whether the search counted this node a solution.
    pub solution: bool,
    /// Whether two queens on this node's board attack each other: a prune
    /// check that missed an attack placed one here or above. A solution
    /// counted on such a board is a false one.
    pub illegal: bool,
    /// Children and pruned candidates, in the order the search tried them.
    pub children: Vec<TreeChild>,
}

/// A drawing of the search tree of a small board.
///
/// ```
/// use queens::{display::TreePicture, Strategy};
/// let tree = TreePicture::new(4, Strategy::Sets)?;
/// assert_eq!(tree.nodes().len(), 17); // Knuth's count for n = 4
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct TreePicture {
    n: usize,
    title: String,
    nodes: Vec<TreeNode>,
}

/// The widest tree drawn, in leaves and pruned candidates.
pub const MAX_SLOTS: usize = 240;

const SLOT: i32 = 19;
const LEVEL: i32 = 62;
const LEFT_MARGIN: i32 = 54;
/// Room for a title of up to two lines above the root.
const TOP: i32 = 64;
const RADIUS: i32 = 9;

impl TreePicture {
    /// The tree `strategy` walks on an `n × n` board (small boards only: the
    /// picture has one slot per pruned candidate and per full board).
    pub fn new(n: usize, strategy: Strategy) -> Result<Self> {
        let events = crate::run::trace(n, strategy)?;
        let mut tree = Self::from_events(n, &events)?;
        tree.title = format!("n = {n}, {strategy}: {}", tree.summary());
        Ok(tree)
    }

    /// The tree of a recorded search (for example a student's trace turned
    /// into [`Event`]s).
    pub fn from_events(n: usize, events: &[Event]) -> Result<Self> {
        let mut nodes = vec![TreeNode {
            cell: None,
            level: 0,
            solution: false,
            illegal: false,
            children: Vec::new(),
        }];
        let mut path = vec![0];
        for event in events {
            let current = *path.last().unwrap_or(&0);
            match event {
                Event::Place { row, col } => {
                    let index = nodes.len();
                    let attacked = ConstraintSets::from_placement(&path_queens(&nodes, &path))
                        .is_attacked(*row, *col);
                    nodes.push(TreeNode {
                        cell: Some(Cell::new(*row, *col)),
                        level: path.len(),
                        solution: false,
                        illegal: nodes[current].illegal || attacked,
                        children: Vec::new(),
                    });
                    nodes[current].children.push(TreeChild::Node { index });
                    path.push(index);
                }
                Event::Backtrack { .. } => {
                    if path.len() > 1 {
                        path.pop();
                    }
                }
                Event::Prune { row, col, by } => {
                    // A trace that does not say why (a student's) is coloured
                    // by what attacks the cell given the queens on the path.
                    let by = if by.is_empty() {
                        ConstraintSets::from_placement(&path_queens(&nodes, &path))
                            .attack(*row, *col)
                            .constraints()
                            .collect()
                    } else {
                        by.clone()
                    };
                    nodes[current].children.push(TreeChild::Pruned {
                        cell: Cell::new(*row, *col),
                        by,
                    });
                }
                Event::DeadEnd {
                    row,
                    col,
                    blocked_row,
                } => nodes[current].children.push(TreeChild::DeadEnd {
                    cell: Cell::new(*row, *col),
                    blocked_row: *blocked_row,
                }),
                Event::Solution { .. } => nodes[current].solution = true,
            }
        }
        let tree = Self {
            n,
            title: String::new(),
            nodes,
        };
        let slots = tree.slots();
        if slots > MAX_SLOTS {
            // Trees grow with n, so the board one smaller is the largest drawn.
            return Err(Error::BoardTooLarge {
                n,
                max: n.saturating_sub(1),
                operation: "drawing this search tree (too many leaves to draw)",
            });
        }
        Ok(Self {
            title: format!("n = {n}: {}", tree.summary()),
            ..tree
        })
    }

    /// The nodes, root first, in the order the search entered them.
    pub fn nodes(&self) -> &[TreeNode] {
        &self.nodes
    }

    /// Candidates pruned though no queen attacks them (a prune check that
    /// sees attacks that are not there).
    pub fn pruned_free(&self) -> usize {
        self.nodes
            .iter()
            .flat_map(|n| &n.children)
            .filter(|c| matches!(c, TreeChild::Pruned { by, .. } if by.is_empty()))
            .count()
    }

    /// Nodes whose board has two queens attacking each other.
    pub fn illegal(&self) -> usize {
        self.nodes.iter().filter(|n| n.illegal).count()
    }

    /// Pruned candidates charged to their first attacker: column, diagonal,
    /// anti-diagonal, and forward checking's dead ends.
    pub fn pruned(&self) -> [usize; 4] {
        let mut counts = [0; 4];
        for child in self.nodes.iter().flat_map(|n| &n.children) {
            match child {
                TreeChild::Pruned { by, .. } => match by.first() {
                    Some(Constraint::Column) => counts[0] += 1,
                    Some(Constraint::Diagonal) => counts[1] += 1,
                    Some(Constraint::AntiDiagonal) => counts[2] += 1,
                    None => {}
                },
                TreeChild::DeadEnd { .. } => counts[3] += 1,
                TreeChild::Node { .. } => {}
            }
        }
        counts
    }

    /// "17 nodes, 2 solutions, 44 pruned (28 column, 9 diagonal, 7 anti-diagonal)":
    /// each pruned candidate charged to the first constraint that attacks it.
    pub fn summary(&self) -> String {
        let [column, diagonal, anti, dead] = self.pruned();
        let free = self.pruned_free();
        let solutions = self
            .nodes
            .iter()
            .filter(|n| n.solution && !n.illegal)
            .count();
        let false_ones = self
            .nodes
            .iter()
            .filter(|n| n.solution && n.illegal)
            .count();
        let mut text = format!(
            "{}, {}, {} pruned ({column} column, {diagonal} diagonal, \
             {anti} anti-diagonal",
            super::text::plural(self.nodes.len(), "node", "nodes"),
            super::text::plural(solutions, "solution", "solutions"),
            column + diagonal + anti + dead + free
        );
        if dead > 0 {
            text.push_str(&format!(", {dead} dead end"));
        }
        if free > 0 {
            text.push_str(&format!(", {free} attacked by no queen"));
        }
        text.push(')');
        let illegal = self.illegal();
        if illegal > 0 {
            text.push_str(&format!("; {illegal} with queens that attack each other"));
            if false_ones > 0 {
                text.push_str(&format!(", {false_ones} of them counted as solutions"));
            }
        }
        text
    }

    /// Leaves plus pruned candidates: the picture's width in slots.
    fn slots(&self) -> usize {
        self.nodes
            .iter()
            .map(|n| {
                let pruned = n
                    .children
                    .iter()
                    .filter(|c| !matches!(c, TreeChild::Node { .. }))
                    .count();
                pruned + usize::from(n.children.is_empty())
            })
            .sum()
    }

    /// The x of every node, and of every non-node child, by a left-to-right
    /// walk: leaves take the next slot, parents sit over their children.
    fn layout(&self) -> (Vec<i32>, Vec<Vec<i32>>) {
        let mut node_x = vec![0; self.nodes.len()];
        let mut child_x: Vec<Vec<i32>> = self
            .nodes
            .iter()
            .map(|n| vec![0; n.children.len()])
            .collect();
        let mut next = 0;
        self.place(0, &mut next, &mut node_x, &mut child_x);
        (node_x, child_x)
    }

    fn place(&self, index: usize, next: &mut i32, node_x: &mut [i32], child_x: &mut [Vec<i32>]) {
        let slot_x = |slot: i32| LEFT_MARGIN + slot * SLOT + SLOT / 2;
        if self.nodes[index].children.is_empty() {
            node_x[index] = slot_x(*next);
            *next += 1;
            return;
        }
        for (i, child) in self.nodes[index].children.iter().enumerate() {
            child_x[index][i] = match child {
                TreeChild::Node { index: c } => {
                    self.place(*c, next, node_x, child_x);
                    node_x[*c]
                }
                _ => {
                    *next += 1;
                    slot_x(*next - 1)
                }
            };
        }
        let xs = &child_x[index];
        node_x[index] = (xs[0] + xs[xs.len() - 1]) / 2;
    }

    fn y(level: usize) -> i32 {
        TOP + level as i32 * LEVEL
    }
}

impl Picture for TreePicture {
    fn size(&self) -> (u32, u32) {
        let width = LEFT_MARGIN + self.slots().max(8) as i32 * SLOT + 20;
        // Room for the legend on two rows, should it not fit on one.
        let height = Self::y(self.n) + 88;
        (width.max(560) as u32, height as u32)
    }

    fn draw(&self, canvas: &Canvas<'_>) -> Result<(), String> {
        let area = &canvas.plot();
        area.fill(&palette::WHITE).map_err(|e| e.to_string())?;
        self.draw_title(area)?;
        self.draw_level_labels(area)?;
        let (node_x, child_x) = self.layout();
        self.draw_edges(area, &node_x, &child_x)?;
        for (i, node) in self.nodes.iter().enumerate() {
            draw_node(area, node, (node_x[i], Self::y(node.level)), self.n)?;
            draw_candidates(area, node, &child_x[i], Self::y(node.level + 1))?;
        }
        self.draw_legend(area)
    }

    fn text(&self) -> String {
        let mut out = format!("{}\n", self.title);
        self.outline(0, &mut out);
        out.trim_end().to_owned()
    }
}

impl TreePicture {
    /// The title, wrapped to the picture's width, two lines at most.
    fn draw_title(&self, area: &ChartArea<'_>) -> Result<(), String> {
        let err = |e: plotters::drawing::DrawingAreaErrorKind<_>| e.to_string();
        // A bold 14 px character is about 8 px wide: wrap the title to the picture.
        let title_width = (self.size().0 as usize).saturating_sub(24) / 8;
        for (i, line) in super::text::wrap(&self.title, title_width)
            .into_iter()
            .take(2)
            .enumerate()
        {
            area.draw(&Text::new(
                line,
                (12, 18 + 17 * i as i32),
                palette::bold(14.0, INK, LEFT),
            ))
            .map_err(err)?;
        }
        Ok(())
    }

    /// "root", "row 0", "row 1", … down the left margin.
    fn draw_level_labels(&self, area: &ChartArea<'_>) -> Result<(), String> {
        let err = |e: plotters::drawing::DrawingAreaErrorKind<_>| e.to_string();
        for level in 0..=self.n {
            let label = if level == 0 {
                "root".to_owned()
            } else {
                format!("row {}", level - 1)
            };
            area.draw(&Text::new(
                label,
                (12, Self::y(level)),
                palette::font(11.0, GREY, LEFT),
            ))
            .map_err(err)?;
        }
        Ok(())
    }

    /// A line from every node to each child: dark to a node, faint to a
    /// pruned candidate.
    fn draw_edges(
        &self,
        area: &ChartArea<'_>,
        node_x: &[i32],
        child_x: &[Vec<i32>],
    ) -> Result<(), String> {
        let err = |e: plotters::drawing::DrawingAreaErrorKind<_>| e.to_string();
        let edge = ShapeStyle::from(&INK).stroke_width(1);
        let faint = ShapeStyle::from(&palette::tint(GREY, 0.45)).stroke_width(1);
        for (i, node) in self.nodes.iter().enumerate() {
            let from = (node_x[i], Self::y(node.level));
            for (j, child) in node.children.iter().enumerate() {
                let to = (child_x[i][j], Self::y(node.level + 1));
                let style = if matches!(child, TreeChild::Node { .. }) {
                    edge
                } else {
                    faint
                };
                area.draw(&PathElement::new(vec![from, to], style))
                    .map_err(err)?;
            }
        }
        Ok(())
    }

    /// The colours' key: one colour per meaning, dead ends listed only when
    /// the tree has some.
    fn legend(&self) -> Vec<(Swatch, &'static str)> {
        let mut entries: Vec<(Swatch, &str)> = vec![
            (Swatch::Square(palette::RED), "pruned: column"),
            (
                Swatch::Square(palette::AMBER),
                "pruned: diagonal (column free)",
            ),
            (
                Swatch::Square(palette::PURPLE),
                "pruned: anti-diagonal only",
            ),
            (Swatch::Square(GREEN), "solution"),
            (Swatch::Square(palette::DEAD_END), "no child: backtrack"),
        ];
        if self.pruned()[3] > 0 {
            entries.insert(3, (Swatch::Square(GREY), "dead end (look-ahead)"));
        }
        if self.pruned_free() > 0 {
            entries.push((Swatch::Square(INK), "pruned, yet no queen attacks it"));
        }
        if self.illegal() > 0 {
            entries.push((Swatch::Ring, "queens attack each other: not a legal board"));
        }
        entries
    }

    /// The legend below the tree, wrapping to a second row when needed.
    fn draw_legend(&self, area: &ChartArea<'_>) -> Result<(), String> {
        let err = |e: plotters::drawing::DrawingAreaErrorKind<_>| e.to_string();
        let entries = self.legend();
        let (mut x, mut legend_y) = (12, Self::y(self.n) + 44);
        let width = self.size().0 as i32;
        for (colour, label) in entries {
            let entry_width = 18 + 7 * label.len() as i32;
            if x > 12 && x + entry_width > width {
                (x, legend_y) = (12, legend_y + 18);
            }
            match colour {
                Swatch::Square(colour) => area
                    .draw(&Rectangle::new(
                        [(x, legend_y - 6), (x + 12, legend_y + 6)],
                        colour.filled(),
                    ))
                    .map_err(err)?,
                Swatch::Ring => area
                    .draw(&Circle::new((x + 6, legend_y), 5, illegal_ring()))
                    .map_err(err)?,
            }
            area.draw(&Text::new(
                label,
                (x + 16, legend_y),
                palette::font(11.0, INK, LEFT),
            ))
            .map_err(err)?;
            x += entry_width;
        }
        Ok(())
    }

    fn outline(&self, index: usize, out: &mut String) {
        let node = &self.nodes[index];
        let indent = "  ".repeat(node.level);
        let name = node
            .cell
            .map_or("root".to_owned(), |c| format!("queen on {c}"));
        let tag = match (node.solution, node.illegal) {
            (true, false) => "  solution",
            (true, true) => "  not a solution: queens attack each other",
            (false, true) => "  illegal: queens attack each other",
            (false, false) => "",
        };
        out.push_str(&format!("{indent}{name}{tag}\n"));
        let pruned: Vec<String> = node
            .children
            .iter()
            .filter_map(|c| match c {
                TreeChild::Pruned { cell, by } => Some(format!(
                    "{} by {}",
                    cell.col,
                    by.first().map_or("?", |c| c.label())
                )),
                TreeChild::DeadEnd { cell, .. } => Some(format!("{} dead end", cell.col)),
                TreeChild::Node { .. } => None,
            })
            .collect();
        if !pruned.is_empty() {
            out.push_str(&format!(
                "{indent}  pruned columns: {}\n",
                pruned.join(", ")
            ));
        }
        for child in &node.children {
            if let TreeChild::Node { index } = child {
                self.outline(*index, out);
            }
        }
    }
}

/// How an entry of the legend looks: a filled square, or the ring of an
/// illegal board.
enum Swatch {
    Square(Rgb),
    Ring,
}

/// The ring around a node whose board has queens attacking each other.
fn illegal_ring() -> ShapeStyle {
    ShapeStyle::from(&palette::ILLEGAL).stroke_width(3)
}

/// The columns of the queens on the path from the root (`path[0]`) to its end.
fn path_queens(nodes: &[TreeNode], path: &[usize]) -> Vec<usize> {
    path[1..]
        .iter()
        .filter_map(|&i| nodes[i].cell.map(|c| c.col))
        .collect()
}

/// A node on an `n × n` board: a circle (green for a solution, light grey
/// for a dead end before the last row) with the queen's column inside.
fn draw_node(
    area: &ChartArea<'_>,
    node: &TreeNode,
    centre: (i32, i32),
    n: usize,
) -> Result<(), String> {
    let err = |e: plotters::drawing::DrawingAreaErrorKind<_>| e.to_string();
    let dead = !node.solution
        && node.level < n
        && node
            .children
            .iter()
            .all(|c| !matches!(c, TreeChild::Node { .. }));
    let fill = if node.solution && !node.illegal {
        GREEN
    } else if node.solution {
        palette::WHITE
    } else if dead {
        palette::DEAD_END
    } else {
        palette::WHITE
    };
    area.draw(&Circle::new(centre, RADIUS, fill.filled()))
        .map_err(err)?;
    area.draw(&Circle::new(
        centre,
        RADIUS,
        ShapeStyle::from(&INK).stroke_width(1),
    ))
    .map_err(err)?;
    if node.illegal {
        area.draw(&Circle::new(centre, RADIUS + 2, illegal_ring()))
            .map_err(err)?;
    }
    let label = node.cell.map_or("·".to_owned(), |c| c.col.to_string());
    let ink = if node.solution && !node.illegal {
        palette::WHITE
    } else {
        INK
    };
    area.draw(&Text::new(label, centre, palette::bold(11.0, ink, CENTRE)))
        .map_err(err)?;
    Ok(())
}

/// The candidates `node` rejected, one mark each at its x in `child_x`, on
/// the row below at `y` (child nodes draw themselves).
fn draw_candidates(
    area: &ChartArea<'_>,
    node: &TreeNode,
    child_x: &[i32],
    y: i32,
) -> Result<(), String> {
    for (child, &x) in node.children.iter().zip(child_x) {
        match child {
            TreeChild::Node { .. } => {}
            TreeChild::Pruned { cell, by } => pruned_mark(area, (x, y), by, false, cell.col)?,
            TreeChild::DeadEnd { cell, .. } => pruned_mark(area, (x, y), &[], true, cell.col)?,
        }
    }
    Ok(())
}

/// A pruned candidate: a small square in the colour of the constraint that
/// rejected it first, where the prune check's `||` stops (grey for a
/// forward-checking dead end, ink for a cell no queen attacks), its column written inside. The same charge as
/// the statistics' `pruned` counts.
fn pruned_mark(
    area: &ChartArea<'_>,
    (x, y): (i32, i32),
    by: &[Constraint],
    dead_end: bool,
    col: usize,
) -> Result<(), String> {
    let err = |e: plotters::drawing::DrawingAreaErrorKind<_>| e.to_string();
    let half = 7;
    // Grey: a dead end; ink: pruned though nothing attacks it (a wrong check).
    let colour = match (by.first(), dead_end) {
        (Some(&c), _) => palette::constraint(c),
        (None, true) => GREY,
        (None, false) => INK,
    };
    area.draw(&Rectangle::new(
        [(x - half, y - half), (x + half, y + half)],
        colour.filled(),
    ))
    .map_err(err)?;
    area.draw(&Text::new(
        col.to_string(),
        (x, y),
        palette::font(9.0, palette::WHITE, CENTRE),
    ))
    .map_err(err)?;
    Ok(())
}

/// Used by tests: the attack of a pruned child as an [`Attack`].
impl TreeChild {
    /// The constraints that pruned this child (empty for nodes and dead ends).
    pub fn attack(&self) -> Attack {
        let mut attack = Attack::NONE;
        if let TreeChild::Pruned { by, .. } = self {
            for c in by {
                match c {
                    Constraint::Column => attack.column = true,
                    Constraint::Diagonal => attack.diagonal = true,
                    Constraint::AntiDiagonal => attack.anti_diagonal = true,
                }
            }
        }
        attack
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::Strategy;

    /// Red means a column across the course: in the legend it marks the
    /// column's prunes and nothing else, and no two meanings share a colour.
    #[test]
    fn each_legend_colour_has_one_meaning_and_red_is_the_column() {
        let tree = TreePicture::new(5, Strategy::ForwardChecking).unwrap();
        let legend = tree.legend();
        assert!(
            legend
                .iter()
                .any(|(_, label)| label.starts_with("dead end")),
            "forward checking's tree has look-ahead dead ends"
        );
        let squares: Vec<(Rgb, &str)> = legend
            .iter()
            .filter_map(|(swatch, label)| match swatch {
                Swatch::Square(colour) => Some((*colour, *label)),
                Swatch::Ring => None,
            })
            .collect();
        for (i, (a, label_a)) in squares.iter().enumerate() {
            for (b, label_b) in &squares[i + 1..] {
                assert_ne!(a, b, "'{label_a}' and '{label_b}' share a colour");
            }
            let reddish =
                (1..=100).any(|k| *a == palette::tint(palette::RED, f64::from(k) / 100.0));
            assert_eq!(
                reddish,
                *label_a == "pruned: column",
                "'{label_a}' is drawn in red"
            );
        }
        // The ring of an illegal board is no constraint's colour either.
        let ring = palette::ILLEGAL;
        for constraint in [
            palette::RED,
            palette::RED_TEXT,
            palette::AMBER,
            palette::PURPLE,
        ] {
            assert!(
                (1..=100).all(|k| ring != palette::tint(constraint, f64::from(k) / 100.0)),
                "the illegal ring is drawn in a constraint's colour"
            );
        }
    }
}
