//! Texel tuning: fit the evaluation's tuned weights to positions whose worth is known.
//!
//! Input: a text file, one position per line, `FEN|result|score|tactical`: the game result
//! for White (1, 0.5 or 0), a reference engine's score for White in centipawns, and 1 when
//! the reference engine's best move is a capture or promotion (such positions are not
//! quiet: a static evaluation cannot judge them, so they are skipped).
//!
//! Each score becomes an expected result with the logistic curve `1 / (1 + 10^(-cp/400))`,
//! optionally blended with the game result (`--result-weight`). The tuner then finds the
//! weights whose evaluation, through the same kind of curve, predicts those expected
//! results best (least squares), by gradient descent (Adam). The evaluation is linear in
//! the tuned weights (see `eval::trace`); the untuned rest (king attacks, the Huo hints,
//! the side-to-move bonus) is kept as a fixed part of each position's score.
//!
//! ```text
//! cargo run --release --example tune -- labelled.txt --out src/eval/tables.rs
//! ```
//! It prints the named weights of the `[eval]` section to copy into `config/huo.toml`.

use huo_chess::core::{Color, Position, Role};
use huo_chess::eval::Evaluator;
use huo_chess::eval::trace::param;
use std::fmt::Write as _;

/// One training position: the fixed part of its score, its features, its target.
struct Sample {
    fixed: f64,
    /// `(weight index, count)` with the phase already blended in.
    terms: Vec<(u16, f32)>,
    target: f64,
}

/// Fit the evaluation's tuned weights to labelled positions (Texel tuning).
#[derive(clap::Parser)]
struct Options {
    /// Labelled positions, one `FEN|result|score|tactical` per line.
    input: String,
    /// Write the fitted tables here (e.g. src/eval/tables.rs).
    #[arg(long)]
    out: Option<String>,
    /// Gradient steps.
    #[arg(long, default_value_t = 1000)]
    iterations: usize,
    /// Step size (Adam), in centipawns.
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// Share of the game result in the target (the rest is the reference score).
    #[arg(long, default_value_t = 0.0)]
    result_weight: f64,
    /// Strength of the pull back towards the starting weights.
    #[arg(long, default_value_t = 5e-10)]
    l2: f64,
    /// Weights seen in fewer training positions than this keep their starting values.
    #[arg(long, default_value_t = 500)]
    min_count: usize,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Reads the labelled positions, skipping the unquiet ones and those the evaluation scales
/// (a side without pawns), where the score is not linear in the weights.
fn load(o: &Options, ev: &Evaluator, theta: &[f64]) -> Result<Vec<Sample>, String> {
    let text = std::fs::read_to_string(&o.input).map_err(|e| format!("{}: {e}", o.input))?;
    let mut samples = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split('|').collect();
        let bad = |why: &str| format!("{}:{}: {why}", o.input, n + 1);
        if fields.len() != 4 {
            return Err(bad("expected FEN|result|score|tactical"));
        }
        if fields[3].trim() == "1" {
            continue;
        }
        let pos = Position::from_fen(fields[0]).map_err(|e| bad(&e.to_string()))?;
        if [Color::White, Color::Black]
            .iter()
            .any(|&c| pos.pieces(c, Role::Pawn).is_empty())
        {
            continue;
        }
        let result: f64 = fields[1].trim().parse().map_err(|_| bad("bad result"))?;
        let score: f64 = fields[2].trim().parse().map_err(|_| bad("bad score"))?;
        let expected = 1.0 / (1.0 + 10f64.powf(-score.clamp(-2000.0, 2000.0) / 400.0));
        let target = o.result_weight * result + (1.0 - o.result_weight) * expected;
        let (white, features) = ev.trace(&pos);
        let fixed = white as f64 - features.score(theta);
        let phase = features.phase as f32;
        let terms: Vec<(u16, f32)> = features
            .terms
            .iter()
            .map(|&(i, mg, eg)| (i, (mg * phase + eg * (24.0 - phase)) / 24.0))
            .filter(|&(_, c)| c != 0.0)
            .collect();
        samples.push(Sample {
            fixed,
            terms,
            target,
        });
    }
    Ok(samples)
}

