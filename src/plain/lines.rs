//! The lines plain mode reads and the line it waits with: standard input read on a
//! thread of its own (so that the clocks and the engine go on while nothing is typed),
//! the signals that end it, and the prompt line. The game reads one stream ([`Input`]):
//! the lines typed and its engine's replies, in the order they came.

use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{self, Receiver, Sender};

/// What the game's plain view waits for, on one stream.
#[derive(Debug)]
pub enum Input {
    /// A line typed.
    Line(String),
    /// The input has ended.
    End,
    /// A reply of the game's engine.
    Engine(Box<crate::engine::Reply>),
    /// A worker finished something waited for (a drill's answer judged, an analysed
    /// position): it is taken in.
    Woken,
}

/// A stream of [`Input`] reading `input`: its sender (for the workers that wake it) and
/// its receiver.
pub fn stream_of(input: impl BufRead + Send + 'static) -> (Sender<Input>, Receiver<Input>) {
    let (tx, rx) = mpsc::channel();
    read_into(input, tx.clone());
    (tx, rx)
}

/// Reads `input` a line at a time onto `stream`, on a thread of its own; its end is said.
pub fn read_into(input: impl BufRead + Send + 'static, stream: Sender<Input>) {
    std::thread::spawn(move || {
        for line in input.lines() {
            let Ok(line) = line else { break };
            if stream.send(Input::Line(line)).is_err() {
                return;
            }
        }
        let _ = stream.send(Input::End);
    });
}

/// The line that marks each time input is expected.
pub const PROMPT: &str = ">";

/// How long a wait for input lasts before the signal flag is looked at again.
pub const SIGNAL_CHECK: std::time::Duration = std::time::Duration::from_millis(50);

/// Reads `input` on a thread of its own, a line at a time, so that the game keeps its
/// clocks and its engine going while it waits.
pub fn read_lines(input: impl BufRead + Send + 'static) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in input.lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Sets the flag when a signal asks the program to end (interrupt, termination, and on
/// Unix the terminal hanging up).
pub fn watch_signals() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    #[cfg(unix)]
    let signals = [
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
    ];
    #[cfg(not(unix))]
    let signals = [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM];
    for sig in signals {
        let _ = signal_hook::flag::register(sig, Arc::clone(&flag));
    }
    flag
}
