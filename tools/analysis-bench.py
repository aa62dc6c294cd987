#!/usr/bin/env python3
"""How well `huo-chess analyse` marks blunders, against Stockfish at the same depth.

What it measures: on games with real mistakes, how many of the moves `huo-chess analyse
--depth D` marks `??` are blunders by a deep Stockfish reference (precision), how many of
the reference's blunders it marks (recall), the same two for Stockfish's own verdicts at
depth D by the same rule, and the time each took (Huo's over Stockfish's: a ratio measured
in the same run, as this machine may be busy).

    cargo build --release
    nice -n 10 python3 tools/analysis-bench.py run       # the table (a few minutes)
    python3 tools/analysis-bench.py run -v               # ... and every move marked

The input is fixed and in the repository, in two parts judged by Stockfish 15.1 at depth 18
(about one move a second on this machine):

- the tuning part, tools/analysis-bench/games.pgn and reference.tsv: 27 games, 2 203 moves,
  99 reference blunders. What the analysis was tuned on, and what tests take positions from.
- the held-out part, heldout.pgn and heldout-reference.tsv: 32 games, 2 482 moves. Not
  tuned on: it is the result.

    python3 tools/analysis-bench.py run                                  # the tuning part
    python3 tools/analysis-bench.py run --games tools/analysis-bench/heldout.pgn \
        --reference tools/analysis-bench/heldout-reference.tsv           # the held-out part
    python3 tools/analysis-bench.py run --huo-only                       # Huo alone, to tune
    python3 tools/analysis-bench.py run --classical      # Stockfish without its network
    python3 tools/analysis-bench.py run --engine /usr/games/stockfish  # Stockfish analysing

Both can be made again, or for other games:

    python3 tools/analysis-bench.py games [--count 11 --seed 12]   # 11 games of weak engines
    python3 tools/analysis-bench.py heldout [--count 48 --seed 29]  # 48 games of four kinds
    nice -n 10 python3 tools/analysis-bench.py reference [--games G --out R --depth 18]

`games` plays weak engines against each other from book openings, so the games hold real
blunders: Stockfish and Huo Chess at a few hundred to a few thousand nodes a move (both
deterministic at a fixed node count and one thread, so a seed gives the same games). Each
game starts with 4 to 12 half-moves of a line of the built-in book (books/lines.txt) and
stops at mate, stalemate or after 120 half-moves. Its 11 games open the tuning part.

`heldout` plays 48 games of four kinds in turn: Huo Chess's levels 1-6 against each other,
those levels against Stockfish's skill levels 0-4, those skill levels against each other,
and endings from random positions (a queen against a rook, queen endings, rook endings,
mates to give with a queen, a rook, a rook and bishop) where long mates and perpetual checks
come up, played by weak levels of either; 60 ms a move. The levels choose with some
randomness, so these games are kept, not remade. Of the 48 games of seed 29 the first 16
(4 of each kind) close the tuning part and the other 32 are the held-out part.

`reference` asks Stockfish, deep, for every move of every game: its best move and score in
the position before the move, and the played move's score from the same position at the
same depth (`go searchmoves`). It resumes where it stopped (one line per move).

`run` runs `huo-chess analyse --depth D` (12 by default; one thread, the shipped
config/huo.toml) on the games and reads its `??` marks (NAG $4), judges every move with
Stockfish at depth D (one thread, 32 MB, a new game for each game) by the rule below, and
prints the table. Huo runs first, then Stockfish: never both at once.

The rule, the same for the reference and for Stockfish at depth D (and the one
`huo-chess analyse` applies): a score is turned into an expected score for the mover,
    E(cp) = 1 / (1 + exp(-K * cp)),  K = 0.00368208 per centipawn (lichess's),
a mate for the mover is 1 and a mate against it 0. A move loses E(best) - E(played),
both scores from the same search of the position before the move. It is a blunder when it
loses at least 0.15 of it: lichess's blunder, 0.3 of the winning chances 2E - 1 (what
falling from level to about 1.7 pawns down costs). So +9 -> +6 (0.064) is not a blunder;
0 -> -2 is.

Precision: of the moves an analyser marks `??`, the share the reference marks too.
Recall: of the moves the reference marks, the share the analyser marks. Moves of the
built-in book's lines are counted like any other (the reference never marks one).

Needs python-chess (`pip install chess`) and Stockfish (`apt-get install stockfish`).
"""
import argparse
import math
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile
import time

