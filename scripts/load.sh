#!/usr/bin/env bash
# Load test: starts `durbar serve` on loopback with a fresh SQLite database,
# runs N concurrent games of random legal moves against it through the HTTP
# API, and prints actions/s and latency percentiles.
#   scripts/load.sh [GAMES...]            default: 100 1000
#   ACTIONS=40 GAME=gandhi|rajas|mixed DB=postgres://… scripts/load.sh 100
#   COMPUTER_GAMES=100 GAME=rajas ACTIONS=300 scripts/load.sh 1
#       first starts 100 Rajas games of four MCTS bots, which the server
#       plays throughout: a person's latency while the computers think
#   EVERY=2s ACTIONS=15 scripts/load.sh 1000
#       open loop: each game acts once every 2 s whatever the answers
#       (500 actions/s offered), as people do; default closed loop
#   SERVER_CPUS=0 CLIENT_CPUS=1 scripts/load.sh 1000
#       pins the server and the client to cores of their own (taskset)
# Each run also prints the server's CPU time and bytes per action, read
# from its /metrics.
# The load client is one address creating every game and holding a
# connection per game: the server runs without its per-client limits.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
games=("$@")
((${#games[@]})) || games=(100 1000)
actions="${ACTIONS:-40}"
game="${GAME:-mixed}"
work="$(mktemp -d)"
trap 'kill "$pid" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT
go build -o "$work/durbar" ./cmd/durbar
db="${DB:-$work/load.db}"
port=18080
pin_server=() pin_client=()
[[ -n "${SERVER_CPUS:-}" ]] && pin_server=(taskset -c "$SERVER_CPUS")
[[ -n "${CLIENT_CPUS:-}" ]] && pin_client=(taskset -c "$CLIENT_CPUS")
"${pin_server[@]}" "$work/durbar" serve --addr "127.0.0.1:$port" --db "$db" --log json --create-rate 0 --max-conns-per-client 0 \
  2>"$work/server.log" >"$work/server.out" &
pid=$!
for _ in $(seq 100); do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done
echo "server: $(head -1 "$work/server.out")"
echo "machine: $(nproc) cores; $(go version)"
for n in "${games[@]}"; do
  "${pin_client[@]}" "$work/durbar" load --url "http://127.0.0.1:$port" --games "$n" --actions "$actions" --game "$game" --seed "$n" \
    --computer-games "${COMPUTER_GAMES:-0}" --every "${EVERY:-0}"
done
