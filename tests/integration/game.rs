//! A game: moves, undo, and every way a game ends (mate, stalemate, fifty moves,
//! threefold repetition, insufficient material).

use huo_chess::core::{Color, Position};
use huo_chess::game::{Game, Outcome};

fn game_from(fen: &str) -> Game {
    Game::from_position(Position::from_fen(fen).unwrap())
}

fn play_all(game: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        game.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn fools_mate_is_checkmate_for_black() {
    let mut g = Game::new();
    play_all(&mut g, "f2f3 e7e5 g2g4 Qh4#");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    assert_eq!(g.outcome().unwrap().result(), "0-1");
    assert_eq!(g.movetext(), "1. f3 e5 2. g4 Qh4#");
}

#[test]
fn stalemate_is_a_draw() {
    let mut g = game_from("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    assert_eq!(g.outcome(), None);
    play_all(&mut g, "Qf7");
    assert_eq!(g.outcome(), Some(Outcome::Stalemate));
    assert_eq!(g.outcome().unwrap().result(), "1/2-1/2");
}

#[test]
fn threefold_repetition_counts_only_identical_positions() {
    let mut g = Game::new();
    play_all(&mut g, "Nf3 Nf6 Ng1 Ng8");
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
    play_all(&mut g, "Nf3 Nf6 Ng1");
    assert_eq!(g.outcome(), None, "same squares, other side to move");
    play_all(&mut g, "Ng8");
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), Some(Outcome::ThreefoldRepetition));
    // Taking back one move un-ends the game.
    g.undo();
    assert_eq!(g.outcome(), None);
}

#[test]
fn lost_castling_rights_make_a_different_position() {
    let mut g = game_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // The king walks away and back: same squares, but castling rights are gone.
    play_all(&mut g, "Kf1 Kf8 Ke1 Ke8 Kf1 Kf8 Ke1 Ke8");
    assert_eq!(g.repetitions(), 2, "the start position had castling rights");
    assert_eq!(g.outcome(), None);
    play_all(&mut g, "Kf1 Kf8 Ke1 Ke8");
    assert_eq!(g.outcome(), Some(Outcome::ThreefoldRepetition));
}

#[test]
fn fifty_move_rule() {
    let mut g = game_from("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
    assert_eq!(g.outcome(), None);
    play_all(&mut g, "Ra2");
    assert_eq!(g.outcome(), Some(Outcome::FiftyMoves));
    g.undo();
    play_all(&mut g, "e4");
    assert_eq!(g.outcome(), None, "a pawn move resets the count");
    // Mate on the hundredth half-move is still mate.
    let mut g = game_from("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    play_all(&mut g, "Ra8#");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
}

#[test]
fn insufficient_material() {
    for (fen, dead) in [
        ("8/8/4k3/8/8/3K4/8/8 w - - 0 1", true),
        ("8/8/4k3/8/8/3KN3/8/8 w - - 0 1", true),
        ("8/8/4k3/8/8/3KB3/8/8 w - - 0 1", true),
        ("8/8/3bk3/8/8/3KB3/8/8 w - - 0 1", true), // bishops on the same colour (dark)
        ("8/8/2b1k3/8/8/3KB3/8/8 w - - 0 1", false), // opposite colours: mate possible
        ("8/8/4k3/8/8/2NKN3/8/8 w - - 0 1", false),
        ("8/8/4k3/8/8/3K4/4P3/8 w - - 0 1", false),
        ("8/8/4k3/8/8/2RK4/8/8 w - - 0 1", false),
    ] {
        let g = game_from(fen);
        assert_eq!(
            g.outcome() == Some(Outcome::InsufficientMaterial),
            dead,
            "{fen}"
        );
    }
}

#[test]
fn illegal_moves_change_nothing_and_undo_restores() {
    let mut g = Game::new();
    assert!(g.play_text("e2e5").is_err());
    assert!(g.play_text("Nf6").is_err());
    assert!(g.moves().is_empty());
    play_all(&mut g, "e4 c5 Nf3");
    let before = *g.position();
    play_all(&mut g, "d6");
    assert_eq!(g.undo().map(|m| m.to_string()), Some("d7d6".to_string()));
    assert_eq!(*g.position(), before);
    assert_eq!(g.san_moves(), vec!["e4", "c5", "Nf3"]);
    while g.undo().is_some() {}
    assert_eq!(*g.position(), Position::startpos());
    assert_eq!(g.undo(), None);
}

#[test]
fn en_passant_and_promotion_in_a_game() {
    let mut g = Game::new();
    play_all(&mut g, "e4 a6 e5 d5");
    assert_eq!(
        g.position().ep_square().map(|s| s.to_string()),
        Some("d6".into())
    );
    play_all(&mut g, "exd6");
    assert!(
        g.position().piece_on(huo_chess::Square::D5).is_none(),
        "the d5 pawn is taken"
    );
    play_all(&mut g, "h6 dxc7 h5 cxb8=N");
    assert_eq!(
        g.movetext(),
        "1. e4 a6 2. e5 d5 3. exd6 h6 4. dxc7 h5 5. cxb8=N"
    );
}
