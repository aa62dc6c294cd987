//! The numbers of the strong search, by name.
//!
//! Every margin, depth limit and reduction that [`super::alphabeta`] uses lives here, with
//! the chess idea behind it. Margins are in centipawns; depths and reductions in plies.
//! "Depth" is the depth left to search at a node (how far it is from the horizon).
//!
//! These values were set by hand and by matches; changing any one changes the search,
//! and so the bench signature (`huo-chess bench`), which a commit that changes them must
//! record.

// ---------------------------------------------------------------------------------------
// Iterative deepening and aspiration windows (see `super::aspiration`)
// ---------------------------------------------------------------------------------------

/// From this depth on, each iteration first searches a narrow window around the last
/// score: most iterations agree with the one before, and a narrow window cuts more.
/// (Shallower iterations are cheap and their scores jumpy: they use the full window.)
pub const ASPIRATION_MIN_DEPTH: u32 = 5;
/// Half the width of the first aspiration window.
pub const ASPIRATION_DELTA: i32 = 15;
/// When the score falls outside the window, the window grows this many times wider…
pub const ASPIRATION_GROWTH: i32 = 2;
/// …and once it is wider than this either side, the search gives up on windows and looks
/// at every score (a position whose score swings this much is not worth guessing at).
pub const ASPIRATION_MAX_DELTA: i32 = 800;
/// A search that fails high is searched again this many plies less deep (per fail high in
/// a row; a fail low puts the depth back).
pub const ASPIRATION_FAIL_HIGH_REDUCTION: i32 = 1;
/// An iteration cut short by the clock may still change the move, if the move it found
/// best so far scores no worse than this below the last finished iteration: the search
/// trusts a new idea unless it already shows a serious drop.
pub const PARTIAL_ITERATION_TOLERANCE: i32 = 50;

// ---------------------------------------------------------------------------------------
// Node pruning: cutting a whole node before trying its moves
// ---------------------------------------------------------------------------------------

/// Reverse futility pruning (also "static null move"): a node whose evaluation is above
/// beta by more than a margin per ply left is cut at once, since the opponent is unlikely
/// to win back that much in so few moves. Only this close to the horizon.
pub const RFP_MAX_DEPTH: i32 = 8;
/// The reverse-futility margin per ply left (one ply less when the position is improving:
/// a side that is getting better is trusted sooner).
pub const RFP_MARGIN: i32 = 70;

/// Razoring: at the last plies, a node whose evaluation is far below alpha can only be
/// saved by winning material, so a quiescence search (captures only) decides it.
pub const RAZOR_MAX_DEPTH: i32 = 2;
/// How far below alpha, per ply left, before razoring.
pub const RAZOR_MARGIN: i32 = 250;

/// Null-move pruning: we pass, and search the opponent's reply less deep; if we are still
/// above beta after giving away a whole move, a real move will be too (except in
/// zugzwang, which is why a side with only king and pawns never tries it).
pub const NMP_MIN_DEPTH: i32 = 3;
/// The static evaluation must be at least `beta − NMP_EVAL_MARGIN_PER_PLY × depth +
/// NMP_EVAL_MARGIN` to try a null move: far below beta, passing is hopeless and the
/// null search is wasted.
pub const NMP_EVAL_MARGIN: i32 = 120;
/// See [`NMP_EVAL_MARGIN`]: deeper nodes try the null move from further below beta.
pub const NMP_EVAL_MARGIN_PER_PLY: i32 = 20;
/// The null-move search is shallower than the node by this base reduction…
pub const NMP_BASE_REDUCTION: i32 = 4;
/// …plus one ply for every this many plies of depth…
pub const NMP_DEPTH_DIVISOR: i32 = 5;
/// …plus one ply for every this many centipawns the evaluation is above beta (the more
/// we are ahead, the less the null search needs to see)…
pub const NMP_EVAL_DIVISOR: i32 = 200;
/// …at most this many plies for the evaluation.
pub const NMP_MAX_EVAL_REDUCTION: i32 = 3;

