package rajasplug

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"durbar/bots"
	"durbar/core"
	"durbar/plug/sim"
	"durbar/rajas"
)

// ones is a script answering option 1 to every question, then the extra
// lines.
func ones(n int, extra ...string) string {
	return strings.Repeat("1\n", n) + strings.Join(extra, "\n") + "\n"
}

// A whole game at the terminal: one human answering option 1 (after trying
// the commands), a heuristic bot and a small MCTS. It must reach the end,
// print the ranking and stop there, and the game it saves (--save) must
// replay.
func TestRajasPlayScriptedGame(t *testing.T) {
	save := filepath.Join(t.TempDir(), "played.json")
	script := "help\n999\nnonsense\n1\nundo\nshow\nlog\n" + ones(5000)
	out, errOut, code := durbar(t, script, "play", "rajas", "--players", "human,bot,mcts", "--iterations", "3", "--seed", "5", "--save", save)
	if code != 0 {
		t.Fatalf("play: exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"Rajas of the Ganges, seed 5", "player 1 human, player 2 bot, player 3 mcts",
		"Commands:", "no option 999", "refused: ", "undone: 1 action", "Tiles for sale:", "River:",
		" decides [Course of play]", "player 2 (bot) chooses: ", "player 3 (mcts) chooses: ",
		"GAME OVER", "Final ranking (End of the game)", "The game is over.", "saved ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("play output lacks %q", want)
		}
	}
	end := out[strings.Index(out, "Final ranking"):]
	for _, want := range []string{"1.  player", "2.  player", "3.  player", "fame ", "money ", "human", "gap "} {
		if !strings.Contains(end, want) {
			t.Errorf("ranking lacks %q:\n%s", want, end[:min(len(end), 600)])
		}
	}
	if strings.Index(out, "(end of input)") >= 0 {
		t.Error("the script ran out before the game ended")
	}
	if text := mustRun(t, "replay", save); !strings.Contains(text, "state matches the snapshot") {
		t.Fatalf("replay: %s", text)
	}
	var sh rajasShowOut
	if err := json.Unmarshal([]byte(mustRun(t, "show", save, "--json")), &sh); err != nil {
		t.Fatal(err)
	}
	if !sh.Over || sh.Winner < 1 || len(sh.Ranking) != 3 || sh.Ranking[0] != sh.Winner || len(sh.Seats) != 3 {
		t.Fatalf("saved game: %+v", sh)
	}
}

// Undo stops at a die roll; a saved game continues with --load.
func TestRajasPlayUndoAndLoad(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "mid.json")
	// Two players: the human takes a die from a terrace, which is rolled at
	// once, so undo cannot take the choice back.
	out, errOut, code := durbar(t, "palace:terrace-blue\nundo\nsave "+save+"\nquit\n",
		"play", "rajas", "--players", "human,bot", "--seed", "3")
	if code != 0 {
		t.Fatalf("play: exit %d: %s", code, errOut)
	}
	for _, want := range []string{"cannot undo: dice were rolled", "player 1 places a worker on the blue terrace", "saved "} {
		if !strings.Contains(out, want) {
			t.Fatalf("play output lacks %q:\n%s", want, out)
		}
	}
	out, errOut, code = durbar(t, ones(3000, "quit"), "play", "rajas", "--load", save)
	if code != 0 || !strings.Contains(out, "player 1 human, player 2 bot") || !strings.Contains(out, "Final ranking") {
		t.Fatalf("load: exit %d %s\n%s", code, errOut, out[:min(len(out), 2000)])
	}
	if msg := mustFail(t, "play", "rajas", "--load", save, "--players", "human,bot,bot"); !strings.Contains(msg, "game of 2") {
		t.Fatalf("seat count: %s", msg)
	}
	for _, args := range [][]string{
		{"play", "rajas", "--players", "human"},
		{"play", "rajas", "--players", "human,bot,bot,bot,bot"},
		{"play", "rajas", "--players", "human,genius"},
		{"play", "rajas", "--variant", "rivers"},
		{"new", "rajas", "--first-player", "4", "--players", "3"},
		{"play", "rajas", "--variant", "dragons"},
		{"play", "rajas", "--players", "human,bot", "--experts", "3"},
		{"new", "rajas", "--players", "5"},
		{"cards", "rajas"},
		{"play", "chess"},
		{"sim", "rajas", "--players", "human,bot"},
	} {
		mustFail(t, args...)
	}
}

