package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"durbar/bots"
	"durbar/core"
	"durbar/rajas"
)

const rajasPlayHelp = `Commands:
  NUMBER or OPTION-ID   choose an option
  undo                  take back your last choice (not past a die roll or a draw)
  save FILE             write the game to a save file
  show                  show the board again
  log                   show the last 20 log lines
  quit                  leave (end of input also leaves)
Computer players move on their own; their choices appear with the log lines.
`

// rajasKinds are the computer players a seat can be given (rajas.NewBot).
const rajasKinds = "random, bot, mcts"

// humanKind marks a seat played at the terminal.
const humanKind = "human"

// newRajasBot builds a computer player of a kind; iterations > 0 sets the
// search effort of mcts (0: the rajas default).
func newRajasBot(kind string, seed uint64, iterations int) (bots.Player, error) {
	if kind == "mcts" && iterations > 0 {
		return rajas.NewMCTSBot(seed, iterations), nil
	}
	return rajas.NewBot(kind, seed)
}

// parseRajasPlayers reads a list of seat kinds: human or a computer kind.
func parseRajasPlayers(list string, humanOK bool) ([]string, error) {
	var kinds []string
	for _, k := range strings.Split(list, ",") {
		k = strings.ToLower(strings.TrimSpace(k))
		switch {
		case k == humanKind && humanOK:
		case k == humanKind:
			return nil, fmt.Errorf("--players: no human plays in a simulation (have %s)", rajasKinds)
		default:
			if _, err := rajas.NewBot(k, 0); err != nil {
				alt := rajasKinds
				if humanOK {
					alt = humanKind + ", " + alt
				}
				return nil, fmt.Errorf("--players: unknown player %q (have %s)", k, alt)
			}
		}
		kinds = append(kinds, k)
	}
	if len(kinds) < 2 || len(kinds) > 4 {
		return nil, fmt.Errorf("--players: Rajas of the Ganges seats 2 to 4 players, not %d", len(kinds))
	}
	return kinds, nil
}

// rajasTable is a game of Rajas at the terminal: humans type choices,
// computer players move on their own.
type rajasTable struct {
	in      *bufio.Scanner
	out     io.Writer
	s       *rajasSession
	kinds   []string      // per seat: humanKind or a computer kind
	bots    []bots.Player // per seat, nil for a human
	seats   []int         // seat that chose each log entry
	shown   string        // what the last board display was for
	logged  int           // log lines already printed
	endDone bool          // the end-of-game summary has been printed
}

// durbar play rajas --players human,bot,mcts [--seed N] [--variant LIST] [--experts SEATS] [--iterations N] [--load FILE]
func cmdPlayRajas(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	players := fs.String("players", "human,bot,bot", "one entry per seat, in turn order (seat 1 holds the elephant): human or a computer player ("+rajasKinds+")")
	seed := fs.Uint64("seed", 1, "random seed")
	var variants variantList
	fs.Var(&variants, "variant", "variants, comma-separated: "+rajasVariants)
	experts := fs.String("experts", "", "mixed groups: seats (1-based, comma-separated) playing the Navaratnas side")
	iterations := fs.Int("iterations", 0, "search iterations per decision of the mcts players (0: the default)")
	load := fs.String("load", "", "continue a saved game (--players: its seats; default human, then bot)")
	if err := parseRajasFlags(fs, args); err != nil {
		return err
	}
	if *iterations < 0 {
		return fmt.Errorf("--iterations must be 0 or more")
	}
	kinds, err := parseRajasPlayers(*players, true)
	if err != nil {
		return err
	}
	var s *rajasSession
	if *load != "" {
		if s, err = loadRajasSession(*load); err != nil {
			return err
		}
		if !flagSet(fs, "players") {
			// A saved game: seat 1 at the terminal, computer players
			// (bot) for the others.
			kinds = []string{humanKind}
			for range s.game.Seats() - 1 {
				kinds = append(kinds, "bot")
			}
		}
		if len(kinds) != s.game.Seats() {
			return fmt.Errorf("--players names %d seats; %s is a game of %d", len(kinds), *load, s.game.Seats())
		}
	} else {
		setup, err := rajasSetup(len(kinds), variants, *experts)
		if err != nil {
			return err
		}
		if s, err = newRajasSession(setup, *seed); err != nil {
			return err
		}
	}
	t := &rajasTable{in: bufio.NewScanner(stdin), out: stdout, s: s, kinds: kinds, bots: make([]bots.Player, len(kinds))}
	var seatText []string
	for p, k := range kinds {
		if k != humanKind {
			if t.bots[p], err = newRajasBot(k, seatSeed(s.save.Seed, p), *iterations); err != nil {
				return err
			}
		}
		seatText = append(seatText, fmt.Sprintf("%s %s", rajas.SeatName(p), k))
	}
	if t.seats, err = rajasDeciders(s.save); err != nil {
		return err
	}
	t.logged = len(s.game.Log)
	fmt.Fprintf(stdout, "Durbar: Rajas of the Ganges, seed %d, %s. Seats: %s. Type help for commands.\n",
		s.save.Seed, variantNames(s.game.Setup()), strings.Join(seatText, ", "))
	return t.loop()
}

