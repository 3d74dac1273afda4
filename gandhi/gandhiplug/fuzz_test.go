package gandhiplug

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"durbar/core"
	"durbar/core/gametest"
	"durbar/gandhi"
)

// loadSaveBytes is what every command does with a save file of Gandhi once
// read: parse it and replay it.
func loadSaveBytes(data []byte) (steps int, err error) {
	sv, err := core.ParseSave(data)
	if err != nil {
		return 0, err
	}
	if sv.Game != gameName || sv.Version != gandhi.Version {
		return 0, nil
	}
	_, err = replaySave(sv)
	return len(sv.Log), err
}

// FuzzSave feeds save files, with positions in their setups, to the
// command's loaders. No input panics (the loaders turn a panic into
// an "internal error", which fails here); refusals are short messages; and
// the memory taken, a measure of the work that no machine's load changes,
// stays within a multiple of the input plus a bounded cost per log entry.
func FuzzSave(f *testing.F) {
	seeds := func(t testing.TB) [][]byte {
		var out [][]byte
		g, err := newSession(gandhi.Setup{Scenario: "quick", NP: []string{"raj", "league", "rev"}}, 5)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 40 && !g.game.Over; k++ {
			if g.game.NPToMove() {
				g.applyNP()
			} else {
				g.apply(g.game.Decision().Options[0].ID)
			}
		}
		data, _ := g.encode()
		out = append(out, data)
		p, _ := json.Marshal(gandhi.Setup{Position: &gandhi.Position{Restraint: 3, Unity: 3, Gandhi: "jail",
			Spaces: map[string]gandhi.SpaceSetup{"delhi": {Troop: 2}}, Current: 1, Upcoming: 2, DrawDeck: []int{3, 4, 74, 5}, Viceroy: "irwin"}})
		out = append(out, []byte(gandhiSaveWith(string(p), `["pass","pass","op:deploy"]`)),
			[]byte(gandhiSaveWith(`{"position":`+positionWith(`"current":1,"drawDeck":[12,12]`)+`}`, `[]`)),
			[]byte(gandhiSaveWith(`{"scenario":"short","seats":[0,1,1,0],"np":["raj","rev"]}`, `["space:delhi"]`)))
		return out
	}
	for _, s := range seeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var steps int
		var err error
		n := gametest.Allocated(func() { steps, err = loadSaveBytes(data) })
		if limit := 64*uint64(len(data)) + 16<<20 + 64<<10*uint64(steps); n > limit {
			t.Fatalf("%d bytes allocated for %d bytes of input and %d log entries (limit %d)", n, len(data), steps, limit)
		}
		if err == nil {
			return
		}
		if msg := err.Error(); strings.Contains(msg, "internal error") || len(msg) > 4000 {
			t.Fatalf("%.4000s", msg)
		}
	})
}

// gandhiSaveWith is a save of a new Gandhi game whose setup is setup (raw
// JSON) and log is log.
func gandhiSaveWith(setup, log string) string {
	return fmt.Sprintf(`{"game":"gandhi","version":%d,"seed":4,"setup":%s,"log":%s}`, gandhi.Version, setup, log)
}

// positionWith is a small legal position with extra top-level fields.
func positionWith(fields string) string {
	if fields != "" {
		fields = "," + fields
	}
	return `{"restraint":3,"unity":3,"gandhi":"jail","spaces":{"delhi":{"troop":1}}` + fields + `}`
}
