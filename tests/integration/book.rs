//! The opening book library: files, lookups, writers, imports and exports.

use crate::common;

use common::tempdir;
use huo_chess::book::layers::{BookPick, Books, Layer, LayerPolicy};
use huo_chess::book::{Book, PickMode, embedded, format, import, pack, polyglot, store};
use huo_chess::core::{Move, Position, parse_move};
use huo_chess::game::Game;
use std::collections::BTreeMap;

/// The position after `moves` (SAN or UCI) from the initial position.
fn after(moves: &str) -> Position {
    let mut pos = Position::startpos();
    for m in moves.split_whitespace() {
        let mv = parse_move(&pos, m).unwrap();
        pos.play(mv);
    }
    pos
}

fn mv(pos: &Position, text: &str) -> Move {
    parse_move(pos, text).unwrap()
}

#[test]
fn record_lookup_remove_round_trip() {
    let dir = tempdir("round");
    let book = Book::open(&*dir);
    let start = Position::startpos();
    assert!(book.lookup(&start).is_none());
    book.record(&start, mv(&start, "e4"), 3).unwrap();
    book.record(&start, mv(&start, "d4"), 1).unwrap();
    book.record(&start, mv(&start, "e4"), 2).unwrap();
    let e = book.lookup(&start).unwrap();
    assert!(e.warnings.is_empty(), "{:?}", e.warnings);
    assert_eq!(e.moves.len(), 2);
    assert_eq!(e.moves[0].mv.uci(), "e2e4");
    assert_eq!(e.moves[0].weight, 5);
    assert!(e.file.ends_with("46/463b96181691fc9c.txt"), "{}", e.file);
    let text = std::fs::read_to_string(dir.join("46/463b96181691fc9c.txt")).unwrap();
    assert!(text.contains("\nfen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n"));
    assert!(text.ends_with("e2e4 weight=5\nd2d4 weight=1\n"), "{text}");

    book.set_comment(&start, mv(&start, "d4"), Some("Queen's pawn"))
        .unwrap();
    book.set_weight(&start, mv(&start, "d4"), 0).unwrap();
    let e = book.lookup(&start).unwrap();
    assert_eq!(e.moves[1].comment.as_deref(), Some("Queen's pawn"));
    assert_eq!(e.moves[1].weight, 0);
    // weight 0 is never picked
    for seed in 0..50 {
        assert_eq!(
            book.pick(&start, PickMode::Weighted, seed).unwrap().0.uci(),
            "e2e4"
        );
    }
    book.remove(&start, mv(&start, "e4")).unwrap();
    assert!(book.remove(&start, mv(&start, "e4")).is_err());
    assert!(book.pick(&start, PickMode::Best, 0).is_none());
    book.remove(&start, mv(&start, "d4")).unwrap();
    assert!(book.lookup(&start).is_none(), "the empty file is deleted");
    // Illegal moves are refused.
    assert!(book.record(&start, mv(&after("e4"), "e5"), 1).is_err());
}

#[test]
fn transpositions_share_one_file() {
    let dir = tempdir("transpo");
    let book = Book::open(&*dir);
    let a = after("Nf3 d5 d4");
    let b = after("d4 d5 Nf3");
    assert_eq!(a.key(), b.key());
    book.record(&a, mv(&a, "Nf6"), 1).unwrap();
    book.record(&b, mv(&b, "Nf6"), 1).unwrap();
    let e = book.lookup(&b).unwrap();
    assert_eq!(e.moves.len(), 1);
    assert_eq!(e.moves[0].weight, 2);
    assert_eq!(store::list_files(&dir).len(), 1);
}

#[test]
fn castling_and_promotion_moves() {
    let dir = tempdir("special");
    let book = Book::open(&*dir);
    let castle = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    book.record(&castle, mv(&castle, "O-O"), 1).unwrap();
    book.record(&castle, mv(&castle, "O-O-O"), 2).unwrap();
    let text = std::fs::read_to_string(dir.join(store::relative_path(castle.key()))).unwrap();
    assert!(text.contains("e1c1 weight=2\ne1g1 weight=1\n"), "{text}");
    let promo = Position::from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
    book.record(&promo, mv(&promo, "a8=N"), 1).unwrap();
    let e = book.lookup(&promo).unwrap();
    assert_eq!(e.moves[0].mv.uci(), "a7a8n");
    // Both survive a Polyglot round trip.
    let bin = dir.join("x.bin");
    polyglot::export(&book, &bin).unwrap();
    let bytes = std::fs::read(&bin).unwrap();
    let entries = polyglot::read_entries(&bytes).unwrap();
    let ours: Vec<u16> = entries
        .iter()
        .filter(|e| e.key == castle.key())
        .map(|e| e.mv)
        .collect();
    // e1h1: from e1 (file 4, row 0), to h1 (file 7, row 0); e1a1 likewise.
    assert!(ours.contains(&(4 << 6 | 7)));
    assert!(ours.contains(&(4 << 6)));
    assert_eq!(
        polyglot::decode_move(&castle, 4 << 6 | 7).unwrap().uci(),
        "e1g1"
    );
}

#[test]
fn hand_written_file_is_read_and_unknown_fields_kept() {
    let dir = tempdir("hand");
    let start = Position::startpos();
    std::fs::create_dir_all(dir.join("46")).unwrap();
    std::fs::write(
        dir.join("46/463b96181691fc9c.txt"),
        "# my notes\r\n\r\nfen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\r\n\
         d2d4 weight=2 source=me ; solid\r\ne2e4 weight=7\r\nc2c4\r\n",
    )
    .unwrap();
    let book = Book::open(&*dir);
    let e = book.lookup(&start).unwrap();
    assert!(e.warnings.is_empty(), "{:?}", e.warnings);
    assert_eq!(e.moves.len(), 3);
    let d4 = e.moves.iter().find(|m| m.mv.uci() == "d2d4").unwrap();
    assert_eq!(d4.fields, vec![("source".to_string(), "me".to_string())]);
    assert_eq!(d4.comment.as_deref(), Some("solid"));
    let c4 = e.moves.iter().find(|m| m.mv.uci() == "c2c4").unwrap();
    assert_eq!(c4.weight, 1, "weight defaults to 1");
    // Best picks the heaviest.
    assert_eq!(
        book.pick(&start, PickMode::Best, 1).unwrap().0.uci(),
        "e2e4"
    );
    book.record(&start, mv(&start, "Nf3"), 1).unwrap();
    let text = std::fs::read_to_string(dir.join("46/463b96181691fc9c.txt")).unwrap();
    assert!(text.contains("#   8 r n b q k b n r\n"), "{text}");
    assert!(text.contains("# my notes\nfen "), "notes are kept: {text}");
    assert!(
        text.ends_with(
            "e2e4 weight=7\nd2d4 weight=2 source=me ; solid\nc2c4 weight=1\ng1f3 weight=1\n"
        ),
        "{text}"
    );
}

#[test]
fn corrupt_files_are_reported_and_never_overwritten() {
    let dir = tempdir("corrupt");
    let book = Book::open(&*dir);
    let start = Position::startpos();
    let e4 = after("e4");
    book.record(&e4, mv(&e4, "e5"), 1).unwrap();
    let path = dir.join("46/463b96181691fc9c.txt");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let bad = "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n\
               e2e4 weight=3\ne2e5 weight=1\nzzz\nd2d4 weight=x\n";
    std::fs::write(&path, bad).unwrap();
    let e = book.lookup(&start).unwrap();
    assert_eq!(e.moves.len(), 1, "the good line is still used");
    let w = e.warnings.join("\n");
    assert!(w.contains("463b96181691fc9c.txt:3:"), "{w}");
    assert!(w.contains("463b96181691fc9c.txt:4:"), "{w}");
    assert!(w.contains("463b96181691fc9c.txt:5:"), "{w}");
    // Writers refuse, naming file:line, and leave the file as it was.
    let err = book.record(&start, mv(&start, "d4"), 1).unwrap_err();
    assert!(err.to_string().contains("463b96181691fc9c.txt:3"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), bad);
    // Other positions still work.
    assert_eq!(book.lookup(&e4).unwrap().moves.len(), 1);
    assert!(book.record(&e4, mv(&e4, "c5"), 1).is_ok());
    // Scanning reports the bad file.
    let reports = book.scan();
    assert_eq!(reports.iter().filter(|r| !r.problems.is_empty()).count(), 1);
    // Garbage never panics.
    for text in [
        "",
        "\u{feff}",
        "fen",
        "fen a b c d",
        ";;;",
        "e2e4 =",
        "\0\0\0",
    ] {
        let p = format::parse(text);
        let _ = format::resolve(&p, &start, "x");
    }
}

#[test]
fn fen_mismatch_is_ignored_with_a_warning() {
    let dir = tempdir("mismatch");
    let start = Position::startpos();
    std::fs::create_dir_all(dir.join("46")).unwrap();
    std::fs::write(
        dir.join("46/463b96181691fc9c.txt"),
        "fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\ne7e5 weight=1\n",
    )
    .unwrap();
    let book = Book::open(&*dir);
    let e = book.lookup(&start).unwrap();
    assert!(e.moves.is_empty());
    assert!(e.warnings[0].contains(":1:"), "{:?}", e.warnings);
    assert!(
        e.warnings[0].contains("not the position"),
        "{:?}",
        e.warnings
    );
    assert!(book.pick(&start, PickMode::Weighted, 3).is_none());
    assert!(book.record(&start, mv(&start, "e4"), 1).is_err());
    let r = book.scan();
    assert!(
        r[0].problems
            .iter()
            .any(|p| p.contains("not the file name"))
    );
}

