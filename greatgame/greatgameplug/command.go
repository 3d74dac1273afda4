package greatgameplug

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	"durbar/core"
	"durbar/greatgame"
	"durbar/plug"
	"durbar/plug/cli"
)

// The Great Game (package greatgame) on the command line: new, show,
// options, act and replay on its save files ("game": "greatgame"); play and
// sim are in play.go and sim.go. Everything goes through the game's one
// decision model (Decision and Apply): option ids, their labels and the
// rule sections they cite.

// errTodo is what the parts of the adapter still being written answer.
var errTodo = errors.New("greatgame: not yet")

func (command) Usage() plug.Usage {
	return plug.Usage{
		Synopsis: map[string]string{
			"play": "durbar play greatgame [--scenario 1|2|3] [--start 1|2] [--seed N] [--british K] [--russian K]\n" +
				"                 [--players K,K] [--think 1s] [--position FILE] [--load game.json] [--save game.json]",
			"new": "durbar new greatgame [--scenario 1|2|3] [--start 1|2] [--seed N] [--position FILE] [-o game.json]",
			"sim": "durbar sim greatgame [--scenario 1,2,3] [--start 1|2] [--games N] [--seed S] [--players bot,mcts]\n" +
				"                 [--iterations N | --think 1s] [--without LEVERS] [--levers] [--workers W] [--json] [--plot out.svg] [--check]",
		},
		Notes: `The Great Game seats two players, British then Russian (--players lists them
in that order; --british and --russian name one each): human, bot (the
heuristic), mcts (the search, --think a decision) or random. Scenario 3 starts from the set-up of
scenario 1 or 2 (--start, default 1); --position FILE starts from a board
(docs/greatgame-formats.md). Hot-seat play shows each decision's board as the
deciding side sees it (fog of war, 22.0); show prints the board of the side
deciding now, or of --seat british|russian|spectator (give the save file
first: show FILE --seat S). sim --without city:ID,event:ID,unit:TYPE plays an
edition with those components switched off, for balance studies (--levers
lists them; scripts/gg-levers.sh measures each).
`,
	}
}

func (command) Extra() map[string]plug.Run { return nil }

// LoadTest is a hot-seat game of two people.
func (command) LoadTest() plug.LoadTest {
	person := plug.SeatRequest{Kind: plug.Human}
	return plug.LoadTest{People: plug.CreateRequest{Game: greatgame.GameName, Scenario: "1", Seats: []plug.SeatRequest{person, person}}}
}

// session is a game of The Great Game with the record that reproduces it.
type session struct {
	save *core.Save
	game *greatgame.Game
	file string // the save file it was loaded from, if any
}

// newGame builds a game; a panic on input the engine failed to validate is
// turned into an error, and a long refusal is cut short (clipError).
func newGame(setup greatgame.Setup, seed uint64) (*greatgame.Game, error) {
	d, err := data()
	if err != nil {
		return nil, err
	}
	return newGameOf(d, setup, seed)
}

// newGameOf is newGame with an edition of one's own (sim --without).
func newGameOf(d *greatgame.Data, setup greatgame.Setup, seed uint64) (*greatgame.Game, error) {
	g, err := cli.Guarded(func() (*greatgame.Game, error) { return greatgame.New(d, setup, seed) })
	return g, clipError(err)
}

// newSession starts a game with an empty log.
func newSession(setup greatgame.Setup, seed uint64) (*session, error) {
	g, err := newGame(setup, seed)
	if err != nil {
		return nil, err
	}
	sv, err := greatgame.NewSave(setup, seed, nil)
	if err != nil {
		return nil, err
	}
	return &session{save: sv, game: g}, nil
}

// readSave parses a save file of The Great Game and checks that this build
// can replay it; games are the games Durbar plays (plug.Call.Games).
func readSave(path string, games []string) (*core.Save, error) {
	return cli.ReadSave(path, greatgame.GameName, greatgame.Version, games)
}

