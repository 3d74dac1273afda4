package gandhi

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzActions drives a game with option choices taken from the fuzzer's
// bytes, mixed with malformed ids, and checks that legal play never breaks an
// invariant and that illegal input never changes the state.
func FuzzActions(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7}, uint64(1))
	f.Add([]byte("\xff\x10\x20garbage"), uint64(7))
	d := testData(f)
	f.Fuzz(func(t *testing.T, choices []byte, seed uint64) {
		g, err := New(d, Setup{Scenario: "short"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		for k, c := range choices {
			if g.Over {
				return
			}
			dec := g.Decision()
			if c == 0xff {
				before, _ := json.Marshal(g.Position())
				if err := g.Apply("space:nowhere" + string(choices[k:])); err == nil {
					t.Fatal("a malformed id was accepted")
				}
				after, _ := json.Marshal(g.Position())
				if !bytes.Equal(before, after) {
					t.Fatal("a refused action changed the state")
				}
				continue
			}
			o := dec.Options[int(c)%len(dec.Options)]
			if err := g.Apply(o.ID); err != nil {
				t.Fatalf("legal option %q refused: %v", o.ID, err)
			}
			if err := g.CheckInvariants(); err != nil {
				t.Fatalf("after %q: %v", o.ID, err)
			}
		}
	})
}
