//! PGN reading and writing.

use crate::common;

use huo_chess::core::{Color, Move, Position, san};
use huo_chess::game::Game;
use huo_chess::pgn::{
    PgnError, PgnGame, parse_game, read_games, read_games_upto, read_openings, write_game,
};

#[test]
fn reads_a_tolerant_game() {
    let text = r#"% an escape line
[Event "Casual \"game\""]
[Site "Here"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 {a comment
over two lines} e5 2. Nf3 $1 Nc6 (2... d6 3. d4 (3. Bc4) exd4) 3. Bb5!? a6 ; to the end
4.Ba4 Nf6 5. O-O Be7 6... 1-0
"#;
    let g = parse_game(text).unwrap();
    assert_eq!(g.header("Event"), Some("Casual \"game\""));
    assert_eq!(g.result, "1-0");
    assert_eq!(g.moves.len(), 10);
    assert_eq!(g.to_game().san_moves()[9], "Be7");
}

#[test]
fn openings_keep_the_moves_and_result_and_only_the_tags_they_need() {
    let text = "[Event \"E\"]\n[Result \"0-1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n\
                1. e4 Kd7 2. e5 {c} Ke6 *\n\n[Event \"F\"]\n[Bad\n\n1. e4 *\n\n\
                [White \"A \\\"B\\\"\"]\n1. d4 d5 (1... Nf6) 2. c4 1-0\n";
    let all: Vec<_> = read_games_upto(text.as_bytes(), 3).collect();
    let openings: Vec<_> = read_openings(text.as_bytes(), 3).collect();
    assert_eq!(all.len(), 3);
    assert_eq!(openings.len(), 3);
    for (a, o) in all.iter().zip(&openings) {
        match (a, o) {
            (Ok(a), Ok(o)) => {
                assert_eq!(
                    (a.start, &a.moves, &a.result),
                    (o.start, &o.moves, &o.result)
                );
                let kept: Vec<_> = a
                    .headers
                    .iter()
                    .filter(|(k, _)| matches!(k.as_str(), "FEN" | "Result" | "White" | "Black"))
                    .cloned()
                    .collect();
                assert_eq!(o.headers, kept);
            }
            (Err(a), Err(o)) => assert_eq!(a, o),
            _ => panic!("{a:?} / {o:?}"),
        }
    }
    let first = all[0].as_ref().unwrap();
    assert_eq!(first.moves.len(), 3);
    assert_eq!(first.result, "*");
    assert!(all[1].is_err());
    assert_eq!(all[2].as_ref().unwrap().header("White"), Some("A \"B\""));
}

#[test]
fn round_trip() {
    let mut game = Game::new();
    for m in "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O Nbd7 g4 b5 g5 b4 Ne2 Ne8 f4 a5 f5 a4 Nbd4 exd4 Nxd4 b3 Kb1 bxc2+ Nxc2 Bb3 axb3 axb3 Na3 Rxa3 bxa3 Qa5".split_whitespace() {
        game.play_text(m).unwrap();
    }
    let headers = vec![
        ("White".to_string(), "Huo".to_string()),
        ("Annotator".to_string(), "Huo \\ \"Chess\"".to_string()),
    ];
    let text = write_game(&game, &headers, Some("0-1"));
    assert!(text.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Huo\"]\n[Black \"?\"]\n[Result \"0-1\"]\n[ECO \"B90\"]\n[Opening \"Sicilian Defense: Najdorf Variation, English Attack\"]\n[Annotator \"Huo \\\\ \\\"Chess\\\"\"]\n\n1. e4 c5"), "{text}");
    assert!(text.lines().all(|l| l.len() <= 80), "{text}");
    assert!(text.trim_end().ends_with("0-1"));
    let back = parse_game(&text).unwrap();
    assert_eq!(back.moves, game.moves());
    assert_eq!(back.result, "0-1");
    assert_eq!(back.header("Annotator"), Some("Huo \\ \"Chess\""));
    assert_eq!(
        write_game(&back.to_game(), &back.headers, Some(&back.result)),
        text
    );
}

