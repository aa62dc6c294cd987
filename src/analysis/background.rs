//! A game analysed on a thread of its own, for a screen that stays live meanwhile.
//!
//! The thread starts the analyser the [`AnalyserSpec`] describes (Huo's own engine or the
//! user's UCI engine: the same one `huo-chess analyse` uses, with a fresh hash table for
//! the game), so a game gets the same verdicts on a screen as on the command line. It
//! sends each position's evaluation as it is found ([`Update`]), then the end; a screen
//! takes them in when woken. Dropping the handle asks the thread to stop after the
//! position it is on.

use super::analyser::{AnalyseError, Analyser, AnalysisJob};
use super::spec::AnalyserSpec;
use super::verdict::PositionEval;
use crate::config::Config;
use crate::game::Game;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// What the analysis thread says.
#[derive(Clone, Debug)]
pub enum Update {
    /// The engine is running: who analyses and how (`Stockfish 15.1 (depth 12, …)`).
    Started { annotator: String },
    /// The next position's evaluation (they come in order, from the start position).
    Position(PositionEval),
    /// Every position is evaluated.
    Finished,
    /// The engine failed; the positions sent so far stand.
    Failed(AnalyseError),
}

/// Wakes whoever waits for updates (a screen's event stream).
pub type Wake = Box<dyn Fn() + Send>;

/// The handle on an analysis running on its own thread.
pub struct Background {
    updates: Receiver<Update>,
    cancel: Arc<AtomicBool>,
    /// The last update was received (the thread has ended).
    ended: bool,
}

impl Background {
    /// Analyses `game` with the analyser `spec` describes; `wake` is called after each
    /// update is sent.
    pub fn spawn(
        config: &Config,
        spec: &AnalyserSpec,
        game: &Game,
        wake: Option<Wake>,
    ) -> Background {
        let (tx, updates) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let (config, spec, game) = (config.clone(), spec.clone(), game.clone());
        let stop = Arc::clone(&cancel);
        let send = move |update: Update| {
            let sent = tx.send(update).is_ok();
            if let Some(w) = &wake {
                w();
            }
            sent
        };
        let work = move || {
            let mut analyser = match Analyser::start(&config, &spec) {
                Ok(a) => a,
                Err(e) => {
                    send(Update::Failed(e));
                    return;
                }
            };
            send(Update::Started {
                annotator: analyser.annotator().to_string(),
            });
            let mut job = AnalysisJob::new(&game, spec.limits.clone(), *analyser.thresholds());
            let mut sent = 0;
            let result = analyser.clear().and_then(|()| {
                analyser.run_while(&mut job, |job| {
                    for e in &job.evals()[sent..] {
                        if !send(Update::Position(e.clone())) {
                            return false;
                        }
                    }
                    sent = job.done();
                    !stop.load(Ordering::Relaxed)
                })
            });
            match result {
                Ok(()) if job.is_finished() => send(Update::Finished),
                Ok(()) => true, // cancelled
                Err(e) => send(Update::Failed(e)),
            };
        };
        // Without a thread the sender is dropped with `work`: the handle then says the
        // analysis failed ([`Background::next_within`]).
        let _ = std::thread::Builder::new()
            .name("huo-analysis".into())
            .spawn(work);
        Background {
            updates,
            cancel,
            ended: false,
        }
    }

    /// The next update if one is waiting.
    pub fn try_next(&mut self) -> Option<Update> {
        self.next_within(Duration::ZERO)
    }

    /// The next update, waiting at most `timeout`.
    pub fn next_within(&mut self, timeout: Duration) -> Option<Update> {
        if self.ended {
            return None;
        }
        let update = match self.updates.recv_timeout(timeout) {
            Ok(u) => u,
            Err(RecvTimeoutError::Timeout) => return None,
            Err(RecvTimeoutError::Disconnected) => Update::Failed(AnalyseError::Failed(
                "the analysis thread has stopped".into(),
            )),
        };
        self.ended = matches!(update, Update::Finished | Update::Failed(_));
        Some(update)
    }

    /// Has the analysis ended (finished or failed, the last update taken)?
    pub fn has_ended(&self) -> bool {
        self.ended
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
