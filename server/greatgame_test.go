package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"durbar/core"
)

// The Great Game over HTTP, two people: each seat's view carries its own
// treasury and no other, the options reach the deciding seat only, an
// action from the waiting seat is refused without naming the options, a
// malformed one from the deciding seat names the rule, and neither the replay nor the save of
// the running game is given.
func TestGreatGameSeatsOverHTTP(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	g := e.create(CreateRequest{Game: "greatgame", Scenario: "1", Seats: []SeatRequest{{Kind: Human}, {Kind: Human}}})
	keys := []string{g.Seats[0].Key, g.Seats[1].Key}
	rng := core.NewRNG(7)
	steps := 300
	if testing.Short() {
		steps = 80
	}
	for i := 0; i < steps; i++ {
		views := make([]View, 2)
		for s := range 2 {
			views[s] = e.view(g.ID, keys[s])
		}
		spec := e.view(g.ID, "")
		if views[0].Over {
			break
		}
		d := views[0].Decision
		if d == nil {
			t.Fatalf("step %d: no decision", views[0].Step)
		}
		for s, v := range views {
			b, _ := v.Board.(map[string]any)
			if _, ok := b["treasury"].(float64); !ok || b["you"] != []string{"british", "russian"}[s] {
				t.Fatalf("step %d: seat %d sees treasury %v as %v", v.Step, s, b["treasury"], b["you"])
			}
			if (s == d.Seat) != (len(v.Decision.Options) > 0) {
				t.Fatalf("step %d: seat %d has %d options (seat %d decides)", v.Step, s, len(v.Decision.Options), d.Seat)
			}
		}
		if b, _ := spec.Board.(map[string]any); b["treasury"] != nil || spec.Decision != nil && len(spec.Decision.Options) > 0 {
			t.Fatalf("step %d: the spectator sees a treasury %v or options", spec.Step, b["treasury"])
		}
		other := 1 - d.Seat
		if code, _, body := e.act(g.ID, keys[other], other, views[d.Seat].Decision.Options[0].ID, views[0].Step); code < 400 || strings.Contains(body["error"], "legal:") {
			t.Fatalf("step %d: the waiting seat acted: %d %v", views[0].Step, code, body)
		}
		code, _, body := e.act(g.ID, keys[d.Seat], d.Seat, "bogus:1", views[0].Step)
		if code < 400 || !strings.Contains(body["error"], "rule ") {
			t.Fatalf("step %d: a malformed option: %d %v", views[0].Step, code, body)
		}
		opts := views[d.Seat].Decision.Options
		if code, _, body := e.act(g.ID, keys[d.Seat], d.Seat, opts[rng.IntN(len(opts))].ID, views[0].Step); code != http.StatusOK {
			t.Fatalf("step %d: act: %d %v", views[0].Step, code, body)
		}
	}
	for _, path := range []string{"/replay", "/save"} {
		if code, body := e.call("GET", "/api/games/"+g.ID+path, keys[0], nil, nil); code != http.StatusForbidden {
			t.Fatalf("%s of a running game: %d %s", path, code, body)
		}
	}
	// What the two seats see of the log is the same: it is public.
	a, b := e.view(g.ID, keys[0]), e.view(g.ID, keys[1])
	ja, _ := json.Marshal(a.Log)
	jb, _ := json.Marshal(b.Log)
	if string(ja) != string(jb) {
		t.Fatal("the two seats see different logs")
	}
}
