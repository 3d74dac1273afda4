package greatgame

import (
	"fmt"
	"slices"
	"strings"
)

// Negotiations (15.0). In the phasing player's negotiations subphase it
// may negotiate with each neutral or enemy region where it has an agent in
// the capital and the capital holds no enemy combat unit (15.0, 15.5), once
// per region (15.3). The phasing player seals an agent and pounds (15.1(2));
// the other player, if it has an agent there, decides whether to oppose
// without seeing the sum (15.1(4), the note to 15.1: sums are written
// secretly and revealed together); then both are opened, the totals and
// their difference are worked out and one die is rolled on the Negotiation
// Table. Pounds committed are spent whatever the result. The rising of the
// events (pro-British, pro-Russian) uses the same table (evRise).

// negState is the negotiation being resolved.
type negState struct {
	Region    int8  // the region negotiated with, -1 none
	Agent     int16 // the phasing player's agent, -1 none
	Pounds    int8  // pounds the phasing player sealed (hidden until opened)
	Opp       int16 // the opposing agent, -1 if the other player does not oppose
	OppPounds int8  // pounds the other player added
}

// beginNegotiate starts the phasing player's negotiations subphase.
func (g *Game) beginNegotiate() {
	g.Neg = negState{Region: -1, Agent: -1, Opp: -1}
	if len(g.negRegions(g.Phasing)) > 0 {
		g.push(task(StepNegotiate, g.Phasing))
	}
}

// negCapital is the square of a region's capital.
func (g *Game) negCapital(r int) int16 {
	return int16(g.r.m.Cities[g.r.m.Regions[r].Capital].Square)
}

// negAgents lists a side's agents at a square.
func (g *Game) negAgents(s Side, sq int16) []int {
	var out []int
	for p := range g.Pieces {
		if g.Pieces[p].Loc == sq && g.IsAgent(p) && g.Owner(p) == s {
			out = append(out, p)
		}
	}
	return out
}

// negRegions lists the regions a side may negotiate with now: neutral or
// enemy, not yet tried this subphase (15.3), with one of its agents in the
// capital and no enemy combat unit there (15.0, 15.5).
func (g *Game) negRegions(s Side) []int {
	var out []int
	for r := 0; r < g.r.nr; r++ {
		if g.Control[r] == s || g.Negotiated&(1<<uint(r)) != 0 {
			continue
		}
		sq := g.negCapital(r)
		if g.Agents(sq, s) > 0 && g.CombatUnits(sq, s.Other()) == 0 {
			out = append(out, r)
		}
	}
	return out
}

// negBoP is the Balance-of-Power modifier of a side's negotiations: +1
// moderately, +2 strongly in its favour (Negotiation Table).
func (g *Game) negBoP(s Side) int {
	f, _ := g.Favour()
	if f != s {
		return 0
	}
	_, lv, _ := g.r.d.Charts.Favour(g.BoP)
	return lv.NegotiationModifier
}

// negAllCities reports whether a side has a combat unit in every city of a region.
func (g *Game) negAllCities(r int, s Side) bool {
	for _, c := range g.r.m.Regions[r].Cities {
		if !g.Occupies(s, int16(g.r.m.Cities[c].Square)) {
			return false
		}
	}
	return true
}

// negOffence is the phasing side's offensive total: the agent's political
// rating, the pounds, and the table's offensive modifiers.
func (g *Game) negOffence(r int, s Side, agent, pounds int) int {
	tot := pounds + g.negBoP(s)
	if agent >= 0 {
		tot += int(g.T(agent).Political)
	}
	for _, m := range g.r.d.Charts.Negotiation.Offensive {
		switch m.ID {
		case "every-city-occupied":
			if g.negAllCities(r, s) {
				tot += m.Value
			}
		case "controls-region":
			if c := g.r.m.RegionIndex(m.Controls); c >= 0 && g.Control[c] == s && slices.Contains(m.Targets, g.r.m.Regions[r].ID) {
				tot += m.Value
			}
		}
	}
	return tot
}

