//! The puzzle miner: makes the shipped tactics set (`puzzles/huo.csv`) from games the
//! program plays against itself.
//!
//! A puzzle is a moment where one side blunders and the other has exactly one way to punish
//! it. The miner finds such moments in four steps (docs/puzzles.md says why each):
//!
//! 1. **Games.** Two levels of the ladder (1 to `--top-level`, drawn at random) play from
//!    one of the balanced match openings plus two random moves. Weak levels blunder as
//!    people do.
//! 2. **Blunders.** Every position of the game is searched quickly (`--screen-depth`); a move
//!    that loses at least 0.3 winning chances (lichess's blunder) after which the other side
//!    stands clearly better is a candidate; with `--holds`, also one after which the game is
//!    about level (a win thrown away).
//! 3. **Only moves.** From the position after the blunder, each solver move must be the
//!    only one that wins, searched deeply (`--depth`, MultiPV 2), and the line must end in
//!    mate or win material; or, for a thrown-away win, the only one that holds, winning
//!    nothing back: `huo_chess::tactics::solution` says exactly when. Each line is judged
//!    from its position alone, with a cleared table, in `mine` and `rate` alike.
//! 4. **Rating.** Each level of the ladder tries the puzzle `--tries` times; the rating is
//!    the Elo at which half the tries would succeed (`huo_chess::tactics::difficulty`).
//!
//! Themes are what the line shows (`huo_chess::tactics::themes`, built on the motif finder
//! the analysis explains blunders with).
//!
//! Reproducible: the same `--seed` and options give the same puzzles, whatever `--shard`s
//! they are mined in (each game's randomness comes from the seed and its number).
//!
//! ```text
//! cargo run --release --example mine-puzzles -- mine raw-0.txt --games 0..400 --shard 0/2
//! cargo run --release --example mine-puzzles -- rate raw-0.txt rated-0.txt
//! cargo run --release --example mine-puzzles -- write puzzles/huo.csv rated-*.txt
//! ```

use huo_chess::eval::Evaluator;
use huo_chess::search::{Level, Limits, Score, Searcher};
use huo_chess::tactics::difficulty::rate as rate_tactic;
use huo_chess::tactics::solution::{
    ADVANTAGE_CP, MARGIN_CP, Solution, best_lines, centipawns, chances, hold, solve,
};
use huo_chess::tactics::themes::{CRUSHING_CP, themes};
use huo_chess::util::rng::{XorShift, splitmix64};
use huo_chess::{Color, Game, Move, Position};
use std::collections::HashSet;
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;

/// Winning chances a blunder loses at least (lichess's line for `??`).
const BLUNDER: f64 = 0.3;

