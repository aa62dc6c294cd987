//! `import-pgn`, `import-huo` and `import-polyglot`: other books and game collections
//! brought into the user's book.

use super::context::Context;
use crate::book::{WeightPolicy, import, pack, polyglot};
use crate::commands::error::CommandResult;
use crate::core::Color;
use crate::util::progress;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// `huo-book import-pgn`.
#[derive(Args)]
pub struct ImportPgn {
    /// The PGN file: plain text, gzip (.pgn.gz) or zstd (.pgn.zst), known by its content;
    /// `-` reads standard input.
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
    /// Only the games of this player (the name in the White or Black tag, any case), and
    /// only their moves: the positions where they were to move.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["only_white", "only_black"])]
    player: Option<String>,
    /// With --player: only the games where the player had this colour.
    #[arg(long, value_enum, value_name = "COLOR", requires = "player")]
    color: Option<super::train::Side>,
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
}

impl ImportPgn {
    pub fn run(&self, ctx: &Context) -> CommandResult {
        if let Some(m) = self.min_score
            && !(0.0..=100.0).contains(&m)
        {
            return Err(format!("--min-score {m}: a percentage, 0 to 100").into());
        }
        let book = ctx.writing_book();
        let input = crate::util::input::open(&self.file)?;
        let name = input.name().to_string();
        let counter = input.consumed();
        let opts = import::PgnImportOptions {
            max_ply: self.max_ply,
            min_games: self.min_games,
            only: if self.only_white {
                Some(Color::White)
            } else if self.only_black {
                Some(Color::Black)
            } else {
                None
            },
            weights: self.weights,
            min_score: self.min_score,
            layout: self.layout,
            ..Default::default()
        };
        // A bar for large files (by the stored bytes read: compressed ones too), a count
        // for standard input; on a terminal only.
        let bar = match input.size() {
            Some(size) if size >= 1 << 20 => progress::bar(size, "{percent:>3}% {msg}"),
            Some(_) => indicatif::ProgressBar::hidden(),
            None => progress::spinner("{msg}"),
        };
        let t0 = Instant::now();
        let player = self.player.clone();
        let color = self.color.map(Color::from);
        let take = |g: &crate::pgn::PgnGame| match &player {
            None => import::Take::Side(opts.only),
            Some(name) => match import::side_of(g, name) {
                Some(side) if color.is_none_or(|c| c == side) => import::Take::Side(Some(side)),
                _ => import::Take::Skip,
            },
        };
        let report = import::import_pgn_with(&book, input, &opts, take, |games| {
            if games.is_multiple_of(256) {
                bar.set_position(counter.load(Ordering::Relaxed));
                bar.set_message(format!("{games} games"));
            }
        });
        bar.finish_and_clear();
        let report = report?;
        for e in &report.bad_games {
            crate::commands::say(
                "huo-book",
                &format!("{name}:{}: game {} skipped: {}", e.line, e.game, e.message),
            );
        }
        if report.games == 0 {
            if let Some(player) = &self.player {
                let with = self
                    .color
                    .map(|c| format!(" with {}", Color::from(c)))
                    .unwrap_or_default();
                return Err(format!(
                    "{name}: no game of {player}{with} ({} games of others, {} skipped): \
                     nothing imported",
                    report.other_games,
                    report.bad_games.len()
                )
                .into());
            }
            return Err(format!(
                "{name}: no game could be read ({} skipped): nothing imported",
                report.bad_games.len()
            )
            .into());
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
                format!(" ({})", pack::FILE_NAME)
            } else {
                String::new()
            },
            report.dropped,
            report.dropped_moves
        );
        println!(
            "Positions by side to move: {} White, {} Black",
            report.white_positions, report.black_positions
        );
        if let Some(player) = &self.player {
            println!(
                "Games of {player}{}: {} read, {} of others left out; only {player}'s moves \
                 recorded",
                self.color
                    .map(|c| format!(" with {}", Color::from(c)))
                    .unwrap_or_default(),
                report.games,
                report.other_games
            );
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// `huo-book import-huo`.
#[derive(Args)]
pub struct ImportHuo {
    /// The directory holding the original Opening*.txt files.
    dir: PathBuf,
}

impl ImportHuo {
    pub fn run(&self, ctx: &Context) -> CommandResult {
        let book = ctx.writing_book();
        let r = import::import_huo(&book, &self.dir)?;
        for p in &r.problems {
            crate::commands::say("huo-book", &format!("skipped {p}"));
        }
        println!(
            "Read {} legacy files: {} moves recorded in {}",
            r.files,
            r.recorded,
            book.describe()
        );
        Ok(ExitCode::SUCCESS)
    }
}

/// `huo-book import-polyglot`.
#[derive(Args)]
pub struct ImportPolyglot {
    /// The Polyglot .bin file.
    file: PathBuf,
    /// Plies of positions not in the .bin crossed between two of its positions.
    #[arg(long, default_value_t = 2)]
    max_gap: u32,
    /// At most N positions made while searching off the .bin's own moves (default:
    /// 1500 per entry, at least 10 million).
    #[arg(long, value_name = "N")]
    walk_limit: Option<u64>,
}

impl ImportPolyglot {
    pub fn run(&self, ctx: &Context) -> CommandResult {
        let book = ctx.writing_book();
        let opts = polyglot::PolyglotImportOptions {
            max_gap: self.max_gap,
            walk_limit: self.walk_limit,
        };
        let r = polyglot::import_with(&book, &self.file, &opts)?;
        for w in &r.warnings {
            crate::commands::say("huo-book", &format!("warning: {w}"));
        }
        println!(
            "Read {} entries: {} positions, {} moves imported into {}{} ({} of them reached \
             only across moves not in the book)",
            r.entries,
            r.positions,
            r.moves,
            book.describe(),
            if r.packed {
                format!(" ({})", pack::FILE_NAME)
            } else {
                String::new()
            },
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
                 to them from the start position or the book (with at most {} \
                 plies outside the book)",
                r.unreached, r.unreached_positions, self.max_gap
            );
        }
        if r.bad_moves > 0 {
            println!(
                "{} entries with a move illegal in their position",
                r.bad_moves
            );
        }
        Ok(ExitCode::SUCCESS)
    }
}
