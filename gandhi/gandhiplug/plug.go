// Package gandhiplug is Gandhi (package gandhi) as Durbar plays it: on the
// web server (server.go: the lobby's catalog, the tables, the board each
// seat sees, which space an option names) and on the durbar command line
// (new, play at the terminal against the Non-Players, show, options, act
// and replay on its saves, sim, and cards). Game is what package games
// registers; the board drawing is web/static/gandhi.js.
package gandhiplug

import (
	"durbar/gandhi"
	"durbar/plug"
)

const (
	gameName  = "gandhi" // saves' "game", the catalog's and command line's name
	gameTitle = "Gandhi"
)

// Game is Gandhi (plug.Game).
type Game struct{}

func (Game) Name() string          { return gameName }
func (Game) Title() string         { return gameTitle }
func (Game) Kind() plug.Kind       { return newKind() }
func (Game) Command() plug.Command { return command{} }

// command is Gandhi on the command line (plug.Command): command.go (new,
// show, options, act, replay), play.go, sim.go and cards.go.
type command struct{}

func (command) Usage() plug.Usage {
	return plug.Usage{
		Synopsis: map[string]string{
			"play": "durbar play gandhi [--scenario main|short|quick] [--seed N] [--human raj,congress,league,rev|none]\n" +
				"                  [--players 4|3|2] [--bots np|random] [--load game.json] [--save game.json]",
			"new":   "durbar new gandhi (--scenario S | --position pos.json) [--seed N] [--players 4|3|2] [--np raj,league,rev] [-o game.json]",
			"sim":   "durbar sim gandhi [--games N] [--seed S] [--players np|random] [--scenario main] [--workers W] [--json] [--plot out.svg] [--check] [--report cards]",
			"cards": "durbar cards gandhi [--json]",
		},
		Notes: `In play gandhi, factions without a human are Non-Players run by the Arjuna system (rules
section 8; --bots random for random players instead); alone, you get the 1-player
result of 8.10. In act on a Gandhi save, the word np lets the Non-Players decide.
`,
	}
}

func (command) Extra() map[string]plug.Run { return map[string]plug.Run{"cards": cards} }

// LoadTest is a game of the Short scenario with four people; none of
// computer players only.
func (command) LoadTest() plug.LoadTest {
	seats := make([]plug.SeatRequest, gandhi.NumFactions)
	for i := range seats {
		seats[i] = plug.SeatRequest{Kind: plug.Human}
	}
	return plug.LoadTest{People: plug.CreateRequest{Game: gameName, Scenario: "short", Seats: seats}}
}
