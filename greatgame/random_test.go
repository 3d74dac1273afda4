package greatgame

import (
	"fmt"
	"maps"
	"slices"
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

// Random play over many seeds of every scenario keeps every invariant
// after every step (Check), and each seat's observation consistent with the
// board (checkObservation) every few steps: at least 500 seeds per scenario
// in the full run, a few with -short.
func TestRandomGamesPlayToTheEnd(t *testing.T) {
	seeds := 500
	if testing.Short() {
		seeds = 4
	}
	for _, sc := range []struct {
		id          string
		start, from int
		n           int
	}{{"1", 0, 0, seeds}, {"2", 0, 0, seeds}, {"3", 1, 0, (seeds + 1) / 2}, {"3", 2, 100000, (seeds + 1) / 2}} {
		t.Run("scenario"+sc.id+string(rune('a'+sc.start)), func(t *testing.T) {
			t.Parallel()
			for s := 0; s < sc.n; s++ {
				seed := uint64(sc.from + s)
				g := newTestGame(t, sc.id, sc.start, seed)
				g.SetQuiet(s%10 != 0) // the log on in one game of ten
				playRandomObserved(t, g, seed+1000, 400000)
			}
		})
	}
}

// playRandomObserved is playRandom with the observations checked.
func playRandomObserved(t testing.TB, g *Game, seed uint64, maxSteps int) {
	t.Helper()
	rng := core.NewRNG(seed)
	for steps := 0; !g.Over; steps++ {
		if err := g.Check(); err != nil {
			t.Fatalf("seed %d step %d: %v\nlast log: %v", seed, steps, err, tail(g.Log, 8))
		}
		if steps%25 == 0 {
			if err := checkObservation(g); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, steps, err)
			}
		}
		d := g.Decision()
		o := d.Options[rng.IntN(len(d.Options))]
		if err := g.Apply(o.ID); err != nil {
			t.Fatalf("seed %d step %d: legal option %q refused: %v", seed, steps, o.ID, err)
		}
		if steps > maxSteps {
			t.Fatalf("seed %d: no end after %d steps (stalled at %q)", seed, steps, d.Prompt)
		}
	}
	if err := g.Check(); err != nil {
		t.Fatalf("seed %d at the end: %v", seed, err)
	}
	if res := g.Result(); res == "" || len(g.Outcome()) != 2 {
		t.Fatalf("seed %d: a finished game without a result", seed)
	}
}

// checkObservation: each seat sees every counter it owns on the map where
// it is, and each stack's counters, seen and hidden, add up to the board's;
// the spectator examines nothing.
func checkObservation(g *Game) error {
	for seat := -1; seat <= 1; seat++ {
		o := g.Observe(seat)
		total := map[int16]int{}
		for _, s := range o.Stacks {
			n := len(s.Pieces) + s.Hidden[0] + s.Hidden[1] + s.Hidden[2]
			total[s.Loc] += n
			for _, p := range s.Pieces {
				if g.Pieces[p].Loc != s.Loc {
					return fmt.Errorf("seat %d sees %s at %s, but it is at %s", seat, g.PieceName(p), g.SqName(s.Loc), g.SqName(g.Pieces[p].Loc))
				}
				if seat == -1 {
					return fmt.Errorf("the spectator examines %s", g.PieceName(p))
				}
			}
		}
		board := map[int16]int{}
		for i, p := range g.Pieces {
			if p.Loc == LocAvail || p.Loc == LocDead || p.Loc == LocGone || p.Loc == LocPrisonBr || p.Loc == LocPrisonRu {
				continue
			}
			if p.Flags&FlagNew != 0 && (seat < 0 || g.Owner(i) != Side(seat)) {
				continue
			}
			board[p.Loc]++
		}
		if !maps.Equal(total, board) {
			return fmt.Errorf("seat %d: the observed stacks do not add up to the board's", seat)
		}
		if seat >= 0 && o.Pounds != g.Pounds[seat] {
			return fmt.Errorf("seat %d sees a treasury of %d, not its own %d", seat, o.Pounds, g.Pounds[seat])
		}
		if !slices.Equal(o.Control, g.Control) || o.BoP != g.BoP {
			return fmt.Errorf("seat %d sees control or the Balance of Power wrong", seat)
		}
	}
	return nil
}
