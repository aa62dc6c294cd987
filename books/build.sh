#!/usr/bin/env bash
# Rebuilds the default opening book from books/lines.txt with the editor's own commands.
# Every line is checked before anything is written: an illegal move stops the script with
# the file:line and nothing is changed.
#
#   books/build.sh          # from the repository root (or anywhere)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
cargo build --release --quiet --bin huo-book
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# Build into a scratch directory first, so a failure leaves books/ as it was. '--layers user':
# the lines alone, without consulting the (compiled-in) built-in book.
target/release/huo-book --book "$tmp" --layers user record --from-file books/lines.txt
target/release/huo-book --book "$tmp" check >/dev/null
rm -rf books/[0-9a-f][0-9a-f]
cp -r "$tmp"/[0-9a-f][0-9a-f] books/
target/release/huo-book --book books stats