#[test]
fn concurrent_threads_lose_no_update() {
    let dir = tempdir("threads");
    let start = Position::startpos();
    let moves: Vec<Move> = ["e4", "d4", "c4", "Nf3"]
        .iter()
        .map(|m| mv(&start, m))
        .collect();
    std::thread::scope(|s| {
        for t in 0..8 {
            let dir = dir.clone();
            let moves = moves.clone();
            s.spawn(move || {
                let book = Book::open(&*dir);
                for i in 0..50 {
                    book.record(&start, moves[(t + i) % moves.len()], 1)
                        .unwrap();
                    // Readers see whole files only.
                    let e = book.lookup(&start).unwrap();
                    assert!(e.warnings.is_empty(), "{:?}", e.warnings);
                }
            });
        }
    });
    let e = Book::open(&*dir).lookup(&start).unwrap();
    let total: u32 = e.moves.iter().map(|m| m.weight).sum();
    assert_eq!(total, 400);
}

#[test]
fn pick_is_weighted_and_deterministic() {
    let dir = tempdir("pick");
    let book = Book::open(&*dir);
    let start = Position::startpos();
    book.record(&start, mv(&start, "e4"), 3).unwrap();
    book.record(&start, mv(&start, "d4"), 1).unwrap();
    let mut e4 = 0;
    for seed in 0..4000u64 {
        let (m, file) = book.pick(&start, PickMode::Weighted, seed).unwrap();
        assert!(file.ends_with("463b96181691fc9c.txt"));
        if m.uci() == "e2e4" {
            e4 += 1;
        }
    }
    assert!((2700..3300).contains(&e4), "{e4}");
    assert_eq!(
        book.pick(&start, PickMode::Weighted, 7),
        book.pick(&start, PickMode::Weighted, 7)
    );
    let mut game = Game::new();
    assert!(book.probe(&game, 0, PickMode::Best, 0).is_none());
    assert_eq!(
        book.probe(&game, 1, PickMode::Best, 0).unwrap().0.uci(),
        "e2e4"
    );
    game.play_text("e4").unwrap();
    assert!(book.probe(&game, 24, PickMode::Best, 0).is_none());
}

#[test]
fn polyglot_export_import_round_trip() {
    let dir = tempdir("poly");
    let book = Book::open(&*dir);
    let lines = [
        "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O",
        "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6",
        "d4 Nf6 c4 e6 Nc3 Bb4",
        "e4 d5 exd5 Qxd5 Nc3",
    ];
    for (i, l) in lines.iter().enumerate() {
        let mut pos = Position::startpos();
        for m in l.split_whitespace() {
            let m = mv(&pos, m);
            book.record(&pos, m, i as u32 + 1).unwrap();
            pos.play(m);
        }
    }
    let bin = dir.join("book.bin");
    let exported = polyglot::export(&book, &bin).unwrap();
    let bytes = std::fs::read(&bin).unwrap();
    assert_eq!(bytes.len(), exported.entries * 16);
    let entries = polyglot::read_entries(&bytes).unwrap();
    assert!(entries.windows(2).all(|w| w[0].key <= w[1].key));

    let dir2 = tempdir("poly2");
    let book2 = Book::open(&*dir2);
    let r = polyglot::import(&book2, &bin).unwrap();
    assert_eq!(r.unreached, 0);
    assert_eq!(r.entries, exported.entries);
    let a: Vec<_> = book.scan().into_iter().map(|f| (f.key, f.moves)).collect();
    let b: Vec<_> = book2.scan().into_iter().map(|f| (f.key, f.moves)).collect();
    assert_eq!(a, b);
    // And the export of the import is byte for byte the same.
    let bin2 = dir2.join("again.bin");
    polyglot::export(&book2, &bin2).unwrap();
    assert_eq!(std::fs::read(&bin2).unwrap(), bytes);
}

#[test]
fn legacy_huo_files_are_imported() {
    let dir = tempdir("huo");
    let legacy = dir.join("legacy");
    std::fs::create_dir_all(&legacy).unwrap();
    // Column-major a1..a8, b1..b8, ...: the initial position.
    let column = |file: usize| -> Vec<&'static str> {
        let back = [
            "WRook", "WKnight", "WBishop", "WQueen", "WKing", "WBishop", "WKnight", "WRook",
        ];
        let bback = [
            "BRook", "BKnight", "BBishop", "BQueen", "BKing", "BBishop", "BKnight", "BRook",
        ];
        vec![back[file], "WPawn", "", "", "", "", "BPawn", bback[file]]
    };
    let mut squares: Vec<String> = Vec::new();
    for f in 0..8 {
        squares.extend(column(f).into_iter().map(|s| format!("\"{s}\"")));
    }
    // 1. e2e4: column 5, rank 2 -> column 5, rank 4. CRLF line ends.
    let mut text = squares.join("\r\n");
    text.push_str("\r\n\"Suggested Move\"\r\n5\r\n2\r\n5\r\n4\r\n");
    std::fs::write(legacy.join("Opening1.txt"), &text).unwrap();
    // The same position after 1. e4, Black to move (inferred from the piece): e7e5.
    let mut sq2 = squares.clone();
    sq2[4 * 8 + 1] = "\"\"".into(); // e2
    sq2[4 * 8 + 3] = "\"WPawn\"".into(); // e4
    let mut text2 = sq2.join("\n");
    text2.push_str("\n\"Suggested Move\"\n5\n7\n5\n5\n");
    std::fs::write(legacy.join("Opening2.txt"), &text2).unwrap();
    // A broken one is reported, not fatal.
    std::fs::write(legacy.join("Opening3.txt"), "\"WKing\"\n").unwrap();
    let book = Book::open(dir.join("book"));
    let r = import::import_huo(&book, &legacy).unwrap();
    assert_eq!(r.files, 3);
    assert_eq!(r.recorded, 2);
    assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
    assert!(r.problems[0].contains("Opening3.txt"));
    let e = book.lookup(&Position::startpos()).unwrap();
    assert_eq!(e.moves[0].mv.uci(), "e2e4");
    let e = book.lookup(&after("e4")).unwrap();
    assert_eq!(e.moves[0].mv.uci(), "e7e5");
}

