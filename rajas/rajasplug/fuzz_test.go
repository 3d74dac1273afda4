package rajasplug

import (
	"strings"
	"testing"

	"durbar/core"
	"durbar/core/gametest"
	"durbar/rajas"
)

// loadSaveBytes is what every command does with a save file of Rajas once
// read: parse it and replay it, checking the invariants after every step
// as `durbar replay` does.
func loadSaveBytes(data []byte) (steps int, err error) {
	sv, err := core.ParseSave(data)
	if err != nil {
		return 0, err
	}
	if sv.Game != rajas.GameName || sv.Version != rajas.Version {
		return 0, nil
	}
	_, err = replayRajas(sv, true)
	return len(sv.Log), err
}

// FuzzSave feeds save files to the command's loaders. No input panics (the
// loaders turn a panic into an "internal error", which fails here); refusals
// are short messages; and
// the memory taken, a measure of the work that no machine's load changes,
// stays within a multiple of the input plus a bounded cost per log entry.
func FuzzSave(f *testing.F) {
	seeds := func(t testing.TB) [][]byte {
		var out [][]byte
		r, err := newRajasSession(rajas.Setup{Players: 3, Navaratnas: true, Ganga: true}, 4)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 40; k++ {
			r.apply(r.game.Decision().Options[0].ID)
		}
		data, _ := r.encode()
		out = append(out, data,
			[]byte(`{"game":"rajas","version":1,"seed":9,"setup":{"players":2,"experts":[1]},"log":["palace:outer"]}`))
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
