//! FEN, UCI, Huo and SAN notation: strict parsing with precise errors, round trips, and
//! parsers that never panic whatever the input. Also the Polyglot keys.

use crate::common;

use huo_chess::core::{
    FenField, Move, MoveError, Position, Square, notation, parse_coordinates, parse_move,
    parse_san, parse_uci, san,
};
use proptest::prelude::*;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn fen_error(fen: &str) -> (FenField, String) {
    match Position::from_fen(fen) {
        Ok(_) => panic!("accepted invalid FEN {fen}"),
        Err(e) => (e.field, e.to_string()),
    }
}

// ----- FEN -----------------------------------------------------------------------------

#[test]
fn fen_round_trips_on_the_suite() {
    for case in common::perft_suite() {
        let p = pos(&case.fen);
        let again = pos(&p.fen());
        assert_eq!(p, again);
        assert_eq!(p.fen(), again.fen());
    }
    assert_eq!(Position::startpos().fen(), Position::STARTING_FEN);
}

#[test]
fn fen_errors_name_the_field_and_the_reason() {
    use FenField::*;
    let cases: &[(&str, FenField, &str)] = &[
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
            Whole,
            "found 3",
        ),
        ("", Whole, "found 0"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            Placement,
            "8 ranks",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Placement,
            "'9'",
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Placement,
            "7 squares",
        ),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Placement,
            "more than 8",
        ),
        (
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Placement,
            "'x'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w kq - 0 1",
            Placement,
            "White must have exactly one king, found 0",
        ),
        (
            "rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
            Placement,
            "Black must have exactly one king, found 2",
        ),
        (
            "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1",
            Placement,
            "pawn stands on h8",
        ),
        (
            "4k3/pppppppp/p7/8/8/8/PPPPPPPP/4K3 w - - 0 1",
            Placement,
            "Black has 9 pawns: a side has at most 8",
        ),
        (
            "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
            Placement,
            "White has 9 pawns",
        ),
        (
            "4k3/8/8/8/8/Q7/PPPPPPPP/RNBQKBNR w KQ - 0 1",
            Placement,
            "White has 17 pieces (pawns included): a side has at most 16",
        ),
        (
            "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1",
            Placement,
            "White has 2 queens, 0 rooks, 0 bishops and 0 knights: 1 of them beyond the starting \
             set must be promoted pawns, but with 8 pawns on the board only 0 can have promoted",
        ),
        (
            "nnnbbbk1/1ppppppp/8/8/8/8/8/4K3 w - - 0 1",
            Placement,
            "Black has 0 queens, 0 rooks, 3 bishops and 3 knights: 2 of them",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            SideToMove,
            "'x'",
        ),
        (
            "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
            SideToMove,
            "black king is in check",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
            Castling,
            "'x'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1",
            Castling,
            "twice",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w K - 0 1",
            Placement,
            "White must have exactly one king",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w K - 0 1",
            Castling,
            "white rook on h1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w Q - 0 1",
            Castling,
            "white king on e1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1",
            EnPassant,
            "rank 3",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
            EnPassant,
            "no white pawn on e4",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq z9 0 1",
            EnPassant,
            "'z9'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            HalfmoveClock,
            "'x'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
            HalfmoveClock,
            "'-1'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one",
            FullmoveNumber,
            "'one'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            FullmoveNumber,
            "found 0",
        ),
    ];
    for &(fen, field, reason) in cases {
        let (got_field, message) = fen_error(fen);
        assert_eq!(got_field, field, "{fen}: {message}");
        assert!(
            message.contains(reason),
            "{fen}: '{message}' lacks '{reason}'"
        );
        assert!(message.contains(field.describe()), "{message}");
    }
}

#[test]
fn san_capture_beside_an_en_passant_square_is_not_ambiguous() {
    // g4xf5 takes the pawn that just came to f5; e5xf6 takes it en passant (its victim
    // square is f5 too, but its destination is f6).
    let p = pos("4k3/8/8/4Pp2/6P1/8/8/4K3 w - f6 0 2");
    assert_eq!(parse_san(&p, "gxf5").unwrap().uci(), "g4f5");
    assert_eq!(parse_san(&p, "exf6").unwrap().uci(), "e5f6");
    assert_eq!(parse_move(&p, "gxf5").unwrap().uci(), "g4f5");
}

