#!/usr/bin/env python3
"""Measures each level's Elo on Stockfish's UCI_Elo scale: plays a schedule, fits ratings.

Method. Every game of the PGN file(s) counts. The ratings of all players that are not
anchors are fitted jointly by maximum likelihood under the logistic (Elo) model: a player
rated Ra expects 1/(1+10^(-(Ra-Rb)/400)) against Rb, a draw counting as half a point; the
anchors' ratings are fixed (--anchor). The fit is Newton's method on the log-likelihood; the
95% margin of each rating is 1.96*sqrt(var), var from the inverse of the Fisher information
matrix at the fit (the covariance of the estimates). Because the fit is joint, a chain works:
a level below the weakest anchor (Stockfish's UCI_Elo stops at 1350) is measured through its
games with other levels, or with a weakened Phalanx/GNU Chess/Fairy-Max whose own rating is
fitted too; the uncertainty of every link carries down the chain through the covariance, so a
rating far from the anchors gets a wider margin. (Draws make the real variance a little
smaller than the model's: the margins are slightly conservative.) A player that won or lost
all its games has no finite estimate; it is shown as a bound (above/below its opponents) and
left out, unless --prior-draws D adds D virtual draws to every pair that met. Stockfish's
README: UCI_Elo "has been calibrated at a time control of 60s+0.6s and anchored to CCRL
40/4"; at faster controls its weak settings play somewhat differently, so say which control
a number was measured at.

Players. --player "NAME=PROTOCOL:COMMAND[:OPTIONS]" (repeatable); NAME is what the PGN's
White/Black tags say; the command ends at the last ':'. OPTIONS are comma-separated:
  uci:     NAME=VALUE sets a UCI option. OwnBook=false is set for an engine that has it,
           unless given (the openings file decides the openings).
  xboard:  CMD=ARG sends `CMD ARG` after every `new` (e.g. sd=2 -> `sd 2`), a bare CMD sends CMD.
  both:    depth=N is ours, not the engine's: every search is also capped at depth N
           (UCI `go wtime ... depth N`; XBoard `sd N` before each move), the clock still runs.
Weakened peers, for a ladder below 1350 (each checked against its documentation):
  Stockfish 15.1   uci:/usr/games/stockfish:UCI_LimitStrength=true,UCI_Elo=1350   (1350..2850;
                   below that only `Skill Level=0..20`, which is not calibrated)
  Phalanx XXV      flags on the command line (`phalanx --help`, /usr/share/doc/phalanx/README):
                   -e N easy level 1..99 (human-like blunders, more with higher N; also drops
                   the speed to 100-300 nodes/s unless -n, hash off, 10-60 cp root noise unless
                   -z), -n NPS a speed limit (>= 100), -z CP root-move noise, -b- no book,
                   -l- learning off (this build learns by default, into a file: pass -l-).
                   xboard:/usr/games/phalanx -l- -b- -e 40
                   Its easy levels think in steps of 0.1 s whatever the clock: it loses on time
                   at 2+0.02; use 10s+0.1s or slower.
  GNU Chess 6.2.7  uci:/usr/games/gnuchess --uci:depth=2     (our depth cap; its UCI options
                   can also scale evaluation terms: Material, King Safety, Pawn Structure...).
                   Its XBoard mode (-x) declares no protocol features, which python-chess
                   refuses: use --uci.
  Fairy-Max 5.0b   xboard:/usr/games/fairymax:sd=2           (depth limit; Resign is off by default)
                   It cannot be given a position (setboard=0); that is fine here, as games start
                   from the initial position and the opening is played as moves.

    python3 tools/calibrate.py --pgn /tmp/cal.pgn --tc 10s+0.1s --bench-signature "$(git rev-parse --short HEAD)" \\
        --player "sf1350=uci:/usr/games/stockfish:UCI_LimitStrength=true,UCI_Elo=1350" \\
        --player "huo L3=uci:target/release/huo-chess uci:Level=3" \\
        --player "fmax sd2=xboard:/usr/games/fairymax:sd=2" \\
        --pair "huo L3:sf1350:40" --pair "huo L3:fmax sd2:40" --pair "fmax sd2:sf1350:40" \\
        --anchor sf1350=1350
    python3 tools/calibrate.py --fit-only /tmp/cal.pgn more.pgn --anchor sf1350=1350

Playing: each pair plays its games from tools/openings.txt (each opening twice, colours
swapped; a pair continues in the opening list where its games in --pgn stop, so calibration
can span sessions), the pairs interleaved two games at a time; each game is appended to --pgn
at once with tags White, Black, Result, Termination, TimeControl, HuoBench (the
--bench-signature), WhiteSpec/BlackSpec (the player strings) and OpeningIndex. One line per
finished game; crashes, illegal moves and time losses lose the game and are counted and
named per player. Then the fit over the whole --pgn file. Run it from a folder where the
engines find their configuration (Huo Chess reads ./config/huo.toml if present).
Needs python-chess (`pip install chess`).
"""
import argparse, datetime, math, os, sys, threading
from concurrent.futures import ThreadPoolExecutor

