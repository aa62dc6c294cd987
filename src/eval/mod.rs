//! Evaluation: how good is a position for the side to move, in centipawns (1/100 pawn).
//!
//! This is Huo Chess's `CountScore`, grown up. The original added up the material (Queen 9,
//! Rook 5, Bishop 3, Knight 3, Pawn 1) and a few hints (pawns in the centre, do not bring the
//! queen out early, do not move the king and rooks before castling, knights away from the
//! rim, do not push the rook pawns, push passed pawns in the ending). We keep all of that,
//! with every weight read from the configuration, and add what a modern engine weighs:
//!
//! - **where the pieces stand** (piece-square tables) and **how far they reach** (mobility);
//! - **pawn structure**: doubled, isolated and backward pawns are weak; pawns side by side
//!   or defended by a pawn are strong; a *passed* pawn (no enemy pawn can stop it) grows
//!   in worth as it advances, more when its path is free and, in the ending, when our
//!   king is near it and theirs is far;
//! - **king safety**: the pawns in front of the king (shelter), enemy pawns marching at it
//!   (storm), and the *danger* of an attack: the more enemy pieces aim at the squares
//!   around the king, the more safe checks they have, the worse, and it grows as the
//!   square of the danger (one attacker is nothing, four are deadly);
//! - **pieces**: the bishop pair, knights and bishops on *outposts* (squares no enemy pawn
//!   can chase them from), bishops hemmed in by their own pawns, rooks on open files and
//!   on the seventh rank;
//! - **threats**: a piece attacked by a pawn, or by a lighter piece, or left undefended,
//!   must usually move: the attacker gains time.
//!
//! Most terms count differently in the middlegame and in the ending (a king must hide while
//! queens are on the board and walk to the centre once they are gone). So each term has a
//! middlegame and an endgame value, and the two are blended by the *phase*, which is how
//! much non-pawn material is left: 24 at the start (knight and bishop 1, rook 2, queen 4),
//! 0 in a pawn ending. This is called a *tapered* evaluation.
//!
//! The numbers were not guessed: they were fitted to positions scored by a strong engine
//! (`trace.rs` explains how, `terms.rs` names each weight, `tables.rs` holds them). The Huo
//! hints and the piece values are the configuration's, as the tutorials give them.

use crate::core::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::core::{Bitboard, Color, File, Position, Rank, Role, Square};
pub use pawn_cache::PawnCache;
pub use settings::{EvalWeights, HuoHints, PieceValues, Settings};
use taper::{FULL_SCALE, phase};
pub use taper::{Pair, TAPER_UNIT, taper, taper_exact};
use trace::{NoTrace, Trace};

pub mod chances;
pub mod explain;
mod masks;
mod pawn_cache;
mod settings;
mod tables;
mod taper;
pub mod terms;
pub mod trace;

use masks::{ADJACENT_FILES, ATTACK_SPAN, DARK_SQUARES, FRONT, PASSED_SPAN, WINGS};

/// Scores positions, with weights taken from its [`Settings`]. Cheap to share.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Material per piece kind, centipawns, as configured (what the search weighs).
    values: [i32; 6],
    /// Every term's weight (see [`terms`]): the tuned tables times the configured scales,
    /// and the named weights as configured.
    w: Box<[Pair; terms::COUNT]>,
    /// The king-danger weights, tuned.
    danger: [i32; terms::DANGER_COUNT],
    /// Scale of the danger cost, in percent.
    king_safety: i32,
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
        Evaluator::new(&Settings::default())
    }
}