#[test]
fn pgn_import_counts_games() {
    let dir = tempdir("pgnimport");
    let book = Book::open(&*dir);
    let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n\
               [Event \"b\"]\n\n1. e4 c5 2. Nf3 d6 0-1\n\n\
               [Event \"c\"]\n\n1. e4 e5 2. Nf3 Nf6 *\n\n\
               [Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n\
               [Event \"d\"]\n\n1. d4 d5 *\n";
    let opts = import::PgnImportOptions {
        max_ply: 3,
        min_games: 1,
        only: None,
        ..Default::default()
    };
    let r = import::import_pgn(&book, pgn.as_bytes(), &opts, |_| {}).unwrap();
    assert_eq!(r.games, 4);
    assert_eq!(r.bad_games.len(), 1);
    assert_eq!(r.bad_games[0].game, 4);
    let e = book.lookup(&Position::startpos()).unwrap();
    assert_eq!(e.moves[0].weight, 3);
    assert_eq!(e.moves[1].weight, 1);
    assert!(book.lookup(&after("e4 e5 Nf3")).is_none(), "max_ply 3");

    let dir2 = tempdir("pgnimport2");
    let book2 = Book::open(&*dir2);
    let opts = import::PgnImportOptions {
        max_ply: 10,
        min_games: 2,
        only: Some(huo_chess::Color::White),
        ..Default::default()
    };
    import::import_pgn(&book2, pgn.as_bytes(), &opts, |_| {}).unwrap();
    assert!(book2.lookup(&after("e4")).is_none(), "only White's moves");
    assert_eq!(book2.lookup(&after("e4 e5")).unwrap().moves[0].weight, 2);
    assert!(book2.lookup(&after("d4 d5")).is_none(), "under min-games");
}

#[test]
fn embedded_book_has_the_start_position() {
    let book = Book::embedded();
    let e = book.lookup(&Position::startpos()).unwrap();
    assert!(e.warnings.is_empty(), "{:?}", e.warnings);
    assert!(!e.moves.is_empty());
    assert_eq!(e.file, "embedded:46/463b96181691fc9c.txt");
    assert!(embedded::all().windows(2).all(|w| w[0].0 < w[1].0));
    assert!(embedded::all().len() > 200);
    // Every embedded file is clean, and the book answers 1. e4 and 1. d4.
    for r in book.scan() {
        assert!(r.problems.is_empty(), "{:?}", r.problems);
    }
    assert!(book.lookup(&after("e4")).is_some());
    assert!(book.lookup(&after("d4")).is_some());
    assert!(
        book.record(&Position::startpos(), mv(&Position::startpos(), "e4"), 1)
            .is_err()
    );
}

#[test]
fn hand_written_en_passant_square_is_read_the_polyglot_way() {
    let dir = tempdir("ep");
    let pos = after("e4");
    assert_eq!(
        pos.epd(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"
    );
    let path = dir.join(store::relative_path(pos.key()));
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(
        &path,
        "fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3\ne7e5 weight=2\n",
    )
    .unwrap();
    let book = Book::open(&*dir);
    let e = book.lookup(&pos).unwrap();
    assert!(e.warnings.is_empty(), "{:?}", e.warnings);
    assert_eq!(e.moves.len(), 1);
    // Rewriting normalises the line.
    book.record(&pos, mv(&pos, "c5"), 1).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\n"));
}

/// (uci, weight) of an entry's moves, in canonical order.
fn weights(moves: &[huo_chess::book::BookMove]) -> Vec<(String, u32)> {
    let mut ms = moves.to_vec();
    format::sort_moves(&mut ms);
    ms.iter().map(|m| (m.mv.uci(), m.weight)).collect()
}

#[test]
fn layered_user_book_answers_its_positions_and_the_built_in_the_rest() {
    let dir = tempdir("layers");
    let start = Position::startpos();
    // The user's book knows one position: only 1. e4 (a deliberate repertoire choice).
    Book::open(&*dir)
        .record(&start, mv(&start, "e4"), 1)
        .unwrap();
    let books = Books::new(Some(Book::open(&*dir)), LayerPolicy::Both);
    for seed in 0..40 {
        let p = books.pick(&start, PickMode::Weighted, seed).unwrap();
        assert_eq!(p.mv.uci(), "e2e4");
        assert_eq!(p.layer, Layer::User);
        assert_eq!((p.weight, p.total), (1, 1));
        assert!(p.file.ends_with("46/463b96181691fc9c.txt"), "{}", p.file);
    }
    // 1. d4 is not in the user's book: the built-in book answers, with its own weights.
    let d4 = after("d4");
    let builtin = Book::embedded().lookup(&d4).unwrap();
    let l = books.lookup(&d4).unwrap();
    assert_eq!(l.layer, Layer::BuiltIn);
    assert!(l.read_only());
    assert_eq!(weights(&l.entry.moves), weights(&builtin.moves));
    let p = books.pick(&d4, PickMode::Best, 0).unwrap();
    let heaviest = weights(&builtin.moves)[0].clone();
    assert_eq!((p.mv.uci(), p.weight), heaviest);
    let total: u64 = builtin.moves.iter().map(|m| m.weight as u64).sum();
    assert_eq!(p.total, total);
    // The log line names the layer and the file inside books/.
    let key = format!("{:016x}", d4.key());
    assert_eq!(
        p.to_string(),
        format!(
            "Book move {} from built-in book, {}/{key}.txt, weight {} ({:.0}%)",
            heaviest.0,
            &key[..2],
            heaviest.1,
            heaviest.1 as f64 * 100.0 / total as f64
        )
    );
    // The same seed gives the same choice as the single built-in book.
    for seed in 0..20 {
        let single = Book::embedded()
            .pick(&d4, PickMode::Weighted, seed)
            .unwrap();
        assert_eq!(
            books.pick(&d4, PickMode::Weighted, seed).unwrap().mv,
            single.0
        );
    }
    // Policies: the user's book only (nothing after 1. d4), the built-in book only.
    let user_only = Books::new(Some(Book::open(&*dir)), LayerPolicy::UserOnly);
    assert!(user_only.pick(&d4, PickMode::Best, 0).is_none());
    assert_eq!(
        user_only.pick(&start, PickMode::Best, 0).unwrap().layer,
        Layer::User
    );
    let builtin_only = Books::new(Some(Book::open(&*dir)), LayerPolicy::BuiltInOnly);
    let p = builtin_only.pick(&start, PickMode::Best, 0).unwrap();
    assert_eq!(p.layer, Layer::BuiltIn);
    assert_eq!(
        (p.mv.uci(), p.weight),
        weights(&Book::embedded().lookup(&start).unwrap().moves)[0]
    );
    // Without a user book, the built-in book answers everywhere.
    let none = Books::new(None, LayerPolicy::Both);
    assert_eq!(
        none.pick(&start, PickMode::Best, 0).unwrap().layer,
        Layer::BuiltIn
    );
    assert!(none.record(&start, mv(&start, "e4"), 1).is_err());
    // The engine service's entry point: probe stops at max_ply.
    let mut game = Game::new();
    game.play(mv(&start, "d4")).unwrap();
    assert_eq!(
        books.probe(&game, 8, PickMode::Best, 0).map(|p| p.layer),
        Some(Layer::BuiltIn)
    );
    assert!(books.probe(&game, 1, PickMode::Best, 0).is_none());
}

#[test]
fn layered_zero_weights_silence_and_broken_user_files_fall_through() {
    let dir = tempdir("layers0");
    let start = Position::startpos();
    let user = Book::open(&*dir);
    // Every move weight 0: the user's book answers "no book move here", no fall-through.
    user.set_weight(&start, mv(&start, "e4"), 0).unwrap();
    let books = Books::new(Some(user), LayerPolicy::Both);
    assert_eq!(books.lookup(&start).unwrap().layer, Layer::User);
    assert!(books.pick(&start, PickMode::Weighted, 7).is_none());
    // A user file naming another position is ignored: the built-in book answers, and the
    // problem is reported with the entry.
    let e4 = after("e4");
    let path = dir.join(store::relative_path(e4.key()));
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, format!("fen {}\ne2e4 weight=3\n", start.epd())).unwrap();
    let l = books.lookup(&e4).unwrap();
    assert_eq!(l.layer, Layer::BuiltIn);
    assert_eq!(l.entry.warnings.len(), 1, "{:?}", l.entry.warnings);
    assert!(
        l.entry.warnings[0].contains(":1:"),
        "{:?}",
        l.entry.warnings
    );
    assert_eq!(
        books.pick(&e4, PickMode::Best, 0).unwrap().layer,
        Layer::BuiltIn
    );
}

/// Records each line (SAN moves from the start) once, weight 1, through the layers.
fn record_lines(books: &Books, lines: &[&str]) {
    for line in lines {
        let mut pos = Position::startpos();
        for m in line.split_whitespace() {
            let m = mv(&pos, m);
            books.record(&pos, m, 1).unwrap();
            pos.play(m);
        }
    }
}

#[test]
fn a_book_built_by_recording_answers_only_the_recorded_moves() {
    let dir = tempdir("layersrec");
    let books = Books::new(Some(Book::open(&*dir)), LayerPolicy::Both);
    record_lines(&books, &["e4 e5 Nf3 Nc6", "Nf3 Nc6 e4 e5"]);
    // The start position holds exactly the two recorded moves: nothing was copied.
    let start = Position::startpos();
    let l = books.lookup(&start).unwrap();
    assert_eq!(l.layer, Layer::User);
    assert_eq!(
        weights(&l.entry.moves),
        vec![("e2e4".to_string(), 1), ("g1f3".to_string(), 1)]
    );
    // The engine's choice, whatever the seed: only e4 and Nf3, each some of the time.
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let p = books.pick(&start, PickMode::Weighted, seed).unwrap();
        assert_eq!(p.layer, Layer::User);
        seen.insert(p.mv.uci());
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), ["e2e4", "g1f3"]);
    // After 1.e4 only e5 (the built-in book's c5, e6, ... are not there).
    let e4 = after("e4");
    assert_eq!(
        weights(&books.lookup(&e4).unwrap().entry.moves),
        vec![("e7e5".to_string(), 1)]
    );
    // After 1.e4 e5 2.Nf3: Nc6 alone.
    let ruy = after("e4 e5 Nf3");
    assert_eq!(
        weights(&books.lookup(&ruy).unwrap().entry.moves),
        vec![("b8c6".to_string(), 1)]
    );
    // A position never recorded still falls through to the built-in book.
    let d4 = after("d4");
    assert_eq!(books.lookup(&d4).unwrap().layer, Layer::BuiltIn);
    assert_eq!(
        books.pick(&d4, PickMode::Best, 0).unwrap().layer,
        Layer::BuiltIn
    );
    // Recording where the built-in book has the position says it was new to the user's.
    let c4 = after("c4");
    let edit = books.record(&c4, mv(&c4, "e5"), 1).unwrap();
    assert!(edit.was_new());
    assert_eq!(
        weights(&Book::open(&*dir).lookup(&c4).unwrap().moves),
        vec![("e7e5".to_string(), 1)]
    );
    assert!(!books.record(&c4, mv(&c4, "e5"), 1).unwrap().was_new());
}

