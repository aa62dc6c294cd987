//! How a move is chosen among a position's book moves: a setting the configuration reads
//! and the book obeys, so it lives apart from both (no crate imports).

/// How a move is chosen among a position's book moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PickMode {
    /// At random, in proportion to the weights (the default: varied games).
    #[default]
    Weighted,
    /// Always the move with the highest weight.
    Best,
}

impl PickMode {
    /// The configuration spelling: `weighted`, `best`.
    pub fn name(self) -> &'static str {
        match self {
            PickMode::Weighted => "weighted",
            PickMode::Best => "best",
        }
    }
}

impl std::fmt::Display for PickMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for PickMode {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "weighted" => Ok(PickMode::Weighted),
            "best" => Ok(PickMode::Best),
            _ => Err(format!("'{s}': expected \"weighted\" or \"best\"")),
        }
    }
}
