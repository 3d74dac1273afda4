#!/usr/bin/env bash
# Fits the weights of the Great Game search's evaluation (greatgame/search.go,
# searchEval): plays heuristic games of every set-up (TestEvalFitData), takes
# the features at the end of every operations phase with the game's final
# margin, and fits the margin on the features by least squares (a game in
# four held out). Prints the weights to paste into evalWeights and how much of
# the held-out margin's variance they explain, beside Eval's.
#   scripts/gg-fit-eval.sh [CSV]
set -euo pipefail
cd "$(dirname "$0")/.."
csv=${1:-${TMPDIR:-/tmp}/gg-fit-eval.csv}
DURBAR_GG_FIT="$csv" go test ./greatgame -run TestEvalFitData -count=1 -timeout 60m >/dev/null
python3 - "$csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
head, rows = rows[0], rows[1:]
names = head[3:-1]
data = [(r[0], float(r[2]), [float(x) for x in r[3:-1]], float(r[-1])) for r in rows]
setups = sorted({d[0] for d in data})
def design(setup, x):  # the features and an intercept per set-up
    return x + [1.0 if setup == s else 0.0 for s in setups]
# a game's positions are consecutive and share its margin: hold out every
# fourth game
game, prev, held = 0, None, []
for setup, y, x, e in data:
    if (setup, y) != prev:
        game, prev = game + 1, (setup, y)
    held.append(game % 4 == 0)
train = [d for d, h in zip(data, held) if not h]
test = [d for d, h in zip(data, held) if h]
k = len(names) + len(setups)
A = [[0.0] * k for _ in range(k)]
b = [0.0] * k
for setup, y, x, e in train:
    z = design(setup, x)
    for i in range(k):
        b[i] += z[i] * y
        for j in range(k):
            A[i][j] += z[i] * z[j]
for i in range(k):
    A[i][i] += 1.0  # a touch of ridge: some set-ups never move a feature
M = [A[i][:] + [b[i]] for i in range(k)]
for c in range(k):
    p = max(range(c, k), key=lambda i: abs(M[i][c]))
    M[c], M[p] = M[p], M[c]
    for i in range(k):
        if i != c and M[c][c]:
            f = M[i][c] / M[c][c]
            for j in range(c, k + 1):
                M[i][j] -= f * M[c][j]
w = [M[i][k] / M[i][i] for i in range(k)]
ys = [d[1] for d in test]
mean = sum(ys) / len(ys)
var = sum((y - mean) ** 2 for y in ys)
fit = sum((sum(a * z for a, z in zip(w, design(s, x))) - y) ** 2 for s, y, x, e in test)
# Eval with its best scale and the same intercepts' freedom: its own least squares
num = sum(e * y for s, y, x, e in test)
den = sum(e * e for s, y, x, e in test)
ev = sum((num / den * e - y) ** 2 for s, y, x, e in test)
print("positions: %d (%d held out)" % (len(data), len(test)))
for n, v in zip(names, w):
    print("%-12s %7.3f" % (n, v))
print("held-out variance explained: fit %.0f%%, Eval %.0f%%" % (100 * (1 - fit / var), 100 * (1 - ev / var)))
print("evalWeights = {%s}" % ", ".join("%.3f" % v for v in w[:len(names)]))
PY
