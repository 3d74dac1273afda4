package gandhiplug

import (
	"bufio"
	"flag"
	"fmt"
	"slices"
	"strings"

	"durbar/bots"
	"durbar/core"
	"durbar/gandhi"
	"durbar/plug"
	"durbar/plug/cli"
)

const playHelp = `Commands:
  NUMBER or OPTION-ID   choose an option
  undo                  take back your last choice (not past a die roll or shuffle,
                        the Non-Players' own dice included)
  save FILE             write the game to a save file
  show                  show the board again
  log                   show the last 20 log lines
  help RULE             summary of a rule section, e.g. help 3.2.4
  quit                  leave (end of input also leaves)
Play ends when the game is over, after the result (--save FILE keeps it).
Non-Players (Arjuna, rules section 8) move on their own; their reasons appear in
the log as [Arjuna] lines.
`

// table is a hot-seat game at the terminal: humans type choices, the
// Non-Player factions are played by the Arjuna system (section 8), and any
// other faction by a random computer player.
type table struct {
	cli.Terminal
	s      *session
	humans map[gandhi.Faction]bool
	bots   map[string]bots.Player // random computer players by faction id
	roles  []string               // faction that chose each log entry
}

// Play is durbar play gandhi --scenario S --seed N [--human LIST] [--players N] [--bots np|random] [--load FILE] [--save FILE].
func (command) Play(c plug.Call) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	scenario := fs.String("scenario", "main", "scenario: "+strings.Join(gandhi.Scenarios(), ", "))
	seed := fs.Uint64("seed", 1, "random seed")
	human := fs.String("human", "", "factions played by people: comma list of raj,congress,league,rev, or none (default all)")
	load := fs.String("load", "", "continue a saved game")
	saveTo := fs.String("save", "", "save the game to this file when play ends (game over, quit or end of input)")
	players := fs.Int("players", 4, "players at the table: 4 (a faction each), 3 (Congress and Muslim League together) or 2 (also Raj and Revolutionaries together), rule 1.5")
	botKind := fs.String("bots", "np", "who plays the factions without a human: np (the Arjuna Non-Player system, section 8) or random")
	if err := cli.GameFlags(fs, c, gameName); err != nil {
		return err
	}
	if *botKind != "np" && *botKind != "random" {
		return fmt.Errorf("--bots: %q is neither np nor random", *botKind)
	}
	named, err := parseHumans(*human)
	if err != nil {
		return err
	}
	var s *session
	if *load != "" {
		s, err = loadSession(*load, c.Games)
	} else {
		s, err = newTable(*scenario, *seed, *players, named, *botKind == "np")
	}
	if err != nil {
		return err
	}
	explicit := !slices.Contains([]string{"", "all"}, strings.TrimSpace(*human))
	humans, err := tableHumans(s.game, named, explicit)
	if err != nil {
		return err
	}
	stdout := c.Stdout
	t := &table{Terminal: cli.Terminal{In: bufio.NewScanner(c.Stdin), Out: stdout, SaveTo: *saveTo}, s: s, humans: humans, bots: map[string]bots.Player{}}
	t.Game = t
	var random []string
	for f := gandhi.Faction(0); f < gandhi.NumFactions; f++ {
		if !humans[f] && !s.game.IsNP(f) {
			t.bots[f.ID()] = bots.NewRandom(botSeed(s.save.Seed, f))
			random = append(random, f.String())
		}
	}
	if t.roles, err = t.rolesOf(s.save.Log); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Durbar: Gandhi, seed %d. Human: %s.", s.save.Seed, humanList(humans))
	if np := npList(s.game); np != "" {
		fmt.Fprintf(stdout, " Non-Players (Arjuna, section 8): %s.", np)
	}
	if len(random) > 0 {
		fmt.Fprintf(stdout, " Random computer players: %s.", strings.Join(random, ", "))
	}
	fmt.Fprintln(stdout, " Type help for commands.")
	return t.Loop()
}

