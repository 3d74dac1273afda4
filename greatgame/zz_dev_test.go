package greatgame

import (
	"fmt"
	"testing"
)

func TestZZDev(t *testing.T) {
	dev, all := map[string]int{}, map[string]int{}
	for seed := uint64(1); seed <= 2; seed++ {
		g := newTestGame(t, "1", 0, seed)
		g.SetQuiet(true)
		s := NewSearch(seed, 8, 0)
		h := NewHeuristic(seed)
		for !g.Over {
			d := g.Decision()
			var i int
			if d.Player == 0 {
				st := stepDefs[g.top().Step].name
				i, _ = s.Choose(g)
				if searched(g.top().Step) && len(d.Options) > 1 {
					j, _ := NewHeuristic(s.seed ^ 0x5a5a).Choose(g)
					all[st]++
					if i != j {
						dev[st]++
						if dev[st] < 4 {
							_, c := s.Choose(g)
							fmt.Println(st, d.Options[j].ID, "->", d.Options[i].ID, c)
						}
					}
				}
			} else {
				i, _ = h.Choose(g)
			}
			g.Apply(d.Options[i].ID)
		}
	}
	fmt.Println(all, dev)
}
