//! The thinking: config-driven choices, mates at the right distance, the classic MiniMax,
//! legality everywhere, and stopping on request.

use crate::common;

use huo_chess::config::Config;
use huo_chess::core::{Move, Position};
use huo_chess::eval::Evaluator;
use huo_chess::game::Game;
use huo_chess::level::MEASURED_ELO;
use huo_chess::search::{Event, Level, Limits, Score, SearchResult, Searcher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

fn think_with(
    config: &Config,
    fen: &str,
    level: Level,
    limits: Limits,
) -> (SearchResult, Vec<Event>) {
    let mut searcher = Searcher::new(Evaluator::from_config(config), 8);
    searcher.set_seed(1);
    let game = Game::from_position(Position::from_fen(fen).unwrap());
    let stop = AtomicBool::new(false);
    let mut events = Vec::new();
    let r = searcher.think(&game, level, &limits, &stop, &mut |e| events.push(e));
    (r, events)
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn best(fen: &str, d: u32) -> (Move, Score) {
    let (r, _) = think_with(&Config::default(), fen, Level::FULL, depth(d));
    (r.best.unwrap(), r.score)
}

const QUEEN_OR_ROOK: &str = "7k/2q5/5r2/3N4/8/8/8/7K w - - 0 1";

#[test]
fn default_values_take_the_queen() {
    let (r, _) = think_with(&Config::default(), QUEEN_OR_ROOK, Level::FULL, depth(6));
    assert_eq!(r.best.unwrap().uci(), "d5c7");
}

#[test]
fn a_cheap_queen_makes_the_rook_the_better_catch() {
    let (config, _) = Config::parse("[pieces]\nqueen = 1.0\n", "test.toml").unwrap();
    let (r, _) = think_with(&config, QUEEN_OR_ROOK, Level::FULL, depth(6));
    assert_eq!(r.best.unwrap().uci(), "d5f6");
}

#[test]
fn mate_in_one_is_found_and_counted_as_one() {
    let (mv, score) = best(
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        5,
    );
    assert_eq!((mv.uci().as_str(), score), ("h5f7", Score::Mate(1)));
    let (mv, score) = best("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 5);
    assert_eq!((mv.uci().as_str(), score), ("d1d8", Score::Mate(1)));
}

/// Can the side to move force mate within `n` of its moves? Plain exhaustive search,
/// independent of the engine.
fn forced_mate_within(pos: &Position, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    pos.legal_moves().iter().any(|&mv| {
        let child = pos.after(mv);
        if child.is_checkmate() {
            return true;
        }
        let replies = child.legal_moves();
        !replies.is_empty()
            && replies
                .iter()
                .all(|&r| forced_mate_within(&child.after(r), n - 1))
    })
}

#[test]
fn mates_are_reported_at_their_true_distance() {
    for fen in [
        "k7/8/2K5/8/8/8/8/7R w - - 0 1",
        "k7/8/1K6/8/8/8/8/7R w - - 0 1",
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
        "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let (mv, score) = best(fen, 8);
        let Score::Mate(n) = score else {
            panic!("{fen}: no mate found, score {score:?}")
        };
        assert!(n > 0, "{fen}: {score:?}");
        let n = n as u32;
        assert!(forced_mate_within(&pos, n), "{fen}: no mate in {n}");
        assert!(
            !forced_mate_within(&pos, n - 1),
            "{fen}: a mate shorter than {n} exists"
        );
        // The move chosen keeps the mate within n - 1 more moves.
        let child = pos.after(mv);
        assert!(
            child.is_checkmate()
                || child
                    .legal_moves()
                    .iter()
                    .all(|&r| forced_mate_within(&child.after(r), n - 1)),
            "{fen}: {mv} does not keep the mate"
        );
    }
}

#[test]
fn being_mated_is_a_negative_mate_score() {
    let (_, score) = best("k7/8/1K6/8/8/8/8/7R b - - 0 1", 4);
    assert_eq!(score, Score::Mate(-1));
}

#[test]
fn stalemate_and_mate_positions_have_no_move() {
    let (r, _) = think_with(
        &Config::default(),
        "k7/8/1QK5/8/8/8/8/8 b - - 0 1",
        Level::FULL,
        depth(3),
    );
    assert_eq!((r.best, r.score), (None, Score::Cp(0)));
    let (r, _) = think_with(
        &Config::default(),
        "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
        Level::FULL,
        depth(3),
    );
    assert_eq!(r.best, None);
    assert!(matches!(r.score, Score::Mate(n) if n <= 0));
}

#[test]
fn every_level_plays_only_legal_moves() {
    let positions = common::random_positions(4, 60, 0x5eed_1234);
    let config = Config::default();
    let mut searcher = Searcher::new(Evaluator::from_config(&config), 4);
    let stop = AtomicBool::new(false);
    let levels = [
        Level::Classic(1),
        Level::Modern(1),
        Level::Modern(4),
        Level::FULL,
    ];
    let mut checked = 0;
    for (i, pos) in positions.iter().enumerate() {
        let game = Game::from_position(*pos);
        let level = levels[i % levels.len()];
        let limits = Limits {
            depth: Some(3),
            nodes: Some(20_000),
            ..Limits::default()
        };
        let r = searcher.think(&game, level, &limits, &stop, &mut |_| {});
        match r.best {
            Some(mv) => assert!(pos.is_legal(mv), "{level} played {mv} in {}", pos.fen()),
            None => assert!(!pos.has_legal_moves(), "no move in {}", pos.fen()),
        }
        if let (Some(mv), Some(p)) = (r.best, r.ponder) {
            assert!(
                pos.after(mv).is_legal(p),
                "ponder move {p} illegal after {mv} in {}",
                pos.fen()
            );
        }
        checked += 1;
    }
    assert!(checked >= 200, "only {checked} positions");
}

/// Plain MiniMax written out again, for comparison: the engine's value of `pos` for the
/// side to move, `depth` half-moves deep.
fn reference_negamax(eval: &Evaluator, pos: &Position, depth: u32, ply: i32) -> i32 {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return if pos.in_check() { -(32_000 - ply) } else { 0 };
    }
    if depth == 0 {
        return eval.evaluate(pos);
    }
    moves
        .iter()
        .map(|&m| -reference_negamax(eval, &pos.after(m), depth - 1, ply + 1))
        .max()
        .unwrap()
}

#[test]
fn classic_levels_are_plain_minimax() {
    let eval = Evaluator::default();
    for fen in [
        Position::STARTING_FEN,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        for d in [1, 3] {
            let (r, _) = think_with(
                &Config::default(),
                fen,
                Level::Classic(d),
                Limits::default(),
            );
            let expected = reference_negamax(&eval, &pos, d as u32, 0);
            let got = match r.score {
                Score::Cp(cp) => cp,
                Score::Mate(n) => 32_000 - (2 * n - 1),
            };
            assert_eq!(got, expected, "classic-{d} in {fen}");
            let mv = r.best.unwrap();
            let value = -reference_negamax(&eval, &pos.after(mv), d as u32 - 1, 1);
            assert_eq!(value, expected, "classic-{d} chose {mv} in {fen}");
        }
    }
}

#[test]
fn the_classic_node_log_is_bounded() {
    let (r, events) = think_with(
        &Config::default(),
        Position::STARTING_FEN,
        Level::Classic(3),
        Limits::default(),
    );
    let lines = events
        .iter()
        .filter(|e| matches!(e, Event::Node(_)))
        .count();
    assert!(lines > 20, "{lines} node lines");
    assert!(lines <= huo_chess::search::classic::NODE_LOG_CAP);
    assert_eq!(r.depth, 3);
    assert!(r.nodes > 8_000, "{} nodes", r.nodes);
    // The first lines are the replies considered to the first move, then the move itself.
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Node(l) if l.starts_with("my move")))
    );
}

