package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"durbar/bots"
	"durbar/gandhi"
)

// playerKinds are the computer players a faction can be given. Each faction
// gets its own seeded player so that games are reproducible.
var playerKinds = map[string]func(seed uint64) bots.Player{
	"random": func(seed uint64) bots.Player { return bots.NewRandom(seed) },
}

// botSeed derives a faction's player seed from the game seed; it differs
// from the game's own stream so bot choices never mirror the dice.
func botSeed(gameSeed uint64, f gandhi.Faction) uint64 {
	return gameSeed*0x9e3779b97f4a7c15 + uint64(f) + 1
}

// maxSteps stops a game that does not end instead of hanging.
const maxSteps = 1_000_000

// simOut is `durbar sim --json`.
type simOut struct {
	Game               string         `json:"game"`
	Scenario           string         `json:"scenario"`
	Players            string         `json:"players"`
	FirstSeed          uint64         `json:"firstSeed"`
	Games              int            `json:"games"`
	Decisions          int            `json:"decisions"`
	Wins               map[string]int `json:"wins"` // faction id -> games ranked 1st
	Seconds            float64        `json:"seconds"`
	DecisionsPerSecond float64        `json:"decisionsPerSecond"`
	GamesPerSecond     float64        `json:"gamesPerSecond"`
}

// durbar sim gandhi --games N --seed S --players random [--scenario main] [--json]
func cmdSim(args []string, _ io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	games := fs.Int("games", 10, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the first game; game k uses seed+k")
	players := fs.String("players", "random", "computer player for every faction: random")
	scenario := fs.String("scenario", "main", "scenario: "+strings.Join(gandhi.Scenarios(), ", "))
	asJSON := fs.Bool("json", false, "print JSON")
	check := fs.Bool("check", false, "check every rule invariant after every decision (slower)")
	if err := parseGameFlags(fs, args); err != nil {
		return err
	}
	kind, ok := playerKinds[*players]
	if !ok {
		return fmt.Errorf("unknown player %q (have: random)", *players)
	}
	if *games < 1 {
		return fmt.Errorf("--games must be at least 1")
	}
	if !slices.Contains(gandhi.Scenarios(), *scenario) {
		return fmt.Errorf("unknown scenario %q (have %s)", *scenario, strings.Join(gandhi.Scenarios(), ", "))
	}
	out := simOut{Game: "gandhi", Scenario: *scenario, Players: *players, FirstSeed: *seed, Games: *games, Wins: map[string]int{}}
	for f := gandhi.Faction(0); f < gandhi.NumFactions; f++ {
		out.Wins[f.ID()] = 0
	}
	start := time.Now()
	for k := 0; k < *games; k++ {
		g, n, err := simGame(*scenario, *seed+uint64(k), kind, *check)
		if err != nil {
			return fmt.Errorf("game with seed %d: %w", *seed+uint64(k), err)
		}
		out.Decisions += n
		if len(g.Result) > 0 {
			out.Wins[g.Result[0].ID()]++
		}
	}
	out.Seconds = time.Since(start).Seconds()
	if out.Seconds > 0 {
		out.DecisionsPerSecond = float64(out.Decisions) / out.Seconds
		out.GamesPerSecond = float64(out.Games) / out.Seconds
	}
	if *asJSON {
		return writeJSON(stdout, out)
	}
	writeSim(stdout, out)
	return nil
}

// simGame plays one whole game with computer players for every faction and
// returns it with the number of decisions taken.
func simGame(scenario string, seed uint64, kind func(uint64) bots.Player, check bool) (*gandhi.Game, int, error) {
	g, err := newGame(gandhi.Setup{Scenario: scenario}, seed)
	if err != nil {
		return nil, 0, err
	}
	var players [gandhi.NumFactions]bots.Player
	for f := range players {
		players[f] = kind(botSeed(seed, gandhi.Faction(f)))
	}
	n := 0
	for d := g.Decision(); !d.Over; d = g.Decision() {
		f, ok := gandhi.ParseFaction(d.Role)
		if !ok {
			return nil, n, fmt.Errorf("decision for unknown faction %q", d.Role)
		}
		id := players[f].Choose(g, d)
		if err := safeApply(g, id); err != nil {
			return nil, n, fmt.Errorf("step %d: %w", n+1, err)
		}
		if check {
			if err := g.CheckInvariants(); err != nil {
				return nil, n, fmt.Errorf("step %d (%s): invariant broken: %w", n+1, id, err)
			}
		}
		if n++; n > maxSteps {
			return nil, n, fmt.Errorf("no end after %d decisions", maxSteps)
		}
	}
	return g, n, nil
}

func writeSim(w io.Writer, o simOut) {
	fmt.Fprintf(w, "games: %d (%s, players %s, seeds %d..%d)\n", o.Games, o.Scenario, o.Players, o.FirstSeed, o.FirstSeed+uint64(o.Games)-1)
	fmt.Fprintf(w, "decisions: %d (%.1f per game)\n", o.Decisions, float64(o.Decisions)/float64(o.Games))
	fmt.Fprint(w, "wins (ranked 1st):")
	for f := gandhi.Faction(0); f < gandhi.NumFactions; f++ {
		fmt.Fprintf(w, " %s %d", f.ID(), o.Wins[f.ID()])
	}
	fmt.Fprintf(w, "\ntime: %.2fs   decisions/s: %.0f   games/s: %.2f\n", o.Seconds, o.DecisionsPerSecond, o.GamesPerSecond)
}
