#!/usr/bin/env bash
# Which single component weighs most in The Great Game: every lever of the
# edition (each city, each event, each unit type that can be bought;
# `durbar sim greatgame --levers`) switched off alone, the heuristic player
# on both sides, the same seeds as the edition's own run. One row per lever,
# printed as it is measured: for each set-up measured (scenarios 1, 2, 3 from
# 1 and 3 from 2), the British share of the decisive games and its shift from
# the edition's, in points, and the shift of the mean VP margin (British less
# Russian), in VP. A lever **decides the game** (docs/greatgame.md, "The
# measure this edition is held to") when its margin shift exceeds a tenth of a
# side's mean score in the edition's run of that set-up: such rows end in
# "<-- decides". Rows whose share moved 10 points or more are marked
# "(10 pts)", the first measure's flag, for comparison. An argument
# NAME=L1,L2,… switches a group of levers off together (group screening; the
# effects of a group's members need not add up, so split a group to be sure).
#   scripts/gg-levers.sh [GAMES] [LEVER|NAME=LEVER,LEVER… ...]
#   scripts/gg-levers.sh 200                  # every lever, 200 games (100 per start of scenario 3)
#   scripts/gg-levers.sh 1000 city:kabul event:famine afghan=city:kabul,city:kandahar
# Environment: GG_SCENARIOS lists the set-ups (default "1 2 3/1 3/2");
# GG_BASE gives the edition's own figures from an earlier run of the same size
# and set-ups instead of measuring them again: the "(this edition)" row's
# numbers, share/margin/score for each set-up.
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

figures() { # figures LEVER: per set-up, share/margin/score: the British percentage
	# of decisive games, the mean VP margin (British less Russian) and a side's
	# mean score
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
			python3 -c 'import json,sys; s=json.load(sys.stdin)["scenarios"][0]; b,r=s["sides"]; print("%.1f/%.2f/%.1f" % (100*b["decisive"], b["vpMean"]-r["vpMean"], (b["vpMean"]+r["vpMean"])/2))')")
	done
	echo "${out[@]}"
}

row() { # row NAME FIGURES… BASE…: a line of the table
	python3 -c '
import sys
name, rest = sys.argv[1], sys.argv[2:]
n = len(rest) // 2
v = [[float(x) for x in f.split("/")] for f in rest[:n]]
b = [[float(x) for x in f.split("/")] for f in rest[n:]]
ds = [a[0] - c[0] for a, c in zip(v, b)]
dm = [a[1] - c[1] for a, c in zip(v, b)]
flag = ""
if max(abs(x) for x in ds) >= 10:
	flag += "  (10 pts)"
if any(abs(m) > c[2] / 10 for m, c in zip(dm, b)):
	flag += "  <-- decides"
print("%-38s " % name + " ".join("%6.1f" % a[0] for a in v) + "   " + " ".join("%+6.1f" % x for x in ds) + "   " + " ".join("%+6.1f" % x for x in dm) + flag)
' "$@"
}

read -r -a base <<<"${GG_BASE:-$(figures "")}"
python3 -c '
import sys
cs = sys.argv[1:]
print("%-38s " % "lever" + " ".join("%6s" % c for c in cs) + "   " + " ".join("%6s" % ("Δ" + c) for c in cs) + "   " + " ".join("%6s" % ("VP" + c) for c in cs))' "${configs[@]}"
python3 -c '
import sys
print("%-38s " % "(this edition)" + " ".join(sys.argv[1:]) + "   (share/margin/score; a lever decides above a tenth of the score: " + " ".join("%.1f" % (float(x.split("/")[2]) / 10) for x in sys.argv[1:]) + " VP)")' "${base[@]}"
for arg in "${levers[@]}"; do
	read -r -a s <<<"$(figures "${arg#*=}")"
	row "${arg%%=*}" "${s[@]}" "${base[@]}"
done
