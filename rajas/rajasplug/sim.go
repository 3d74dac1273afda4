package rajasplug

import (
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strings"

	"durbar/bots"
	"durbar/core"
	"durbar/plug"
	"durbar/plug/cli"
	"durbar/plug/sim"
	"durbar/rajas"
)

// `durbar sim rajas`: computer players against each other, the seating
// rotated every game so that every kind plays every seat equally often.

// How a game of Rajas ended.
const (
	endMet   = "met"        // markers met ("Final de partida")
	endLimit = "roundLimit" // the engine's MaxRounds safeguard
)

// rajasSimOpts configures a run.
type rajasSimOpts struct {
	players    []string // seat kinds of the first game
	setup      rajas.Setup
	seed       uint64
	games      int
	workers    int
	iterations int // mcts iterations per decision, 0: the default
	check      bool
	maxSteps   int
	progress   io.Writer // nil: no progress bar
}

// rajasSimOut is `durbar sim rajas --json`. Every figure except the timings
// depends only on the seeds, never on --workers.
type rajasSimOut struct {
	Game     string      `json:"game"`
	Setup    rajas.Setup `json:"setup"`
	Variants string      `json:"variants"`
	// Players are the seat kinds of the first game; game k seats
	// players[(s+k) mod n] at seat s.
	Players    []string       `json:"players"`
	Iterations int            `json:"iterations"` // mcts iterations per decision, 0: the default
	FirstSeed  uint64         `json:"firstSeed"`
	Games      int            `json:"games"`
	Balanced   bool           `json:"balanced"` // games is a multiple of the seats: every kind played every seat equally
	Decisions  int            `json:"decisions"`
	Wins       map[string]int `json:"wins"` // kind -> games won
	// Kinds are in order of first appearance in Players.
	Kinds  []rajasKindOut    `json:"kinds"`
	Seats  []rajasSimSeatOut `json:"seats"`
	Length rajasLengthOut    `json:"length"`
	Ends   map[string]int    `json:"ends"` // endMet, endLimit -> games

	sim.Timing // Workers, Seconds and the rates
}

// rajasWinStats are the wins and mean scores of a kind of computer player
// or of a seat (its fields stand in the JSON where it is embedded).
type rajasWinStats struct {
	Wins int `json:"wins"`
	// WinRate is Wins over the games played (for a kind, 1/seats in an even
	// game); WinLow..WinHigh its 95% Wilson score interval.
	WinRate   float64 `json:"winRate"`
	WinLow    float64 `json:"winLow"`
	WinHigh   float64 `json:"winHigh"`
	FameMean  float64 `json:"fameMean"`
	MoneyMean float64 `json:"moneyMean"`
}

// rate sets the win rate over n games and the mean fame and money.
func (w *rajasWinStats) rate(n int, fame, money []float64) {
	w.WinRate = float64(w.Wins) / float64(n)
	w.WinLow, w.WinHigh = sim.Wilson(w.Wins, n, sim.Z95)
	w.FameMean, _ = sim.MeanSD(fame)
	w.MoneyMean, _ = sim.MeanSD(money)
}

// rajasKindOut is one kind of computer player's results over all the seats
// it played.
type rajasKindOut struct {
	Kind      string `json:"kind"`
	SeatGames int    `json:"seatGames"` // seats played (games × seats of this kind)
	rajasWinStats
	// Gap is fame minus the fame beside the money marker at the end (0 or
	// more: the markers have met), FameMoneyGap.
	GapMean   float64 `json:"gapMean"`
	GapSD     float64 `json:"gapSD"`
	GapMin    int     `json:"gapMin"`
	GapMedian float64 `json:"gapMedian"`
	GapMax    int     `json:"gapMax"`
	Met       int     `json:"met"` // seats whose markers met

	gaps []int // per seat played, in seed order (for the plot)
}

// rajasSimSeatOut is one seat's results over all games.
type rajasSimSeatOut struct {
	Seat  int    `json:"seat"` // 1-based
	Name  string `json:"name"`
	Games int    `json:"games"`
	rajasWinStats
	GapMean  float64        `json:"gapMean"`
	KindWins map[string]int `json:"kindWins"` // wins in this seat by kind
}