import chess, chess.pgn

sys.dont_write_bytecode = True  # no __pycache__ in tools/ from importing matchlib
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import matchlib  # noqa: E402
from matchlib import Control, EngineSpec, SpecError  # noqa: E402

K = math.log(10) / 400  # d/dR of the log-odds of the expected score


def expected(diff):
    return 1 / (1 + 10 ** (-diff / 400))


# ---------------------------------------------------------------- command line

def parse_player(text):
    """NAME=PROTOCOL:COMMAND[:OPTIONS] -> (EngineSpec, depth cap or None)."""
    where = f"--player {text!r}"
    name, sep, rest = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise SpecError(f"{where}: expected NAME=PROTOCOL:COMMAND[:OPTIONS]")
    if ":" in name:
        raise SpecError(f"{where}: a name cannot contain ':' (--pair uses it)")
    proto, sep, rest = rest.partition(":")
    proto = proto.strip().lower()
    if not sep or not rest.strip():
        raise SpecError(f"{where}: expected PROTOCOL:COMMAND after the name")
    cmd, _, opts = rest.rpartition(":") if ":" in rest else (rest, "", "")
    options, depth = {}, None
    for item in [t.strip() for t in opts.split(",") if t.strip()]:
        k, eq, v = item.partition("=")
        k, v = k.strip(), v.strip()
        if k == "depth":  # ours, not the engine's: a depth cap on every search
            try:
                depth = int(v)
            except ValueError:
                raise SpecError(f"{where}: depth={v!r} is not a number")
            if depth < 1:
                raise SpecError(f"{where}: depth must be at least 1")
            continue
        if proto == "uci" and not eq:
            raise SpecError(f"{where}: UCI option {item!r} is not NAME=VALUE")
        options[k] = v if eq else None
    spec = EngineSpec(name, proto, cmd.strip(), options)
    spec.text = f"{proto}:{rest.strip()}"  # as given, for the PGN's WhiteSpec/BlackSpec tags
    return spec, depth


def parse_pair(text):
    parts = text.rsplit(":", 2)
    if len(parts) != 3:
        raise SpecError(f"--pair {text!r}: expected A:B:GAMES")
    a, b, n = (p.strip() for p in parts)
    try:
        n = int(n)
    except ValueError:
        raise SpecError(f"--pair {text!r}: {n!r} is not a number of games")
    if n < 1 or a == b:
        raise SpecError(f"--pair {text!r}: needs two different players and at least one game")
    return a, b, n


def parse_anchor(text):
    name, sep, val = text.rpartition("=")
    try:
        return name.strip(), float(val)
    except ValueError:
        raise SpecError(f"--anchor {text!r}: expected NAME=ELO")


# ---------------------------------------------------------------- reading games

def line_of(path, offset):
    """The line number at a byte offset of a file (for error messages)."""
    with open(path, "rb") as f:
        return f.read(offset).count(b"\n") + 1


