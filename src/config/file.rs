//! A configuration file laid over the built-in one: the keys it sets replace the shipped
//! file's, an unknown key is refused (with the closest known one), and every error names
//! `file:line: section.key`, the line found from the span TOML gives. `config show` writes
//! the result back with each value's origin.

use super::{Config, SHIPPED};
use crate::util::dirs;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use toml::de::{DeTable, DeValue};

/// A configuration error: which file, line and key, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct ConfigError {
    pub file: String,
    pub line: Option<usize>,
    pub key: Option<String>,
    pub message: String,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if let Some(key) = &self.key {
            write!(f, ": {key}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for ConfigError {}

/// A loaded configuration and where it came from.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub config: Config,
    /// The file read, or `None` for the built-in defaults.
    pub source: Option<PathBuf>,
    /// `section.key` → `file:line` for each value the file set (the rest are built-in).
    pub origins: BTreeMap<String, String>,
}

impl Loaded {
    /// What the file sets the old way and how it is read: one line per older
    /// `[analysis]` key (pawns), naming the key that replaces it, and one per `[play]` key
    /// set in `[tui]`, where it was before.
    pub fn notes(&self) -> Vec<String> {
        let a = &self.config.analysis;
        let analysis = crate::config::OLD_ANALYSIS_KEYS
            .iter()
            .filter_map(|(old, new)| {
                let at = self.origins.get(&format!("analysis.{old}"))?;
                let value = match *new {
                    "inaccuracy_chances" => a.inaccuracy_chances,
                    "mistake_chances" => a.mistake_chances,
                    _ => a.blunder_chances,
                };
                let set_too = self.origins.get(&format!("analysis.{new}")) != Some(at);
                Some(if set_too {
                    format!("{at}: analysis.{old} (pawns) is ignored: analysis.{new} is set")
                } else {
                    format!(
                        "{at}: analysis.{old} is in pawns, an older key: read as \
                         analysis.{new} = {value} (winning chances lost); write that instead"
                    )
                })
            });
        let play = crate::config::OLD_TUI_KEYS.iter().filter_map(|key| {
            let at = self.origins.get(&format!("tui.{key}"))?;
            // Read from `[tui]`, `play.KEY` has the same origin; else `[play]` set it.
            let set_too = self.origins.get(&format!("play.{key}")) != Some(at);
            Some(if set_too {
                format!("{at}: tui.{key} is now play.{key} (ignored: play.{key} is set)")
            } else {
                format!("{at}: tui.{key} is now play.{key} (read this time; move it)")
            })
        });
        analysis.chain(play).collect()
    }

    /// What `huo-chess config check` found: the file and how many of the keys it sets.
    pub fn summary(&self) -> String {
        let Some(path) = &self.source else {
            return "no configuration file found: using the built-in defaults".into();
        };
        let keys: Vec<String> = leaves(&shipped(), "").into_iter().map(|(k, _)| k).collect();
        let all = keys.len();
        // An older key counts once, as the key it is read into (or is ignored for).
        let set = match keys
            .iter()
            .filter(|k| self.origins.contains_key(*k))
            .count()
        {
            0 => format!("sets none of the {all} keys: all are built-in"),
            n if n == all => format!("sets all {all} keys"),
            n => format!("sets {n} of the {all} keys, the others are built-in"),
        };
        format!("{}: valid; {set}", path.display())
    }
}

/// The shipped file's document, with its spans.
fn shipped() -> DeTable<'static> {
    DeTable::parse(SHIPPED)
        .expect("config/huo.toml is compiled in and tested to be valid")
        .into_inner()
}

/// 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// Every setting (a value that is not a section) of `table`: its `section.key` and where
/// its key is.
fn leaves(table: &DeTable<'_>, prefix: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for (key, value) in table {
        let name = format!("{prefix}{}", key.get_ref());
        match value.get_ref() {
            DeValue::Table(sub) => out.extend(leaves(sub, &format!("{name}."))),
            _ => out.push((name, key.span().start)),
        }
    }
    out
}