#[test]
fn adopt_copies_the_built_in_moves_and_removing_the_last_move_gives_the_position_back() {
    let dir = tempdir("layersadopt");
    let books = Books::new(Some(Book::open(&*dir)), LayerPolicy::Both);
    record_lines(&books, &["e4 c5"]);
    let e4 = after("e4");
    let builtin = Book::embedded().lookup(&e4).unwrap().moves;
    assert!(builtin.iter().any(|m| m.mv.uci() == "c7c5") && builtin.len() > 2);
    // Adopt: every built-in move the user's position lacks, with its weight; the user's c5
    // keeps its own weight.
    let a = books.adopt(&e4).unwrap();
    assert_eq!((a.added, a.kept), (builtin.len() - 1, 1));
    let mut want: Vec<(String, u32)> = builtin
        .iter()
        .map(|m| (m.mv.uci(), if m.mv.uci() == "c7c5" { 1 } else { m.weight }))
        .collect();
    want.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
    assert_eq!(weights(&Book::open(&*dir).lookup(&e4).unwrap().moves), want);
    // Again: nothing more to add. A position the built-in book lacks: an error.
    assert_eq!(books.adopt(&e4).unwrap().added, 0);
    let only = Position::from_fen("8/8/8/8/8/8/4k3/K7 w - - 0 1").unwrap();
    assert!(books.adopt(&only).is_err());
    // Undoing the adoption leaves c5 alone again.
    books.revert(&a.edit).unwrap();
    assert_eq!(
        weights(&Book::open(&*dir).lookup(&e4).unwrap().moves),
        vec![("c7c5".to_string(), 1)]
    );
    // Removing the last move takes the position out of the user's book: the built-in
    // book answers there again, as where nothing was recorded.
    let edit = books.remove(&e4, mv(&e4, "c5")).unwrap();
    assert!(edit.after.moves.is_empty());
    assert!(Book::open(&*dir).lookup(&e4).is_none());
    assert_eq!(books.lookup(&e4).unwrap().layer, Layer::BuiltIn);
    books.revert(&edit).unwrap();
    assert_eq!(books.lookup(&e4).unwrap().layer, Layer::User);
    // With the user layer only, recording is the same: exactly the moves given.
    let dir2 = tempdir("layersadopt2");
    let user_only = Books::new(Some(Book::open(&*dir2)), LayerPolicy::UserOnly);
    user_only.record(&e4, mv(&e4, "c5"), 1).unwrap();
    assert_eq!(
        weights(&Book::open(&*dir2).lookup(&e4).unwrap().moves),
        vec![("c7c5".to_string(), 1)]
    );
}

#[test]
fn layer_policy_is_read_from_text() {
    assert_eq!("both".parse::<LayerPolicy>(), Ok(LayerPolicy::Both));
    assert_eq!("user".parse::<LayerPolicy>(), Ok(LayerPolicy::UserOnly));
    assert_eq!(
        "Built-in".parse::<LayerPolicy>(),
        Ok(LayerPolicy::BuiltInOnly)
    );
    assert!("all".parse::<LayerPolicy>().is_err());
    assert_eq!(LayerPolicy::default(), LayerPolicy::Both);
    let p = BookPick {
        mv: mv(&Position::startpos(), "e4"),
        layer: Layer::User,
        file: "books/46/463b96181691fc9c.txt".into(),
        weight: 2,
        total: 5,
    };
    assert_eq!(
        p.to_string(),
        "Book move e2e4 from user book, books/46/463b96181691fc9c.txt, weight 2 (40%)"
    );
}

