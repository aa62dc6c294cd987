//! Evaluation: how good is a position for the side to move, in centipawns (1/100 pawn).
//!
//! This is Huo Chess's `CountScore`, grown up. The original added up the material (Queen 9,
//! Rook 5, Bishop 3, Knight 3, Pawn 1) and a few hints (pawns in the centre, do not bring the
//! queen out early, do not move the king and rooks before castling, knights away from the
//! rim, do not push the rook pawns, push passed pawns in the ending). We keep all of that,
//! with every weight read from the configuration, and add the terms of a modern engine:
//! piece-square tables, mobility, king safety, pawn structure, the bishop pair, rooks on
//! open files and the seventh rank, and threats (a piece attacked by a pawn, or by a lighter
//! piece, must usually move: the attacker gains time).
//!
//! Most terms count differently in the middlegame and in the ending (a king must hide while
//! queens are on the board and walk to the centre once they are gone). So each term has a
//! middlegame and an endgame value, and the two are blended by the *phase*, which is how
//! much non-pawn material is left: 24 at the start (knight and bishop 1, rook 2, queen 4),
//! 0 in a pawn ending. This is called a *tapered* evaluation.
//!
//! The numbers of the modern terms were not guessed: they were fitted to positions scored
//! by a strong engine (`trace.rs` explains how, `tables.rs` holds the tables). The Huo
//! hints and the piece values are the configuration's, as the tutorials give them.

use crate::config::Config;
use crate::core::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::core::{Bitboard, Color, File, Position, Rank, Role, Square};
use trace::{Features, NoTrace, Trace, param};

mod tables;
pub mod trace;

// The endgame share of the weights the configuration names in pawns: a bishop pair and a
// rook on the seventh count more in the ending, a rook on an open file less, doubled
// pawns (harder to defend and to promote) twice as much.
const BISHOP_PAIR_EG: f64 = 1.5;
const ROOK_FILE_EG: f64 = 0.5;
const ROOK_SEVENTH_EG: f64 = 1.5;
const THREAT_EG: f64 = 0.65;
const DOUBLED_EG: f64 = 2.0;
const ISOLATED_EG: f64 = 1.5;

/// A middlegame and an endgame value, blended by the phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Pair(i32, i32);

impl std::ops::Add for Pair {
    type Output = Pair;
    fn add(self, o: Pair) -> Pair {
        Pair(self.0 + o.0, self.1 + o.1)
    }
}
impl std::ops::Sub for Pair {
    type Output = Pair;
    fn sub(self, o: Pair) -> Pair {
        Pair(self.0 - o.0, self.1 - o.1)
    }
}
impl std::ops::AddAssign for Pair {
    fn add_assign(&mut self, o: Pair) {
        *self = *self + o;
    }
}
impl std::ops::Mul<i32> for Pair {
    type Output = Pair;
    fn mul(self, k: i32) -> Pair {
        Pair(self.0 * k, self.1 * k)
    }
}

/// The phase weight of each piece kind (pawn, knight, bishop, rook, queen, king).
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const MAX_PHASE: i32 = 24;

/// How much non-pawn material is on the board, 24 at the start down to 0.
fn phase(pos: &Position) -> i32 {
    Role::ALL
        .iter()
        .map(|&r| PHASE[r as usize] * pos.by_role(r).count() as i32)
        .sum::<i32>()
        .min(MAX_PHASE)
}

