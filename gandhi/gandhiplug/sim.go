package gandhiplug

import (
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"runtime"
	"slices"
	"strings"

	"durbar/bots"
	"durbar/core"
	"durbar/gandhi"
	"durbar/plug"
	"durbar/plug/cli"
	"durbar/plug/sim"
)

// playerKinds are the computer players a faction can be given. Each faction
// gets its own seeded player so that games are reproducible. "np" is not a
// bots.Player: it hands every faction to the game's own Non-Player engine
// (section 8), whose choices come from the game's NP random stream.
var playerKinds = map[string]func(seed uint64) bots.Player{
	"random": func(seed uint64) bots.Player { return bots.NewRandom(seed) },
	"np":     nil,
}

// allNP names every faction as a Non-Player (Setup.NP).
var allNP = []string{"raj", "congress", "league", "rev"}

// botSeed derives a faction's player seed from the game seed; it differs
// from the game's own stream so bot choices never mirror the dice.
func botSeed(gameSeed uint64, f gandhi.Faction) uint64 {
	return cli.SeatSeed(gameSeed, int(f))
}

// How a game ended (7.2, 7.3, or the deck running out).
const (
	endVictory = "victory" // a faction met its condition at a Campaign Round (7.2)
	endFinal   = "final"   // the final Campaign Round was completed (7.3)
	endDeck    = "deck"    // the draw deck was exhausted
	endOther   = "other"
)

var endKinds = []string{endVictory, endFinal, endDeck, endOther}

// simOut is `durbar sim gandhi --json`. Every figure except the timings
// (Seconds and the rates) depends only on the seeds, never on --workers.
type simOut struct {
	Game      string         `json:"game"`
	Scenario  string         `json:"scenario"`
	Players   string         `json:"players"`
	FirstSeed uint64         `json:"firstSeed"`
	Games     int            `json:"games"`
	Decisions int            `json:"decisions"`
	Wins      map[string]int `json:"wins"` // faction id -> games ranked 1st
	// Factions are in faction order (raj, congress, league, rev).
	Factions []factionOut   `json:"factions"`
	Length   lengthOut      `json:"length"`
	Ends     map[string]int `json:"ends"` // endVictory, endFinal, endDeck, endOther -> games
	// Cards is --report cards: per card, text and executing faction, how
	// often the Event was executed and the victory points (1.9) it moved
	// for each faction on average.
	Cards []cardOut `json:"cards,omitempty"`

	sim.Timing // Workers, Seconds and the rates
}

// cardOut is one card's Event text as one faction executed it.
type cardOut struct {
	Card     int    `json:"card"`
	Title    string `json:"title"`
	Text     string `json:"text"` // unshaded or shaded
	Executor string `json:"executor"`
	Plays    int    `json:"plays"`
	// VPMean is, per faction id, the mean change of its victory total
	// from the choice of the Event to the end of its execution.
	VPMean map[string]float64 `json:"vpMean"`
}

// factionOut is one faction's results over all games.
type factionOut struct {
	ID      string  `json:"id"`
	Name    string  `json:"name"`
	Wins    int     `json:"wins"`
	WinRate float64 `json:"winRate"`
	// WinLow..WinHigh is the 95% Wilson score interval of the win rate.
	WinLow  float64 `json:"winLow"`
	WinHigh float64 `json:"winHigh"`
	// Final victory margins (7.3); a margin above 0 meets the condition.
	MarginMean   float64 `json:"marginMean"`
	MarginSD     float64 `json:"marginSD"` // sample standard deviation
	MarginMin    int     `json:"marginMin"`
	MarginMedian float64 `json:"marginMedian"`
	MarginMax    int     `json:"marginMax"`
	// Positive: games where the faction ended with a margin above 0.
	Positive int `json:"positive"`

	margins []int // per game, in seed order (for the plot)
}

// lengthOut is the length of the games.
type lengthOut struct {
	CardsMean     float64 `json:"cardsMean"` // Event cards played per game
	CardsSD       float64 `json:"cardsSD"`
	CampaignsMean float64 `json:"campaignsMean"` // Campaign Rounds per game
	DecisionsMean float64 `json:"decisionsMean"`
	DecisionsSD   float64 `json:"decisionsSD"`
	DecisionsMin  int     `json:"decisionsMin"`
	DecisionsMax  int     `json:"decisionsMax"`
}

