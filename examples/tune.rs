//! Texel tuning: fit the evaluation's weights to positions whose worth is known.
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
//! its terms and quadratic in the king-danger weights (see `eval::trace`); the untuned
//! rest (the Huo hints, the side-to-move bonus) is kept as a fixed part of each score.
//!
//! ```text
//! cargo run --release --example tune -- labelled.txt --out src/eval/tables.rs
//! ```
//! It prints the named weights of the `[eval]` section to copy into `config/huo.toml`.

use huo_chess::core::{Color, Position, Role};
use huo_chess::eval::Evaluator;
use huo_chess::eval::terms;
use huo_chess::eval::trace::{self, Features};
use std::fmt::Write as _;

/// One training position: the fixed part of its score, its features, its target.
struct Sample {
    fixed: f64,
    features: Features,
    target: f64,
}

/// Fit the evaluation's weights to labelled positions (Texel tuning).
#[derive(clap::Parser)]
struct Options {
    /// Labelled positions, one `FEN|result|score|tactical` per line.
    input: Vec<String>,
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
    /// Use at most this many positions.
    #[arg(long)]
    limit: Option<usize>,
    /// Fit only these tables of `tables.rs` (e.g. `--only COMPLEXITY`, to fit a new term
    /// without moving the others); the rest keep their values.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Reads the labelled positions, skipping the unquiet ones and those the evaluation scales
/// (a side without pawns), where the score is not a sum of the weights.
fn load(o: &Options, ev: &Evaluator, theta: &[f64]) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for input in &o.input {
        let text = std::fs::read_to_string(input).map_err(|e| format!("{input}: {e}"))?;
        for (n, line) in text.lines().enumerate() {
            if o.limit.is_some_and(|l| samples.len() >= l) {
                return Ok(samples);
            }
            let fields: Vec<&str> = line.split('|').collect();
            let bad = |why: &str| format!("{input}:{}: {why}", n + 1);
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
            let fixed = white as f64 - features.score(theta, ev.king_safety_scale());
            samples.push(Sample {
                fixed,
                features,
                target,
            });
        }
    }
    Ok(samples)
}

fn score(s: &Sample, theta: &[f64], ks: f64) -> f64 {
    s.fixed + s.features.score(theta, ks)
}

fn loss(samples: &[Sample], theta: &[f64], k: f64, ks: f64) -> f64 {
    samples
        .iter()
        .map(|s| (sigmoid(k * score(s, theta, ks)) - s.target).powi(2))
        .sum::<f64>()
        / samples.len() as f64
}

