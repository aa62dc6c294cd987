#!/usr/bin/env python3
"""How a player errs, judged by Stockfish: blunders, ACPL, accuracy, hung pieces, by standing.

Reads PGN files (for example calibrate.py's games) and, for each selected player (its exact
White/Black tag; default every player), judges each of its moves from ply --from-ply on
(default 16: the first 8 moves of each side are the opening file's) with Stockfish at
--depth (default 12, at least 10). Each position from that ply to the end is evaluated once;
the evaluation before a move is the best play, after it is what the move left, both from the
mover's side. The rules are lichess's (lila, modules/analyse):

  winning chances wc(cp) = 2/(1+exp(-0.00368208*cp)) - 1, cp clamped to +-1000 as lila does,
      a mate +-1; drop = wc(before) - wc(after); a move is a blunder if drop >= 0.3, else a
      mistake if >= 0.2, else an inaccuracy if >= 0.1 (each move in its worst class only);
  centipawn loss = max(0, cp_before - cp_after), both clamped to +-1000, a mate +-1000 (ACPL);
  move accuracy from win% = 50 + 50*wc (here a mate counts as +-1000 cp, as lila's accuracy
      does): 100 if the win% did not drop, else 103.1668*exp(-0.04354*drop) - 3.1669 + 1 (lila's
      "uncertainty bonus"), clamped to 0..100; a game's accuracy is the mean of the
      volatility-weighted mean (weights: the standard deviation of win% over a sliding window
      of max(2, min(8, plies/10)) positions, clamped to 0.5..12) and the harmonic mean (values
      below 1 taken as 1), computed like lila but over the judged part of the game; a player's
      accuracy is the mean over its games;
  a hung piece: a blunder whose refutation (Stockfish's best reply after the move) is a
      capture that wins at least a minor piece by static exchange (SEE >= 300: least valuable
      attacker first, x-rays seen through the swap, P=100 N=B=300 R=500 Q=900); when the
      blunder was itself a capture and the refutation takes back on that square, what the
      blunder took is subtracted (a trade is not a hung piece); the other blunders are
      "deeper" (a fork, a mating net, a lost endgame...).
  by standing before the move (cp from the mover's side): blunders per move when level
      (|cp| < 100), behind (cp <= -300) and ahead (cp >= 300).

Positions are analysed from their FEN alone (no game history), so an evaluation can be cached
per FEN and depth: --cache FILE keeps them (JSON lines) and a second run is instant. One
Stockfish process serves the whole run.

    python3 tools/error-profile.py /tmp/cal.pgn --player "huo L3" --player sf1350 \\
        --depth 12 --cache /tmp/evals.jsonl
    # --from-ply 16, --threads 1, --hash 64, --stockfish /usr/games/stockfish

Output: one markdown table per player. Needs python-chess (`pip install chess`).
"""
import argparse, json, logging, math, os, sys

import chess, chess.engine, chess.pgn

CEILING = 1000
VALUE = {chess.PAWN: 100, chess.KNIGHT: 300, chess.BISHOP: 300, chess.ROOK: 500, chess.QUEEN: 900,
         chess.KING: 20000}


# ---------------------------------------------------------------- evaluation terms

class Eval:
    """A score from the side to move: cp, or mate (>0: the side to move mates; <0: is mated)."""
    __slots__ = ("cp", "mate", "best")

    def __init__(self, cp=None, mate=None, best=None):
        self.cp, self.mate, self.best = cp, mate, best

    def flip(self):
        return Eval(None if self.cp is None else -self.cp, None if self.mate is None else -self.mate)

    def clamped_cp(self):
        """cp within +-1000, a mate as +-1000 (lila's ceiling)."""
        if self.mate is not None:
            return CEILING if self.mate > 0 else -CEILING
        return max(-CEILING, min(CEILING, self.cp))

    def wc_judge(self):
        """Winning chances for the move classes: a mate is +-1."""
        if self.mate is not None:
            return 1.0 if self.mate > 0 else -1.0
        return winning_chances(self.clamped_cp())

    def win_percent(self):
        """lila's win% for accuracy: mates as the +-1000 ceiling."""
        return 50 + 50 * winning_chances(self.clamped_cp())


def winning_chances(cp):
    return 2 / (1 + math.exp(-0.00368208 * cp)) - 1


def move_accuracy(win_before, win_after):
    if win_after >= win_before:
        return 100.0
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * (win_before - win_after)) - 3.166924740191411
    return max(0.0, min(100.0, raw + 1))


