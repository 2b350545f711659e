#!/usr/bin/env bash
# Throughput of uncached predictions against one and three `pbs serve` instances in fleet mode (state
# in Cassandra), the three behind a round-robin of their ports (one wrk thread per instance). Needs a
# Cassandra cluster at PBS_STATE_CONTACT (default 127.0.0.1:9042), e.g. `./pbs cassandra start --nodes 3`.
# Each instance runs with the default limits (one simulation at a time, four waiting, then 503).
#
#   benchmarks/load/fleet-throughput.sh                    # 20 s per phase, 100,000 trials a request
#   PHASE_SECONDS=10 TRIALS=20000 benchmarks/load/fleet-throughput.sh
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
phase_seconds="${PHASE_SECONDS:-20}"
trials="${TRIALS:-100000}"
contact="${PBS_STATE_CONTACT:-127.0.0.1:9042}"
base_port="${PBS_LOAD_PORT:-18480}"
script="$repo/benchmarks/load/statuses.lua"

if ! command -v wrk >/dev/null 2>&1; then
  echo "installing wrk (Debian package)" >&2
  apt-get update -qq && apt-get install -y -qq wrk
fi
"$repo/pbs" --version >/dev/null   # builds the jar when needed
work="$(mktemp -d)"
keyspace="pbs_fleet_load_$(date +%s)"
servers=()
cleanup() {
  for server in "${servers[@]}"; do kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

start_instance() {   # $1: label, $2: port
  local port="$2"
  cat > "$work/$1.yml" <<YAML
dataDirectory: $work/$1-data
state: {type: cassandra, contactPoints: ["$contact"], keyspace: $keyspace}
server:
  rootPath: /api/
  applicationConnectors: [{type: http, bindHost: 127.0.0.1, port: $port}]
  adminConnectors: [{type: http, bindHost: 127.0.0.1, port: $((port + 100))}]
logging: {level: WARN}
YAML
  "$repo/pbs" serve --config "$work/$1.yml" > "$work/$1.log" 2>&1 &
  servers+=($!)
  for _ in $(seq 1 300); do
    curl -fs "http://127.0.0.1:$port/api/v1/profiles" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  echo "instance $1 did not start:" >&2; cat "$work/$1.log" >&2; exit 1
}

body="{\"profile\": \"lnkd-disk\", \"n\": 3, \"trials\": $trials}"
url="http://127.0.0.1:$base_port/api/v1/predictions"

start_instance one "$base_port"
curl -fs -X POST -H 'Content-Type: application/json' -d "$body" "$url" >/dev/null   # warms the JIT
echo "== one instance: uncached $trials-trial predictions, 1 thread, 4 connections, ${phase_seconds}s"
PBS_BODY="$body" wrk -t1 -c4 -d"${phase_seconds}s" --latency -s "$script" "$url"

start_instance two $((base_port + 1))
start_instance three $((base_port + 2))
ports="$base_port $((base_port + 1)) $((base_port + 2))"
for port in $ports; do
  curl -fs -X POST -H 'Content-Type: application/json' -d "$body" "http://127.0.0.1:$port/api/v1/predictions" >/dev/null
done
echo "== three instances, round-robin: 3 threads (one per instance), 12 connections, ${phase_seconds}s"
PBS_PORTS="$ports" PBS_BODY="$body" wrk -t3 -c12 -d"${phase_seconds}s" --latency -s "$script" "$url"
echo "== predictions answered by each instance (the round-robin's spread), from its /metrics"
for port in $ports; do
  answered=$(curl -fs "http://127.0.0.1:$((port + 100))/metrics" \
    | awk '/^pbs_http_server_requests_seconds_count\{.*route="\/v1\/predictions"/ && /status="200"/ {sum += $2} END {print sum + 0}')
  echo "instance on port $port: $answered"
done