impl Evaluator {
    /// The evaluation exactly as fitted (see [`Settings::as_fitted`]): what the tuner
    /// starts from.
    pub fn as_fitted() -> Evaluator {
        Evaluator::new(&Settings::as_fitted())
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

/// What one side's pieces attack, gathered while its pieces are scored.
#[derive(Clone, Copy, Default)]
struct Attacks {
    /// Squares attacked by our pawns, knights, bishops, rooks, queens, king.
    by: [Bitboard; 6],
    /// Squares attacked by anything of ours.
    all: Bitboard,
    /// Squares attacked at least twice.
    twice: Bitboard,
    /// Our knights, bishops, rooks, queens attacking the squares around the enemy king.
    king_attackers: [i32; 4],
    /// How many of our attacks land on those squares.
    king_zone_attacks: i32,
}

impl Attacks {
    #[inline]
    fn add(&mut self, role: Role, a: Bitboard) {
        self.twice |= self.all & a;
        self.all |= a;
        self.by[role as usize] |= a;
    }
}

/// One side as the second pass scores it: the position, us, them, and what we and they
/// attack (gathered by the first pass).
#[derive(Clone, Copy)]
struct View<'a>(&'a Position, Color, Color, &'a Attacks, &'a Attacks);

/// The squares attacked by all `pawns` of `color`, and those attacked by two of them.
#[inline]
fn pawn_attack_maps(color: Color, pawns: Bitboard) -> (Bitboard, Bitboard) {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let p = pawns.0;
    let (west, east) = match color {
        Color::White => ((p & NOT_A) << 7, (p & NOT_H) << 9),
        Color::Black => ((p & NOT_A) >> 9, (p & NOT_H) >> 7),
    };
    (Bitboard(west | east), Bitboard(west & east))
}

/// One rank forward for `color`.
#[inline]
fn forward(color: Color, b: Bitboard) -> Bitboard {
    match color {
        Color::White => b.north(),
        Color::Black => b.south(),
    }
}

/// The rank of `sq` counted from `color`'s side (0 = its back rank).
#[inline]
fn relative_rank(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.rank() as usize,
        Color::Black => 7 - sq.rank() as usize,
    }
}

/// King distance: the number of king moves from one square to the other.
fn distance(a: Square, b: Square) -> i32 {
    masks::king_distance(a as usize, b as usize) as i32
}

impl Evaluator {
    /// The evaluation with the weights of `settings`: the tuned tables of `tables.rs` times
    /// the configured scales, and the named weights as the settings give them.
    pub fn new(settings: &Settings) -> Evaluator {
        let p = &settings.pieces;
        let e = &settings.weights;
        let h = &settings.huo;
        let values = [
            cp(p.pawn),
            cp(p.knight),
            cp(p.bishop),
            cp(p.rook),
            cp(p.queen),
            0,
        ];
        let mut w = Box::new([Pair::default(); terms::COUNT]);
        let mut put = |start: usize, table: &[Pair], k: f64| {
            for (i, v) in table.iter().enumerate() {
                w[start + i] = Pair(
                    (v.0 as f64 * k).round() as i32,
                    (v.1 as f64 * k).round() as i32,
                );
            }
        };
        use terms as t;
        for (table, values) in t::TABLES.iter().zip(tables::ALL) {
            put(table.start, values, (table.scale)(e));
        }
        for (i, share) in tables::MATERIAL.iter().enumerate() {
            put(t::MATERIAL + i, &[*share], values[i] as f64 / 1000.0);
        }
        for n in &t::NAMED {
            let mg = cp((n.pawns)(e));
            w[n.term] = Pair(mg, (mg as f64 * n.share).round() as i32);
        }
        Evaluator {
            values,
            w,
            danger: tables::DANGER,
            king_safety: cp(e.king_safety),
            passed_ending: cp(h.passed_pawn_ending),
            tempo: cp(e.tempo),
            centre_pawns: cp(h.centre_pawns),
            early_queen: cp(h.early_queen),
            early_king_rook: cp(h.early_king_rook),
            knight_rim: Pair(cp(h.knight_rim), cp(h.knight_rim) / 2),
            rook_pawn_push: cp(h.rook_pawn_push),
        }
    }

    /// The weights of this evaluation as one flat vector laid out as [`trace::mg`],
    /// [`trace::eg`] and [`trace::danger`] say (what the tuner starts from).
    pub fn params(&self) -> Vec<f64> {
        let mut theta = vec![0.0; trace::PARAMS];
        for (term, v) in self.w.iter().enumerate() {
            theta[trace::mg(term)] = v.0 as f64;
            theta[trace::eg(term)] = v.1 as f64;
        }
        for (i, &d) in self.danger.iter().enumerate() {
            theta[trace::danger(i)] = d as f64;
        }
        theta
    }

    /// The configured scale of the king-danger cost (1.0 as tuned).
    pub fn king_safety_scale(&self) -> f64 {
        self.king_safety as f64 / 100.0
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
        self.for_side_to_move(pos, self.white_score(pos, &mut NoTrace, None))
    }

