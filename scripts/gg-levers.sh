#!/usr/bin/env bash
# Which single component weighs most in The Great Game: every lever of the
# edition (each city, each event, each unit type that can be bought;
# `durbar sim greatgame --levers`) switched off alone, the heuristic player
# on both sides, the same seeds as the edition's own run. One row per lever:
# the British share of the decisive games in scenarios 1, 2, 3 from 1 and 3
# from 2, and its shift from the edition's (in points). Rows are printed as
# they are measured. An argument NAME=L1,L2,… switches a group of levers
# off together (group screening: levers that favour the same side add up).
#   scripts/gg-levers.sh [GAMES] [LEVER|NAME=LEVER,LEVER… ...]
#   scripts/gg-levers.sh 200                  # every lever, 200 games (100 per start of scenario 3)
#   scripts/gg-levers.sh 1000 city:kabul event:famine afghan=city:kabul,city:kandahar
# GG_BASE="B1 B2 B31 B32" reuses the edition's own shares from an earlier run of the same size.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-200}
shift || true
bin=${TMPDIR:-/tmp}/durbar-levers
go build -o "$bin" ./cmd/durbar
levers=("$@")
if [ ${#levers[@]} -eq 0 ]; then
	mapfile -t levers < <("$bin" sim greatgame --levers)
fi
share() { # share LEVER: the four British decisive shares, in percent
	local out=() sc n
	for sc in "1" "2" "3 --start 1" "3 --start 2"; do
		n=$games
		case $sc in 3*) n=$(((games + 1) / 2)) ;; esac
		# shellcheck disable=SC2086
		out+=("$("$bin" sim greatgame --scenario $sc --games "$n" ${1:+--without "$1"} --json 2>/dev/null |
			python3 -c 'import json,sys; s=json.load(sys.stdin)["scenarios"][0]; print("%.1f" % (100*s["sides"][0]["decisive"]))')")
	done
	echo "${out[@]}"
}
# GG_BASE="B1 B2 B31 B32" reuses the edition's shares of an earlier run at the same size.
read -r -a base <<<"${GG_BASE:-$(share "")}"
printf '%-34s %6s %6s %6s %6s   %6s %6s %6s %6s\n' lever 1 2 "3/1" "3/2" "Δ1" "Δ2" "Δ3/1" "Δ3/2"
printf '%-34s %6s %6s %6s %6s\n' "(this edition)" "${base[@]}"
for arg in "${levers[@]}"; do
	l=${arg#*=}
	read -r -a s <<<"$(share "$l")"
	python3 -c '
import sys
l = sys.argv[1]; v = [float(x) for x in sys.argv[2:6]]; b = [float(x) for x in sys.argv[6:10]]
d = [a - c for a, c in zip(v, b)]
flag = "  <-- 10 points or more" if max(abs(x) for x in d) >= 10 else ""
print("%-34s %6.1f %6.1f %6.1f %6.1f   %+6.1f %+6.1f %+6.1f %+6.1f%s" % (l, *v, *d, flag))
' "${arg%%=*}" "${s[@]}" "${base[@]}"
done