#[test]
fn the_opening_is_named_by_position_and_replaces_the_tags_read() {
    let tags = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    };
    // 1.Nf3 d5 2.d4 transposes to 1.d4 d5 2.Nf3; the kings' walk after it leaves theory
    // and the name stays.
    let mut game = Game::new();
    for m in ["Nf3", "d5", "d4", "Kd7", "Kd2"] {
        game.play_text(m).unwrap();
    }
    let read = tags(&[("Opening", "My line"), ("ECO", "A00"), ("Annotator", "me")]);
    let text = write_game(&game, &read, None);
    assert_eq!(text.matches("[ECO ").count(), 1, "{text}");
    assert_eq!(text.matches("[Opening ").count(), 1, "{text}");
    assert!(
        text.contains(
            "[Result \"*\"]\n[ECO \"D02\"]\n[Opening \"Queen's Pawn Game: Zukertort Variation\"]\n\
             [Annotator \"me\"]\n\n1. Nf3"
        ),
        "{text}"
    );
    // A game that reaches no named position keeps the tags it was read with.
    let start = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    let mut ending = Game::from_position(start);
    ending.play_text("e4").unwrap();
    let text = write_game(&ending, &read, None);
    assert!(
        text.contains("[Opening \"My line\"]\n[ECO \"A00\"]\n"),
        "{text}"
    );
    // Nor does a game of no moves get one.
    assert!(!write_game(&Game::new(), &[], None).contains("[ECO"));
}

#[test]
fn fen_setup_round_trip_with_black_to_move() {
    let start =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 17")
            .unwrap();
    let mut game = Game::from_position(start);
    for m in ["O-O", "Bh6", "d6"] {
        game.play_text(m).unwrap();
    }
    let text = write_game(&game, &[], None);
    assert!(text.contains("[SetUp \"1\"]"));
    assert!(text.contains("17... O-O 18. Bh6"), "{text}");
    assert!(text.trim_end().ends_with('*'));
    let back = parse_game(&text).unwrap();
    assert_eq!(back.start, start);
    assert_eq!(back.moves, game.moves());
}

#[test]
fn a_bad_game_in_the_middle_is_reported_and_skipped() {
    let text = "[Event \"1\"]\n\n1. e4 e5 2. Nf3 1-0\n\n\
                [Event \"2\"]\n\n1. e4 e5\n2. Nf3 Nc6 3. Bb5 Ke6 *\n\n\
                [Event \"3\"]\n[FEN \"not a fen\"]\n\n1. e4 *\n\n\
                [Event \"4\"]\n\n1. d4 d5 1/2-1/2\n\
                [Event \"5\"]\n\n1. c4\n";
    let games: Vec<_> = read_games(text.as_bytes()).collect();
    assert_eq!(games.len(), 5);
    assert_eq!(games[0].as_ref().unwrap().moves.len(), 3);
    let e = games[1].as_ref().unwrap_err();
    assert_eq!((e.game, e.line), (2, 8));
    assert!(e.message.contains("3... Ke6"), "{e}");
    let e = games[2].as_ref().unwrap_err();
    assert_eq!(e.game, 3);
    assert!(e.message.contains("FEN"), "{e}");
    let g4 = games[3].as_ref().unwrap();
    assert_eq!(g4.result, "1/2-1/2");
    assert_eq!(g4.header("Event"), Some("4"));
    let g5 = games[4].as_ref().unwrap();
    assert_eq!(g5.moves.len(), 1);
    assert_eq!(g5.result, "*");
}

/// The game's moves in SAN, replayed from its start.
fn sans(g: &PgnGame) -> Vec<String> {
    g.to_game().san_moves()
}

fn error_of(text: &str) -> PgnError {
    match parse_game(text) {
        Ok(g) => panic!("{text:?} was read as {:?}", sans(&g)),
        Err(e) => e,
    }
}

