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

// TestNPGames plays 10,000 all-Non-Player games (about a third of each
// scenario), checking every invariant after every decision; batches of 250
// seeds run in parallel. -short plays 60.
func TestNPGames(t *testing.T) {
	d := testData(t)
	total, batch := 10000, 250
	if testing.Short() {
		total, batch = 60, 20
	}
	scenarios := []string{"main", "short", "quick"}
	for start := 0; start < total; start += batch {
		t.Run(fmt.Sprintf("seeds-%d-%d", start+1, start+batch), func(t *testing.T) {
			t.Parallel()
			for k := start; k < start+batch && k < total; k++ {
				sc := scenarios[k%len(scenarios)]
				// Quick and Main build equivalent decks: offset the seeds
				// so the two scenarios do not replay the same games.
				playNP(t, d, sc, uint64(k+1)*uint64(len(sc)), allNP, true)
				if t.Failed() {
					t.Logf("scenario %s, game %d", sc, k+1)
					return
				}
			}
		})
	}
}
