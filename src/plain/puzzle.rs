//! Puzzles in plain mode (`huo-chess puzzle --plain`): the puzzle trainer's state
//! ([`crate::puzzle::trainer`]) said as lines, and lines typed read as its commands: a
//! move (`e2e4`, `Nf3`), `hint`, `show`, `next`, `board`, `stats`, `help`, `quit`. What the screen
//! shows is said here in words: the opponent's move that sets the puzzle, whose move it
//! is, each reply the trainer plays, the verdict with the rating's change, and once a
//! puzzle is over its rating and themes (not before: they would give it away).

use super::lines::{PROMPT, read_lines, watch_signals};
use super::words;
use crate::core::parse_move;
use crate::puzzle::trainer::{PuzzleTrainer, Stage};
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// The commands, a line each.
pub fn help() -> Vec<String> {
    [
        "Puzzles. Type the move you would play: e4, Nf3, e2e4.",
        "hint: the piece to move, then again: the move (that counts as failed).",
        "show: show me the solution (counts as failed). next: the next puzzle.",
        "board: the board, rank by rank. stats: your rating, its history, the themes.",
        "quit or esc: leave. Every puzzle played is saved as it ends.",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// What of the trainer has been said.
#[derive(Default)]
pub struct PuzzleText {
    /// The moves announced on the board.
    announced: usize,
    /// The puzzle announced (its id), and how many puzzles so far.
    puzzle: Option<String>,
    count: u32,
    /// The note as last said.
    note: Option<String>,
    /// The stage as last said.
    stage: Option<Stage>,
}

impl PuzzleText {
    /// What changed on `t` since last time, as lines.
    pub fn lines(&mut self, t: &PuzzleTrainer) -> Vec<String> {
        let mut out = Vec::new();
        let id = t.puzzle().map(|p| p.id.clone());
        if id != self.puzzle || (id.is_none() && self.stage != Some(t.stage())) {
            self.puzzle = id.clone();
            self.announced = 0;
            self.note = None;
            if id.is_some() {
                self.count += 1;
                out.push(format!(
                    "Puzzle {}: you play {}. Your rating: {:.0}.",
                    self.count,
                    t.solver().name(),
                    t.rating().rating
                ));
            }
        }
        let game = t.game();
        for (pos, &mv) in game
            .positions()
            .iter()
            .zip(game.moves())
            .skip(self.announced)
        {
            out.push(words::move_words(pos, mv));
        }
        self.announced = game.moves().len();
        let note = t.note().map(|n| n.text.clone());
        if note != self.note {
            out.extend(note.iter().cloned());
            self.note = note;
        }
        if self.stage != Some(t.stage()) || !out.is_empty() {
            match t.stage() {
                Stage::Solving => out.push(format!(
                    "{} to move: find the best move.",
                    t.game().position().turn().name()
                )),
                Stage::Over => {
                    out.extend(t.about());
                    if let Some(why) = t.not_saved() {
                        out.push(format!("Not saved: {why}"));
                    }
                    out.push(
                        "Type next for the next puzzle, show for the solution, quit to leave."
                            .into(),
                    );
                }
                Stage::NoPuzzle => {
                    out.push("No puzzle left to give (with these filters): quit to leave.".into())
                }
            }
            self.stage = Some(t.stage());
        }
        out
    }
}

/// Does what a typed line asks: the answer's own lines (the trainer's changes are said
/// after). Returns `None` when the user leaves.
pub fn line(t: &mut PuzzleTrainer, text: &str) -> Option<Vec<String>> {
    let text = text.trim();
    let said = |s: &str| Some(vec![s.to_string()]);
    match text.to_ascii_lowercase().as_str() {
        "quit" | "q" | ":quit" | ":q" | "esc" => None,
        "help" | "h" | "?" | ":help" => Some(help()),
        "board" => Some(words::board_words(t.game().position(), t.solver())),
        "stats" | ":stats" => Some(t.stats(usize::MAX)),
        "hint" | ":hint" => {
            if t.hint() {
                Some(Vec::new())
            } else {
                said("No hint here: a hint is for a move asked")
            }
        }
        "show" | ":show" => {
            if t.show() {
                Some(Vec::new())
            } else {
                said("Nothing to show: the solution is on the board")
            }
        }
        "next" | ":next" | "" if text.is_empty() && t.stage() == Stage::Solving => {
            said("Type your move (or hint, show, next)")
        }
        "next" | ":next" | "" => match t.next_puzzle() {
            Ok(()) => Some(Vec::new()),
            Err(e) => Some(vec![format!("The next puzzle cannot be read: {e}")]),
        },
        _ => match parse_move(t.game().position(), text) {
            Ok(mv) => {
                t.play(mv);
                Some(Vec::new())
            }
            Err(e) => Some(vec![format!("Invalid move - Please try again ({e})")]),
        },
    }
}

/// Runs `trainer` as lines on standard input and output until the input ends, `quit` or
/// a signal.
pub fn run(trainer: PuzzleTrainer) -> io::Result<()> {
    let lines = read_lines(io::BufReader::new(io::stdin()));
    let stop = watch_signals();
    run_on(trainer, &lines, &stop, &mut io::stdout().lock())
}

/// [`run`] on given lines and output.
pub fn run_on(
    mut trainer: PuzzleTrainer,
    lines: &Receiver<String>,
    stop: &AtomicBool,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut text = PuzzleText::default();
    writeln!(
        out,
        "Huo Chess puzzles, plain mode. Type help for the commands."
    )?;
    loop {
        for l in text.lines(&trainer) {
            writeln!(out, "{l}")?;
        }
        if stop.load(Ordering::Relaxed) {
            break;
        }
        writeln!(out, "{PROMPT}")?;
        out.flush()?;
        let typed = loop {
            match lines.recv_timeout(Duration::from_millis(50)) {
                Ok(l) => break Some(l),
                Err(RecvTimeoutError::Timeout) if stop.load(Ordering::Relaxed) => break None,
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break None,
            }
        };
        let Some(typed) = typed else {
            writeln!(out, "End of input.")?;
            break;
        };
        match line(&mut trainer, &typed) {
            Some(answer) => {
                for l in answer {
                    writeln!(out, "{l}")?;
                }
            }
            None => break,
        }
    }
    for l in farewell(&trainer) {
        writeln!(out, "{l}")?;
    }
    Ok(())
}

/// The last lines, on leaving: the session's tally and the rating, and what could not be
/// saved.
pub fn farewell(trainer: &PuzzleTrainer) -> Vec<String> {
    let tally = trainer.tally();
    let mut lines = vec![format!(
        "This session: {} solved, {} failed. {}",
        tally.solved,
        tally.failed,
        trainer.rating_words()
    )];
    if let Some(why) = trainer.not_saved() {
        lines.push(format!("Not saved: {why}"));
    }
    lines
}
