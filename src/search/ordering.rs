//! Move ordering: alpha-beta prunes best when the best move is searched first.
//!
//! We guess which moves are good before searching them, and hand them out in stages so
//! that a cut-off early on saves generating the rest:
//! 1. the move the transposition table remembers as best here (the *hash move*), tried
//!    before any move is generated;
//! 2. captures and queen promotions that do not lose material (by *static exchange*),
//!    most valuable victim first, then by how often such a capture cut off before;
//! 3. two *killer moves* (quiet moves that refuted another move at the same ply) and the
//!    *counter move* (the quiet move that last refuted the opponent's previous move);
//! 4. the other quiet moves by their *history*: how often the move cut off anywhere, and
//!    how often it cut off right after the same previous moves (*continuation history*);
//! 5. captures that lose material, and under-promotions, last.

use super::correction::CorrectionHistory;
use super::types::MAX_PLY;
use crate::core::attacks::{bishop_attacks, rook_attacks};
use crate::core::{Bitboard, CheckSquares, Color, Move, MoveList, Position, Rank, Role, Square};
use arrayvec::ArrayVec;

/// History scores stay within ±`HISTORY_MAX`.
pub const HISTORY_MAX: i32 = 16_384;

/// A piece and the square it moved to: what continuation history remembers of a move.
pub type PieceTo = usize;

/// `color * 6 + role`, times 64, plus the destination.
#[inline]
pub fn piece_to(color: Color, role: Role, to: Square) -> PieceTo {
    ((color as usize * 6 + role as usize) << 6) | to as usize
}

/// The continuation-history table of one previous move: a score per (piece, destination).
pub type ContTable = [i16; 768];

/// What the search has learned about moves, kept across the moves of a game.
pub struct Heuristics {
    pub killers: [[Option<Move>; 2]; MAX_PLY],
    /// Indexed by side, from square, to square ("butterfly" history).
    history: Box<[[[i16; 64]; 64]; 2]>,
    /// Captures: by moving piece and destination, and by the captured kind.
    capture: Box<[[i16; 6]; 768]>,
    /// Indexed by the previous move's piece and destination, then this move's.
    cont: Box<[ContTable]>,
    /// The quiet reply that last refuted a move, by that move's piece and destination.
    counter: Box<[Option<Move>; 768]>,
    /// How wrong the static evaluation has turned out, by pawns and pieces (not an ordering
    /// heuristic, but learned by the same search and kept as long).
    pub correction: CorrectionHistory,
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics {
            killers: [[None; 2]; MAX_PLY],
            history: Box::new([[[0; 64]; 64]; 2]),
            capture: Box::new([[0; 6]; 768]),
            cont: vec![[0i16; 768]; 768].into_boxed_slice(),
            counter: Box::new([None; 768]),
            correction: CorrectionHistory::default(),
        }
    }
}

/// Adds `bonus` to a history score, with "gravity": the closer the score already is to
/// the limit, the less it moves, so scores stay within ±`HISTORY_MAX` and old lessons fade.
#[inline]
fn nudge(h: &mut i16, bonus: i32) {
    let v = *h as i32;
    *h = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
}

/// The reward for a cut-off found `depth` plies deep: deeper searches teach more.
#[inline]
pub fn history_bonus(depth: i32) -> i32 {
    (160 * depth - 120).clamp(0, 1800)
}

/// The previous moves a quiet move is judged after: one, two and four plies back (the
/// opponent's last move, our own, and our own before it: plans take several moves), when
/// they were real moves.
#[derive(Clone, Copy, Default)]
pub struct Context {
    pub prev: [Option<PieceTo>; 3],
}

impl Heuristics {
    pub fn clear(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        *self.history = [[[0; 64]; 64]; 2];
        *self.capture = [[0; 6]; 768];
        self.cont.fill([0; 768]);
        *self.counter = [None; 768];
        self.correction.clear();
    }

