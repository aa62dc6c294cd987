//! The MiniMax tree browser (`:tree` after a search at a classic level): the root moves
//! with their backed-up values; → opens a move to show the replies and theirs, down to
//! the leaves, where the evaluation is shown part by part — the original's "Nodes before /
//! Nodes after" logs, navigable with the arrow keys. What it keeps is said on screen.

use super::theme::Theme;
use crate::core::{Color, Move, san, san_line};
use crate::eval::Evaluator;
use crate::eval::explain::Explanation;
use crate::eval::explain::SIDE_TO_MOVE;
use crate::search::tree::{Child, MAX_KEPT_LEVELS, Tree};
use crate::search::tree_top::TreeTop;
use crossterm::event::KeyCode;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

/// The browser's state: the tree, where we are, and the children shown.
pub struct TreeView {
    pub tree: Tree,
    /// The moves from the root to the node whose children are listed.
    pub path: Vec<Move>,
    /// The highlighted child at each level of `path` (one more than `path`).
    pub selected: Vec<usize>,
    /// The children of the node at the end of `path`.
    pub children: Vec<Child>,
    /// Which search and which position of the game the tree belongs to.
    pub label: String,
}

impl TreeView {
    /// Opens the tree of a classic search (`label`: whose search, and where in the game).
    pub fn new(top: TreeTop, eval: Evaluator, label: String) -> TreeView {
        let mut tree = Tree::new(top, eval);
        let children = tree.children(&[]);
        TreeView {
            tree,
            path: Vec::new(),
            selected: vec![0],
            children,
            label,
        }
    }

    fn index(&self) -> usize {
        self.selected.last().copied().unwrap_or(0)
    }

    /// The highlighted child.
    pub fn current(&self) -> Option<&Child> {
        self.children.get(self.index())
    }

    /// A key: ↑/↓ choose, →/Enter open, ←/Backspace go back. Returns `false` when the
    /// browser should close (Esc, q).
    pub fn key(&mut self, code: KeyCode) -> bool {
        let n = self.children.len();
        match code {
            KeyCode::Up => {
                if let Some(i) = self.selected.last_mut() {
                    *i = i.saturating_sub(1);
                }
            }
            KeyCode::Down => {
                if let Some(i) = self.selected.last_mut()
                    && *i + 1 < n
                {
                    *i += 1;
                }
            }
            KeyCode::PageDown => {
                if let Some(i) = self.selected.last_mut() {
                    *i = (*i + 10).min(n.saturating_sub(1));
                }
            }
            KeyCode::PageUp => {
                if let Some(i) = self.selected.last_mut() {
                    *i = i.saturating_sub(10);
                }
            }
            KeyCode::Right | KeyCode::Enter => self.open(),
            KeyCode::Left | KeyCode::Backspace => self.back(),
            KeyCode::Esc | KeyCode::Char('q') => return false,
            _ => {}
        }
        true
    }

    /// Opens the highlighted child (not a leaf: a leaf shows its evaluation already).
    pub fn open(&mut self) {
        let Some(c) = self.current().cloned() else {
            return;
        };
        if c.leaf {
            return;
        }
        self.path.push(c.mv);
        self.selected.push(0);
        self.children = self.tree.children(&self.path);
    }

    /// Back to the parent, with its child highlighted as before.
    pub fn back(&mut self) {
        if self.path.pop().is_some() {
            self.selected.pop();
            self.children = self.tree.children(&self.path);
        }
    }
}

/// A leaf's evaluation as the browser lists it: every line of the breakdown for White
/// (the parts, the rounding, the endings, the bonus for the move), their total, and that
/// total for the side at the root (the value in the list, MAX's point of view).
pub fn leaf_rows(e: &Explanation, root_side: Color) -> Vec<(String, i32)> {
    let mut rows: Vec<(String, i32)> = e
        .lines()
        .into_iter()
        .map(|(name, cp)| {
            let name = if name == SIDE_TO_MOVE {
                format!("{name} ({})", e.turn)
            } else {
                name.to_string()
            };
            (name, cp)
        })
        .collect();
    let total = e.for_white();
    rows.push(("Total for White".into(), total));
    let mine = if root_side == Color::White {
        total
    } else {
        -total
    };
    rows.push((format!("Value for {root_side} (MAX)"), mine));
    rows
}

