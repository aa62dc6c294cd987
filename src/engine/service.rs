//! The service's loop: one request at a time, on the engine thread. A think request is
//! answered by the book, by the only legal move, or by the searcher, in that order; the
//! searcher's progress goes out as it comes.

use super::protocol::{Answered, Origin, Reply, Request, Settings, Sink, Think};
use crate::search::{Event, Score, SearchResult, Searcher, available_threads};
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Receiver;

/// Marks the service ended when the loop leaves, however it leaves: a front end waiting
/// for an answer stops waiting.
struct Ended<'a>(&'a Answered);

impl Drop for Ended<'_> {
    fn drop(&mut self) {
        self.0.end();
    }
}

/// Runs until the handle is dropped (the channel closes).
pub(crate) fn run(settings: Settings, rx: Receiver<Request>, mut sink: Sink, done: Arc<Answered>) {
    let _ended = Ended(&done);
    let mut searcher = Searcher::new(settings.eval, settings.hash_mb);
    searcher.set_contempt(settings.contempt);
    searcher.set_threads(settings.threads.min(available_threads()));
    let mut book = settings.book;
    while let Ok(req) = rx.recv() {
        match req {
            Request::Clear => searcher.clear(),
            Request::SetHash(mb) => searcher.resize(mb),
            Request::SetThreads(n) => searcher.set_threads(n.min(available_threads())),
            Request::SetContempt(cp) => searcher.set_contempt(cp),
            Request::SetEvaluator(eval) => searcher.set_evaluator(*eval),
            Request::SetBook(b) => book = b,
            Request::Think {
                id,
                think,
                stop,
                ponder,
            } => {
                // A bug in the search must not take the front end down: catch and report.
                let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| {
                    answer(
                        &mut searcher,
                        book.as_ref(),
                        &think,
                        &stop,
                        &ponder,
                        &mut |event| sink(Reply::Event { id, event }),
                    )
                }));
                // Counted as answered before the reply goes out: whoever reads the reply
                // and asks "still thinking?" gets "no".
                done.answer(id);
                sink(match outcome {
                    Ok((result, origin)) => Reply::Done { id, result, origin },
                    Err(payload) => Reply::Failed {
                        id,
                        message: panic_message(payload.as_ref()),
                    },
                });
                // Whoever waits for the service to be idle hears it once the answer is out.
                done.sent(id);
            }
        }
    }
}

/// The answer to one think request.
fn answer(
    searcher: &mut Searcher,
    book: Option<&crate::book::layers::Books>,
    think: &Think,
    stop: &AtomicBool,
    ponder: &AtomicBool,
    on_event: &mut dyn FnMut(Event),
) -> (SearchResult, Origin) {
    let pos = *think.game.position();
    let instant = |mv| SearchResult {
        best: Some(mv),
        ponder: None,
        score: Score::Cp(0),
        depth: 0,
        nodes: 0,
    };
    // The book gives one move: not when the front end asked for alternatives or for a
    // choice among some moves only, nor for a search until stopped (an analysis, which
    // must not answer before `stop`), nor while pondering.
    let plain =
        think.limits.multipv <= 1 && think.limits.searchmoves.is_empty() && !think.limits.infinite;
    if let (Some(book), Some(policy)) = (book, think.book.as_ref())
        && !think.ponder
        && plain
        && let Some(pick) = book.probe(
            &think.game,
            // A weak level knows the book only a few moves deep.
            think.level.book_plies(policy.max_ply),
            policy.pick,
            policy.seed,
        )
        && pos.is_legal(pick.mv)
    {
        // Which layer and file answered, for the log and for "why this move".
        let file = format!("{}, {}", pick.layer, pick.file);
        on_event(Event::Book {
            mv: pick.mv,
            file: file.clone(),
        });
        let share = (pick.share() * 100.0).round() as u32;
        return (
            instant(pick.mv),
            Origin::Book {
                file,
                weight: pick.weight,
                share,
            },
        );
    }
    let legal = pos.legal_moves();
    if think.instant_forced && legal.len() == 1 {
        return (instant(legal[0]), Origin::Forced);
    }
    let ponder_flag = think.ponder.then_some(ponder);
    let mut result = searcher.think_pondering(
        &think.game,
        think.level,
        &think.limits,
        stop,
        ponder_flag,
        on_event,
    );
    // An infinite or pondering search answers only when told to stop (the UCI rule). The
    // handle wakes this thread whenever it changes a flag (`Engine::stop`, `ponder_hit`),
    // so nothing polls; a wake-up for another reason just asks again.
    while (think.limits.infinite || ponder.load(Ordering::Relaxed)) && !stop.load(Ordering::Relaxed)
    {
        std::thread::park();
    }
    // Only ever a legal move: the search's own, else the first legal one.
    if !result.best.is_some_and(|m| legal.contains(m)) {
        result.best = legal.first().copied();
    }
    (result, Origin::Search)
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}
