//! The log pane's state: the thinking log (book hits, each depth with its principal
//! variation, why a move was chosen, the classic node log), copied to the log file, and
//! how far it is scrolled. Long lines wrap at the pane's width and scrolling counts the
//! wrapped rows, so a page is always a page of real lines and the pane is never empty.

use crate::logfile::LogFile;

/// How many log lines are kept on screen (older ones scroll away).
pub const LOG_CAP: usize = 5000;

/// The log and its view.
#[derive(Default)]
pub struct LogPane {
    lines: Vec<String>,
    /// Wrapped rows scrolled back from the bottom (0: the newest rows show).
    scroll: usize,
    /// The text width and height of the pane at the last draw.
    width: usize,
    height: usize,
    /// How many rows the lines take at `width` (kept as lines come and go).
    total_rows: usize,
    /// A copy of every line goes here (size-capped, rotated).
    pub file: Option<LogFile>,
    /// Why the file was given up, until the screen has said so.
    pub file_failed: Option<String>,
}

/// Splits `line` into rows of at most `width` characters, at spaces where it can. An
/// indented line (an item of a list) keeps its indent, and its further rows line up under
/// its text, past a leading "- "; an indent too deep for the width is dropped.
pub fn wrap(line: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let body = line.trim_start_matches(' ');
    let indent = line.len() - body.len();
    let hang = indent + if body.starts_with("- ") { 2 } else { 0 };
    let (indent, hang) = if hang * 2 > width {
        (0, 0)
    } else {
        (indent, hang)
    };
    let mut rows = Vec::new();
    let mut row = " ".repeat(indent);
    // Where the current row's text starts.
    let mut start = indent;
    let mut len = indent;
    for word in body.split(' ') {
        let wlen = word.chars().count();
        if len > start && len + 1 + wlen > width {
            rows.push(std::mem::replace(&mut row, " ".repeat(hang)));
            (start, len) = (hang, hang);
        }
        if len > start {
            row.push(' ');
            len += 1;
        }
        // A word longer than a row is cut into pieces.
        let mut chars = word.chars().peekable();
        while chars.peek().is_some() {
            if len == width {
                rows.push(std::mem::replace(&mut row, " ".repeat(hang)));
                (start, len) = (hang, hang);
            }
            row.push(chars.next().unwrap_or(' '));
            len += 1;
        }
    }
    rows.push(row);
    rows
}

impl LogPane {
    /// Adds a line (and writes it to the log file; a file that fails is dropped, and
    /// `file_failed` says why).
    pub fn push(&mut self, line: impl Into<String>) {
        let line = line.into();
        if let Some(f) = &mut self.file
            && let Err(e) = f.write_line(&line)
        {
            self.file_failed = Some(format!(
                "The log file {} cannot be written ({e}): the log is no longer copied there",
                f.path().display()
            ));
            self.file = None;
        }
        self.total_rows += wrap(&line, self.wrap_width()).len();
        self.lines.push(line);
        if self.lines.len() > LOG_CAP {
            let gone = self.lines.len() - LOG_CAP;
            let w = self.wrap_width();
            let rows: usize = self.lines[..gone].iter().map(|l| wrap(l, w).len()).sum();
            self.total_rows -= rows;
            self.lines.drain(..gone);
        }
    }

    /// Every line, oldest first.
    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// Wrapped rows scrolled back from the bottom.
    pub fn scroll(&self) -> usize {
        self.scroll
    }

    /// The width lines are wrapped at (a usual pane's before the first draw).
    fn wrap_width(&self) -> usize {
        if self.width == 0 { 78 } else { self.width }
    }

    fn max_scroll(&self) -> usize {
        self.total_rows.saturating_sub(self.page())
    }

    /// Rows in one page (at least one).
    pub fn page(&self) -> usize {
        if self.height == 0 { 6 } else { self.height }
    }

    /// The pane was drawn `width` × `height` characters: wrap and page by that from now.
    pub fn set_view(&mut self, width: usize, height: usize) {
        if width != self.width {
            self.width = width;
            let w = self.wrap_width();
            self.total_rows = self.lines.iter().map(|l| wrap(l, w).len()).sum();
        }
        self.height = height;
        self.scroll = self.scroll.min(self.max_scroll());
    }

    /// Scrolls back (positive) or forward (negative) by `rows`, never past either end.
    pub fn scroll_by(&mut self, rows: isize) {
        self.scroll = self
            .scroll
            .saturating_add_signed(rows)
            .min(self.max_scroll());
    }

    /// One page back (PgUp) or forward (PgDn).
    pub fn page_up(&mut self) {
        self.scroll_by(self.page() as isize);
    }
    pub fn page_down(&mut self) {
        self.scroll_by(-(self.page() as isize));
    }

    /// The first rows (Home) or the newest (End).
    pub fn home(&mut self) {
        self.scroll = self.max_scroll();
    }
    pub fn end(&mut self) {
        self.scroll = 0;
    }

    /// The rows to show now, top to bottom. Only the lines near the view are wrapped.
    pub fn visible(&self) -> Vec<String> {
        let w = self.wrap_width();
        let want = self.scroll + self.page();
        let mut rows: Vec<String> = Vec::new();
        for line in self.lines.iter().rev() {
            let mut wrapped = wrap(line, w);
            wrapped.reverse();
            rows.extend(wrapped);
            if rows.len() >= want {
                break;
            }
        }
        // `rows` runs newest first: skip the scrolled-back rows, keep a page, turn it over.
        let mut page: Vec<String> = rows
            .into_iter()
            .skip(self.scroll)
            .take(self.page())
            .collect();
        page.reverse();
        page
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_every_character() {
        let line = "depth 7/12 score +0.35 nodes 123456 pv e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O";
        let rows = wrap(line, 20);
        assert!(rows.iter().all(|r| r.chars().count() <= 20), "{rows:?}");
        assert_eq!(rows.join(" "), line);
        assert_eq!(wrap("abcdefgh", 3), vec!["abc", "def", "gh"]);
        assert_eq!(wrap("", 5), vec![""]);
    }

    #[test]
    fn an_indented_item_keeps_its_indent_and_hangs_under_its_text() {
        assert_eq!(
            wrap("  - gains mobility (+0.46)", 16),
            vec!["  - gains", "    mobility", "    (+0.46)"]
        );
        assert_eq!(wrap("  fork 3/4", 20), vec!["  fork 3/4"]);
        assert_eq!(wrap("  pin and skewer", 10), vec!["  pin and", "  skewer"]);
        // Too deep for the width: the text is kept whole, the indent goes.
        assert_eq!(wrap("      abc def", 8), vec!["abc def"]);
    }

    #[test]
    fn home_shows_the_first_rows_and_pages_are_full() {
        let mut log = LogPane::default();
        for i in 0..30 {
            log.push(format!("line {i}"));
        }
        log.set_view(40, 6);
        log.home();
        assert_eq!(log.visible().first().map(String::as_str), Some("line 0"));
        assert_eq!(log.visible().len(), 6);
        log.page_down();
        assert_eq!(log.visible().first().map(String::as_str), Some("line 6"));
        log.end();
        assert_eq!(log.visible().last().map(String::as_str), Some("line 29"));
        log.page_up();
        assert_eq!(log.visible().last().map(String::as_str), Some("line 23"));
        // Far past the top: still a full page.
        log.scroll_by(1000);
        assert_eq!(log.visible().len(), 6);
    }
}
