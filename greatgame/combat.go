package greatgame

// Combat (14.0), open war (24.0), agents' capture (16.3), massacres (20.5). STUB.

// fightState is the combat being resolved.
type fightState struct{}

func (f fightState) clone() fightState { return f }
func (f *fightState) reset()           {}

// beginCombat is the phasing player's combat subphase.
func (g *Game) beginCombat() {}

// afterCombat checks agents for capture and offers massacres (3.1(4)d).
func (g *Game) afterCombat() {}
