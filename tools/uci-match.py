#!/usr/bin/env python3
"""A UCI match between two engines, with python-chess as the runner.

Plays GAMES games at BASE+INC (seconds), colours alternating, each balanced opening played
twice with colours swapped, with a real clock per side (a flag fall loses). Reports W/D/L
for the first engine, the Elo difference with its 95% margin, how the games ended, and the
time each engine used per move, overall and by game phase. Every illegal move, crash or
time loss is counted and named.

    python3 tools/uci-match.py --e1 "target/release/huo-chess uci" --e2 /usr/games/ethereal-chess \
        --games 100 --tc 10s+0.1s --pgn /tmp/m.pgn
    # an engine's options: --o1 Threads=2 --o2 UCI_LimitStrength=true --o2 UCI_Elo=2400
    # --openings FILE: one line of UCI moves per opening (tools/make-openings.py)
    # --concurrency K plays K games at once, each with its own pair of engines (K <= cores)

Needs python-chess (`pip install chess`).
"""
import argparse, math, re, shlex, sys, threading, time
from concurrent.futures import ThreadPoolExecutor
import chess, chess.engine, chess.pgn

# Short balanced openings (each within about 0.3 pawns for either side).
OPENINGS = """
e2e4 e7e5 g1f3 b8c6 f1b5 a7a6
e2e4 e7e5 g1f3 b8c6 f1c4 f8c5
e2e4 e7e5 g1f3 g8f6 f3e5 d7d6
e2e4 c7c5 g1f3 d7d6 d2d4 c5d4
e2e4 c7c5 g1f3 b8c6 d2d4 c5d4
e2e4 c7c5 b1c3 b8c6 g2g3 g7g6
e2e4 c7c5 c2c3 g8f6 e4e5 f6d5
e2e4 e7e6 d2d4 d7d5 b1c3 g8f6
e2e4 e7e6 d2d4 d7d5 b1d2 c7c5
e2e4 c7c6 d2d4 d7d5 e4e5 c8f5
e2e4 c7c6 d2d4 d7d5 b1c3 d5e4
e2e4 d7d6 d2d4 g8f6 b1c3 g7g6
e2e4 g7g6 d2d4 f8g7 b1c3 d7d6
e2e4 d7d5 e4d5 d8d5 b1c3 d5a5
e2e4 g8f6 e4e5 f6d5 d2d4 d7d6
d2d4 d7d5 c2c4 e7e6 b1c3 g8f6
d2d4 d7d5 c2c4 c7c6 g1f3 g8f6
d2d4 d7d5 c2c4 d5c4 g1f3 g8f6
d2d4 g8f6 c2c4 e7e6 g1f3 b7b6
d2d4 g8f6 c2c4 e7e6 b1c3 f8b4
d2d4 g8f6 c2c4 g7g6 b1c3 f8g7
d2d4 g8f6 c2c4 g7g6 b1c3 d7d5
d2d4 g8f6 c2c4 c7c5 d4d5 e7e6
d2d4 g8f6 g1f3 e7e6 c1g5 c7c5
d2d4 f7f5 g2g3 g8f6 f1g2 g7g6
d2d4 d7d5 g1f3 g8f6 c1f4 e7e6
c2c4 e7e5 b1c3 g8f6 g1f3 b8c6
c2c4 c7c5 g1f3 g8f6 b1c3 b8c6
c2c4 g8f6 b1c3 e7e6 e2e4 d7d5
c2c4 e7e6 g1f3 d7d5 g2g3 g8f6
g1f3 d7d5 g2g3 g8f6 f1g2 c7c6
g1f3 g8f6 c2c4 b7b6 g2g3 c8b7
g1f3 c7c5 c2c4 b8c6 b1c3 g7g6
e2e4 e7e5 f2f4 e5f4 g1f3 g7g5
e2e4 e7e5 b1c3 g8f6 f2f4 d7d5
e2e4 e7e5 g1f3 b8c6 d2d4 e5d4
e2e4 c7c5 g1f3 e7e6 d2d4 c5d4
e2e4 c7c5 g1f3 g7g6 d2d4 c5d4
d2d4 e7e6 c2c4 f8b4 c1d2 a7a5
d2d4 c7c5 d4d5 e7e5 e2e4 d7d6
b2b3 e7e5 c1b2 b8c6 e2e3 g8f6
g2g3 d7d5 f1g2 g8f6 g1f3 c7c6
e2e4 b8c6 d2d4 d7d5 e4e5 c8f5
d2d4 g8f6 c2c4 e7e5 d4e5 f6g4
e2e4 e7e5 g1f3 d7d6 d2d4 g8f6
c2c4 c7c6 e2e4 d7d5 e4d5 c6d5
d2d4 d7d5 e2e3 g8f6 f1d3 c7c5
e2e4 c7c5 d2d4 c5d4 c2c3 d4c3
d2d4 g8f6 c1g5 f6e4 g5f4 c7c5
e2e4 c7c5 g1f3 d7d6 f1b5 c8d7
""".strip().splitlines()


