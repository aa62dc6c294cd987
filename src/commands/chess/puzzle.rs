//! `huo-chess puzzle`: tactics puzzles on the puzzle screen (or as lines with `--plain`),
//! `--stats` for the figures, `puzzle import FILE` to import a puzzle database (lichess's
//! `lichess_db_puzzle.csv.zst` as downloaded). See [`crate::puzzle`].

use crate::commands::error::{CommandError, CommandResult, say};
use crate::config::Config;
use crate::puzzle::import::{ImportError, import};
use crate::puzzle::library::default_dir;
use crate::puzzle::progress::{Progress, default_path};
use crate::puzzle::trainer::{Options, PuzzleTrainer};
use crate::util::{date, rng};
use clap::{Args, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// `huo-chess puzzle`'s arguments.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct PuzzleArgs {
    #[command(subcommand)]
    action: Option<PuzzleAction>,
    /// Only puzzles with this theme, lichess's name: fork, pin, skewer, mateIn2,
    /// backRankMate, hangingPiece, promotion, endgame, ownGame (from your own games)...
    #[arg(long, value_name = "THEME")]
    theme: Option<String>,
    /// New puzzles rated near this instead of near your own rating.
    #[arg(long, value_parser = clap::value_parser!(u16).range(0..=4000))]
    rating: Option<u16>,
    /// Print your rating, its history, success by theme and the weakest themes instead.
    #[arg(long, conflicts_with_all = ["theme", "rating", "plain"])]
    stats: bool,
    /// Solve as lines of text, without the screen (screen readers, scripts).
    #[arg(long)]
    plain: bool,
}

#[derive(Subcommand)]
enum PuzzleAction {
    /// Import a puzzle database in lichess's layout (the whole lichess_db_puzzle.csv.zst
    /// too): plain text or zstd or gzip. Bad lines are reported and skipped; the import
    /// replaces the previous one in one piece.
    Import {
        /// The CSV file (`-`: standard input).
        file: PathBuf,
    },
}

/// No data folder (no home folder known).
fn no_home() -> CommandError {
    "no home folder to keep the puzzle progress in".into()
}

/// Runs `huo-chess puzzle` as `args` ask.
pub fn run(args: PuzzleArgs, config: Option<&std::path::Path>) -> CommandResult {
    if let Some(PuzzleAction::Import { file }) = args.action {
        return import_file(&file);
    }
    if args.stats {
        let path = default_path().ok_or_else(no_home)?;
        let progress = Progress::load(&path).map_err(|e| CommandError::Failed(Box::new(e)))?;
        print!(
            "{}",
            crate::puzzle::stats::text(&progress, &path.display().to_string(), date::today())
        );
        return Ok(ExitCode::SUCCESS);
    }
    let loaded = crate::commands::load_config(config)?;
    let options = Options {
        theme: args.theme,
        rating: args.rating,
        today: date::today(),
        seed: rng::seed_from_clock(),
    };
    let dir = default_dir().ok_or_else(no_home)?;
    let trainer = PuzzleTrainer::open(Some(&dir), default_path(), options)
        .map_err(|e| CommandError::Failed(Box::new(e)))?;
    play(trainer, &loaded.config, args.plain)
}

/// The trainer on its screen, or as lines.
fn play(trainer: PuzzleTrainer, config: &Config, plain: bool) -> CommandResult {
    let result = if plain {
        crate::plain::puzzle::run(trainer)
    } else {
        crate::tui::puzzle::run(trainer, config)
    };
    result.map_err(|e| format!("puzzle: {e}"))?;
    Ok(ExitCode::SUCCESS)
}

/// `huo-chess puzzle import FILE`.
fn import_file(file: &std::path::Path) -> CommandResult {
    let dir = default_dir().ok_or_else(no_home)?;
    let input = crate::util::input::open(file)?;
    let name = input.name().to_string();
    let report = match import(input, &name, &dir) {
        Ok(r) => r,
        Err(e @ ImportError::Nothing { .. }) => return Err(e.to_string().into()),
        Err(e) => return Err(CommandError::Failed(Box::new(e))),
    };
    for e in &report.first_bad {
        say("huo-chess", &format!("{e}: skipped"));
    }
    let more = report.bad.saturating_sub(report.first_bad.len() as u64);
    if more > 0 {
        say(
            "huo-chess",
            &format!("... and {more} more bad line(s) skipped"),
        );
    }
    println!(
        "Imported {} puzzle(s) from {name} into {}{}",
        report.imported,
        dir.display(),
        match report.bad {
            0 => String::new(),
            n => format!(" ({n} bad line(s) skipped)"),
        }
    );
    Ok(ExitCode::SUCCESS)
}
