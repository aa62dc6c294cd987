//! `huo-book`'s commands: one file per group, each an argument struct (clap) with a `run`.
//!
//! Every command sees the books through a [`Context`]: the user's book (the `--book` flag,
//! else the configuration's `book.path`, else `./books`, else the user data directory) over
//! the built-in one, as the game does.

mod check;
pub mod context;
mod departures;
mod export;
mod find;
mod import;
mod layout;
mod merge;
mod record;
mod show;
mod train;

use super::error::{CommandError, CommandResult, load_config};
use super::meta::{Completions, Man};
use crate::book::layers::LayerPolicy;
use clap::{CommandFactory, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

pub use check::{Check, Stats};
pub use context::{Context, FenArg, StartError};
pub use departures::Departures;
pub use export::{Dump, ExportPgn, ExportPolyglot};
pub use find::{Coverage, Find};
pub use import::{ImportHuo, ImportPgn, ImportPolyglot};
pub use layout::{Pack, Unpack};
pub use merge::Merge;
pub use record::{Adopt, Record, Remove};
pub use show::Show;
pub use train::Train;

/// `huo-book`'s command line.
#[derive(Parser)]
#[command(
    name = "huo-book",
    version,
    about = "Huo Chess opening book editor",
    long_about = "Huo Chess opening book editor. Without a subcommand, opens the editor screen."
)]
pub struct Cli {
    /// The book directory (default: the config's book.path, else ./books, else the user
    /// data dir, else the embedded book for reading).
    #[arg(long, global = true, value_name = "DIR")]
    book: Option<PathBuf>,
    /// The configuration file.
    #[arg(long, global = true, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Which books `show`, `record`, `remove` and the editor consult: the user's book over
    /// the built-in one (both, the default), or one of them (user, builtin). `train` asks
    /// your own book only (user) unless this says otherwise. Changes always go to the
    /// user's book. The whole-book commands (stats, check, export, merge, import) work on
    /// one book: the user's, or the built-in one when there is none.
    #[arg(long, global = true, value_name = "LAYERS")]
    layers: Option<LayerPolicy>,
    #[command(subcommand)]
    command: Option<Command>,
}

impl Cli {
    /// Does what the command line asks (the editor without a command).
    pub fn run(self) -> CommandResult {
        // What the program says about itself needs no configuration.
        match &self.command {
            Some(Command::Completions(c)) => return Ok(c.run(Cli::command())?),
            Some(Command::Man(m)) => return Ok(m.run(Cli::command())?),
            _ => {}
        }
        let config = load_config(self.config.as_deref())?.config;
        // A book is a folder: a file given as one is refused before anything reads it.
        if let Some(b) = &self.book {
            crate::book::not_a_folder(b).map_err(|e| format!("--book {e}"))?;
        } else if let Some(b) = &config.book.path {
            crate::book::not_a_folder(b).map_err(|e| format!("book.path {e}"))?;
        }
        let ctx = Context {
            book: self.book,
            layers: self.layers.unwrap_or(LayerPolicy::Both),
            layers_given: self.layers,
            config,
        };
        match &self.command {
            Some(command) => command.run(&ctx),
            None => Ok(edit(&ctx, &FenArg::default())?),
        }
    }
}