// rajasLengthOut is the length of the games.
type rajasLengthOut struct {
	RoundsMean    float64 `json:"roundsMean"`
	RoundsSD      float64 `json:"roundsSD"`
	RoundsMin     int     `json:"roundsMin"`
	RoundsMax     int     `json:"roundsMax"`
	DecisionsMean float64 `json:"decisionsMean"`
	DecisionsSD   float64 `json:"decisionsSD"`
	DecisionsMin  int     `json:"decisionsMin"`
	DecisionsMax  int     `json:"decisionsMax"`
}

// rajasGameStat is what one game contributes to the figures.
type rajasGameStat struct {
	kinds     []string // by seat
	winner    int
	fame      []int
	money     []int
	gap       []int
	met       []bool
	rounds    int
	decisions int
	end       string
	err       error
}

// rajasSeating is the seat kinds of game k: the list rotated by k.
func rajasSeating(players []string, k int) []string {
	n := len(players)
	out := make([]string, n)
	for s := range out {
		out[s] = players[(s+k)%n]
	}
	return out
}

// Sim is durbar sim rajas --games N --players bot,mcts[,…] --seed S
// [--variant LIST] [--workers W] [--iterations N] [--json] [--plot out.svg]
// [--check].
func (command) Sim(c plug.Call) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	games := fs.Int("games", 10, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the first game; game k uses seed+k")
	players := fs.String("players", "bot,mcts", "2 to 4 computer players ("+rajasKinds+"), one per seat; the seating rotates every game")
	setupOf := rajasSetupFlags(fs)
	workers := fs.Int("workers", runtime.NumCPU(), "games played in parallel")
	iterations := fs.Int("iterations", 0, "search iterations per decision of the mcts players (0: the default)")
	asJSON := fs.Bool("json", false, "print JSON")
	plot := fs.String("plot", "", "write an SVG chart of the results to this file")
	check := fs.Bool("check", false, "check every rule invariant after every decision (slower)")
	maxDec := fs.Int("max-decisions", cli.MaxSteps, "report a game as stalled after this many decisions")
	if err := cli.GameFlags(fs, c, rajas.GameName); err != nil {
		return err
	}
	kinds, err := parseRajasPlayers(*players, false)
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
	case *iterations < 0:
		return fmt.Errorf("--iterations must be 0 or more")
	}
	setup, err := setupOf(len(kinds))
	if err != nil {
		return err
	}
	defer sim.TuneGC()()
	out, err := runRajasSim(rajasSimOpts{
		players: kinds, setup: setup, seed: *seed, games: *games, workers: *workers,
		iterations: *iterations, check: *check, maxSteps: *maxDec, progress: sim.ProgressOut(),
	})
	if err != nil {
		return err
	}
	return sim.WriteResults(c.Stdout, out, *plot, *asJSON, rajasSimSVG, writeRajasSim)
}

// runRajasSim plays the games on o.workers goroutines (sim.Pool).
func runRajasSim(o rajasSimOpts) (rajasSimOut, error) {
	stats := make([]rajasGameStat, o.games)
	seconds, cpu, err := sim.Pool(o.games, o.workers, o.seed, o.progress, func(k int) error {
		stats[k] = playRajasSimGame(o, k)
		return stats[k].err
	})
	if err != nil {
		return rajasSimOut{}, err
	}
	out := aggregateRajas(o, stats)
	out.Timing = sim.NewTiming(out.Games, out.Decisions, o.workers, seconds, cpu)
	return out, nil
}

// playRajasSimGame plays game k (seed o.seed+k) and never panics: an engine
// or bot panic becomes the game's error.
func playRajasSimGame(o rajasSimOpts, k int) (st rajasGameStat) {
	defer func() {
		if r := recover(); r != nil {
			st.err = fmt.Errorf("internal error: %v", r)
		}
	}()
	seed := o.seed + uint64(k)
	st.kinds = rajasSeating(o.players, k)
	g, err := newRajasGame(o.setup, seed)
	if err != nil {
		st.err = err
		return st
	}
	g.SetQuiet(true) // nothing here reads the log (the game is otherwise the same)
	players := make([]bots.Player, len(st.kinds))
	for s, kind := range st.kinds {
		if players[s], err = newRajasBot(kind, cli.SeatSeed(seed, s), o.iterations); err != nil {
			st.err = err
			return st
		}
	}
	if o.check {
		if err := g.CheckInvariants(); err != nil {
			st.err = fmt.Errorf("at the start: invariant broken: %w", err)
			return st
		}
	}
	if fast, ok := sim.ActionPlayers(players); ok {
		if st.err = playRajasCompact(g, fast, o, &st); st.err != nil {
			return st
		}
	} else {
		if st.err = playRajasDecisions(g, players, o, &st); st.err != nil {
			return st
		}
	}
	st.winner, st.rounds, st.end = g.WinnerSeat(), g.Round, endLimit
	for p := range g.Seats() {
		pl := g.Player(p)
		st.fame = append(st.fame, pl.Fame)
		st.money = append(st.money, pl.Money)
		st.gap = append(st.gap, g.FameMoneyGap(p))
		st.met = append(st.met, pl.CrossedAt > 0)
		if pl.CrossedAt > 0 {
			st.end = endMet
		}
	}
	return st
}

