//! Drawing the game screen: title line, board, side panel (the original's prompts), move
//! list, log pane, key line, and the dialogs on top. Reads [`App`], changes nothing.
//!
//! At 80×25 the layout is the QBasic one: board top-left, 3×1 squares; panel to its right;
//! the log pane below. Bigger terminals get bigger squares (6×2, 9×3 ...).

use super::app::{App, CHECK, ENTER_MOVE, MIN_HEIGHT, MIN_WIDTH, Mode, Overlay, THINKING};
use super::board::{BoardGeometry, BoardWidget};
use super::window::{centered, text_window};
use crate::core::{Color, Piece, Role};
use crate::session::clock::format_clock;
use crate::session::engine::Job;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use std::time::Instant;

/// The panel is this wide so the original's prompts fit on one line and, at 80 columns,
/// the move list still fits beside it.
const PANEL_W: u16 = 32;
const LOG_MIN_H: u16 = 8;
/// A row of the move list: number, White's move, Black's move ("123. exd8=Q+ Qxd8").
const MOVES_W: u16 = 20;

/// Where each part of the screen goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Areas {
    pub title: Rect,
    pub board: Rect,
    pub panel: Rect,
    pub moves: Rect,
    pub log: Option<Rect>,
    pub keys: Rect,
}

/// Splits the screen; `None` when it is too small to play on.
pub fn layout(area: Rect, show_log: bool) -> Option<Areas> {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        return None;
    }
    let body_h = area.height - 2;
    let log_h = if show_log { LOG_MIN_H } else { 0 };
    let scale = (1..=4u16)
        .rev()
        .find(|&k| {
            let (w, h) = BoardGeometry::size(k);
            w + 2 + PANEL_W <= area.width && h + log_h <= body_h
        })
        .unwrap_or(1);
    let (bw, bh) = BoardGeometry::size(scale);
    let top_h = if show_log {
        (bh + 1).max(10).min(body_h - LOG_MIN_H)
    } else {
        body_h
    };
    let y = area.y + 1;
    let board = Rect::new(area.x, y, bw + 1, top_h);
    let right = Rect::new(area.x + bw + 2, y, area.width - bw - 2, top_h);
    // The move list goes beside the panel only where a whole row fits ("12. Nxe4+  Qxe4+").
    let (panel, moves) = if right.width >= PANEL_W + MOVES_W {
        let mw = (right.width - PANEL_W).min(26);
        (
            Rect::new(right.x, y, right.width - mw, top_h),
            Rect::new(right.x + right.width - mw, y, mw, top_h),
        )
    } else {
        let ph = top_h.min(11);
        (
            Rect::new(right.x, y, right.width, ph),
            Rect::new(right.x, y + ph, right.width, top_h - ph),
        )
    };
    let log = show_log.then(|| Rect::new(area.x, y + top_h, area.width, body_h - top_h));
    Some(Areas {
        title: Rect::new(area.x, area.y, area.width, 1),
        board,
        panel,
        moves,
        log,
        keys: Rect::new(area.x, area.y + area.height - 1, area.width, 1),
    })
}

/// Where the board's squares are on a screen of size `screen` (for mouse clicks).
pub fn board_geometry(screen: Rect, app: &App) -> Option<BoardGeometry> {
    let areas = layout(screen, app.show_log)?;
    BoardGeometry::fit(areas.board, app.flipped)
}

/// Lays the screen out on `area` before it is drawn: the app keeps where the board and the
/// log pane go (for mouse clicks and log paging). Drawing only reads what this set.
pub fn lay_out(app: &mut App, area: Rect) {
    app.screen = area;
    if !app.mode.on_top() {
        match app.overlay.as_mut() {
            Some(Overlay::Train(trainer)) => return super::trainer::ui::lay_out(trainer, area),
            Some(Overlay::Puzzles(p)) => return super::puzzle::ui::lay_out(p, area),
            _ => {}
        }
    }
    let areas = layout(area, app.show_log);
    app.board.geometry = areas
        .as_ref()
        .and_then(|a| BoardGeometry::fit(a.board, app.flipped));
    if let Some(log) = areas.and_then(|a| a.log) {
        // The pane's text area: inside its border.
        app.log.set_view(
            log.width.saturating_sub(2) as usize,
            log.height.saturating_sub(2) as usize,
        );
    }
}

