package plugtest

import (
	"encoding/json"
	"testing"

	"durbar/core"
	"durbar/plug"
)

// Game is one game Walk plays: its place in the requests, its set-up and
// seats, and its table.
type Game struct {
	N     int
	Setup json.RawMessage
	Specs []plug.SeatSpec
	Table plug.Table
}

// Start is a game as Walk opens it: a prepared set-up and its seats. A
// test may build one by hand (a position that ends soon, say) rather than
// from a request.
type Start struct {
	Setup json.RawMessage
	Specs []plug.SeatSpec
}

// Starts prepares each request as the server would.
func Starts(t *testing.T, k plug.Kind, reqs []plug.CreateRequest) []Start {
	t.Helper()
	out := make([]Start, len(reqs))
	for n, req := range reqs {
		setup, specs, err := k.Prepare(req)
		if err != nil {
			t.Fatal(err)
		}
		out[n] = Start{Setup: setup, Specs: specs}
	}
	return out
}

// Walk plays a random game of a kind from each request: game n is opened
// with seed n+1, computer seats move by PlayComputer and people's options
// are drawn from a source seeded n+pick. Before each decision, the last
// (Over) included, it calls step with the game, the decision's place in the
// game and the decision; after the game, end (when not nil).
func Walk(t *testing.T, k plug.Kind, reqs []plug.CreateRequest, pick uint64,
	step func(g *Game, i int, d core.Decision), end func(g *Game)) {
	t.Helper()
	WalkFrom(t, k, Starts(t, k, reqs), pick, step, end)
}

// WalkFrom is Walk from prepared set-ups.
func WalkFrom(t *testing.T, k plug.Kind, starts []Start, pick uint64,
	step func(g *Game, i int, d core.Decision), end func(g *Game)) {
	t.Helper()
	for n, st := range starts {
		setup, specs := st.Setup, st.Specs
		tb, err := k.Open(setup, specs, uint64(n+1), nil)
		if err != nil {
			t.Fatal(err)
		}
		g := &Game{N: n, Setup: setup, Specs: specs, Table: tb}
		rng := core.NewRNG(uint64(n) + pick)
		for i := 0; ; i++ {
			d := tb.Decision()
			step(g, i, d)
			if d.Over {
				break
			}
			if i > 100000 {
				t.Fatal("a game does not end")
			}
			if specs[d.Player].Kind == plug.Computer {
				if _, err := tb.PlayComputer(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if err := tb.Apply(d.Options[rng.IntN(len(d.Options))].ID); err != nil {
				t.Fatal(err)
			}
		}
		if end != nil {
			end(g)
		}
	}
}