// gameStat is what one game contributes to the figures.
type gameStat struct {
	decisions int
	cards     int // Event cards played
	campaigns int // Campaign cards played
	end       string
	winner    gandhi.Faction
	margins   [gandhi.NumFactions]int
	events    []eventRec // with --report cards: each Event executed
	err       error
}

// eventRec is one Event executed in a game: its card, text, executor, and
// what it moved on each faction's victory total (1.9), from the choice of
// the Event to the end of its execution.
type eventRec struct {
	card   int
	shaded bool
	f      gandhi.Faction
	vp     [gandhi.NumFactions]int
}

// eventTracker follows the Events of a game for --report cards.
type eventTracker struct {
	on      bool
	cur     eventRec
	before  [gandhi.NumFactions]int
	current int
	out     []eventRec
}

// prepare notes the victory totals and the card before a decision.
func (t *eventTracker) prepare(g *gandhi.Game) {
	if t != nil && !t.on {
		t.before, t.current = g.VP, g.Current
	}
}

// record follows the option id just played by faction f.
func (t *eventTracker) record(g *gandhi.Game, id string, f gandhi.Faction) {
	if t == nil {
		return
	}
	if !t.on && (id == "event:unshaded" || id == "event:shaded") {
		t.on, t.cur = true, eventRec{card: t.current, shaded: id == "event:shaded", f: f}
	}
	if _, _, _, ok := g.ExecutingEvent(); t.on && !ok {
		for h := range t.cur.vp {
			t.cur.vp[h] = g.VP[h] - t.before[h]
		}
		t.out = append(t.out, t.cur)
		t.on = false
	}
}

// simOpts configures a run.
type simOpts struct {
	scenario string
	players  string
	seed     uint64
	games    int
	workers  int
	check    bool
	maxSteps int
	cards    bool      // --report cards
	progress io.Writer // nil: no progress bar
}

// Sim is durbar sim gandhi --games N --seed S --players np|random
// [--scenario main] [--workers W] [--json] [--plot out.svg] [--check]
// [--max-decisions M].
func (command) Sim(c plug.Call) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	games := fs.Int("games", 10, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the first game; game k uses seed+k")
	players := fs.String("players", "random", "computer player for every faction: np or random")
	scenario := fs.String("scenario", "main", "scenario: "+strings.Join(gandhi.Scenarios(), ", "))
	workers := fs.Int("workers", runtime.NumCPU(), "games played in parallel")
	asJSON := fs.Bool("json", false, "print JSON")
	plot := fs.String("plot", "", "write an SVG chart of the results to this file")
	check := fs.Bool("check", false, "check every rule invariant after every decision (slower)")
	maxDec := fs.Int("max-decisions", cli.MaxSteps, "report a game as stalled after this many decisions")
	report := fs.String("report", "", "cards: also report, per card and text, who executes its Event and the victory points it moves for each faction")
	if err := cli.GameFlags(fs, c, gameName); err != nil {
		return err
	}
	if *report != "" && *report != "cards" {
		return fmt.Errorf("--report: %q is not cards", *report)
	}
	if _, ok := playerKinds[*players]; !ok {
		return fmt.Errorf("unknown player %q (have: np, random)", *players)
	}
	if *games < 1 {
		return fmt.Errorf("--games must be at least 1")
	}
	if *workers < 1 {
		return fmt.Errorf("--workers must be at least 1")
	}
	if *maxDec < 1 {
		return fmt.Errorf("--max-decisions must be at least 1")
	}
	if !slices.Contains(gandhi.Scenarios(), *scenario) {
		return fmt.Errorf("unknown scenario %q (have %s)", *scenario, strings.Join(gandhi.Scenarios(), ", "))
	}
	defer sim.TuneGC()()
	out, err := runSim(simOpts{
		scenario: *scenario, players: *players, seed: *seed, games: *games,
		workers: *workers, check: *check, maxSteps: *maxDec, cards: *report == "cards", progress: sim.ProgressOut(),
	})
	if err != nil {
		return err
	}
	return sim.WriteResults(c.Stdout, out, *plot, *asJSON, simSVG, writeSim)
}

