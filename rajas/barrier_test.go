package rajas

import (
	"fmt"
	"testing"

	"durbar/core"
	"durbar/core/gametest"
)

// Undo never outlives a secret: in random play of every variant, each step
// that turns up a tile (a pile's next province tile, a face-down white
// production tile) or rolls a die moves the undo barrier.
func TestUndoBarrierMovesOnEveryReveal(t *testing.T) {
	d := testData(t)
	games, steps := 4, 400
	if testing.Short() {
		games, steps = 2, 200
	}
	for _, v := range variants {
		for _, n := range []int{2, 4} {
			t.Run(fmt.Sprintf("%s/%dp", v.name, n), func(t *testing.T) {
				b := gametest.Barrier{
					New: func(seed uint64) (core.Game, error) {
						return New(d, v.setup(n), seed)
					},
					Games: games, Steps: steps,
				}
				if err := b.Run(); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// Placing a tile from a pile shows the tile under it, and says so.
func TestPlacingATileTurnsUpTheNext(t *testing.T) {
	g, err := New(testData(t), Setup{Players: 2}, 5)
	if err != nil {
		t.Fatal(err)
	}
	for step := 0; step < 2000 && !g.Over; step++ {
		d := g.Decision()
		before := g.Irreversible()
		id := d.Options[step%len(d.Options)].ID
		for _, o := range d.Options {
			if len(o.ID) > 6 && o.ID[:6] == "place:" {
				id = o.ID
			}
		}
		piles := g.Piles()
		if err := g.Apply(id); err != nil {
			t.Fatal(err)
		}
		for k, p := range g.Piles() {
			if p.Count == piles[k].Count-1 && p.Count > 0 {
				if after := g.Irreversible(); after.N == before.N || after.What != "a tile was turned up" {
					t.Fatalf("a tile was turned up without the barrier saying so: %+v → %+v", before, after)
				}
				return
			}
		}
	}
	t.Fatal("no tile was placed from a pile")
}
