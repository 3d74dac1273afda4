package greatgame

// Random events (8.0) and Jihad (21.0). STUB.

// eventState is what this turn's events changed.
type eventState struct {
	// FirstOpsOnly: the side may operate only in its first operations
	// phase this turn (Indian Mutiny, Nihilist Revolt).
	FirstOpsOnly [2]bool
}

func (e eventState) clone() eventState { return e }

// rollEvents is the random events phase (8.1).
func (g *Game) rollEvents() {}
