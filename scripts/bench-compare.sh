#!/usr/bin/env bash
# Before/after: runs the same benchmarks built from a base revision and from
# the working tree, alternately in one run (so both see the same machine),
# on one core, and compares them with benchstat.
#   scripts/bench-compare.sh [BASE-REF] [PACKAGE] [BENCH-REGEXP]
#   COUNT=8 BENCHTIME=2s scripts/bench-compare.sh 1fc905c ./gandhi 'NPGame|RandomGame'
# BENCHFILES names test files of the working tree to copy into the base
# before building it, for benchmarks the base lacks (they must compile
# against the base's code):
#   BENCHFILES=rajas/mcts_bench_test.go scripts/bench-compare.sh 1fc905c ./rajas MCTSBot
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-HEAD}
pkg=${2:-./gandhi}
bench=${3:-NPGame|RandomGame}
count=${COUNT:-6}
benchtime=${BENCHTIME:-1s}
out=${TMPDIR:-/tmp}/durbar-bench-compare
rm -rf "$out" && mkdir -p "$out"

src="$out/base-src"
git worktree add -q --detach "$src" "$base"
trap 'git worktree remove --force "$src"' EXIT
for f in ${BENCHFILES:-}; do
	cp "$f" "$src/$f"
done
(cd "$src" && go test -c -o "$out/base.test" "$pkg")
go test -c -o "$out/new.test" "$pkg"

dir=$(go list -f '{{.Dir}}' "$pkg") # benchmarks read testdata from here
for i in $(seq "$count"); do
	for v in base new; do
		(cd "$dir" && "$out/$v.test" -test.run '^$' -test.bench "$bench" -test.benchtime "$benchtime" \
			-test.cpu 1 -test.benchmem) | grep -E '^(Benchmark|goos|goarch|pkg|cpu)' >>"$out/$v.txt"
	done
done
go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da "$out/base.txt" "$out/new.txt" 2>/dev/null ||
	go run golang.org/x/perf/cmd/benchstat@latest "$out/base.txt" "$out/new.txt"
