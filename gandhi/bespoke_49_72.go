package gandhi

// Bespoke Event steps for cards 49-72 (data/effects/cards-49-72.json): the
// few texts the step vocabulary of docs/gandhi-cards.md cannot express.

func init() {
	// x49-congress-to-league (card 49 shaded): "in each of the selected
	// spaces, replace 1 Congress Activist with a Muslim League Activist"
	// (removal only if none is Available, 5.1). The vocabulary's replace
	// takes up to n pieces in total, not one per space.
	evExtra["x49-congress-to-league"] = func(g *Game, fr *frame, st EvStep, sub frame) {
		for _, i := range g.selected() {
			if g.Sp[i].P[CongAct] > 0 {
				g.evTake(i, CongAct, EvStep{Do: "replace", To: LeagueAct.ID()})
			}
		}
	}
	// x49-adjacent (card 52 shaded): the selection becomes every space
	// matching where that is adjacent to a selected space; the spaces
	// selected so far leave the selection ("…then in each adjacent space").
	evExtra["x49-adjacent"] = func(g *Game, fr *frame, st EvStep, sub frame) {
		var next [maxSpaces]bool
		for i := range g.Sp {
			if g.turn.EvSel[i] || !g.matches(st.Where, i) {
				continue
			}
			for _, a := range g.space(i).Adj {
				if g.turn.EvSel[a] {
					next[i] = true
				}
			}
		}
		g.turn.EvSel, g.turn.EvHit = next, [maxSpaces]bool{}
	}
	// x49-league-selects (card 56 unshaded): like select, but the Muslim
	// League, not the executing Faction, chooses ("The Muslim League may…").
	evExtra["x49-league-selects"] = func(g *Game, fr *frame, st EvStep, sub frame) {
		sub.Step, sub.B, sub.F = "ev-select", max(st.N, 1), League
		g.push(sub)
	}
	// x49-remove-muslim-state (cards 67, 72 unshaded): the Muslim State
	// marker leaves each selected space, which is a Province again.
	evExtra["x49-remove-muslim-state"] = func(g *Game, fr *frame, st EvStep, sub frame) {
		for _, i := range g.selected() {
			if g.Sp[i].MuslimState {
				g.removeMuslimState(i)
			}
		}
	}
}
