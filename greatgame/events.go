package greatgame

// Random events (8.0) and Jihad (21.0). STUB: the events helper owns this file.

// eventState is what this turn's events changed. Other rules read it:
// income (European War, Famine, Trade Boom), recruiting (European War),
// operations (Indian Mutiny, Nihilist Revolt), movement and combat
// (Anglo-Russian Accord), the end of the turn (forward policy, the
// Duhamel-Khrulev plan, ghazis leave).
type eventState struct {
	// Drawn lists this turn's events in order (8.2: the same one twice is no event).
	Drawn []string
	// FirstOpsOnly: the side may operate only in its first operations
	// phase this turn (Indian Mutiny, Nihilist Revolt).
	FirstOpsOnly [2]bool
	// GovHalf: government income halved this turn (European War).
	GovHalf bool
	// NoRegulars: no regular units may be recruited this turn (European War).
	NoRegulars bool
	// CityDiv, CityMul: city income divided (Famine) or multiplied (Trade
	// Boom) this turn; 0 means 1.
	CityDiv, CityMul int
	// Accord: the Anglo-Russian Accord is in force for the rest of the turn.
	Accord bool
	// CityGoal: at the end of the turn a side gains or loses pounds by the
	// cities it occupies against StartCities (British forward policy,
	// Duhamel-Khrulev plan).
	CityGoal [2]bool
	// Jihad: ghazis and the Mad Mullah are on the map until the end of the turn (21.3).
	Jihad bool
	// Happened: events that may happen only once per game and have (the
	// Indian Mutiny), kept across turns.
	Happened []string
}

func (e eventState) clone() eventState {
	c := e
	c.Drawn = append([]string(nil), e.Drawn...)
	c.Happened = append([]string(nil), e.Happened...)
	return c
}

// rollEvents is the random events phase (8.1).
func (g *Game) rollEvents() {}
