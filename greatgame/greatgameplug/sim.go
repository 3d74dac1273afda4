package greatgameplug

import (
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strings"
	"time"

	"durbar/bots"
	"durbar/greatgame"
	"durbar/plug"
	"durbar/plug/cli"
	"durbar/plug/sim"
)

// `durbar sim greatgame`: computer players against each other, British
// then Russian, over one or more scenarios; each scenario is reported on
// its own. Game k of every scenario has seed S+k.

// simScenario is one scenario a run plays.
type simScenario struct {
	key   string // "1", "2", "3"
	setup greatgame.Setup
	name  string
}

// simOpts configures a run.
type simOpts struct {
	players   []string // British, Russian
	scenarios []simScenario
	seed      uint64
	games     int // per scenario
	workers   int
	check     bool
	maxSteps  int
	thinking  thinking
	progress  io.Writer // nil: no progress bar
	// edition is the data the games are played with: the embedded
	// edition, or it with levers switched off (without).
	edition *greatgame.Data
	without []string
}

// simOut is `durbar sim greatgame --json`. Every figure except the timings
// depends only on the seeds, never on --workers.
type simOut struct {
	Game             string   `json:"game"`
	Players          []string `json:"players"` // British, Russian
	FirstSeed        uint64   `json:"firstSeed"`
	GamesPerScenario int      `json:"gamesPerScenario"`
	Checked          bool     `json:"checked"` // the invariants were checked after every decision
	// Without lists the levers switched off (greatgame.Without), if any.
	Without   []string      `json:"without,omitempty"`
	Scenarios []scenarioOut `json:"scenarios"`
	// Games and Decisions are over all the scenarios, as the timings.
	Games     int `json:"games"`
	Decisions int `json:"decisions"`
	sim.Timing
	DecisionsPerCPUSecond float64 `json:"decisionsPerCPUSecond"`
}

// scenarioOut is one scenario's results.
type scenarioOut struct {
	Scenario      string  `json:"scenario"` // 1, 2 or 3
	Start         int     `json:"start"`    // scenario 3: the set-up it started from
	Name          string  `json:"name"`
	Games         int     `json:"games"`
	Decisions     int     `json:"decisions"`
	DecisionsMean float64 `json:"decisionsMean"` // per game
	DecisionsSD   float64 `json:"decisionsSD"`
	DecisionsMin  int     `json:"decisionsMin"`
	DecisionsMax  int     `json:"decisionsMax"`
	// Turns is the mean number of game turns played (every game runs to
	// the scenario's last turn: the rules have no sudden death).
	Turns float64 `json:"turns"`
	// Sides are the British and the Russian results; Draws the games no
	// side won (a margin under the regional victory's, 25.2.2), with its
	// 95% Wilson interval.
	Sides    []sideSimOut `json:"sides"`
	Draws    int          `json:"draws"`
	DrawRate float64      `json:"drawRate"`
	DrawLow  float64      `json:"drawLow"`
	DrawHigh float64      `json:"drawHigh"`
	// Levels counts the games by result: "draw", and side-level
	// ("british-regional", "russian-imperial"…), every key present.
	Levels     map[string]int `json:"levels"`
	MarginMean float64        `json:"marginMean"` // victory-point difference, winner minus loser
	MarginSD   float64        `json:"marginSD"`
	Timing     sim.Timing     `json:"timing"`
	// DecisionsPerCPUSecond is the speed per core (0 where CPU time is not
	// measured).
	DecisionsPerCPUSecond float64 `json:"decisionsPerCPUSecond"`
}

