package gandhiplug

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"durbar/core"
	"durbar/gandhi"
	"durbar/plug/cli"
	"durbar/plug/plugtest"
)

// inproc is the durbar command run in-process (plugtest.Command).
var inproc = plugtest.Command{Main: run}

func durbar(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return inproc.Run(t, stdin, args...)
}

func mustRun(t *testing.T, args ...string) string { t.Helper(); return inproc.Must(t, args...) }

func mustFail(t *testing.T, args ...string) string { t.Helper(); return inproc.Fail(t, args...) }

func readBytes(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func options(t *testing.T, file string) cli.DecisionOut {
	t.Helper()
	var d cli.DecisionOut
	if err := json.Unmarshal([]byte(mustRun(t, "options", file, "--json")), &d); err != nil {
		t.Fatal(err)
	}
	return d
}

func newGameFile(t *testing.T, scenario string, seed string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "game.json")
	mustRun(t, "new", "gandhi", "--scenario", scenario, "--seed", seed, "-o", file)
	return file
}

func TestNewOptionsActReplay(t *testing.T) {
	file := newGameFile(t, "short", "7")
	sv, err := core.ParseSave(readBytes(t, file))
	if err != nil || sv.Game != "gandhi" || sv.Version != gandhi.Version || sv.Seed != 7 || len(sv.Log) != 0 || len(sv.State) == 0 {
		t.Fatalf("bad new save: %+v %v", sv, err)
	}
	d := options(t, file)
	if d.Over || len(d.Options) == 0 || d.Faction == "" || d.Rule == "" {
		t.Fatalf("bad decision: %+v", d)
	}
	mustRun(t, "act", file, d.Options[0].ID)

	// An illegal id, alone or after a legal one, leaves the file byte-identical.
	before := readBytes(t, file)
	next := options(t, file).Options[0].ID
	msg := mustFail(t, "act", file, "no-such-option")
	if !strings.Contains(msg, "rule ") {
		t.Errorf("the refusal should name the rule: %s", msg)
	}
	mustFail(t, "act", file, next, "no-such-option")
	if !bytes.Equal(before, readBytes(t, file)) {
		t.Fatal("a refused act changed the save file")
	}

	mustRun(t, "act", file, next)
	if out := mustRun(t, "replay", file); !strings.Contains(out, "OK") {
		t.Fatalf("replay: %s", out)
	}
	if out := mustRun(t, "show", file); !strings.Contains(out, "Restraint") || !strings.Contains(out, "decides") {
		t.Fatalf("show: %s", out)
	}
	var shown showOut
	if err := json.Unmarshal([]byte(mustRun(t, "show", file, "--json")), &shown); err != nil {
		t.Fatal(err)
	}
	if shown.Steps != 2 || shown.Position == nil || len(shown.Victory) != 4 {
		t.Fatalf("show --json: %+v", shown)
	}
	// The derived facts: every space's Raj Control and Activist activity,
	// as the position's pieces and markers give them (1.4.3, 1.7).
	if len(shown.Facts.Spaces) == 0 || shown.Facts.CampaignsLeft == 0 {
		t.Fatalf("show --json facts: %+v", shown.Facts)
	}
	protests := 0
	for id, sp := range shown.Position.Spaces {
		f, ok := shown.Facts.Spaces[id]
		if !ok {
			t.Fatalf("no facts for %s", id)
		}
		if sp.Protest {
			protests++
			if !f.ActivistsActive {
				t.Errorf("%s: a Protest space with Inactive Activists", id)
			}
		}
		cubes := sp.Troop + sp.Sepoy
		if f.RajControl && cubes == 0 {
			t.Errorf("%s: Raj Control without cubes", id)
		}
	}
	if protests != shown.Facts.ProtestsOnMap {
		t.Errorf("%d Protest spaces, facts say %d", protests, shown.Facts.ProtestsOnMap)
	}
}