#[test]
fn iterations_are_reported_in_order() {
    let (r, events) = think_with(
        &Config::default(),
        Position::STARTING_FEN,
        Level::FULL,
        depth(6),
    );
    let depths: Vec<u32> = events
        .iter()
        .filter_map(|e| match e {
            Event::Iteration(it) => Some(it.depth),
            _ => None,
        })
        .collect();
    assert_eq!(depths, vec![1, 2, 3, 4, 5, 6]);
    assert_eq!(r.depth, 6);
}

/// Runs `search` on a thread of its own, sets `stop` after `delay`, and waits for the
/// answer: a search that does not stop fails the test (after a generous minute) instead of
/// hanging it.
fn stopped_after<T: Send + 'static>(
    delay: Duration,
    search: impl FnOnce(&AtomicBool) -> T + Send + 'static,
) -> T {
    let stop = std::sync::Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || tx.send(search(&flag)));
    std::thread::sleep(delay);
    stop.store(true, Ordering::Relaxed);
    rx.recv_timeout(Duration::from_secs(60))
        .expect("the search did not stop when asked")
}

#[test]
fn a_search_stops_when_asked() {
    let r = stopped_after(Duration::from_millis(200), |stop| {
        let mut searcher = Searcher::new(Evaluator::default(), 8);
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        searcher.think(&Game::new(), Level::FULL, &limits, stop, &mut |_| {})
    });
    assert!(Position::startpos().is_legal(r.best.unwrap()));
}