// replay re-derives a game from seed, setup and log. With check, the
// invariants (greatgame.Check) are verified at the start and after every
// step. A panic becomes an internal error.
func replay(sv *core.Save, check bool) (g *greatgame.Game, err error) {
	setup, err := greatgame.ParseSetup(sv.Setup)
	if err != nil {
		return nil, clipError(err)
	}
	if g, err = newGame(setup, sv.Seed); err != nil {
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
	if len(sv.Log) > core.MaxLog {
		return nil, fmt.Errorf("log: %d entries; at most %d", len(sv.Log), core.MaxLog)
	}
	if err := g.Check(); err != nil {
		return nil, fmt.Errorf("at the start: invariant broken: %w", err)
	}
	for i, id := range sv.Log {
		if err := g.Apply(id); err != nil {
			return nil, fmt.Errorf("log step %d (%q): %w", i+1, core.Clip(id), err)
		}
		if err := g.Check(); err != nil {
			return nil, fmt.Errorf("log step %d (%q): invariant broken: %w", i+1, core.Clip(id), err)
		}
	}
	return g, nil
}

// loadSession reads a save file and replays it.
func loadSession(path string, games []string) (*session, error) {
	read := func(path string) (*core.Save, error) { return readSave(path, games) }
	sv, g, err := cli.LoadSave(path, read, func(sv *core.Save) (*greatgame.Game, error) { return replay(sv, false) })
	if err != nil {
		return nil, err
	}
	return &session{save: sv, game: g, file: path}, nil
}

// apply plays one option and records it in the log.
func (s *session) apply(id string) error { return cli.ApplyLogged(s.game, s.save, id) }

// encode renders the save with a fresh State snapshot.
func (s *session) encode() ([]byte, error) {
	state, err := stateOf(s.game)
	if err != nil {
		return nil, err
	}
	return cli.EncodeSave(s.save, state, tidy)
}

// writeSave writes the session to path atomically.
func (s *session) writeSave(path string) error { return cli.WriteEncoded(path, s.encode) }

// stateOf is the State snapshot of a save, which `durbar replay` compares
// with the replay: the game's exported state without the readable log and
// the set-up (the save holds both), the pending decision and the undo
// barrier (the dice rolled and the secrets shown so far).
func stateOf(g *greatgame.Game) (json.RawMessage, error) {
	raw, err := json.Marshal(g)
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	delete(m, "Log")
	delete(m, "Setup")
	d := g.Decision()
	ids := make([]string, 0, len(d.Options))
	for _, o := range d.Options {
		ids = append(ids, o.ID)
	}
	dec, err := json.Marshal(struct {
		Player  int      `json:"player"`
		Prompt  string   `json:"prompt"`
		Options []string `json:"options"`
		Barrier uint64   `json:"undoBarrier"`
	}{d.Player, d.Prompt, ids, g.Irreversible().N})
	if err != nil {
		return nil, err
	}
	m["decision"] = dec
	return json.Marshal(m)
}

// Indented JSON one value per line is long: an array of numbers, or an
// object of numbers, short strings and such arrays (a counter: {"Tpl": 3,
// "Loc": 41, "Flags": 0}), goes on one line. No line of indented JSON lies inside a
// string, so each match is a whole array or object; arrays of strings (the
// log) keep one entry per line.
var (
	scalarArray  = regexp.MustCompile(`\[\n(?:[ \t]*(?:-?[0-9][0-9.eE+-]*|true|false|null),?\n)+[ \t]*\]`)
	scalarObject = regexp.MustCompile(`\{\n(?:[ \t]*"[A-Za-z0-9_]+": (?:-?[0-9][0-9.eE+-]*|true|false|null|"[^"\\\n]{0,40}"|\[[-0-9.eE+a-z, ]*\]),?\n)+[ \t]*\}`)
)

// tidy puts the small arrays and objects of an indented save on one line
// each, so that the state snapshot stays readable.
func tidy(indented []byte) []byte {
	join := func(m []byte) []byte {
		inner := strings.Split(strings.TrimSpace(string(m[1:len(m)-1])), "\n")
		for i, l := range inner {
			inner[i] = strings.TrimSuffix(strings.TrimSpace(l), ",")
		}
		return []byte(string(m[0]) + strings.Join(inner, ", ") + string(m[len(m)-1]))
	}
	return scalarObject.ReplaceAllFunc(scalarArray.ReplaceAllFunc(indented, join), join)
}

// clipError keeps a refusal short: a hostile file can make the engine list
// a problem per entry of a huge map, or quote a huge string. At most
// maxErrLines lines of at most maxErrLine bytes are kept.
func clipError(err error) error {
	const maxErrLines, maxErrLine = 12, 300
	if err == nil {
		return nil
	}
	msg := err.Error()
	lines := strings.Split(msg, "\n")
	changed := false
	if len(lines) > maxErrLines {
		more := len(lines) - maxErrLines
		lines = append(lines[:maxErrLines], fmt.Sprintf("  … and %d more", more))
		changed = true
	}
	for i, l := range lines {
		if len(l) > maxErrLine {
			cut := maxErrLine
			for cut > 0 && !utf8.RuneStart(l[cut]) {
				cut--
			}
			lines[i], changed = l[:cut]+"…", true
		}
	}
	if !changed {
		return err
	}
	return errors.New(strings.Join(lines, "\n"))
}

// setupFlags adds --scenario, --start and --position to fs; the function
// it returns builds the set-up they name.
func setupFlags(fs *flag.FlagSet) func() (greatgame.Setup, error) {
	scenario := fs.String("scenario", "1", "scenario: 1 (To Afghanistan!), 2 (Clash of Empires) or 3 (The Great Game)")
	start := fs.Int("start", 0, "scenario 3 starts from the set-up of scenario 1 or 2 (default 1)")
	position := fs.String("position", "", "start from the board of this position file instead of a scenario's set-up")
	return func() (greatgame.Setup, error) {
		if *position != "" {
			if cli.FlagSet(fs, "scenario") || cli.FlagSet(fs, "start") {
				return greatgame.Setup{}, fmt.Errorf("give --scenario (and --start) or --position, not both: a position names its own scenario")
			}
			p, err := readPosition(*position)
			if err != nil {
				return greatgame.Setup{}, err
			}
			return greatgame.Setup{Position: p}, nil
		}
		return scenarioSetup(*scenario, *start), nil
	}
}

// scenarioSetup is the set-up of a scenario (1, 2, 3 or the edition's id);
// scenario 3 starts from the set-up of scenario 1 unless start says 2. The
// engine (greatgame.New) says what is wrong with a scenario or a start.
func scenarioSetup(scenario string, start int) greatgame.Setup {
	sc := strings.ToLower(strings.TrimSpace(scenario))
	if (sc == "3" || sc == "great-game") && start == 0 {
		start = 1
	}
	return greatgame.Setup{Scenario: sc, Start: start}
}

// readPosition reads a position file (greatgame.ParsePosition: strict, at
// most 1 MiB).
func readPosition(path string) (*greatgame.Position, error) {
	raw, err := cli.ReadFile(path)
	if err != nil {
		return nil, err
	}
	p, err := greatgame.ParsePosition(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, clipError(err))
	}
	return p, nil
}

