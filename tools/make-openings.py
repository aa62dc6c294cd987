#!/usr/bin/env python3
"""Write balanced openings for engine matches (needs python-chess and Stockfish).

  make-openings.py OUT [--count N] [--plies P] [--seed S] [--engine CMD]

Each opening is a short line of UCI moves: from the start, every move is drawn at random
among the reference engine's best few (each within 40 centipawns of its best, at depth
8), so the lines look like real openings but differ; a line is kept when its final
position scores within 35 centipawns of equality at depth 14. One line per opening, the
format `uci-match.py --openings` reads; no two lines reach the same position.
"""
import argparse
import random
import shlex

import chess
import chess.engine


def opening(engine, rng, plies):
    board = chess.Board()
    for _ in range(plies):
        infos = engine.analyse(board, chess.engine.Limit(depth=8), multipv=5)
        scored = [(i["score"].relative.score(mate_score=100000), i["pv"][0]) for i in infos if i.get("pv")]
        best = max(s for s, _ in scored)
        board.push(rng.choice([m for s, m in scored if s >= best - 40]))
    final = engine.analyse(board, chess.engine.Limit(depth=14))
    ok = abs(final["score"].white().score(mate_score=100000)) <= 35
    return board if ok else None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--count", type=int, default=400)
    ap.add_argument("--plies", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", default="stockfish")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    engine = chess.engine.SimpleEngine.popen_uci(shlex.split(a.engine))
    engine.configure({"Threads": 1, "Hash": 16})
    seen, lines = set(), []
    while len(lines) < a.count:
        board = opening(engine, rng, a.plies)
        if board is not None and board.epd() not in seen:
            seen.add(board.epd())
            lines.append(" ".join(m.uci() for m in board.move_stack))
    engine.quit()
    with open(a.out, "w") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
