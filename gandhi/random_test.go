package gandhi

import (
	"fmt"
	"testing"

	"durbar/core"
)

func testData(t testing.TB) *Data {
	t.Helper()
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// playRandom plays uniformly random legal options to the end, checking the
// invariants after every step. It returns the number of decisions taken.
func playRandom(t testing.TB, d *Data, scenario string, seed uint64, check bool) (*Game, int) {
	t.Helper()
	g, err := New(d, Setup{Scenario: scenario}, seed)
	if err != nil {
		t.Fatal(err)
	}
	pick := core.NewRNG(seed * 7919)
	steps := 0
	for !g.Over {
		dec := g.Decision()
		if len(dec.Options) == 0 {
			t.Fatalf("seed %d: no options at step %d (%s) but game not over", seed, steps, dec.Prompt)
		}
		o := dec.Options[pick.IntN(len(dec.Options))]
		if err := g.Apply(o.ID); err != nil {
			t.Fatalf("seed %d step %d: legal option %q refused: %v", seed, steps, o.ID, err)
		}
		steps++
		if check {
			if err := g.CheckInvariants(); err != nil {
				t.Fatalf("seed %d step %d after %q (%s): %v\nlog tail: %v", seed, steps, o.ID, dec.Prompt, err, tail(g.LogText, 5))
			}
		}
		if steps > 200000 {
			t.Fatalf("seed %d: game does not end (stall?)", seed)
		}
	}
	return g, steps
}

func tail(s []string, n int) []string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

func TestRandomGames(t *testing.T) {
	d := testData(t)
	seeds := 500
	if testing.Short() {
		seeds = 50
	}
	total := 0
	for _, sc := range []string{"main", "short", "quick"} {
		for s := 1; s <= seeds; s++ {
			t.Run(fmt.Sprintf("%s/%d", sc, s), func(t *testing.T) {
				_, n := playRandom(t, d, sc, uint64(s), true)
				total += n
			})
			if t.Failed() {
				return
			}
		}
	}
	t.Logf("%d decisions", total)
}
