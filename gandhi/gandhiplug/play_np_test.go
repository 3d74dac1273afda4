package gandhiplug

import (
	"bytes"
	"encoding/json"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"durbar/core"
	"durbar/gandhi"
	"durbar/plug/cli"
)

// yesReader is the standard input of `yes 1 | durbar play`: a player who
// always types the first option, on and on. It counts the lines read and
// reports end of input after max of them, so a command that does not stop
// at the end of the game is caught rather than run forever.
type yesReader struct {
	line  string
	lines int
	max   int
}

func (r *yesReader) Read(p []byte) (int, error) {
	if r.lines >= r.max {
		return 0, io.EOF
	}
	n := 0
	for n+len(r.line) <= len(p) && r.lines < r.max {
		n += copy(p[n:], r.line)
		r.lines++
	}
	return n, nil
}

// playSolo plays a whole game through piped stdin with the human always
// choosing the first option; the command must end by itself with the game.
func playSolo(t *testing.T, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	in := &yesReader{line: "1\n", max: 20000}
	code := run(args, in, &out, &errOut)
	if code != 0 || errOut.Len() > 0 {
		t.Fatalf("play %v: exit %d: %s\n%s", args, code, errOut.String(), cli.LastN(strings.Split(out.String(), "\n"), 30))
	}
	if text := out.String(); !strings.HasSuffix(text, "The game is over.\n") || strings.Contains(text, "(end of input)") {
		t.Fatalf("play %v: the game did not end after %d typed lines:\n%s", args, in.lines, cli.LastN(strings.Split(text, "\n"), 30))
	}
	return out.String()
}

// hasSoloOutcome: gandhi.Game has SoloOutcome (8.10) in this build.
func hasSoloOutcome() bool {
	_, ok := any((*gandhi.Game)(nil)).(soloOutcomer)
	return ok
}

var decidesRE = regexp.MustCompile(`([A-Z][A-Za-z ]+) \(seat \d\) decides`)

func TestPlaySoloGameNP(t *testing.T) {
	for _, seed := range []string{"3", "8"} {
		out := playSolo(t, "play", "gandhi", "--scenario", "quick", "--seed", seed, "--human", "congress")
		for _, want := range []string{
			"Human: Congress. Non-Players (Arjuna, section 8): British Raj, Muslim League, Revolutionaries.",
			"(Arjuna) chooses: ", "    [Arjuna] ", "GAME OVER", "Final victory margins (7.3):",
			"Congress         player", "Revolutionaries  Non-Player", "Your margin ",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("seed %s: the output lacks %q", seed, want)
			}
		}
		if hasSoloOutcome() && !strings.Contains(out, "1-player result (8.10): ") {
			t.Errorf("seed %s: no 8.10 result printed", seed)
		}
		// Only the human is ever asked; the computer never waits for input.
		for _, m := range decidesRE.FindAllStringSubmatch(out, -1) {
			if m[1] != "Congress" {
				t.Fatalf("seed %s: %s was asked to decide", seed, m[1])
			}
		}
		if strings.Contains(out, "(computer) chooses") {
			t.Errorf("seed %s: a random player moved in an NP game", seed)
		}
	}
}

// With two players' seats (1.5) the human seat runs Congress and the Muslim
// League; the other seat is a Non-Player for Raj and Revolutionaries.
func TestPlaySoloTwoFactionSeat(t *testing.T) {
	out := playSolo(t, "play", "gandhi", "--scenario", "quick", "--seed", "5", "--players", "2", "--human", "congress")
	for _, want := range []string{"Human: Congress, Muslim League. Non-Players (Arjuna, section 8): British Raj, Revolutionaries.",
		"the lower margin of your two Factions", "Muslim League    player"} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q", want)
		}
	}
}