/// ProbCut: a capture that beats beta by a wide margin in a shallow search almost surely
/// beats beta in the full one too, so the node is cut. From this depth on.
pub const PROBCUT_MIN_DEPTH: i32 = 5;
/// How far above beta the shallow search must reach…
pub const PROBCUT_MARGIN: i32 = 200;
/// …less this when the position is improving (it is then more likely to hold).
pub const PROBCUT_IMPROVING_MARGIN: i32 = 50;
/// The shallow ProbCut search is this many plies less deep than the node.
pub const PROBCUT_REDUCTION: i32 = 4;
/// A table entry this many plies shallower than the node (or deeper) that already scores
/// below the ProbCut bar says ProbCut would fail: it is not tried.
pub const PROBCUT_TT_DEPTH_SLACK: i32 = 3;

/// Internal iterative reduction: a node with no hash move (never searched, so its move
/// order is a guess) is searched one ply less deep, from this depth on; the next
/// iteration finds it with a hash move.
pub const IIR_MIN_DEPTH: i32 = 4;

// ---------------------------------------------------------------------------------------
// Move pruning: skipping moves unlikely to matter
// ---------------------------------------------------------------------------------------

/// Late-move pruning: near the horizon, after so many moves, the quiet moves left (ordered
/// last because nothing recommends them) are skipped. Up to this depth.
pub const LMP_MAX_DEPTH: i32 = 8;
/// Moves tried before late-move pruning: `LMP_BASE + depth²` when improving, half as many
/// otherwise (a side whose position is getting worse has fewer quiet moves worth trying).
pub const LMP_BASE: i32 = 3;

/// Futility pruning: a quiet move cannot raise the evaluation by much, so when the
/// evaluation plus a margin is still below alpha the quiet moves are skipped. Up to this
/// depth (after the move's late-move reduction).
pub const FUTILITY_MAX_DEPTH: i32 = 8;
/// The futility margin at the horizon…
pub const FUTILITY_MARGIN: i32 = 90;
/// …plus this per ply left (more plies, more chances to gain).
pub const FUTILITY_MARGIN_PER_PLY: i32 = 90;

/// History pruning: a quiet move whose history is this bad per ply left (it failed almost
/// everywhere it was tried) is skipped near the horizon…
pub const HISTORY_PRUNE_MARGIN: i32 = 2_500;
/// …up to this depth (after its late-move reduction).
pub const HISTORY_PRUNE_MAX_DEPTH: i32 = 3;

/// SEE pruning of quiet moves: a quiet move that puts a piece where the exchange loses
/// more than this per ply left is skipped…
pub const SEE_QUIET_MARGIN: i32 = 60;
/// …up to this depth (after its late-move reduction).
pub const SEE_QUIET_MAX_DEPTH: i32 = 8;
/// SEE pruning of captures: a capture whose exchange loses more than this times depth²
/// is skipped (captures lose material on purpose more often than quiet moves do, for an
/// attack or a combination, hence the margin growing faster with depth)…
pub const SEE_CAPTURE_MARGIN: i32 = 20;
/// …up to this depth.
pub const SEE_CAPTURE_MAX_DEPTH: i32 = 8;

// ---------------------------------------------------------------------------------------
// Extensions
// ---------------------------------------------------------------------------------------

/// Singular extension: when the hash move beats every other move by a margin, the
/// position hangs on it and it is searched one ply deeper. Tried from this depth on…
pub const SE_MIN_DEPTH: i32 = 7;
/// …with a table entry at most this many plies shallower than the node.
pub const SE_TT_DEPTH_SLACK: i32 = 3;
/// The other moves must all stay below the hash move's score less this per ply.
pub const SE_MARGIN_PER_PLY: i32 = 2;
/// When they stay below it by this much more, the hash move is extended by two plies
/// (outside principal-variation nodes)…
pub const SE_DOUBLE_MARGIN: i32 = 25;
/// …but at most this many times on one line, or the search could explode.
pub const SE_MAX_DOUBLE_EXTENSIONS: u8 = 6;

// ---------------------------------------------------------------------------------------
// Late-move reductions
// ---------------------------------------------------------------------------------------

