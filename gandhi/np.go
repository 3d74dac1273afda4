package gandhi

import (
	"fmt"
	"strings"

	"durbar/core"
)

// Non-Player factions (section 8). A game names the factions the Arjuna
// system runs (Setup.NP). The Non-Player engine answers the same decisions a
// person would, choosing one of the listed options, so every NP move is legal
// by construction. Its memory — the Arjuna deck, the card being read, the
// Activation Number roll — is part of the game state, with its own random
// stream, so a game with Non-Players is still reproduced by (seed, setup,
// log): replaying a logged option on an NP decision runs the engine again to
// keep its memory in step.

// npState is the Non-Player engine's memory.
type npState struct {
	On  [NumFactions]bool
	rng core.RNG

	// The Arjuna deck (8.3): indices into Arjuna.Cards, top first. Cards go
	// back to the bottom face up, so no side is remembered between draws.
	Deck  [24]int8
	NDeck int

	Plan npPlan
}

// npPlan is what the acting Non-Player is doing on this card.
type npPlan struct {
	F      Faction
	Mode   string // "op-sa", "op-only", "limited", "event"
	Card   int    // Arjuna card index, -1 none
	Back   bool   // reading the card's back (after a flip box)
	Box    string // current box id
	OpBox  string // the Operation box the reading of the card led to (8.3)
	Draws  int    // Arjuna cards drawn this turn
	SAUsed bool   // a Special Activity was executed (8.6: ignore others after a redraw)

	Act       int  // Activation Number for the Operation (0: none)
	ActFailed bool // the Activation roll has failed (8.6.2)
	Stopped   bool // Revolutionaries: the Operation is over after a failed roll
	Rolls     int  // Revolutionaries: spaces already rolled for
	// SepoysUsed: NP Raj used Sepoys in the space just done, so an
	// Activation roll is due (8.6.2). Set by the Raj procedures.
	SepoysUsed bool

	Attempt int // index of the Special Activity attempt being executed, -1 none
	SAStep  int // index of the attempt's step (Govern, Persuade… actions)
	SAAct   string

	// Targeted: factions whose pieces the removal in progress has taken,
	// one bit each (8.5 Target Faction).
	Targeted int

	Column string // Space Selection column in use
	Shaded bool   // Event side chosen
	Budget int    // a rolled budget (Imperialism, Support Phase), -1 unset

	// MoveOrigin is the origin in use for the destination being moved into
	// (Move Priorities 8.4.2 B), as a space index + 1; 0 when none.
	MoveOrigin int

	// RedeployTo is where the piece being redeployed goes (8.9.3), as a
	// space index + 1; -1 to Available; 0 when none.
	RedeployTo int
}

// IsNP reports whether the Arjuna system runs faction f.
func (g *Game) IsNP(f Faction) bool { return g.np.On[f] }

// HasNP reports whether any faction is a Non-Player.
func (g *Game) HasNP() bool {
	for _, on := range g.np.On {
		if on {
			return true
		}
	}
	return false
}

// NPToMove reports whether the pending decision is a Non-Player's.
func (g *Game) NPToMove() bool {
	if g.Over || len(g.stack) == 0 {
		return false
	}
	return g.np.On[g.top().F]
}

// NPChoice returns the option the Non-Player engine would choose now and the
// reason it gives, without changing the game.
func (g *Game) NPChoice() (id, why string, err error) {
	defer g.enter().exit()
	if !g.NPToMove() {
		return "", "", fmt.Errorf("the pending decision is not a Non-Player's")
	}
	defer g.setQuiet(g.setQuiet(true)) // the engine reads option ids only
	opts, s := g.listed(false)
	// The engine's memory changes as it decides: decide in place, then undo.
	g.play(s, func() ([]core.Option, error) {
		id, why = g.npDecide(g.decisionWith(opts))
		return nil, errUndo
	})
	return id, why, nil
}

