package greatgame

import "durbar/core"

// The compact door (core.Compact): actions are places in the pending
// decision's option list. Bots and simulators play through it; the ids,
// labels and rule sections are the same as Decision's.

// Decider is the seat deciding now, -1 when the game is over.
func (g *Game) Decider() int {
	if g.Over || g.top() == nil {
		return -1
	}
	return int(g.top().Side)
}

// Legal writes the pending decision's actions into buf.
func (g *Game) Legal(buf []core.Action) []core.Action {
	if g.Over {
		return buf[:0]
	}
	return core.Actions(buf, len(g.Decision().Options))
}

// Play plays an action; one that is not legal is a *core.RuleError and
// leaves the game unchanged.
func (g *Game) Play(a core.Action) error {
	d := g.Decision()
	if int(a) >= len(d.Options) || d.Over {
		return core.IllegalAction(d, a)
	}
	return g.play(d.Options[a].ID)
}

// Spell is an action's option: id, label and rule.
func (g *Game) Spell(a core.Action) (core.Option, bool) {
	d := g.Decision()
	if int(a) >= len(d.Options) {
		return core.Option{}, false
	}
	return d.Options[a], true
}

// ActionID is an action's option id.
func (g *Game) ActionID(a core.Action) string {
	o, _ := g.Spell(a)
	return o.ID
}

// CheckInvariants is Check, by the name the shared property checks use.
func (g *Game) CheckInvariants() error { return g.Check() }
