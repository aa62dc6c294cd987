//! `match`: two players in-process, the games between them, and the Elo difference the
//! result shows.

use crate::arena::openings::{self as book, OpeningsError};
use crate::arena::{Control, GameRecord, MatchSpec};
use crate::commands::error::{CommandError, CommandResult};
use crate::player::{Player, PlayerError};
use crate::timecontrol::TimeControlError;
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
    pub fn spec(&self) -> Result<MatchSpec, SpecError> {
        let engine =
            |which, text| Player::parse(text).map_err(|source| SpecError::Engine { which, source });
        let engine1 = engine(1, self.engine1)?;
        let engine2 = engine(2, self.engine2)?;
        let control = match self.nodes {
            Some(n) => Control::Nodes(n),
            None => {
                let text = self.tc.unwrap_or(DEFAULT_MATCH_TC);
                Control::parse_clock(text).map_err(SpecError::Tc)?
            }
        };
        let openings = match self.openings {
            Some(path) => book::from_file(path).map_err(SpecError::Openings)?,
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

/// Why a match's arguments are refused: the option named, its reader's error kept as the
/// source.
#[derive(Debug)]
pub enum SpecError {
    /// `--engine1` (1) or `--engine2` (2).
    Engine {
        which: u8,
        source: PlayerError,
    },
    Tc(TimeControlError),
    Openings(OpeningsError),
}

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpecError::Engine { which, source } => write!(f, "--engine{which}: {source}"),
            SpecError::Tc(e) => write!(f, "--tc {e}"),
            SpecError::Openings(e) => write!(f, "--openings: {e}"),
        }
    }
}

impl std::error::Error for SpecError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SpecError::Engine { source, .. } => Some(source),
            SpecError::Tc(e) => Some(e),
            SpecError::Openings(e) => Some(e),
        }
    }
}

impl From<SpecError> for CommandError {
    fn from(e: SpecError) -> Self {
        CommandError::Failed(Box::new(e))
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error as _;

    fn request<'a>(
        engine1: &'a str,
        tc: Option<&'a str>,
        openings: Option<&'a Path>,
    ) -> Request<'a> {
        Request {
            engine1,
            engine2: "L5",
            games: 2,
            tc,
            nodes: None,
            openings,
            concurrency: 1,
        }
    }

    #[test]
    fn arguments_refused_name_the_option_and_keep_the_readers_error() {
        let e = request("", None, None).spec().unwrap_err();
        let player = e.source().unwrap().downcast_ref::<PlayerError>().unwrap();
        assert_eq!(e.to_string(), format!("--engine1: {player}"));
        let e = request("L5", Some("soon"), None).spec().unwrap_err();
        let tc = e
            .source()
            .unwrap()
            .downcast_ref::<TimeControlError>()
            .unwrap();
        assert_eq!(e.to_string(), format!("--tc {tc}"));
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("none.pgn");
        let e = CommandError::from(request("L5", None, Some(&missing)).spec().unwrap_err());
        let spec = e.source().unwrap().downcast_ref::<SpecError>().unwrap();
        let file = spec
            .source()
            .unwrap()
            .downcast_ref::<OpeningsError>()
            .unwrap();
        assert_eq!(e.to_string(), format!("--openings: {file}"));
        assert!(request("L5", None, None).spec().is_ok());
    }
}
