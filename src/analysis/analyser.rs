//! Driving the engine service through a game's positions.
//!
//! [`AnalysisJob`] is a game's analysis in progress that does not own the engine: it says
//! which request to send next ([`AnalysisJob::next_think`]) and takes the replies
//! ([`AnalysisJob::on_reply`]), so a screen can run it on its own engine between key
//! presses. Each position takes one search, and one more when the game's move there is
//! not the engine's: the same position searched again to the same depth, restricted to
//! the move played (`searchmoves`), which scores it as the first search scored the best
//! move (the transposition table still holds what the first one learned). Each position
//! is searched alone, without the game's history, so that a move is judged as an arbiter
//! would ([`as_an_arbiter`]); a move that completes a threefold repetition is a draw, and
//! a move the restricted search scores a draw where the best move is no draw is checked
//! by a search of the position after it (the root restricted to one move can make the
//! search take a return to the root for a draw the mover would have avoided). [`Analyser`]
//! runs jobs to the end on an engine service of its own, blocking. Within a game, what
//! its transposition table learned about one position helps with the next; each game
//! starts with an empty table, so a game is judged the same alone or among others.

use super::spec::{AnalyserSpec, EngineName};
use super::verdict::{Eval, GameAnalysis, PositionEval, Thresholds};
use crate::config::Config;
use crate::core::Move;
use crate::engine::external::{External, ExternalError, Patience};
use crate::engine::{Engine, Origin, Reply, Settings, Think};
use crate::eval::Evaluator;
use crate::game::Game;
use crate::search::{Event, Level, Limits};
use std::fmt;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvError};

/// Stands for the positions [`Analyser::evaluate`] skips.
const PLACEHOLDER: PositionEval = PositionEval {
    eval: Eval::Cp(0),
    best: None,
    pv: Vec::new(),
    depth: 0,
    nodes: 0,
    played: None,
};

/// The engine could not answer.
#[derive(Clone, Debug)]
pub enum AnalyseError {
    /// The engine failed on a request, with its message.
    Failed(String),
    /// The engine service stopped before it answered.
    Stopped(RecvError),
    /// The user's UCI engine failed: which engine, and what it did.
    External(Arc<ExternalError>),
}

/// Two failures are the same when they say the same (an engine's failure holds the
/// system's error, which cannot be compared).
impl PartialEq for AnalyseError {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (AnalyseError::Failed(a), AnalyseError::Failed(b)) => a == b,
            (AnalyseError::Stopped(_), AnalyseError::Stopped(_)) => true,
            (AnalyseError::External(a), AnalyseError::External(b)) => {
                a.to_string() == b.to_string()
            }
            _ => false,
        }
    }
}

impl AnalyseError {
    /// What went wrong, without the "the engine failed" that [`fmt::Display`] puts first.
    pub fn reason(&self) -> String {
        match self {
            AnalyseError::Failed(message) => message.clone(),
            AnalyseError::Stopped(_) => "the engine service has stopped".into(),
            AnalyseError::External(e) => e.to_string(),
        }
    }
}

impl fmt::Display for AnalyseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // It names the engine and what it did.
            AnalyseError::External(e) => e.fmt(f),
            _ => write!(f, "the engine failed: {}", self.reason()),
        }
    }
}

impl std::error::Error for AnalyseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AnalyseError::Failed(_) => None,
            AnalyseError::Stopped(e) => Some(e),
            AnalyseError::External(e) => Some(e.as_ref()),
        }
    }
}

impl From<ExternalError> for AnalyseError {
    fn from(e: ExternalError) -> Self {
        AnalyseError::External(Arc::new(e))
    }
}

/// One game's analysis in progress: the positions evaluated so far, from the start on,
/// and the request in flight.
#[derive(Clone, Debug)]
pub struct AnalysisJob {
    game: Game,
    limits: Limits,
    thresholds: Thresholds,
    evals: Vec<PositionEval>,
    /// The next position, searched, while the move played there is being scored.
    searched: Option<PositionEval>,
    /// The move played was scored a draw by its restricted search where the best move is
    /// not one: the position after it is being searched to check (see
    /// [`AnalysisJob::on_reply`]).
    recheck: bool,
    /// The id of the request sent for the next position, while it is unanswered.
    waiting: Option<u64>,
    /// The principal variation of the waiting request's last iteration.
    pv: Vec<Move>,
}

impl AnalysisJob {
    /// Analysis of every position of `game`, each searched within `limits`, moves judged
    /// by `thresholds`.
    pub fn new(game: &Game, limits: Limits, thresholds: Thresholds) -> AnalysisJob {
        AnalysisJob {
            game: game.clone(),
            limits,
            thresholds,
            evals: Vec::with_capacity(game.positions().len()),
            searched: None,
            recheck: false,
            waiting: None,
            pv: Vec::new(),
        }
    }

