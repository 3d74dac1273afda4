// Package gandhi implements the complete rules of Gandhi (COIN series vol. IX)
// as a pure, deterministic state machine: the game is a stack of named steps,
// each with its prompt and legal options (see steps.go). Rule sections are
// cited as in the rulebook.
package gandhi

import (
	"embed"
	"fmt"

	"durbar/core"
)

//go:embed data/map.json
var defaultMapJSON []byte

//go:embed data/cards.json
var defaultCardsJSON []byte

//go:embed data/effects/*.json
var effectsFS embed.FS

// Version of the rules implementation; saves record it so that a replay with
// a different version is detected.
const Version = 1

// Data is the static material a game is played with: map and cards.
type Data struct {
	Map    *Map
	Deck   *Deck
	Arjuna *Arjuna // Non-Player cards and tables (section 8)
}

// DefaultData loads the embedded edition. It never fails for a released
// build; tests check the embedded files.
func DefaultData() (*Data, error) {
	m, err := LoadMap(defaultMapJSON)
	if err != nil {
		return nil, err
	}
	d, err := LoadDeck(defaultCardsJSON)
	if err != nil {
		return nil, err
	}
	files, _ := effectsFS.ReadDir("data/effects")
	for _, f := range files {
		data, _ := effectsFS.ReadFile("data/effects/" + f.Name())
		if err := d.LoadEffects(f.Name(), data); err != nil {
			return nil, err
		}
	}
	a, err := DefaultArjuna()
	if err != nil {
		return nil, err
	}
	return &Data{Map: m, Deck: d, Arjuna: a}, nil
}

// frame is one pending step on the game's step stack. The meaning of the
// generic fields depends on the step.
type frame struct {
	Step  string
	F     Faction
	Space int
	N     int
	A, B  int
	C     int
	Piece Piece
}

// cardState tracks the faction actions on the current Event card (2.3).
type cardState struct {
	Done         [NumFactions]bool // acted or passed on this card
	Acted        [NumFactions]bool // executed an Op or Event (becomes Ineligible, 2.3.6)
	NActed       int
	FirstDid     string            // "op", "opsa" or "event": what the 1st Eligible executed
	StayEligible [NumFactions]bool // an Event kept the executing faction Eligible
}

const maxSpaces = 64

// turn is the context of one faction's action (an Operation with its Special
// Activity, or an Event), cleared at the start of each action.
type turn struct {
	F                 Faction
	Op                string
	Limited           bool
	SAAllowed         bool
	SA                string
	SADone            bool
	OpDone            bool
	OpSpaces          [maxSpaces]bool
	SASpaces          [maxSpaces]bool
	NOpSpaces         int
	NLimited          int                       // NV spaces counted against Restraint/Unity (3.3)
	Moved             [maxSpaces][NumPieces]uint8 // pieces that have already moved this Operation (3.1.2); at most 45 of a kind
	Paid              bool                      // Garrison: Restraint paid once for Sepoys
	FreeUsed          bool                      // Lord Reading: first space free
	Dest              int                       // Limited Op destination, -1 if none yet
	Origin            int                       // Limited March origin, -1 if none yet
	Removed           [NumFactions]int          // pieces removed this action by faction (Persuade/Assassinate Unity)
	GandhiArrested    bool
	crisis            bool
	WavellUsed        bool
	SatyagrahaRefused bool
	GandhiMoved       bool
	EvSel             [maxSpaces]bool // spaces selected by the Event being executed
	EvHit             [maxSpaces]bool // spaces an Event step has acted on
	EvTaken           [maxSpaces]int  // pieces an Event step has taken per space
	EvBase            [maxSpaces]bool // the selection when the current select step began
	Free              bool            // a free Operation granted by an Event: no cost, no Special Activity
	MaxSpaces         int             // its space limit (0: none)
	Where             *Filter         // its space condition
	Event             bool
}

// Game is a game of Gandhi in progress. The zero value is not usable; build
// one with New.
type Game struct {
	m      *Map
	deck   *Deck
	arjuna *Arjuna
	Board
	rng core.RNG

	Draw     []int // draw pile, top first
	Current  int
	Upcoming int
	Played   []int
	Viceroy  int // card number of the current Viceroy
	Eligible [NumFactions]bool
	// IneligibleNext: an Event made the faction Ineligible through the next card.
	IneligibleNext [NumFactions]bool
	Seats          [NumFactions]int // seat (player) per faction; 1.5 lets a player hold two

	card  cardState
	turn  turn
	stack []frame
	// evSaved holds the Event's own turn context while a free Operation it
	// grants is executed (free Operations never nest).
	evSaved turn

	np npState // the Non-Player engine's memory (np.go)

	Over    bool
	Result  []Faction // final ranking, best first (7.1)
	Reason  string
	LogText []string // human-readable event log
}

// Clone returns an independent deep copy.
func (g *Game) Clone() core.Game { return g.clone() }

func (g *Game) clone() *Game {
	c := *g
	c.Board = g.Board.clone()
	c.Draw = append([]int(nil), g.Draw...)
	c.Played = append([]int(nil), g.Played...)
	c.stack = append([]frame(nil), g.stack...)
	c.Result = append([]Faction(nil), g.Result...)
	c.LogText = append([]string(nil), g.LogText...)
	return &c
}

