package greatgame

import (
	"cmp"
	"slices"

	"durbar/core"
)

// Sample is a copy of the game as one seat may imagine it: everything the
// seat sees (its Observation) is kept, and everything it cannot see is drawn
// afresh from seed, so that two true states the seat cannot tell apart give
// the same sample. Computer players read only samples (Bot, Search), which
// makes their choices honest by construction; TestBotsAreHonest checks it.
//
// What is drawn (22.0, 9.0, 15.1, 3.1(3)):
//   - the counters of each nation of the other side (and of neutral
//     regions) that the seat may not examine, on the map or in a base,
//     together with that nation's counters in the counter mix: they are
//     pooled (agents with combat units: a stack the seat may not examine
//     does not tell them apart) and dealt again to the hidden places (a
//     place keeps its square and its flags);
//   - the counters and markers the other side bought in the running income
//     phase, which the seat has not seen at all, go back to the mix;
//   - the other side's treasury, from what the seat knows of its income,
//     and never below a sum that side has offered the seat;
//   - the supply points the other side bought in the running income phase;
//   - the pounds the other side sealed in a negotiation the seat opposes;
//   - the dice: the random source is reseeded.
//
// The sample has no log. A sample for a spectator or a finished game is a
// reseeded copy.
func (g *Game) Sample(seat Side, seed uint64) *Game {
	c := g.clone()
	c.Log, c.quiet = nil, true
	c.resample(seat, seed)
	return c
}

// resample does Sample's drawing in place.
func (g *Game) resample(me Side, seed uint64) {
	g.reseed(seed)
	if g.Over || (me != British && me != Russian) {
		return
	}
	other := me.Other()
	mix := core.NewRNG(seed ^ 0x2545f4914f6cdd1d)
	t := g.top()

	// Counters whose place a pending decision names stay where they are
	// (as Determinize), and so do those an event's options name to the
	// seat: it sees them.
	busy := g.pinnedPieces()
	if t != nil && t.Side == me {
		switch t.Step {
		case StepEventRemove, StepEventPlace, StepEventPick, StepEventRegion:
			optionPieces(g.Decision(), func(p int) { busy[int16(p)] = true })
		}
	}

	// The other side's purchases of the running income phase, unseen.
	for i := range g.Pieces {
		p := &g.Pieces[i]
		if p.Flags&FlagNew != 0 && p.Flags&FlagReorg == 0 && g.Owner(i) == other && !busy[int16(i)] {
			p.Loc, p.Flags = LocAvail, 0
		}
	}
	if n := g.Econ.NewMarkers; n > 0 {
		keep := g.Markers[:len(g.Markers)-n]
		kept := 0
		for _, m := range g.Markers[len(g.Markers)-n:] {
			if m.Side != other {
				keep = append(keep, m)
				kept++
			}
		}
		g.Markers, g.Econ.NewMarkers = keep, kept
	}

	// Pools of unseen counters, by nation, and their places.
	var seen seenSet
	g.seen(&seen)
	type slot struct {
		loc   int16
		flags uint8
	}
	occ := g.occupancy()
	nations := g.r.ghazi + 1
	pools := make([][]int, nations)
	slots := make([][]slot, nations)
	base := BaseLoc(other)
	for i := range g.Pieces {
		p := g.Pieces[i]
		if busy[int16(i)] || p.Flags&FlagNew != 0 {
			continue
		}
		owner := g.Owner(i)
		if owner == me {
			continue
		}
		hiddenPlace := p.Loc >= 0 && seen[me][i/64]&(1<<(i%64)) == 0 || p.Loc == base
		if !hiddenPlace && p.Loc != LocAvail {
			continue
		}
		k := int(g.T(i).Nation)
		pools[k] = append(pools[k], i)
		if hiddenPlace {
			slots[k] = append(slots[k], slot{p.Loc, p.Flags})
		}
	}
	for k := range pools {
		if len(slots[k]) == 0 {
			continue
		}
		// Pools are in piece order and places in place order, whatever the
		// true deal was; the deal is drawn from the seat's seed alone.
		slices.SortFunc(slots[k], func(a, b slot) int {
			return cmp.Or(cmp.Compare(a.loc, b.loc), cmp.Compare(a.flags, b.flags))
		})
		ps := pools[k]
		for _, i := range ps {
			g.Pieces[i].Loc, g.Pieces[i].Flags = LocAvail, 0
		}
		mix.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
		// A place where the rules allow only agents gets an agent first
		// (as many as the pool holds), in the shuffled order; the other
		// places are dealt the rest.
		forced, used := g.Owner(ps[0]) == other, 0
		dealt := make([]bool, len(slots[k]))
		for j, s := range slots[k] {
			if !forced || !g.agentsOnly(s.loc, occ) {
				continue
			}
			for n := used; n < len(ps); n++ {
				if g.IsAgent(ps[n]) {
					ps[used], ps[n] = ps[n], ps[used]
					g.Pieces[ps[used]].Loc, g.Pieces[ps[used]].Flags = s.loc, s.flags
					used, dealt[j] = used+1, true
					break
				}
			}
		}
		for j, s := range slots[k] {
			if !dealt[j] && used < len(ps) {
				g.Pieces[ps[used]].Loc, g.Pieces[ps[used]].Flags = s.loc, s.flags
				used++
			}
		}
	}

	g.redrawPurse(me, &mix)
	if t != nil && t.Step == StepNegOppose && t.Side == me && g.Neg.Agent >= 0 {
		g.Neg.Pounds = int8(mix.IntN(int(g.T(int(g.Neg.Agent)).Political) + 1))
	}
}

// redrawPurse draws what seat me cannot see of the other side's money: its
// treasury as me may reckon it (9.0: totals may be kept secret), from me's
// own treasury scaled by the two sides' city incomes (both sides bank
// several turns' income, and the two treasuries run alike), give or take
// half, and never below a sum that side has offered me; and the supply
// points it bought in the running income phase, secret until the phase
// ends. It reads nothing me cannot see.
func (g *Game) redrawPurse(me Side, rng *core.RNG) {
	other := me.Other()
	low := 0
	if t := g.top(); t != nil && t.Step == StepDealAnswer && g.Deal.From == other {
		low = int(g.Deal.Give)
	}
	var inc [2]int
	inc[0], inc[1] = 10, 10
	for r := 0; r < g.r.nr; r++ {
		if c := g.Control[r]; c == British || c == Russian {
			for _, ci := range g.r.m.Regions[r].Cities {
				inc[c] += g.r.m.Cities[ci].Income
			}
		}
	}
	est := max(g.Pounds[me], inc[me]) * inc[other] / inc[me]
	g.Pounds[other] = max(low, est/2+rng.IntN(est+1))
	g.Econ.NewSP[other] = 0
	if g.Seq == SeqIncome {
		g.Econ.NewSP[other] = rng.IntN(6)
	}
}

// agentsOnly says whether a hidden counter of the other side at loc can
// only be an agent, by what the rules let the seat deduce: a side's combat
// units (its natives' too) standing in a neutral region's city, or with
// its combat units, hand the region to the other side at the belligerence
// check (5.4.1), and agents never do (5.4.4); so a counter of that side
// standing there is an agent. Where neutral counters stand (occ, the
// occupancy) is public; a neutral stack is taken to hold combat units (a
// neutral agent standing alone outside a city, which would make the
// deduction wrong, is rare).
func (g *Game) agentsOnly(loc int16, occ []uint8) bool {
	return loc >= 0 && (occ[loc]&(occBit(NoSide, false)|occBit(NoSide, true)) != 0 || g.neutralCity(loc))
}