/// `tests/data/polyglot-ten.bin`: `polyglot make-book -pgn polyglot-ten.pgn -bin
/// polyglot-ten.bin -min-game 1` (Debian's polyglot 2.0.4).
fn data(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// (key, move, weight, learn) of a `.bin`, sorted.
fn bin_set(bytes: &[u8]) -> Vec<(u64, u16, u16, u32)> {
    let mut v: Vec<_> = polyglot::read_entries(bytes)
        .unwrap()
        .iter()
        .map(|e| (e.key, e.mv, e.weight, e.learn))
        .collect();
    v.sort();
    v
}

#[test]
fn polyglot_make_book_round_trips_completely() {
    let original = std::fs::read(data("polyglot-ten.bin")).unwrap();
    let dir = tempdir("pgmake");
    let book = Book::open(dir.join("book"));
    let r = polyglot::import(&book, &data("polyglot-ten.bin")).unwrap();
    assert_eq!(r.entries, 56);
    assert_eq!((r.unreached, r.unreached_positions, r.bad_moves), (0, 0, 0));
    assert!(r.warnings.is_empty(), "{r:?}");
    assert_eq!(r.moves, 56);
    // make-book leaves out moves only played in lost games: these entries are reached
    // only by walking moves that are not in the book.
    assert_eq!(r.reached_across_gaps, 29);
    let bin = dir.join("out.bin");
    let e = polyglot::export(&book, &bin).unwrap();
    assert_eq!((e.entries, e.positions), (56, r.positions));
    assert_eq!(bin_set(&std::fs::read(&bin).unwrap()), bin_set(&original));
    // Importing a second time doubles every weight: the export keeps the proportions.
    polyglot::import(&book, &data("polyglot-ten.bin")).unwrap();
    polyglot::export(&book, &bin).unwrap();
    let doubled: Vec<_> = bin_set(&original)
        .into_iter()
        .map(|(k, m, w, l)| (k, m, w * 2, l))
        .collect();
    assert_eq!(bin_set(&std::fs::read(&bin).unwrap()), doubled);
    // Following the book's moves only, 27 entries are reached (the 29 others were lost
    // before); every legal move without crossing positions outside the book reaches 32.
    let book0 = Book::open(dir.join("book0"));
    let opts = polyglot::PolyglotImportOptions {
        max_gap: 0,
        ..Default::default()
    };
    let r0 = polyglot::import_with(&book0, &data("polyglot-ten.bin"), &opts).unwrap();
    assert_eq!(
        (r0.moves, r0.unreached, r0.reached_across_gaps),
        (32, 24, 5)
    );
    assert!(!r0.walk_stopped);
    // With no search budget, only the book's own moves are followed: 27 entries.
    let book_l = Book::open(dir.join("book-limit"));
    let opts = polyglot::PolyglotImportOptions {
        walk_limit: Some(0),
        ..Default::default()
    };
    let rl = polyglot::import_with(&book_l, &data("polyglot-ten.bin"), &opts).unwrap();
    assert_eq!((rl.moves, rl.unreached, rl.walk_stopped), (27, 29, true));
}

#[test]
fn polyglot_learn_values_survive_import_and_export() {
    let mut bytes = std::fs::read(data("polyglot-ten.bin")).unwrap();
    for (i, chunk) in bytes.chunks_exact_mut(16).enumerate() {
        chunk[12..16].copy_from_slice(&(i as u32 * 1000 + 7).to_be_bytes());
    }
    let dir = tempdir("pglearn");
    let src = dir.join("learn.bin");
    std::fs::write(&src, &bytes).unwrap();
    let book = Book::open(dir.join("book"));
    let r = polyglot::import(&book, &src).unwrap();
    assert_eq!((r.moves, r.unreached), (56, 0));
    // Kept as a field of the move line.
    let start = Position::startpos();
    let e = book.lookup(&start).unwrap();
    assert!(
        e.moves
            .iter()
            .all(|m| m.fields.iter().any(|(k, _)| k == "learn"))
    );
    let out = dir.join("out.bin");
    polyglot::export(&book, &out).unwrap();
    assert_eq!(bin_set(&std::fs::read(&out).unwrap()), bin_set(&bytes));
}

#[test]
fn corrupt_polyglot_file_is_reported_and_the_book_kept() {
    let dir = tempdir("pgbad");
    let book = Book::open(dir.join("book"));
    let start = Position::startpos();
    book.record(&start, mv(&start, "e4"), 5).unwrap();
    let before = std::fs::read_to_string(dir.join("book/46/463b96181691fc9c.txt")).unwrap();
    // A truncated file: the whole entries are imported, the tail is reported by offset.
    let mut bytes = std::fs::read(data("polyglot-ten.bin")).unwrap();
    bytes.truncate(bytes.len() - 9);
    let src = dir.join("cut.bin");
    std::fs::write(&src, &bytes).unwrap();
    let r = polyglot::import(&book, &src).unwrap();
    assert_eq!(r.entries, 55);
    assert_eq!(r.warnings.len(), 1, "{:?}", r.warnings);
    assert!(
        r.warnings[0].contains("cut.bin: 887 bytes")
            && r.warnings[0].contains("the last 7 bytes (from byte 880)"),
        "{:?}",
        r.warnings
    );
    // The book's own move is still there, its weight added to.
    let e = book.lookup(&start).unwrap();
    let e4 = e.moves.iter().find(|m| m.mv.uci() == "e2e4").unwrap();
    let bin_e4 = polyglot::read_entries(&bytes[..880])
        .unwrap()
        .into_iter()
        .filter(|x| x.key == start.key() && x.mv == polyglot::encode_move(&start, mv(&start, "e4")))
        .map(|x| x.weight as u32)
        .sum::<u32>();
    assert_eq!(e4.weight, 5 + bin_e4);
    assert_ne!(
        before,
        std::fs::read_to_string(dir.join("book/46/463b96181691fc9c.txt")).unwrap()
    );
    // Garbage is no book: nothing reachable, nothing written, no panic.
    let junk = dir.join("junk.bin");
    std::fs::write(&junk, b"this is not a polyglot book, just some text...").unwrap();
    let files_before = store::list_files(&dir.join("book")).len();
    let r = polyglot::import(&book, &junk).unwrap();
    assert_eq!((r.entries, r.moves, r.unreached), (2, 0, 2));
    assert_eq!(r.warnings.len(), 2, "{:?}", r.warnings); // truncated, and keys out of order
    assert_eq!(store::list_files(&dir.join("book")).len(), files_before);
    // A missing file is an error naming it.
    let err = polyglot::import(&book, &dir.join("none.bin")).unwrap_err();
    assert!(err.to_string().contains("none.bin"), "{err}");
}

/// Six games with known results (and one bad game, which is skipped and named).
const RESULTS_PGN: &str = "[Event \"1\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n\
    [Event \"2\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Nf3 0-1\n\n\
    [Event \"3\"]\n[Result \"1/2-1/2\"]\n\n1. e4 c5 1/2-1/2\n\n\
    [Event \"4\"]\n[Result \"1-0\"]\n\n1. d4 d5 1-0\n\n\
    [Event \"bad\"]\n[Result \"1-0\"]\n\n1. d4 d5 2. Ke3 1-0\n\n\
    [Event \"5\"]\n[Result \"*\"]\n\n1. e4 e5 2. Bc4 *\n\n\
    [Event \"6\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Nf3 0-1\n";

/// (uci, weight, games, w, d, l) of a position's moves, in canonical order.
fn stats(book: &Book, pos: &Position) -> Vec<(String, u32, u64, u64, u64, u64)> {
    let mut ms = book.lookup(pos).map(|e| e.moves).unwrap_or_default();
    format::sort_moves(&mut ms);
    ms.iter()
        .map(|m| {
            let r = huo_chess::book::Results::of(m).unwrap_or_default();
            (m.mv.uci(), m.weight, r.games, r.wins, r.draws, r.losses)
        })
        .collect()
}

fn s6(uci: &str, w: u32, g: u64, wi: u64, d: u64, l: u64) -> (String, u32, u64, u64, u64, u64) {
    (uci.to_string(), w, g, wi, d, l)
}

#[test]
fn pgn_import_records_results_for_the_mover() {
    use huo_chess::book::WeightPolicy;
    let dir = tempdir("results");
    let book = Book::open(dir.join("games"));
    let r = import::import_pgn(&book, RESULTS_PGN.as_bytes(), &Default::default(), |_| {}).unwrap();
    assert_eq!(r.games, 6);
    assert_eq!(r.bad_games.len(), 1);
    assert_eq!((r.bad_games[0].game, r.bad_games[0].line), (5, 24));
    let start = Position::startpos();
    // 1. e4: games 1 (1-0), 2 (0-1), 3 (draw), 5 (*), 6 (0-1) for White.
    assert_eq!(
        stats(&book, &start),
        vec![s6("e2e4", 5, 5, 1, 1, 2), s6("d2d4", 1, 1, 1, 0, 0)]
    );
    // 1... e5 for Black: a loss (1), two wins (2, 6), one unknown (5).
    assert_eq!(
        stats(&book, &after("e4")),
        vec![s6("e7e5", 4, 4, 2, 0, 1), s6("c7c5", 1, 1, 0, 1, 0)]
    );
    assert_eq!(
        stats(&book, &after("e4 e5")),
        vec![s6("g1f3", 3, 3, 1, 0, 2), s6("f1c4", 1, 1, 0, 0, 0)]
    );
    // The fields are on the move line, after the weight.
    let text =
        std::fs::read_to_string(dir.join("games").join(store::relative_path(start.key()))).unwrap();
    assert!(
        text.contains("\ne2e4 weight=5 games=5 w=1 d=1 l=2\n"),
        "{text}"
    );

    // Polyglot's weights: 2 per win + 1 per draw (a move that only lost weighs 0).
    let pg = Book::open(dir.join("polyglot"));
    let opts = import::PgnImportOptions {
        weights: WeightPolicy::Polyglot,
        ..Default::default()
    };
    import::import_pgn(&pg, RESULTS_PGN.as_bytes(), &opts, |_| {}).unwrap();
    assert_eq!(
        stats(&pg, &start),
        vec![s6("e2e4", 3, 5, 1, 1, 2), s6("d2d4", 2, 1, 1, 0, 0)]
    );
    assert_eq!(
        stats(&pg, &after("e4 e5")),
        vec![s6("g1f3", 2, 3, 1, 0, 2), s6("f1c4", 0, 1, 0, 0, 0)]
    );
    // Win rate: the mover's score in percent; importing again keeps the rate.
    let wr = Book::open(dir.join("winrate"));
    let opts = import::PgnImportOptions {
        weights: WeightPolicy::WinRate,
        ..Default::default()
    };
    for _ in 0..2 {
        import::import_pgn(&wr, RESULTS_PGN.as_bytes(), &opts, |_| {}).unwrap();
    }
    assert_eq!(
        stats(&wr, &start),
        vec![s6("d2d4", 100, 2, 2, 0, 0), s6("e2e4", 38, 10, 2, 2, 4)]
    );
    assert_eq!(
        stats(&wr, &after("e4 e5")),
        vec![s6("f1c4", 50, 2, 0, 0, 0), s6("g1f3", 33, 6, 2, 0, 4)]
    );
    // --min-score 50: 1. e4 (37.5%), 2. Nf3 (33%) and 1. d4 d5 (0%) go; 1... e5 (67%),
    // 1... c5 (50%) and the undecided 2. Bc4 stay. --only-black: Black's moves only.
    let ms = Book::open(dir.join("minscore"));
    let opts = import::PgnImportOptions {
        min_score: Some(50.0),
        ..Default::default()
    };
    let r = import::import_pgn(&ms, RESULTS_PGN.as_bytes(), &opts, |_| {}).unwrap();
    assert_eq!(r.dropped_moves, 3);
    assert!(ms.lookup(&after("d4")).is_none());
    assert_eq!(stats(&ms, &after("e4"))[1], s6("c7c5", 1, 1, 0, 1, 0));
    assert_eq!(stats(&ms, &start), vec![s6("d2d4", 1, 1, 1, 0, 0)]);
    assert_eq!(stats(&ms, &after("e4 e5")), vec![s6("f1c4", 1, 1, 0, 0, 0)]);
    assert_eq!(stats(&ms, &after("e4"))[0], s6("e7e5", 4, 4, 2, 0, 1));
    let ob = Book::open(dir.join("black"));
    let opts = import::PgnImportOptions {
        only: Some(huo_chess::Color::Black),
        ..Default::default()
    };
    import::import_pgn(&ob, RESULTS_PGN.as_bytes(), &opts, |_| {}).unwrap();
    assert!(ob.lookup(&start).is_none());
    assert_eq!(stats(&ob, &after("d4")), vec![s6("d7d5", 1, 1, 0, 0, 1)]);
}

#[test]
fn results_merge_into_a_hand_written_move_keeping_its_fields() {
    let dir = tempdir("resultsmerge");
    std::fs::create_dir_all(dir.join("46")).unwrap();
    std::fs::write(
        dir.join("46/463b96181691fc9c.txt"),
        "# my repertoire\nfen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n\
         e2e4 weight=10 source=me games=2 w=2 ; my main move\n",
    )
    .unwrap();
    let book = Book::open(&*dir);
    import::import_pgn(&book, RESULTS_PGN.as_bytes(), &Default::default(), |_| {}).unwrap();
    let text = std::fs::read_to_string(dir.join("46/463b96181691fc9c.txt")).unwrap();
    assert!(text.contains("# my repertoire\n"), "{text}");
    assert!(
        text.contains("\ne2e4 weight=15 source=me games=7 w=3 d=1 l=2 ; my main move\n"),
        "{text}"
    );
    // A malformed result field stops the import with file:line, and nothing is written
    // (the other positions the games reach are not rewritten either).
    std::fs::write(
        dir.join("46/463b96181691fc9c.txt"),
        "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\ne2e4 weight=1 w=lots\n",
    )
    .unwrap();
    let before = common::tree(&dir);
    let e =
        import::import_pgn(&book, RESULTS_PGN.as_bytes(), &Default::default(), |_| {}).unwrap_err();
    assert!(
        e.to_string().contains("463b96181691fc9c.txt:2: w 'lots'"),
        "{e}"
    );
    assert_eq!(common::tree(&dir), before);
}

/// A move of a PGN tree: the position's key, the move (UCI), weight, results, comment.
type TreeMove = (
    u64,
    String,
    u32,
    Option<huo_chess::book::Results>,
    Option<String>,
);

/// Reads a PGN game with variations (the crate's reader skips variations): every move of
/// every line, replayed with the SAN parser, with what its comment says.
fn read_pgn_tree(text: &str) -> Vec<TreeMove> {
    let body: String = text
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join("\n");
    let mut out: Vec<TreeMove> = Vec::new();
    // (position before the last move, position now) for each open line.
    let mut stack: Vec<(Position, Position)> = Vec::new();
    let (mut before, mut now) = (Position::startpos(), Position::startpos());
    let chars: Vec<char> = body.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '{' => {
                let end = i + chars[i..].iter().position(|&c| c == '}').unwrap();
                let c: String = chars[i + 1..end].iter().collect();
                let last = out.last_mut().expect("a comment follows a move");
                if let Some(rest) = c.strip_prefix("weight=") {
                    let (main, comment) = match rest.split_once(" ; ") {
                        Some((a, b)) => (a, Some(b.to_string())),
                        None => (rest, None),
                    };
                    last.2 = main.split(' ').next().unwrap().parse().unwrap();
                    last.4 = comment;
                    if let Some((_, games)) = main.split_once(", ") {
                        let n: u64 = games.split(' ').next().unwrap().parse().unwrap();
                        let mut r = huo_chess::book::Results {
                            games: n,
                            ..Default::default()
                        };
                        for tok in games.split(' ') {
                            let num = |t: &str| t[1..].trim_end_matches(':').parse().unwrap();
                            match tok.chars().next() {
                                Some('+') => r.wins = num(tok),
                                Some('=') => r.draws = num(tok),
                                Some('-') => r.losses = num(tok),
                                _ => {}
                            }
                        }
                        last.3 = Some(r);
                    }
                }
                i = end + 1;
            }
            '(' => {
                stack.push((before, now));
                now = before;
                i += 1;
            }
            ')' => {
                (before, now) = stack.pop().unwrap();
                i += 1;
            }
            c if c.is_whitespace() => i += 1,
            _ => {
                let start = i;
                while i < chars.len() && !chars[i].is_whitespace() && !"{}()".contains(chars[i]) {
                    i += 1;
                }
                let tok: String = chars[start..i].iter().collect();
                let san = tok.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                if san.is_empty() || san == "*" {
                    continue;
                }
                let m = parse_move(&now, san).unwrap_or_else(|e| panic!("{tok}: {e}"));
                out.push((now.key(), m.uci(), 1, None, None));
                before = now;
                now.play(m);
            }
        }
    }
    out
}