// New is durbar new greatgame [--scenario S] [--start N] [--position FILE] [--seed N] [-o FILE].
func (command) New(c plug.Call) error {
	fs := flag.NewFlagSet("new", flag.ContinueOnError)
	setupOf := setupFlags(fs)
	seed := fs.Uint64("seed", 1, "random seed")
	out := fs.String("o", "", "save file to write (default: standard output)")
	if err := cli.GameFlags(fs, c, greatgame.GameName); err != nil {
		return err
	}
	setup, err := setupOf()
	if err != nil {
		return err
	}
	s, err := newSession(setup, *seed)
	if err != nil {
		if setup.Position != nil {
			return fmt.Errorf("--position: %w", err)
		}
		return err
	}
	if toFile, err := cli.EmitSave(c.Stdout, *out, s.encode); err != nil || !toFile {
		return err
	}
	fmt.Fprintf(c.Stdout, "wrote %s (greatgame, %s, seed %d)\n%s\n", *out, s.game.ScenarioName(), *seed, header(s.game.Decision()))
	return nil
}

// Seats, for the --seat flag and the JSON: the British seat 0, the Russian
// seat 1, a spectator -1.
const spectator = -1

// seatName is a seat's name in flags and JSON.
func seatName(seat int) string {
	if seat == 0 || seat == 1 {
		return greatgame.Side(seat).String()
	}
	return "spectator"
}

// parseSeat reads --seat.
func parseSeat(s string) (int, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "british":
		return 0, nil
	case "russian":
		return 1, nil
	case "spectator":
		return spectator, nil
	}
	return 0, fmt.Errorf("--seat: %q is not british, russian or spectator", core.Clip(s))
}

// viewSeat is the seat whose view a saved game shows by default: the side
// deciding now, a spectator once the game is over.
func viewSeat(d core.Decision) int {
	if d.Over || d.Player < 0 {
		return spectator
	}
	return d.Player
}

// sideScore is a side's victory points by source (25.1).
type sideScore struct {
	Side     string `json:"side"`
	Regions  int    `json:"regions"`
	Cities   int    `json:"cities"`
	Markers  int    `json:"markers"`
	BoP      int    `json:"bop"`
	Treasury int    `json:"treasury"`
	OpenWar  int    `json:"openWar"`
	Bonus    int    `json:"bonus"`
	Total    int    `json:"total"`
}