/// Scores positions, with weights taken from a [`Config`]. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Material per piece kind, centipawns, as configured (what the search weighs).
    values: [i32; 6],
    /// Material per piece kind as the evaluation counts it: the configured value times the
    /// tuned middlegame and endgame shares of `tables::MATERIAL`.
    material: [Pair; 6],
    /// Piece-square tables from White's point of view, material not included.
    pst: [[Pair; 64]; 6],
    /// Mobility by the number of squares reached, for knight, bishop, rook and queen.
    mobility: [[Pair; 28]; 4],
    king_safety: i32,
    /// Per pawn sheltering the king.
    shield: i32,
    bishop_pair: Pair,
    rook_open: Pair,
    rook_semi_open: Pair,
    rook_seventh: Pair,
    threat: Pair,
    /// Ending bonus per square of king distance around a passed pawn (see `pawns`).
    passer_king: i32,
    doubled: Pair,
    isolated: Pair,
    /// Passed-pawn bonus by relative rank.
    passed: [Pair; 8],
    /// The Huo hint: ending bonus per rank a passed pawn has advanced.
    passed_ending: i32,
    tempo: i32,
    centre_pawns: i32,
    early_queen: i32,
    early_king_rook: i32,
    knight_rim: Pair,
    rook_pawn_push: i32,
}

impl Default for Evaluator {
    fn default() -> Self {
        Evaluator::from_config(&Config::default())
    }
}

/// Pawns (as the config writes them) to centipawns.
fn cp(pawns: f64) -> i32 {
    (pawns * 100.0).round() as i32
}

/// Distance from the centre, 0 (d4, e4, d5, e5) to 3 (edge).
fn centre_distance(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    df.max(dr)
}

impl Evaluator {
    /// The evaluation with the weights of `config`: the tuned tables of `tables.rs` times
    /// the configured scales, and the named weights as the configuration gives them.
    pub fn from_config(config: &Config) -> Evaluator {
        let p = &config.pieces;
        let e = &config.eval;
        let h = &config.huo;
        let scaled = |pair: Pair, k: f64| {
            Pair(
                (pair.0 as f64 * k).round() as i32,
                (pair.1 as f64 * k).round() as i32,
            )
        };
        // A pawn-valued weight with a fixed share in the ending (`eg` times the middlegame).
        let named = |pawns: f64, eg: f64| Pair(cp(pawns), (cp(pawns) as f64 * eg).round() as i32);
        let values = [
            cp(p.pawn),
            cp(p.knight),
            cp(p.bishop),
            cp(p.rook),
            cp(p.queen),
            0,
        ];
        let mut material = [Pair::default(); 6];
        for (i, share) in tables::MATERIAL.iter().enumerate() {
            material[i] = scaled(*share, values[i] as f64 / 1000.0);
        }
        Evaluator {
            values,
            material,
            pst: tables::PST.map(|table| table.map(|v| scaled(v, e.piece_squares))),
            mobility: tables::MOBILITY.map(|table| table.map(|v| scaled(v, e.mobility))),
            king_safety: cp(e.king_safety),
            shield: (tables::SHIELD as f64 * e.king_safety).round() as i32,
            bishop_pair: named(e.bishop_pair, BISHOP_PAIR_EG),
            rook_open: named(e.rook_open_file, ROOK_FILE_EG),
            rook_semi_open: named(e.rook_semi_open_file, ROOK_FILE_EG),
            rook_seventh: named(e.rook_seventh, ROOK_SEVENTH_EG),
            threat: named(e.threats, THREAT_EG),
            passer_king: (tables::PASSER_KING as f64 * e.passed_pawn).round() as i32,
            doubled: named(e.doubled_pawn, DOUBLED_EG),
            isolated: named(e.isolated_pawn, ISOLATED_EG),
            passed: tables::PASSED.map(|v| scaled(v, e.passed_pawn)),
            passed_ending: cp(h.passed_pawn_ending),
            tempo: cp(e.tempo),
            centre_pawns: cp(h.centre_pawns),
            early_queen: cp(h.early_queen),
            early_king_rook: cp(h.early_king_rook),
            knight_rim: Pair(cp(h.knight_rim), cp(h.knight_rim) / 2),
            rook_pawn_push: cp(h.rook_pawn_push),
        }
    }

