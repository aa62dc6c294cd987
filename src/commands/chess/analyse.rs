//! `analyse FILE`: every game of a PGN file annotated by the analysing engine (Huo's own,
//! or the user's UCI engine); `--player NAME`: that player's mistakes made into drills and
//! the opponents' blunders the player missed into puzzles, from the same analysis (with
//! `--out`, the annotated games are written too); `drill`: the drills asked.

use super::drill as deck;
use crate::analysis::batch::{self, Output};
use crate::analysis::{AnalyserSpec, EngineName};
use crate::commands::error::{CommandResult, load_config};
use crate::config::Config;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Which engine analyses and how hard, as the command line gave it (each `None`: the
/// configuration's `[analysis]` value).
pub struct Search {
    pub engine: Option<String>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    pub threads: Option<u32>,
}

impl Search {
    /// The configuration's analyser with the command line's overrides.
    pub fn spec(&self, config: &Config) -> AnalyserSpec {
        AnalyserSpec::from_config(config).overridden(
            self.engine
                .as_deref()
                .map(|e| e.parse::<EngineName>().unwrap_or_default()),
            self.depth,
            self.nodes,
            self.movetime,
            self.threads.map(|t| t as usize),
        )
    }
}

/// `analyse FILE [--out FILE] [--player NAME]`: the games, annotated, on standard output
/// or in `out`; with a player, that player's mistakes and blunders into the drills' deck
/// (and the annotated games only where `--out` says).
pub fn analyse(
    config: Option<&Path>,
    input: PathBuf,
    out: Option<PathBuf>,
    player: Option<String>,
    search: Search,
) -> CommandResult {
    let loaded = load_config(config)?;
    let output = match (out, &player) {
        (Some(path), _) => Output::File(path),
        (None, None) => Output::Stdout,
        (None, Some(_)) => Output::Nowhere,
    };
    let opts = batch::Options {
        input: input.clone(),
        out: output,
        spec: search.spec(&loaded.config),
        threads_asked: search.threads.map(|t| t as usize),
        live_progress: std::io::stderr().is_terminal(),
    };
    let mut drills = player.as_deref().map(deck::Collect::open).transpose()?;
    let mut puzzles = player.as_deref().map(OwnPuzzles::new);
    let stdout = std::io::stdout();
    let mut stdout = stdout.lock();
    let summary = batch::run(
        &loaded.config,
        &opts,
        &mut stdout,
        &mut std::io::stderr(),
        &mut |number, pgn, analysis| {
            if let Some(d) = &mut drills {
                d.game(number, pgn, analysis);
            }
            if let Some(p) = &mut puzzles {
                p.game(number, pgn, analysis);
            }
        },
    );
    // The drills and puzzles found before an engine failed are kept too.
    let added = drills.map(|d| d.finish(&input)).transpose();
    let puzzled = puzzles.map(OwnPuzzles::finish).transpose();
    let summary = summary?;
    if summary.games == 0 {
        return Err("no game could be analysed".into());
    }
    added?;
    puzzled?;
    Ok(ExitCode::SUCCESS)
}

/// `analyse --player NAME`: the opponents' blunders the player missed, made into puzzles
/// game by game, then added to the user's own puzzles.
struct OwnPuzzles {
    player: String,
    /// Proves and rates the puzzles with Huo's own search and its built-in evaluation,
    /// as the shipped set was, whatever engine analyses.
    searcher: crate::search::Searcher,
    found: Vec<crate::puzzle::Puzzle>,
}

impl OwnPuzzles {
    fn new(player: &str) -> OwnPuzzles {
        OwnPuzzles {
            player: player.to_string(),
            searcher: crate::search::Searcher::new(crate::eval::Evaluator::default(), 64),
            found: Vec::new(),
        }
    }

    fn game(
        &mut self,
        number: usize,
        pgn: &crate::pgn::PgnGame,
        analysis: &crate::analysis::GameAnalysis,
    ) {
        let sides = crate::train::deck::sides_of(pgn, &self.player);
        if sides.is_empty() {
            return;
        }
        let url = pgn.header("Site").unwrap_or("");
        let found = crate::puzzle::from_games::puzzles_of(
            &mut self.searcher,
            &pgn.to_game(),
            analysis,
            &sides,
            url,
        );
        if !found.is_empty() {
            eprintln!(
                "game {number}: {} puzzle(s) from your opponent's blunders you missed",
                found.len()
            );
        }
        self.found.extend(found);
    }

    /// Adds the puzzles to the user's own and says so.
    fn finish(self) -> CommandResult {
        if self.found.is_empty() {
            println!(
                "No puzzle: no blunder of the opponents' was missed with only one way to punish it."
            );
            return Ok(ExitCode::SUCCESS);
        }
        let dir = crate::puzzle::library::default_dir()
            .ok_or("no home folder to keep your puzzles in")?;
        let added = crate::puzzle::library::add_own(&dir, &self.found)?;
        println!(
            "{} puzzle(s) from the opponents' blunders you missed, {added} new in {}. Solve them: huo-chess puzzle --theme ownGame",
            self.found.len(),
            dir.join(crate::puzzle::library::OWN_NAME).display()
        );
        Ok(ExitCode::SUCCESS)
    }
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