// --human congress makes the other three factions Non-Players, stored in the
// save's setup; --bots random keeps the random players instead.
func TestPlayHumanMakesOthersNP(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "np.json")
	out, errOut, code := durbar(t, "save "+save+"\nquit\n", "play", "gandhi", "--scenario", "quick", "--seed", "2", "--human", "congress")
	if code != 0 {
		t.Fatalf("play: %d %s", code, errOut)
	}
	if !strings.Contains(out, "Non-Players (Arjuna, section 8): British Raj, Muslim League, Revolutionaries") {
		t.Fatalf("header: %s", strings.SplitN(out, "\n", 2)[0])
	}
	sv, err := core.ParseSave(readBytes(t, save))
	if err != nil {
		t.Fatal(err)
	}
	st, err := decodeSetup(sv.Setup)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(st.NP, []string{"raj", "league", "rev"}) {
		t.Fatalf("setup NP %v", st.NP)
	}

	random := filepath.Join(dir, "random.json")
	out, _, code = durbar(t, "save "+random+"\nquit\n", "play", "gandhi", "--scenario", "quick", "--seed", "2", "--human", "congress", "--bots", "random")
	if code != 0 || !strings.Contains(out, "Random computer players: British Raj, Muslim League, Revolutionaries") {
		t.Fatalf("--bots random: %d %s", code, strings.SplitN(out, "\n", 2)[0])
	}
	sv, _ = core.ParseSave(readBytes(t, random))
	if st, _ := decodeSetup(sv.Setup); len(st.NP) != 0 {
		t.Fatalf("--bots random stored NP %v", st.NP)
	}
	if _, errOut, code := durbar(t, "", "play", "gandhi", "--bots", "genius"); code != 1 || errOut == "" {
		t.Fatal("--bots genius accepted")
	}
	// A faction the save makes a Non-Player cannot be taken over by --human.
	if _, errOut, code := durbar(t, "", "play", "gandhi", "--load", save, "--human", "raj"); code != 1 || !strings.Contains(errOut, "Non-Player") {
		t.Fatalf("--human raj on an NP Raj save: %d %s", code, errOut)
	}
}

// A game with Non-Players saved mid-way, loaded and continued with the same
// choices ends exactly as the uninterrupted game; its saves replay.
func TestPlayNPSaveLoadRoundTrip(t *testing.T) {
	dir := t.TempDir()
	mid, end, end2 := filepath.Join(dir, "mid.json"), filepath.Join(dir, "end.json"), filepath.Join(dir, "end2.json")
	ones := func(n int) string { return strings.Repeat("1\n", n) }
	args := []string{"play", "gandhi", "--scenario", "quick", "--seed", "6", "--human", "congress"}
	if _, errOut, code := durbar(t, ones(12)+"save "+mid+"\n"+ones(12)+"save "+end+"\nquit\n", args...); code != 0 {
		t.Fatalf("play: %s", errOut)
	}
	out, errOut, code := durbar(t, ones(12)+"save "+end2+"\nquit\n", "play", "gandhi", "--load", mid)
	if code != 0 {
		t.Fatalf("play --load: %s", errOut)
	}
	if !strings.Contains(out, "Human: Congress. Non-Players (Arjuna, section 8): British Raj, Muslim League, Revolutionaries.") {
		t.Fatalf("loaded NP game header: %s", strings.SplitN(out, "\n", 2)[0])
	}
	a, b := readBytes(t, end), readBytes(t, end2)
	if !bytes.Equal(a, b) {
		t.Fatal("the loaded and continued game differs from the uninterrupted one")
	}
	sv, _ := core.ParseSave(a)
	if len(sv.Log) < 30 {
		t.Fatalf("only %d actions: the Non-Players did not move", len(sv.Log))
	}
	for _, f := range []string{mid, end} {
		if out := mustRun(t, "replay", f); !strings.HasPrefix(out, "OK") {
			t.Fatalf("replay %s: %s", f, out)
		}
	}
	// The replayed game's log, [Arjuna] reasons included, is the one played.
	var shown showOut
	if err := json.Unmarshal([]byte(mustRun(t, "show", end, "--json")), &shown); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(shown.NP, []string{"raj", "league", "rev"}) || !strings.Contains(strings.Join(shown.LogTail, "\n")+out, "[Arjuna]") {
		t.Fatalf("show --json: np %v", shown.NP)
	}
}

