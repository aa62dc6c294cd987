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

use crate::config::Config;
use crate::core::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::core::{Bitboard, Color, File, Position, Rank, Role, Square};

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

/// Scores positions, with weights taken from a [`Config`]. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Material per piece kind, centipawns.
    values: [i32; 6],
    /// Piece-square tables from White's point of view, material not included.
    pst: [[Pair; 64]; 6],
    mobility: i32,
    king_safety: i32,
    bishop_pair: Pair,
    rook_open: i32,
    rook_semi_open: i32,
    rook_seventh: Pair,
    threat: Pair,
    /// Ending bonus per square of king distance around a passed pawn (see `pawns`).
    passer_king: i32,
    doubled: Pair,
    isolated: Pair,
    /// Passed-pawn bonus by relative rank.
    passed: [Pair; 8],
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

/// Our own piece-square tables, built from a few plain ideas rather than typed-in numbers:
/// knights and bishops want the centre, pawns want to advance (central ones first), rooks
/// want the seventh rank, the king hides in a corner in the middlegame and comes to the
/// centre in the ending.
fn piece_square_tables(scale: f64) -> [[Pair; 64]; 6] {
    let mut t = [[Pair::default(); 64]; 6];
    for sq in Square::ALL {
        let cd = centre_distance(sq);
        let f = sq.file() as i32;
        let r = sq.rank() as i32;
        let central_file = matches!(f, 3 | 4);
        let pawn = if (1..7).contains(&r) {
            let mg = (r - 1) * 3
                + if central_file {
                    [0, -5, 5, 20, 22, 15, 10, 0][r as usize]
                } else {
                    0
                }
                - if (2..=5).contains(&f) { 0 } else { 2 };
            Pair(mg, (r - 1) * 8)
        } else {
            Pair::default()
        };
        let knight = Pair(20 - 12 * cd, 15 - 10 * cd);
        let on_long_diagonal = f == r || f + r == 7;
        let bishop = Pair(
            10 - 5 * cd + if on_long_diagonal { 8 } else { 0 },
            10 - 5 * cd,
        );
        let rook = Pair(
            if r == 6 { 20 } else { 0 } + if central_file { 5 } else { 0 },
            if r == 6 { 15 } else { 0 },
        );
        let queen = Pair(3 - 2 * cd, 15 - 8 * cd);
        let king_mg = match r {
            0 => [20, 30, 10, 0, 0, 10, 30, 20][f as usize],
            1 => [10, 10, -5, -15, -15, -5, 10, 10][f as usize],
            _ => -25 - 10 * (r - 2).min(3),
        };
        let king = Pair(king_mg, 30 - 15 * cd);
        for (role, pair) in [pawn, knight, bishop, rook, queen, king]
            .into_iter()
            .enumerate()
        {
            t[role][sq as usize] = Pair(
                (pair.0 as f64 * scale).round() as i32,
                (pair.1 as f64 * scale).round() as i32,
            );
        }
    }
    t
}

impl Evaluator {
    /// The evaluation with the weights of `config`.
    pub fn from_config(config: &Config) -> Evaluator {
        let p = &config.pieces;
        let e = &config.eval;
        let h = &config.huo;
        let passed_base = [0, 5, 10, 18, 32, 55, 90, 0];
        let mut passed = [Pair::default(); 8];
        for (rank, bonus) in passed.iter_mut().enumerate() {
            let b = passed_base[rank] as f64 * e.passed_pawn;
            let ending = if rank > 0 && rank < 7 {
                cp(h.passed_pawn_ending) * (rank as i32 - 1)
            } else {
                0
            };
            *bonus = Pair((b * 0.6).round() as i32, (b * 1.2).round() as i32 + ending);
        }
        Evaluator {
            values: [
                cp(p.pawn),
                cp(p.knight),
                cp(p.bishop),
                cp(p.rook),
                cp(p.queen),
                0,
            ],
            pst: piece_square_tables(e.piece_squares),
            mobility: cp(e.mobility),
            king_safety: cp(e.king_safety),
            bishop_pair: Pair(cp(e.bishop_pair), cp(e.bishop_pair) * 3 / 2),
            rook_open: cp(e.rook_open_file),
            rook_semi_open: cp(e.rook_semi_open_file),
            rook_seventh: Pair(cp(e.rook_seventh), cp(e.rook_seventh) * 3 / 2),
            threat: Pair(cp(e.threats), cp(e.threats) * 2 / 3),
            passer_king: (e.passed_pawn * 5.0).round() as i32,
            doubled: Pair(cp(e.doubled_pawn), cp(e.doubled_pawn) * 2),
            isolated: Pair(cp(e.isolated_pawn), cp(e.isolated_pawn) * 3 / 2),
            passed,
            tempo: cp(e.tempo),
            centre_pawns: cp(h.centre_pawns),
            early_queen: cp(h.early_queen),
            early_king_rook: cp(h.early_king_rook),
            knight_rim: Pair(cp(h.knight_rim), cp(h.knight_rim) / 2),
            rook_pawn_push: cp(h.rook_pawn_push),
        }
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
        let phase = Role::ALL
            .iter()
            .map(|&r| PHASE[r as usize] * pos.by_role(r).count() as i32)
            .sum::<i32>()
            .min(MAX_PHASE);
        let total = self.side(pos, Color::White, phase) - self.side(pos, Color::Black, phase);
        let blended = (total.0 * phase + total.1 * (MAX_PHASE - phase)) / MAX_PHASE;
        let white = self.scale_drawish(pos, blended) + self.mop_up(pos, blended);
        let us = if pos.turn() == Color::White {
            white
        } else {
            -white
        };
        us + self.tempo
    }