// newTable starts a new game. With Non-Players (np), every faction of a seat
// without a human is a Non-Player (1.5, 8.0); a seat is human if any of its
// factions is named in --human.
func newTable(scenario string, seed uint64, players int, named map[gandhi.Faction]bool, np bool) (*session, error) {
	setup, err := setupFromFlags(scenario, "")
	if err != nil {
		return nil, err
	}
	if setup.Seats, err = gandhi.SeatsFor(players); err != nil {
		return nil, err
	}
	if np {
		humanSeat := map[int]bool{}
		for f := gandhi.Faction(0); f < gandhi.NumFactions; f++ {
			if named[f] {
				humanSeat[setup.Seats[f]] = true
			}
		}
		for f := gandhi.Faction(0); f < gandhi.NumFactions; f++ {
			if !humanSeat[setup.Seats[f]] {
				setup.NP = append(setup.NP, f.ID())
			}
		}
		setup.Seats = seatNP(setup.Seats, setup.NP)
	}
	return newSession(setup, seed)
}

// tableHumans decides who plays at the terminal: the named factions
// together with the other factions of their seats (1.5), never a Non-Player
// of the game's setup. Without an explicit --human, every faction that is
// not a Non-Player is human.
func tableHumans(g *gandhi.Game, named map[gandhi.Faction]bool, explicit bool) (map[gandhi.Faction]bool, error) {
	humans := map[gandhi.Faction]bool{}
	seat := map[int]bool{}
	for f := gandhi.Faction(0); f < gandhi.NumFactions; f++ {
		if !named[f] {
			continue
		}
		if g.IsNP(f) {
			if explicit {
				return nil, fmt.Errorf("--human: %s is a Non-Player in this game's setup", f)
			}
			continue
		}
		seat[g.Seats[f]] = true
	}
	for f := gandhi.Faction(0); f < gandhi.NumFactions; f++ {
		if seat[g.Seats[f]] && !g.IsNP(f) {
			humans[f] = true
		}
	}
	return humans, nil
}

// parseHumans reads --human; empty means every faction is human.
func parseHumans(list string) (map[gandhi.Faction]bool, error) {
	out := map[gandhi.Faction]bool{}
	switch strings.TrimSpace(list) {
	case "", "all":
		for f := gandhi.Faction(0); f < gandhi.NumFactions; f++ {
			out[f] = true
		}
		return out, nil
	case "none":
		return out, nil
	}
	for _, id := range strings.Split(list, ",") {
		f, ok := gandhi.ParseFaction(strings.TrimSpace(strings.ToLower(id)))
		if !ok {
			return nil, fmt.Errorf("--human: unknown faction %q (raj, congress, league, rev, or none)", id)
		}
		out[f] = true
	}
	return out, nil
}

func humanList(humans map[gandhi.Faction]bool) string {
	var s []string
	for f := gandhi.Faction(0); f < gandhi.NumFactions; f++ {
		if humans[f] {
			s = append(s, f.String())
		}
	}
	if len(s) == 0 {
		return "none (computer players only)"
	}
	return strings.Join(s, ", ")
}

// npList names the game's Non-Player factions, "" if none.
func npList(g *gandhi.Game) string {
	var s []string
	for f := gandhi.Faction(0); f < gandhi.NumFactions; f++ {
		if g.IsNP(f) {
			s = append(s, f.String())
		}
	}
	return strings.Join(s, ", ")
}

// computer reports whether a decision of this faction id is taken by the
// computer (a Non-Player or a random player) rather than typed.
func (t *table) computer(role string) bool {
	if _, ok := t.bots[role]; ok {
		return true
	}
	f, ok := gandhi.ParseFaction(role)
	return ok && t.s.game.IsNP(f)
}

// The table as a cli.TableGame: the Non-Players move first, then the random
// computer players.

func (t *table) Decision() core.Decision { return t.s.game.Decision() }

func (t *table) Auto(d core.Decision) (string, bool) {
	switch _, isBot := t.bots[d.Role]; {
	case d.Over:
		return "", false
	case t.s.game.NPToMove():
		return "the Non-Players", true
	case isBot:
		return "the computer players", true
	}
	return "", false
}