// runSim plays the games on o.workers goroutines (sim.Pool). Game k uses
// seed o.seed+k and its figures are kept in slot k, so the aggregate (taken
// in seed order) is the same whatever the number of workers.
func runSim(o simOpts) (simOut, error) {
	stats := make([]gameStat, o.games)
	seconds, cpu, err := sim.Pool(o.games, o.workers, o.seed, o.progress, func(k int) error {
		stats[k] = playSimGame(o, o.seed+uint64(k))
		return stats[k].err
	})
	if err != nil {
		return simOut{}, err
	}
	out := aggregate(o, stats)
	out.Timing = sim.NewTiming(out.Games, out.Decisions, o.workers, seconds, cpu)
	return out, nil
}

// playSimGame plays one game and never panics: an engine panic becomes the
// game's error.
func playSimGame(o simOpts, seed uint64) (st gameStat) {
	defer func() {
		if r := recover(); r != nil {
			st.err = fmt.Errorf("internal error: %v", r)
		}
	}()
	var g *gandhi.Game
	var err error
	var tr *eventTracker
	if o.cards {
		tr = &eventTracker{}
	}
	if o.players == "np" {
		g, st.decisions, err = simNPGame(o.scenario, seed, o.check, o.maxSteps, tr)
	} else {
		g, st.decisions, err = simGame(o.scenario, seed, playerKinds[o.players], o.check, o.maxSteps, tr)
	}
	if err != nil {
		st.err = err
		return st
	}
	if tr != nil {
		st.events = tr.out
	}
	deck := g.Cards()
	for _, n := range g.Played {
		if c := deck.Cards[n]; c != nil && c.Campaign {
			st.campaigns++
		} else {
			st.cards++
		}
	}
	st.end = endKind(g.Reason)
	if len(g.Result) > 0 {
		st.winner = g.Result[0]
	}
	for f := range gandhi.NumFactions {
		st.margins[f] = g.Margin(f)
	}
	return st
}

// endKind classifies the engine's reason for the end of the game.
func endKind(reason string) string {
	switch {
	case strings.Contains(reason, "(7.2)"):
		return endVictory
	case strings.Contains(reason, "(7.3)"):
		return endFinal
	case strings.Contains(reason, "deck is exhausted"):
		return endDeck
	}
	return endOther
}

// simGame plays one whole game with computer players for every faction and
// returns it with the number of decisions taken.
func simGame(scenario string, seed uint64, kind func(uint64) bots.Player, check bool, limit int, tr *eventTracker) (*gandhi.Game, int, error) {
	g, err := newGame(gandhi.Setup{Scenario: scenario}, seed)
	if err != nil {
		return nil, 0, err
	}
	g.SetLog(false) // nothing here reads the log (the game is otherwise the same)
	var players [gandhi.NumFactions]bots.Player
	for f := range players {
		players[f] = kind(botSeed(seed, gandhi.Faction(f)))
	}
	if fast, ok := sim.ActionPlayers(players[:]); ok && tr == nil {
		return simCompact(g, fast, check, limit)
	}
	n := 0
	for d := g.Decision(); !d.Over; d = g.Decision() {
		f, ok := gandhi.ParseFaction(d.Role)
		if !ok {
			return nil, n, fmt.Errorf("decision for unknown faction %q", d.Role)
		}
		id := players[f].Choose(g, d)
		tr.prepare(g)
		if err := cli.SafeApply(g, id); err != nil {
			return nil, n, fmt.Errorf("step %d: %w", n+1, err)
		}
		tr.record(g, id, f)
		if check {
			if err := g.CheckInvariants(); err != nil {
				return nil, n, fmt.Errorf("step %d (%s): invariant broken: %w", n+1, id, err)
			}
		}
		if n++; n >= limit {
			return nil, n, fmt.Errorf("no end after %d decisions (stall?)", limit)
		}
	}
	return g, n, nil
}