    /// The same score, with the pawn structure taken from (and kept in) `cache`: what the
    /// search uses, as the pawns change far less often than the pieces.
    pub fn evaluate_cached(&self, pos: &Position, cache: &mut PawnCache) -> i32 {
        self.for_side_to_move(pos, self.white_score(pos, &mut NoTrace, Some(cache)))
    }

    fn for_side_to_move(&self, pos: &Position, white: i32) -> i32 {
        let us = if pos.turn() == Color::White {
            white
        } else {
            -white
        };
        us + self.tempo
    }

    /// The score of `pos` from White's point of view (without the side-to-move bonus), and
    /// the weights it used: what the tuner needs.
    pub fn trace(&self, pos: &Position) -> (i32, trace::Features) {
        let mut features = trace::Features::default();
        let white = self.white_score(pos, &mut features, None);
        features.phase = phase(pos);
        features.eg_scale = self.endgame_scale(pos);
        (white, features)
    }

    /// Adds term `term` counted `n` times to `s`, and tells the trace.
    #[inline(always)]
    fn add<T: Trace>(&self, s: &mut Pair, t: &mut T, term: usize, n: i32) {
        *s += self.w[term] * n;
        t.add(term, n);
    }

    /// Adds the Huo hint `v` (a configured weight, not a tuned term) to `s`, and tells
    /// the trace.
    #[inline(always)]
    fn hint<T: Trace>(&self, s: &mut Pair, t: &mut T, v: Pair) {
        *s += v;
        t.hint(v);
    }

    fn white_score<T: Trace>(
        &self,
        pos: &Position,
        t: &mut T,
        cache: Option<&mut PawnCache>,
    ) -> i32 {
        let phase = phase(pos);
        let mut attacks = [Attacks::default(); 2];
        let mut s = [Pair::default(); 2];
        // The pawn structure, from the cache when it knows these pawns.
        let (white, black) = (
            pos.pieces(Color::White, Role::Pawn),
            pos.pieces(Color::Black, Role::Pawn),
        );
        let (pawn_score, passed) = match cache {
            Some(cache) => cache.get(white, black, || self.structure(pos, &mut NoTrace)),
            None => self.structure(pos, t),
        };
        for us in Color::ALL {
            t.side(us.index());
            s[us.index()] = self.pieces(pos, us, &mut attacks[us.index()], t);
        }
        s[0] += pawn_score;
        for us in Color::ALL {
            t.side(us.index());
            let view = View(pos, us, !us, &attacks[us.index()], &attacks[(!us).index()]);
            let mut side = self.passers(view, passed & pos.by_color(us), t);
            side += self.king(view, t);
            side += self.threats(view, t);
            if phase > 16 {
                self.hint(&mut side, t, Pair(self.opening_hints(pos, us), 0));
            }
            s[us.index()] += side;
        }
        let mut total = s[0] - s[1];
        total.1 += self.complexity(pos, passed, total.1, t);
        let blended = taper(total, phase, self.endgame_scale(pos));
        self.scale_drawish(pos, blended) + self.mop_up(pos, blended)
    }