// sideSimOut is one side's results in a scenario.
type sideSimOut struct {
	Side string `json:"side"`
	Kind string `json:"kind"` // its computer player
	Wins int    `json:"wins"`
	// WinRate is Wins over the games; WinLow..WinHigh its 95% Wilson score
	// interval.
	WinRate float64     `json:"winRate"`
	WinLow  float64     `json:"winLow"`
	WinHigh float64     `json:"winHigh"`
	VPMean  float64     `json:"vpMean"`
	VPSD    float64     `json:"vpSD"`
	VPMin   int         `json:"vpMin"`
	VPMax   int         `json:"vpMax"`
	Sources sourceMeans `json:"sources"` // mean victory points by source (25.1)
	// OpenWar counts the games in which this side started open war (24.0).
	OpenWar int `json:"openWar"`
	// Decisive is this side's share of the games someone won, with its 95%
	// Wilson interval (the balance figure: draws apart).
	Decisive     float64 `json:"decisive"`
	DecisiveLow  float64 `json:"decisiveLow"`
	DecisiveHigh float64 `json:"decisiveHigh"`
	// MsPerDecision is the mean wall time its player took per decision.
	MsPerDecision float64 `json:"msPerDecision"`
	// MsMaxDecision is the longest wall time it took over one decision.
	MsMaxDecision float64 `json:"msMaxDecision"`
}

// sourceMeans are the mean victory points of a side by source (25.1).
type sourceMeans struct {
	Regions  float64 `json:"regions"`
	Cities   float64 `json:"cities"`
	Markers  float64 `json:"markers"`
	BoP      float64 `json:"bop"`
	Treasury float64 `json:"treasury"`
	OpenWar  float64 `json:"openWar"`
	Bonus    float64 `json:"bonus"`
}

// gameStat is what one game contributes to the figures.
type gameStat struct {
	decisions int
	winner    greatgame.Side
	turns     int
	level     string
	margin    int
	scores    [2]greatgame.Score
	think     [2]float64 // seconds each side's player took to choose
	longest   [2]float64 // its longest choice, in seconds
	moves     [2]int     // decisions each side made
	err       error
}

// Sim is durbar sim greatgame [--scenario LIST] [--start N] [--games N] [--seed S] [--players K,K] [--workers W] [--json] [--check].
func (command) Sim(c plug.Call) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	scenarios := fs.String("scenario", "1,2,3", "scenarios, comma-separated (1, 2, 3 or all), each reported on its own")
	start := fs.Int("start", 0, "scenario 3 starts from the set-up of scenario 1 or 2 (default 1)")
	games := fs.Int("games", 10, "games per scenario")
	seed := fs.Uint64("seed", 1, "seed of the first game; game k of each scenario uses seed+k")
	players := fs.String("players", "bot,bot", "the computer players, British then Russian ("+computerKinds+")")
	iterations := fs.Int("iterations", greatgame.DefaultSearchIterations, "the search player's iterations per decision (mcts)")
	think := fs.Duration("think", 0, "the search player's time per decision instead of --iterations (results then depend on the machine)")
	plot := fs.String("plot", "", "write an SVG chart of the results to this file")
	workers := fs.Int("workers", runtime.NumCPU(), "games played in parallel")
	asJSON := fs.Bool("json", false, "print JSON")
	check := fs.Bool("check", false, "check every invariant after every decision (slower)")
	maxDec := fs.Int("max-decisions", cli.MaxSteps, "report a game as stalled after this many decisions")
	without := fs.String("without", "", "levers switched off for a balance study, comma-separated: city:ID (pays and scores nothing), event:ID (no event), unit:TYPE (cannot be bought)")
	levers := fs.Bool("levers", false, "list every lever --without takes and stop")
	if err := cli.GameFlags(fs, c, greatgame.GameName); err != nil {
		return err
	}
	kinds, err := parsePlayers(*players, false)
	if err != nil {
		return err
	}
	switch {
	case *games < 1:
		return fmt.Errorf("--games must be at least 1")
	case *workers < 1:
		return fmt.Errorf("--workers must be at least 1")
	case *maxDec < 1:
		return fmt.Errorf("--max-decisions must be at least 1")
	case *iterations < 1 || *iterations > 1000000:
		return fmt.Errorf("--iterations must be between 1 and 1000000")
	case *think < 0 || *think > time.Minute:
		return fmt.Errorf("--think must be between 0 and a minute")
	}
	ed, off, err := simEdition(*without)
	if err != nil {
		return err
	}
	if *levers {
		for _, l := range ed.Levers() {
			fmt.Fprintln(c.Stdout, l)
		}
		return nil
	}
	th := thinking{iterations: *iterations}
	if *think > 0 {
		th = thinking{think: *think}
	}
	list, err := simScenarios(ed, *scenarios, *start, cli.FlagSet(fs, "start"))
	if err != nil {
		return err
	}
	defer sim.TuneGC()()
	out, err := runSim(simOpts{
		players: kinds, scenarios: list, seed: *seed, games: *games, workers: *workers,
		check: *check, maxSteps: *maxDec, thinking: th, progress: sim.ProgressOut(),
		edition: ed, without: off,
	})
	if err != nil {
		return err
	}
	return sim.WriteResults(c.Stdout, out, *plot, *asJSON, simSVG, writeSim)
}