/// Draws the whole screen as [`lay_out`] placed it.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    // The trainer (`:train`, `:drill`) has the whole screen while the game waits.
    if !app.mode.on_top() {
        match app.overlay.as_ref() {
            Some(Overlay::Train(trainer)) => return super::trainer::ui::draw(frame, trainer),
            Some(Overlay::Puzzles(p)) => return super::puzzle::ui::draw(frame, p),
            _ => {}
        }
    }
    let Some(areas) = layout(area, app.show_log) else {
        draw_too_small(frame, app, area);
        return;
    };
    let t = &app.theme;
    // Title line.
    let who = if app.session().watching {
        format!(
            "Watching  White: {}  Black: {}",
            app.session().level_of(Color::White).name_and_elo(),
            app.session().level_of(Color::Black).name_and_elo()
        )
    } else {
        format!(
            "You: {}  Level: {}",
            app.session().human,
            app.session().level_of(app.engine_side()).name_and_elo()
        )
    };
    let right = format!("{who}  {}:help ", app.config.tui.keys.help.short());
    // The name, its subtitle while there is room, then who plays, never run together.
    let (name, subtitle) = (" HUO CHESS", " - a retro chess program");
    let width = areas.title.width as usize;
    let mut title = vec![Span::styled(name, t.title)];
    if name.len() + subtitle.len() + 2 + right.chars().count() <= width {
        title.push(Span::styled(subtitle, t.dim));
    }
    frame.render_widget(Paragraph::new(Line::from(title)), areas.title);
    // Long player names are cut, with a mark, rather than written over the name.
    let room = width.saturating_sub(name.len() + 2);
    let right: String = if right.chars().count() <= room {
        right
    } else {
        right
            .chars()
            .take(room.saturating_sub(2))
            .collect::<String>()
            + "… "
    };
    let rw = right.chars().count() as u16;
    frame.render_widget(
        Paragraph::new(Span::styled(right, t.text)),
        Rect::new(areas.title.right() - rw, areas.title.y, rw, 1),
    );
    // Board.
    let board = BoardWidget {
        position: app.session().game.position(),
        theme: t,
        flipped: app.flipped,
        last_move: app.session().game.moves().last().copied(),
        selected: app.board.selected,
        targets: app.targets(),
        cursor: (app.mode == Mode::Play && app.humans_turn()).then_some(app.board.cursor),
    };
    frame.render_widget(board, areas.board);
    frame.render_widget(
        Paragraph::new(panel_lines(app)).wrap(Wrap { trim: false }),
        areas.panel,
    );
    draw_moves(frame, app, areas.moves);
    if let Some(log) = areas.log {
        draw_log(frame, app, log);
    }
    frame.render_widget(
        Paragraph::new(Span::styled(key_line(app, areas.keys.width), t.dim)),
        areas.keys,
    );
    draw_dialog(frame, app, area);
}