/// SAN of a piece (N, B, R, Q) names every legal move of that kind to the square, with the
/// file or rank given: one is read, several are ambiguous, none is an error (positions of
/// random games, with pins and checks, and the perft suite's).
#[test]
fn san_piece_moves_resolve_as_the_legal_moves_say() {
    let mut positions = common::random_positions(4, 60, 11);
    positions.extend(common::perft_suite().iter().map(|c| pos(&c.fen)));
    for p in &positions {
        let legal = p.legal_moves();
        for letter in ["N", "B", "R", "Q"] {
            for to in 0..64 {
                let to = Square::from_index(to);
                for from_hint in ["", "a", "d", "h", "1", "4", "8"] {
                    let text = format!("{letter}{from_hint}{to}");
                    let expected: Vec<Move> = legal
                        .iter()
                        .copied()
                        .filter(|m| {
                            m.to() == to
                                && p.piece_on(m.from())
                                    .map(|pc| pc.role.upper_char().to_string())
                                    == Some(letter.to_string())
                                && (from_hint.is_empty()
                                    || m.from().to_string().contains(from_hint))
                        })
                        .collect();
                    match (parse_san(p, &text), expected.len()) {
                        (Ok(m), 1) => assert_eq!(m, expected[0], "{p:?} {text}"),
                        (Err(MoveError::Ambiguous { .. }), n) if n > 1 => {}
                        (Err(MoveError::Illegal { .. }), 0) => {}
                        (got, n) => panic!("{p:?} {text}: {got:?} for {n} legal moves"),
                    }
                }
            }
        }
    }
}

#[test]
fn fen_material_at_the_limit_of_what_promotions_explain_is_accepted() {
    for fen in [
        // Eight promotions and no pawn left: nine queens.
        "kn6/pp6/8/8/8/8/QQQQQQQQ/Q3K3 w - - 0 1",
        // Two promotions (a queen, a knight), six pawns.
        "4k3/8/8/8/8/8/2PPPPPP/QQ1NKNN1 w - - 0 1",
        // Three bishops, three knights and six pawns (black).
        "nnnbbbk1/2pppppp/8/8/8/8/8/4K3 w - - 0 1",
        // Sixteen pieces, all explained.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPP2/RNBQKBNR w KQkq - 0 1",
    ] {
        pos(fen);
    }
}

#[test]
fn every_fen_in_the_test_data_is_accepted() {
    let suite = common::perft_suite();
    assert_eq!(suite.len(), 74);
    for case in &suite {
        pos(&case.fen);
    }
    let keys = include_str!("../data/polyglot_keys.txt");
    for line in keys.lines().filter(|l| !l.starts_with('#')) {
        pos(line.split_once(" ; ").unwrap().0);
    }
    // Positions reached by playing legal moves are always accepted.
    for p in common::random_positions(2, 120, 11) {
        assert_eq!(pos(&p.fen()), p);
    }
}

