package greatgameplug

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"durbar/plug/sim"
)

// simJSON runs `durbar sim greatgame ... --json` and decodes the result.
func simJSON(t *testing.T, args ...string) simOut {
	t.Helper()
	var out simOut
	raw := mustRun(t, append([]string{"sim", "greatgame", "--json"}, args...)...)
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	return out
}

// noTimings zeroes the figures that depend on the machine.
func noTimings(o simOut) simOut {
	o.Timing, o.DecisionsPerCPUSecond = sim.Timing{}, 0
	o.Scenarios = append([]scenarioOut(nil), o.Scenarios...)
	for i := range o.Scenarios {
		o.Scenarios[i].Timing, o.Scenarios[i].DecisionsPerCPUSecond = sim.Timing{}, 0
		o.Scenarios[i].Sides = append([]sideSimOut(nil), o.Scenarios[i].Sides...)
		for k := range o.Scenarios[i].Sides {
			o.Scenarios[i].Sides[k].MsPerDecision, o.Scenarios[i].Sides[k].MsMaxDecision = 0, 0
		}
	}
	return o
}

// The figures depend on the seeds only, never on the number of workers;
// with --check every invariant holds after every decision.
func TestSimSameWhateverWorkers(t *testing.T) {
	args := []string{"--scenario", "1,2", "--games", "2", "--seed", "11", "--check"}
	one := simJSON(t, append(args, "--workers", "1")...)
	three := simJSON(t, append(args, "--workers", "3")...)
	if three.Workers != 3 || one.Workers != 1 {
		t.Fatalf("workers %d and %d", one.Workers, three.Workers)
	}
	if a, b := noTimings(one), noTimings(three); !reflect.DeepEqual(a, b) {
		t.Fatalf("--workers 1 and 3 differ:\n%+v\n%+v", a, b)
	}
	if !one.Checked || one.Games != 4 || len(one.Scenarios) != 2 || one.Scenarios[0].Scenario != "1" || one.Scenarios[1].Scenario != "2" {
		t.Fatalf("run: %+v", one)
	}
	// Another seed plays other games.
	if other := simJSON(t, "--scenario", "1", "--games", "2", "--seed", "12"); other.Scenarios[0].Decisions == one.Scenarios[0].Decisions {
		t.Error("seeds 12 and 13 took as many decisions as seeds 11 and 12")
	}
}

// The JSON report: every field, consistent with itself.
func TestSimJSON(t *testing.T) {
	raw := mustRun(t, "sim", "greatgame", "--json", "--scenario", "3", "--start", "2", "--games", "2", "--seed", "5", "--workers", "2", "--players", "random,random")
	var fields map[string]any
	if err := json.Unmarshal([]byte(raw), &fields); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"game", "players", "firstSeed", "gamesPerScenario", "checked", "scenarios", "games", "decisions",
		"workers", "seconds", "cpuSeconds", "gamesPerSecond", "decisionsPerSecond", "gamesPerCPUSecond", "decisionsPerCPUSecond"} {
		if _, ok := fields[k]; !ok {
			t.Errorf("no field %q", k)
		}
	}
	sc := fields["scenarios"].([]any)[0].(map[string]any)
	for _, k := range []string{"scenario", "start", "name", "games", "decisions", "decisionsMean", "decisionsSD", "decisionsMin", "decisionsMax",
		"sides", "draws", "drawRate", "drawLow", "drawHigh", "levels", "marginMean", "marginSD", "timing", "decisionsPerCPUSecond"} {
		if _, ok := sc[k]; !ok {
			t.Errorf("no scenario field %q", k)
		}
	}
	side := sc["sides"].([]any)[0].(map[string]any)
	for _, k := range []string{"side", "kind", "wins", "winRate", "winLow", "winHigh", "vpMean", "vpSD", "vpMin", "vpMax", "sources", "openWar"} {
		if _, ok := side[k]; !ok {
			t.Errorf("no side field %q", k)
		}
	}
	for _, k := range []string{"gamesPerSecond", "decisionsPerSecond", "gamesPerCPUSecond", "cpuSeconds"} {
		if _, ok := sc["timing"].(map[string]any)[k]; !ok {
			t.Errorf("no timing field %q", k)
		}
	}
	var out simOut
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		t.Fatal(err)
	}
	s := out.Scenarios[0]
	if out.Game != "greatgame" || out.GamesPerScenario != 2 || out.FirstSeed != 5 || s.Scenario != "3" || s.Start != 2 ||
		s.Name != "The Great Game (from the set-up of Clash of Empires)" || s.Games != 2 || out.Decisions != s.Decisions {
		t.Fatalf("header: %+v", out)
	}
	if len(s.Levels) != 7 {
		t.Errorf("levels %v: want draw and three levels for each side", s.Levels)
	}
	levels, wins := 0, s.Draws
	for _, n := range s.Levels {
		levels += n
	}
	for i, sd := range s.Sides {
		wins += sd.Wins
		src := sd.Sources
		sum := src.Regions + src.Cities + src.Markers + src.BoP + src.Treasury + src.OpenWar + src.Bonus
		if sd.Side != []string{"british", "russian"}[i] || sd.Kind != "random" || sd.WinLow > sd.WinRate || sd.WinRate > sd.WinHigh ||
			float64(sd.VPMin) > sd.VPMean || sd.VPMean > float64(sd.VPMax) || sum < sd.VPMean-1e-9 || sum > sd.VPMean+1e-9 {
			t.Errorf("side %d: %+v", i, sd)
		}
	}
	if levels != s.Games || wins != s.Games || s.Levels["draw"] != s.Draws || s.DecisionsMean != float64(s.Decisions)/float64(s.Games) ||
		s.DecisionsMin > s.DecisionsMax || s.Timing.GamesPerSecond <= 0 || s.Timing.DecisionsPerSecond <= 0 {
		t.Fatalf("totals: %+v", s)
	}
}

