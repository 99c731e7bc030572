//! Reading the SVG pictures back: elements, fills, texts.
#![allow(dead_code)] // each test file uses a part

pub const QUEEN: &str = "#263238";
pub const RED: &str = "#E53935";
pub const AMBER: &str = "#FFB300";
pub const PURPLE: &str = "#8E24AA";

/// Parses `svg` (panicking with the reason if it is not well-formed) and
/// returns its elements as (tag, fill, stroke).
pub fn elements(svg: &str) -> Vec<(String, String, String)> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("malformed SVG: {e}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|n| n.is_element())
        .map(|n| {
            (
                n.tag_name().name().to_owned(),
                n.attribute("fill").unwrap_or("").to_owned(),
                n.attribute("stroke").unwrap_or("").to_owned(),
            )
        })
        .collect()
}

pub fn count(svg: &str, tag: &str, fill: &str) -> usize {
    elements(svg)
        .iter()
        .filter(|(t, f, _)| t == tag && f.eq_ignore_ascii_case(fill))
        .count()
}

pub fn texts(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).expect("well-formed");
    doc.descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join(" ")
}
