//! Reviewing an analysed game: the game stepped through move by move, the engine's
//! evaluation and best line at each position, each move judged by how much of the
//! mover's winning chances it gave away (`??` blunder, `?` mistake, `?!` inaccuracy; see
//! [`crate::analysis`]), each side's tally and accuracy, and the evaluation over the whole
//! game as a graph. The positions are searched one after another on a thread of their own
//! ([`Background`]) by the analyser the configuration names, the one `huo-chess analyse`
//! uses, so the verdicts are the command's; the review can be read meanwhile.
//!
//! A side's mistakes and blunders become drills, as `huo-chess analyse FILE --player NAME`
//! makes them ([`deck::from_sides`], [`deck::add_to`]): the side the user played when the
//! game was theirs, otherwise the review asks which. [`Review`] is the state and its
//! rules; the analysis screen and plain mode only show it. It sits above both
//! [`crate::analysis`] and [`crate::train`] (the drills' deck), which it joins.

use crate::analysis::background::{Background, Update, Wake};
use crate::analysis::{AnalyserSpec, Eval, GameAnalysis, PositionEval, Thresholds};
use crate::config::Config;
use crate::core::{Color, Position, san, san_line, san_numbered};
use crate::game::Game;
use crate::train::deck;
use std::time::{Duration, Instant};

/// The graph shows evaluations up to this many pawns either way.
pub const GRAPH_PAWNS: f64 = 5.0;

/// PgUp/PgDn step this many half-moves: five moves of each side.
pub const PAGE_PLIES: usize = 10;

/// A game under analysis, and the position looked at.
pub struct Review {
    pub game: Game,
    /// What the game is called: `White - Black`, from its PGN tags.
    pub(crate) title: String,
    /// The game's PGN tags (the players, the date): where its drills come from.
    pub(crate) headers: Vec<(String, String)>,
    /// The side the user played, when the game was theirs: `d` drills its mistakes.
    pub(crate) user: Option<Color>,
    /// The drills' deck `d` adds to (`None`: no home folder to keep it in).
    pub deck: Option<std::path::PathBuf>,
    /// `d` asked whose mistakes to drill: `w` or `b` answers.
    pub(crate) asking: bool,
    /// What the last `d` did (or why it could not), and whether it is a warning.
    pub note: Option<(String, bool)>,
    /// The engine's view of each position found so far, from the start position on.
    pub evals: Vec<PositionEval>,
    /// How moves are judged.
    thresholds: Thresholds,
    /// The analysis running on its own thread (`None`: not started, or ended).
    worker: Option<Background>,
    /// Who analyses and how (`Stockfish 15.1 (depth 12, 1 thread, hash 32 MB)`), once
    /// the engine runs.
    pub(crate) annotator: Option<String>,
    /// The engine failed: what it said (the positions found before stand).
    pub(crate) failure: Option<String>,
    /// The moves judged once every position is known.
    pub analysis: Option<GameAnalysis>,
    /// The game's log has had its one line about this analysis.
    reported: bool,
    /// The position shown: after this many moves.
    pub ply: usize,
    /// The games of the file this one comes from, each with its tags (empty: a game
    /// alone), and which of them this is.
    pub(crate) games: Vec<(Game, Vec<(String, String)>)>,
    pub index: usize,
    /// `n` or `p` asked for the file's game at this index (the app opens it).
    pub(crate) switch_to: Option<usize>,
}

impl Review {
    /// A review of `game` with its PGN tags `headers`, moves judged by `thresholds` once
    /// [`Review::start`] has the positions searched; `user`: the side the user
    /// played, if it was theirs.
    pub fn new(
        game: Game,
        headers: Vec<(String, String)>,
        user: Option<Color>,
        thresholds: Thresholds,
    ) -> Self {
        let tag = |name: &str| {
            crate::pgn::header(&headers, name)
                .unwrap_or("?")
                .to_string()
        };
        Review {
            evals: Vec::new(),
            thresholds,
            worker: None,
            annotator: None,
            failure: None,
            title: format!("{} - {}", tag("White"), tag("Black")),
            game,
            headers,
            user,
            deck: deck::default_path(),
            asking: false,
            note: None,
            analysis: None,
            reported: false,
            ply: 0,
            games: Vec::new(),
            index: 0,
            switch_to: None,
        }
    }

