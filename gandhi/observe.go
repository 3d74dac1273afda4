package gandhi

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

// ActivistsActive reports whether Activists in space i are Active: in a
// Protest space or on a Railway (1.4.3).
func (g *Game) ActivistsActive(i int) bool { return g.activistsActive(i) }