// simCompact plays the game through the compact door (core.Compact): the
// same choices as Decision/Apply, without the labels nobody reads.
func simCompact(g *gandhi.Game, players []bots.ActionPlayer, check bool, limit int) (*gandhi.Game, int, error) {
	buf := make([]core.Action, 0, 256)
	n := 0
	for !g.Over {
		buf = g.Legal(buf)
		f, ok := g.DecidingFaction()
		if !ok || len(buf) == 0 {
			return nil, n, fmt.Errorf("step %d: no decision but the game is not over", n+1)
		}
		a := players[f].ChooseAction(g, buf)
		if err := g.Play(a); err != nil {
			return nil, n, fmt.Errorf("step %d: action %d refused: %w", n+1, a, err)
		}
		if check {
			if err := g.CheckInvariants(); err != nil {
				return nil, n, fmt.Errorf("step %d (action %d): invariant broken: %w", n+1, a, err)
			}
		}
		if n++; n >= limit {
			return nil, n, fmt.Errorf("no end after %d decisions (stall?)", limit)
		}
	}
	return g, n, nil
}

// simNPGame plays one whole game with every faction a Non-Player. With
// check, it also verifies that each choice was one of the listed options and
// the invariants after every decision.
func simNPGame(scenario string, seed uint64, check bool, limit int, tr *eventTracker) (*gandhi.Game, int, error) {
	g, err := newGame(gandhi.Setup{Scenario: scenario, NP: allNP}, seed)
	if err != nil {
		return nil, 0, err
	}
	g.SetLog(false) // nothing here reads the log (the game is otherwise the same)
	n := 0
	for !g.Over {
		if !g.NPToMove() {
			return nil, n, fmt.Errorf("step %d: decision for a faction that is not a Non-Player: %s", n+1, g.Decision().Prompt)
		}
		var prompt string
		var listed func(string) bool
		if check {
			d := g.Decision()
			prompt = d.Prompt
			listed = func(id string) bool { _, ok := d.Find(id); return ok }
		}
		f, _ := g.DecidingFaction()
		tr.prepare(g)
		id, err := g.ApplyNP()
		tr.record(g, id, f)
		if err != nil {
			return nil, n, fmt.Errorf("step %d: Non-Player option %q refused: %w", n+1, id, err)
		}
		if check {
			if !listed(id) {
				return nil, n, fmt.Errorf("step %d (%s): Non-Player chose %q, not a listed option", n+1, prompt, id)
			}
			if err := g.CheckInvariants(); err != nil {
				return nil, n, fmt.Errorf("step %d after %q (%s): invariant broken: %w", n+1, id, prompt, err)
			}
		}
		if n++; n >= limit && !g.Over {
			return nil, n, fmt.Errorf("no end after %d decisions (stall?)", limit)
		}
	}
	return g, n, nil
}

// aggregate turns the per-game figures, in seed order, into the report.
func aggregate(o simOpts, stats []gameStat) simOut {
	out := simOut{
		Game: "gandhi", Scenario: o.scenario, Players: o.players, FirstSeed: o.seed, Games: len(stats),
		Wins: map[string]int{}, Ends: map[string]int{},
	}
	for _, e := range endKinds {
		out.Ends[e] = 0
	}
	n := len(stats)
	var cards, decisions, campaigns []float64
	out.Length.DecisionsMin = math.MaxInt
	for _, st := range stats {
		out.Decisions += st.decisions
		out.Ends[st.end]++
		cards = append(cards, float64(st.cards))
		campaigns = append(campaigns, float64(st.campaigns))
		decisions = append(decisions, float64(st.decisions))
		out.Length.DecisionsMin = min(out.Length.DecisionsMin, st.decisions)
		out.Length.DecisionsMax = max(out.Length.DecisionsMax, st.decisions)
	}
	out.Length.CardsMean, out.Length.CardsSD = sim.MeanSD(cards)
	out.Length.CampaignsMean, _ = sim.MeanSD(campaigns)
	out.Length.DecisionsMean, out.Length.DecisionsSD = sim.MeanSD(decisions)

	for f := range gandhi.NumFactions {
		fo := factionOut{ID: f.ID(), Name: f.String()}
		ms := make([]float64, 0, n)
		for _, st := range stats {
			m := st.margins[f]
			fo.margins = append(fo.margins, m)
			ms = append(ms, float64(m))
			if st.winner == f {
				fo.Wins++
			}
			if m > 0 {
				fo.Positive++
			}
		}
		fo.WinRate = float64(fo.Wins) / float64(n)
		fo.WinLow, fo.WinHigh = sim.Wilson(fo.Wins, n, sim.Z95)
		fo.MarginMean, fo.MarginSD = sim.MeanSD(ms)
		sorted := slices.Clone(fo.margins)
		slices.Sort(sorted)
		fo.MarginMin, fo.MarginMax = sorted[0], sorted[n-1]
		fo.MarginMedian = sim.Quantile(sorted, 0.5)
		out.Wins[fo.ID] = fo.Wins
		out.Factions = append(out.Factions, fo)
	}
	if o.cards {
		out.Cards = cardReport(stats)
	}
	return out
}

