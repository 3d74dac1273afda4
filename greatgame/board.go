package greatgame

// What a front end needs to draw a seat's observation: the names of
// locations and regions as option ids and positions spell them, and each
// counter the seat may examine as its face shows it. Nothing here reads
// more than the counter or location asked about.

// LocID is a location's id as positions and boards spell it: a square's
// CCRR, "base-british", "base-russian", "prison-british",
// "prison-russian", "dead" or "gone"; "" for the counter mix.
func (g *Game) LocID(loc int16) string {
	if loc >= 0 && int(loc) < len(g.r.m.Squares) {
		return g.r.m.Squares[loc].ID
	}
	return locNames[loc]
}

// Counter is a counter as its face shows it.
type Counter struct {
	Index  int    // the piece's number: PieceID is "p" and it
	Nation string // british, russian, a region id, or the ghazis' id
	Owner  Side   // who controls it now (5.0); NoSide for neutral
	Agent  bool
	Type   string // the unit type id ("field-force"); "" for an agent
	Kind   string // an agent's kind: historical, pundit, khan, mullah
	Name   string // PieceName: "Alexander Burnes", "British Field force XX (8)"
	Abbr   string // an agent's short name as printed on the counter
	// Brigades, Strength and Move are the current face's (an elephant on
	// its back shows fewer); CRT is its table letter (B, R or C).
	Brigades, Strength, Move int
	CRT                      string
	Political, Military      int // an agent's ratings
	Reduced                  bool
}

// Counter describes piece p. A front end calls it only for the counters
// the seat's observation lets it examine.
func (g *Game) Counter(p int) Counter {
	t := g.T(p)
	c := Counter{Index: p, Nation: g.r.nationName(t.Nation), Owner: g.Owner(p), Agent: t.Agent >= 0,
		Name: g.PieceName(p), Move: g.MoveFactor(p)}
	if c.Agent {
		a := &g.r.d.Counters.Agents[t.Agent]
		c.Kind, c.Abbr = a.Kind, a.Abbr
		c.Political, c.Military = int(t.Political), int(t.Military)
		return c
	}
	c.Type = g.r.types[t.Type]
	c.Brigades, c.Strength = g.Brigades(p), g.Strength(p)
	c.CRT = string(g.CRTLetter(p))
	c.Reduced = t.Back != nil && g.Pieces[p].Flags&FlagBack != 0
	return c
}

// StepName is the kind of the pending decision, as Observation.Pending.Step
// names it for both seats ("spend", "march"…); "" when none is pending.
func (g *Game) StepName() string {
	if t := g.top(); t != nil && !g.Over {
		return stepDefs[t.Step].name
	}
	return ""
}
