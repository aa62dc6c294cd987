//! Progress bars for long commands (an import, a check, an analysis, a match), drawn by
//! `indicatif` on standard error and only when it is a terminal: a pipe or a log file gets
//! no bar at all (and standard output, which carries results, never one). One look for all:
//! `[#####>.....]`, then what the command counts.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar of `total` steps, followed by `tail`: an indicatif template such as
/// `"{percent:>3}% {msg}"` or `"{pos}/{len} games"`. Hidden off a terminal.
pub fn bar(total: u64, tail: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    bar.set_style(style(&format!("[{{bar:30}}] {tail}")));
    bar
}

/// A line without a bar, for work of unknown size (standard input): `tail` as in [`bar`],
/// after a spinner.
pub fn spinner(tail: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(style(&format!("{{spinner}} {tail}")));
    bar
}

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template)
        // The templates are the program's own: a bad one is a bug, shown plainly.
        .unwrap_or_else(|e| panic!("progress template {template:?}: {e}"))
        .progress_chars("#>.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_in_use_is_valid() {
        // The templates the commands use (a bad one panics here, not in front of a user).
        for tail in [
            "{percent:>3}% {msg}",
            "{pos}/{len} files",
            "{msg}",
            "game {msg}, {pos}/{len} positions, {per_sec}, {eta} left",
        ] {
            let b = bar(10, tail);
            b.inc(3);
            assert_eq!(b.position(), 3);
            b.finish_and_clear();
        }
        let s = spinner("{pos} games");
        s.inc(2);
        assert_eq!(s.position(), 2);
        s.finish_and_clear();
    }
}
