//! `huo-book`: the opening book editor. A thin shell over `huo_chess::book`.

use clap::{Args, Parser, Subcommand};
use huo_chess::book::{
    Book, BookMove, Books, LayerPolicy, Results, WeightMerge, WeightPolicy, Written, import, merge,
    polyglot, results, tree,
};
use huo_chess::config::Config;
use huo_chess::core::{Color, Move, Position, parse_move, san};
use std::io::{BufReader, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

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
    /// Which books `show` consults: the user's book over the built-in one (both), or one
    /// of them (user, builtin). Changes always go to the user's book; with `both`, a
    /// position only the built-in book has is copied into it first.
    #[arg(long, global = true, value_name = "LAYERS", default_value = "both")]
    layers: LayerPolicy,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Args)]
struct FenArg {
    /// Start from this position instead of the initial one.
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Records moves (UCI or SAN), each as a book move of the position before it.
    Record {
        /// The moves, from the start position (or --fen).
        moves: Vec<String>,
        #[command(flatten)]
        fen: FenArg,
        /// Weight added to each move (a move already there has its weight raised).
        #[arg(long, default_value_t = 1)]
        weight: u32,
        /// Records every line of this file (one line of moves per row, '#' comments).
        /// All lines are checked before anything is written.
        #[arg(long, value_name = "FILE")]
        from_file: Option<PathBuf>,
    },
    /// Shows a position: diagram, FEN, key, file and book moves.
    Show {
        /// Moves leading to the position.
        moves: Vec<String>,
        #[command(flatten)]
        fen: FenArg,
    },
    /// Counts positions and moves, and lists files with problems.
    Stats,
    /// Removes the last move from the position before it.
    Remove {
        moves: Vec<String>,
        #[command(flatten)]
        fen: FenArg,
    },
    /// Validates every file; exits non-zero when any has a problem.
    Check,
    /// Adds the opening moves of a PGN file, each with the games that played it and their
    /// results for the mover (games= w= d= l=).
    ImportPgn {
        file: PathBuf,
        /// Record only the first N half-moves of each game.
        #[arg(long, default_value_t = 20)]
        max_ply: u32,
        /// Drop positions reached by fewer games.
        #[arg(long, default_value_t = 1)]
        min_games: u32,
        /// A move's weight: games (how many games played it), polyglot (2 per win + 1 per
        /// draw, as polyglot make-book), winrate (the mover's score in percent).
        #[arg(long, default_value = "games", value_name = "POLICY")]
        weights: WeightPolicy,
        /// Drop moves scoring below PCT percent for the side that played them
        /// ((wins + draws/2) / decided games), as polyglot make-book -min-score.
        #[arg(long, value_name = "PCT")]
        min_score: Option<f64>,
        /// Only record White's moves.
        #[arg(long, conflicts_with = "only_black")]
        only_white: bool,
        /// Only record Black's moves.
        #[arg(long)]
        only_black: bool,
        /// Where the positions go: files (one per position), packed (the book's
        /// packed.book, one file for all), or auto (packed from 10 000 positions).
        #[arg(long, default_value = "auto", value_name = "LAYOUT")]
        layout: import::Layout,
    },
    /// Imports the original Huo Chess book files (Opening*.txt) of a directory.
    ImportHuo { dir: PathBuf },
    /// Imports a Polyglot .bin book: every entry whose position can be reached from the
    /// start position or the book, by any legal moves.
    ImportPolyglot {
        file: PathBuf,
        /// Plies of positions not in the .bin crossed between two of its positions.
        #[arg(long, default_value_t = 2)]
        max_gap: u32,
        /// At most N positions made while searching off the .bin's own moves (default:
        /// 1500 per entry, at least 10 million).
        #[arg(long, value_name = "N")]
        walk_limit: Option<u64>,
    },
    /// Exports the book as a Polyglot .bin file.
    ExportPolyglot { file: PathBuf },
    /// Merges another book into this one: a book directory, a Polyglot .bin file, or
    /// `builtin` (the built-in book). Comments, notes and unknown fields are kept.
    Merge {
        /// The other book: DIR, FILE.bin or builtin.
        other: String,
        /// How the weights of a move both books have combine: sum or max.
        #[arg(long, default_value = "sum", value_name = "HOW")]
        weights: WeightMerge,
        /// For a .bin: plies of positions not in it crossed between two of its positions.
        #[arg(long, default_value_t = 2)]
        max_gap: u32,
        /// For a .bin: at most N positions made while searching off its own moves (default:
        /// 1500 per entry, at least 10 million).
        #[arg(long, value_name = "N")]
        walk_limit: Option<u64>,
    },
    /// Writes the book as one PGN game with variations (the heaviest line first), each
    /// move commented with its weight, share and W/D/L.
    ExportPgn {
        file: PathBuf,
        #[command(flatten)]
        fen: FenArg,
        /// Stop lines after N half-moves.
        #[arg(long, value_name = "N")]
        max_ply: Option<u32>,
    },
    /// Prints the book's lines, one per row; a line reaching a position already shown
    /// through other moves ends with `= LINE`, LINE being that earlier line.
    Dump {
        #[command(flatten)]
        fen: FenArg,
        /// Stop lines after N half-moves (a cut line ends with "...").
        #[arg(long, value_name = "N")]
        max_ply: Option<u32>,
    },
    /// Opens the editor screen.
    Edit {
        #[command(flatten)]
        fen: FenArg,
    },
}

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    // Not eprintln!: after the editor, stderr may be a terminal that is gone (it would panic).
    let _ = writeln!(std::io::stderr(), "huo-book: {msg}");
    ExitCode::FAILURE
}