/// Every (key, move, weight, results, comment) of a book, sorted.
fn book_tree(book: &Book) -> Vec<TreeMove> {
    let mut v: Vec<TreeMove> = book
        .scan()
        .into_iter()
        .flat_map(|f| {
            let key = f.key.unwrap();
            f.moves.into_iter().map(move |m| {
                (
                    key,
                    m.mv.uci(),
                    m.weight,
                    huo_chess::book::Results::of(&m),
                    m.comment.clone(),
                )
            })
        })
        .collect();
    v.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    v
}

#[test]
fn export_pgn_is_read_back_as_the_same_book() {
    use huo_chess::book::tree;
    let dir = tempdir("exportpgn");
    let book = Book::open(&*dir);
    let pgn = std::fs::read_to_string(data("polyglot-ten.pgn")).unwrap();
    let r = import::import_pgn(&book, pgn.as_bytes(), &Default::default(), |_| {}).unwrap();
    assert_eq!((r.games, r.bad_games.len()), (10, 0));
    // A transposition (1. c4 e6 2. d4 Nf6 = 1. d4 Nf6 2. c4 e6), a comment, a move
    // never played.
    for (before, m) in [
        ("c4", "e6"),
        ("c4 e6", "d4"),
        ("c4 e6 d4", "Nf6"),
        ("d4 Nf6 c4", "e6"),
        ("d4 Nf6 c4 e6", "Nc3"),
    ] {
        let p = after(before);
        book.record(&p, mv(&p, m), 1).unwrap();
    }
    let start = Position::startpos();
    book.set_comment(&start, mv(&start, "e4"), Some("best by test"))
        .unwrap();
    book.set_weight(&start, mv(&start, "h4"), 0).unwrap();

    let (text, report) = tree::export_pgn(&book, start, None, &[]);
    assert_eq!(report.transpositions, 1);
    assert!(
        text.contains("{transposes to 1. d4 Nf6 2. c4 e6}")
            || text.contains("{transposes to 1. c4 e6 2. d4 Nf6}"),
        "{text}"
    );
    assert!(
        text.contains("1. e4 {weight=6 (60%), 6 games +2 =2 -2: W 33% D 33% L 33% ; best by test}"),
        "{text}"
    );
    // Every move of every variation, replayed, is the book: weights, results, comments.
    let mut back = read_pgn_tree(&text);
    back.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    assert_eq!(back, book_tree(&book));
    assert_eq!(report.moves, back.len());
    assert_eq!(report.positions, book.scan().len());
    // The crate's PGN reader (which skips variations) reads the main line: the heaviest.
    let game = huo_chess::pgn::parse_game(&text).unwrap();
    let main: Vec<String> = game.moves.iter().map(|m| m.uci()).collect();
    assert_eq!(main[..4], ["e2e4", "e7e5", "g1f3", "b8c6"]);
    let mut pos = start;
    for m in &game.moves {
        let heaviest = book.pick(&pos, PickMode::Best, 0).unwrap().0;
        assert_eq!(*m, heaviest);
        pos.play(*m);
    }
    assert!(
        book.lookup(&pos).is_none(),
        "the main line goes to the end of the book"
    );
}

#[test]
fn dump_prints_lines_and_marks_transpositions() {
    use huo_chess::book::tree;
    let dir = tempdir("dump");
    let book = Book::open(&*dir);
    for line in [
        "e4 e5 Nf3 Nc6 Bb5",
        "e4 e5 Nf3 Nc6 Bc4",
        "Nf3 d5 d4 Nf6",
        "d4 d5 Nf3 Nf6 c4",
        "d4 d5 c4",
    ] {
        let mut pos = Position::startpos();
        for m in line.split_whitespace() {
            let m = mv(&pos, m);
            book.record(&pos, m, 1).unwrap();
            pos.play(m);
        }
    }
    let (lines, r) = tree::dump(&book, Position::startpos(), None);
    assert_eq!(
        lines,
        [
            "1. d4 d5 2. c4",
            "1. d4 d5 2. Nf3 Nf6 3. c4",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5",
            "1. e4 e5 2. Nf3 Nc6 3. Bc4",
            "1. Nf3 d5 2. d4  = 1. d4 d5 2. Nf3",
        ]
    );
    assert_eq!((r.positions, r.transpositions, r.cut), (11, 1, 0));
    let (lines, r) = tree::dump(&book, Position::startpos(), Some(2));
    assert_eq!(lines, ["1. d4 d5  ...", "1. e4 e5  ...", "1. Nf3 d5  ..."]);
    assert_eq!(r.cut, 3);
    // From another position, Black to move.
    let (lines, _) = tree::dump(&book, after("e4 e5 Nf3"), None);
    assert_eq!(lines, ["2... Nc6 3. Bb5", "2... Nc6 3. Bc4"]);
}

#[test]
fn merge_sums_or_maxes_weights_and_keeps_comments_and_fields() {
    use huo_chess::book::{WeightMerge, merge};
    let dir = tempdir("merge");
    let start = Position::startpos();
    let write = |name: &str, text: &str| {
        let p = dir.join(name).join("46/463b96181691fc9c.txt");
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    let fen = "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    write(
        "a",
        &format!("# mine\n{fen}\ne2e4 weight=5 games=4 w=2 d=1 l=1 ; main\nd2d4 weight=1\n"),
    );
    write(
        "b",
        &format!(
            "# theirs\n{fen}\ne2e4 weight=3 games=2 w=1 l=1 eco=B00 ; other\n\
             c2c4 weight=2 ; English\nd2d4 weight=4 source=them\n"
        ),
    );
    // b's position after 1. e4 (a has none).
    let e4 = after("e4");
    Book::open(dir.join("b"))
        .record(&e4, mv(&e4, "c5"), 7)
        .unwrap();
    let a = Book::open(dir.join("a"));
    let opts = Default::default();
    let r = merge::merge(
        &a,
        &merge::Source::Dir(&dir.join("b")),
        WeightMerge::Sum,
        &opts,
    )
    .unwrap();
    assert_eq!((r.positions, r.moves, r.written), (2, 4, 2));
    assert!(r.problems.is_empty());
    let text = std::fs::read_to_string(dir.join("a/46/463b96181691fc9c.txt")).unwrap();
    assert!(text.contains("# mine\n# theirs\nfen "), "{text}");
    assert!(
        text.ends_with(
            "e2e4 weight=8 games=6 w=3 d=1 l=2 eco=B00 ; main\n\
             d2d4 weight=5 source=them\nc2c4 weight=2 ; English\n"
        ),
        "{text}"
    );
    assert_eq!(a.lookup(&e4).unwrap().moves[0].weight, 7);
    // --weights max, into a fresh copy of a.
    write(
        "c",
        &format!("{fen}\ne2e4 weight=5 games=4 w=2 d=1 l=1 ; main\nd2d4 weight=1\n"),
    );
    let c = Book::open(dir.join("c"));
    merge::merge(
        &c,
        &merge::Source::Dir(&dir.join("b")),
        WeightMerge::Max,
        &opts,
    )
    .unwrap();
    assert_eq!(
        weights(&c.lookup(&start).unwrap().moves),
        [
            ("e2e4".to_string(), 5),
            ("d2d4".into(), 4),
            ("c2c4".into(), 2)
        ]
    );
    // A .bin, the built-in book; a book into itself is refused.
    let d = Book::open(dir.join("d"));
    let r = merge::merge(
        &d,
        &merge::Source::parse(data("polyglot-ten.bin").to_str().unwrap()),
        WeightMerge::Sum,
        &opts,
    )
    .unwrap();
    assert_eq!((r.moves, r.polyglot.unwrap().unreached), (56, 0));
    let e = Book::open(dir.join("e"));
    merge::merge(
        &e,
        &merge::Source::parse("builtin"),
        WeightMerge::Sum,
        &opts,
    )
    .unwrap();
    let builtin: Vec<_> = Book::embedded()
        .scan()
        .into_iter()
        .map(|f| (f.key, f.moves))
        .collect();
    let copy: Vec<_> = e.scan().into_iter().map(|f| (f.key, f.moves)).collect();
    assert_eq!(copy, builtin);
    let err = merge::merge(
        &a,
        &merge::Source::Dir(&dir.join("a")),
        WeightMerge::Sum,
        &opts,
    )
    .unwrap_err();
    assert!(err.to_string().contains("is this book"), "{err}");
    // A broken file of the other book: its valid moves merge, its problem is named.
    write("f", &format!("{fen}\ne2e4 weight=2\ne2e5 weight=1\n"));
    let g = Book::open(dir.join("g"));
    let r = merge::merge(
        &g,
        &merge::Source::Dir(&dir.join("f")),
        WeightMerge::Sum,
        &opts,
    )
    .unwrap();
    assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
    assert!(
        r.problems[0].contains("463b96181691fc9c.txt:3:"),
        "{:?}",
        r.problems
    );
    assert_eq!(
        weights(&g.lookup(&start).unwrap().moves),
        [("e2e4".to_string(), 2)]
    );
}

