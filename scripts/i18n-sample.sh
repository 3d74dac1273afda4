#!/bin/sh
# i18n-sample.sh SEED [GANDHI RAJAS GREATGAME] — a proofreading sample of the
# translations. Runs the coverage tests with DURBAR_I18N_SAMPLES, which
# write every text the games show beside its translation, then draws, with
# the given seed, GANDHI (default 150) Gandhi texts and RAJAS (default 80)
# Rajas texts and GREATGAME (default 80) Great Game texts per language into $OUT (default /tmp/durbar-i18n-sample):
# <game>-<lang>-sample.txt, numbered, English then translation.
set -eu
seed=${1:?usage: i18n-sample.sh SEED [GANDHI RAJAS GREATGAME]}
ng=${2:-150}
nr=${3:-80}
ngg=${4:-80}
out=${OUT:-/tmp/durbar-i18n-sample}
cd "$(dirname "$0")/.."
rm -rf "$out"
DURBAR_I18N_SAMPLES="$out" go test ./gandhi/gandhiplug ./rajas/rajasplug ./greatgame/greatgameplug -run TestTranslationsCover -count=1 >/dev/null
for game in gandhi rajas greatgame; do
	n=$ng
	[ "$game" = rajas ] && n=$nr
	[ "$game" = greatgame ] && n=$ngg
	for lang in es it; do
		# Pairs of lines (text, "  → translation") become one record each;
		# awk's generator, seeded, picks n of them without repeats.
		awk -v seed="$seed" -v n="$n" '
			NR % 2 == 1 { en[++k] = $0; next }
			{ tr[k] = $0 }
			END {
				srand(seed)
				for (i = 1; i <= k; i++) idx[i] = i
				for (i = k; i > 1; i--) { j = int(rand() * i) + 1; t = idx[i]; idx[i] = idx[j]; idx[j] = t }
				for (i = 1; i <= n && i <= k; i++) printf "%d. %s\n%s\n", i, en[idx[i]], tr[idx[i]]
			}' "$out/$game-$lang.txt" >"$out/$game-$lang-sample.txt"
	done
done
ls "$out"/*-sample.txt