    /// The review of `games[index]` (a file's games, or the one game on the board, each
    /// with its tags), shown at its end, its analysis started by the configuration's
    /// analyser, as `huo-chess analyse` runs it; the other games kept for `n`/`p`. `None`
    /// when there is no such game.
    pub fn of_games(
        games: Vec<(Game, Vec<(String, String)>)>,
        index: usize,
        user: Option<Color>,
        config: &Config,
        wake: Option<Wake>,
    ) -> Option<Review> {
        let (game, headers) = games.get(index).cloned()?;
        let thresholds = Thresholds::from_config(&config.analysis);
        let mut review = Review::new(game, headers, user, thresholds);
        review.ply = review.game.moves().len();
        review.start(config, &AnalyserSpec::from_config(config), wake);
        (review.games, review.index) = (games, index);
        Some(review)
    }

    /// Starts the analysis: the analyser `spec` describes searches every position on a
    /// thread of its own (as `huo-chess analyse` does), `wake` called with each result.
    pub fn start(&mut self, config: &Config, spec: &AnalyserSpec, wake: Option<Wake>) {
        self.worker = Some(Background::spawn(config, spec, &self.game, wake));
    }

    /// Takes in what the analysis found since last time: whether anything changed.
    pub fn poll(&mut self) -> bool {
        self.take(Duration::ZERO)
    }

    /// Waits up to `timeout` for the analysis to end, taking in what it finds: whether
    /// it ended (tests, and the plain mode's wait).
    pub fn wait(&mut self, timeout: Duration) -> bool {
        let end = Instant::now() + timeout;
        while self.is_running() {
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            self.take(left.min(Duration::from_millis(50)));
        }
        true
    }

    /// Is the analysis still searching?
    pub fn is_running(&self) -> bool {
        self.worker.is_some()
    }

    /// Takes in the updates waiting, the first within `timeout`.
    fn take(&mut self, timeout: Duration) -> bool {
        let mut changed = false;
        let mut wait = timeout;
        while let Some(worker) = &mut self.worker {
            let Some(update) = worker.next_within(wait) else {
                break;
            };
            wait = Duration::ZERO;
            changed = true;
            match update {
                Update::Started { annotator } => self.annotator = Some(annotator),
                Update::Position(e) => self.evals.push(e),
                Update::Finished => self.worker = None,
                Update::Failed(e) => {
                    self.failure = Some(e.to_string());
                    self.worker = None;
                }
            }
        }
        if changed {
            self.finish();
        }
        changed
    }

    /// Every position known, or the engine failed: the moves found are judged.
    fn finish(&mut self) {
        if self.worker.is_none() && self.analysis.is_none() {
            let mut analysis =
                GameAnalysis::from_evals(&self.game, self.evals.clone(), &self.thresholds);
            analysis.annotator = self.annotator.clone();
            self.analysis = Some(analysis);
        }
    }

    /// The last position: after the game's last move.
    fn end(&self) -> usize {
        self.game.moves().len()
    }

    /// One half-move back (not before the start).
    pub fn step_back(&mut self) {
        self.ply = self.ply.saturating_sub(1);
    }

    /// One half-move on (not past the end).
    pub fn step_forward(&mut self) {
        self.ply = (self.ply + 1).min(self.end());
    }

    /// The start position.
    pub fn first(&mut self) {
        self.ply = 0;
    }

    /// The position after the last move.
    pub fn last(&mut self) {
        self.ply = self.end();
    }

    /// [`PAGE_PLIES`] half-moves back (at most to the start).
    pub fn page_back(&mut self) {
        self.ply = self.ply.saturating_sub(PAGE_PLIES);
    }

    /// [`PAGE_PLIES`] half-moves on (at most to the end).
    pub fn page_forward(&mut self) {
        self.ply = (self.ply + PAGE_PLIES).min(self.end());
    }

    /// The file's next game, when there is one: asked for in [`Review::switch_to`] (the
    /// view opens it, a new analysis).
    pub fn next_game(&mut self) {
        if self.index + 1 < self.games.len() {
            self.switch_to = Some(self.index + 1);
        }
    }

    /// The file's previous game, when there is one (as [`Review::next_game`]).
    pub fn previous_game(&mut self) {
        if self.index > 0 && !self.games.is_empty() {
            self.switch_to = Some(self.index - 1);
        }
    }

    /// `d`: drills from the user's mistakes when the game was theirs, else the question
    /// whose mistakes to drill (answered by [`Review::answer_drill`]).
    pub fn ask_drill_side(&mut self) {
        match self.user {
            Some(side) => self.drill(side),
            None => {
                self.asking = true;
                self.note = Some((
                    format!(
                        "Drill whose mistakes? w: White ({})  b: Black ({})  Esc: none",
                        self.tag("White"),
                        self.tag("Black")
                    ),
                    false,
                ));
            }
        }
    }

    /// Is the question of [`Review::ask_drill_side`] waiting for its answer?
    pub fn asking(&self) -> bool {
        self.asking
    }

