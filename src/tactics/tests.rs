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
    if std::env::var_os("HUO_TACTICS_DEBUG").is_some() {
        eprintln!(
            "  best {best_score} {:?}\n  reply {reply_score} {:?}",
            san_line(&before, &best),
            san_line(&before.after(played), &reply)
        );
    }
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
    Nothing,
}

fn tag(kind: &Kind) -> Tag {
    match kind {
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
        Kind::Unexplained => Tag::Nothing,
    }
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
    // Legal's mate: 5...Bxd1?? 6.Bxf7+ Ke7 7.Nd5#.
    said(
        "rn1qkbnr/ppp2p1p/3p2p1/4N3/2B1P1b1/2N5/PPPP1PPP/R1BQK2R b KQkq - 0 5",
        "Bxd1",
        Tag::Mate,
        "allows mate in 2 (Bxf7+ Ke7 Nd5#)",
    ),
    // ---- Hanging pieces.
    // 2.Ba6?? bxa6 (or Nxa6).
    case(
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        "Ba6",
        Tag::Hangs,
    ),
    // 2...Qh4?? Nxh4.
    said(
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
        "Qh4",
        Tag::Hangs,
        "hangs the queen on h4 (Nxh4)",
    ),
    // The rook steps where the knight takes it.
    case(
        "3rk2r/ppp2ppp/6b1/8/8/2N5/PPP2PPP/R3K2R b KQk - 0 1",
        "Rd5",
        Tag::Hangs,
    ),
    // The knight jumps into the h6 pawn's reach.
    case(
        "rnbqkb1r/pppp1pp1/5n1p/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 4",
        "Ng5",
        Tag::Hangs,
    ),
    // The pawn that guarded the bishop moves on: the queen takes it.
    case(
        "r2qk2r/ppp2ppp/2n5/3p2B1/7P/8/PPP2PP1/RN1QKB1R w KQkq - 0 1",
        "h5",
        Tag::Hangs,
    ),
    // The Elephant trap: 6.Nxd5?? Nxd5 7.Bxd8 Bb4+ and Black comes out a piece up.
    case(
        "r1bqkb1r/pppn1ppp/5n2/3p2B1/3P4/2N5/PP2PPPP/R2QKBNR w KQkq - 0 6",
        "Nxd5",
        Tag::Hangs,
    ),
    // ---- Forks.
    // The queen leaves c7: Nxc7+ forks the king and the rook.
    said(
        "r2qk2r/ppp2ppp/8/1N6/8/8/PPP2PPP/2B2RK1 b kq - 0 1",
        "Qh4",
        Tag::Fork,
        "walks into a knight fork of the king and the rook (Nxc7+ Kd7 Nxa8)",
    ),
    // 3...Be6?? d5 forks the knight and the bishop.
    case(
        "r1bqkbnr/ppp1pppp/2np4/8/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 1 3",
        "Be6",
        Tag::Fork,
    ),
    // The bishop leaves the long diagonal: Qd5+ forks the king and the rook.
    case(
        "r5k1/pb1nr1pp/1p6/8/8/8/PPP3PP/R1BQ2K1 b - - 0 1",
        "Ba6",
        Tag::Fork,
    ),
    // The queen stops guarding c2: Nxc2+ forks the king and the rook.
    case(
        "r1bqkbnr/pppp1ppp/8/4p3/1n2P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 4",
        "Qe2",
        Tag::Fork,
    ),
    // ---- Pins.
    // The queen steps onto the diagonal of its king: Bc4 pins it.
    case(
        "r1r3k1/pppq2pp/8/8/8/1P1B4/P1P2PPP/R2Q2K1 b - - 0 1",
        "Qf7",
        Tag::Pin,
    ),
    // The queen steps onto the e-file of its king: Re1 pins it.
    case(
        "r3k2r/ppp2ppp/2n5/2q5/8/8/PPPQ1PPP/3R2K1 b kq - 0 1",
        "Qe5",
        Tag::Pin,
    ),
    // ---- Skewers.
    // The king steps onto its rook's rank: Ra4+ and Rxh4.
    case("8/6pp/8/3k4/7r/8/6PP/R5K1 b - - 0 1", "Ke4", Tag::Skewer),
    // The king steps onto the rook's diagonal: Bc4+ and Bxf7.
    case("8/5rpp/3k4/8/8/1P6/4BPPP/6K1 b - - 0 1", "Kd5", Tag::Skewer),
    // ---- The exchange given up.
    // The rook steps where the knight takes it, the bishop recapturing.
    case(
        "3rk2r/ppp2ppp/4b3/8/8/2N5/PPP2PPP/R3K2R b KQk - 0 1",
        "Rd5",
        Tag::Exchange,
    ),
    // Re1?? Bxe1 Qxe1.
    case(
        "r2q1rk1/ppp2ppp/2n2n2/4p3/1b2P3/3P1N2/PPP2PPP/R1BQ1RK1 w - - 0 1",
        "Re1",
        Tag::Exchange,
    ),
    // ---- Pawns let through.
    // The king walks away from the c-pawn's square.
    case("7k/8/8/8/4K3/2p5/8/8 w - - 0 1", "Kf3", Tag::Pawn),
    // The king leaves the g-pawn's square.
    case("8/8/3k4/6P1/8/8/8/K7 b - - 0 1", "Kc5", Tag::Pawn),
    // ---- Wins missed.
    // Rd8# was mate.
    said(
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "h3",
        Tag::MissesMate,
        "misses mate in 1 (Rd8#)",
    ),
    // Legal's mate, White taking the queen instead: 6.Bxf7+ Ke7 7.Nd5# was mate in 2.
    said(
        "rn1qkbnr/ppp2p1p/3p2p1/4N3/2B1P3/2N5/PPPP1PPP/R1BbK2R w KQkq - 0 6",
        "Kxd1",
        Tag::MissesMate,
        "misses mate in 2 (Bxf7+ Ke7 Nd5#)",
    ),
    // The queen on d4 was there for the taking.
    case(
        "rnb1kbnr/ppp1pppp/8/8/3q4/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
        "Nc3",
        Tag::MissesWin,
    ),
    // Nc7+ forked the king and the rook.
    case(
        "r3k2r/pp3ppp/8/1N6/8/8/PPP2PPP/4K2R w Kkq - 0 1",
        "h4",
        Tag::MissesWin,
    ),
    // The e5 pawn stood loose.
    case(
        "rn4k1/ppp2ppp/8/4p3/8/5N2/PPP2PPP/R5K1 w - - 0 1",
        "a3",
        Tag::MissesWin,
    ),
    // ---- Nothing recognised: the better line only.
    case(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "f3",
        Tag::Better,
    ),
    case(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "Na3",
        Tag::Better,
    ),
    case(
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
        "h6",
        Tag::Better,
    ),
    case(
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        "Ke2",
        Tag::Better,
    ),
    case(
        "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "a3",
        Tag::Better,
    ),
    // A fair trade is no hanging piece: the Exchange Ruy Lopez, 4.Bxc6 dxc6.
    case(
        "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
        "Bxc6",
        Tag::Better,
    ),
    // The engine's own move: nothing better to say.
    case(
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/2N5/PPPP1PPP/R1BQK1NR w KQkq - 4 4",
        "Nf3",
        Tag::Nothing,
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
    let start = if r.kind.quotes_reply() {
        after
    } else {
        *before
    };
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
                Gain::Pawns(n) | Gain::Material(n) => *n,
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
        let ok = tag(&r.kind) == c.tag && c.phrase.is_none_or(|p| p == r.to_string());
        eprintln!(
            "{} {} {:?}: {r}",
            if ok { "ok " } else { "BAD" },
            c.played,
            c.tag
        );
        if !ok {
            wrong.push(format!(
                "{} {}: expected {:?}, got {r}",
                c.fen, c.played, c.tag
            ));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The line from `fen` in SAN, as moves.
fn moves(fen: &str, sans: &[&str]) -> (Position, Vec<Move>) {
    let start = Position::from_fen(fen).unwrap();
    let mut p = start;
    let mut out = Vec::new();
    for s in sans {
        let mv = parse_san(&p, s).unwrap();
        p.play(mv);
        out.push(mv);
    }
    (start, out)
}

#[test]
fn motifs_name_what_a_line_shows_for_its_first_mover() {
    // A back-rank mate in 2.
    let (p, line) = moves(
        "6k1/5ppp/8/8/8/8/4rPPP/3R2K1 w - - 0 1",
        &["Rd8+", "Re8", "Rxe8#"],
    );
    let found = motifs(&p, &line);
    assert_eq!(
        found.first(),
        Some(&Motif::Mate {
            moves: 2,
            back_rank: true
        })
    );
    // The Scholar's mate is no back-rank mate.
    let (p, line) = moves(
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        &["Qxf7#"],
    );
    assert_eq!(
        motifs(&p, &line)[0],
        Motif::Mate {
            moves: 1,
            back_rank: false
        }
    );
    // A knight fork, then the rook taken: a fork and material won.
    let (p, line) = moves(
        "r3k2r/ppp2ppp/8/1N6/8/8/PPP2PPP/2B2RK1 w kq - 0 1",
        &["Nxc7+", "Kd7", "Nxa8"],
    );
    let found = motifs(&p, &line);
    assert!(
        matches!(&found[0], Motif::Fork { forker: Role::Knight, targets, .. }
            if targets.iter().map(|t| t.0).collect::<Vec<_>>() == [Role::King, Role::Rook]),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|m| matches!(m, Motif::MaterialWon { pawns } if *pawns >= 3))
    );
    // A pawn promotes and is not taken.
    let (p, line) = moves("8/2P5/8/8/8/8/k7/4K3 w - - 0 1", &["c8=Q"]);
    assert!(motifs(&p, &line).contains(&Motif::Promotion {
        ply: 0,
        square: Square::C8,
        role: Role::Queen
    }));
    // A capture answered by the recapture wins nothing, and is no hanging piece.
    let (p, line) = moves(
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        &["exd5", "Qxd5"],
    );
    assert!(motifs(&p, &line).is_empty());
    // An illegal move ends the line: nothing past it is counted.
    let (p, mut line) = moves(
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
        &["Qh4"],
    );
    line.push(Move::new(Square::A1, Square::A8, None));
    assert!(motifs(&p, &line).is_empty());
}

#[test]
fn without_lines_only_what_is_known_is_said() {
    let before = Position::startpos();
    let played = parse_san(&before, "f3").unwrap();
    let lines = Lines {
        before: &before,
        played,
        best: &[],
        reply: &[],
        after_score: Score::Cp(-40),
        best_score: Score::Cp(30),
    };
    let r = explain(&lines);
    assert_eq!(r.kind, Kind::Unexplained);
    // A mate score whose line does not reach the mate claims no mate.
    let (before, reply) = moves(
        "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
        &[],
    );
    let played = parse_san(&before, "Nf6").unwrap();
    let best = [parse_san(&before, "g6").unwrap()];
    let lines = Lines {
        before: &before,
        played,
        best: &best,
        reply: &reply,
        after_score: Score::Mate(-1),
        best_score: Score::Cp(0),
    };
    assert_eq!(explain(&lines).to_string(), "better was g6 (g6)");
}

#[test]
fn settled_material_plays_out_the_captures_left_hanging() {
    // 1.e4 d5: exd5 Qxd5 trades the pawns back.
    let p =
        Position::from_fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").unwrap();
    assert_eq!(material::settled(&p), 0);
    // The queen on h4 is taken for nothing.
    let p = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        .unwrap();
    assert_eq!(material::settled(&p), 9);
    // The knight that took e4 is taken in turn: White is a piece for a pawn up, seen
    // from either side.
    let p = Position::from_fen("rnbqkb1r/pppp1ppp/8/4p3/4n3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 3")
        .unwrap();
    assert_eq!(material::settled_for(&p, Color::White), 2);
    assert_eq!(material::settled_for(&p, Color::Black), -2);
}
