// Package plug is what a game gives Durbar to be played: a Game names it,
// and gives the web server its Kind (what the lobby offers, how a stored
// game is rebuilt into a running Table) and the durbar command its Command
// (new, play, sim, and show, options, act and replay on its saves).
//
// A game's adapter implements these in a package of its own beside the
// rules (gandhi/gandhiplug, rajas/rajasplug) and never imports the server
// or the command; one line in package games registers it, and its board
// drawing in the browser is web/static/<name>.js. Nothing else in Durbar
// names a game (docs/games.md).
package plug

// Game is one game Durbar plays.
type Game interface {
	// Name is the game's id: the game named on the command line, the
	// "game" field of its saves, the server's catalog name
	// (Kind().Catalog().Name) and the name of its board drawing,
	// web/static/<Name>.js. Lower case, no spaces.
	Name() string
	// Title is the game's full name ("Rajas of the Ganges"), as
	// Kind().Catalog().Title.
	Title() string
	// Kind is the game on the web server. Each call returns a new one; it
	// loads the game's components once, on first use, and shares them
	// among its tables.
	Kind() Kind
	// Command is the game on the durbar command line.
	Command() Command
}
