//! `train`: the opening trainer screen, or (`--stats`) how far the training is.
//!
//! The lines are the book's as the game plays them (the user's book over the built-in
//! one; `--layers user` trains only the user's own). The schedule is `training.txt` in the
//! user's book directory (`./books` when there is none yet, made at the first answer).

use super::context::{Context, walk};
use crate::book::layers::Books;
use crate::commands::error::CommandResult;
use crate::core::{Color, Position};
use crate::game::Game;
use crate::train::repertoire::{Repertoire, from_where, nothing_to_train};
use crate::train::schedule::Schedule;
use crate::train::{Options, Session, stats};
use crate::util::date;
use clap::{Args, ValueEnum};
use std::process::ExitCode;

/// The side trained.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Side {
    #[value(alias = "w")]
    White,
    #[value(alias = "b")]
    Black,
}

impl From<Side> for Color {
    fn from(s: Side) -> Color {
        match s {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

/// `huo-book train`.
#[derive(Args)]
pub struct Train {
    /// The side you play: your book's moves for it are asked, the other side's are played.
    #[arg(long, value_enum, default_value_t = Side::White)]
    color: Side,
    /// Train only the lines after these moves, in one argument (SAN or UCI, move numbers
    /// allowed): --from "1. e4 c5 2. Nf3".
    #[arg(long, value_name = "MOVES")]
    from: Option<String>,
    /// Ask every position, not only those due (or new).
    #[arg(long)]
    all: bool,
    /// Ask a new position at once, without showing its moves first.
    #[arg(long)]
    recall: bool,
    /// Print the figures for the side instead of opening the trainer: positions to answer,
    /// due now, learning, learned, success rate, the hardest positions.
    #[arg(long)]
    stats: bool,
    /// Train as lines of text, without the screen (screen readers, braille displays,
    /// scripts): the questions and verdicts printed, the answers typed.
    #[arg(long)]
    plain: bool,
}

/// The moves of `--from`: move numbers (`1.`, `3...`, `1.e4`) left out.
fn from_moves(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| {
            let number = w.trim_start_matches(|c: char| c.is_ascii_digit());
            match number.strip_prefix('.') {
                Some(rest) if number.len() < w.len() => rest.trim_start_matches('.'),
                _ => w,
            }
        })
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect()
}

/// What to do when your own book has no line to train yet.
const LEARN_FIRST: &str = ". Record your lines first (huo-book record e4 e5 Nf3, or the \
     editor), or train the built-in book's with --layers both";

impl Train {
    pub fn run(&self, ctx: &Context) -> CommandResult {
        let books = ctx.layered_for_training();
        let learner = Color::from(self.color);
        let mut root = Game::new();
        if let Some(text) = &self.from {
            for (_, mv) in
                walk(Position::startpos(), &from_moves(text)).map_err(|e| format!("--from: {e}"))?
            {
                root.play(mv).map_err(|e| format!("--from: {e}"))?;
            }
        }
        let today = date::today();
        if self.stats {
            let shown = Books::locate(ctx.explicit_dir(), ctx.training_layers()).describe();
            let hint = if ctx.layers_given.is_none() {
                LEARN_FIRST
            } else {
                ""
            };
            return print_stats(&books, &shown, root, learner, today, hint);
        }
        let session = Session::open(
            &books,
            Options {
                learner,
                root: root.clone(),
                all: self.all,
                today,
                seed: crate::util::rng::seed_from_clock(),
                learn_first: !self.recall,
                new_per_day: ctx.config.book.new_per_day,
            },
        )?;
        if session.repertoire().learner_keys().is_empty() {
            let mut why = nothing_to_train(&books, &root, learner);
            if ctx.layers_given.is_none() {
                why.push_str(LEARN_FIRST);
            }
            return Err(why.into());
        }
        crate::commands::run_trainer(Box::new(session), &ctx.config, self.plain)
            .map_err(|e| format!("trainer: {e}"))?;
        Ok(ExitCode::SUCCESS)
    }
}

/// `--stats`.
/// `shown`: the books as they are now (the user's book may not exist yet).
/// `hint`: what to add when there is nothing to train.
fn print_stats(
    books: &Books,
    shown: &str,
    root: Game,
    learner: Color,
    today: i64,
    hint: &str,
) -> CommandResult {
    let dir = books
        .user()
        .and_then(|b| b.dir())
        .ok_or("no book directory (--book DIR)")?;
    let schedule = Schedule::load(dir)?;
    let repertoire = Repertoire::build(books, root, learner);
    if repertoire.learner_keys().is_empty() {
        return Err(format!(
            "{}{hint}",
            nothing_to_train(books, &repertoire.root, learner)
        )
        .into());
    }
    let s = stats::stats(&repertoire, &schedule, today);
    println!(
        "Training {learner} from {}: {}",
        from_where(&repertoire.root),
        shown
    );
    println!("Schedule: {}", schedule.file());
    println!(
        "Positions to answer: {} ({} new, {} due now, {} learning, {} learned)",
        s.positions, s.new, s.due, s.learning, s.learned
    );
    println!(
        "Learned: remembered for {} days or more, as the scheduler reckons it",
        stats::LEARNED_STABILITY
    );
    if s.answers == 0 {
        println!("Success rate: no answers yet");
    } else {
        println!(
            "Success rate: {:.0}% ({} of {} answers right)",
            100.0 * f64::from(s.right) / f64::from(s.answers),
            s.right,
            s.answers
        );
    }
    match s.next {
        Some((day, n)) => println!(
            "Next due: {} ({n} position{})",
            date::iso(day),
            if n == 1 { "" } else { "s" }
        ),
        None => println!("Next due: nothing scheduled after today"),
    }
    if s.hardest.is_empty() {
        println!("Hardest positions: none answered wrong yet");
    } else {
        println!("Hardest positions (the most often wrong):");
        for h in &s.hardest {
            let line = if h.line.is_empty() {
                "the start position".to_string()
            } else {
                format!("after {}", h.line)
            };
            let name = h
                .opening
                .as_ref()
                .map(|n| format!(" ({n})"))
                .unwrap_or_default();
            println!("  {line}{name}: wrong {} of {} times", h.lapses, h.reps);
        }
    }
    if s.elsewhere > 0 {
        println!(
            "The schedule has {} other position{} (the other side's, other starts, or lines \
             no longer in the book)",
            s.elsewhere,
            if s.elsewhere == 1 { "" } else { "s" }
        );
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::from_moves;

    #[test]
    fn move_numbers_are_left_out() {
        assert_eq!(
            from_moves("1. e4 c5 2.Nf3 2... d6"),
            vec!["e4", "c5", "Nf3", "d6"]
        );
        assert_eq!(from_moves("e2e4 0-0 O-O"), vec!["e2e4", "0-0", "O-O"]);
    }
}
