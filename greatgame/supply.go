package greatgame

// Supply (17.3–17.6). STUB.

// beginSupply is the supply phase (3.1(14)).
func (g *Game) beginSupply() {}