    /// Everything `color` has, as a middlegame/endgame pair.
    fn side(&self, pos: &Position, us: Color, phase: i32) -> Pair {
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
            let material = self.values[role as usize];
            for sq in pos.pieces(us, role) {
                let rel = if us == Color::White {
                    sq
                } else {
                    sq.flip_rank()
                };
                s += Pair(material, material) + self.pst[role as usize][rel as usize];
                let attacks = match role {
                    Role::Knight => knight_attacks(sq),
                    Role::Bishop => bishop_attacks(sq, occupied),
                    Role::Rook => rook_attacks(sq, occupied),
                    Role::Queen => queen_attacks(sq, occupied),
                    _ => continue,
                };
                let reach = (attacks & !own & !pawn_guarded).count() as i32;
                s += Pair(self.mobility, self.mobility) * (reach - 4);
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
                        s += Pair(self.rook_open, self.rook_open / 2);
                    } else if (file & our_pawns).is_empty() {
                        s += Pair(self.rook_semi_open, self.rook_semi_open / 2);
                    }
                    let seventh = Bitboard::rank(Rank::Seventh.relative_to(us));
                    let eighth = Bitboard::rank(Rank::Eighth.relative_to(us));
                    if seventh.has(sq) && ((seventh & their_pawns).any() || eighth.has(their_king))
                    {
                        s += self.rook_seventh;
                    }
                }
                if role == Role::Knight && matches!(sq.file(), File::A | File::H) {
                    s = s - self.knight_rim;
                }
            }
        }

        s += self.threat * threats;

        // King safety: an attack with several pieces is worth far more than with one.
        if attackers >= 2 && pos.pieces(us, Role::Queen).any() {
            let danger = king_attack * king_attack * attackers / 4;
            s += Pair(danger.min(500) * self.king_safety / 100, 0);
        }
        let king = pos.king(us);
        let shield = pawn_shield(us, king) & our_pawns;
        s += Pair(
            shield.count().min(3) as i32 * 12 * self.king_safety / 100,
            0,
        );

        if pos.pieces(us, Role::Bishop).more_than_one() {
            s += self.bishop_pair;
        }
        s += self.pawns(pos, us, our_pawns, their_pawns);
        if phase > 16 {
            s += Pair(self.opening_hints(pos, us), 0);
        }
        s
    }

    /// Pawn structure: doubled and isolated pawns cost, passed pawns gain as they advance.
    fn pawns(&self, pos: &Position, us: Color, ours: Bitboard, theirs: Bitboard) -> Pair {
        let mut s = Pair::default();
        let (our_king, their_king) = (pos.king(us), pos.king(!us));
        for sq in ours {
            let file = sq.file() as usize;
            let file_bb = Bitboard::file(sq.file());
            let beside = adjacent_files(file);
            let ahead = forward_ranks(us, sq.rank());
            if (file_bb & ahead & ours).any() {
                s = s - self.doubled;
            }
            if (beside & ours).is_empty() {
                s = s - self.isolated;
            }
            if ((file_bb | beside) & ahead & theirs).is_empty()
                && (file_bb & ahead & ours).is_empty()
            {
                let rank = sq.rank().relative_to(us) as i32;
                s += self.passed[rank as usize];
                // In the ending a passed pawn needs its king beside it and the enemy king
                // far from the square in front of it (the square it must cross next).
                let forward = if us == Color::White { 1 } else { -1 };
                if rank >= 3
                    && let Some(front) = sq.offset(0, forward)
                {
                    let w = (rank - 2) * self.passer_king;
                    let reach = 2 * distance(their_king, front) - distance(our_king, front);
                    s += Pair(0, w * reach);
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
