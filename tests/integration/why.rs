//! "Why this move?" and the evaluation's breakdowns: the words agree with the numbers, and
//! the numbers add up.

use crate::common;

use huo_chess::core::{Move, Position, parse_move};
use huo_chess::eval::Evaluator;
use huo_chess::game::Game;
use huo_chess::search::{Event, Level, Limits, Score, Searcher};
use huo_chess::why::{self, End};
use std::sync::atomic::AtomicBool;

/// The position after `moves` (SAN) from the start.
fn after(moves: &str) -> Position {
    let mut p = Position::startpos();
    for m in moves.split_whitespace() {
        let mv = parse_move(&p, m).unwrap();
        p.play(mv);
    }
    p
}

/// A fixed-depth search from `pos` (one thread, a fresh table: the same every run): its
/// score and principal variation.
fn search(pos: &Position, depth: u32) -> (Score, Vec<Move>) {
    let mut searcher = Searcher::new(Evaluator::default(), 1);
    let stop = AtomicBool::new(false);
    let mut pv = Vec::new();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let r = searcher.think(
        &Game::from_position(*pos),
        Level::FULL,
        &limits,
        &stop,
        &mut |e| {
            if let Event::Iteration(it) = e
                && it.multipv <= 1
            {
                pv = it.pv;
            }
        },
    );
    (r.score, pv)
}

/// The Material part of `pos`'s breakdown, for White.
fn material(e: &Evaluator, pos: &Position) -> i32 {
    let x = e.explain(pos);
    x.parts.iter().find(|p| p.name == "Material").unwrap().cp
}

/// Checks what an explanation of `line` from `pos` says against the evaluation itself:
/// the start is the evaluation of `pos` for the mover, the end that of the position the
/// line and its settled captures lead to, the reasons add up to the difference, and the
/// material named is the Material part's change, in the direction the words say.
fn check_explanation(e: &Evaluator, pos: &Position, line: &[Move]) -> why::Why {
    let w = why::explain(e, pos, line);
    let mover = pos.turn();
    let sign = if mover == huo_chess::Color::White {
        1
    } else {
        -1
    };
    assert_eq!(w.start, e.evaluate(pos), "{}", pos.fen());
    // Replay what the explanation says was played.
    let mut p = *pos;
    for san in w.line.iter().chain(&w.settled) {
        let mv = parse_move(&p, san).unwrap();
        p.play(mv);
    }
    let who = |p: &Position| if p.turn() == mover { 1 } else { -1 };
    match w.end {
        End::Eval(end) => {
            assert_eq!(end, who(&p) * e.evaluate(&p), "{}", pos.fen());
            let sum: i32 = w.reasons.iter().map(|r| r.cp).sum();
            assert_eq!(Some(sum), w.change(), "{}: {:?}", pos.fen(), w.reasons);
            assert_eq!(sum, end - w.start);
        }
        End::Checkmate { mover_wins } => {
            assert!(!p.has_legal_moves() && p.in_check());
            assert_eq!(mover_wins, p.turn() != mover);
        }
        End::Stalemate => assert!(p.is_stalemate()),
    }
    // Where the line ends no capture is left that the side to move wants to make.
    assert!(why::settle(e, &p).is_empty(), "{}", pos.fen());
    let change = (material(e, &p) - material(e, pos)) * sign;
    for r in w.reasons.iter().filter(|r| r.part == "Material") {
        assert_eq!(r.cp, change, "{}: {r}", pos.fen());
        let good = r.text.starts_with("wins ") || r.text.starts_with("gains");
        assert_eq!(good, r.cp > 0, "{}: {r}", pos.fen());
    }
    w
}

