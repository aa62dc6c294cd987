//! The opening book editor: play both sides on the board and every move is recorded in the
//! book (`book.record(position, move, 1)`); the panel lists what the book already holds for
//! the position on the board, and its moves can be followed, re-weighted, commented or
//! deleted. Book errors are shown in the panel; nothing here panics on them.
//!
//! Keys: type a move + Enter (Huo `c2c4`, UCI, SAN) or click/cursor it; Tab switches the
//! arrows between the book-move list (Up/Down, Enter follows the move) and the board
//! cursor (Enter selects, Enter again moves); Backspace on an empty line takes a move back;
//! Home jumps to the start; `+`/`-` change the listed move's weight; Delete (or Alt+d)
//! deletes it; `q` or Esc-Esc quits. Commands: `:fen FEN`, `:start`, `:undo`, `:weight N`,
//! `:comment text` (empty clears), `:delete`, `:flip`, `:quit`.

use super::board::{BoardGeometry, BoardWidget};
use super::terminal;
use super::theme::Theme;
use crate::book::{Book, BookEntry};
use crate::config::Config;
use crate::core::{Move, MoveError, Position, Role, Square, san};
use crate::game::Game;
use crossterm::event::{
    self, Event as TermEvent, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton,
    MouseEvent, MouseEventKind,
};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use std::io;

/// Where the arrows and Enter go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// The list of the position's book moves.
    List,
    /// The board cursor.
    Board,
}

/// The editor's state.
pub struct Editor {
    pub theme: Theme,
    pub book: Book,
    pub game: Game,
    pub flipped: bool,
    pub focus: Focus,
    pub cursor: Square,
    pub selected: Option<Square>,
    /// Waiting for the promotion piece of this pawn move.
    pub promotion: Option<(Square, Square)>,
    pub input: String,
    /// The book's entry for the position on the board.
    pub entry: Option<BookEntry>,
    /// The highlighted line of the book-move list.
    pub list_index: usize,
    pub message: Option<String>,
    pub alert: bool,
    pub quit: bool,
    pub screen: Rect,
}

impl Editor {
    /// An editor on `book`, starting at `start`.
    pub fn new(book: Book, start: Position, config: &Config) -> Editor {
        let mut e = Editor {
            theme: Theme::by_name(&config.tui.theme),
            book,
            game: Game::from_position(start),
            flipped: false,
            focus: Focus::List,
            cursor: Square::E2,
            selected: None,
            promotion: None,
            input: String::new(),
            entry: None,
            list_index: 0,
            message: None,
            alert: false,
            quit: false,
            screen: Rect::new(0, 0, 80, 25),
        };
        e.refresh();
        e
    }

    /// Reads the book's entry for the position on the board again.
    pub fn refresh(&mut self) {
        self.entry = self.book.lookup(self.game.position());
        let n = self.entry.as_ref().map_or(0, |e| e.moves.len());
        self.list_index = self.list_index.min(n.saturating_sub(1));
        self.selected = None;
    }

    fn note(&mut self, text: impl Into<String>, alert: bool) {
        self.message = Some(text.into());
        self.alert = alert;
    }

    /// The listed move under the highlight.
    pub fn listed_move(&self) -> Option<Move> {
        self.entry
            .as_ref()
            .and_then(|e| e.moves.get(self.list_index))
            .map(|m| m.mv)
    }

    /// Records `mv` in the book (weight +1) and plays it.
    pub fn record_and_play(&mut self, mv: Move) {
        let pos = *self.game.position();
        if !pos.is_legal(mv) {
            self.note("Invalid move - Please try again", true);
            return;
        }
        let text = san(&pos, mv);
        match self.book.record(&pos, mv, 1) {
            Ok(()) => self.note(format!("Recorded {text}"), false),
            Err(e) => self.note(format!("Book error: {e}"), true),
        }
        let _ = self.game.play(mv);
        self.list_index = 0;
        self.refresh();
    }

