//! Fixed sets of squares the evaluation asks about: the files beside a pawn, the squares
//! in front of it, and the squares enemy pawns must cross to stop it.

use crate::core::{Bitboard, Color};

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The dark squares (a1 is dark).
pub const DARK_SQUARES: Bitboard = Bitboard(0xAA55_AA55_AA55_AA55);

/// The queen's wing (files a-d) and the king's wing (e-h).
pub const WINGS: [Bitboard; 2] = [Bitboard(FILE_A * 0x0F), Bitboard(FILE_A * 0xF0)];

/// The files either side of each file.
pub const ADJACENT_FILES: [Bitboard; 8] = {
    let mut t = [Bitboard(0); 8];
    let mut f = 0;
    while f < 8 {
        let mut b = 0;
        if f > 0 {
            b |= FILE_A << (f - 1);
        }
        if f < 7 {
            b |= FILE_A << (f + 1);
        }
        t[f] = Bitboard(b);
        f += 1;
    }
    t
};

/// The ranks strictly in front of rank `r` (0-7) for White (index 0) and Black (index 1).
const fn ranks_ahead(color: usize, r: usize) -> u64 {
    if color == 0 {
        if r >= 7 { 0 } else { !0u64 << (8 * (r + 1)) }
    } else if r == 0 {
        0
    } else {
        !0u64 >> (8 * (8 - r))
    }
}

/// Per colour and square: the squares in front on the same file.
pub const FRONT: [[Bitboard; 64]; 2] = span(false, true);
/// Per colour and square: the squares in front on the files beside (where enemy pawns
/// could attack the square from, or defend it as they advance).
pub const ATTACK_SPAN: [[Bitboard; 64]; 2] = span(true, false);
/// Per colour and square: the squares an enemy pawn must not stand on for a pawn here to
/// be passed (in front, on its file and the files beside).
pub const PASSED_SPAN: [[Bitboard; 64]; 2] = span(true, true);

const fn span(beside: bool, own_file: bool) -> [[Bitboard; 64]; 2] {
    let mut t = [[Bitboard(0); 64]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 64 {
            let (f, r) = (sq % 8, sq / 8);
            let mut files = 0;
            if beside {
                files |= ADJACENT_FILES[f].0;
            }
            if own_file {
                files |= FILE_A << f;
            }
            t[c][sq] = Bitboard(files & ranks_ahead(c, r));
            sq += 1;
        }
        c += 1;
    }
    t
}

/// The ranks strictly behind rank `rank` (counted from `color`'s side).
#[inline]
pub fn ranks_behind(color: Color, rank: usize) -> Bitboard {
    // Behind White's relative rank r are the ranks below r; for Black, above 7 - r.
    let c = color.index();
    let absolute = if c == 0 { rank } else { 7 - rank };
    Bitboard(ranks_ahead(1 - c, absolute))
}

/// The centre of each side's half: files c to f, ranks 2 to 4 (White) or 7 to 5 (Black).
pub const SPACE_AREA: [Bitboard; 2] = [
    Bitboard(0x0000_0000_3C3C_3C00),
    Bitboard(0x003C_3C3C_0000_0000),
];

/// King distance between two squares (0-63): the number of king moves from one to the other.
pub const fn king_distance(a: usize, b: usize) -> usize {
    let df = (a % 8).abs_diff(b % 8);
    let dr = (a / 8).abs_diff(b / 8);
    if df > dr { df } else { dr }
}

/// Per square and distance 0-7: the squares exactly that many king moves away.
pub const RINGS: [[Bitboard; 8]; 64] = {
    let mut t = [[Bitboard(0); 8]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b: usize = 0;
        while b < 64 {
            t[a][king_distance(a, b)].0 |= 1u64 << b;
            b += 1;
        }
        a += 1;
    }
    t
};
