//! The screens' one event stream: everything that can change what a screen shows arrives
//! on one channel, and the run loop ([`super::screen`]) sleeps on it.
//!
//! - the terminal's keys, mouse and resizes, read on a thread of their own;
//! - a notice from the engine service each time it replies (the reply itself waits in the
//!   engine link, which knows which request is current), so a move is drawn as soon as it
//!   is found instead of at the next tick;
//! - a notice from a screen's own worker when it is done (a drill's answer judged);
//! - on Unix, the signals that end the screen (the run loop's flag is set as before; the
//!   notice only wakes the loop at once);
//! - the clock tick is the wait's timeout: nothing arrived within it.

use crossterm::event::{self, Event as TermEvent};
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

/// One thing that happened.
#[derive(Debug)]
pub enum Wake {
    /// A key, a mouse action or a resize.
    Terminal(TermEvent),
    /// The terminal could not be read (the reader thread has ended).
    TerminalFailed(io::Error),
    /// The engine service's reply itself (progress, a move found, a failure): the screen
    /// takes it in as it arrives, and shows at once one that ends a request.
    Engine(Box<crate::engine::Reply>),
    /// A screen's worker finished (a drill's answer judged): the screen takes it in.
    Worker,
    /// A signal that ends the screen arrived.
    Signal,
}

/// How long the terminal reader waits for input before looking whether it should stop.
const READER_PATIENCE: Duration = Duration::from_millis(200);

/// The channel and the threads that feed it. Dropping it stops the terminal reader
/// (within [`READER_PATIENCE`]) and the signal watcher.
pub struct Events {
    tx: Sender<Wake>,
    rx: Receiver<Wake>,
    stop: Arc<AtomicBool>,
    #[cfg(unix)]
    signals: Option<signal_hook::iterator::Handle>,
}

impl Default for Events {
    fn default() -> Self {
        Events::new()
    }
}

impl Events {
    /// An empty stream (nothing feeds it yet: see [`Events::read_terminal`], [`Events::sender`]).
    pub fn new() -> Events {
        let (tx, rx) = mpsc::channel();
        Events {
            tx,
            rx,
            stop: Arc::new(AtomicBool::new(false)),
            #[cfg(unix)]
            signals: None,
        }
    }

    /// A way in for another source (the engine's notices).
    pub fn sender(&self) -> Sender<Wake> {
        self.tx.clone()
    }

    /// Reads the terminal on a thread of its own, every event onto the stream.
    pub fn read_terminal(&self) {
        let (tx, stop) = (self.tx.clone(), Arc::clone(&self.stop));
        let reader = move || {
            while !stop.load(Ordering::Relaxed) {
                // Poll first, so the thread notices the screen has ended.
                let next = match event::poll(READER_PATIENCE) {
                    Ok(false) => continue,
                    Ok(true) => event::read(),
                    Err(e) => Err(e),
                };
                let failed = next.is_err();
                let wake = next.map_or_else(Wake::TerminalFailed, Wake::Terminal);
                if tx.send(wake).is_err() || failed {
                    return;
                }
            }
        };
        let _ = std::thread::Builder::new()
            .name("huo-terminal".into())
            .spawn(reader);
    }

    /// Wakes the stream when one of `signals` arrives (Unix; elsewhere the tick notices).
    pub fn watch_signals(&mut self, signals: &[i32]) {
        #[cfg(unix)]
        if let Ok(mut s) = signal_hook::iterator::Signals::new(signals) {
            self.signals = Some(s.handle());
            let tx = self.tx.clone();
            let _ = std::thread::Builder::new()
                .name("huo-signals".into())
                .spawn(move || {
                    for _ in s.forever() {
                        if tx.send(Wake::Signal).is_err() {
                            return;
                        }
                    }
                });
        }
        #[cfg(not(unix))]
        let _ = signals;
    }

    /// The next event, waiting at most `timeout` (`None`: the tick, nothing arrived).
    pub fn next(&self, timeout: Duration) -> Option<Wake> {
        // (Never disconnected: the stream holds a sender of its own.)
        self.rx.recv_timeout(timeout).ok()
    }

    /// The next event if one is waiting.
    pub fn pending(&self) -> Option<Wake> {
        self.rx.try_recv().ok()
    }
}

impl Drop for Events {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        #[cfg(unix)]
        if let Some(h) = self.signals.take() {
            h.close();
        }
    }
}

/// Puts each engine reply on the run loop's event stream: given to the engine link
/// ([`crate::session::engine::EngineLink::deliver_to`]), so a reply is taken in and drawn
/// when it arrives, in order with the keys.
pub fn engine_replies(events: Sender<Wake>) -> crate::session::engine::Deliver {
    Box::new(move |reply| {
        let _ = events.send(Wake::Engine(Box::new(reply)));
    })
}