    /// Plays a listed move without recording it.
    pub fn follow(&mut self) {
        if let Some(mv) = self.listed_move()
            && self.game.play(mv).is_ok()
        {
            self.message = None;
            self.list_index = 0;
            self.refresh();
        }
    }

    pub fn takeback(&mut self) {
        if self.game.undo().is_some() {
            self.message = None;
            self.refresh();
        }
    }

    fn jump_to_start(&mut self) {
        let start = *self.game.start();
        self.game = Game::from_position(start);
        self.list_index = 0;
        self.refresh();
    }

    /// Changes the listed move's weight by `delta` (never below 0).
    fn bump_weight(&mut self, delta: i64) {
        let Some(m) = self
            .entry
            .as_ref()
            .and_then(|e| e.moves.get(self.list_index))
        else {
            self.note("No book move selected", true);
            return;
        };
        let w = (i64::from(m.weight) + delta).max(0) as u32;
        self.set_weight(w);
    }

    fn set_weight(&mut self, w: u32) {
        let Some(mv) = self.listed_move() else {
            self.note("No book move selected", true);
            return;
        };
        let pos = *self.game.position();
        match self.book.set_weight(&pos, mv, w) {
            Ok(()) => self.note(format!("{}: weight {w}", san(&pos, mv)), false),
            Err(e) => self.note(format!("Book error: {e}"), true),
        }
        self.refresh();
    }

    fn delete(&mut self) {
        let Some(mv) = self.listed_move() else {
            self.note("No book move selected", true);
            return;
        };
        let pos = *self.game.position();
        match self.book.remove(&pos, mv) {
            Ok(()) => self.note(format!("Deleted {}", san(&pos, mv)), false),
            Err(e) => self.note(format!("Book error: {e}"), true),
        }
        self.refresh();
    }

    /// A typed move.
    pub fn submit_move(&mut self, text: &str) {
        match super::input::read_typed_move(self.game.position(), text) {
            Ok(mv) => self.record_and_play(mv),
            Err(MoveError::MissingPromotion { from, to, .. }) => self.promotion = Some((from, to)),
            Err(e) => self.note(format!("Invalid move - Please try again ({e})"), true),
        }
    }

    /// A `:` command (without the colon).
    pub fn handle_command(&mut self, line: &str) {
        let line = line.trim();
        let (cmd, arg) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let arg = arg.trim();
        match cmd.to_ascii_lowercase().as_str() {
            "fen" => match Position::from_fen(arg) {
                Ok(p) => {
                    self.game = Game::from_position(p);
                    self.list_index = 0;
                    self.refresh();
                    self.message = None;
                }
                Err(e) => self.note(format!("Bad FEN: {e}"), true),
            },
            "start" => self.jump_to_start(),
            "undo" | "back" => self.takeback(),
            "weight" => match arg.parse::<u32>() {
                Ok(w) => self.set_weight(w),
                Err(_) => self.note("Usage: :weight N (0 or more)", true),
            },
            "comment" => {
                let Some(mv) = self.listed_move() else {
                    self.note("No book move selected", true);
                    return;
                };
                let pos = *self.game.position();
                let comment = (!arg.is_empty()).then_some(arg);
                match self.book.set_comment(&pos, mv, comment) {
                    Ok(()) => self.note("Comment saved", false),
                    Err(e) => self.note(format!("Book error: {e}"), true),
                }
                self.refresh();
            }
            "delete" | "d" => self.delete(),
            "flip" => self.flipped = !self.flipped,
            "quit" | "q" => self.quit = true,
            _ => self.note(format!("Unknown command ':{cmd}'"), true),
        }
    }

