//! `match`: two players in-process, the games between them, and the Elo difference the
//! result shows.

use crate::arena::{Control, GameRecord, MatchSpec, openings as book};
use crate::commands::error::CommandResult;
use crate::player::Player;
use std::path::Path;
use std::process::ExitCode;

/// The clocks of a match when neither `--tc` nor `--nodes` is given.
const DEFAULT_MATCH_TC: &str = "10s+0.1s";

/// The match the arguments ask for, as typed.
pub struct Request<'a> {
    pub engine1: &'a str,
    pub engine2: &'a str,
    pub games: u32,
    pub tc: Option<&'a str>,
    pub nodes: Option<u64>,
    pub openings: Option<&'a Path>,
    pub concurrency: u32,
}

impl Request<'_> {
    /// The match to play, or why the arguments are wrong.
    pub fn spec(&self) -> Result<MatchSpec, String> {
        let engine1 = Player::parse(self.engine1).map_err(|e| format!("--engine1: {e}"))?;
        let engine2 = Player::parse(self.engine2).map_err(|e| format!("--engine2: {e}"))?;
        let control = match self.nodes {
            Some(n) => Control::Nodes(n),
            None => {
                let text = self.tc.unwrap_or(DEFAULT_MATCH_TC);
                Control::parse_clock(text).map_err(|e| format!("--tc {e}"))?
            }
        };
        let openings = match self.openings {
            Some(path) => book::from_file(path).map_err(|e| format!("--openings: {e}"))?,
            None => book::builtin(),
        };
        Ok(MatchSpec {
            engine1,
            engine2,
            games: self.games as usize,
            control,
            openings,
            concurrency: self.concurrency as usize,
        })
    }
}

/// Plays the match; the games go to `pgn`, rewritten after each one.
pub fn run(spec: &MatchSpec, pgn: Option<&Path>) -> CommandResult {
    let (one, two) = spec.names();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if spec.concurrency > cores && matches!(spec.control, Control::Clock(_)) {
        eprintln!(
            "note: {} games at once on {cores} cores: the clocks will run while games wait",
            spec.concurrency
        );
    }
    println!(
        "Match: {one} vs {two}, {} games, {}, {} opening(s)",
        spec.games,
        spec.control,
        spec.openings.len()
    );
    let bar = crate::util::progress::bar(spec.games as u64, "{pos}/{len} games: {msg}");
    // The PGN is rewritten (atomically) after every game, so an interrupted match keeps
    // the games it finished; a stream (a FIFO, a device) gets them once, at the end.
    let rewrite_each_game = pgn.is_some_and(|p| !crate::util::files::is_stream_path(p));
    let save = |games: &[GameRecord]| {
        let path = pgn?;
        let mut sorted = games.to_vec();
        sorted.sort_by_key(|r| r.index);
        crate::util::files::write_atomic(path, spec.pgn(&sorted))
            .err()
            .map(|e| format!("cannot write {}: {e}", path.display()))
    };
    let summary = spec.run(&mut |games, tally| {
        if rewrite_each_game && let Some(e) = save(games) {
            bar.suspend(|| crate::commands::say("huo-chess", &e));
        }
        bar.set_position(tally.games() as u64);
        bar.set_message(format!(
            "+{} ={} -{}  {}",
            tally.wins,
            tally.draws,
            tally.losses,
            tally.elo()
        ));
    });
    bar.finish_and_clear();
    let tally = &summary.tally;
    let elo = tally.elo();
    println!(
        "{one}: +{} ={} -{} (W/D/L), score {:.1}%",
        tally.wins,
        tally.draws,
        tally.losses,
        elo.score().unwrap_or(0.0) * 100.0
    );
    println!("Elo difference {one} - {two}: {elo} (95%)");
    let reasons: Vec<String> = tally
        .reasons
        .iter()
        .map(|(reason, n)| format!("{reason} {n}"))
        .collect();
    println!("Endings: {}", reasons.join(", "));
    if tally.time_losses() > 0 {
        println!("Lost on time: {} game(s)", tally.time_losses());
    }
    let mut ok = true;
    for e in &summary.failed {
        crate::commands::say("huo-chess", &e.to_string());
        ok = false;
    }
    if let Some(path) = pgn {
        // Once more at the end: the file exists even if every game failed.
        match save(&summary.games) {
            None => println!("Games written to {}", path.display()),
            Some(e) => {
                crate::commands::say("huo-chess", &e);
                ok = false;
            }
        }
    }
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