fn start_position(fen: &FenArg) -> Result<Position, String> {
    match &fen.fen {
        Some(f) => Position::from_fen(f).map_err(|e| format!("invalid FEN: {e}")),
        None => Ok(Position::startpos()),
    }
}

/// Plays `moves` from `start`: each position with the move played from it.
fn walk(start: Position, moves: &[String]) -> Result<Vec<(Position, Move)>, String> {
    let mut pos = start;
    let mut out = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        let mv = parse_move(&pos, text).map_err(|e| format!("move {}: {e}", i + 1))?;
        out.push((pos, mv));
        pos.play(mv);
    }
    Ok(out)
}

/// The user's book as given: the flag, else the configuration.
fn explicit_dir<'a>(cli: &'a Cli, config: &'a Config) -> Option<&'a std::path::Path> {
    cli.book.as_deref().or(config.book.path.as_deref())
}

/// One book for whole-book commands (stats, check, export): flag > config > ./books >
/// user data dir > the built-in book.
fn reading_book(cli: &Cli, config: &Config) -> Book {
    match explicit_dir(cli, config) {
        Some(p) => Book::open(p),
        None => Book::locate(None),
    }
}

/// The layered books, as the game sees them: the user's book (if any) over the built-in.
fn layered(cli: &Cli, config: &Config) -> Books {
    Books::locate(explicit_dir(cli, config), cli.layers)
}

/// The layered books for changes: without a user book, `./books` (created on write).
fn layered_for_writing(cli: &Cli, config: &Config) -> Books {
    let b = layered(cli, config);
    if b.user().is_some() {
        b
    } else {
        Books::new(Some(Book::open("books")), cli.layers)
    }
}

