"""Shared game-playing code for the match tools (uci-match.py, calibrate.py, endings.py).

A game is played by python-chess between two engine processes, with a real clock per side
(the time an engine takes is measured around each move; a flag fall loses) or a fixed limit
per move (a move time or a depth). Crashes, illegal moves, engine errors, resignations and
time losses end the game and are counted and named in per-player statistics.

Players are described by an `EngineSpec`: a protocol (UCI or XBoard/CECP), a command line,
options, and for XBoard engines raw init commands sent after every `new` (for example `sd 2`,
a depth limit, which the protocol resets at each new game).

Not a script: `import matchlib` from a script in this folder (the scripts add their own
folder to sys.path). Needs python-chess (`pip install chess`).
"""
import logging, math, re, shlex, sys, time
import chess, chess.engine, chess.pgn


class SpecError(Exception):
    """A player, option or file the user gave is wrong; the message says which."""


def quiet_engine_logs():
    """XBoard engines print chatter (`tellics ...`) that python-chess logs as warnings."""
    logging.getLogger("chess.engine").setLevel(logging.ERROR)


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
    """The Elo difference that the logistic model expects for a score fraction."""
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def elo_with_margin(w, d, l):
    """Elo difference of W/D/L and the half-width of its 95% interval (normal approximation
    of the mean score per game, mapped through the logistic curve)."""
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


def new_stats():
    """What one player did in some games: time used, moves, time per phase, losses on time,
    and a named list of its errors (crashes, illegal moves)."""
    return {"time": 0.0, "moves": 0, "phase": {}, "flags": 0, "errors": []}


def merge_stats(into, mine):
    into["time"] += mine["time"]
    into["moves"] += mine["moves"]
    into["flags"] += mine["flags"]
    into["errors"] += mine["errors"]
    for k, (t, c) in mine["phase"].items():
        into["phase"].setdefault(k, [0.0, 0])
        into["phase"][k][0] += t
        into["phase"][k][1] += c


def parse_options(text, where):
    """`K=V,K=V` (or a list of `K=V`) into an ordered dict; `where` names the source in errors."""
    items = text if isinstance(text, list) else [t for t in text.split(",") if t.strip()]
    out = {}
    for item in items:
        if "=" not in item:
            raise SpecError(f"{where}: option {item!r} is not NAME=VALUE")
        k, v = item.split("=", 1)
        out[k.strip()] = v.strip()
    return out


class XBoardWithInit(chess.engine.XBoardProtocol):
    """python-chess's XBoard protocol, plus two things the weakened peers need.

    1. Init commands (`init_lines`, set per player by `xboard_protocol`) are sent right after
       every `new`, because `new` clears search limits such as `sd` (CECP spec).
    2. python-chess refuses engines that declare `setboard=0` (Fairy-Max does: it sets up
       positions with `edit`). Our games always start from the initial position and reach the
       opening by moves, so setboard is never needed: we accept such an engine and remember
       that it cannot take a position (`play_game` refuses to give it one)."""
    init_lines = ()
    no_setboard = False

    def send_line(self, line):
        super().send_line(line)
        if line == "new":
            for extra in self.init_lines:
                super().send_line(extra)

    def _line_received(self, line):
        if line.startswith("feature") and "setboard=0" in line:
            self.no_setboard = True
            line = line.replace("setboard=0", "setboard=1")
        super()._line_received(line)


def xboard_protocol(init_lines):
    return type("XBoardPlayer", (XBoardWithInit,), {"init_lines": tuple(init_lines)})


