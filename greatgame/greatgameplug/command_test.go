package greatgameplug

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"durbar/core"
	"durbar/greatgame"
)

// new, options, act, show and replay on a save, dispatched by its "game".
func TestNewOptionsActShowReplay(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "game.json")
	text := mustRun(t, "new", "greatgame", "--scenario", "3", "--start", "2", "--seed", "4", "-o", file)
	if !strings.Contains(text, "greatgame, The Great Game (from the set-up of Clash of Empires), seed 4") || !strings.Contains(text, " decides [") {
		t.Fatalf("new: %s", text)
	}
	sv, err := core.ParseSave(readBytes(t, file))
	if err != nil || sv.Game != greatgame.GameName || sv.Version != greatgame.Version || sv.Seed != 4 || len(sv.Log) != 0 || len(sv.State) == 0 {
		t.Fatalf("bad new save: %+v %v", sv, err)
	}
	if st, err := greatgame.ParseSetup(sv.Setup); err != nil || st.Scenario != "3" || st.Start != 2 || st.Position != nil {
		t.Fatalf("setup %+v %v", st, err)
	}
	var ids []string
	for range 12 {
		d := options(t, file)
		if d.Over || len(d.Options) == 0 || (d.Faction != "british" && d.Faction != "russian") || d.Rule == "" || d.Prompt == "" {
			t.Fatalf("bad decision: %+v", d)
		}
		for _, o := range d.Options {
			if o.ID == "" || o.Label == "" || o.Rule == "" {
				t.Fatalf("an option without id, label or rule: %+v", o)
			}
		}
		id := d.Options[len(d.Options)-1].ID
		if text := mustRun(t, "act", file, id); !strings.Contains(text, "applied 1 option(s); "+file+" now holds") {
			t.Fatalf("act: %s", text)
		}
		ids = append(ids, id)
	}
	if text := mustRun(t, "replay", file); !strings.Contains(text, "OK: 12 steps replayed, invariants hold; state matches the snapshot") {
		t.Fatalf("replay: %s", text)
	}
	d := options(t, file)
	who := greatgame.Side(d.Player).Title()
	if text := mustRun(t, "show", file); !strings.Contains(text, "12 actions so far") || !strings.Contains(text, "The "+who+" player's view") ||
		!strings.Contains(text, "Balance of Power") || !strings.Contains(text, who+" decides [") {
		t.Fatalf("show: %s", text)
	}
	if text := mustRun(t, "options", file); !strings.HasPrefix(text, who+" decides [") || !strings.Contains(text, "  1.") {
		t.Fatalf("options: %s", text)
	}
	// The same ids through one act from a new game give the same file.
	again := filepath.Join(dir, "again.json")
	mustRun(t, "new", "greatgame", "--scenario", "3", "--start", "2", "--seed", "4", "-o", again)
	mustRun(t, append([]string{"act", again}, ids...)...)
	if !bytes.Equal(readBytes(t, file), readBytes(t, again)) {
		t.Fatal("one act of 12 ids and 12 acts of one differ")
	}
	// A refused id leaves the file as it was, and the error names the rule.
	before := readBytes(t, file)
	for _, args := range [][]string{{"bogus"}, {d.Options[0].ID, "bogus"}} {
		msg := mustFail(t, append([]string{"act", file}, args...)...)
		if !strings.Contains(msg, "left unchanged") || !strings.Contains(msg, "rule ") || !strings.Contains(msg, `"bogus" is not a legal option`) {
			t.Fatalf("act %v: %s", args, msg)
		}
		if !bytes.Equal(before, readBytes(t, file)) {
			t.Fatalf("a refused act %v changed the file", args)
		}
	}
	// Tampering is detected.
	write := func(name string, edit func(*core.Save)) string {
		s, _ := core.ParseSave(before)
		edit(s)
		raw, _ := json.Marshal(s)
		path := filepath.Join(dir, name)
		os.WriteFile(path, raw, 0o644)
		return path
	}
	out, _, code := durbar(t, "", "replay", write("state.json", func(s *core.Save) {
		s.State = bytes.Replace(s.State, []byte(`"BoP":`), []byte(`"BoP":7,"x":`), 1)
	}))
	if code != 1 || !strings.Contains(out, "MISMATCH") || !strings.Contains(out, "BoP") {
		t.Fatalf("tampered state not detected: %d %s", code, out)
	}
	if msg := mustFail(t, "replay", write("log.json", func(s *core.Save) { s.Log = append(s.Log, "bogus") })); !strings.Contains(msg, `log step 13 ("bogus")`) {
		t.Fatalf("replay of a bad log: %s", msg)
	}
	if text := mustRun(t, "replay", write("nostate.json", func(s *core.Save) { s.State = nil })); !strings.Contains(text, "no state snapshot") {
		t.Fatalf("replay without a snapshot: %s", text)
	}
	// Without -o the save goes to standard output.
	sv, err = core.ParseSave([]byte(mustRun(t, "new", "greatgame")))
	if err != nil || sv.Game != "greatgame" || setupOf(t, sv) != (greatgame.Setup{Scenario: "1"}) {
		t.Fatalf("new to stdout: %v", err)
	}
}