// Undo takes back a human choice when no die was rolled since, and refuses
// once a Non-Player has rolled its own dice.
func TestPlayNPUndo(t *testing.T) {
	args := []string{"play", "gandhi", "--scenario", "quick", "--seed", "4", "--human", "congress"}
	out, _, _ := durbar(t, "1\n1\nundo\nquit\n", args...)
	if !strings.Contains(out, "undone: 1 action(s), back to Congress's choice") {
		t.Fatalf("undo between two human choices failed:\n%s", cli.LastN(strings.Split(out, "\n"), 10))
	}
	out, _, _ = durbar(t, "1\n1\n1\nundo\nquit\n", args...)
	if !strings.Contains(out, "(Arjuna) chooses") || !strings.Contains(out, "cannot undo") {
		t.Fatalf("undo past Non-Player dice was not refused:\n%s", cli.LastN(strings.Split(out, "\n"), 10))
	}
}

// The scriptable commands: new --np, options shows the Arjuna choice, act np
// plays the Non-Players until a human decides, replay checks the result.
func TestNewActNP(t *testing.T) {
	file := filepath.Join(t.TempDir(), "game.json")
	out := mustRun(t, "new", "gandhi", "--scenario", "quick", "--seed", "4", "--np", "rev,raj,league", "-o", file)
	if !strings.Contains(out, "Non-Players: British Raj, Muslim League, Revolutionaries") {
		t.Fatalf("new: %s", out)
	}
	mustFail(t, "new", "gandhi", "--scenario", "quick", "--np", "league", "--players", "3")
	// Two players' seats (1.5) pair Raj with the Revolutionaries; as
	// Non-Players each is ranked by its own margin (8.10), so each has a seat.
	sv, err := core.ParseSave([]byte(mustRun(t, "new", "gandhi", "--scenario", "quick", "--players", "2", "--np", "raj,rev")))
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := decodeSetup(sv.Setup); st.Seats[0] == st.Seats[3] || st.Seats[1] != st.Seats[2] || st.Seats[0] == st.Seats[1] || st.Seats[3] == st.Seats[1] {
		t.Fatalf("seats %v", st.Seats)
	}
	mustFail(t, "new", "gandhi", "--scenario", "quick", "--np", "sikhs")

	npSeen := 0
	for range 40 {
		d := options(t, file)
		if d.Over {
			break
		}
		if d.NP {
			npSeen++
			if d.NPChoice == "" || d.NPWhy == "" || d.Faction == "congress" {
				t.Fatalf("NP decision without a choice: %+v", d)
			}
			if text := mustRun(t, "options", file); !strings.Contains(text, "Arjuna would choose") {
				t.Fatalf("options text: %s", text)
			}
			out := mustRun(t, "act", file, "np")
			if !strings.Contains(out, "Non-Player decision(s)") || !strings.Contains(out, "[Arjuna]") {
				t.Fatalf("act np: %s", out)
			}
			if d := options(t, file); d.NP {
				t.Fatalf("act np left a Non-Player decision pending: %+v", d)
			}
			continue
		}
		if d.Faction != "congress" {
			t.Fatalf("a human decision for %s", d.Faction)
		}
		mustRun(t, "act", file, d.Options[0].ID)
	}
	if npSeen == 0 {
		t.Fatal("the Non-Players never had a decision")
	}
	if out := mustRun(t, "replay", file); !strings.HasPrefix(out, "OK") {
		t.Fatalf("replay: %s", out)
	}
	// np when a human is to decide plays nothing; mixed with ids it is all
	// or nothing.
	before := readBytes(t, file)
	if out := mustRun(t, "act", file, "np"); !strings.Contains(out, "and 0 Non-Player decision(s)") {
		t.Fatalf("act np on a human decision: %s", out)
	}
	mustFail(t, "act", file, options(t, file).Options[0].ID, "np", "no-such-option")
	if !bytes.Equal(before, readBytes(t, file)) {
		t.Fatal("a refused act changed the save")
	}
}
