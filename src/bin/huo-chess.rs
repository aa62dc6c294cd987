//! `huo-chess`: the game, and the engine's command-line tools. Parses the command line and
//! runs the command (`huo_chess::commands::chess`); without a command the game opens.

use clap::Parser;
use huo_chess::commands::{chess::Cli, finish};
use std::process::ExitCode;

fn main() -> ExitCode {
    huo_chess::util::pipe::end_quietly_on_broken_pipe();
    finish("huo-chess", Cli::parse().run())
}