/// The scale `k` (per centipawn) under which the current evaluation predicts best.
fn fit_k(samples: &[Sample], theta: &[f64], ks: f64) -> f64 {
    let (mut lo, mut hi) = (0.0005, 0.02);
    for _ in 0..40 {
        let a = lo + (hi - lo) / 3.0;
        let b = hi - (hi - lo) / 3.0;
        if loss(samples, theta, a, ks) < loss(samples, theta, b, ks) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Adds the gradient of one sample's loss to `g`.
fn accumulate(s: &Sample, theta: &[f64], k: f64, ks: f64, g: &mut [f64]) {
    let f = &s.features;
    let p = sigmoid(k * score(s, theta, ks));
    let d = 2.0 * (p - s.target) * p * (1.0 - p) * k;
    let mg_share = f.phase as f64 / 24.0;
    let mut eg_share = (24 - f.phase) as f64 / 24.0 * f.eg_scale as f64 / 64.0;
    // The complexity moves the ending score by `cx`, but never past zero: where it is
    // held at zero, neither it nor the ending weights can change the score.
    let ending = f.sums(theta, ks).1;
    let cx = f.complexity_count(theta);
    if ending != 0.0 && cx <= -ending.abs() {
        eg_share = 0.0;
    }
    if ending != 0.0 {
        for &(t, n) in &f.complexity {
            g[trace::eg(t as usize)] += d * n as f64 * eg_share * ending.signum();
        }
    }
    for &(t, n) in &f.terms {
        let t = t as usize;
        g[trace::mg(t)] += d * n as f64 * mg_share;
        g[trace::eg(t)] += d * n as f64 * eg_share;
    }
    for (side, counts) in f.danger.iter().enumerate() {
        let Some(counts) = counts else { continue };
        let x = Features::danger_count(counts, theta);
        if x <= 0.0 {
            continue;
        }
        // d cost / d x: 2x/720 in the middlegame, 1/20 in the ending.
        let sign = if side == 0 { -1.0 } else { 1.0 };
        let slope = sign * ks * (mg_share * 2.0 * x / 720.0 + eg_share / 20.0);
        for &(w, n) in counts {
            g[trace::danger(w as usize)] += d * slope * n as f64;
        }
    }
}

/// The gradient of the loss, computed on two threads.
fn gradient(samples: &[Sample], theta: &[f64], k: f64, ks: f64) -> Vec<f64> {
    let half = samples.len() / 2;
    let part = |chunk: &[Sample]| {
        let mut g = vec![0.0; theta.len()];
        for s in chunk {
            accumulate(s, theta, k, ks, &mut g);
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

/// The mobility entries of a knight, bishop, rook or queen (`i` 0-3), middlegame or
/// endgame (`phase` 0 or 1), as weight indices.
fn mobility_entries(i: usize, phase: usize) -> Vec<usize> {
    (0..terms::MOBILITY_SIZES[i])
        .map(|n| 2 * terms::mobility(i + 1, n) + phase)
        .collect()
}

/// A mobility entry too rare to tune (a queen reaching 26 squares) takes the value of the
/// nearest tuned one: more squares are never worth less than fewer.
fn extend_mobility(theta: &mut [f64], frozen: &[bool]) {
    for i in 0..4 {
        for phase in 0..2 {
            let entries = mobility_entries(i, phase);
            let tuned: Vec<usize> = entries.iter().copied().filter(|&e| !frozen[e]).collect();
            let (Some(&lo), Some(&hi)) = (tuned.first(), tuned.last()) else {
                continue;
            };
            for &e in &entries {
                if e < lo {
                    theta[e] = theta[lo];
                } else if e > hi {
                    theta[e] = theta[hi];
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
    for i in 0..4 {
        for phase in 0..2 {
            centre(
                theta,
                mobility_entries(i, phase),
                2 * (terms::MATERIAL + i + 1) + phase,
            );
        }
    }
    for role in 0..5 {
        for phase in 0..2 {
            // (Pawns never stand on the first or last rank.)
            let entries = (0..64)
                .filter(|sq| role != 0 || (8..56).contains(sq))
                .map(|sq| 2 * terms::pst(role, sq) + phase)
                .collect();
            centre(theta, entries, 2 * (terms::MATERIAL + role) + phase);
        }
    }
}

fn pair(theta: &[f64], term: usize) -> String {
    format!(
        "P({}, {}),",
        theta[trace::mg(term)].round() as i64,
        theta[trace::eg(term)].round() as i64
    )
}

/// `tables.rs`, written from the weights.
fn tables_source(theta: &[f64]) -> String {
    let mut s = String::new();
    let w = &mut s;
    let _ = writeln!(
        w,
        "//! The tuned numbers of the evaluation (see `terms.rs` for what each one weighs).\n\
         //!\n\
         //! Written by `cargo run --release --example tune` (see `trace.rs` for how); do not edit by\n\
         //! hand, retune. Values are centipawns as `P(middlegame, endgame)`, before the scale\n\
         //! factors of the configuration. Square tables are seen from White's side, rank 1 first.\n\
         \n\
         use super::Pair as P;\n"
    );
    for table in &terms::TABLES {
        let (name, len) = (table.name, table.len);
        let _ = writeln!(
            w,
            "/// {}\n#[rustfmt::skip]\npub(super) const {name}: [P; {len}] = [",
            table.doc
        );
        for row in (0..len).step_by(8) {
            let cells: Vec<String> = (row..(row + 8).min(len))
                .map(|i| pair(theta, table.start + i))
                .collect();
            let _ = writeln!(w, "    {}", cells.join(" "));
        }
        let _ = writeln!(w, "];\n");
    }
    // The worth as a share of the configured (default) value, which it scales.
    let config = Evaluator::as_fitted();
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
        let t = terms::MATERIAL + r as usize;
        format!(
            "P({}, {}),",
            (theta[trace::mg(t)] * 1000.0 / value).round(),
            (theta[trace::eg(t)] * 1000.0 / value).round()
        )
    })
    .collect();
    let names: Vec<String> = terms::TABLES
        .iter()
        .map(|t| format!("&{}", t.name))
        .collect();
    let danger: Vec<String> = (0..terms::DANGER_COUNT)
        .map(|i| format!("{}", theta[trace::danger(i)].round() as i64))
        .collect();
    let _ = writeln!(
        w,
        "/// How much of each piece's configured value counts in the middlegame and in the ending,\n\
         /// in thousandths: pawn, knight, bishop, rook, queen (the king has no value).\n\
         #[rustfmt::skip]\npub(super) const MATERIAL: [P; 5] = [{}];\n\n\
         /// King danger weights: knight, bishop, rook, queen attacking the king's squares; per\n\
         /// attack on them; per weak square there; per safe knight, bishop, rook, queen check;\n\
         /// attacker without a queen; constant.\n\
         pub(super) const DANGER: [i32; {}] = [{}];\n\n\
         /// Every table above, in the order of `terms::TABLES`.\n\
         pub(super) const ALL: [&[P]; {}] = [{}];",
        shares.join(" "),
        terms::DANGER_COUNT,
        danger.join(", "),
        terms::TABLES.len(),
        names.join(", ")
    );
    s
}

fn main() {
    let o = <Options as clap::Parser>::parse();
    let ev = Evaluator::as_fitted();
    let ks = ev.king_safety_scale();
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
    let k = fit_k(&train, &theta, ks);
    println!(
        "{} training positions, {} held out; k = {k:.6}; loss {:.6} (held out {:.6})",
        train.len(),
        test.len(),
        loss(&train, &theta, k, ks),
        loss(&test, &theta, k, ks)
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
        for &(t, _) in &s.features.terms {
            seen[trace::mg(t as usize)] += 1;
            seen[trace::eg(t as usize)] += 1;
        }
        for &(t, _) in &s.features.complexity {
            seen[trace::eg(t as usize)] += 1;
        }
        for counts in s.features.danger.iter().flatten() {
            for &(w, _) in counts {
                seen[trace::danger(w as usize)] += 1;
            }
        }
    }
    let mut frozen: Vec<bool> = seen.iter().map(|&n| n < o.min_count).collect();
    if !o.only.is_empty() {
        for name in &o.only {
            if !terms::TABLES.iter().any(|t| t.name == name) {
                eprintln!("tune: --only {name}: no such table in tables.rs");
                std::process::exit(1);
            }
        }
        let mut fit = vec![false; theta.len()];
        for table in terms::TABLES
            .iter()
            .filter(|t| o.only.iter().any(|n| n == t.name))
        {
            for term in table.start..table.start + table.len {
                fit[trace::mg(term)] = true;
                fit[trace::eg(term)] = true;
            }
        }
        for (f, fit) in frozen.iter_mut().zip(fit) {
            *f |= !fit;
        }
    }
    // The complexity has no middlegame value.
    for t in terms::COMPLEXITY..terms::COMPLEXITY + terms::COMPLEXITY_SIZE {
        frozen[trace::mg(t)] = true;
    }
    // A named weight's ending value follows its middlegame value.
    for n in &terms::NAMED {
        frozen[trace::eg(n.term)] = true;
    }
    println!(
        "{} of {} weights seen in fewer than {} positions: kept as they are",
        seen.iter().filter(|&&n| n < o.min_count).count(),
        theta.len(),
        o.min_count
    );
    let is_material = |i: usize| (2 * terms::MATERIAL..2 * (terms::MATERIAL + 5)).contains(&i);
    for step in 1..=o.iterations {
        let mut g = gradient(&train, &theta, k, ks);
        for n in &terms::NAMED {
            g[trace::mg(n.term)] += n.share * g[trace::eg(n.term)];
        }
        // A pull back towards the starting weights, so that a weight seen in few positions
        // does not swing wildly on little evidence. The pieces' worth moves freely: it
        // carries what a whole table would otherwise have to shift.
        for i in (0..theta.len()).filter(|&i| !is_material(i)) {
            g[i] += 2.0 * o.l2 * (theta[i] - start[i]);
        }
        for i in (0..theta.len()).filter(|&i| !frozen[i]) {
            m[i] = b1 * m[i] + (1.0 - b1) * g[i];
            v[i] = b2 * v[i] + (1.0 - b2) * g[i] * g[i];
            let mh = m[i] / (1.0 - b1.powi(step as i32));
            let vh = v[i] / (1.0 - b2.powi(step as i32));
            theta[i] -= o.rate * mh / (vh.sqrt() + 1e-12);
        }
        for n in &terms::NAMED {
            theta[trace::eg(n.term)] = n.share * theta[trace::mg(n.term)];
        }
        if step % 100 == 0 || step == o.iterations {
            println!(
                "step {step}: loss {:.6} (held out {:.6})",
                loss(&train, &theta, k, ks),
                loss(&test, &theta, k, ks)
            );
        }
    }
    extend_mobility(&mut theta, &frozen);
    if o.only.is_empty() {
        centre_tables(&mut theta, &seen);
    }
    for n in &terms::NAMED {
        println!("[eval] {} = {:.2}", n.key, theta[trace::mg(n.term)] / 100.0);
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
