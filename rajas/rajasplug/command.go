package rajasplug

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"

	"durbar/core"
	"durbar/plug"
	"durbar/plug/cli"
	"durbar/rajas"
)

// Rajas of the Ganges (package rajas) on the command line: new, show,
// options, act and replay on its save files ("game": "rajas"); play and sim
// are in play.go and sim.go.

// gameData is loaded once: the components are immutable and shared.
var gameData = sync.OnceValues(rajas.DefaultData)

// rajasSession is a game of Rajas with the record that reproduces it.
type rajasSession struct {
	save *core.Save
	game *rajas.Game
	file string // the save file it was loaded from, if any
}

// newRajasGame builds a game; a panic on input the engine failed to
// validate is turned into an error.
func newRajasGame(setup rajas.Setup, seed uint64) (*rajas.Game, error) {
	data, err := gameData()
	if err != nil {
		return nil, err
	}
	return cli.Guarded(func() (*rajas.Game, error) { return rajas.New(data, setup, seed) })
}

// newRajasSession starts a game with an empty log.
func newRajasSession(setup rajas.Setup, seed uint64) (*rajasSession, error) {
	g, err := newRajasGame(setup, seed)
	if err != nil {
		return nil, err
	}
	sv, err := rajas.NewSave(setup, seed, nil)
	if err != nil {
		return nil, err
	}
	return &rajasSession{save: sv, game: g}, nil
}

// readRajasSave parses a save file of Rajas and checks that this build can
// replay it; games are the games Durbar plays (plug.Call.Games).
func readRajasSave(path string, games []string) (*core.Save, error) {
	return cli.ReadSave(path, rajas.GameName, rajas.Version, games)
}

// replayRajas re-derives a game from seed, setup and log (core.Replay).
// With check, the rule invariants are verified after every step.
func replayRajas(sv *core.Save, check bool) (g *rajas.Game, err error) {
	setup, err := rajas.ParseSetup(sv.Setup)
	if err != nil {
		return nil, err
	}
	if g, err = newRajasGame(setup, sv.Seed); err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			g, err = nil, fmt.Errorf("internal error: %v", r)
		}
	}()
	if !check {
		return g, core.Replay(g, sv.Log)
	}
	if err := g.CheckInvariants(); err != nil {
		return nil, fmt.Errorf("at the start: invariant broken: %w", err)
	}
	for i, id := range sv.Log {
		if err := g.Apply(id); err != nil {
			return nil, fmt.Errorf("log step %d (%q): %w", i+1, id, err)
		}
		if err := g.CheckInvariants(); err != nil {
			return nil, fmt.Errorf("log step %d (%q): invariant broken: %w", i+1, id, err)
		}
	}
	return g, nil
}

// loadRajasSession reads a save file and replays it; games are the games
// Durbar plays (plug.Call.Games).
func loadRajasSession(path string, games []string) (*rajasSession, error) {
	read := func(path string) (*core.Save, error) { return readRajasSave(path, games) }
	sv, g, err := cli.LoadSave(path, read, func(sv *core.Save) (*rajas.Game, error) { return replayRajas(sv, false) })
	if err != nil {
		return nil, err
	}
	return &rajasSession{save: sv, game: g, file: path}, nil
}

// apply plays one option and records it in the log.
func (s *rajasSession) apply(id string) error { return cli.ApplyLogged(s.game, s.save, id) }

// encode renders the save with a fresh State snapshot.
func (s *rajasSession) encode() ([]byte, error) {
	state, err := rajasState(s.game)
	if err != nil {
		return nil, err
	}
	return cli.EncodeSave(s.save, state, inlineScalarArrays)
}

// scalarArray matches an indented JSON array of numbers, booleans and nulls
// only, one per line. No line of indented JSON that is a bare number lies
// inside a string, so the match is always a whole array.
var scalarArray = regexp.MustCompile(`\[\n(?:[ \t]*(?:-?[0-9][0-9.eE+-]*|true|false|null),?\n)+[ \t]*\]`)

// inlineScalarArrays puts each array of numbers on one line, so that the
// state snapshot stays readable (the log keeps one option per line).
func inlineScalarArrays(indented []byte) []byte {
	return scalarArray.ReplaceAllFunc(indented, func(m []byte) []byte {
		fields := strings.Fields(strings.ReplaceAll(string(m[1:len(m)-1]), ",", " "))
		return []byte("[" + strings.Join(fields, ", ") + "]")
	})
}