#[test]
fn a_node_limit_is_respected() {
    let (r, _) = think_with(
        &Config::default(),
        Position::STARTING_FEN,
        Level::FULL,
        Limits {
            nodes: Some(5_000),
            ..Limits::default()
        },
    );
    assert!(r.nodes <= 5_000 + 1_024, "{} nodes", r.nodes);
    assert!(r.best.is_some());
}

#[test]
fn a_level_keeps_to_its_node_budget_even_with_a_clock() {
    // Level 7 looks at 20 000 nodes a move, however much time the clock offers.
    let cap = Level::Modern(7).limits().nodes.unwrap();
    let (r, _) = think_with(
        &Config::default(),
        Position::STARTING_FEN,
        Level::Modern(7),
        Limits {
            wtime: Some(Duration::from_secs(600)),
            btime: Some(Duration::from_secs(600)),
            ..Limits::default()
        },
    );
    // The search looks at its counters every 1024 nodes.
    assert!(r.nodes <= cap + 1_024, "{} nodes", r.nodes);
    assert!(r.best.is_some());
}

#[test]
fn repeating_the_position_is_a_draw_the_side_behind_takes() {
    // White, a rook down, has walked its king to and fro; stepping back to g1 repeats a
    // position of the game, which the search must score as a draw and prefer.
    let mut game =
        Game::from_position(Position::from_fen("6k1/8/8/8/8/8/r7/6K1 w - - 0 1").unwrap());
    for mv in ["g1f1", "g8f8", "f1g1", "f8g8", "g1f1", "g8f8"] {
        game.play_text(mv).unwrap();
    }
    let mut searcher = Searcher::new(Evaluator::default(), 8);
    let stop = AtomicBool::new(false);
    let r = searcher.think(&game, Level::FULL, &depth(6), &stop, &mut |_| {});
    assert_eq!(r.best.unwrap().uci(), "f1g1");
    assert_eq!(r.score, Score::Cp(0));
    // Without the history the same position is simply lost.
    let fresh = Game::from_position(*game.position());
    let r = searcher.think(&fresh, Level::FULL, &depth(6), &stop, &mut |_| {});
    assert!(
        matches!(r.score, Score::Cp(cp) if cp < -300),
        "{:?}",
        r.score
    );
}

#[test]
fn contempt_turns_down_a_draw_the_engine_would_otherwise_take() {
    // White, a pawn down, can repeat the position by stepping back to g1. A draw is better
    // than a pawn down, unless the engine counts a draw as a loss of two pawns.
    let mut game = Game::from_position(
        Position::from_fen("6k1/5pp1/7p/8/8/8/1r3PP1/3R2K1 w - - 0 1").unwrap(),
    );
    for mv in ["g1f1", "g8h7", "f1g1", "h7g8", "g1f1", "g8h7"] {
        game.play_text(mv).unwrap();
    }
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new(Evaluator::default(), 8);
    let r = searcher.think(&game, Level::FULL, &depth(8), &stop, &mut |_| {});
    assert_eq!(r.best.unwrap().uci(), "f1g1");
    assert_eq!(r.score, Score::Cp(0));
    searcher.set_contempt(200);
    let r = searcher.think(&game, Level::FULL, &depth(8), &stop, &mut |_| {});
    assert_ne!(r.best.unwrap().uci(), "f1g1");
    assert!(
        matches!(r.score, Score::Cp(cp) if cp > -200),
        "{:?}",
        r.score
    );
}

#[test]
fn levels_read_and_print_the_same_names() {
    for level in Level::all() {
        assert_eq!(level.to_string().parse::<Level>().unwrap(), level);
    }
    assert_eq!("3".parse::<Level>().unwrap(), Level::Modern(3));
    assert_eq!("classic-5".parse::<Level>().unwrap(), Level::Classic(5));
    assert!("classic-4".parse::<Level>().is_err());
    assert!("11".parse::<Level>().is_err());
    assert_eq!(Level::from_elo(3000), Level::FULL);
    assert_eq!(Level::from_elo(100), Level::Modern(1));
    assert_eq!("elo-1600".parse::<Level>().unwrap(), Level::Rated(1600));
}

