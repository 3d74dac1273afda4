package greatgameplug

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"durbar/core"
	"durbar/core/gametest"
	"durbar/greatgame"
)

// loadSaveBytes is what every command does with a save file of The Great
// Game once read: parse it and replay it, checking the invariants after
// every step as `durbar replay` does.
func loadSaveBytes(data []byte) (steps int, err error) {
	sv, err := core.ParseSave(data)
	if err != nil {
		return 0, err
	}
	if sv.Game != greatgame.GameName || sv.Version != greatgame.Version {
		return 0, nil
	}
	_, err = replay(sv, true)
	return len(sv.Log), err
}

// FuzzSave feeds save files to the command's loaders. No input panics (the
// loaders turn a panic into an "internal error", which fails here);
// refusals are short messages; and the memory taken, a measure of the work
// that no machine's load changes, stays within a multiple of the input
// plus a bounded cost per log entry.
func FuzzSave(f *testing.F) {
	s, err := newSession(greatgame.Setup{Scenario: "3", Start: 2}, 4)
	if err != nil {
		f.Fatal(err)
	}
	for k := 0; k < 60; k++ {
		d := s.game.Decision()
		if err := s.apply(d.Options[k%len(d.Options)].ID); err != nil {
			f.Fatal(err)
		}
	}
	// Without its state snapshot, which the loaders do not read: a small
	// seed is minimized fast.
	mid, err := json.Marshal(s.save)
	if err != nil {
		f.Fatal(err)
	}
	pos, _ := json.Marshal(s.game.Position())
	f.Add(mid)
	f.Add([]byte(fmt.Sprintf(`{"game":"greatgame","version":%d,"seed":9,"setup":{"position":%s},"log":["first:british"]}`, greatgame.Version, pos)))
	f.Add([]byte(`{"game":"greatgame","version":1,"seed":2,"setup":{"scenario":"1"},"log":["standard","at:0202","standard"]}`))
	f.Add([]byte(`{"game":"greatgame","version":1,"seed":2,"setup":{"position":{"scenario":"1","turn":1,"phase":"operations","ops":1,"phasing":"british","first":"british","bop":2,"pieces":{"3033":["keane"]}}},"log":["end"]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var steps int
		var err error
		n := gametest.Allocated(func() { steps, err = loadSaveBytes(data) })
		if limit := 64*uint64(len(data)) + 16<<20 + 256<<10*uint64(steps); n > limit {
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