    /// Material, piece-square tables, mobility and piece placement of `us`; fills in what
    /// `us` attacks.
    fn pieces<T: Trace>(&self, pos: &Position, us: Color, att: &mut Attacks, t: &mut T) -> Pair {
        let them = !us;
        let occupied = pos.occupied();
        let own = pos.by_color(us);
        let our_pawns = pos.pieces(us, Role::Pawn);
        let their_pawns = pos.pieces(them, Role::Pawn);
        let all_pawns = our_pawns | their_pawns;
        let (pawn_att, pawn_twice) = pawn_attack_maps(us, our_pawns);
        let (their_pawn_att, _) = pawn_attack_maps(them, their_pawns);
        let our_king = pos.king(us);
        att.by[Role::Pawn as usize] = pawn_att;
        att.all = pawn_att;
        att.twice = pawn_twice;
        att.add(Role::King, king_attacks(our_king));
        let their_king = pos.king(them);
        let king_zone = king_attacks(their_king) | Bitboard::from_square(their_king);
        // Squares attacked by enemy pawns are no place for our pieces: not counted as mobility.
        let mobility_area = !own & !their_pawn_att;
        let behind_pawns = forward(them, all_pawns);
        let mut s = Pair::default();

        for role in Role::ALL {
            let r = role as usize;
            for sq in pos.pieces(us, role) {
                let rel = if us == Color::White {
                    sq as usize
                } else {
                    sq.flip_rank() as usize
                };
                self.add(&mut s, t, terms::pst(r, rel), 1);
                if role != Role::King {
                    self.add(&mut s, t, terms::MATERIAL + r, 1);
                }
                let a = match role {
                    Role::Knight => knight_attacks(sq),
                    Role::Bishop => bishop_attacks(sq, occupied),
                    Role::Rook => rook_attacks(sq, occupied),
                    Role::Queen => queen_attacks(sq, occupied),
                    _ => continue,
                };
                att.add(role, a);
                let reach = (a & mobility_area).count() as usize;
                self.add(&mut s, t, terms::mobility(r, reach), 1);
                let near_king = (a & king_zone).count() as i32;
                if near_king > 0 {
                    att.king_attackers[r - 1] += 1;
                    att.king_zone_attacks += near_king;
                }
                match role {
                    Role::Knight | Role::Bishop => {
                        let rank = relative_rank(us, sq);
                        if (3..=5).contains(&rank)
                            && pawn_att.has(sq)
                            && (ATTACK_SPAN[us.index()][sq as usize] & their_pawns).is_empty()
                        {
                            self.add(&mut s, t, terms::OUTPOST + r - 1, 1);
                        }
                        if behind_pawns.has(sq) {
                            self.add(&mut s, t, terms::MINOR_BEHIND_PAWN, 1);
                        }
                        if role == Role::Bishop {
                            let colour = if DARK_SQUARES.has(sq) {
                                DARK_SQUARES
                            } else {
                                !DARK_SQUARES
                            };
                            let n = (our_pawns & colour).count() as i32;
                            self.add(&mut s, t, terms::BISHOP_PAWNS, n);
                        } else if matches!(sq.file(), File::A | File::H) {
                            self.hint(&mut s, t, self.knight_rim * -1);
                        }
                    }
                    Role::Rook => {
                        let file = Bitboard::file(sq.file());
                        if (file & all_pawns).is_empty() {
                            self.add(&mut s, t, terms::ROOK_OPEN, 1);
                        } else if (file & our_pawns).is_empty() {
                            self.add(&mut s, t, terms::ROOK_SEMI_OPEN, 1);
                        }
                        let seventh = Bitboard::rank(Rank::Seventh.relative_to(us));
                        let eighth = Bitboard::rank(Rank::Eighth.relative_to(us));
                        if seventh.has(sq)
                            && ((seventh & their_pawns).any() || eighth.has(their_king))
                        {
                            self.add(&mut s, t, terms::ROOK_SEVENTH, 1);
                        }
                    }
                    _ => {}
                }
            }
        }
        if pos.pieces(us, Role::Bishop).more_than_one() {
            self.add(&mut s, t, terms::BISHOP_PAIR, 1);
        }
        let knights = pos.pieces(us, Role::Knight).count() as i32;
        if knights > 0 {
            let n = knights * (our_pawns.count() as i32 - 5);
            self.add(&mut s, t, terms::KNIGHT_PAWNS, n);
        }
        // Space: room behind our pawns to manoeuvre, in the centre of our half.
        let safe = masks::SPACE_AREA[us.index()] & !our_pawns & !their_pawn_att;
        let behind = match us {
            Color::White => {
                let b = our_pawns.0 >> 8;
                Bitboard(b | b >> 8 | b >> 16)
            }
            Color::Black => {
                let b = our_pawns.0 << 8;
                Bitboard(b | b << 8 | b << 16)
            }
        };
        let space = (safe.count() + (safe & behind).count()) as i32;
        self.add(&mut s, t, terms::SPACE, space);
        s
    }

    /// The pawn structure of both sides (White minus Black) and all passed pawns.
    fn structure<T: Trace>(&self, pos: &Position, t: &mut T) -> (Pair, Bitboard) {
        t.side(0);
        let (w, wp) = self.pawn_structure(pos, Color::White, t);
        t.side(1);
        let (b, bp) = self.pawn_structure(pos, Color::Black, t);
        (w - b, wp | bp)
    }

