//! Writing moves down and reading them back.
//!
//! - **UCI** long algebraic: `e2e4`, `e7e8q`, castling as the king's move `e1g1`. What chess
//!   GUIs and engines exchange.
//! - **Huo** coordinates, as players of the original typed them: `c2c4`, `C2C4`, `c2-c4`,
//!   `c2 c4`; the computer answered `My move: e2 -> e4`.
//! - **SAN**, Standard Algebraic Notation, as printed in books and PGN files: `Nf3`, `exd5`,
//!   `O-O-O`, `e8=Q+`, `Nbd7`, `R1a3`, `Qh4#`.
//!
//! Every parser takes any string and returns a move that is legal in the position, or an
//! error saying whether the text was malformed, illegal, ambiguous or lacking a promotion
//! piece. Nothing here panics on any input.

use super::attacks::{between, bishop_attacks, knight_attacks, line, rook_attacks};
use super::bitboard::Bitboard;
use super::moves::{Move, MoveList};
use super::position::Position;
use super::types::{File, Rank, Role, Square};
use std::fmt;

/// Why a move could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in any notation we know.
    Malformed { text: String, reason: String },
    /// The notation is fine but no legal move matches it here.
    Illegal { text: String, reason: String },
    /// Several legal moves match (for example `Nd7` when both knights can go there).
    Ambiguous {
        text: String,
        candidates: Vec<String>,
    },
    /// A pawn reaches the last rank but the promotion piece was not given.
    MissingPromotion {
        text: String,
        from: Square,
        to: Square,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed { text, reason } => {
                write!(f, "'{text}' is not a move: {reason}")
            }
            MoveError::Illegal { text, reason } => write!(f, "'{text}' is illegal: {reason}"),
            MoveError::Ambiguous { text, candidates } => write!(
                f,
                "'{text}' is ambiguous: it could be {}",
                candidates.join(" or ")
            ),
            MoveError::MissingPromotion { text, .. } => write!(
                f,
                "'{text}' promotes a pawn: add the piece (q, r, b or n), e.g. '{text}q'"
            ),
        }
    }
}

impl std::error::Error for MoveError {}

fn malformed(text: &str, reason: impl Into<String>) -> MoveError {
    MoveError::Malformed {
        text: text.to_string(),
        reason: reason.into(),
    }
}

/// Names the first character of `text` outside ASCII and where it is: a look-alike
/// letter (a Cyrillic `е`) or an invisible one (a zero-width space) is otherwise a mystery.
fn non_ascii(text: &str) -> String {
    let Some((i, c)) = text.chars().enumerate().find(|(_, c)| !c.is_ascii()) else {
        return "SAN uses only letters, digits, 'x', '=', '+' and '#'".into();
    };
    let invisible = c.is_whitespace()
        || c.is_control()
        || matches!(c, '\u{00ad}' | '\u{200b}'..='\u{200f}' | '\u{2060}'..='\u{2064}' | '\u{feff}');
    let shown = if invisible {
        format!("an invisible character (U+{:04X})", c as u32)
    } else {
        format!("'{c}' (U+{:04X})", c as u32)
    };
    format!(
        "character {} is {shown}: SAN uses only ASCII letters, digits, 'x', '=', '+' and '#'",
        i + 1
    )
}

fn illegal(text: &str, reason: impl Into<String>) -> MoveError {
    MoveError::Illegal {
        text: text.to_string(),
        reason: reason.into(),
    }
}

