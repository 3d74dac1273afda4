// Package greatgameplug is Asia Crossroads / The Great Game (package
// greatgame) as Durbar plays it: on the durbar command line (new, play
// hot-seat at the terminal, show, options, act and replay on its saves, and
// sim; command.go, play.go, sim.go) and on the web server (server.go: the
// lobby's catalog, the tables, each seat's board under fog of war, which
// board element an option names). Game is what package games registers;
// the board drawing is web/static/greatgame.js.
package greatgameplug

import (
	"sync"

	"durbar/greatgame"
	"durbar/plug"
)

const gameTitle = "The Great Game (Asia Crossroads)"

// Game is The Great Game (plug.Game).
type Game struct{}

func (Game) Name() string          { return greatgame.GameName }
func (Game) Title() string         { return gameTitle }
func (Game) Kind() plug.Kind       { return newKind() }
func (Game) Command() plug.Command { return command{} }

// data is the embedded edition, loaded once: the components are immutable
// and shared by every game.
var data = sync.OnceValues(greatgame.DefaultData)

// command is The Great Game on the command line (plug.Command).
type command struct{}
