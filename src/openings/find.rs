//! Finding named lines by what a player remembers of them: a piece of the name, or an ECO
//! code.
//!
//! A query of a letter A–E and up to two digits (`B90`, `b9`, `C`) is an ECO code or the
//! start of one: `B9` is B90 to B99. Anything else is looked for inside the names, with
//! case, accents and punctuation set aside, so `kings gambit` finds "King's Gambit" and
//! `grunfeld` "Grünfeld Defense".

use super::{Opening, all};

/// The named lines matching `query`, in ECO order. An empty query matches nothing.
pub fn find(query: &str) -> Vec<&'static Opening> {
    let query = query.trim();
    if let Some(prefix) = eco_prefix(query) {
        return all()
            .iter()
            .filter(|o| o.eco.starts_with(prefix.as_str()))
            .collect();
    }
    let wanted = fold(query);
    if wanted.is_empty() {
        return Vec::new();
    }
    all()
        .iter()
        .filter(|o| fold(o.name).contains(&wanted))
        .collect()
}

/// `query` as an ECO code prefix (upper case), if it is one: a letter A–E, then at most two
/// digits.
fn eco_prefix(query: &str) -> Option<String> {
    let mut chars = query.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    let digits = chars.as_str();
    (('A'..='E').contains(&letter)
        && digits.len() <= 2
        && digits.bytes().all(|b| b.is_ascii_digit()))
    .then(|| format!("{letter}{digits}"))
}

/// A name as compared: lower case, the accents of the data's letters dropped, apostrophes
/// dropped, any other punctuation a space, runs of spaces one.
fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        let c = match c {
            'á' | 'à' | 'â' | 'ä' | 'å' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'ö' | 'ø' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ć' | 'č' | 'ç' => 'c',
            '\'' | '’' => continue,
            c if c.is_alphanumeric() => c,
            _ => ' ',
        };
        if c == ' ' && (out.is_empty() || out.ends_with(' ')) {
            continue;
        }
        out.push(c);
    }
    if out.ends_with(' ') {
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_eco_code_or_its_start() {
        let b90 = find("b90");
        assert!(!b90.is_empty());
        assert!(b90.iter().all(|o| o.eco == "B90"));
        assert!(
            b90.iter()
                .any(|o| o.name == "Sicilian Defense: Najdorf Variation")
        );
        let b9 = find("B9");
        assert!(b9.len() > b90.len());
        assert!(b9.iter().all(|o| o.eco.starts_with("B9")));
        assert_eq!(
            find("E").len(),
            all().iter().filter(|o| o.eco.starts_with('E')).count()
        );
        // Not a code: F and four digits are looked for in the names (and are in none).
        assert!(find("F00").is_empty());
        assert!(find("B900").is_empty());
    }

    #[test]
    fn a_name_without_case_accents_or_punctuation() {
        let kg = find("kings gambit");
        assert!(kg.iter().any(|o| o.name == "King's Gambit"));
        assert!(kg.iter().all(|o| o.name.contains("King's Gambit")));
        assert_eq!(find("KING'S GAMBIT"), kg);
        let g = find("grunfeld");
        assert!(!g.is_empty());
        assert!(g.iter().all(|o| o.name.contains("Grünfeld")));
        assert!(
            find("caro kann")
                .iter()
                .all(|o| o.name.contains("Caro-Kann"))
        );
        assert!(find("  ").is_empty());
        assert!(find("no such opening").is_empty());
    }

    #[test]
    fn folding() {
        assert_eq!(
            fold("  Caro-Kann Defense: Two Knights' "),
            "caro kann defense two knights"
        );
        assert_eq!(fold("Kádas Opening"), "kadas opening");
    }
}