// aggregateRajas turns the per-game figures, in seed order, into the report.
func aggregateRajas(o rajasSimOpts, stats []rajasGameStat) rajasSimOut {
	n, seats := len(stats), len(o.players)
	out := rajasSimOut{
		Game: rajas.GameName, Setup: o.setup, Variants: variantNames(o.setup), Players: slices.Clone(o.players),
		Iterations: o.iterations, FirstSeed: o.seed, Games: n, Balanced: n%seats == 0,
		Wins: map[string]int{}, Ends: map[string]int{endMet: 0, endLimit: 0},
	}
	var rounds, decisions []float64
	out.Length.RoundsMin, out.Length.DecisionsMin = math.MaxInt, math.MaxInt
	for _, st := range stats {
		out.Decisions += st.decisions
		out.Ends[st.end]++
		rounds = append(rounds, float64(st.rounds))
		decisions = append(decisions, float64(st.decisions))
		out.Length.RoundsMin = min(out.Length.RoundsMin, st.rounds)
		out.Length.RoundsMax = max(out.Length.RoundsMax, st.rounds)
		out.Length.DecisionsMin = min(out.Length.DecisionsMin, st.decisions)
		out.Length.DecisionsMax = max(out.Length.DecisionsMax, st.decisions)
	}
	out.Length.RoundsMean, out.Length.RoundsSD = sim.MeanSD(rounds)
	out.Length.DecisionsMean, out.Length.DecisionsSD = sim.MeanSD(decisions)

	var kinds []string
	for _, k := range o.players {
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	for _, kind := range kinds {
		ko := rajasKindOut{Kind: kind}
		var fame, money, gaps []float64
		for _, st := range stats {
			for s, k := range st.kinds {
				if k != kind {
					continue
				}
				ko.SeatGames++
				if st.winner == s {
					ko.Wins++
				}
				if st.met[s] {
					ko.Met++
				}
				fame = append(fame, float64(st.fame[s]))
				money = append(money, float64(st.money[s]))
				gaps = append(gaps, float64(st.gap[s]))
				ko.gaps = append(ko.gaps, st.gap[s])
			}
		}
		ko.rate(ko.SeatGames, fame, money)
		ko.GapMean, ko.GapSD = sim.MeanSD(gaps)
		sorted := slices.Sorted(slices.Values(ko.gaps))
		ko.GapMin, ko.GapMax = sorted[0], sorted[len(sorted)-1]
		ko.GapMedian = sim.Quantile(sorted, 0.5)
		out.Wins[kind] = ko.Wins
		out.Kinds = append(out.Kinds, ko)
	}
	for s := range seats {
		so := rajasSimSeatOut{Seat: s + 1, Name: rajas.SeatName(s), Games: n, KindWins: map[string]int{}}
		var fame, money, gaps []float64
		for _, st := range stats {
			if st.winner == s {
				so.Wins++
				so.KindWins[st.kinds[s]]++
			}
			fame = append(fame, float64(st.fame[s]))
			money = append(money, float64(st.money[s]))
			gaps = append(gaps, float64(st.gap[s]))
		}
		so.rate(n, fame, money)
		so.GapMean, _ = sim.MeanSD(gaps)
		out.Seats = append(out.Seats, so)
	}
	return out
}

func writeRajasSim(w io.Writer, o rajasSimOut) {
	seats := len(o.Players)
	fmt.Fprintf(w, "games: %d (Rajas of the Ganges, %d players, %s; seeds %d..%d)\n",
		o.Games, seats, o.Variants, o.FirstSeed, o.FirstSeed+uint64(o.Games)-1)
	fmt.Fprintf(w, "seating: rotated every game (game k: seat s plays entry s+k mod %d of %s)", seats, strings.Join(o.Players, ","))
	if o.Balanced {
		fmt.Fprintf(w, "; every entry played every seat %s\n", times(o.Games/seats))
	} else {
		fmt.Fprintf(w, "; %d games is not a multiple of %d, so the seats are not played equally\n", o.Games, seats)
	}
	if o.Iterations > 0 && slices.Contains(o.Players, "mcts") {
		fmt.Fprintf(w, "mcts: %d iterations per decision\n", o.Iterations)
	}
	fmt.Fprintf(w, "\n%-8s %6s %6s %7s  %-17s %7s %7s %7s %6s %5s\n", "kind", "seats", "wins", "rate", "95% CI (Wilson)", "fame", "money", "gap", "sd", "met")
	for _, k := range o.Kinds {
		fmt.Fprintf(w, "%-8s %6d %6d %6.1f%%  [%5.1f%%, %5.1f%%] %7.1f %7.1f %+7.2f %6.2f %5d\n",
			k.Kind, k.SeatGames, k.Wins, 100*k.WinRate, 100*k.WinLow, 100*k.WinHigh, k.FameMean, k.MoneyMean, k.GapMean, k.GapSD, k.Met)
	}
	fmt.Fprintf(w, "\n%-8s %6s %6s %7s  %-17s %7s %7s %7s\n", "seat", "games", "wins", "rate", "95% CI (Wilson)", "fame", "money", "gap")
	for _, s := range o.Seats {
		fmt.Fprintf(w, "%-8s %6d %6d %6.1f%%  [%5.1f%%, %5.1f%%] %7.1f %7.1f %+7.2f\n",
			s.Name, s.Games, s.Wins, 100*s.WinRate, 100*s.WinLow, 100*s.WinHigh, s.FameMean, s.MoneyMean, s.GapMean)
	}
	fmt.Fprintf(w, "(an even game wins %.1f%%; gap = fame minus the fame beside the money marker, 0 or more once they meet)\n", 100/float64(seats))
	l := o.Length
	fmt.Fprintf(w, "\nlength: %.1f rounds per game (sd %.1f, min %d, max %d)\n", l.RoundsMean, l.RoundsSD, l.RoundsMin, l.RoundsMax)
	fmt.Fprintf(w, "decisions: %d (%.1f per game, sd %.1f, min %d, max %d)\n", o.Decisions, l.DecisionsMean, l.DecisionsSD, l.DecisionsMin, l.DecisionsMax)
	fmt.Fprintf(w, "ended: markers met %d", o.Ends[endMet])
	if o.Ends[endLimit] > 0 {
		fmt.Fprintf(w, ", round limit (%d rounds, no markers met) %d", rajas.MaxRounds, o.Ends[endLimit])
	}
	fmt.Fprintln(w)
	sim.WriteTiming(w, o.Timing, o.Decisions)
}

// times is "once", "twice" or "N times".
func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}

