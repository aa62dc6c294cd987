#!/usr/bin/env bash
# Time to depth with 1 and with N search threads (Lazy SMP), runs interleaved so that a
# machine busy with other work slows both alike: `huo-chess bench --depth D --threads T`
# R times each, then the ratio of the median times (below 1: the threads help).
#
#   tools/time-to-depth.sh [DEPTH=13] [ROUNDS=4] [THREADS=2] [BINARY=target/release/huo-chess]
#
# Compare on an idle machine: threads that get no core of their own only take turns.
set -euo pipefail
depth=${1:-13} rounds=${2:-4} threads=${3:-2} bin=${4:-target/release/huo-chess}
ms() { "$bin" bench --depth "$depth" --threads "$1" 2>/dev/null | awk '/Total time/ {print $NF}'; }
one=() many=()
for r in $(seq "$rounds"); do
  a=$(ms 1); b=$(ms "$threads")
  echo "round $r: 1 thread ${a} ms, $threads threads ${b} ms"
  one+=("$a") many+=("$b")
done
median() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }
m1=$(median "${one[@]}") mn=$(median "${many[@]}")
awk -v a="$m1" -v b="$mn" -v t="$threads" 'BEGIN {printf "median: 1 thread %d ms, %d threads %d ms, ratio %.2f\n", a, t, b, b / a}'
