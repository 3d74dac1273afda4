package greatgame

import (
	"testing"

	"durbar/core"
)

func newTestGame(t testing.TB, scenario string, start int, seed uint64) *Game {
	t.Helper()
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(d, Setup{Scenario: scenario, Start: start}, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// playRandom plays uniformly random legal options to the end, checking the
// invariants after every step.
func playRandom(t testing.TB, g *Game, seed uint64, maxSteps int) int {
	t.Helper()
	rng := core.NewRNG(seed)
	steps := 0
	for !g.Over {
		if err := g.Check(); err != nil {
			t.Fatalf("seed %d step %d: %v\nlast log: %v", seed, steps, err, tail(g.Log, 8))
		}
		d := g.Decision()
		o := d.Options[rng.IntN(len(d.Options))]
		if err := g.Apply(o.ID); err != nil {
			t.Fatalf("seed %d step %d: legal option %q refused: %v", seed, steps, o.ID, err)
		}
		steps++
		if steps > maxSteps {
			t.Fatalf("seed %d: no end after %d steps (stalled at %q)", seed, steps, d.Prompt)
		}
	}
	if err := g.Check(); err != nil {
		t.Fatalf("seed %d at the end: %v", seed, err)
	}
	return steps
}

func tail(xs []string, n int) []string {
	if len(xs) > n {
		return xs[len(xs)-n:]
	}
	return xs
}

func TestRandomGamesPlayToTheEnd(t *testing.T) {
	seeds := 20
	if testing.Short() {
		seeds = 4
	}
	for _, sc := range []struct {
		id    string
		start int
	}{{"1", 0}, {"2", 0}, {"3", 1}, {"3", 2}} {
		for s := 0; s < seeds; s++ {
			g := newTestGame(t, sc.id, sc.start, uint64(s))
			playRandom(t, g, uint64(s)+1000, 200000)
		}
	}
}