/// The cases of the game screen's own fallback reader (`plain_pgn_fallback_reads_our_files`
/// in src/tui/app.rs), read by pgn.rs.
#[test]
fn reads_the_files_the_game_screen_writes() {
    let text = "[Event \"x\"]\n[Level \"classic-3\"]\n\n1. e4 {best} e5 2. Nf3 Nc6 *\n";
    let p = parse_game(text).unwrap();
    assert_eq!(p.header("Level"), Some("classic-3"));
    assert_eq!(p.header("Event"), Some("x"));
    assert_eq!(p.header("Site"), None);
    assert_eq!(p.to_game().moves().len(), 4);
    assert_eq!(sans(&p), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(p.result, "*");
    let p = parse_game("1.d4 d5 1-0").unwrap();
    assert_eq!(p.to_game().moves().len(), 2);
    assert_eq!(p.result, "1-0");
    let e = error_of("1. e5");
    assert_eq!((e.game, e.line), (1, 1));
    assert!(e.message.contains("1. e5"), "{e}");
    assert!(e.message.contains("illegal"), "{e}");
}

#[test]
fn reads_the_huo_and_uci_coordinate_forms() {
    let text = "[Event \"Huo\"]\n\n1. c2c4 e7-e5 2. G1F3 {the Huo way} b8c6\n3.d2d4 3...e5xd4 *\n";
    let p = parse_game(text).unwrap();
    assert_eq!(sans(&p), ["c4", "e5", "Nf3", "Nc6", "d4", "exd4"]);
    assert_eq!(p.result, "*");
    // Castling as the king's move, SAN and coordinates mixed.
    let p = parse_game("1. e2e4 e5 2. g1f3 Nc6 3. Bc4 f8c5 4. e1g1 g8-f6 1/2-1/2").unwrap();
    assert_eq!(
        sans(&p),
        ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6"]
    );
    assert_eq!(p.result, "1/2-1/2");
    // A FEN tag, a promotion in UCI form with a check mark, Black's move numbered `2...`.
    let text = "[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n\
                1. a7a8q+ {promotes} Kd7 2. e1-e2 2... Kd6 3. a8d8+ Kc5 0-1\n";
    let p = parse_game(text).unwrap();
    assert_eq!(
        p.start,
        Position::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap()
    );
    assert_eq!(sans(&p), ["a8=Q+", "Kd7", "Ke2", "Kd6", "Qd8+", "Kc5"]);
    assert_eq!(p.result, "0-1");
}

#[test]
fn a_missing_result_is_unfinished_and_a_tag_without_quotes_is_read() {
    let p = parse_game("[Level classic-3]\n1. e4 e5\n").unwrap();
    assert_eq!(p.header("Level"), Some("classic-3"));
    assert_eq!(p.moves.len(), 2);
    assert_eq!(p.result, "*");
    // Without a result in the movetext the Result tag is used, when it is a result.
    let p = parse_game("[Result \"0-1\"]\n1. e4 e5\n").unwrap();
    assert_eq!(p.result, "0-1");
    let p = parse_game("[Result \"lost on time\"]\n1. e4 e5\n").unwrap();
    assert_eq!(p.result, "*");
    assert_eq!(p.header("Result"), Some("lost on time"));
    assert!(write_game(&p.to_game(), &p.headers, None).ends_with("1. e4 e5 *\n\n"));
}

#[test]
fn errors_name_the_line_and_the_move() {
    let e = error_of("[Event \"x\"]\n\n1. e4 e5\n2. e2e4 Nc6 *\n");
    assert_eq!((e.game, e.line), (1, 4));
    assert!(e.message.contains("move 2. e2e4"), "{e}");
    assert!(e.message.contains("no piece on e2"), "{e}");
    assert!(e.to_string().starts_with("game 1, line 4: "), "{e}");
    let e = error_of("1. e4\n1... e5 2. Nf3\n2... Nc6 3. Bb5 a6 4. Bxc6 Kd7 1-0");
    assert_eq!(e.line, 3);
    assert!(e.message.contains("move 4... Kd7"), "{e}");
}

#[test]
fn garbage_gets_a_definite_answer() {
    // Empty text: no game, and `parse_game` says so.
    assert_eq!(read_games("".as_bytes()).count(), 0);
    let e = error_of("");
    assert_eq!((e.game, e.line), (1, 1));
    assert_eq!(e.message, "no game found");
    assert!(error_of("\n\n%%%\n").message.contains("no game"));

    for (text, line, wanted) in [
        ("[", 1, "tag pair"),
        ("[Event", 1, "tag pair"),
        ("{ never closed", 1, "never closed"),
        ("1. e4\n{ never\nclosed", 3, "'{' comment is never closed"),
        ("1. e4 ) e5", 1, "')' closes no variation"),
        ("((((", 1, "'(' variation is never closed"),
        ("[Event \"x\" \n", 1, "tag pair"),
        ("[A \"b]", 1, "double quotes"),
        ("1. Zz9 *", 1, "move 1. Zz9: 'Zz9' is not a move"),
        ("1. e4 e5 2. Ke3 *", 1, "move 2. Ke3: 'Ke3' is illegal"),
        ("\n\n1. e4 e5 2. Nc3 Nc6 3. Nc3 *", 3, "move 3. Nc3"),
        ("[FEN \"8/8/8 w - - 0 1\"]\n1. e4", 2, "bad FEN tag"),
    ] {
        let e = error_of(text);
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(
            e.message.contains(wanted),
            "{text:?}: '{e}' lacks '{wanted}'"
        );
    }

    let ok = |text: &str| parse_game(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    let g = ok("1. e4 } e5 }");
    assert_eq!(sans(&g), ["e4", "e5"]);
    // The first result ends the game; what follows it on the line is not another game.
    let games: Vec<_> = read_games("1-0 0-1 *".as_bytes()).collect();
    assert_eq!(games.len(), 1);
    let g = games[0].as_ref().unwrap();
    assert!(g.moves.is_empty());
    assert_eq!(g.result, "1-0");
    let g = ok("\u{feff}[Event \"x\"]\n1. e4");
    assert_eq!(g.header("Event"), Some("x"));
    assert_eq!(sans(&g), ["e4"]);
    assert_eq!(g.result, "*");
    let g = ok("%%%\n[A \"b\"]\n\n;;\n");
    assert_eq!(g.headers, [("A".to_string(), "b".to_string())]);
    assert!(g.moves.is_empty());
    assert_eq!(g.start, Position::startpos());
}

/// What a read game must satisfy: every move legal in turn, and written back as PGN it reads
/// as the same start, moves and result.
fn check_read_game(g: &PgnGame) -> Result<(), proptest::test_runner::TestCaseError> {
    let mut pos = g.start;
    for &mv in &g.moves {
        proptest::prop_assert!(pos.is_legal(mv), "{} is illegal in {}", mv, pos.fen());
        pos.play(mv);
    }
    let game = g.to_game();
    proptest::prop_assert_eq!(game.moves(), &g.moves[..]);
    proptest::prop_assert!(["1-0", "0-1", "1/2-1/2", "*"].contains(&g.result.as_str()));
    let written = write_game(&game, &g.headers, Some(&g.result));
    let back = parse_game(&written);
    proptest::prop_assert!(back.is_ok(), "{:?} from {}", back, written);
    let back = back.unwrap();
    proptest::prop_assert_eq!(back.start, g.start);
    proptest::prop_assert_eq!(&back.moves, &g.moves);
    proptest::prop_assert_eq!(&back.result, &g.result);
    Ok(())
}

/// What an error must satisfy: it names a game and a line of the text, and says something.
fn check_error(text: &str, e: &PgnError) -> Result<(), proptest::test_runner::TestCaseError> {
    let lines = text.split('\n').count();
    proptest::prop_assert!(e.game >= 1, "{}", e);
    proptest::prop_assert!((1..=lines).contains(&e.line), "{} of {} lines", e, lines);
    proptest::prop_assert!(!e.message.trim().is_empty(), "{}", e);
    let located = format!("line {}: ", e.line);
    proptest::prop_assert!(e.to_string().contains(&located), "{}", e);
    Ok(())
}

/// A random game from a suite position, written the way people and Huo Chess write games:
/// SAN or coordinates (`c2c4`, `C2C4`, `c2-c4`, `e5xd4`), move numbers or not, comments,
/// line breaks, a result or none.
fn random_game_text(seed: u64, plies: usize) -> (Position, Vec<Move>, String, String) {
    let mut rng = common::Rng(seed | 1);
    let suite = common::perft_suite();
    let start = if rng.below(3) == 0 {
        Position::startpos()
    } else {
        Position::from_fen(&suite[rng.below(suite.len())].fen).unwrap()
    };
    let mut text = String::from("[Event \"random\"]\n");
    if start != Position::startpos() {
        text.push_str(&format!("[FEN \"{}\"]\n", start.fen()));
    }
    text.push('\n');
    let mut pos = start;
    let mut moves = Vec::new();
    for i in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len())];
        let number = pos.fullmove_number();
        match (pos.turn(), rng.below(4)) {
            (Color::White, 0) => text.push_str(&format!("{number}.")),
            (Color::White, _) => text.push_str(&format!("{number}. ")),
            (Color::Black, 0) if i > 0 => text.push_str(&format!("{number}... ")),
            (Color::Black, _) if i == 0 => text.push_str(&format!("{number}...")),
            _ => {}
        }
        let uci = mv.to_string();
        let written = match rng.below(6) {
            0 | 1 => san(&pos, mv),
            2 => uci.clone(),
            3 => uci.to_uppercase(),
            4 => format!("{}-{}", &uci[..2], &uci[2..]),
            _ => format!("{}x{}", &uci[..2], &uci[2..]),
        };
        text.push_str(&written);
        match rng.below(8) {
            0 => text.push_str(" {a comment} "),
            1 => text.push('\n'),
            2 => text.push_str(" ; to the end of the line\n"),
            _ => text.push(' '),
        }
        pos.play(mv);
        moves.push(mv);
    }
    let result = ["1-0", "0-1", "1/2-1/2", "*", ""][rng.below(5)];
    text.push_str(result);
    text.push('\n');
    let result = if result.is_empty() { "*" } else { result };
    (start, moves, text, result.to_string())
}

proptest::proptest! {
    #[test]
    fn reading_random_text_gives_sound_games_or_located_errors(
        text in "(\\PC|[\\[\\]{}();%$.\"\n ]){0,300}"
    ) {
        for g in read_games(text.as_bytes()) {
            match g {
                Ok(g) => check_read_game(&g)?,
                Err(e) => check_error(&text, &e)?,
            }
        }
        let p = huo_chess::book::format::parse(&text);
        let _ = huo_chess::book::format::resolve(&p, &Position::startpos(), "x");
        let _ = huo_chess::book::import::parse_huo(&text);
    }

    #[test]
    fn games_in_mixed_notations_are_read_move_for_move(seed: u64, plies in 0usize..80) {
        let (start, moves, text, result) = random_game_text(seed, plies);
        let g = parse_game(&text);
        proptest::prop_assert!(g.is_ok(), "{:?}\n{}", g, text);
        let g = g.unwrap();
        proptest::prop_assert_eq!(g.start, start);
        proptest::prop_assert_eq!(&g.moves, &moves, "{}", text);
        proptest::prop_assert_eq!(&g.result, &result);
        proptest::prop_assert_eq!(g.header("Event"), Some("random"));
        check_read_game(&g)?;
    }
}
