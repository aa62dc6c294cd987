//! [`Analyser`]: asks the engine service about every position of a game, one after the
//! other, and waits for each answer. One service lives as long as the analyser, across
//! positions and games, so what its transposition table learned about one position helps
//! with the next.

use super::{GameAnalysis, PositionEval, Thresholds};
use crate::config::Config;
use crate::core::Move;
use crate::engine::{Engine, Reply, Settings, Think};
use crate::eval::Evaluator;
use crate::game::Game;
use crate::search::{Event, Level, Limits};
use std::fmt;
use std::sync::mpsc::Receiver;

/// The engine could not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalyseError(pub String);

impl fmt::Display for AnalyseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the engine failed: {}", self.0)
    }
}

impl std::error::Error for AnalyseError {}

/// Analyses games with the engine service, blocking until each answer.
pub struct Analyser {
    engine: Engine,
    replies: Receiver<Reply>,
    limits: Limits,
    thresholds: Thresholds,
}

impl Analyser {
    /// An analyser with the configuration's evaluation, hash size and `[analysis]`
    /// thresholds, searching each position within `limits` (for example
    /// `Limits { depth: Some(12), ..Limits::default() }`) at full strength, without the book
    /// and without contempt.
    pub fn new(config: &Config, limits: Limits) -> Analyser {
        let (engine, replies) = Engine::spawn_with_channel(Settings {
            eval: Evaluator::from_config(config),
            hash_mb: config.search.hash_mb,
            contempt: 0,
            book: None,
        });
        Analyser {
            engine,
            replies,
            limits,
            thresholds: Thresholds::from_config(&config.analysis),
        }
    }

    /// The limits each position is searched within.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The thresholds moves are judged by.
    pub fn thresholds(&self) -> &Thresholds {
        &self.thresholds
    }

    /// The engine's view of the last position of `game` (its earlier positions show the
    /// search repetitions).
    pub fn evaluate(&mut self, game: &Game) -> Result<PositionEval, AnalyseError> {
        if let Some(over) = PositionEval::terminal(game.position()) {
            return Ok(over);
        }
        let id = self
            .engine
            .think(Think::search(game, Level::FULL, self.limits.clone()));
        let mut pv: Vec<Move> = Vec::new();
        loop {
            let reply = self
                .replies
                .recv()
                .map_err(|_| AnalyseError("the engine service has stopped".into()))?;
            if reply.id() != id {
                continue;
            }
            match reply {
                Reply::Event {
                    event: Event::Iteration(it),
                    ..
                } => pv = it.pv,
                Reply::Event { .. } => {}
                Reply::Done { result, .. } => {
                    return Ok(PositionEval::from_search(game.position(), &result, &pv));
                }
                Reply::Failed { message, .. } => return Err(AnalyseError(message)),
            }
        }
    }

    /// Every position of `game` searched and every move judged. `progress` is told, after
    /// each position, how many of the game's positions are done.
    pub fn analyse(
        &mut self,
        game: &Game,
        mut progress: impl FnMut(usize),
    ) -> Result<GameAnalysis, AnalyseError> {
        let mut prefix = Game::from_position(*game.start());
        let mut evals = Vec::with_capacity(game.positions().len());
        evals.push(self.evaluate(&prefix)?);
        progress(1);
        for &mv in game.moves() {
            prefix
                .play(mv)
                .map_err(|e| AnalyseError(format!("an illegal move in the game: {e}")))?;
            evals.push(self.evaluate(&prefix)?);
            progress(evals.len());
        }
        Ok(GameAnalysis::from_evals(game, evals, &self.thresholds))
    }

    /// Forgets what the engine learned (its transposition table).
    pub fn clear(&mut self) {
        self.engine.clear();
    }
}