import chess
import chess.engine
import chess.pgn

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DATA = os.path.join(HERE, "analysis-bench")
GAMES = os.path.join(DATA, "games.pgn")
REFERENCE = os.path.join(DATA, "reference.tsv")
STOCKFISH = "/usr/games/stockfish"
HUO = os.path.join(os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target"),
                   "release", "huo-chess")

K = 0.00368208
MAX_PLIES = 120


def expected(score):
    """The mover's expected score for {"cp": x} or {"mate": n} (the mover's view)."""
    if "mate" in score:
        return 1.0 if score["mate"] > 0 else 0.0
    return 1.0 / (1.0 + math.exp(-K * score["cp"]))


# lichess's blunder: 0.3 of the winning chances (-1 to 1), 0.15 of the expected score.
BLUNDER = 0.15


def loss(best, played):
    return max(0.0, expected(best) - expected(played))


def as_dict(pov_score):
    """A python-chess score (already from the mover's view) as {"cp"} or {"mate"}."""
    if pov_score.is_mate():
        return {"mate": pov_score.mate()}
    return {"cp": pov_score.score()}


def stockfish(hash_mb=32):
    engine = chess.engine.SimpleEngine.popen_uci(STOCKFISH)
    engine.configure({"Threads": 1, "Hash": hash_mb})
    return engine


def judge(engine, board, move, depth, game_id):
    """Stockfish's best move and score and the played move's score (both the mover's view)
    from the position before `move`, at `depth`: the rule's inputs."""
    limit = chess.engine.Limit(depth=depth)
    info = engine.analyse(board, limit, game=game_id)
    best = info["pv"][0]
    best_score = as_dict(info["score"].pov(board.turn))
    if move == best:
        played_score = best_score
    else:
        info2 = engine.analyse(board, limit, root_moves=[move], game=game_id)
        played_score = as_dict(info2["score"].pov(board.turn))
    return {
        "best": best.uci(),
        "best_score": best_score,
        "played_score": played_score,
    }


# --- games -------------------------------------------------------------------------------


def book_lines():
    lines = []
    with open(os.path.join(ROOT, "books", "lines.txt")) as f:
        for row in f:
            row = row.split("#")[0].split()
            if row:
                lines.append(row)
    return lines


def finished_game(board, event, round_, white, black):
    """A game played to `board` as PGN text, with its tags; says so on standard error."""
    game = chess.pgn.Game.from_board(board)
    game.headers["Event"] = event
    game.headers["Round"] = str(round_)
    game.headers["White"] = white
    game.headers["Black"] = black
    over = board.is_game_over(claim_draw=True)
    game.headers["Result"] = board.result(claim_draw=True) if over else "*"
    print(f"game {round_} ({event}): {white} - {black}, {len(board.move_stack)} plies, "
          f"{game.headers['Result']}", file=sys.stderr)
    return str(game)


def make_games(args):
    rng = random.Random(args.seed)
    lines = book_lines()
    players = [("sf", n) for n in (30, 100, 300, 1000)] + [("huo", n) for n in (300, 1000, 3000)]
    sf = stockfish(16)
    huo = chess.engine.SimpleEngine.popen_uci(shlex.split(f"{args.huo} uci"))
    huo.configure({"OwnBook": False, "Threads": 1, "Hash": 16})
    engines = {"sf": sf, "huo": huo}
    names = {"sf": "Stockfish", "huo": "Huo Chess"}
    out = []
    for g in range(args.count):
        line = rng.choice(lines)
        prefix = rng.randint(4, min(12, len(line)))
        white, black = rng.choice(players), rng.choice(players)
        board = chess.Board()
        for san in line[:prefix]:
            board.push_san(san)
        # Each side keeps its own game id: a new game for the engine (ucinewgame) at the start.
        ids = {chess.WHITE: object(), chess.BLACK: object()}
        while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
            kind, nodes = white if board.turn == chess.WHITE else black
            result = engines[kind].play(
                board, chess.engine.Limit(nodes=nodes), game=ids[board.turn]
            )
            board.push(result.move)
        out.append(finished_game(board, "analysis benchmark", g + 1,
                                 f"{names[white[0]]} {white[1]} nodes",
                                 f"{names[black[0]]} {black[1]} nodes"))
    sf.quit()
    huo.quit()
    os.makedirs(DATA, exist_ok=True)
    with open(args.out, "w") as f:
        f.write("\n\n".join(out) + "\n")