    /// The answer to whose mistakes to drill: a side, or none.
    pub fn answer_drill(&mut self, side: Option<Color>) {
        self.asking = false;
        match side {
            Some(side) => self.drill(side),
            None => self.note = Some(("No drills made".into(), false)),
        }
    }

    /// The PGN tag `name`, `?` when the game has none.
    fn tag(&self, name: &str) -> &str {
        crate::pgn::header(&self.headers, name).unwrap_or("?")
    }

    /// `side`'s mistakes and blunders into the drills' deck, as `analyse --player` makes
    /// them; the note says how many were added and how many were in the deck already.
    pub fn drill(&mut self, side: Color) {
        self.note = Some(match (&self.analysis, &self.deck) {
            (None, _) => (
                format!(
                    "Wait: the analysis is not finished ({}/{} positions)",
                    self.evals.len(),
                    self.game.positions().len()
                ),
                true,
            ),
            (_, None) => ("No home folder to keep the drills in".into(), true),
            (Some(a), Some(path)) => {
                let drills = deck::from_sides(&self.headers, &self.game, a, &[side]);
                match deck::add_to(path, drills) {
                    Ok(added) => (
                        format!(
                            "{side} ({}): {added}. Drill them: Esc, then :drill",
                            self.tag(&side.to_string())
                        ),
                        false,
                    ),
                    Err(e) => (e.to_string(), true),
                }
            }
        });
    }

    /// The text beside the board: the game's title and opening, the move that led here and
    /// its verdict, the evaluation, the engine's best move and line, and the tally of
    /// judged moves.
    pub fn panel(&self) -> Vec<String> {
        let mut out = vec![self.title.clone()];
        if self.games.len() > 1 {
            out[0].push_str(&format!(
                "  (game {} of {})",
                self.index + 1,
                self.games.len()
            ));
        }
        if let Some(o) = crate::openings::of_game(&self.game) {
            out.push(o.label());
        }
        let evals = &self.evals;
        let done = evals.len();
        let total = self.game.positions().len();
        if let Some(failure) = &self.failure {
            out.push(format!("Stopped at {done}/{total} positions: {failure}"));
        } else if done < total {
            out.push(format!("Analysing... {done}/{total} positions"));
        }
        let positions = self.game.positions();
        if self.ply == 0 {
            out.push("Start position".into());
        } else {
            let i = self.ply - 1;
            let pos = positions[i];
            let mv = self.game.moves()[i];
            let mut line = san_numbered(&pos, mv);
            if let Some(review) = self.analysis.as_ref().and_then(|a| a.moves.get(i)) {
                if let Some(j) = review.judgement {
                    line.push_str(&format!("{} {} ({})", j.symbol(), j.name(), review.cost()));
                    if let Some(best) = review.best.filter(|b| pos.is_legal(*b)) {
                        line.push_str(&format!(", best was {}", san(&pos, best)));
                    }
                    if let Some(reason) = &review.reason {
                        line.push_str(&format!(": {reason}"));
                    }
                } else if review.theory {
                    line.push_str("  opening theory");
                } else if review.is_best() {
                    line.push_str("  the engine's move too");
                }
            }
            out.push(line);
        }
        match evals.get(self.ply) {
            Some(e) => {
                let pos = positions[self.ply];
                out.push(evaluation_text(e, &pos));
                if let Some(best) = e.best.filter(|b| pos.is_legal(*b)) {
                    out.push(format!(
                        "Best {}: {}",
                        san(&pos, best),
                        san_line(&pos, &e.pv).join(" ")
                    ));
                }
            }
            None => out.push("Evaluation: not yet".into()),
        }
        if let Some(a) = &self.analysis {
            for side in [Color::White, Color::Black] {
                out.push(tally(a, side));
            }
        }
        out
    }

    /// Once, when every position is evaluated: one line for the game's log, the game and
    /// each side's tally of judged moves.
    pub fn summary(&mut self) -> Option<String> {
        let a = self.analysis.as_ref().filter(|_| !self.reported)?;
        self.reported = true;
        Some(format!(
            "Analysis of {}: {}; {}",
            self.title,
            tally(a, Color::White),
            tally(a, Color::Black)
        ))
    }

    /// The evaluation after each move so far, in pawns for White, clamped to the graph.
    pub fn graph_points(&self) -> Vec<(f64, f64)> {
        self.evals
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let pawns = match e.eval {
                    Eval::Cp(cp) => cp as f64 / 100.0,
                    Eval::Mate { .. } => {
                        if e.eval.value(Color::White) > 0 {
                            GRAPH_PAWNS
                        } else {
                            -GRAPH_PAWNS
                        }
                    }
                };
                (i as f64, pawns.clamp(-GRAPH_PAWNS, GRAPH_PAWNS))
            })
            .collect()
    }
}

