//! `huo-book`: the opening book editor.

use clap::Parser;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "huo-book", version, about = "Huo Chess opening book editor")]
struct Cli {}

fn main() -> ExitCode {
    let _cli = Cli::parse();
    eprintln!("huo-book: the book editor is not built yet; try 'huo-book --help'");
    ExitCode::FAILURE
}
