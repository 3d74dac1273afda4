// Package rajasplug is Rajas of the Ganges (package rajas) as Durbar plays
// it: on the web server (server.go: the lobby's catalog and variants, the
// tables with their computer players, the board, which board element an
// option names) and on the durbar command line (new, play at the terminal
// against the bots, show, options, act and replay on its saves, and sim).
// Game is what package games registers; the board drawing is
// web/static/rajas.js.
package rajasplug

import (
	"durbar/plug"
	"durbar/rajas"
)

const gameTitle = "Rajas of the Ganges"

// Game is Rajas of the Ganges (plug.Game).
type Game struct{}

func (Game) Name() string          { return rajas.GameName }
func (Game) Title() string         { return gameTitle }
func (Game) Kind() plug.Kind       { return newKind() }
func (Game) Command() plug.Command { return command{} }

// command is Rajas on the command line (plug.Command): command.go (new,
// show, options, act, replay), play.go and sim.go.
type command struct{}

func (command) Usage() plug.Usage {
	return plug.Usage{
		Synopsis: map[string]string{
			"play": "durbar play rajas [--players human,bot,mcts] [--seed N] [--variant navaratnas,ganga]\n" +
				"                 [--experts SEATS] [--first-player N | --position pos.json] [--iterations N]\n" +
				"                 [--load game.json] [--save game.json]",
			"new": "durbar new rajas [--players 2|3|4] [--variant LIST] [--experts SEATS]\n" +
				"                 [--first-player N | --position pos.json] [--seed N] [-o game.json]",
			"sim": "durbar sim rajas [--games N] [--seed S] [--players bot,mcts[,...]] [--variant LIST] [--iterations N]\n" +
				"                 [--workers W] [--json] [--plot out.svg] [--check]",
		},
		Notes: `Rajas of the Ganges seats 2-4 players, each human or a computer player: random,
bot (heuristic) or mcts (search; --iterations per decision; mcts:N searches N
iterations for that seat alone, e.g. sim --players mcts:2000,mcts:200); sim
rotates the seating every game so every player kind plays every seat equally. The
variants are the Navaratnas version and the Ganga module (the river tiles);
the start player is the lowest starting roll unless --first-player gives it.
--position starts from a position file (docs/rajas-formats.md); show --json
gives a game's position in the same format.
`,
	}
}

func (command) Extra() map[string]plug.Run { return nil }

// LoadTest is a game of three people, and one of four MCTS bots, whose
// searches keep the server's computer players busy.
func (command) LoadTest() plug.LoadTest {
	person := plug.SeatRequest{Kind: plug.Human}
	bot := plug.SeatRequest{Kind: plug.Computer, Bot: "mcts"}
	return plug.LoadTest{
		People:    plug.CreateRequest{Game: rajas.GameName, Seats: []plug.SeatRequest{person, person, person}},
		Computers: &plug.CreateRequest{Game: rajas.GameName, Seats: []plug.SeatRequest{bot, bot, bot, bot}},
	}
}