    /// One key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        if ctrl && matches!(key.code, KeyCode::Char('c' | 'd')) {
            self.quit = true;
            return;
        }
        if let Some((from, to)) = self.promotion {
            let role = match key.code {
                KeyCode::Char(c) => Role::from_char(c).filter(|r| Role::PROMOTIONS.contains(r)),
                KeyCode::Enter => Some(Role::Queen),
                _ => None,
            };
            if let Some(role) = role {
                self.promotion = None;
                self.record_and_play(Move::new(from, to, Some(role)));
            } else if key.code == KeyCode::Esc {
                self.promotion = None;
            }
            return;
        }
        let empty = self.input.is_empty();
        match key.code {
            KeyCode::Enter => {
                let text = std::mem::take(&mut self.input);
                let text = text.trim();
                if let Some(cmd) = text.strip_prefix(':') {
                    self.handle_command(cmd);
                } else if !text.is_empty() {
                    self.submit_move(text);
                } else if self.focus == Focus::List {
                    self.follow();
                } else {
                    self.cursor_select();
                }
            }
            KeyCode::Esc => {
                if empty && self.selected.is_none() && self.message.is_none() {
                    self.quit = true;
                }
                self.input.clear();
                self.selected = None;
                self.message = None;
            }
            KeyCode::Backspace if empty => self.takeback(),
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Tab => {
                self.focus = match self.focus {
                    Focus::List => Focus::Board,
                    Focus::Board => Focus::List,
                }
            }
            KeyCode::Home => self.jump_to_start(),
            KeyCode::Delete => self.delete(),
            KeyCode::Up | KeyCode::Down | KeyCode::Left | KeyCode::Right => self.arrow(key.code),
            KeyCode::Char('d') if alt => self.delete(),
            KeyCode::Char('b') if alt => self.takeback(),
            KeyCode::Char('f') if alt => self.flipped = !self.flipped,
            KeyCode::Char('+') if empty => self.bump_weight(1),
            KeyCode::Char('-') if empty => self.bump_weight(-1),
            KeyCode::Char('q') if empty => self.quit = true,
            KeyCode::Char(c) if self.input.chars().count() < 100 => self.input.push(c),
            _ => {}
        }
    }

    fn arrow(&mut self, code: KeyCode) {
        if self.focus == Focus::List {
            let n = self.entry.as_ref().map_or(0, |e| e.moves.len());
            match code {
                KeyCode::Up => self.list_index = self.list_index.saturating_sub(1),
                KeyCode::Down if self.list_index + 1 < n => self.list_index += 1,
                _ => {}
            }
            return;
        }
        let (df, dr) = match code {
            KeyCode::Up => (0, 1),
            KeyCode::Down => (0, -1),
            KeyCode::Left => (-1, 0),
            _ => (1, 0),
        };
        let (df, dr) = if self.flipped { (-df, -dr) } else { (df, dr) };
        if let Some(sq) = self.cursor.offset(df, dr) {
            self.cursor = sq;
        }
    }

    /// Enter on the board, or a click: select a piece of the side to move, or move it.
    pub fn cursor_select(&mut self) {
        let sq = self.cursor;
        let pos = *self.game.position();
        let own = pos.piece_on(sq).is_some_and(|p| p.color == pos.turn());
        match self.selected {
            Some(from) if from == sq => self.selected = None,
            Some(from) if !own => {
                let moves: Vec<Move> = pos
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|m| m.from() == from && m.to() == sq)
                    .collect();
                match moves.as_slice() {
                    [] => self.note("Invalid move - Please try again", true),
                    [mv] => self.record_and_play(*mv),
                    _ => self.promotion = Some((from, sq)),
                }
            }
            _ if own => self.selected = Some(sq),
            _ => {}
        }
    }

    fn targets(&self) -> Vec<Square> {
        super::board::legal_targets(self.game.position(), self.selected)
    }

    /// A mouse click on the board.
    pub fn handle_mouse(&mut self, ev: MouseEvent) {
        if let MouseEventKind::Down(MouseButton::Left) = ev.kind
            && let Some(geo) = BoardGeometry::fit(board_area(self.screen), self.flipped)
            && let Some(sq) = geo.square_at(ev.column, ev.row)
        {
            self.cursor = sq;
            self.focus = Focus::Board;
            self.cursor_select();
        }
    }
}

