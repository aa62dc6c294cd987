#!/usr/bin/env python3
"""Label the positions `examples/datagen.rs` writes, for `examples/tune.rs` (needs python-chess).

  tune-data.py label IN OUT [--depth D] [--engine CMD]
      Scores each `FEN|result` position with a reference engine (Stockfish) and writes
      `FEN|result|score|tactical`: the score for White in centipawns (mates as +-3000) and
      1 when the reference engine's best move is a capture or promotion.

The positions themselves come from fast self-play games of the full search:
  cargo run --release --example datagen -- positions.txt --games 20000 --nodes 4000
"""
import argparse
import shlex

import chess
import chess.engine


def label(args):
    engine = chess.engine.SimpleEngine.popen_uci(shlex.split(args.engine))
    engine.configure({"Threads": 1, "Hash": 16})
    with open(args.input) as inp, open(args.out, "w") as out:
        for line in inp:
            fen, result = line.rstrip("\n").split("|")[:2]
            board = chess.Board(fen)
            info = engine.analyse(board, chess.engine.Limit(depth=args.depth))
            score = max(-3000, min(3000, info["score"].white().score(mate_score=100000)))
            pv = info.get("pv") or []
            tactical = int(bool(pv) and (board.is_capture(pv[0]) or pv[0].promotion is not None))
            out.write(f"{fen}|{result}|{score}|{tactical}\n")
    engine.quit()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("label")
    p.add_argument("input")
    p.add_argument("out")
    p.add_argument("--depth", type=int, default=8)
    p.add_argument("--engine", default="stockfish")
    p.set_defaults(run=label)
    args = ap.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
