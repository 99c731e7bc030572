//! Published numbers, transcribed from the On-Line Encyclopedia of Integer
//! Sequences (https://oeis.org: A000170 solutions, A002562 fundamental
//! solutions, A319283 nodes of the backtrack tree, A319284 its profiles) and
//! from Knuth, *The Art of Computer Programming*, volume 4B (2022),
//! section 7.2.2, where the backtrack tree of the 8 queens has 2057 nodes.
//! Kept apart from the library's own tables so that a slip in either shows.
#![allow(dead_code)]

/// All solutions, A000170, n = 0..=27.
pub const SOLUTIONS: [u64; 28] = [
    1,
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2680,
    14200,
    73712,
    365596,
    2279184,
    14772512,
    95815104,
    666090624,
    4968057848,
    39029188884,
    314666222712,
    2691008701644,
    24233937684440,
    227514171973736,
    2207893435808352,
    22317699616364044,
    234907967154122528,
];

/// Fundamental solutions, A002562, n = 1..=27 (index 0 unused).
pub const FUNDAMENTAL: [u64; 28] = [
    0,
    1,
    0,
    0,
    1,
    2,
    1,
    6,
    12,
    46,
    92,
    341,
    1787,
    9233,
    45752,
    285053,
    1846955,
    11977939,
    83263591,
    621012754,
    4878666808,
    39333324973,
    336376244042,
    3029242658210,
    28439272956934,
    275986683743434,
    2789712466510289,
    29363495934315694,
];

/// Nodes per level 0..=n of Knuth's tree, A319284, n = 1..=18.
pub const PROFILES: [&[u64]; 18] = [
    &[1, 1],
    &[1, 2, 0],
    &[1, 3, 2, 0],
    &[1, 4, 6, 4, 2],
    &[1, 5, 12, 14, 12, 10],
    &[1, 6, 20, 36, 46, 40, 4],
    &[1, 7, 30, 76, 140, 164, 94, 40],
    &[1, 8, 42, 140, 344, 568, 550, 312, 92],
    &[1, 9, 56, 234, 732, 1614, 2292, 2038, 1066, 352],
    &[1, 10, 72, 364, 1400, 3916, 7552, 9632, 7828, 4040, 724],
    &[
        1, 11, 90, 536, 2468, 8492, 21362, 37248, 44148, 34774, 15116, 2680,
    ],
    &[
        1, 12, 110, 756, 4080, 16852, 52856, 120104, 195270, 222720, 160964, 68264, 14200,
    ],
    &[
        1, 13, 132, 1030, 6404, 31100, 117694, 335010, 707698, 1086568, 1151778, 813448, 350302,
        73712,
    ],
    &[
        1, 14, 156, 1364, 9632, 54068, 241484, 835056, 2211868, 4391988, 6323032, 6471872, 4511922,
        1940500, 365596,
    ],
    &[
        1, 15, 182, 1764, 13980, 89428, 463038, 1897702, 6120136, 15211800, 28415444, 39290462,
        39157800, 26831728, 11356408, 2279184,
    ],
    &[
        1, 16, 210, 2236, 19688, 141812, 838816, 3998456, 15324708, 46358876, 108478966, 193892860,
        260303408, 253897632, 171158018, 72002088, 14772512,
    ],
    &[
        1, 17, 240, 2786, 27020, 216932, 1448002, 7907094, 35312064, 127045452, 362182864,
        807998022, 1393334230, 1812613348, 1733568180, 1155745084, 483805492, 95815104,
    ],
    &[
        1,
        18,
        272,
        3420,
        36264,
        321700,
        2398292,
        14818300,
        75937606,
        318853768,
        1082622180,
        2937029436,
        6298107034,
        10477975052,
        13308584992,
        12507393984,
        8256016380,
        3419655168,
        666090624,
    ],
];

/// (n, total nodes T(n), candidate tests n*(T-Q), mirror-halved tree, nodes up to the first solution).
/// One row of the totals table.
pub type TotalsRow = (usize, u64, u64, Option<u64>, Option<u64>);

pub const TOTALS: [TotalsRow; 18] = [
    (1, 2, 1, Some(2), None),
    (2, 3, 6, None, None),
    (3, 6, 18, None, None),
    (4, 17, 60, Some(9), Some(9)),
    (5, 54, 220, Some(32), Some(6)),
    (6, 153, 894, Some(77), Some(32)),
    (7, 552, 3584, Some(316), Some(10)),
    (8, 2057, 15720, Some(1029), Some(114)),
    (9, 8394, 72378, Some(4704), Some(42)),
    (10, 35539, 348150, Some(17770), Some(103)),
    (11, 166926, 1806706, Some(91393), Some(53)),
    (12, 856189, 10103868, Some(428095), Some(262)),
    (13, 4674890, 59815314, Some(2531729), Some(112)),
    (14, 27358553, 377901398, Some(13679277), Some(1900)),
    (15, 171129072, 2532748320, Some(91883699), Some(1360)),
    (16, 1141190303, 18022684656, Some(570595152), Some(10053)),
    (17, 8017021932, 134660516076, None, Some(5375)),
    (18, 59365844491, 1056595569606, None, Some(41300)),
];

/// The profile of Knuth's tree for n (1..=18).
pub fn profile(n: usize) -> &'static [u64] {
    PROFILES[n - 1]
}

/// T(n), Knuth's node count with the root, for n (1..=18).
pub fn total_nodes(n: usize) -> u64 {
    TOTALS[n - 1].1
}

/// Every strategy this build can run: `parallel` needs the `parallel` feature.
pub fn runnable_strategies() -> impl Iterator<Item = queens::Strategy> {
    queens::Strategy::ALL
        .into_iter()
        .filter(|&s| queens::run::plan(s, 8, None).is_ok())
}

/// The text of notebook `name` (its file stem), every cell's source joined,
/// whitespace collapsed: what a claim about its prose is looked up in.
pub fn notebook_text(name: &str) -> String {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("notebooks/{name}.ipynb"));
    let notebook: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("notebook")).expect("JSON");
    let text: Vec<String> = notebook["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .map(|cell| match &cell["source"] {
            serde_json::Value::Array(lines) => lines.iter().filter_map(|l| l.as_str()).collect(),
            other => other.as_str().unwrap_or_default().to_owned(),
        })
        .collect();
    squash(&text.join("\n"))
}

/// `text` with every run of whitespace one space.
pub fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
