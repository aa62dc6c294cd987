#!/usr/bin/env python3
"""A UCI engine that misbehaves on purpose, for the tests of analysis by another engine.

    fake_engine.py MODE TABLE

TABLE is a file of lines `FEN<TAB>MOVE`: the move it answers in each position (the
tests write the game's own moves there, so the answers are legal without a move
generator); `go ... searchmoves M` is answered with M. Scores are 0.

MODE: ok | no-uciok | no-readyok | dies-after-N (ends with status 3 at the N+1th go) |
illegal (answers e2e5-like nonsense) | none (answers bestmove (none)) | silent (never
answers go).
"""
import sys
import time

mode, table_path = sys.argv[1], sys.argv[2]
table = {}
with open(table_path) as f:
    for row in f:
        if "\t" in row:
            fen, move = row.rstrip("\n").split("\t")
            table[" ".join(fen.split()[:4])] = move


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


fen = None
searches = 0
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        say("id name Fake Engine 1.0")
        say("option name Hash type spin default 16 min 1 max 1024")
        if mode != "no-uciok":
            say("uciok")
    elif words[0] == "isready":
        if mode != "no-readyok":
            say("readyok")
    elif words[0] == "position" and words[1] == "fen":
        fen = " ".join(words[2:6])
    elif words[0] == "go":
        if mode.startswith("dies-after-") and searches >= int(mode.split("-")[-1]):
            sys.exit(3)
        searches += 1
        if mode == "silent":
            time.sleep(3600)
        if mode == "illegal":
            say("bestmove a1a8")
            continue
        if mode == "none":
            say("bestmove (none)")
            continue
        if "searchmoves" in words:
            move = words[words.index("searchmoves") + 1]
        else:
            move = table.get(fen, "0000")
        say(f"info depth 1 score cp 0 nodes 1 pv {move}")
        say(f"bestmove {move}")
    elif words[0] == "quit":
        break
