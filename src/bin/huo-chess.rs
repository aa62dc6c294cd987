//! `huo-chess`: the game, and the engine's command-line tools.

use clap::{CommandFactory, Parser, Subcommand};
use huo_chess::commands::meta::{Completions, Man};
use huo_chess::config::Config;
use huo_chess::core::{Position, perft, perft_divide};
use huo_chess::eval::Evaluator;
use huo_chess::tui::GameArgs;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "huo-chess",
    version,
    about = "Huo Chess: a retro chess program"
)]
struct Cli {
    /// Read the configuration from this TOML file.
    #[arg(long, global = true, value_name = "FILE")]
    config: Option<PathBuf>,
    #[command(flatten)]
    game: GameArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
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
        #[arg(long, default_value_t = huo_chess::search::bench::DEPTH)]
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
        /// Search every position to this depth (default: `[analysis] depth` of the
        /// configuration).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64), conflicts_with = "movetime")]
        depth: Option<u32>,
        /// Search every position for this many milliseconds instead of to a depth.
        #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
        movetime: Option<u64>,
        /// Search threads (default: `[search] threads` of the configuration). More than
        /// the machine's cores are counted as its cores, with a note.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: Option<u32>,
        /// Instead of annotating: this player's mistakes (?) and blunders (??), in the
        /// games where the name is White or Black, become exercises for `huo-chess drill`
        /// (kept in drills.txt in the user's data folder).
        #[arg(long, value_name = "NAME", conflicts_with = "out")]
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
    },
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

#[derive(Subcommand)]
enum ConfigAction {
    /// Validate a configuration file (default: the one that would be loaded).
    Check { file: Option<PathBuf> },
    /// Print the effective configuration and where each value came from.
    Show,
}

