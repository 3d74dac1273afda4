package rajas

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

// variants are the set-ups random play covers.
var variants = []struct {
	name  string
	setup func(n int) Setup
}{
	{"basic", func(n int) Setup { return Setup{Players: n} }},
	{"navaratnas", func(n int) Setup { return Setup{Players: n, Navaratnas: true} }},
	{"ganga", func(n int) Setup { return Setup{Players: n, Ganga: true} }},
	{"mixed", func(n int) Setup { return Setup{Players: n, Experts: []int{1}, Ganga: true} }},
	{"all", func(n int) Setup { return Setup{Players: n, Navaratnas: true, Ganga: true} }},
	// Set-ups written before "rules": 2, played by the first reading.
	{"legacy", func(n int) Setup { return Setup{Players: n, Ganga: true, Legacy: &Legacy{}} }},
	{"legacy-navaratnas", func(n int) Setup { return Setup{Players: n, Navaratnas: true, Legacy: &Legacy{}} }},
	{"legacy-all", func(n int) Setup {
		return Setup{Players: n, Navaratnas: true, Ganga: true, Legacy: &Legacy{SecondTile: true}}
	}},
}

// playRandom plays uniformly random legal options to the end, checking the
// invariants after every step. It returns the game and the decisions taken.
func playRandom(t testing.TB, d *Data, setup Setup, seed uint64, check bool) (*Game, int) {
	t.Helper()
	g, err := New(d, setup, seed)
	if err != nil {
		t.Fatal(err)
	}
	if check {
		if err := g.CheckInvariants(); err != nil {
			t.Fatalf("seed %d at set-up: %v", seed, err)
		}
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
			t.Fatalf("seed %d step %d: legal option %q refused: %v\nlog tail: %v", seed, steps, o.ID, err, tail(g.Log, 8))
		}
		steps++
		if check {
			if err := g.CheckInvariants(); err != nil {
				t.Fatalf("seed %d step %d after %q (%s): %v\nlog tail: %v", seed, steps, o.ID, dec.Prompt, err, tail(g.Log, 8))
			}
		}
		if steps > 100000 {
			t.Fatalf("seed %d: game does not end", seed)
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
	seeds := 40
	if testing.Short() {
		seeds = 8
	}
	total, rounds, games, limit := 0, 0, 0, 0
	for _, v := range variants {
		for n := 2; n <= 4; n++ {
			for s := 1; s <= seeds; s++ {
				name := fmt.Sprintf("%s/%dp/%d", v.name, n, s)
				g, k := playRandom(t, d, v.setup(n), uint64(s*10+n), true)
				if t.Failed() {
					t.Fatalf("%s failed", name)
				}
				total += k
				rounds += g.Round
				games++
				if g.Round >= MaxRounds {
					limit++
				}
			}
		}
	}
	t.Logf("%d games, %d decisions, %.1f rounds a game, %d hit the round limit", games, total, float64(rounds)/float64(games), limit)
}
