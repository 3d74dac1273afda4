package server

import (
	"context"
	"net/http"
	"slices"
	"testing"
)

// TestRematch: a player's rematch is a new game with the same game, setup
// (scenario, variants), seats and computer players, and a new seed; the
// caller gets the new game's keys. A spectator may not start one.
func TestRematch(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	seed := uint64(7)
	g := e.create(CreateRequest{Game: "rajas", Seed: &seed, Variants: []string{"navaratnas", "ganga"},
		Seats: []SeatRequest{{Kind: Human}, {Kind: Computer, Bot: ""}, {Kind: Computer, Bot: ""}}})
	if code, body := e.call("POST", "/api/games/"+g.ID+"/rematch", "", nil, nil); code != http.StatusForbidden {
		t.Errorf("a spectator's rematch: %d %s, want 403", code, body)
	}
	var r created
	if code, body := e.call("POST", "/api/games/"+g.ID+"/rematch", g.Seats[0].Key, nil, &r); code != http.StatusCreated {
		t.Fatalf("rematch: %d %s", code, body)
	}
	if r.ID == "" || r.ID == g.ID || len(r.Seats) != 3 || r.Seats[0].Key == "" || r.Seats[1].Key != "" {
		t.Fatalf("rematch answer: %+v", r)
	}
	ctx := context.Background()
	old, err := e.store.Load(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	nu, err := e.store.Load(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if nu.Kind != old.Kind || string(nu.Setup) != string(old.Setup) {
		t.Errorf("rematch settings: %s %s, want %s %s", nu.Kind, nu.Setup, old.Kind, old.Setup)
	}
	for i := range old.Seats {
		o, n := old.Seats[i], nu.Seats[i]
		if o.Name != n.Name || o.Kind != n.Kind || o.Bot != n.Bot {
			t.Errorf("seat %d: %+v, want %+v", i, n, o)
		}
	}
	if nu.Seed == old.Seed {
		t.Errorf("the rematch has the same seed %d", nu.Seed)
	}
	// The new key opens the new game's seat.
	if v := e.view(r.ID, r.Seats[0].Key); !slices.Equal(v.You, []int{0}) {
		t.Errorf("the rematch key holds %v", v.You)
	}
}
