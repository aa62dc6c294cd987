//! A weak level plays like a weaker player: it looks less far, it overlooks the moves
//! people overlook, and it chooses among the moves it saw with a player's taste.
//!
//! A player rated 1200 does not misjudge every position by a few random pawns (as the old
//! "noise" levels did). They miss what is hard to see, and see at once what is obvious:
//! - **hard to see**: a long move, a backward or sideways move (the bishop retreat that
//!   forks, the rook swinging across the board), a knight's jump, a quiet move a few moves
//!   ahead (the further a line goes, the more it blurs), the last captures of a long
//!   exchange;
//! - **obvious**: a recapture, a check, taking a bigger piece, a pawn push.
//!
//! So a weak level searches the real position with the real evaluation, but some moves are
//! simply not in its tree. Which ones is drawn at random, per position and move (the same
//! answer every time the search meets them, so its tree stays consistent), with a chance
//! that grows with how hard the move is to see ([`difficulty`]) and with the level's
//! inattention. Its attention also depends on the position (more captures on the board,
//! more to miss) and on its clock (little time left, less care).
//!
//! Among the moves it saw, a level has a taste ([`Vision::root_bonus`]): captures, checks
//! and developing moves get a small bonus, and a whim chooses between moves of about the
//! same worth.
//!
//! A technically won ending is the exception ([`technical_win`]): mating a bare king with
//! a queen or a rook, or queening a pawn against it, is technique every player learns, and
//! a level that would not finish such a game is not weak, only frustrating. There every
//! level sees everything and searches at least [`TECHNIQUE_NODES`] nodes.

use crate::core::{Color, Move, Position, Role, Square};
pub use crate::level::Player;
use crate::util::rng::splitmix64;
use std::time::Duration;

/// The nodes every level searches at least in a technically won ending.
pub const TECHNIQUE_NODES: u64 = 30_000;

/// The most a move can be overlooked, however hard it is to see: even a beginner
/// sometimes finds the long retreat.
const MOST_MISSED: f64 = 0.9;

/// How much better (centipawns, by the level's own search) an under-promotion must score
/// than promoting to a queen before a weak level plays it: a player promotes to a queen
/// unless the knight (or rook, or bishop) clearly wins more. A mate is a mate: it needs no
/// margin (the search adds no taste to mate scores).
pub const UNDERPROMOTION_MARGIN: i32 = 200;

/// With this little time left (or less) a player starts to hurry.
const HURRY_BELOW: Duration = Duration::from_secs(10);

/// One search's view of the board: the player, made more or less attentive by the
/// position and the clock, and the seed that decides what it overlooks this move.
#[derive(Clone, Copy, Debug)]
pub struct Vision {
    /// Inattention after the position's complexity and the clock, in 1/65536.
    inattention: u32,
    capture_horizon: Option<u32>,
    taste: i32,
    whim: i32,
    seed: u64,
    /// Where the opponent's last move (before the search) landed: taking back there is
    /// the first thing anyone sees.
    last_to: Option<Square>,
}

impl Vision {
    /// How `player` sees the root `pos` with `time_left` on its clock (`None`: no clock),
    /// the opponent having just moved to `last_to`. `seed` decides, for this search, which
    /// moves it overlooks.
    pub fn new(
        player: &Player,
        pos: &Position,
        last_to: Option<Square>,
        time_left: Option<Duration>,
        seed: u64,
    ) -> Vision {
        let scale = player.inattention * complexity(pos) * hurry(time_left);
        Vision {
            inattention: (scale.clamp(0.0, 4.0) * 65536.0) as u32,
            capture_horizon: player.capture_horizon,
            taste: player.taste,
            whim: player.whim,
            seed: splitmix64(seed ^ pos.key()),
            last_to,
        }
    }