# The held-out set: more kinds of games, so that no one kind of mistake decides the figures.
KINDS = ("levels", "levels-sf", "sf-skill", "ending")
# Endings: material for each side (the stronger first), where long mates and perpetual
# checks come up: a queen against a rook, queens on both sides, a rook and pawn against a rook.
ENDINGS = (("QK", "RK"), ("QPK", "QK"), ("QPPK", "QPK"), ("RPK", "RK"), ("QK", "K"),
           ("RK", "K"), ("RBK", "RK"), ("QK", "PPK"))


def random_ending(rng, white, black):
    """A legal position with these pieces (upper-case letters, White's first), neither side
    in check, White to move, pawns on ranks 2 to 7."""
    while True:
        board = chess.Board(None)
        squares = list(chess.SQUARES)
        rng.shuffle(squares)
        for color, pieces in ((chess.WHITE, white), (chess.BLACK, black)):
            for letter in pieces:
                kind = chess.Piece.from_symbol(letter).piece_type
                sq = squares.pop()
                while kind == chess.PAWN and chess.square_rank(sq) in (0, 7):
                    squares.insert(0, sq)
                    sq = squares.pop()
                board.set_piece_at(sq, chess.Piece(kind, color))
        board.turn = chess.WHITE
        if board.is_valid() and not board.is_check() and board.legal_moves.count() > 0:
            return board


def make_heldout(args):
    """Games of four kinds, in turn: Huo Chess's levels against each other, its levels
    against Stockfish's limited skill levels, Stockfish's low skill levels against
    themselves, and endings (long mates, queen endings with perpetual checks) played by
    weak levels of both. Moves at `--movetime` ms; levels choose with some randomness, so
    the games are kept, not remade."""
    rng = random.Random(args.seed)
    lines = book_lines()
    sf = stockfish(16)
    huo = chess.engine.SimpleEngine.popen_uci(shlex.split(f"{args.huo} uci"))
    huo.configure({"OwnBook": False, "Threads": 1, "Hash": 16})
    limit = chess.engine.Limit(time=args.movetime / 1000)
    out = []
    for g in range(args.count):
        kind = KINDS[g % len(KINDS)]
        huo_level = lambda: str(rng.randint(1, 6))
        sf_skill = lambda: rng.randint(0, 4)
        if kind == "levels":
            players = [("huo", huo_level()), ("huo", huo_level())]
        elif kind == "levels-sf":
            players = [("huo", huo_level()), ("sf", sf_skill())]
            rng.shuffle(players)
        elif kind == "sf-skill":
            players = [("sf", sf_skill()), ("sf", sf_skill())]
        else:
            players = [rng.choice([("huo", huo_level()), ("sf", sf_skill())]) for _ in range(2)]
        if kind == "ending":
            strong, weak = rng.choice(ENDINGS)
            board = random_ending(rng, strong, weak.lower())
        else:
            board = chess.Board()
            line = rng.choice(lines)
            for san in line[:rng.randint(4, min(12, len(line)))]:
                board.push_san(san)
        start = board.copy()
        ids = {chess.WHITE: object(), chess.BLACK: object()}
        names = {}
        while not board.is_game_over(claim_draw=True) and len(board.move_stack) - len(start.move_stack) < MAX_PLIES:
            who, setting = players[0] if board.turn == chess.WHITE else players[1]
            if who == "huo":
                huo.configure({"Level": setting})
                result = huo.play(board, limit, game=ids[board.turn])
            else:
                sf.configure({"Skill Level": setting})
                result = sf.play(board, limit, game=ids[board.turn])
            board.push(result.move)
        for color, (who, setting) in zip((chess.WHITE, chess.BLACK), players):
            names[color] = f"Huo Chess level {setting}" if who == "huo" else f"Stockfish skill {setting}"
        out.append(finished_game(board, f"analysis benchmark ({kind})", g + 1,
                                 names[chess.WHITE], names[chess.BLACK]))
    sf.quit()
    huo.quit()
    with open(args.out, "w") as f:
        f.write("\n\n".join(out) + "\n")


def read_games(path):
    games = []
    with open(path) as f:
        while True:
            g = chess.pgn.read_game(f)
            if g is None:
                return games
            games.append(g)


def moves_of(game):
    """(ply, board before, move) for every main-line move. The board keeps the moves that
    led to it: an engine is sent the game, so it sees repetitions."""
    board = game.board()
    for ply, move in enumerate(game.mainline_moves()):
        yield ply, board.copy(), move
        board.push(move)


# --- reference ---------------------------------------------------------------------------