// The text report, and the refusals.
func TestSimText(t *testing.T) {
	text := mustRun(t, "sim", "greatgame", "--scenario", "1", "--games", "2", "--seed", "3", "--players", "random,random")
	for _, want := range []string{"British random vs Russian random, 2 games per scenario (seeds 3..4)", "Scenario 1, To Afghanistan!: 2 games",
		"decisions per game", "95% CI (Wilson)", "British   random", "Russian   random", "draw", "victory levels (25.2.2): draw ",
		"British regional", "mean VP by source (25.1)", "games/s", "decisions/s"} {
		if !strings.Contains(text, want) {
			t.Errorf("sim text lacks %q:\n%s", want, text)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--scenario", "4"}, `--scenario: "4" is not 1, 2, 3 or all`},
		{[]string{"--scenario", "1", "--start", "2"}, "--start is scenario 3's"},
		{[]string{"--scenario", "3", "--start", "5"}, "(--start 1|2), not 5"},
		{[]string{"--games", "0"}, "--games must be at least 1"},
		{[]string{"--workers", "0"}, "--workers must be at least 1"},
		{[]string{"--players", "random"}, "not 1"},
		{[]string{"--scenario", "1", "--games", "1", "--max-decisions", "10"}, "no end after 10 decisions"},
		{[]string{"--without", "city:atlantis"}, `--without: lever "city:atlantis": no city "atlantis" in the map`},
		{[]string{"--without", "bikaner"}, "not city:ID, event:ID or unit:TYPE"},
	} {
		if msg := mustFail(t, append([]string{"sim", "greatgame"}, c.args...)...); !strings.Contains(msg, c.want) {
			t.Errorf("%v: %q, want %q", c.args, msg, c.want)
		}
	}
}

// --without plays an edition with levers switched off, says so, and
// changes the games; --levers lists them.
func TestSimWithout(t *testing.T) {
	args := []string{"--scenario", "1", "--games", "2", "--seed", "7", "--players", "random,random", "--check"}
	base := simJSON(t, args...)
	off := simJSON(t, append(args, "--without", "city:delhi,city:kabul,unit:field-force")...)
	if len(base.Without) != 0 || !reflect.DeepEqual(off.Without, []string{"city:delhi", "city:kabul", "unit:field-force"}) {
		t.Fatalf("without: %v and %v", base.Without, off.Without)
	}
	if b, o := base.Scenarios[0].Sides[0].Sources.Treasury, off.Scenarios[0].Sides[0].Sources.Treasury; o >= b {
		t.Errorf("British treasury VP %.1f without Delhi's income, %.1f with it", o, b)
	}
	levers := strings.Fields(mustRun(t, "sim", "greatgame", "--levers"))
	for _, want := range []string{"city:kabul", "event:famine", "unit:elephant"} {
		if !slices.Contains(levers, want) {
			t.Errorf("--levers lacks %s: %v", want, levers)
		}
	}
}

// --plot writes an SVG chart of each scenario's win rates and draws, and
// the heuristic players play by default.
func TestSimPlot(t *testing.T) {
	plot := filepath.Join(t.TempDir(), "gg.svg")
	text := mustRun(t, "sim", "greatgame", "--scenario", "1", "--games", "2", "--plot", plot)
	b, err := os.ReadFile(plot)
	if err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal(b, new(struct{})); err != nil {
		t.Fatalf("the chart is not XML: %v", err)
	}
	for _, want := range []string{"<svg", "Scenario 1 (2 games)", "British (bot)", "Russian (bot)", "draw"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the chart lacks %q", want)
		}
	}
	if !strings.Contains(text, "plot: "+plot) || !strings.Contains(text, "British bot vs Russian bot") || !strings.Contains(text, "of the decisive games:") {
		t.Errorf("sim text: %s", text)
	}
}