func TestNewFromPosition(t *testing.T) {
	dir := t.TempDir()
	p, err := gandhi.ScenarioPosition("short")
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(p)
	pos := filepath.Join(dir, "pos.json")
	os.WriteFile(pos, raw, 0o644)
	file := filepath.Join(dir, "game.json")
	mustRun(t, "new", "gandhi", "--position", pos, "--seed", "3", "-o", file)
	mustRun(t, "replay", file)

	os.WriteFile(pos, []byte(`{"restraint": 9, "unity": 1, "gandhi": "jail", "spaces": {"atlantis": {}}}`), 0o644)
	mustFail(t, "new", "gandhi", "--position", pos, "-o", filepath.Join(dir, "bad.json"))
	if _, err := os.Stat(filepath.Join(dir, "bad.json")); err == nil {
		t.Fatal("a refused new wrote its output")
	}
	mustFail(t, "new", "gandhi", "--scenario", "nowhere")
	mustFail(t, "new", "gandhi", "--scenario", "main", "--position", pos)

	// The example in the format documentation is a legal position.
	doc := string(readBytes(t, "../../docs/gandhi-formats.md"))
	start := strings.Index(doc, "{\n  \"name\": \"example\"")
	if start < 0 {
		t.Fatal("no example position in docs/gandhi-formats.md")
	}
	end := strings.Index(doc[start:], "\n```")
	os.WriteFile(pos, []byte(doc[start:start+end]), 0o644)
	mustRun(t, "new", "gandhi", "--position", pos, "-o", file)

	// Without -o the save goes to standard output.
	if _, err := core.ParseSave([]byte(mustRun(t, "new", "gandhi", "--scenario", "quick"))); err != nil {
		t.Fatal(err)
	}
}

func TestReplayDetectsTampering(t *testing.T) {
	file := newGameFile(t, "short", "7")
	d := options(t, file)
	mustRun(t, "act", file, d.Options[0].ID)
	sv, _ := core.ParseSave(readBytes(t, file))

	write := func(name string, edit func(s *core.Save)) string {
		s := *sv
		s.Log = append([]string(nil), sv.Log...)
		edit(&s)
		raw, _ := json.Marshal(s)
		path := filepath.Join(t.TempDir(), name)
		os.WriteFile(path, raw, 0o644)
		return path
	}
	// Another legal first step: the log replays but the state differs.
	otherLog := write("log.json", func(s *core.Save) { s.Log[0] = d.Options[1].ID })
	out, _, code := durbar(t, "", "replay", otherLog)
	if code != 1 || !strings.Contains(out, "MISMATCH") {
		t.Fatalf("tampered log not detected: %d %s", code, out)
	}
	otherState := write("state.json", func(s *core.Save) {
		s.State = bytes.Replace(s.State, []byte(`"restraint":`), []byte(`"restraint":1,"x":`), 1)
	})
	out, _, code = durbar(t, "", "replay", otherState)
	if code != 1 || !strings.Contains(out, "restraint") {
		t.Fatalf("tampered state not detected: %d %s", code, out)
	}
	mustFail(t, "replay", write("illegal.json", func(s *core.Save) { s.Log = append(s.Log, "bogus") }))
	mustFail(t, "replay", write("seed.json", func(s *core.Save) { s.Seed++ }))
}