#[derive(clap::Parser)]
enum Options {
    /// Play games and write the verified puzzles, unrated, one a line.
    Mine {
        out: String,
        /// Which games, by number (`FIRST..END`).
        #[arg(long, default_value = "0..100")]
        games: String,
        /// This process mines games whose number is `i` modulo `n` (`i/n`).
        #[arg(long, default_value = "0/1")]
        shard: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The strongest level that plays (the two sides' levels are drawn from 1 to it).
        #[arg(long, default_value_t = 8)]
        top_level: u8,
        /// Depth of the quick search that finds blunders.
        #[arg(long, default_value_t = 8)]
        screen_depth: u32,
        /// Depth of the search that proves each solver move the only one.
        #[arg(long, default_value_t = 18)]
        depth: u32,
        /// Also keep the blunders that throw a win away where the solver has one move
        /// that holds (defensive puzzles).
        #[arg(long)]
        holds: bool,
    },
    /// Solve mined puzzles again by the rule as it stands and rate them on the ladder.
    Rate {
        input: String,
        out: String,
        /// Depth of the search that proves each solver move the only one.
        #[arg(long, default_value_t = 18)]
        depth: u32,
        #[arg(long, default_value_t = 3)]
        tries: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Name the themes of rated puzzles again by the rules as they stand (lines rated before
    /// a theme was named get it): from the score `rate` wrote, or, for lines rated before it
    /// wrote one, the score their tags bound, or a search's where that is not enough.
    Retag {
        input: String,
        out: String,
        /// Depth of the search that finds a line's score again where its tags do not say.
        #[arg(long, default_value_t = 18)]
        depth: u32,
    },
    /// Write rated puzzles as one CSV file in lichess's layout, sorted, each position
    /// once, with ids from their game and ply (`h2478p14`).
    Write {
        out: String,
        inputs: Vec<String>,
        /// Only the puzzles of the games numbered below this (the games every shard has
        /// mined, so the set is the same however the work was split).
        #[arg(long)]
        games_below: Option<u64>,
    },
}

fn main() {
    match <Options as clap::Parser>::parse() {
        Options::Mine {
            out,
            games,
            shard,
            seed,
            top_level,
            screen_depth,
            depth,
            holds,
        } => mine(
            &out,
            &games,
            &shard,
            seed,
            Rules {
                top: top_level,
                screen_depth,
                depth,
                holds,
            },
        ),
        Options::Rate {
            input,
            out,
            depth,
            tries,
            seed,
        } => rate(&input, &out, tries, seed, depth),
        Options::Retag { input, out, depth } => retag(&input, &out, depth),
        Options::Write {
            out,
            inputs,
            games_below,
        } => write_csv(&out, &inputs, games_below.unwrap_or(u64::MAX)),
    }
}

/// `path` opened to add lines at its end (made if missing): `mine` and `rate` go on where
/// a stopped run left off.
fn append_to(path: &str) -> std::fs::File {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .expect("the output file")
}

fn pair(text: &str, sep: &str) -> (u64, u64) {
    let (a, b) = text.split_once(sep).expect("two numbers");
    (a.parse().expect("a number"), b.parse().expect("a number"))
}

/// A game from a balanced opening and two random moves, between two levels.
fn play_game(
    s: &mut Searcher,
    rng: &mut XorShift,
    openings: &[huo_chess::arena::openings::Opening],
    top: u8,
) -> (Game, [u8; 2]) {
    let mut game = openings[rng.below(openings.len())].game();
    for _ in 0..2 {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        let _ = game.play(moves[rng.below(moves.len())]);
    }
    let levels = [
        1 + rng.below(top as usize) as u8,
        1 + rng.below(top as usize) as u8,
    ];
    s.clear();
    s.set_seed(rng.next_u64());
    while game.outcome().is_none() && game.moves().len() < 160 {
        let side = if game.position().turn() == Color::White {
            0
        } else {
            1
        };
        let level = Level::Modern(levels[side]);
        let stop = AtomicBool::new(false);
        // The weak levels are limited by depth or nodes; 6 to 8 by nodes (their time limit
        // would make the games depend on the machine).
        let limits = Limits {
            nodes: level.limits().nodes,
            depth: level.limits().depth,
            ..Limits::default()
        };
        let res = s.think(&game, level, &limits, &stop, &mut |_| {});
        let Some(mv) = res.best else { break };
        if game.play(mv).is_err() {
            break;
        }
    }
    (game, levels)
}

/// A mined puzzle before it is rated: where it comes from and its line.
struct Mined {
    /// Game number and ply of the blunder.
    game: u64,
    ply: usize,
    fen: String,
    /// The blunder, then the solution (solver's moves and the opponent's replies).
    moves: Vec<Move>,
    /// The solver's score after the line's first solver move, from its side.
    score: Score,
    opening: Option<String>,
    /// A defensive line (the solver holds) rather than a winning one.
    hold: bool,
}

/// How the games are played and searched.
struct Rules {
    /// The strongest level that plays.
    top: u8,
    screen_depth: u32,
    depth: u32,
    holds: bool,
}

fn mine(out: &str, games: &str, shard: &str, seed: u64, rules: Rules) {
    let (first, end) = pair(games, "..");
    let (i, n) = pair(shard, "/");
    let openings = huo_chess::arena::openings::builtin();
    let mut player = Searcher::new(Evaluator::default(), 16);
    let mut judge = Searcher::new(Evaluator::default(), 64);
    let mut file = append_to(out);
    let mut seen = HashSet::new();
    for g in (first..end).filter(|g| g % n == i) {
        let mut rng = XorShift::new(splitmix64(seed ^ splitmix64(g + 1)) | 1);
        let started = std::time::Instant::now();
        let (game, levels) = play_game(&mut player, &mut rng, &openings, rules.top);
        let played = started.elapsed().as_secs_f64();
        judge.clear();
        let found = mine_game(&mut judge, &game, g, &rules);
        for m in found {
            if !seen.insert(m.fen.clone()) {
                continue;
            }
            writeln!(
                file,
                "{}\t{}\t{}\t{}\t{}\t{}\t{}{}",
                m.game,
                m.ply,
                m.fen,
                m.moves
                    .iter()
                    .map(|m| m.uci())
                    .collect::<Vec<_>>()
                    .join(" "),
                m.score,
                m.opening.as_deref().unwrap_or("-"),
                format_args!("{}-{}", levels[0], levels[1]),
                if m.hold { "\thold" } else { "" },
            )
            .expect("written");
        }
        file.flush().expect("flushed");
        eprintln!(
            "game {g} levels {}-{}: {} plies, {played:.1} s playing",
            levels[0],
            levels[1],
            game.moves().len()
        );
    }
}

/// The puzzles of one game.
fn mine_game(s: &mut Searcher, game: &Game, g: u64, rules: &Rules) -> Vec<Mined> {
    let quick = Limits {
        depth: Some(rules.screen_depth),
        ..Limits::default()
    };
    // Every position's score from its side to move.
    let started = std::time::Instant::now();
    let mut replay = Game::from_position(*game.start());
    let mut scores = Vec::new();
    for &mv in game.moves() {
        let lines = best_lines(s, &replay, Level::FULL, &quick);
        scores.push(lines.first().map(|l| l.0));
        replay.play(mv).expect("the game's own move");
    }
    let screened = std::time::Instant::now();
    let mut candidates = 0;
    let mut out = Vec::new();
    let mut replay = Game::from_position(*game.start());
    for (ply, &mv) in game.moves().iter().enumerate() {
        let before = replay.clone();
        replay.play(mv).expect("the game's own move");
        if ply < 6 || ply + 1 >= scores.len() {
            continue;
        }
        let (Some(a), Some(b)) = (scores[ply], scores[ply + 1]) else {
            continue;
        };
        // The mover's chances before and after its move; the solver's after it. The
        // solver stands clearly better (a win to find), or, with holds, about level
        // (a lost game to save).
        let lost = chances(a) + chances(b);
        let wins = centipawns(b) >= MARGIN_CP;
        let level = rules.holds && centipawns(b).abs() < ADVANTAGE_CP;
        if lost < BLUNDER || !(wins || level) {
            continue;
        }
        candidates += 1;
        // Judged from the position alone, as the solver will see it (a draw by repetition
        // that the game's history allows is no defence in a puzzle), with a cleared table,
        // as `rate` judges it again: a line's fate depends on nothing but itself.
        let after = Game::from_position(*replay.position());
        s.clear();
        let found = if wins {
            solve(s, before.position(), mv, &after, rules.depth)
        } else {
            defence(s, &after, rules.depth)
        };
        if let Some(solution) = found {
            let mut moves = vec![mv];
            moves.extend(&solution.line);
            let opening = (ply < 30)
                .then(|| huo_chess::openings::of_game(&before))
                .flatten()
                .map(|o| o.name.to_string());
            out.push(Mined {
                game: g,
                ply,
                fen: before.position().fen(),
                moves,
                score: solution.score,
                opening,
                hold: !wins,
            });
        }
    }
    eprintln!(
        "  {candidates} candidates, {} puzzles, {:.1} s screening, {:.1} s verifying",
        out.len(),
        (screened - started).as_secs_f64(),
        screened.elapsed().as_secs_f64()
    );
    out
}

/// A defensive line whose point is the defence alone: it wins nothing back (the themes
/// name it `defensiveMove`).
fn defence(s: &mut Searcher, after: &Game, depth: u32) -> Option<Solution> {
    let solution = hold(s, after, depth)?;
    themes(after.position(), &solution.line, solution.score)
        .iter()
        .any(|t| t == "defensiveMove")
        .then_some(solution)
}

// ---------------------------------------------------------------------------------------
// Rating

/// One mined line read back.
struct Raw {
    game: u64,
    ply: usize,
    fen: String,
    moves: Vec<String>,
    opening: String,
    hold: bool,
}

fn read_raw(path: &str) -> Vec<Raw> {
    let file = std::fs::File::open(path).expect("the mined file");
    std::io::BufReader::new(file)
        .lines()
        .map(|l| {
            let l = l.expect("a line");
            let f: Vec<&str> = l.split('\t').collect();
            Raw {
                game: f[0].parse().expect("game"),
                ply: f[1].parse().expect("ply"),
                fen: f[2].to_string(),
                moves: f[3].split(' ').map(str::to_string).collect(),
                opening: f[5].to_string(),
                hold: f.get(7) == Some(&"hold"),
            }
        })
        .collect()
}

/// A line written in UCI, played from `pos`.
fn moves_of<'a>(pos: &Position, uci: impl Iterator<Item = &'a str>) -> Vec<Move> {
    let mut p = *pos;
    uci.map(|m| {
        let mv = huo_chess::core::notation::parse_uci(&p, m).expect("a legal move");
        p = p.after(mv);
        mv
    })
    .collect()
}

fn rate(input: &str, out: &str, tries: u32, seed: u64, depth: u32) {
    let raws = read_raw(input);
    let mut s = Searcher::new(Evaluator::default(), 16);
    let mut judge = Searcher::new(Evaluator::default(), 64);
    let mut file = append_to(out);
    let done: HashSet<String> = std::fs::read_to_string(out)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split('\t').nth(2).map(str::to_string))
        .collect();
    for raw in raws.iter().filter(|r| !done.contains(&r.fen)) {
        let pos = Position::from_fen(&raw.fen).expect("a mined FEN");
        let mut line = moves_of(&pos, raw.moves.iter().map(String::as_str));
        // From the position alone, as `mine` judged it.
        let start = Game::from_position(pos.after(line[0]));
        // Solved again by the rule as it stands (lines mined by an older, looser rule are
        // checked again; for lines mined by this one it changes nothing).
        judge.clear();
        let solved = if raw.hold {
            defence(&mut judge, &start, depth)
        } else {
            solve(&mut judge, &pos, line[0], &start, depth)
        };
        let Some(solved) = solved else {
            eprintln!("{} {}: no longer a puzzle", raw.game, raw.ply);
            writeln!(file, "{}\t{}\t{}\t-", raw.game, raw.ply, raw.fen).expect("written");
            continue;
        };
        line.truncate(1);
        line.extend(&solved.line);
        let solution = &line[1..];
        let seed = seed ^ splitmix64(raw.game * 1000 + raw.ply as u64);
        let (rating, _) = rate_tactic(&mut s, &start, solution, tries, seed);
        let themes = themes(start.position(), solution, solved.score);
        writeln!(
            file,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            raw.game,
            raw.ply,
            raw.fen,
            line.iter().map(|m| m.uci()).collect::<Vec<_>>().join(" "),
            rating,
            themes.join(" "),
            raw.opening,
            solved.score
        )
        .expect("written");
        file.flush().expect("flushed");
        eprintln!("{} {} -> {rating} {}", raw.game, raw.ply, themes.join(" "));
    }
}

// ---------------------------------------------------------------------------------------
// Themes again

/// A score as `rate` writes it: `+2.70` in pawns, or `#3`.
fn parse_score(text: &str) -> Option<Score> {
    match text.strip_prefix('#') {
        Some(n) => n.parse().ok().map(Score::Mate),
        None => text
            .parse::<f64>()
            .ok()
            .map(|p| Score::Cp((p * 100.0).round() as i32)),
    }
}

fn retag(input: &str, out: &str, depth: u32) {
    let text = std::fs::read_to_string(input).expect("a rated file");
    let mut judge = Searcher::new(Evaluator::default(), 64);
    let (mut changed, mut searched) = (0, 0);
    let mut lines = String::new();
    for l in text.lines() {
        let mut f: Vec<String> = l.split('\t').map(str::to_string).collect();
        // A line mined but no longer a puzzle.
        if f.len() < 7 {
            lines.push_str(l);
            lines.push('\n');
            continue;
        }
        let pos = Position::from_fen(&f[2]).expect("a rated FEN");
        let line = moves_of(&pos, f[3].split(' '));
        let start = Game::from_position(pos.after(line[0]));
        let solution = &line[1..];
        let tagged = |score| themes(start.position(), solution, score);
        let old: Vec<&str> = f[5].split(' ').collect();
        let score = match f.get(7).and_then(|t| parse_score(t)) {
            Some(score) => Some(score),
            // Older lines: their tags bound the score (a mate, `crushing` from six pawns,
            // an `advantage` from one and a half); search only where the bound is not enough.
            None if old.contains(&"mate") => Some(Score::Mate(1)),
            None if old.contains(&"crushing") => Some(Score::Cp(CRUSHING_CP)),
            None if tagged(Score::Cp(MARGIN_CP)) == tagged(Score::Cp(CRUSHING_CP - 1)) => {
                Some(Score::Cp(MARGIN_CP))
            }
            None => {
                searched += 1;
                judge.clear();
                let limits = Limits {
                    depth: Some(depth),
                    ..Limits::default()
                };
                best_lines(&mut judge, &start, Level::FULL, &limits)
                    .first()
                    .map(|l| l.0)
            }
        };
        let Some(score) = score else {
            eprintln!("{} {}: no score found again; tags kept", f[0], f[1]);
            lines.push_str(l);
            lines.push('\n');
            continue;
        };
        let new = tagged(score).join(" ");
        if new != f[5] {
            changed += 1;
            eprintln!("{} {}: {} -> {new}", f[0], f[1], f[5]);
            f[5] = new;
        }
        lines.push_str(&f.join("\t"));
        lines.push('\n');
    }
    std::fs::write(out, lines).expect("written");
    eprintln!("{changed} lines tagged anew, {searched} searched again");
}

// ---------------------------------------------------------------------------------------
// The CSV

fn write_csv(out: &str, inputs: &[String], below: u64) {
    let mut rows = Vec::new();
    for path in inputs {
        let text = std::fs::read_to_string(path).expect("a rated file");
        for l in text.lines() {
            let f: Vec<&str> = l.split('\t').collect();
            // A line mined but no longer a puzzle.
            if f.len() < 7 {
                continue;
            }
            let key: (u64, usize) = (f[0].parse().expect("game"), f[1].parse().expect("ply"));
            if key.0 >= below {
                continue;
            }
            rows.push((key, f.iter().map(|s| s.to_string()).collect::<Vec<_>>()));
        }
    }
    rows.sort_by_key(|r| r.0);
    // A position found twice (two games reach it, maybe at other move numbers) is one
    // puzzle: the first game's.
    let mut seen = HashSet::new();
    rows.retain(|r| {
        let place: Vec<&str> = r.1[2].split(' ').take(4).collect();
        seen.insert(place.join(" "))
    });
    let mut text = String::from(
        "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n",
    );
    for ((game, ply), f) in &rows {
        let opening = if f[6] == "-" {
            String::new()
        } else {
            opening_tags(&f[6])
        };
        // The id names where the puzzle comes from, so it never changes as the set grows.
        text.push_str(&format!(
            "h{game}p{ply},{},{},{},{},0,0,{},,{}\n",
            f[2], f[3], f[4], RATING_DEVIATION, f[5], opening
        ));
    }
    std::fs::write(out, text).expect("written");
    eprintln!("{} puzzles", rows.len());
}

/// How far a puzzle's rating may be off: about the gap between two rungs of the ladder.
const RATING_DEVIATION: u32 = 100;

/// lichess's opening tags: the family, then the variation, words joined by `_`.
fn opening_tags(name: &str) -> String {
    // `Petrov's Defense` is `Petrovs_Defense`: an apostrophe joins, other signs part.
    let clean = |s: &str| {
        s.replace(['\'', '’'], "")
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join("_")
    };
    let family = name.split(':').next().unwrap_or(name);
    let mut tags = vec![clean(family)];
    if let Some((_, variation)) = name.split_once(':') {
        let v = variation.split(',').next().unwrap_or(variation);
        tags.push(format!("{}_{}", clean(family), clean(v)));
    }
    tags.join(" ")
}
