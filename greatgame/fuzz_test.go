package greatgame

import (
	"reflect"
	"testing"

	"durbar/core"
	"durbar/core/gametest"
)

var _ core.Compact = (*Game)(nil)

// FuzzActions drives a game with choices taken from the fuzzer's bytes,
// mixed with malformed ids and actions beyond the legal ones: legal play
// never breaks an invariant and illegal input never changes the state.
func FuzzActions(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7}, uint64(1), uint8(0))
	f.Add([]byte("\xff\x10\x20garbage\xfe"), uint64(7), uint8(1))
	d, err := DefaultData()
	if err != nil {
		f.Fatal(err)
	}
	setups := []Setup{{Scenario: "1"}, {Scenario: "2"}, {Scenario: "3", Start: 1}, {Scenario: "3", Start: 2}}
	f.Fuzz(func(t *testing.T, choices []byte, seed uint64, which uint8) {
		g, err := New(d, setups[int(which)%len(setups)], seed)
		if err != nil {
			t.Fatal(err)
		}
		if len(choices) > 2000 {
			choices = choices[:2000]
		}
		for k, c := range choices {
			if g.Over {
				return
			}
			err := gametest.FuzzAction(g, c, k, "to:"+string(choices[k:]), func() func() bool {
				before := g.clone()
				return func() bool { return reflect.DeepEqual(before, g.clone()) }
			})
			if err != nil {
				t.Fatalf("choice %d: %v", k, err)
			}
		}
	})
}

// The compact door and the string door agree step by step.
func TestCompactDoorMatchesDecision(t *testing.T) {
	a := newTestGame(t, "1", 0, 4)
	b := a.clone()
	pa, pb := core.NewRNG(9), core.NewRNG(9)
	for i := 0; i < 3000 && !a.Over; i++ {
		if err := gametest.SameStep(a, b, &pa, &pb, i%7 == 0); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	if err := gametest.RefusesIllegal(b, func() func() bool {
		before := b.clone()
		return func() bool { return reflect.DeepEqual(before, b.clone()) }
	}); err != nil {
		t.Error(err)
	}
}
