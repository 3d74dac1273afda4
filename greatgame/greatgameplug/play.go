package greatgameplug

import (
	"bufio"
	"flag"
	"fmt"
	"slices"
	"strings"
	"time"

	"durbar/bots"
	"durbar/core"
	"durbar/greatgame"
	"durbar/plug"
	"durbar/plug/cli"
)

const playHelp = `Commands:
  NUMBER or OPTION-ID   choose an option
  undo                  take back your last choice (not past a die roll or
                        anything a side has seen since, nor the other
                        person's choice)
  save FILE             write the game to a save file
  show                  show the board again
  log                   show the last 20 log lines
  help RULE             a summary of a rule: a section (help 13.6), a scenario's
                        (help S1 7.2), an event, a result code or a table
  help rules            the list of the rule summaries
  quit                  leave (end of input also leaves)
Each board is the deciding side's view (fog of war, 22.0): with two people at
one terminal, hand it over when asked, and do not read the other side's screen.
Play ends when the game is over, after the final score (--save FILE keeps it).
`

// Who plays a seat: a person at the terminal or a computer player.
const (
	humanKind = cli.Human
	// computerKinds are the computer players a seat can be given: the
	// heuristic player, the search player and a random one.
	computerKinds = "bot, mcts, random"
)

// thinking is how a search player is bounded: a time per decision (play,
// the server) or a number of iterations (the simulator: the same seeds
// give the same games).
type thinking struct {
	think      time.Duration
	iterations int
}

// newBot builds a computer player of a kind, a search player thinking a
// second per decision.
func newBot(kind string, seed uint64) (bots.Player, error) {
	return newBotThinking(kind, seed, thinking{think: greatgame.DefaultSearchBudget})
}

func newBotThinking(kind string, seed uint64, th thinking) (bots.Player, error) {
	switch kind {
	case "random":
		return bots.NewRandom(seed), nil
	case greatgame.KindBot, greatgame.KindMCTS:
		return greatgame.NewComputer(kind, seed, th.think, th.iterations)
	}
	return nil, fmt.Errorf("unknown computer player %q (have %s)", core.Clip(kind), computerKinds)
}

