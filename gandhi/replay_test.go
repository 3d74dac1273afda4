package gandhi

import (
	"encoding/json"
	"testing"

	"durbar/core"
)

// A game is reproduced exactly by (seed, setup, log): replaying the log of a
// random game gives the same position, log text and pending decision.
func TestReplayRoundTrip(t *testing.T) {
	d := testData(t)
	for seed := uint64(1); seed <= 20; seed++ {
		g, _ := New(d, Setup{Scenario: "short"}, seed)
		pick := core.NewRNG(seed)
		var log []string
		for k := 0; k < 400 && !g.Over; k++ {
			dec := g.Decision()
			id := dec.Options[pick.IntN(len(dec.Options))].ID
			if err := g.Apply(id); err != nil {
				t.Fatal(err)
			}
			log = append(log, id)
		}
		// Save and load the setup as a file would.
		raw, _ := json.Marshal(Setup{Scenario: "short"})
		var setup Setup
		if err := json.Unmarshal(raw, &setup); err != nil {
			t.Fatal(err)
		}
		r, _ := New(d, setup, seed)
		if err := core.Replay(r, log); err != nil {
			t.Fatal(err)
		}
		a, _ := json.Marshal(g.Position())
		b, _ := json.Marshal(r.Position())
		eq(t, "position", string(b), string(a))
		eq(t, "log", len(r.LogText), len(g.LogText))
		eq(t, "decision", r.Decision().Prompt, g.Decision().Prompt)
	}
}

// A position written by Position() loads back to the same board.
func TestPositionRoundTrip(t *testing.T) {
	d := testData(t)
	g, _ := New(d, Setup{Scenario: "short"}, 11)
	pick := core.NewRNG(5)
	for k := 0; k < 300 || g.Decision().Rule != "2.3"; k++ {
		dec := g.Decision()
		play(t, g, dec.Options[pick.IntN(len(dec.Options))].ID)
	}
	p := g.Position()
	raw, _ := json.Marshal(p)
	q, err := ParsePosition(raw)
	if err != nil {
		t.Fatal(err)
	}
	h, err := New(d, Setup{Position: q}, 1)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := json.Marshal(h.Position())
	var a, b map[string]any
	json.Unmarshal(raw, &a)
	json.Unmarshal(again, &b)
	for _, k := range []string{"spaces", "available", "outOfPlay", "jail", "restraint", "unity", "resources", "gandhi"} {
		x, _ := json.Marshal(a[k])
		y, _ := json.Marshal(b[k])
		eq(t, k, string(y), string(x))
	}
}

// A clone is independent: playing on it never changes the original.
func TestCloneIsIndependent(t *testing.T) {
	d := testData(t)
	g, _ := New(d, Setup{Scenario: "short"}, 3)
	pick := core.NewRNG(1)
	for k := 0; k < 200; k++ {
		dec := g.Decision()
		play(t, g, dec.Options[pick.IntN(len(dec.Options))].ID)
	}
	before, _ := json.Marshal(g.Position())
	prompt, logLen, draws := g.Decision().Prompt, len(g.LogText), g.rng.Draws
	c := g.Clone().(*Game)
	for k := 0; k < 300 && !c.Over; k++ {
		dec := c.Decision()
		if err := c.Apply(dec.Options[pick.IntN(len(dec.Options))].ID); err != nil {
			t.Fatal(err)
		}
	}
	after, _ := json.Marshal(g.Position())
	eq(t, "position", string(after), string(before))
	eq(t, "decision", g.Decision().Prompt, prompt)
	eq(t, "log", len(g.LogText), logLen)
	eq(t, "random draws", g.rng.Draws, draws)
}
