package greatgame

// Control, belligerence, return to neutrality and defection (5.0). STUB:
// the combat helper owns this file; the functions below are the contract
// other rules call.

// checkBelligerence is the phasing player's belligerence check subphase (5.4.1).
func (g *Game) checkBelligerence() {}

// gainControl gives a region to a side by an event, a negotiation or an
// invasion (5.4, 5.6): a neutral region becomes belligerent with its
// defence recruits (5.4.2(3), pushing the placing decisions), a region of
// the other side defects (5.6: its units stacked with the old owner's units
// are eliminated). why is said in the log.
func (g *Game) gainControl(region int, to Side, why string) {
	g.Control[region] = to
}

// makeNeutral returns a region to neutrality (5.5): its units outside it go
// home (or are eliminated).
func (g *Game) makeNeutral(region int, why string) {
	g.Control[region] = NoSide
}
