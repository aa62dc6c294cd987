//! Drills from the player's own games: `huo-chess analyse FILE --player NAME` turns that
//! player's mistakes (`?`) and blunders (`??`) into exercises of the deck
//! ([`crate::train::deck`]); `huo-chess drill` asks the due ones on the trainer screen,
//! `huo-chess drill --stats` counts them.

use crate::analysis::GameAnalysis;
use crate::commands::error::{CommandError, CommandResult};
use crate::config::Config;
use crate::pgn::PgnGame;
use crate::train::deck::{self, Deck};
use crate::train::drill::DrillSession;
use crate::util::date;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The deck: `--deck`-less, in the user's data folder.
fn deck_path() -> Result<PathBuf, NoHomeError> {
    deck::default_path().ok_or(NoHomeError)
}

/// No data folder to keep the deck in (no home folder known).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoHomeError;

impl std::fmt::Display for NoHomeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("no home folder to keep the drills in")
    }
}

impl std::error::Error for NoHomeError {}

impl From<NoHomeError> for CommandError {
    fn from(e: NoHomeError) -> Self {
        CommandError::Failed(Box::new(e))
    }
}

/// `huo-chess analyse FILE --player NAME`: the exercises the player's mistakes and
/// blunders make, collected game by game as the analysis goes, then added to the deck.
pub struct Collect {
    player: String,
    path: PathBuf,
    games: usize,
    found: Vec<deck::Drill>,
}

impl Collect {
    /// Collects `player`'s exercises; the deck is checked now (a deck with problems is
    /// refused before the games are analysed, not after).
    pub fn open(player: &str) -> Result<Collect, CommandError> {
        let path = deck_path()?;
        Deck::load(&path)?;
        Ok(Collect {
            player: player.to_string(),
            path,
            games: 0,
            found: Vec::new(),
        })
    }

    /// Game `number`, analysed: the player's exercises in it (none when the player is not
    /// in the game). Progress, a line per game of the player's, goes to standard error.
    pub fn game(&mut self, number: usize, pgn: &PgnGame, analysis: &GameAnalysis) {
        if deck::sides_of(pgn, &self.player).is_empty() {
            return;
        }
        self.games += 1;
        let drills = deck::from_game(pgn, analysis, &self.player);
        eprintln!("game {number}: {} exercise(s)", drills.len());
        self.found.extend(drills);
    }

    /// Adds what was found to the deck and says so; an error when no game of the file
    /// (`input`) had the player.
    pub fn finish(self, input: &Path) -> CommandResult {
        let player = &self.player;
        if self.games == 0 {
            return Err(format!(
                "{}: no game has {player} as White or Black",
                input.display()
            )
            .into());
        }
        let added = deck::add_to(&self.path, self.found)?;
        println!(
            "{} game(s) of {player} analysed: {added}. Drill them: huo-chess drill",
            self.games
        );
        Ok(ExitCode::SUCCESS)
    }
}

/// `huo-chess drill [--all]`: the trainer screen on the due exercises.
pub fn drill(config: &Config, all: bool, plain: bool) -> CommandResult {
    let session = DrillSession::open(&deck_path()?, config, all, date::today())?;
    crate::commands::run_trainer(Box::new(session), config, plain)
        .map_err(|e| format!("drill: {e}"))?;
    Ok(ExitCode::SUCCESS)
}

/// `huo-chess drill --stats`: the exercises new, due now and learned, the success rate.
pub fn stats(today: i64) -> CommandResult {
    let path = deck_path()?;
    let deck = Deck::load(&path)?;
    print!("{}", stats_text(&deck, today));
    Ok(ExitCode::SUCCESS)
}

/// The figures of `drill --stats`.
pub fn stats_text(deck: &Deck, today: i64) -> String {
    let drills = deck.drills();
    let new = drills.iter().filter(|d| d.record.is_none()).count();
    let due = drills
        .iter()
        .filter(|d| d.record.as_ref().is_some_and(|r| r.is_due(today)))
        .count();
    let learned = drills
        .iter()
        .filter(|d| {
            d.record
                .as_ref()
                .is_some_and(|r| !r.is_due(today) && r.learned())
        })
        .count();
    let learning = drills.len() - new - due - learned;
    let (answers, wrong) = drills
        .iter()
        .filter_map(|d| d.record.as_ref())
        .fold((0, 0), |(a, w), r| (a + r.reps, w + r.lapses));
    let mut out = format!("Drills: {}\n", deck.file());
    out.push_str(&format!(
        "Exercises: {} ({new} new, {due} due now, {learning} learning, {learned} learned)\n",
        drills.len()
    ));
    if answers == 0 {
        out.push_str("Success rate: no answers yet\n");
    } else {
        out.push_str(&format!(
            "Success rate: {:.0}% ({} of {answers} answers right)\n",
            100.0 * f64::from(answers - wrong) / f64::from(answers),
            answers - wrong
        ));
    }
    let due = crate::train::exercise::DueNext::new(
        0,
        drills
            .iter()
            .filter_map(|d| d.record.as_ref())
            .map(|r| r.memory.due),
        today,
    );
    out.push_str(&match due.next {
        Some((day, n)) => format!(
            "Next due: {} ({n} exercise{})\n",
            date::iso(day),
            if n == 1 { "" } else { "s" }
        ),
        None => "Next due: nothing scheduled after today\n".to_string(),
    });
    // The hardest: the most often wrong, then the most wrong for their answers.
    let mut hardest: Vec<_> = drills
        .iter()
        .filter_map(|d| d.record.as_ref().map(|r| (d, r)))
        .filter(|(_, r)| r.lapses > 0)
        .collect();
    hardest.sort_by(|(_, a), (_, b)| {
        b.lapses
            .cmp(&a.lapses)
            .then(a.success().total_cmp(&b.success()))
    });
    if hardest.is_empty() {
        out.push_str("Hardest exercises: none answered wrong yet\n");
    } else {
        out.push_str("Hardest exercises (the most often wrong):\n");
        for (d, r) in hardest.iter().take(HARDEST) {
            out.push_str(&format!(
                "  {}: you played {}, the engine {}: wrong {} of {} times\n",
                d.game,
                crate::core::san(&d.pos, d.played),
                crate::core::san(&d.pos, d.best),
                r.lapses,
                r.reps
            ));
        }
    }
    out
}

/// How many of the hardest exercises `--stats` names.
const HARDEST: usize = 5;

#[cfg(test)]
mod no_home_tests {
    use super::*;
    use std::error::Error as _;

    #[test]
    fn no_home_folder_is_said_as_before_and_kept() {
        let e = CommandError::from(NoHomeError);
        assert_eq!(e.to_string(), "no home folder to keep the drills in");
        let kept = e.source().unwrap().downcast_ref::<NoHomeError>();
        assert_eq!(kept, Some(&NoHomeError));
        assert!(NoHomeError.source().is_none());
    }
}
