//! A command whose reader went away (`huo-book dump | head -1`) ends as Unix programs do:
//! the next write to the closed pipe kills it with SIGPIPE, quietly, and the shell sees
//! status 141 (128 + 13), as after `cat` or `grep` in the same place. Rust programs start
//! with SIGPIPE ignored, so that write fails instead and `println!` panics ("failed
//! printing to stdout: Broken pipe"). Both binaries call [`end_quietly_on_broken_pipe`]
//! first thing.

/// Gives SIGPIPE back its default action (on Unix; elsewhere there is no such signal)
/// when standard output is not a terminal, that is for a command whose output goes to a
/// pipe or a file. A screen (standard output a terminal) keeps SIGPIPE ignored: when its
/// terminal or a pipe of its goes away mid-game, a failed write must not kill it before
/// the game is saved.
pub fn end_quietly_on_broken_pipe() {
    use std::io::IsTerminal;
    if std::io::stdout().is_terminal() {
        return;
    }
    #[cfg(unix)]
    // SAFETY: called at start-up, before any thread exists; SIG_DFL is a valid action for
    // SIGPIPE, and no handler of ours is replaced.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
