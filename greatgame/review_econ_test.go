package greatgame

import (
	"slices"
	"testing"
)

// Expenses Table, clarifications: an elephant counter shows two groups on
// its front and one on its back; it costs a group's price for each group
// it shows, and is placed on the face that was paid for.
func TestReviewEconElephantFaces(t *testing.T) {
	for _, c := range []struct {
		id       string
		cost     int
		brigades int
	}{
		{"buy:north-india/elephant/2", 12, 2},
		{"buy:north-india/elephant/2:back", 6, 1},
	} {
		g := econGame(t, "1", 0)
		delhi := econCity(t, g, "delhi")
		econPut(t, g, "british/field-force/1", delhi)
		g.Control[econRegion(g, "north-india")] = British
		econSpend(g, British)
		econPlay(t, g, "cat:units", "nation:north-india")
		if !slices.Contains(econIDs(g), c.id) {
			t.Fatalf("%s not offered: %v", c.id, econIDs(g))
		}
		econPlay(t, g, c.id, "at:"+g.sqTok(delhi))
		p := -1
		for q := range g.Pieces {
			if g.T(q).ID == "north-india/elephant/2" && g.Pieces[q].Loc == delhi {
				p = q
			}
		}
		if p < 0 {
			t.Fatalf("%s: no elephant in Delhi", c.id)
		}
		if got := 100 - g.Pounds[British]; got != c.cost || g.Brigades(p) != c.brigades {
			t.Errorf("%s: paid %d £ for %d groups, want %d £ for %d", c.id, got, g.Brigades(p), c.cost, c.brigades)
		}
	}
}