#[test]
fn malformed_inputs_are_reported_and_nothing_in_the_book_is_lost() {
    use huo_chess::book::{WeightMerge, merge};
    let dir = tempdir("malformed");
    let start = Position::startpos();
    let path = dir.join("book/46/463b96181691fc9c.txt");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(
        &path,
        "# my notes on the start\nfen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n\
         e2e4 weight=4 eco=C20 source=me ; king's pawn\nd2d4 weight=2 mood=solid\n",
    )
    .unwrap();
    let book = Book::open(dir.join("book"));
    // A PGN with bad games between good ones: a bad FEN tag, an illegal move, a comment
    // never closed (the last game), and bytes that are not UTF-8.
    let mut pgn = b"[Event \"ok\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n\
        [Event \"badfen\"]\n[FEN \"8/8/8 w\"]\n\n1. e4 *\n\n\
        [Event \"illegal\"]\n\n1. e4 e5 2. Bb5 Bxb5 *\n\n\
        [Event \"bytes\"]\n\n1. d4 \xff\xfe d5 *\n\n\
        [Event \"ok2\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n\n\
        [Event \"open\"]\n\n1. e4 { never closed\n"
        .to_vec();
    pgn.extend_from_slice(b"\n");
    let r = import::import_pgn(&book, &pgn[..], &Default::default(), |_| {}).unwrap();
    assert_eq!(r.games, 2);
    let bad: Vec<(usize, usize)> = r.bad_games.iter().map(|e| (e.game, e.line)).collect();
    assert_eq!(
        bad,
        [(2, 9), (3, 13), (4, 17), (6, 27)],
        "{:?}",
        r.bad_games
    );
    assert!(
        r.bad_games[0].message.contains("bad FEN tag"),
        "{:?}",
        r.bad_games
    );
    assert!(
        r.bad_games[1].message.contains("move 2... Bxb5"),
        "{:?}",
        r.bad_games
    );
    assert!(
        r.bad_games[3].message.contains("never closed"),
        "{:?}",
        r.bad_games
    );
    // The hand-written moves keep their fields, comment and notes; the games are added.
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("# my notes on the start\n"), "{text}");
    assert!(
        text.contains("\ne2e4 weight=5 eco=C20 source=me games=1 w=1 d=0 l=0 ; king's pawn\n"),
        "{text}"
    );
    assert!(
        text.contains("\nd2d4 weight=3 mood=solid games=1 w=0 d=0 l=1\n"),
        "{text}"
    );
    // A .bin with an illegal move and a truncated tail: counted and reported, the rest
    // imported, the file still intact.
    let mut bin = Vec::new();
    for (key, mv, weight) in [
        (
            start.key(),
            polyglot::encode_move(&start, mv(&start, "c4")),
            3u16,
        ),
        (start.key(), 4 << 9 | 1 << 6 | 4 << 3 | 4, 9), // e2e5: no such move
    ] {
        bin.extend_from_slice(&key.to_be_bytes());
        bin.extend_from_slice(&mv.to_be_bytes());
        bin.extend_from_slice(&weight.to_be_bytes());
        bin.extend_from_slice(&0u32.to_be_bytes());
    }
    bin.extend_from_slice(&[1, 2, 3]);
    let src = dir.join("small.bin");
    std::fs::write(&src, &bin).unwrap();
    let r = polyglot::import(&book, &src).unwrap();
    assert_eq!((r.entries, r.moves, r.bad_moves), (2, 1, 1));
    assert!(
        r.warnings[0].contains("small.bin: 35 bytes"),
        "{:?}",
        r.warnings
    );
    let e = book.lookup(&start).unwrap();
    assert!(e.warnings.is_empty(), "{:?}", e.warnings);
    assert_eq!(
        weights(&e.moves),
        [
            ("e2e4".to_string(), 5),
            ("c2c4".into(), 3),
            ("d2d4".into(), 3)
        ]
    );
    // Merging a book with a malformed file: its good lines are merged, the bad one named.
    let other = dir.join("other/46/463b96181691fc9c.txt");
    std::fs::create_dir_all(other.parent().unwrap()).unwrap();
    std::fs::write(
        &other,
        "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n\
         e2e4 weight=1 w=x\ng1f3 weight=2 new=field\n",
    )
    .unwrap();
    let r = merge::merge(
        &book,
        &merge::Source::Dir(&dir.join("other")),
        WeightMerge::Sum,
        &Default::default(),
    )
    .unwrap();
    assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
    assert!(
        r.problems[0]
            .ends_with("463b96181691fc9c.txt:2: w 'x' is not a whole number (a count of games)")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\ng1f3 weight=2 new=field\n"), "{text}");
    assert!(text.contains("\ne2e4 weight=5 eco=C20 source=me"), "{text}");
    // Nothing was lost on the way: every file of the book is clean.
    for f in book.scan() {
        assert!(f.problems.is_empty(), "{:?}", f.problems);
    }
}