// seatColours tell the seats apart in the chart.
var seatColours = []string{"#2874a6", "#148f77", "#b7950b", "#7d3c98"}

// rajasSimSVG draws the chart of a Rajas simulation: win rates by kind and
// by seat with their 95% Wilson intervals, and each kind's final gaps.
func rajasSimSVG(o rajasSimOut) []byte {
	const (
		width, height = 1320.0, 560.0
		top, bottom   = 95.0, 440.0 // plot area, all panels
	)
	seats := len(o.Players)
	var s sim.SVG
	s.F(`<?xml version="1.0" encoding="UTF-8"?>`)
	s.F(`<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="Helvetica, Arial, sans-serif">`, width, height, width, height)
	s.Rect(0, 0, width, height, "white", "")
	s.Text(width/2, 30, "middle", 20, ` font-weight="bold"`, fmt.Sprintf("Rajas of the Ganges: %d games, %d players (%s), %s", o.Games, seats, strings.Join(o.Players, ", "), o.Variants))
	sub := fmt.Sprintf("seeds %d..%d   ·   seating rotated every game   ·   %.1f rounds and %.1f decisions per game   ·   markers met %d, round limit %d",
		o.FirstSeed, o.FirstSeed+uint64(o.Games)-1, o.Length.RoundsMean, o.Length.DecisionsMean, o.Ends[endMet], o.Ends[endLimit])
	if o.Iterations > 0 && slices.Contains(o.Players, "mcts") {
		sub += fmt.Sprintf("   ·   mcts %d iterations", o.Iterations)
	}
	s.Text(width/2, 52, "middle", 13, ` fill="#555"`, sub)

	even := 1 / float64(seats)
	evenLabel := fmt.Sprintf("even game (1 in %d)", seats)
	var byKind, bySeat []sim.WinBar
	var gaps []sim.BoxSeries
	for i, k := range o.Kinds {
		colour := sim.Colours[i%len(sim.Colours)]
		byKind = append(byKind, sim.WinBar{Name: k.Kind, Wins: k.Wins, Rate: k.WinRate, Low: k.WinLow, High: k.WinHigh, Colour: colour})
		gaps = append(gaps, sim.BoxSeries{Name: k.Kind, Values: k.gaps, Mean: k.GapMean, SD: k.GapSD, Colour: colour})
	}
	for i, st := range o.Seats {
		bySeat = append(bySeat, sim.WinBar{Name: st.Name, Wins: st.Wins, Rate: st.WinRate, Low: st.WinLow, High: st.WinHigh, Colour: seatColours[i%len(seatColours)]})
	}
	sim.WinRatePanel(&s, "Win rate by player, 95% Wilson interval", "share of seats won", byKind, even, evenLabel, 80, 420, top, bottom)
	sim.WinRatePanel(&s, "Win rate by seat, 95% Wilson interval", "games won", bySeat, even, evenLabel, 520, 850, top, bottom)
	sim.DistPanel(&s, "Final gap: fame past money", "fame minus the fame beside money", "gap",
		"from it the markers have met", gaps, 940, 1290, top, bottom)
	s.F(`</svg>`)
	return s.Bytes()
}