#[test]
fn uci_elo_plays_every_rating_between_the_lowest_rung_and_full_strength() {
    // Each rung's own rating is that rung; every rating between two rungs is a strength
    // of its own (not snapped to the nearest rung), climbing with the rating.
    for (i, &elo) in MEASURED_ELO.iter().enumerate() {
        assert_eq!(Level::from_elo(elo), Level::Modern(i as u8 + 1));
    }
    let (low, high) = Level::ELO_RANGE;
    let ratings: Vec<u32> = (low..high).step_by(10).collect();
    let mut distinct = std::collections::HashSet::new();
    for &elo in &ratings {
        let level = Level::from_elo(elo);
        assert!(
            matches!(level, Level::Modern(_) | Level::Rated(_)),
            "{elo}: {level}"
        );
        distinct.insert(level);
    }
    assert_eq!(distinct.len(), ratings.len());
}

#[test]
fn classic_levels_report_each_root_move_as_they_walk_the_tree() {
    let mut searcher = Searcher::new(Evaluator::default(), 1);
    let game = Game::new();
    let stop = AtomicBool::new(false);
    let mut seen = Vec::new();
    let result = searcher.think(
        &game,
        Level::Classic(3),
        &Limits::default(),
        &stop,
        &mut |e| {
            if let huo_chess::search::Event::Progress(p) = e {
                seen.push(p);
            }
        },
    );
    let roots = Position::startpos().legal_moves();
    assert_eq!(seen.len(), roots.len());
    for (i, p) in seen.iter().enumerate() {
        assert_eq!(p.index, i + 1);
        assert_eq!(p.count, roots.len());
        assert_eq!(p.mv, roots[i]);
    }
    assert!(seen.windows(2).all(|w| w[0].nodes < w[1].nodes));
    assert!(seen[0].best.is_none() && seen[1].best.is_some());
    assert!(result.nodes > seen.last().unwrap().nodes);
}

/// The tree of a classic search at `depth` from `fen`, as the search hands it over.
fn classic_tree(fen: &str, depth: u8) -> (huo_chess::search::tree_top::TreeTop, SearchResult) {
    let mut searcher = Searcher::new(Evaluator::default(), 1);
    let game = Game::from_position(Position::from_fen(fen).unwrap());
    let stop = AtomicBool::new(false);
    let mut top = None;
    let r = searcher.think(
        &game,
        Level::Classic(depth),
        &Limits::default(),
        &stop,
        &mut |e| {
            if let Event::Tree(t) = e {
                top = Some(*t);
            }
        },
    );
    (top.expect("a classic search hands over its tree"), r)
}

#[test]
fn the_tree_browser_backs_up_values_as_minimax_does() {
    use huo_chess::search::tree::Tree;
    let (top, result) = classic_tree("4k3/2p5/8/3P4/8/8/8/4K3 w - - 0 1", 3);
    let mut tree = Tree::new(top, Evaluator::default());
    let root = tree.children(&[]);
    // The root's best child is the search's move and value.
    let best = root.iter().max_by_key(|c| match c.value {
        Score::Cp(cp) => cp,
        Score::Mate(n) => 100_000 - n,
    });
    assert_eq!(best.map(|c| c.value), Some(result.score));
    // (ties: the search keeps the first of the best)
    let first_best = root.iter().find(|c| Some(c.value) == best.map(|b| b.value));
    assert_eq!(first_best.map(|c| c.mv), result.best);
    for c in &root {
        // A root move's value is the minimum of its replies' values (MIN chooses)...
        let replies = tree.children(&[c.mv]);
        let min = replies.iter().map(|r| r.value).min_by_key(|s| match s {
            Score::Cp(cp) => *cp,
            Score::Mate(n) => 100_000 - n,
        });
        assert_eq!(min, Some(c.value), "{}", c.mv.uci());
        // ...and a reply's value the maximum over the moves after it (searched again).
        let r = &replies[0];
        let deeper = tree.children(&[c.mv, r.mv]);
        assert!(deeper.iter().all(|d| d.leaf));
        let max = deeper.iter().map(|d| d.value).max_by_key(|s| match s {
            Score::Cp(cp) => *cp,
            Score::Mate(n) => 100_000 - n,
        });
        assert_eq!(max, Some(r.value));
        // At the leaves the evaluation is shown part by part.
        let leaf = tree.leaf(&[c.mv, r.mv, deeper[0].mv]).unwrap();
        assert!(leaf.parts.iter().any(|p| p.name == "Material"));
    }
}

