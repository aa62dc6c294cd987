//! `huo-chess`'s commands: the command line (clap) and, one file per group, what each
//! command does. Without a command, the game screen opens.
//!
//! - `tools`: the engine's own tools: `perft`, `eval`, `bench`.
//! - `analyse`: `analyse` (annotated games, or a player's drills) and `drill`.
//! - `arena`: `match`, two players in-process and their Elo difference.
//! - `puzzle`: `puzzle`, tactics puzzles, their statistics and `puzzle import`.
//! - `settings`: `config check` and `config show`.

mod analyse;
mod arena;
pub mod drill;
mod puzzle;
mod settings;
mod tools;

use super::error::{CommandError, CommandResult, load_config};
use super::meta::{Completions, Man};
use crate::tui::GameArgs;
use clap::{CommandFactory, Parser, Subcommand};
use settings::ConfigAction;
use std::path::PathBuf;
use std::process::ExitCode;

/// `huo-chess`'s command line.
#[derive(Parser)]
#[command(
    name = "huo-chess",
    version,
    about = "Huo Chess: a retro chess program"
)]
pub struct Cli {
    /// Read the configuration from this TOML file.
    #[arg(long, global = true, value_name = "FILE")]
    config: Option<PathBuf>,
    #[command(flatten)]
    game: GameArgs,
    /// Play as lines of text, without the screen: for screen readers, braille displays
    /// and scripts (one fact a line; `help` lists the commands).
    #[arg(long)]
    plain: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
pub enum Command {
    /// Check or show the configuration.
    Config {
        #[command(subcommand)]
        action: ConfigAction,
    },
    /// Speak the Universal Chess Interface on stdin/stdout (for chess GUIs).
    Uci,
    /// Search a fixed set of positions: prints the node count (a signature of the search)
    /// and the speed. With `--config FILE`, with that file's evaluation (its own count).
    Bench {
        /// Search depth for every position.
        #[arg(long, default_value_t = crate::search::bench::DEPTH)]
        depth: u32,
        /// Search threads. The node count is the search's signature only with the
        /// default, 1: with more it varies from run to run, and the time to reach the depth
        /// is what to compare.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
    },
    /// Analyse the games of a PGN file: every move gets the engine's evaluation as a
    /// `{[%eval 0.35]}` comment, inaccuracies, mistakes and blunders their NAG ($6, $2,
    /// $4) and, from a mistake up, the engine's line as a variation. Bad games are reported
    /// and skipped; the input file is never modified.
    Analyse {
        /// The PGN file to analyse: plain text, gzip or zstd (known by its content); `-`
        /// reads standard input.
        file: PathBuf,
        /// Write the annotated games to this file (default: standard output). Written when
        /// the analysis ends, in one piece; never the input file.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// The analysing engine: `huo` (this program's own) or a UCI engine you trust, by
        /// name on PATH (`stockfish`) or by path (default: `[analysis] engine` of the
        /// configuration).
        #[arg(long, value_name = "NAME_OR_PATH")]
        engine: Option<String>,
        /// Search every position to this depth (default: `[analysis] depth` of the
        /// configuration).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64), conflicts_with_all = ["movetime", "nodes"])]
        depth: Option<u32>,
        /// Search every position for this many nodes instead (lichess: 1000000).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "movetime")]
        nodes: Option<u64>,
        /// Search every position for this many milliseconds instead of to a depth.
        #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
        movetime: Option<u64>,
        /// Search threads (default: `[analysis] threads` of the configuration). More than
        /// the machine's cores are counted as its cores, with a note.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: Option<u32>,
        /// This player's mistakes (?) and blunders (??), in the games where the name is
        /// White or Black, become exercises for `huo-chess drill` (kept in drills.txt in
        /// the user's data folder). The annotated games are then written only with --out.
        #[arg(long, value_name = "NAME")]
        player: Option<String>,
    },
    /// Drill your own mistakes (made by `analyse FILE --player NAME`): each due exercise
    /// on the board; find a move as good as the engine's. Spaced repetition as `huo-book
    /// train`.
    Drill {
        /// Ask every exercise, not only those due (or new).
        #[arg(long)]
        all: bool,
        /// Print the counts instead: exercises new, due now and learned, the success rate.
        #[arg(long)]
        stats: bool,
        /// Drill as lines of text, without the screen (screen readers, scripts).
        #[arg(long)]
        plain: bool,
    },
    /// Solve tactics puzzles rated near your own puzzle rating (Glicko-2, kept in your
    /// data folder), a failed one coming back by spaced repetition: the shipped set, the
    /// puzzles from your own games, and a database you imported (`puzzle import FILE`).
    Puzzle(puzzle::PuzzleArgs),
    /// Play two players against each other, in-process, and estimate their Elo difference.
    /// A player is a level (1 to 10, max, classic-1, classic-3, classic-5: the built-in
    /// configuration at that level), a TOML configuration file (its weights, contempt and
    /// level), or FILE:LEVEL (that file's weights at another level). Games start from
    /// balanced openings, each played twice with colours swapped; no book. A game ends by
    /// the rules, on time, or by adjudication: a side whose own search sees it 10 pawns
    /// down (or mated) three moves running while the other agrees loses; 400 half-moves
    /// draw.
    Match {
        /// Engine 1: the one the result is given for.
        #[arg(long, value_name = "PLAYER")]
        engine1: String,
        /// Engine 2.
        #[arg(long, value_name = "PLAYER")]
        engine2: String,
        /// How many games (an even number plays every opening with both colours).
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        games: u32,
        /// Chess clocks per side: base+increment, a unit on each number (10s+0.1s, the
        /// default, or 5m+3s). A flag that falls loses the game.
        #[arg(long, value_name = "BASE+INC", conflicts_with = "nodes")]
        tc: Option<String>,
        /// Fixed nodes per move instead of clocks: the same games on every run.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Openings to use instead of the 51 built-in ones: one FEN or EPD a line, or a
        /// PGN file (each game's moves are an opening).
        #[arg(long, value_name = "FILE")]
        openings: Option<PathBuf>,
        /// Games played at once (one thread each; more than the cores makes clocks unfair).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        concurrency: u32,
        /// Write the games to this PGN file (replaced in one piece at the end).
        #[arg(long, value_name = "FILE")]
        pgn: Option<PathBuf>,
    },
    /// Show how the evaluation judges a position, part by part.
    Eval {
        /// The position (default: the initial one).
        #[arg(long)]
        fen: Option<String>,
    },
    /// Count the leaf nodes of the legal move tree (tests the move generator).
    Perft {
        /// Depth in half-moves (0-20).
        depth: String,
        /// Start from this position instead of the initial one.
        #[arg(long)]
        fen: Option<String>,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
    },
    /// Print the shell completion script (`huo-chess completions bash`).
    Completions(Completions),
    /// Print the man page, of the program or of one command (`huo-chess man analyse`).
    Man(Man),
}

impl Cli {
    /// Does what the command line asks: a command, or without one the game.
    pub fn run(self) -> CommandResult {
        let config = self.config.as_deref();
        let Some(command) = self.command else {
            let loaded = load_config(config)?;
            if self.plain {
                crate::plain::run_game(self.game, &loaded.config).map_err(CommandError::Screen)?;
            } else {
                crate::tui::run_game(self.game, &loaded.config).map_err(CommandError::Screen)?;
            }
            return Ok(ExitCode::SUCCESS);
        };
        match command {
            Command::Config { action } => settings::run(action, config),
            Command::Uci => {
                let loaded = load_config(config)?;
                let stdin = std::io::stdin();
                crate::uci::run(stdin.lock(), std::io::stdout(), &loaded.config);
                Ok(ExitCode::SUCCESS)
            }
            Command::Bench { depth, threads } => tools::bench(config, depth, threads as usize),
            Command::Analyse {
                file,
                out,
                engine,
                depth,
                nodes,
                movetime,
                threads,
                player,
            } => {
                let search = analyse::Search {
                    engine,
                    depth,
                    nodes,
                    movetime,
                    threads,
                };
                analyse::analyse(config, file, out, player, search)
            }
            Command::Drill { all, stats, plain } => analyse::drill(config, all, stats, plain),
            Command::Puzzle(args) => puzzle::run(args, config),
            Command::Match {
                engine1,
                engine2,
                games,
                tc,
                nodes,
                openings,
                concurrency,
                pgn,
            } => {
                let spec = arena::Request {
                    engine1: &engine1,
                    engine2: &engine2,
                    games,
                    tc: tc.as_deref(),
                    nodes,
                    openings: openings.as_deref(),
                    concurrency,
                }
                .spec()?;
                arena::run(&spec, pgn.as_deref())
            }
            Command::Eval { fen } => tools::eval(fen.as_deref(), config),
            Command::Perft { depth, fen, divide } => tools::perft(&depth, fen.as_deref(), divide),
            Command::Completions(c) => Ok(c.run(Cli::command())?),
            Command::Man(m) => Ok(m.run(Cli::command())?),
        }
    }
}
