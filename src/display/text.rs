//! The words around the pictures: wrapped titles, grouped digits, plurals.

/// Wraps `text` into lines of at most `width` characters, at spaces.
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

/// Grouped digits, shared with the tables of figures.
pub use crate::notebook::table::thousands;

/// `count` and the word, singular for one: "1 queen", "2 queens", "0 nodes".
pub fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_words_whole() {
        assert_eq!(wrap("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
        assert!(wrap("", 5).is_empty());
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(2057), "2,057");
        assert_eq!(thousands(1_141_190_303), "1,141,190,303");
    }

    #[test]
    fn one_is_singular() {
        assert_eq!(plural(1, "queen", "queens"), "1 queen");
        assert_eq!(plural(0, "node", "nodes"), "0 nodes");
    }
}