/// The side panel: clocks, the original's prompts, the opening's name, captured pieces.
pub fn panel_lines(app: &App) -> Vec<Line<'static>> {
    let t = &app.theme;
    let mut lines = Vec::new();
    let pos = app.session().game.position();
    let now = Instant::now();
    match &app.session().clock {
        Some(c) => {
            let turn = pos.turn();
            let w = format_clock(c.left(Color::White, turn, now));
            let b = format_clock(c.left(Color::Black, turn, now));
            let (ws, bs) = if turn == Color::White {
                (t.prompt.add_modifier(Modifier::REVERSED), t.text)
            } else {
                (t.text, t.prompt.add_modifier(Modifier::REVERSED))
            };
            lines.push(Line::from(vec![
                Span::styled(format!("White {w}"), ws),
                Span::raw("  "),
                Span::styled(format!("Black {b}"), bs),
            ]));
        }
        None => lines.push(Line::styled(
            format!("Move {}, {} to move", pos.fullmove_number(), pos.turn()),
            t.text,
        )),
    }
    match &app.thinking {
        Some(th) => {
            let secs = now.saturating_duration_since(th.started).as_secs_f64();
            let head = if th.job == Job::Hint {
                "Looking for a hint..."
            } else {
                THINKING
            };
            lines.push(Line::from(vec![
                Span::styled(head, t.prompt),
                Span::styled(format!(" {secs:.1}s"), t.text),
            ]));
            let mut detail = match th.root {
                // The classic levels: which root move of how many, and the nodes so far.
                Some((i, n)) => format!("move {i}/{n}  {} nodes", th.nodes),
                None => format!("depth {}", th.depth),
            };
            if let Some(b) = &th.best {
                detail.push_str(&format!("  best {b}"));
            }
            if let Some(s) = th.score {
                // For White, as every score the game shows.
                detail.push_str(&format!("  White {}", s.for_white(pos.turn())));
            }
            lines.push(Line::styled(detail, t.dim));
        }
        None => {
            lines.push(match &app.my_move {
                Some(m) => Line::styled(m.clone(), t.prompt),
                None => Line::raw(""),
            });
        }
    }
    if let Some(why) = app.ending_text() {
        lines.push(Line::styled(why, t.alert.add_modifier(Modifier::BOLD)));
    } else if app.check() {
        lines.push(Line::styled(CHECK, t.alert.add_modifier(Modifier::BOLD)));
    }
    if let Some(m) = &app.message {
        let style = if app.alert { t.alert } else { t.text };
        lines.extend(m.lines().map(|l| Line::styled(l.to_string(), style)));
    }
    if app.mode == Mode::Play {
        if app.input.starts_with(':') {
            lines.push(Line::styled("Command:", t.prompt));
            lines.push(input_line(app));
        } else if app.humans_turn() {
            lines.push(Line::styled(ENTER_MOVE, t.prompt));
            lines.push(input_line(app));
        }
    }
    // The opening's name, under the prompt so a long one never pushes the prompt away.
    if let Some(o) = app.opening() {
        lines.push(Line::styled(o.label(), t.dim));
    }
    let [white_took, black_took] = captured(app);
    if !white_took.is_empty() {
        lines.push(Line::from(vec![
            Span::styled("White took ", t.dim),
            Span::styled(white_took, Style::new().fg(t.black_piece)),
        ]));
    }
    if !black_took.is_empty() {
        lines.push(Line::from(vec![
            Span::styled("Black took ", t.dim),
            Span::styled(black_took, Style::new().fg(t.white_piece)),
        ]));
    }
    lines
}

fn input_line(app: &App) -> Line<'static> {
    Line::from(vec![
        Span::styled("> ", app.theme.dim),
        Span::styled(app.input.clone(), app.theme.prompt),
        Span::styled("_", app.theme.prompt.add_modifier(Modifier::SLOW_BLINK)),
    ])
}

/// The numbered move list, the latest moves at the bottom.
fn draw_moves(frame: &mut Frame, app: &App, area: Rect) {
    if area.height < 2 || area.width < 10 {
        return;
    }
    let t = &app.theme;
    let sans = app.session().game.san_moves();
    let first_black = app.session().game.start().turn() == Color::Black;
    let mut rows: Vec<String> = Vec::new();
    let mut number = app.session().game.start().fullmove_number();
    let mut i = 0;
    if first_black && !sans.is_empty() {
        rows.push(format!("{number:>3}. ...     {}", sans[0]));
        i = 1;
        number += 1;
    }
    while i < sans.len() {
        let black = sans.get(i + 1).map(String::as_str).unwrap_or("");
        rows.push(format!("{number:>3}. {:<7} {black}", sans[i]));
        i += 2;
        number += 1;
    }
    let visible = (area.height - 1) as usize;
    let start = rows.len().saturating_sub(visible);
    let mut lines = vec![Line::styled("Moves", t.title)];
    lines.extend(
        rows[start..]
            .iter()
            .map(|r| Line::styled(r.clone(), t.text)),
    );
    frame.render_widget(Paragraph::new(lines), area);
}