    /// The tuned weights of this evaluation as one vector, indexed by [`trace::param`]
    /// (what the tuner starts from).
    pub fn params(&self) -> Vec<f64> {
        use trace::param;
        let mut theta = vec![0.0; param::COUNT];
        let mut set = |i: usize, v: Pair| {
            theta[i] = v.0 as f64;
            theta[i + 1] = v.1 as f64;
        };
        for role in Role::ALL {
            for sq in Square::ALL {
                set(param::pst(role, sq), self.pst[role as usize][sq as usize]);
            }
            if role != Role::King {
                set(param::material(role), self.material[role as usize]);
            }
        }
        for (i, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .enumerate()
        {
            for n in 0..param::MOBILITY_SIZES[i] {
                set(param::mobility(role, n), self.mobility[i][n]);
            }
        }
        for rank in 0..8 {
            set(param::passed(rank), self.passed[rank]);
        }
        theta[param::PASSER_KING] = self.passer_king as f64;
        theta[param::SHIELD] = self.shield as f64;
        theta[param::BISHOP_PAIR] = self.bishop_pair.0 as f64;
        theta[param::ROOK_OPEN] = self.rook_open.0 as f64;
        theta[param::ROOK_SEMI_OPEN] = self.rook_semi_open.0 as f64;
        theta[param::ROOK_SEVENTH] = self.rook_seventh.0 as f64;
        theta[param::THREAT] = self.threat.0 as f64;
        theta[param::DOUBLED] = self.doubled.0 as f64;
        theta[param::ISOLATED] = self.isolated.0 as f64;
        theta
    }

    /// The material value of a piece kind in centipawns (for move ordering and pruning).
    #[inline]
    pub fn value(&self, role: Role) -> i32 {
        self.values[role as usize]
    }

    /// The material values of all piece kinds, indexed by [`Role`].
    #[inline]
    pub fn values(&self) -> &[i32; 6] {
        &self.values
    }

    /// The score of `pos` from the side to move's point of view, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let white = self.white_score(pos, &mut NoTrace);
        let us = if pos.turn() == Color::White {
            white
        } else {
            -white
        };
        us + self.tempo
    }

    /// The score of `pos` from White's point of view (without the side-to-move bonus), and
    /// the tuned weights it used: what the tuner needs.
    pub fn trace(&self, pos: &Position) -> (i32, Features) {
        let mut features = Features::default();
        let white = self.white_score(pos, &mut features);
        features.phase = phase(pos);
        (white, features)
    }

    fn white_score<T: Trace>(&self, pos: &Position, t: &mut T) -> i32 {
        let phase = phase(pos);
        t.side(1);
        let white = self.side(pos, Color::White, phase, t);
        t.side(-1);
        let total = white - self.side(pos, Color::Black, phase, t);
        let blended = (total.0 * phase + total.1 * (MAX_PHASE - phase)) / MAX_PHASE;
        self.scale_drawish(pos, blended) + self.mop_up(pos, blended)
    }

