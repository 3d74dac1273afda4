#!/usr/bin/env bash
# Which single component weighs most in The Great Game: every lever of the
# edition (each city, each event, each unit type that can be bought;
# `durbar sim greatgame --levers`) switched off alone, the heuristic player
# on both sides, the same seeds as the edition's own run. One row per lever:
# the British share of the decisive games in each set-up measured (scenarios
# 1, 2, 3 from 1 and 3 from 2), and its shift from the edition's, in points.
# Rows are printed as they are measured. An argument NAME=L1,L2,… switches a
# group of levers off together (group screening: levers that favour the same
# side add up).
#   scripts/gg-levers.sh [GAMES] [LEVER|NAME=LEVER,LEVER… ...]
#   scripts/gg-levers.sh 200                  # every lever, 200 games (100 per start of scenario 3)
#   scripts/gg-levers.sh 1000 city:kabul event:famine afghan=city:kabul,city:kandahar
# Environment: GG_SCENARIOS lists the set-ups (default "1 2 3/1 3/2");
# GG_BASE gives the edition's own shares from an earlier run of the same
# size and set-ups instead of measuring them again.
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
read -r -a configs <<<"${GG_SCENARIOS:-1 2 3/1 3/2}"

share() { # share LEVER: the British decisive shares, in percent, one per set-up
	local out=() sc n c
	for c in "${configs[@]}"; do
		n=$games
		case $c in
		3/*)
			sc="3 --start ${c#3/}"
			n=$(((games + 1) / 2))
			;;
		*) sc=$c ;;
		esac
		# shellcheck disable=SC2086
		out+=("$("$bin" sim greatgame --scenario $sc --games "$n" ${1:+--without "$1"} --json 2>/dev/null |
			python3 -c 'import json,sys; s=json.load(sys.stdin)["scenarios"][0]; print("%.1f" % (100*s["sides"][0]["decisive"]))')")
	done
	echo "${out[@]}"
}

row() { # row NAME SHARES… BASE…: a line of the table
	python3 -c '
import sys
name, rest = sys.argv[1], sys.argv[2:]
n = len(rest) // 2
v, b = [float(x) for x in rest[:n]], [float(x) for x in rest[n:]]
d = [a - c for a, c in zip(v, b)]
flag = "  <-- 10 points or more" if max(abs(x) for x in d) >= 10 else ""
print("%-38s " % name + " ".join("%6.1f" % x for x in v) + "   " + " ".join("%+6.1f" % x for x in d) + flag)
' "$@"
}

read -r -a base <<<"${GG_BASE:-$(share "")}"
python3 -c '
import sys
cs = sys.argv[1:]
print("%-38s " % "lever" + " ".join("%6s" % c for c in cs) + "   " + " ".join("%6s" % ("Δ" + c) for c in cs))' "${configs[@]}"
python3 -c '
import sys
print("%-38s " % "(this edition)" + " ".join("%6s" % x for x in sys.argv[1:]))' "${base[@]}"
for arg in "${levers[@]}"; do
	read -r -a s <<<"$(share "${arg#*=}")"
	row "${arg%%=*}" "${s[@]}" "${base[@]}"
done