    /// Pawn structure: what depends on the pawns alone (and so can be cached). Returns the
    /// score and our passed pawns.
    fn pawn_structure<T: Trace>(&self, pos: &Position, us: Color, t: &mut T) -> (Pair, Bitboard) {
        let them = !us;
        let ours = pos.pieces(us, Role::Pawn);
        let theirs = pos.pieces(them, Role::Pawn);
        let (their_attacks, _) = pawn_attack_maps(them, theirs);
        let mut s = Pair::default();
        let mut passed = Bitboard::EMPTY;
        for sq in ours {
            let i = sq as usize;
            let rank = relative_rank(us, sq);
            let front = FRONT[us.index()][i];
            let beside = ADJACENT_FILES[sq.file() as usize];
            let doubled = (front & ours).any();
            if doubled {
                self.add(&mut s, t, terms::DOUBLED, -1);
            }
            if (beside & ours).is_empty() {
                self.add(&mut s, t, terms::ISOLATED, -1);
            } else {
                // Backward: every pawn beside it has gone ahead, and an enemy pawn guards
                // the square in front, so it can neither advance nor be defended.
                let level_or_behind = beside & !ATTACK_SPAN[us.index()][i];
                let stop = forward(us, Bitboard::from_square(sq));
                if (level_or_behind & ours).is_empty() && (stop & their_attacks).any() {
                    let opposed = (front & theirs).any() as usize;
                    self.add(&mut s, t, terms::BACKWARD + opposed, 1);
                }
            }
            if (beside & Bitboard::rank(sq.rank()) & ours).any() {
                self.add(&mut s, t, terms::PHALANX + rank, 1);
            }
            let supporters = (pawn_attacks(them, sq) & ours).count() as i32;
            if supporters > 0 {
                self.add(&mut s, t, terms::SUPPORTED + rank, supporters);
            }
            if !doubled && (PASSED_SPAN[us.index()][i] & theirs).is_empty() {
                passed = passed.with(sq);
                self.add(&mut s, t, terms::PASSED + rank, 1);
                self.hint(&mut s, t, Pair(0, self.passed_ending * (rank as i32 - 1)));
            }
        }
        (s, passed)
    }

    /// What helps or stops our passed pawns: a free path, the kings, the rule of the square.
    fn passers<T: Trace>(
        &self,
        View(pos, us, them, _, theirs): View,
        passed: Bitboard,
        t: &mut T,
    ) -> Pair {
        let occupied = pos.occupied();
        let (our_king, their_king) = (pos.king(us), pos.king(them));
        let only_pawns =
            (pos.by_color(them) & !pos.pieces(them, Role::Pawn) & !pos.pieces(them, Role::King))
                .is_empty();
        let mut s = Pair::default();
        for sq in passed {
            let rank = relative_rank(us, sq);
            let front = FRONT[us.index()][sq as usize];
            let Some(stop) = forward(us, Bitboard::from_square(sq)).first() else {
                continue;
            };
            if !occupied.has(stop) && !theirs.all.has(stop) {
                self.add(&mut s, t, terms::PASSED_SAFE + rank, 1);
            }
            if ((occupied | theirs.all) & front).is_empty() {
                self.add(&mut s, t, terms::PASSED_FREE + rank, 1);
                // The rule of the square: against a lone king (and pawns) a pawn whose king
                // cannot reach its promotion square in time queens.
                if only_pawns {
                    let promote = Square::new(sq.file(), Rank::Eighth.relative_to(us));
                    let steps = 7 - rank as i32 - (rank == 1) as i32;
                    let tempo = (pos.turn() == them) as i32;
                    if distance(their_king, promote) - tempo > steps {
                        self.add(&mut s, t, terms::UNSTOPPABLE, 1);
                    }
                }
            }
            // In the ending a passed pawn needs its king beside it and the enemy king far
            // from the square in front of it (the square it must cross next).
            if rank >= 3 {
                let weight = rank as i32 - 2;
                let own = distance(our_king, stop) as usize;
                let their = distance(their_king, stop) as usize;
                self.add(&mut s, t, terms::PASSER_OWN_KING + own, weight);
                self.add(&mut s, t, terms::PASSER_THEIR_KING + their, weight);
            }
        }
        s
    }

