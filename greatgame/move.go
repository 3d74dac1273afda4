package greatgame

// Movement (11.0, 13.0, 19.0). STUB: the movement subphase ends at once.

// forceState is the force moving now.
type forceState struct{}

func (f forceState) clone() forceState { return f }
func (f *forceState) reset()           {}

// beginMove starts the phasing player's movement subphase.
func (g *Game) beginMove() {}