/// `White: 0 ?? 1 ? 2 ?!, accuracy 87.3` (lichess's formula, 0 to 100).
fn tally(a: &GameAnalysis, side: Color) -> String {
    use crate::analysis::Judgement::*;
    let accuracy =
        a.accuracy()[side.index()].map_or(String::new(), |acc| format!(", accuracy {acc:.1}"));
    format!(
        "{side}: {} ?? {} ? {} ?!{accuracy}",
        a.count(side, Blunder),
        a.count(side, Mistake),
        a.count(side, Inaccuracy)
    )
}

/// The engine's view of `pos` in words: `Evaluation +0.35 for White (depth 12)` (pawns for White,
/// always signed), `White mates in 3 (depth 9)`, or, where the game is over, the rule that
/// ended it.
pub fn evaluation_text(e: &PositionEval, pos: &Position) -> String {
    if !pos.has_legal_moves() {
        return if pos.in_check() {
            format!("Checkmate: {} wins", !pos.turn())
        } else {
            "Stalemate: a draw".into()
        };
    }
    match e.eval {
        Eval::Cp(cp) => format!(
            "Evaluation {:+.2} for White (depth {})",
            cp as f64 / 100.0,
            e.depth
        ),
        Eval::Mate { winner, moves } => format!("{winner} mates in {moves} (depth {})", e.depth),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A review of a 24-half-move game (the knights out and back six times), not started.
    fn review(headers: Vec<(String, String)>, user: Option<Color>) -> Review {
        let mut game = Game::new();
        for _ in 0..6 {
            for m in ["Nf3", "Nf6", "Ng1", "Ng8"] {
                game.play_text(m).unwrap();
            }
        }
        let mut r = Review::new(game, headers, user, Thresholds::default());
        r.deck = None;
        r
    }

    #[test]
    fn steps_stay_within_the_game_and_a_page_is_ten_half_moves() {
        let mut r = review(Vec::new(), None);
        assert_eq!(r.ply, 0);
        r.step_back();
        r.page_back();
        assert_eq!(r.ply, 0, "nothing before the start");
        r.step_forward();
        assert_eq!(r.ply, 1);
        r.page_forward();
        assert_eq!(r.ply, 11);
        r.page_back();
        assert_eq!(r.ply, 1);
        r.page_forward();
        r.page_forward();
        r.page_forward();
        assert_eq!(r.ply, 24, "a page stops at the last position");
        r.step_forward();
        assert_eq!(r.ply, 24, "nothing after the end");
        r.first();
        assert_eq!(r.ply, 0);
        r.last();
        assert_eq!(r.ply, 24);
        assert!(
            r.panel().iter().any(|l| l == "12... Ng8"),
            "{:?}",
            r.panel()
        );
        r.first();
        assert!(r.panel().iter().any(|l| l == "Start position"));
    }

    #[test]
    fn games_of_a_file_switch_only_to_one_that_is_there() {
        let mut r = review(Vec::new(), None);
        r.next_game();
        r.previous_game();
        assert_eq!(r.switch_to, None, "a game alone has no other");
        let g = r.game.clone();
        r.games = vec![(g.clone(), Vec::new()), (g, Vec::new())];
        r.previous_game();
        assert_eq!(r.switch_to, None);
        r.next_game();
        assert_eq!(r.switch_to, Some(1));
        r.index = 1;
        r.switch_to = None;
        r.next_game();
        assert_eq!(r.switch_to, None);
        r.previous_game();
        assert_eq!(r.switch_to, Some(0));
    }

    #[test]
    fn drilling_asks_whose_mistakes_when_the_game_was_not_the_users() {
        let tags = vec![
            ("White".to_string(), "Ann".to_string()),
            ("Black".to_string(), "Bob".to_string()),
        ];
        let mut r = review(tags, None);
        r.ask_drill_side();
        assert!(r.asking());
        assert_eq!(
            r.note,
            Some((
                "Drill whose mistakes? w: White (Ann)  b: Black (Bob)  Esc: none".into(),
                false
            ))
        );
        r.answer_drill(None);
        assert!(!r.asking());
        assert_eq!(r.note, Some(("No drills made".into(), false)));
        // The user's own game: no question; unfinished, it says how far the analysis is.
        let mut r = review(Vec::new(), Some(Color::White));
        r.ask_drill_side();
        assert!(!r.asking());
        assert_eq!(
            r.note,
            Some((
                "Wait: the analysis is not finished (0/25 positions)".into(),
                true
            ))
        );
    }
}