/// A leaf where the game is over: the search scores it by the rules, not the evaluation.
fn ending(pos: &crate::core::Position) -> Option<&'static str> {
    if pos.has_legal_moves() {
        None
    } else if pos.in_check() {
        Some("Checkmate: the game is over here")
    } else {
        Some("Stalemate: a draw (0.00)")
    }
}

/// Draws the browser over `area`.
pub fn draw(frame: &mut Frame, view: &TreeView, theme: &Theme, area: Rect) {
    let t = theme;
    frame.render_widget(Clear, area);
    let block = Block::bordered()
        .title(Span::styled(
            format!(
                " MiniMax tree, depth {}{} ",
                view.tree.depth(),
                view.tree
                    .cut_short()
                    .map(|(done, all)| format!(", stopped after {done} of {all} moves"))
                    .unwrap_or_default()
            ),
            t.title,
        ))
        .title_bottom(Line::styled(
            " ↑↓ choose  → open  ← back  Esc close ",
            t.dim,
        ))
        .border_style(t.prompt);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let pos = view.tree.position(&view.path).unwrap_or(*view.tree.root());
    let [head, body, foot] = Layout::vertical([
        Constraint::Length(3),
        Constraint::Min(3),
        Constraint::Length(1),
    ])
    .areas(inner);
    // Where we are, and whose choice it is.
    let trail = san_line(view.tree.root(), &view.path);
    let who = if Tree::maximising(&view.path) {
        "my move: MAX takes the highest value"
    } else {
        "your reply: MIN takes the lowest value"
    };
    frame.render_widget(
        Paragraph::new(vec![
            Line::styled(view.label.clone(), t.prompt),
            Line::styled(
                format!(
                    "Line: {}",
                    if trail.is_empty() {
                        "(root)".to_string()
                    } else {
                        trail.join(" ")
                    }
                ),
                t.text,
            ),
            Line::styled(format!("{} to move, {who}", pos.turn()), t.prompt),
        ]),
        head,
    );
    let [list, detail] =
        Layout::horizontal([Constraint::Length(22), Constraint::Min(20)]).areas(body);
    // The children, scrolled so the highlighted one shows.
    let h = list.height as usize;
    let sel = view.selected.last().copied().unwrap_or(0);
    let start = sel.saturating_sub(h.saturating_sub(1));
    let lines: Vec<Line> = view
        .children
        .iter()
        .enumerate()
        .skip(start)
        .take(h)
        .map(|(i, c)| {
            let text = format!(
                "{} {:<8}{:>8}{}",
                if i == sel { '>' } else { ' ' },
                san(&pos, c.mv),
                c.value.to_string(),
                if c.leaf { " ." } else { " +" }
            );
            let style = if i == sel {
                t.prompt.add_modifier(Modifier::REVERSED)
            } else {
                t.text
            };
            Line::styled(text, style)
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), list);
    // The highlighted child: a leaf's evaluation part by part, else how to open it.
    let mut d: Vec<Line> = Vec::new();
    if let Some(c) = view.current() {
        if c.leaf {
            let mut leaf_path = view.path.clone();
            leaf_path.push(c.mv);
            let root_side = view.tree.root().turn();
            if let Some(rows) = view.tree.leaf(&leaf_path).map(|e| leaf_rows(&e, root_side)) {
                d.push(Line::styled("CountScore of this leaf (White):", t.prompt));
                let n = rows.len();
                for (i, (name, cp)) in rows.into_iter().enumerate() {
                    let style = if i + 2 >= n { t.prompt } else { t.text };
                    d.push(Line::styled(
                        format!("{name:<22}{:>+7.2}", cp as f64 / 100.0),
                        style,
                    ));
                }
            } else if let Some(end) = view.tree.position(&leaf_path).and_then(|p| ending(&p)) {
                d.push(Line::styled(end, t.prompt));
            }
        } else {
            d.push(Line::styled("→ opens this move's replies", t.dim));
            d.push(Line::styled("(+ a subtree, . a leaf)", t.dim));
        }
    }
    frame.render_widget(Paragraph::new(d), detail);
    frame.render_widget(
        Paragraph::new(Line::styled(
            format!(
                "Kept: {} values (2 plies + last {MAX_KEPT_LEVELS} levels); deeper is searched again",
                view.tree.kept_values()
            ),
            t.dim,
        )),
        foot,
    );
}