#[test]
fn the_tree_browser_memory_stays_bounded_on_a_classic_5_search() {
    use huo_chess::search::tree::{MAX_KEPT_LEVELS, Tree};
    let (top, _) = classic_tree("4k3/4p3/8/8/8/8/3P4/4K3 w - - 0 1", 5);
    let top_values = top.moves.len() + top.moves.iter().map(|t| t.replies.len()).sum::<usize>();
    let mut tree = Tree::new(top, Evaluator::default());
    // Walk every root move down its first line to the leaves, and some siblings.
    let roots = tree.children(&[]);
    for c in &roots {
        let mut path = vec![c.mv];
        loop {
            let kids = tree.children(&path);
            let Some(k) = kids.last() else { break };
            if k.leaf {
                break;
            }
            path.push(k.mv);
        }
        // No legal position has more than 218 moves: each kept level is at most that.
        assert!(tree.kept_values() <= top_values + MAX_KEPT_LEVELS * 218);
    }
    assert!(
        tree.kept_values() > top_values,
        "deeper levels were searched"
    );
}

// MultiPV and searchmoves.

/// A score as one number that orders like the scores do (mates beyond every centipawn
/// score, the shorter the better).
fn order(s: Score) -> i32 {
    match s {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => 1_000_000 - n,
        Score::Mate(n) => -1_000_000 - n,
    }
}

/// The lines reported for `depth`: (multipv index, first move, score), in the order sent.
fn lines_at(events: &[Event], depth: u32) -> Vec<(usize, Move, Score)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Iteration(it) if it.depth == depth => Some((it.multipv, it.pv[0], it.score)),
            _ => None,
        })
        .collect()
}

fn multipv(d: u32, k: usize) -> Limits {
    Limits {
        depth: Some(d),
        multipv: k,
        ..Limits::default()
    }
}

fn only(d: u32, moves: &[Move]) -> Limits {
    Limits {
        depth: Some(d),
        searchmoves: moves.to_vec(),
        ..Limits::default()
    }
}