// cardReport gathers the games' Events by card, text and executor.
func cardReport(stats []gameStat) []cardOut {
	type key struct {
		card   int
		shaded bool
		f      gandhi.Faction
	}
	sums := map[key]*[gandhi.NumFactions + 1]int{} // VP moved per faction, then plays
	for _, st := range stats {
		for _, e := range st.events {
			k := key{e.card, e.shaded, e.f}
			if sums[k] == nil {
				sums[k] = &[gandhi.NumFactions + 1]int{}
			}
			for f, v := range e.vp {
				sums[k][f] += v
			}
			sums[k][gandhi.NumFactions]++
		}
	}
	keys := slices.SortedFunc(maps.Keys(sums), func(a, b key) int {
		if a.card != b.card {
			return a.card - b.card
		}
		if a.shaded != b.shaded {
			if a.shaded {
				return 1
			}
			return -1
		}
		return int(a.f) - int(b.f)
	})
	var deck *gandhi.Deck
	if d, err := gameData(); err == nil {
		deck = d.Deck
	}
	out := []cardOut{}
	for _, k := range keys {
		s := sums[k]
		n := s[gandhi.NumFactions]
		c := cardOut{Card: k.card, Text: "unshaded", Executor: k.f.ID(), Plays: n, VPMean: map[string]float64{}}
		if k.shaded {
			c.Text = "shaded"
		}
		if deck != nil && deck.Cards[k.card] != nil {
			c.Title = deck.Cards[k.card].Title
		}
		for f := range gandhi.NumFactions {
			c.VPMean[f.ID()] = float64(s[f]) / float64(n)
		}
		out = append(out, c)
	}
	return out
}

func writeSim(w io.Writer, o simOut) {
	fmt.Fprintf(w, "games: %d (%s, players %s, seeds %d..%d)\n", o.Games, o.Scenario, o.Players, o.FirstSeed, o.FirstSeed+uint64(o.Games)-1)
	fmt.Fprintf(w, "\n%-16s %6s %7s  %-17s %8s %7s %7s %7s %7s\n", "faction", "wins", "rate", "95% CI (Wilson)", "margin", "sd", "min", "median", "max")
	for _, f := range o.Factions {
		fmt.Fprintf(w, "%-16s %6d %6.1f%%  [%5.1f%%, %5.1f%%]  %+8.2f %7.2f %+7d %+7.1f %+7d\n",
			f.Name, f.Wins, 100*f.WinRate, 100*f.WinLow, 100*f.WinHigh, f.MarginMean, f.MarginSD, f.MarginMin, f.MarginMedian, f.MarginMax)
	}
	fmt.Fprint(w, "\nwins (ranked 1st):")
	for _, f := range o.Factions {
		fmt.Fprintf(w, " %s %d", f.ID, f.Wins)
	}
	fmt.Fprint(w, "\nmargin above 0 at the end:")
	for _, f := range o.Factions {
		fmt.Fprintf(w, " %s %d", f.ID, f.Positive)
	}
	l := o.Length
	fmt.Fprintf(w, "\n\nlength: %.1f Event cards (sd %.1f) and %.2f Campaign Rounds per game\n", l.CardsMean, l.CardsSD, l.CampaignsMean)
	fmt.Fprintf(w, "decisions: %d (%.1f per game, sd %.1f, min %d, max %d)\n", o.Decisions, l.DecisionsMean, l.DecisionsSD, l.DecisionsMin, l.DecisionsMax)
	fmt.Fprintf(w, "ended: victory at a Campaign Round (7.2) %d, final Campaign Round complete (7.3) %d", o.Ends[endVictory], o.Ends[endFinal])
	if o.Ends[endDeck] > 0 {
		fmt.Fprintf(w, ", deck exhausted %d", o.Ends[endDeck])
	}
	if o.Ends[endOther] > 0 {
		fmt.Fprintf(w, ", other %d", o.Ends[endOther])
	}
	fmt.Fprintln(w)
	if len(o.Cards) > 0 {
		fmt.Fprintf(w, "\nEvents executed (card, text, executor, times; mean victory points moved for raj, congress, league, rev):\n")
		for _, c := range o.Cards {
			fmt.Fprintf(w, "  %3d %-34.34s %-8s %-8s %5d  %+6.2f %+6.2f %+6.2f %+6.2f\n", c.Card, c.Title, c.Text, c.Executor, c.Plays,
				c.VPMean["raj"], c.VPMean["congress"], c.VPMean["league"], c.VPMean["rev"])
		}
	}
	sim.WriteTiming(w, o.Timing, o.Decisions)
}