/// The `section.key` of `table` whose key or value holds the byte `at` (the deepest).
fn key_at(table: &DeTable<'_>, at: usize) -> Option<String> {
    table.iter().find_map(|(key, value)| {
        let inner = match value.get_ref() {
            DeValue::Table(sub) => key_at(sub, at).map(|k| format!("{}.{k}", key.get_ref())),
            _ => None,
        };
        inner.or_else(|| {
            (key.span().contains(&at) || value.span().contains(&at))
                .then(|| key.get_ref().to_string())
        })
    })
}

/// An error of `overlay`: where, which key, why.
type Refusal = (usize, String, String);

/// Lays `top` (the user's file) over `base` (the shipped file): a key `base` has is
/// replaced (a section merged key by key), a key it lacks is unknown (the types refuse
/// unknown fields too; here the message can say which key was meant).
fn overlay<'i>(base: &mut DeTable<'i>, top: &DeTable<'i>, prefix: &str) -> Result<(), Refusal> {
    for (key, value) in top {
        let name = format!("{prefix}{}", key.get_ref());
        let at = key.span().start;
        // An older key the shipped file no longer has, read as it was (then converted or
        // moved).
        if is_older_key(&name) && !base.contains_key(&**key.get_ref()) {
            base.insert(key.clone(), value.clone());
            continue;
        }
        let Some(known) = base.get_mut(&**key.get_ref()) else {
            return Err((at, name.clone(), unknown(base, &name, value.get_ref())));
        };
        match (known.get_mut(), value.get_ref()) {
            (DeValue::Table(known), DeValue::Table(set)) => {
                overlay(known, set, &format!("{name}."))?
            }
            (DeValue::Table(_), other) => {
                let message = format!("expected a section, found {}", other.type_str());
                return Err((at, name, message));
            }
            // With its span, so that an error in the value points into this file.
            _ => *known = value.clone(),
        }
    }
    Ok(())
}

/// Is `name` (`section.key`) a key older files set, still read: an `[analysis]` threshold
/// in pawns, or a `[play]` key in `[tui]`?
fn is_older_key(name: &str) -> bool {
    match name.split_once('.') {
        Some(("analysis", key)) => {
            (crate::config::OLD_ANALYSIS_KEYS.iter()).any(|(old, _)| *old == key)
        }
        Some(("tui", key)) => crate::config::OLD_TUI_KEYS.contains(&key),
        _ => false,
    }
}

/// Why `name` is refused, and what was probably meant: the same key in another section,
/// else a near spelling in its own, else the keys it has.
fn unknown(section: &DeTable<'_>, name: &str, value: &DeValue<'_>) -> String {
    let what = if value.is_table() { "section" } else { "key" };
    let (within, key) = name.rsplit_once('.').unwrap_or(("", name));
    let within_dot = &name[..name.len() - key.len()];
    let elsewhere = leaves(&shipped(), "")
        .into_iter()
        .map(|(n, _)| n)
        .find(|n| n.rsplit_once('.').is_some_and(|(_, k)| k == key));
    let siblings: Vec<&str> = section.keys().map(|k| &**k.get_ref()).collect();
    let near = (siblings.iter())
        .map(|k| (distance(k, key), k))
        .filter(|&(d, _)| d <= 2 && 2 * d <= key.len())
        .min();
    match (elsewhere, near) {
        (Some(meant), _) => format!("unknown {what}; did you mean {meant}?"),
        (None, Some((_, meant))) => format!("unknown {what}; did you mean {within_dot}{meant}?"),
        (None, None) if within.is_empty() => {
            format!("unknown {what}; the sections are {}", siblings.join(", "))
        }
        (None, None) => format!("unknown {what}; [{within}] has {}", siblings.join(", ")),
    }
}

/// Edit distance (insertions, deletions, substitutions) between two keys.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