fn parse(fen: &str, text: &str) -> Move {
    huo_chess::core::parse_uci(&Position::from_fen(fen).unwrap(), text).unwrap()
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
const SCHOLAR: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

#[test]
fn multipv_reports_distinct_lines_best_first_at_every_depth() {
    for fen in [Position::STARTING_FEN, KIWIPETE, QUEEN_OR_ROOK, SCHOLAR] {
        let (r, events) = think_with(&Config::default(), fen, Level::FULL, multipv(6, 3));
        for d in 1..=6 {
            let lines = lines_at(&events, d);
            let index: Vec<usize> = lines.iter().map(|l| l.0).collect();
            assert_eq!(index, vec![1, 2, 3], "depth {d} in {fen}: {lines:?}");
            let (a, b, c) = (lines[0].1, lines[1].1, lines[2].1);
            assert!(a != b && b != c && a != c, "depth {d} in {fen}: {lines:?}");
            assert!(
                lines.windows(2).all(|w| order(w[0].2) >= order(w[1].2)),
                "scores rise at depth {d} in {fen}: {lines:?}"
            );
        }
        let last = lines_at(&events, 6);
        assert_eq!(r.best, Some(last[0].1), "{fen}");
        assert_eq!(r.score, last[0].2, "{fen}");
    }
}

/// A search for three lines stopped after `nodes` nodes.
fn three_lines_stopped_at(fen: &str, nodes: u64) -> (SearchResult, Vec<Event>) {
    let limits = Limits {
        nodes: Some(nodes),
        multipv: 3,
        ..Limits::default()
    };
    think_with(&Config::default(), fen, Level::FULL, limits)
}

#[test]
fn multipv_stopped_mid_iteration_plays_its_first_line() {
    // A stop can land anywhere in an iteration. With several lines the move chosen must
    // be the first line shown (what `:why board` and a GUI list as best), never a move a
    // half-finished iteration preferred without reporting it. Node limits make the stops
    // land at many different points, the same way on every run.
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let mut changed = 0;
    for nodes in (1..=40).map(|k| k * 7_919) {
        let (r, events) = three_lines_stopped_at(fen, nodes);
        let firsts: Vec<Move> = events
            .iter()
            .filter_map(|e| match e {
                Event::Iteration(it) if it.multipv == 1 => Some(it.pv[0]),
                _ => None,
            })
            .collect();
        assert_eq!(r.best, firsts.last().copied(), "{nodes} nodes");
        changed += (r.best != firsts.first().copied()) as usize;
    }
    assert!(
        changed > 0,
        "the first line never changed: no stop was put to the test"
    );
}

#[test]
fn multipv_one_and_zero_are_the_plain_search() {
    let fen = KIWIPETE;
    let (plain, plain_events) = think_with(&Config::default(), fen, Level::FULL, depth(6));
    for k in [0, 1] {
        let (r, events) = think_with(&Config::default(), fen, Level::FULL, multipv(6, k));
        assert_eq!(
            (r.best, r.score, r.nodes),
            (plain.best, plain.score, plain.nodes)
        );
        assert_eq!(events.len(), plain_events.len());
        assert_eq!(lines_at(&events, 6), vec![(1, r.best.unwrap(), r.score)]);
    }
}

#[test]
fn multipv_never_reports_more_lines_than_moves() {
    // The king in the corner has three moves.
    let fen = "k7/8/8/8/8/8/8/6RK b - - 0 1";
    let (_, events) = think_with(&Config::default(), fen, Level::FULL, multipv(4, 10));
    let legal = Position::from_fen(fen).unwrap().legal_moves().len();
    assert_eq!(lines_at(&events, 4).len(), legal);
}

/// Each alternative is searched with a full window, so its score is the score of that
/// move, not a bound from a window around the best. A separate search of the move alone
/// (`searchmoves`, a fresh searcher, the same depth and seed) is the reference. It is not
/// the same search: alpha-beta at a fixed depth prunes and reduces by what its table and
/// its move-ordering histories have learned on the way, and a search of all the moves
/// learns other things than a search of one. Measured on 8 positions at depths 5 to 7 the
/// two agree exactly in most lines, but in quiet openings they can differ by a pawn or
/// more (each search, like any, being that unstable). So the comparison is made where
/// the engine is stable, positions decided by material, at depth 7, and first held to a pawn
/// (35 centipawns at most measured; at depth 6, Rd1 in the last position once differed
/// by 1.02 pawns, the search of it alone stopping at a misjudgement that depths 8 to 14
/// do not share; Kiwipete, a tangle of threats rather than a material decision, once
/// differed by 2.2 pawns and is not used), and held to two pawns since the correction
/// history learns by each side's pieces too (it moves the evaluation by what each search
/// learned on its way, up to a pawn either way: c3e2 in the queen-against-knight position,
/// lost by 8 to 9 pawns, once differed by 1.09), while the lines compared lie
/// hundreds of centipawns apart: a bound from the best line's window could not pass. A
/// move that loses (or wins) outright, by a mate or by more than 10 pawns, passes when
/// both searches say so: how far a fixed-depth search sees into a lost position depends
/// on its path (a reduced move that surprises is searched a ply deeper), so one may see
/// the mate the other stops a ply short of. The classic levels, plain MiniMax, are exact
/// to the centipawn (next test).
#[test]
fn each_alternative_scores_as_a_separate_search_of_that_move() {
    let d = 7;
    for fen in [
        QUEEN_OR_ROOK,
        BACK_RANK,
        "4k3/8/8/3q4/8/2N5/8/4K3 w - - 0 1",
        // The knight takes a bishop or not; rooks on both sides.
        "4k2r/8/8/3b4/8/2N5/PP6/R3K3 w - - 0 1",
    ] {
        let (_, events) = think_with(&Config::default(), fen, Level::FULL, multipv(d, 3));
        for (k, mv, score) in lines_at(&events, d) {
            let (alone, _) = think_with(&Config::default(), fen, Level::FULL, only(d, &[mv]));
            assert_eq!(alone.best, Some(mv));
            let diff = (order(score) - order(alone.score)).abs();
            let decisive = |s: Score| order(s).abs() > 1_000;
            let same_verdict = decisive(score)
                && decisive(alone.score)
                && order(score).signum() == order(alone.score).signum();
            assert!(
                diff <= 200 || same_verdict,
                "line {k} {mv} in {fen}: {score} among the lines, {} alone",
                alone.score
            );
        }
    }
}

#[test]
fn classic_alternatives_are_the_exact_minimax_values() {
    for fen in [
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        QUEEN_OR_ROOK,
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let level = Level::Classic(3);
        let (r, events) = think_with(&Config::default(), fen, level, multipv(3, 4));
        let lines = lines_at(&events, 3);
        // Every root move on its own: the four best, in order, are the lines.
        let mut all: Vec<(i32, usize, Move)> = pos
            .legal_moves()
            .iter()
            .enumerate()
            .map(|(i, &mv)| {
                let (alone, _) = think_with(&Config::default(), fen, level, only(3, &[mv]));
                assert_eq!(alone.best, Some(mv));
                (order(alone.score), i, mv)
            })
            .collect();
        all.sort_by_key(|&(s, i, _)| (std::cmp::Reverse(s), i));
        let expected: Vec<(usize, Move, i32)> = all[..4]
            .iter()
            .enumerate()
            .map(|(k, &(s, _, mv))| (k + 1, mv, s))
            .collect();
        let got: Vec<(usize, Move, i32)> =
            lines.iter().map(|&(k, mv, s)| (k, mv, order(s))).collect();
        assert_eq!(got, expected, "{fen}");
        assert_eq!(r.best, Some(lines[0].1));
    }
}

#[test]
fn searchmoves_restrict_the_root() {
    let start = Position::STARTING_FEN;
    let allowed = [parse(start, "a2a3"), parse(start, "h2h3")];
    for level in [Level::FULL, Level::Modern(4), Level::Classic(3)] {
        let mut limits = only(4, &allowed);
        limits.multipv = 5;
        let (r, events) = think_with(&Config::default(), start, level, limits);
        assert!(allowed.contains(&r.best.unwrap()), "{level}: {:?}", r.best);
        let firsts: Vec<Move> = events
            .iter()
            .filter_map(|e| match e {
                Event::Iteration(it) => Some(it.pv[0]),
                _ => None,
            })
            .collect();
        assert!(!firsts.is_empty());
        assert!(
            firsts.iter().all(|m| allowed.contains(m)),
            "{level}: {firsts:?}"
        );
        let last_depth = match level {
            Level::Classic(d) => d as u32,
            _ => 4,
        };
        // Two moves allowed: two lines, however many were asked for.
        assert_eq!(lines_at(&events, last_depth).len(), 2, "{level}");
    }
    // The winning move left out: the engine must make do with the others.
    let (r, _) = think_with(
        &Config::default(),
        QUEEN_OR_ROOK,
        Level::FULL,
        only(
            5,
            &[parse(QUEEN_OR_ROOK, "d5f6"), parse(QUEEN_OR_ROOK, "h1g1")],
        ),
    );
    assert_eq!(r.best.unwrap().uci(), "d5f6");
}

#[test]
fn searchmoves_that_are_not_legal_are_ignored() {
    let start = Position::STARTING_FEN;
    // Black's e7e5 is no move of White's: with nothing legal left, every move is searched.
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let black = parse(after_e4, "e7e5");
    let (r, _) = think_with(&Config::default(), start, Level::FULL, only(4, &[black]));
    assert!(Position::startpos().is_legal(r.best.unwrap()));
    let a3 = parse(start, "a2a3");
    let (r, _) = think_with(
        &Config::default(),
        start,
        Level::FULL,
        only(4, &[black, a3]),
    );
    assert_eq!(r.best, Some(a3));
}

#[test]
fn long_modern_searches_report_their_root_moves_short_ones_do_not() {
    let fen = "r1bq1rk1/pp2nppp/4p3/3pP3/1b1P4/2NB1N2/PP3PPP/R2QK2R w KQ - 3 10";
    let progress = |events: &[Event]| -> Vec<huo_chess::search::Progress> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Progress(p) => Some(p.clone()),
                _ => None,
            })
            .collect()
    };
    let (_, events) = think_with(&Config::default(), fen, Level::FULL, depth(5));
    assert!(progress(&events).is_empty());
    // A longer search, stopped once it has reported a few root moves (after a second).
    let limits = Limits {
        movetime: Some(Duration::from_secs(20)),
        ..Limits::default()
    };
    let mut searcher = Searcher::new(Evaluator::default(), 8);
    let game = Game::from_position(Position::from_fen(fen).unwrap());
    let stop = AtomicBool::new(false);
    let mut seen = Vec::new();
    searcher.think(&game, Level::FULL, &limits, &stop, &mut |e| {
        if let Event::Progress(p) = e {
            seen.push(p);
            if seen.len() >= 3 {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    let pos = Position::from_fen(fen).unwrap();
    let legal = pos.legal_moves().len();
    assert!(seen.len() >= 3, "{} root moves reported", seen.len());
    for p in &seen {
        assert!(pos.is_legal(p.mv));
        assert!(p.time >= Duration::from_secs(1));
        assert!(
            (1..=p.count).contains(&p.index) && p.count == legal,
            "{p:?}"
        );
    }
}

#[test]
fn multipv_stopped_among_the_alternatives_still_shows_distinct_moves() {
    // What a GUI shows: the last line it received for each multipv index.
    let fen = "r1bq1rk1/pp2nppp/4p3/3pP3/1b1P4/2NB1N2/PP3PPP/R2QK2R w KQ - 3 10";
    let mut mixed = 0;
    for nodes in (1..=40).map(|i| i * 1500) {
        let (_, events) = three_lines_stopped_at(fen, nodes);
        let mut shown: Vec<Option<(u32, Move)>> = vec![None; 3];
        for e in &events {
            if let Event::Iteration(it) = e {
                shown[it.multipv - 1] = Some((it.depth, it.pv[0]));
            }
        }
        let shown: Vec<(u32, Move)> = shown.into_iter().flatten().collect();
        assert_eq!(shown.len(), 3, "{nodes} nodes");
        let (a, b, c) = (shown[0].1, shown[1].1, shown[2].1);
        assert!(a != b && b != c && a != c, "{nodes} nodes: {shown:?}");
        if shown.iter().any(|s| s.0 != shown[0].0) {
            mixed += 1;
        }
    }
    // Some of those budgets ran out among the alternatives (lines of two depths shown).
    assert!(mixed > 0, "no search stopped among its alternatives");
}

#[test]
fn one_and_two_threads_play_only_legal_moves() {
    let positions = common::random_positions(2, 60, 0x5eed_7777);
    for threads in [1, 2] {
        let mut searcher = Searcher::new(Evaluator::default(), 4);
        searcher.set_threads(threads);
        let stop = AtomicBool::new(false);
        let mut checked = 0;
        for (i, pos) in positions.iter().enumerate().step_by(3) {
            let game = Game::from_position(*pos);
            // Depths, node limits and short clocks: each ends the helpers another way.
            let limits = match i % 3 {
                0 => depth(5),
                1 => Limits {
                    nodes: Some(8_000),
                    ..Limits::default()
                },
                _ => Limits {
                    movetime: Some(Duration::from_millis(15)),
                    ..Limits::default()
                },
            };
            let r = searcher.think(&game, Level::FULL, &limits, &stop, &mut |_| {});
            match r.best {
                Some(mv) => assert!(pos.is_legal(mv), "{threads} threads: {mv} in {}", pos.fen()),
                None => assert!(!pos.has_legal_moves(), "no move in {}", pos.fen()),
            }
            if let (Some(mv), Some(p)) = (r.best, r.ponder) {
                assert!(pos.after(mv).is_legal(p), "{threads} threads: ponder {p}");
            }
            checked += 1;
        }
        assert!(checked >= 30, "only {checked} positions");
    }
}

#[test]
fn two_threads_find_the_same_clear_answers() {
    // Where the answer is clear, the helpers must not change it: the main thread decides.
    for threads in [1, 2] {
        let mut searcher = Searcher::new(Evaluator::default(), 8);
        searcher.set_threads(threads);
        let stop = AtomicBool::new(false);
        for (fen, want) in [
            (QUEEN_OR_ROOK, "d5c7"),
            (BACK_RANK, "d1d8"),
            (
                "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
                "h5f7",
            ),
        ] {
            let game = Game::from_position(Position::from_fen(fen).unwrap());
            let r = searcher.think(&game, Level::FULL, &depth(7), &stop, &mut |_| {});
            assert_eq!(r.best.unwrap().uci(), want, "{threads} threads, {fen}");
        }
    }
}

#[test]
fn two_threads_stop_when_asked() {
    // Two search threads whatever the machine: on one core they take turns, and the
    // stop must still reach both.
    let (r, last_nodes) = stopped_after(Duration::from_millis(200), |stop| {
        let mut searcher = Searcher::new(Evaluator::default(), 8);
        searcher.set_threads(2);
        assert_eq!(searcher.threads(), 2);
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let mut last_nodes = 0;
        let r = searcher.think(&Game::new(), Level::FULL, &limits, stop, &mut |e| {
            if let Event::Iteration(it) = e {
                last_nodes = it.nodes;
            }
        });
        (r, last_nodes)
    });
    assert!(Position::startpos().is_legal(r.best.unwrap()));
    // The answer counts every thread's nodes, at least those already reported.
    assert!(
        r.nodes >= last_nodes && last_nodes > 0,
        "{} < {last_nodes}",
        r.nodes
    );
}

#[test]
fn weaker_levels_think_on_one_thread_whatever_the_setting() {
    // Levels below full strength are defined by their depth and node limits: with helpers
    // they would vary from run to run. Their node counts match one thread's exactly.
    let pos = Position::from_fen(KIWIPETE).unwrap();
    let game = Game::from_position(pos);
    let stop = AtomicBool::new(false);
    for level in [Level::Modern(5), Level::Modern(8), Level::Classic(3)] {
        let counts: Vec<(u64, Option<Move>)> = [1, 2]
            .into_iter()
            .map(|threads| {
                let mut searcher = Searcher::new(Evaluator::default(), 8);
                searcher.set_seed(7);
                searcher.set_threads(threads);
                let r = searcher.think(&game, level, &Limits::default(), &stop, &mut |_| {});
                (r.nodes, r.best)
            })
            .collect();
        assert_eq!(counts[0], counts[1], "{level}");
    }
}
