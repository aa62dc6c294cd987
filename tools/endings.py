#!/usr/bin/env python3
"""Does a level convert a won ending? Plays random won KQK, KRK and KPK positions.

For each kind it draws random positions (seeded, so a run can be repeated exactly) with the
strong side to move, and lets the engine under test play the strong side against Stockfish at
full strength defending. A game is won only by checkmate. It fails by stalemate, threefold
repetition, the fifty-move rule (ended when the defender could claim it, as an arbiter does
on a claim), insufficient material (the defender took the last piece), loss on time, a crash
or an illegal move.

The positions: legal, the side not to move not in check, not mate or stalemate already.
  KQK, KRK: the defending king does not attack the piece unless the strong king guards it
            (the strong side never starts with its piece hanging).
  KPK:      only positions the defender (Stockfish; depth 16) scores at least --kpk-min-cp
            for the strong side. Stockfish 15.1 scores won KPK positions +6.5 to +13 pawns (or a mate) at that
            depth and drawn ones 0.00 to +0.20, so the default cut of 500 cp keeps exactly the
            won ones. (A +10.00 cut would drop about a third of the won positions, mostly the
            slower wins.)

    python3 tools/endings.py --engine "target/release/huo-chess uci" --levels 1,3,10 \\
        --kinds KQK,KRK,KPK --per-kind 10 --seed 1 --tc 10s+0.1s --pgn /tmp/endings.pgn
    # engine options: --option Hash=64 (repeatable); --movetime 100 instead of a clock;
    # the defender: --defender-ms 200 per move (default) or --defender-depth 20

OwnBook is set to false if the engine has it (unless --option says otherwise). With --levels
the same positions are played once per Level value. Output: per level and kind, "won X of N"
and each failure's starting FEN and how it ended; then one summary line per level.
Run it from a folder where the engine finds its configuration (Huo Chess reads
./config/huo.toml if present). Needs python-chess (`pip install chess`).
"""
import argparse, os, random, sys, threading
from concurrent.futures import ThreadPoolExecutor

import chess, chess.engine

sys.dont_write_bytecode = True  # no __pycache__ in tools/ from importing matchlib
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import matchlib  # noqa: E402
from matchlib import Control, EngineSpec, SpecError  # noqa: E402

KINDS = {"KQK": chess.QUEEN, "KRK": chess.ROOK, "KPK": chess.PAWN}


def random_position(kind, rng):
    """One random position of `kind` with a random strong colour, to move; not yet checked
    for being won (see acceptable())."""
    strong = rng.choice([chess.WHITE, chess.BLACK])
    sk, piece, wk = rng.sample(chess.SQUARES, 3)
    board = chess.Board(None)
    board.set_piece_at(sk, chess.Piece(chess.KING, strong))
    board.set_piece_at(piece, chess.Piece(KINDS[kind], strong))
    board.set_piece_at(wk, chess.Piece(chess.KING, not strong))
    board.turn = strong
    return board


def acceptable(board):
    """Legal (is_valid: kings apart, the side not to move not in check, no pawn on a back
    rank), the game not over, and the piece not left for the defending king to take."""
    if not board.is_valid() or board.is_checkmate() or board.is_stalemate():
        return False
    strong = board.turn
    piece_sq = next(sq for sq, p in board.piece_map().items() if p.color == strong and p.piece_type != chess.KING)
    weak_king = board.king(not strong)
    hanging = (chess.square_distance(piece_sq, weak_king) == 1
               and chess.square_distance(piece_sq, board.king(strong)) != 1)
    return not hanging


def make_positions(kinds, per_kind, seed, judge_cmd, min_cp, depth=16):
    """per_kind distinct positions of each kind; each kind has its own random stream
    (seeded by seed and kind), so adding a kind does not change the others."""
    positions = {}
    judge = None
    try:
        for kind in kinds:
            rng = random.Random(f"{seed}:{kind}")
            found, seen, tries = [], set(), 0
            while len(found) < per_kind:
                tries += 1
                if tries > 200 * per_kind + 1000:
                    sys.exit(f"{kind}: could not find {per_kind} positions (last tries rejected); lower --kpk-min-cp?")
                board = random_position(kind, rng)
                if not acceptable(board) or board.fen() in seen:
                    continue
                if kind == "KPK":
                    if judge is None:
                        judge = EngineSpec("judge", "uci", judge_cmd).open()
                    info = judge.analyse(board, chess.engine.Limit(depth=depth))
                    score = info["score"].relative  # from the strong side (to move)
                    if score.score(mate_score=100000) < min_cp:
                        continue
                seen.add(board.fen())
                found.append(board.fen())
            positions[kind] = found
    finally:
        if judge:
            judge.quit()
    return positions