    /// Everything `color` has, as a middlegame/endgame pair.
    fn side<T: Trace>(&self, pos: &Position, us: Color, phase: i32, t: &mut T) -> Pair {
        let them = !us;
        let occupied = pos.occupied();
        let own = pos.by_color(us);
        let our_pawns = pos.pieces(us, Role::Pawn);
        let their_pawns = pos.pieces(them, Role::Pawn);
        let mut s = Pair::default();

        // Squares attacked by enemy pawns are no place for our pieces: not counted as mobility.
        let mut pawn_guarded = Bitboard::EMPTY;
        for sq in their_pawns {
            pawn_guarded |= pawn_attacks(them, sq);
        }
        // Threats: their pieces our pawns attack, and heavy pieces our lighter ones attack.
        let mut our_pawn_attacks = Bitboard::EMPTY;
        for sq in our_pawns {
            our_pawn_attacks |= pawn_attacks(us, sq);
        }
        let their_pieces =
            pos.by_color(them) & !(pos.by_role(Role::Pawn) | pos.by_role(Role::King));
        let their_heavy = pos.by_color(them) & (pos.by_role(Role::Rook) | pos.by_role(Role::Queen));
        let mut threats = (our_pawn_attacks & their_pieces).count() as i32;
        let their_king = pos.king(them);
        let king_zone = king_attacks(their_king) | Bitboard::from_square(their_king);
        let mut king_attack = 0;
        let mut attackers = 0;

        for role in Role::ALL {
            let material = self.material[role as usize];
            for sq in pos.pieces(us, role) {
                let rel = if us == Color::White {
                    sq
                } else {
                    sq.flip_rank()
                };
                s += material + self.pst[role as usize][rel as usize];
                let i = param::pst(role, rel);
                t.add(i, 1.0, 0.0);
                t.add(i + 1, 0.0, 1.0);
                if role != Role::King {
                    let i = param::material(role);
                    t.add(i, 1.0, 0.0);
                    t.add(i + 1, 0.0, 1.0);
                }
                let attacks = match role {
                    Role::Knight => knight_attacks(sq),
                    Role::Bishop => bishop_attacks(sq, occupied),
                    Role::Rook => rook_attacks(sq, occupied),
                    Role::Queen => queen_attacks(sq, occupied),
                    _ => continue,
                };
                let reach = (attacks & !own & !pawn_guarded).count() as usize;
                s += self.mobility[role as usize - 1][reach];
                let i = param::mobility(role, reach);
                t.add(i, 1.0, 0.0);
                t.add(i + 1, 0.0, 1.0);
                threats += match role {
                    Role::Knight | Role::Bishop => (attacks & their_heavy).count() as i32,
                    Role::Rook => (attacks & pos.pieces(them, Role::Queen)).count() as i32,
                    _ => 0,
                };
                let near_king = (attacks & king_zone).count() as i32;
                if near_king > 0 {
                    attackers += 1;
                    king_attack += near_king * [0, 2, 2, 3, 5, 0][role as usize];
                }
                if role == Role::Rook {
                    let file = Bitboard::file(sq.file());
                    if (file & (our_pawns | their_pawns)).is_empty() {
                        s += self.rook_open;
                        t.add(param::ROOK_OPEN, 1.0, ROOK_FILE_EG as f32);
                    } else if (file & our_pawns).is_empty() {
                        s += self.rook_semi_open;
                        t.add(param::ROOK_SEMI_OPEN, 1.0, ROOK_FILE_EG as f32);
                    }
                    let seventh = Bitboard::rank(Rank::Seventh.relative_to(us));
                    let eighth = Bitboard::rank(Rank::Eighth.relative_to(us));
                    if seventh.has(sq) && ((seventh & their_pawns).any() || eighth.has(their_king))
                    {
                        s += self.rook_seventh;
                        t.add(param::ROOK_SEVENTH, 1.0, ROOK_SEVENTH_EG as f32);
                    }
                }
                if role == Role::Knight && matches!(sq.file(), File::A | File::H) {
                    s = s - self.knight_rim;
                }
            }
        }

        s += self.threat * threats;
        t.add(
            param::THREAT,
            threats as f32,
            threats as f32 * THREAT_EG as f32,
        );

        // King safety: an attack with several pieces is worth far more than with one.
        if attackers >= 2 && pos.pieces(us, Role::Queen).any() {
            let danger = king_attack * king_attack * attackers / 4;
            s += Pair(danger.min(500) * self.king_safety / 100, 0);
        }
        let king = pos.king(us);
        let shield = (pawn_shield(us, king) & our_pawns).count().min(3) as i32;
        s += Pair(shield * self.shield, 0);
        t.add(param::SHIELD, shield as f32, 0.0);

        if pos.pieces(us, Role::Bishop).more_than_one() {
            s += self.bishop_pair;
            t.add(param::BISHOP_PAIR, 1.0, BISHOP_PAIR_EG as f32);
        }
        s += self.pawns(pos, us, our_pawns, their_pawns, t);
        if phase > 16 {
            s += Pair(self.opening_hints(pos, us), 0);
        }
        s
    }

