package greatgame

// Control, belligerence, return to neutrality and defection (5.0). STUB.

// checkBelligerence is the phasing player's belligerence check subphase (5.4.1).
func (g *Game) checkBelligerence() {}
