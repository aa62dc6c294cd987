//! The engine's own tools: `perft` (the move generator counted), `eval` (a position judged
//! part by part) and `bench` (the search's signature and speed).

use crate::commands::error::{CommandError, CommandResult, load_config};
use crate::core::{FenError, Position, perft as count, perft_divide};
use crate::eval::Evaluator;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

/// The position of a `--fen` argument (the initial one without it), or why the FEN is wrong.
/// The FEN's own error is said as it is, and kept as the source.
fn position_arg(fen: Option<&str>) -> Result<Position, CommandError> {
    match fen {
        None => Ok(Position::startpos()),
        Some(text) => {
            Position::from_fen(text).map_err(|e: FenError| CommandError::Failed(Box::new(e)))
        }
    }
}

/// `perft DEPTH [--fen FEN] [--divide]`: the leaf nodes of the legal move tree.
pub fn perft(depth: &str, fen: Option<&str>, divide: bool) -> CommandResult {
    let depth: u32 = match depth.parse() {
        Ok(d) if d <= 20 => d,
        _ => {
            return Err(
                format!("invalid depth '{depth}': expected a whole number from 0 to 20").into(),
            );
        }
    };
    let pos = position_arg(fen)?;
    let start = Instant::now();
    // At depth 0 there are no root moves to divide by: the count is the position itself.
    let nodes = if divide && depth > 0 {
        let mut total = 0;
        for (mv, n) in perft_divide(&pos, depth) {
            println!("{mv}: {n}");
            total += n;
        }
        total
    } else {
        count(&pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "Time: {:.3} s, {:.1} Mnps",
        secs,
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    println!();
    println!("Nodes searched: {nodes}");
    Ok(ExitCode::SUCCESS)
}

/// `eval [--fen FEN]`: the position and the evaluation's parts.
pub fn eval(fen: Option<&str>, config: Option<&Path>) -> CommandResult {
    let loaded = load_config(config)?;
    let pos = position_arg(fen)?;
    let eval = Evaluator::from_config(&loaded.config);
    println!("{}", pos.ascii());
    println!("{}", eval.explain(&pos));
    Ok(ExitCode::SUCCESS)
}

/// `bench`: with the built-in evaluation (the signature), or the one of a configuration
/// named by `--config` (only an explicit one: a `config/huo.toml` found in the current
/// directory must not change the signature).
pub fn bench(config: Option<&Path>, depth: u32, threads: usize) -> CommandResult {
    if !(1..=30).contains(&depth) {
        return Err(format!("invalid depth {depth}: expected 1 to 30").into());
    }
    let eval = match config {
        None => Evaluator::default(),
        Some(path) => {
            let loaded = load_config(Some(path))?;
            eprintln!(
                "# evaluation of {}: the node count is this configuration's, not the signature",
                path.display()
            );
            Evaluator::from_config(&loaded.config)
        }
    };
    let result = crate::search::bench::run_with(&eval, depth, threads, |i, fen, nodes| {
        eprintln!("Position {i:>2}: {nodes:>10}  {fen}");
    });
    println!("===========================");
    println!("Total time (ms) : {}", result.time.as_millis());
    println!("Nodes searched  : {}", result.nodes);
    println!("Nodes/second    : {}", result.nps());
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error as _;

    #[test]
    fn a_fen_refused_is_said_as_the_fen_says_it_and_kept() {
        let e = position_arg(Some("8/8/8 w")).unwrap_err();
        let fen = e.source().unwrap().downcast_ref::<FenError>().unwrap();
        assert_eq!(fen, &Position::from_fen("8/8/8 w").unwrap_err());
        assert_eq!(e.to_string(), fen.to_string());
        assert_eq!(position_arg(None).unwrap(), Position::startpos());
    }
}
