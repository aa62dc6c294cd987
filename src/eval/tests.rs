//! Tests of the evaluation: symmetry, the trace, and the chess ideas each term stands for.

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
fn the_trace_accounts_for_every_tuned_weight() {
    // Changing only tuned weights must change the score as the trace predicts: the
    // untraced part stays fixed, the traced part follows the weights (up to rounding).
    let base = Evaluator::default();
    let mut settings = Settings::default();
    (settings.pieces.knight, settings.pieces.rook) = (3.4, 4.5);
    let e = &mut settings.weights;
    (e.piece_squares, e.mobility, e.passed_pawn) = (1.7, 0.6, 1.4);
    (e.bishop_pair, e.rook_open_file, e.rook_seventh) = (0.5, 0.35, 0.45);
    (e.threats, e.doubled_pawn, e.isolated_pawn) = (0.2, 0.3, 0.07);
    (e.king_safety, e.pawn_structure, e.minor_pieces) = (1.6, 0.5, 2.0);
    let changed = Evaluator::new(&settings);
    let (mut kings_in_danger, mut moved) = (0, 0);
    for fen in [
        "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "2r3k1/1R3ppp/p3p3/3pP3/1P1P4/P4N2/5PPP/6K1 b - - 0 30",
        "8/5k2/1P6/3K4/8/6p1/8/8 w - - 0 60",
        // A king under attack: the danger term is in play.
        "r1b2rk1/ppp2ppp/2n5/3qN1N1/3P4/2P5/P4PPP/R2QR1K1 w - - 0 15",
        "6k1/5ppp/8/8/8/5Q2/5PPP/3rR1K1 b - - 0 30",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let (white, features) = base.trace(&pos);
        kings_in_danger += features.danger.iter().flatten().count();
        let ks = (base.king_safety_scale(), changed.king_safety_scale());
        let fixed = white as f64 - features.score(&base.params(), ks.0);
        let predicted = fixed + features.score(&changed.params(), ks.1);
        let actual = changed.trace(&pos).0 as f64;
        assert!(
            (predicted - actual).abs() <= 3.0,
            "{fen}: {predicted} {actual}"
        );
        // (The changes can cancel out in one position, not in most.)
        moved += ((white as f64 - actual).abs() > 5.0) as usize;
    }
    assert!(moved >= 5, "the weights moved only {moved} of 6 scores");
    assert!(kings_in_danger > 0, "no position exercised the king danger");
}

#[test]
fn an_extra_queen_is_worth_about_nine_pawns() {
    let s = eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert!((850..1400).contains(&s), "{s}");
}

#[test]
fn piece_values_come_from_the_config() {
    let mut settings = Settings::default();
    settings.pieces.queen = 9.5;
    let e = Evaluator::new(&settings);
    assert_eq!(e.value(Role::Queen), 950);
    // The evaluation counts the configured value (times its tuned phase shares).
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
    let gain = e.evaluate(&pos) - Evaluator::default().evaluate(&pos);
    assert!((35..=75).contains(&gain), "{gain}");
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
    let none = Evaluator::new(&Settings {
        weights: EvalWeights {
            threats: 0.0,
            ..EvalWeights::default()
        },
        ..Settings::default()
    });
    let weigh = |e: &Evaluator, fen: &str| e.evaluate(&Position::from_fen(fen).unwrap());
    let gain = threatened - quiet;
    let gain_without = weigh(&none, "r2qk3/pp6/8/3n4/4P3/8/PP6/R2QK3 w - - 0 1")
        - weigh(&none, "r2qk3/pp6/8/1n6/4P3/8/PP6/R2QK3 w - - 0 1");
    assert!(gain >= gain_without + 10, "{gain} {gain_without}");
}

/// The evaluation with one `[eval]` scale changed.
fn with(change: impl Fn(&mut EvalWeights)) -> Evaluator {
    let mut settings = Settings::default();
    change(&mut settings.weights);
    Evaluator::new(&settings)
}

