//! Taking over the terminal and giving it back.
//!
//! The screen runs in raw mode on the alternate screen with mouse reporting. Whatever
//! happens (normal quit, error, panic, a signal) the terminal must come back as it was:
//! [`Session`] restores it when dropped and turns SIGTERM/SIGHUP/SIGINT/SIGQUIT into a
//! flag the run loop ends on, and [`install_panic_hook`] restores it *before* the panic
//! message is printed, so the message is readable. A terminal that disappears without a
//! signal (its window or multiplexer killed) ends the loop too: see [`Ending`].

use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use crossterm::{cursor, execute};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use std::io::{self, IsTerminal, Stdout, Write};
use std::mem::ManuallyDrop;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Once};

/// The terminal the screens draw on.
pub type Tui = Terminal<CrosstermBackend<Stdout>>;

/// The terminal, taken over; given back when dropped.
pub struct Session {
    /// Never dropped: ratatui's drop only shows the cursor, which [`restore`] does, and
    /// reports a failure with `eprintln!`, which panics once the terminal is gone.
    pub terminal: ManuallyDrop<Tui>,
    /// When the run loop must end the way a quit does (the game autosaved, the terminal
    /// restored) though no key asked for it.
    pub ending: Ending,
}

/// Why a screen ends without a key: SIGTERM, SIGHUP, SIGINT or SIGQUIT arrived (the same
/// one again while the first is being handled ends the process at once), or the terminal is
/// gone. A terminal closed under us hangs up its end: it stops being a terminal (its
/// `isatty` fails) and reading it returns nothing forever, so waiting for keys would spin.
#[derive(Clone, Debug)]
pub struct Ending {
    signalled: Arc<AtomicBool>,
    /// Was standard output a terminal when the screen started? (Only then can it go.)
    on_terminal: bool,
}

impl Ending {
    /// Must the screen end now?
    pub fn now(&self) -> bool {
        self.signalled.load(Ordering::Relaxed) || self.on_terminal && !io::stdout().is_terminal()
    }
}

/// The signals that end a screen: termination, interruption, and on Unix the terminal
/// hanging up and the quit key; Windows has only the first two.
#[cfg(unix)]
pub const ENDING_SIGNALS: [i32; 4] = {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
};
#[cfg(not(unix))]
pub const ENDING_SIGNALS: [i32; 2] = {
    use signal_hook::consts::{SIGINT, SIGTERM};
    [SIGTERM, SIGINT]
};

/// Registers the signals that end a screen; `signalled` is set when one arrives.
fn watch_signals(signalled: &Arc<AtomicBool>) {
    for sig in ENDING_SIGNALS {
        // The first arrival sets the flags; the same signal again while its own flag is set
        // exits immediately (someone insists). A different one does not: a shutdown sends
        // SIGTERM and the closing terminal SIGHUP, and the game must still be saved.
        let again = Arc::new(AtomicBool::new(false));
        let _ = signal_hook::flag::register_conditional_shutdown(sig, 1, Arc::clone(&again));
        let _ = signal_hook::flag::register(sig, again);
        let _ = signal_hook::flag::register(sig, Arc::clone(signalled));
    }
}

/// Why a screen cannot run here, if it cannot: it draws on standard output and reads keys
/// from standard input or, when that is redirected, from the controlling terminal.
pub fn unavailable() -> Option<&'static str> {
    if !io::stdout().is_terminal() {
        return Some("standard output is not one");
    }
    if !io::stdin().is_terminal() && std::fs::File::open("/dev/tty").is_err() {
        return Some("there is none to read keys from");
    }
    None
}

impl Session {
    /// Raw mode, alternate screen, mouse reporting, hidden cursor.
    pub fn start() -> io::Result<Session> {
        install_panic_hook();
        enable_raw_mode()?;
        let mut out = io::stdout();
        if let Err(e) = execute!(out, EnterAlternateScreen, EnableMouseCapture, cursor::Hide) {
            restore();
            return Err(e);
        }
        let signalled = Arc::new(AtomicBool::new(false));
        watch_signals(&signalled);
        let ending = Ending {
            signalled,
            on_terminal: io::stdout().is_terminal(),
        };
        match Terminal::new(CrosstermBackend::new(io::stdout())) {
            Ok(terminal) => Ok(Session {
                terminal: ManuallyDrop::new(terminal),
                ending,
            }),
            Err(e) => {
                restore();
                Err(e)
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        restore();
    }
}

/// Gives the terminal back: cooked mode, main screen, no mouse reports, visible cursor.
/// Safe to call more than once.
pub fn restore() {
    let _ = disable_raw_mode();
    let mut out = io::stdout();
    let _ = execute!(out, DisableMouseCapture, LeaveAlternateScreen, cursor::Show);
    let _ = out.flush();
}

/// Restores the terminal before the default panic message is printed.
pub fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // The engine thread catches its own panics and reports them on the screen.
            if std::thread::current().name() == Some(crate::engine::THREAD_NAME) {
                return;
            }
            restore();
            previous(info);
        }));
    });
}

/// Puts `text` on the terminal's clipboard with the OSC 52 escape (terminals that do not
/// support it ignore it).
pub fn osc52_copy(text: &str) -> io::Result<()> {
    let mut out = io::stdout();
    write!(out, "\x1b]52;c;{}\x07", base64(text.as_bytes()))?;
    out.flush()
}

/// Standard base64, as OSC 52 wants it.
pub fn base64(bytes: &[u8]) -> String {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut s = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                s.push(T[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                s.push('=');
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_matches_the_rfc_examples() {
        assert_eq!(super::base64(b""), "");
        assert_eq!(super::base64(b"f"), "Zg==");
        assert_eq!(super::base64(b"fo"), "Zm8=");
        assert_eq!(super::base64(b"foo"), "Zm9v");
        assert_eq!(super::base64(b"foobar"), "Zm9vYmFy");
    }
}
