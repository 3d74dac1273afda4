#!/usr/bin/env bash
# Prints the Non-Player engine's measured speed: whole all-NP games (Short and
# Main) and single NP decisions, on one core, then where the time goes (CPU
# profile of the game benchmarks: top 10 by own time, by cumulative time, and
# the top allocation sites).
#   BENCHTIME=5s scripts/bench-np.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=${TMPDIR:-/tmp}/durbar-bench-np
mkdir -p "$out"
benchtime=${BENCHTIME:-3s}

# -cpu 1: every figure is per core (the simulator scales by running games on
# separate workers, see `durbar sim gandhi --players np --workers W`).
go test -run '^$' -bench 'NP' -benchtime "$benchtime" -cpu 1 ./gandhi/ | tee "$out/bench.txt"
awk '/^BenchmarkNPGame\// { name = $1; sub(/^BenchmarkNPGame\//, "", name); g = d = dg = ""
       for (i = 2; i < NF; i++) { if ($(i+1) == "games/s") g = $i; if ($(i+1) == "decisions/s") d = $i; if ($(i+1) == "decisions/game") dg = $i }
       printf "NP %-5s games/s per core: %8.1f   decisions/s: %8.0f   decisions/game: %.0f\n", name, g, d, dg }
     /^BenchmarkNPDecision/ { for (i = 2; i < NF; i++) if ($(i+1) == "ns/op") printf "NP decisions/s per core (NPChoice alone): %.0f (%.1f us each)\n", 1e9/$i, $i/1000 }' "$out/bench.txt"

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
