//! What a listener asks about the board instead of looking at it, in the spelling of
//! lichess's blind mode where it has one: `p N` (where White's knights are; `p k` Black's
//! king), `s e` and `s 4` (the pieces on a file or a rank), `board`, `l` (the last move),
//! `c` (the clocks), plus `moves` (the game so far), `m e2` (where the piece on e2 can
//! go), `eval`, `fen`, and `help`. The game's own commands (`resign`, `draw`, `takeback`,
//! and every `:` command) keep their names.

use super::words;
use crate::core::{Color, File, Rank, Role, Square, san_movetext};
use crate::game::Game;
use crate::play::Table;
use crate::review::{Review, evaluation_text};
use crate::session::clock::format_clock;
use std::time::Instant;

/// Every command, a line each, as `help` says them.
pub fn help() -> Vec<String> {
    [
        "Commands. Moves in any notation: e4, Nf3, e2e4, c2-c4, O-O.",
        "p N: where White's knights are. p k: where Black's king is. Capitals are White.",
        "s e: the pieces on the e file. s 4: the pieces on rank 4.",
        "board: every piece, rank by rank.",
        "l: the last move.",
        "c: the clocks.",
        "moves: the game so far.",
        "m e2: where the piece on e2 can go.",
        "eval: the engine's evaluation of the position.",
        "fen: the position as FEN.",
        "resign, draw, takeback (or undo), quit: as :resign, :draw, :takeback, :quit.",
        "takeback: your last move and my reply; both clocks go back to before them.",
        ":thinking on, :thinking off: the engine's thinking, a line each depth.",
        ":level: the levels and their Elo. :level 5 sets one. :clock 5+3, :clock off.",
        ":hint, :why, :save FILE, :load FILE, :restore, :new.",
        ":analyse: the game's mistakes. :analyse FILE: a saved game's.",
        ":train: your book's positions to answer. :drill: your own mistakes.",
        ":puzzle: tactics puzzles near your rating. :puzzle fork, :puzzle 1500: a theme, a rating.",
        ":quit: saves the game for --resume, as end of input does.",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// The answer to a query about the board of `game` (seen from `seen_by`), or `None` when
/// `text` is no such query.
pub fn board_answer(game: &Game, seen_by: Color, text: &str) -> Option<Vec<String>> {
    let (word, arg) = text.split_once(' ').unwrap_or((text, ""));
    let arg = arg.trim();
    let pos = *game.position();
    let one = |s: String| Some(vec![s]);
    match (word, arg) {
        ("p", a) => match a.chars().collect::<Vec<_>>()[..] {
            [c] => match Role::from_char(c.to_ascii_uppercase()) {
                Some(role) => {
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    one(words::pieces_of(&pos, color, role))
                }
                None => one(format!("p {a}: not a piece. Try p N, p k.")),
            },
            _ => one("p needs a piece: p N for White's knights, p k for Black's king.".into()),
        },
        ("s", a) => {
            let c = a.chars().next();
            match (
                a.chars().count(),
                c.and_then(File::from_char),
                c.and_then(Rank::from_char),
            ) {
                (1, Some(f), _) => one(words::file_words(&pos, f)),
                (1, _, Some(r)) => one(words::rank_words(&pos, r)),
                _ => one("s needs a file or a rank: s e, s 4.".into()),
            }
        }
        ("board" | "b", "") => Some(words::board_words(&pos, seen_by)),
        ("l" | "last", "") => one(match game.moves().last() {
            Some(&mv) => {
                let before = game.positions()[game.moves().len() - 1];
                format!("Last move: {}", words::move_words(&before, mv))
            }
            None => "No move yet.".into(),
        }),
        ("moves" | "pgn", "") => Some(moves_lines(game)),
        ("m", a) => match Square::parse(a) {
            Some(sq) => one(words::targets_words(&pos, sq)),
            None => one("m needs a square: m e2.".into()),
        },
        ("fen", "") => one(format!("FEN: {}", pos.fen())),
        _ => None,
    }
}

/// The game so far, a full move a line: "1. e4 e5".
fn moves_lines(game: &Game) -> Vec<String> {
    let start = game.positions()[0];
    let mut lines: Vec<String> = Vec::new();
    for token in san_movetext(&start, game.moves()) {
        match lines.last_mut() {
            Some(last) if !token.ends_with('.') => {
                last.push(' ');
                last.push_str(&token);
            }
            _ => lines.push(token),
        }
    }
    if lines.is_empty() {
        lines.push("No move yet.".into());
    }
    lines
}

/// The `:` commands a line may name without its colon: answered "Did you mean :hint?"
/// rather than read as a move.
pub const COMMANDS: &[&str] = &[
    "new", "hint", "save", "load", "level", "clock", "flip", "switch", "why", "restore", "analyse",
    "analyze", "train", "drill", "watch", "now", "savefen", "copy", "tree", "review", "log",
    "thinking",
];

/// "Did you mean :hint?" for a line that is a command without its colon.
pub fn did_you_mean(text: &str) -> Option<String> {
    let word = text.split_whitespace().next()?.to_ascii_lowercase();
    COMMANDS.contains(&word.as_str()).then(|| {
        format!(
            "Did you mean :{}? Commands start with a colon.",
            text.trim()
        )
    })
}

/// What a query in the game asks for.
pub enum Answer {
    /// Lines to say.
    Lines(Vec<String>),
    /// The engine's thinking printed (`:thinking on`) or not.
    Thinking(bool),
}

/// The answer to a query in the game, or `None` when `text` is no query (a move, a `:`
/// command).
pub fn answer(app: &mut Table, text: &str) -> Option<Answer> {
    if let Some(a) = board_answer(&app.session().game, app.session().human, text) {
        return Some(Answer::Lines(a));
    }
    let (word, arg) = text.split_once(' ').unwrap_or((text, ""));
    let arg = arg.trim();
    let one = |s: String| Some(Answer::Lines(vec![s]));
    match (word, arg) {
        ("help" | "h" | "?" | ":help", "") => Some(Answer::Lines(help())),
        ("c" | "clock" | "clocks", "") => one(match &app.session().clock {
            None => "No clocks.".into(),
            Some(c) => {
                let now = Instant::now();
                let turn = app.session().game.position().turn();
                format!(
                    "White {}, Black {}. {} to move.",
                    format_clock(c.left(Color::White, turn, now)),
                    format_clock(c.left(Color::Black, turn, now)),
                    turn
                )
            }
        }),
        ("eval", "") => {
            app.evaluate();
            Some(Answer::Lines(Vec::new()))
        }
        // The game's commands a new user types without the colon, understood.
        ("resign" | "draw" | "takeback" | "undo" | "quit" | "exit", "") => {
            app.handle_command(word);
            Some(Answer::Lines(Vec::new()))
        }
        (":thinking", "on" | "off") => Some(Answer::Thinking(arg == "on")),
        _ => None,
    }
}

/// A finished analysis as lines: the game, each marked move with what it cost, the
/// better move, and each side's tally.
pub fn analysis_lines(view: &Review) -> Vec<String> {
    let Some(a) = &view.analysis else {
        return Vec::new();
    };
    let mut out = vec![match view.games.len() {
        n if n > 1 => format!(
            "Analysis of game {} of {n}: {}.",
            view.index + 1,
            view.title
        ),
        _ => format!("Analysis: {}.", view.title),
    }];
    if let Some(a) = &view.annotator {
        out.push(format!("Analysed by {a}."));
    }
    if let Some(failure) = &view.failure {
        out.push(format!("The analysis stopped: {failure}."));
    }
    let positions = view.game.positions();
    let mut marked = 0;
    for review in &a.moves {
        let Some(j) = review.judgement else { continue };
        marked += 1;
        let pos = positions[review.ply];
        let mut line = format!(
            "{}{}: {} ({})",
            crate::core::san_numbered(&pos, review.mv),
            j.symbol(),
            j.name(),
            review.cost()
        );
        if let Some(best) = review.best.filter(|b| pos.is_legal(*b)) {
            line.push_str(&format!(". Better: {}", crate::core::san(&pos, best)));
        }
        if let Some(reason) = &review.reason {
            line.push_str(&format!(". Why: {reason}"));
        }
        if let Some(e) = a.positions.get(review.ply + 1) {
            line.push_str(&format!(
                ". {}",
                evaluation_text(e, &positions[review.ply + 1])
            ));
        }
        line.push('.');
        out.push(line);
    }
    if marked == 0 {
        out.push("No move marked.".into());
    }
    out
}