fn score(e: &Evaluator, fen: &str) -> i32 {
    e.evaluate(&Position::from_fen(fen).unwrap())
}

#[test]
fn a_king_under_attack_is_in_danger() {
    // Black's queen, rook and knight bear down on the white king, which has lost its pawns
    // in front; the same position without king safety scores better for White.
    let fen = "6k1/5ppp/8/5n2/8/6q1/5r2/6K1 w - - 0 1";
    let careful = score(&Evaluator::default(), fen);
    let careless = score(&with(|e| e.king_safety = 0.0), fen);
    assert!(careful < careless - 100, "{careful} {careless}");
}

/// How much better `a` scores than `b` under the evaluation `e`.
fn gain(e: &Evaluator, a: &str, b: &str) -> i32 {
    score(e, a) - score(e, b)
}

#[test]
fn pawns_in_front_of_the_king_shelter_it() {
    // Castled king with its pawns at home against the same king whose g- and h-pawns have
    // been traded for the enemy's a- and b-pawns (same material). King safety accounts for
    // the difference: without it, the two score nearly alike.
    let sheltered = "r1bq1rk1/pp3ppp/2n2n2/3p4/3P4/2N2N2/PP3PPP/R2Q1RK1 w - - 0 12";
    let exposed = "r1bq1rk1/5ppp/2n2n2/3p4/3P4/2N2N2/PP3P2/R2Q1RK1 w - - 0 12";
    let with_safety = gain(&Evaluator::default(), sheltered, exposed);
    let without = gain(&with(|e| e.king_safety = 0.0), sheltered, exposed);
    assert!(with_safety > without + 20, "{with_safety} {without}");
}

#[test]
fn a_knight_on_an_outpost_is_strong() {
    // The white knight on d5 is defended by the e4 pawn. With Black's pawn on b7 nothing
    // can chase it (an outpost); with it on c7, ...c6 will.
    let outpost = "r2qk2r/pp3ppp/3p4/3N4/4P3/8/PP3PPP/R2QK2R w KQkq - 0 20";
    let chased = "r2qk2r/p1p2ppp/3p4/3N4/4P3/8/PP3PPP/R2QK2R w KQkq - 0 20";
    let with_outposts = gain(&Evaluator::default(), outpost, chased);
    let without = gain(&with(|e| e.minor_pieces = 0.0), outpost, chased);
    assert!(with_outposts > without + 10, "{with_outposts} {without}");
}

#[test]
fn a_pawn_the_king_cannot_catch_is_almost_a_queen() {
    // White to move: the a-pawn runs, the black king on h5 is outside its square. With the
    // black king on c5 instead, it is caught.
    let runs = eval("8/8/8/7k/P7/8/8/4K3 w - - 0 1");
    let caught = eval("8/8/8/2k5/P7/8/8/4K3 w - - 0 1");
    assert!(runs > caught + 150, "{runs} {caught}");
}