def read_results(paths, only_bench=None):
    """[(white, black, white's points)] of every finished game in the PGN files, plus the
    HuoBench signatures seen; exits naming file and line on a malformed game."""
    games, benches, unfinished = [], {}, 0
    for path in paths:
        try:
            f = open(path, encoding="utf-8-sig")
        except OSError as e:
            sys.exit(f"{path}: {e.strerror}")
        with f:
            n = 0
            while True:
                offset = f.tell()
                try:
                    h = chess.pgn.read_headers(f)
                except (ValueError, UnicodeDecodeError) as e:
                    sys.exit(f"{path}:{line_of(path, offset)}: cannot read game {n + 1}: {e}")
                if h is None:
                    break
                n += 1
                bench = h.get("HuoBench", "")
                if only_bench is not None and bench != only_bench:
                    continue
                w, b, r = h.get("White", "?"), h.get("Black", "?"), h.get("Result", "*")
                if r == "*":
                    unfinished += 1
                    continue
                points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(r)
                if points is None:
                    sys.exit(f"{path}:{line_of(path, offset)}: game {n} (it starts on this line): Result {r!r} is not 1-0, 0-1, 1/2-1/2 or *")
                if w in ("", "?") or b in ("", "?") or w == b:
                    sys.exit(f"{path}:{line_of(path, offset)}: game {n} (it starts on this line): needs two named players (White {w!r}, Black {b!r})")
                games.append((w, b, points))
                benches[bench] = benches.get(bench, 0) + 1
    return games, benches, unfinished


# ---------------------------------------------------------------- the fit

def invert(m):
    """Inverse of a small symmetric positive-definite matrix (Gauss-Jordan, partial pivoting)."""
    n = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(m)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        if abs(a[p][c]) < 1e-15:
            raise ZeroDivisionError("singular information matrix")
        a[c], a[p] = a[p], a[c]
        piv = a[c][c]
        a[c] = [x / piv for x in a[c]]
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [row[n:] for row in a]


