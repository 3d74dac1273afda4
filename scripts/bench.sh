#!/usr/bin/env bash
# Prints Durbar's measured speed: options listing and full random games.
set -euo pipefail
cd "$(dirname "$0")/.."
go test -run '^$' -bench 'Decision|RandomGame' -benchtime "${BENCHTIME:-3s}" ./gandhi/ | tee /tmp/durbar-bench.txt
awk '/BenchmarkRandomGame/ { for (i = 1; i <= NF; i++) { if ($(i+1) == "decisions/s") d = $i; if ($(i+1) == "ns/op") ns = $i }
     printf "random games/s: %.1f   decisions/s: %.0f\n", 1e9/ns, d }
     /BenchmarkDecision/ { for (i = 1; i <= NF; i++) if ($(i+1) == "ns/op") printf "option listings/s: %.0f\n", 1e9/$i }' /tmp/durbar-bench.txt
# Translating a game's text for a page in Spanish (fresh catalog, nothing cached).
go test -run '^$' -bench 'TranslateGame' -benchtime 5x ./core/i18n/ | tee /tmp/durbar-bench-i18n.txt
awk '/BenchmarkTranslateGame/ { for (i = 1; i <= NF; i++) { if ($(i+1) == "ns/op") ns = $i; if ($(i+1) == "texts/op") n = $i }
     printf "game texts translated/s (fresh catalog, as for the first page in Spanish): %.0f\n", n * 1e9 / ns }' /tmp/durbar-bench-i18n.txt
