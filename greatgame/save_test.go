package greatgame

import (
	"encoding/json"
	"reflect"
	"testing"

	"durbar/core"
)

// A save (setup, seed, log) replays to the same game, through its JSON.
func TestSaveReplayRoundTrip(t *testing.T) {
	for _, sc := range []Setup{{Scenario: "1"}, {Scenario: "2"}, {Scenario: "3", Start: 2}} {
		g := newTestGame(t, sc.Scenario, sc.Start, 11)
		rng := core.NewRNG(5)
		var log []string
		for i := 0; i < 3000 && !g.Over; i++ {
			d := g.Decision()
			id := d.Options[rng.IntN(len(d.Options))].ID
			if err := g.Apply(id); err != nil {
				t.Fatal(err)
			}
			log = append(log, id)
		}
		sv, err := NewSave(sc, 11, log)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(sv)
		if err != nil {
			t.Fatal(err)
		}
		sv2, err := core.ParseSave(b)
		if err != nil {
			t.Fatal(err)
		}
		h, err := Replay(g.Data(), sv2)
		if err != nil {
			t.Fatal(err)
		}
		for seat := -1; seat <= 1; seat++ {
			if !reflect.DeepEqual(g.Observe(seat), h.Observe(seat)) {
				t.Errorf("scenario %s: seat %d sees a different game after the replay", sc.Scenario, seat)
			}
		}
		if !reflect.DeepEqual(g.Position(), h.Position()) || g.Irreversible() != h.Irreversible() {
			t.Errorf("scenario %s: the replayed game differs", sc.Scenario)
		}
	}
	if _, err := Replay(nil, &core.Save{Game: "rajas", Version: Version}); err == nil {
		t.Error("a save of another game replayed")
	}
}
