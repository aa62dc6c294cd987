#!/usr/bin/env python3
"""Make the labelled positions `examples/tune.rs` learns from (needs python-chess).

  tune-data.py positions OUT [--games N] [--engine CMD] [--seed S]
      Fast self-play games of Huo Chess against itself (levels 3-7, depth 3-6, a few random
      opening moves for variety). Writes every position from ply 8 on where the side to
      move is not in check, once, as `FEN|result` (result for White: 1.0, 0.5, 0.0).

  tune-data.py label IN OUT [--depth D] [--engine CMD]
      Scores each position with a reference engine (Stockfish) and writes
      `FEN|result|score|tactical`: the score for White in centipawns (mates as +-3000) and
      1 when the reference engine's best move is a capture or promotion.

The shipped tables came from 2 547 games (253 788 positions) scored at depth 8, with two
processes of each step running side by side on split files.
"""
import argparse
import random
import shlex

import chess
import chess.engine


def positions(args):
    rng = random.Random(args.seed)
    engines = [chess.engine.SimpleEngine.popen_uci(shlex.split(args.engine)) for _ in range(2)]
    seen = set()
    with open(args.out, "w") as out:
        for _ in range(args.games):
            for engine in engines:
                engine.configure({"Level": str(rng.choice([3, 4, 5, 6, 7])), "OwnBook": False})
            limit = chess.engine.Limit(depth=rng.randint(3, 6), time=0.2)
            board = chess.Board()
            for _ in range(rng.randint(2, 6)):
                board.push(rng.choice(list(board.legal_moves)))
            fens = []
            while (outcome := board.outcome(claim_draw=True)) is None and board.ply() < 250:
                if board.ply() >= 8 and not board.is_check():
                    fens.append(board.fen())
                move = engines[0 if board.turn == chess.WHITE else 1].play(board, limit).move
                if move is None:
                    break
                board.push(move)
            winner = outcome.winner if outcome else None
            result = {True: "1.0", False: "0.0", None: "0.5"}[winner]
            for fen in fens:
                key = " ".join(fen.split()[:4])  # the same position with other move counters
                if key not in seen:
                    seen.add(key)
                    out.write(f"{fen}|{result}\n")
            out.flush()
    for engine in engines:
        engine.quit()


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
    p = sub.add_parser("positions")
    p.add_argument("out")
    p.add_argument("--games", type=int, default=1300)
    p.add_argument("--engine", default="target/release/huo-chess uci")
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(run=positions)
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