#[test]
fn fen_en_passant_square_is_kept_only_when_a_capture_is_possible() {
    // After 1.e4 no black pawn can take on e3: the square is dropped (Polyglot rule).
    let p = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(p.ep_square(), None);
    assert_eq!(
        p.epd(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"
    );
    let p = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    assert_eq!(p.ep_square(), Some(Square::F6));
    assert!(p.fen().contains(" f6 "));
    // The clocks may be left out.
    assert_eq!(pos("8/8/8/8/8/8/8/K6k w - -").fullmove_number(), 1);
}

// ----- Polyglot keys -----------------------------------------------------------------------

#[test]
fn polyglot_keys_of_the_published_test_positions() {
    let cases = [
        ("", 0x463b96181691fc9c_u64),
        ("e2e4", 0x823c9b50fd114196),
        ("e2e4 d7d5", 0x0756b94461c50fb0),
        ("e2e4 d7d5 e4e5", 0x662fafb965db29d4),
        ("e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78),
        ("e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1),
        ("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9),
        ("a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637),
        ("a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560),
    ];
    for (moves, key) in cases {
        let mut p = Position::startpos();
        for m in moves.split_whitespace() {
            p.play(parse_uci(&p, m).unwrap());
        }
        assert_eq!(p.key(), key, "after '{moves}'");
        assert_eq!(pos(&p.fen()).key(), key, "from FEN after '{moves}'");
    }
}

#[test]
fn polyglot_keys_agree_with_python_chess_on_a_thousand_positions() {
    let data = include_str!("../data/polyglot_keys.txt");
    let mut n = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let (fen, key) = line.split_once(" ; ").unwrap();
        let key = u64::from_str_radix(key.trim(), 16).unwrap();
        assert_eq!(pos(fen).key(), key, "{fen}");
        n += 1;
    }
    assert_eq!(n, 1000);
}

// ----- UCI and Huo coordinates -----------------------------------------------------------

#[test]
fn coordinate_forms_of_the_huo_player() {
    let p = Position::startpos();
    let c4 = Move::new(Square::C2, Square::C4, None);
    for text in ["c2c4", "C2C4", "c2-c4", "c2 c4", " c2c4 ", "C2-C4"] {
        assert_eq!(parse_coordinates(&p, text), Ok(c4), "{text}");
        assert_eq!(parse_move(&p, text), Ok(c4), "{text}");
    }
    assert_eq!(parse_uci(&p, "c2c4"), Ok(c4));
    assert!(matches!(
        parse_uci(&p, "C2C4"),
        Err(MoveError::Malformed { .. })
    ));
    assert_eq!(notation::huo(c4), "c2 -> c4");
}

#[test]
fn coordinate_errors_say_what_is_wrong() {
    let p = Position::startpos();
    let err = |t: &str| parse_move(&p, t).unwrap_err().to_string();
    assert!(err("e2e5").contains("the pawn on e2 cannot go to e5"));
    assert!(err("e3e4").contains("no piece on e3"));
    assert!(err("e7e5").contains("not yours"));
    assert!(err("e2e9").contains("not a move"));
    assert!(matches!(
        parse_move(&p, ""),
        Err(MoveError::Malformed { .. })
    ));
    // A promotion needs its piece; with it every form works.
    let q = pos("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1");
    assert!(matches!(
        parse_move(&q, "e7e8"),
        Err(MoveError::MissingPromotion { .. })
    ));
    for (text, promo) in [
        ("e7e8q", "q"),
        ("e7e8=N", "n"),
        ("E7-E8 R", "r"),
        ("e7e8b", "b"),
    ] {
        assert_eq!(
            parse_move(&q, text).unwrap().to_string(),
            format!("e7e8{promo}")
        );
    }
    assert!(parse_move(&q, "e7e8k").is_err());
    assert!(
        parse_uci(&q, "e7e8Q").is_err(),
        "UCI promotions are lower case"
    );
}

// ----- SAN -------------------------------------------------------------------------------

#[test]
fn san_examples() {
    let cases = [
        (Position::STARTING_FEN, "g1f3", "Nf3"),
        (
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            "e4d5",
            "exd5",
        ),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"),
        ("5k2/3P4/8/8/8/8/8/4K3 w - - 0 1", "d7d8q", "d8=Q+"),
        ("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q", "bxa8=Q+"),
        ("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1", "b1c3", "Nbc3"),
        ("4k3/8/8/8/8/R7/8/R3K3 w - - 0 1", "a1a2", "R1a2"),
        ("7k/8/8/8/2Q1Q3/8/2Q5/4K3 w - - 0 1", "c4d3", "Qc4d3"),
        ("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8#"),
        (
            "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
            "d8h4",
            "Qh4#",
        ),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"),
    ];
    for (fen, uci, expected) in cases {
        let p = pos(fen);
        let mv = parse_uci(&p, uci).unwrap();
        assert_eq!(san(&p, mv), expected, "{fen} {uci}");
        assert_eq!(parse_san(&p, expected), Ok(mv), "{fen} {expected}");
    }
}

#[test]
fn san_reading_is_tolerant_of_common_variants() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let long = parse_uci(&p, "e1c1").unwrap();
    for text in ["O-O-O", "0-0-0", "O-O-O+", "o-o-o"] {
        assert_eq!(parse_san(&p, text), Ok(long), "{text}");
    }
    let q = pos("5k2/3P4/8/8/8/8/8/4K3 w - - 0 1");
    let d8q = parse_uci(&q, "d7d8q").unwrap();
    for text in ["d8=Q", "d8Q", "d8=Q+", "d8q"] {
        assert_eq!(parse_san(&q, text), Ok(d8q), "{text}");
    }
    let s = Position::startpos();
    assert_eq!(parse_san(&s, "Nf3!?").unwrap().to_string(), "g1f3");
    assert_eq!(parse_san(&s, "Ng1f3").unwrap().to_string(), "g1f3");
}

#[test]
fn san_errors_are_distinct() {
    let p = pos("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1");
    assert!(matches!(
        parse_san(&p, "Nc3"),
        Err(MoveError::Ambiguous { .. })
    ));
    let msg = parse_san(&p, "Nc3").unwrap_err().to_string();
    assert!(msg.contains("Nbc3") && msg.contains("Ndc3"), "{msg}");
    assert!(matches!(
        parse_san(&p, "Nc5"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        parse_san(&p, "Qd4"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        parse_san(&p, "O-O"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        parse_san(&p, "Zf3"),
        Err(MoveError::Malformed { .. })
    ));
    assert!(matches!(
        parse_san(&p, "N"),
        Err(MoveError::Malformed { .. })
    ));
    assert!(matches!(
        parse_san(&p, "Nz9"),
        Err(MoveError::Malformed { .. })
    ));
    let q = pos("5k2/3P4/8/8/8/8/8/4K3 w - - 0 1");
    assert!(matches!(
        parse_san(&q, "d8"),
        Err(MoveError::MissingPromotion { .. })
    ));
    let check = pos("4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1");
    assert!(
        parse_san(&check, "O-O-O")
            .unwrap_err()
            .to_string()
            .contains("out of check")
    );
}

#[test]
fn every_move_round_trips_through_san_and_uci() {
    for p in common::random_positions(4, 60, 7) {
        for &mv in p.legal_moves().iter() {
            let text = san(&p, mv);
            assert_eq!(parse_san(&p, &text), Ok(mv), "{} {text}", p.fen());
            assert_eq!(parse_move(&p, &text), Ok(mv), "{} {text}", p.fen());
            assert_eq!(parse_uci(&p, &mv.to_string()), Ok(mv), "{} {mv}", p.fen());
            assert_eq!(Move::from_u16(mv.to_u16()), Some(mv));
        }
    }
}

// ----- Nothing panics, and what comes out is right --------------------------------------------

const FEN_ALPHABET: &str = "pnbrqkPNBRQK12345678/ wb-KQkqa-h0123456789";

/// What every move parser promises: a legal move, written in UCI it reads back as itself;
/// or an error whose message quotes the text.
fn check_move_result(
    p: &Position,
    s: &str,
    parsed: Result<Move, MoveError>,
) -> Result<(), TestCaseError> {
    match parsed {
        Ok(mv) => {
            prop_assert!(p.is_legal(mv), "'{}' gave illegal {} in {}", s, mv, p.fen());
            prop_assert_eq!(parse_uci(p, &mv.to_string()), Ok(mv));
            prop_assert_eq!(parse_move(p, &san(p, mv)), Ok(mv));
        }
        Err(e) => {
            let message = e.to_string();
            let quoted = |t: &str| message.contains(&format!("'{t}'"));
            prop_assert!(
                quoted(s) || quoted(s.trim()),
                "'{}' is not quoted in '{}'",
                s,
                message
            );
        }
    }
    Ok(())
}

/// What the FEN reader promises: an accepted position writes back to a FEN that reads as
/// the same position; a refusal names the field at fault.
fn check_fen_result(s: &str) -> Result<(), TestCaseError> {
    match Position::from_fen(s) {
        Ok(p) => {
            prop_assert_eq!(Position::from_fen(&p.fen()), Ok(p));
            // The position is one the rules can play on: each generated move is legal and
            // leads to a position that also writes and reads back as itself.
            for &mv in p.legal_moves().iter() {
                prop_assert!(p.is_legal(mv), "{} in {}", mv, s);
                let next = p.after(mv);
                prop_assert_eq!(Position::from_fen(&next.fen()), Ok(next));
            }
        }
        Err(e) => {
            let message = e.to_string();
            prop_assert!(message.starts_with("invalid FEN, "), "{}", message);
            prop_assert!(message.contains(e.field.describe()), "{}", message);
            prop_assert!(!e.reason.trim().is_empty(), "{}: no reason", s);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn parsers_never_panic_on_arbitrary_strings(s in "\\PC{0,40}") {
        let p = Position::startpos();
        check_fen_result(&s)?;
        check_move_result(&p, &s, parse_move(&p, &s))?;
        check_move_result(&p, &s, parse_san(&p, &s))?;
        check_move_result(&p, &s, parse_uci(&p, &s))?;
        check_move_result(&p, &s, parse_coordinates(&p, &s))?;
    }

    #[test]
    fn move_parsers_never_panic_on_move_like_strings(
        s in "[a-hA-H1-8NBRQKOo0xX=+#-]{0,8}|[a-h][1-8][- x]?[a-h][1-8][=qrbnQRBN]{0,2}|[NBRQK]?[a-h1-8]?x?[a-h][1-8][+#]?"
    ) {
        for fen in [Position::STARTING_FEN, "r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1"] {
            let p = Position::from_fen(fen).unwrap();
            check_move_result(&p, &s, parse_move(&p, &s))?;
            check_move_result(&p, &s, parse_san(&p, &s))?;
            check_move_result(&p, &s, parse_coordinates(&p, &s))?;
        }
    }

    #[test]
    fn fen_parser_never_panics_on_fen_like_strings(
        chars in proptest::collection::vec(proptest::sample::select(FEN_ALPHABET.chars().collect::<Vec<_>>()), 0..80)
    ) {
        let s: String = chars.into_iter().collect();
        check_fen_result(&s)?;
    }

    #[test]
    fn mutated_valid_fens_never_panic(index in 0usize..74, pos_in in 0usize..100, c in proptest::sample::select(FEN_ALPHABET.chars().collect::<Vec<_>>())) {
        let suite = common::perft_suite();
        let mut fen: Vec<char> = suite[index].fen.chars().collect();
        let at = pos_in % fen.len();
        fen[at] = c;
        let s: String = fen.into_iter().collect();
        check_fen_result(&s)?;
    }
}

/// A line of moves in SAN, each move in the position the ones before lead to, stops at the
/// first move that does not fit; as movetext, White's moves carry their number and so does
/// a first move by Black.
#[test]
fn a_line_is_written_in_san_and_numbered_as_a_score_sheet_does() {
    let p = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let mut q = p;
    let mut line = Vec::new();
    for m in ["c5", "Nf3", "d6", "d4"] {
        let mv = parse_move(&q, m).unwrap();
        line.push(mv);
        q.play(mv);
    }
    assert_eq!(notation::san_line(&p, &line), ["c5", "Nf3", "d6", "d4"]);
    assert_eq!(
        notation::san_movetext(&p, &line),
        ["1... c5", "2. Nf3", "d6", "3. d4"]
    );
    let from_white = p.after(line[0]);
    assert_eq!(
        notation::san_movetext(&from_white, &line[1..]),
        ["2. Nf3", "d6", "3. d4"]
    );
    // c7-c5 a second time does not fit: the line ends before it.
    line.insert(2, line[0]);
    assert_eq!(notation::san_movetext(&p, &line), ["1... c5", "2. Nf3"]);
}

#[test]
fn a_character_outside_ascii_is_named_with_its_place() {
    let pos = Position::startpos();
    for (typed, said) in [
        (
            "e4\u{200b}",
            "character 3 is an invisible character (U+200B)",
        ),
        ("N\u{0441}3", "character 2 is 'с' (U+0441)"),
        ("\u{0435}4", "character 1 is 'е' (U+0435)"),
    ] {
        let e = parse_move(&pos, typed).unwrap_err().to_string();
        assert!(e.contains(said), "{typed:?}: {e}");
    }
}
