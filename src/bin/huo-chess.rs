//! `huo-chess`: the game, and the engine's command-line tools. Parses the command line and
//! runs the command (`huo_chess::commands::chess`); without a command the game opens.

use huo_chess::commands::{chess::Cli, finish, parse};
use std::process::ExitCode;

fn main() -> ExitCode {
    huo_chess::util::pipe::end_quietly_on_broken_pipe();
    match parse::<Cli>("huo-chess") {
        Ok(cli) => finish("huo-chess", cli.run()),
        Err(status) => status,
    }
}