// negDefence is the defensive total against the phasing side s: the
// opposing agent's political rating and pounds, the region's victory
// points, one per colony of the other side in the region, one for Sinkiang.
func (g *Game) negDefence(r int, s Side, opp, pounds int) int {
	tot := 0
	if opp >= 0 {
		tot += int(g.T(opp).Political) + pounds
	}
	for _, m := range g.r.d.Charts.Negotiation.Defensive {
		switch m.ID {
		case "region-vp":
			tot += g.r.m.Regions[r].VP + m.Value
		case "non-phasing-colony":
			for _, mk := range g.Markers {
				if mk.Kind == Colony && mk.Side == s.Other() && g.r.m.Squares[mk.Sq].Region == r {
					tot += m.Value
				}
			}
		case "target":
			if slices.Contains(m.Targets, g.r.m.Regions[r].ID) {
				tot += m.Value
			}
		}
	}
	return tot
}

// negTable is the Negotiation Table's result for a differential and a die;
// differentials beyond the table use its end columns (1(-) is −1 or less).
func (g *Game) negTable(diff, die int) string {
	nt := &g.r.d.Charts.Negotiation
	i := max(0, min(len(nt.Columns)-1, diff-nt.Columns[0]))
	row := max(0, min(len(nt.Rows)-1, die-1))
	return nt.Rows[row][i]
}

// negResultName names a result (or combination) for people.
func (g *Game) negResultName(res string) string {
	var names []string
	for _, part := range strings.Split(res, "+") {
		name := part
		for _, r := range g.r.d.Charts.Negotiation.Results {
			if r.Code == part {
				name = r.Name
			}
		}
		names = append(names, name)
	}
	return res + " (" + strings.Join(names, " and ") + ")"
}

// negApply applies a Negotiation Table result for the phasing side p
// against region r; agent is the negotiating agent, -1 for a rising. The
// parts of a combination apply in the order printed.
func (g *Game) negApply(res string, r int, p Side, agent int) {
	o := p.Other()
	name := g.r.m.Regions[r].Name
	for _, part := range strings.Split(res, "+") {
		switch part {
		case "E":
			switch g.Control[r] {
			case NoSide:
				g.logf("%s turns belligerent for the %s (15.0 E, 5.4.2).", name, o.Title())
				g.gainControl(r, o, "negotiation result E (15.0)")
			case o:
				g.negFreeIrregular(r, o)
			}
		case "R":
			g.ShiftBoP(o, 1)
			g.logf("Reaction: the Balance of Power moves one space toward the %s (%+d).", o.Title(), g.BoP)
		case "S":
			switch g.Control[r] {
			case NoSide:
				g.logf("%s pledges allegiance to the %s (15.0 S).", name, p.Title())
				g.gainControl(r, p, "negotiation result S (15.0)")
			case o:
				g.logf("%s leaves the %s and returns to neutrality (15.0 S, 5.5).", name, o.Title())
				g.makeNeutral(r, "negotiation result S (15.0)")
			}
		case "T":
			if g.Control[r] != p {
				g.logf("Treaty: %s passes to the %s (15.0 T).", name, p.Title())
				g.gainControl(r, p, "negotiation result T (15.0)")
			}
		case "X":
			g.negTreachery(agent)
		}
	}
}

// negFreeIrregular gives the side controlling a region one free group of
// its irregulars, placed in the region away from enemy and neutral units
// (15.0 E(2)).
func (g *Game) negFreeIrregular(r int, s Side) {
	q := g.evCounters(2+r, g.evType("irregular"), 1)
	if len(q) == 0 {
		g.logf("%s: no irregular group of %s left in the mix (15.0 E).", s.Title(), g.r.m.Regions[r].Name)
		return
	}
	g.logf("%s receives a free irregular group of %s (15.0 E).", s.Title(), g.r.m.Regions[r].Name)
	g.Ev.Queue = append(g.Ev.Queue, q...)
	g.Ev.PlaceKind, g.Ev.PlaceRegion = evPlaceFree, int8(r)
	g.evBeginPlace(s)
}