    /// Pawn structure: doubled and isolated pawns cost, passed pawns gain as they advance.
    fn pawns<T: Trace>(
        &self,
        pos: &Position,
        us: Color,
        ours: Bitboard,
        theirs: Bitboard,
        t: &mut T,
    ) -> Pair {
        let mut s = Pair::default();
        let (our_king, their_king) = (pos.king(us), pos.king(!us));
        for sq in ours {
            let file = sq.file() as usize;
            let file_bb = Bitboard::file(sq.file());
            let beside = adjacent_files(file);
            let ahead = forward_ranks(us, sq.rank());
            if (file_bb & ahead & ours).any() {
                s = s - self.doubled;
                t.add(param::DOUBLED, -1.0, -DOUBLED_EG as f32);
            }
            if (beside & ours).is_empty() {
                s = s - self.isolated;
                t.add(param::ISOLATED, -1.0, -ISOLATED_EG as f32);
            }
            if ((file_bb | beside) & ahead & theirs).is_empty()
                && (file_bb & ahead & ours).is_empty()
            {
                let rank = sq.rank().relative_to(us) as i32;
                s += self.passed[rank as usize] + Pair(0, self.passed_ending * (rank - 1));
                let i = param::passed(rank as usize);
                t.add(i, 1.0, 0.0);
                t.add(i + 1, 0.0, 1.0);
                // In the ending a passed pawn needs its king beside it and the enemy king
                // far from the square in front of it (the square it must cross next).
                let forward = if us == Color::White { 1 } else { -1 };
                if rank >= 3
                    && let Some(front) = sq.offset(0, forward)
                {
                    let w = (rank - 2) * self.passer_king;
                    let reach = 2 * distance(their_king, front) - distance(our_king, front);
                    s += Pair(0, w * reach);
                    t.add(param::PASSER_KING, 0.0, ((rank - 2) * reach) as f32);
                }
            }
        }
        s
    }

    /// The original Huo Chess opening hints (only while most pieces are on the board).
    fn opening_hints(&self, pos: &Position, us: Color) -> i32 {
        let mut s = 0;
        let pawns = pos.pieces(us, Role::Pawn);
        for f in [File::D, File::E] {
            for r in [Rank::Fourth, Rank::Fifth] {
                if pawns.has(Square::new(f, r)) {
                    s += self.centre_pawns;
                }
            }
        }
        let back = us.back_rank();
        let home_minors =
            (pos.pieces(us, Role::Knight) | pos.pieces(us, Role::Bishop)) & Bitboard::rank(back);
        if !pos.pieces(us, Role::Queen).has(Square::new(File::D, back)) && home_minors.count() >= 2
        {
            s -= self.early_queen;
        }
        let king = pos.king(us);
        let castled =
            king.rank() == back && matches!(king.file(), File::B | File::C | File::G | File::H);
        if !castled && !pos.castling().has(us, true) && !pos.castling().has(us, false) {
            s -= self.early_king_rook;
        }
        let pawn_rank = us.pawn_rank();
        for f in [File::A, File::H] {
            let file_pawns = pawns & Bitboard::file(f);
            if file_pawns.any() && !file_pawns.has(Square::new(f, pawn_rank)) {
                s -= self.rook_pawn_push;
            }
        }
        s
    }