/// The book for writing: like reading, but `./books` (created) instead of the embedded one.
fn writing_book(cli: &Cli, config: &Config) -> Book {
    let b = reading_book(cli, config);
    if b.dir().is_some() {
        b
    } else {
        Book::open("books")
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let config = match Config::load(cli.config.as_deref()) {
        Ok(l) => l.config,
        Err(e) => return fail(format!("configuration: {e}")),
    };
    match run(&cli, &config) {
        Ok(code) => code,
        Err(msg) => fail(msg),
    }
}

fn run(cli: &Cli, config: &Config) -> Result<ExitCode, String> {
    let Some(command) = &cli.command else {
        return edit(cli, config, &FenArg { fen: None });
    };
    match command {
        Command::Record {
            moves,
            fen,
            weight,
            from_file,
        } => {
            let books = layered_for_writing(cli, config);
            let start = start_position(fen)?;
            let mut lines: Vec<(String, Vec<(Position, Move)>)> = Vec::new();
            if !moves.is_empty() {
                lines.push(("command line".into(), walk(start, moves)?));
            }
            if let Some(file) = from_file {
                let text = std::fs::read_to_string(file)
                    .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
                let mut bad = Vec::new();
                for (i, line) in text.lines().enumerate() {
                    let line = line.split('#').next().unwrap_or("").trim();
                    if line.is_empty() {
                        continue;
                    }
                    let words: Vec<String> = line.split_whitespace().map(String::from).collect();
                    match walk(start, &words) {
                        Ok(w) => lines.push((format!("{}:{}", file.display(), i + 1), w)),
                        Err(e) => bad.push(format!("{}:{}: {e}", file.display(), i + 1)),
                    }
                }
                if !bad.is_empty() {
                    return Err(format!("nothing recorded:\n{}", bad.join("\n")));
                }
            }
            if lines.is_empty() {
                return Err("no moves to record (give moves or --from-file FILE)".into());
            }
            let mut n = 0;
            let mut copied = 0;
            for (_, steps) in &lines {
                for (pos, mv) in steps {
                    let w = books.record(pos, *mv, *weight).map_err(|e| e.to_string())?;
                    copied += (w == Written::CopiedFromBuiltIn) as usize;
                    n += 1;
                }
            }
            let user = books.user().map_or_else(String::new, Book::describe);
            println!(
                "Recorded {n} move{} in {user}{}",
                if n == 1 { "" } else { "s" },
                match copied {
                    0 => String::new(),
                    1 => " (1 position copied from the built-in book first)".into(),
                    c => format!(" ({c} positions copied from the built-in book first)"),
                }
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Show { moves, fen } => {
            let books = layered(cli, config);
            let start = start_position(fen)?;
            let steps = walk(start, moves)?;
            let pos = steps.last().map_or(start, |(p, m)| p.after(*m));
            print!("{}", pos.ascii());
            println!("fen  {}", pos.epd());
            println!("key  {:016x}", pos.key());
            let found = books.lookup(&pos);
            match &found {
                Some(l) if !l.entry.moves.is_empty() => {
                    println!("file {}", l.entry.file);
                    println!(
                        "from {}{}",
                        l.layer,
                        if l.read_only() {
                            " (read-only: a change copies the position into the user book)"
                        } else {
                            ""
                        }
                    );
                }
                _ => println!("file {}", books.file_of(&pos)),
            }
            match found.map(|l| l.entry) {
                None => println!("No book moves."),
                Some(entry) => {
                    for w in &entry.warnings {
                        eprintln!("warning: {w}");
                    }
                    let total: u64 = entry.moves.iter().map(|m| m.weight as u64).sum();
                    let mut ms: Vec<BookMove> = entry.moves.clone();
                    huo_chess::book::format::sort_moves(&mut ms);
                    if ms.is_empty() {
                        println!("No book moves.");
                    }
                    for m in &ms {
                        println!("{}", move_line(&pos, m, total));
                    }
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Stats => {
            let book = reading_book(cli, config);
            let mut t = Totals::default();
            for f in scanned(&book) {
                t.add(&f);
                if !f.problems.is_empty() {
                    t.bad
                        .push(format!("  {} ({} problem(s))", f.file, f.problems.len()));
                }
            }
            println!("Book:      {}", book.describe());
            println!("Files:     {}", t.files);
            println!("Positions: {}", t.positions);
            println!("Moves:     {} ({} playable)", t.moves, t.playable);
            println!("Files with problems: {}", t.bad.len());
            for b in &t.bad {
                println!("{b}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Remove { moves, fen } => {
            let books = layered_for_writing(cli, config);
            let start = start_position(fen)?;
            let steps = walk(start, moves)?;
            let Some((pos, mv)) = steps.last() else {
                return Err("give the moves leading to the move to remove, and that move".into());
            };
            let w = books.remove(pos, *mv).map_err(|e| e.to_string())?;
            println!(
                "Removed {} ({}) from {}{}",
                san(pos, *mv),
                mv.uci(),
                books.file_of(pos),
                if w == Written::CopiedFromBuiltIn {
                    " (the position was copied from the built-in book first)"
                } else {
                    ""
                }
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Check => {
            let book = reading_book(cli, config);
            let (mut files, mut bad_files, mut problems) = (0usize, 0usize, 0usize);
            let mut out = std::io::stdout().lock();
            for f in scanned(&book) {
                files += 1;
                bad_files += (!f.problems.is_empty()) as usize;
                for p in &f.problems {
                    let _ = writeln!(out, "{p}");
                    problems += 1;
                }
            }
            if problems > 0 {
                let _ = writeln!(out, "{problems} problem(s) in {bad_files} of {files} files");
                Ok(ExitCode::FAILURE)
            } else {
                let _ = writeln!(out, "{}: {files} files, no problems", book.describe());
                Ok(ExitCode::SUCCESS)
            }
        }
        Command::ImportPgn {
            file,
            max_ply,
            min_games,
            weights,
            min_score,
            only_white,
            only_black,
            layout,
        } => {
            if let Some(m) = min_score
                && !(0.0..=100.0).contains(m)
            {
                return Err(format!("--min-score {m}: a percentage, 0 to 100"));
            }
            let book = writing_book(cli, config);
            let f = std::fs::File::open(file)
                .map_err(|e| format!("cannot open {}: {e}", file.display()))?;
            let size = f.metadata().map(|m| m.len()).unwrap_or(0);
            let counter = std::rc::Rc::new(std::cell::Cell::new(0u64));
            let reader = BufReader::with_capacity(
                1 << 16,
                Counting {
                    inner: f,
                    count: counter.clone(),
                },
            );
            let opts = import::PgnImportOptions {
                max_ply: *max_ply,
                min_games: *min_games,
                only: if *only_white {
                    Some(Color::White)
                } else if *only_black {
                    Some(Color::Black)
                } else {
                    None
                },
                weights: *weights,
                min_score: *min_score,
                layout: *layout,
                ..Default::default()
            };
            let show_bar = size >= 1 << 20;
            let t0 = Instant::now();
            let mut last = Instant::now();
            let report = import::import_pgn(&book, reader, &opts, |games| {
                if show_bar && last.elapsed().as_millis() >= 200 {
                    last = Instant::now();
                    progress_bar(counter.get(), size, games);
                }
            })
            .map_err(|e| e.to_string())?;
            if show_bar {
                progress_bar(size, size, report.games + report.bad_games.len());
                eprintln!();
            }
            for e in &report.bad_games {
                eprintln!(
                    "{}:{}: game {} skipped: {}",
                    file.display(),
                    e.line,
                    e.game,
                    e.message
                );
            }
            for e in &report.errors {
                eprintln!("not written: {e}");
            }
            println!(
                "Read {} games ({} skipped) in {:.1}s: {} positions, {} moves written to {}{} \
                 ({} positions under --min-games, {} moves under --min-score dropped)",
                report.games,
                report.bad_games.len(),
                t0.elapsed().as_secs_f64(),
                report.positions,
                report.moves,
                book.describe(),
                if report.packed {
                    format!(" ({})", huo_chess::book::pack::FILE_NAME)
                } else {
                    String::new()
                },
                report.dropped,
                report.dropped_moves
            );
            Ok(if report.errors.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Command::ImportHuo { dir } => {
            let book = writing_book(cli, config);
            let r = import::import_huo(&book, dir).map_err(|e| e.to_string())?;
            for p in &r.problems {
                eprintln!("skipped {p}");
            }
            println!(
                "Read {} legacy files: {} moves recorded in {}",
                r.files,
                r.recorded,
                book.describe()
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::ImportPolyglot {
            file,
            max_gap,
            walk_limit,
        } => {
            let book = writing_book(cli, config);
            let opts = polyglot::PolyglotImportOptions {
                max_gap: *max_gap,
                walk_limit: *walk_limit,
            };
            let r = polyglot::import_with(&book, file, &opts).map_err(|e| e.to_string())?;
            for w in &r.warnings {
                eprintln!("warning: {w}");
            }
            for e in &r.errors {
                eprintln!("not written: {e}");
            }
            println!(
                "Read {} entries: {} positions, {} moves imported into {} ({} of them reached \
                 only across moves not in the book)",
                r.entries,
                r.positions,
                r.moves,
                book.describe(),
                r.reached_across_gaps
            );
            if r.unreached > 0 && r.walk_stopped {
                println!(
                    "{} entries ({} positions) not found: the search stopped at its limit \
                     (--walk-limit N)",
                    r.unreached, r.unreached_positions
                );
            } else if r.unreached > 0 {
                println!(
                    "{} entries ({} positions) unreachable: no sequence of legal moves leads \
                     to them from the start position or the book (with at most {max_gap} \
                     plies outside the book)",
                    r.unreached, r.unreached_positions
                );
            }
            if r.bad_moves > 0 {
                println!(
                    "{} entries with a move illegal in their position",
                    r.bad_moves
                );
            }
            Ok(if r.errors.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Command::ExportPolyglot { file } => {
            let book = reading_book(cli, config);
            let r = polyglot::export(&book, file).map_err(|e| e.to_string())?;
            for p in &r.problems {
                eprintln!("warning: {p}");
            }
            println!(
                "Wrote {} entries for {} positions to {}",
                r.entries,
                r.positions,
                file.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Merge {
            other,
            weights,
            max_gap,
            walk_limit,
        } => {
            let book = writing_book(cli, config);
            let source = merge::Source::parse(other);
            let opts = polyglot::PolyglotImportOptions {
                max_gap: *max_gap,
                walk_limit: *walk_limit,
            };
            let r = merge::merge(&book, &source, *weights, &opts).map_err(|e| e.to_string())?;
            for p in &r.problems {
                eprintln!("warning: {p}");
            }
            for e in &r.errors {
                eprintln!("not written: {e}");
            }
            println!(
                "Merged {} positions ({} moves) of {other} into {}: {} files written",
                r.positions,
                r.moves,
                book.describe(),
                r.written
            );
            if let Some(p) = &r.polyglot
                && p.unreached > 0
            {
                println!(
                    "{} entries ({} positions) of the .bin unreachable from the start \
                     position or the book",
                    p.unreached, p.unreached_positions
                );
            }
            Ok(if r.errors.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Command::ExportPgn { file, fen, max_ply } => {
            let book = reading_book(cli, config);
            let start = start_position(fen)?;
            let headers = vec![
                ("Site".to_string(), book.describe()),
                ("Date".to_string(), huo_chess::util::date::pgn_today()),
            ];
            let (text, r) = tree::export_pgn(&book, start, *max_ply, &headers);
            for p in &r.problems {
                eprintln!("warning: {p}");
            }
            huo_chess::util::files::write_atomic(file, &text)
                .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
            println!(
                "Wrote {} positions, {} moves ({} transpositions marked{}) to {}",
                r.positions,
                r.moves,
                r.transpositions,
                if r.cut > 0 {
                    format!(", {} lines cut by --max-ply", r.cut)
                } else {
                    String::new()
                },
                file.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Dump { fen, max_ply } => {
            let book = reading_book(cli, config);
            let start = start_position(fen)?;
            let (lines, r) = tree::dump(&book, start, *max_ply);
            for p in &r.problems {
                eprintln!("warning: {p}");
            }
            let mut out = std::io::stdout().lock();
            for l in &lines {
                if writeln!(out, "{l}").is_err() {
                    return Ok(ExitCode::SUCCESS); // a closed pipe (| head)
                }
            }
            eprintln!(
                "{} lines, {} positions, {} transpositions",
                lines.len(),
                r.positions,
                r.transpositions
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Edit { fen } => edit(cli, config, fen),
    }
}

/// The editor edits the user's book; without one (no `--book`, `book.path`, `./books` or
/// data-dir book) it shows the built-in book, read-only, rather than an empty book.
fn edit(cli: &Cli, config: &Config, fen: &FenArg) -> Result<ExitCode, String> {
    // Built-in positions show read-only; a change copies one into the user's book
    // (`./books` when there is none yet).
    let book = layered_for_writing(cli, config);
    let start = start_position(fen)?;
    huo_chess::tui::run_editor(book, start, config).map_err(|e| format!("editor: {e}"))?;
    Ok(ExitCode::SUCCESS)
}

/// One move of `show`: SAN, UCI, weight and share, then the results as a W/D/L bar with
/// percentages (an opening-tree line), the other fields and the comment.
fn move_line(pos: &Position, m: &BookMove, total: u64) -> String {
    let pct = if total > 0 {
        m.weight as f64 * 100.0 / total as f64
    } else {
        0.0
    };
    let mut line = format!(
        "  {:<8} {:<6} weight={:<5} {:>5.1}%",
        san(pos, m.mv),
        m.mv.uci(),
        m.weight,
        pct
    );
    if let Some(r) = Results::of(m) {
        line.push_str(&format!("  [{}] {}", r.bar(10), r.summary()));
    }
    for (k, v) in &m.fields {
        if !results::FIELDS.contains(&k.as_str()) {
            line.push_str(&format!(" {k}={v}"));
        }
    }
    if let Some(c) = &m.comment {
        line.push_str(&format!(" ; {c}"));
    }
    line.trim_end().to_string()
}

/// What `stats` counts, one file (or packed record) at a time.
#[derive(Default)]
struct Totals {
    files: usize,
    positions: usize,
    moves: usize,
    playable: usize,
    /// One line per file with problems.
    bad: Vec<String>,
}

impl Totals {
    fn add(&mut self, f: &huo_chess::book::FileReport) {
        self.files += 1;
        self.positions += (!f.moves.is_empty()) as usize;
        self.moves += f.moves.len();
        self.playable += f.moves.iter().filter(|m| m.weight > 0).count();
    }
}

/// How often a progress line is redrawn.
const PROGRESS_EVERY: std::time::Duration = std::time::Duration::from_millis(200);

/// The book's files and packed records, streamed one at a time, with a progress line on
/// stderr when it is a terminal (cleared at the end).
fn scanned(book: &Book) -> impl Iterator<Item = huo_chess::book::FileReport> {
    let mut scan = book.scan_iter();
    let show = std::io::stderr().is_terminal();
    let mut last = Instant::now();
    let (mut count, mut shown) = (0usize, false);
    std::iter::from_fn(move || {
        let next = scan.next();
        count += 1;
        if show && next.is_some() && last.elapsed() >= PROGRESS_EVERY {
            last = Instant::now();
            shown = true;
            let frac = scan.fraction();
            let width = 40;
            let filled = (frac * width as f64) as usize;
            eprint!(
                "\r[{}{}] {:>3.0}% {count} files",
                "#".repeat(filled),
                ".".repeat(width - filled),
                frac * 100.0
            );
        }
        if next.is_none() && shown {
            eprint!("\r{}\r", " ".repeat(70));
            shown = false;
        }
        next
    })
}

/// Counts the bytes read, for the progress bar.
struct Counting<R> {
    inner: R,
    count: std::rc::Rc<std::cell::Cell<u64>>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.set(self.count.get() + n as u64);
        Ok(n)
    }
}

fn progress_bar(done: u64, total: u64, games: usize) {
    let frac = if total == 0 {
        1.0
    } else {
        (done as f64 / total as f64).min(1.0)
    };
    let width = 40;
    let filled = (frac * width as f64) as usize;
    let mut err = std::io::stderr();
    let end = if err.is_terminal() { "\r" } else { "\n" };
    let _ = write!(
        err,
        "[{}{}] {:>3.0}% {games} games{end}",
        "#".repeat(filled),
        ".".repeat(width - filled),
        frac * 100.0
    );
    let _ = err.flush();
}