def game_accuracy(wins, moves):
    """lila's game accuracy of one player. wins: win% (White's view) of the positions
    P0..Pn of the judged stretch; moves: [(i, accuracy)] for this player's moves Pi -> Pi+1."""
    if not moves:
        return None
    n = len(wins) - 1  # plies in the stretch
    size = max(2, min(8, n // 10))
    first = wins[:size]
    windows = [first] * (min(size, len(wins)) - 2)
    windows += [wins[i:i + size] for i in range(len(wins) - size + 1)] if len(wins) > size else [wins]
    weights = []
    for w in windows:
        mean = sum(w) / len(w)
        sd = math.sqrt(sum((x - mean) ** 2 for x in w) / len(w))  # population sd, as lila
        weights.append(max(0.5, min(12.0, sd)))
    wsum = sum(weights[i] for i, _ in moves)
    weighted = sum(acc * weights[i] for i, acc in moves) / wsum
    harmonic = len(moves) / sum(1 / max(1.0, acc) for _, acc in moves)
    return (weighted + harmonic) / 2


# ---------------------------------------------------------------- static exchange

def attackers(board, color, square, occupied):
    """Squares of `color`'s pieces that attack `square` when only `occupied` squares are
    occupied. Sliders are found by walking each ray out from `square` to the first occupied
    square, so a piece that has left the swap (removed from `occupied`) uncovers the one
    behind it: the x-ray."""
    mine = board.occupied_co[color] & occupied
    found = chess.BB_PAWN_ATTACKS[not color][square] & board.pawns & mine
    found |= chess.BB_KNIGHT_ATTACKS[square] & board.knights & mine
    found |= chess.BB_KING_ATTACKS[square] & board.kings & mine
    f0, r0 = chess.square_file(square), chess.square_rank(square)
    for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
        sliders = (board.rooks if df == 0 or dr == 0 else board.bishops) | board.queens
        f, r = f0 + df, r0 + dr
        while 0 <= f < 8 and 0 <= r < 8:
            bb = chess.BB_SQUARES[chess.square(f, r)]
            if occupied & bb:
                found |= bb & sliders & mine
                break
            f, r = f + df, r + dr
    return found


def see(board, move):
    """Static exchange evaluation of a capture, in centipawns for the side making it.

    The swap list: gain[d] is what the side making capture d has won so far if the exchange
    stopped there; each side recaptures with its least valuable attacker; then walking back,
    each side may decline to recapture (gain[d-1] = -max(-gain[d-1], gain[d]))."""
    to, frm = move.to_square, move.from_square
    occupied = board.occupied & ~chess.BB_SQUARES[frm]
    if board.is_en_passant(move):
        captured = chess.PAWN
        occupied &= ~chess.BB_SQUARES[chess.square(chess.square_file(to), chess.square_rank(frm))]
    else:
        captured = board.piece_type_at(to)
    gain = [VALUE[captured] if captured else 0]
    on_square = VALUE[board.piece_type_at(frm)]
    if move.promotion:
        gain[0] += VALUE[move.promotion] - VALUE[chess.PAWN]
        on_square = VALUE[move.promotion]
    side = not board.turn
    while True:
        att = attackers(board, side, to, occupied)
        if not att:
            break
        for pt in (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN, chess.KING):
            pick = att & board.pieces_mask(pt, side)
            if pick:
                break
        sq = chess.lsb(pick)
        if pt == chess.KING and attackers(board, not side, to, occupied & ~chess.BB_SQUARES[sq]):
            break  # the king may not capture onto a defended square
        gain.append(on_square - gain[-1])
        on_square = VALUE[pt]
        occupied &= ~chess.BB_SQUARES[sq]
        side = not side
    for d in range(len(gain) - 1, 0, -1):
        gain[d - 1] = -max(-gain[d - 1], gain[d])
    return gain[0]


def own_capture(board, move, reply):
    """What `move` itself took, if `reply` recaptures on the same square: then the two are
    one exchange (Nxd7 Nxd7 trades knights; nothing was hung), so the swap is counted net."""
    if reply.to_square != move.to_square or not board.is_capture(move):
        return 0
    return VALUE[chess.PAWN] if board.is_en_passant(move) else VALUE[board.piece_type_at(move.to_square)]


# ---------------------------------------------------------------- analysis with a cache

class Analyser:
    def __init__(self, path, depth, threads, hash_mb, cache_path):
        self.depth, self.cache_path = depth, cache_path
        self.cache, self.new = {}, 0
        if cache_path and os.path.exists(cache_path):
            with open(cache_path) as f:
                for n, line in enumerate(f, 1):
                    if not line.strip():
                        continue
                    try:
                        e = json.loads(line)
                        self.cache[(e["fen"], e["depth"])] = Eval(e.get("cp"), e.get("mate"), e.get("best"))
                    except (ValueError, KeyError, TypeError) as err:
                        sys.exit(f"{cache_path}:{n}: not a cache line ({err})")
        self.out = open(cache_path, "a") if cache_path else None
        self.engine = None
        self.path, self.threads, self.hash_mb = path, threads, hash_mb

    def evaluate(self, board):
        """The evaluation of `board` from the side to move, with Stockfish's best move."""
        if board.is_checkmate():
            return Eval(mate=-1)  # the side to move is mated: as bad as it gets
        if board.is_stalemate() or board.is_insufficient_material():
            return Eval(cp=0)
        fen = board.fen()
        key = (fen, self.depth)
        if key in self.cache:
            return self.cache[key]
        if self.engine is None:
            try:
                self.engine = chess.engine.SimpleEngine.popen_uci(self.path)
                self.engine.configure({"Threads": self.threads, "Hash": self.hash_mb})
            except (OSError, chess.engine.EngineError) as e:
                sys.exit(f"--stockfish {self.path}: {e}")
        # From the FEN alone: the same key always means the same question.
        info = self.engine.analyse(chess.Board(fen), chess.engine.Limit(depth=self.depth))
        score = info["score"].relative
        best = info.get("pv", [None])[0]
        e = Eval(score.score(), score.mate(), best.uci() if best else None)
        self.cache[key] = e
        if self.out:
            rec = {"fen": fen, "depth": self.depth, "best": e.best}
            rec["mate" if e.mate is not None else "cp"] = e.mate if e.mate is not None else e.cp
            self.out.write(json.dumps(rec) + "\n")
            self.out.flush()
        self.new += 1
        return e

    def close(self):
        if self.engine:
            self.engine.quit()
        if self.out:
            self.out.close()


# ---------------------------------------------------------------- per player tallies

def new_tally():
    return {"games": 0, "moves": 0, "cpl": 0, "acc": [], "blunder": 0, "mistake": 0, "inaccuracy": 0,
            "hung": 0, "deeper": 0,
            "level": [0, 0], "behind": [0, 0], "ahead": [0, 0]}  # [blunders, moves]


def describe(ev):
    return f"#{ev.mate}" if ev.mate is not None else f"{ev.cp / 100:+.2f}"


def judge_game(game, analyser, from_ply, wanted, tallies, show=None):
    """Judge the selected players' moves of one game into `tallies`; with `show` (a list),
    add a line per blunder."""
    board = game.board()
    moves = list(game.mainline_moves())
    white, black = game.headers.get("White", "?"), game.headers.get("Black", "?")
    names = {chess.WHITE: white, chess.BLACK: black}
    judged = {c for c in (chess.WHITE, chess.BLACK) if wanted is None or names[c] in wanted}
    if not judged or len(moves) <= from_ply:
        return
    boards = []  # positions P_from .. P_end
    for i, m in enumerate(moves):
        if i >= from_ply:
            boards.append(board.copy(stack=False))
        board.push(m)
    boards.append(board.copy(stack=False))
    evals = [analyser.evaluate(b) for b in boards]
    wins_white = [e.win_percent() if b.turn == chess.WHITE else e.flip().win_percent()
                  for e, b in zip(evals, boards)]
    acc_moves = {chess.WHITE: [], chess.BLACK: []}
    for i in range(len(boards) - 1):
        mover = boards[i].turn
        if mover not in judged:
            continue
        t = tallies.setdefault(names[mover], new_tally())
        before, after = evals[i], evals[i + 1].flip()  # both from the mover's side
        drop = before.wc_judge() - after.wc_judge()
        t["moves"] += 1
        t["cpl"] += max(0, before.clamped_cp() - after.clamped_cp())
        acc_moves[mover].append((i, move_accuracy(before.win_percent(), after.win_percent())))
        cp = before.clamped_cp()
        standing = "level" if abs(cp) < 100 else "behind" if cp <= -300 else "ahead" if cp >= 300 else None
        if standing:
            t[standing][1] += 1
        if drop >= 0.3:
            t["blunder"] += 1
            if standing:
                t[standing][0] += 1
            refutation = evals[i + 1].best
            reply = chess.Move.from_uci(refutation) if refutation else None
            after_board = boards[i + 1]
            hung = bool(reply and after_board.is_capture(reply)
                        and see(after_board, reply) - own_capture(boards[i], moves[from_ply + i], reply) >= 300)
            t["hung" if hung else "deeper"] += 1
            if show is not None:
                b = boards[i]
                show.append(f"{names[mover]}: {white} - {black}, {b.fullmove_number}{'.' if mover else '...'} "
                            f"{b.san(moves[from_ply + i])} ({describe(before)} -> {describe(after)}), "
                            f"best {b.san(chess.Move.from_uci(before.best)) if before.best else '?'}, "
                            f"refuted by {after_board.san(reply) if reply else '?'}: {'hung piece' if hung else 'deeper'}")
        elif drop >= 0.2:
            t["mistake"] += 1
        elif drop >= 0.1:
            t["inaccuracy"] += 1
    for c in judged:
        t = tallies.setdefault(names[c], new_tally())
        ga = game_accuracy(wins_white if c == chess.WHITE else [100 - w for w in wins_white], acc_moves[c])
        if ga is not None:
            t["games"] += 1
            t["acc"].append(ga)


def read_games(path):
    """Yield each game of the file, exiting with file:line on an unreadable one."""
    try:
        f = open(path, encoding="utf-8-sig")
    except OSError as e:
        sys.exit(f"{path}: {e.strerror}")
    with f:
        n = 0
        while True:
            offset = f.tell()
            try:
                game = chess.pgn.read_game(f)
            except (ValueError, UnicodeDecodeError) as e:
                sys.exit(f"{path}: game {n + 1}: {e}")
            if game is None:
                return
            n += 1
            if game.errors:
                with open(path, "rb") as raw:
                    line = raw.read(offset).count(b"\n") + 1
                sys.exit(f"{path}:{line}: game {n} (it starts on this line): {game.errors[0]}")
            yield game


def table(name, t):
    g, m = t["games"], t["moves"]

    def per_game(k):
        return f"{t[k] / g:.2f}" if g else "-"

    def rate(k, label):
        b, n = t[k]
        return f"| blunders per move {label} | {100 * b / n:.1f}% ({b} of {n})" if n else f"| blunders per move {label} | - (0 moves)"

    acc = f"{sum(t['acc']) / len(t['acc']):.1f}%" if t["acc"] else "-"
    rows = [f"### {name}", "", "| measure | value |", "|---|---|",
            f"| games | {g} |", f"| moves judged | {m} |",
            f"| ACPL | {t['cpl'] / m:.1f} |" if m else "| ACPL | - |",
            f"| accuracy | {acc} |",
            f"| blunders/game | {per_game('blunder')} |", f"| mistakes/game | {per_game('mistake')} |",
            f"| inaccuracies/game | {per_game('inaccuracy')} |", f"| hung pieces/game | {per_game('hung')} |",
            f"| deeper blunders/game | {per_game('deeper')} |",
            rate("level", "when level (abs cp < 100)") + " |",
            rate("behind", "when behind (cp <= -300)") + " |",
            rate("ahead", "when ahead (cp >= 300)") + " |"]
    return "\n".join(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 epilog="example: python3 tools/error-profile.py /tmp/cal.pgn --player \"huo L3\" "
                                        "--depth 12 --cache /tmp/evals.jsonl")
    ap.add_argument("pgn", nargs="+", help="PGN file(s)")
    ap.add_argument("--player", action="append", help="a White/Black tag to judge, exactly (repeatable; default all)")
    ap.add_argument("--from-ply", type=int, default=16, help="judge moves from this ply on (default 16)")
    ap.add_argument("--depth", type=int, default=12, help="Stockfish depth, at least 10 (default 12)")
    ap.add_argument("--stockfish", default="/usr/games/stockfish", help="Stockfish command")
    ap.add_argument("--threads", type=int, default=1, help="Stockfish threads (default 1)")
    ap.add_argument("--hash", type=int, default=64, help="Stockfish hash, MB (default 64)")
    ap.add_argument("--cache", help="JSON-lines file of evaluations per FEN and depth, read and extended")
    ap.add_argument("--show-blunders", action="store_true", help="also list every blunder (move, evals, refutation)")
    a = ap.parse_args()
    if a.depth < 10:
        ap.error(f"--depth {a.depth}: at least 10 (shallower searches misjudge too many moves)")
    if a.from_ply < 0:
        ap.error("--from-ply must be >= 0")
    if a.threads < 1 or a.hash < 1:
        ap.error("--threads and --hash must be at least 1")
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)  # we report PGN errors ourselves
    wanted = set(a.player) if a.player else None
    analyser = Analyser(a.stockfish, a.depth, a.threads, a.hash, a.cache)
    tallies, seen = {}, set()
    shown = [] if a.show_blunders else None
    try:
        for path in a.pgn:
            for game in read_games(path):
                seen.update((game.headers.get("White", "?"), game.headers.get("Black", "?")))
                judge_game(game, analyser, a.from_ply, wanted, tallies, shown)
    finally:
        analyser.close()
    if wanted:
        for p in sorted(wanted - seen):
            print(f"note: no games of {p!r} (players: {', '.join(sorted(seen))})", file=sys.stderr)
    print(f"Stockfish depth {a.depth}, moves from ply {a.from_ply}; {analyser.new} positions analysed, "
          f"the rest from the cache\n")
    for name in sorted(tallies):
        print(table(name, tallies[name]))
        print()
    if shown:
        print("blunders:")
        for line in shown:
            print("- " + line)
    if not tallies:
        sys.exit("nothing judged (no matching player, or games shorter than --from-ply)")


if __name__ == "__main__":
    main()
