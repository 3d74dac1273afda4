package rajas

import (
	"encoding/json"
	"reflect"
	"testing"

	"durbar/core"
)

// A game is reproduced exactly by (seed, setup, log), through a save file.
func TestReplayRoundTrip(t *testing.T) {
	d := testData(t)
	for i, v := range variants {
		for seed := uint64(1); seed <= 6; seed++ {
			setup := v.setup(2 + int(seed)%3)
			g, err := New(d, setup, seed)
			if err != nil {
				t.Fatal(err)
			}
			pick := core.NewRNG(seed + uint64(i)*100)
			var log []string
			for k := 0; k < 600 && !g.Over; k++ {
				dec := g.Decision()
				id := dec.Options[pick.IntN(len(dec.Options))].ID
				if err := g.Apply(id); err != nil {
					t.Fatal(err)
				}
				log = append(log, id)
			}
			s, err := NewSave(setup, seed, log)
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := json.Marshal(s)
			back, err := core.ParseSave(raw)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Load(d, back)
			if err != nil {
				t.Fatalf("%s seed %d: %v", v.name, seed, err)
			}
			if !reflect.DeepEqual(r, g) {
				t.Fatalf("%s seed %d: the replayed game differs", v.name, seed)
			}
			eq(t, "decision", r.Decision().Prompt, g.Decision().Prompt)
			eq(t, "render", r.Render(), g.Render())
		}
	}
}

func TestLoadRejects(t *testing.T) {
	d := testData(t)
	good, _ := NewSave(Setup{Players: 2}, 1, []string{"palace:outer", "done"})
	if _, err := Load(d, good); err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]core.Save{
		"game":    {Game: "gandhi", Version: Version, Setup: good.Setup},
		"version": {Game: GameName, Version: Version + 1, Setup: good.Setup},
		"setup":   {Game: GameName, Version: Version, Setup: []byte(`{"players":2,"rivers":true}`)},
		"players": {Game: GameName, Version: Version, Setup: []byte(`{"players":7}`)},
		"log":     {Game: GameName, Version: Version, Setup: good.Setup, Log: []string{"palace:outer", "quarry:9"}},
	} {
		if _, err := Load(d, &s); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// A clone is independent: playing on it never changes the original.
func TestCloneIsIndependent(t *testing.T) {
	d := testData(t)
	g, _ := New(d, Setup{Players: 4, Navaratnas: true, Ganga: true}, 3)
	pick := core.NewRNG(1)
	for k := 0; k < 200; k++ {
		dec := g.Decision()
		play(t, g, dec.Options[pick.IntN(len(dec.Options))].ID)
	}
	before := g.clone()
	c := g.Clone().(*Game)
	c.Determinize(77)
	for k := 0; k < 400 && !c.Over; k++ {
		dec := c.Decision()
		if err := c.Apply(dec.Options[pick.IntN(len(dec.Options))].ID); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(before, g) {
		t.Fatal("playing on a clone changed the original")
	}
	eq(t, "log length", len(g.Log), len(before.Log))
	// Appending to both logs must not mix them.
	g.logf("original")
	c.logf("clone")
	eq(t, "original log", g.Log[len(g.Log)-1], "original")
}

// Every refused id leaves the state exactly as it was.
func TestIllegalLeavesStateUnchanged(t *testing.T) {
	d := testData(t)
	g, _ := New(d, Setup{Players: 3, Navaratnas: true}, 5)
	pick := core.NewRNG(2)
	for k := 0; k < 300 && !g.Over; k++ {
		for _, bad := range []string{"", "quarry:99", "die:blue-9", "die:pink-1", "place:r9c9:rot0", "place:r1c1", "tile:nothing", "karma:blue-", "move:0", "slot:x", "color:", "upgrade:moat", "return:green-7"} {
			refused(t, g, bad, "")
		}
		dec := g.Decision()
		play(t, g, dec.Options[pick.IntN(len(dec.Options))].ID)
	}
}
