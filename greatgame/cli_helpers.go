package greatgame

// What the command line (greatgameplug) asks of a game beyond the decision
// model: names for people.

// ScenarioName names the scenario in play for people: "To Afghanistan!",
// or for scenario 3 "The Great Game (from the set-up of Clash of
// Empires)"; a game begun from a position says so.
func (g *Game) ScenarioName() string {
	sf := &g.r.d.Scenarios
	find := func(id string) *Scenario {
		for i := range sf.Scenarios {
			if sf.Scenarios[i].ID == id {
				return &sf.Scenarios[i]
			}
		}
		return nil
	}
	id := scenarioIDs[g.scen]
	if id == "" {
		id = g.scen
	}
	sc := find(id)
	if sc == nil {
		return "scenario " + g.scen
	}
	name := sc.Name
	if len(sc.SetupFrom) > 0 && g.start >= 1 && g.start <= len(sc.SetupFrom) {
		if from := find(sc.SetupFrom[g.start-1]); from != nil {
			name += " (from the set-up of " + from.Name + ")"
		}
	}
	if g.Setup.Position != nil {
		name += ", from a position"
	}
	return name
}