    /// The safety of our king: its pawn shelter, the enemy pawn storm, and the danger of
    /// the enemy pieces aiming at it. Also how near it stands to the pawns (the ending).
    fn king<T: Trace>(&self, View(pos, us, them, ours, theirs): View, t: &mut T) -> Pair {
        let king = pos.king(us);
        let our_pawns = pos.pieces(us, Role::Pawn);
        let their_pawns = pos.pieces(them, Role::Pawn);
        let mut s = Pair::default();

        // Shelter and storm on the king's file and the files beside it.
        let king_rank = relative_rank(us, king);
        let not_behind = !masks::ranks_behind(us, king_rank);
        let centre = (king.file() as usize).clamp(1, 6);
        for f in centre - 1..=centre + 1 {
            let edge = f.min(7 - f);
            let file = Bitboard::file(File::ALL[f]) & not_behind;
            // The pawn nearest our side: the lowest square for White, the highest for Black.
            let nearest = |pawns: Bitboard| match (pawns.is_empty(), us) {
                (true, _) => 0,
                (false, Color::White) => pawns.0.trailing_zeros() as usize / 8,
                (false, Color::Black) => pawns.0.leading_zeros() as usize / 8,
            };
            let own = nearest(our_pawns & file);
            let storm = nearest(their_pawns & file);
            self.add(&mut s, t, terms::SHELTER + edge * 8 + own, 1);
            if own != 0 && storm == own + 1 {
                self.add(&mut s, t, terms::STORM_BLOCKED + storm, 1);
            } else {
                self.add(&mut s, t, terms::STORM + edge * 8 + storm, 1);
            }
        }
        let pawns = our_pawns | their_pawns;
        let pawn_distance = (1..8)
            .find(|&d| (masks::RINGS[king as usize][d] & pawns).any())
            .unwrap_or(0);
        self.add(&mut s, t, terms::KING_PAWN_DISTANCE + pawn_distance, 1);

        // Danger: only an attack by two pieces, or one with the queen, counts.
        let attackers: i32 = theirs.king_attackers.iter().sum();
        let queen = pos.pieces(them, Role::Queen).any();
        if attackers >= 2 || (attackers >= 1 && queen) {
            let occupied = pos.occupied();
            let zone = king_attacks(king) | Bitboard::from_square(king);
            // Squares they attack that we defend at most once, by the king or queen only.
            let weak = theirs.all
                & !ours.twice
                & (!ours.all | ours.by[Role::Queen as usize] | ours.by[Role::King as usize]);
            // Where a checking piece could land without being taken.
            let safe = !pos.by_color(them) & (!ours.all | (weak & theirs.twice));
            let rook_lines = rook_attacks(king, occupied);
            let bishop_lines = bishop_attacks(king, occupied);
            let knight_checks = knight_attacks(king) & theirs.by[Role::Knight as usize] & safe;
            let bishop_checks = bishop_lines & theirs.by[Role::Bishop as usize] & safe;
            let rook_checks = rook_lines & theirs.by[Role::Rook as usize] & safe;
            let queen_checks = (rook_lines | bishop_lines)
                & theirs.by[Role::Queen as usize]
                & safe
                & !rook_checks
                & !bishop_checks;
            let mut d = 0;
            let mut count = |weight: usize, n: i32| {
                d += self.danger[weight] * n;
                t.danger(weight, n);
            };
            for (i, &n) in theirs.king_attackers.iter().enumerate() {
                count(terms::DANGER_ATTACKER + i, n);
            }
            count(terms::DANGER_ZONE_ATTACKS, theirs.king_zone_attacks);
            count(terms::DANGER_WEAK, (weak & zone).count() as i32);
            for (i, checks) in [knight_checks, bishop_checks, rook_checks, queen_checks]
                .into_iter()
                .enumerate()
            {
                count(terms::DANGER_CHECK + i, checks.count() as i32);
            }
            count(terms::DANGER_NO_QUEEN, !queen as i32);
            count(terms::DANGER_BASE, 1);
            if d > 0 {
                let cost = Pair(d * d / trace::DANGER_MG, d / trace::DANGER_EG);
                s -= Pair(
                    cost.0 * self.king_safety / 100,
                    cost.1 * self.king_safety / 100,
                );
            }
        }
        s
    }

