package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"durbar/core"
)

// The command serves several games. Commands that start something (play,
// new, sim, cards) are routed by the game named on the command line; those
// that work on a save file (show, options, act, replay) by the save's "game"
// field (core.Save). Gandhi's handlers are the fallback: they report unknown
// games and unreadable files as they always have.

// gameNames are the games Durbar plays, for messages.
var gameNames = []string{"gandhi", "rajas"}

// gameTitles are the games' full names.
var gameTitles = map[string]string{"gandhi": "Gandhi", "rajas": "Rajas of the Ganges"}

// byGame routes a command by the game named among its arguments.
func byGame(name string, handlers map[string]command) command {
	return func(args []string, stdin io.Reader, stdout io.Writer) error {
		game := gameArg(args)
		if h, ok := handlers[game]; ok {
			return h(args, stdin, stdout)
		}
		if game != "" {
			return fmt.Errorf("%s has no %s command (it serves: %s)", gameTitles[game], name, strings.Join(slices.Sorted(maps.Keys(handlers)), ", "))
		}
		return handlers["gandhi"](args, stdin, stdout)
	}
}

// gameArg finds the game named in a command line: the first argument when
// it is not a flag (the documented form, "play rajas --seed 3"), else the
// first argument that is a game's name. "" if none is.
func gameArg(args []string) string {
	if i := slices.Index(args, "--"); i >= 0 {
		args = args[:i]
	}
	isGame := func(a string) bool { return slices.Contains(gameNames, strings.ToLower(a)) }
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
// The commands taking a save have only boolean flags, so the file is the
// first argument that is not a flag.
func bySave(handlers map[string]command) command {
	return func(args []string, stdin io.Reader, stdout io.Writer) error {
		if h, ok := handlers[saveGame(args)]; ok {
			return h(args, stdin, stdout)
		}
		return handlers["gandhi"](args, stdin, stdout)
	}
}

// saveGame reads the game named by the save file among args, "" if there is
// no readable save.
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
	data, err := readFile(file)
	if err != nil {
		return ""
	}
	sv, err := core.ParseSave(data)
	if err != nil {
		return ""
	}
	return sv.Game
}