    /// Does the player see `mv` in `pos`, `ply` plies into the line it is reading? The
    /// same question always gets the same answer within a search. `last_to` is where the
    /// move before landed (a recapture there is obvious).
    #[inline]
    pub fn sees(&self, pos: &Position, mv: Move, ply: usize, last_to: Option<Square>) -> bool {
        let last_to = if ply == 0 { self.last_to } else { last_to };
        let miss = (difficulty(pos, mv, ply, last_to) * self.inattention as f64 / 65536.0)
            .min(MOST_MISSED);
        if miss <= 0.0 {
            return true;
        }
        let draw = splitmix64(self.seed ^ pos.key() ^ (mv.to_u16() as u64).wrapping_mul(0x9E37));
        (draw >> 11) as f64 / (1u64 << 53) as f64 >= miss
    }

    /// The plies of captures the player follows past its horizon (`None`: all of them).
    pub fn capture_horizon(&self) -> Option<u32> {
        self.capture_horizon
    }

    /// What the root move `mv` is worth to this player on top of its score, centipawns:
    /// its taste for natural moves and its whim, the same for the same move all through
    /// one search. Never negative, except for an under-promotion: it gets neither taste
    /// nor whim, and [`UNDERPROMOTION_MARGIN`] less, so the queen is chosen unless the
    /// search finds the other piece clearly better (or mating).
    pub fn root_bonus(&self, pos: &Position, mv: Move) -> i32 {
        if mv.promotion().is_some_and(|r| r != Role::Queen) {
            return -UNDERPROMOTION_MARGIN;
        }
        let natural = pos.is_capture(mv) || pos.gives_check(mv) || develops(pos, mv);
        let whim = if self.whim > 0 {
            (splitmix64(self.seed ^ 0x5717_u64 ^ mv.to_u16() as u64) % (self.whim as u64 + 1))
                as i32
        } else {
            0
        };
        natural as i32 * self.taste + whim
    }
}

/// How hard `mv` is to see in `pos`, `ply` plies into a line, the move before having
/// landed on `last_to`: 0 (nobody misses it) and up. A player's chance of overlooking the
/// move is this times its inattention.
pub fn difficulty(pos: &Position, mv: Move, ply: usize, last_to: Option<Square>) -> f64 {
    let (from, to) = (mv.from(), mv.to());
    let us = pos.turn();
    let Some(role) = pos.role_on(from) else {
        return 0.0;
    };
    let capture = pos.is_capture(mv);
    if capture && Some(to) == last_to {
        // Taking back what was just taken, or the piece that just came: seen at once.
        return 0.0;
    }
    let (df, dr) = (
        (to.file() as i32 - from.file() as i32).abs(),
        forward(us, from, to),
    );
    let distance = df.max(dr.abs());
    let mut d = match role {
        Role::Pawn => 0.05,
        Role::King => 0.15,
        // A knight's jump is the classic blind spot: it moves the way no line runs.
        Role::Knight => 0.35,
        // Sliders: the longer the move, the easier to miss.
        _ => 0.1 + 0.08 * (distance - 1) as f64,
    };
    if role != Role::Pawn {
        if dr < 0 {
            // Backward: players look forward.
            d += 0.35;
        } else if dr == 0 {
            d += 0.15;
        }
    }
    if capture {
        // Taking something bigger than the piece that takes is hard to overlook.
        let victim = pos.role_on(to).unwrap_or(Role::Pawn);
        if worth(victim) > worth(role) {
            d -= 0.2;
        }
    } else if mv.promotion().is_some() {
        d -= 0.2;
    } else if ply > 0 {
        // A quiet move in the line read ahead: the threat it sets up is what people miss.
        d += 0.25;
    }
    if pos.gives_check(mv) {
        d -= 0.2;
    }
    // The further into the line, the more it blurs.
    d += 0.06 * ply.min(8) as f64;
    d.max(0.0)
}

/// A rough worth, in pawns, for "is it bigger?" (the king counts most).
fn worth(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 100,
    }
}

/// Ranks gained toward the opponent by a move from `from` to `to` of `us` (negative:
/// backward).
fn forward(us: Color, from: Square, to: Square) -> i32 {
    let d = to.rank() as i32 - from.rank() as i32;
    if us == Color::White { d } else { -d }
}

