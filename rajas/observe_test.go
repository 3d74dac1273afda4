package rajas

import (
	"fmt"
	"strings"
	"testing"

	"durbar/core"
)

// TestObserveViews checks the read-only views against the state along
// random games: piles, the tile being placed, the river targets of boat
// moves.
func TestObserveViews(t *testing.T) {
	for _, setup := range []Setup{{Players: 2}, {Players: 4, Navaratnas: true, Ganga: true}} {
		g, err := New(testData(t), setup, 9)
		if err != nil {
			t.Fatal(err)
		}
		rng := core.NewRNG(4)
		sawPlacing, sawMove := false, false
		for step := 0; step < 3000 && !g.Decision().Over; step++ {
			onPiles := 0
			for _, p := range g.Piles() {
				onPiles += p.Count
				if (p.Count > 0) != (p.Top != nil) || p.Top != nil && (p.Top.Color != p.Color || p.Top.Back != p.Back) {
					t.Fatalf("step %d: pile %+v", step, p)
				}
			}
			placed := 0
			for q := 0; q < g.N; q++ {
				for c := range g.d.Province.Cells() {
					if g.TileAt(q, c) != nil {
						placed++
					}
				}
			}
			gone := 0
			for i := range numTiles {
				if g.Gone&(1<<uint(i)) != 0 {
					gone++
				}
			}
			if onPiles+placed+gone != len(g.d.Tiles) {
				t.Fatalf("step %d: %d on piles + %d placed + %d gone != %d tiles", step, onPiles, placed, gone, len(g.d.Tiles))
			}
			d := g.Decision()
			tile, _, ok := g.Placing()
			if strings.HasPrefix(d.Options[0].ID, "place:") != (ok && g.top().Step != "pay-tile") {
				t.Fatalf("step %d: Placing ok=%v at step %s", step, ok, g.top().Step)
			}
			if ok && g.top().Step == "place-tile" {
				sawPlacing = true
				if !strings.Contains(d.Prompt, tileName(tile)) {
					t.Fatalf("step %d: placing %s, prompt %q", step, tileName(tile), d.Prompt)
				}
			}
			for _, o := range d.Options {
				var k int
				if _, err := fmt.Sscanf(o.ID, "move:%d", &k); err == nil {
					sawMove = true
					if s := g.RiverTarget(d.Player, k); s < 0 || !strings.HasSuffix(o.Label, fmt.Sprintf("river space %d", s)) {
						t.Fatalf("step %d: %s (%s) reaches %d", step, o.ID, o.Label, s)
					}
				}
			}
			if err := g.Apply(d.Options[rng.IntN(len(d.Options))].ID); err != nil {
				t.Fatal(err)
			}
		}
		if !sawPlacing || !sawMove {
			t.Errorf("%+v: placing seen %v, boat move seen %v", setup, sawPlacing, sawMove)
		}
	}
}
