#!/usr/bin/env bash
# Resident memory of `pbs serve` started as a user starts it (no options), on loopback, bounded in
# time: at rest (REST_SECONDS after it answers) and at its peak under TOTAL uncached 100,000-trial
# predictions sent CONCURRENCY at a time with curl (every request simulates: no seed). Prints the
# resident set at rest, its peak (VmHWM, the kernel's high-water mark, and the highest of the
# samples taken every 0.2 s), the answers by status and the requests per second of the run.
#
#   benchmarks/load/memory.sh                   # 300 requests, 4 at a time
#   TOTAL=100 CONCURRENCY=2 benchmarks/load/memory.sh
#   PBS_JAVA_OPTIONS=-Xmx1g benchmarks/load/memory.sh   # the service with other JVM options
#   PBS=/opt/pbs/bin/pbs benchmarks/load/memory.sh      # an installed release's launcher instead of ./pbs
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
total="${TOTAL:-300}"
concurrency="${CONCURRENCY:-4}"
rest_seconds="${REST_SECONDS:-20}"
limit_seconds="${LIMIT_SECONDS:-900}"   # the load is stopped after this
port="${PBS_LOAD_PORT:-18390}"
admin_port=$((port + 1))

pbs="${PBS:-$repo/pbs}"
"$pbs" --version >/dev/null   # builds the jar when needed (./pbs)
data="$(mktemp -d)"
PBS_HTTP_PORT="$port" PBS_ADMIN_PORT="$admin_port" PBS_DATA_DIR="$data" PBS_BIND_HOST=127.0.0.1 \
  "$pbs" serve >"$data/serve.log" 2>&1 &
server=$!   # the launcher execs java, so this is the JVM
sampler=""
cleanup() {
  [ -n "$sampler" ] && kill "$sampler" 2>/dev/null || true
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT

ready=false
for _ in $(seq 1 300); do
  if curl -fs "http://127.0.0.1:$port/api/v1/profiles" >/dev/null 2>&1; then ready=true; break; fi
  kill -0 "$server" 2>/dev/null || break
  sleep 0.2
done
if [ "$ready" != true ]; then
  echo "the service did not answer; its log:" >&2
  cat "$data/serve.log" >&2
  exit 1
fi

kb() { awk -v key="$1:" '$1 == key { print $2 }' "/proc/$server/status"; }
mb() { echo $(( $1 / 1024 )); }

sleep "$rest_seconds"
rest_kb="$(kb VmRSS)"

url="http://127.0.0.1:$port/api/v1/predictions"
body='{"profile": "lnkd-disk", "n": 3, "trials": 100000}'
( while kill -0 "$server" 2>/dev/null; do kb VmRSS; sleep 0.2; done ) >"$data/rss.txt" 2>/dev/null &
sampler=$!
start="$(date +%s.%N)"
seq "$total" | timeout "$limit_seconds" xargs -P"$concurrency" -I{} \
  curl -s -o /dev/null -w '%{http_code}\n' --max-time 120 -X POST -H 'Content-Type: application/json' \
  -d "$body" "$url" >"$data/statuses.txt" || true
end="$(date +%s.%N)"
kill "$sampler" 2>/dev/null || true
wait "$sampler" 2>/dev/null || true
sampler=""
after_kb="$(kb VmRSS)"
hwm_kb="$(kb VmHWM)"
sampled_kb="$(sort -n "$data/rss.txt" | tail -1)"

ok="$(grep -c '^200$' "$data/statuses.txt" || true)"
echo "at rest (${rest_seconds} s after start): $(mb "$rest_kb") MB resident"
echo "peak under ${total} uncached 100,000-trial predictions, ${concurrency} at a time:" \
  "$(mb "$hwm_kb") MB (VmHWM), $(mb "${sampled_kb:-0}") MB sampled; $(mb "$after_kb") MB after"
echo "statuses: $(sort "$data/statuses.txt" | uniq -c | awk '{ printf "%s%s x %s", sep, $2, $1; sep = ", " }')"
awk -v s="$start" -v e="$end" -v n="$total" -v ok="$ok" \
  'BEGIN { printf "wall time %.1f s: %.2f requests/s, %.2f answered (200)/s\n", e - s, n / (e - s), ok / (e - s) }'
