//! The game's events in words: the line each one adds to the game's log, as the screen's
//! log pane and plain mode print it. One place, so both views say the same thing.

use super::events::{By, Event, Reason};
use crate::core::Color;
use crate::game::Ending;
use crate::search::Score;

pub use crate::core::typed::INVALID_MOVE;

/// Why the engine played its move, in words: "book, FILE", "forced: the only legal
/// move", "search: depth 5, score +0.30 for White, 1200 nodes"; `side` is the side that
/// played it.
pub fn because(why: &Reason, side: Color) -> String {
    let stopped = |s: &Option<(usize, usize)>| {
        s.map(|(done, all)| format!(", stopped after {done} of {all} moves"))
            .unwrap_or_default()
    };
    match why {
        Reason::Book { file } => format!("book, {file}"),
        Reason::Forced => "forced: the only legal move".to_string(),
        Reason::StandIn => "engine error: first legal move".to_string(),
        Reason::Search {
            score,
            depth,
            nodes,
            stopped: s,
        } => match score {
            Score::Mate(n) if *n > 0 => format!("mate found: mate in {n}{}", stopped(s)),
            s2 => format!(
                "search: depth {depth}, score {} for White, {nodes} nodes{}",
                s2.for_white(side),
                stopped(s)
            ),
        },
    }
}

/// The takeback in words: "Takeback of 3. Nf3 and 3... Nc6: both clocks are back as
/// they were before 3. Nf3; the game goes on".
pub fn takeback(moves: &[String], clocks: Option<bool>, reopened: bool) -> String {
    let mut said = format!("Takeback of {}", moves.join(" and "));
    match (clocks, moves.first()) {
        (Some(true), Some(first)) => said.push_str(&format!(
            ": both clocks are back as they were before {first}"
        )),
        (Some(false), _) => said.push_str(": the clocks, set after it, keep their times"),
        _ => {}
    }
    if reopened {
        said.push_str("; the game goes on");
    }
    said
}

/// The line `event` adds to the game's log (`None`: it adds none, as a question or a note
/// for the player).
pub fn log_line(event: &Event) -> Option<String> {
    Some(match event {
        Event::Started {
            human,
            level,
            watching,
            clock,
        } => {
            let clock = clock.map(|c| format!(", clock {c}")).unwrap_or_default();
            match watching {
                Some([white, black]) => {
                    format!("New game: watching White {white} against Black {black}{clock}")
                }
                None => format!("New game: you play {human}, level {}{clock}", level.name()),
            }
        }
        Event::MovePlayed {
            by, side, san, why, ..
        } => {
            let why = why
                .as_ref()
                .map(|w| format!(" ({})", because(w, *side)))
                .unwrap_or_default();
            match by {
                By::Player => format!("Your move: {san}"),
                By::Engine => format!("My move: {san}{why}"),
                By::Watched(side) => format!("{side} plays {san}{why}"),
            }
        }
        Event::EngineThinking {
            job,
            depth,
            seldepth,
            score_for_white,
            nodes,
            nps,
            time,
            pv_san,
            side,
            ..
        } => {
            use crate::session::engine::Job;
            let whose = match (job, side) {
                (Job::Hint, _) => "hint ".to_string(),
                (Job::Eval, _) => "eval ".to_string(),
                (Job::Why, _) => "why board ".to_string(),
                (Job::Move, Some(side)) => format!("{side} "),
                (Job::Move, None) => String::new(),
            };
            format!(
                "{whose}depth {depth}/{seldepth} score {score_for_white} for White nodes {nodes} \
                 nps {nps} time {:.1}s pv {}",
                time.as_secs_f64(),
                pv_san.join(" ")
            )
        }
        Event::EngineLine { text } => text.clone(),
        Event::BookMove { mv, file, side } => {
            let tag = side.map(|s| format!("{s} ")).unwrap_or_default();
            format!("{tag}Book move {} from {file}", mv.uci())
        }
        Event::Opening { label } => format!("Opening: {label}"),
        Event::BookLeft { line } => line.clone(),
        Event::Check => "Check!".to_string(),
        Event::GameOver { result, reason } => format!("Game over: {reason} ({result})"),
        Event::DrawOffered => "I offer a draw (type :draw to accept)".to_string(),
        Event::DrawDeclined => "Draw offer declined".to_string(),
        Event::Hint {
            san,
            score_for_white,
            level,
            depth,
            nodes,
            stopped,
            ..
        } => {
            let stopped = stopped
                .map(|(done, all)| format!(", stopped after {done} of {all} moves"))
                .unwrap_or_default();
            format!(
                "Hint: {san} ({score_for_white} for White, {}, depth {depth}{stopped}, {nodes} nodes)",
                level.name()
            )
        }
        Event::TakenBack {
            moves,
            clocks,
            reopened,
        } => takeback(moves, *clocks, *reopened),
        Event::LevelSet(level) => format!("Level {}", level.describe()),
        Event::ClockSet(None) => "Clocks off".to_string(),
        Event::ClockSet(Some(c)) => format!("Clocks set to {c} each"),
        Event::Saved { path } => format!("Game saved to {}", path.display()),
        Event::Loaded { path, position } => {
            let what = if *position { "Position" } else { "Game" };
            format!("{what} loaded from {}", path.display())
        }
        Event::Restored { .. } => "Game restored".to_string(),
        Event::ClocksFromSave(c) => format!("Clocks: {c} each, from the saved game"),
        Event::EngineFailed { message } => format!("Engine error: {message}"),
        Event::Resumed { .. } => "Saved game resumed".to_string(),
        Event::Watching { white, black } => {
            format!("Watching: White {white} against Black {black}")
        }
        Event::TookOver { side } => format!("You take over {side}"),
        Event::SidesSwitched { human } => format!("You now play {human}"),
        Event::Error { text } | Event::NotKept { text } => text.clone(),
        Event::Why(_)
        | Event::Evaluation(_)
        | Event::EngineProgress { .. }
        | Event::Question(_)
        | Event::Note { .. } => return None,
    })
}

/// Which game goes on, and whose move it is: "The game goes on after 12 moves (the last
/// 6... Nf6): White to move, you play White."
pub fn resumed(moves: usize, last: Option<&str>, to_move: Color, human: Color) -> String {
    let after = match last {
        Some(last) if moves == 1 => format!("after 1 move ({last})"),
        Some(last) => format!("after {moves} moves (the last {last})"),
        None => "from its start".to_string(),
    };
    format!("The game goes on {after}: {to_move} to move, you play {human}.")
}

/// What the panel says for the ending (the original's "I resign!" when the engine
/// resigned against the player).
pub fn ending(ending: &Ending, engine: Option<Color>) -> String {
    match ending {
        Ending::Resigned { loser } if Some(*loser) == engine => "I resign!".to_string(),
        e => e.to_string(),
    }
}