// negTreachery: a die above the agent's political and military ratings
// kills it, and the Balance of Power moves one space toward its owner (15.0 X).
func (g *Game) negTreachery(agent int) {
	if agent < 0 {
		g.logf("Treachery: no agent took part; no effect.")
		return
	}
	d := g.Die()
	rating := int(g.T(agent).Political) + int(g.T(agent).Military)
	if d <= rating {
		g.logf("Treachery: roll %d against %s's %d — the agent survives.", d, g.PieceName(agent), rating)
		return
	}
	owner := g.Owner(agent)
	g.eliminate(agent)
	g.logf("Treachery: roll %d against %s's %d — the agent is killed.", d, g.PieceName(agent), rating)
	if owner != NoSide {
		g.ShiftBoP(owner, 1)
		g.logf("The Balance of Power moves one space toward the %s (%+d).", owner.Title(), g.BoP)
	}
}

// negBids lists "offer:"/"oppose:" options: each agent of a side at a square
// with 0 up to its political rating in pounds, no more than the treasury (15.1, 15.4).
func (g *Game) negBids(verb string, s Side, sq int16, o *optList) {
	for _, a := range g.negAgents(s, sq) {
		pol := int(g.T(a).Political)
		for n := 0; n <= min(pol, g.Pounds[s]); n++ {
			o.add(fmt.Sprintf("%s:%s:%d", verb, PieceID(a), n), fmt.Sprintf("%s (political %d) with %d %s", g.PieceName(a), pol, n, pl(n, "pound")))
		}
	}
}

// negParseBid reads "verb:pN:n".
func negParseBid(id string) (agent, pounds int) {
	parts := strings.Split(id, ":")
	if len(parts) != 3 {
		return -1, 0
	}
	agent, _ = parseInt(parts[1], "p")
	pounds, _ = parseInt(parts[2], "")
	return agent, pounds
}

// negResolve opens the sealed sums, totals both sides and rolls (15.1(3–8)).
func (g *Game) negResolve(p Side) {
	n := g.Neg
	r := int(n.Region)
	g.Neg = negState{Region: -1, Agent: -1, Opp: -1}
	g.reveal("negotiation offers opened")
	off := g.negOffence(r, p, int(n.Agent), int(n.Pounds))
	def := g.negDefence(r, p, int(n.Opp), int(n.OppPounds))
	opp := "unopposed"
	if n.Opp >= 0 {
		opp = fmt.Sprintf("opposed by %s with %d %s", g.PieceName(int(n.Opp)), n.OppPounds, pl(int(n.OppPounds), "pound"))
	}
	d := g.Die()
	res := g.negTable(off-def, d)
	g.logf("Negotiation with %s: offers opened — %s with %d %s, %s; total %d against %d, differential %+d; roll %d: %s.",
		g.r.m.Regions[r].Name, g.PieceName(int(n.Agent)), n.Pounds, pl(int(n.Pounds), "pound"), opp, off, def, off-def, d, g.negResultName(res))
	g.negApply(res, r, p, int(n.Agent))
}