/// `:why board` in a Najdorf said `Score +0.20` and "gives up a knight (-3.79)", in the
/// Exchange Ruy Lopez `+0.45` and "wins a bishop (+3.97)": the line stopped between a
/// capture and its recapture. Every line a search hands over, cut anywhere (a line from
/// the table may stop at any move), is now explained to a quiet end: from these level
/// starts, with the search's score within a pawn, no line claims a piece won or lost.
#[test]
fn why_never_stops_in_the_middle_of_an_exchange() {
    let e = Evaluator::default();
    for moves in [
        "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6",
        "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6",
        "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3",
        "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O f6 d4 exd4 Nxd4",
    ] {
        let pos = after(moves);
        assert!(material(&e, &pos).abs() < 50, "{moves}: a level start");
        let (score, pv) = search(&pos, 10);
        let Score::Cp(cp) = score else {
            panic!("{moves}: {score}")
        };
        assert!(cp.abs() < 100, "{moves}: {score}");
        for k in 1..=pv.len() {
            let w = check_explanation(&e, &pos, &pv[..k]);
            for r in &w.reasons {
                assert!(
                    r.part != "Material" || (r.cp.abs() < 100 && (r.cp > 0) == (cp > 0)),
                    "{moves}, score {score}, line {} then {}: {r}",
                    w.line.join(" "),
                    w.settled.join(" ")
                );
            }
        }
    }
}

/// Over many positions and every cut of their searched lines: the explanation's start
/// and end are the evaluation's, the reasons add up to the change, and the material
/// named is the material the line wins or loses.
#[test]
fn every_explanation_adds_up_to_the_change_it_shows() {
    let e = Evaluator::default();
    let mut positions: Vec<Position> = huo_chess::search::bench::POSITIONS
        .iter()
        .map(|f| Position::from_fen(f).unwrap())
        .collect();
    positions.extend(common::random_positions(2, 40, 7));
    let mut material_named = 0;
    for pos in positions.iter().filter(|p| p.has_legal_moves()) {
        let (_, pv) = search(pos, 5);
        for k in 1..=pv.len() {
            let w = check_explanation(&e, pos, &pv[..k]);
            material_named += w.reasons.iter().filter(|r| r.part == "Material").count();
        }
    }
    assert!(
        material_named >= 20,
        "only {material_named} material reasons"
    );
}

/// A loose piece taken, the recapture that is not there, and a piece taken back.
#[test]
fn captures_left_hanging_are_played_out_and_counted() {
    let e = Evaluator::default();
    // White's bishop takes a knight defended by a pawn: the explanation plays the
    // recapture and calls it a trade (a bishop for a knight), not a knight won.
    let pos = Position::from_fen("4k3/8/2p5/3n4/8/8/6B1/4K3 w - - 0 1").unwrap();
    let w = check_explanation(&e, &pos, &[parse_move(&pos, "Bxd5").unwrap()]);
    assert_eq!(w.settled, vec!["cxd5"]);
    assert!(
        !w.reasons
            .iter()
            .any(|r| r.text.starts_with("wins a knight")),
        "{:?}",
        w.reasons
    );
    // A loose knight: nothing to take back.
    let pos = Position::from_fen("4k3/8/8/3n4/8/8/6B1/4K3 w - - 0 1").unwrap();
    let w = check_explanation(&e, &pos, &[parse_move(&pos, "Bxd5").unwrap()]);
    assert!(w.settled.is_empty());
    assert!(
        w.reasons[0].text.starts_with("wins a knight"),
        "{:?}",
        w.reasons
    );
}

/// Plain MiniMax scores the last position of its line as it stands: its explanation ends
/// there, at exactly the search's score, and names the captures it does not see.
#[test]
fn a_classic_line_is_explained_where_minimax_scored_it() {
    let e = Evaluator::default();
    let mut beyond = 0;
    for fen in huo_chess::search::bench::POSITIONS.iter().take(12) {
        let pos = Position::from_fen(fen).unwrap();
        let mut searcher = Searcher::new(e.clone(), 1);
        let stop = AtomicBool::new(false);
        let mut pv = Vec::new();
        let r = searcher.think(
            &Game::from_position(pos),
            Level::Classic(3),
            &Limits::default(),
            &stop,
            &mut |ev| {
                if let Event::Iteration(it) = ev
                    && it.multipv <= 1
                {
                    pv = it.pv;
                }
            },
        );
        let Score::Cp(score) = r.score else { continue };
        let w = why::explain_to(&e, &pos, &pv, why::Horizon::Leaf);
        assert_eq!(w.line.len(), 3, "{fen}");
        assert!(w.settled.is_empty());
        assert_eq!(w.end, End::Eval(score), "{fen}");
        let sum: i32 = w.reasons.iter().map(|r| r.cp).sum();
        assert_eq!(sum, score - w.start, "{fen}");
        beyond += !w.beyond.is_empty() as usize;
    }
    assert!(beyond > 0, "no line stopped before a capture");
}

