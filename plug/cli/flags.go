// Package cli is what the games' commands (plug.Command) share: reading
// their command lines, reading, replaying and writing save files, printing
// decisions and logs, and the terminal's play loop.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"durbar/core"
	"durbar/plug"
)

// ParseFlags parses flags placed anywhere among the positional arguments
// ("show game.json --json" as well as "show --json game.json"); everything
// after "--" is positional.
func ParseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var tail []string
	if i := slices.Index(args, "--"); i >= 0 {
		args, tail = args[:i], args[i+1:]
	}
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, fmt.Errorf("%v (see durbar help)", err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return append(pos, tail...), nil
		}
		pos, args = append(pos, args[0]), args[1:]
	}
}

// NoExtra rejects stray positional arguments, which are usually a typo.
func NoExtra(pos []string) error {
	if len(pos) > 0 {
		return fmt.Errorf("unexpected argument %q", pos[0])
	}
	return nil
}

// GameFlags parses the command line of a command that names the game:
// the game's name (game), the flags of fs, and nothing else.
func GameFlags(fs *flag.FlagSet, c plug.Call, game string) error {
	pos, err := ParseFlags(fs, c.Args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return fmt.Errorf("name the game (%s)", strings.Join(c.Games, " or "))
	}
	if strings.ToLower(pos[0]) != game {
		return fmt.Errorf("unknown game %q (Durbar plays: %s)", pos[0], strings.Join(c.Games, ", "))
	}
	return NoExtra(pos[1:])
}

// FlagSet reports whether a flag was given on the command line.
func FlagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// LoadFileArgs parses "CMD game.json [--json]" and loads the save with
// load.
func LoadFileArgs[S any](name string, args []string, load func(string) (S, error)) (S, bool, error) {
	var zero S
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := ParseFlags(fs, args)
	if err != nil {
		return zero, false, err
	}
	if len(pos) != 1 {
		return zero, false, fmt.Errorf("name one save file")
	}
	s, err := load(pos[0])
	return s, *asJSON, err
}

// ActArgs reads the arguments of act: the save file, the option ids and
// --json; more is said after the usage line.
func ActArgs(args []string, more string) (file string, ids []string, asJSON bool, err error) {
	fs := flag.NewFlagSet("act", flag.ContinueOnError)
	jsonFlag := fs.Bool("json", false, "print the next decision as JSON")
	pos, err := ParseFlags(fs, args)
	if err != nil {
		return "", nil, false, err
	}
	if len(pos) < 2 {
		return "", nil, false, fmt.Errorf("usage: durbar act game.json OPTION-ID...%s", more)
	}
	return pos[0], pos[1:], *jsonFlag, nil
}

// Human is the --players entry for a person.
const Human = "human"

// ParsePlayers reads a --players list: one entry per seat, Human (where
// humanOK) or a computer player that known accepts; computers names them
// for messages. Entries are trimmed and lower-cased; the caller checks how
// many seats the game takes.
func ParsePlayers(list string, humanOK bool, computers string, known func(kind string) bool) ([]string, error) {
	var kinds []string
	for _, k := range strings.Split(list, ",") {
		k = strings.ToLower(strings.TrimSpace(k))
		switch {
		case k == Human && humanOK:
		case k == Human:
			return nil, fmt.Errorf("--players: no human plays in a simulation (have %s)", computers)
		case !known(k):
			alt := computers
			if humanOK {
				alt = Human + ", " + alt
			}
			return nil, fmt.Errorf("--players: unknown player %q (have %s)", core.Clip(k), alt)
		}
		kinds = append(kinds, k)
	}
	return kinds, nil
}
