//! The vocabulary of chess: colours, piece kinds, pieces, files, ranks and squares.
//!
//! Each is a small `Copy` type so that an illegal value (a 65th square, a seventh piece kind)
//! cannot be written down. Squares are numbered from a1 = 0 to h8 = 63, rank by rank, the
//! "little-endian rank-file" order that bitboards use.

use std::fmt;
use std::ops::Not;

/// An enum with its values listed once: the type, and `ALL`, every value in order.
macro_rules! listed_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident $(= $n:literal)?),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($variant $(= $n)?),+
        }

        impl $name {
            /// Every value, in order.
            pub const ALL: [$name; [$(stringify!($variant)),+].len()] = [$($name::$variant),+];
        }
    };
}

listed_enum! {
    /// The two sides. White moves first.
    Color {
        White = 0,
        Black = 1,
    }
}

impl Color {
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank a pawn of this colour starts on, counted from this side (rank 2 for White).
    #[inline]
    pub const fn pawn_rank(self) -> Rank {
        match self {
            Color::White => Rank::Second,
            Color::Black => Rank::Seventh,
        }
    }

    /// The rank this colour's pieces start on (rank 1 for White).
    #[inline]
    pub const fn back_rank(self) -> Rank {
        match self {
            Color::White => Rank::First,
            Color::Black => Rank::Eighth,
        }
    }

    /// `'w'` or `'b'`, as FEN writes the side to move.
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

listed_enum! {
    /// A kind of piece, without its colour.
    Role {
        Pawn = 0,
        Knight = 1,
        Bishop = 2,
        Rook = 3,
        Queen = 4,
        King = 5,
    }
}

impl Role {
    /// The pieces a pawn may promote to, best first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Upper-case letter as in SAN and FEN for White: `P N B R Q K`.
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// Lower-case letter, as in UCI promotions (`e7e8q`).
    pub const fn lower_char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }

    /// Reads a piece letter in either case.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            'Q' => Some(Role::Queen),
            'K' => Some(Role::King),
            _ => None,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }
}

listed_enum! {
    /// A piece a pawn may become on the last rank: a knight, a bishop, a rook or a queen,
    /// never a pawn again and never a king. A [`Move`](super::moves::Move) holds one of these or
    /// none, so a pawn "promoting" to a king cannot be written down.
    Promotion {
        Knight = 1,
        Bishop = 2,
        Rook = 3,
        Queen = 4,
    }
}

impl Promotion {
    /// The four, best first: the order moves are generated in (as [`Role::PROMOTIONS`]).
    pub const BEST_FIRST: [Promotion; 4] = [
        Promotion::Queen,
        Promotion::Rook,
        Promotion::Bishop,
        Promotion::Knight,
    ];

    /// The kind of piece the pawn becomes.
    #[inline]
    pub const fn role(self) -> Role {
        match self {
            Promotion::Knight => Role::Knight,
            Promotion::Bishop => Role::Bishop,
            Promotion::Rook => Role::Rook,
            Promotion::Queen => Role::Queen,
        }
    }

    /// The promotion to `role`: `None` for a pawn or a king, which no pawn becomes.
    #[inline]
    pub const fn from_role(role: Role) -> Option<Promotion> {
        match role {
            Role::Knight => Some(Promotion::Knight),
            Role::Bishop => Some(Promotion::Bishop),
            Role::Rook => Some(Promotion::Rook),
            Role::Queen => Some(Promotion::Queen),
            Role::Pawn | Role::King => None,
        }
    }
}

impl From<Promotion> for Role {
    fn from(p: Promotion) -> Role {
        p.role()
    }
}

/// A piece: a kind and a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// FEN letter: upper case for White, lower case for Black.
    pub const fn fen_char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.lower_char(),
        }
    }

    pub fn from_fen_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }
}

macro_rules! enum_from_index {
    ($name:ident, $all:expr) => {
        impl $name {
            /// The value with this index, or `None` when out of range.
            #[inline]
            pub const fn try_from_index(i: usize) -> Option<$name> {
                if i < $all.len() { Some($all[i]) } else { None }
            }
            /// The value with this index, wrapped into range (`i` is expected in range).
            #[inline]
            pub const fn from_index(i: usize) -> $name {
                $all[i % $all.len()]
            }
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }
        }
    };
}

listed_enum! {
    /// A column of the board, `a` to `h`.
    File { A, B, C, D, E, F, G, H }
}

impl File {
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }
    /// Reads `a`..`h` (either case).
    pub const fn from_char(c: char) -> Option<File> {
        let c = c.to_ascii_lowercase();
        if c >= 'a' && c <= 'h' {
            Some(File::ALL[(c as u8 - b'a') as usize])
        } else {
            None
        }
    }
}
enum_from_index!(File, File::ALL);

listed_enum! {
    /// A row of the board, `1` to `8`.
    Rank { First, Second, Third, Fourth, Fifth, Sixth, Seventh, Eighth }
}

impl Rank {
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }
    /// Reads `1`..`8`.
    pub const fn from_char(c: char) -> Option<Rank> {
        if c >= '1' && c <= '8' {
            Some(Rank::ALL[(c as u8 - b'1') as usize])
        } else {
            None
        }
    }
    /// The same rank seen from `color`'s side of the board (rank 2 for Black is rank 7).
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::ALL[7 - self as usize],
        }
    }
}
enum_from_index!(Rank, Rank::ALL);

listed_enum! {
    /// One of the 64 squares, a1 = 0 … h8 = 63.
    Square {
        A1, B1, C1, D1, E1, F1, G1, H1,
        A2, B2, C2, D2, E2, F2, G2, H2,
        A3, B3, C3, D3, E3, F3, G3, H3,
        A4, B4, C4, D4, E4, F4, G4, H4,
        A5, B5, C5, D5, E5, F5, G5, H5,
        A6, B6, C6, D6, E6, F6, G6, H6,
        A7, B7, C7, D7, E7, F7, G7, H7,
        A8, B8, C8, D8, E8, F8, G8, H8,
    }
}

impl Square {
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square::ALL[rank as usize * 8 + file as usize]
    }
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[self as usize & 7]
    }
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize >> 3]
    }
    /// The square `df` files and `dr` ranks away, if it is on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square::ALL[(r * 8 + f) as usize])
        } else {
            None
        }
    }
    /// The square mirrored top to bottom (a1 <-> a8): how Black sees the board.
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square::ALL[self as usize ^ 56]
    }
    /// Squares where dark squares are those with (file + rank) even: a1 is dark.
    pub const fn is_light(self) -> bool {
        (self.file() as usize + self.rank() as usize) % 2 == 1
    }
    /// Reads a square name such as `e4` (either case).
    pub fn parse(s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let file = File::from_char(chars.next()?)?;
        let rank = Rank::from_char(chars.next()?)?;
        chars.next().is_none().then(|| Square::new(file, rank))
    }
}
enum_from_index!(Square, Square::ALL);

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
