//! # Huo Chess
//!
//! A retro, 8-bit style chess program in the spirit of Spiros Kakos' Huo Chess: a small,
//! readable engine whose every part is meant to be studied.
//!
//! - [`analysis`]: game analysis: the engine's evaluation of every position of a game, each
//!   move judged (`?!` `?` `??`) by the expected score it gave away next to the engine's
//!   move, book theory left unmarked, and the game written back as annotated PGN.
//! - [`arena`]: matches between two players inside the program (`huo-chess match`): the
//!   openings, one game, the games run a few at once, and the Elo difference they show.
//! - [`book`]: the opening book: one text file per position, consulted before thinking;
//!   Polyglot `.bin` and PGN import, the book compiled into the binary.
//! - [`commands`]: the two programs' commands (clap arguments, what each does and prints,
//!   one printer of failures); the binaries only parse and dispatch to them.
//! - [`config`]: the TOML configuration: the settings as types serde reads (their defaults
//!   the shipped `config/huo.toml`), checked, shown, and where the file is found.
//! - [`core`]: the rules: squares, pieces, positions (FEN), legal moves, Zobrist/Polyglot
//!   keys, notations (UCI, SAN, the Huo coordinates `c2c4`) and perft.
//! - [`engine`]: the engine service: one thread that owns the searcher and the book and
//!   thinks when a front end (the screens, UCI) asks; every search starts here.
//! - [`eval`]: how good a position is, in centipawns: the Huo `CountScore` hints and the
//!   modern terms, with its own settings, and the trace the tuner fits.
//! - [`game`]: a game in progress: its moves, undo, and the ways it can end.
//! - [`keys`]: the key chords screen commands are bound to (never a move character).
//! - [`level`]: how strongly the engine plays: the classic Huo depths and the modern ladder,
//!   what each allows itself, and which one matches an Elo rating.
//! - [`logfile`]: the thinking log written to disk, capped in size and rotated.
//! - [`openings`]: opening names: the ECO code and name of a position (3 807 named lines,
//!   compiled in), the opening a game is playing, and the lines matching a name or code.
//! - [`pgn`]: games in PGN, read (many, streaming, tolerant) and written.
//! - [`player`]: who plays a side in a match or a watched game: a configuration and a
//!   level, read from `LEVEL`, `FILE.toml` or `FILE:LEVEL`.
//! - [`puzzle`]: tactics puzzles: lichess's puzzle layout, the user's Glicko-2 rating, the
//!   trainer (failed puzzles back by spaced repetition) and the import of a whole database.
//! - [`search`]: how a move is chosen: classic MiniMax or iterative-deepening alpha-beta,
//!   the transposition table, move ordering, time management and the bench.
//! - [`play`]: a game against the program apart from any view: the controller (the game
//!   flow, its commands and typed events), and the table around it (the setup questions,
//!   the `:` commands, the notes and the log, saving, the trainer or puzzles opened from
//!   the game), the one state the screen and plain mode both show.
//! - [`session`]: a game against the engine apart from any screen: the moves, the sides,
//!   the level, the clocks, how it ended; a move, a takeback, a flag fall; the engine's
//!   turn (its link to the engine service, what it asks, what the answer decides); as PGN
//!   and back.
//! - [`tactics`]: why a bad move is bad, in words its lines prove: the mate, fork, pin,
//!   skewer, hanging piece, lost exchange or running pawn the engine's reply shows, or the
//!   win the engine's own move had; and the motifs any line shows, for puzzle themes.
//! - [`review`]: a game stepped through with its analysis as it arrives, its mistakes made
//!   into drills: the analysis screen's state, and plain mode's report.
//! - [`timecontrol`]: a time control (`5m+3s`), the one reader of every clock typed, and
//!   how it is shown back (`5 min + 3 s`).
//! - [`train`]: the opening trainer: the user's book lines asked back by spaced
//!   repetition (FSRS), the schedule kept beside the book.
//! - [`tui`]: the text screens: the game, the opening-book editor, the trainer, the puzzles.
//! - [`plain`]: plain mode, the game, the trainer and the puzzles as lines of text (screen
//!   readers, braille displays, scripts): the second view of the game's table.
//!   With [`commands`], [`tui`] and [`plain`] are only in the `cli` feature (on by default): the engine library
//!   alone, `default-features = false`, needs neither clap, ratatui nor crossterm.
//! - [`uci`]: the Universal Chess Interface, for chess GUIs and match tools.
//! - [`why`]: "why this move?": what the evaluation sees change along a line, in words,
//!   and all the engine's reasons for a move it chose, as lines any front end shows.
//! - [`util`]: small helpers said once, knowing nothing of chess: atomic file writes, inputs
//!   read decompressed (a file or `-`), the user's folders, a random-number step, today's date.
//!
//! Each module uses only those below it: `core`, `level`, `timecontrol` and `util` use
//! none; `logfile` only `util` (its fail points); `game` and `eval` the rules; `openings`
//! the game; `pgn` the game and the openings; `book` the game; `search` the evaluation, the
//! game and the level; `config` the evaluation's settings, the level and the book's pick
//! mode; `player` the configuration and the level; `engine` the search and the book;
//! `session` the game, the level, the time control, PGN, the players and the engine;
//! `why` the evaluation and the engine; `tactics` the rules and the search's scores;
//! `analysis` the engine, the book, the game, PGN and the configuration; `train` the book,
//! the game, the opening names, PGN and the analysis (a drill is judged as the analysis
//! judges; its coach says `Thinking...` as the game's session does); `puzzle` the rules,
//! the game, the trainer's scheduler and text files and the book store's folder lock;
//! `review` the analysis and the drills' deck; `play` the session, the configuration, the
//! review, the trainer and the puzzles; the screens, plain mode, UCI and `arena` sit on top
//! (`arena` runs its own searchers: a match needs no engine service), the screens and
//! plain mode apart from each other; they talk to the engine only through `engine`, the
//! game's two views through `play`.

pub mod analysis;
pub mod arena;
pub mod book;
#[cfg(feature = "cli")]
pub mod commands;
pub mod config;
pub mod core;
pub mod engine;
pub mod eval;
pub mod game;
pub mod keys;
pub mod level;
pub mod logfile;
pub mod openings;
pub mod pgn;
#[cfg(feature = "cli")]
pub mod plain;
pub mod play;
pub mod player;
pub mod puzzle;
pub mod review;
pub mod search;
pub mod session;
pub mod tactics;
pub mod timecontrol;
pub mod train;
#[cfg(feature = "cli")]
pub mod tui;
pub mod uci;
pub mod util;
pub mod why;

pub use crate::core::{Color, Move, Piece, Position, Role, Square};
pub use crate::game::{Game, Outcome};
