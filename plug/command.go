package plug

import "io"

// Command is a game on the durbar command line (cmd/durbar). The command
// routes new, play, sim and the game's Extra commands by the game named on
// the command line ("durbar play rajas --seed 3"), and show, options, act
// and replay by the "game" field of the save file they name (core.Save).
// Each method running a subcommand gets the command line after the
// subcommand's name, and reports a usage or rule error as its error: the
// command prints it and exits 1. A subcommand leaves every file it was
// given untouched unless it succeeds. Package plug/cli has what the games'
// commands share: flags, save files, printing and the terminal's play loop.
type Command interface {
	// Usage is what durbar help says of the game.
	Usage() Usage
	// New writes the save of a new game: "durbar new NAME [flags] -o FILE".
	New(c Call) error
	// Play plays a game at the terminal, people against the computer or
	// each other: "durbar play NAME [flags]".
	Play(c Call) error
	// Sim plays games of computer players and reports on them: "durbar
	// sim NAME [flags]".
	Sim(c Call) error
	// Show prints a saved game: "durbar show FILE [--json]".
	Show(c Call) error
	// Options prints a saved game's pending decision: "durbar options FILE
	// [--json]".
	Options(c Call) error
	// Act plays options on a saved game and writes it back, all of them or
	// none: "durbar act FILE OPTION-ID...".
	Act(c Call) error
	// Replay re-derives a saved game from its seed, setup and log and
	// compares it with the save's state snapshot: "durbar replay FILE".
	Replay(c Call) error
	// Extra are the game's own commands beyond these, by name, each taking
	// the game's name like New ("durbar cards gandhi"); nil when none.
	Extra() map[string]Run
	// LoadTest is what "durbar load" creates of the game on a server.
	LoadTest() LoadTest
}

// Call is one run of a game's subcommand.
type Call struct {
	Args   []string // the command line after the subcommand's name
	Stdin  io.Reader
	Stdout io.Writer
	// Games are the names of the games Durbar plays, in the order they are
	// registered, for messages that list them.
	Games []string
}

// Run runs one subcommand.
type Run func(c Call) error

// Usage is what durbar help says of a game.
type Usage struct {
	// Synopsis is the usage line of each command that names the game
	// ("new", "play", "sim" and each Extra), by command: "durbar play NAME
	// [flags]", a long one continued on indented lines.
	Synopsis map[string]string
	// Notes are said after every game's synopsis: what is particular to
	// the game, in lines of at most 80 characters.
	Notes string
}

// LoadTest is what "durbar load" asks a server to create of a game.
type LoadTest struct {
	// People is a game whose seats are all human: the load client holds
	// every key and plays random legal options.
	People CreateRequest
	// Computers, if not nil, is a game of computer players only, which
	// keeps the server's computer players thinking while the clients play
	// (durbar load --computer-games).
	Computers *CreateRequest
}
