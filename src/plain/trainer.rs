//! The trainer in plain mode: `:train` and `:drill` from the game, `huo-book train
//! --plain` and `huo-chess drill --plain` alone. The trainer screen's panel is printed as
//! lines when it changes (the question, the verdict, the right moves, the line's end);
//! the moves the trainer plays are announced in words; a line typed is a call on the
//! trainer itself, the library's [`Coach`] that the screen shows too (a move, Enter to go
//! on, `:next`, `:quit` or `esc` to leave), and the board queries of [`super::queries`]
//! read the trainer's board.

use super::lines::{Input, PROMPT, SIGNAL_CHECK, stream_of, watch_signals};
use super::{queries, words};
use crate::config::Config;
use crate::core::{Move, MoveError, Typed};
use crate::train::Exercise;
use crate::train::coach::Coach;
use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};

/// What of the trainer has been said.
#[derive(Default)]
pub struct TrainerText {
    /// The trainer's moves as last announced.
    announced: Vec<Move>,
    /// The panel as last printed.
    panel: Vec<String>,
    /// Has the title been said?
    started: bool,
}

/// The trainer's own commands, a line each.
pub fn help() -> Vec<String> {
    [
        "Trainer. Type the move you would play: e4, Nf3, e2e4.",
        "A new position is shown first: play the book's move, it is asked in a later line.",
        "hint: the piece to move, then again: the move. show: the answer, counted as a miss.",
        "undo: takes back a mistyped answer. next: skips the rest of the line.",
        ":from: train from this position only. :whole: whole lines again.",
        "Enter on an empty line: the next line, once a line is over.",
        "w: why the right move is better, after a drill's answer.",
        "p N, s e, board, l, moves, m e2, fen: the trainer's board, as in the game.",
        ":quit or esc: leave. Every answer is saved as it is given.",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

impl TrainerText {
    /// What changed on `c` since last time, as lines: moves it played, then its panel.
    pub fn lines(&mut self, c: &Coach) -> Vec<String> {
        let mut out = Vec::new();
        let game = c.exercise.game();
        let moves = game.moves();
        let same = self
            .announced
            .iter()
            .zip(moves)
            .take_while(|(a, b)| a == b)
            .count();
        if same < self.announced.len() || !self.started {
            // A new line or exercise: its moves from the start.
            out.push(format!("{}.", c.exercise.title().trim()));
            self.started = true;
        }
        for (pos, &mv) in game.positions().iter().zip(moves).skip(same) {
            out.push(words::move_words(pos, mv));
        }
        self.announced = moves.to_vec();
        let mut panel = c.panel();
        // The coach's own message ends the panel: it is said on its own below, each time.
        if c.message.is_some() {
            panel.pop();
        }
        let panel: Vec<String> = panel
            .into_iter()
            .map(|l| l.text.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect();
        if panel != self.panel {
            // The verdict on the last answer first, then what is asked now.
            let note = c.exercise.note().map(|n| n.text.clone());
            out.extend(note.iter().cloned());
            out.extend(panel.iter().filter(|l| Some(*l) != note.as_ref()).cloned());
            self.panel = panel;
        }
        if let Some(m) = &c.message {
            out.push(m.clone());
        }
        if let Some(why) = &c.why {
            out.extend(why.iter().cloned());
        }
        out
    }
}

/// Turns a typed line into the trainer's call (a move, a command, going on); the queries
/// are answered instead. Returns the answer's lines.
pub fn line(c: &mut Coach, text: &str) -> Vec<String> {
    let game = c.exercise.game().clone();
    if matches!(text, "help" | "h" | "?" | ":help") {
        return help();
    }
    if let Some(answer) = queries::board_answer(&game, c.exercise.learner(), text) {
        return answer;
    }
    c.message = None;
    c.why = None;
    if text == "esc" {
        c.quit = true;
        return Vec::new();
    }
    // `w` alone asks why, as the screen's key at an empty input: not a line to go on with
    // (Enter after it would move on to the next exercise and close the explanation).
    if text == "w" {
        c.toggle_why();
        return Vec::new();
    }
    // The screen's F2, F3, F4 and Ctrl+Z, by name (no move is spelt so).
    if matches!(text, "hint" | "show" | "undo" | "next" | "skip") {
        c.handle_command(text);
        return Vec::new();
    }
    match Typed::read(text) {
        // `:flip` and `:keys` are the screen's: no board turns here, the keys are `help`.
        Typed::Command(cmd) => {
            c.handle_command(&cmd);
        }
        Typed::Move(text) => {
            if let Some((from, to)) = c.submit_move(&text) {
                // No piece is asked for on a line: the move is typed again with it.
                let e = MoveError::MissingPromotion { text, from, to };
                c.message = Some(e.to_string());
            }
        }
        Typed::Empty if c.between_lines() => c.go_on(),
        // Enter on the screen's board: there is no cursor here.
        Typed::Empty => {}
    }
    Vec::new()
}

/// Runs `exercise` as lines on standard input and output (`huo-book train --plain`,
/// `huo-chess drill --plain`) until the input ends, `:quit` or a signal.
pub fn run(exercise: Box<dyn Exercise>, config: &Config) -> io::Result<()> {
    let stream = stream_of(io::BufReader::new(io::stdin()));
    let stop = watch_signals();
    run_on(exercise, config, stream, &stop, &mut io::stdout().lock())
}

/// [`run`] on a given stream (the lines typed, and the judge's wake-up: its sender) and
/// output (the configuration is the screen's: its theme).
pub fn run_on(
    exercise: Box<dyn Exercise>,
    _config: &Config,
    (wake, input): (Sender<Input>, Receiver<Input>),
    stop: &AtomicBool,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut c = Coach::new(exercise);
    // A judgement arrives on the stream the lines come on.
    c.wake_with(Box::new(move || {
        let _ = wake.send(Input::Woken);
    }));
    let mut text = TrainerText::default();
    let mut typed = VecDeque::new();
    let mut ended = false;
    writeln!(
        out,
        "Huo Chess trainer, plain mode. Type help for the commands."
    )?;
    loop {
        // Wait for a judgement (a drill's answer is searched); lines typed meanwhile wait.
        while c.exercise.judging() && !stop.load(Ordering::Relaxed) {
            match input.recv_timeout(SIGNAL_CHECK) {
                Ok(Input::Woken) => {
                    c.poll();
                }
                Ok(Input::Line(l)) => typed.push_back(l),
                Ok(Input::End) => ended = true,
                // (An exercise that wakes no one is looked at each time.)
                Ok(Input::Engine(_)) | Err(_) => {
                    c.poll();
                }
            }
        }
        for l in text.lines(&c) {
            writeln!(out, "{l}")?;
        }
        if c.quit || stop.load(Ordering::Relaxed) {
            writeln!(out, "Every answer is saved.")?;
            return Ok(());
        }
        writeln!(out, "{PROMPT}")?;
        out.flush()?;
        let line_text = loop {
            if let Some(l) = typed.pop_front() {
                break Some(l);
            }
            if ended {
                break None;
            }
            match input.recv_timeout(SIGNAL_CHECK) {
                Ok(Input::Line(l)) => break Some(l),
                Ok(Input::End) | Err(RecvTimeoutError::Disconnected) => break None,
                Ok(Input::Woken) => {
                    c.poll();
                }
                Err(RecvTimeoutError::Timeout) if stop.load(Ordering::Relaxed) => break None,
                Ok(Input::Engine(_)) | Err(RecvTimeoutError::Timeout) => {}
            }
        };
        let Some(l) = line_text else {
            writeln!(out, "End of input. Every answer is saved.")?;
            return Ok(());
        };
        for a in line(&mut c, l.trim()) {
            writeln!(out, "{a}")?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Judgement;
    use crate::core::{Position, parse_san};
    use crate::train::deck::{Deck, Drill, FILE_NAME};
    use crate::train::drill::{DrillSession, EngineJudge};
    use crate::util::scratch::Scratch;

    /// Two exercises from one back-rank position (Ra8# the engine's move), the game
    /// having played Kf2 in one, Kh1 in the other.
    fn two_drills(dir: &Scratch) -> DrillSession {
        let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/RR4K1 w - - 0 30").unwrap();
        let mv = |s: &str| parse_san(&pos, s).unwrap();
        let drill = |played: &str| Drill {
            pos,
            played: mv(played),
            judgement: Judgement::Blunder,
            cost: "misses a mate".into(),
            best: mv("Ra8"),
            line: vec![mv("Ra8")],
            depth: 3,
            game: "Me - You, move 30".into(),
            engine: None,
            why: None,
            moves: Vec::new(),
            record: None,
        };
        let path = dir.path().join(FILE_NAME);
        let mut deck = Deck::load(&path).unwrap();
        deck.add(vec![drill("Kf2"), drill("Kh1")]).unwrap();
        let judge = Box::new(EngineJudge::new(&Config::default()));
        DrillSession::new(Deck::load(&path).unwrap(), judge, false, 20_000)
    }

    fn run_lines(exercise: Box<dyn Exercise>, input: &str) -> String {
        let stream = stream_of(io::Cursor::new(input.to_string().into_bytes()));
        let mut out = Vec::new();
        run_on(
            exercise,
            &Config::default(),
            stream,
            &AtomicBool::new(false),
            &mut out,
        )
        .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn w_after_a_right_answer_explains_and_does_not_skip_to_the_next_exercise() {
        let dir = Scratch::new("plain-drill-why");
        let out = run_lines(Box::new(two_drills(&dir)), "Ra8\nw\n");
        let after_w = out.split("Right: Ra8#").nth(1).expect(&out);
        assert!(after_w.contains("Why Ra8#, not the game's"), "{out}");
        assert!(
            !after_w.contains("exercise 2 of 2"),
            "w went on to the next exercise: {out}"
        );
        // Enter on an empty line then goes on, as before.
        let dir = Scratch::new("plain-drill-why-enter");
        let out = run_lines(Box::new(two_drills(&dir)), "Ra8\nw\n\n");
        assert!(out.contains("exercise 2 of 2"), "{out}");
    }

    #[test]
    fn a_typed_line_is_a_call_on_the_coach_a_promotion_asks_for_its_piece() {
        let dir = Scratch::new("plain-drill-promotion");
        let pos = Position::from_fen("6k1/P7/8/8/8/8/8/6K1 w - - 0 40").unwrap();
        let mv = |s: &str| parse_san(&pos, s).unwrap();
        let drill = Drill {
            pos,
            played: mv("Kf2"),
            judgement: Judgement::Blunder,
            cost: "lets the pawn wait".into(),
            best: mv("a8=Q+"),
            line: vec![mv("a8=Q+")],
            depth: 3,
            game: "Me - You, move 40".into(),
            engine: None,
            why: None,
            moves: Vec::new(),
            record: None,
        };
        let path = dir.path().join(FILE_NAME);
        Deck::load(&path).unwrap().add(vec![drill]).unwrap();
        let judge = Box::new(EngineJudge::new(&Config::default()));
        let session = DrillSession::new(Deck::load(&path).unwrap(), judge, false, 20_000);
        let out = run_lines(Box::new(session), "a7a8\n:flip\n:bogus\na7a8q\n");
        // No piece is asked for on a line: the move is to be typed with it.
        let asked = "'a7a8' promotes a pawn: add the piece (q, r, b or n), e.g. 'a7a8q'";
        assert!(out.contains(asked), "{out}");
        // The screen's :flip turns no board here and is no unknown command; others are.
        assert!(!out.contains("Unknown command ':flip'"), "{out}");
        assert!(out.contains("Unknown command ':bogus'"), "{out}");
        let after = out.split("Unknown command ':bogus'").nth(1).expect(&out);
        assert!(after.contains("Right: a8=Q+"), "{out}");
    }
}
