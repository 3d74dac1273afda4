package gandhi

// Non-Player Events (8.8): which are effective, and with which column of
// the Space Selection Priorities table their spaces are chosen.

// npEventEffective reports whether executing the card's Event would be
// effective for faction f (8.8.3).
func (g *Game) npEventEffective(card int, f Faction) bool { return false }

// npEventColumn is the column faction f uses to select spaces for the
// Event's text (8.8.5).
func (g *Game) npEventColumn(card int, f Faction, shaded bool) string { return npDefaultColumn(f) }