#[test]
fn the_explanation_adds_up_to_the_score_exactly() {
    for fen in [
        Position::STARTING_FEN,
        "r1b2rk1/ppp2ppp/2n5/3qN1N1/3P4/2P5/P4PPP/R2QR1K1 w - - 0 15",
        "8/5k2/1P6/3K4/8/6p1/8/8 w - - 0 60",
        // Opening hints, a knight on the rim, Black to move.
        "r1bqkb1r/pppp1ppp/5n2/4p3/n3P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 0 4",
        // Bishops of opposite colours (the ending counts half) and a lone king.
        "8/4k3/8/3b4/8/2B5/4K1P1/8 w - - 0 50",
        "8/8/8/4k3/8/8/8/KQ6 w - - 0 60",
        // Both kings under attack.
        "r1b2rk1/pp3ppp/2n1pq2/3p4/3P1B2/2PBPN2/P1Q2PPP/R4RK1 b - - 0 12",
    ] {
        let e = Evaluator::default();
        let pos = Position::from_fen(fen).unwrap();
        let x = e.explain(&pos);
        let sum: i32 = x.lines().iter().map(|l| l.1).sum();
        assert_eq!(sum, x.for_white(), "{fen}: {:?}", x.lines());
        assert_eq!(x.side_to_move, e.evaluate(&pos), "{fen}");
        // The parts' middlegame and ending values blend to the score before the endings.
        let total = x
            .parts
            .iter()
            .fold(Pair::default(), |a, p| a + Pair(p.mg, p.eg));
        assert_eq!(
            taper(total, x.phase, x.eg_scale),
            x.white - x.endings,
            "{fen}"
        );
        assert!(x.rounding.abs() <= 3, "{fen}: rounding {}", x.rounding);
        // Only the lone king is driven to the edge: elsewhere the parts alone make the
        // score (what the evaluation added up, part for part).
        let lone_king = fen.starts_with("8/8/8/4k3");
        assert_eq!(x.endings != 0, lone_king, "{fen}: {}", x.endings);
        assert_eq!(x.tempo, e.tempo, "{fen}");
    }
}

#[test]
fn every_table_has_the_length_its_terms_say() {
    assert_eq!(terms::TABLES.len(), tables::ALL.len());
    for (table, values) in terms::TABLES.iter().zip(tables::ALL) {
        assert_eq!(table.len, values.len(), "{}", table.name);
    }
    // After the piece-square tables (and the material), the tables follow one another.
    for w in terms::TABLES[1..].windows(2) {
        assert_eq!(
            w[0].start + w[0].len,
            w[1].start,
            "{} {}",
            w[0].name,
            w[1].name
        );
    }
}

#[test]
fn the_pawn_cache_never_changes_a_score() {
    // Every position two plies from a few starting points: most share their pawns with
    // others, so the cache answers many of them from memory (and stores the rest). A
    // cache of four entries makes different structures fight for the same entry too.
    let e = Evaluator::default();
    let (mut cache, mut tiny) = (PawnCache::default(), PawnCache::with_bits(2));
    let (mut positions, mut structures) = (0, std::collections::HashSet::new());
    for fen in [
        Position::STARTING_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        let root = Position::from_fen(fen).unwrap();
        for &m in &root.legal_moves() {
            let child = root.after(m);
            for &n in &child.legal_moves() {
                let pos = child.after(n);
                let pawns = pos.by_role(Role::Pawn);
                structures.insert((pawns & pos.by_color(Color::White), pawns));
                positions += 1;
                let plain = e.evaluate(&pos);
                // Stored, then found again; and in the tiny cache, perhaps displaced.
                for c in [&mut cache, &mut tiny] {
                    assert_eq!(e.evaluate_cached(&pos, c), plain, "{}", pos.fen());
                    assert_eq!(e.evaluate_cached(&pos, c), plain, "{}", pos.fen());
                }
            }
        }
    }
    assert!(
        structures.len() * 4 < positions,
        "too few repeated pawn structures"
    );
}

