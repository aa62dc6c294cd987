//! The engine's turn, apart from any screen: who plays each side (the player, or the
//! engine at the session's level or as a side's own [`Player`]), what the engine is asked
//! (the clocks or the classic depth as its limits), and what its answer decides: resign,
//! or play the move (perhaps offering a draw), by the resign and draw [`Policy`]. The
//! decision is typed ([`EngineMove`], [`Reason`]); a view puts it into words.

use super::GameSession;
use super::engine::Job;
use super::policy::{Policy, Verdict};
use crate::config::Config;
use crate::core::{Color, Move};
use crate::engine::{BookPolicy, Origin, Think};
use crate::level::Level;
use crate::player::Player;
use crate::search::{Limits, Score, SearchResult};
use std::time::Instant;

/// What the engine does with a finished request for its move.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineMove {
    /// It resigns the game for its side `loser`.
    Resign { loser: Color },
    /// It plays `mv` for `why`, offering a draw with it when `offer_draw`.
    Play {
        mv: Move,
        why: Reason,
        offer_draw: bool,
    },
    /// It has no move (the search found none): the game goes on as it stands.
    None,
}

/// Where the engine's move came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The opening book: the layer and file that hold the position.
    Book { file: String },
    /// The only legal move.
    Forced,
    /// A search: its score from the engine's side, depth, nodes, and how many of how many
    /// root moves a stopped classic search had compared.
    Search {
        score: Score,
        depth: u32,
        nodes: u64,
        stopped: Option<(usize, usize)>,
    },
    /// The search failed: the first legal move stands in, so the game goes on.
    StandIn,
}

impl GameSession {
    /// Does the engine play `side` now?
    pub fn engine_plays(&self, side: Color) -> bool {
        self.watching || side != self.human
    }

    /// Is it the engine's move in a game still going on?
    pub fn engine_to_move(&self) -> bool {
        !self.over() && self.engine_plays(self.game.position().turn())
    }

    /// The player of `side` when the engine plays it, if it has its own.
    pub fn player(&self, side: Color) -> Option<&Player> {
        self.players[side.index()].as_ref()
    }

    /// The level `side` plays at when the engine plays it.
    pub fn level_of(&self, side: Color) -> Level {
        self.player(side).map_or(self.level, |p| p.level)
    }

    /// The engine takes both sides; each side's resign mood starts afresh.
    pub fn watch(&mut self) {
        self.watching = true;
        self.side_policies = Default::default();
    }

    /// The player takes the side to move; the engine keeps the other one.
    pub fn take_over(&mut self) {
        self.watching = false;
        self.human = self.game.position().turn();
    }

    /// How long the engine may think at `now`: the clocks when they run, else the classic
    /// levels' fixed depth (however long it takes); a modern level without a clock keeps
    /// to its own limits (`Level::limits`).
    pub fn limits(&self, now: Instant) -> Limits {
        let mut l = Limits::default();
        let turn = self.game.position().turn();
        if let Some(c) = &self.clock {
            l.wtime = Some(c.left(Color::White, turn, now));
            l.btime = Some(c.left(Color::Black, turn, now));
            l.winc = Some(c.control.inc);
            l.binc = Some(c.control.inc);
        } else if let Level::Classic(d) = self.level_of(turn) {
            l.depth = Some(u32::from(d));
        }
        l
    }

    /// What the engine is asked for its move at `now` (the book first by `book`, a
    /// single legal move answered at once); `None` when it is not the engine's move.
    pub fn move_request(&self, book: Option<BookPolicy>, now: Instant) -> Option<Think> {
        if !self.engine_to_move() {
            return None;
        }
        Some(Think {
            game: self.game.clone(),
            level: self.level_of(self.game.position().turn()),
            limits: self.limits(now),
            book,
            instant_forced: true,
            ponder: false,
        })
    }

    /// The level hints think at: the one the engine plays this game at.
    pub fn hint_level(&self) -> Level {
        self.level_of(self.engine_side())
    }