def score_text(score):
    """{"cp": 35} -> "35", {"mate": -2} -> "#-2"."""
    return f"#{score['mate']}" if "mate" in score else str(score["cp"])


def score_of(text):
    return {"mate": int(text[1:])} if text.startswith("#") else {"cp": int(text)}


def load_reference(path):
    """The reference file: a header line `# ENGINE depth N`, then one line per move:
    game (from 0), ply (from 0), the move played, the best move, the best move's score and
    the played move's score (centipawns or #mate, the mover's view), tab-separated."""
    ref = {"engine": None, "depth": None, "moves": {}}
    if not os.path.exists(path):
        return ref
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#"):
                m = re.match(r"# (.*) depth (\d+)$", line)
                if m:
                    ref["engine"], ref["depth"] = m.group(1), int(m.group(2))
                continue
            game, ply, move, best, best_score, played_score = line.split("\t")
            ref["moves"][f"{game}:{ply}"] = {
                "move": move,
                "best": best,
                "best_score": score_of(best_score),
                "played_score": score_of(played_score),
            }
    return ref


def save(ref, path):
    tmp = path + ".tmp"
    keys = sorted(ref["moves"], key=lambda k: tuple(map(int, k.split(":"))))
    with open(tmp, "w") as f:
        f.write(f"# {ref['engine']} depth {ref['depth']}\n")
        for k in keys:
            v = ref["moves"][k]
            game, ply = k.split(":")
            f.write("\t".join([game, ply, v["move"], v["best"], score_text(v["best_score"]),
                                score_text(v["played_score"])]) + "\n")
    os.replace(tmp, path)


def make_reference(args):
    games = read_games(args.games)
    ref = load_reference(args.out)
    if ref["depth"] != args.depth:
        ref = {"engine": None, "depth": args.depth, "moves": {}}
    engine = stockfish()
    ref["engine"] = engine.id.get("name")
    total = sum(1 for g in games for _ in g.mainline_moves())
    done = 0
    start = time.time()
    for gi, game in enumerate(games):
        gid = object()
        for ply, board, move in moves_of(game):
            key = f"{gi}:{ply}"
            done += 1
            if key in ref["moves"] and ref["moves"][key]["move"] == move.uci():
                continue
            v = judge(engine, board, move, args.depth, gid)
            v["move"] = move.uci()
            ref["moves"][key] = v
            if done % 50 == 0:
                rate = done / (time.time() - start)
                print(f"{done}/{total} moves, {rate:.2f}/s", file=sys.stderr)
                save(ref, args.out)
    engine.quit()
    save(ref, args.out)


# --- run ---------------------------------------------------------------------------------


def huo_marks(args, games):
    """Runs `huo-chess analyse` on `games` ({index: game}): its `??` moves as
    {"game:ply"}, its other marks, its evaluations after each move (White's view, as
    written) and the time it took."""
    with tempfile.TemporaryDirectory() as tmp:
        pgn = os.path.join(tmp, "games.pgn")
        with open(pgn, "w") as f:
            f.write("\n\n".join(str(g) for g in games.values()) + "\n")
        out = os.path.join(tmp, "annotated.pgn")
        # The shipped configuration, whatever the user's holds; one thread like Stockfish.
        cmd = [args.huo, "analyse", pgn, "--out", out, "--depth", str(args.depth),
               "--threads", "1", "--config", os.path.join(ROOT, "config", "huo.toml")]
        if args.engine:
            # Another UCI engine as the analyser, at huo-chess's defaults otherwise.
            cmd += ["--engine", args.engine]
        start = time.time()
        subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL, cwd=tmp)
        elapsed = time.time() - start
        annotated = read_games(out)
        if args.keep:
            with open(out) as src, open(args.keep, "w") as dst:
                dst.write(src.read())
    blunders, marked, evals = set(), {}, {}
    for gi, game in zip(games, annotated):
        for ply, node in enumerate(game.mainline()):
            key = f"{gi}:{ply}"
            nags = node.nags
            for nag, sym in ((4, "??"), (2, "?"), (6, "?!")):
                if nag in nags:
                    marked[key] = sym
            if 4 in nags:
                blunders.add(key)
            m = re.search(r"\[%eval ([^\]]+)\]", node.comment)
            if m:
                evals[key] = m.group(1)
    return blunders, marked, evals, elapsed


