#!/usr/bin/env bash
# The engine against its floor, back to back, PAIRS times (default 5): the floor is one thread
# drawing the 12 uniform doubles a trial needs from java.util.SplittableRandom, 50 million trials
# (the loop's time, UniformFloorProcess); the engine is the whole process of
#   ./pbs predict --profile lnkd-disk --n 3 --all --trials 50000000 --seed 3 --format json
# Prints each pair and its ratio, then the medians and the median ratio. Run on a quiet machine.
#
#   benchmarks/engine-floor.sh
#   PAIRS=7 benchmarks/engine-floor.sh
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
pairs="${PAIRS:-5}"
jar="$repo/benchmarks/target/benchmarks.jar"
if [ ! -f "$jar" ]; then
  (cd "$repo" && mvn -q -B -DskipTests -pl benchmarks -am package) >&2
fi
"$repo/pbs" --version >/dev/null   # builds pbs.jar (and its class-data archive) when needed
floors=(); predicts=(); ratios=()
for pair in $(seq 1 "$pairs"); do
  floor="$(java -cp "$jar" dev.pbs.benchmarks.UniformFloorProcess 50000000 | head -1)"
  start="$(date +%s.%N)"
  "$repo/pbs" predict --profile lnkd-disk --n 3 --all --trials 50000000 --seed 3 --format json >/dev/null
  end="$(date +%s.%N)"
  predict="$(awk -v a="$start" -v b="$end" 'BEGIN {print b - a}')"
  ratio="$(awk -v p="$predict" -v f="$floor" 'BEGIN {print p / f}')"
  printf 'pair %d: floor %.3f s, predict %.3f s, ratio %.2f\n' "$pair" "$floor" "$predict" "$ratio"
  floors+=("$floor"); predicts+=("$predict"); ratios+=("$ratio")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
printf 'median: floor %.3f s, predict %.3f s, ratio %.2f (%d pairs)\n' \
  "$(median "${floors[@]}")" "$(median "${predicts[@]}")" "$(median "${ratios[@]}")" "$pairs"