    /// The request for the next position (to send with [`Engine::think`], then tell
    /// [`AnalysisJob::sent`] its id): its search, or the search of the move played there;
    /// `None` when every position is evaluated or a request is still waiting. Positions
    /// without a legal move are filled in here, without asking.
    pub fn next_think(&mut self) -> Option<Think> {
        let positions = self.game.positions();
        while self.searched.is_none()
            && let Some(pos) = positions.get(self.evals.len())
            && let Some(over) = PositionEval::terminal(pos)
        {
            self.evals.push(over);
        }
        if self.is_finished() || self.waiting.is_some() {
            return None;
        }
        let index = self.evals.len();
        let mut prefix = self.game.clone();
        while prefix.positions().len() > index + 1 {
            prefix.undo();
        }
        let prefix = as_an_arbiter(prefix);
        let played = self.game.moves().get(index).copied();
        let (prefix, limits) = match (&self.searched, played) {
            // The position after the move played, alone, a move less deep.
            (Some(e), Some(mv)) if self.recheck => (
                Game::from_position(prefix.position().after(mv)),
                Limits {
                    depth: Some(e.depth.saturating_sub(1).max(1)),
                    ..Limits::default()
                },
            ),
            // The move played, alone, as deep as the search that found the best one.
            (Some(e), Some(mv)) => (
                prefix,
                Limits {
                    depth: Some(e.depth.max(1)),
                    searchmoves: vec![mv],
                    ..Limits::default()
                },
            ),
            _ => (prefix, self.limits.clone()),
        };
        Some(Think::search(&prefix, Level::FULL, limits))
    }

    /// The request [`AnalysisJob::next_think`] returned was sent as `id`.
    pub fn sent(&mut self, id: u64) {
        self.waiting = Some(id);
        self.pv.clear();
    }

    /// Takes one of the engine's replies: `Ok(Some(i))` when it completes position `i`,
    /// `Ok(None)` for progress, for the search that leaves the move played to score, and
    /// for replies to other requests; `Err` if the engine failed on this job's request
    /// (the job can go on: ask [`AnalysisJob::next_think`] again to retry).
    pub fn on_reply(&mut self, reply: &Reply) -> Result<Option<usize>, AnalyseError> {
        if self.waiting != Some(reply.id()) {
            return Ok(None);
        }
        match reply {
            Reply::Event {
                event: Event::Iteration(it),
                ..
            } => {
                self.pv.clone_from(&it.pv);
                Ok(None)
            }
            Reply::Event { .. } => Ok(None),
            Reply::Done { result, .. } => {
                self.waiting = None;
                let index = self.evals.len();
                let pos = &self.game.positions()[index];
                let mover = pos.turn();
                let mut eval = match self.searched.take() {
                    // The position after the move, searched: its score, counted from the
                    // position before (the mover's own mate one move further).
                    Some(mut searched) if std::mem::take(&mut self.recheck) => {
                        let after = Eval::from_score(result.score, !mover);
                        searched.played = Some(match after {
                            Eval::Mate { winner, moves } if winner == mover => Eval::Mate {
                                winner,
                                moves: moves + 1,
                            },
                            other => other,
                        });
                        searched
                    }
                    Some(mut searched) => {
                        let played = Eval::from_score(result.score, mover);
                        let after = pos.after(self.game.moves()[index]);
                        if self.repeats_thrice(index) {
                            searched.played = Some(Eval::Cp(0));
                        } else if played == Eval::Cp(0)
                            && searched.eval.value(mover).abs() >= DRAW_SUSPECT
                            && after.has_legal_moves()
                        {
                            // A draw where the best move is no draw: often the move
                            // restricted at the root makes the search take a return to
                            // the root, which the mover would have avoided, for a
                            // repetition. The position after the move, searched alone,
                            // tells.
                            self.recheck = true;
                            self.searched = Some(searched);
                            return Ok(None);
                        } else {
                            searched.played = Some(played);
                        }
                        searched
                    }
                    None => PositionEval::from_search(pos, result, &self.pv),
                };
                match self.game.moves().get(index) {
                    Some(&mv) if eval.played.is_none() && eval.best != Some(mv) => {
                        // The move played still needs its own score.
                        self.searched = Some(eval);
                        return Ok(None);
                    }
                    Some(_) if eval.played.is_none() => eval.played = Some(eval.eval),
                    _ => {}
                }
                self.evals.push(eval);
                Ok(Some(index))
            }
            Reply::Failed { message, .. } => {
                self.waiting = None;
                Err(AnalyseError::Failed(message.clone()))
            }
        }
    }

