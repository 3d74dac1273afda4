package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"durbar/bots"
	"durbar/core"
	"durbar/gandhi"
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
Non-Players (Arjuna, rules section 8) move on their own; their reasons appear in
the log as [Arjuna] lines.
`

// table is a hot-seat game at the terminal: humans type choices, the
// Non-Player factions are played by the Arjuna system (section 8), and any
// other faction by a random computer player.
type table struct {
	in      *bufio.Scanner
	out     io.Writer
	s       *session
	humans  map[gandhi.Faction]bool
	bots    map[string]bots.Player // random computer players by faction id
	roles   []string               // faction that chose each log entry
	shown   string                 // what the last board display was for
	logged  int                    // log lines already printed
	endDone bool                   // the end-of-game summary has been printed
}

// durbar play gandhi --scenario S --seed N [--human LIST] [--players N] [--bots np|random] [--load FILE]
func cmdPlay(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	scenario := fs.String("scenario", "main", "scenario: "+strings.Join(gandhi.Scenarios(), ", "))
	seed := fs.Uint64("seed", 1, "random seed")
	human := fs.String("human", "", "factions played by people: comma list of raj,congress,league,rev, or none (default all)")
	load := fs.String("load", "", "continue a saved game")
	players := fs.Int("players", 4, "players at the table: 4 (a faction each), 3 (Congress and Muslim League together) or 2 (also Raj and Revolutionaries together), rule 1.5")
	botKind := fs.String("bots", "np", "who plays the factions without a human: np (the Arjuna Non-Player system, section 8) or random")
	if err := parseGameFlags(fs, args); err != nil {
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
		s, err = loadSession(*load)
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
	t := &table{in: bufio.NewScanner(stdin), out: stdout, s: s, humans: humans, bots: map[string]bots.Player{}}
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
	t.logged = len(s.game.LogText)
	fmt.Fprintf(stdout, "Durbar: Gandhi, seed %d. Human: %s.", s.save.Seed, humanList(humans))
	if np := npList(s.game); np != "" {
		fmt.Fprintf(stdout, " Non-Players (Arjuna, section 8): %s.", np)
	}
	if len(random) > 0 {
		fmt.Fprintf(stdout, " Random computer players: %s.", strings.Join(random, ", "))
	}
	fmt.Fprintln(stdout, " Type help for commands.")
	return t.loop()
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

// loop runs until quit or end of input. Non-Players and random computer
// players move without asking; the game over screen still takes undo, save,
// show and log.
func (t *table) loop() error {
	for moves := 0; ; {
		g := t.s.game
		d := g.Decision()
		switch bot, isBot := t.bots[d.Role]; {
		case d.Over:
		case g.NPToMove():
			if moves++; moves > maxSteps {
				return fmt.Errorf("the Non-Players made %d decisions in a row without the game ending", moves-1)
			}
			if err := t.playNP(d); err != nil {
				return fmt.Errorf("Non-Player %s: %w", factionName(d.Role), err)
			}
			continue
		case isBot:
			if moves++; moves > maxSteps {
				return fmt.Errorf("the computer players made %d decisions in a row without the game ending", moves-1)
			}
			if err := t.play(bot.Choose(g, d), d); err != nil {
				return fmt.Errorf("computer player for %s: %w", d.Role, err)
			}
			continue
		}
		moves = 0
		t.prompt(d)
		if !t.in.Scan() {
			fmt.Fprintln(t.out, "\n(end of input)")
			return t.in.Err()
		}
		if quit := t.command(strings.TrimSpace(t.in.Text()), d); quit {
			return nil
		}
	}
}

// prompt shows the board when the turn has passed to someone else or a new
// card is up, then the decision with numbered options.
func (t *table) prompt(d core.Decision) {
	g := t.s.game
	key := fmt.Sprint(d.Role, g.Current, len(g.Played), d.Over)
	if key != t.shown {
		t.shown = key
		fmt.Fprintf(t.out, "\n%s\n", g.Render())
	}
	if d.Over && !t.endDone {
		t.endDone = true
		writeEnd(t.out, g, t.humans)
	}
	if d.Over {
		fmt.Fprintln(t.out, "The game is over. undo, save FILE, show, log or quit.")
	} else {
		writeDecision(t.out, d)
	}
	fmt.Fprint(t.out, "> ")
}

// command handles one input line and reports whether to quit.
func (t *table) command(line string, d core.Decision) bool {
	word, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch strings.ToLower(word) {
	case "":
	case "quit", "exit", "q":
		return true
	case "show":
		t.shown = ""
	case "log":
		writeLog(t.out, lastN(t.s.game.LogText, 20))
	case "help", "?":
		if arg == "" {
			fmt.Fprint(t.out, playHelp)
		} else {
			writeRuleHelp(t.out, arg)
		}
	case "save":
		t.save(arg)
	case "undo":
		t.undo()
	default:
		t.choose(line, d)
	}
	return false
}

// choose plays an option given by its number or its id.
func (t *table) choose(input string, d core.Decision) {
	id := input
	if n, err := strconv.Atoi(input); err == nil {
		if n < 1 || n > len(d.Options) {
			fmt.Fprintf(t.out, "no option %d: choose 1 to %d\n", n, len(d.Options))
			return
		}
		id = d.Options[n-1].ID
	}
	if err := t.play(id, d); err != nil {
		fmt.Fprintf(t.out, "refused: %v\n", err)
	}
}

// play applies one option, remembers who chose it, and prints the log lines
// it produced.
func (t *table) play(id string, d core.Decision) error {
	if err := t.s.apply(id); err != nil {
		return err
	}
	t.roles = append(t.roles, d.Role)
	if _, ok := t.bots[d.Role]; ok {
		o, _ := d.Find(id)
		fmt.Fprintf(t.out, "  %s (computer) chooses: %s\n", factionName(d.Role), o.Label)
		t.shown = ""
	}
	t.printNewLog()
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
	fmt.Fprintf(t.out, "  %s (Arjuna) chooses: %s [%s]\n", factionName(d.Role), o.Label, id)
	t.printNewLog()
	t.shown = "" // the board has changed: show it when a human decides
	return nil
}

func (t *table) printNewLog() {
	lines := t.s.game.LogText
	if t.logged < len(lines) {
		writeLog(t.out, lines[t.logged:])
	}
	t.logged = len(lines)
}

func (t *table) save(file string) {
	if file == "" {
		fmt.Fprintln(t.out, "usage: save FILE")
		return
	}
	if err := t.s.writeSave(file); err != nil {
		fmt.Fprintf(t.out, "save failed: %v\n", err)
		return
	}
	fmt.Fprintf(t.out, "saved %d actions to %s\n", len(t.s.save.Log), file)
}

// undo takes back the last human choice together with the computer moves
// that followed it, by replaying the log without them. If the replayed game
// has drawn fewer random numbers, a die roll or shuffle lies in between
// (the game's or a Non-Player's own dice): undoing it would let a player
// re-roll, so undo refuses.
func (t *table) undo() {
	log := t.s.save.Log
	k := len(log) - 1
	for k >= 0 && t.computer(t.roles[k]) {
		k--
	}
	if k < 0 {
		fmt.Fprintln(t.out, "nothing to undo")
		return
	}
	g, err := replaySave(&core.Save{Seed: t.s.save.Seed, Setup: t.s.save.Setup, Log: log[:k]})
	if err != nil {
		fmt.Fprintf(t.out, "undo failed: %v\n", err)
		return
	}
	if g.RandomDraws() != t.s.game.RandomDraws() || npDraws(g) != npDraws(t.s.game) {
		fmt.Fprintln(t.out, "cannot undo: a die roll or shuffle happened since that choice (undo goes back only to the last random event)")
		return
	}
	fmt.Fprintf(t.out, "undone: %d action(s), back to %s's choice\n", len(log)-k, factionName(t.roles[k]))
	t.s.game, t.s.save.Log, t.roles = g, log[:k], t.roles[:k]
	t.logged, t.shown, t.endDone = len(g.LogText), "", false
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
		if err := safeApply(g, id); err != nil {
			return nil, fmt.Errorf("log step %d (%q): %w", i+1, id, err)
		}
	}
	return roles, nil
}
