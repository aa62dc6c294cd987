//! `huo-chess analyse FILE.pgn`: every game of a PGN file (plain, gzip or zstd; `-` for
//! standard input) analysed and written back as annotated PGN, to a file (`--out`, written
//! atomically at the end, never over the input) or to standard output (game by game, as
//! each is done). A progress bar shows on standard error when it is a terminal, and a
//! summary line at the end. A game that cannot be read is reported as
//! `file:line: game N: reason` and skipped; the others go on.

use super::analyser::{AnalyseError, Analyser, AnalysisJob};
use super::annotate;
use super::spec::AnalyserSpec;
use super::verdict::GameAnalysis;
use crate::config::Config;
use crate::pgn::{PgnGame, read_games};
#[cfg(test)]
use crate::search::Limits;
use crate::search::available_threads;
use crate::util::files::write_atomic;
use crate::util::progress;
use indicatif::ProgressBar;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What to analyse, how, and where to write it.
#[derive(Clone, Debug)]
pub struct Options {
    pub input: PathBuf,
    /// Where the annotated games go.
    pub out: Output,
    /// Which engine analyses and what each position gets.
    pub spec: AnalyserSpec,
    /// Threads asked for on the command line, when more than the machine's cores (said
    /// so on standard error; the spec has the cores).
    pub threads_asked: Option<usize>,
    /// Draw a progress bar on standard error (when it is a terminal; reports then go to
    /// the terminal's standard error too, around the bar).
    pub live_progress: bool,
}

/// Where the annotated games go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// Standard output, game by game as each is done.
    Stdout,
    /// A file, written atomically at the end (never the input).
    File(PathBuf),
    /// Nowhere: only the hook sees the analyses (`--player` without `--out`).
    Nowhere,
}

/// Why a run could not start or finish.
#[derive(Debug)]
pub enum BatchError {
    /// `--out` names the input file, which is never overwritten.
    OutIsInput { out: PathBuf },
    /// The input could not be read (the error names it).
    Input(crate::util::input::InputError),
    /// The annotated games could not be written to standard output.
    Stdout(std::io::Error),
    /// The annotated games could not be written to the `--out` file.
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The analysing engine could not start, or failed in game `game` (whose analysis so
    /// far was written, with the games before it).
    Engine {
        game: Option<usize>,
        source: AnalyseError,
    },
}

impl std::fmt::Display for BatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BatchError::OutIsInput { out } => write!(
                f,
                "--out {}: that is the input file; the input is never overwritten",
                out.display()
            ),
            BatchError::Input(e) => write!(f, "{e}"),
            BatchError::Stdout(e) => write!(f, "standard output: {e}"),
            BatchError::Write { path, source } => write!(f, "{}: {source}", path.display()),
            BatchError::Engine {
                game: Some(n),
                source,
            } => write!(
                f,
                "game {n}: {source}; the analysis stops here (the games before it and this \
                 game's moves analysed so far are written)"
            ),
            BatchError::Engine { game: None, source } => source.fmt(f),
        }
    }
}

impl std::error::Error for BatchError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BatchError::Stdout(e) | BatchError::Write { source: e, .. } => Some(e),
            BatchError::Input(e) => Some(e),
            BatchError::Engine { source, .. } => Some(source),
            BatchError::OutIsInput { .. } => None,
        }
    }
}

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Games analysed and written.
    pub games: usize,
    /// Games skipped (unreadable, or the engine failed on them).
    pub skipped: usize,
    /// Positions searched.
    pub positions: usize,
    pub elapsed: Duration,
}