/// Finds the legal move from `from` to `to` with this promotion.
fn find_coordinate_move(
    pos: &Position,
    text: &str,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Result<Move, MoveError> {
    let legal = pos.legal_moves();
    let mut promotes = false;
    for &mv in legal.iter() {
        if mv.from() == from && mv.to() == to {
            if mv.promotion() == promotion {
                return Ok(mv);
            }
            promotes |= mv.promotion().is_some();
        }
    }
    if promotes && promotion.is_none() {
        return Err(MoveError::MissingPromotion {
            text: text.to_string(),
            from,
            to,
        });
    }
    let reason = match pos.piece_on(from) {
        None => format!("there is no piece on {from}"),
        Some(p) if p.color != pos.turn() => {
            format!(
                "the piece on {from} is not yours ({} is to move)",
                pos.turn()
            )
        }
        Some(p) if promotion.is_some() && !promotes => {
            format!("the {} on {from} cannot promote on {to}", p.role.name())
        }
        Some(p) if pos.in_check() => format!(
            "the {} on {from} cannot go to {to} while your king is in check",
            p.role.name()
        ),
        Some(p) => format!("the {} on {from} cannot go to {to}", p.role.name()),
    };
    Err(illegal(text, reason))
}

/// Reads a move in strict UCI form (`e2e4`, `e7e8q`).
pub fn parse_uci(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let chars: Vec<char> = text.chars().collect();
    if !(4..=5).contains(&chars.len()) {
        return Err(malformed(
            text,
            "a UCI move has 4 or 5 characters, like e2e4 or e7e8q",
        ));
    }
    let square = |i: usize| -> Option<Square> {
        Some(Square::new(
            File::from_char(chars[i]).filter(|_| chars[i].is_ascii_lowercase())?,
            Rank::from_char(chars[i + 1])?,
        ))
    };
    let (Some(from), Some(to)) = (square(0), square(2)) else {
        return Err(malformed(text, "expected two squares such as e2e4"));
    };
    let promotion = match chars.get(4) {
        None => None,
        Some(&c) => match Role::from_char(c) {
            Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight))
                if c.is_ascii_lowercase() =>
            {
                Some(r)
            }
            _ => {
                return Err(malformed(
                    text,
                    format!("'{c}' is not a promotion piece (q, r, b, n)"),
                ));
            }
        },
    };
    find_coordinate_move(pos, text, from, to, promotion)
}

/// Reads a move in the coordinate forms a Huo Chess player types: `c2c4`, `C2C4`, `c2-c4`,
/// `c2 c4`, `c2xd3`, and for promotions `e7e8q`, `e7e8=Q` or `e7-e8 Q`.
pub fn parse_coordinates(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let compact: Vec<char> = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, '-' | ' ' | '=' | 'x' | 'X' | ':'))
        .collect();
    if !(4..=5).contains(&compact.len()) {
        return Err(malformed(text, "expected two squares, like c2c4"));
    }
    let square = |i: usize| -> Option<Square> {
        Some(Square::new(
            File::from_char(compact[i])?,
            Rank::from_char(compact[i + 1])?,
        ))
    };
    let (Some(from), Some(to)) = (square(0), square(2)) else {
        return Err(malformed(text, "expected two squares, like c2c4"));
    };
    let promotion = match compact.get(4) {
        None => None,
        Some(&c) => match Role::from_char(c) {
            Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) => Some(r),
            _ => {
                return Err(malformed(
                    text,
                    format!("'{c}' is not a promotion piece (q, r, b, n)"),
                ));
            }
        },
    };
    find_coordinate_move(pos, text, from, to, promotion)
}

/// Does the text look like coordinates (two squares) rather than SAN?
fn looks_like_coordinates(text: &str) -> bool {
    let mut compact = text
        .chars()
        .filter(|c| !matches!(c, '-' | ' ' | '=' | 'x' | 'X' | ':'));
    let mut next = || compact.next().unwrap_or(' ');
    File::from_char(next()).is_some()
        && Rank::from_char(next()).is_some()
        && File::from_char(next()).is_some()
        && Rank::from_char(next()).is_some()
}

/// Reads a move in any notation a player might type: coordinates (UCI or Huo) or SAN.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(malformed(text, "nothing was typed"));
    }
    if looks_like_coordinates(trimmed) {
        // "B2B4" is both coordinates (b2b4) and SAN (a bishop from rank 2 to b4): the
        // coordinates win when they are legal, as a Huo player expects; SAN is the fallback.
        match parse_coordinates(pos, trimmed) {
            Ok(mv) => Ok(mv),
            Err(err) => parse_san(pos, trimmed).map_err(|_| err),
        }
    } else {
        parse_san(pos, trimmed)
    }
}

/// Reads a move in Standard Algebraic Notation. Check and annotation marks (`+ # ! ?`)
/// and a missing or extra `x` are tolerated; `0-0` is read as `O-O`.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let s = san_body(text)?;
    if let Some(short) = castling_side(s) {
        return castle(pos, text, short);
    }
    let said = SanMove::read(text, s)?;
    let (found, needs_promotion) = said.matching_moves(pos);
    said.the_one(pos, text, &found, needs_promotion)
}