def stockfish_marks(args, games):
    engine = stockfish()
    if args.classical:
        # Stockfish 15.1 still has its handcrafted evaluation: the same search without the
        # network shows how much of its verdicts' quality is the network's.
        engine.configure({"Use NNUE": False})
    blunders, verdicts = set(), {}
    start = time.time()
    for gi, game in games.items():
        gid = object()
        for ply, board, move in moves_of(game):
            v = judge(engine, board, move, args.depth, gid)
            key = f"{gi}:{ply}"
            verdicts[key] = v
            if loss(v["best_score"], v["played_score"]) >= BLUNDER:
                blunders.add(key)
    elapsed = time.time() - start
    engine.quit()
    return blunders, verdicts, elapsed


def theory_keys(games):
    """Moves that follow a line of books/lines.txt from the start."""
    known = set()
    for line in book_lines():
        b = chess.Board()
        for san in line:
            m = b.parse_san(san)
            known.add((b.epd(), m.uci()))
            b.push(m)
    keys = set()
    for gi, game in games.items():
        for ply, board, move in moves_of(game):
            if (board.epd(), move.uci()) not in known:
                break
            keys.add(f"{gi}:{ply}")
    return keys


def pawns(text):
    """A `[%eval]` value in pawns, mates as None."""
    return None if text.startswith("#") else float(text)


def swing(evals_by_key, games):
    """Mean evaluation (White's view, pawns) after White's moves and after Black's, over
    moves whose evaluation is within 3 pawns."""
    sums = {chess.WHITE: [], chess.BLACK: []}
    for gi, game in games.items():
        for ply, board, _ in moves_of(game):
            v = evals_by_key.get(f"{gi}:{ply}")
            if v is not None and abs(v) <= 3:
                sums[board.turn].append(v)
    mean = lambda xs: sum(xs) / len(xs) if xs else float("nan")
    return mean(sums[chess.WHITE]), mean(sums[chess.BLACK])


def white_pawns_after(v, mover_is_white):
    """The played move's score from a verdict, White's view in pawns (mates: None)."""
    s = v["played_score"]
    if "mate" in s:
        return None
    return (s["cp"] if mover_is_white else -s["cp"]) / 100


def run(args):
    games = dict(enumerate(read_games(args.games)))
    ref = load_reference(args.reference)
    complete = {gi: g for gi, g in games.items()
                if all(f"{gi}:{ply}" in ref["moves"] for ply, _, _ in moves_of(g))}
    if len(complete) < len(games):
        if not args.partial:
            sys.exit(f"the reference covers {len(complete)} of {len(games)} games: run "
                     "`reference` to the end (or --partial: only those games)")
        games = complete
    keys = [f"{gi}:{ply}" for gi, g in games.items() for ply, _, _ in moves_of(g)]
    truth = {k for k in keys if loss(ref["moves"][k]["best_score"], ref["moves"][k]["played_score"]) >= BLUNDER}

    # One after the other, never both at once (a shared machine).
    huo_b, huo_marked, huo_evals, huo_time = huo_marks(args, games)
    if args.huo_only:
        hit = len(huo_b & truth)
        print(f"{len(games)} games, {len(keys)} moves, {len(truth)} blunders; Huo Chess: "
              f"{len(huo_b)} marked, {hit} agreeing, precision {hit / max(1, len(huo_b)):.2f}, "
              f"recall {hit / max(1, len(truth)):.2f}, {huo_time:.1f} s")
        if args.verbose:
            for k in keys:
                tags = [t for t, s in (("ref", truth), ("huo", huo_b)) if k in s]
                if len(tags) == 1:
                    gi, ply = map(int, k.split(":"))
                    v = ref["moves"][k]
                    print(f"game {gi + 1} ply {ply}: {v['move']} best {v['best']} "
                          f"{v['best_score']} -> {v['played_score']} loss "
                          f"{loss(v['best_score'], v['played_score']):.3f}: {tags[0]} only "
                          f"(huo {huo_marked.get(k, '-')}, eval {huo_evals.get(k)})")
        return
    sf_b, sf_verdicts, sf_time = stockfish_marks(args, games)

    def row(name, marked, secs):
        hit = len(marked & truth)
        p = hit / len(marked) if marked else float("nan")
        r = hit / len(truth) if truth else float("nan")
        return f"| {name} | {len(marked)} | {hit} | {p:.2f} | {r:.2f} | {secs:.1f} s |"

    theory = theory_keys(games)
    print(time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()) + f", load average {os.getloadavg()[0]:.1f}")
    print(f"{len(games)} games, {len(keys)} moves; reference: {ref['engine']} depth {ref['depth']}, "
          f"{len(truth)} blunders (a loss of at least {BLUNDER:.3f} in expected score, K = {K})")
    print()
    print(f"| depth {args.depth} | `??` marked | agreeing | precision | recall | time |")
    print("|---|---|---|---|---|---|")
    print(row("huo-chess analyse" + (f" --engine {args.engine}" if args.engine else ""),
              huo_b, huo_time))
    print(row(sf_name() + (" (handcrafted evaluation)" if args.classical else ""), sf_b, sf_time))
    print()
    print(f"time ratio Huo / Stockfish: {huo_time / sf_time:.2f}")
    on_theory = {k: v for k, v in huo_marked.items() if k in theory}
    print(f"Huo marks on moves of the book's lines ({len(theory)} moves): {len(on_theory)}")
    huo_w, huo_bl = swing({k: pawns(v) for k, v in huo_evals.items()}, games)
    ref_evals = {}
    sf_evals = {}
    for gi, g in games.items():
        for ply, board, _ in moves_of(g):
            k = f"{gi}:{ply}"
            ref_evals[k] = white_pawns_after(ref["moves"][k], board.turn == chess.WHITE)
            sf_evals[k] = white_pawns_after(sf_verdicts[k], board.turn == chess.WHITE)
    ref_w, ref_bl = swing(ref_evals, games)
    sf_w, sf_bl = swing(sf_evals, games)
    print("mean evaluation after White's / Black's moves (within 3 pawns):")
    print(f"  Huo Chess {huo_w:+.2f} / {huo_bl:+.2f}; Stockfish depth {args.depth} "
          f"{sf_w:+.2f} / {sf_bl:+.2f}; reference {ref_w:+.2f} / {ref_bl:+.2f}")
    if args.verbose:
        for k in keys:
            gi, ply = map(int, k.split(":"))
            tags = [t for t, s in (("ref", truth), ("huo", huo_b), ("sf", sf_b)) if k in s]
            if tags or k in on_theory:
                v = ref["moves"][k]
                print(f"game {gi + 1} ply {ply}: {v['move']} best {v['best']} "
                      f"{v['best_score']} -> {v['played_score']} "
                      f"loss {loss(v['best_score'], v['played_score']):.3f}: {' '.join(tags)}"
                      f"{' huo ' + huo_marked[k] + ' on theory' if k in on_theory else ''}")