fn main() -> ExitCode {
    huo_chess::util::pipe::end_quietly_on_broken_pipe();
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Config { action }) => run_config(action, cli.config.as_deref()),
        Some(Command::Uci) => match Config::load(cli.config.as_deref()) {
            Ok(loaded) => {
                let stdin = std::io::stdin();
                huo_chess::uci::run(stdin.lock(), std::io::stdout(), &loaded.config);
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Some(Command::Bench { depth, threads }) => {
            run_bench(cli.config.as_deref(), depth, threads as usize)
        }
        Some(Command::Analyse {
            file,
            out,
            depth,
            movetime,
            threads,
            player: None,
        }) => run_analyse(cli.config.as_deref(), file, out, depth, movetime, threads),
        Some(Command::Analyse {
            file,
            depth,
            movetime,
            threads,
            player: Some(player),
            ..
        }) => run_drill_maker(
            cli.config.as_deref(),
            file,
            &player,
            depth,
            movetime,
            threads,
        ),
        Some(Command::Drill { all, stats }) => run_drill(cli.config.as_deref(), all, stats),
        Some(Command::Match {
            engine1,
            engine2,
            games,
            tc,
            nodes,
            openings,
            concurrency,
            pgn,
        }) => match match_spec(
            &engine1,
            &engine2,
            games,
            tc.as_deref(),
            nodes,
            openings.as_deref(),
            concurrency,
        ) {
            Ok(spec) => run_match(&spec, pgn.as_deref()),
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Some(Command::Eval { fen }) => run_eval(fen.as_deref(), cli.config.as_deref()),
        Some(Command::Perft { depth, fen, divide }) => run_perft(&depth, fen.as_deref(), divide),
        Some(Command::Completions(c)) => report(c.run(Cli::command())),
        Some(Command::Man(m)) => report(m.run(Cli::command())),
        None => {
            let loaded = match Config::load(cli.config.as_deref()) {
                Ok(l) => l,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::FAILURE;
                }
            };
            match huo_chess::tui::run_game(cli.game, &loaded.config) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    // Not eprintln!: when the terminal is what failed, it would panic.
                    let _ = writeln!(std::io::stderr(), "huo-chess: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

/// The position of a `--fen` argument (the initial one without it); says why when the FEN
/// is wrong.
fn position_arg(fen: Option<&str>) -> Option<Position> {
    match fen.map(Position::from_fen) {
        None => Some(Position::startpos()),
        Some(Ok(pos)) => Some(pos),
        Some(Err(e)) => {
            eprintln!("error: {e}");
            None
        }
    }
}

fn run_perft(depth: &str, fen: Option<&str>, divide: bool) -> ExitCode {
    let depth: u32 = match depth.parse() {
        Ok(d) if d <= 20 => d,
        _ => {
            eprintln!("error: invalid depth '{depth}': expected a whole number from 0 to 20");
            return ExitCode::FAILURE;
        }
    };
    let Some(pos) = position_arg(fen) else {
        return ExitCode::FAILURE;
    };
    let start = Instant::now();
    // At depth 0 there are no root moves to divide by: the count is the position itself.
    let nodes = if divide && depth > 0 {
        let mut total = 0;
        for (mv, n) in perft_divide(&pos, depth) {
            println!("{mv}: {n}");
            total += n;
        }
        total
    } else {
        perft(&pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "Time: {:.3} s, {:.1} Mnps",
        secs,
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    println!();
    println!("Nodes searched: {nodes}");
    ExitCode::SUCCESS
}

fn run_eval(fen: Option<&str>, config: Option<&std::path::Path>) -> ExitCode {
    let loaded = match Config::load(config) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let Some(pos) = position_arg(fen) else {
        return ExitCode::FAILURE;
    };
    let eval = huo_chess::eval::Evaluator::from_config(&loaded.config);
    println!("{}", pos.ascii());
    println!("{}", eval.explain(&pos));
    ExitCode::SUCCESS
}

/// `analyse FILE --player NAME`: the player's mistakes into the drills' deck.
fn run_drill_maker(
    config: Option<&std::path::Path>,
    input: PathBuf,
    player: &str,
    depth: Option<u32>,
    movetime: Option<u64>,
    threads: Option<u32>,
) -> ExitCode {
    let mut loaded = match Config::load(config) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(n) = threads {
        loaded.config.search.threads =
            (n as usize).clamp(1, huo_chess::search::available_threads());
    }
    let limits = analysis_limits(depth, movetime, &loaded.config);
    huo_chess::commands::drill::analyse_player(&loaded.config, &input, player, limits)
        .unwrap_or_else(|e| {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        })
}

/// `drill [--all] [--stats]`.
fn run_drill(config: Option<&std::path::Path>, all: bool, stats: bool) -> ExitCode {
    let loaded = match Config::load(config) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = if stats {
        huo_chess::commands::drill::stats(huo_chess::util::date::today())
    } else {
        huo_chess::commands::drill::drill(&loaded.config, all)
    };
    result.unwrap_or_else(|e| {
        eprintln!("error: {e}");
        ExitCode::FAILURE
    })
}

fn run_analyse(
    config: Option<&std::path::Path>,
    input: PathBuf,
    out: Option<PathBuf>,
    depth: Option<u32>,
    movetime: Option<u64>,
    threads: Option<u32>,
) -> ExitCode {
    use huo_chess::analysis::batch;
    use std::io::IsTerminal;
    let loaded = match Config::load(config) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let limits = analysis_limits(depth, movetime, &loaded.config);
    let opts = batch::Options {
        input,
        out,
        limits,
        threads: threads.map_or(loaded.config.search.threads, |n| n as usize),
        live_progress: std::io::stderr().is_terminal(),
    };
    let stdout = std::io::stdout();
    let mut stdout = stdout.lock();
    match batch::run(&loaded.config, &opts, &mut stdout, &mut std::io::stderr()) {
        Ok(summary) if summary.games > 0 => ExitCode::SUCCESS,
        Ok(_) => {
            eprintln!("error: no game could be analysed");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_config(action: ConfigAction, explicit: Option<&std::path::Path>) -> ExitCode {
    let result = match &action {
        ConfigAction::Check { file: Some(file) } => Config::from_file(file),
        _ => Config::load(explicit),
    };
    match (action, result) {
        (_, Err(e)) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
        (ConfigAction::Check { .. }, Ok(loaded)) => {
            println!("{}", loaded.summary());
            ExitCode::SUCCESS
        }
        (ConfigAction::Show, Ok(loaded)) => {
            match &loaded.source {
                Some(p) => println!("# configuration file: {}", p.display()),
                None => println!("# no configuration file: built-in defaults"),
            }
            print!("{}", Config::show(&loaded));
            ExitCode::SUCCESS
        }
    }
}

/// `bench`: with the built-in evaluation (the signature), or the one of a configuration
/// named by `--config` (only an explicit one: a `config/huo.toml` found in the current
/// directory must not change the signature).
fn run_bench(config: Option<&std::path::Path>, depth: u32, threads: usize) -> ExitCode {
    if !(1..=30).contains(&depth) {
        eprintln!("error: invalid depth {depth}: expected 1 to 30");
        return ExitCode::FAILURE;
    }
    let eval = match config {
        None => Evaluator::default(),
        Some(path) => match Config::load(Some(path)) {
            Ok(loaded) => {
                eprintln!(
                    "# evaluation of {}: the node count is this configuration's, not the signature",
                    path.display()
                );
                Evaluator::from_config(&loaded.config)
            }
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        },
    };
    let result = huo_chess::search::bench::run_with(&eval, depth, threads, |i, fen, nodes| {
        eprintln!("Position {i:>2}: {nodes:>10}  {fen}");
    });
    println!("===========================");
    println!("Total time (ms) : {}", result.time.as_millis());
    println!("Nodes searched  : {}", result.nodes);
    println!("Nodes/second    : {}", result.nps());
    ExitCode::SUCCESS
}

/// The clocks of a match when neither `--tc` nor `--nodes` is given.
const DEFAULT_MATCH_TC: &str = "10s+0.1s";

/// The match the arguments ask for, or why they are wrong.
fn match_spec(
    engine1: &str,
    engine2: &str,
    games: u32,
    tc: Option<&str>,
    nodes: Option<u64>,
    openings: Option<&std::path::Path>,
    concurrency: u32,
) -> Result<huo_chess::arena::MatchSpec, String> {
    use huo_chess::arena::{Control, MatchSpec, openings as book};
    use huo_chess::player::Player;
    let engine1 = Player::parse(engine1).map_err(|e| format!("--engine1: {e}"))?;
    let engine2 = Player::parse(engine2).map_err(|e| format!("--engine2: {e}"))?;
    let control = match nodes {
        Some(n) => Control::Nodes(n),
        None => {
            let text = tc.unwrap_or(DEFAULT_MATCH_TC);
            Control::parse_clock(text).map_err(|e| format!("--tc {e}"))?
        }
    };
    let openings = match openings {
        Some(path) => book::from_file(path).map_err(|e| format!("--openings: {e}"))?,
        None => book::builtin(),
    };
    Ok(MatchSpec {
        engine1,
        engine2,
        games: games as usize,
        control,
        openings,
        concurrency: concurrency as usize,
    })
}

fn run_match(spec: &huo_chess::arena::MatchSpec, pgn: Option<&std::path::Path>) -> ExitCode {
    let (one, two) = spec.names();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if spec.concurrency > cores && matches!(spec.control, huo_chess::arena::Control::Clock(_)) {
        eprintln!(
            "note: {} games at once on {cores} cores: the clocks will run while games wait",
            spec.concurrency
        );
    }
    println!(
        "Match: {one} vs {two}, {} games, {}, {} opening(s)",
        spec.games,
        spec.control,
        spec.openings.len()
    );
    let bar = huo_chess::util::progress::bar(spec.games as u64, "{pos}/{len} games: {msg}");
    // The PGN is rewritten (atomically) after every game, so an interrupted match keeps
    // the games it finished; a stream (a FIFO, a device) gets them once, at the end.
    let rewrite_each_game = pgn.is_some_and(|p| !huo_chess::util::files::is_stream_path(p));
    let save = |games: &[huo_chess::arena::GameRecord]| {
        let path = pgn?;
        let mut sorted = games.to_vec();
        sorted.sort_by_key(|r| r.index);
        huo_chess::util::files::write_atomic(path, spec.pgn(&sorted))
            .err()
            .map(|e| format!("cannot write {}: {e}", path.display()))
    };
    let summary = spec.run(&mut |games, tally| {
        if rewrite_each_game && let Some(e) = save(games) {
            bar.suspend(|| eprintln!("error: {e}"));
        }
        bar.set_position(tally.games() as u64);
        bar.set_message(format!(
            "+{} ={} -{}  {}",
            tally.wins,
            tally.draws,
            tally.losses,
            tally.elo()
        ));
    });
    bar.finish_and_clear();
    let tally = &summary.tally;
    let elo = tally.elo();
    println!(
        "{one}: +{} ={} -{} (W/D/L), score {:.1}%",
        tally.wins,
        tally.draws,
        tally.losses,
        elo.score().unwrap_or(0.0) * 100.0
    );
    println!("Elo difference {one} - {two}: {elo} (95%)");
    let reasons: Vec<String> = tally
        .reasons
        .iter()
        .map(|(reason, n)| format!("{reason} {n}"))
        .collect();
    println!("Endings: {}", reasons.join(", "));
    if tally.time_losses() > 0 {
        println!("Lost on time: {} game(s)", tally.time_losses());
    }
    let mut ok = true;
    for e in &summary.failed {
        eprintln!("error: {e}");
        ok = false;
    }
    if let Some(path) = pgn {
        // Once more at the end: the file exists even if every game failed.
        match save(&summary.games) {
            None => println!("Games written to {}", path.display()),
            Some(e) => {
                eprintln!("error: {e}");
                ok = false;
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// A command's result as the exit status, its error on standard error.
fn report(result: Result<ExitCode, String>) -> ExitCode {
    result.unwrap_or_else(|e| {
        eprintln!("error: {e}");
        ExitCode::FAILURE
    })
}

/// The search an analysis runs: `--depth` and `--movetime` as given, or the configuration's
/// `[analysis] depth` when neither is.
fn analysis_limits(
    depth: Option<u32>,
    movetime: Option<u64>,
    config: &Config,
) -> huo_chess::search::Limits {
    huo_chess::search::Limits {
        depth: match (depth, movetime) {
            (None, None) => Some(config.analysis.depth),
            _ => depth,
        },
        movetime: movetime.map(std::time::Duration::from_millis),
        ..Default::default()
    }
}