    /// Does the game's move from position `index` reach a position for the third time (a
    /// draw however the search scored it)?
    fn repeats_thrice(&self, index: usize) -> bool {
        index + 1 < self.game.positions().len() && self.game.repetitions_at(index + 1) >= 3
    }

    /// Is a request of this job unanswered?
    pub fn is_waiting(&self) -> bool {
        self.waiting.is_some()
    }

    /// The game analysed.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// How many positions are evaluated (with the move played there), of
    /// [`AnalysisJob::total`].
    pub fn done(&self) -> usize {
        self.evals.len()
    }

    /// The game's positions, the start included.
    pub fn total(&self) -> usize {
        self.game.positions().len()
    }

    pub fn is_finished(&self) -> bool {
        self.done() == self.total()
    }

    /// The evaluations so far, from the start position on.
    pub fn evals(&self) -> &[PositionEval] {
        &self.evals
    }

    /// The analysis so far: every move whose positions before and after are evaluated
    /// is judged.
    pub fn analysis(&self) -> GameAnalysis {
        GameAnalysis::from_evals(&self.game, self.evals.clone(), &self.thresholds)
    }
}

/// The game as its last position's search should see it to judge the game's moves as an
/// arbiter would: the last position alone, without the game's history. The search counts a
/// position that occurred once before as a draw (right within its own tree: whoever could
/// repeat once can repeat again), but a position the game reached once before is no draw
/// yet: returning there draws only if it can be forced twice more, and the search of the
/// position alone finds that in its tree. A move that completes a threefold repetition
/// in the game itself is scored a draw by [`AnalysisJob`].
pub fn as_an_arbiter(game: Game) -> Game {
    Game::from_position(*game.position())
}

/// How far from level (centipawns, the mover's side) the best move must be for a draw
/// score of the move played to be checked by a search of the position after it.
const DRAW_SUSPECT: i32 = 100;

/// Analyses games with an engine, blocking until each answer: Huo's own engine service,
/// or the user's UCI engine ([`External`]) when the configuration names one.
pub struct Analyser {
    backend: Backend,
    limits: Limits,
    thresholds: Thresholds,
    /// The engine's name (`Stockfish 15.1`), and who analyses and how, for the annotated
    /// game's `[Annotator]` tag and the screens' titles.
    name: String,
    annotator: String,
}

/// The engine behind an [`Analyser`].
enum Backend {
    Huo {
        engine: Engine,
        replies: Receiver<Reply>,
    },
    External {
        engine: Box<External>,
        /// The last request's number (the job tells replies apart by it).
        id: u64,
    },
}

impl Analyser {
    /// An analyser with Huo's own engine: the configuration's evaluation, the `[analysis]`
    /// hash size, threads and thresholds, searching each position within `limits` (for
    /// example `Limits { depth: Some(12), ..Limits::default() }`) at full strength,
    /// without the book and without contempt.
    pub fn new(config: &Config, limits: Limits) -> Analyser {
        let spec = AnalyserSpec {
            engine: EngineName::Huo,
            limits,
            ..AnalyserSpec::from_config(config)
        };
        Analyser::huo(config, &spec)
    }

    fn huo(config: &Config, spec: &AnalyserSpec) -> Analyser {
        let (engine, replies) = Engine::spawn_with_channel(Settings {
            eval: Evaluator::from_config(config),
            hash_mb: spec.hash_mb,
            threads: spec.threads,
            contempt: 0,
            book: None,
        });
        Analyser {
            backend: Backend::Huo { engine, replies },
            limits: spec.limits.clone(),
            thresholds: Thresholds::from_config(&config.analysis),
            name: format!("Huo Chess {}", env!("CARGO_PKG_VERSION")),
            annotator: spec.describe(&format!("Huo Chess {}", env!("CARGO_PKG_VERSION"))),
        }
    }

    /// The analyser `spec` describes: Huo's own engine, or the user's UCI engine started
    /// (which can fail: the error names the engine and what it did).
    pub fn start(config: &Config, spec: &AnalyserSpec) -> Result<Analyser, AnalyseError> {
        Analyser::start_with(config, spec, Patience::default())
    }