// show prints the board of the side deciding now, or of --seat: the fog of
// war (22.0) keeps the other side's stacks and treasury hidden.
func TestShowSeats(t *testing.T) {
	file := filepath.Join(t.TempDir(), "game.json")
	mustRun(t, "new", "greatgame", "--scenario", "1", "--seed", "2", "-o", file)
	// Past the set-up, which places both sides' counters.
	for i := 0; i < 40 && options(t, file).Prompt != ""; i++ {
		d := options(t, file)
		if !strings.Contains(d.Prompt, "Set-up") {
			break
		}
		mustRun(t, "act", file, d.Options[len(d.Options)-1].ID)
	}
	d := options(t, file)
	decider, other := greatgame.Side(d.Player), greatgame.Side(d.Player).Other()
	def := showJSON(t, file)
	if def.Seat != decider.String() || def.Deciding != decider.String() || def.Over || def.Observation.Seat != decider ||
		len(def.Observation.Pending.Options) != len(d.Options) || def.Scenario != "1" || def.ScenarioName != "To Afghanistan!" {
		t.Fatalf("default show: seat %q deciding %q, %d options", def.Seat, def.Deciding, len(def.Observation.Pending.Options))
	}
	theirs := showJSON(t, file, "--seat", other.String())
	if theirs.Seat != other.String() || theirs.Observation.Seat != other || len(theirs.Observation.Pending.Options) != 0 || theirs.Observation.Pending.Prompt != "" {
		t.Fatalf("the other side sees the decision: %+v", theirs.Observation.Pending)
	}
	spec := showJSON(t, file, "--seat=spectator")
	hidden := 0
	for _, s := range spec.Observation.Stacks {
		if len(s.Pieces) > 0 {
			t.Fatalf("a spectator examines a stack: %+v", s)
		}
		hidden += s.Hidden[0] + s.Hidden[1] + s.Hidden[2]
	}
	if spec.Seat != "spectator" || spec.Observation.Pounds != 0 || hidden == 0 {
		t.Fatalf("spectator: seat %q pounds %d hidden %d", spec.Seat, spec.Observation.Pounds, hidden)
	}
	text := mustRun(t, "show", file, "--seat", other.String())
	if !strings.Contains(text, "The "+other.Title()+" player's view") || !strings.Contains(text, "The "+decider.Title()+" player decides now (") ||
		strings.Contains(text, "  1.") || !strings.Contains(text, "hidden "+decider.Title()+" counters") {
		t.Fatalf("show --seat %s:\n%s", other, text)
	}
	if msg := mustFail(t, "show", file, "--seat", "french"); !strings.Contains(msg, `--seat: "french" is not british, russian or spectator`) {
		t.Fatalf("bad seat: %s", msg)
	}
}