func TestCorruptSavesRejected(t *testing.T) {
	bad := map[string]string{
		"empty":       ``,
		"not json":    `{"game": "gandhi"`,
		"null":        `null`,
		"array":       `[1,2,3]`,
		"no game":     `{"version": 1, "setup": {"scenario": "short"}}`,
		"other game":  `{"game": "chess", "version": 1, "setup": {"scenario": "short"}}`,
		"old version": `{"game": "gandhi", "version": 999, "setup": {"scenario": "short"}}`,
		"no setup":    `{"game": "gandhi", "version": 1}`,
		"setup type":  `{"game": "gandhi", "version": 1, "setup": "short"}`,
		"empty setup": `{"game": "gandhi", "version": 1, "setup": {}}`,
		"extra field": `{"game": "gandhi", "version": 1, "setup": {"scenario": "short", "cheat": true}}`,
		"path":        `{"game": "gandhi", "version": 1, "setup": {"scenario": "../../../etc/passwd"}}`,
		"bad seats":   `{"game": "gandhi", "version": 1, "setup": {"scenario": "short", "seats": [0, 1, 9, -1]}}`,
		"negative":    `{"game": "gandhi", "version": 1, "seed": -1, "setup": {"scenario": "short"}}`,
		"log type":    `{"game": "gandhi", "version": 1, "setup": {"scenario": "short"}, "log": [1, 2]}`,
		"bad log":     `{"game": "gandhi", "version": 1, "setup": {"scenario": "short"}, "log": ["space:", "\u0000", "op:"]}`,
		"position": `{"game": "gandhi", "version": 1, "setup": {"position": {"restraint": 3, "unity": 3, "gandhi": "delhi",
			"current": 9999, "drawDeck": [-5, 0], "available": {"troop": -100}, "spaces": {"delhi": {"troop": 99999999}}}}}`,
		"railway base": `{"game": "gandhi", "version": 1, "setup": {"position": {"restraint": 3, "unity": 3, "gandhi": "jail",
			"spaces": {"delhi": {"support": "adoring"}}}}}`,
	}
	dir := t.TempDir()
	for name, content := range bad {
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "-")+".json")
		os.WriteFile(path, []byte(content), 0o644)
		for _, cmd := range [][]string{{"show", path}, {"show", path, "--json"}, {"options", path}, {"replay", path}, {"act", path, "pass"}} {
			t.Run(name+"/"+cmd[0], func(t *testing.T) { mustFail(t, cmd...) })
		}
		if string(readBytes(t, path)) != content {
			t.Fatalf("%s: a failing command changed the file", name)
		}
	}
	mustFail(t, "show", filepath.Join(dir, "missing.json"))
	mustFail(t, "show")
	mustFail(t, "act", filepath.Join(dir, "empty.json"))
}

// A position may hold card numbers the deck lacks (0 is accepted by the
// loader); showing such a game must not crash.
func TestShowOddPosition(t *testing.T) {
	path := filepath.Join(t.TempDir(), "odd.json")
	os.WriteFile(path, []byte(`{"game": "gandhi", "version": 1, "setup": {"position": {"restraint": 3, "unity": 3,
		"gandhi": "jail", "current": 1, "upcoming": 2, "drawDeck": [0, 0, 0], "spaces": {}}}}`), 0o644)
	for _, args := range [][]string{{"show", path}, {"show", path, "--json"}, {"options", path}} {
		if _, errOut, _ := durbar(t, "", args...); strings.Contains(errOut, "internal error") {
			t.Errorf("%v: %s", args, errOut)
		}
	}
}

func TestSim(t *testing.T) {
	var out simOut
	if err := json.Unmarshal([]byte(mustRun(t, "sim", "gandhi", "--games", "3", "--seed", "1", "--players", "random", "--json")), &out); err != nil {
		t.Fatal(err)
	}
	wins := 0
	for _, n := range out.Wins {
		wins += n
	}
	if out.Games != 3 || wins != 3 || out.Decisions == 0 {
		t.Fatalf("sim: %+v", out)
	}
	if text := mustRun(t, "sim", "gandhi", "--games", "1", "--scenario", "quick"); !strings.Contains(text, "decisions/s") {
		t.Fatalf("sim text: %s", text)
	}
	mustFail(t, "sim", "gandhi", "--players", "genius")
	mustFail(t, "sim", "gandhi", "--games", "0")
	mustFail(t, "sim", "chess")
}

func TestCardsJSON(t *testing.T) {
	var out cardsOut
	if err := json.Unmarshal([]byte(mustRun(t, "cards", "gandhi", "--json")), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Events) < 48 || len(out.Campaigns) != 7 {
		t.Fatalf("cards: %d events, %d campaigns", len(out.Events), len(out.Campaigns))
	}
	for _, e := range out.Events {
		if len(e.Order) != 4 || e.Title == "" {
			t.Fatalf("card %d: %+v", e.Number, e)
		}
	}
	for _, c := range out.Campaigns {
		if c.Viceroy == "" {
			t.Fatalf("campaign %d has no viceroy", c.Number)
		}
	}
	if text := mustRun(t, "cards", "gandhi"); !strings.Contains(text, "Campaign cards") {
		t.Fatal("cards text lists no campaigns")
	}
}

