package games

import (
	"testing"

	"durbar/plug"
	"durbar/plug/plugtest"
)

// TestPromptsMatchOptions walks random games of every game, people and
// computers mixed, and checks that each alternative a prompt names (a
// Special Activity, finishing, passing, a Protest) is among its options.
func TestPromptsMatchOptions(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 3
	}
	for _, g := range All() {
		t.Run(g.Name(), func(t *testing.T) {
			k := g.Kind()
			c := k.Catalog()
			var reqs []plug.CreateRequest
			for n := range games {
				req := plug.CreateRequest{Game: c.Name}
				if len(c.Scenarios) > 0 {
					req.Scenario = c.Scenarios[n%len(c.Scenarios)].ID
				}
				seats := len(c.Seats)
				if seats == 0 {
					seats = c.MinSeats + n%(c.MaxSeats-c.MinSeats+1)
				}
				for s := range seats {
					kind := plug.Human
					if (s+n)%2 == 1 {
						kind = plug.Computer
					}
					req.Seats = append(req.Seats, plug.SeatRequest{Kind: kind, Bot: c.Computers[0].ID})
				}
				reqs = append(reqs, req)
			}
			plugtest.Prompts(t, k, reqs)
		})
	}
}
