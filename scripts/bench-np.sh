#!/usr/bin/env bash
# Prints the simulator's measured speed on one core: whole all-NP games
# (Short and Main, log on and off) per CPU-second, single NP decisions, and
# random-legal decisions through the compact door per CPU-second; then where
# the time goes (CPU profile of the NP game benchmarks: top 10 by own time,
# by cumulative time, and the top allocation sites).
#   BENCHTIME=5s scripts/bench-np.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=${TMPDIR:-/tmp}/durbar-bench-np
mkdir -p "$out"
benchtime=${BENCHTIME:-3s}

# -cpu 1: every figure is per core (the simulator scales by running games on
# separate workers, see `durbar sim gandhi --players np --workers W`).
go test -run '^$' -bench 'NP|RandomCompact' -benchtime "$benchtime" -cpu 1 -benchmem ./gandhi/ | tee "$out/bench.txt"
awk 'function val(unit,   i) { for (i = 2; i < NF; i++) if ($(i+1) == unit) return $i; return "" }
     /^BenchmarkNPGame\// { name = $1; sub(/^BenchmarkNPGame\//, "", name); sub(/-[0-9]+$/, "", name)
       printf "NP %-11s games per CPU-second: %7.1f   decisions/s: %8.0f   decisions/game: %4.0f   allocs/decision: %.2f\n",
         name, val("games/CPU-s"), val("decisions/s"), val("decisions/game"), val("allocs/op") / val("decisions/game") }
     /^BenchmarkNPDecision/ { printf "NP decisions/s per core (NPChoice alone): %.0f (%.1f us each)\n", 1e9/val("ns/op"), val("ns/op")/1000 }
     /^BenchmarkRandomCompact/ { printf "random-legal decisions per CPU-second (compact door, log off): %.0f   allocs/decision: %.2f\n",
         val("decisions/CPU-s"), val("allocs/op") / val("decisions/game") }' "$out/bench.txt"

# Profile whole games only, so the profile is what a simulation spends.
go test -run '^$' -bench 'NPGame' -benchtime "$benchtime" -cpu 1 -o "$out/gandhi.test" \
	-cpuprofile "$out/cpu.prof" -memprofile "$out/mem.prof" ./gandhi/ >/dev/null
top() { go tool pprof -top -nodecount=10 "$@" 2>/dev/null | sed -n '/flat%/,$p'; }
echo
echo "CPU profile of BenchmarkNPGame ($out/cpu.prof), top 10 by own time:"
top "$out/gandhi.test" "$out/cpu.prof"
echo
echo "top 10 functions of package gandhi by cumulative time:"
top -cum -show 'durbar/gandhi\.' -hide 'Benchmark|benchNPGame' "$out/gandhi.test" "$out/cpu.prof"
echo
echo "top 10 allocation sites by bytes ($out/mem.prof):"
top -sample_index=alloc_space "$out/gandhi.test" "$out/mem.prof"
