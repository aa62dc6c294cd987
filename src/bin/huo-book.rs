//! `huo-book`: the opening book editor. Parses the command line and runs the command
//! (`huo_chess::commands::book`); without a command the editor opens.

use huo_chess::commands::{book::Cli, finish, parse};
use std::process::ExitCode;

fn main() -> ExitCode {
    huo_chess::util::pipe::end_quietly_on_broken_pipe();
    match parse::<Cli>("huo-book") {
        Ok(cli) => finish("huo-book", cli.run()),
        Err(status) => status,
    }
}