    /// Endings where the side ahead has no pawns and only a minor piece more cannot be won:
    /// shrink the score so the engine does not play for a win that is not there.
    fn scale_drawish(&self, pos: &Position, white: i32) -> i32 {
        let strong = if white > 0 {
            Color::White
        } else {
            Color::Black
        };
        if pos.pieces(strong, Role::Pawn).any() {
            return white;
        }
        let material = |c: Color| {
            [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
                .iter()
                .map(|&r| self.values[r as usize] * pos.pieces(c, r).count() as i32)
                .sum::<i32>()
        };
        if material(strong) - material(!strong)
            <= self.values[Role::Bishop as usize].max(self.values[Role::Knight as usize])
        {
            white / 8
        } else {
            white
        }
    }

    /// With a winning material edge and no pawns left for the loser, drive its king to the
    /// edge and bring ours closer: how king-and-rook beats king.
    fn mop_up(&self, pos: &Position, white: i32) -> i32 {
        if white.abs() < 300 {
            return 0;
        }
        let strong = if white > 0 {
            Color::White
        } else {
            Color::Black
        };
        let weak = !strong;
        if (pos.by_color(weak) & !pos.by_role(Role::King)).any() {
            return 0;
        }
        let (wk, sk) = (pos.king(weak), pos.king(strong));
        let distance = (wk.file() as i32 - sk.file() as i32)
            .abs()
            .max((wk.rank() as i32 - sk.rank() as i32).abs());
        let bonus = 20 * centre_distance(wk) + 10 * (7 - distance);
        if strong == Color::White {
            bonus
        } else {
            -bonus
        }
    }
}

/// King distance: the number of king moves from one square to the other.
fn distance(a: Square, b: Square) -> i32 {
    (a.file() as i32 - b.file() as i32)
        .abs()
        .max((a.rank() as i32 - b.rank() as i32).abs())
}

/// The squares in front of a king on its back ranks where its sheltering pawns stand.
fn pawn_shield(us: Color, king: Square) -> Bitboard {
    let mut shield = Bitboard::EMPTY;
    let dir = if us == Color::White { 1 } else { -1 };
    for df in -1..=1 {
        for dr in [dir, 2 * dir] {
            if let Some(sq) = king.offset(df, dr) {
                shield = shield.with(sq);
            }
        }
    }
    shield
}

fn adjacent_files(file: usize) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    if file > 0 {
        b |= Bitboard::file(File::ALL[file - 1]);
    }
    if file < 7 {
        b |= Bitboard::file(File::ALL[file + 1]);
    }
    b
}

