//! A table of figures for a notebook cell: a header and rows of text, shown
//! in Jupyter as an HTML table with an aligned plain-text copy, so that a
//! measurement cell says what it measures and never pads columns by hand.
//!
//! ```
//! use queens::notebook::table::Table;
//!
//! let table = Table::new(["", "nodes"])
//!     .row(["sets", "2,057"])
//!     .row(["forward checking", "1,165"]);
//! assert_eq!(
//!     table.to_string(),
//!     "                  nodes\n\
//!      sets              2,057\n\
//!      forward checking  1,165"
//! );
//! ```

/// Rows of text under a header: the first column (the row's name) aligned
/// left, the others (figures) right.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    note: Option<String>,
}

impl Table {
    /// A table with these column names and no rows yet.
    pub fn new<S: Into<String>>(header: impl IntoIterator<Item = S>) -> Self {
        Self {
            header: header.into_iter().map(Into::into).collect(),
            rows: Vec::new(),
            note: None,
        }
    }

    /// The table with a sentence under it (what the rows leave out, say).
    pub fn note(mut self, text: impl Into<String>) -> Self {
        self.note = Some(text.into());
        self
    }

    /// The table with `note` under it when there is one (a caveat only some
    /// runs have, such as counts from a search that is not yet right).
    pub fn note_if(self, note: Option<String>) -> Self {
        match note {
            Some(note) => self.note(note),
            None => self,
        }
    }

    /// The table with one more row (cells beyond the header's columns are
    /// kept; missing ones are blank).
    pub fn row<S: Into<String>>(mut self, cells: impl IntoIterator<Item = S>) -> Self {
        self.rows.push(cells.into_iter().map(Into::into).collect());
        self
    }

    /// The table with these rows added.
    pub fn rows<S: Into<String>, R: IntoIterator<Item = S>>(
        self,
        rows: impl IntoIterator<Item = R>,
    ) -> Self {
        rows.into_iter().fold(self, Self::row)
    }

    /// A search's counts for each `n` against the published ones: the
    /// solutions (OEIS A000170) and the nodes of Knuth's tree (A319283), with
    /// a last column that says where they differ. `None` is a search that did
    /// not finish (stopped by its budget).
    ///
    /// ```
    /// use queens::notebook::table::Table;
    /// let table = Table::against_published(&[(4, Some((2, 17))), (5, Some((10, 50))), (6, None)]);
    /// let text = table.to_string();
    /// let lines: Vec<&str> = text.lines().collect();
    /// assert!(lines[1].ends_with("17     same"), "{text}");
    /// assert!(lines[2].ends_with("54  differs"), "{text}");
    /// assert!(lines[3].contains("stopped") && lines[3].ends_with("differs"), "{text}");
    /// ```
    pub fn against_published(counts: &[(usize, Option<(u64, u64)>)]) -> Self {
        use crate::report::reference::{knuth_nodes, solutions};
        let known = |value: Option<u64>| value.map_or("?".to_owned(), thousands);
        Self::new([
            "n",
            "your solutions",
            "your nodes",
            "solutions (A000170)",
            "nodes (A319283)",
            "",
        ])
        .rows(counts.iter().map(|&(n, yours)| {
            let published = solutions(n).zip(knuth_nodes(n));
            let (found, nodes) = yours.map_or(("stopped".to_owned(), "-".to_owned()), |(s, k)| {
                (thousands(s), thousands(k))
            });
            let verdict = if yours.is_some() && yours == published {
                "same"
            } else {
                "differs"
            };
            [
                n.to_string(),
                found,
                nodes,
                known(solutions(n)),
                known(knuth_nodes(n)),
                verdict.to_owned(),
            ]
        }))
    }

    /// How many columns the widest line has.
    fn columns(&self) -> usize {
        self.rows
            .iter()
            .map(Vec::len)
            .chain([self.header.len()])
            .max()
            .unwrap_or(0)
    }

