package greatgame

// The start and end of the turn, the Balance of Power phase and victory
// (4.1, 16.3.2, 25.0, scenario special rules). STUB.

// beginTurn starts a turn: scenario special rules, prisoners.
func (g *Game) beginTurn() { g.logf("=== %s ===", g.Years()) }

// bopPhase is the Balance of Power phase (3.1(15), 4.1).
func (g *Game) bopPhase() {}

// endTurn is the end of the turn (3.1(16)).
func (g *Game) endTurn() {}

// finish ends the game and scores it (25.0).
func (g *Game) finish() { g.Over = true }

// Result describes the outcome once the game is over.
func (g *Game) Result() string {
	if !g.Over {
		return ""
	}
	return "game over"
}

// Outcome is each seat's result (core.Scorer).
func (g *Game) Outcome() []float64 { return []float64{0.5, 0.5} }
