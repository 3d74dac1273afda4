package gandhi

import (
	"slices"

	"durbar/core"
)

// Read-only views of state that front ends show but the rules keep
// unexported. Nothing here changes the game.

// CardActions is what the factions have done on the card being played
// (2.3): who has acted or passed, who executed an Operation or Event, and
// what the 1st Eligible faction executed, which limits the 2nd (2.3.4).
type CardActions struct {
	Done     [NumFactions]bool // acted or passed on this card
	Acted    [NumFactions]bool // executed an Operation or an Event
	FirstDid string            // "op", "opsa" (with a Special Activity), "event", or "" before anyone acted
}

// CardActions reports the factions' actions on the current card.
func (g *Game) CardActions() CardActions {
	return CardActions{Done: g.card.Done, Acted: g.card.Acted, FirstDid: g.card.FirstDid}
}

// MarkersOnMap counts the Protest, Unrest and Strike (one pool, 1.11) and
// Muslim State markers on the map.
func (g *Game) MarkersOnMap() (protests, unrestStrikes, muslimStates int) {
	return g.protestsOnMap(), g.unrestStrikeOnMap(), g.muslimStatesOnMap()
}

// Crisis reports whether Restraint and Unity both stand at 1 (6.8).
func (g *Game) Crisis() bool { return g.crisis() }

// RajControl reports whether the Raj Controls space i (1.7).
func (g *Game) RajControl(i int) bool { return g.Sp[i].Control }

// ActivistsActive reports whether Activists in space i are Active: in a
// Protest space or on a Railway (1.4.3).
func (g *Game) ActivistsActive(i int) bool { return g.activistsActive(i) }

// Observation is everything a seat may see (core.Observer): the whole game
// but the order of the draw deck below the Upcoming card, the order of the
// Arjuna deck and the random streams' future. Gandhi has no secret of one
// player from another, so every seat sees the same.
func (g *Game) Observation(seat int) any {
	c := *g.clone()
	c.Draw = nil
	c.rng = core.RNG{Draws: g.rng.Draws}
	c.np.rng = core.RNG{Draws: g.np.rng.Draws}
	c.dice = nil // the rolls to come
	c.np.Deck = [len(g.np.Deck)]int8{}
	c.pend = nil
	return view{Game: c, DrawLeft: len(g.Draw), CampaignsLeft: g.renderCampaignsLeft(), Decision: g.Decision()}
}

type view struct {
	Game
	DrawLeft, CampaignsLeft int
	Decision                core.Decision
}

// Determinize samples what no player can see (core.Determinizer): the draw
// deck below the Upcoming card is reshuffled, keeping how many Campaign
// cards it holds, and so is the Arjuna deck; both random streams are
// reseeded, keeping their draw counts (the undo barrier).
func (g *Game) Determinize(seed uint64) {
	r := core.NewRNG(seed)
	g.Draw = slices.Clone(g.Draw)
	r.Shuffle(len(g.Draw), func(i, j int) { g.Draw[i], g.Draw[j] = g.Draw[j], g.Draw[i] })
	d := g.np.Deck[:g.np.NDeck]
	r.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	np := core.NewRNG(seed ^ npSeedMix)
	r.Draws, np.Draws = g.rng.Draws, g.np.rng.Draws
	g.rng, g.np.rng = r, np
	g.dice = nil // rolls fixed in advance are the future too
	g.pend = nil
}