// new, options, act and replay on a Rajas save, dispatched by its "game".
func TestRajasNewActReplay(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "game.json")
	text := mustRun(t, "new", "rajas", "--players", "3", "--variant", "navaratnas,river-tiles", "--seed", "4", "-o", file)
	if !strings.Contains(text, "rajas, seed 4, 3 players, Navaratnas, Ganga module (river tiles)") {
		t.Fatalf("new: %s", text)
	}
	sv, err := core.ParseSave(readBytes(t, file))
	if err != nil || sv.Game != "rajas" || sv.Version != rajas.Version || sv.Seed != 4 || len(sv.Log) != 0 || len(sv.State) == 0 {
		t.Fatalf("bad new save: %+v %v", sv, err)
	}
	if st, err := rajas.ParseSetup(sv.Setup); err != nil || st.Players != 3 || !st.Navaratnas || !st.Ganga || st.Legacy != nil {
		t.Fatalf("setup %+v %v", st, err)
	}
	var ids []string
	for range 12 {
		d := options(t, file)
		if d.Over || len(d.Options) == 0 || d.Faction == "" || d.Rule == "" {
			t.Fatalf("bad decision: %+v", d)
		}
		mustRun(t, "act", file, d.Options[len(d.Options)-1].ID)
		ids = append(ids, d.Options[len(d.Options)-1].ID)
	}
	if text := mustRun(t, "replay", file); !strings.Contains(text, "OK: 12 steps replayed, invariants hold; state matches the snapshot") {
		t.Fatalf("replay: %s", text)
	}
	if text := mustRun(t, "show", file); !strings.Contains(text, "Tiles for sale") || !strings.Contains(text, "12 actions so far") {
		t.Fatalf("show: %s", text)
	}
	if text := mustRun(t, "options", file); !strings.Contains(text, " decides [") {
		t.Fatalf("options: %s", text)
	}
	// The same ids through one act from a new game give the same file.
	again := filepath.Join(dir, "again.json")
	mustRun(t, "new", "rajas", "--players", "3", "--variant", "navaratnas", "--variant", "ganga", "--seed", "4", "-o", again)
	mustRun(t, append([]string{"act", again}, ids...)...)
	if !bytes.Equal(readBytes(t, file), readBytes(t, again)) {
		t.Fatal("one act of 12 ids and 12 acts of one differ")
	}
	// A refused id leaves the file as it was.
	before := readBytes(t, file)
	if msg := mustFail(t, "act", file, options(t, file).Options[0].ID, "bogus"); !strings.Contains(msg, "left unchanged") {
		t.Fatalf("act: %s", msg)
	}
	if !bytes.Equal(before, readBytes(t, file)) {
		t.Fatal("a refused act changed the file")
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
		s.State = bytes.Replace(s.State, []byte(`"Round":`), []byte(`"Round":7,"x":`), 1)
	}))
	if code != 1 || !strings.Contains(out, "MISMATCH") || !strings.Contains(out, "Round") {
		t.Fatalf("tampered state not detected: %d %s", code, out)
	}
	mustFail(t, "replay", write("log.json", func(s *core.Save) { s.Log = append(s.Log, "bogus") }))
	mustFail(t, "replay", write("version.json", func(s *core.Save) { s.Version = 999 }))
	mustFail(t, "show", write("setup.json", func(s *core.Save) { s.Setup = json.RawMessage(`{"players": 9}`) }))
	mustFail(t, "options", write("field.json", func(s *core.Save) { s.Setup = json.RawMessage(`{"players": 3, "cheat": true}`) }))
	// Without -o the save goes to standard output.
	if sv, err := core.ParseSave([]byte(mustRun(t, "new", "rajas", "--players", "2"))); err != nil || sv.Game != "rajas" {
		t.Fatalf("new to stdout: %v", err)
	}
}

// A finished game shows its ranking with fame and money.
func TestRajasShowFinished(t *testing.T) {
	d, err := rajas.DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	setup := rajas.Setup{Players: 4, Navaratnas: true, Ganga: true}
	g, err := rajas.New(d, setup, 21)
	if err != nil {
		t.Fatal(err)
	}
	r := bots.NewRandom(1)
	var log []string
	for dec := g.Decision(); !dec.Over; dec = g.Decision() {
		id := r.Choose(g, dec)
		if err := g.Apply(id); err != nil {
			t.Fatal(err)
		}
		log = append(log, id)
	}
	sv, err := rajas.NewSave(setup, 21, log)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(sv)
	file := filepath.Join(t.TempDir(), "over.json")
	os.WriteFile(file, raw, 0o644)
	text := mustRun(t, "show", file)
	for _, want := range []string{"GAME OVER", "Final ranking (End of the game)", "4.  player", "money "} {
		if !strings.Contains(text, want) {
			t.Errorf("show lacks %q", want)
		}
	}
	if text := mustRun(t, "replay", file); !strings.Contains(text, "no state snapshot") {
		t.Fatalf("replay: %s", text)
	}
	if d := options(t, file); !d.Over || len(d.Options) != 0 {
		t.Fatalf("options of a finished game: %+v", d)
	}
}

