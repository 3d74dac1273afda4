// Package games is the list of games Durbar plays: the one place a game is
// registered. The command (cmd/durbar) and the web server (durbar serve)
// offer exactly these; each is a game's adapter (plug.Game), which lives
// beside the game's rules (docs/games.md says how to add one).
package games

import (
	"durbar/gandhi/gandhiplug"
	"durbar/greatgame/greatgameplug"
	"durbar/plug"
	"durbar/rajas/rajasplug"
)

// All returns the games Durbar plays, in the order the lobby and durbar
// help list them. The first is the command's fallback for a command line
// that names no game (cli.Main).
func All() []plug.Game {
	return []plug.Game{
		gandhiplug.Game{},
		rajasplug.Game{},
		greatgameplug.Game{},
	}
}
