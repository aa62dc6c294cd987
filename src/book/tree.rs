//! The book as a tree of lines from a start position: the whole book as one PGN game with
//! variations ([`export_pgn`]), and as lines of text ([`dump`]).
//!
//! Each position is expanded once. A line that reaches a position already reached
//! through another order of moves (a transposition) stops there, and says so: in PGN with a
//! comment `{transposes to 1. d4 d5 2. Nf3}`, in the dump with `= 1. d4 d5 2. Nf3`.
//! Moves are in the canonical order (heaviest first): the main line is the heaviest. Each
//! move's comment says its weight, share and results ([`move_comment`]).

use super::BookMove;
use super::format::sort_moves;
use super::results::Results;
use crate::core::{Color, Position, san, san_movetext};
use std::collections::HashMap;

/// What a walk through the book found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TreeReport {
    /// Positions expanded (each once) and the moves written.
    pub positions: usize,
    pub moves: usize,
    /// Lines stopped at a position expanded through other moves.
    pub transpositions: usize,
    /// Lines cut by the ply limit while the book goes on.
    pub cut: usize,
    /// Problems of the files read (file:line).
    pub problems: Vec<String>,
}

/// How a position's moves are looked up: a [`super::Book`], or the layered [`super::layers::Books`].
pub trait MoveSource {
    /// The position's moves (all of them, weight 0 included), and the problems met.
    fn moves_of(&self, pos: &Position) -> (Vec<BookMove>, Vec<String>);
}

impl MoveSource for super::Book {
    fn moves_of(&self, pos: &Position) -> (Vec<BookMove>, Vec<String>) {
        self.lookup(pos)
            .map(|e| (e.moves, e.warnings))
            .unwrap_or_default()
    }
}

impl MoveSource for super::layers::Books {
    fn moves_of(&self, pos: &Position) -> (Vec<BookMove>, Vec<String>) {
        self.lookup(pos)
            .map(|l| (l.entry.moves, l.entry.warnings))
            .unwrap_or_default()
    }
}

/// The move number prefix of a move played in `pos`: `12.` for White, `12...` for Black.
fn numbered(pos: &Position, text: &str, force: bool) -> String {
    if pos.turn() == Color::White {
        format!("{}. {text}", pos.fullmove_number())
    } else if force {
        format!("{}... {text}", pos.fullmove_number())
    } else {
        text.to_string()
    }
}

/// The moves of a line as SAN with numbers: `1. d4 d5 2. Nf3`.
fn line_text(start: &Position, line: &[crate::core::Move]) -> String {
    san_movetext(start, line).join(" ")
}

/// The comment of a move: weight and share, results (games, `+wins =draws -losses` and the
/// percentages), the move's own comment:
/// `weight=3 (60%), 4 games +1 =1 -2: W 25% D 25% L 50% ; a comment`.
pub fn move_comment(m: &BookMove, total: u64) -> String {
    let share = if total > 0 {
        m.weight as f64 * 100.0 / total as f64
    } else {
        0.0
    };
    let mut c = format!("weight={} ({share:.0}%)", m.weight);
    if let Some(r) = Results::of(m) {
        c.push_str(&format!(
            ", {} game{}",
            r.games,
            if r.games == 1 { "" } else { "s" }
        ));
        if let Some((w, d, l)) = r.percentages() {
            c.push_str(&format!(
                " +{} ={} -{}: W {w:.0}% D {d:.0}% L {l:.0}%",
                r.wins, r.draws, r.losses
            ));
        }
    }
    if let Some(text) = &m.comment {
        c.push_str(" ; ");
        c.push_str(text);
    }
    // A PGN comment ends at the first '}'.
    c.replace('}', ")").replace(['\n', '\r'], " ")
}

struct Walker<'a, S: MoveSource> {
    source: &'a S,
    start: Position,
    max_ply: Option<u32>,
    /// The line that first reached each position (a leaf too).
    expanded: HashMap<u64, Vec<crate::core::Move>>,
    report: TreeReport,
}

impl<'a, S: MoveSource> Walker<'a, S> {
    fn new(source: &'a S, start: Position, max_ply: Option<u32>) -> Self {
        Walker {
            source,
            start,
            max_ply,
            expanded: HashMap::new(),
            report: TreeReport::default(),
        }
    }

