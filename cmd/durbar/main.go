// Command durbar plays Durbar's games in the terminal and drives them from
// scripts: create, inspect, act on and verify save files, run simulations and
// list the cards.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

const usage = `durbar: board games by their full rules

Usage:
  durbar play gandhi [--scenario main|short|quick] [--seed N] [--human raj,congress,league,rev|none]
                    [--players 4|3|2] [--bots np|random] [--load game.json] [--save game.json]
  durbar play rajas [--players human,bot,mcts] [--seed N] [--variant navaratnas,ganga,river-tiles]
                   [--experts SEATS] [--iterations N] [--load game.json] [--save game.json]
  durbar new gandhi (--scenario S | --position pos.json) [--seed N] [--players 4|3|2] [--np raj,league,rev] [-o game.json]
  durbar new rajas [--players 2|3|4] [--variant LIST] [--experts SEATS] [--seed N] [-o game.json]
  durbar show game.json [--json]
  durbar options game.json [--json]
  durbar act game.json OPTION-ID|np...
  durbar replay game.json
  durbar sim gandhi [--games N] [--seed S] [--players np|random] [--scenario main] [--workers W] [--json] [--plot out.svg] [--check]
  durbar sim rajas [--games N] [--seed S] [--players bot,mcts[,...]] [--variant LIST] [--iterations N]
                   [--workers W] [--json] [--plot out.svg] [--check]
  durbar cards gandhi [--json]
  durbar serve [--addr 127.0.0.1:8080] [--db durbar.db|postgres://…] [--log text|json]
  durbar load [--url http://127.0.0.1:8080] [--games N] [--actions N] [--game gandhi|rajas]
  durbar help

play ends when the game is over (after the result), on quit or at end of input;
--save writes the game to a file then.
In play gandhi, factions without a human are Non-Players run by the Arjuna system (rules
section 8; --bots random for random players instead); alone, you get the 1-player
result of 8.10. In act on a Gandhi save, the word np lets the Non-Players decide.
Rajas of the Ganges seats 2-4 players, each human or a computer player: random,
bot (heuristic) or mcts (search; --iterations per decision); sim rotates the
seating every game so every player kind plays every seat equally.
show, options, act and replay work on either game's saves (their "game" field).
Save files are JSON: seed + setup + the log of option ids (docs/gandhi-formats.md);
a save or position file over 8 MiB, or a log over 100000 entries, is refused.
serve plays both games in the browser (solo against the computer, hot-seat or
online with invitation links); load measures a running server with N concurrent
games of random legal moves.
Every command exits 1 with a message on any error and leaves files untouched.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// command runs one subcommand; errors are printed by run.
type command func(args []string, stdin io.Reader, stdout io.Writer) error

// Commands are routed to a game by its name (byGame) or by the save file's
// "game" field (bySave), games.go.
var commands = map[string]command{
	"play":    byGame("play", map[string]command{"gandhi": cmdPlay, "rajas": cmdPlayRajas}),
	"new":     byGame("new", map[string]command{"gandhi": cmdNew, "rajas": cmdNewRajas}),
	"show":    bySave(map[string]command{"gandhi": cmdShow, "rajas": cmdShowRajas}),
	"options": bySave(map[string]command{"gandhi": cmdOptions, "rajas": cmdOptionsRajas}),
	"act":     bySave(map[string]command{"gandhi": cmdAct, "rajas": cmdActRajas}),
	"replay":  bySave(map[string]command{"gandhi": cmdReplay, "rajas": cmdReplayRajas}),
	"sim":     byGame("sim", map[string]command{"gandhi": cmdSim, "rajas": cmdSimRajas}),
	"cards":   byGame("cards", map[string]command{"gandhi": cmdCards}),
	"serve":   cmdServe,
	"load":    cmdLoad,
}

// run is main without the process: tests call it in-process. It never
// panics; a panic that escapes the engine is reported as an internal error.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "durbar: internal error: %v\n", r)
			code = 1
		}
	}()
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stdout, usage)
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "durbar: unknown command %q\n\n%s", args[0], usage)
		return 1
	}
	err := cmd(args[1:], stdin, stdout)
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "durbar %s: %v\n", args[0], err)
		return 1
	}
}

// parseFlags parses flags placed anywhere among the positional arguments
// ("show game.json --json" as well as "show --json game.json"); everything
// after "--" is positional.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
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

// needGame checks the game-name argument of play, new, sim and cards.
func needGame(pos []string) ([]string, error) {
	if len(pos) == 0 {
		return nil, fmt.Errorf("name the game (%s)", strings.Join(gameNames, " or "))
	}
	if strings.ToLower(pos[0]) != "gandhi" {
		return nil, fmt.Errorf("unknown game %q (Durbar plays: %s)", pos[0], strings.Join(gameNames, ", "))
	}
	return pos[1:], nil
}

// noExtra rejects stray positional arguments, which are usually a typo.
func noExtra(pos []string) error {
	if len(pos) > 0 {
		return fmt.Errorf("unexpected argument %q", pos[0])
	}
	return nil
}

// parseGameFlags reads "gandhi [flags]": the game name, the flags, and
// nothing else.
func parseGameFlags(fs *flag.FlagSet, args []string) error {
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if pos, err = needGame(pos); err != nil {
		return err
	}
	return noExtra(pos)
}