// A finished game shows its result and each side's victory points.
func TestFinishedGame(t *testing.T) {
	file := filepath.Join(t.TempDir(), "over.json")
	out, errOut, code := durbar(t, "", "play", "greatgame", "--scenario", "1", "--players", "random,random", "--seed", "6", "--save", file)
	if code != 0 {
		t.Fatalf("play: %s", errOut)
	}
	sh := showJSON(t, file)
	if !sh.Over || sh.Deciding != "" || sh.Seat != "spectator" || len(sh.Scores) != 2 || sh.Result == "" || !strings.Contains(out, sh.Result) {
		t.Fatalf("finished game: %+v", sh)
	}
	want := fmt.Sprintf("British %d VP, Russian %d VP", sh.Scores[0].Total, sh.Scores[1].Total)
	if !strings.HasPrefix(sh.Result, want) || (sh.Winner == "draw") != (sh.Level == "draw") {
		t.Fatalf("result %q, scores %+v, winner %q level %q", sh.Result, sh.Scores, sh.Winner, sh.Level)
	}
	for _, s := range sh.Scores {
		if s.Regions+s.Cities+s.Markers+s.BoP+s.Treasury+s.OpenWar+s.Bonus != s.Total {
			t.Fatalf("the sources do not add up: %+v", s)
		}
	}
	text := mustRun(t, "show", file)
	for _, w := range []string{"Final score (25.0): " + sh.Result, "regions", "treasury", "A spectator's view"} {
		if !strings.Contains(text, w) {
			t.Errorf("show lacks %q", w)
		}
	}
	if d := options(t, file); !d.Over || d.Player != -1 || len(d.Options) != 0 {
		t.Fatalf("options of a finished game: %+v", d)
	}
	before := readBytes(t, file)
	if msg := mustFail(t, "act", file, "end"); !strings.Contains(msg, "the game is over") {
		t.Fatalf("act on a finished game: %s", msg)
	}
	if !bytes.Equal(before, readBytes(t, file)) {
		t.Fatal("a refused act changed the file")
	}
	if text := mustRun(t, "replay", file); !strings.Contains(text, "invariants hold; state matches the snapshot") {
		t.Fatalf("replay: %s", text)
	}
}

// The set-up flags: a scenario (3 from the set-up of 1 or 2) or a position.
func TestSetupFlags(t *testing.T) {
	for _, c := range []struct {
		args  []string
		setup greatgame.Setup // the save's setup
		name  string
	}{
		{nil, greatgame.Setup{Scenario: "1"}, "To Afghanistan!"},
		{[]string{"--scenario", "2"}, greatgame.Setup{Scenario: "2"}, "Clash of Empires"},
		{[]string{"--scenario", "3"}, greatgame.Setup{Scenario: "3", Start: 1}, "The Great Game (from the set-up of To Afghanistan!)"},
		{[]string{"--scenario", "3", "--start", "2"}, greatgame.Setup{Scenario: "3", Start: 2}, "The Great Game (from the set-up of Clash of Empires)"},
		{[]string{"--scenario", "clash-of-empires"}, greatgame.Setup{Scenario: "clash-of-empires"}, "Clash of Empires"},
	} {
		file := filepath.Join(t.TempDir(), "g.json")
		text := mustRun(t, append(append([]string{"new", "greatgame"}, c.args...), "-o", file)...)
		sv, err := core.ParseSave(readBytes(t, file))
		if err != nil {
			t.Fatal(err)
		}
		if got := setupOf(t, sv); got != c.setup || !strings.Contains(text, c.name) {
			t.Errorf("%v: setup %+v, %s", c.args, got, text)
		}
	}
	pos := writeFile(t, "pos.json", `{"scenario":"1","turn":1,"phase":"turn","bop":1,"control":{},"pounds":{},"sp":{},"pieces":{}}`)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--scenario", "4"}, `unknown scenario "4"`},
		{[]string{"--scenario", "1", "--start", "2"}, "only scenario 3 takes a start"},
		{[]string{"--scenario", "3", "--start", "3"}, "(--start 1|2), not 3"},
		{[]string{"--position", pos, "--scenario", "1"}, "give --scenario (and --start) or --position, not both"},
		{[]string{"--position", filepath.Join(t.TempDir(), "missing.json")}, "no such file"},
		{[]string{"--seed", "x"}, `invalid value "x" for flag -seed`},
		{[]string{"extra"}, `unexpected argument "extra"`},
	} {
		for _, cmd := range []string{"new", "play"} {
			if msg := mustFail(t, append([]string{cmd, "greatgame"}, c.args...)...); !strings.Contains(msg, c.want) {
				t.Errorf("%s %v: %q, want %q", cmd, c.args, msg, c.want)
			}
		}
	}
}

