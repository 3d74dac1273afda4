package rajasplug

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"durbar/core"
	"durbar/rajas"
)

// Saves written before "rules": 2 (testdata/before-rules-2, whole games
// of bots and random players) still load, replay with the invariants
// holding, and reach the state they recorded: their set-ups are read by
// the old names ("ganga" the second production tile for lacking workers,
// "riverTiles" the river tiles) and played by the first reading
// (rajas.Legacy).
func TestSavesBeforeRules2Replay(t *testing.T) {
	files, _ := filepath.Glob("testdata/before-rules-2/*.json")
	if len(files) < 3 {
		t.Fatalf("%d saves", len(files))
	}
	want := map[string]rajas.Setup{
		"navaratnas-ganga-3p.json": {Players: 3, Navaratnas: true, Legacy: &rajas.Legacy{SecondTile: true}},
		"river-tiles-4p.json":      {Players: 4, Ganga: true, Legacy: &rajas.Legacy{}},
		"navaratnas-2p.json":       {Players: 2, Navaratnas: true, Legacy: &rajas.Legacy{}},
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sv, err := core.ParseSave(raw)
		if err != nil {
			t.Fatal(err)
		}
		st, err := rajas.ParseSetup(sv.Setup)
		if err != nil {
			t.Fatal(err)
		}
		if w, ok := want[filepath.Base(f)]; ok {
			if st.Players != w.Players || st.Navaratnas != w.Navaratnas || st.Ganga != w.Ganga || st.Legacy == nil || *st.Legacy != *w.Legacy {
				t.Errorf("%s: set-up read as %+v", f, st)
			}
		}
		g, err := replayRajas(sv, true)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		state, err := rajasState(g)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(compactJSON(t, state), compactJSON(t, sv.State)) {
			t.Errorf("%s: the replay differs from the recorded state", f)
		}
		// Written again, the set-up keeps its old form.
		back, err := rajas.NewSave(st, sv.Seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(compactJSON(t, back.Setup), compactJSON(t, sv.Setup)) {
			t.Errorf("%s: set-up written back as %s", f, back.Setup)
		}
	}
}

func compactJSON(t *testing.T, raw []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
