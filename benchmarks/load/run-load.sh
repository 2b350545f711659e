#!/usr/bin/env bash
# Load test of `pbs serve` with wrk on loopback, bounded in time. Reports requests per second and
# latency percentiles for cached predictions (same seeded request) and for uncached 100,000-trial
# predictions (no seed: every request simulates), counts answers by status (503 is the intended
# answer over capacity), and samples the server's resident memory during a longer soak.
#
#   benchmarks/load/run-load.sh                 # 20 s per phase, 300 s soak
#   PHASE_SECONDS=10 SOAK_SECONDS=60 benchmarks/load/run-load.sh
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
phase_seconds="${PHASE_SECONDS:-20}"
soak_seconds="${SOAK_SECONDS:-300}"
port="${PBS_LOAD_PORT:-18380}"
admin_port=$((port + 1))

if ! command -v wrk >/dev/null 2>&1; then
  echo "installing wrk (Debian package)" >&2
  apt-get update -qq && apt-get install -y -qq wrk
fi

"$repo/pbs" --version >/dev/null   # builds the jar when needed
data="$(mktemp -d)"
PBS_HTTP_PORT="$port" PBS_ADMIN_PORT="$admin_port" PBS_DATA_DIR="$data" "$repo/pbs" serve >"$data/serve.log" 2>&1 &
server=$!
cleanup() { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT

for _ in $(seq 1 100); do
  curl -fs "http://127.0.0.1:$port/api/v1/profiles" >/dev/null 2>&1 && break
  sleep 0.2
done
java_pid="$server"   # the launcher execs java, so this is the JVM
url="http://127.0.0.1:$port/api/v1/predictions"
script="$repo/benchmarks/load/statuses.lua"

cached='{"profile": "lnkd-disk", "n": 3, "trials": 100000, "seed": 7}'
uncached='{"profile": "lnkd-disk", "n": 3, "trials": 100000}'
curl -fs -X POST -H 'Content-Type: application/json' -d "$cached" "$url" >/dev/null   # fills the cache

echo "== cached predictions: same seeded request, 2 threads, 16 connections, ${phase_seconds}s"
PBS_BODY="$cached" wrk -t2 -c16 -d"${phase_seconds}s" --latency -s "$script" "$url"

echo "== uncached 100,000-trial predictions: 2 threads, 4 connections, ${phase_seconds}s"
PBS_BODY="$uncached" wrk -t2 -c4 -d"${phase_seconds}s" --latency -s "$script" "$url"

echo "== overload: uncached, 32 connections, ${phase_seconds}s (503 with Retry-After expected)"
PBS_BODY="$uncached" wrk -t2 -c32 -d"${phase_seconds}s" --latency -s "$script" "$url"

echo "== soak: uncached, 4 connections, ${soak_seconds}s; server RSS every 30 s (MB)"
PBS_BODY="$uncached" wrk -t2 -c4 -d"${soak_seconds}s" -s "$script" "$url" > "$data/soak.txt" &
load=$!
for _ in $(seq 0 30 "$soak_seconds"); do
  printf '%s ' "$(( $(ps -o rss= -p "$java_pid") / 1024 ))"
  sleep 30
done
echo
wait "$load"
cat "$data/soak.txt"