// flagSet reports whether a flag was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// seatSeed derives a seat's computer-player seed from the game seed; it
// differs from the game's own stream so bot choices never mirror the dice.
func seatSeed(gameSeed uint64, seat int) uint64 {
	return gameSeed*0x9e3779b97f4a7c15 + uint64(seat) + 1
}

// rajasDeciders replays a save's log to learn which seat chose each entry.
func rajasDeciders(sv *core.Save) ([]int, error) {
	setup, err := rajas.ParseSetup(sv.Setup)
	if err != nil {
		return nil, err
	}
	g, err := newRajasGame(setup, sv.Seed)
	if err != nil {
		return nil, err
	}
	g.SetQuiet(true)
	seats := make([]int, 0, len(sv.Log))
	for i, id := range sv.Log {
		seats = append(seats, g.Decision().Player)
		if err := safeApply(g, id); err != nil {
			return nil, fmt.Errorf("log step %d (%q): %w", i+1, id, err)
		}
	}
	return seats, nil
}

// loop runs until quit or end of input. Computer players move without
// asking; the game-over screen still takes undo, save, show and log.
func (t *rajasTable) loop() error {
	for moves := 0; ; {
		d := t.s.game.Decision()
		if !d.Over && t.bots[d.Player] != nil {
			if moves++; moves > maxSteps {
				return fmt.Errorf("the computer players made %d decisions in a row without the game ending", moves-1)
			}
			if err := t.play(t.botChoice(d), d); err != nil {
				return fmt.Errorf("computer player for %s: %w", rajas.SeatName(d.Player), err)
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

// botChoice asks the seat's computer player. It searches a copy without the
// readable log, which is faster and leaves the game untouched.
func (t *rajasTable) botChoice(d core.Decision) string {
	c := t.s.game.Clone()
	if q, ok := c.(*rajas.Game); ok {
		q.SetQuiet(true)
	}
	return t.bots[d.Player].Choose(c, d)
}

// prompt shows the board when a new turn or round begins for a human (or
// after computer moves), then the decision with numbered options.
func (t *rajasTable) prompt(d core.Decision) {
	g := t.s.game
	key := fmt.Sprint(d.Player, g.Round, d.Over)
	if key != t.shown {
		t.shown = key
		fmt.Fprintf(t.out, "\n%s\n", g.Render())
	}
	if d.Over && !t.endDone {
		t.endDone = true
		writeRajasEnd(t.out, g, t.kinds)
	}
	if d.Over {
		fmt.Fprintln(t.out, "The game is over. undo, save FILE, show, log or quit.")
	} else {
		writeRajasDecision(t.out, d)
	}
	fmt.Fprint(t.out, "> ")
}

// command handles one input line and reports whether to quit.
func (t *rajasTable) command(line string, d core.Decision) bool {
	word, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch strings.ToLower(word) {
	case "":
	case "quit", "exit", "q":
		return true
	case "show":
		t.shown = ""
	case "log":
		writeLog(t.out, lastN(t.s.game.Log, 20))
	case "help", "?":
		fmt.Fprint(t.out, rajasPlayHelp)
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
func (t *rajasTable) choose(input string, d core.Decision) {
	if d.Over {
		fmt.Fprintln(t.out, "the game is over: undo, save FILE, show, log or quit")
		return
	}
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
// it produced, after the computer's choice when a computer chose.
func (t *rajasTable) play(id string, d core.Decision) error {
	if err := t.s.apply(id); err != nil {
		return err
	}
	t.seats = append(t.seats, d.Player)
	if t.bots[d.Player] != nil {
		o, _ := d.Find(id)
		fmt.Fprintf(t.out, "  %s (%s) chooses: %s [%s]\n", rajas.SeatName(d.Player), t.kinds[d.Player], o.Label, id)
		t.shown = "" // the board has changed: show it when a human decides
	}
	if lines := t.s.game.Log; t.logged < len(lines) {
		writeLog(t.out, lines[t.logged:])
	}
	t.logged = len(t.s.game.Log)
	return nil
}

func (t *rajasTable) save(file string) {
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
// has drawn fewer random numbers, a die roll or a draw lies in between:
// undoing it would let a player roll again, so undo refuses.
func (t *rajasTable) undo() {
	log := t.s.save.Log
	k := len(log) - 1
	for k >= 0 && t.bots[t.seats[k]] != nil {
		k--
	}
	if k < 0 {
		fmt.Fprintln(t.out, "nothing to undo")
		return
	}
	sv := *t.s.save
	sv.Log = log[:k]
	g, err := replayRajas(&sv, false)
	if err != nil {
		fmt.Fprintf(t.out, "undo failed: %v\n", err)
		return
	}
	if g.RandomDraws() != t.s.game.RandomDraws() {
		fmt.Fprintln(t.out, "cannot undo: dice were rolled or tiles drawn since that choice (undo goes back only to the last random event)")
		return
	}
	fmt.Fprintf(t.out, "undone: %d action(s), back to %s's choice\n", len(log)-k, rajas.SeatName(t.seats[k]))
	t.s.game, t.s.save.Log, t.seats = g, log[:k], t.seats[:k]
	t.logged, t.shown, t.endDone = len(g.Log), "", false
}