/// A SAN move without its check and annotation marks (`+ # ! ?`) or en-passant suffix,
/// refused when nothing is left or it is not ASCII.
fn san_body(text: &str) -> Result<&str, MoveError> {
    let mut s = text.trim();
    for suffix in [" e.p.", "e.p.", " ep"] {
        if let Some(stripped) = s.strip_suffix(suffix) {
            s = stripped;
        }
    }
    let s = s.trim_end_matches(['+', '#', '!', '?']);
    if s.is_empty() {
        return Err(malformed(text, "nothing was typed"));
    }
    if !s.is_ascii() {
        return Err(malformed(text, non_ascii(text.trim())));
    }
    Ok(s)
}

/// Castling: `O-O` (`Some(true)`) or `O-O-O` (`Some(false)`), any case, zeros for the
/// letters; `None` for any other move.
fn castling_side(s: &str) -> Option<bool> {
    let castle_char = |b: &u8| matches!(b, b'O' | b'o' | b'0');
    let is_castling = |n: usize| {
        let b = s.as_bytes();
        b.len() == n
            && b.iter().step_by(2).all(castle_char)
            && b.iter().skip(1).step_by(2).all(|&c| c == b'-')
    };
    if is_castling(3) {
        Some(true)
    } else if is_castling(5) {
        Some(false)
    } else {
        None
    }
}

/// The castling move to the `short` side, or why the side to move cannot castle there.
fn castle(pos: &Position, text: &str, short: bool) -> Result<Move, MoveError> {
    let king = pos.king(pos.turn());
    let to = Square::new(
        if short { File::G } else { File::C },
        pos.turn().back_rank(),
    );
    let mv = Move::new(king, to, None);
    if pos.is_castling(mv) && pos.is_legal(mv) {
        Ok(mv)
    } else {
        Err(illegal(
            text,
            if pos.in_check() {
                "you cannot castle out of check".to_string()
            } else {
                format!(
                    "{} cannot castle {} now",
                    pos.turn(),
                    if short { "kingside" } else { "queenside" }
                )
            },
        ))
    }
}

/// What a SAN move other than castling says: the kind of piece, what it tells of the
/// square it comes from, where it goes and what it promotes to.
struct SanMove {
    role: Role,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Square,
    promotion: Option<Role>,
}

impl SanMove {
    /// Reads `s`, the body of `text` (see [`san_body`]), checking only its form.
    fn read(text: &str, s: &str) -> Result<SanMove, MoveError> {
        let bytes = s.as_bytes();
        let (role, rest) = match bytes[0] {
            b'N' | b'B' | b'R' | b'Q' | b'K' => (
                Role::from_char(bytes[0] as char).expect("a piece letter"),
                &s[1..],
            ),
            _ => (Role::Pawn, s),
        };
        let (rest, promotion) = split_promotion(text, role, rest)?;
        if rest.len() < 2 {
            return Err(malformed(
                text,
                "a SAN move ends with its destination square, like Nf3",
            ));
        }
        let Some(to) = Square::parse(&rest[rest.len() - 2..]) else {
            return Err(malformed(
                text,
                format!("'{}' is not a destination square", &rest[rest.len() - 2..]),
            ));
        };
        let (from_file, from_rank) = origin_hints(text, &rest[..rest.len() - 2])?;
        if role == Role::Pawn && from_rank.is_some() {
            return Err(malformed(
                text,
                "a pawn move names only the file it comes from, like exd5",
            ));
        }
        Ok(SanMove {
            role,
            from_file,
            from_rank,
            to,
            promotion,
        })
    }

    /// The legal moves that fit, and whether a pawn could go there only by promoting
    /// (when no promotion was said). Only the legal moves to the destination are
    /// generated (not all of them), and only the named kind of piece's are looked at.
    fn matching_moves(&self, pos: &Position) -> (MoveList, bool) {
        let SanMove {
            role,
            from_file,
            from_rank,
            to,
            promotion,
        } = *self;
        let mut found = MoveList::new();
        let mut needs_promotion = false;
        let origin_fits = |from: Square| {
            from_file.is_none_or(|f| from.file() == f) && from_rank.is_none_or(|r| from.rank() == r)
        };
        if let Some(origins) = piece_origins(pos, role, to) {
            // (A piece never promotes: "Nf3=Q" finds nothing.)
            for from in origins {
                if origin_fits(from) && promotion.is_none() {
                    found.push(Move::new(from, to, None));
                }
            }
        } else {
            pos.generate(Bitboard::from_square(to), |group| {
                if group.role != role
                    || from_file.is_some_and(|f| group.from.file() != f)
                    || from_rank.is_some_and(|r| group.from.rank() != r)
                {
                    return false;
                }
                // (An en-passant capture comes with the mask of its victim's square: skipped.)
                for mv in group.into_iter().filter(|mv| mv.to() == to) {
                    if mv.promotion() == promotion {
                        found.push(mv);
                    } else if promotion.is_none() {
                        needs_promotion = true;
                    }
                }
                false
            });
        }
        (found, needs_promotion)
    }

