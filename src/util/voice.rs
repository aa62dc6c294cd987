//! The programs' one voice on standard error: `PROGRAM: Message`, the message a sentence
//! (its first word capitalised when it is a plain word, never when it is a path, a file
//! name or an option). Every failure, warning and skipped item is said this way.

use std::io::Write;

/// Prints `message` on standard error in the programs' one voice: `PROGRAM: Message`.
pub fn say(program: &str, message: &str) {
    // Not eprintln!: after a screen, standard error may be a terminal that is gone, and
    // eprintln! would panic.
    let _ = writeln!(std::io::stderr(), "{}", voiced(program, message));
}

/// `message` in the programs' one voice: `PROGRAM: Message`.
pub fn voiced(program: &str, message: &str) -> String {
    format!("{program}: {}", as_sentence(message))
}

/// A message as a sentence: its first word capitalised when it is a plain word (`cannot`,
/// `no`, `configuration:`), never when it is a path, a file name or an option
/// (`games.pgn:7:`, `/tmp/x`, `--from:`), which are written as they are.
pub fn as_sentence(message: &str) -> String {
    let first = message.split_whitespace().next().unwrap_or("");
    let word = first.trim_end_matches(':');
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_lowercase() || c == '\'' || c == '-')
        && !word.starts_with('-');
    let mut chars = message.chars();
    match chars.next() {
        Some(c) if plain => c.to_uppercase().chain(chars).collect(),
        _ => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_voice_a_capital_for_a_word_never_for_a_path() {
        assert_eq!(
            voiced("huo-book", "cannot read /x/y.txt: denied"),
            "huo-book: Cannot read /x/y.txt: denied"
        );
        assert_eq!(
            voiced("huo-chess", "games.pgn:7: game 2 skipped"),
            "huo-chess: games.pgn:7: game 2 skipped"
        );
        assert_eq!(voiced("huo-book", "--from: e5"), "huo-book: --from: e5");
        assert_eq!(
            voiced("huo-book", "configuration: bad.toml:3"),
            "huo-book: Configuration: bad.toml:3"
        );
        assert_eq!(voiced("huo-book", "/abs/path"), "huo-book: /abs/path");
        assert_eq!(voiced("huo-book", ""), "huo-book: ");
    }
}