def read_openings(path):
    """The openings of `path` (one line of UCI moves each; blank and `#` lines skipped),
    or exit naming the file, line and move that is wrong."""
    try:
        with open(path) as f:
            text = f.read().splitlines()
    except OSError as e:
        sys.exit(f"{path}: {e.strerror}")
    openings = []
    for n, line in enumerate(text, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        board = chess.Board()
        for u in line.split():
            try:
                board.push_uci(u)
            except ValueError:
                sys.exit(f"{path}:{n}: {u!r} is not a legal move there")
        openings.append(line)
    if not openings:
        sys.exit(f"{path}: no openings")
    return openings


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def elo_with_margin(w, d, l):
    n = w + d + l
    s = (w + d / 2) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * (0 - s) ** 2) / n
    se = math.sqrt(var / n)
    lo, hi = elo(s - 1.96 * se), elo(s + 1.96 * se)
    return elo(s), (hi - lo) / 2


def phase(board):
    """opening (first 20 plies), endgame (queens off or little material), else middlegame"""
    if board.ply() < 20:
        return "opening"
    minor_major = sum(len(board.pieces(p, c)) * v for c in chess.COLORS
                      for p, v in ((chess.KNIGHT, 1), (chess.BISHOP, 1), (chess.ROOK, 2), (chess.QUEEN, 4)))
    return "endgame" if minor_major <= 10 else "middlegame"


def open_engine(cmd, opts):
    eng = chess.engine.SimpleEngine.popen_uci(shlex.split(cmd), stderr=None)
    conf = {}
    for o in opts:
        k, v = o.split("=", 1)
        conf[k] = v
    if conf:
        eng.configure(conf)
    return eng


def play(engines, names, opening, base, inc, stats):
    board = chess.Board()
    for u in opening.split():
        board.push_uci(u)
    game = chess.pgn.Game()
    game.headers.update({"White": names[0], "Black": names[1]})
    node = game.add_line([chess.Move.from_uci(u) for u in opening.split()])
    clock = [base, base]  # white, black
    reason = None
    result = None
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome:
            result = outcome.result()
            reason = outcome.termination.name.lower()
            break
        side = 0 if board.turn == chess.WHITE else 1
        eng = engines[side]
        limit = chess.engine.Limit(white_clock=clock[0], black_clock=clock[1],
                                   white_inc=inc, black_inc=inc)
        ph = phase(board)
        t0 = time.monotonic()
        try:
            r = eng.play(board, limit, game=game)
        except chess.engine.EngineError as err:  # includes illegal moves
            stats[names[side]]["errors"].append(str(err))
            result, reason = ("0-1" if side == 0 else "1-0"), "illegal move or engine error"
            break
        except chess.engine.EngineTerminatedError as err:
            stats[names[side]]["errors"].append("crash: " + str(err))
            result, reason = ("0-1" if side == 0 else "1-0"), "crash"
            break
        used = time.monotonic() - t0
        clock[side] -= used
        st = stats[names[side]]
        st["time"] += used
        st["moves"] += 1
        st["phase"].setdefault(ph, [0.0, 0])
        st["phase"][ph][0] += used
        st["phase"][ph][1] += 1
        if clock[side] < 0:
            st["flags"] += 1
            result, reason = ("0-1" if side == 0 else "1-0"), "time forfeit"
            break
        clock[side] += inc
        if r.move is None or r.move not in board.legal_moves:
            stats[names[side]]["errors"].append(f"illegal {r.move} in {board.fen()}")
            result, reason = ("0-1" if side == 0 else "1-0"), "illegal move"
            break
        node = node.add_main_variation(r.move)
        board.push(r.move)
        if board.ply() > 400:
            result, reason = "1/2-1/2", "adjudicated: too long"
            break
    game.headers["Result"] = result
    game.headers["Termination"] = reason
    return game, result, reason