// writeSave writes the session to path atomically.
func (s *rajasSession) writeSave(path string) error { return cli.WriteEncoded(path, s.encode) }

// rajasState is the State snapshot of a save, which `durbar replay`
// compares with the replay: the game's exported state (without the
// readable log) and the pending decision.
func rajasState(g *rajas.Game) (json.RawMessage, error) {
	raw, err := json.Marshal(g)
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	delete(m, "Log")
	d := g.Decision()
	ids := make([]string, 0, len(d.Options))
	for _, o := range d.Options {
		ids = append(ids, o.ID)
	}
	dec, err := json.Marshal(struct {
		Player  int      `json:"player"`
		Prompt  string   `json:"prompt"`
		Options []string `json:"options"`
	}{d.Player, d.Prompt, ids})
	if err != nil {
		return nil, err
	}
	m["decision"] = dec
	return json.Marshal(m)
}

// variantList is the --variant flag: names separated by commas, the flag
// given once or more.
type variantList []string

func (v *variantList) String() string { return strings.Join(*v, ",") }

func (v *variantList) Set(s string) error {
	for _, name := range strings.Split(s, ",") {
		if name = strings.ToLower(strings.TrimSpace(name)); name != "" {
			*v = append(*v, name)
		}
	}
	return nil
}

// variantFlags are the --variant names: the Navaratnas version and the
// Ganga module (the river tiles; "river-tiles" is its former name).
const variantFlags = "navaratnas, ganga"

// rajasSetupFlags adds --variant, --experts, --first-player and --position
// to fs; the function it returns builds the set-up for a number of players
// from them (rajasSetup; a position gives the number of players itself:
// players 0).
func rajasSetupFlags(fs *flag.FlagSet) func(players int) (rajas.Setup, error) {
	var variants variantList
	fs.Var(&variants, "variant", "variants, comma-separated: "+variantFlags)
	experts := fs.String("experts", "", "mixed groups: seats (1-based, comma-separated) playing the Navaratnas side")
	first := fs.Int("first-player", 0, "the seat (1-based) given the start-player elephant (default: the lowest starting roll)")
	position := fs.String("position", "", "start from this position file (docs/rajas-formats.md) instead of the set-up")
	return func(players int) (rajas.Setup, error) {
		var pos *rajas.Position
		if *position != "" {
			if *first != 0 {
				return rajas.Setup{}, fmt.Errorf("give --first-player or --position, not both: a position names its start player")
			}
			raw, err := cli.ReadFile(*position)
			if err != nil {
				return rajas.Setup{}, err
			}
			if pos, err = rajas.ParsePosition(raw); err != nil {
				return rajas.Setup{}, fmt.Errorf("%s: %w", *position, err)
			}
			if players == 0 {
				players = len(pos.Players)
			}
		}
		st, err := rajasSetup(players, variants, *experts)
		st.FirstPlayer, st.Position = *first, pos
		if err == nil {
			err = st.Validate()
		}
		return st, err
	}
}

// rajasSetup builds a set-up from the player count, the variants and the
// expert seats (1-based, mixed groups).
func rajasSetup(players int, variants []string, experts string) (rajas.Setup, error) {
	st := rajas.Setup{Players: players}
	for _, v := range variants {
		switch v {
		case "navaratnas":
			st.Navaratnas = true
		case "ganga", "river-tiles", "rivertiles", "river":
			st.Ganga = true
		case "none", "basic":
		default:
			return st, fmt.Errorf("--variant: unknown variant %q (have %s)", v, variantFlags)
		}
	}
	if experts = strings.TrimSpace(experts); experts != "" && experts != "none" {
		for _, f := range strings.Split(experts, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 1 || n > players {
				return st, fmt.Errorf("--experts: %q is not a seat from 1 to %d", f, players)
			}
			st.Experts = append(st.Experts, n-1)
		}
	}
	if err := st.Validate(); err != nil {
		return st, err
	}
	return st, nil
}

// variantNames lists a set-up's variants, "basic game" if none.
func variantNames(st rajas.Setup) string {
	var v []string
	if st.Navaratnas {
		v = append(v, "Navaratnas")
	}
	if st.Ganga {
		v = append(v, "Ganga module (river tiles)")
	}
	if len(st.Experts) > 0 {
		var seats []string
		for _, p := range st.Experts {
			seats = append(seats, fmt.Sprint(p+1))
		}
		v = append(v, "mixed group (experts: seats "+strings.Join(seats, ", ")+")")
	}
	if len(v) == 0 {
		return "basic game"
	}
	return strings.Join(v, ", ")
}

