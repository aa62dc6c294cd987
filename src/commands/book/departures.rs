//! `huo-book departures GAMES.pgn --player NAME [--due]`: where each of a player's games
//! left their book: the first move out of it, by the player or by the opponent, and what
//! the book plays there. With `--due`, the positions the player left it at are due in the
//! trainer today.

use super::context::Context;
use crate::commands::error::CommandResult;
use crate::core::Color;
use crate::train::repertoire::{Review, departure, review_departure};
use crate::util::date;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// `huo-book departures`.
#[derive(Args)]
pub struct Departures {
    /// The games: a PGN file (gzip or zstd too), or - for standard input.
    file: PathBuf,
    /// The player whose games are read (the name in the White or Black tag, any case).
    #[arg(long, value_name = "NAME")]
    player: String,
    /// Make the positions where the player left the book due in the trainer today.
    #[arg(long)]
    due: bool,
}

impl Departures {
    pub fn run(&self, ctx: &Context) -> CommandResult {
        let books = ctx.layered_for_training();
        let Some(book) = books.user() else {
            return Err(
                "You have no book yet: record your lines first (huo-book record e4 e5 \
                        Nf3, or the editor)"
                    .into(),
            );
        };
        let text = crate::util::input::read_to_string(&self.file)?;
        let name = self.player.to_lowercase();
        let today = date::today();
        let (mut games, mut due, mut new) = (0, 0, 0);
        for (n, game) in crate::pgn::read_games(text.as_bytes()).enumerate() {
            let Ok(pgn) = game else { continue };
            let is = |tag: &str| pgn.header(tag).is_some_and(|p| p.to_lowercase() == name);
            let you = match (is("White"), is("Black")) {
                (true, _) => Color::White,
                (_, true) => Color::Black,
                _ => continue,
            };
            games += 1;
            let g = pgn.to_game();
            let title = format!(
                "Game {} ({} - {}):",
                n + 1,
                pgn.header("White").unwrap_or("?"),
                pgn.header("Black").unwrap_or("?")
            );
            let Some(d) = departure(book, &g) else {
                println!("{title} never left your book's lines (or never met them)");
                continue;
            };
            println!("{title} {}", d.said_to(you));
            if self.due {
                match review_departure(book, &g, you, today)? {
                    Review::Due(_) => due += 1,
                    Review::New(_) => new += 1,
                    Review::Nothing => {}
                }
            }
        }
        println!("{games} game(s) of {} read", self.player);
        if self.due {
            println!(
                "Due today in the trainer: {due} position(s) you left your book at; {new} \
                 never answered yet come as new positions (huo-book train)"
            );
        }
        Ok(ExitCode::SUCCESS)
    }
}