// simEdition is the embedded edition with the levers of --without switched
// off, and the levers' list.
func simEdition(without string) (*greatgame.Data, []string, error) {
	var off []string
	for _, l := range strings.Split(without, ",") {
		if l = strings.TrimSpace(l); l != "" && !slices.Contains(off, l) {
			off = append(off, l)
		}
	}
	if len(off) == 0 {
		d, err := data()
		return d, nil, err
	}
	f, err := greatgame.DefaultFiles()
	if err != nil {
		return nil, nil, err
	}
	if f, err = greatgame.Without(f, off); err != nil {
		return nil, nil, fmt.Errorf("--without: %w", err)
	}
	d, err := greatgame.Load(f)
	if err != nil {
		return nil, nil, fmt.Errorf("--without: the edition does not load: %w", err)
	}
	return d, off, nil
}

// simScenarios reads --scenario and --start: each scenario once, in the
// order given; the start is scenario 3's.
func simScenarios(d *greatgame.Data, list string, start int, startSet bool) ([]simScenario, error) {
	var out []simScenario
	var keys []string
	for _, tok := range strings.Split(list, ",") {
		tok = strings.ToLower(strings.TrimSpace(tok))
		switch tok {
		case "all":
			keys = append(keys, "1", "2", "3")
		case "1", "2", "3":
			keys = append(keys, tok)
		default:
			return nil, fmt.Errorf("--scenario: %q is not 1, 2, 3 or all", tok)
		}
	}
	for _, k := range keys {
		if slices.ContainsFunc(out, func(s simScenario) bool { return s.key == k }) {
			continue
		}
		st := 0
		if k == "3" {
			st = start
		}
		setup := scenarioSetup(k, st)
		g, err := newGameOf(d, setup, 1)
		if err != nil {
			return nil, err
		}
		out = append(out, simScenario{key: k, setup: setup, name: g.ScenarioName()})
	}
	if startSet && !slices.ContainsFunc(out, func(s simScenario) bool { return s.key == "3" }) {
		return nil, fmt.Errorf("--start is scenario 3's (it starts from the set-up of scenario 1 or 2)")
	}
	return out, nil
}

// runSim plays each scenario's games on o.workers goroutines (sim.Pool).
func runSim(o simOpts) (simOut, error) {
	out := simOut{Game: greatgame.GameName, Players: slices.Clone(o.players), FirstSeed: o.seed, GamesPerScenario: o.games,
		Checked: o.check, Without: o.without, Scenarios: []scenarioOut{}}
	var seconds, cpu float64
	for _, sc := range o.scenarios {
		stats := make([]gameStat, o.games)
		secs, cpuSecs, err := sim.Pool(o.games, o.workers, o.seed, o.progress, func(k int) error {
			stats[k] = playSimGame(o, sc.setup, k)
			return stats[k].err
		})
		if err != nil {
			return simOut{}, fmt.Errorf("scenario %s: %w", sc.key, err)
		}
		so := aggregate(o, sc, stats)
		so.Timing = sim.NewTiming(so.Games, so.Decisions, o.workers, secs, cpuSecs)
		so.DecisionsPerCPUSecond = perCPU(so.Decisions, cpuSecs)
		out.Scenarios = append(out.Scenarios, so)
		out.Games += so.Games
		out.Decisions += so.Decisions
		seconds += secs
		cpu += cpuSecs
	}
	out.Timing = sim.NewTiming(out.Games, out.Decisions, o.workers, seconds, cpu)
	out.DecisionsPerCPUSecond = perCPU(out.Decisions, cpu)
	return out, nil
}

// perCPU is decisions per CPU second, 0 where not measured.
func perCPU(decisions int, cpu float64) float64 {
	if cpu <= 0 {
		return 0
	}
	return float64(decisions) / cpu
}

