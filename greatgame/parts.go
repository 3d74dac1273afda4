package greatgame

// checkParts runs each rule file's own invariants.
func (g *Game) checkParts() error {
	for _, check := range []func() error{g.checkCombat, g.checkEvents, g.checkEcon, g.checkMove} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}
