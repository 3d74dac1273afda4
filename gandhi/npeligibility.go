package gandhi

import (
	"fmt"
	"slices"
)

// NP Eligibility (8.2): what a Non-Player faction does when it is 1st or 2nd
// Eligible on the current card. The procedure is the ordered table of the
// Arjuna data; this file gives its conditions their meaning on a game.
// Whether an Event is effective for a faction (8.8.3) depends on the NP
// engine's reading of the card, so the caller supplies it.

// EffectiveFunc reports whether executing the card's Event would be
// effective for the faction (8.8.3).
type EffectiveFunc func(card int, f Faction) bool

// NPEligibility returns the action of the first row of the NP Eligibility
// table whose conditions hold: "event", "op-only", "limited-op", "op-sa" or
// "pass".
func (g *Game) NPEligibility(a *Arjuna, f Faction, effective EffectiveFunc) (string, error) {
	rows := a.Eligibility.First
	if !g.isFirst() {
		rows = a.Eligibility.Second
	}
	for _, r := range rows {
		all := true
		for _, c := range r.All {
			ok, err := g.npCondition(c, f, effective)
			if err != nil {
				return "", err
			}
			all = all && ok
		}
		anyOK := len(r.Any) == 0
		for _, c := range r.Any {
			ok, err := g.npCondition(c, f, effective)
			if err != nil {
				return "", err
			}
			anyOK = anyOK || ok
		}
		if all && anyOK {
			return r.Action, nil
		}
	}
	return "", fmt.Errorf("no NP Eligibility row applies to %s", f)
}

func (g *Game) critical(card int, f Faction) bool {
	c, ok := g.deck.Cards[card]
	return ok && !c.Campaign && slices.Contains(c.Critical, f)
}

// nextEligible is the faction after f in the current card's order that may
// still act on it.
func (g *Game) nextEligible(f Faction) (Faction, bool) {
	order := g.deck.Cards[g.Current].Order
	seen := false
	for _, h := range order {
		if h == f {
			seen = true
			continue
		}
		if seen && g.Eligible[h] && !g.card.Done[h] {
			return h, true
		}
	}
	return 0, false
}

// GuaranteedFirstNext: whatever the others do, f will be 1st Eligible on the
// Upcoming card if it passes now — every faction left of it there is
// certain to be Ineligible (it has acted on this card, or an Event made it
// Ineligible through the next card).
func (g *Game) GuaranteedFirstNext(f Faction) bool {
	c, ok := g.deck.Cards[g.Upcoming]
	if !ok || c.Campaign || g.IneligibleNext[f] {
		return false
	}
	for _, h := range c.Order {
		if h == f {
			return true
		}
		if !g.IneligibleNext[h] && (!g.card.Acted[h] || g.card.StayEligible[h]) {
			return false // h may be Eligible there (2.3.6)
		}
	}
	return false
}

func (g *Game) npCondition(name string, f Faction, effective EffectiveFunc) (bool, error) {
	cur := g.Current
	switch name {
	case "current-critical-effective":
		return g.critical(cur, f) && effective(cur, f), nil
	case "current-critical-for-next":
		h, ok := g.nextEligible(f)
		return ok && g.critical(cur, h), nil
	case "first-next-card":
		return g.GuaranteedFirstNext(f), nil
	case "upcoming-critical":
		return g.critical(g.Upcoming, f), nil
	case "current-not-critical":
		return !g.critical(cur, f), nil
	case "current-not-executable":
		return g.critical(cur, f) && (!effective(cur, f) || g.card.FirstDid == "op"), nil
	case "current-effective":
		return effective(cur, f), nil
	case "current-not-effective":
		return !effective(cur, f), nil
	case "first-did-op-sa":
		return g.card.FirstDid == "opsa", nil
	case "first-did-op-only":
		return g.card.FirstDid == "op", nil
	}
	return false, fmt.Errorf("unknown NP Eligibility condition %q", name)
}