func init() {
	defineStep(StepNegotiate, stepDef{
		name: "negotiate", rule: "15.0",
		prompt: func(g *Game, t *Task) string {
			return "Negotiations: pick a region whose capital holds one of your agents, or end the subphase."
		},
		options: func(g *Game, t *Task, o *optList) {
			for _, r := range g.negRegions(t.Side) {
				reg := &g.r.m.Regions[r]
				o.add("neg:"+reg.ID, fmt.Sprintf("negotiate with %s (%s, capital %s)", reg.Name, g.Control[r].Title(), g.r.m.Cities[reg.Capital].Name))
			}
			o.addRule("end", "end the negotiations subphase", "12.3")
		},
		apply: func(g *Game, t *Task, id string) error {
			if id == "end" {
				g.pop()
				return nil
			}
			r := g.r.m.RegionIndex(id[len("neg:"):])
			g.Negotiated |= 1 << uint(r)
			g.Neg = negState{Region: int8(r), Agent: -1, Opp: -1}
			g.push(Task{Step: StepNegOffer, Side: t.Side, Sq: g.negCapital(r), Region: int8(r), Aux: -1})
			return nil
		},
	})
	defineStep(StepNegOffer, stepDef{
		name: "negotiation-offer", rule: "15.1",
		prompt: func(g *Game, t *Task) string {
			return fmt.Sprintf("Negotiation with %s: pick your agent in %s and the pounds you seal (at most its political rating).", g.r.m.Regions[t.Region].Name, g.SqName(t.Sq))
		},
		options: func(g *Game, t *Task, o *optList) {
			g.negBids("offer", t.Side, t.Sq, o)
		},
		apply: func(g *Game, t *Task, id string) error {
			a, n := negParseBid(id)
			s, sq, r := t.Side, t.Sq, t.Region
			g.Neg.Agent, g.Neg.Pounds = int16(a), int8(n)
			g.Pounds[s] -= n
			g.pop()
			g.logf("%s negotiates with %s: %s seals an offer (15.1).", s.Title(), g.r.m.Regions[r].Name, g.PieceName(a))
			if len(g.negAgents(s.Other(), sq)) > 0 {
				g.push(Task{Step: StepNegOppose, Side: s.Other(), Sq: sq, Region: r, Aux: -1})
			} else {
				g.push(Task{Step: StepNegResolve, Side: s, Sq: sq, Region: r, Aux: -1})
			}
			return nil
		},
	})
	defineStep(StepNegOppose, stepDef{
		name: "negotiation-oppose", rule: "15.1",
		prompt: func(g *Game, t *Task) string {
			reg := &g.r.m.Regions[t.Region]
			return fmt.Sprintf("The %s negotiate with %s through %s and a sealed sum of pounds. Oppose with an agent in %s and pounds (at most its political rating), or not?",
				t.Side.Other().Title(), reg.Name, g.PieceName(int(g.Neg.Agent)), g.r.m.Cities[reg.Capital].Name)
		},
		options: func(g *Game, t *Task, o *optList) {
			g.negBids("oppose", t.Side, t.Sq, o)
			o.add("none", "do not oppose")
		},
		apply: func(g *Game, t *Task, id string) error {
			s, sq, r := t.Side, t.Sq, t.Region
			if id != "none" {
				a, n := negParseBid(id)
				g.Neg.Opp, g.Neg.OppPounds = int16(a), int8(n)
				g.Pounds[s] -= n
				g.logf("%s opposes with %s (15.1(4)).", s.Title(), g.PieceName(a))
			} else {
				g.logf("%s does not oppose.", s.Title())
			}
			g.pop()
			g.push(Task{Step: StepNegResolve, Side: s.Other(), Sq: sq, Region: r, Aux: -1})
			return nil
		},
	})
	defineAuto(StepNegResolve, func(g *Game, t *Task) {
		p := t.Side
		g.pop()
		g.negResolve(p)
	})
}

// checkNeg verifies an open negotiation: a region being negotiated, marked
// as tried, with the phasing agent in its capital and its sum within its
// rating.
func (g *Game) checkNeg() error {
	t := g.top()
	if t == nil || (t.Step != StepNegOffer && t.Step != StepNegOppose) {
		return nil
	}
	r := int(g.Neg.Region)
	if r < 0 || r >= g.r.nr || g.Negotiated&(1<<uint(r)) == 0 {
		return fmt.Errorf("negotiation open with region %d not marked as tried (15.3)", r)
	}
	if t.Step == StepNegOppose {
		a := int(g.Neg.Agent)
		if a < 0 || a >= len(g.Pieces) || !g.IsAgent(a) || g.Pieces[a].Loc != g.negCapital(r) {
			return fmt.Errorf("negotiating agent %d not in the capital of %s (15.0)", a, g.r.m.Regions[r].Name)
		}
		if g.Neg.Pounds < 0 || int(g.Neg.Pounds) > int(g.T(a).Political) {
			return fmt.Errorf("%d pounds sealed with %s, political %d (15.1(2))", g.Neg.Pounds, g.PieceName(a), g.T(a).Political)
		}
	}
	return nil
}
