//! PGN reading and writing.

use huo_chess::core::Position;
use huo_chess::game::Game;
use huo_chess::pgn::{parse_game, read_games, write_game};

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
fn round_trip() {
    let mut game = Game::new();
    for m in "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O Nbd7 g4 b5 g5 b4 Ne2 Ne8 f4 a5 f5 a4 Nbd4 exd4 Nxd4 b3 Kb1 bxc2+ Nxc2 Bb3 axb3 axb3 Na3 Rxa3 bxa3 Qa5".split_whitespace() {
        game.play_text(m).unwrap();
    }
    let headers = vec![
        ("White".to_string(), "Huo".to_string()),
        ("Opening".to_string(), "Sicilian \\ Najdorf".to_string()),
    ];
    let text = write_game(&game, &headers, Some("0-1"));
    assert!(text.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Huo\"]\n[Black \"?\"]\n[Result \"0-1\"]\n[Opening \"Sicilian \\\\ Najdorf\"]\n\n1. e4 c5"), "{text}");
    assert!(text.lines().all(|l| l.len() <= 80), "{text}");
    assert!(text.trim_end().ends_with("0-1"));
    let back = parse_game(&text).unwrap();
    assert_eq!(back.moves, game.moves());
    assert_eq!(back.result, "0-1");
    assert_eq!(back.header("Opening"), Some("Sicilian \\ Najdorf"));
    assert_eq!(
        write_game(&back.to_game(), &back.headers, Some(&back.result)),
        text
    );
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

#[test]
fn garbage_never_panics() {
    for text in [
        "",
        "[",
        "[Event",
        "{ never closed",
        "1. e4 ) e5",
        "1. e4 } e5 }",
        "((((",
        "1-0 0-1 *",
        "\u{feff}[Event \"x\"]\n1. e4",
        "1. Zz9 *",
        "%%%\n[A \"b\"]\n\n;;\n",
    ] {
        for g in read_games(text.as_bytes()) {
            let _ = g;
        }
    }
}

proptest::proptest! {
    #[test]
    fn reading_random_text_never_panics(text in "(\\PC|[\\[\\]{}();%$.\"\n ]){0,300}") {
        for g in read_games(text.as_bytes()) {
            let _ = g;
        }
        let p = huo_chess::book::format::parse(&text);
        let _ = huo_chess::book::format::resolve(&p, &Position::startpos(), "x");
        let _ = huo_chess::book::import::parse_huo(&text);
    }
}