/// Analyses every game of `opts.input`; annotated games go to `opts.out`, reports to
/// `stderr`, and each game analysed, with its number, to `on_game` (drills are made
/// there). An `Err` is a run that could not start or finish (unreadable input, `--out`
/// naming the input, an unwritable output, an engine that failed); a bad game is only
/// reported. When the engine fails in a game, the games before it and that game's moves
/// analysed so far are written before the error is returned: nothing done is lost.
pub fn run(
    config: &Config,
    opts: &Options,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
    on_game: &mut dyn FnMut(usize, &PgnGame, &GameAnalysis),
) -> Result<Summary, BatchError> {
    let input = &opts.input;
    let name = input.display().to_string();
    if let Output::File(out) = &opts.out
        && same_file(input, out)
    {
        return Err(BatchError::OutIsInput { out: out.clone() });
    }
    // The text is read once (decompressed; standard input cannot be read twice): a first
    // pass counts games and positions for the progress line (cheap next to the searches).
    let text = crate::util::input::read_to_string(input).map_err(BatchError::Input)?;
    let (mut total_games, mut total_positions) = (0, 0);
    for game in read_games(text.as_bytes()) {
        total_games += 1;
        if let Ok(g) = game {
            total_positions += g.moves.len() + 1;
        }
    }
    let cores = available_threads();
    if let Some(asked) = opts.threads_asked.filter(|&t| t > cores) {
        let _ = writeln!(
            stderr,
            "note: --threads {asked}: this machine runs {cores} at once; using {cores}"
        );
    }
    let mut analyser = Analyser::start(config, &opts.spec)
        .map_err(|source| BatchError::Engine { game: None, source })?;
    let annotator = analyser.annotator().to_string();
    let start = Instant::now();
    // Counted in positions (what the time goes into); the message names the game and the
    // engine.
    let bar = if opts.live_progress {
        progress::bar(
            total_positions as u64,
            "game {msg}, {pos}/{len} positions, {per_sec}, {eta} left",
        )
    } else {
        ProgressBar::hidden()
    };
    let engine = analyser.name().to_string();
    let mut positions_done = 0u64;
    let mut summary = Summary::default();
    let mut buffer = String::new();
    let mut failed = None;
    for (index, read) in read_games(text.as_bytes()).enumerate() {
        let number = index + 1;
        let pgn = match read {
            Ok(pgn) => pgn,
            Err(e) => {
                bar.suspend(|| {
                    let _ = writeln!(stderr, "{name}:{}: game {}: {}", e.line, e.game, e.message);
                });
                summary.skipped += 1;
                continue;
            }
        };
        let game = pgn.to_game();
        bar.set_message(format!("{number}/{total_games} by {engine}"));
        let before = positions_done;
        let mut job = AnalysisJob::new(&game, opts.spec.limits.clone(), *analyser.thresholds());
        let analysed = analyser
            .clear()
            .and_then(|()| analyser.run(&mut job, |k| bar.set_position(before + k as u64)));
        positions_done = before + pgn.moves.len() as u64 + 1;
        let mut analysis = job.analysis();
        analysis.annotator = Some(annotator.clone());
        match analysed {
            Ok(()) => {}
            Err(e @ AnalyseError::External(_)) => {
                // The engine has gone: this game's analysis so far is kept, then the run
                // stops.
                failed = Some(BatchError::Engine {
                    game: Some(number),
                    source: e,
                });
            }
            Err(e) => {
                bar.suspend(|| {
                    let _ = writeln!(stderr, "{name}: game {number}: {e}; skipped");
                });
                summary.skipped += 1;
                continue;
            }
        }
        if failed.is_none() {
            summary.games += 1;
            summary.positions += analysis.positions.len();
            on_game(number, &pgn, &analysis);
        }
        let text = annotate::write_annotated(
            &game,
            &pgn.headers,
            &pgn.result,
            &analysis,
            Some(&annotator),
        );
        match &opts.out {
            Output::File(_) => buffer.push_str(&text),
            Output::Stdout => {
                stdout
                    .write_all(text.as_bytes())
                    .and_then(|()| stdout.flush())
                    .map_err(BatchError::Stdout)?;
            }
            Output::Nowhere => {}
        }
        bar.set_position(positions_done);
        if failed.is_some() {
            break;
        }
    }
    bar.finish_and_clear();
    summary.elapsed = start.elapsed();
    if let Output::File(out) = &opts.out
        && !buffer.is_empty()
    {
        write_atomic(out, &buffer).map_err(|source| BatchError::Write {
            path: out.clone(),
            source,
        })?;
    }
    if let Some(e) = failed {
        return Err(e);
    }
    let secs = summary.elapsed.as_secs_f64();
    let _ = writeln!(
        stderr,
        "analysed {} game{} ({} positions) by {annotator} in {:.1} s, {:.1} positions/s{}",
        summary.games,
        if summary.games == 1 { "" } else { "s" },
        summary.positions,
        secs,
        summary.positions as f64 / secs.max(1e-9),
        match summary.skipped {
            0 => String::new(),
            n => format!("; {n} skipped"),
        }
    );
    Ok(summary)
}