/// A weak level's move: `why` says the level's own weakening chose it, and a full-strength
/// move does not say so.
#[test]
fn why_says_when_a_weak_levels_weakening_chose_the_move() {
    use huo_chess::engine::Origin;
    use huo_chess::why::thought::Thought;
    let game = Game::new();
    let pos = *game.position();
    let e4 = parse_move(&pos, "e4").unwrap();
    let thought = |level| Thought {
        before: pos,
        ply: 0,
        mv: e4,
        played: true,
        origin: Origin::Search,
        level,
        score: Score::Cp(40),
        depth: 4,
        cut_short: None,
        pv: vec![e4],
        alternatives: vec![(e4, Score::Cp(40))],
        full_strength: None,
    };
    let weakened = |level| {
        thought(level)
            .lines(&game, &Evaluator::default())
            .iter()
            .any(|l| l.contains("I play like a weaker player") && l.contains(":why board"))
    };
    // Once the full strength has looked at the same position, it says which it was.
    let d4 = parse_move(&pos, "d4").unwrap();
    let with_full = |full| {
        let mut t = thought(Level::Modern(3));
        t.full_strength = Some(full);
        t.lines(&game, &Evaluator::default()).join("\n")
    };
    let other = with_full((d4, Score::Cp(35)));
    assert!(
        other.contains(
            "Here that chose the move: at full strength I would play d4 (+0.35 for White)."
        ),
        "{other}"
    );
    let same = with_full((e4, Score::Cp(30)));
    assert!(
        same.contains("Here my full strength plays the same move."),
        "{same}"
    );
    assert!(!same.contains(":why board") && !other.contains(":why board"));
    assert!(weakened(Level::Modern(5)));
    assert!(weakened(Level::Modern(1)));
    assert!(!weakened(Level::FULL));
    assert!(
        !weakened(Level::Classic(3)),
        "plain MiniMax has no weakening"
    );
}

#[test]
fn a_piece_taken_out_of_danger_is_said_first() {
    // The rook on e5 is attacked by the knight on d3 (a rook for a knight): Re2 saves it.
    let pos = Position::from_fen("k7/8/8/4R3/8/3n4/8/7K w - - 0 1").unwrap();
    let mv = |m: &str| parse_move(&pos, m).unwrap();
    assert_eq!(
        why::rescue(&pos, mv("Re2")).as_deref(),
        Some("The rook on e5 was attacked by the knight on d3; on e2 it is safe.")
    );
    // To c5 the knight takes it all the same.
    assert_eq!(why::rescue(&pos, mv("Rc5")), None);
    // A rook nobody attacks is not rescued; nor is one attacked by a rook it is defended
    // against (taking it wins nothing).
    let calm = Position::from_fen("k7/8/8/4R3/8/8/8/7K w - - 0 1").unwrap();
    assert_eq!(why::rescue(&calm, parse_move(&calm, "Re2").unwrap()), None);
    let even = Position::from_fen("k7/8/8/r3R3/4K3/8/8/8 w - - 0 1").unwrap();
    assert_eq!(why::rescue(&even, parse_move(&even, "Re6").unwrap()), None);
    // The explanation of the move says it first, right after its title.
    let re2 = mv("Re2");
    let mut game = Game::from_position(pos);
    game.play(re2).unwrap();
    let thought = huo_chess::why::thought::Thought {
        before: pos,
        ply: 0,
        mv: re2,
        played: true,
        origin: huo_chess::engine::Origin::Search,
        level: Level::Modern(5),
        score: Score::Cp(480),
        depth: 5,
        cut_short: None,
        pv: vec![re2],
        alternatives: vec![(re2, Score::Cp(480))],
        full_strength: None,
    };
    let lines = thought.lines(&game, &Evaluator::default());
    assert_eq!(
        lines[1], "The rook on e5 was attacked by the knight on d3; on e2 it is safe.",
        "{lines:?}"
    );
    // White's move, White's score: said for White.
    assert!(lines[2].starts_with("Score +4.80 for White"), "{lines:?}");
}