// New is durbar new rajas --players N [--variant LIST] [--experts SEATS]
// [--first-player N | --position FILE] --seed N -o FILE.
func (command) New(c plug.Call) error {
	fs := flag.NewFlagSet("new", flag.ContinueOnError)
	players := fs.Int("players", 3, "players: 2, 3 or 4 (default: 3, or a position's)")
	setupOf := rajasSetupFlags(fs)
	seed := fs.Uint64("seed", 1, "random seed")
	out := fs.String("o", "", "save file to write (default: standard output)")
	if err := cli.GameFlags(fs, c, rajas.GameName); err != nil {
		return err
	}
	n := *players
	if cli.FlagSet(fs, "position") && !cli.FlagSet(fs, "players") {
		n = 0 // the position's
	}
	setup, err := setupOf(n)
	if err != nil {
		return err
	}
	s, err := newRajasSession(setup, *seed)
	if err != nil {
		return err
	}
	if toFile, err := cli.EmitSave(c.Stdout, *out, s.encode); err != nil || !toFile {
		return err
	}
	fmt.Fprintf(c.Stdout, "wrote %s (rajas, seed %d, %d players, %s)\n%s\n", *out, *seed, setup.Players, variantNames(setup), rajasHeader(s.game.Decision()))
	return nil
}

// rajasFileCommand parses "CMD game.json [--json]" and loads the save.
func rajasFileCommand(name string, c plug.Call) (*rajasSession, bool, error) {
	return cli.LoadFileArgs(name, c.Args, func(path string) (*rajasSession, error) { return loadRajasSession(path, c.Games) })
}

// rajasSeatOut is one seat's standing.
type rajasSeatOut struct {
	Seat       int    `json:"seat"` // 1-based, as displayed
	Name       string `json:"name"`
	Fame       int    `json:"fame"`
	Money      int    `json:"money"`
	FacingFame int    `json:"facingFame"` // the fame value beside the money marker
	Gap        int    `json:"gap"`        // fame - facingFame: >= 0 when the markers have met
	Crossed    bool   `json:"crossed"`
	Karma      int    `json:"karma"`
	Boat       int    `json:"boat"`
	Workers    int    `json:"workers"` // active workers
}

func newRajasSeatOut(g *rajas.Game, p int) rajasSeatOut {
	pl := g.Player(p)
	return rajasSeatOut{Seat: p + 1, Name: rajas.SeatName(p), Fame: pl.Fame, Money: pl.Money, FacingFame: g.FacingFame(pl.Money),
		Gap: g.FameMoneyGap(p), Crossed: g.Crossed(p), Karma: pl.Karma, Boat: pl.Boat, Workers: pl.Active}
}

// rajasShowOut is `durbar show --json` for Rajas.
type rajasShowOut struct {
	Game     string          `json:"game"`
	Version  int             `json:"version"`
	Seed     uint64          `json:"seed"`
	Setup    rajas.Setup     `json:"setup"`
	Steps    int             `json:"steps"` // entries in the action log
	Round    int             `json:"round"`
	Over     bool            `json:"over"`
	Winner   int             `json:"winner"`  // 1-based seat, 0 until over
	Ranking  []int           `json:"ranking"` // 1-based seats, best first; [] until over
	Reason   string          `json:"reason"`
	Seats    []rajasSeatOut  `json:"seats"`
	Decision cli.DecisionOut `json:"decision"`
	// Position is the game as a position file (rajas.Position): `durbar
	// new rajas --position` starts from it.
	Position *rajas.Position `json:"position"`
	State    json.RawMessage `json:"state"`
	LogTail  []string        `json:"logTail"`
}

func newRajasShowOut(s *rajasSession, tail int) (rajasShowOut, error) {
	g := s.game
	state, err := rajasState(g)
	if err != nil {
		return rajasShowOut{}, err
	}
	out := rajasShowOut{Game: s.save.Game, Version: s.save.Version, Seed: s.save.Seed, Setup: g.Setup(), Steps: len(s.save.Log),
		Round: g.Round, Over: g.Over, Ranking: []int{}, Reason: g.Reason, Decision: cli.NewDecisionOut(g.Decision()),
		Position: g.Position(), State: state, LogTail: cli.LastN(g.Log, tail)}
	if g.Over {
		out.Winner = g.WinnerSeat() + 1
		for _, p := range rajasRanking(g) {
			out.Ranking = append(out.Ranking, p+1)
		}
	}
	for p := range g.Seats() {
		out.Seats = append(out.Seats, newRajasSeatOut(g, p))
	}
	return out, nil
}