    /// What our pieces threaten: enemy pieces attacked by pawns, by lighter pieces, or left
    /// undefended, and pawn pushes that would attack a piece.
    fn threats<T: Trace>(&self, View(pos, us, them, ours, theirs): View, t: &mut T) -> Pair {
        let mut s = Pair::default();
        let their_king = pos.pieces(them, Role::King);
        let their_pawns = pos.pieces(them, Role::Pawn);
        let their_pieces = pos.by_color(them) & !their_king & !their_pawns;
        let by = |r: Role| ours.by[r as usize];

        let n = (by(Role::Pawn) & their_pieces).count() as i32;
        if n > 0 {
            self.add(&mut s, t, terms::THREAT_BY_PAWN, n);
        }
        // Defended by a pawn, or by more pieces than we attack with: strongly protected.
        let strong = theirs.by[Role::Pawn as usize] | (theirs.twice & !ours.twice);
        let defended = their_pieces & strong;
        let weak = pos.by_color(them) & !their_king & !strong & ours.all;
        let targets = defended | weak;
        if targets.any() {
            for sq in targets & (by(Role::Knight) | by(Role::Bishop)) {
                let victim = pos.role_on(sq).unwrap_or(Role::Pawn) as usize;
                self.add(&mut s, t, terms::THREAT_BY_MINOR + victim, 1);
            }
            for sq in weak & by(Role::Rook) {
                let victim = pos.role_on(sq).unwrap_or(Role::Pawn) as usize;
                self.add(&mut s, t, terms::THREAT_BY_ROOK + victim, 1);
            }
            if (weak & by(Role::King)).any() {
                self.add(&mut s, t, terms::THREAT_BY_KING, 1);
            }
            let hanging = weak & (!theirs.all | (their_pieces & ours.twice));
            let n = hanging.count() as i32;
            if n > 0 {
                self.add(&mut s, t, terms::HANGING, n);
            }
        }
        // Pawn pushes (one square, or two from the start) to safe squares that would then
        // attack a piece.
        let empty = !pos.occupied();
        let our_pawns = pos.pieces(us, Role::Pawn);
        let mut pushes = forward(us, our_pawns) & empty;
        let third = Bitboard::rank(Rank::Third.relative_to(us));
        pushes |= forward(us, pushes & third) & empty;
        let safe = !theirs.by[Role::Pawn as usize] & (ours.all | !theirs.all);
        let (push_attacks, _) = pawn_attack_maps(us, pushes & safe);
        let n = (push_attacks & their_pieces).count() as i32;
        if n > 0 {
            self.add(&mut s, t, terms::THREAT_BY_PUSH, n);
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

    /// Winning chances: how far the ending score `eg` moves away from zero (or towards it),
    /// never past it. An edge is easier to turn into a win with many pawns, passed pawns
    /// and pawns on both wings than with a few pawns on one wing; a pawn ending is all or
    /// nothing.
    fn complexity<T: Trace>(&self, pos: &Position, passed: Bitboard, eg: i32, t: &mut T) -> i32 {
        let pawns = pos.by_role(Role::Pawn);
        let pieces = pos.occupied() & !pawns & !pos.by_role(Role::King);
        let counts = [
            pawns.count() as i32,
            passed.count() as i32,
            WINGS.iter().all(|&w| (pawns & w).any()) as i32,
            pieces.is_empty() as i32,
            1,
        ];
        let mut cx = 0;
        for (i, &n) in counts.iter().enumerate() {
            if n != 0 {
                cx += self.w[terms::COMPLEXITY + i].1 * n;
                t.complexity(terms::COMPLEXITY + i, n);
            }
        }
        trace::complexity_shift(eg, cx)
    }

    /// How much of the endgame score counts, in 64ths: bishops of opposite colours are
    /// famously drawish, even a pawn or two up: alone (each side's bishop cannot contest
    /// the other's squares), half counts; with the same other pieces on both sides, three
    /// quarters.
    fn endgame_scale(&self, pos: &Position) -> i32 {
        let bishops = pos.by_role(Role::Bishop);
        let (wb, bb) = (
            pos.pieces(Color::White, Role::Bishop),
            pos.pieces(Color::Black, Role::Bishop),
        );
        if wb.count() != 1 || bb.count() != 1 || (bishops & DARK_SQUARES).count() != 1 {
            return FULL_SCALE;
        }
        let others = [Role::Knight, Role::Rook, Role::Queen];
        if others.iter().all(|&r| pos.by_role(r).is_empty()) {
            FULL_SCALE / 2
        } else if others
            .iter()
            .all(|&r| pos.pieces(Color::White, r).count() == pos.pieces(Color::Black, r).count())
        {
            FULL_SCALE * 3 / 4
        } else {
            FULL_SCALE
        }
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
        let bonus = 20 * centre_distance(wk) + 10 * (7 - distance(wk, sk));
        if strong == Color::White {
            bonus
        } else {
            -bonus
        }
    }
}

#[cfg(test)]
mod tests;
