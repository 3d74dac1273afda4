package plug

import (
	"encoding/json"
	"strings"

	"durbar/core"
	"durbar/core/i18n"
)

// The web server (package server) is game-agnostic: every game plugs in
// through a Kind (what the lobby offers, how a stored game is rebuilt) and a
// Table (one running game: the decision model, computer moves and per-seat
// views), and draws its board in the web front end (web/static/<name>.js).

// Kind is one game the server offers.
type Kind interface {
	// Catalog describes the game for the lobby's creation form.
	Catalog() Catalog
	// Prepare validates a creation request and returns the game's setup
	// JSON (as stored and as core.Save records it) and the seats, in seat
	// order. Computer seats name their computer player in SeatSpec.Bot.
	Prepare(req CreateRequest) (setup json.RawMessage, seats []SeatSpec, err error)
	// Open rebuilds a game from its record: setup and seats from Prepare,
	// the seed, and the log of option ids played so far. A log that does
	// not replay is an error (a panic in the engine is caught by the
	// server, which guards every call that rebuilds or plays a game).
	Open(setup json.RawMessage, seats []SeatSpec, seed uint64, log []string) (Table, error)
	// Translations are the game's text in other languages, by language
	// code (package core/i18n); views are translated with them when the
	// page asks (?lang=es). Nil when the game has none.
	Translations() (map[string]*i18n.Catalog, error)
}

// Catalog is what the creation form offers for a game.
type Catalog struct {
	Name  string `json:"name"`  // "gandhi"
	Title string `json:"title"` // "Gandhi"
	// Version is the rules version a save of the game records (core.Save).
	Version   int      `json:"version"`
	Scenarios []Choice `json:"scenarios,omitempty"`
	// Seats are fixed named seats (Gandhi's four factions); when empty the
	// game takes MinSeats..MaxSeats players named by SeatName.
	Seats    []Choice `json:"seats,omitempty"`
	MinSeats int      `json:"minSeats"`
	MaxSeats int      `json:"maxSeats"`
	// Computers are the computer players a seat may be given; the first is
	// the default.
	Computers []Choice `json:"computers"`
	// Variants are optional rules switched on by name.
	Variants []Choice `json:"variants,omitempty"`
}

// GameTitle is the title of a game of this catalog: the game's title, with
// its scenario when the setup names one the catalog knows.
func (c Catalog) GameTitle(setup json.RawMessage) string {
	var st struct {
		Scenario string `json:"scenario"`
	}
	if json.Unmarshal(setup, &st) == nil && st.Scenario != "" {
		for _, sc := range c.Scenarios {
			if sc.ID == st.Scenario {
				return c.Title + " — " + sc.Label
			}
		}
	}
	return c.Title
}

// Choice is one entry of a menu: a stable id and what the form shows.
type Choice struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	// MinSeats: a variant that needs at least this many players (Rajas'
	// "Player 3 plays the expert side"); the form offers it only then.
	MinSeats int `json:"minSeats,omitempty"`
}

// ChoiceIDs lists the ids of a menu, for error messages.
func ChoiceIDs(cs []Choice) string {
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	return strings.Join(ids, ", ")
}

// CreateRequest is the body of POST /api/games.
type CreateRequest struct {
	Game     string        `json:"game"`
	Scenario string        `json:"scenario,omitempty"`
	Seed     *uint64       `json:"seed,omitempty"` // random when absent
	Seats    []SeatRequest `json:"seats"`
	Variants []string      `json:"variants,omitempty"`
}

// SeatRequest asks for a human or a computer in one seat.
type SeatRequest struct {
	Kind string `json:"kind"`          // "human" or "computer"
	Bot  string `json:"bot,omitempty"` // a Catalog.Computers id; default the first
}

// SeatSpec is a seat as stored: its display name, human or computer, and
// for a computer which player runs it.
type SeatSpec struct {
	Name string `json:"name"`
	Kind string `json:"kind"` // "human" or "computer"
	Bot  string `json:"bot,omitempty"`
}

// PendingDecision keeps a table's pending decision, listed once per
// position: a view asks for it, the turn checks and every option's
// annotation again, and listing it builds every prompt and label. The zero
// value holds none.
type PendingDecision struct {
	dec core.Decision
	ok  bool
}

// Of is g's pending decision, listed on the first call after Forget.
func (p *PendingDecision) Of(g interface{ Decision() core.Decision }) core.Decision {
	if !p.ok {
		p.dec, p.ok = g.Decision(), true
	}
	return p.dec
}

// Forget drops the decision once the position has (or may have) changed.
func (p *PendingDecision) Forget() { p.ok = false }

// Seat kinds.
const (
	Human    = "human"
	Computer = "computer"
)

// Chaptered is a Table whose replays can jump from chapter to chapter:
// Gandhi's cards, the turns of Rajas of the Ganges and The Great Game.
type Chaptered interface {
	// Chapter names the kind of chapter ("card", "turn") and numbers the
	// one the game stands in; a step after which the number differs starts
	// a chapter.
	Chapter() (kind string, n int)
}

// Table is one running game. It is not safe for concurrent use; the server
// serializes access per game.
type Table interface {
	// Decision is the pending decision; Decision().Player is the seat that
	// must decide (-1 when the game is over).
	Decision() core.Decision
	// Apply plays one option id (core.Game semantics: an illegal id is a
	// *core.RuleError and leaves the game unchanged).
	Apply(id string) error
	// PlayComputer makes the pending decision for the computer seat that
	// holds it, plays it and returns the option id played.
	PlayComputer() (string, error)
	// Irreversible is the undo barrier (core.Game.Irreversible): every
	// random number drawn (the game's and any computer engine's that lives
	// in the state) and every secret revealed; an undo never goes back past
	// a change of it.
	Irreversible() core.Barrier
	// Board is the game-specific part of a seat's view (seat -1: a
	// spectator). Its i18n.Text fields are translated for the page's
	// language; everything else (ids, numbers, names) is sent as is. It holds only what that seat may see: never the order of
	// a shuffled deck or stack, never the seed. It is marshalled to JSON as
	// the view's "board" and drawn by web/static/<game>.js.
	Board(seat int) any
	// Annotate says which board element an option refers to, so the page
	// can make that element clickable: Target is the element's id in the
	// board drawing ("" when none), Extra a refinement (a piece, a
	// rotation) shown when several options share a target.
	Annotate(o core.Option) (target, extra string)
	// Log is the game's public, human-readable log so far.
	Log() []string
	// Result describes the outcome once the game is over ("" before).
	Result() string
}
