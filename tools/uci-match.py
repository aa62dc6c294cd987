#!/usr/bin/env python3
"""A UCI match between two engines, with python-chess as the runner.

Plays GAMES games at --tc (a unit on each number: 10s+0.1s), colours alternating, each balanced opening played
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
import argparse, os, sys, threading
from concurrent.futures import ThreadPoolExecutor

sys.dont_write_bytecode = True  # no __pycache__ in tools/ from importing matchlib
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# The game-playing code is shared with calibrate.py and endings.py.
from matchlib import read_openings, elo_with_margin, open_engine, parse_tc, play  # noqa: E402

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


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--e1", required=True)
    ap.add_argument("--e2", required=True)
    ap.add_argument("--o1", action="append", default=[])
    ap.add_argument("--o2", action="append", default=[])
    ap.add_argument("--n1", default=None)
    ap.add_argument("--n2", default=None)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--tc", default="10s+0.1s", help="base+increment, a unit on each number (10s+0.1s, 5m+3s), as huo-chess match --tc")
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