    /// The history score of a quiet move.
    #[inline]
    pub fn quiet_score(&self, pos: &Position, mv: Move, role: Role, ctx: &Context) -> i32 {
        let side = pos.turn();
        let pt = piece_to(side, role, mv.to());
        let mut s = self.history[side as usize][mv.from() as usize][mv.to() as usize] as i32;
        for p in ctx.prev.iter().flatten() {
            s += self.cont[*p][pt] as i32;
        }
        s
    }

    #[inline]
    fn capture_score(&self, pos: &Position, mv: Move, role: Role, victim: Role) -> i32 {
        self.capture[piece_to(pos.turn(), role, mv.to())][victim as usize] as i32
    }

    /// A quiet move caused a cut-off at `depth`: remember it as a killer and counter move,
    /// raise its histories; the quiet moves tried before it (`tried`) lower theirs.
    pub fn reward_quiet(
        &mut self,
        pos: &Position,
        mv: Move,
        ply: usize,
        depth: i32,
        ctx: &Context,
        tried: &[Move],
    ) {
        let k = &mut self.killers[ply.min(MAX_PLY - 1)];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        if let Some(prev) = ctx.prev[0] {
            self.counter[prev] = Some(mv);
        }
        let bonus = history_bonus(depth);
        self.update_quiet(pos, mv, ctx, bonus);
        for &m in tried {
            if m != mv {
                self.update_quiet(pos, m, ctx, -bonus);
            }
        }
    }

    fn update_quiet(&mut self, pos: &Position, mv: Move, ctx: &Context, bonus: i32) {
        let side = pos.turn();
        let role = pos.role_on(mv.from()).unwrap_or(Role::Pawn);
        let pt = piece_to(side, role, mv.to());
        nudge(
            &mut self.history[side as usize][mv.from() as usize][mv.to() as usize],
            bonus,
        );
        for p in ctx.prev.iter().flatten() {
            nudge(&mut self.cont[*p][pt], bonus);
        }
    }

    /// A move cut off at `depth`: if a capture, raise its capture history; lower the
    /// captures tried before it (`tried`) in any case.
    pub fn reward_captures(
        &mut self,
        pos: &Position,
        best: Option<Move>,
        depth: i32,
        tried: &[Move],
    ) {
        let bonus = history_bonus(depth);
        let mut update = |m: Move, b: i32| {
            let role = pos.role_on(m.from()).unwrap_or(Role::Pawn);
            let victim = pos.role_on(m.to()).unwrap_or(Role::Pawn);
            nudge(
                &mut self.capture[piece_to(pos.turn(), role, m.to())][victim as usize],
                b,
            );
        };
        if let Some(b) = best {
            update(b, bonus);
        }
        for &m in tried {
            if Some(m) != best {
                update(m, -bonus);
            }
        }
    }

    /// The counter move to the previous move, if any.
    #[inline]
    pub fn counter(&self, ctx: &Context) -> Option<Move> {
        ctx.prev[0].and_then(|p| self.counter[p])
    }
}

/// Ordering value of each victim kind (MVV: most valuable victim first).
const VICTIM: [i32; 6] = [100, 300, 300, 500, 900, 0];

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Stage {
    HashMove,
    GenTactical,
    GoodTactical,
    Killer1,
    Killer2,
    Counter,
    GenQuiet,
    Quiet,
    BadTactical,
    // The check-evasion and quiescence pickers: one list, scored once.
    GenAll,
    All,
    Done,
}

/// What a picker hands out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// The hash move (any kind).
    Hash,
    /// A capture or promotion whose exchange does not lose material.
    GoodTactical,
    /// A killer or counter move.
    Refutation,
    Quiet,
    /// A capture that loses material, or an under-promotion.
    BadTactical,
    /// A move from a single-list picker (evasions, quiescence).
    Any,
}

