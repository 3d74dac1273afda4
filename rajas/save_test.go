package rajas

import (
	"encoding/json"
	"strings"
	"testing"

	"durbar/core"
)

// Every field of a set-up out of its domain is refused, the message naming
// the field.
func TestHostileSetupsRefused(t *testing.T) {
	for _, c := range []struct {
		name, setup, want string
	}{
		{"no players", `{}`, "players: must be 2, 3 or 4"},
		{"one player", `{"players":1}`, "players: must be 2, 3 or 4"},
		{"five players", `{"players":5}`, "players: must be 2, 3 or 4"},
		{"negative players", `{"players":-9223372036854775808}`, "players: must be 2, 3 or 4"},
		{"players as text", `{"players":"4"}`, "rajas set-up: json: cannot unmarshal"},
		{"old ganga alone", `{"players":2,"ganga":true}`, `ganga: in a set-up without "rules"`},
		{"unknown rules", `{"rules":3,"players":2}`, "rules: 3 is not a reading"},
		{"old first player", `{"players":2,"firstPlayer":1}`, `firstPlayer: needs "rules": 2`},
		{"first player beyond", `{"rules":2,"players":2,"firstPlayer":3}`, "firstPlayer: seat 3 outside 1-2"},
		{"experts with navaratnas", `{"players":2,"navaratnas":true,"experts":[0]}`, "experts: mixed groups (experts) and the full Navaratnas variant exclude each other"},
		{"expert seat beyond the players", `{"players":2,"experts":[2]}`, "experts: seat 2 outside 0-1"},
		{"negative expert seat", `{"players":3,"experts":[-1]}`, "experts: seat -1 outside 0-2"},
		{"expert twice", `{"players":3,"experts":[1,1]}`, "experts: seat 1 listed twice"},
		{"more experts than players", `{"players":2,"experts":[0,1,0,1,0]}`, "experts: 5 seats listed; the game has 2"},
		{"a million experts", `{"players":4,"experts":[` + strings.Repeat("0,", 1_000_000) + `0]}`, "rajas set-up: 2000027 bytes; a set-up is at most 65536"},
		{"unknown field", `{"players":2,"rivers":true}`, `rajas set-up: json: unknown field "rivers"`},
		{"two set-ups", `{"players":2}{"players":3}`, "rajas set-up: more follows the set-up"},
		{"a list", `[2]`, "rajas set-up: json: cannot unmarshal array"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseSetup([]byte(c.setup))
			if err == nil || !strings.HasPrefix(err.Error(), "rajas set-up: ") || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v\nwant %q", err, c.want)
			}
		})
	}
	for _, ok := range []string{`{"players":2}`, `{"players":4,"navaratnas":true,"ganga":true,"riverTiles":true}`, `{"players":4,"experts":[3,0,2,1]}`,
		`{"rules":2,"players":2,"ganga":true}`, `{"rules":2,"players":3,"navaratnas":true,"firstPlayer":2}`} {
		if _, err := ParseSetup([]byte(ok)); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
}

// A hostile save of Rajas is refused by core.ParseSave and Load, in bounded
// time and memory: the log is checked before anything is replayed.
func TestHostileSavesRefused(t *testing.T) {
	d := testData(t)
	save := func(setup, log string) string {
		return `{"game":"rajas","version":` + json.Number(itoa(Version)).String() + `,"seed":3,"setup":` + setup + `,"log":` + log + `}`
	}
	longLog := `["` + strings.Repeat(`palace:outer","`, core.MaxLog) + `done"]`
	for _, c := range []struct {
		name, data, want string
	}{
		{"log too long", save(`{"players":2}`, longLog), "log: more than 100000 entries"},
		{"over the size cap", save(`{"players":2}`, `["`+strings.Repeat("x", core.MaxFileBytes)+`"]`), "larger than 8 MiB"},
		{"long option id", save(`{"players":2}`, `["`+strings.Repeat("quarry:", 100)+`"]`), "log: entry 1: an option id of 700 bytes"},
		{"bad set-up", save(`{"players":9}`, `[]`), "rajas set-up: players: must be 2, 3 or 4"},
		{"illegal step", save(`{"players":2}`, `["palace:outer","quarry:99"]`), `log step 2 ("quarry:99")`},
		{"wrong version", `{"game":"rajas","version":0,"setup":{"players":2}}`, "rules version 0"},
		{"wrong game", `{"game":"chess","version":1,"setup":{"players":2}}`, `save file is for "chess"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			sv, err := core.ParseSave([]byte(c.data))
			if err == nil {
				_, err = Load(d, sv)
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v\nwant %q", err, c.want)
			}
		})
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