/// Do `a` (which exists) and `b` (which may not) name the same file?
fn same_file(a: &Path, b: &Path) -> bool {
    let canonical = |p: &Path| -> Option<PathBuf> {
        if let Ok(c) = fs::canonicalize(p) {
            return Some(c);
        }
        let parent = match p.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        Some(fs::canonicalize(parent).ok()?.join(p.file_name()?))
    };
    match (canonical(a), canonical(b)) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_output_is_the_input_under_any_name() {
        let dir = crate::util::scratch::Scratch::new("analyse-same");
        fs::create_dir_all(dir.join("sub")).unwrap();
        let input = dir.join("games.pgn");
        fs::write(&input, "1. e4 *\n").unwrap();
        assert!(same_file(&input, &input));
        assert!(same_file(
            &input,
            &dir.join("sub").join("..").join("games.pgn")
        ));
        assert!(!same_file(&input, &dir.join("out.pgn")));
        assert!(!same_file(&input, &dir.join("nowhere").join("games.pgn")));
    }

    /// Options for one quick run of `input`.
    fn quick(input: PathBuf, out: Option<PathBuf>) -> Options {
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        Options {
            input,
            out: out.map_or(Output::Stdout, Output::File),
            spec: AnalyserSpec {
                limits,
                ..AnalyserSpec::from_config(&Config::default())
            },
            threads_asked: None,
            live_progress: false,
        }
    }

    /// A standard output that refuses every byte.
    struct Full;

    impl Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::StorageFull.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn output_that_cannot_be_written_keeps_the_systems_error() {
        use std::error::Error;
        let dir = crate::util::scratch::Scratch::new("analyse-errors");
        let input = dir.join("games.pgn");
        fs::write(&input, "1. e4 e5 *\n").unwrap();
        let config = Config::default();
        let kind = |e: &BatchError| {
            e.source()
                .and_then(|s| s.downcast_ref::<std::io::Error>())
                .map(|io| io.kind())
        };
        // Standard output full.
        let e = run(
            &config,
            &quick(input.clone(), None),
            &mut Full,
            &mut Vec::new(),
            &mut |_, _, _| {},
        )
        .unwrap_err();
        assert_eq!(kind(&e), Some(std::io::ErrorKind::StorageFull));
        assert!(e.to_string().starts_with("standard output: "), "{e}");
        // A run that fails, its output thrown away.
        let refused = |opts: &Options| {
            run(
                &config,
                opts,
                &mut Vec::new(),
                &mut Vec::new(),
                &mut |_, _, _| {},
            )
            .unwrap_err()
        };
        // --out in a folder that is not there.
        let out = dir.join("nowhere").join("out.pgn");
        let e = refused(&quick(input.clone(), Some(out.clone())));
        assert_eq!(kind(&e), Some(std::io::ErrorKind::NotFound));
        let io = e.source().unwrap();
        assert_eq!(e.to_string(), format!("{}: {io}", out.display()));
        // --out the input: refused before anything is read.
        let e = refused(&quick(input.clone(), Some(input.clone())));
        assert!(matches!(e, BatchError::OutIsInput { .. }));
        assert_eq!(kind(&e), None);
    }
}