/// Late-move reductions: moves ordered late are rarely best, so they are first searched
/// less deep (and searched again at full depth only if they surprise). The reduction
/// grows with the logarithms of depth and of the move's number:
/// `LMR_BASE + ln(depth) × ln(moves) / LMR_DIVISOR`.
pub const LMR_BASE: f64 = 0.75;
/// See [`LMR_BASE`]: the smaller the divisor, the harder late moves are reduced.
pub const LMR_DIVISOR: f64 = 2.25;
/// Reductions start at this depth (shallower nodes are cheap enough to search in full).
pub const LMR_MIN_DEPTH: i32 = 3;
/// A quiet move's reduction shrinks by one ply per this much history (and grows by one
/// per this much bad history): the history knows which quiet moves tend to work.
pub const LMR_HISTORY_DIVISOR: i32 = 6_000;
/// A reduced move that beats alpha is searched again at full depth: a ply deeper when it
/// beat the best score so far by more than this plus [`DEEPER_MARGIN_PER_PLY`] per ply
/// (a surprise that big deserves a closer look)…
pub const DEEPER_MARGIN: i32 = 40;
/// See [`DEEPER_MARGIN`].
pub const DEEPER_MARGIN_PER_PLY: i32 = 2;
/// …and a ply shallower when it beat it by less than this per ply (barely better: the
/// full depth would mostly confirm a small difference).
pub const SHALLOWER_MARGIN_PER_PLY: i32 = 1;

/// Once a move has raised alpha at a principal-variation node (a good move found; in a
/// null window raising alpha is already a cut-off), the moves after it only have to be
/// shown no better, and late moves rarely are: they are searched this many plies less
/// deep (and the table remembers the node at that depth). Not at the root, whose every
/// move the player may be shown.
pub const ALPHA_RAISED_REDUCTION: i32 = 1;
/// The reduction applies from this depth (shallower nodes are cheap)…
pub const ALPHA_RAISED_MIN_DEPTH: i32 = 3;
/// …to this one (deeper nodes decide the game: searched in full).
pub const ALPHA_RAISED_MAX_DEPTH: i32 = 13;

// ---------------------------------------------------------------------------------------
// History updates
// ---------------------------------------------------------------------------------------

/// A cut-off that beats beta by more than this is rewarded as if found a ply deeper:
/// a move that refutes by a lot is worth remembering more.
pub const HISTORY_BIG_CUTOFF: i32 = 100;

// ---------------------------------------------------------------------------------------
// Quiescence search
// ---------------------------------------------------------------------------------------

/// Delta pruning: a capture whose victim, plus this safety margin (for positional gains),
/// cannot lift the standing score to alpha is not searched.
pub const DELTA_MARGIN: i32 = 200;

// ---------------------------------------------------------------------------------------
// Correction history (see `super::correction`)
// ---------------------------------------------------------------------------------------

/// log2 of the number of pawn-structure slots per side to move.
pub const CORRECTION_BITS: u32 = 14;
/// Corrections are kept in 1/`CORRECTION_GRAIN` centipawns, so that the small steps of a
/// running average are not rounded away.
pub const CORRECTION_GRAIN: i32 = 256;
/// A search result moves the average by `weight / CORRECTION_WEIGHT_SCALE` of the way to
/// it, with `weight = depth + 1`…
pub const CORRECTION_WEIGHT_SCALE: i32 = 256;
/// …at most this (a deep search is a better sample, but one sample is still only one).
pub const CORRECTION_MAX_WEIGHT: i32 = 16;
/// The correction added to the evaluation blends the averages: the pawn structure's counts
/// this many times…
pub const CORRECTION_PAWN_SHARE: i32 = 2;
/// …and each side's pieces' this many, the sum then divided by [`CORRECTION_SHARES`]
/// (the blend weighs 4/3 in all: where every average agrees, the evaluation is surely off).
pub const CORRECTION_PIECE_SHARE: i32 = 1;
/// See [`CORRECTION_PAWN_SHARE`].
pub const CORRECTION_SHARES: i32 = 3;
/// The correction never exceeds this many centipawns either way: it adjusts the
/// evaluation, it does not replace it.
pub const CORRECTION_LIMIT: i32 = 100;