/// The board's part of the screen.
fn board_area(screen: Rect) -> Rect {
    let h = screen.height.saturating_sub(3);
    let scale = (screen.width.saturating_sub(40) / 24)
        .min(h.saturating_sub(1) / 8)
        .clamp(1, 4);
    let (w, _) = BoardGeometry::size(scale);
    Rect::new(screen.x, screen.y + 1, (w + 1).min(screen.width), h)
}

/// Draws the editor.
pub fn draw(frame: &mut Frame, ed: &Editor) {
    let area = frame.area();
    let t = &ed.theme;
    if area.width < 60 || area.height < 16 {
        frame.render_widget(
            Paragraph::new(Line::styled(
                format!(
                    "Terminal too small ({}x{}): the book editor needs 60x16",
                    area.width, area.height
                ),
                t.alert,
            ))
            .wrap(Wrap { trim: true }),
            area,
        );
        return;
    }
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(" HUO CHESS BOOK EDITOR", t.title),
            Span::styled(format!("  {}", ed.book.describe()), t.dim),
        ])),
        Rect::new(area.x, area.y, area.width, 1),
    );
    let board_rect = board_area(area);
    let targets = ed.targets();
    frame.render_widget(
        BoardWidget {
            position: ed.game.position(),
            theme: t,
            flipped: ed.flipped,
            last_move: ed.game.moves().last().copied(),
            selected: ed.selected,
            targets,
            cursor: (ed.focus == Focus::Board).then_some(ed.cursor),
        },
        board_rect,
    );
    let panel = Rect::new(
        board_rect.right() + 1,
        area.y + 1,
        area.width.saturating_sub(board_rect.width + 1),
        area.height.saturating_sub(3),
    );
    frame.render_widget(
        Paragraph::new(panel_lines(ed)).wrap(Wrap { trim: false }),
        panel,
    );
    let moves = ed.game.movetext();
    frame.render_widget(
        Paragraph::new(Line::styled(
            if moves.is_empty() {
                " (start position)".to_string()
            } else {
                format!(" {moves}")
            },
            t.text,
        )),
        Rect::new(area.x, area.bottom() - 2, area.width, 1),
    );
    frame.render_widget(
        Paragraph::new(Line::styled(
            " Tab:list/board Enter:follow/move Bksp:back Home:start +/-:weight Del:delete q:quit :comment :fen",
            t.dim,
        )),
        Rect::new(area.x, area.bottom() - 1, area.width, 1),
    );
    if ed.promotion.is_some() {
        let r = Rect::new(
            area.x + area.width.saturating_sub(48) / 2,
            area.y + area.height / 2 - 1,
            48.min(area.width),
            3,
        );
        frame.render_widget(Clear, r);
        frame.render_widget(
            Paragraph::new(Line::styled(
                "Promote to: q)ueen r)ook b)ishop k(n)ight",
                t.prompt,
            ))
            .block(Block::bordered().border_style(t.prompt)),
            r,
        );
    }
}

/// The panel: where the position is stored, its moves, the message, the input line.
pub fn panel_lines(ed: &Editor) -> Vec<Line<'static>> {
    let t = &ed.theme;
    let pos = ed.game.position();
    let mut lines = vec![Line::styled(format!("{} to move", pos.turn()), t.text)];
    match &ed.entry {
        Some(entry) => {
            lines.push(Line::styled(
                format!("Position already in file {}", entry.file),
                t.prompt,
            ));
            for (i, m) in entry.moves.iter().enumerate() {
                let mut text = format!(
                    "{} {:<7} {:<6} weight {}",
                    if i == ed.list_index { '>' } else { ' ' },
                    if pos.is_legal(m.mv) {
                        san(pos, m.mv)
                    } else {
                        "?".into()
                    },
                    m.mv.uci(),
                    m.weight
                );
                if let Some(c) = &m.comment {
                    text.push_str(&format!("  {c}"));
                }
                let style = if i == ed.list_index && ed.focus == Focus::List {
                    t.prompt.add_modifier(Modifier::REVERSED)
                } else {
                    t.text
                };
                lines.push(Line::styled(text, style));
            }
            for w in &entry.warnings {
                lines.push(Line::styled(format!("warning: {w}"), t.alert));
            }
        }
        None => lines.push(Line::styled("Position not in the book yet", t.dim)),
    }
    lines.push(Line::raw(""));
    if let Some(m) = &ed.message {
        lines.push(Line::styled(
            m.clone(),
            if ed.alert { t.alert } else { t.text },
        ));
    }
    lines.push(Line::styled("Enter a move (it is recorded):", t.prompt));
    lines.push(Line::from(vec![
        Span::styled("> ", t.dim),
        Span::styled(ed.input.clone(), t.prompt),
        Span::styled("_", t.prompt),
    ]));
    lines
}