// playSimGame plays game k (seed o.seed+k) of a scenario and never panics:
// an engine or player panic becomes the game's error.
func playSimGame(o simOpts, setup greatgame.Setup, k int) (st gameStat) {
	defer func() {
		if r := recover(); r != nil {
			st.err = fmt.Errorf("internal error: %v", r)
		}
	}()
	seed := o.seed + uint64(k)
	g, err := newGameOf(o.edition, setup, seed)
	if err != nil {
		st.err = err
		return st
	}
	g.SetQuiet(true) // nothing here reads the log (the game is otherwise the same)
	players := make([]bots.Player, len(o.players))
	for s, kind := range o.players {
		if players[s], err = newBotThinking(kind, cli.SeatSeed(seed, s), o.thinking); err != nil {
			st.err = err
			return st
		}
	}
	if o.check {
		if err := g.Check(); err != nil {
			st.err = fmt.Errorf("at the start: invariant broken: %w", err)
			return st
		}
	}
	for d := g.Decision(); !d.Over; d = g.Decision() {
		if d.Player < 0 || d.Player >= len(players) {
			st.err = fmt.Errorf("step %d: decision for seat %d", st.decisions+1, d.Player)
			return st
		}
		t0 := time.Now()
		id := players[d.Player].Choose(g, d)
		took := time.Since(t0).Seconds()
		st.think[d.Player] += took
		st.longest[d.Player] = max(st.longest[d.Player], took)
		st.moves[d.Player]++
		if o.check {
			if _, ok := d.Find(id); !ok {
				st.err = fmt.Errorf("step %d (%s): the %s player (%s) chose %q, not a listed option", st.decisions+1, d.Prompt,
					greatgame.Side(d.Player).Title(), o.players[d.Player], id)
				return st
			}
		}
		if err := g.Apply(id); err != nil {
			st.err = fmt.Errorf("step %d: %w", st.decisions+1, err)
			return st
		}
		st.decisions++
		if o.check {
			if err := g.Check(); err != nil {
				st.err = fmt.Errorf("step %d (%s): invariant broken: %w", st.decisions, id, err)
				return st
			}
		}
		if st.decisions >= o.maxSteps && !g.Over {
			st.err = fmt.Errorf("no end after %d decisions (stall?)", o.maxSteps)
			return st
		}
	}
	st.winner, st.level, st.margin = g.VictoryLevel()
	st.turns = g.Turn - g.FirstTurn + 1
	st.scores = [2]greatgame.Score{g.Score(greatgame.British), g.Score(greatgame.Russian)}
	return st
}

// levelKey is a result's key in scenarioOut.Levels.
func levelKey(winner greatgame.Side, level string) string {
	if winner == greatgame.NoSide {
		return "draw"
	}
	return winner.String() + "-" + level
}

// levelIDs are the edition's victory levels above a draw (25.2.2).
func levelIDs() []string {
	var ids []string
	if d, err := data(); err == nil {
		for _, l := range d.Charts.Victory.Levels {
			if l.ID != "draw" {
				ids = append(ids, l.ID)
			}
		}
	}
	return ids
}

