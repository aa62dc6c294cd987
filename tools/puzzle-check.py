#!/usr/bin/env python3
"""Checks a sample of puzzles against a reference engine (Stockfish): is each puzzle's first
solution move the engine's best, and does its margin over the second best hold?

A puzzle's `Moves` start with the opponent's move; the solver's first move follows. The
reference searches the position after the opponent's move with MultiPV 2 to `--depth`. The
first move agrees when it is the reference's best, or mates as quickly. The margin holds
when the best beats the second by 1.5 pawns and 0.2 winning chances (lichess's curve), or
mates where the second does not, as the miner demands (src/tactics/solution.rs). A mate in
one may have equal alternatives (the trainer accepts any mate in one). By the full rule,
the second must also leave the solver 2.5 pawns at most; for a defensive puzzle (theme
`defensiveMove`), the best must keep the game level (under 2 pawns either way) and the
second leave the opponent 2 pawns or more.

Needs `pip install chess` and a UCI engine:

    python3 tools/puzzle-check.py puzzles/huo.csv --engine /usr/games/stockfish \
        --sample 50 --depth 20 --seed 1
"""
import argparse
import csv
import math
import random
import sys

import chess
import chess.engine

MARGIN_CP = 150
MARGIN_CHANCES = 0.2
SECOND_MAX_CP = 250
ADVANTAGE_CP = 200


def chances(cp):
    return 2 / (1 + math.exp(-0.00368208 * cp)) - 1


def as_cp(score):
    """A POV score as centipawns, mates beyond every centipawn score."""
    if score.is_mate():
        m = score.mate()
        return 10000 - m if m > 0 else -10000 - m
    return score.score()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--sample", type=int, default=50)
    ap.add_argument("--depth", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--theme", help="sample only the puzzles with this theme")
    a = ap.parse_args()
    with open(a.csv, newline="") as f:
        rows = list(csv.DictReader(f))
    if a.theme:
        rows = [r for r in rows if a.theme in r["Themes"].split()]
    random.Random(a.seed).shuffle(rows)
    rows = rows[: a.sample]
    eng = chess.engine.SimpleEngine.popen_uci(a.engine)
    eng.configure({"Threads": a.threads, "Hash": 128})
    agree = margin = full = 0
    for r in rows:
        board = chess.Board(r["FEN"])
        moves = r["Moves"].split()
        board.push_uci(moves[0])
        first = chess.Move.from_uci(moves[1])
        info = eng.analyse(board, chess.engine.Limit(depth=a.depth), multipv=2)
        best = info[0]["pv"][0]
        s1 = info[0]["score"].pov(board.turn)
        s2 = info[1]["score"].pov(board.turn) if len(info) > 1 else None
        same = best == first
        if not same:
            # Another move that mates as quickly is as good.
            b = board.copy()
            b.push(first)
            if s1.is_mate() and s1.mate() == 1 and b.is_checkmate():
                same = True
        defensive = "defensiveMove" in r["Themes"].split()
        if s2 is None:
            holds = rule = True
        elif s1.is_mate() and s1.mate() > 0:
            holds = not (s2.is_mate() and s2.mate() > 0) or s1.mate() == 1
            rule = holds and not defensive
        else:
            c1, c2 = as_cp(s1), as_cp(s2)
            holds = c1 - c2 >= MARGIN_CP and chances(c1) - chances(c2) >= MARGIN_CHANCES
            if defensive:
                rule = holds and abs(c1) < ADVANTAGE_CP and c2 <= -ADVANTAGE_CP
            else:
                rule = holds and c1 >= MARGIN_CP and c2 <= SECOND_MAX_CP
        agree += same
        margin += same and holds
        full += same and rule
        verdict = "full rule" if rule else ("margin" if holds else "NO MARGIN")
        print(f"{r['PuzzleId']} {r['Rating']:>5} {moves[1]} sf {best.uci()} {s1} / {s2}"
              f" {'agree' if same else 'DIFFERS'} {verdict}")
    eng.quit()
    print(f"{len(rows)} puzzles: first move Stockfish's best in {agree}, with its margin in"
          f" {margin}, by the full rule in {full}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