/// The log pane: the newest rows at the bottom, scrolled back by the pane's scroll; long
/// lines are wrapped by the pane (see [`super::log`]).
fn draw_log(frame: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let title = if app.log.scroll() > 0 {
        format!(" Log (-{}) ", app.log.scroll())
    } else {
        " Log ".to_string()
    };
    let block = Block::bordered()
        .title(Span::styled(title, t.title))
        .title_bottom(Line::styled(" PgUp/PgDn/Home/End ", t.dim).right_aligned())
        .border_style(t.dim);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let lines: Vec<Line> = app
        .log
        .visible()
        .into_iter()
        .map(|l| Line::styled(l, t.text))
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The pieces each side has taken, as glyphs (`o o N`), White's captures first.
fn captured(app: &App) -> [String; 2] {
    let order = [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];
    let taken = app.session().game.captures();
    [Color::White, Color::Black].map(|taker| {
        let victims = &taken[taker.index()];
        let mut glyphs = Vec::new();
        for role in order {
            for _ in victims.iter().filter(|&&r| r == role) {
                glyphs.push(app.theme.glyph(Piece::new(!taker, role)).to_string());
            }
        }
        glyphs.join(" ")
    })
}

/// The bottom line: the bound keys, most wanted first, as many as fit in `width`; when
/// some do not fit, the help key comes last as the way to all of them (the help lists
/// every key).
pub fn key_line(app: &App, width: u16) -> String {
    let items: Vec<String> = app
        .bindings()
        .iter()
        .map(|(chord, _, what)| format!(" {}:{what}", chord.short()))
        .collect();
    let width = width as usize;
    if items.iter().map(|i| i.chars().count()).sum::<usize>() <= width {
        return items.concat();
    }
    let more = format!(" {}:all keys", app.config.tui.keys.help.short());
    let mut s = String::new();
    for item in &items[1..] {
        if s.chars().count() + item.chars().count() + more.chars().count() > width {
            break;
        }
        s.push_str(item);
    }
    s + &more
}

fn draw_dialog(frame: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let prompt = |s: &str| Line::styled(s.to_string(), t.prompt);
    let text = |s: &str| Line::styled(s.to_string(), t.text);
    let dim = |s: &str| Line::styled(s.to_string(), t.dim);
    let (title, mut lines): (&str, Vec<Line>) = match &app.mode {
        _ if app.active_overlay().is_some() => {
            match app.active_overlay() {
                Some(Overlay::Analysis(view)) => super::analysis::draw(frame, view, t, area),
                Some(Overlay::Tree(view)) => super::tree::draw(frame, view, t, area),
                _ => {}
            }
            return;
        }
        Mode::Play => return,
        Mode::Help => {
            draw_help(frame, app, area);
            return;
        }
        Mode::Why => {
            draw_why(frame, app, area);
            return;
        }
        _ => {
            let Some((title, question)) = app.question() else {
                return;
            };
            let mut lines = vec![prompt(&question[0])];
            for (i, l) in question.iter().enumerate().skip(1) {
                // The last line of a setup question says what Enter takes.
                let setup = matches!(
                    app.mode,
                    Mode::SetupColor | Mode::SetupLevel | Mode::SetupClock | Mode::Promotion { .. }
                );
                lines.push(if setup && i + 1 == question.len() {
                    dim(l)
                } else {
                    text(l)
                });
            }
            if matches!(
                app.mode,
                Mode::SetupColor | Mode::SetupLevel | Mode::SetupClock
            ) {
                lines.push(input_line(app));
            }
            (title, lines)
        }
    };
    if matches!(
        app.mode,
        Mode::Resume | Mode::SetupColor | Mode::SetupLevel | Mode::SetupClock
    ) && let Some(m) = &app.message
    {
        let style = if app.alert { t.alert } else { t.text };
        lines.extend(m.lines().map(|l| Line::styled(l.to_string(), style)));
    }
    let w = lines.iter().map(|l| l.width() as u16).max().unwrap_or(20) + 4;
    let rect = centered(area, w.max(30), lines.len() as u16 + 2);
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(
            Block::bordered()
                .title(Span::styled(title, t.title))
                .border_style(t.prompt),
        ),
        rect,
    );
}