def parse_tc(text):
    """(base, increment) in seconds from `10s+0.1s` or `5m+3s`; a bare number is refused."""
    units = {"h": 3600.0, "m": 60.0, "min": 60.0, "s": 1.0, "ms": 0.001}
    parts = text.split("+")
    if len(parts) > 2:
        sys.exit(f"--tc '{text}': one '+' at most")
    seconds = []
    for part in parts + ["0s"] * (2 - len(parts)):
        m = re.fullmatch(r"\s*([0-9.]+)\s*([a-z]+)\s*", part.lower())
        if not m or m.group(2) not in units:
            sys.exit(f"--tc '{text}': write each number with its unit, e.g. 10s+0.1s "
                     "(10 seconds + 0.1 s) or 5m+3s (5 minutes + 3 s)")
        seconds.append(float(m.group(1)) * units[m.group(2)])
    return seconds[0], seconds[1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--e1", required=True)
    ap.add_argument("--e2", required=True)
    ap.add_argument("--o1", action="append", default=[])
    ap.add_argument("--o2", action="append", default=[])
    ap.add_argument("--n1", default=None)
    ap.add_argument("--n2", default=None)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--tc", default="10s+0.1s",
                    help="base+increment, a unit on each number (10s+0.1s, 5m+3s), "
                    "as huo-chess match --tc")
    ap.add_argument("--pgn")
    ap.add_argument("--skip", type=int, default=0, help="start at this opening")
    ap.add_argument("--openings", help="a file of openings, one line of UCI moves each "
                    "(tools/make-openings.py writes one); default: the 50 built in")
    ap.add_argument("--concurrency", type=int, default=1, help="games played at once")
    a = ap.parse_args()
    base, inc = parse_tc(a.tc)
    openings = read_openings(a.openings) if a.openings else OPENINGS
    names = [a.n1 or a.e1.split()[0].split("/")[-1], a.n2 or a.e2.split()[0].split("/")[-1]]
    if names[0] == names[1]:
        names = [names[0] + "-1", names[1] + "-2"]
    stats = {n: {"time": 0.0, "moves": 0, "phase": {}, "flags": 0, "errors": [], "budget": 0.0}
             for n in names}
    tally = {"w": 0, "d": 0, "l": 0, "done": 0}
    reasons = {}
    out = open(a.pgn, "w") if a.pgn else None
    lock = threading.Lock()
    local = threading.local()
    all_engines = []

    def one_game(g):
        if not hasattr(local, "engines"):  # each worker thread plays with its own pair
            local.engines = [open_engine(a.e1, a.o1), open_engine(a.e2, a.o2)]
            with lock:
                all_engines.extend(local.engines)
        opening = openings[(a.skip + g // 2) % len(openings)]
        first_white = g % 2 == 0
        order = [0, 1] if first_white else [1, 0]
        mine = {n: {"time": 0.0, "moves": 0, "phase": {}, "flags": 0, "errors": []} for n in names}
        game, result, reason = play([local.engines[i] for i in order], [names[i] for i in order],
                                    opening, base, inc, mine)
        game.headers["Round"] = str(g + 1)
        with lock:
            for nm in names:  # what this game offered each side: the base and its increments
                st, m = stats[nm], mine[nm]
                st["budget"] += base + inc * m["moves"]
                st["time"] += m["time"]
                st["moves"] += m["moves"]
                st["flags"] += m["flags"]
                st["errors"] += m["errors"]
                for k, (t, c) in m["phase"].items():
                    st["phase"].setdefault(k, [0.0, 0])
                    st["phase"][k][0] += t
                    st["phase"][k][1] += c
            if out:
                print(game, file=out, end="\n\n")
                out.flush()
            if result == "1/2-1/2":
                tally["d"] += 1
            elif (result == "1-0") == first_white:
                tally["w"] += 1
            else:
                tally["l"] += 1
            tally["done"] += 1
            reasons[reason] = reasons.get(reason, 0) + 1
            w, d, l = tally["w"], tally["d"], tally["l"]
            e, m = elo_with_margin(w, d, l) if 0 < w + l or d else (0, 0)
            print(f"game {g + 1} ({tally['done']}/{a.games}): {result} ({reason})  {names[0]} +{w} ={d} -{l}"
                  f"  {100 * (w + d / 2) / tally['done']:.1f}%  Elo {e:+.0f} ± {m:.0f}", flush=True)

    with ThreadPoolExecutor(max_workers=max(1, a.concurrency)) as pool:
        for f in [pool.submit(one_game, g) for g in range(a.games)]:
            f.result()
    for e in all_engines:
        e.quit()
    w, d, l = tally["w"], tally["d"], tally["l"]
    n = w + d + l
    e, m = elo_with_margin(w, d, l)
    print(f"\n{names[0]} vs {names[1]} at {a.tc}: +{w} ={d} -{l} of {n}, "
          f"{100 * (w + d / 2) / n:.1f}%, Elo {e:+.0f} ± {m:.0f}")
    print("endings:", ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
    for nm in names:
        st = stats[nm]
        per = {k: f"{1000 * t / c:.0f} ms ({c})" for k, (t, c) in st["phase"].items()}
        print(f"{nm}: {1000 * st['time'] / max(1, st['moves']):.0f} ms/move over {st['moves']} moves; "
              f"{100 * st['time'] / max(1e-9, st['budget']):.0f}% of its clock; {per}; time losses {st['flags']}; errors {len(st['errors'])} {st['errors'][:3]}")


if __name__ == "__main__":
    main()