def fit(games, anchors, prior_draws=0.0):
    """Joint maximum-likelihood ratings. Returns (ratings, margins, notes, pair table)."""
    # Aggregate by unordered pair: games and the first player's points.
    pairs = {}
    for w, b, p in games:
        key = (w, b) if w < b else (b, w)
        pts = p if w == key[0] else 1 - p
        g, s = pairs.get(key, (0.0, 0.0))
        pairs[key] = (g + 1, s + pts)
    real_pairs = dict(pairs)
    if prior_draws:
        pairs = {k: (g + prior_draws, s + prior_draws / 2) for k, (g, s) in pairs.items()}
    players = sorted({x for k in pairs for x in k})
    notes = []

    def linked(edges):
        """Players joined to an anchor by a chain of games along `edges`."""
        nbrs = {}
        for a, b in edges:
            nbrs.setdefault(a, set()).add(b)
            nbrs.setdefault(b, set()).add(a)
        reached = {a for a in anchors if a in nbrs}
        todo = list(reached)
        while todo:
            for q in nbrs[todo.pop()]:
                if q not in reached:
                    reached.add(q)
                    todo.append(q)
        return reached

    # Only players linked to an anchor through games can be placed on the scale; and a
    # perfect (or zero) score has no finite maximum. Taking such a player out can cut
    # another one loose or make its score perfect, so repeat until nothing changes.
    ever = linked(pairs)
    for p in players:
        if p not in ever:
            notes.append(f"{p}: not connected to any anchor through games; no rating")
    free = [p for p in players if p in ever and p not in anchors]
    bounds = {}
    while True:
        live = [k for k in pairs if k[0] not in bounds and k[1] not in bounds]
        reached = linked(live)
        for p in [p for p in free if p not in reached]:
            notes.append(f"{p}: linked to the anchors only through players without a finite rating; no rating")
            free.remove(p)
        if prior_draws:
            break
        tot = {p: [0.0, 0.0] for p in free}
        for a, b in live:
            g, s = pairs[(a, b)]
            if a in tot:
                tot[a][0] += g
                tot[a][1] += s
            if b in tot:
                tot[b][0] += g
                tot[b][1] += g - s
        perfect = [p for p in free if tot[p][1] in (0.0, tot[p][0])]
        if not perfect:
            break
        for p in perfect:
            bounds[p] = "above" if tot[p][1] else "below"
            free.remove(p)

    rating = dict(anchors)
    start = sum(anchors.values()) / len(anchors)
    for p in free:
        rating[p] = start
    idx = {p: i for i, p in enumerate(free)}
    use = {k: v for k, v in pairs.items() if k[0] in rating and k[1] in rating}

    def info_and_gradient():
        n = len(free)
        info = [[0.0] * n for _ in range(n)]
        grad = [0.0] * n
        for (a, b), (g, s) in use.items():
            e = expected(rating[a] - rating[b])
            w = K * K * g * e * (1 - e)  # Fisher information of this pairing
            d = K * (s - g * e)          # gradient of the log-likelihood for a
            ia, ib = idx.get(a), idx.get(b)
            if ia is not None:
                grad[ia] += d
                info[ia][ia] += w
            if ib is not None:
                grad[ib] -= d
                info[ib][ib] += w
            if ia is not None and ib is not None:
                info[ia][ib] -= w
                info[ib][ia] -= w
        return info, grad

    margins = {}
    if free:
        # Newton's method: step = I^-1 * gradient. It converges in a few steps when a finite
        # maximum exists; when a group of players won (or lost) every game against the rest,
        # their ratings drift off without bound and the information matrix vanishes.
        converged = False
        try:
            for _ in range(200):
                info, grad = info_and_gradient()
                cov = invert(info)
                step = [sum(cov[i][j] * grad[j] for j in range(len(free))) for i in range(len(free))]
                biggest = max(abs(x) for x in step)
                scale = min(1.0, 300 / biggest) if biggest else 1.0  # damped: at most 300 Elo a step
                for p, i in idx.items():
                    rating[p] += scale * step[i]
                if biggest < 1e-6:
                    converged = True
                    break
                if max(abs(rating[p] - start) for p in free) > 6000:
                    break
            if converged:
                info, _ = info_and_gradient()
                cov = invert(info)  # the covariance of the fitted ratings
        except ZeroDivisionError:
            converged = False
        if converged:
            for p, i in idx.items():
                margins[p] = 1.96 * math.sqrt(max(cov[i][i], 0.0))
        else:
            drift = sorted(free, key=lambda p: -abs(rating[p] - start))
            notes.append("no finite maximum-likelihood fit: a group of players won or lost every game "
                         f"against the rest (drifting most: {', '.join(drift[:4])}); play more games "
                         "across the gap, or use --prior-draws 1")
            for p in free:
                del rating[p]
    for p, side in bounds.items():
        opp = [rating[b if a == p else a] for (a, b) in real_pairs if p in (a, b) and (b if a == p else a) in rating]
        where = f"{side} {max(opp) if side == 'above' else min(opp):.0f}" if opp else side + " its opponents"
        notes.append(f"{p}: {'won' if side == 'above' else 'lost'} every game: rating {where}, no finite "
                     "estimate (more games against stronger/weaker players, or --prior-draws 1)")
    return rating, margins, notes, real_pairs


def report_fit(paths, anchors, prior_draws, only_bench):
    games, benches, unfinished = read_results(paths, only_bench)
    print(f"\nElo fit over {len(games)} games from {', '.join(paths)}"
          + (f" (HuoBench {only_bench!r} only)" if only_bench is not None else "")
          + (f"; {unfinished} unfinished skipped" if unfinished else ""))
    if not games:
        sys.exit("no finished games to fit")
    print("HuoBench signatures: " + ", ".join(f"{k or '(none)'} {v}" for k, v in sorted(benches.items())))
    names = {x for w, b, _ in games for x in (w, b)}
    for a in anchors:
        if a not in names:
            print(f"note: anchor {a!r} has no games in these files")
    rating, margins, notes, pairs = fit(games, anchors, prior_draws)
    stat = {}
    for w, b, p in games:
        for who, pts in ((w, p), (b, 1 - p)):
            g, s = stat.get(who, (0, 0.0))
            stat[who] = (g + 1, s + pts)
    width = max(len(n) for n in names) + 2
    print(f"maximum likelihood, logistic model, anchors fixed{f', {prior_draws:g} virtual draws per pair' if prior_draws else ''}")
    print(f"{'player':<{width}}{'Elo':>7}{'95%':>10}{'games':>8}{'score':>9}")
    order = sorted((p for p in names if p in rating), key=lambda p: -rating[p])
    for p in order:
        g, s = stat[p]
        m = "anchor" if p in anchors else f"± {margins[p]:.0f}"
        print(f"{p:<{width}}{rating[p]:>7.0f}{m:>10}{g:>8}{100 * s / g:>8.1f}%")
    for p in sorted(names - set(order)):
        g, s = stat[p]
        print(f"{p:<{width}}{'-':>7}{'-':>10}{g:>8}{100 * s / g:>8.1f}%")
    for n in notes:
        print("note: " + n)
    print("pairs:")
    for (a, b), (g, s) in sorted(pairs.items()):
        print(f"  {a} - {b}: {g:.0f} games, {a} {s:g}-{g - s:g} ({100 * s / g:.1f}%)")