// scratch is the copy Apply works on: the board and the step stack are
// mutated in place and so are copied; the log, draw pile and played cards
// are only appended to or re-sliced, so they can be shared with g, which is
// replaced by the copy on success and left untouched on failure.
func (g *Game) scratch() *Game {
	c := *g
	c.Board = g.Board.clone()
	c.stack = append([]frame(nil), g.stack...)
	return &c
}

// RandomDraws reports how many random numbers have been drawn.
func (g *Game) RandomDraws() uint64 { return g.rng.Draws }

// Map returns the static map.
func (g *Game) Map() *Map { return g.m }

// Cards returns the static deck data.
func (g *Game) Cards() *Deck { return g.deck }

func (g *Game) logf(format string, a ...any) {
	g.LogText = append(g.LogText, fmt.Sprintf(format, a...))
}

func (g *Game) push(f frame) { g.stack = append(g.stack, f) }

func (g *Game) top() *frame { return &g.stack[len(g.stack)-1] }

func (g *Game) pop() { g.stack = g.stack[:len(g.stack)-1] }

// Decision reports the pending decision.
func (g *Game) Decision() core.Decision {
	if g.Over || len(g.stack) == 0 {
		return core.Decision{Player: -1, Role: "", Prompt: "The game is over: " + g.Reason, Rule: "7.3", Over: true}
	}
	fr := g.top()
	def := steps[fr.Step]
	return core.Decision{
		Player:  g.Seats[fr.F],
		Role:    fr.F.ID(),
		Prompt:  def.prompt(g, fr),
		Rule:    def.rule,
		Options: def.options(g, fr),
	}
}

// Apply plays one option. It works on a copy, so a failing step leaves the
// game exactly as it was.
func (g *Game) Apply(id string) error {
	d := g.Decision()
	if _, ok := d.Find(id); !ok {
		return core.Illegal(d, id)
	}
	c := g.scratch()
	if c.NPToMove() {
		// Keep the Non-Player engine's memory in step with the log.
		np, why := c.npDecide(d)
		c.npLog(np, id, why)
	}
	if err := c.applyChosen(id); err != nil {
		return err
	}
	*g = *c
	return nil
}

// applyChosen plays a validated option on the scratch copy c.
func (c *Game) applyChosen(id string) error {
	fr := c.top()
	if err := steps[fr.Step].apply(c, fr, id); err != nil {
		return err
	}
	c.advance()
	return nil
}

// advance runs automatic steps until a decision with options is pending.
func (g *Game) advance() {
	for guard := 0; !g.Over && len(g.stack) > 0; guard++ {
		if guard > 100000 {
			panic("gandhi: step machine does not settle")
		}
		fr := g.top()
		def, ok := steps[fr.Step]
		if !ok {
			panic("gandhi: unknown step " + fr.Step)
		}
		if def.auto != nil {
			def.auto(g, fr)
			continue
		}
		if len(def.options(g, fr)) == 0 {
			// A decision that has become empty is skipped: an instruction that
			// cannot be carried out is ignored (5.1.1).
			g.pop()
			continue
		}
		return
	}
}

// stepDef describes one named step: who decides is the frame's faction.
type stepDef struct {
	rule    string
	prompt  func(g *Game, fr *frame) string
	options func(g *Game, fr *frame) []core.Option
	apply   func(g *Game, fr *frame, id string) error
	auto    func(g *Game, fr *frame) // automatic step: no decision
}

var steps = map[string]stepDef{}

func register(name string, d stepDef) {
	if _, dup := steps[name]; dup {
		panic("duplicate step " + name)
	}
	if d.prompt == nil {
		d.prompt = func(*Game, *frame) string { return name }
	}
	if d.options == nil {
		d.options = func(*Game, *frame) []core.Option { return nil }
	}
	steps[name] = d
}

func opt(id, label, rule string) core.Option { return core.Option{ID: id, Label: label, Rule: rule} }

// SpaceOpt is the option id for choosing a space.
func spaceOpt(g *Game, i int, label, rule string) core.Option {
	if label == "" {
		label = g.space(i).Name
	}
	return opt("space:"+g.space(i).ID, label, rule)
}

func (g *Game) parseSpace(id, prefix string) int {
	i, ok := g.m.ID(id[len(prefix):])
	if !ok {
		panic("bad space option " + id)
	}
	return i
}

func (g *Game) viceroy() Viceroy {
	if c, ok := g.deck.Cards[g.Viceroy]; ok {
		return c.Viceroy
	}
	return NoViceroy
}

// CampaignsLeft counts Campaign cards still in the draw pile (6.5).
func (g *Game) CampaignsLeft() int {
	n := 0
	for _, c := range g.Draw {
		if g.deck.Cards[c].Campaign {
			n++
		}
	}
	return n
}

// countdown uses up one of a step's N repetitions and ends the step at zero.
func (g *Game) countdown(fr *frame) {
	if fr.N--; fr.N <= 0 {
		g.pop()
	}
}

// doneThenPop ends the current step when the option is "done".
func (g *Game) doneThenPop(id string) bool {
	if id == "done" {
		g.pop()
		return true
	}
	return false
}