func newSideScore(g *greatgame.Game, s greatgame.Side) sideScore {
	sc := g.Score(s)
	return sideScore{Side: s.String(), Regions: sc.Regions, Cities: sc.Cities, Markers: sc.Markers, BoP: sc.BoP,
		Treasury: sc.Treasury, OpenWar: sc.OpenWar, Bonus: sc.Bonus, Total: sc.Total}
}

// showOut is `durbar show --json` for The Great Game: the save's header and
// what one seat may see (greatgame.Observation). The score, which counts
// each side's private treasury, is given once the game is over.
type showOut struct {
	Game         string `json:"game"`
	Version      int    `json:"version"`
	Seed         uint64 `json:"seed"`
	Scenario     string `json:"scenario"` // 1, 2 or 3
	Start        int    `json:"start"`    // scenario 3: the set-up it started from
	ScenarioName string `json:"scenarioName"`
	Position     bool   `json:"position"` // the game began from a position
	Steps        int    `json:"steps"`    // entries in the action log
	Seat         string `json:"seat"`     // whose view: british, russian or spectator
	Deciding     string `json:"deciding"` // the side deciding now, "" once over
	Over         bool   `json:"over"`
	Result       string `json:"result"`
	// Winner is british, russian or draw, Level the victory level (draw,
	// regional, continental, imperial) and Margin the difference in
	// victory points (25.2); "" and 0 until the game is over.
	Winner      string                `json:"winner"`
	Level       string                `json:"level"`
	Margin      int                   `json:"margin"`
	Scores      []sideScore           `json:"scores"` // [] until over
	Observation greatgame.Observation `json:"observation"`
}

func newShowOut(s *session, seat int) showOut {
	g := s.game
	d := g.Decision()
	out := showOut{Game: s.save.Game, Version: s.save.Version, Seed: s.save.Seed, Scenario: g.Setup.Scenario, Start: g.Setup.Start,
		ScenarioName: g.ScenarioName(), Steps: len(s.save.Log), Seat: seatName(seat), Over: g.Over, Result: g.Result(),
		Scores: []sideScore{}, Observation: g.Observe(seat)}
	if p := g.Setup.Position; p != nil {
		out.Scenario, out.Start, out.Position = p.Scenario, p.Start, true
	}
	if !d.Over && d.Player >= 0 {
		out.Deciding = greatgame.Side(d.Player).String()
	}
	if g.Over {
		win, level, margin := g.VictoryLevel()
		out.Winner, out.Level, out.Margin = win.String(), level, margin
		if win == greatgame.NoSide {
			out.Winner = "draw"
		}
		out.Scores = append(out.Scores, newSideScore(g, greatgame.British), newSideScore(g, greatgame.Russian))
	}
	if out.Observation.Log == nil {
		out.Observation.Log = []string{}
	}
	return out
}

// fileArgs parses "CMD game.json [--json]" (and, for show, --seat) and
// loads the save.
func fileArgs(name string, c plug.Call, withSeat bool) (s *session, asJSON bool, seat string, err error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	jsonFlag := fs.Bool("json", false, "print JSON")
	var seatFlag *string
	if withSeat {
		seatFlag = fs.String("seat", "", "whose view: british, russian or spectator (default: the side deciding now)")
	}
	pos, err := cli.ParseFlags(fs, c.Args)
	if err != nil {
		return nil, false, "", err
	}
	if len(pos) != 1 {
		return nil, false, "", fmt.Errorf("name one save file")
	}
	if seatFlag != nil {
		seat = *seatFlag
	}
	s, err = loadSession(pos[0], c.Games)
	return s, *jsonFlag, seat, err
}

// Show is durbar show game.json [--json] [--seat british|russian|spectator].
func (command) Show(c plug.Call) error {
	s, asJSON, seatArg, err := fileArgs("show", c, true)
	if err != nil {
		return err
	}
	d := s.game.Decision()
	seat := viewSeat(d)
	if seatArg != "" {
		if seat, err = parseSeat(seatArg); err != nil {
			return err
		}
	}
	if asJSON {
		return cli.WriteJSON(c.Stdout, newShowOut(s, seat))
	}
	w := c.Stdout
	fmt.Fprintf(w, "%s: %s, seed %d, %d actions so far. %s\n\n", gameTitle, s.game.ScenarioName(), s.save.Seed, len(s.save.Log), viewLine(seat))
	fmt.Fprint(w, s.game.TextBoard(seat))
	fmt.Fprintln(w, "\nLast log lines:")
	cli.WriteLog(w, cli.LastN(s.game.Log, 10))
	fmt.Fprintln(w)
	switch {
	case d.Over:
		writeEnd(w, s.game, nil)
	case seat == d.Player:
		writeDecision(w, d)
	default:
		fmt.Fprintln(w, waitingLine(s.game, seat))
	}
	return nil
}

