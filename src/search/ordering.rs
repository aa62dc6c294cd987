//! Move ordering: alpha-beta prunes best when the best move is searched first.
//!
//! We guess which moves are good before searching them:
//! 1. the move the transposition table remembers as best here (the *hash move*);
//! 2. captures, most valuable victim first, least valuable attacker first (*MVV-LVA*:
//!    pawn takes queen before queen takes pawn), and queen promotions;
//! 3. *killer moves*: quiet moves that refuted another move at the same ply;
//! 4. the other quiet moves, by their *history*: how often they caused a cut-off anywhere.

use crate::core::{Move, MoveList, Position, Role, Square};

pub const MAX_PLY: usize = 128;

/// Killers and history, kept across the moves of a game.
pub struct Heuristics {
    pub killers: [[Option<Move>; 2]; MAX_PLY],
    /// Indexed by side, from square, to square.
    history: Box<[[[i32; 64]; 64]; 2]>,
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics {
            killers: [[None; 2]; MAX_PLY],
            history: Box::new([[[0; 64]; 64]; 2]),
        }
    }
}

impl Heuristics {
    pub fn clear(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        *self.history = [[[0; 64]; 64]; 2];
    }

    /// A quiet move caused a cut-off: remember it as a killer and raise its history; the
    /// quiet moves tried before it (`tried`) lower theirs.
    pub fn reward(&mut self, pos: &Position, mv: Move, ply: usize, depth: u32, tried: &[Move]) {
        let k = &mut self.killers[ply.min(MAX_PLY - 1)];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let side = pos.turn() as usize;
        let bonus = (depth * depth) as i32;
        let mut update = |m: Move, delta: i32| {
            let h = &mut self.history[side][m.from() as usize][m.to() as usize];
            // Gravity: values stay within ±16384 however long the game.
            *h += delta - *h * delta.abs() / 16384;
        };
        update(mv, bonus.min(1200));
        for &m in tried {
            if m != mv {
                update(m, -bonus.min(1200));
            }
        }
    }

    fn history(&self, pos: &Position, mv: Move) -> i32 {
        self.history[pos.turn() as usize][mv.from() as usize][mv.to() as usize]
    }
}

const VICTIM: [i32; 6] = [1, 3, 3, 5, 9, 0];

/// The ordering score of a move: higher is searched earlier.
pub fn score_move(
    pos: &Position,
    mv: Move,
    hash: Option<Move>,
    h: &Heuristics,
    ply: usize,
    values: &[i32; 6],
) -> i32 {
    if Some(mv) == hash {
        return 1 << 30;
    }
    let attacker = pos.role_on(mv.from()).map(|r| r as i32).unwrap_or(0);
    if pos.is_capture(mv) {
        let victim = pos
            .role_on(mv.to())
            .map(|r| VICTIM[r as usize])
            .unwrap_or(1);
        let promo = if mv.promotion() == Some(Role::Queen) {
            100
        } else {
            0
        };
        // A capture that loses material in the exchange waits until after the quiet moves.
        let base = if see(pos, mv, values) >= 0 {
            1 << 28
        } else {
            -(1 << 24)
        };
        return base + victim * 100 + promo - attacker;
    }
    match mv.promotion() {
        Some(Role::Queen) => return (1 << 28) + 950,
        Some(_) => return -(1 << 20),
        None => {}
    }
    let k = &h.killers[ply.min(MAX_PLY - 1)];
    if k[0] == Some(mv) {
        (1 << 27) + 1
    } else if k[1] == Some(mv) {
        1 << 27
    } else {
        h.history(pos, mv)
    }
}

/// A move list with scores, handed out best first (a selection sort done lazily: after a
/// cut-off the remaining moves never need sorting).
pub struct Picker {
    moves: MoveList,
    scores: [i32; 256],
    next: usize,
}

impl Picker {
    pub fn new(
        pos: &Position,
        moves: MoveList,
        hash: Option<Move>,
        h: &Heuristics,
        ply: usize,
        values: &[i32; 6],
    ) -> Picker {
        let mut scores = [0; 256];
        for (i, &mv) in moves.iter().enumerate() {
            scores[i] = score_move(pos, mv, hash, h, ply, values);
        }
        Picker {
            moves,
            scores,
            next: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

impl Iterator for Picker {
    type Item = Move;
    fn next(&mut self) -> Option<Move> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..n {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        let moves = self.moves.as_mut_slice();
        moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        self.next += 1;
        Some(moves[self.next - 1])
    }
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
        if (-gain[d - 1]).max(gain[d]) < 0 {
            break;
        }
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

#[cfg(test)]
mod tests {
    use super::see;
    use crate::core::{Position, parse_uci};

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
    }
}
