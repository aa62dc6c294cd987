//! What the evaluation is told from outside: the piece values, the scales of the modern
//! terms and the weights of the original Huo hints, in pawns as people write them (the
//! `[pieces]`, `[eval]` and `[huo]` sections of the configuration, which holds these very
//! types). Their defaults are the ones `config/huo.toml` spells out.

/// Piece values in pawns, as the Huo Chess tutorials give them (`queen = 9.5` works).
#[derive(Clone, Debug, PartialEq)]
pub struct PieceValues {
    pub pawn: f64,
    pub knight: f64,
    pub bishop: f64,
    pub rook: f64,
    pub queen: f64,
}

impl Default for PieceValues {
    /// The values of the Huo Chess tutorials: 1, 3, 3, 5, 9.
    fn default() -> Self {
        PieceValues {
            pawn: 1.0,
            knight: 3.0,
            bishop: 3.0,
            rook: 5.0,
            queen: 9.0,
        }
    }
}

/// The shipped scale of king safety: a fifth above the fit. The fit to Stockfish's scores
/// learns what an attack on the king is worth when the attack is seen; in play the search
/// often sees it too late, and fearing for the king a little more scored better in matches
/// (self-play, +8 ± 18 Elo over 600 games).
pub const KING_SAFETY: f64 = 1.2;

/// The modern evaluation terms, in pawns (or as scale factors where said).
#[derive(Clone, Debug, PartialEq)]
pub struct EvalWeights {
    /// Scale of the piece-square tables (1 = as designed, 0 = off).
    pub piece_squares: f64,
    /// Scale of the mobility bonus (by how many squares a knight, bishop, rook or queen reaches).
    pub mobility: f64,
    /// Scale of the king-safety terms (pawn shield, attackers near the king).
    pub king_safety: f64,
    pub bishop_pair: f64,
    pub rook_open_file: f64,
    pub rook_semi_open_file: f64,
    /// Rook on the seventh rank, where the enemy pawns or king are.
    pub rook_seventh: f64,
    /// Scale of the threat bonuses (pieces attacked by pawns, by lighter pieces, or hanging).
    pub threats: f64,
    /// Scale of the pawn-structure bonuses (backward pawns; pawns side by side or defended;
    /// space behind the pawns).
    pub pawn_structure: f64,
    /// Scale of the knight and bishop terms (outposts, bishops blocked by their own pawns,
    /// minor pieces behind pawns, knights among many pawns).
    pub minor_pieces: f64,
    pub doubled_pawn: f64,
    pub isolated_pawn: f64,
    /// Scale of the passed-pawn bonus (grows as the pawn advances and, in the ending, as
    /// our king comes near it and theirs stays away).
    pub passed_pawn: f64,
    /// A small bonus for having the move.
    pub tempo: f64,
}

impl Default for EvalWeights {
    /// The scales as tuned (1.0, but king safety [`KING_SAFETY`]) and the named weights as
    /// fitted.
    fn default() -> Self {
        EvalWeights {
            piece_squares: 1.0,
            mobility: 1.0,
            king_safety: KING_SAFETY,
            bishop_pair: 0.37,
            rook_open_file: 0.28,
            rook_semi_open_file: 0.19,
            rook_seventh: 0.08,
            threats: 1.0,
            pawn_structure: 1.0,
            minor_pieces: 1.0,
            doubled_pawn: 0.08,
            isolated_pawn: 0.08,
            passed_pawn: 1.0,
            tempo: 0.25,
        }
    }
}

/// The positional hints of the original Huo Chess `CountScore`, in pawns.
#[derive(Clone, Debug, PartialEq)]
pub struct HuoHints {
    /// Bonus per own pawn on d4, e4, d5 or e5 in the opening.
    pub centre_pawns: f64,
    /// Penalty for a queen that left home before the knights and bishops did.
    pub early_queen: f64,
    /// Penalty for moving the king or a rook early and losing the right to castle.
    pub early_king_rook: f64,
    /// Penalty for a knight on the a- or h-file ("a knight on the rim is dim").
    pub knight_rim: f64,
    /// Penalty for pushing the a- or h-pawn in the opening.
    pub rook_pawn_push: f64,
    /// Extra bonus in the ending for a passed pawn, per rank advanced.
    pub passed_pawn_ending: f64,
}

impl Default for HuoHints {
    /// The hints' weights of the original, in pawns.
    fn default() -> Self {
        HuoHints {
            centre_pawns: 0.1,
            early_queen: 0.15,
            early_king_rook: 0.25,
            knight_rim: 0.1,
            rook_pawn_push: 0.05,
            passed_pawn_ending: 0.1,
        }
    }
}

/// Everything [`super::Evaluator::new`] reads.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Settings {
    pub pieces: PieceValues,
    /// The `[eval]` scales and named weights.
    pub weights: EvalWeights,
    pub huo: HuoHints,
}

impl Settings {
    /// The defaults with every scale at 1.0: the weights exactly as the tuner fitted them
    /// (what it starts from and writes back; the shipped king-safety scale is a choice
    /// made on top of the fit, not part of it).
    pub fn as_fitted() -> Settings {
        let mut s = Settings::default();
        s.weights.king_safety = 1.0;
        s
    }
}