// viewLine says whose view a board is.
func viewLine(seat int) string {
	if seat == spectator {
		return "A spectator's view: what neither side keeps secret (22.0)."
	}
	return fmt.Sprintf("The %s player's view (fog of war, 22.0).", greatgame.Side(seat).Title())
}

// waitingLine says, to a seat that does not decide, who does and what kind
// of step: the prompt and the options are the deciding side's alone.
func waitingLine(g *greatgame.Game, seat int) string {
	p := g.Observe(seat).Pending
	return fmt.Sprintf("The %s player decides now (%s).", p.Side.Title(), p.Step)
}

// Options is durbar options game.json [--json]: the pending decision, as
// the side deciding sees it.
func (command) Options(c plug.Call) error {
	s, asJSON, _, err := fileArgs("options", c, false)
	if err != nil {
		return err
	}
	if asJSON {
		return cli.WriteJSON(c.Stdout, cli.NewDecisionOut(s.game.Decision()))
	}
	writeDecision(c.Stdout, s.game.Decision())
	return nil
}

// Act is durbar act game.json OPTION-ID... — all or nothing.
func (command) Act(c plug.Call) error {
	file, ids, asJSON, err := cli.ActArgs(c.Args, "")
	if err != nil {
		return err
	}
	s, err := loadSession(file, c.Games)
	if err != nil {
		return err
	}
	logged := len(s.game.Log)
	for i, id := range ids {
		if err := s.apply(id); err != nil {
			return fmt.Errorf("option %d of %d (%q) refused, %s left unchanged: %w", i+1, len(ids), core.Clip(id), file, err)
		}
	}
	// Written only once every id has been accepted.
	if err := s.writeSave(file); err != nil {
		return err
	}
	w := c.Stdout
	if asJSON {
		return cli.WriteJSON(w, cli.NewDecisionOut(s.game.Decision()))
	}
	cli.WriteActed(w, len(ids), file, len(s.save.Log), s.game.Log[logged:])
	fmt.Fprintln(w, header(s.game.Decision()))
	if s.game.Over {
		writeEnd(w, s.game, nil)
	}
	return nil
}

// Replay is durbar replay game.json: re-derive with the invariants checked
// after every step, and compare with the State snapshot.
func (command) Replay(c plug.Call) error {
	read := func(path string) (*core.Save, error) { return readSave(path, c.Games) }
	return cli.Replay(c.Args, c.Stdout, read,
		func(sv *core.Save) (*greatgame.Game, error) { return replay(sv, true) },
		func(g *greatgame.Game) ([]byte, error) { return stateOf(g) }, ", invariants hold")
}

// header says who decides what, under which section of the rules.
func header(d core.Decision) string {
	if d.Over {
		return d.Prompt
	}
	return fmt.Sprintf("%s decides [%s]: %s", greatgame.Side(d.Player).Title(), d.Rule, d.Prompt)
}

// writeDecision prints the header and the numbered options with their
// labels, rule sections and ids.
func writeDecision(w io.Writer, d core.Decision) {
	fmt.Fprintln(w, header(d))
	cli.WriteOptions(w, d)
}

// writeEnd prints the result and each side's victory points by source
// (25.1); kinds names who played each side (nil: not known).
func writeEnd(w io.Writer, g *greatgame.Game, kinds []string) {
	fmt.Fprintf(w, "\nFinal score (25.0): %s\n", g.Result())
	fmt.Fprintf(w, "  %-18s %7s %6s %7s %4s %8s %8s %5s %5s\n", "", "regions", "cities", "markers", "BoP", "treasury", "open war", "bonus", "total")
	for _, s := range []greatgame.Side{greatgame.British, greatgame.Russian} {
		who := s.Title()
		if int(s) < len(kinds) {
			who += " (" + kinds[s] + ")"
		}
		sc := g.Score(s)
		fmt.Fprintf(w, "  %-18s %7d %6d %7d %4d %8d %8d %5d %5d\n", who,
			sc.Regions, sc.Cities, sc.Markers, sc.BoP, sc.Treasury, sc.OpenWar, sc.Bonus, sc.Total)
	}
}
