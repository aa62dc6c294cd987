#!/bin/sh
# Book imports against Polyglot, in one run on the same data: time and peak memory.
#
#   tools/book-bench.sh [GAMES] [BIN_GAMES]
#
# 1. Compressed import: GAMES synthetic games (default 200 000; the issue asks for
#    1 000 000) written by `examples/random_games.rs`, compressed with zstd, then
#    `huo-book import-pgn FILE.pgn.zst` (20 plies, into an empty book) against
#    `zstd -dc FILE | polyglot make-book -pgn /dev/stdin -max-ply 20 -min-game 1`.
# 2. Polyglot books: `polyglot make-book` of BIN_GAMES games (default 32 500: about
#    350 000 entries), then `huo-book import-polyglot` of that .bin into an empty book and
#    `huo-book export-polyglot` of the book, against the make-book that wrote it.
#
# Prints, for each, the seconds and peak resident memory (GNU time's %M; for a pipeline the
# largest of its processes), and the ratios huo-book / polyglot. Needs polyglot, zstd and
# GNU time (`apt-get install polyglot zstd time`). The machine should be otherwise idle:
# the script prints the load average before and after.
set -eu

GAMES=${1:-200000}
BIN_GAMES=${2:-32500}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
POLYGLOT=$(command -v polyglot || echo /usr/games/polyglot)
TIME=/usr/bin/time
for tool in "$POLYGLOT" zstd "$TIME"; do
    command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 1; }
done

(cd "$ROOT" && cargo build --quiet --release --bin huo-book --example random_games)
BOOK="$ROOT/target/release/huo-book"
GEN="$ROOT/target/release/examples/random_games"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# measure NAME COMMAND...: runs it, keeps "seconds kilobytes" in $WORK/NAME.
measure() {
    name=$1
    shift
    "$TIME" -f "%e %M" -o "$WORK/$name" "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" || {
        echo "$name failed:" >&2
        cat "$WORK/$name.err" >&2
        exit 1
    }
}

# report NAME PEER: the figures of both and their ratios.
report() {
    read -r t1 m1 <"$WORK/$1"
    read -r t2 m2 <"$WORK/$2"
    awk -v a="$1" -v b="$2" -v t1="$t1" -v m1="$m1" -v t2="$t2" -v m2="$m2" 'BEGIN {
        printf "  %-22s %8.2f s %9.1f MB\n", a, t1, m1 / 1024
        printf "  %-22s %8.2f s %9.1f MB\n", b, t2, m2 / 1024
        printf "  ratio %s / %s: time %.2f, memory %.2f\n", a, b, t1 / t2, m1 / m2
    }'
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"

echo "1. $GAMES games, .pgn.zst, 20 plies"
"$GEN" --games "$GAMES" --plies 24 | zstd -q -o "$WORK/games.pgn.zst"
echo "  $(du -m "$WORK/games.pgn.zst" | cut -f1) MB compressed"
measure import-pgn "$BOOK" --book "$WORK/pgn-book" import-pgn "$WORK/games.pgn.zst" --max-ply 20
measure polyglot-make-book sh -c "zstd -dc '$WORK/games.pgn.zst' | '$POLYGLOT' make-book \
    -pgn /dev/stdin -bin '$WORK/games.bin' -max-ply 20 -min-game 1"
tail -1 "$WORK/import-pgn.out" | cut -c1-160
report import-pgn polyglot-make-book

echo "2. a Polyglot book of $BIN_GAMES games"
"$GEN" --games "$BIN_GAMES" --plies 24 --seed 2 >"$WORK/bin-games.pgn"
measure make-book "$POLYGLOT" make-book -pgn "$WORK/bin-games.pgn" -bin "$WORK/book.bin" \
    -max-ply 20 -min-game 1
echo "  $(($(wc -c <"$WORK/book.bin") / 16)) entries"
measure import-polyglot "$BOOK" --book "$WORK/bin-book" import-polyglot "$WORK/book.bin"
head -1 "$WORK/import-polyglot.out" | cut -c1-160
report import-polyglot make-book
measure export-polyglot "$BOOK" --book "$WORK/bin-book" export-polyglot "$WORK/out.bin"
head -1 "$WORK/export-polyglot.out" | cut -c1-160
report export-polyglot make-book

echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