/// The ranks strictly in front of `rank` from `us`'s point of view.
fn forward_ranks(us: Color, rank: Rank) -> Bitboard {
    let r = rank as u32;
    match us {
        Color::White if r < 7 => Bitboard(!0u64 << (8 * (r + 1))),
        Color::Black if r > 0 => Bitboard(!0u64 >> (8 * (8 - r))),
        _ => Bitboard::EMPTY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        Evaluator::default().evaluate(&Position::from_fen(fen).unwrap())
    }

    #[test]
    fn start_position_is_nearly_equal() {
        let s = eval(Position::STARTING_FEN);
        assert!(s.abs() <= 30, "{s}");
    }

    #[test]
    fn symmetric_positions_score_the_same_for_either_side() {
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let mirrored = mirror(&pos);
            let e = Evaluator::default();
            assert_eq!(e.evaluate(&pos), e.evaluate(&mirrored), "{fen}");
        }
    }

    /// The same position with colours swapped and the board turned over.
    fn mirror(pos: &Position) -> Position {
        let fen = pos.fen();
        let fields: Vec<&str> = fen.split(' ').collect();
        let board: Vec<String> = fields[0]
            .split('/')
            .rev()
            .map(|row| {
                row.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let turn = if fields[1] == "w" { "b" } else { "w" };
        let castling: String = if fields[2] == "-" {
            "-".into()
        } else {
            let mut c: Vec<char> = fields[2]
                .chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect();
            c.sort_by_key(|c| (c.is_ascii_lowercase(), *c != 'K' && *c != 'k'));
            c.into_iter().collect()
        };
        Position::from_fen(&format!("{} {turn} {castling} - 0 1", board.join("/"))).unwrap()
    }

    #[test]
    fn the_trace_accounts_for_every_tuned_weight() {
        // Changing only tuned weights must change the score exactly as the trace predicts:
        // the untraced part stays fixed, the traced part is linear in the weights.
        let base = Evaluator::default();
        let mut config = Config::default();
        (config.pieces.knight, config.pieces.rook) = (3.4, 4.5);
        let e = &mut config.eval;
        (e.piece_squares, e.mobility, e.passed_pawn) = (1.7, 0.6, 1.4);
        (e.bishop_pair, e.rook_open_file, e.rook_seventh) = (0.5, 0.35, 0.45);
        (e.threats, e.doubled_pawn, e.isolated_pawn) = (0.2, 0.3, 0.07);
        let changed = Evaluator::from_config(&config);
        for fen in [
            "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "2r3k1/1R3ppp/p3p3/3pP3/1P1P4/P4N2/5PPP/6K1 b - - 0 30",
            "8/5k2/1P6/3K4/8/6p1/8/8 w - - 0 60",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let (white, features) = base.trace(&pos);
            let fixed = white as f64 - features.score(&base.params());
            let predicted = fixed + features.score(&changed.params());
            let actual = changed.trace(&pos).0 as f64;
            assert!(
                (predicted - actual).abs() <= 1.0,
                "{fen}: {predicted} {actual}"
            );
            assert!(
                (white as f64 - actual).abs() > 5.0,
                "{fen}: weights had no effect"
            );
        }
    }

    #[test]
    fn an_extra_queen_is_worth_about_nine_pawns() {
        let s = eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        assert!((850..1400).contains(&s), "{s}");
    }

    #[test]
    fn piece_values_come_from_the_config() {
        let mut config = Config::default();
        config.pieces.queen = 9.5;
        let e = Evaluator::from_config(&config);
        assert_eq!(e.value(Role::Queen), 950);
        // The evaluation counts the configured value (times its tuned phase shares).
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        let gain = e.evaluate(&pos) - Evaluator::default().evaluate(&pos);
        assert!((35..=75).contains(&gain), "{gain}");
    }

    #[test]
    fn passed_pawns_gain_as_they_advance() {
        let far = eval("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
        let near = eval("4k3/8/P7/8/8/8/8/4K3 w - - 0 1");
        assert!(near > far + 50, "{far} {near}");
    }

    #[test]
    fn a_passed_pawn_wants_its_king_near_and_the_enemy_king_far() {
        // Same material and pawn; only the kings stand differently around the pawn on b6.
        let escorted = eval("7k/8/1PK5/8/8/8/8/8 w - - 0 1");
        let caught = eval("8/1k6/1P6/8/8/8/8/7K w - - 0 1");
        assert!(escorted > caught + 50, "{escorted} {caught}");
    }

    #[test]
    fn a_piece_attacked_by_a_pawn_is_a_threat() {
        // The black knight on d5 attacked by the e4 pawn, against the same knight on b5 unattacked.
        let threatened = eval("r2qk3/pp6/8/3n4/4P3/8/PP6/R2QK3 w - - 0 1");
        let quiet = eval("r2qk3/pp6/8/1n6/4P3/8/PP6/R2QK3 w - - 0 1");
        let none = Evaluator::from_config(&Config {
            eval: crate::config::EvalWeights {
                threats: 0.0,
                ..Config::default().eval
            },
            ..Config::default()
        });
        let weigh = |e: &Evaluator, fen: &str| e.evaluate(&Position::from_fen(fen).unwrap());
        let gain = threatened - quiet;
        let gain_without = weigh(&none, "r2qk3/pp6/8/3n4/4P3/8/PP6/R2QK3 w - - 0 1")
            - weigh(&none, "r2qk3/pp6/8/1n6/4P3/8/PP6/R2QK3 w - - 0 1");
        assert!(gain >= gain_without + 20, "{gain} {gain_without}");
    }
}
