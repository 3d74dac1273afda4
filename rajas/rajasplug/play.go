package rajasplug

import (
	"bufio"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"durbar/bots"
	"durbar/core"
	"durbar/plug"
	"durbar/plug/cli"
	"durbar/rajas"
)

const rajasPlayHelp = `Commands:
  NUMBER or OPTION-ID   choose an option
  undo                  take back your last choice (not past a die roll or a draw)
  save FILE             write the game to a save file
  show                  show the board again
  log                   show the last 20 log lines
  quit                  leave (end of input also leaves)
Play ends when the game is over, after the final ranking (--save FILE keeps it).
Computer players move on their own; their choices appear with the log lines.
`

// rajasKinds are the computer players a seat can be given (rajas.NewBot);
// mcts:N is the search with N iterations per decision for that seat alone.
const rajasKinds = "random, bot, mcts, mcts:N"

// maxSeatIterations bounds the N of mcts:N.
const maxSeatIterations = 1000000

// seatIterations reads the N of a kind "mcts:N" (ok false for any other
// kind, or an N that is not a whole number from 1 to maxSeatIterations).
func seatIterations(kind string) (n int, ok bool) {
	rest, found := strings.CutPrefix(kind, "mcts:")
	if !found {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < 1 || n > maxSeatIterations || strconv.Itoa(n) != rest {
		return 0, false
	}
	return n, true
}

// humanKind marks a seat played at the terminal.
const humanKind = cli.Human

// newRajasBot builds a computer player of a kind; iterations > 0 sets the
// search effort of mcts (0: the rajas default).
// A kind mcts:N gives N whatever iterations says.
func newRajasBot(kind string, seed uint64, iterations int) (bots.Player, error) {
	if n, ok := seatIterations(kind); ok {
		return rajas.NewMCTSBot(seed, n), nil
	}
	if kind == "mcts" && iterations > 0 {
		return rajas.NewMCTSBot(seed, iterations), nil
	}
	return rajas.NewBot(kind, seed)
}

// parseRajasPlayers reads a list of seat kinds: human or a computer kind.
func parseRajasPlayers(list string, humanOK bool) ([]string, error) {
	kinds, err := cli.ParsePlayers(list, humanOK, rajasKinds, func(k string) bool {
		if _, ok := seatIterations(k); ok {
			return true
		}
		_, err := rajas.NewBot(k, 0)
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	if len(kinds) < 2 || len(kinds) > 4 {
		return nil, fmt.Errorf("--players: Rajas of the Ganges seats 2 to 4 players, not %d", len(kinds))
	}
	return kinds, nil
}

// table is a game of Rajas at the terminal: humans type choices,
// computer players move on their own.
type table struct {
	cli.Terminal
	s     *rajasSession
	kinds []string      // per seat: humanKind or a computer kind
	bots  []bots.Player // per seat, nil for a human
	seats []int         // seat that chose each log entry
}

// Play is durbar play rajas --players human,bot,mcts [--seed N] [--variant LIST] [--experts SEATS]
// [--first-player N | --position FILE] [--iterations N] [--load FILE] [--save FILE].
func (command) Play(c plug.Call) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	players := fs.String("players", "human,bot,bot", "one entry per seat, by seat number: human or a computer player ("+rajasKinds+")")
	seed := fs.Uint64("seed", 1, "random seed")
	setupOf := rajasSetupFlags(fs)
	iterations := fs.Int("iterations", 0, "search iterations per decision of the mcts players (0: the default)")
	load := fs.String("load", "", "continue a saved game (--players: its seats; default human, then bot)")
	saveTo := fs.String("save", "", "save the game to this file when play ends (game over, quit or end of input)")
	if err := cli.GameFlags(fs, c, rajas.GameName); err != nil {
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
		if s, err = loadRajasSession(*load, c.Games); err != nil {
			return err
		}
		if !cli.FlagSet(fs, "players") {
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
		n := len(kinds)
		if cli.FlagSet(fs, "position") && !cli.FlagSet(fs, "players") {
			n = 0 // the position's: seat 1 at the terminal, bots for the others
		}
		setup, err := setupOf(n)
		if err != nil {
			return err
		}
		if n == 0 {
			kinds = []string{humanKind}
			for range setup.Players - 1 {
				kinds = append(kinds, "bot")
			}
		}
		if s, err = newRajasSession(setup, *seed); err != nil {
			return err
		}
	}
	t := &table{Terminal: cli.Terminal{In: bufio.NewScanner(c.Stdin), Out: c.Stdout, SaveTo: *saveTo},
		s: s, kinds: kinds, bots: make([]bots.Player, len(kinds))}
	t.Game = t
	var seatText []string
	for p, k := range kinds {
		if k != humanKind {
			if t.bots[p], err = newRajasBot(k, cli.SeatSeed(s.save.Seed, p), *iterations); err != nil {
				return err
			}
		}
		seatText = append(seatText, fmt.Sprintf("%s %s", rajas.SeatName(p), k))
	}
	if t.seats, err = rajasDeciders(s.save); err != nil {
		return err
	}
	fmt.Fprintf(c.Stdout, "Durbar: Rajas of the Ganges, seed %d, %s. Seats: %s. Type help for commands.\n",
		s.save.Seed, variantNames(s.game.Setup()), strings.Join(seatText, ", "))
	return t.Loop()
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
		if err := cli.SafeApply(g, id); err != nil {
			return nil, fmt.Errorf("log step %d (%q): %w", i+1, id, err)
		}
	}
	return seats, nil
}

// The table as a cli.TableGame.

func (t *table) Decision() core.Decision { return t.s.game.Decision() }

func (t *table) Auto(d core.Decision) (string, bool) {
	return "the computer players", !d.Over && t.bots[d.Player] != nil
}

func (t *table) AutoPlay(d core.Decision) error {
	if err := t.Play(t.botChoice(d), d); err != nil {
		return fmt.Errorf("computer player for %s: %w", rajas.SeatName(d.Player), err)
	}
	return nil
}

// botChoice asks the seat's computer player. It searches a copy without the
// readable log, which is faster and leaves the game untouched.
func (t *table) botChoice(d core.Decision) string {
	c := t.s.game.Clone()
	if q, ok := c.(*rajas.Game); ok {
		q.SetQuiet(true)
	}
	return t.bots[d.Player].Choose(c, d)
}

// boardKey: the board is shown when a new turn or round begins for a human
// (or after computer moves).
func (t *table) BoardKey(d core.Decision) string {
	return fmt.Sprint(d.Player, t.s.game.Round, d.Over)
}

func (t *table) Render() string                { return t.s.game.Render() }
func (t *table) WriteEnd()                     { writeRajasEnd(t.Out, t.s.game, t.kinds) }
func (t *table) WriteDecision(d core.Decision) { writeRajasDecision(t.Out, d) }
func (t *table) LogLines() []string            { return t.s.game.Log }
func (t *table) Help(string)                   { fmt.Fprint(t.Out, rajasPlayHelp) }
func (t *table) WriteSave(file string) error   { return t.s.writeSave(file) }
func (t *table) Actions() []string             { return t.s.save.Log }
func (t *table) ComputerChose(k int) bool      { return t.bots[t.seats[k]] != nil }
func (t *table) DeciderName(k int) string      { return rajas.SeatName(t.seats[k]) }

// apply plays one option and remembers who chose it, with a line for a
// computer player's choice (before the log lines it produced).
func (t *table) Apply(id string, d core.Decision) error {
	if err := t.s.apply(id); err != nil {
		return err
	}
	t.seats = append(t.seats, d.Player)
	if t.bots[d.Player] != nil {
		o, _ := d.Find(id)
		fmt.Fprintf(t.Out, "  %s (%s) chooses: %s [%s]\n", rajas.SeatName(d.Player), t.kinds[d.Player], o.Label, id)
		t.BoardChanged() // the board has changed: show it when a human decides
	}
	return nil
}

// rewind replays the log without its entries from k on. If the replayed
// game is behind the undo barrier, a die roll or a tile turned up lies in
// between: undoing it would let a player roll again or choose knowing the
// tile, so it refuses.
func (t *table) Rewind(k int) error {
	log := t.s.save.Log
	sv := *t.s.save
	sv.Log = log[:k]
	g, err := replayRajas(&sv, false)
	if err != nil {
		return fmt.Errorf("undo failed: %v", err)
	}
	if err := cli.UndoBarrier(g, t.s.game); err != nil {
		return err
	}
	t.s.game, t.s.save.Log, t.seats = g, log[:k], t.seats[:k]
	return nil
}