// rajasSimJSON runs `durbar sim rajas ... --json` and decodes the result.
func rajasSimJSON(t *testing.T, args ...string) rajasSimOut {
	t.Helper()
	var out rajasSimOut
	raw := mustRun(t, append([]string{"sim", "rajas", "--json"}, args...)...)
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	return out
}

func TestRajasSimSameWhateverWorkers(t *testing.T) {
	for _, args := range [][]string{
		{"--players", "bot,random,bot", "--games", "6", "--seed", "11", "--check"},
		{"--players", "mcts,bot", "--iterations", "3", "--games", "4", "--seed", "2", "--variant", "navaratnas,ganga"},
	} {
		one := rajasSimJSON(t, append(args, "--workers", "1")...)
		four := rajasSimJSON(t, append(args, "--workers", "4")...)
		one.Timing, four.Timing = sim.Timing{}, sim.Timing{}
		if !reflect.DeepEqual(one, four) {
			t.Fatalf("%v: --workers 1 and 4 differ:\n%+v\n%+v", args, one, four)
		}
		seats := len(one.Players)
		wins, seatGames, seatWins := 0, 0, 0
		for _, k := range one.Kinds {
			wins += k.Wins
			seatGames += k.SeatGames
			if k.WinLow > k.WinRate || k.WinRate > k.WinHigh || k.GapMin > k.GapMax || one.Wins[k.Kind] != k.Wins {
				t.Errorf("%s: inconsistent figures %+v", k.Kind, k)
			}
		}
		for _, s := range one.Seats {
			seatWins += s.Wins
			if s.Games != one.Games {
				t.Errorf("seat %d played %d games", s.Seat, s.Games)
			}
		}
		if wins != one.Games || seatWins != one.Games || seatGames != one.Games*seats || !one.Balanced ||
			one.Ends[endMet]+one.Ends[endLimit] != one.Games || one.Length.RoundsMean <= 0 ||
			one.Length.DecisionsMean != float64(one.Decisions)/float64(one.Games) {
			t.Fatalf("%v: totals %+v", args, one)
		}
	}
	text := mustRun(t, "sim", "rajas", "--players", "bot,random", "--games", "3")
	for _, want := range []string{"Wilson", "games/s", "player 1", "rounds per game", "not a multiple"} {
		if !strings.Contains(text, want) {
			t.Errorf("sim text lacks %q:\n%s", want, text)
		}
	}
}

// Every kind plays every seat equally: with the seating rotated, the kind
// of each seat over 3 games is a permutation.
func TestRajasSeating(t *testing.T) {
	players := []string{"bot", "mcts", "random"}
	count := map[[2]string]int{}
	for k := range 6 {
		for s, kind := range rajasSeating(players, k) {
			count[[2]string{kind, rajas.SeatName(s)}]++
		}
	}
	if len(count) != 9 {
		t.Fatalf("seating %v", count)
	}
	for key, n := range count {
		if n != 2 {
			t.Fatalf("%v played %d times", key, n)
		}
	}
}

func TestRajasSimPlotSVG(t *testing.T) {
	file := filepath.Join(t.TempDir(), "sim.svg")
	mustRun(t, "sim", "rajas", "--players", "bot,random,random", "--games", "6", "--plot", file, "--json")
	dec := xml.NewDecoder(bytes.NewReader(readBytes(t, file)))
	root, texts := "", ""
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = tok.Name.Local
			}
		case xml.CharData:
			texts += string(tok) + "\n"
		}
	}
	if root != "svg" {
		t.Fatalf("root element %q", root)
	}
	for _, name := range []string{"Rajas of the Ganges", "Win rate by player", "Win rate by seat", "Wilson", "bot", "random", "player 3", "gap", "even game (1 in 3)"} {
		if !strings.Contains(texts, name) {
			t.Errorf("SVG text lacks %q", name)
		}
	}
}

