//! The bench signature: `huo-chess bench` searches its fixed positions to its default depth
//! and must count exactly the nodes recorded in `search::bench::SIGNATURE`. A change to the
//! search or the evaluation changes the count, so it must update that number on purpose.

use crate::common::huo_chess;
use huo_chess::search::bench::SIGNATURE;

/// The number printed on a line `label: N` of the bench report.
fn figure(report: &str, label: &str) -> u64 {
    let line = report
        .lines()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no `{label}` line in:\n{report}"));
    let (_, n) = line.split_once(':').expect("a `label: N` line");
    n.trim().parse().expect("a number")
}

#[test]
fn bench_counts_the_pinned_signature() {
    let (ok, out, err) = huo_chess(&["bench"]);
    assert!(ok, "bench failed: {err}");
    assert_eq!(
        figure(&out, "Nodes searched"),
        SIGNATURE,
        "the search's node count changed: if on purpose, record the new count in \
         src/search/bench.rs (SIGNATURE) and in the commit message"
    );
    // One line per bench position, and their counts add up to the total.
    let per_position: u64 = err
        .lines()
        .filter(|l| l.starts_with("Position"))
        .map(|l| {
            let (_, rest) = l.split_once(':').unwrap();
            rest.split_whitespace()
                .next()
                .unwrap()
                .parse::<u64>()
                .unwrap()
        })
        .sum();
    assert_eq!(per_position, SIGNATURE);
}
