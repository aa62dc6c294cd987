//! `huo-book`: the opening book editor. Parses the command line and runs the command
//! (`huo_chess::commands::book`); without a subcommand it opens the editor screen.

use clap::Parser;
use huo_chess::commands::book::Cli;
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    huo_chess::util::pipe::end_quietly_on_broken_pipe();
    Cli::parse().run().unwrap_or_else(|msg| {
        // Not eprintln!: after the editor, stderr may be a terminal that is gone (it would
        // panic).
        let _ = writeln!(std::io::stderr(), "huo-book: {msg}");
        ExitCode::FAILURE
    })
}