    /// The table as HTML, every cell's text escaped.
    pub fn html(&self) -> String {
        let columns = self.columns();
        let line = |cells: &[String], tag: &str| {
            let cells: String = (0..columns)
                .map(|i| {
                    let text = cells.get(i).map_or("", String::as_str);
                    let align = if i == 0 { "left" } else { "right" };
                    format!(
                        "<{tag} style=\"text-align: {align}\">{}</{tag}>",
                        escape(text)
                    )
                })
                .collect();
            format!("<tr>{cells}</tr>")
        };
        let body: String = self.rows.iter().map(|row| line(row, "td")).collect();
        let note = self.note.as_deref().map_or(String::new(), |note| {
            format!(
                "<caption style=\"caption-side: bottom; text-align: left\">{}</caption>",
                escape(note)
            )
        });
        format!(
            "<table>{note}<thead>{}</thead><tbody>{body}</tbody></table>",
            line(&self.header, "th")
        )
    }

    /// Shows the table in Jupyter: HTML, and the aligned text for plain
    /// viewers.
    pub fn evcxr_display(&self) {
        println!(
            "EVCXR_BEGIN_CONTENT text/html\n{}\nEVCXR_END_CONTENT",
            self.html()
        );
        println!("EVCXR_BEGIN_CONTENT text/plain\n{self}\nEVCXR_END_CONTENT");
    }
}

impl std::fmt::Display for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let columns = self.columns();
        let width = |i: usize| {
            self.rows
                .iter()
                .chain([&self.header])
                .filter_map(|line| line.get(i))
                .map(|cell| cell.chars().count())
                .max()
                .unwrap_or(0)
        };
        let widths: Vec<usize> = (0..columns).map(width).collect();
        let lines = [&self.header].into_iter().chain(&self.rows);
        for (n, line) in lines.enumerate() {
            if n > 0 {
                writeln!(f)?;
            }
            let mut text = String::new();
            for (i, &width) in widths.iter().enumerate() {
                let cell = line.get(i).map_or("", String::as_str);
                if i == 0 {
                    text.push_str(&format!("{cell:<width$}"));
                } else {
                    text.push_str(&format!("  {cell:>width$}"));
                }
            }
            write!(f, "{}", text.trim_end())?;
        }
        match &self.note {
            Some(note) => write!(f, "\n{note}"),
            None => Ok(()),
        }
    }
}

/// `1234567` as `1,234,567`: the figures of every table and picture.
pub fn thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// `text` safe inside an HTML element.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_align_right_under_their_heading() {
        let table = Table::new(["puzzle", "your order", "MRV"])
            .row(["1", "1,234", "56"])
            .row(["10", "7", "123,456"]);
        assert_eq!(
            table.to_string(),
            "puzzle  your order      MRV\n\
             1            1,234       56\n\
             10               7  123,456"
        );
    }

    #[test]
    fn a_short_row_is_padded_and_a_long_one_kept() {
        let table = Table::new(["a", "b"])
            .row(["x"])
            .row(["y", "1", "(not solved)"]);
        assert_eq!(table.columns(), 3);
        let html = table.html();
        assert_eq!(html.matches("<tr>").count(), 3);
        assert_eq!(html.matches("<td").count(), 6);
        assert!(table.to_string().ends_with("y  1  (not solved)"));
    }

    #[test]
    fn html_is_escaped() {
        let html = Table::new(["<b>"]).row(["> 1,000 & more"]).html();
        assert!(html.contains("&lt;b&gt;"), "{html}");
        assert!(html.contains("&gt; 1,000 &amp; more"), "{html}");
        assert!(!html.contains("<b>"), "{html}");
    }

    #[test]
    fn a_note_goes_under_the_rows_in_both_forms() {
        let table = Table::new(["n"]).row(["1"]).note("… 59 in all <stopped>");
        assert!(table.to_string().ends_with("1\n… 59 in all <stopped>"));
        let html = table.html();
        assert!(html.contains("caption-side: bottom"), "{html}");
        assert!(
            html.contains("… 59 in all &lt;stopped&gt;</caption>"),
            "{html}"
        );
    }
}