/// Runs the editor on the terminal until `q`.
pub fn run(book: Book, start: Position, config: &Config) -> io::Result<()> {
    let mut ed = Editor::new(book, start, config);
    let mut session = terminal::Session::start()?;
    let term = &mut session.terminal;
    loop {
        let size = term.size()?;
        ed.screen = Rect::new(0, 0, size.width, size.height);
        term.draw(|f| draw(f, &ed))?;
        if ed.quit {
            return Ok(());
        }
        // Nothing runs in the background here: sleep until the next key.
        if event::poll(super::IDLE_TICK)? {
            match event::read()? {
                TermEvent::Key(k) => ed.handle_key(k),
                TermEvent::Mouse(m) => ed.handle_mouse(m),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn ed() -> Editor {
        let dir = std::env::temp_dir().join(format!("huo-editor-{}", std::process::id()));
        Editor::new(Book::open(dir), Position::startpos(), &Config::default())
    }

    fn key(ed: &mut Editor, code: KeyCode) {
        ed.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
    }

    fn typed(ed: &mut Editor, s: &str) {
        for c in s.chars() {
            key(ed, KeyCode::Char(c));
        }
        key(ed, KeyCode::Enter);
    }

    fn text(ed: &Editor) -> String {
        let mut t = Terminal::new(TestBackend::new(100, 25)).unwrap();
        t.draw(|f| draw(f, ed)).unwrap();
        crate::tui::ui::buffer_text(t.backend().buffer())
    }

    #[test]
    fn moves_are_played_and_book_results_shown() {
        let mut e = ed();
        typed(&mut e, "e2e4");
        typed(&mut e, "Nc6");
        assert_eq!(e.game.moves().len(), 2);
        // Whatever the book said (an error from a read-only or unfinished book, or
        // "Recorded"), it is in the panel and nothing panicked.
        let s = text(&e);
        assert!(
            s.contains("Recorded Nc6") || s.contains("Book error"),
            "{s}"
        );
        assert!(s.contains("1. e4 Nc6"));
        key(&mut e, KeyCode::Backspace);
        assert_eq!(e.game.moves().len(), 1);
        key(&mut e, KeyCode::Home);
        assert!(e.game.moves().is_empty());
        typed(&mut e, "e2e5");
        assert!(e.message.as_deref().unwrap().starts_with("Invalid move"));
    }

    #[test]
    fn commands_without_a_listed_move_say_so() {
        let mut e = ed();
        if e.entry.is_none() {
            typed(&mut e, ":weight 3");
            assert_eq!(e.message.as_deref(), Some("No book move selected"));
            key(&mut e, KeyCode::Delete);
            assert_eq!(e.message.as_deref(), Some("No book move selected"));
        }
        typed(&mut e, ":fen 4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(e.game.position().fen(), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        key(&mut e, KeyCode::Char('q'));
        assert!(e.quit);
    }

    #[test]
    fn cursor_moves_with_tab_focus() {
        let mut e = ed();
        key(&mut e, KeyCode::Tab);
        assert_eq!(e.focus, Focus::Board);
        e.cursor = Square::G1;
        key(&mut e, KeyCode::Enter);
        key(&mut e, KeyCode::Up);
        key(&mut e, KeyCode::Up);
        key(&mut e, KeyCode::Left);
        key(&mut e, KeyCode::Enter);
        assert_eq!(e.game.moves()[0].uci(), "g1f3");
    }
}
