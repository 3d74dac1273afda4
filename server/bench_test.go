package server

import (
	"math/rand/v2"
	"net/http"
	"sync/atomic"
	"testing"
)

// BenchmarkPlayOverHTTP measures one move of a browser-like client over
// loopback HTTP: fetch the view, post a random legal option, which the
// server stores before answering. Each parallel client plays its own game
// (all seats human), alternating Gandhi and Rajas; a game that ends is
// replaced by a new one. scripts/load.sh measures the same against a
// separate server process.
func BenchmarkPlayOverHTTP(b *testing.B) {
	e := newEnv(b, testDSN(b, false))
	var n atomic.Int64
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		i := n.Add(1)
		rng := rand.New(rand.NewPCG(uint64(i), 2))
		newGame := func() (string, string) {
			req := CreateRequest{Game: "rajas", Seats: []SeatRequest{{Kind: Human}, {Kind: Human}, {Kind: Human}}}
			if i%2 == 0 {
				req = CreateRequest{Game: "gandhi", Scenario: "short", Seats: []SeatRequest{{Kind: Human}, {Kind: Human}, {Kind: Human}, {Kind: Human}}}
			}
			c := e.create(req)
			keys := ""
			for _, s := range c.Seats {
				keys += s.Key + ","
			}
			return c.ID, keys
		}
		id, keys := newGame()
		for pb.Next() {
			v := e.view(id, keys)
			if v.Over {
				id, keys = newGame()
				continue
			}
			o := v.Decision.Options[rng.IntN(len(v.Decision.Options))]
			if code, _, eb := e.act(id, keys, v.Decision.Seat, o.ID, v.Step); code != http.StatusOK {
				b.Fatalf("act: %d %v", code, eb)
			}
		}
	})
}