/// Is `mv` a developing move: a knight or bishop off its first rank, or castling?
fn develops(pos: &Position, mv: Move) -> bool {
    let us = pos.turn();
    match pos.role_on(mv.from()) {
        Some(Role::Knight | Role::Bishop) => mv.from().rank() == us.back_rank(),
        Some(Role::King) => pos.is_castling(mv),
        _ => false,
    }
}

/// How much more a player overlooks in this position: with many captures on the board
/// (pieces attacked, exchanges pending) there is more to miss; in a quiet position less.
/// From 0.8 to 1.4.
fn complexity(pos: &Position) -> f64 {
    let tension = pos
        .legal_moves()
        .iter()
        .filter(|&&m| pos.is_capture(m))
        .count()
        + {
            let mut them = *pos;
            them.play_null();
            if them.in_check() {
                0
            } else {
                them.legal_moves()
                    .iter()
                    .filter(|&&m| them.is_capture(m))
                    .count()
            }
        };
    0.8 + 0.1 * tension.min(6) as f64
}

/// How much more a player overlooks with `time_left`: from 1 with [`HURRY_BELOW`] or
/// more (or no clock) to 1.5 with nothing left.
fn hurry(time_left: Option<Duration>) -> f64 {
    match time_left {
        Some(t) if t < HURRY_BELOW => {
            1.0 + 0.5 * (1.0 - t.as_secs_f64() / HURRY_BELOW.as_secs_f64())
        }
        _ => 1.0,
    }
}