// aggregate turns a scenario's per-game figures, in seed order, into its
// report.
func aggregate(o simOpts, sc simScenario, stats []gameStat) scenarioOut {
	n := len(stats)
	out := scenarioOut{Scenario: sc.key, Start: sc.setup.Start, Name: sc.name, Games: n, Levels: map[string]int{"draw": 0},
		DecisionsMin: math.MaxInt}
	for _, s := range []greatgame.Side{greatgame.British, greatgame.Russian} {
		for _, l := range levelIDs() {
			out.Levels[levelKey(s, l)] = 0
		}
	}
	var decisions, margins []float64
	for _, st := range stats {
		out.Decisions += st.decisions
		out.Turns += float64(st.turns) / float64(n)
		decisions = append(decisions, float64(st.decisions))
		margins = append(margins, float64(st.margin))
		out.DecisionsMin = min(out.DecisionsMin, st.decisions)
		out.DecisionsMax = max(out.DecisionsMax, st.decisions)
		out.Levels[levelKey(st.winner, st.level)]++
		if st.winner == greatgame.NoSide {
			out.Draws++
		}
	}
	out.DecisionsMean, out.DecisionsSD = sim.MeanSD(decisions)
	out.MarginMean, out.MarginSD = sim.MeanSD(margins)
	out.DrawRate = float64(out.Draws) / float64(n)
	out.DrawLow, out.DrawHigh = sim.Wilson(out.Draws, n, sim.Z95)
	for _, s := range []greatgame.Side{greatgame.British, greatgame.Russian} {
		so := sideSimOut{Side: s.String(), Kind: o.players[s], VPMin: math.MaxInt, VPMax: math.MinInt}
		var vp []float64
		var src [7]float64
		var think float64
		var moves int
		for _, st := range stats {
			think += st.think[s]
			so.MsMaxDecision = max(so.MsMaxDecision, 1000*st.longest[s])
			moves += st.moves[s]
			sc := st.scores[s]
			if st.winner == s {
				so.Wins++
			}
			if sc.OpenWar != 0 {
				so.OpenWar++
			}
			vp = append(vp, float64(sc.Total))
			so.VPMin, so.VPMax = min(so.VPMin, sc.Total), max(so.VPMax, sc.Total)
			for i, v := range []int{sc.Regions, sc.Cities, sc.Markers, sc.BoP, sc.Treasury, sc.OpenWar, sc.Bonus} {
				src[i] += float64(v)
			}
		}
		for i := range src {
			src[i] /= float64(n)
		}
		so.Sources = sourceMeans{Regions: src[0], Cities: src[1], Markers: src[2], BoP: src[3], Treasury: src[4], OpenWar: src[5], Bonus: src[6]}
		so.WinRate = float64(so.Wins) / float64(n)
		so.WinLow, so.WinHigh = sim.Wilson(so.Wins, n, sim.Z95)
		so.VPMean, so.VPSD = sim.MeanSD(vp)
		if moves > 0 {
			so.MsPerDecision = 1000 * think / float64(moves)
		}
		out.Sides = append(out.Sides, so)
	}
	if decisive := n - out.Draws; decisive > 0 {
		for i := range out.Sides {
			so := &out.Sides[i]
			so.Decisive = float64(so.Wins) / float64(decisive)
			so.DecisiveLow, so.DecisiveHigh = sim.Wilson(so.Wins, decisive, sim.Z95)
		}
	}
	return out
}

