package gandhiplug

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"durbar/plug/cli"
)

// simJSON runs `durbar sim gandhi ... --json` and decodes the result.
func simJSON(t *testing.T, args ...string) simOut {
	t.Helper()
	var out simOut
	raw := mustRun(t, append([]string{"sim", "gandhi", "--json"}, args...)...)
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	return out
}

// withoutTimings clears the figures that depend on the machine.
func withoutTimings(o simOut) simOut {
	o.Workers, o.Seconds, o.DecisionsPerSecond, o.GamesPerSecond, o.GamesPerSecondPerWorker = 0, 0, 0, 0, 0
	o.CPUSeconds, o.GamesPerCPUSecond = 0, 0
	return o
}

func TestSimNPSameWhateverWorkers(t *testing.T) {
	args := []string{"--players", "np", "--scenario", "short", "--games", "6", "--seed", "11", "--check"}
	one := simJSON(t, append(args, "--workers", "1")...)
	four := simJSON(t, append(args, "--workers", "4")...)
	if !reflect.DeepEqual(withoutTimings(one), withoutTimings(four)) {
		t.Fatalf("--workers 1 and 4 differ:\n%+v\n%+v", withoutTimings(one), withoutTimings(four))
	}
	if one.Games != 6 || one.Players != "np" || len(one.Factions) != 4 || one.Decisions == 0 {
		t.Fatalf("sim np: %+v", one)
	}
	wins, ends := 0, 0
	for _, f := range one.Factions {
		wins += f.Wins
		if f.WinLow > f.WinRate || f.WinRate > f.WinHigh || f.MarginMin > f.MarginMax {
			t.Errorf("%s: inconsistent figures %+v", f.ID, f)
		}
		if one.Wins[f.ID] != f.Wins {
			t.Errorf("%s: wins %d vs %d", f.ID, one.Wins[f.ID], f.Wins)
		}
	}
	for _, n := range one.Ends {
		ends += n
	}
	if wins != 6 || ends != 6 || one.Length.CardsMean <= 0 || one.Length.DecisionsMean != float64(one.Decisions)/6 {
		t.Fatalf("sim np totals: wins %d ends %d length %+v", wins, ends, one.Length)
	}
	if text := mustRun(t, "sim", "gandhi", "--players", "np", "--scenario", "quick", "--games", "2"); !strings.Contains(text, "Wilson") || !strings.Contains(text, "games/s") {
		t.Fatalf("sim np text: %s", text)
	}
}

// A game that fails is reported by its seed, the lowest one whatever the
// number of workers.
func TestSimFailureNamesSeed(t *testing.T) {
	for _, w := range []string{"1", "3"} {
		msg := mustFail(t, "sim", "gandhi", "--players", "np", "--scenario", "short", "--games", "5", "--seed", "40", "--max-decisions", "20", "--workers", w)
		if !strings.Contains(msg, "game with seed 40:") || !strings.Contains(msg, "stall") {
			t.Fatalf("workers %s: %s", w, msg)
		}
	}
	mustFail(t, "sim", "gandhi", "--players", "np", "--workers", "0")
}

func TestSimPlotSVG(t *testing.T) {
	file := filepath.Join(t.TempDir(), "sim.svg")
	mustRun(t, "sim", "gandhi", "--players", "np", "--scenario", "short", "--games", "5", "--plot", file, "--json")
	raw := readBytes(t, file)
	dec := xml.NewDecoder(bytes.NewReader(raw))
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
	for _, name := range []string{"British Raj", "Congress", "Muslim League", "Revolutionaries", "Wilson", "margin"} {
		if !strings.Contains(texts, name) {
			t.Errorf("SVG text lacks %q", name)
		}
	}
}

func TestSimProgressOnlyOnItsWriter(t *testing.T) {
	var bar bytes.Buffer
	out, err := runSim(simOpts{scenario: "quick", players: "np", seed: 1, games: 3, workers: 2, maxSteps: cli.MaxSteps, progress: &bar})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(bar.String(), "3/3 games") || out.Games != 3 {
		t.Fatalf("progress %q, out %+v", bar.String(), out)
	}
	none, err := runSim(simOpts{scenario: "quick", players: "np", seed: 1, games: 3, workers: 2, maxSteps: cli.MaxSteps})
	if err != nil || !reflect.DeepEqual(withoutTimings(out), withoutTimings(none)) {
		t.Fatalf("the progress bar changed the figures: %v", err)
	}
}

// --report cards: per card, text and executor, the Events executed and the
// victory points each moved; the same games as without it, the same
// figures whatever the workers, and the sums add up.
func TestSimReportCards(t *testing.T) {
	for _, players := range []string{"np", "random"} {
		args := []string{"--players", players, "--games", "6", "--seed", "3", "--scenario", "short"}
		plain := simJSON(t, args...)
		one := simJSON(t, append(args, "--report", "cards", "--workers", "1")...)
		two := simJSON(t, append(args, "--report", "cards", "--workers", "2")...)
		if len(plain.Cards) != 0 || len(one.Cards) == 0 {
			t.Fatalf("%s: %d cards without --report, %d with it", players, len(plain.Cards), len(one.Cards))
		}
		if !reflect.DeepEqual(withoutTimings(one).Cards, withoutTimings(two).Cards) || one.Decisions != plain.Decisions ||
			!reflect.DeepEqual(one.Wins, plain.Wins) {
			t.Fatalf("%s: the report changes the games or depends on the workers", players)
		}
		for _, c := range one.Cards {
			if c.Plays < 1 || c.Title == "" || (c.Text != "unshaded" && c.Text != "shaded") || len(c.VPMean) != 4 {
				t.Fatalf("%s: row %+v", players, c)
			}
		}
	}
	text := mustRun(t, "sim", "gandhi", "--players", "np", "--games", "3", "--report", "cards")
	if !strings.Contains(text, "Events executed (card, text, executor, times;") {
		t.Fatalf("no card report in the text:\n%s", text)
	}
	if msg := mustFail(t, "sim", "gandhi", "--report", "spaces"); !strings.Contains(msg, `--report: "spaces" is not cards`) {
		t.Fatalf("bad --report: %q", msg)
	}
}