impl Config {
    /// Reads the configuration file at `path`.
    pub fn from_file(path: &Path) -> Result<Loaded, ConfigError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
            file: name.clone(),
            line: None,
            key: None,
            message: format!("cannot read: {e}"),
        })?;
        let (config, origins) = Config::parse(&text, &name)?;
        Ok(Loaded {
            config,
            source: Some(path.to_path_buf()),
            origins,
        })
    }

    /// Which file the configuration comes from (see the module docs), or `None`.
    pub fn locate(explicit: Option<&Path>) -> Option<PathBuf> {
        if let Some(p) = explicit {
            return Some(p.to_path_buf());
        }
        if let Some(p) = std::env::var_os("HUO_CONFIG").filter(|p| !p.is_empty()) {
            return Some(PathBuf::from(p));
        }
        let local = PathBuf::from("config/huo.toml");
        if local.is_file() {
            return Some(local);
        }
        dirs::config_dir()
            .map(|d| d.join("huo.toml"))
            .filter(|p| p.is_file())
    }

    /// Loads the configuration from the first place it is found (see the module docs).
    /// A file named explicitly (flag or `HUO_CONFIG`) must exist.
    pub fn load(explicit: Option<&Path>) -> Result<Loaded, ConfigError> {
        match Config::locate(explicit) {
            Some(path) => Config::from_file(&path),
            None => Ok(Loaded {
                config: Config::default(),
                source: None,
                origins: Default::default(),
            }),
        }
    }

    /// Reads `text` (named `file` in messages) over the built-in defaults. Returns the
    /// configuration and, for each key the text set, its `file:line`.
    pub fn parse(
        text: &str,
        file: &str,
    ) -> Result<(Config, BTreeMap<String, String>), ConfigError> {
        let err = |at: Option<usize>, key: Option<String>, message: &str| ConfigError {
            file: file.to_string(),
            line: at.map(|at| line_of(text, at)),
            key,
            message: message.trim().to_string(),
        };
        let mine =
            DeTable::parse(text).map_err(|e| err(e.span().map(|s| s.start), None, e.message()))?;
        let origins = leaves(mine.get_ref(), "")
            .into_iter()
            .map(|(name, at)| (name, format!("{file}:{}", line_of(text, at))))
            .collect();
        let mut all = shipped();
        overlay(&mut all, mine.get_ref(), "")
            .map_err(|(at, name, why)| err(Some(at), Some(name), &why))?;
        let all = toml::de::Deserializer::from(toml::Spanned::new(mine.span(), all));
        let mut config = Config::deserialize(all).map_err(|e| {
            let at = e.span().map(|s| s.start);
            let key = at.and_then(|at| key_at(mine.get_ref(), at));
            err(at, key, e.message())
        })?;
        let mut origins: BTreeMap<String, String> = origins;
        config
            .analysis
            .convert_old_keys(|key| origins.contains_key(&format!("analysis.{key}")));
        let Config { play, tui, .. } = &mut config;
        play.take_old_keys(tui, |key| origins.contains_key(&format!("play.{key}")));
        // A converted or moved value comes from its old key's line.
        let analysis = (crate::config::OLD_ANALYSIS_KEYS.iter())
            .map(|(old, new)| (format!("analysis.{old}"), format!("analysis.{new}")));
        let play = (crate::config::OLD_TUI_KEYS.iter())
            .map(|key| (format!("tui.{key}"), format!("play.{key}")));
        for (old, new) in analysis.chain(play) {
            if let Some(at) = origins.get(&old).cloned() {
                origins.entry(new).or_insert(at);
            }
        }
        Ok((config, origins))
    }

    /// The effective configuration as TOML, each value followed by where it came from.
    pub fn show(loaded: &Loaded) -> String {
        let toml = toml::to_string(&loaded.config).expect("a configuration is always TOML");
        let mut section = "";
        let mut out = String::new();
        for line in toml.lines() {
            if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                section = name;
            }
            match line.split_once(" = ") {
                Some((key, _)) => {
                    let origin = loaded.origins.get(&format!("{section}.{key}"));
                    let origin = origin.map_or("built-in", String::as_str);
                    out.push_str(&format!("{line:<40} # {origin}\n"));
                }
                None => out.push_str(&format!("{line}\n")),
            }
        }
        out
    }
}