/// Is the game a technical win for the side to move: the opponent has a bare king, and
/// we have a queen, a rook or a pawn (or two bishops, or a bishop and a knight), or the
/// opponent has only pawns left against our queen or rook? Every level finishes those.
pub fn technical_win(pos: &Position) -> bool {
    let us = pos.turn();
    let them = !us;
    let their_pieces = pos.by_color(them) & !pos.by_role(Role::King) & !pos.by_role(Role::Pawn);
    if their_pieces.any() {
        return false;
    }
    let heavy = (pos.pieces(us, Role::Queen) | pos.pieces(us, Role::Rook)).any();
    let bare = pos.pieces(them, Role::Pawn).is_empty();
    let minors = (
        pos.pieces(us, Role::Bishop).count(),
        pos.pieces(us, Role::Knight).count(),
    );
    heavy
        || bare
            && (pos.pieces(us, Role::Pawn).any() || minors.0 >= 2 || minors.0 >= 1 && minors.1 >= 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    fn mv(p: &Position, uci: &str) -> Move {
        *p.legal_moves().iter().find(|m| m.uci() == uci).unwrap()
    }

    #[test]
    fn the_obvious_is_easier_to_see_than_the_long_way_back() {
        // White: a bishop on h7 could step to g8 or go all the way back to b1, the
        // knight on f3 jumps, a pawn takes on d5 where a black knight just landed.
        let p = pos("4k3/7B/8/3n4/2P5/5N2/8/4K3 w - - 0 1");
        let back = difficulty(&p, mv(&p, "h7b1"), 0, None);
        let short = difficulty(&p, mv(&p, "h7g8"), 0, None);
        let jump = difficulty(&p, mv(&p, "f3g5"), 0, None);
        let push = difficulty(&p, mv(&p, "c4c5"), 0, None);
        let retake = difficulty(&p, mv(&p, "c4d5"), 0, Some(Square::D5));
        assert!(back > short && short > push, "{back} {short} {push}");
        assert!(jump > push);
        assert_eq!(retake, 0.0);
        // Deeper in a line, the same quiet move is harder to see.
        assert!(difficulty(&p, mv(&p, "h7g8"), 3, None) > short);
    }

    #[test]
    fn a_player_overlooks_hard_moves_more_often_and_always_the_same_way() {
        let p = pos("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5");
        let player = Player {
            inattention: 0.8,
            capture_horizon: Some(1),
            taste: 0,
            whim: 0,
        };
        let (mut seen_easy, mut seen_hard) = (0, 0);
        for seed in 0..400 {
            let v = Vision::new(&player, &p, None, None, seed);
            // The same question, the same answer.
            assert_eq!(
                v.sees(&p, mv(&p, "c4f7"), 0, None),
                v.sees(&p, mv(&p, "c4f7"), 0, None)
            );
            seen_easy += v.sees(&p, mv(&p, "c4f7"), 0, None) as u32; // a check and a capture
            seen_hard += v.sees(&p, mv(&p, "c4a6"), 2, None) as u32; // long, quiet, deep
        }
        assert!(seen_easy > 340, "{seen_easy}");
        assert!(seen_hard < 300 && seen_hard > 40, "{seen_hard}");
        // A player who pays full attention sees everything.
        let sharp = Player {
            inattention: 0.0,
            ..player
        };
        let v = Vision::new(&sharp, &p, None, None, 7);
        assert!(p.legal_moves().iter().all(|&m| v.sees(&p, m, 4, None)));
    }

    #[test]
    fn hurry_and_tension_make_a_player_miss_more() {
        assert_eq!(hurry(None), 1.0);
        assert_eq!(hurry(Some(Duration::from_secs(60))), 1.0);
        assert!(hurry(Some(Duration::from_secs(2))) > hurry(Some(Duration::from_secs(8))));
        let quiet = complexity(&Position::startpos());
        let sharp = complexity(&pos(
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        ));
        assert!(sharp > quiet, "{sharp} {quiet}");
    }

    #[test]
    fn technical_wins_are_the_endings_every_player_is_taught() {
        for (fen, won) in [
            ("8/8/8/4k3/8/8/8/4K2Q w - - 0 1", true),
            ("8/8/8/4k3/8/8/8/4K2R w - - 0 1", true),
            ("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", true),
            ("8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1", true),
            ("8/8/8/4k3/8/8/4p3/4K2R w - - 0 1", true),
            // The other side to move, a knight alone, or a defender with a piece: no.
            ("8/8/8/4k3/8/8/8/4K2Q b - - 0 1", false),
            ("8/8/8/4k3/8/8/8/4KN2 w - - 0 1", false),
            ("8/8/8/4k3/8/8/4n3/4K2R w - - 0 1", false),
            ("8/8/8/4k3/8/8/4p3/4K1N1 w - - 0 1", false),
        ] {
            assert_eq!(technical_win(&pos(fen)), won, "{fen}");
        }
    }

    #[test]
    fn taste_favours_natural_moves_and_whim_stays_within_its_bound() {
        let p = Position::startpos();
        let player = Player {
            inattention: 0.5,
            capture_horizon: None,
            taste: 20,
            whim: 10,
        };
        let v = Vision::new(&player, &p, None, None, 3);
        let develop = v.root_bonus(&p, mv(&p, "g1f3"));
        let rim = v.root_bonus(&p, mv(&p, "a2a3"));
        assert!((20..=30).contains(&develop), "{develop}");
        assert!((0..=10).contains(&rim), "{rim}");
        assert_eq!(develop, v.root_bonus(&p, mv(&p, "g1f3")));
    }

    #[test]
    fn an_under_promotion_gets_no_taste_and_must_beat_the_queen_by_a_margin() {
        // e8=N gives check (a natural move), e8=Q does not: the knight still gets less.
        let p = pos("8/4P3/5k2/8/8/8/1n6/6K1 w - - 0 1");
        let player = Player {
            inattention: 0.9,
            capture_horizon: Some(1),
            taste: 40,
            whim: 40,
        };
        for seed in 0..50 {
            let v = Vision::new(&player, &p, None, None, seed);
            let queen = v.root_bonus(&p, mv(&p, "e7e8q"));
            for under in ["e7e8n", "e7e8r", "e7e8b"] {
                let b = v.root_bonus(&p, mv(&p, under));
                assert_eq!(b, -UNDERPROMOTION_MARGIN, "{under}");
                assert!(queen - b >= UNDERPROMOTION_MARGIN);
            }
        }
    }
}
