package greatgame

// Negotiations (15.0). STUB.

// negState is the negotiation being resolved.
type negState struct{}

// beginNegotiate starts the phasing player's negotiations subphase.
func (g *Game) beginNegotiate() {}