_SF_NAME = []


def sf_name():
    if not _SF_NAME:
        e = stockfish(1)
        _SF_NAME.append(e.id.get("name", "Stockfish"))
        e.quit()
    return _SF_NAME[0]


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="step", required=True)
    g = sub.add_parser("games", help="play the games")
    g.add_argument("--count", type=int, default=11)
    g.add_argument("--seed", type=int, default=12)
    g.add_argument("--out", default=GAMES)
    g.add_argument("--huo", default=HUO)
    h = sub.add_parser("heldout", help="play the held-out games (four kinds)")
    h.add_argument("--count", type=int, default=48)
    h.add_argument("--seed", type=int, default=29)
    h.add_argument("--movetime", type=int, default=60, help="ms a move")
    h.add_argument("--out", default=os.path.join(DATA, "heldout.pgn"))
    h.add_argument("--huo", default=HUO)
    r = sub.add_parser("reference", help="the deep verdicts")
    r.add_argument("--games", default=GAMES)
    r.add_argument("--depth", type=int, default=18)
    r.add_argument("--out", default=REFERENCE)
    b = sub.add_parser("run", help="the table")
    b.add_argument("--games", default=GAMES)
    b.add_argument("--reference", default=REFERENCE)
    b.add_argument("--depth", type=int, default=12)
    b.add_argument("--huo", default=HUO)
    b.add_argument("-v", "--verbose", action="store_true", help="list every marked move")
    b.add_argument("--keep", metavar="FILE", help="keep Huo's annotated games in FILE")
    b.add_argument("--huo-only", action="store_true",
                   help="Huo Chess's figures alone (tuning: no Stockfish run)")
    b.add_argument("--classical", action="store_true",
                   help="Stockfish without its network (its handcrafted evaluation)")
    b.add_argument("--engine", metavar="NAME_OR_PATH",
                   help="huo-chess analyse --engine: another UCI engine as the analyser")
    b.add_argument("--partial", action="store_true",
                   help="only the games the reference covers so far")
    args = p.parse_args()
    {"games": make_games, "heldout": make_heldout, "reference": make_reference, "run": run}[args.step](args)


if __name__ == "__main__":
    main()