fn score(s: &Sample, theta: &[f64]) -> f64 {
    s.fixed
        + s.terms
            .iter()
            .map(|&(i, c)| theta[i as usize] * c as f64)
            .sum::<f64>()
}

fn loss(samples: &[Sample], theta: &[f64], k: f64) -> f64 {
    samples
        .iter()
        .map(|s| (sigmoid(k * score(s, theta)) - s.target).powi(2))
        .sum::<f64>()
        / samples.len() as f64
}

/// The scale `k` (per centipawn) under which the current evaluation predicts best.
fn fit_k(samples: &[Sample], theta: &[f64]) -> f64 {
    let (mut lo, mut hi) = (0.0005, 0.02);
    for _ in 0..40 {
        let a = lo + (hi - lo) / 3.0;
        let b = hi - (hi - lo) / 3.0;
        if loss(samples, theta, a) < loss(samples, theta, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The gradient of the loss, computed on two threads.
fn gradient(samples: &[Sample], theta: &[f64], k: f64) -> Vec<f64> {
    let half = samples.len() / 2;
    let part = |chunk: &[Sample]| {
        let mut g = vec![0.0; theta.len()];
        for s in chunk {
            let p = sigmoid(k * score(s, theta));
            let d = 2.0 * (p - s.target) * p * (1.0 - p) * k;
            for &(i, c) in &s.terms {
                g[i as usize] += d * c as f64;
            }
        }
        g
    };
    let (a, b) = std::thread::scope(|scope| {
        let h = scope.spawn(|| part(&samples[..half]));
        let b = part(&samples[half..]);
        (h.join().expect("gradient thread"), b)
    });
    a.iter()
        .zip(&b)
        .map(|(x, y)| (x + y) / samples.len() as f64)
        .collect()
}

/// A mobility entry too rare to tune (a queen reaching 26 squares) takes the value of the
/// nearest tuned one: more squares are never worth less than fewer.
fn extend_mobility(theta: &mut [f64], frozen: &[bool]) {
    for (i, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .enumerate()
    {
        for phase in 0..2 {
            let at = |n: usize| param::mobility(role, n) + phase;
            let tuned: Vec<usize> = (0..param::MOBILITY_SIZES[i])
                .filter(|&n| !frozen[at(n)])
                .collect();
            let (Some(&lo), Some(&hi)) = (tuned.first(), tuned.last()) else {
                continue;
            };
            for n in 0..param::MOBILITY_SIZES[i] {
                if n < lo {
                    theta[at(n)] = theta[at(lo)];
                } else if n > hi {
                    theta[at(n)] = theta[at(hi)];
                }
            }
        }
    }
}

/// A piece always has exactly one piece-square entry and (but for pawns and kings) one
/// mobility entry, so a constant can move between those tables and the piece's worth
/// without changing any score. Move the average (over the training positions) of each
/// table into the worth: then the tables say only "this square, this mobility, is better
/// or worse than usual", and the configured piece values keep their meaning.
fn centre_tables(theta: &mut [f64], seen: &[usize]) {
    let centre = |theta: &mut [f64], entries: Vec<usize>, worth: usize| {
        let total: usize = entries.iter().map(|&e| seen[e]).sum();
        if total == 0 {
            return;
        }
        let mean = entries
            .iter()
            .map(|&e| theta[e] * seen[e] as f64)
            .sum::<f64>()
            / total as f64;
        for &e in &entries {
            theta[e] -= mean;
        }
        theta[worth] += mean;
    };
    for (i, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .enumerate()
    {
        for phase in 0..2 {
            let entries = (0..param::MOBILITY_SIZES[i])
                .map(|n| param::mobility(role, n) + phase)
                .collect();
            centre(theta, entries, param::material(role) + phase);
        }
    }
    for role in [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ] {
        for phase in 0..2 {
            // (Pawns never stand on the first or last rank.)
            let entries = huo_chess::core::Square::ALL
                .iter()
                .filter(|sq| role != Role::Pawn || (1..7).contains(&(sq.rank() as usize)))
                .map(|&sq| param::pst(role, sq) + phase)
                .collect();
            centre(theta, entries, param::material(role) + phase);
        }
    }
}

fn pair(theta: &[f64], i: usize) -> String {
    format!(
        "P({}, {}),",
        theta[i].round() as i64,
        theta[i + 1].round() as i64
    )
}

/// `tables.rs`, written from the weights.
fn tables_source(theta: &[f64]) -> String {
    let mut s = String::new();
    let w = &mut s;
    let _ = writeln!(
        w,
        "//! The tuned numbers of the evaluation: piece-square tables, mobility, passed pawns.\n\
         //!\n\
         //! Written by `cargo run --release --example tune` (see `trace.rs` for how); do not edit by\n\
         //! hand, retune. Values are centipawns as `P(middlegame, endgame)`, before the scale\n\
         //! factors of the configuration. Tables are seen from White's side, rank 1 first.\n\
         \n\
         use super::Pair as P;\n\
         \n\
         /// Piece-square tables: pawn, knight, bishop, rook, queen, king; a1..h1 on the first row.\n\
         #[rustfmt::skip]\n\
         pub(super) const PST: [[P; 64]; 6] = ["
    );
    for role in Role::ALL {
        let _ = writeln!(w, "    // {role:?}\n    [");
        for rank in 0..8 {
            let row: Vec<String> = (0..8)
                .map(|file| {
                    let sq = huo_chess::core::Square::ALL[rank * 8 + file];
                    pair(theta, param::pst(role, sq))
                })
                .collect();
            let _ = writeln!(w, "        {}", row.join(" "));
        }
        let _ = writeln!(w, "    ],");
    }
    let _ = writeln!(
        w,
        "];\n\n/// Mobility by squares reached (0, 1, 2...): knight, bishop, rook, queen.\n\
         #[rustfmt::skip]\npub(super) const MOBILITY: [[P; 28]; 4] = ["
    );
    for (i, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .enumerate()
    {
        let _ = writeln!(w, "    [");
        for start in (0..28).step_by(7) {
            let row: Vec<String> = (start..start + 7)
                .map(|n| {
                    if n < param::MOBILITY_SIZES[i] {
                        pair(theta, param::mobility(role, n))
                    } else {
                        "P(0, 0),".to_string()
                    }
                })
                .collect();
            let _ = writeln!(w, "        {}", row.join(" "));
        }
        let _ = writeln!(w, "    ],");
    }
    let passed: Vec<String> = (0..8).map(|r| pair(theta, param::passed(r))).collect();
    // The worth as a share of the configured (default) value, which it scales.
    let config = huo_chess::eval::Evaluator::default();
    let shares: Vec<String> = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ]
    .iter()
    .map(|&r| {
        let value = config.value(r).max(1) as f64;
        let i = param::material(r);
        format!(
            "P({}, {}),",
            (theta[i] * 1000.0 / value).round(),
            (theta[i + 1] * 1000.0 / value).round()
        )
    })
    .collect();
    let _ = writeln!(
        w,
        "];\n\n/// Passed pawns by rank, from the pawn's own side (rank 1 first).\n\
         #[rustfmt::skip]\npub(super) const PASSED: [P; 8] = [{}];\n\n\
         /// Ending bonus per square of king distance around an advanced passed pawn.\n\
         pub(super) const PASSER_KING: i32 = {};\n\n\
         /// Middlegame bonus per pawn sheltering the king.\n\
         pub(super) const SHIELD: i32 = {};\n\n\
         /// How much of each piece's configured value counts in the middlegame and in the ending,\n\
         /// in thousandths: pawn, knight, bishop, rook, queen (the king has no value).\n\
         #[rustfmt::skip]\npub(super) const MATERIAL: [P; 5] = [{}];",
        passed.join(" "),
        theta[param::PASSER_KING].round() as i64,
        theta[param::SHIELD].round() as i64,
        shares.join(" ")
    );
    s
}

fn main() {
    let o = <Options as clap::Parser>::parse();
    let ev = Evaluator::default();
    let mut theta = ev.params();
    let samples = match load(&o, &ev, &theta) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("tune: {e}");
            std::process::exit(1);
        }
    };
    // Every tenth position is held out to check that the fit generalises.
    let (train, test): (Vec<Sample>, Vec<Sample>) = {
        let mut train = Vec::new();
        let mut test = Vec::new();
        for (i, s) in samples.into_iter().enumerate() {
            if i % 10 == 9 {
                test.push(s)
            } else {
                train.push(s)
            }
        }
        (train, test)
    };
    let k = fit_k(&train, &theta);
    println!(
        "{} training positions, {} held out; k = {k:.6}; loss {:.6} (held out {:.6})",
        train.len(),
        test.len(),
        loss(&train, &theta, k),
        loss(&test, &theta, k)
    );
    // Adam: each weight gets its own step size from the history of its gradient.
    let (b1, b2) = (0.9, 0.999);
    let mut m = vec![0.0; theta.len()];
    let mut v = vec![0.0; theta.len()];
    let start = theta.clone();
    // A weight seen in too few positions (a white king on c8 with queens on) keeps its
    // designed value: there is not enough evidence to move it.
    let mut seen = vec![0usize; theta.len()];
    for s in &train {
        for &(i, _) in &s.terms {
            seen[i as usize] += 1;
        }
    }
    let frozen: Vec<bool> = seen.iter().map(|&n| n < o.min_count).collect();
    println!(
        "{} of {} weights seen in fewer than {} positions: kept as they are",
        frozen.iter().filter(|&&f| f).count(),
        theta.len(),
        o.min_count
    );
    for step in 1..=o.iterations {
        let mut g = gradient(&train, &theta, k);
        // A pull back towards the starting weights, so that a weight seen in few positions
        // does not swing wildly on little evidence. The pieces' worth moves freely: it
        // carries what a whole table would otherwise have to shift.
        for i in (0..theta.len()).filter(|&i| !param::is_material(i)) {
            g[i] += 2.0 * o.l2 * (theta[i] - start[i]);
        }
        for i in (0..theta.len()).filter(|&i| !frozen[i]) {
            m[i] = b1 * m[i] + (1.0 - b1) * g[i];
            v[i] = b2 * v[i] + (1.0 - b2) * g[i] * g[i];
            let mh = m[i] / (1.0 - b1.powi(step as i32));
            let vh = v[i] / (1.0 - b2.powi(step as i32));
            theta[i] -= o.rate * mh / (vh.sqrt() + 1e-12);
        }
        if step % 100 == 0 || step == o.iterations {
            println!(
                "step {step}: loss {:.6} (held out {:.6})",
                loss(&train, &theta, k),
                loss(&test, &theta, k)
            );
        }
    }
    extend_mobility(&mut theta, &frozen);
    centre_tables(&mut theta, &seen);
    for (name, i) in [
        ("bishop_pair", param::BISHOP_PAIR),
        ("rook_open_file", param::ROOK_OPEN),
        ("rook_semi_open_file", param::ROOK_SEMI_OPEN),
        ("rook_seventh", param::ROOK_SEVENTH),
        ("threats", param::THREAT),
        ("doubled_pawn", param::DOUBLED),
        ("isolated_pawn", param::ISOLATED),
    ] {
        println!("[eval] {name} = {:.2}", theta[i] / 100.0);
    }
    if let Some(out) = &o.out {
        let tmp = format!("{out}.tmp");
        if let Err(e) =
            std::fs::write(&tmp, tables_source(&theta)).and_then(|_| std::fs::rename(&tmp, out))
        {
            eprintln!("tune: {out}: {e}");
            std::process::exit(1);
        }
        println!("wrote {out}");
    }
}
