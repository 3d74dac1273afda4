package server

import (
	"encoding/json"
	"strconv"
	"testing"
)

// TestReplayChaptersGandhi: a finished Gandhi game's replay lists the steps
// where each card starts: at each of them the card in play differs from
// the step before.
func TestReplayChaptersGandhi(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game through the server")
	}
	e := newEnv(t, testDSN(t, false))
	seed := uint64(2)
	var seats []SeatRequest
	for range 4 {
		seats = append(seats, SeatRequest{Kind: Computer, Bot: "np"})
	}
	g := e.create(CreateRequest{Game: "gandhi", Scenario: "quick", Seed: &seed, Seats: seats})
	if v := e.waitHuman(g.ID, ""); !v.Over {
		t.Fatal("the computer game did not end")
	}
	replay := func(step int) View {
		var v View
		if code, body := e.call("GET", "/api/games/"+g.ID+"/replay?step="+strconv.Itoa(step), "", nil, &v); code != 200 {
			t.Fatalf("replay %d: %d %s", step, code, body)
		}
		return v
	}
	current := func(v View) int {
		var b struct {
			Cards struct {
				Current *struct{ Number int } `json:"current"`
			} `json:"cards"`
		}
		raw, _ := json.Marshal(v.Board)
		if err := json.Unmarshal(raw, &b); err != nil {
			t.Fatal(err)
		}
		if b.Cards.Current == nil {
			return 0
		}
		return b.Cards.Current.Number
	}
	v := replay(0)
	marks := v.Replay.Chapters
	if v.Replay.Chapter != "card" || len(marks) < 2 {
		t.Fatalf("chapters %q %v", v.Replay.Chapter, marks)
	}
	for _, m := range marks[:min(len(marks), 6)] {
		if a, b := current(replay(m-1)), current(replay(m)); a == b {
			t.Errorf("step %d starts a chapter, but the card stays %d", m, a)
		}
	}
	t.Logf("%d cards over %d steps", len(marks), v.Replay.Total)
}