def ending_judge(strong):
    """The arbiter for a conversion test: mate wins; stalemate, insufficient material,
    threefold repetition and the fifty-move rule end it as a failure. The fifty-move draw is
    taken when the defender (who wants it) is to move and could claim it: halfmove clock at
    100, or a move that brings it there (can_claim_fifty_moves); a mate on that move comes
    first, which is why the check runs after the mate test."""
    def judge(board):
        if board.is_checkmate():
            return ("1-0" if board.turn == chess.BLACK else "0-1"), "checkmate"
        if board.is_stalemate():
            return "1/2-1/2", "stalemate"
        if board.is_insufficient_material():
            return "1/2-1/2", "insufficient material"
        if board.is_repetition(3):
            return "1/2-1/2", "threefold repetition"
        if board.halfmove_clock >= 100 or (board.turn != strong and board.can_claim_fifty_moves()):
            return "1/2-1/2", "fifty-move rule"
        return None
    return judge


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 epilog="example: python3 tools/endings.py --engine \"target/release/huo-chess uci\" "
                                        "--levels 1,10 --per-kind 2 --movetime 50 --defender-ms 50",
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="UCI command of the engine under test")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a UCI option for the engine under test (repeatable)")
    ap.add_argument("--name", help="its name in the output and PGN (default: the command's file name)")
    ap.add_argument("--levels", help="comma-separated Level values; the same positions are played for each")
    ap.add_argument("--kinds", default="KQK,KRK,KPK", help="comma-separated, of KQK, KRK, KPK (default: all)")
    ap.add_argument("--per-kind", type=int, default=10, help="positions per kind (default 10)")
    ap.add_argument("--seed", type=int, default=1, help="random seed of the positions (default 1)")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--tc", default=None, help="clock of the engine under test, a unit on each number (default 10s+0.1s)")
    g.add_argument("--movetime", type=float, metavar="MS", help="fixed time per move of the engine under test, ms")
    ap.add_argument("--defender", default="/usr/games/stockfish", help="UCI command of the defender (default Stockfish)")
    d = ap.add_mutually_exclusive_group()
    d.add_argument("--defender-ms", type=float, default=200, help="defender's time per move, ms (default 200)")
    d.add_argument("--defender-depth", type=int, help="defender's depth per move instead of a time")
    ap.add_argument("--kpk-min-cp", type=int, default=500,
                    help="a KPK position is kept if Stockfish at depth 16 scores the strong side at least this (default 500)")
    ap.add_argument("--pgn", help="write the games to this PGN file")
    ap.add_argument("--concurrency", type=int, default=1, help="games played at once (<= cores)")
    a = ap.parse_args()

    kinds = [k.strip().upper() for k in a.kinds.split(",") if k.strip()]
    for k in kinds:
        if k not in KINDS:
            ap.error(f"--kinds: unknown kind {k!r} (known: {', '.join(KINDS)})")
    if a.per_kind < 1:
        ap.error("--per-kind must be at least 1")
    if a.concurrency < 1:
        ap.error("--concurrency must be at least 1")
    if a.movetime is not None and a.movetime <= 0:
        ap.error("--movetime must be > 0")
    if a.defender_depth is not None and a.defender_depth < 1:
        ap.error("--defender-depth must be at least 1")
    if a.movetime is not None:
        control = Control(movetime=a.movetime / 1000)
    else:
        base, inc = matchlib.parse_tc(a.tc or "10s+0.1s")
        control = Control(base, inc)
    defend = Control(depth=a.defender_depth) if a.defender_depth else Control(movetime=a.defender_ms / 1000)
    levels = [v.strip() for v in a.levels.split(",") if v.strip()] if a.levels else [None]
    name = a.name or os.path.basename(a.engine.split()[0])
    matchlib.quiet_engine_logs()

    try:
        options = matchlib.parse_options(a.option, "--option")
        spec = EngineSpec(name, "uci", a.engine, options)
        defender = EngineSpec("defender", "uci", a.defender)
        # Check the engine starts and takes every level before the long part begins.
        probe = spec.open()
        try:
            for lv in levels:
                if lv is not None:
                    try:
                        probe.configure({"Level": lv})
                    except chess.engine.EngineError as e:
                        raise SpecError(f"--levels {lv}: {e}")
        finally:
            probe.quit()
        defender.open().quit()
        positions = make_positions(kinds, a.per_kind, a.seed, a.defender, a.kpk_min_cp)
    except SpecError as e:
        sys.exit(f"endings.py: {e}")

    tasks = [(lv, kind, i, fen) for lv in levels for kind in kinds for i, fen in enumerate(positions[kind])]
    results = {}  # (level, kind, i) -> (won, reason, strong moves)
    stats = matchlib.new_stats()
    lock = threading.Lock()
    local = threading.local()
    all_engines = []
    out = open(a.pgn, "w") if a.pgn else None
    dname = f"{os.path.basename(defender.argv[0])} {defend}"

    def one(task):
        lv, kind, i, fen = task
        if getattr(local, "engines", None) is None:  # each worker has its own pair of engines
            local.engines = [spec.open(), defender.open()]
            with lock:
                all_engines.extend(local.engines)
        test, dfd = local.engines
        if lv is not None:
            test.configure({"Level": lv})
        board = chess.Board(fen)
        strong = board.turn
        pname = f"{name} Level={lv}" if lv is not None else name
        engines = [test, dfd] if strong == chess.WHITE else [dfd, test]
        names = [pname, dname] if strong == chess.WHITE else [dname, pname]
        controls = [control, defend] if strong == chess.WHITE else [defend, control]
        mine = {pname: matchlib.new_stats(), dname: matchlib.new_stats()}
        game, result, reason, crashed = matchlib.play_game(board, engines, names, controls, mine,
                                                           judge=ending_judge(strong))
        won = result == ("1-0" if strong == chess.WHITE else "0-1")
        if reason == "time forfeit" and not won:
            reason = "loss on time"
        if crashed:  # a dead engine is replaced before the next game
            local.engines = None
        game.headers["Event"] = f"endings {kind} #{i + 1}"
        game.headers["Round"] = f"{i + 1}"
        game.headers["TimeControl"] = f"{control.base:g}+{control.inc:g}" if control.clocked else "-"
        game.headers["TestedLimit"] = str(control)
        with lock:
            matchlib.merge_stats(stats, mine[pname])
            results[(lv, kind, i)] = (won, reason, mine[pname]["moves"])
            if out:
                print(game, file=out, end="\n\n")
                out.flush()
            print(f"{pname} {kind} #{i + 1}: {'won' if won else 'failed'} ({reason}, {mine[pname]['moves']} moves)",
                  file=sys.stderr, flush=True)

    try:
        with ThreadPoolExecutor(max_workers=a.concurrency) as pool:
            for f in [pool.submit(one, t) for t in tasks]:
                f.result()
    except SpecError as e:
        sys.exit(f"endings.py: {e}")
    finally:
        matchlib.close_all(all_engines)
        if out:
            out.close()

    ctl = f"{control}"
    print(f"{name} ({a.engine}{'; ' + ', '.join(a.option) if a.option else ''}) at {ctl} "
          f"against {dname}, seed {a.seed}, {a.per_kind} per kind")
    summary = []
    for lv in levels:
        label = f"Level {lv}" if lv is not None else name
        print(f"\n{label}:")
        total_won = total = 0
        parts = []
        for kind in kinds:
            rs = [results[(lv, kind, i)] for i in range(len(positions[kind]))]
            won = [r for r in rs if r[0]]
            total_won += len(won)
            total += len(rs)
            mean = f", {sum(r[2] for r in won) / len(won):.1f} moves per win" if won else ""
            print(f"  {kind}: won {len(won)} of {len(rs)}{mean}")
            for i, r in enumerate(rs):
                if not r[0]:
                    print(f"    failed: {positions[kind][i]}  ({r[1]} after {r[2]} moves)")
            parts.append(f"{kind} {len(won)}/{len(rs)}")
        print(f"  total: won {total_won} of {total}")
        summary.append(f"{label}: " + "  ".join(parts) + f"  total {total_won}/{total}")
    print("\nsummary:")
    for line in summary:
        print("  " + line)
    print(f"engine under test: time losses {stats['flags']}; errors {len(stats['errors'])} {stats['errors'][:3]}")


if __name__ == "__main__":
    main()