class EngineSpec:
    """How to start one player.

    protocol: "uci" or "xboard"; command: a shell-like command line;
    options: for UCI, setoption NAME=VALUE pairs; for XBoard, raw init commands as
    NAME=ARG (sent as `NAME ARG` after each `new`, e.g. sd=2 -> `sd 2`) or bare NAME.
    A UCI engine that has OwnBook gets OwnBook=false unless the options say otherwise
    (the games' openings come from our opening file)."""

    def __init__(self, name, protocol, command, options=None, no_book=True):
        if protocol not in ("uci", "xboard"):
            raise SpecError(f"player {name!r}: protocol must be uci or xboard, not {protocol!r}")
        self.name, self.protocol, self.command = name, protocol, command
        self.options = dict(options or {})
        self.no_book = no_book
        try:
            self.argv = shlex.split(command)
        except ValueError as e:
            raise SpecError(f"player {name!r}: command {command!r}: {e}")
        if not self.argv:
            raise SpecError(f"player {name!r}: empty command")

    def describe(self):
        opts = ",".join(f"{k}={v}" if v is not None else k for k, v in self.options.items())
        return f"{self.protocol}:{self.command}" + (f":{opts}" if opts else "")

    def open(self):
        """Start the engine and configure it; SpecError names the player on failure."""
        try:
            if self.protocol == "uci":
                eng = chess.engine.SimpleEngine.popen_uci(self.argv, stderr=None)
                conf = dict(self.options)
                if self.no_book and "OwnBook" in eng.options and "OwnBook" not in conf:
                    conf["OwnBook"] = False
                try:
                    if conf:
                        eng.configure(conf)
                except chess.engine.EngineError:
                    eng.quit()
                    raise
            else:
                lines = [k if v is None else f"{k} {v}" for k, v in self.options.items()]
                eng = chess.engine.SimpleEngine.popen(xboard_protocol(lines), self.argv, stderr=None)
        except FileNotFoundError:
            raise SpecError(f"player {self.name!r}: command not found: {self.argv[0]}")
        except PermissionError:
            raise SpecError(f"player {self.name!r}: not executable: {self.argv[0]}")
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError) as e:
            raise SpecError(f"player {self.name!r} ({self.describe()}): {e or type(e).__name__}")
        return eng


def open_engine(cmd, opts):
    """A UCI engine from a command line and a list of NAME=VALUE options (uci-match.py)."""
    eng = chess.engine.SimpleEngine.popen_uci(shlex.split(cmd), stderr=None)
    conf = {}
    for o in opts:
        k, v = o.split("=", 1)
        conf[k] = v
    if conf:
        eng.configure(conf)
    return eng


class Control:
    """How a side is limited: a clock (base seconds + increment per move), or a fixed
    limit per move (`movetime` seconds or `depth`); `depth` may also cap a clocked side."""

    def __init__(self, base=None, inc=0.0, movetime=None, depth=None):
        self.base, self.inc, self.movetime, self.depth = base, inc, movetime, depth

    @property
    def clocked(self):
        return self.base is not None

    def __str__(self):
        if self.clocked:
            return f"{self.base:g}+{self.inc:g}" + (f" depth {self.depth}" if self.depth else "")
        return f"{1000 * self.movetime:g} ms/move" if self.movetime else f"depth {self.depth}"


def default_judge(board):
    """An arbiter that ends the game on mate, stalemate, insufficient material, and on any
    draw a player could claim (threefold repetition, fifty moves)."""
    outcome = board.outcome(claim_draw=True)
    if outcome:
        return outcome.result(), outcome.termination.name.lower()
    return None