/// Hands out the legal moves of a position best-first, generating them only when needed.
pub struct Picker {
    stage: Stage,
    hash: Option<Move>,
    killers: [Option<Move>; 2],
    counter: Option<Move>,
    /// Captures/promotions, then (after them) quiet moves.
    moves: MoveList,
    /// The ordering score of each move in `moves`, at the same index.
    scores: ArrayVec<i32, 256>,
    next: usize,
    /// Where the quiet moves begin in `moves`.
    quiet_start: usize,
    /// Losing captures set aside during the good-capture stage, in `bad`.
    bad: MoveList,
    bad_next: usize,
    /// Quiescence: only captures and queen promotions.
    tactical_only: bool,
    /// Set by the search once it prunes quiet moves: from then on only quiet moves that
    /// give check are handed out.
    checks_only: bool,
    /// Where checks come from, computed the first time it is asked.
    checks: Option<CheckSquares>,
}

/// Moves to the last ranks (promotions) and captures: the tactical moves.
fn tactical_mask(pos: &Position) -> Bitboard {
    pos.by_color(!pos.turn()) | Bitboard::rank(Rank::Eighth) | Bitboard::rank(Rank::First)
}

impl Picker {
    /// The picker of the main search: hash move, tactical moves, killers, quiet moves.
    /// In check, all evasions form one list.
    pub fn new(
        pos: &Position,
        hash: Option<Move>,
        h: &Heuristics,
        ply: usize,
        ctx: &Context,
    ) -> Picker {
        let in_check = pos.in_check();
        let killers = h.killers[ply.min(MAX_PLY - 1)];
        let counter = h.counter(ctx).filter(|&c| !killers.contains(&Some(c)));
        Picker {
            stage: if hash.is_some() {
                Stage::HashMove
            } else if in_check {
                Stage::GenAll
            } else {
                Stage::GenTactical
            },
            hash,
            killers,
            counter,
            moves: MoveList::new(),
            scores: ArrayVec::new(),
            next: 0,
            quiet_start: 0,
            bad: MoveList::new(),
            bad_next: 0,
            tactical_only: false,
            checks_only: false,
            checks: None,
        }
    }

    /// The quiescence picker: captures and queen promotions (all evasions in check), with
    /// the hash move first when it is one of them.
    pub fn quiescence(pos: &Position, hash: Option<Move>) -> Picker {
        let in_check = pos.in_check();
        let hash = hash.filter(|&m| in_check || is_tactical(pos, m));
        Picker {
            stage: if hash.is_some() {
                Stage::HashMove
            } else {
                Stage::GenAll
            },
            hash,
            killers: [None; 2],
            counter: None,
            moves: MoveList::new(),
            scores: ArrayVec::new(),
            next: 0,
            quiet_start: 0,
            bad: MoveList::new(),
            bad_next: 0,
            tactical_only: !in_check,
            checks_only: false,
            checks: None,
        }
    }

    /// Picks the highest-scored move in `moves[next..end]` and moves it to `next`.
    #[inline]
    /// Does `mv` give check? (The check squares are computed once per node.)
    pub fn gives_check(&mut self, pos: &Position, mv: Move) -> bool {
        let checks = self.checks.get_or_insert_with(|| pos.check_squares());
        pos.gives_check_with(mv, checks)
    }

    /// From now on hand out only the quiet moves that give check.
    pub fn skip_quiets(&mut self) {
        self.checks_only = true;
    }