// writeSim prints the report: each scenario's results, then the totals.
func writeSim(w io.Writer, o simOut) {
	fmt.Fprintf(w, "%s: British %s vs Russian %s, %d games per scenario (seeds %d..%d)",
		gameTitle, o.Players[0], o.Players[1], o.GamesPerScenario, o.FirstSeed, o.FirstSeed+uint64(o.GamesPerScenario)-1)
	if o.Checked {
		fmt.Fprint(w, "; invariants checked after every decision")
	}
	fmt.Fprintln(w)
	for _, sc := range o.Scenarios {
		fmt.Fprintf(w, "\nScenario %s, %s: %d games of %.1f turns, %.1f decisions per game (sd %.1f, min %d, max %d)\n",
			sc.Scenario, sc.Name, sc.Games, sc.Turns, sc.DecisionsMean, sc.DecisionsSD, sc.DecisionsMin, sc.DecisionsMax)
		fmt.Fprintf(w, "  %-9s %-8s %5s %7s  %-16s %7s %6s %4s %4s\n", "side", "player", "wins", "rate", "95% CI (Wilson)", "VP mean", "sd", "min", "max")
		for _, s := range sc.Sides {
			fmt.Fprintf(w, "  %-9s %-8s %5d %6.1f%%  [%5.1f%%, %5.1f%%] %7.1f %6.1f %4d %4d\n", greatgame.Side(sideIndex(s.Side)).Title(), s.Kind,
				s.Wins, 100*s.WinRate, 100*s.WinLow, 100*s.WinHigh, s.VPMean, s.VPSD, s.VPMin, s.VPMax)
		}
		fmt.Fprintf(w, "  %-9s %-8s %5d %6.1f%%  [%5.1f%%, %5.1f%%]   margin %.1f (sd %.1f)\n", "draw", "", sc.Draws,
			100*sc.DrawRate, 100*sc.DrawLow, 100*sc.DrawHigh, sc.MarginMean, sc.MarginSD)
		fmt.Fprintf(w, "  of the decisive games:")
		for _, s := range sc.Sides {
			fmt.Fprintf(w, " %s %.1f%% [%.1f%%, %.1f%%];", greatgame.Side(sideIndex(s.Side)).Title(), 100*s.Decisive, 100*s.DecisiveLow, 100*s.DecisiveHigh)
		}
		fmt.Fprintf(w, " time per decision:")
		for _, s := range sc.Sides {
			fmt.Fprintf(w, " %s (%s) %.3f ms (longest %.0f ms)", greatgame.Side(sideIndex(s.Side)).Title(), s.Kind, s.MsPerDecision, s.MsMaxDecision)
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "  victory levels (25.2.2): draw %d", sc.Levels["draw"])
		for _, s := range []greatgame.Side{greatgame.British, greatgame.Russian} {
			var parts []string
			for _, l := range levelIDs() {
				parts = append(parts, fmt.Sprintf("%s %d", l, sc.Levels[levelKey(s, l)]))
			}
			fmt.Fprintf(w, " · %s %s", s.Title(), strings.Join(parts, ", "))
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "  %-24s %7s %6s %7s %5s %8s %8s %5s\n", "mean VP by source (25.1)", "regions", "cities", "markers", "BoP", "treasury", "open war", "bonus")
		for _, s := range sc.Sides {
			m := s.Sources
			fmt.Fprintf(w, "    %-22s %7.1f %6.1f %7.1f %5.1f %8.1f %8.1f %5.1f\n", greatgame.Side(sideIndex(s.Side)).Title(),
				m.Regions, m.Cities, m.Markers, m.BoP, m.Treasury, m.OpenWar, m.Bonus)
		}
		writeTiming(w, "  ", sc.Timing, sc.Decisions)
	}
	if len(o.Scenarios) > 1 {
		fmt.Fprintf(w, "\nAll scenarios: %d games, %d decisions\n", o.Games, o.Decisions)
		writeTiming(w, "", o.Timing, o.Decisions)
	}
}

// writeTiming is sim.WriteTiming, each line indented.
func writeTiming(w io.Writer, indent string, t sim.Timing, decisions int) {
	var b strings.Builder
	sim.WriteTiming(&b, t, decisions)
	for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		fmt.Fprintln(w, indent+l)
	}
}

// sideIndex is the seat of a side's name.
func sideIndex(name string) int {
	if name == greatgame.Russian.String() {
		return int(greatgame.Russian)
	}
	return int(greatgame.British)
}

// simSVG is the --plot chart: each scenario's win rates by side and draws,
// with their 95% Wilson intervals.
func simSVG(o simOut) []byte {
	var s sim.SVG
	panelW, height := 360.0, 330.0
	width := 40 + panelW*float64(max(1, len(o.Scenarios)))
	s.F(`<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" font-family="sans-serif">`, width, height)
	s.Rect(0, 0, width, height, "#fff", "")
	for i, sc := range o.Scenarios {
		left := 70 + panelW*float64(i)
		var bars []sim.WinBar
		for k, sd := range sc.Sides {
			bars = append(bars, sim.WinBar{Name: greatgame.Side(sideIndex(sd.Side)).Title() + " (" + sd.Kind + ")", Wins: sd.Wins,
				Rate: sd.WinRate, Low: sd.WinLow, High: sd.WinHigh, Colour: sim.Colours[k]})
		}
		bars = append(bars, sim.WinBar{Name: "draw", Wins: sc.Draws, Rate: sc.DrawRate, Low: sc.DrawLow, High: sc.DrawHigh, Colour: "#999"})
		title := fmt.Sprintf("Scenario %s (%d games)", sc.Scenario, sc.Games)
		if sc.Scenario == "3" && sc.Start > 0 {
			title = fmt.Sprintf("Scenario 3 from %d (%d games)", sc.Start, sc.Games)
		}
		sim.WinRatePanel(&s, title, "share of games", bars, 0, "", left, left+panelW-90, 50, height-70)
	}
	s.F(`</svg>`)
	return s.Bytes()
}
