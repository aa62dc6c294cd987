//! What the game screen does when asked: the `:` commands and the actions bound to keys
//! (new game, takeback, hint, …). Whatever would end the game in progress (a new game, a
//! load, a new position) asks first, and the game left behind can be restored.

use super::{Cue, Mode, Pending, Table};
use crate::play::Command;
use crate::session::clock::Clock;

impl Table {
    /// A `:` command (without the colon).
    pub fn handle_command(&mut self, line: &str) {
        let line = line.trim();
        let (cmd, arg) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let arg = arg.trim();
        match cmd.to_ascii_lowercase().as_str() {
            "new" => self.ask_then(Pending::NewGame),
            "undo" | "takeback" | "back" => self.takeback(),
            "flip" => self.flipped = !self.flipped,
            "switch" => self.switch_sides(),
            "hint" => self.hint(),
            "now" => self.tell(Command::MoveNow),
            "level" if arg.is_empty() => self.show_levels(),
            "level" => match arg.parse::<crate::level::Level>() {
                Ok(l) => self.tell(Command::SetLevel(l)),
                Err(e) => self.note(e, true),
            },
            "clock" => self.set_clock(arg),
            "save" => self.save_pgn(arg),
            "load" => {
                if arg.is_empty() {
                    self.note("Usage: :load FILE.pgn (or a FEN file)", true);
                } else {
                    self.ask_then(Pending::Load(arg.to_string()));
                }
            }
            "fen" => match Table::fen_argument(arg) {
                Ok(p) => self.ask_then(Pending::Fen(Box::new(p))),
                Err(e) => self.note(e.to_string(), true),
            },
            "savefen" => self.save_fen(arg),
            "restore" => self.restore_left(),
            "why" => self.why(arg),
            "eval" => self.evaluate(),
            "tree" => self.open_tree(),
            "analyse" | "analyze" => {
                if arg.is_empty() {
                    self.analyse_game();
                } else {
                    self.analyse_file(arg);
                }
            }
            "copy" | "copyfen" => self.copy_fen(),
            "draw" => self.tell(Command::OfferDraw),
            "resign" => self.tell(Command::Resign),
            "watch" => self.watch_command(arg),
            "train" => self.open_train(arg),
            "review" => self.review_departure(),
            "drill" => self.open_drill(),
            "puzzle" | "puzzles" => self.open_puzzles(arg),
            "log" => self.cues.push(Cue::ToggleLog),
            "help" => self.open_help(),
            "quit" | "q" | "exit" => self.ask_quit(),
            _ if self.keys => self.note(format!("Unknown command ':{cmd}' (F1 for help)"), true),
            _ => self.note(format!("Unknown command ':{cmd}' (help lists them)"), true),
        }
    }

    /// Runs `what` at once when no game is in progress, else asks first.
    pub fn ask_then(&mut self, what: Pending) {
        if self.in_progress() {
            self.back_to = Mode::Play;
            self.mode = Mode::Confirm(what);
        } else {
            self.carry_out(what);
        }
    }

    /// The player said yes: the game in progress is kept aside, then replaced.
    pub(super) fn carry_out(&mut self, what: Pending) {
        self.mode = Mode::Play;
        match what {
            Pending::Replace(_) => {
                self.mode = self.back_to.clone();
                self.tell(Command::Answer(true));
            }
            Pending::NewGame => {
                self.new_game(None);
                if !self.session().saves.left.is_empty() {
                    self.note("New game. The last one is kept: :restore", false);
                }
            }
            Pending::Load(path) => self.load_file(&path),
            Pending::Fen(pos) => {
                self.log_line(format!("Position set: {}", pos.fen()));
                self.new_game(Some(*pos));
            }
        }
    }

    /// Takes back the player's last move and the engine's answer (just the player's move
    /// while the engine is still thinking about it). A game that had ended is open again:
    /// no result, and the clocks as they were when the move taken back began. When those
    /// times are not known (the clocks were set later) and a flag had fallen, the takeback
    /// is refused: the game would only be lost on time again.
    pub fn takeback(&mut self) {
        self.tell(Command::TakeBack);
    }

    /// The player takes the other colour; the engine moves if it is now its turn.
    pub fn switch_sides(&mut self) {
        self.tell(Command::SwitchSides);
    }

    pub fn copy_fen(&mut self) {
        let fen = self.session().game.position().fen();
        self.log_line(format!("FEN: {fen}"));
        self.note("FEN copied (also in the log)", false);
        self.cues.push(Cue::Copy(fen));
    }

    /// `:level` alone: the level played now and the choices, each rung with its Elo (in
    /// the log whole, in the panel the level now).
    fn show_levels(&mut self) {
        let level = self.session().level_of(self.engine_side());
        let now = format!("Level now: {}.", level.describe());
        self.log_line(now.clone());
        for l in crate::level::ladder_lines() {
            self.log_line(l);
        }
        if self.keys {
            let key = self.config.tui.keys.level.short();
            self.log_line(format!(":level N sets it ({key} types :level)."));
        } else {
            self.log_line(":level N sets it.");
        }
        self.note(
            format!("{now}\nThe levels and their Elo: in the log"),
            false,
        );
    }

    fn set_clock(&mut self, arg: &str) {
        if arg.is_empty() {
            // Only says what is set: switching off takes the word `off`.
            let now = match &self.session().clock {
                Some(c) => format!("Clocks: {} each", c.control),
                None => "No clocks".to_string(),
            };
            self.note(
                format!("{now}. Usage: :clock 5+3 (5 min + 3 s), :clock 10s+0.1s or :clock off"),
                false,
            );
            return;
        }
        match Clock::parse_setting(arg) {
            Ok(c) => self.tell(Command::SetClock(c.map(|c| c.control))),
            Err(e) => self.note(e, true),
        }
    }

    /// `:tree`: browse the MiniMax tree of the last classic search.
    fn open_tree(&mut self) {
        match self.last_tree().cloned() {
            Some(top) => self.cues.push(Cue::Tree(top)),
            None => self.note(
                "No tree yet: the tree is kept after a search at classic-1, classic-3 or classic-5",
                true,
            ),
        }
    }

    /// The help window, over whatever is open.
    pub fn open_help(&mut self) {
        self.back_to = self.mode.clone();
        self.mode = Mode::Help;
    }

    pub fn ask_quit(&mut self) {
        if self.mode != Mode::ConfirmQuit {
            self.back_to = if self.mode == Mode::Help {
                Mode::Play
            } else {
                self.mode.clone()
            };
            self.mode = Mode::ConfirmQuit;
        }
    }
}
