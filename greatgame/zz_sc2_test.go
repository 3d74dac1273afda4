package greatgame

import (
	"fmt"
	"testing"
)

func TestZZSc2(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		g := newTestGame(t, "2", 0, seed)
		g.SetQuiet(true)
		h := [2]*Heuristic{NewHeuristic(1), NewHeuristic(2)}
		show := func() {
			var b, r []string
			for i, c := range g.Control {
				if i >= g.r.nr {
					continue
				}
				switch c {
				case British:
					b = append(b, g.r.m.Regions[i].Abbr)
				case Russian:
					r = append(r, g.r.m.Regions[i].Abbr)
				}
			}
			fmt.Printf("turn %d B %v R %v  B %+v R %+v pounds %v SP %v\n", g.Turn, b, r, g.Score(British), g.Score(Russian), g.Pounds, g.SP)
		}
		turn := -1
		for !g.Over {
			if g.Turn != turn && g.Seq == SeqIncome {
				turn = g.Turn
				show()
			}
			d := g.Decision()
			i, _ := h[d.Player].Choose(g)
			g.Apply(d.Options[i].ID)
		}
		show()
	}
}