def play_game(board, engines, names, controls, stats, judge=default_judge, max_ply=400):
    """Play on from `board` (its move stack, e.g. an opening, goes into the PGN).

    engines, names, controls: [white, black]. stats: name -> new_stats() (updated).
    judge(board) -> (result, reason) or None decides when the game is over.
    Returns (game, result, reason, crashed) where crashed lists the sides (0 white, 1 black)
    whose engine died and must be reopened before the next game."""
    board = board.copy()
    game = chess.pgn.Game.from_board(board)
    game.headers.update({"White": names[0], "Black": names[1]})
    node = game.end()
    clock = [c.base if c.clocked else None for c in controls]
    crashed = []
    for side, eng in enumerate(engines):
        if getattr(eng.protocol, "no_setboard", False) and board.root() != chess.Board():
            raise SpecError(f"player {names[side]!r} cannot be given a position (no setboard); "
                            "it can only play games from the initial position")
    while True:
        verdict = judge(board)
        if verdict:
            result, reason = verdict
            break
        side = 0 if board.turn == chess.WHITE else 1
        lose = "0-1" if side == 0 else "1-0"
        eng, ctl, st = engines[side], controls[side], stats[names[side]]
        if ctl.clocked:
            # A side without a clock of its own (fixed limit) is shown the mover's clock.
            other = clock[1 - side] if clock[1 - side] is not None else clock[side]
            oinc = controls[1 - side].inc if controls[1 - side].clocked else ctl.inc
            wc, bc = (clock[side], other) if side == 0 else (other, clock[side])
            wi, bi = (ctl.inc, oinc) if side == 0 else (oinc, ctl.inc)
            limit = chess.engine.Limit(white_clock=wc, black_clock=bc, white_inc=wi, black_inc=bi,
                                       depth=ctl.depth)
        else:
            limit = chess.engine.Limit(time=ctl.movetime, depth=ctl.depth)
        ph = phase(board)
        t0 = time.monotonic()
        try:
            r = eng.play(board, limit, game=game)
        except chess.engine.EngineTerminatedError as err:  # a subclass of EngineError: first
            st["errors"].append("crash: " + str(err))
            crashed.append(side)
            result, reason = lose, "crash"
            break
        except chess.engine.EngineError as err:  # includes illegal moves
            st["errors"].append(str(err))
            result, reason = lose, "illegal move or engine error"
            break
        used = time.monotonic() - t0
        st["time"] += used
        st["moves"] += 1
        st["phase"].setdefault(ph, [0.0, 0])
        st["phase"][ph][0] += used
        st["phase"][ph][1] += 1
        if ctl.clocked:
            clock[side] -= used
            if clock[side] < 0:
                st["flags"] += 1
                result, reason = lose, "time forfeit"
                break
            clock[side] += ctl.inc
        if r.resigned:  # XBoard engines may resign
            result, reason = lose, "resignation"
            break
        if r.move is None or r.move not in board.legal_moves:
            st["errors"].append(f"illegal {r.move} in {board.fen()}")
            result, reason = lose, "illegal move"
            break
        node = node.add_main_variation(r.move)
        board.push(r.move)
        if board.ply() > max_ply:
            result, reason = "1/2-1/2", "adjudicated: too long"
            break
    game.headers["Result"] = result
    game.headers["Termination"] = reason
    return game, result, reason, crashed


def play(engines, names, opening, base, inc, stats):
    """One game from an opening (a line of UCI moves) at base+inc for both sides:
    (game, result, reason). The form uci-match.py uses."""
    board = chess.Board()
    for u in opening.split():
        board.push_uci(u)
    game, result, reason, _ = play_game(board, engines, names, [Control(base, inc), Control(base, inc)], stats)
    return game, result, reason


def parse_tc(text, what="--tc"):
    """`10s+0.1s` or `5m+3s` -> (base, increment) in seconds. A bare number is refused, as
    `huo-chess match --tc` refuses it: `5+3` is 5 minutes to a player, 5 seconds to a tester."""
    units = {"h": 3600.0, "m": 60.0, "min": 60.0, "s": 1.0, "ms": 0.001}
    parts = text.split("+")
    if len(parts) > 2:
        sys.exit(f"{what} {text!r}: one '+' at most")
    seconds = []
    for part in parts + ["0s"] * (2 - len(parts)):
        m = re.fullmatch(r"\s*([0-9.]+)\s*([a-z]+)\s*", part.lower())
        if not m or m.group(2) not in units:
            sys.exit(f"{what} {text!r}: write each number with its unit, e.g. 10s+0.1s "
                     "(10 seconds + 0.1 s) or 5m+3s (5 minutes + 3 s)")
        try:
            seconds.append(float(m.group(1)) * units[m.group(2)])
        except ValueError:
            sys.exit(f"{what} {text!r}: {m.group(1)!r} is not a number")
    if seconds[0] <= 0:
        sys.exit(f"{what} {text!r}: the base time must be more than 0")
    return seconds[0], seconds[1]


def close_all(engines):
    """Quit engines, ignoring those already dead."""
    for e in engines:
        try:
            e.quit()
        except Exception:
            try:
                e.close()
            except Exception:
                pass
