package gandhi

// Bespoke Event steps for cards 49-72 (data/effects/cards-49-72.json): the
// few texts the step vocabulary of docs/gandhi-cards.md cannot express.

func init() {
	// x49-adjacent (card 52 shaded): the selection becomes every space
	// matching where that is adjacent to a selected space; the spaces
	// selected so far leave the selection ("…then in each adjacent space").
	evExtra["x49-adjacent"] = func(g *Game, fr *frame, st EvStep, sub frame) {
		var next spaceSet
		for i := range g.Sp {
			if g.turn.EvSel.has(i) || !g.matches(st.Where, i) {
				continue
			}
			for _, a := range g.space(i).Adj {
				if g.turn.EvSel.has(a) {
					next.add(i)
				}
			}
		}
		g.turn.EvSel, g.turn.EvHit = next, 0
	}
}