// playRajasDecisions plays the game through Decision and Apply (players
// that choose by option id).
func playRajasDecisions(g *rajas.Game, players []bots.Player, o rajasSimOpts, st *rajasGameStat) error {
	for d := g.Decision(); !d.Over; d = g.Decision() {
		if d.Player < 0 || d.Player >= len(players) {
			return fmt.Errorf("step %d: decision for seat %d", st.decisions+1, d.Player)
		}
		id := players[d.Player].Choose(g, d)
		if o.check {
			if _, ok := d.Find(id); !ok {
				return fmt.Errorf("step %d (%s): %s (%s) chose %q, not a listed option", st.decisions+1, d.Prompt, rajas.SeatName(d.Player), st.kinds[d.Player], id)
			}
		}
		if err := cli.SafeApply(g, id); err != nil {
			return fmt.Errorf("step %d: %w", st.decisions+1, err)
		}
		st.decisions++
		if o.check {
			if err := g.CheckInvariants(); err != nil {
				return fmt.Errorf("step %d (%s): invariant broken: %w", st.decisions, id, err)
			}
		}
		if st.decisions >= o.maxSteps && !g.Over {
			return fmt.Errorf("no end after %d decisions (stall?)", o.maxSteps)
		}
	}
	return nil
}

// playRajasCompact plays the game through the compact door (core.Compact):
// the same choices as playRajasDecisions, without the labels nobody reads.
func playRajasCompact(g *rajas.Game, players []bots.ActionPlayer, o rajasSimOpts, st *rajasGameStat) error {
	buf := make([]core.Action, 0, 64)
	for !g.Over {
		buf = g.Legal(buf)
		p := g.Decider()
		if p < 0 || p >= len(players) || len(buf) == 0 {
			return fmt.Errorf("step %d: decision for seat %d with %d actions", st.decisions+1, p, len(buf))
		}
		a := players[p].ChooseAction(g, buf)
		if err := g.Play(a); err != nil {
			return fmt.Errorf("step %d: %s (%s) chose action %d: %w", st.decisions+1, rajas.SeatName(p), st.kinds[p], a, err)
		}
		st.decisions++
		if o.check {
			if err := g.CheckInvariants(); err != nil {
				return fmt.Errorf("step %d (action %d): invariant broken: %w", st.decisions, a, err)
			}
		}
		if st.decisions >= o.maxSteps && !g.Over {
			return fmt.Errorf("no end after %d decisions (stall?)", o.maxSteps)
		}
	}
	return nil
}
