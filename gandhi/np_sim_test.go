package gandhi

import (
	"fmt"
	"testing"
)

// playNP plays a whole game with the given Non-Players; other factions'
// decisions come from a random stream. Invariants are checked after every step.
func playNP(t testing.TB, d *Data, scenario string, seed uint64, np []string, check bool) (*Game, int) {
	t.Helper()
	g, err := New(d, Setup{Scenario: scenario, NP: np}, seed)
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	for !g.Over {
		if !g.NPToMove() {
			t.Fatalf("seed %d: decision for a faction that is not a Non-Player: %s", seed, g.Decision().Prompt)
		}
		dec := g.Decision()
		id, err := g.ApplyNP()
		if err != nil {
			t.Fatalf("seed %d step %d: NP option %q refused: %v", seed, steps, id, err)
		}
		if _, ok := dec.Find(id); !ok {
			t.Fatalf("seed %d step %d: NP chose %q, not a listed option", seed, steps, id)
		}
		steps++
		if check {
			if err := g.CheckInvariants(); err != nil {
				t.Fatalf("seed %d step %d after %q (%s): %v\nlog tail: %v", seed, steps, id, dec.Prompt, err, tail(g.LogText, 8))
			}
		}
		if steps > 100000 {
			t.Fatalf("seed %d: game does not end (stall?)\nlog tail: %v", seed, tail(g.LogText, 30))
		}
	}
	return g, steps
}

var allNP = []string{"raj", "congress", "league", "rev"}

func TestNPGames(t *testing.T) {
	d := testData(t)
	seeds := 200
	if testing.Short() {
		seeds = 20
	}
	for _, sc := range []string{"main", "short", "quick"} {
		for s := 1; s <= seeds; s++ {
			t.Run(fmt.Sprintf("%s/%d", sc, s), func(t *testing.T) {
				playNP(t, d, sc, uint64(s), allNP, true)
			})
			if t.Failed() {
				return
			}
		}
	}
}