    /// The one move `found`, or why there is none or more than one.
    fn the_one(
        &self,
        pos: &Position,
        text: &str,
        found: &MoveList,
        needs_promotion: bool,
    ) -> Result<Move, MoveError> {
        let (role, to) = (self.role, self.to);
        match found.len() {
            1 => Ok(found[0]),
            0 if needs_promotion => {
                let from = pos
                    .legal_moves()
                    .iter()
                    .find(|m| m.to() == to && pos.role_on(m.from()) == Some(Role::Pawn))
                    .map_or(to, |m| m.from());
                Err(MoveError::MissingPromotion {
                    text: text.to_string(),
                    from,
                    to,
                })
            }
            0 => Err(illegal(
                text,
                if pos.in_check() {
                    format!(
                        "no {} can go to {to} while your king is in check",
                        role.name()
                    )
                } else {
                    format!("no {} of {} can go to {to}", role.name(), pos.turn())
                },
            )),
            _ => Err(MoveError::Ambiguous {
                text: text.to_string(),
                candidates: found.iter().map(|&m| san(pos, m)).collect(),
            }),
        }
    }
}

/// The promotion at the end of `rest` (a SAN move after its piece letter): "=Q", or a
/// trailing piece letter after the destination ("e8Q", "e8q"); `rest` comes back without it.
fn split_promotion<'a>(
    text: &str,
    role: Role,
    rest: &'a str,
) -> Result<(&'a str, Option<Role>), MoveError> {
    if let Some(eq) = rest.find('=') {
        let piece = &rest[eq + 1..];
        let mut cs = piece.chars();
        return match (cs.next().and_then(Role::from_char), cs.next()) {
            (Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)), None) => {
                Ok((&rest[..eq], Some(r)))
            }
            _ => Err(malformed(
                text,
                format!("'={piece}' is not a promotion (=Q, =R, =B, =N)"),
            )),
        };
    }
    if role == Role::Pawn && rest.len() >= 3 {
        let last = rest.as_bytes()[rest.len() - 1] as char;
        if let Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) =
            Role::from_char(last)
            && Rank::from_char(rest.as_bytes()[rest.len() - 2] as char).is_some()
        {
            return Ok((&rest[..rest.len() - 1], Some(r)));
        }
    }
    Ok((rest, None))
}

/// What the text between the piece letter and the destination says of the square the
/// piece comes from: a file, a rank or both (`x` and `:` for captures are skipped).
fn origin_hints(text: &str, middle: &str) -> Result<(Option<File>, Option<Rank>), MoveError> {
    let (mut from_file, mut from_rank) = (None, None);
    for c in middle.chars().filter(|&c| c != 'x' && c != ':') {
        if let (Some(f), None, None) = (
            File::from_char(c).filter(|_| c.is_ascii_lowercase()),
            from_file,
            from_rank,
        ) {
            from_file = Some(f);
        } else if let (Some(r), None) = (Rank::from_char(c), from_rank) {
            from_rank = Some(r);
        } else {
            return Err(malformed(
                text,
                format!("unexpected '{c}' before the destination"),
            ));
        }
    }
    Ok((from_file, from_rank))
}

/// The squares from which a knight, bishop, rook or queen of the side to move can legally
/// go to `to`, by the move generator's rules for one destination: looked for from `to`
/// (these pieces attack both ways), instead of generating every piece's moves. `None` for
/// pawns and kings, which have more rules (en passant, castling, attacked squares).
fn piece_origins(pos: &Position, role: Role, to: Square) -> Option<Bitboard> {
    let occupied = pos.occupied();
    let reach = match role {
        Role::Knight => knight_attacks(to),
        Role::Bishop => bishop_attacks(to, occupied),
        Role::Rook => rook_attacks(to, occupied),
        Role::Queen => bishop_attacks(to, occupied) | rook_attacks(to, occupied),
        Role::Pawn | Role::King => return None,
    };
    let us = pos.turn();
    let king = pos.king(us);
    let checkers = pos.checkers();
    // In check, a piece must take the checker or step between; in double check, none moves.
    let target = !pos.by_color(us).has(to)
        && match checkers.first() {
            None => true,
            Some(c) => !checkers.more_than_one() && between(king, c).with(c).has(to),
        };
    if !target {
        return Some(Bitboard::EMPTY);
    }
    let pinned = pos.pinned();
    let mut origins = Bitboard::EMPTY;
    for from in reach & pos.pieces(us, role) {
        // A pinned piece keeps to the line through its king (a knight cannot).
        if !pinned.has(from) || (role != Role::Knight && line(king, from).has(to)) {
            origins = origins.with(from);
        }
    }
    Some(origins)
}

