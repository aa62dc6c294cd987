//! Which engine analyses, and how hard: one description, made once from the
//! configuration's `[analysis]` section (and the command line's overrides), that every
//! analysis uses — `huo-chess analyse`, the analysis screen, the drills' judge — so the
//! same game gets the same verdicts everywhere.
//!
//! The engine is Huo's own (`engine = "huo"`, the default) or any UCI engine the user
//! trusts (`engine = "stockfish"`, a name on `PATH`, or a path). Each position is searched
//! to a depth (`depth = 12`), or for a number of nodes (`nodes = 1000000`, as lichess's
//! server does) or a time (`movetime = 500`, milliseconds, as en-croissant does); a depth
//! or a node count gives the same verdict on any machine, a time does not.

use crate::config::Config;
pub use crate::engine::external::EngineName;
use crate::search::Limits;
use std::time::Duration;

/// An analyser: which engine, its threads and hash, and what each position gets.
///
/// ```
/// use huo_chess::analysis::spec::{AnalyserSpec, EngineName};
/// use huo_chess::config::Config;
///
/// let spec = AnalyserSpec::from_config(&Config::default());
/// assert_eq!(spec.engine, EngineName::Huo);
/// assert_eq!(spec.limits.depth, Some(12));
/// assert_eq!(spec.describe("Huo Chess"), "Huo Chess (depth 12, 1 thread, hash 32 MB)");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct AnalyserSpec {
    pub engine: EngineName,
    /// Search threads (more threads: a faster search, but no longer the same verdict on
    /// every run).
    pub threads: usize,
    /// The engine's hash table, in megabytes.
    pub hash_mb: usize,
    /// What each position gets: a depth, a node count or a time.
    pub limits: Limits,
}

impl AnalyserSpec {
    /// The `[analysis]` section's engine, threads, hash and per-position limit.
    pub fn from_config(config: &Config) -> AnalyserSpec {
        let a = &config.analysis;
        AnalyserSpec {
            engine: a.engine.clone(),
            threads: a.threads.clamp(1, crate::search::available_threads()),
            hash_mb: a.hash_mb,
            limits: per_position(a.depth, a.nodes, a.movetime),
        }
    }

    /// The spec with the command line's overrides: an engine, a depth, nodes, a time or
    /// threads, each where given (a depth, nodes or time given replaces the configured
    /// limit).
    pub fn overridden(
        mut self,
        engine: Option<EngineName>,
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<u64>,
        threads: Option<usize>,
    ) -> AnalyserSpec {
        if let Some(e) = engine {
            self.engine = e;
        }
        if depth.is_some() || nodes.is_some() || movetime.is_some() {
            self.limits = Limits {
                depth,
                nodes,
                movetime: movetime.map(Duration::from_millis),
                ..Limits::default()
            };
        }
        if let Some(t) = threads {
            self.threads = t.clamp(1, crate::search::available_threads());
        }
        self
    }

    /// `NAME (depth 12, 1 thread, hash 32 MB)`: who analysed and how, for the
    /// `[Annotator]` tag and the analysis screen's title.
    pub fn describe(&self, name: &str) -> String {
        format!(
            "{name} ({}, {} thread{}, hash {} MB)",
            describe_limits(&self.limits),
            self.threads,
            if self.threads == 1 { "" } else { "s" },
            self.hash_mb
        )
    }
}

/// The per-position limit: the node count or the time when one is set (not 0), else the
/// depth.
fn per_position(depth: u32, nodes: u64, movetime: u64) -> Limits {
    let mut limits = Limits::default();
    if nodes > 0 {
        limits.nodes = Some(nodes);
    } else if movetime > 0 {
        limits.movetime = Some(Duration::from_millis(movetime));
    } else {
        limits.depth = Some(depth);
    }
    limits
}

/// `depth 12`, `1000000 nodes`, `movetime 500 ms`: what each position got.
pub fn describe_limits(limits: &Limits) -> String {
    let mut parts = Vec::new();
    if let Some(d) = limits.depth {
        parts.push(format!("depth {d}"));
    }
    if let Some(n) = limits.nodes {
        parts.push(format!("{n} nodes"));
    }
    if let Some(t) = limits.movetime {
        parts.push(format!("movetime {} ms", t.as_millis()));
    }
    if parts.is_empty() {
        "engine limits".into()
    } else {
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_or_a_time_replace_the_depth() {
        let (config, _) = Config::parse(
            "[analysis]\nengine = \"stockfish\"\nnodes = 1000000\nhash_mb = 64\n",
            "a.toml",
        )
        .unwrap();
        let spec = AnalyserSpec::from_config(&config);
        assert_eq!(spec.engine, EngineName::Program("stockfish".into()));
        assert_eq!(
            (spec.limits.depth, spec.limits.nodes),
            (None, Some(1_000_000))
        );
        assert_eq!(
            spec.describe("Stockfish 15.1"),
            "Stockfish 15.1 (1000000 nodes, 1 thread, hash 64 MB)"
        );
        let by_time = spec.overridden(None, None, None, Some(500), None);
        assert_eq!(by_time.limits.movetime, Some(Duration::from_millis(500)));
        assert_eq!(by_time.limits.nodes, None);
        let back = by_time.overridden(Some(EngineName::Huo), Some(8), None, None, None);
        assert_eq!(back.engine, EngineName::Huo);
        assert_eq!(describe_limits(&back.limits), "depth 8");
    }
}