// The Raj's first choice in the quick scenario (after Congress places
// Gandhi, which turns up the first cards) uses no randomness and reveals
// nothing, so it can be undone.
func TestPlayScript(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "saved.json")
	script := strings.Join([]string{"2", "2", "undo", "999", "nonsense", "show", "log", "help 3.2.4", "save " + save, "quit", "1"}, "\n")
	out, errOut, code := durbar(t, script, "play", "gandhi", "--scenario", "quick", "--seed", "7")
	if code != 0 {
		t.Fatalf("play: exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Restraint", "decides", "undone: 1 action", "no option 999", "refused: ", "Assault", "saved 1 actions"} {
		if !strings.Contains(out, want) {
			t.Errorf("play output lacks %q", want)
		}
	}
	mustRun(t, "replay", save)
	sv, _ := core.ParseSave(readBytes(t, save))
	first := options(t, newGameFile(t, "quick", "7")).Options[1].ID
	if len(sv.Log) != 1 || sv.Log[0] != first {
		t.Fatalf("saved log %v, want [%s]", sv.Log, first)
	}

	// Loaded again, end of input quits cleanly.
	if _, errOut, code := durbar(t, "show\n", "play", "gandhi", "--load", save, "--human", "raj"); code != 0 {
		t.Fatalf("play --load: %d %s", code, errOut)
	}
}

// Undo stops at the undo barrier: play until a step draws a random number
// (random choices) or turns up a card (passing ends cards without dice),
// then try to take it back.
func TestPlayUndoRefusedAfterRandomEvent(t *testing.T) {
	for _, tc := range []struct {
		name, what string
		pass       bool
	}{{"die", "", false}, {"card", "a card was revealed", true}} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := newSession(gandhi.Setup{Scenario: "short"}, 5)
			if err != nil {
				t.Fatal(err)
			}
			pick := core.NewRNG(1)
			var what string
			for {
				d := s.game.Decision()
				if d.Over {
					t.Fatal("no irreversible event in a whole game")
				}
				bar := s.game.Irreversible()
				id := d.Options[pick.IntN(len(d.Options))].ID
				if _, ok := d.Find("pass"); ok && tc.pass {
					id = "pass"
				}
				if err := s.apply(id); err != nil {
					t.Fatal(err)
				}
				if b := s.game.Irreversible(); b.N != bar.N {
					what = b.What
					break
				}
			}
			if tc.what != "" && what != tc.what {
				t.Fatalf("the barrier moved for %q, not %q", what, tc.what)
			}
			file := filepath.Join(t.TempDir(), "g.json")
			if err := s.writeSave(file); err != nil {
				t.Fatal(err)
			}
			before := readBytes(t, file)
			out, _, code := durbar(t, "undo\nsave "+file+"\n", "play", "gandhi", "--load", file)
			if code != 0 || !strings.Contains(out, "cannot undo: "+what) {
				t.Fatalf("undo after %q: %d\n%s", what, code, out)
			}
			if !bytes.Equal(before, readBytes(t, file)) {
				t.Fatal("the refused undo changed the game")
			}
		})
	}
}

func TestRuleHelp(t *testing.T) {
	var b bytes.Buffer
	writeRuleHelp(&b, "3.2.4")
	if s := b.String(); !strings.Contains(s, "> 3.2.4") || !strings.Contains(s, "3.2 ") {
		t.Fatalf("help 3.2.4: %s", s)
	}
	b.Reset()
	writeRuleHelp(&b, "6")
	if !strings.Contains(b.String(), "6.8") {
		t.Fatalf("help 6: %s", b.String())
	}
	b.Reset()
	writeRuleHelp(&b, "99.9")
	if !strings.Contains(b.String(), "no summary") {
		t.Fatal("unknown section not reported")
	}
	// Every rule section the engine cites has a summary.
	s, _ := newSession(gandhi.Setup{Scenario: "main"}, 2)
	pick := core.NewRNG(3)
	for d := s.game.Decision(); !d.Over; d = s.game.Decision() {
		for _, r := range append([]string{d.Rule}, ruleOf(d.Options)...) {
			if _, ok := ruleIndex[r]; !ok {
				t.Errorf("no help for rule %q (%s)", r, d.Prompt)
			}
		}
		s.apply(d.Options[pick.IntN(len(d.Options))].ID)
	}
}

func ruleOf(opts []core.Option) []string {
	var out []string
	for _, o := range opts {
		out = append(out, o.Rule)
	}
	return out
}
