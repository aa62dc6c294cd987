//! The rules of chess: board, pieces, moves, legal move generation, Zobrist keys and the
//! notations moves and positions are written in. Everything else in Huo Chess builds on this.

pub mod attacks;
pub mod bitboard;
pub mod castling;
pub mod movegen;
pub mod moves;
pub mod notation;
mod polyglot_random;
pub mod position;
pub mod typed;
pub mod types;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use castling::CastlingRights;
pub use movegen::{CheckSquares, PieceMoves, perft, perft_divide};
pub use moves::{Move, MoveList};
pub use notation::{
    MoveError, huo, parse_coordinates, parse_move, parse_san, parse_uci, san, san_line,
    san_movetext, san_numbered,
};
pub use position::{FenError, FenField, Position, epd_of, placement_fen};
pub use typed::{INVALID_MOVE, Typed, read_typed_move};
pub use types::{Color, File, Piece, Promotion, Rank, Role, Square};