#[test]
fn bishops_of_opposite_colours_make_the_ending_drawish() {
    let scale = |fen: &str| {
        let pos = Position::from_fen(fen).unwrap();
        Evaluator::default().trace(&pos).1.eg_scale
    };
    // White two pawns up; White's bishop on the light e2, Black's on the dark e7.
    assert_eq!(
        scale("4k3/4b3/8/8/3P4/2P5/4B3/4K3 w - - 0 1"),
        FULL_SCALE / 2
    );
    // The same with bishops of one colour (f7 is light): the pawns count in full.
    assert_eq!(scale("4k3/5b2/8/8/3P4/2P5/4B3/4K3 w - - 0 1"), FULL_SCALE);
    // Opposite bishops, but White has a rook more: no drawish ending.
    assert_eq!(scale("4k3/4b3/8/8/3P4/2P5/4B3/R3K3 w - - 0 1"), FULL_SCALE);
    // A rook each besides the bishops: still drawish, less so (three quarters count).
    assert_eq!(
        scale("r3k3/4b3/8/8/3P4/2P5/4B3/R3K3 w - - 0 1"),
        FULL_SCALE * 3 / 4
    );
    // A rook against a knight besides them: the pieces differ, the ending counts in full.
    assert_eq!(scale("n3k3/4b3/8/8/3P4/2P5/4B3/R3K3 w - - 0 1"), FULL_SCALE);
    // And the score itself follows: the two extra pawns are worth less with the bishops
    // of opposite colours.
    assert!(
        eval("4k3/4b3/8/8/3P4/2P5/4B3/4K3 w - - 0 1")
            < eval("4k3/5b2/8/8/3P4/2P5/4B3/4K3 w - - 0 1")
    );
}

#[test]
fn winning_chances_never_change_who_is_better() {
    use super::trace::complexity_shift;
    // The shift moves the ending score towards zero at most as far as zero.
    assert_eq!(complexity_shift(50.0, -80.0), -50.0);
    assert_eq!(complexity_shift(-50.0, -80.0), 50.0);
    assert_eq!(complexity_shift(50.0, 30.0), 30.0);
    assert_eq!(complexity_shift(-50.0, 30.0), -30.0);
    assert_eq!(complexity_shift(0.0, 30.0), 0.0);
    // The evaluation's whole centipawns follow the same rule.
    assert_eq!(complexity_shift(50, -80), -50);
    assert_eq!(complexity_shift(-50, 30), -30);
    assert_eq!(complexity_shift(0, 30), 0);
    // And in real positions: the ending sum keeps its sign once the winning chances are
    // added, and some positions do move.
    let e = Evaluator::default();
    let mut moved = 0;
    for fen in [
        "8/5k2/1P6/3K4/8/6p1/8/8 w - - 0 60",
        "6k1/5ppp/8/8/8/8/r4PPP/1R4K1 w - - 0 40",
        "6k1/p4pp1/7p/8/8/7P/P4PP1/1R4K1 w - - 0 40",
        "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1",
        "2r3k1/1R3ppp/p3p3/3pP3/1P1P4/P4N2/5PPP/6K1 b - - 0 30",
    ] {
        let x = e.explain(&Position::from_fen(fen).unwrap());
        let ending: i32 = x
            .parts
            .iter()
            .filter(|p| p.name != "Winning chances")
            .map(|p| p.eg)
            .sum();
        let shift = x
            .parts
            .iter()
            .find(|p| p.name == "Winning chances")
            .unwrap()
            .eg;
        assert!(
            ending.signum() * (ending + shift).signum() >= 0,
            "{fen}: {ending} {shift}"
        );
        moved += (shift != 0) as i32;
    }
    assert!(moved >= 3, "the winning chances moved only {moved} scores");
}

#[test]
fn an_extra_pawn_wins_more_easily_with_pawns_on_both_wings() {
    // Rook endings a pawn up: four against three on one wing is famously hard to win;
    // with pawns on both wings the extra pawn counts for more.
    let one_wing = "6k1/5ppp/8/8/8/8/r3PPPP/1R4K1 w - - 0 40";
    let both_wings = "2r3k1/p4pp1/7p/8/8/7P/P3PPP1/1R4K1 w - - 0 40";
    let chances = |fen: &str| {
        let x = Evaluator::default().explain(&Position::from_fen(fen).unwrap());
        x.parts
            .iter()
            .find(|p| p.name == "Winning chances")
            .unwrap()
            .eg
    };
    assert!(
        chances(one_wing) < chances(both_wings),
        "{} {}",
        chances(one_wing),
        chances(both_wings)
    );
    assert!(eval(one_wing) > 0 && eval(both_wings) > 0);
}