// ApplyNP lets the Non-Player engine make the pending decision and plays it.
func (g *Game) ApplyNP() (string, error) {
	defer g.enter().exit()
	if !g.NPToMove() {
		return "", fmt.Errorf("the pending decision is not a Non-Player's")
	}
	defer g.setQuiet(g.setQuiet(true)) // the engine reads option ids only
	opts, s := g.listed(true)
	var id string
	err := g.play(s, func() ([]core.Option, error) {
		var why string
		id, why = g.npDecide(g.decisionWith(opts))
		g.npLog(id, id, why)
		return g.applyListed(id)
	})
	return id, err
}

// npDecide runs the engine on the pending decision d, updating its memory,
// and returns the option it picks (always one of d's) with the reason.
func (g *Game) npDecide(d core.Decision) (string, string) {
	fr := g.top()
	var h npHandler
	if def := stepOf(fr); def != nil {
		h = def.np
	}
	id, why := "", ""
	if h != nil {
		id, why = h(g, fr, d)
	}
	if _, ok := d.Find(id); !ok || id == "" {
		// No procedure of section 8 applies, or it asked for something the
		// rules do not allow now: skip the instruction (8.1) with a legal
		// choice that does not stall the game.
		id = g.npFallback(d)
		if g.npLogged() {
			why = strings.TrimSpace(why + " (no Arjuna instruction applies: " + id + ")")
		}
	}
	if why == "" || !g.npLogged() {
		return id, why
	}
	if letter, box, ok := g.npCardContext(fr); ok && !strings.Contains(why, "Arjuna card") {
		why = "Arjuna card " + letter + ", box " + box + ": " + why
	}
	return id, why
}

// npLog records why the engine chose; an option played over its choice (a
// person taking over a Non-Player's decision) is noted as such.
func (g *Game) npLog(chosen, played, why string) {
	if chosen != played {
		g.logf("  [Arjuna] %s would choose %s; %s was played instead.", g.top().F, chosen, played)
		return
	}
	if why != "" && !g.unlogged() {
		g.LogText = append(g.LogText, "  [Arjuna] "+why)
	}
}

// npLogged: the engine's reasons are kept (the log is on and the game is
// no Event look-ahead). When they are not, handlers may leave them out, and
// build nothing for them.
func (g *Game) npLogged() bool { return !g.unlogged() }

// npWhy is the reason reason builds, or "" (built not at all) when the
// log does not keep it.
func (g *Game) npWhy(reason func() string) string {
	if !g.npLogged() {
		return ""
	}
	return reason()
}

// npHandler decides one kind of step for a Non-Player. It reads option ids
// only: inside Apply and ApplyNP the decision is listed quietly, without
// prompt or labels (Game.label).
type npHandler func(g *Game, fr *frame, d core.Decision) (id, why string)

var npHandlers = map[string]npHandler{}

func npHandle(step string, h npHandler) {
	if _, dup := npHandlers[step]; dup {
		panic("duplicate NP handler " + step)
	}
	npHandlers[step] = h
	if def := steps[step]; def != nil {
		def.np = h // the step registered first
	}
}

// npFallback picks a finishing option when there is one, otherwise a random
// legal option from the engine's own stream.
func (g *Game) npFallback(d core.Decision) string {
	for _, o := range d.Options {
		switch o.ID {
		case "done", "skip", "end", "decline":
			return o.ID
		}
	}
	// A Special Activity is only ever begun by an Arjuna instruction
	// (8.3, 8.7): never by chance, while anything else may be chosen.
	n := 0
	for _, o := range d.Options {
		if !strings.HasPrefix(o.ID, "sa:") {
			n++
		}
	}
	if n == 0 {
		return d.Options[g.np.rng.IntN(len(d.Options))].ID
	}
	k := g.np.rng.IntN(n)
	for _, o := range d.Options {
		if !strings.HasPrefix(o.ID, "sa:") {
			if k == 0 {
				return o.ID
			}
			k--
		}
	}
	return "" // unreachable: k < n
}

// npCardContext names the Arjuna card and box behind a decision taken
// inside the Non-Player's own Operation or Special Activity (ok false elsewhere),
// so that every step of its turn says which instruction led to it (8.3).
func (g *Game) npCardContext(fr *frame) (letter, box string, ok bool) {
	if g.unlogged() {
		return "", "", false // the reason goes to no log
	}
	p := &g.np.Plan
	if p.Card < 0 || p.Mode == "event" || fr.F != p.F || g.turn.F != p.F || g.turn.Free || g.turn.Event {
		return "", "", false
	}
	for k := range g.stack {
		if g.stack[k].Step == "op" && g.stack[k].F == p.F {
			side, _ := g.npBoxes()
			return side.Letter, p.Box, true
		}
	}
	return "", "", false
}