// A position file starts a game at its board, for new and play.
func TestPositionFiles(t *testing.T) {
	d, err := data()
	if err != nil {
		t.Fatal(err)
	}
	g, err := greatgame.New(d, greatgame.Setup{Scenario: "2"}, 7)
	if err != nil {
		t.Fatal(err)
	}
	for g.Seq == greatgame.SeqSetup {
		if err := g.Apply("standard"); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := json.Marshal(g.Position())
	if err != nil {
		t.Fatal(err)
	}
	pos := writeFile(t, "pos.json", string(raw))
	file := filepath.Join(t.TempDir(), "g.json")
	if text := mustRun(t, "new", "greatgame", "--position", pos, "--seed", "3", "-o", file); !strings.Contains(text, "Clash of Empires, from a position") {
		t.Fatalf("new --position: %s", text)
	}
	sh := showJSON(t, file)
	if !sh.Position || sh.Scenario != "2" || sh.Observation.Turn != g.Turn || sh.Observation.BoP != g.BoP {
		t.Fatalf("show of a position's game: %+v", sh)
	}
	for range 5 {
		mustRun(t, "act", file, options(t, file).Options[0].ID)
	}
	if text := mustRun(t, "replay", file); !strings.Contains(text, "OK: 5 steps replayed, invariants hold; state matches") {
		t.Fatalf("replay: %s", text)
	}
	out, errOut, code := durbar(t, "", "play", "greatgame", "--position", pos, "--players", "random,random", "--seed", "3")
	if code != 0 || !strings.Contains(out, "Clash of Empires, from a position") || !strings.Contains(out, "Final score (25.0)") {
		t.Fatalf("play --position: exit %d %s\n%s", code, errOut, tailLines(out, 20))
	}
	// Refused positions say why, each problem with its rule, in short.
	many := `{"scenario":"1","turn":1,"phase":"turn","bop":1,"control":{},"pounds":{},"sp":{},"pieces":{},"happened":[` +
		strings.TrimSuffix(strings.Repeat(`"no-such-event",`, 5000), ",") + `]}`
	for _, c := range []struct{ name, data, want string }{
		{"not JSON", `{"scenario":`, "position: "},
		{"unknown field", `{"scenario":"1","turn":1,"phase":"turn","bop":1,"colour":"red"}`, `unknown field "colour"`},
		{"balance of power zero", `{"scenario":"1","turn":1,"phase":"turn","bop":0}`, "Balance of Power 0"},
		{"unit in the wrong base", `{"scenario":"1","turn":1,"phase":"turn","bop":1,"pieces":{"base-british":["russian/field-force/1"]}}`, "19.2"},
		{"two positions", `{"scenario":"1","turn":1,"phase":"turn","bop":1}{}`, "data after the top-level value"},
		{"thousands of problems", many, "… and 4989 more"},
		{"a huge region name", `{"scenario":"1","turn":1,"phase":"turn","bop":1,"control":{"` + strings.Repeat("x", 100000) + `":"british"}}`, "xxx…"},
	} {
		file := writeFile(t, "bad.json", c.data)
		msg := mustFail(t, "new", "greatgame", "--position", file)
		if !strings.Contains(msg, c.want) || len(msg) > 5000 {
			t.Errorf("%s: %d bytes: %.300q, want %q", c.name, len(msg), msg, c.want)
		}
	}
}

// Hostile and corrupt saves are refused by every command that reads them,
// with a short message naming what is wrong, and the file is untouched.
func TestHostileSaves(t *testing.T) {
	save := func(setup, log string) string {
		return fmt.Sprintf(`{"game":"greatgame","version":%d,"seed":4,"setup":%s,"log":%s}`, greatgame.Version, setup, log)
	}
	longLog := `["` + strings.Repeat(`end","`, core.MaxLog) + `end"]`
	badPositions := `{"position":{"scenario":"1","turn":1,"phase":"turn","bop":1,"happened":[` +
		strings.TrimSuffix(strings.Repeat(`"nothing",`, 3000), ",") + `]}}`
	for _, c := range []struct{ name, data, want string }{
		{"not JSON", `{"game":"greatgame",`, "save file is not valid JSON"},
		{"no setup", `{"game":"greatgame","version":1,"seed":1,"log":[]}`, "save file has no setup"},
		{"another version", strings.Replace(save(`{"scenario":"1"}`, `[]`), `"version":1`, `"version":99`, 1), "written by rules version 99"},
		{"unknown setup field", save(`{"scenario":"1","mode":"easy"}`, `[]`), `greatgame setup: json: unknown field "mode"`},
		{"no scenario", save(`{}`, `[]`), "give a scenario (1, 2 or 3) or a position"},
		{"unknown scenario", save(`{"scenario":"9"}`, `[]`), `unknown scenario "9"`},
		{"start of another scenario", save(`{"scenario":"1","start":2}`, `[]`), "only scenario 3 takes a start"},
		{"scenario and position", save(`{"scenario":"1","position":{"scenario":"1","turn":1,"phase":"turn","bop":1}}`, `[]`), "a scenario or a position, not both"},
		{"bad position", save(`{"position":{"scenario":"1","turn":9,"phase":"turn","bop":1}}`, `[]`), "turn 9 outside the scenario's turns"},
		{"thousands of problems", save(badPositions, `[]`), "… and 2989 more"},
		{"illegal log step", save(`{"scenario":"1"}`, `["standard","nowhere"]`), `log step 2 ("nowhere"): rule `},
		{"log too long", save(`{"scenario":"1"}`, longLog), "log: more than 100000 entries"},
		{"option id too long", save(`{"scenario":"1"}`, `["`+strings.Repeat("at:", 100)+`"]`), "an option id of 300 bytes"},
		{"log of numbers", save(`{"scenario":"1"}`, `[1,2]`), "log: entry 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			file := writeFile(t, "hostile.json", c.data)
			for _, args := range [][]string{{"show", file}, {"show", file, "--json"}, {"options", file}, {"replay", file},
				{"act", file, "standard"}, {"play", "greatgame", "--load", file}} {
				_, errOut, code := durbar(t, "", args...)
				if code != 1 || !strings.Contains(errOut, c.want) {
					t.Errorf("%v: exit %d, %.300q; want %q", args[0], code, errOut, c.want)
				}
				if len(errOut) > 4000 {
					t.Errorf("%v: a message of %d bytes", args[0], len(errOut))
				}
			}
			if !bytes.Equal(readBytes(t, file), []byte(c.data)) {
				t.Error("the file was changed")
			}
		})
	}
	// A save of another game names it.
	other := writeFile(t, "rajas.json", `{"game":"rajas","version":1,"seed":1,"setup":{"players":2},"log":[]}`)
	if msg := mustFail(t, "show", other); !strings.Contains(msg, `a save of game "rajas"; Durbar plays greatgame`) {
		t.Fatalf("another game's save: %s", msg)
	}
}

// setupOf is a save's set-up.
func setupOf(t *testing.T, sv *core.Save) greatgame.Setup {
	t.Helper()
	st, err := greatgame.ParseSetup(sv.Setup)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// tailLines is the last n lines of a text.
func tailLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