# ---------------------------------------------------------------- playing

def count_existing(path):
    """Games already in the PGN file per unordered pair (so a new session continues)."""
    counts = {}
    if not path or not os.path.exists(path):
        return counts
    games, _, _ = read_results([path])
    for w, b, _ in games:
        key = frozenset((w, b))
        counts[key] = counts.get(key, 0) + 1
    return counts


def play_schedule(a, specs, depths, pairs):
    base, inc = matchlib.parse_tc(a.tc)
    openings = matchlib.read_openings(a.openings)
    done_before = count_existing(a.pgn)
    # One list of games per pair; then interleave them two at a time (an opening, both colours).
    queues = []
    for x, y, n in pairs:
        start = done_before.get(frozenset((x, y)), 0) if a.skip is None else 2 * a.skip
        q = []
        for g in range(start, start + n):
            white, black = (x, y) if g % 2 == 0 else (y, x)
            q.append((x, y, g, (g // 2) % len(openings), white, black))
        queues.append(q)
    schedule = []
    while any(queues):
        for q in queues:
            schedule.extend(q[:2])
            del q[:2]
    if not a.bench_signature:
        print("warning: no --bench-signature; the games get HuoBench \"unknown\"", file=sys.stderr)
    bench = a.bench_signature or "unknown"
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y.%m.%d")
    stats = {p: matchlib.new_stats() for p in specs}
    tally = {}  # (x, y) -> [w, d, l] for x
    lock = threading.Lock()
    local = threading.local()
    every = []
    finished = [0]
    try:
        out = open(a.pgn, "a")
    except OSError as e:
        sys.exit(f"{a.pgn}: {e.strerror}")

    def engine(name):
        cache = local.__dict__.setdefault("engines", {})
        if name not in cache:
            cache[name] = specs[name].open()
            with lock:
                every.append(cache[name])
        return cache[name]

    def one(item):
        x, y, g, op, white, black = item
        engines = [engine(white), engine(black)]
        controls = [Control(base, inc, depth=depths[white]), Control(base, inc, depth=depths[black])]
        board = chess.Board()
        for u in openings[op].split():
            board.push_uci(u)
        mine = {white: matchlib.new_stats(), black: matchlib.new_stats()}
        game, result, reason, crashed = matchlib.play_game(board, engines, [white, black], controls, mine)
        for side in crashed:  # a crashed engine is started afresh for the next game
            dead = local.engines.pop([white, black][side])
            matchlib.close_all([dead])
        game.headers.update({"Event": "Huo calibration", "Date": today, "Round": str(g + 1),
                             "TimeControl": a.tc, "HuoBench": bench,
                             "WhiteSpec": specs[white].text, "BlackSpec": specs[black].text,
                             "OpeningIndex": str(op)})
        with lock:
            for nm in (white, black):
                matchlib.merge_stats(stats[nm], mine[nm])
            print(game, file=out, end="\n\n")
            out.flush()
            t = tally.setdefault((x, y), [0, 0, 0])
            xp = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
            xp = xp if white == x else 1 - xp
            t[0 if xp == 1 else 1 if xp == 0.5 else 2] += 1
            finished[0] += 1
            n = sum(t)
            print(f"game {finished[0]}/{len(schedule)}  {white} - {black}  {result} ({reason})   "
                  f"{x} vs {y}: +{t[0]} ={t[1]} -{t[2]}  {100 * (t[0] + t[1] / 2) / n:.1f}%", flush=True)

    try:
        with ThreadPoolExecutor(max_workers=max(1, a.concurrency)) as pool:
            for f in [pool.submit(one, item) for item in schedule]:
                f.result()
    except SpecError as e:
        sys.exit(f"calibrate.py: {e}")
    finally:
        matchlib.close_all(every)
        out.close()
    print()
    for nm, st in stats.items():
        if st["moves"]:
            print(f"{nm}: {1000 * st['time'] / st['moves']:.0f} ms/move over {st['moves']} moves; "
                  f"time losses {st['flags']}; errors {len(st['errors'])} {st['errors'][:3]}")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 epilog="See the module docstring (head -60 tools/calibrate.py) for the method, "
                                        "the player syntax and how to weaken Phalanx, GNU Chess and Fairy-Max.")
    ap.add_argument("--player", action="append", default=[], metavar="NAME=PROTO:CMD[:OPTS]",
                    help="a player (repeatable), e.g. \"sf1350=uci:/usr/games/stockfish:UCI_LimitStrength=true,UCI_Elo=1350\"")
    ap.add_argument("--pair", action="append", default=[], metavar="A:B:GAMES", help="play GAMES games between A and B (repeatable)")
    ap.add_argument("--anchor", action="append", default=[], metavar="NAME=ELO", help="a player with a fixed rating (repeatable)")
    ap.add_argument("--pgn", help="PGN file the games are appended to; the fit reads all of it")
    ap.add_argument("--fit-only", nargs="+", metavar="FILE", help="only fit the games of these PGN files")
    ap.add_argument("--tc", default="10s+0.1s", help="base+increment, a unit on each number (default 10s+0.1s)")
    ap.add_argument("--openings", default=os.path.join(here, "openings.txt"), help="openings, one line of UCI moves each")
    ap.add_argument("--skip", type=int, default=None,
                    help="start every pair at this opening (default: where the pair's games in --pgn stop)")
    ap.add_argument("--bench-signature", help="written to each game's HuoBench tag (e.g. the engine's bench or commit)")
    ap.add_argument("--only-bench", metavar="SIG", help="fit only games whose HuoBench tag is SIG")
    ap.add_argument("--prior-draws", type=float, default=0.0,
                    help="virtual draws added to every pair that met (default 0: the plain maximum likelihood)")
    ap.add_argument("--concurrency", type=int, default=1, help="games played at once (<= cores)")
    a = ap.parse_args()
    matchlib.quiet_engine_logs()
    try:
        anchors = dict(parse_anchor(t) for t in a.anchor)
        if not anchors:
            raise SpecError("give at least one --anchor NAME=ELO (e.g. --anchor sf1350=1350)")
        if a.prior_draws < 0:
            raise SpecError("--prior-draws must be >= 0")
        if a.fit_only:
            if a.pair or a.player:
                raise SpecError("--fit-only plays nothing: drop --pair/--player")
            report_fit(a.fit_only, anchors, a.prior_draws, a.only_bench)
            return
        if not a.pair:
            raise SpecError("nothing to play: give --pair A:B:GAMES (or --fit-only FILE)")
        if not a.pgn:
            raise SpecError("give --pgn FILE: the games are appended there and the fit reads it")
        specs, depths = {}, {}
        for t in a.player:
            spec, depth = parse_player(t)
            if spec.name in specs:
                raise SpecError(f"--player: {spec.name!r} given twice")
            specs[spec.name], depths[spec.name] = spec, depth
        pairs = [parse_pair(t) for t in a.pair]
        for x, y, _ in pairs:
            for p in (x, y):
                if p not in specs:
                    raise SpecError(f"--pair {x}:{y}: no --player named {p!r} (players: {', '.join(specs) or 'none'})")
        for p in {q for x, y, _ in pairs for q in (x, y)}:  # fail early on a wrong command or option
            matchlib.close_all([specs[p].open()])
    except SpecError as e:
        sys.exit(f"calibrate.py: {e}")
    play_schedule(a, specs, depths, pairs)
    report_fit([a.pgn], anchors, a.prior_draws, a.only_bench)


if __name__ == "__main__":
    main()