// npRoll is a Non-Player die roll (Activation Numbers, Random Spaces ties).
func (g *Game) npRoll() int { return g.die(&g.np.rng) }

// has reports whether option id is offered.
func has(d core.Decision, id string) bool {
	_, ok := d.Find(id)
	return ok
}

// spaceOptions lists the spaces offered as "space:" options.
func (g *Game) spaceOptions(d core.Decision, prefix string) []int {
	var buf [maxSpaces]int
	out := buf[:0]
	for _, o := range d.Options {
		if strings.HasPrefix(o.ID, prefix) {
			if i, ok := g.m.ID(o.ID[len(prefix):]); ok {
				out = append(out, i)
			}
		}
	}
	return g.keepInts(out)
}

// npSAOptionID is the option that begins Special Activity sa.
func npSAOptionID(sa string) string {
	if sd := sas[sa]; sd != nil {
		return sd.optID
	}
	return "sa:" + sa
}

// npSeedMix derives the Non-Players' own dice stream from the game's seed.
const npSeedMix = 0x5bd1e9955bd1e995

// initNP switches the named factions to the Arjuna system and shuffles the
// Arjuna deck (8.3).
func (g *Game) initNP(np []string, seed uint64) error {
	g.np = npState{rng: core.NewRNG(seed ^ npSeedMix)}
	g.np.Plan.Card = -1
	for _, id := range np {
		f, ok := ParseFaction(strings.TrimSpace(id))
		if !ok {
			return fmt.Errorf("np: unknown faction %q (raj, congress, league, rev)", core.Clip(id))
		}
		g.np.On[f] = true
	}
	if g.HasNP() {
		if g.arjuna == nil {
			return fmt.Errorf("np: this game's data has no Arjuna cards")
		}
		g.shuffleArjuna()
	}
	return nil
}

// npSetResources applies npNoResources to a newly set-up board.
func (g *Game) npSetResources() {
	for _, f := range []Faction{Raj, Rev} {
		if g.npNoResources(f) {
			g.Resources[f] = MaxResources
		}
	}
}

// shuffleArjuna gathers the Arjuna cards of every Non-Player into one deck
// and shuffles it (8.3, 8.9.4).
func (g *Game) shuffleArjuna() {
	g.np.NDeck = 0
	for k, c := range g.arjuna.Cards {
		if g.np.On[c.Faction] {
			g.np.Deck[g.np.NDeck] = int8(k)
			g.np.NDeck++
		}
	}
	d := g.np.Deck[:g.np.NDeck]
	g.np.rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
}

// drawArjuna moves cards from the top to the bottom until one of faction f
// shows (8.3 steps 1–2) and returns it.
func (g *Game) drawArjuna(f Faction) int {
	d := g.np.Deck[:g.np.NDeck]
	for range d {
		top := d[0]
		copy(d, d[1:])
		d[len(d)-1] = top
		if g.arjuna.Cards[d[0]].Faction == f {
			g.reveal("an Arjuna card was drawn")
			return int(d[0])
		}
	}
	return -1
}

// npNoResources: NP Raj and NP Revolutionaries neither track nor spend
// Resources (8.1); their Operations are limited by Activation Numbers
// instead (8.6.2). Their Resources are held at the maximum so that no cost
// check ever stops them, and nothing is added or paid.
func (g *Game) npNoResources(f Faction) bool { return g.np.On[f] && (f == Raj || f == Rev) }

// soloSeat is the seat of the one human player when every other faction is a
// Non-Player (8.10), or -1.
func (g *Game) soloSeat() int {
	seat := -1
	for f := Faction(0); f < NumFactions; f++ {
		if g.np.On[f] {
			continue
		}
		if seat >= 0 && g.Seats[f] != seat {
			return -1
		}
		seat = g.Seats[f]
	}
	if seat < 0 || !g.HasNP() {
		return -1
	}
	return seat
}
