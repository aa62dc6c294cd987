//! The analysis screen: a game (the one just played, or a PGN file) stepped through with
//! ←/→ (Home/End), the engine's evaluation and best move at each position, each move
//! judged by how much it lost (`??` blunder, `?` mistake, `?!` inaccuracy; thresholds in
//! `[analysis]`; see [`crate::analysis`]), and the evaluation over the whole game as a
//! graph. The positions are searched one after another on a thread of their own
//! ([`Background`]) by the analyser the configuration names, the one `huo-chess analyse`
//! uses, so the verdicts are the command's; the screen stays live meanwhile.
//!
//! `d` turns one side's mistakes (`?`) and blunders (`??`) into drills, as `huo-chess
//! analyse FILE --player NAME` does ([`deck::from_sides`], [`deck::add_to`]): the side the
//! user played when the game was theirs, otherwise the screen asks White or Black.

use super::board::{BoardGeometry, BoardWidget};
use super::theme::Theme;
use crate::analysis::background::{Background, Update, Wake};
use crate::analysis::{AnalyserSpec, Eval, GameAnalysis, PositionEval, Thresholds};
use crate::config::Config;
use crate::core::{Color, san, san_line, san_numbered};
use crate::game::Game;
use crate::train::deck;
use crossterm::event::KeyCode;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Clear, Dataset, GraphType, Paragraph, Wrap};
use std::time::{Duration, Instant};

/// The graph shows evaluations up to this many pawns either way.
const GRAPH_PAWNS: f64 = 5.0;

/// PgUp/PgDn step this many half-moves: five moves of each side.
pub const PAGE_PLIES: usize = 10;

/// A game under analysis.
pub struct AnalysisView {
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
    pub(crate) games: Vec<crate::play::flags::TaggedGame>,
    pub index: usize,
    /// `n` or `p` asked for the file's game at this index (the app opens it).
    pub(crate) switch_to: Option<usize>,
}

impl AnalysisView {
    /// A view of `game` with its PGN tags `headers`, moves judged by `thresholds` once
    /// [`AnalysisView::start`] has the positions searched; `user`: the side the user
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
        AnalysisView {
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

    /// ←/→ step a move, Home/End jump to the ends, `d` drills a side's mistakes. Returns
    /// `false` when the screen should close (Esc).
    pub fn key(&mut self, code: KeyCode) -> bool {
        let last = self.game.moves().len();
        if self.asking {
            self.asking = false;
            match code {
                KeyCode::Char('w' | 'W') => self.drill(Color::White),
                KeyCode::Char('b' | 'B') => self.drill(Color::Black),
                _ => self.note = Some(("No drills made".into(), false)),
            }
            return true;
        }
        match code {
            KeyCode::Char('d' | 'D') => match self.user {
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
            },
            KeyCode::Left | KeyCode::Up => self.ply = self.ply.saturating_sub(1),
            KeyCode::Right | KeyCode::Down => self.ply = (self.ply + 1).min(last),
            KeyCode::Home => self.ply = 0,
            KeyCode::End => self.ply = last,
            KeyCode::PageUp => self.ply = self.ply.saturating_sub(PAGE_PLIES),
            KeyCode::PageDown => self.ply = (self.ply + PAGE_PLIES).min(last),
            // The file's next and previous game.
            KeyCode::Char('n' | 'N') if self.index + 1 < self.games.len() => {
                self.switch_to = Some(self.index + 1)
            }
            KeyCode::Char('p' | 'P') if self.index > 0 && !self.games.is_empty() => {
                self.switch_to = Some(self.index - 1)
            }
            KeyCode::Esc => return false,
            _ => {}
        }
        true
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

pub use crate::analysis::review::evaluation_text;

/// Draws the analysis screen over `area`: the board and the panel on top, the graph below.
pub fn draw(frame: &mut Frame, view: &AnalysisView, theme: &Theme, area: Rect) {
    let t = theme;
    frame.render_widget(Clear, area);
    // What `d` did, or its question, in up to three lines over the graph.
    let note_height = if view.note.is_some() { 3 } else { 0 };
    let [title, top, note, graph, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(11),
        Constraint::Length(note_height),
        Constraint::Min(5),
        Constraint::Length(1),
    ])
    .areas(area);
    if let Some((text, alert)) = &view.note {
        let style = if *alert {
            t.alert
        } else if view.asking {
            t.prompt
        } else {
            t.text
        };
        frame.render_widget(
            Paragraph::new(Line::styled(format!(" {text}"), style)).wrap(Wrap { trim: false }),
            note,
        );
    }
    let by = match &view.annotator {
        Some(a) => format!(" - analysis by {a}"),
        None => " - analysis".to_string(),
    };
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(" HUO CHESS", t.title),
            Span::styled(by, t.dim),
        ])),
        title,
    );
    let (bw, _) = BoardGeometry::size(1);
    let [board, panel] =
        Layout::horizontal([Constraint::Length(bw + 2), Constraint::Min(20)]).areas(top);
    let positions = view.game.positions();
    let ply = view.ply.min(positions.len() - 1);
    frame.render_widget(
        BoardWidget {
            position: &positions[ply],
            theme: t,
            flipped: false,
            last_move: ply.checked_sub(1).map(|i| view.game.moves()[i]),
            selected: None,
            targets: Vec::new(),
            cursor: None,
        },
        board,
    );
    let lines: Vec<Line> = view
        .panel()
        .into_iter()
        .enumerate()
        .map(|(i, l)| Line::styled(l, if i == 0 { t.prompt } else { t.text }))
        .collect();
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), panel);
    // The evaluation over the game, and where we are.
    let points = view.graph_points();
    let n = view.game.moves().len().max(1) as f64;
    let cursor = [(ply as f64, -GRAPH_PAWNS), (ply as f64, GRAPH_PAWNS)];
    let zero = [(0.0, 0.0), (n, 0.0)];
    let datasets = vec![
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(Style::new().fg(t.black_piece))
            .data(&zero),
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(t.dim)
            .data(&cursor),
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(t.prompt)
            .data(&points),
    ];
    let chart = Chart::new(datasets)
        .block(
            Block::bordered()
                .title(Span::styled(" Evaluation (White +) ", t.title))
                .border_style(t.dim),
        )
        .x_axis(Axis::default().bounds([0.0, n]))
        .y_axis(
            Axis::default()
                .bounds([-GRAPH_PAWNS, GRAPH_PAWNS])
                .labels(["-5", "0", "+5"]),
        );
    frame.render_widget(chart, graph);
    frame.render_widget(
        Paragraph::new(Span::styled(
            format!(
                " ←/→ a half-move  PgUp/PgDn {} moves  Home/End  {}d drill mistakes  Esc back",
                PAGE_PLIES / 2,
                if view.games.len() > 1 {
                    "n/p next/previous game  "
                } else {
                    ""
                }
            ),
            t.dim,
        )),
        keys,
    );
}