// Show is durbar show game.json [--json].
func (command) Show(c plug.Call) error {
	s, asJSON, err := rajasFileCommand("show", c)
	if err != nil {
		return err
	}
	stdout := c.Stdout
	if asJSON {
		out, err := newRajasShowOut(s, 20)
		if err != nil {
			return err
		}
		return cli.WriteJSON(stdout, out)
	}
	fmt.Fprint(stdout, s.game.Render())
	fmt.Fprintf(stdout, "\nLast log lines (%d actions so far):\n", len(s.save.Log))
	cli.WriteLog(stdout, cli.LastN(s.game.Log, 10))
	fmt.Fprintln(stdout)
	writeRajasDecision(stdout, s.game.Decision())
	if s.game.Over {
		writeRajasEnd(stdout, s.game, nil)
	}
	return nil
}

// Options is durbar options game.json [--json].
func (command) Options(c plug.Call) error {
	s, asJSON, err := rajasFileCommand("options", c)
	if err != nil {
		return err
	}
	if asJSON {
		return cli.WriteJSON(c.Stdout, cli.NewDecisionOut(s.game.Decision()))
	}
	writeRajasDecision(c.Stdout, s.game.Decision())
	return nil
}

// Act is durbar act game.json OPTION-ID... — all or nothing.
func (command) Act(c plug.Call) error {
	file, ids, asJSON, err := cli.ActArgs(c.Args, "")
	if err != nil {
		return err
	}
	stdout := c.Stdout
	s, err := loadRajasSession(file, c.Games)
	if err != nil {
		return err
	}
	logged := len(s.game.Log)
	for i, id := range ids {
		if err := s.apply(id); err != nil {
			return fmt.Errorf("option %d of %d (%q) refused, %s left unchanged: %w", i+1, len(ids), id, file, err)
		}
	}
	// Written only once every id has been accepted.
	if err := s.writeSave(file); err != nil {
		return err
	}
	if asJSON {
		return cli.WriteJSON(stdout, cli.NewDecisionOut(s.game.Decision()))
	}
	cli.WriteActed(stdout, len(ids), file, len(s.save.Log), s.game.Log[logged:])
	fmt.Fprintln(stdout, rajasHeader(s.game.Decision()))
	if s.game.Over {
		writeRajasEnd(stdout, s.game, nil)
	}
	return nil
}

// Replay is durbar replay game.json: re-derive with the invariants checked
// after every step, and compare with the State snapshot.
func (command) Replay(c plug.Call) error {
	read := func(path string) (*core.Save, error) { return readRajasSave(path, c.Games) }
	return cli.Replay(c.Args, c.Stdout, read,
		func(sv *core.Save) (*rajas.Game, error) { return replayRajas(sv, true) },
		func(g *rajas.Game) ([]byte, error) { return rajasState(g) }, ", invariants hold")
}

// rajasHeader says who decides what, under which section of the rules.
func rajasHeader(d core.Decision) string {
	if d.Over {
		return d.Prompt
	}
	return fmt.Sprintf("%s decides [%s]: %s", d.Role, d.Rule, d.Prompt)
}

// writeRajasDecision prints the header and the numbered options.
func writeRajasDecision(w io.Writer, d core.Decision) {
	fmt.Fprintln(w, rajasHeader(d))
	cli.WriteOptions(w, d)
}

// ordinal is 1st, 2nd, 3rd, 4th...
func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return fmt.Sprintf("%dth", n)
}

// writeRajasEnd prints the final ranking with fame and money; kinds names
// who played each seat (nil: not known).
func writeRajasEnd(w io.Writer, g *rajas.Game, kinds []string) {
	fmt.Fprintf(w, "\nFinal ranking (%s): %s\n", rajas.RuleEnd, g.Reason)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for i, p := range rajasRanking(g) {
		who := ""
		if p < len(kinds) {
			who = "\t" + kinds[p]
		}
		pl := g.Player(p)
		met := "not met"
		if pl.CrossedAt > 0 {
			met = "met " + ordinal(pl.CrossedAt)
		}
		fmt.Fprintf(tw, "  %d.\t%s%s\tfame %d\tmoney %d (beside fame %d)\tgap %+d\t%s\n",
			i+1, rajas.SeatName(p), who, pl.Fame, pl.Money, g.FacingFame(pl.Money), g.FameMoneyGap(p), met)
	}
	tw.Flush()
}