/// Writes a legal move in SAN, with `+` for check and `#` for checkmate.
pub fn san(pos: &Position, mv: Move) -> String {
    let mut s = san_without_suffix(pos, mv);
    let after = pos.after(mv);
    if after.in_check() {
        s.push(if after.has_legal_moves() { '+' } else { '#' });
    }
    s
}

/// Writes a line of moves (a principal variation) in SAN, each move in the position the
/// ones before it lead to, stopping at the first move that is not legal there (a line
/// from an older position, or cut from a table, may not fit to its end).
pub fn san_line(pos: &Position, line: &[Move]) -> Vec<String> {
    let mut p = *pos;
    let mut out = Vec::with_capacity(line.len());
    for &mv in line {
        if !p.is_legal(mv) {
            break;
        }
        out.push(san(&p, mv));
        p.play(mv);
    }
    out
}

/// A line of moves as a score sheet writes it, one token a move: White's moves with
/// their number (`12. Nf3`), Black's without, except a first move by Black (`12... Nc6`),
/// which needs its number to be read. Stops where [`san_line`] does.
pub fn san_movetext(pos: &Position, line: &[Move]) -> Vec<String> {
    use super::types::Color;
    let mut number = pos.fullmove_number();
    let mut turn = pos.turn();
    san_line(pos, line)
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            let token = match turn {
                Color::White => format!("{number}. {s}"),
                Color::Black if i == 0 => format!("{number}... {s}"),
                Color::Black => s,
            };
            if turn == Color::Black {
                number += 1;
            }
            turn = !turn;
            token
        })
        .collect()
}

/// A legal move in SAN with its number, as a score sheet writes it: `12. Nf3` for
/// White, `12... Nf6` for Black.
pub fn san_numbered(pos: &Position, mv: Move) -> String {
    let dots = match pos.turn() {
        super::types::Color::White => ".",
        super::types::Color::Black => "...",
    };
    format!("{}{dots} {}", pos.fullmove_number(), san(pos, mv))
}

fn san_without_suffix(pos: &Position, mv: Move) -> String {
    if pos.is_castling(mv) {
        return if mv.to().file() == File::G {
            "O-O"
        } else {
            "O-O-O"
        }
        .to_string();
    }
    let role = pos.role_on(mv.from()).unwrap_or(Role::Pawn);
    let capture = pos.is_capture(mv);
    let mut s = String::with_capacity(7);
    if role == Role::Pawn {
        if capture {
            s.push(mv.from().file().char());
            s.push('x');
        }
        s.push_str(&mv.to().to_string());
        if let Some(promo) = mv.promotion() {
            s.push('=');
            s.push(promo.upper_char());
        }
        return s;
    }
    s.push(role.upper_char());
    // Disambiguation: other pieces of the same kind that can reach the same square.
    let rivals: Vec<Square> = pos
        .legal_moves()
        .iter()
        .filter(|m| {
            m.to() == mv.to() && m.from() != mv.from() && pos.role_on(m.from()) == Some(role)
        })
        .map(|m| m.from())
        .collect();
    if !rivals.is_empty() {
        let file_unique = rivals.iter().all(|r| r.file() != mv.from().file());
        let rank_unique = rivals.iter().all(|r| r.rank() != mv.from().rank());
        if file_unique {
            s.push(mv.from().file().char());
        } else if rank_unique {
            s.push(mv.from().rank().char());
        } else {
            s.push_str(&mv.from().to_string());
        }
    }
    if capture {
        s.push('x');
    }
    s.push_str(&mv.to().to_string());
    s
}

/// The original Huo Chess way of announcing a move: `e2 -> e4` (with `=Q` for promotions).
pub fn huo(mv: Move) -> String {
    match mv.promotion() {
        Some(role) => format!("{} -> {}={}", mv.from(), mv.to(), role.upper_char()),
        None => format!("{} -> {}", mv.from(), mv.to()),
    }
}