/// The subcommands of `huo-book` (without one, the editor opens).
#[derive(Subcommand)]
pub enum Command {
    /// Records moves (UCI or SAN), each as a book move of the position before it.
    Record(Record),
    /// Shows a position: diagram, FEN, key, opening name, file and book moves.
    Show(Show),
    /// Lists the named openings matching a name or an ECO code, their moves, and how much
    /// of each your book covers.
    Find(Find),
    /// Counts positions and moves, and lists files with problems.
    Stats(Stats),
    /// Removes the last move from the position before it.
    Remove(Remove),
    /// Copies the built-in book's moves of a position into the user's book (those it
    /// lacks there; its own moves keep their weights): taking the position over.
    Adopt(Adopt),
    /// Validates every file; exits non-zero when any has a problem.
    Check(Check),
    /// Adds the opening moves of a PGN file, each with the games that played it and their
    /// results for the mover (games= w= d= l=).
    ImportPgn(ImportPgn),
    /// Imports the original Huo Chess book files (Opening*.txt) of a directory.
    ImportHuo(ImportHuo),
    /// Imports a Polyglot .bin book: every entry whose position can be reached from the
    /// start position or the book, by any legal moves.
    ImportPolyglot(ImportPolyglot),
    /// Exports the book as a Polyglot .bin file.
    ExportPolyglot(ExportPolyglot),
    /// Merges another book into this one: a book directory, a Polyglot .bin file, or
    /// `builtin` (the built-in book). Comments, notes and unknown fields are kept.
    Merge(Merge),
    /// Writes the book as one PGN game with variations (the heaviest line first), each
    /// move commented with its weight, share and W/D/L.
    ExportPgn(ExportPgn),
    /// Prints the book's lines, one per row; a line reaching a position already shown
    /// through other moves ends with `= LINE`, LINE being that earlier line.
    Dump(Dump),
    /// Puts every position file into the book's pack (packed.book, one sorted text file),
    /// losslessly: for large books.
    Pack(Pack),
    /// Writes every record of the book's pack to its own position file, losslessly, and
    /// deletes the pack.
    Unpack(Unpack),
    /// Opens the editor screen.
    Edit(FenArg),
    /// Prints the completion script for a shell (bash, zsh, fish, elvish, powershell).
    Completions(Completions),
    /// Prints the man page (roff), of huo-book or of one of its commands.
    Man(Man),
    /// Opens the opening trainer: the program plays the other side's book moves, you
    /// answer with your book's; each position comes back by spaced repetition (the
    /// schedule is training.txt in the book directory). --stats prints the figures.
    Train(Train),
    /// Where each of a player's games left your book: the first move out of it (yours or
    /// your opponent's) and what the book plays there. --due makes the positions you left
    /// it at due in the trainer today.
    Departures(Departures),
}

impl Command {
    /// Runs the command. The error says why it failed.
    pub fn run(&self, ctx: &Context) -> CommandResult {
        match self {
            Command::Record(c) => Ok(c.run(ctx)?),
            Command::Show(c) => Ok(c.run(ctx)?),
            Command::Find(c) => Ok(c.run(ctx)?),
            Command::Stats(c) => Ok(c.run(ctx)?),
            Command::Remove(c) => Ok(c.run(ctx)?),
            Command::Adopt(c) => Ok(c.run(ctx)?),
            Command::Check(c) => Ok(c.run(ctx)?),
            Command::ImportPgn(c) => Ok(c.run(ctx)?),
            Command::ImportHuo(c) => Ok(c.run(ctx)?),
            Command::ImportPolyglot(c) => Ok(c.run(ctx)?),
            Command::ExportPolyglot(c) => Ok(c.run(ctx)?),
            Command::Merge(c) => Ok(c.run(ctx)?),
            Command::ExportPgn(c) => Ok(c.run(ctx)?),
            Command::Dump(c) => Ok(c.run(ctx)?),
            Command::Pack(c) => Ok(c.run(ctx)?),
            Command::Unpack(c) => Ok(c.run(ctx)?),
            Command::Edit(fen) => Ok(edit(ctx, fen)?),
            Command::Completions(c) => Ok(c.run(Cli::command())?),
            Command::Man(m) => Ok(m.run(Cli::command())?),
            Command::Train(c) => Ok(c.run(ctx)?),
            Command::Departures(c) => c.run(ctx),
        }
    }
}

/// The editor edits the user's book; without one (no `--book`, `book.path`, `./books` or
/// data-dir book) it shows the built-in book, read-only, rather than an empty book, and the
/// first change creates the data folder's book.
pub fn edit(ctx: &Context, fen: &FenArg) -> CommandResult {
    // Built-in positions show read-only until adopted; changes go to the user's book
    // (the data folder's when there is none yet).
    let book = ctx.layered_for_writing();
    let start = fen.position()?;
    crate::tui::run_editor(book, start, &ctx.config).map_err(|source| CommandError::Io {
        doing: "editor".into(),
        source,
    })?;
    Ok(ExitCode::SUCCESS)
}