    /// What the engine is asked for a hint at `now`: what it would play in the player's
    /// place at the game's level, with the player's clock when the clocks run.
    pub fn hint_request(&self, now: Instant) -> Think {
        let level = self.hint_level();
        let limits = match (&self.clock, level) {
            (Some(_), _) => self.limits(now),
            (None, Level::Classic(d)) => Limits {
                depth: Some(u32::from(d)),
                ..Limits::default()
            },
            (None, Level::Modern(_) | Level::Rated(_)) => Limits::default(),
        };
        Think::search(&self.game, level, limits)
    }

    /// Gives the engine service `side`'s weights and contempt when it has its own player,
    /// else those of `own` (the configuration the engine was started with).
    pub fn load_side(&mut self, side: Color, own: &Config) {
        let want = self.player(side).map(|_| side);
        if want == self.loaded {
            return;
        }
        let config = self.player(side).map_or(own, |p| &p.config);
        let eval = crate::eval::Evaluator::from_config(config);
        let contempt = config.search.contempt_cp();
        if let Some(e) = &self.engine {
            e.set_evaluator(eval);
            e.set_contempt(contempt);
        }
        self.loaded = want;
    }

    /// Starts the engine's turn at `now`: the side to move's settings loaded (see
    /// [`GameSession::load_side`]), its move asked ([`GameSession::move_request`]).
    /// Returns the request's id; `None` when it is not the engine's move, or without an
    /// engine.
    pub fn ask_move(
        &mut self,
        book: Option<BookPolicy>,
        own: &Config,
        now: Instant,
    ) -> Option<u64> {
        if !self.engine_to_move() {
            return None;
        }
        self.load_side(self.game.position().turn(), own);
        let think = self.move_request(book, now)?;
        self.think(Job::Move, think)
    }

    /// The move that stands in for a search that failed, so the game goes on: the first
    /// legal one, when it is the engine's move.
    pub fn stand_in(&self) -> Option<Move> {
        if !self.engine_to_move() {
            return None;
        }
        self.game.position().legal_moves().first().copied()
    }

    /// What the engine does with its finished move request: the book's or the only legal
    /// move is played; a searched one is judged ([`GameSession::judge_search`]).
    /// `resign_pawns`: how far behind the engine resigns (`None`: never).
    pub fn decide(
        &mut self,
        result: &SearchResult,
        origin: &Origin,
        resign_pawns: Option<f64>,
    ) -> EngineMove {
        let Some(mv) = result.best else {
            return EngineMove::None;
        };
        let why = match origin {
            Origin::Book { file, .. } => Reason::Book { file: file.clone() },
            Origin::Forced => Reason::Forced,
            Origin::Search => return self.judge_search(result, resign_pawns),
        };
        EngineMove::Play {
            mv,
            why,
            offer_draw: false,
        }
    }

    /// A searched move, judged by the resign and draw policy: resign, or play it (perhaps
    /// offering a draw). Watching, each side judges its own scores and offers no draws.
    pub fn judge_search(&mut self, result: &SearchResult, resign_pawns: Option<f64>) -> EngineMove {
        let pos = *self.game.position();
        let side = pos.turn();
        let ply = self.game.moves().len();
        let level = self.level_of(side);
        let verdict = if self.watching {
            let policy: &mut Policy = &mut self.side_policies[side.index()];
            match policy.after_search(result.score, &pos, ply, resign_pawns, level) {
                Verdict::PlayAndOfferDraw => Verdict::Play,
                v => v,
            }
        } else {
            self.policy
                .after_search(result.score, &pos, ply, resign_pawns, level)
        };
        if verdict == Verdict::Resign {
            return EngineMove::Resign { loser: side };
        }
        let Some(mv) = result.best else {
            return EngineMove::None;
        };
        EngineMove::Play {
            mv,
            why: Reason::Search {
                score: result.score,
                depth: result.depth,
                nodes: result.nodes,
                stopped: None,
            },
            offer_draw: verdict == Verdict::PlayAndOfferDraw,
        }
    }
}