// parsePlayers reads the seats' players, British first: human or a
// computer kind.
func parsePlayers(list string, humanOK bool) ([]string, error) {
	kinds, err := cli.ParsePlayers(list, humanOK, computerKinds, func(k string) bool {
		_, err := newBot(k, 0)
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	if len(kinds) != 2 {
		return nil, fmt.Errorf("--players: The Great Game seats two players, British then Russian, not %d", len(kinds))
	}
	return kinds, nil
}

// table is a game of The Great Game at the terminal: people type choices,
// computer players move on their own. Each decision's board is the deciding
// side's view.
type table struct {
	cli.Terminal
	s     *session
	kinds []string      // per seat: humanKind or a computer kind
	bots  []bots.Player // per seat, nil for a human
	seats []int         // the seat that chose each log entry
	// viewer is the seat whose board was shown last, -1 before the first.
	viewer int
}

// Play is durbar play greatgame [--scenario S] [--start N] [--position FILE] [--seed N] [--players K,K] [--load FILE] [--save FILE].
func (command) Play(c plug.Call) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	setupOf := setupFlags(fs)
	seed := fs.Uint64("seed", 1, "random seed")
	players := fs.String("players", "human,human", "British then Russian: human or a computer player ("+computerKinds+")")
	british := fs.String("british", "", "the British player: human or a computer player (overrides --players)")
	russian := fs.String("russian", "", "the Russian player: human or a computer player (overrides --players)")
	think := fs.Duration("think", greatgame.DefaultSearchBudget, "the search player's time per decision (mcts)")
	load := fs.String("load", "", "continue a saved game")
	saveTo := fs.String("save", "", "save the game to this file when play ends (game over, quit or end of input)")
	if err := cli.GameFlags(fs, c, greatgame.GameName); err != nil {
		return err
	}
	if *british != "" || *russian != "" {
		ks := strings.SplitN(*players, ",", 2)
		if len(ks) < 2 {
			ks = []string{"human", "human"}
		}
		if *british != "" {
			ks[0] = *british
		}
		if *russian != "" {
			ks[1] = *russian
		}
		*players = strings.Join(ks, ",")
	}
	kinds, err := parsePlayers(*players, true)
	if err != nil {
		return err
	}
	if *think <= 0 || *think > time.Minute {
		return fmt.Errorf("--think must be above 0 and at most a minute, not %v", *think)
	}
	var s *session
	if *load != "" {
		for _, f := range []string{"scenario", "start", "position", "seed"} {
			if cli.FlagSet(fs, f) {
				return fmt.Errorf("--load continues a saved game, which has its own set-up and seed: drop --%s", f)
			}
		}
		if s, err = loadSession(*load, c.Games); err != nil {
			return err
		}
	} else {
		setup, err := setupOf()
		if err != nil {
			return err
		}
		if s, err = newSession(setup, *seed); err != nil {
			if setup.Position != nil {
				return fmt.Errorf("--position: %w", err)
			}
			return err
		}
	}
	t := &table{Terminal: cli.Terminal{In: bufio.NewScanner(c.Stdin), Out: c.Stdout, SaveTo: *saveTo},
		s: s, kinds: kinds, bots: make([]bots.Player, len(kinds)), viewer: -1}
	t.Game = t
	var seatText []string
	for p, k := range kinds {
		if k != humanKind {
			if t.bots[p], err = newBotThinking(k, cli.SeatSeed(s.save.Seed, p), thinking{think: *think}); err != nil {
				return err
			}
		}
		seatText = append(seatText, fmt.Sprintf("%s %s", greatgame.Side(p).Title(), k))
	}
	if t.seats, err = deciders(s.save); err != nil {
		return err
	}
	fmt.Fprintf(c.Stdout, "Durbar: %s, %s, seed %d. Seats: %s. Type help for commands.\n",
		gameTitle, s.game.ScenarioName(), s.save.Seed, strings.Join(seatText, ", "))
	if t.hotSeat() {
		fmt.Fprintln(c.Stdout, "Hot-seat: each decision shows the board as the deciding side sees it; hand the terminal over when asked.")
	}
	return t.Loop()
}

// deciders replays a save's log to learn which seat chose each entry.
func deciders(sv *core.Save) ([]int, error) {
	setup, err := greatgame.ParseSetup(sv.Setup)
	if err != nil {
		return nil, clipError(err)
	}
	g, err := newGame(setup, sv.Seed)
	if err != nil {
		return nil, err
	}
	g.SetQuiet(true)
	seats := make([]int, 0, len(sv.Log))
	for i, id := range sv.Log {
		seats = append(seats, g.Decision().Player)
		if err := cli.SafeApply(g, id); err != nil {
			return nil, fmt.Errorf("log step %d (%q): %w", i+1, core.Clip(id), err)
		}
	}
	return seats, nil
}

// hotSeat reports whether both sides are played at the terminal.
func (t *table) hotSeat() bool {
	return !slices.ContainsFunc(t.bots, func(b bots.Player) bool { return b != nil })
}

// noHuman reports whether computer players hold every seat: then their
// choices may be printed, as nobody at the terminal plays a side.
func (t *table) noHuman() bool { return !slices.Contains(t.kinds, humanKind) }

// The table as a cli.TableGame.

func (t *table) Decision() core.Decision { return t.s.game.Decision() }

func (t *table) Auto(d core.Decision) (string, bool) {
	return "the computer players", !d.Over && d.Player >= 0 && d.Player < len(t.bots) && t.bots[d.Player] != nil
}

func (t *table) AutoPlay(d core.Decision) error {
	if err := t.Play(t.bots[d.Player].Choose(t.s.game, d), d); err != nil {
		return fmt.Errorf("computer player for the %s side: %w", greatgame.Side(d.Player).Title(), err)
	}
	return nil
}

// BoardKey: the board is shown again when another seat decides (hot-seat:
// its own view), when the phase or the turn changes, and at the end.
func (t *table) BoardKey(d core.Decision) string {
	g := t.s.game
	return fmt.Sprint(d.Player, g.Turn, g.Seq, g.Ops, g.Phasing, d.Over)
}

// boardSeat is whose view the board shows: the seat deciding; once the game
// is over, the one person at the terminal, or a spectator's.
func (t *table) boardSeat(d core.Decision) int {
	if !d.Over && d.Player >= 0 {
		return d.Player
	}
	humans := 0
	for _, k := range t.kinds {
		if k == humanKind {
			humans++
		}
	}
	if humans == 1 {
		return slices.Index(t.kinds, humanKind)
	}
	return spectator
}

// Render is the board as the seat deciding sees it. When the decision
// passes from one person to another, it first asks for the terminal to be
// handed over, so that neither reads the other's board.
func (t *table) Render() string {
	var b strings.Builder
	seat := t.boardSeat(t.s.game.Decision())
	if seat >= 0 && t.kinds[seat] == humanKind {
		if t.viewer >= 0 && t.viewer != seat && t.kinds[t.viewer] == humanKind {
			rule := strings.Repeat("=", 72)
			fmt.Fprintf(&b, "%s\n  Hand the terminal to the %s player. (%s player: look away now.)\n%s\n\n",
				rule, greatgame.Side(seat).Title(), greatgame.Side(t.viewer).Title(), rule)
		}
		t.viewer = seat
	}
	if seat == spectator {
		b.WriteString("--- " + viewLine(seat) + " ---\n")
	} else {
		fmt.Fprintf(&b, "--- The %s player's view ---\n", greatgame.Side(seat).Title())
	}
	b.WriteString(t.s.game.TextBoard(seat))
	return b.String()
}

func (t *table) WriteEnd()                     { writeEnd(t.Out, t.s.game, t.kinds) }
func (t *table) WriteDecision(d core.Decision) { writeDecision(t.Out, d) }
func (t *table) LogLines() []string            { return t.s.game.Log }
func (t *table) WriteSave(file string) error   { return t.s.writeSave(file) }
func (t *table) Actions() []string             { return t.s.save.Log }
func (t *table) ComputerChose(k int) bool      { return t.bots[t.seats[k]] != nil }
func (t *table) DeciderName(k int) string {
	return "the " + greatgame.Side(t.seats[k]).Title() + " player"
}

// Help is the commands, or with an argument the rule section it names.
func (t *table) Help(arg string) {
	if arg == "" {
		fmt.Fprint(t.Out, playHelp)
		return
	}
	fmt.Fprint(t.Out, ruleHelp(arg, t.s.game.Decision()))
}

// ruleHelp answers "help RULE": the rule's summary (greatgame.RuleHelp),
// "help rules" the list of them (greatgame.RuleIndex). A section the rules
// summaries do not know by itself ("3.4" of a scenario's set-up) is looked
// up as the pending decision's options cite it ("Scenarios 3.4(1)"); failing
// that, the answer lists the rules the options cite.
func ruleHelp(query string, d core.Decision) string {
	q := strings.TrimSpace(query)
	switch strings.ToLower(q) {
	case "rules", "index", "sections":
		if index := greatgame.RuleIndex(); index != "" {
			return index
		}
	}
	if text, ok := greatgame.RuleHelp(q); ok {
		return text
	}
	rules, under := citedRules(d)
	for _, r := range rules {
		if cites(r, q) {
			if text, ok := greatgame.RuleHelp(r); ok {
				return text
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "No summary of rule %q.", core.Clip(query))
	if d.Over {
		fmt.Fprintf(&b, " The game is over (%s).\n", d.Rule)
		return b.String()
	}
	fmt.Fprintf(&b, " This decision [%s] cites:\n", d.Rule)
	for _, r := range rules {
		fmt.Fprintf(&b, "  %-18s options %s\n", r, strings.Join(under[r], ", "))
	}
	b.WriteString("(help rules lists the summaries)\n")
	return b.String()
}

// citedRules are the rules a decision's options cite, in order, with the
// numbers of the options citing each.
func citedRules(d core.Decision) (rules []string, under map[string][]string) {
	under = map[string][]string{}
	for i, o := range d.Options {
		r := o.Rule
		if r == "" {
			r = d.Rule
		}
		if _, ok := under[r]; !ok {
			rules = append(rules, r)
		}
		under[r] = append(under[r], fmt.Sprint(i+1))
	}
	return rules, under
}

// cites reports whether a rule as an option cites it ("Scenarios 3.4(1)")
// names the section q ("3.4", "3.4(1)"), not a longer number ("3.41").
func cites(rule, q string) bool {
	q = strings.TrimSuffix(q, ".")
	if q == "" {
		return false
	}
	for _, f := range strings.Fields(rule) {
		if f == q || strings.HasPrefix(f, q) && !isDigit(f[len(q)]) {
			return true
		}
	}
	return false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// Apply plays one option and remembers who chose it. A computer player's
// choice is printed only when no person plays: its label may say what the
// other side may not see (a sealed offer, a purchase), and the log says
// what happened in the open.
func (t *table) Apply(id string, d core.Decision) error {
	if err := t.s.apply(id); err != nil {
		return err
	}
	t.seats = append(t.seats, d.Player)
	if t.bots[d.Player] != nil {
		if t.noHuman() {
			o, _ := d.Find(id)
			fmt.Fprintf(t.Out, "  %s (%s) chooses: %s [%s]\n", greatgame.Side(d.Player).Title(), t.kinds[d.Player], o.Label, id)
		}
		// what the computer weighed, so that a player can follow it; with a
		// person at the terminal, only where that shows nothing hidden
		if c, ok := t.bots[d.Player].(*greatgame.Computer); ok {
			if line := c.Weighed(!t.noHuman()); line != "" {
				fmt.Fprintf(t.Out, "  %s %s\n", greatgame.Side(d.Player).Title(), line)
			}
		}
		t.BoardChanged() // the board has changed: show it when a person decides
	}
	return nil
}

// Rewind replays the log without its entries from k on. If the replayed
// game is behind the undo barrier, a die was rolled or a side has seen
// something since (22.1): undoing would let a player choose again knowing
// it, so it refuses. With two people at the terminal, it takes back only
// a choice of the side deciding now: undoing the other side's would show
// its board to the person at the keyboard, and take back its move without
// asking.
func (t *table) Rewind(k int) error {
	if d := t.s.game.Decision(); !d.Over && t.seats[k] != d.Player && t.kinds[t.seats[k]] == humanKind {
		return fmt.Errorf("cannot undo: the last choice was the %s player's; undo takes back only the choices of the side deciding now",
			greatgame.Side(t.seats[k]).Title())
	}
	log := t.s.save.Log
	sv := *t.s.save
	sv.Log = log[:k]
	g, err := replay(&sv, false)
	if err != nil {
		return fmt.Errorf("undo failed: %v", err)
	}
	if err := cli.UndoBarrier(g, t.s.game); err != nil {
		return err
	}
	t.s.game, t.s.save.Log, t.seats = g, log[:k], t.seats[:k]
	return nil
}
