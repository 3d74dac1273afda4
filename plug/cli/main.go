package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"durbar/core"
	"durbar/plug"
)

// Main is the durbar command: the games it plays and its own commands.
//
// It routes the games' commands (plug.Command) by game. Those that start
// something (new, play, sim, and each game's Extra commands) go to the game
// named on the command line; those that work on a save file (show, options,
// act, replay) to the game named by the save's "game" field (core.Save).
// The first game is the fallback: it answers a command line that names no
// game and a save that cannot be read or is of a game Durbar does not play,
// and its errors say what is wrong ("name the game (gandhi or rajas)").
type Main struct {
	Games []plug.Game
	// Commands are the command's own, beside the games' (serve, load), in
	// the order the usage lists them; Notes are what the usage says of
	// them, after the games' notes.
	Commands []Builtin
	Notes    string
}

// Builtin is one of the command's own commands.
type Builtin struct {
	Name string
	// Synopsis is its usage line ("durbar serve [--addr ...]"), a long one
	// continued on indented lines.
	Synopsis string
	Run      plug.Run
}

// The commands every game has, in the order the usage lists them.
var (
	gameCommands = []string{"play", "new"} // then the save commands, then sim
	saveCommands = []string{"show", "options", "act", "replay"}
)

// Run runs the command line args (without the program's name) and returns
// the exit code: 0, or 1 after printing the error on stderr. It never
// panics; a panic that escapes the engine is reported as an internal error.
// Tests call it in-process.
func (m Main) Run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "durbar: internal error: %v\n", r)
			code = 1
		}
	}()
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stdout, m.usage())
		return 0
	}
	run, ok := m.command(args[0])
	if !ok {
		fmt.Fprintf(stderr, "durbar: unknown command %q\n\n%s", args[0], m.usage())
		return 1
	}
	err := run(plug.Call{Args: args[1:], Stdin: stdin, Stdout: stdout, Games: m.names()})
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, m.usage())
		return 0
	default:
		fmt.Fprintf(stderr, "durbar %s: %v\n", args[0], err)
		return 1
	}
}

// command finds the command called name: a game's (routed by game or by
// save) or one of the command's own.
func (m Main) command(name string) (plug.Run, bool) {
	for _, b := range m.Commands {
		if b.Name == name {
			return b.Run, true
		}
	}
	if len(m.Games) == 0 {
		return nil, false
	}
	handlers := map[string]plug.Run{}
	for _, g := range m.Games {
		if run := gameRun(g.Command(), name); run != nil {
			handlers[g.Name()] = run
		}
	}
	switch {
	case slices.Contains(saveCommands, name):
		return m.bySave(handlers), true
	case len(handlers) > 0:
		return m.byGame(name, handlers), true
	}
	return nil, false
}

// gameRun is a game's command called name, nil if it has none.
func gameRun(c plug.Command, name string) plug.Run {
	switch name {
	case "play":
		return c.Play
	case "new":
		return c.New
	case "sim":
		return c.Sim
	case "show":
		return c.Show
	case "options":
		return c.Options
	case "act":
		return c.Act
	case "replay":
		return c.Replay
	}
	return c.Extra()[name]
}

// names are the games' names, in order.
func (m Main) names() []string {
	out := make([]string, len(m.Games))
	for i, g := range m.Games {
		out[i] = g.Name()
	}
	return out
}

// title is a game's full name.
func (m Main) title(name string) string {
	for _, g := range m.Games {
		if g.Name() == name {
			return g.Title()
		}
	}
	return name
}

// byGame routes a command by the game named among its arguments.
func (m Main) byGame(name string, handlers map[string]plug.Run) plug.Run {
	return func(c plug.Call) error {
		game := gameArg(c.Args, c.Games)
		if h, ok := handlers[game]; ok {
			return h(c)
		}
		var serving []string
		for _, g := range m.Games {
			if _, ok := handlers[g.Name()]; ok {
				serving = append(serving, g.Name())
			}
		}
		if game != "" {
			slices.Sort(serving)
			return fmt.Errorf("%s has no %s command (it serves: %s)", m.title(game), name, strings.Join(serving, ", "))
		}
		if h, ok := handlers[m.Games[0].Name()]; ok {
			return h(c)
		}
		return fmt.Errorf("name the game (%s)", strings.Join(serving, " or "))
	}
}

// gameArg finds the game named in a command line: the first argument when
// it is not a flag (the documented form, "play rajas --seed 3"), else the
// first argument that is a game's name (of games). "" if none is.
func gameArg(args, games []string) string {
	if i := slices.Index(args, "--"); i >= 0 {
		args = args[:i]
	}
	isGame := func(a string) bool { return slices.Contains(games, strings.ToLower(a)) }
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		if isGame(args[0]) {
			return strings.ToLower(args[0])
		}
		return ""
	}
	for _, a := range args {
		if isGame(a) {
			return strings.ToLower(a)
		}
	}
	return ""
}

// bySave routes a command by the "game" field of the save file it names.
func (m Main) bySave(handlers map[string]plug.Run) plug.Run {
	return func(c plug.Call) error {
		if h, ok := handlers[saveGame(c.Args)]; ok {
			return h(c)
		}
		return handlers[m.Games[0].Name()](c)
	}
}

// saveGame reads the game named by the save file among args, "" if there is
// no readable save. The commands taking a save have only boolean flags, so
// the file is the first argument that is not a flag.
func saveGame(args []string) string {
	file := ""
	for i, a := range args {
		if a == "--" {
			if i+1 < len(args) {
				file = args[i+1]
			}
			break
		}
		if !strings.HasPrefix(a, "-") {
			file = a
			break
		}
	}
	if file == "" {
		return ""
	}
	data, err := ReadFile(file)
	if err != nil {
		return ""
	}
	sv, err := core.ParseSave(data)
	if err != nil {
		return ""
	}
	return sv.Game
}

// usage is durbar help: every command's synopsis, the games' by command,
// then the notes.
func (m Main) usage() string {
	var b strings.Builder
	b.WriteString("durbar: board games by their full rules\n\nUsage:\n")
	line := func(text string) {
		for _, l := range strings.Split(text, "\n") {
			fmt.Fprintf(&b, "  %s\n", l)
		}
	}
	games := func(cmd string) {
		for _, g := range m.Games {
			if s, ok := g.Command().Usage().Synopsis[cmd]; ok {
				line(s)
			}
		}
	}
	for _, cmd := range gameCommands {
		games(cmd)
	}
	line("durbar show game.json [--json]")
	line("durbar options game.json [--json]")
	line("durbar act game.json OPTION-ID...")
	line("durbar replay game.json")
	games("sim")
	for _, g := range m.Games {
		extra := g.Command().Extra()
		for _, name := range slices.Sorted(maps.Keys(extra)) {
			if s, ok := g.Command().Usage().Synopsis[name]; ok {
				line(s)
			}
		}
	}
	for _, c := range m.Commands {
		line(c.Synopsis)
	}
	line("durbar help")
	b.WriteString(`
play ends when the game is over (after the result), on quit or at end of input;
--save writes the game to a file then.
`)
	for _, g := range m.Games {
		b.WriteString(g.Command().Usage().Notes)
	}
	b.WriteString(`show, options, act and replay work on any game's saves (their "game" field).
Save files are JSON: seed + setup + the log of option ids (docs/gandhi-formats.md);
a save or position file over 8 MiB, or a log over 100000 entries, is refused.
`)
	b.WriteString(m.Notes)
	b.WriteString("Every command exits 1 with a message on any error and leaves files untouched.\n")
	return b.String()
}
