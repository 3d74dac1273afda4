package gandhi

// Events (5.0). Each card's two texts are executed by code registered here
// under its number; the card file holds titles, orders and texts. A card
// whose effects are not registered offers no Event option.

type eventImpl struct {
	unshaded, shaded func(g *Game, f Faction)
}

var eventImpls = map[int]eventImpl{}

func (g *Game) eventPlayable(n int) bool {
	_, ok := eventImpls[n]
	return ok
}

func (g *Game) startEvent(f Faction, shaded bool) {
	e := eventImpls[g.Current]
	side := "unshaded"
	if shaded {
		side = "shaded"
		e.shaded(g, f)
	} else {
		e.unshaded(g, f)
	}
	g.logf("%s executes the %s Event of %s.", f, side, g.deck.Cards[g.Current].Title)
}
