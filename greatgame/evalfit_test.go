package greatgame

import (
	"bufio"
	"fmt"
	"os"
	"testing"
)

// TestEvalFitData writes the data searchEval's weights were fitted on
// (scripts/gg-fit-eval.sh), when DURBAR_GG_FIT names a file: heuristic games
// of every set-up, and at the end of each operations phase the features
// searchEval weighs (British minus Russian) with the game's final margin.
// One line a position: set-up, turns left, final margin, then the
// features in evalFeatureNames' order, then Eval's score (to compare).
func TestEvalFitData(t *testing.T) {
	path := os.Getenv("DURBAR_GG_FIT")
	if path == "" {
		t.Skip("DURBAR_GG_FIT names the file to write")
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	defer w.Flush()
	fmt.Fprintf(w, "setup,left,margin")
	for _, n := range evalFeatureNames {
		fmt.Fprintf(w, ",%s", n)
	}
	fmt.Fprintln(w, ",Eval")
	for _, sc := range botScenarios {
		for seed := uint64(5000); seed < 5150; seed++ {
			g := newTestGame(t, sc.id, sc.start, seed)
			g.SetQuiet(true)
			h := [2]*Heuristic{NewHeuristic(seed), NewHeuristic(seed + 99)}
			var rows [][]float64 // features, then Eval
			var lefts []int
			ops, turn := g.Ops, g.Turn
			for !g.Over {
				if g.Ops != ops || g.Turn != turn {
					ops, turn = g.Ops, g.Turn
					f, _ := evalFeatures(g, British)
					rows = append(rows, append(f[:], Eval(g, British, nil)))
					lefts = append(lefts, g.LastTurn-g.Turn)
				}
				d := g.Decision()
				pick := 0
				if len(d.Options) > 1 {
					pick, _ = h[g.top().Side].Choose(g)
				}
				if err := g.Apply(d.Options[pick].ID); err != nil {
					t.Fatal(err)
				}
			}
			margin := g.VP(British) - g.VP(Russian)
			for i, r := range rows {
				fmt.Fprintf(w, "%s/%d,%d,%d", sc.id, sc.start, lefts[i], margin)
				for _, v := range r {
					fmt.Fprintf(w, ",%g", v)
				}
				fmt.Fprintln(w)
			}
		}
	}
}
