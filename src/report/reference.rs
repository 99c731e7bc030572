//! Published numbers to compare against (OEIS and Knuth, TAOCP 7.2.2).
//!
//! The notebooks plot these beside what the reader's machine measures; the
//! CLI uses them to say how big an answer would be before computing it.

/// All solutions on an `n × n` board, OEIS A000170, for `n = 0..=27`.
/// `Q(0) = 1`: the empty board.
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
    2_680,
    14_200,
    73_712,
    365_596,
    2_279_184,
    14_772_512,
    95_815_104,
    666_090_624,
    4_968_057_848,
    39_029_188_884,
    314_666_222_712,
    2_691_008_701_644,
    24_233_937_684_440,
    227_514_171_973_736,
    2_207_893_435_808_352,
    22_317_699_616_364_044,
    234_907_967_154_122_528,
];

/// Solutions distinct up to the 8 symmetries of the square, OEIS A002562, for
/// `n = 1..=27` (index 0 is unused and holds 0).
pub const FUNDAMENTAL_SOLUTIONS: [u64; 28] = [
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
    1_787,
    9_233,
    45_752,
    285_053,
    1_846_955,
    11_977_939,
    83_263_591,
    621_012_754,
    4_878_666_808,
    39_333_324_973,
    336_376_244_042,
    3_029_242_658_210,
    28_439_272_956_934,
    275_986_683_743_434,
    2_789_712_466_510_289,
    29_363_495_934_315_694,
];

/// Nodes of Knuth's backtrack tree, root included, OEIS A319283, for
/// `n = 0..=18` (`T(0) = 1`: the root is the only node).
pub const KNUTH_NODES: [u64; 19] = [
    1,
    2,
    3,
    6,
    17,
    54,
    153,
    552,
    2_057,
    8_394,
    35_539,
    166_926,
    856_189,
    4_674_890,
    27_358_553,
    171_129_072,
    1_141_190_303,
    8_017_021_932,
    59_365_844_491,
];

/// A000170 for `n`, if known.
pub fn solutions(n: usize) -> Option<u64> {
    SOLUTIONS.get(n).copied()
}

/// A002562 for `n >= 1`, if known.
pub fn fundamental_solutions(n: usize) -> Option<u64> {
    (n >= 1)
        .then(|| FUNDAMENTAL_SOLUTIONS.get(n).copied())
        .flatten()
}

/// A319283 for `n`, if known.
pub fn knuth_nodes(n: usize) -> Option<u64> {
    KNUTH_NODES.get(n).copied()
}
