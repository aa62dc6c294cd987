//! Positions with known motifs, composed or from well-known games and traps. The lines
//! explained are the engine's own: each position is searched before and after the bad
//! move, as the game analysis does, and the reason is checked against what the lines show
//! when played out on the board.

use super::*;
use crate::core::parse_san;
use crate::eval::Evaluator;
use crate::game::Game;
use crate::search::{Event, Level, Limits, Searcher};
use std::sync::atomic::AtomicBool;

/// How deep the tests search each position.
const DEPTH: u32 = 8;

/// The engine's score (side to move's view) and principal variation at `pos`.
fn search(pos: &Position) -> (Score, Vec<Move>) {
    if !pos.has_legal_moves() {
        let score = if pos.in_check() {
            Score::Mate(0)
        } else {
            Score::Cp(0)
        };
        return (score, Vec::new());
    }
    let mut searcher = Searcher::new(Evaluator::default(), 4);
    let limits = Limits {
        depth: Some(DEPTH),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut pv = Vec::new();
    let result = searcher.think(
        &Game::from_position(*pos),
        Level::FULL,
        &limits,
        &stop,
        &mut |e| {
            if let Event::Iteration(it) = e
                && it.multipv == 1
            {
                pv = it.pv;
            }
        },
    );
    (result.score, pv)
}

fn negate(s: Score) -> Score {
    match s {
        Score::Cp(cp) => Score::Cp(-cp),
        Score::Mate(n) => Score::Mate(-n),
    }
}

/// The engine's lines around `played` (SAN) at `fen`, and the reason they give.
fn explained(fen: &str, played: &str) -> (Position, Move, Reason) {
    let before = Position::from_fen(fen).unwrap();
    let played = parse_san(&before, played).unwrap();
    let (best_score, best) = search(&before);
    let (reply_score, reply) = search(&before.after(played));
    let lines = Lines {
        before: &before,
        played,
        best: &best,
        reply: &reply,
        after_score: negate(reply_score),
        best_score,
    };
    (before, played, explain(&lines))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tag {
    Mate,
    Fork,
    Pin,
    Skewer,
    Hangs,
    Exchange,
    Pawn,
    MissesMate,
    MissesWin,
    Better,
}

fn tag(kind: &Kind) -> Option<Tag> {
    Some(match kind {
        Kind::AllowsMate { .. } => Tag::Mate,
        Kind::Fork { .. } => Tag::Fork,
        Kind::Pin { .. } => Tag::Pin,
        Kind::Skewer { .. } => Tag::Skewer,
        Kind::Hangs { .. } => Tag::Hangs,
        Kind::GivesUpExchange => Tag::Exchange,
        Kind::LetsPawnRun => Tag::Pawn,
        Kind::MissesMate { .. } => Tag::MissesMate,
        Kind::MissesWin { .. } => Tag::MissesWin,
        Kind::BetterWas => Tag::Better,
        Kind::Unexplained => return None,
    })
}

/// A position, the bad move (SAN), the reason's kind, and for some its exact phrase.
struct Case {
    fen: &'static str,
    played: &'static str,
    tag: Tag,
    phrase: Option<&'static str>,
}

const fn case(fen: &'static str, played: &'static str, tag: Tag) -> Case {
    Case {
        fen,
        played,
        tag,
        phrase: None,
    }
}

const fn said(fen: &'static str, played: &'static str, tag: Tag, phrase: &'static str) -> Case {
    Case {
        fen,
        played,
        tag,
        phrase: Some(phrase),
    }
}

const CASES: &[Case] = &[
    // ---- Mates allowed.
    // Back rank: the rook leaves the eighth rank.
    said(
        "4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1",
        "Re2",
        Tag::Mate,
        "allows mate in 2 on the back rank (Rd8+ Re8 Rxe8#)",
    ),
    // Back rank: the rook leaves the first rank.
    said(
        "3r2k1/5ppp/8/8/8/8/5PPP/2R3K1 w - - 0 1",
        "Rc7",
        Tag::Mate,
        "allows mate in 1 on the back rank (Rd1#)",
    ),
    // The Scholar's mate: 3...Nf6?? 4.Qxf7#.
    said(
        "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
        "Nf6",
        Tag::Mate,
        "allows mate in 1 (Qxf7#)",
    ),
    // The Fool's mate: 2.g4?? Qh4#.
    case(
        "rnbqkbnr/pppp1ppp/8/4p3/5P2/8/PPPPP1PP/RNBQKBNR w KQkq - 0 2",
        "g4",
        Tag::Mate,
    ),
    // The knight leaves h7's defence: Qh7+ and Qh8#.
    case(
        "r2r2k1/ppp1bpp1/5n2/8/8/3B3Q/PPP2PPP/6K1 b - - 0 1",
        "Nd5",
        Tag::Mate,
    ),
];

fn check(c: &Case) -> Reason {
    let (before, played, reason) = explained(c.fen, c.played);
    assert_claim_true(&before, played, &reason);
    reason
}

/// What a reason claims is what its quoted line reaches on the board.
fn assert_claim_true(before: &Position, played: Move, r: &Reason) {
    let after = before.after(played);
    let start = if r.kind.quotes_reply() { after } else { *before };
    let ps = material::walk(&start, &r.line);
    assert_eq!(ps.len(), r.line.len() + 1, "{r}: an illegal quoted move");
    assert_eq!(r.san, san_line(&start, &r.line));
    let end = ps.last().unwrap();
    let mover = before.turn();
    let won = material::balance(end, mover) - material::balance(before, mover);
    match &r.kind {
        Kind::AllowsMate { moves, back_rank } => {
            assert!(end.is_checkmate() && end.turn() == mover, "{r}");
            assert_eq!(*moves as usize, r.line.len().div_ceil(2), "{r}");
            assert_eq!(*back_rank, patterns::back_rank(end), "{r}");
        }
        Kind::MissesMate { moves } => {
            assert!(end.is_checkmate() && end.turn() != mover, "{r}");
            assert_eq!(*moves as usize, r.line.len().div_ceil(2), "{r}");
        }
        Kind::Hangs { role, .. } => {
            assert!(-won >= material::value(*role) - 1, "{r}: {won}");
            assert!(-won >= r.material, "{r}: {won}");
        }
        Kind::Fork { .. } | Kind::Pin { .. } | Kind::Skewer { .. } => {
            assert!(-won >= TACTIC_GAIN && -won >= r.material, "{r}: {won}");
        }
        Kind::GivesUpExchange => {
            assert!(-won >= 1 && -won >= r.material, "{r}: {won}");
        }
        Kind::LetsPawnRun => {
            assert!(r.line.iter().any(|m| m.promotion().is_some()), "{r}");
            assert!(-won >= 3, "{r}: {won}");
        }
        Kind::MissesWin { gain } => {
            assert!(won >= 1 && won >= r.material, "{r}: {won}");
            let least = match gain {
                Gain::Queen => 8,
                Gain::Rook => 4,
                Gain::Piece(_) | Gain::Exchange => 2,
                Gain::Pawns(n) => *n,
            };
            assert!(won >= least, "{r}: {won}");
        }
        Kind::BetterWas | Kind::Unexplained => assert_eq!(r.material, 0),
    }
    assert!(r.line.len() <= 11, "{r}: too long a quote");
}

#[test]
fn every_case_gets_its_reason_and_every_claim_is_true() {
    let mut wrong = Vec::new();
    for c in CASES {
        let r = check(c);
        let ok = tag(&r.kind) == Some(c.tag) && c.phrase.is_none_or(|p| p == r.to_string());
        eprintln!("{} {} {:?}: {r}", if ok { "ok " } else { "BAD" }, c.played, c.tag);
        if !ok {
            wrong.push(format!("{} {}: expected {:?}, got {r}", c.fen, c.played, c.tag));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}
