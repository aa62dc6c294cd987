//! Drills from the player's own games: `huo-chess analyse FILE --player NAME` turns that
//! player's mistakes (`?`) and blunders (`??`) into exercises of the deck
//! ([`crate::train::deck`]); `huo-chess drill` asks the due ones on the trainer screen,
//! `huo-chess drill --stats` counts them.

use crate::analysis::Analyser;
use crate::commands::error::{CommandError, CommandResult};
use crate::config::Config;
use crate::pgn::read_games;
use crate::search::Limits;
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

/// `huo-chess analyse FILE --player NAME`: the games of `file` where NAME is White or
/// Black are analysed within `limits`; NAME's mistakes and blunders are added to the deck.
/// Progress (a line per game) goes to standard error, the summary to standard output.
pub fn analyse_player(config: &Config, file: &Path, player: &str, limits: Limits) -> CommandResult {
    let path = deck_path()?;
    // A deck with problems is refused before the games are analysed, not after.
    Deck::load(&path)?;
    let name = file.display().to_string();
    // Read as `analyse` reads it: gzip or zstd decompressed, `-` standard input.
    let text = crate::util::input::read_to_string(file)?;
    let mut analyser = Analyser::new(config, limits);
    let (mut games, mut found) = (0, Vec::new());
    for (i, read) in read_games(text.as_bytes()).enumerate() {
        let pgn = match read {
            Ok(pgn) => pgn,
            Err(e) => {
                crate::commands::say(
                    "huo-chess",
                    &format!(
                        "{name}:{}: game {}: {} (skipped)",
                        e.line, e.game, e.message
                    ),
                );
                continue;
            }
        };
        if deck::sides_of(&pgn, player).is_empty() {
            continue;
        }
        games += 1;
        let analysis = analyser
            .analyse(&pgn.to_game(), |_| {})
            .map_err(|e| format!("{name}: game {}: {}", i + 1, e.reason()))?;
        let drills = deck::from_game(&pgn, &analysis, player);
        eprintln!("game {}: {} exercise(s)", i + 1, drills.len());
        found.extend(drills);
        analyser.clear();
    }
    if games == 0 {
        return Err(format!("{name}: no game has {player} as White or Black").into());
    }
    let added = deck::add_to(&path, found)?;
    println!("{games} game(s) of {player} analysed: {added}. Drill them: huo-chess drill");
    Ok(ExitCode::SUCCESS)
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
