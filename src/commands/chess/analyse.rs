//! `analyse FILE`: every game of a PGN file annotated by the engine; `analyse FILE --player
//! NAME`: that player's mistakes made into drills; `drill`: the drills asked.

use super::drill as deck;
use crate::analysis::batch;
use crate::commands::error::{CommandResult, load_config};
use crate::config::Config;
use crate::search::Limits;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// How hard an analysis searches, as the command line gave it.
pub struct Search {
    pub depth: Option<u32>,
    pub movetime: Option<u64>,
    pub threads: Option<u32>,
}

impl Search {
    /// `--depth` and `--movetime` as given, or the configuration's `[analysis] depth` when
    /// neither is.
    fn limits(&self, config: &Config) -> Limits {
        Limits {
            depth: match (self.depth, self.movetime) {
                (None, None) => Some(config.analysis.depth),
                _ => self.depth,
            },
            movetime: self.movetime.map(Duration::from_millis),
            ..Default::default()
        }
    }
}

/// `analyse FILE [--out FILE]`: the games, annotated, on standard output or in `out`.
pub fn annotate(
    config: Option<&Path>,
    input: PathBuf,
    out: Option<PathBuf>,
    search: Search,
) -> CommandResult {
    let loaded = load_config(config)?;
    let opts = batch::Options {
        input,
        out,
        limits: search.limits(&loaded.config),
        threads: search
            .threads
            .map_or(loaded.config.search.threads, |n| n as usize),
        live_progress: std::io::stderr().is_terminal(),
    };
    let stdout = std::io::stdout();
    let mut stdout = stdout.lock();
    let summary = batch::run(&loaded.config, &opts, &mut stdout, &mut std::io::stderr())?;
    if summary.games == 0 {
        return Err("no game could be analysed".into());
    }
    Ok(ExitCode::SUCCESS)
}

/// `analyse FILE --player NAME`: the player's mistakes into the drills' deck.
pub fn drills_of(
    config: Option<&Path>,
    input: PathBuf,
    player: &str,
    search: Search,
) -> CommandResult {
    let mut loaded = load_config(config)?;
    if let Some(n) = search.threads {
        loaded.config.search.threads = (n as usize).clamp(1, crate::search::available_threads());
    }
    let limits = search.limits(&loaded.config);
    deck::analyse_player(&loaded.config, &input, player, limits)
}

/// `drill [--all] [--stats]`.
pub fn drill(config: Option<&Path>, all: bool, stats: bool, plain: bool) -> CommandResult {
    let loaded = load_config(config)?;
    if stats {
        deck::stats(crate::util::date::today())
    } else {
        deck::drill(&loaded.config, all, plain)
    }
}
