//! Differential test of the move generator against cozy-chess, an independent MIT-licensed
//! generator: over many thousands of positions reached by random playouts from the perft
//! suite, both must agree on the set of legal moves, on check, checkmate and stalemate, and
//! on the position reached after each move.

use crate::common;

use huo_chess::core::{Color, Position};
use std::collections::BTreeSet;

/// cozy-chess plays castling as "king takes own rook"; its UCI display gives the king's step.
fn cozy_moves(board: &cozy_chess::Board) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    board.generate_moves(|moves| {
        for mv in moves {
            out.insert(cozy_chess::util::display_uci_move(board, mv).to_string());
        }
        false
    });
    out
}

/// The FEN fields both libraries write the same way: placement, side, castling, clocks.
fn comparable_fen(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    format!("{} {} {} {} {}", f[0], f[1], f[2], f[4], f[5])
}

#[test]
fn legal_moves_and_verdicts_agree_with_cozy_chess() {
    let positions = common::random_positions(40, 80, 0x5EED_CAFE);
    assert!(
        positions.len() > 50_000,
        "only {} positions",
        positions.len()
    );
    let mut mismatches = Vec::new();
    for (i, pos) in positions.iter().enumerate() {
        let board: cozy_chess::Board = match pos.fen().parse() {
            Ok(b) => b,
            Err(e) => panic!("cozy-chess rejects our FEN {}: {e:?}", pos.fen()),
        };
        let ours: BTreeSet<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        let theirs = cozy_moves(&board);
        if ours != theirs {
            mismatches.push(format!(
                "{}: only ours {:?}, only cozy {:?}",
                pos.fen(),
                ours.difference(&theirs).collect::<Vec<_>>(),
                theirs.difference(&ours).collect::<Vec<_>>()
            ));
            continue;
        }
        let cozy_check = !board.checkers().is_empty();
        let cozy_moves_exist = !theirs.is_empty();
        if pos.in_check() != cozy_check
            || pos.is_checkmate() != (cozy_check && !cozy_moves_exist)
            || pos.is_stalemate() != (!cozy_check && !cozy_moves_exist)
            || pos.count_legal_moves() != theirs.len()
        {
            mismatches.push(format!(
                "{}: check/mate/stalemate verdicts differ",
                pos.fen()
            ));
        }
        // Playing each move gives the same position in both libraries.
        for &mv in pos.legal_moves().iter() {
            let after = pos.after(mv);
            let mut cozy_after = board.clone();
            let cozy_mv = cozy_chess::util::parse_uci_move(&board, &mv.to_string()).unwrap();
            cozy_after.play(cozy_mv);
            // SAN (with its disambiguation and check marks) on every fourth position.
            if i % 4 == 0 {
                let cozy_san = cozy_chess::util::display_san_move(&board, cozy_mv).to_string();
                let our_san = huo_chess::core::san(pos, mv);
                if our_san != cozy_san {
                    mismatches.push(format!(
                        "{}: {mv} is {our_san} for us, {cozy_san} for cozy",
                        pos.fen()
                    ));
                }
            }
            if comparable_fen(&after.fen()) != comparable_fen(&cozy_after.to_string()) {
                mismatches.push(format!(
                    "{} after {mv}: {} vs {}",
                    pos.fen(),
                    after.fen(),
                    cozy_after
                ));
            }
        }
        if mismatches.len() > 20 {
            break;
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}

#[test]
fn incremental_key_equals_key_from_scratch() {
    for pos in common::random_positions(10, 80, 42) {
        let fresh = Position::from_fen(&pos.fen()).unwrap();
        assert_eq!(pos.key(), fresh.key(), "{}", pos.fen());
        assert_eq!(pos.pawn_key(), fresh.pawn_key(), "{}", pos.fen());
        for color in [Color::White, Color::Black] {
            assert_eq!(
                pos.piece_key(color),
                fresh.piece_key(color),
                "{}",
                pos.fen()
            );
        }
        assert_eq!(pos, fresh, "FEN round trip changes {}", pos.fen());
    }
}