// simSVG draws the chart of a simulation's results.
func simSVG(o simOut) []byte {
	const (
		width, height = 1100.0, 560.0
		top, bottom   = 95.0, 440.0 // plot area, both panels
	)
	var s sim.SVG
	s.F(`<?xml version="1.0" encoding="UTF-8"?>`)
	s.F(`<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="Helvetica, Arial, sans-serif">`, width, height, width, height)
	s.Rect(0, 0, width, height, "white", "")
	s.Text(width/2, 30, "middle", 20, ` font-weight="bold"`, fmt.Sprintf("Gandhi: %d %s-scenario games, %s players", o.Games, o.Scenario, o.Players))
	s.Text(width/2, 52, "middle", 13, ` fill="#555"`, fmt.Sprintf("seeds %d..%d   ·   %.1f Event cards and %.1f decisions per game   ·   ended by victory %d, final round %d",
		o.FirstSeed, o.FirstSeed+uint64(o.Games)-1, o.Length.CardsMean, o.Length.DecisionsMean, o.Ends[endVictory], o.Ends[endFinal]))
	winPanel(&s, o, 80, 500, top, bottom)
	marginPanel(&s, o, 620, 1070, top, bottom)
	s.F(`</svg>`)
	return s.Bytes()
}

// winPanel draws the win rates (ranked 1st) with 95% Wilson intervals.
func winPanel(s *sim.SVG, o simOut, left, right, top, bottom float64) {
	bars := make([]sim.WinBar, len(o.Factions))
	for i, f := range o.Factions {
		bars[i] = sim.WinBar{Name: f.Name, Wins: f.Wins, Rate: f.WinRate, Low: f.WinLow, High: f.WinHigh,
			Colour: sim.Colours[i%len(sim.Colours)]}
	}
	sim.WinRatePanel(s, "Win rate (ranked 1st) with 95% Wilson interval", "games won", bars, 0.25, "1 in 4", left, right, top, bottom)
}

// marginPanel draws each faction's final victory margins: a box plot
// (quartiles, median, whiskers to min and max, mean as a dot) and beside it
// a sideways histogram of the games.
func marginPanel(s *sim.SVG, o simOut, left, right, top, bottom float64) {
	series := make([]sim.BoxSeries, len(o.Factions))
	for i, f := range o.Factions {
		series[i] = sim.BoxSeries{Name: f.Name, Values: f.margins, Mean: f.MarginMean, SD: f.MarginSD,
			Colour: sim.Colours[i%len(sim.Colours)]}
	}
	sim.DistPanel(s, "Final victory margin (7.3)", "margin at the end of the game", "margin",
		"above it the condition is met", series, left, right, top, bottom)
}