func (t *table) AutoPlay(d core.Decision) error {
	if t.s.game.NPToMove() {
		if err := t.playNP(d); err != nil {
			return fmt.Errorf("Non-Player %s: %w", factionName(d.Role), err)
		}
		return nil
	}
	if err := t.Play(t.bots[d.Role].Choose(t.s.game, d), d); err != nil {
		return fmt.Errorf("computer player for %s: %w", d.Role, err)
	}
	return nil
}

// boardKey: the board is shown when the turn has passed to someone else or
// a new card is up.
func (t *table) BoardKey(d core.Decision) string {
	g := t.s.game
	return fmt.Sprint(d.Role, g.Current, len(g.Played), d.Over)
}

func (t *table) Render() string                { return t.s.game.Render() }
func (t *table) WriteEnd()                     { writeEnd(t.Out, t.s.game, t.humans) }
func (t *table) WriteDecision(d core.Decision) { writeDecision(t.Out, d) }
func (t *table) LogLines() []string            { return t.s.game.LogText }
func (t *table) WriteSave(file string) error   { return t.s.writeSave(file) }
func (t *table) Actions() []string             { return t.s.save.Log }
func (t *table) ComputerChose(k int) bool      { return t.computer(t.roles[k]) }
func (t *table) DeciderName(k int) string      { return factionName(t.roles[k]) }

func (t *table) Help(arg string) {
	if arg == "" {
		fmt.Fprint(t.Out, playHelp)
	} else {
		writeRuleHelp(t.Out, arg)
	}
}

// apply plays one option and remembers who chose it, with a line for a
// random computer player's choice.
func (t *table) Apply(id string, d core.Decision) error {
	if err := t.s.apply(id); err != nil {
		return err
	}
	t.roles = append(t.roles, d.Role)
	if _, ok := t.bots[d.Role]; ok {
		o, _ := d.Find(id)
		fmt.Fprintf(t.Out, "  %s (computer) chooses: %s\n", factionName(d.Role), o.Label)
		t.BoardChanged()
	}
	return nil
}

// playNP lets the Arjuna system take the pending decision and prints its
// choice followed by the log lines it produced, the [Arjuna] reasons first,
// so the player can follow and check the computer.
func (t *table) playNP(d core.Decision) error {
	id, err := t.s.applyNP()
	if err != nil {
		return err
	}
	t.roles = append(t.roles, d.Role)
	o, _ := d.Find(id)
	fmt.Fprintf(t.Out, "  %s (Arjuna) chooses: %s [%s]\n", factionName(d.Role), o.Label, id)
	t.PrintNewLog()
	t.BoardChanged() // the board has changed: show it when a human decides
	return nil
}

// rewind replays the log without its entries from k on. If the replayed
// game is behind the undo barrier, something irreversible lies in between
// (a die roll or shuffle, the game's or a Non-Player's; a card turned up):
// undoing it would let a player re-roll or choose again knowing the card,
// so it refuses.
func (t *table) Rewind(k int) error {
	log := t.s.save.Log
	g, err := replaySave(&core.Save{Seed: t.s.save.Seed, Setup: t.s.save.Setup, Log: log[:k]})
	if err != nil {
		return fmt.Errorf("undo failed: %v", err)
	}
	if err := cli.UndoBarrier(g, t.s.game); err != nil {
		return err
	}
	t.s.game, t.s.save.Log, t.roles = g, log[:k], t.roles[:k]
	return nil
}

// rolesOf replays a log to learn which faction chose each entry.
func (t *table) rolesOf(log []string) ([]string, error) {
	st, err := decodeSetup(t.s.save.Setup)
	if err != nil {
		return nil, err
	}
	g, err := newGame(st, t.s.save.Seed)
	if err != nil {
		return nil, err
	}
	roles := make([]string, 0, len(log))
	for i, id := range log {
		roles = append(roles, g.Decision().Role)
		if err := cli.SafeApply(g, id); err != nil {
			return nil, fmt.Errorf("log step %d (%q): %w", i+1, id, err)
		}
	}
	return roles, nil
}
