//! Similar submissions: a fingerprint per blank that ignores names,
//! whitespace, comments and formatting, and a cluster id per submission.
//!
//! A blank's code (between its `// BLANK n` and `// END BLANK n` markers) is
//! read as Rust tokens (`proc-macro2`: comments and whitespace are gone),
//! parsed as a block with `syn` to find the names it binds (`let`, closure
//! and pattern bindings), and those names are renamed `_0`, `_1`, … by first
//! appearance; the token stream is then hashed. Two blanks that differ only
//! by their variables' names or layout get the same fingerprint; a changed
//! operator, method or literal a different one. Submissions whose blanks all
//! share fingerprints share a cluster id (a hash of them), so identical work
//! shows as one cluster however many rows it has.

use std::collections::{BTreeSet, HashMap};
use std::hash::Hasher;
use std::str::FromStr;

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use syn::visit::Visit;

/// One blank's code as a submission wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlankCode {
    /// The blank's number (`// BLANK 2` is 2).
    pub id: u32,
    /// The line of its `// BLANK n` marker, from 1.
    pub start_line: usize,
    /// The line of its `// END BLANK n` marker, from 1.
    pub end_line: usize,
    /// The lines between the markers.
    pub code: String,
}

/// The blanks of a submission's file, in order; a blank whose end marker is
/// missing is left out (the student deleted it: nothing to compare).
pub fn blanks(source: &str) -> Vec<BlankCode> {
    let mut found = Vec::new();
    let mut open: Option<(u32, usize, Vec<&str>)> = None;
    for (index, line) in source.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix("// END BLANK ") {
            if let Some((id, start, lines)) = open.take()
                && number(rest) == Some(id)
            {
                found.push(BlankCode {
                    id,
                    start_line: start,
                    end_line: index + 1,
                    code: lines.join("\n"),
                });
            }
        } else if let Some(rest) = trimmed.strip_prefix("// BLANK ") {
            open = number(rest).map(|id| (id, index + 1, Vec::new()));
        } else if let Some((_, _, lines)) = &mut open {
            lines.push(line);
        }
    }
    found
}

