#!/usr/bin/env bash
# The Great Game's balance table: the heuristic player on both sides over
# every scenario (scenario 3 from each start), each side's share of the
# decisive games with its 95% Wilson interval, the draws apart, and the mean
# victory points by source.
#   scripts/gg-balance.sh [GAMES] [PLAYERS]
#   scripts/gg-balance.sh 2000 bot,bot
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-2000}
players=${2:-bot,bot}
bin=${TMPDIR:-/tmp}/durbar-balance
go build -o "$bin" ./cmd/durbar
printf '%-22s %6s %6s %22s %22s %7s\n' scenario games draws "British of decisive" "Russian of decisive" margin
for sc in "1" "2" "3 --start 1" "3 --start 2"; do
	n=$games
	case $sc in 3*) n=$(((games + 1) / 2)) ;; esac # scenario 3: half the games from each start
	# shellcheck disable=SC2086
	"$bin" sim greatgame --scenario $sc --games "$n" --players "$players" --json 2>/dev/null |
		python3 -c '
import json, sys
o = json.load(sys.stdin)
for s in o["scenarios"]:
    b, r = s["sides"]
    name = s["scenario"] + ("" if s["scenario"] != "3" else " from " + str(s["start"]))
    print("%-22s %6d %6d %8.1f%% [%4.1f, %4.1f] %8.1f%% [%4.1f, %4.1f] %7.1f" % (name, s["games"], s["draws"],
        100*b["decisive"], 100*b["decisiveLow"], 100*b["decisiveHigh"],
        100*r["decisive"], 100*r["decisiveLow"], 100*r["decisiveHigh"], s["marginMean"]))
    for side in (b, r):
        m = side["sources"]
        print("    %-8s VP %.1f: regions %.1f, cities %.1f, markers %.1f, BoP %.1f, treasury %.1f, open war %.1f, bonus %.1f; %.3f ms a decision" % (
            side["side"], side["vpMean"], m["regions"], m["cities"], m["markers"], m["bop"], m["treasury"], m["openWar"], m["bonus"], side["msPerDecision"]))
'
done