    fn select(&mut self, end: usize) -> Option<(Move, i32)> {
        if self.next >= end {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..end {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        let moves = self.moves.as_mut_slice();
        moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        let r = (moves[self.next], self.scores[self.next]);
        self.next += 1;
        Some(r)
    }

    /// The next move and what kind it is, or `None` when all have been handed out.
    pub fn next(
        &mut self,
        pos: &Position,
        h: &Heuristics,
        ctx: &Context,
        values: &[i32; 6],
    ) -> Option<(Move, Kind)> {
        loop {
            match self.stage {
                Stage::HashMove => {
                    self.stage = if pos.in_check() || self.tactical_only {
                        Stage::GenAll
                    } else {
                        Stage::GenTactical
                    };
                    if let Some(m) = self.hash {
                        return Some((m, Kind::Hash));
                    }
                }
                Stage::GenTactical => {
                    let (moves, scores) = (&mut self.moves, &mut self.scores);
                    pos.generate(tactical_mask(pos), |pm| {
                        for mv in pm {
                            if is_tactical(pos, mv) {
                                scores.push(tactical_score(pos, mv, pm.role, h));
                                moves.push(mv);
                            }
                        }
                        false
                    });
                    self.quiet_start = self.moves.len();
                    self.stage = Stage::GoodTactical;
                }
                Stage::GoodTactical => match self.select(self.quiet_start) {
                    Some((mv, _)) => {
                        if Some(mv) == self.hash {
                            continue;
                        }
                        let under = mv.promotion().is_some_and(|p| p != Role::Queen);
                        if under || !see_ge(pos, mv, values, 0) {
                            self.bad.push(mv);
                            continue;
                        }
                        return Some((mv, Kind::GoodTactical));
                    }
                    None => self.stage = Stage::Killer1,
                },
                Stage::Killer1 | Stage::Killer2 | Stage::Counter => {
                    let m = match self.stage {
                        Stage::Killer1 => self.killers[0],
                        Stage::Killer2 => self.killers[1],
                        _ => self.counter,
                    };
                    self.stage = match self.stage {
                        Stage::Killer1 => Stage::Killer2,
                        Stage::Killer2 => Stage::Counter,
                        _ => Stage::GenQuiet,
                    };
                    if let Some(m) = m
                        && Some(m) != self.hash
                        && is_quiet(pos, m)
                        && pos.is_legal(m)
                        && (!self.checks_only || self.gives_check(pos, m))
                    {
                        return Some((m, Kind::Refutation));
                    }
                }
                Stage::GenQuiet => {
                    self.stage = Stage::Quiet;
                    let ep = pos
                        .ep_square()
                        .map(Bitboard::from_square)
                        .unwrap_or_default();
                    let mask = !pos.occupied() & !ep;
                    let (moves, scores) = (&mut self.moves, &mut self.scores);
                    pos.generate(mask, |pm| {
                        for mv in pm {
                            if mv.promotion().is_none() {
                                scores.push(h.quiet_score(pos, mv, pm.role, ctx));
                                moves.push(mv);
                            }
                        }
                        false
                    });
                }
                Stage::Quiet => {
                    if self.checks_only {
                        // The rest in any order: no point sorting what is mostly skipped.
                        let Some(&mv) = self.moves.as_slice().get(self.next) else {
                            self.stage = Stage::BadTactical;
                            continue;
                        };
                        self.next += 1;
                        if Some(mv) != self.hash
                            && !self.killers.contains(&Some(mv))
                            && Some(mv) != self.counter
                            && self.gives_check(pos, mv)
                        {
                            return Some((mv, Kind::Quiet));
                        }
                        continue;
                    }
                    match self.select(self.moves.len()) {
                        Some((mv, _)) => {
                            if Some(mv) == self.hash
                                || self.killers.contains(&Some(mv))
                                || Some(mv) == self.counter
                            {
                                continue;
                            }
                            return Some((mv, Kind::Quiet));
                        }
                        None => self.stage = Stage::BadTactical,
                    }
                }
                Stage::BadTactical => {
                    if self.bad_next < self.bad.len() {
                        self.bad_next += 1;
                        return Some((self.bad[self.bad_next - 1], Kind::BadTactical));
                    }
                    self.stage = Stage::Done;
                }
                Stage::GenAll => {
                    let mask = if self.tactical_only {
                        tactical_mask(pos)
                    } else {
                        Bitboard::FULL
                    };
                    let tactical_only = self.tactical_only;
                    let (moves, scores) = (&mut self.moves, &mut self.scores);
                    pos.generate(mask, |pm| {
                        for mv in pm {
                            let score = if is_tactical(pos, mv) {
                                if tactical_only && mv.promotion().is_some_and(|p| p != Role::Queen)
                                {
                                    continue;
                                }
                                (1 << 20) + tactical_score(pos, mv, pm.role, h)
                            } else if tactical_only {
                                continue;
                            } else {
                                h.quiet_score(pos, mv, pm.role, ctx)
                            };
                            scores.push(score);
                            moves.push(mv);
                        }
                        false
                    });
                    self.stage = Stage::All;
                }
                Stage::All => match self.select(self.moves.len()) {
                    Some((mv, _)) if Some(mv) == self.hash => continue,
                    Some((mv, _)) => return Some((mv, Kind::Any)),
                    None => self.stage = Stage::Done,
                },
                Stage::Done => return None,
            }
        }
    }
}

/// A capture or a promotion (en passant included).
#[inline]
pub fn is_tactical(pos: &Position, mv: Move) -> bool {
    mv.promotion().is_some() || pos.is_capture(mv)
}

#[inline]
fn is_quiet(pos: &Position, mv: Move) -> bool {
    !is_tactical(pos, mv)
}

/// Ordering score of a capture or promotion: victim first, then capture history.
#[inline]
fn tactical_score(pos: &Position, mv: Move, role: Role, h: &Heuristics) -> i32 {
    let victim = pos.role_on(mv.to()).unwrap_or(Role::Pawn);
    let promo = match mv.promotion() {
        Some(Role::Queen) => 800,
        Some(_) => -2000,
        None => 0,
    };
    let victim_value = if pos.is_capture(mv) {
        VICTIM[victim as usize]
    } else {
        0
    };
    16 * (victim_value + promo) + h.capture_score(pos, mv, role, victim) / 4
}

/// Static exchange evaluation: the material `mv` wins (or loses) if both sides keep
/// capturing on its destination square, each with its least valuable piece, and each may
/// stop when going on would cost it. `Bxf7` with the pawn defended by the king is +1 − 3
/// = −2 pawns: a bad capture, searched late and skipped by the quiescence search.
pub fn see(pos: &Position, mv: Move, values: &[i32; 6]) -> i32 {
    let (from, to) = (mv.from(), mv.to());
    let Some(mut attacker) = pos.role_on(from) else {
        return 0;
    };
    let mut occupied = pos.occupied().without(from);
    let victim = match pos.role_on(to) {
        Some(r) => values[r as usize],
        None if attacker == Role::Pawn && Some(to) == pos.ep_square() => {
            // En passant: the captured pawn stands beside, not on, the destination.
            let behind = Square::new(to.file(), from.rank());
            occupied = occupied.without(behind);
            values[Role::Pawn as usize]
        }
        None => 0,
    };
    let mut gain = [0i32; 32];
    gain[0] = victim;
    if let Some(p) = mv.promotion() {
        gain[0] += values[p as usize] - values[Role::Pawn as usize];
        attacker = p;
    }
    let mut side = !pos.turn();
    let mut d = 0;
    loop {
        d += 1;
        if d >= gain.len() {
            break;
        }
        // The piece now on the square is worth `attacker`; taking it gains that.
        gain[d] = values[attacker as usize] - gain[d - 1];
        let attackers = pos.attackers(to, side, occupied) & occupied;
        let Some(role) = Role::ALL
            .into_iter()
            .find(|&r| (attackers & pos.by_role(r)).any())
        else {
            break;
        };
        if role == Role::King && (pos.attackers(to, !side, occupied) & occupied).any() {
            // The king may not capture into a defended square.
            break;
        }
        let sq = (attackers & pos.by_role(role)).first().unwrap_or(to);
        occupied = occupied.without(sq);
        attacker = role;
        side = !side;
    }
    while d > 1 {
        d -= 1;
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
    }
    gain[0]
}

/// Whether the exchange `mv` starts wins at least `threshold`: the same answer as
/// `see(..) >= threshold`, but found at once when the first capture decides it, which is
/// most of the time. Taking the victim is the best we can hope for (if that falls short,
/// no) and losing the capturing piece back the worst (if even that reaches it, yes); only
/// in between must the whole exchange be played out.
pub fn see_ge(pos: &Position, mv: Move, values: &[i32; 6], threshold: i32) -> bool {
    let Some(mover) = pos.role_on(mv.from()) else {
        return 0 >= threshold;
    };
    let mut best = match pos.role_on(mv.to()) {
        Some(r) => values[r as usize],
        None if mover == Role::Pawn && Some(mv.to()) == pos.ep_square() => {
            values[Role::Pawn as usize]
        }
        None => 0,
    };
    let mut at_risk = values[mover as usize];
    if let Some(p) = mv.promotion() {
        best += values[p as usize] - values[Role::Pawn as usize];
        at_risk = values[p as usize];
    }
    if best < threshold {
        false
    } else if best - at_risk >= threshold {
        true
    } else if mv.promotion().is_some() || mover == Role::Pawn && Some(mv.to()) == pos.ep_square() {
        // Promotions and en passant change the material in ways the exchange below does
        // not follow: play them out in full (they are rare).
        see(pos, mv, values) >= threshold
    } else {
        exchange_reaches(pos, mv, mover, values, best - threshold)
    }
}

/// The exchange on `mv`'s square, played only as far as it takes to decide whether the
/// side moving ends at least `margin` below what taking the victim wins (the threshold).
/// Each side in turn captures with its least valuable attacker; a capture that stays
/// ahead of its side's goal even if the capturing piece is lost settles the exchange, and
/// a side with nothing left to capture with stops it. The attackers of the square are
/// found once: a piece that leaves the line of a rook, bishop or queen behind it only
/// adds that slider ("x-ray").
fn exchange_reaches(pos: &Position, mv: Move, mover: Role, values: &[i32; 6], margin: i32) -> bool {
    let (from, to) = (mv.from(), mv.to());
    let diagonal = pos.by_role(Role::Bishop) | pos.by_role(Role::Queen);
    let straight = pos.by_role(Role::Rook) | pos.by_role(Role::Queen);
    let mut occupied = pos.occupied().without(from);
    let mut attackers =
        pos.attackers(to, Color::White, occupied) | pos.attackers(to, Color::Black, occupied);
    // How far the side that made the last capture falls short of its goal if its piece
    // is taken back (nothing: the exchange is decided).
    let mut swap = values[mover as usize] - margin;
    if swap <= 0 {
        return true;
    }
    let mut side = pos.turn();
    // Whether the side moving reaches the threshold if the exchange stops here.
    let mut keeps = true;
    loop {
        side = !side;
        attackers &= occupied;
        let ours = attackers & pos.by_color(side);
        if ours.is_empty() {
            break;
        }
        keeps = !keeps;
        let Some(role) = Role::ALL
            .into_iter()
            .find(|&r| (ours & pos.by_role(r)).any())
        else {
            break;
        };
        if role == Role::King {
            // The king may take only if nothing can take it back.
            return if (attackers & !pos.by_color(side)).any() {
                !keeps
            } else {
                keeps
            };
        }
        swap = values[role as usize] - swap;
        if swap < keeps as i32 {
            break;
        }
        let sq = (ours & pos.by_role(role)).first().unwrap_or(to);
        occupied = occupied.without(sq);
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
            attackers |= bishop_attacks(to, occupied) & diagonal;
        }
        if matches!(role, Role::Rook | Role::Queen) {
            attackers |= rook_attacks(to, occupied) & straight;
        }
    }
    keeps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::parse_uci;

    fn exchange(fen: &str, mv: &str) -> i32 {
        let pos = Position::from_fen(fen).unwrap();
        let mv = parse_uci(&pos, mv).unwrap();
        see(&pos, mv, &[100, 300, 300, 500, 900, 0])
    }

    #[test]
    fn static_exchanges() {
        // An undefended pawn is a pawn won.
        assert_eq!(exchange("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 100);
        // The queen takes a pawn defended by a pawn: a queen for a pawn.
        assert_eq!(
            exchange("4k3/2p5/3p4/8/8/8/3Q4/4K3 w - - 0 1", "d2d6"),
            -800
        );
        // Doubled rooks win the exchange on d6: the rook behind counts (x-ray).
        assert_eq!(
            exchange("3rk3/8/3r4/8/8/3R4/3R4/4K3 w - - 0 1", "d3d6"),
            500
        );
        // A knight takes a defended knight: even.
        assert_eq!(exchange("4k3/4p3/3n4/8/4N3/8/8/4K3 w - - 0 1", "e4d6"), 0);
        // En passant wins a pawn.
        assert_eq!(exchange("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
        // A knight steps where a pawn takes it, and a pawn takes back: a knight for a pawn
        // (each side may stop, but Black gains by taking, so the recapture counts).
        assert_eq!(
            exchange(
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "e5c6"
            ),
            -200
        );
    }

    /// The threshold test gives the full exchange's answer for every move of a two-ply
    /// tree (captures, en passant, promotions, quiet moves) and every threshold tried,
    /// including those its shortcuts decide alone.
    #[test]
    fn see_ge_agrees_with_see() {
        let values = [100, 300, 300, 500, 900, 0];
        let mut checked = 0;
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "3rk3/8/3r4/8/8/3R4/3R4/4K3 w - - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        ] {
            let root = Position::from_fen(fen).unwrap();
            let children = root
                .legal_moves()
                .iter()
                .map(|&m| root.after(m))
                .collect::<Vec<_>>();
            for pos in std::iter::once(root).chain(children) {
                for &mv in pos.legal_moves().iter() {
                    let full = see(&pos, mv, &values);
                    for t in (-1_000..=1_000)
                        .step_by(50)
                        .chain([full - 1, full, full + 1])
                    {
                        assert_eq!(see_ge(&pos, mv, &values, t), full >= t, "{mv:?} {t}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 100_000, "only {checked} cases");
    }

    /// Every legal move comes out of the staged picker exactly once, whatever the hash
    /// move, killers and counter move are (legal, illegal or absent).
    #[test]
    fn the_picker_hands_out_every_legal_move_once() {
        let values = [100, 300, 300, 500, 900, 0];
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let legal = pos.legal_moves();
            let mut h = Heuristics::default();
            // Killers: a legal quiet move, a capture, and a move of another position.
            let quiet = legal.iter().copied().find(|&m| is_quiet(&pos, m));
            let capture = legal.iter().copied().find(|&m| pos.is_capture(m));
            h.killers[3] = [quiet, capture];
            let foreign = Move::new(Square::A1, Square::H8, None);
            let ctx = Context {
                prev: [Some(5), None, None],
            };
            h.counter[5] = Some(foreign);
            for hash in [None, legal.last().copied()] {
                let mut p = Picker::new(&pos, hash, &h, 3, &ctx);
                let mut seen = Vec::new();
                while let Some((m, _)) = p.next(&pos, &h, &ctx, &values) {
                    seen.push(m);
                }
                let mut a = seen.clone();
                a.sort_by_key(|m| m.to_u16());
                let mut b = legal.to_vec();
                b.sort_by_key(|m| m.to_u16());
                assert_eq!(a, b, "{fen} hash {hash:?}");
                if let Some(hm) = hash {
                    assert_eq!(seen[0], hm);
                }
            }
            // Quiescence: captures and queen promotions only (all moves in check).
            let mut p = Picker::quiescence(&pos, None);
            let mut n = 0;
            while let Some((m, _)) = p.next(&pos, &h, &ctx, &values) {
                assert!(pos.in_check() || pos.is_capture(m) || m.promotion() == Some(Role::Queen));
                n += 1;
            }
            if pos.in_check() {
                assert_eq!(n, legal.len());
            }
        }
    }
}