    /// [`Analyser::start`], with the user's engine given `patience` at each step.
    pub fn start_with(
        config: &Config,
        spec: &AnalyserSpec,
        patience: Patience,
    ) -> Result<Analyser, AnalyseError> {
        let EngineName::Program(program) = &spec.engine else {
            return Ok(Analyser::huo(config, spec));
        };
        let options = [
            ("Threads", spec.threads.to_string()),
            ("Hash", spec.hash_mb.to_string()),
        ];
        let engine = External::start(program, &options, patience)?;
        Ok(Analyser {
            name: engine.name().to_string(),
            annotator: spec.describe(engine.name()),
            backend: Backend::External {
                engine: Box::new(engine),
                id: 0,
            },
            limits: spec.limits.clone(),
            thresholds: Thresholds::from_config(&config.analysis),
        })
    }

    /// The engine's name: `Stockfish 15.1`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Who analyses and how: `Stockfish 15.1 (depth 12, 1 thread, hash 32 MB)`.
    pub fn annotator(&self) -> &str {
        &self.annotator
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
        let mut job = AnalysisJob::new(game, self.limits.clone(), self.thresholds);
        // Only the last position: the others count as done.
        let last = game.positions().len() - 1;
        job.evals = vec![PLACEHOLDER; last];
        self.run(&mut job, |_| {})?;
        Ok(job
            .evals
            .pop()
            .expect("the job evaluated its last position"))
    }

    /// Every position of `game` searched and every move judged. `progress` is told, after
    /// each position, how many of the game's positions are done. The engine forgets the
    /// games before: their searches would change this one's verdicts.
    pub fn analyse(
        &mut self,
        game: &Game,
        progress: impl FnMut(usize),
    ) -> Result<GameAnalysis, AnalyseError> {
        self.clear()?;
        let mut job = AnalysisJob::new(game, self.limits.clone(), self.thresholds);
        self.run(&mut job, progress)?;
        Ok(job.analysis())
    }

    /// Runs `job` to its end on this analyser's engine; `progress` is told how many of
    /// the game's positions are done, after each.
    pub fn run(
        &mut self,
        job: &mut AnalysisJob,
        mut progress: impl FnMut(usize),
    ) -> Result<(), AnalyseError> {
        self.run_while(job, |job| {
            progress(job.done());
            true
        })
    }

    /// Runs `job` on this analyser's engine until its end, or until `go_on`, asked after
    /// each position is done, says to stop.
    pub fn run_while(
        &mut self,
        job: &mut AnalysisJob,
        mut go_on: impl FnMut(&AnalysisJob) -> bool,
    ) -> Result<(), AnalyseError> {
        let mut reported = 0;
        loop {
            let think = job.next_think();
            if job.done() > reported {
                reported = job.done();
                if !go_on(job) {
                    return Ok(());
                }
            }
            let Some(think) = think else {
                return Ok(());
            };
            let done = match &mut self.backend {
                Backend::Huo { engine, replies } => {
                    let id = engine.think(think);
                    job.sent(id);
                    let mut done = false;
                    while job.is_waiting() {
                        let reply = replies.recv().map_err(AnalyseError::Stopped)?;
                        done |= job.on_reply(&reply)?.is_some();
                    }
                    done
                }
                Backend::External { engine, id } => {
                    *id += 1;
                    let id = *id;
                    job.sent(id);
                    let pos = *think.game.position();
                    let result = engine.search(&pos, &think.limits, |it| {
                        let event = Event::Iteration(it.clone());
                        // Progress only: the line the search expects.
                        let _ = job.on_reply(&Reply::Event { id, event });
                    })?;
                    let reply = Reply::Done {
                        id,
                        result,
                        origin: Origin::Search,
                    };
                    job.on_reply(&reply)?.is_some()
                }
            };
            if done {
                reported = job.done();
                if !go_on(job) {
                    return Ok(());
                }
            }
        }
    }

    /// Forgets what the engine learned (its transposition table; a new game for the
    /// user's engine).
    pub fn clear(&mut self) -> Result<(), AnalyseError> {
        match &mut self.backend {
            Backend::Huo { engine, .. } => engine.clear(),
            Backend::External { engine, .. } => engine.new_game()?,
        }
        Ok(())
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error;

    #[test]
    fn a_stopped_service_is_the_channels_error() {
        let (tx, rx) = std::sync::mpsc::channel::<Reply>();
        drop(tx);
        let e = AnalyseError::Stopped(rx.recv().unwrap_err());
        assert_eq!(
            e.to_string(),
            "the engine failed: the engine service has stopped"
        );
        assert_eq!(e.reason(), "the engine service has stopped");
        let source = e.source().expect("the channel's error");
        assert_eq!(source.downcast_ref::<RecvError>(), Some(&RecvError));
    }

    #[test]
    fn a_failed_request_says_the_engines_message() {
        let e = AnalyseError::Failed("out of memory".into());
        assert_eq!(e.to_string(), "the engine failed: out of memory");
        assert!(e.source().is_none());
    }
}