/// Writes a large PGN for timing `import-pgn` against `polyglot make-book` (not a test):
/// `HUO_PGN_OUT=big.pgn HUO_PGN_GAMES=100000 cargo test --release --test book -- --ignored
/// write_a_large_pgn`. Each game follows the built-in book (weighted) while it can, then
/// random legal moves, up to 80 plies, with a random result.
#[test]
#[ignore]
fn write_a_large_pgn() {
    use std::io::Write;
    let Some(out) = std::env::var_os("HUO_PGN_OUT") else {
        return;
    };
    let n: usize = std::env::var("HUO_PGN_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let books = Books::new(None, LayerPolicy::BuiltInOnly);
    let mut rng = huo_chess::util::rng::Rng::new(2024);
    let mut file = std::io::BufWriter::new(std::fs::File::create(out).unwrap());
    for i in 0..n {
        let mut game = Game::new();
        let mut in_book = true;
        for _ in 0..80 {
            if game.outcome().is_some() {
                break;
            }
            let pos = *game.position();
            let book_move = in_book
                .then(|| books.pick(&pos, PickMode::Weighted, rng.next_u64()))
                .flatten();
            let m = match book_move {
                Some(p) => p.mv,
                None => {
                    in_book = false;
                    let moves = pos.legal_moves();
                    moves[(rng.next_u64() % moves.len() as u64) as usize]
                }
            };
            game.play(m).unwrap();
        }
        let result = ["1-0", "0-1", "1/2-1/2"][(rng.next_u64() % 3) as usize];
        let headers = vec![
            ("Event".to_string(), format!("Timing {i}")),
            ("Result".to_string(), result.to_string()),
        ];
        file.write_all(huo_chess::pgn::write_game(&game, &headers, Some(result)).as_bytes())
            .unwrap();
    }
}

#[test]
fn pgn_import_in_bounded_memory_gives_the_same_book() {
    use huo_chess::book::WeightPolicy;
    let pgn = std::fs::read_to_string(data("polyglot-ten.pgn")).unwrap();
    let dir = tempdir("flush");
    for policy in [WeightPolicy::Games, WeightPolicy::WinRate] {
        let whole = Book::open(dir.join(format!("whole-{policy:?}")));
        let opts = import::PgnImportOptions {
            weights: policy,
            ..Default::default()
        };
        let r = import::import_pgn(&whole, pgn.as_bytes(), &opts, |_| {}).unwrap();
        assert_eq!(r.flushes, 0);
        let small = Book::open(dir.join(format!("small-{policy:?}")));
        let opts = import::PgnImportOptions {
            weights: policy,
            flush_positions: 7,
            layout: import::Layout::Files,
            ..Default::default()
        };
        let r = import::import_pgn(&small, pgn.as_bytes(), &opts, |_| {}).unwrap();
        assert!(r.flushes >= 10, "{}", r.flushes);
        let packed = Book::open(dir.join(format!("packed-{policy:?}")));
        let opts = import::PgnImportOptions {
            weights: policy,
            layout: import::Layout::Packed,
            ..Default::default()
        };
        let r = import::import_pgn(&packed, pgn.as_bytes(), &opts, |_| {}).unwrap();
        assert!(r.packed && r.flushes == 0);
        let a: Vec<_> = whole.scan().into_iter().map(|f| (f.key, f.moves)).collect();
        let b: Vec<_> = small.scan().into_iter().map(|f| (f.key, f.moves)).collect();
        let c: Vec<_> = packed
            .scan()
            .into_iter()
            .map(|f| (f.key, f.moves))
            .collect();
        assert_eq!(a, c);
        // 89 (position, move) pairs: polyglot make-book counts the same 89 entries before
        // its filter.
        assert_eq!(a.len(), 80);
        assert_eq!(a.iter().map(|(_, m)| m.len()).sum::<usize>(), 89);
        assert_eq!(a, b);
    }
}

/// The book a PGN should give, counted here from games read in full (every move parsed):
/// (key, move) -> (games, wins, draws, losses) for the mover, first `max_ply` moves.
fn expected_counts(pgn: &str, max_ply: usize) -> BTreeMap<(u64, String), [u64; 4]> {
    let mut out = BTreeMap::new();
    for g in huo_chess::pgn::read_games(pgn.as_bytes()).flatten() {
        let mut pos = g.start;
        for &mv in g.moves.iter().take(max_ply) {
            let side = pos.turn();
            let r = import::outcome_for(&g.result, side);
            let c: &mut [u64; 4] = out.entry((pos.key(), mv.uci())).or_default();
            c[0] += 1;
            match r {
                huo_chess::book::results::Outcome::Win => c[1] += 1,
                huo_chess::book::results::Outcome::Draw => c[2] += 1,
                huo_chess::book::results::Outcome::Loss => c[3] += 1,
                huo_chess::book::results::Outcome::Unknown => {}
            }
            pos.play(mv);
        }
    }
    out
}

fn book_counts(book: &Book) -> BTreeMap<(u64, String), [u64; 4]> {
    let mut out = BTreeMap::new();
    for f in book.scan() {
        assert!(f.problems.is_empty(), "{:?}", f.problems);
        for m in &f.moves {
            let r = huo_chess::book::Results::of(m).expect("results fields");
            assert_eq!(m.weight as u64, r.games);
            out.insert(
                (f.key.unwrap(), m.mv.uci()),
                [r.games, r.wins, r.draws, r.losses],
            );
        }
    }
    out
}

#[test]
fn games_longer_than_the_ply_limit_give_the_book_of_the_games_read_in_full() {
    let dir = tempdir("plylimit");
    for name in ["polyglot-ten.pgn", "analysis.pgn"] {
        let pgn = std::fs::read_to_string(data(name)).unwrap();
        for max_ply in [1u32, 8, 20, 1000] {
            let expected = expected_counts(&pgn, max_ply as usize);
            assert!(!expected.is_empty());
            for layout in [import::Layout::Files, import::Layout::Packed] {
                let book = Book::open(dir.join(format!("{name}-{max_ply}-{layout:?}")));
                let opts = import::PgnImportOptions {
                    max_ply,
                    layout,
                    ..Default::default()
                };
                let r = import::import_pgn(&book, pgn.as_bytes(), &opts, |_| {}).unwrap();
                assert!(r.bad_games.is_empty());
                assert_eq!(book_counts(&book), expected, "{name} {max_ply} {layout:?}");
            }
        }
    }
}

#[test]
fn bad_games_are_reported_and_skipped_and_moves_past_the_limit_are_not_read() {
    let pgn = "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n\
               [Result \"0-1\"]\n\n1. e4 Ke7 2. Nf3 0-1\n\n\
               [Result \"1/2-1/2\"]\n\n1. e4 e5 2. Qxf7 Kxf7 1/2-1/2\n\n\
               [Result \"0-1\"]\n\n1. d4 d5 2. Nf3 {unclosed comment\n";
    let dir = tempdir("badgames");
    for layout in [import::Layout::Files, import::Layout::Packed] {
        let book = Book::open(dir.join(format!("{layout:?}")));
        let opts = import::PgnImportOptions {
            max_ply: 2,
            layout,
            ..Default::default()
        };
        let r = import::import_pgn(&book, pgn.as_bytes(), &opts, |_| {}).unwrap();
        // Game 2: Ke7 (ply 2) is illegal: skipped. Game 3: Qxf7 (ply 3) is past the limit:
        // not read, the game counts. Game 4: its text is broken: skipped.
        assert_eq!(r.games, 2, "{layout:?}");
        let bad: Vec<usize> = r.bad_games.iter().map(|e| e.game).collect();
        assert_eq!(bad, vec![2, 4]);
        assert!(r.bad_games[0].message.contains("Ke7"), "{:?}", r.bad_games);
        let start = Position::startpos();
        let e = book.lookup(&start).unwrap();
        assert_eq!(e.moves.len(), 1);
        let res = huo_chess::book::Results::of(&e.moves[0]).unwrap();
        assert_eq!((res.games, res.wins, res.draws, res.losses), (2, 1, 1, 0));
        let after = book.lookup(&start.after(mv(&start, "e4"))).unwrap();
        let res = huo_chess::book::Results::of(&after.moves[0]).unwrap();
        // For Black: 1-0 is a loss, the draw a draw.
        assert_eq!((res.games, res.wins, res.draws, res.losses), (2, 0, 1, 1));
    }
}

#[test]
fn a_packed_position_is_edited_through_its_own_file_which_wins() {
    let dir = tempdir("packedit");
    let book = Book::open(dir.join("book"));
    let start = Position::startpos();
    let e4 = mv(&start, "e4");
    let d4 = mv(&start, "d4");
    // A hand-written file with a comment and a field of its own, before the import.
    let after_e4 = start.after(e4);
    let e5 = mv(&after_e4, "e5");
    book.record(&after_e4, e5, 1).unwrap();
    book.set_comment(&after_e4, e5, Some("the open game"))
        .unwrap();
    let pgn = "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n";
    let opts = import::PgnImportOptions {
        layout: import::Layout::Packed,
        ..Default::default()
    };
    for _ in 0..2 {
        let r = import::import_pgn(&book, pgn.as_bytes(), &opts, |_| {}).unwrap();
        assert!(r.packed);
    }
    assert!(dir.join("book").join(pack::FILE_NAME).exists());
    // Packed: the start position (2 imports of e4 and d4, one game each).
    let e = book.lookup(&start).unwrap();
    assert!(
        e.file
            .ends_with(&format!("packed.book#{:016x}", start.key())),
        "{}",
        e.file
    );
    let weights: Vec<(String, u32)> = e.moves.iter().map(|m| (m.mv.uci(), m.weight)).collect();
    assert_eq!(weights, vec![("d2d4".into(), 2), ("e2e4".into(), 2)]);
    // The hand-written file got the counts and kept its comment; it is not in the pack.
    let e = book.lookup(&after_e4).unwrap();
    assert!(e.file.ends_with(".txt"), "{}", e.file);
    assert_eq!(e.moves[0].weight, 3);
    assert_eq!(e.moves[0].comment.as_deref(), Some("the open game"));
    assert!(
        pack::lookup(&dir.join("book"), after_e4.key())
            .unwrap()
            .is_none()
    );
    // An edit of a packed position writes its file, which wins; the record stays.
    book.set_weight(&start, d4, 7).unwrap();
    let e = book.lookup(&start).unwrap();
    assert!(e.file.ends_with(".txt"), "{}", e.file);
    let weights: Vec<(String, u32)> = e.moves.iter().map(|m| (m.mv.uci(), m.weight)).collect();
    assert_eq!(weights, vec![("d2d4".into(), 7), ("e2e4".into(), 2)]);
    // Removing every move leaves a file without moves (not the packed record back).
    book.remove(&start, d4).unwrap();
    book.remove(&start, e4).unwrap();
    assert!(book.lookup(&start).unwrap().moves.is_empty());
    // The scan sees each position once: the file over the record.
    let files = book.scan();
    let keys: Vec<u64> = files.iter().filter_map(|f| f.key).collect();
    let mut unique = keys.clone();
    unique.dedup();
    assert_eq!(keys, unique);
    assert!(keys.windows(2).all(|w| w[0] < w[1]));
    assert!(files.iter().all(|f| f.problems.is_empty()));
    // 3 positions packed (start, after e4: file; after d4) + the files.
    assert_eq!(files.len(), 3);
}

#[test]
fn a_damaged_pack_is_reported_and_not_replaced() {
    let dir = tempdir("packbad");
    let book = Book::open(dir.join("book"));
    std::fs::create_dir_all(dir.join("book")).unwrap();
    std::fs::write(
        dir.join("book").join(pack::FILE_NAME),
        b"# a pack\n[0000000000000001]\nfen x\nand then nonsense\n[zz]\n",
    )
    .unwrap();
    let start = Position::startpos();
    let e = book.lookup(&start).unwrap();
    assert!(
        e.moves.is_empty() && e.warnings[0].contains("damaged"),
        "{:?}",
        e.warnings
    );
    let files = book.scan();
    assert_eq!(files.len(), 1);
    assert!(files[0].problems[0].contains("damaged"));
    let opts = import::PgnImportOptions {
        layout: import::Layout::Packed,
        ..Default::default()
    };
    let r = import::import_pgn(&book, "1. e4 *\n".as_bytes(), &opts, |_| {});
    assert!(r.is_err());
    let kept = std::fs::read(dir.join("book").join(pack::FILE_NAME)).unwrap();
    assert_eq!(
        kept,
        b"# a pack\n[0000000000000001]\nfen x\nand then nonsense\n[zz]\n"
    );
}