// show --json gives the game's position; new --position starts from it
// (the players counted from it) and shows the same position. A position
// with a mistake is refused with the field named.
func TestRajasPositionFromShow(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "game.json")
	mustRun(t, "new", "rajas", "--players", "3", "--variant", "ganga", "--seed", "6", "-o", file)
	for n := 0; ; n++ {
		d := options(t, file)
		if n >= 15 && strings.HasPrefix(d.Prompt, "Place a worker") {
			break
		}
		mustRun(t, "act", file, d.Options[0].ID)
	}
	type shown struct {
		Setup    rajas.Setup     `json:"setup"`
		Position json.RawMessage `json:"position"`
	}
	var sh shown
	if err := json.Unmarshal([]byte(mustRun(t, "show", file, "--json")), &sh); err != nil {
		t.Fatal(err)
	}
	pos := filepath.Join(dir, "pos.json")
	if err := os.WriteFile(pos, sh.Position, 0o644); err != nil {
		t.Fatal(err)
	}
	again := filepath.Join(dir, "again.json")
	if text := mustRun(t, "new", "rajas", "--variant", "ganga", "--position", pos, "--seed", "9", "-o", again); !strings.Contains(text, "3 players") {
		t.Fatalf("new: %s", text)
	}
	var sh2 shown
	if err := json.Unmarshal([]byte(mustRun(t, "show", again, "--json")), &sh2); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(sh.Position, sh2.Position) {
		t.Fatalf("position changed:\n%s\n%s", sh.Position, sh2.Position)
	}
	if sh2.Setup.Position == nil || !sh2.Setup.Ganga {
		t.Fatalf("set-up %+v", sh2.Setup)
	}
	if text := mustRun(t, "replay", again); !strings.Contains(text, "state matches the snapshot") {
		t.Fatalf("replay: %s", text)
	}
	// play takes a position too: seat 1 at the terminal, bots for the others.
	out, errOut, code := durbar(t, "quit\n", "play", "rajas", "--variant", "ganga", "--position", pos)
	if code != 0 || !strings.Contains(out, "player 1 human, player 2 bot, player 3 bot") {
		t.Fatalf("play: exit %d %s\n%s", code, errOut, out)
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, bytes.Replace(sh.Position, []byte(`"karma":`), []byte(`"karma":9,"x":`), 1), 0o644)
	if msg := mustFail(t, "new", "rajas", "--position", bad); !strings.Contains(msg, "unknown field") {
		t.Fatalf("new: %s", msg)
	}
	os.WriteFile(bad, []byte(`{"players":[{"karma":9,"dice":[]},{"dice":[]}]}`), 0o644)
	if msg := mustFail(t, "new", "rajas", "--position", bad); !strings.Contains(msg, "players[1].karma: 9 outside 0-3") {
		t.Fatalf("new: %s", msg)
	}
	if msg := mustFail(t, "new", "rajas", "--position", bad, "--first-player", "1"); !strings.Contains(msg, "not both") {
		t.Fatalf("new: %s", msg)
	}
}

// TestRajasSimSeatIterations: mcts:N gives one seat its own search effort
// (a match of the search against itself at two budgets); its N must be a
// whole number from 1 up, and the kinds are told apart in the tables.
func TestRajasSimSeatIterations(t *testing.T) {
	for kind, want := range map[string]bool{"mcts:3": true, "mcts:1": true, "mcts:0": false, "mcts:-2": false,
		"mcts:": false, "mcts:03": false, "mcts:1e3": false, "mcts:x": false, "bot:3": false, "mcts:2000000": false} {
		if n, ok := seatIterations(kind); ok != want {
			t.Errorf("%q: %d, %v", kind, n, ok)
		}
	}
	b, err := newRajasBot("mcts:3", 1, 50)
	if err != nil {
		t.Fatal(err)
	}
	d, err := rajas.DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	g, err := rajas.New(d, rajas.Setup{Players: 2}, 3)
	if err != nil {
		t.Fatal(err)
	}
	for len(g.Decision().Options) < 2 {
		if err := g.Apply(g.Decision().Options[0].ID); err != nil {
			t.Fatal(err)
		}
	}
	b.Choose(g, g.Decision())
	if n := b.(interface{ LastIterations() int }).LastIterations(); n != 3 {
		t.Fatalf("mcts:3 with --iterations 50 searched %d iterations", n)
	}
	out := rajasSimJSON(t, "--players", "mcts:3,mcts:2", "--iterations", "50", "--games", "2", "--seed", "4")
	if len(out.Kinds) != 2 || out.Kinds[0].Kind != "mcts:3" || out.Kinds[1].Kind != "mcts:2" || out.Kinds[0].Wins+out.Kinds[1].Wins != 2 {
		t.Fatalf("kinds %+v", out.Kinds)
	}
	if _, errOut, code := durbar(t, "", "sim", "rajas", "--players", "mcts:0,bot", "--games", "1"); code == 0 || !strings.Contains(errOut, "mcts:N") {
		t.Fatalf("mcts:0 accepted (%d): %s", code, errOut)
	}
}