    /// The sorted moves of `pos`, or `None` when the line stops here (no moves, the ply
    /// limit, a transposition), with the reason written to `stop`.
    fn expand(
        &mut self,
        pos: &Position,
        line: &[crate::core::Move],
        stop: &mut Option<String>,
    ) -> Option<(Vec<BookMove>, u64)> {
        if let Some(first) = self.expanded.get(&pos.key()) {
            self.report.transpositions += 1;
            *stop = Some(format!(
                "transposes to {}",
                if first.is_empty() {
                    "the start position".to_string()
                } else {
                    line_text(&self.start, first)
                }
            ));
            return None;
        }
        let (mut moves, problems) = self.source.moves_of(pos);
        for p in problems {
            if !self.report.problems.contains(&p) {
                self.report.problems.push(p);
            }
        }
        self.expanded.insert(pos.key(), line.to_vec());
        if moves.is_empty() {
            return None;
        }
        if self.max_ply.is_some_and(|m| line.len() as u32 >= m) {
            self.report.cut += 1;
            *stop = Some("the book goes on".into());
            return None;
        }
        self.report.positions += 1;
        sort_moves(&mut moves);
        let total = moves.iter().map(|m| m.weight as u64).sum();
        Some((moves, total))
    }

    /// PGN tokens of the line from `pos` (reached by `line`): its main move, the other moves
    /// as variations, then the main line's continuation.
    /// Every move is followed by its comment, so Black's moves always carry their number.
    fn pgn(&mut self, pos: &Position, line: &mut Vec<crate::core::Move>, out: &mut Vec<String>) {
        let mut stop = None;
        let Some((moves, total)) = self.expand(pos, line, &mut stop) else {
            if let Some(s) = stop {
                out.push(format!("{{{s}}}"));
            }
            return;
        };
        self.report.moves += moves.len();
        let main = &moves[0];
        out.push(numbered(pos, &san(pos, main.mv), true));
        out.push(format!("{{{}}}", move_comment(main, total)));
        for alt in &moves[1..] {
            out.push("(".into());
            out.push(numbered(pos, &san(pos, alt.mv), true));
            out.push(format!("{{{}}}", move_comment(alt, total)));
            line.push(alt.mv);
            self.pgn(&pos.after(alt.mv), line, out);
            line.pop();
            out.push(")".into());
        }
        line.push(main.mv);
        self.pgn(&pos.after(main.mv), line, out);
        line.pop();
    }

    /// Text lines from `pos`: one per leaf.
    fn lines(&mut self, pos: &Position, line: &mut Vec<crate::core::Move>, out: &mut Vec<String>) {
        let mut stop = None;
        let Some((moves, _)) = self.expand(pos, line, &mut stop) else {
            if !line.is_empty() {
                let mut text = line_text(&self.start, line);
                if let Some(s) = stop {
                    if let Some(t) = s.strip_prefix("transposes to ") {
                        text.push_str(&format!("  = {t}"));
                    } else {
                        text.push_str("  ...");
                    }
                }
                out.push(text);
            }
            return;
        };
        self.report.moves += moves.len();
        for m in &moves {
            line.push(m.mv);
            self.lines(&pos.after(m.mv), line, out);
            line.pop();
        }
    }
}

/// The book from `start` as one PGN game: the heaviest line as the main line, every other
/// book move as a variation, each move with a comment `{weight=N (share%) W ..% D ..% L ..%
/// (N games) ; comment}`; `max_ply` limits the depth.
pub fn export_pgn<S: MoveSource>(
    source: &S,
    start: Position,
    max_ply: Option<u32>,
    headers: &[(String, String)],
) -> (String, TreeReport) {
    let mut w = Walker::new(source, start, max_ply);
    let mut tokens = Vec::new();
    w.pgn(&start, &mut Vec::new(), &mut tokens);
    tokens.push("*".into());
    // The tags as every PGN of ours writes them; the book's own defaults first.
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), "Huo Chess opening book".into()),
        ("Round".into(), "-".into()),
    ];
    for (k, v) in headers {
        tags.retain(|(t, _)| t != k);
        tags.push((k.clone(), v.clone()));
    }
    // The root's name, if it has one, as the `ECO` and `Opening` tags.
    let root = crate::game::Game::from_position(start);
    let mut text = crate::pgn::write_tags(&root, &tags, "*");
    text.push_str(&crate::pgn::wrap_movetext(&tokens));
    text.push_str("\n\n");
    (text, w.report)
}

/// The book's lines from `start` as text, one line of SAN moves per row (each position
/// expanded once; a line reaching a position already shown ends with `= <that line>`, a
/// line cut by `max_ply` with `...`).
pub fn dump<S: MoveSource>(
    source: &S,
    start: Position,
    max_ply: Option<u32>,
) -> (Vec<String>, TreeReport) {
    let mut w = Walker::new(source, start, max_ply);
    let mut out = Vec::new();
    w.lines(&start, &mut Vec::new(), &mut out);
    (out, w.report)
}