/// The number at the start of `text` (`2: insert` is 2).
fn number(text: &str) -> Option<u32> {
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// The fingerprint of one blank's code: 16 hexadecimal digits. Code that is
/// not Rust tokens (an unclosed string) is fingerprinted as its text without
/// whitespace.
pub fn fingerprint(code: &str) -> String {
    let mut hasher = fnv::FnvHasher::default();
    // The lexer, `syn` and `write_tokens` recurse once per nested bracket: a
    // hostile blank nested deeper than any real code would overflow the
    // grader's stack, so it is fingerprinted as text.
    let tokens = (nesting(code) <= MAX_NESTING)
        .then(|| TokenStream::from_str(code).ok())
        .flatten();
    match tokens {
        Some(tokens) => {
            let bound = bound_names(&tokens);
            let mut renamed = HashMap::new();
            let mut text = String::new();
            write_tokens(tokens, &bound, &mut renamed, &mut text);
            hasher.write(b"tokens:");
            hasher.write(text.as_bytes());
        }
        None => {
            hasher.write(b"text:");
            let text: String = code.chars().filter(|c| !c.is_whitespace()).collect();
            hasher.write(text.as_bytes());
        }
    }
    format!("{:016x}", hasher.finish())
}

/// Deeper bracket nesting than this is not read as Rust (real blanks stay
/// under ten).
const MAX_NESTING: usize = 256;

/// The deepest nesting of `(`, `[` and `{` in `code` (brackets inside strings
/// and comments count too: an overestimate only sends code to the text
/// fingerprint).
fn nesting(code: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    for c in code.chars() {
        match c {
            '(' | '[' | '{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// The names the code binds, when it parses as a block's statements.
fn bound_names(tokens: &TokenStream) -> BTreeSet<String> {
    let block: TokenStream =
        TokenTree::Group(proc_macro2::Group::new(Delimiter::Brace, tokens.clone())).into();
    let mut names = BoundNames::default();
    if let Ok(block) = syn::parse2::<syn::Block>(block) {
        names.visit_block(&block);
    }
    names.0
}

/// Collects every identifier a pattern binds.
#[derive(Default)]
struct BoundNames(BTreeSet<String>);

impl<'ast> Visit<'ast> for BoundNames {
    fn visit_pat_ident(&mut self, pattern: &'ast syn::PatIdent) {
        self.0.insert(pattern.ident.to_string());
        syn::visit::visit_pat_ident(self, pattern);
    }
}

/// The tokens as one canonical string: bound names renamed by first
/// appearance, every token followed by a space unless it is joint
/// punctuation.
fn write_tokens(
    tokens: TokenStream,
    bound: &BTreeSet<String>,
    renamed: &mut HashMap<String, usize>,
    out: &mut String,
) {
    for token in tokens {
        match token {
            TokenTree::Group(group) => {
                let (open, close) = match group.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Brace => ("{", "}"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::None => ("", ""),
                };
                out.push_str(open);
                out.push(' ');
                write_tokens(group.stream(), bound, renamed, out);
                out.push_str(close);
                out.push(' ');
            }
            TokenTree::Ident(ident) => {
                let name = ident.to_string();
                if bound.contains(&name) {
                    let next = renamed.len();
                    let canonical = *renamed.entry(name).or_insert(next);
                    out.push_str(&format!("_{canonical} "));
                } else {
                    out.push_str(&name);
                    out.push(' ');
                }
            }
            TokenTree::Punct(punct) => {
                out.push(punct.as_char());
                if punct.spacing() == Spacing::Alone {
                    out.push(' ');
                }
            }
            TokenTree::Literal(literal) => {
                out.push_str(&literal.to_string());
                out.push(' ');
            }
        }
    }
}

/// The cluster id of a submission's file: 8 hexadecimal digits from the
/// fingerprints of all its blanks, in order (the same for every submission
/// whose blanks all share fingerprints).
pub fn cluster(source: &str) -> String {
    let mut hasher = fnv::FnvHasher::default();
    for blank in blanks(source) {
        hasher.write(format!("{}={};", blank.id, fingerprint(&blank.code)).as_bytes());
    }
    format!("{:08x}", hasher.finish() >> 32)
}

#[cfg(test)]
mod tests {

    #[test]
    fn code_nested_past_any_real_blank_is_fingerprinted_as_text() {
        // Deep enough to overflow a thread's stack if it were parsed.
        let deep = format!("let x = {}1{};", "(".repeat(200_000), ")".repeat(200_000));
        let spaced = deep.replace('=', " = ");
        assert_eq!(fingerprint(&deep), fingerprint(&spaced));
        assert_ne!(fingerprint(&deep), fingerprint(&deep.replace('1', "2")));
        assert_eq!(nesting("f(a[0], { b })"), 2);
    }

    use super::*;

    const ORIGINAL: &str = "let taken = self.columns.contains(&col);\n\
                            let diagonal = row as i64 - col as i64;\n\
                            taken || self.diagonals.contains(&diagonal)";

    #[test]
    fn renamed_variables_and_reformatted_code_share_a_fingerprint() {
        let renamed = "let   busy=self.columns\n   .contains(&col); // a comment\n\
                       let d = row as i64-col as i64;\n\n busy ||\n self.diagonals.contains(&d)";
        assert_eq!(fingerprint(ORIGINAL), fingerprint(renamed));
    }

    #[test]
    fn a_changed_operator_changes_the_fingerprint() {
        let changed = ORIGINAL.replace("||", "&&");
        assert_ne!(fingerprint(ORIGINAL), fingerprint(&changed));
        let minus = ORIGINAL.replace("row as i64 - col", "col as i64 - row");
        assert_ne!(fingerprint(ORIGINAL), fingerprint(&minus));
    }

    #[test]
    fn names_that_are_not_bound_here_still_count() {
        // A method or field is part of the answer, not a variable's name.
        let other = ORIGINAL.replace("self.diagonals", "self.anti_diagonals");
        assert_ne!(fingerprint(ORIGINAL), fingerprint(&other));
    }

    #[test]
    fn code_that_is_not_tokens_is_compared_as_text() {
        assert_eq!(fingerprint("\"open"), fingerprint(" \"open "));
        assert_ne!(fingerprint("\"open"), fingerprint("\"shut"));
    }

    #[test]
    fn blanks_are_read_between_their_markers() {
        let source = "fn a() {\n    // BLANK 1: one\n    1 + 1\n    // END BLANK 1\n}\n\
                      fn b() {\n    // BLANK 2: two\n    let x = 2;\n    x\n    // END BLANK 2\n}\n\
                      // BLANK 3: never closed\n";
        let found = blanks(source);
        assert_eq!(found.len(), 2);
        assert_eq!(
            (found[0].id, found[0].start_line, found[0].end_line),
            (1, 2, 4)
        );
        assert_eq!(found[1].code, "    let x = 2;\n    x");
        let renamed = source.replace("let x = 2;\n    x", "let y = 2; y");
        assert_eq!(cluster(source), cluster(&renamed));
        assert_ne!(cluster(source), cluster(&source.replace("1 + 1", "1 - 1")));
    }
}