/// The "why this move?" window, wrapped to the screen (any key closes it).
fn draw_why(frame: &mut Frame, app: &App, area: Rect) {
    text_window(
        frame,
        &app.theme,
        area,
        " Why this move? ",
        &app.why_lines(),
        "Any key closes this window.",
    );
}

/// The help screen: keys and commands.
fn draw_help(frame: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let mut lines: Vec<Line> = vec![
        Line::styled(
            "Moves: e2e4  E2E4  e2-e4  Nf3  nf3  O-O  e7e8q  then Enter",
            t.prompt,
        ),
        Line::styled(
            "Board: the arrows move the cursor; Enter or a click selects",
            t.text,
        ),
        Line::styled("       a piece and then its square", t.text),
        Line::styled(
            "Keys (whatever you type is a move, never a command):",
            t.prompt,
        ),
    ];
    let keys = key_line(app, u16::MAX);
    let words: Vec<&str> = keys.split_whitespace().collect();
    for chunk in words.chunks(6) {
        lines.push(Line::styled(format!("  {}", chunk.join("  ")), t.text));
    }
    lines.push(Line::styled(
        "PgUp/PgDn/Home/End: scroll the log   Esc: clear   Ctrl-C: quit",
        t.text,
    ));
    lines.push(Line::styled("Commands (type : then Enter):", t.prompt));
    for c in [
        ":new  :undo  :flip  :switch  :hint  :now  :draw  :resign",
        ":level (list, Elo) | 1-10 | classic-3   :clock 5+3 | off",
        ":save FILE.pgn  :load FILE(.pgn or FEN)  :savefen FILE",
        ":fen FEN|FILE  :restore (the game left)  :copy  :log  :quit",
        ":why (the engine's last move)  :why board (this position)",
        ":tree (browse the MiniMax tree of the last classic search)",
        ":analyse [FILE.pgn] (this game, or a PGN's first game)",
        ":watch [WHITE BLACK] the engine plays both (again: you take over)",
        ":train [white|black] your book's lines  :drill your mistakes",
        ":puzzle [THEME] [RATING] tactics puzzles, rated (:puzzle fork 1500)",
    ] {
        lines.push(Line::styled(c, t.text));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("Any key closes this screen.", t.dim));
    let rect = centered(area, 76, lines.len() as u16 + 2);
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::bordered()
                .title(Span::styled(" Help ", t.title))
                .border_style(t.prompt),
        ),
        rect,
    );
}

fn draw_too_small(frame: &mut Frame, app: &App, area: Rect) {
    let msg = vec![
        Line::styled("Terminal too small", app.theme.alert),
        Line::styled(
            format!(
                "{}x{}: Huo Chess needs at least {MIN_WIDTH}x{MIN_HEIGHT}.",
                area.width, area.height
            ),
            app.theme.text,
        ),
        Line::styled(
            "Enlarge the window, or press q, then y, to quit.",
            app.theme.dim,
        ),
    ];
    frame.render_widget(Paragraph::new(msg).wrap(Wrap { trim: true }), area);
}

/// The characters of a drawn buffer, one line per row: what a test or a snapshot compares.
pub fn buffer_text(buf: &ratatui::buffer::Buffer) -> String {
    let mut s = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            s.push_str(buf[(x, y)].symbol());
        }
        s.push('\n');
    }
    s
}
