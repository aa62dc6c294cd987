//! `huo-book`: the opening book editor. Parses the command line and runs the command
//! (`huo_chess::commands::book`); without a subcommand it opens the editor screen.

use clap::Parser;
use huo_chess::book::LayerPolicy;
use huo_chess::commands::book::{Command, Context, FenArg, edit};
use huo_chess::config::Config;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "huo-book",
    version,
    about = "Huo Chess opening book editor",
    long_about = "Huo Chess opening book editor. Without a subcommand, opens the editor screen."
)]
struct Cli {
    /// The book directory (default: the config's book.path, else ./books, else the user
    /// data dir, else the embedded book for reading).
    #[arg(long, global = true, value_name = "DIR")]
    book: Option<PathBuf>,
    /// The configuration file.
    #[arg(long, global = true, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Which books `show`, `record`, `remove` and the editor consult: the user's book over
    /// the built-in one (both), or one of them (user, builtin). Changes always go to the
    /// user's book. The whole-book commands (stats, check, export, merge, import) work on
    /// one book: the user's, or the built-in one when there is none.
    #[arg(long, global = true, value_name = "LAYERS", default_value = "both")]
    layers: LayerPolicy,
    #[command(subcommand)]
    command: Option<Command>,
}

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    // Not eprintln!: after the editor, stderr may be a terminal that is gone (it would panic).
    let _ = writeln!(std::io::stderr(), "huo-book: {msg}");
    ExitCode::FAILURE
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let config = match Config::load(cli.config.as_deref()) {
        Ok(l) => l.config,
        Err(e) => return fail(format!("configuration: {e}")),
    };
    let ctx = Context {
        book: cli.book,
        layers: cli.layers,
        config,
    };
    let result = match &cli.command {
        Some(command) => command.run(&ctx),
        None => edit(&ctx, &FenArg::default()),
    };
    result.unwrap_or_else(fail)
}
