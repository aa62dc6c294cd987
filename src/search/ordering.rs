//! Move ordering: alpha-beta prunes best when the best move is searched first.
//!
//! We guess which moves are good before searching them:
//! 1. the move the transposition table remembers as best here (the *hash move*);
//! 2. captures, most valuable victim first, least valuable attacker first (*MVV-LVA*:
//!    pawn takes queen before queen takes pawn), and queen promotions;
//! 3. *killer moves*: quiet moves that refuted another move at the same ply;
//! 4. the other quiet moves, by their *history*: how often they caused a cut-off anywhere.

use crate::core::{Move, MoveList, Position, Role};

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
pub fn score_move(pos: &Position, mv: Move, hash: Option<Move>, h: &Heuristics, ply: usize) -> i32 {
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
        return (1 << 28) + victim * 100 + promo - attacker;
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
    ) -> Picker {
        let mut scores = [0; 256];
        for (i, &mv) in moves.iter().enumerate() {
            scores[i] = score_move(pos, mv, hash, h, ply);
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
