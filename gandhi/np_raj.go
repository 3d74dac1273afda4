package gandhi

import (
	"fmt"
	"strings"

	"durbar/core"
)

// NP British Raj: the procedures of its Operations (8.6.2, 8.6.3), Special
// Activities (8.7.1) and the other decisions of 8.1.4. The generic "op",
// "sa" and "remove" steps of np_turn.go select the spaces (card column,
// Activation rolls after each space where Sepoys operated, Adversary
// Priorities); this file narrows the spaces each procedure may select and
// answers the Raj's own steps.

func init() {
	// Deploy (3.2.1, 8.6.3): Cities by the Place Cubes column.
	npOpFilter["deploy"] = func(g *Game, i int) bool { return g.npDeployUseful(i) }
	npHandle("deploy", npRajDeploy)
	npHandle("deploy-oop", npRajDeployOOP)

	// Garrison: NP Raj never executes it (8.6.3), not even when an Event
	// offers it for free.
	npOpFilter["garrison"] = func(g *Game, i int) bool { return false }

	// Sweep (3.2.3, 8.6.3 with the Move Priorities 8.4.2).
	npOpFilter["sweep"] = func(g *Game, i int) bool { return g.npSweepEligible(i) }
	npOpPick["sweep"] = npRajSweepPick
	npHandle("sweep", npRajSweep)

	// Assault (3.2.4, 8.6.3): only where it has some effect.
	npOpFilter["assault"] = func(g *Game, i int) bool { return g.npAssaultUseful(i) }
	npOpPick["assault"] = npRajAssaultPick
	npHandle("assault", npRajAssault)

	// Special Activities (8.7.1).
	npRajSAFilter("remove-active", "treaty", func(g *Game, i int) bool {
		return has(core.Decision{Options: treatyOptions(g, i)}, "remove")
	})
	npRajSAFilter("remove-protests", "govern", func(g *Game, i int) bool {
		return g.cubes(i) > 0 && has(core.Decision{Options: governOptions(g, i)}, "protest")
	})
	npRajSAFilter("imperialism", "govern", func(g *Game, i int) bool {
		return g.np.Plan.Budget != 0 && g.cubes(i) > 0 && has(core.Decision{Options: governOptions(g, i)}, "imperialism")
	})
	npRajSAFilter("remove-adversary", "govern", func(g *Game, i int) bool {
		return g.cubes(i) > 0 && g.npGovernRemoval(i) != ""
	})
	npRajSAFilter("martial-law", "martial-law", func(g *Game, i int) bool {
		// From spaces that already have Unrest, unless Lord Linlithgow
		// is Viceroy (8.1.6, 8.7.1).
		return g.viceroy() == Linlithgow || g.npSpaceCond(Raj, "has-unrest", i)
	})
	npHandle("treaty", npRajTreaty)
	npHandle("treaty-move", func(g *Game, fr *frame, d core.Decision) (string, string) {
		return "done", "Treaty (8.7.1): NP Raj only removes Active adversaries"
	})
	npHandle("govern", npRajGovern)
	npHandle("imperialism", npRajImperialism)
	npHandle("martial-law", npRajMartialLaw)

	// Other decisions (8.1.4).
	npHandle("raj-release", func(g *Game, fr *frame, d core.Decision) (string, string) {
		return "refuse", "NP Raj always refuses to release Gandhi (8.1.4)"
	})
	npHandle("crisis-cubes", npRajCrisisCubes)
	npHandle("evict-troops", npRajEvictTroops)
}

// npRajSAFilter sets the filter of a Special Activity action for the Raj's
// Special Activity sa, keeping a filter another faction registered for the
// same action name for every other Special Activity.
func npRajSAFilter(action, sa string, keep func(g *Game, i int) bool) {
	prev := npSAFilter[action]
	npSAFilter[action] = func(g *Game, i int) bool {
		if g.turn.SA == sa {
			return keep(g, i)
		}
		return prev == nil || prev(g, i)
	}
}

// npRajSepoys: NP Raj may still operate with Sepoys in this Operation, its
// Activation roll not having failed (8.6.2).
func (g *Game) npRajSepoys() bool { return !g.np.Plan.ActFailed }

// ---- Deploy ----

// npDeployUseful: Deploy in City i would place a cube from Available by
// 8.6.3 — a Troop toward three, or (before a failed Activation roll) Sepoys.
// NP Raj never takes cubes from the map (8.1).
func (g *Game) npDeployUseful(i int) bool {
	if int(g.Sp[i].P[Troop]) < 3 && g.Avail[Troop] > 0 {
		return true
	}
	return g.npRajSepoys() && g.Avail[Sepoy] > 0
}

// npRajDeploy gets three Troops to the City, then Sepoys up to six cubes
// placed; after a failed Activation roll only Troops (8.6.3, the "Get"
// example of 8.1.5).
func npRajDeploy(g *Game, fr *frame, d core.Decision) (string, string) {
	i := fr.Space
	name := g.space(i).Name
	if int(g.Sp[i].P[Troop]) < 3 && has(d, "troop") {
		return "troop", g.npWhy(func() string {
			return fmt.Sprintf("Deploy (8.6.3): get 3 Troops to %s (%d there)", name, int(g.Sp[i].P[Troop]))
		})
	}
	if g.npRajSepoys() && has(d, "sepoy") {
		g.np.Plan.SepoysUsed = true
		return "sepoy", g.npWhy(func() string {
			return fmt.Sprintf("Deploy (8.6.3): then Sepoys in %s, up to 6 cubes placed (%d so far)", name, fr.N)
		})
	}
	why := "Deploy (8.6.3): " + name + " is done"
	switch {
	case int(g.Sp[i].P[Troop]) < 3 || g.npRajSepoys() && g.Avail[Sepoy] == 0:
		why += ": no more cubes Available (NP Raj never takes them from the map, 8.1)"
	case !g.npRajSepoys():
		why += ", Troops only after the failed Activation roll (8.6.2)"
	}
	return "done", why
}

// npRajDeployOOP moves two cubes from Out of Play to Available, Troops
// first (8.6.3).
func npRajDeployOOP(g *Game, fr *frame, d core.Decision) (string, string) {
	for _, id := range []string{"troop", "sepoy"} {
		if has(d, id) {
			return id, "Deploy (8.6.3): 2 cubes from Out of Play to Available, Troops first: " + id
		}
	}
	return "done", "Deploy (8.6.3): no cube Out of Play"
}

// ---- Sweep ----

// npKeepsControl: moving one cube out of space x loses no Raj Control there
// (Move Priorities 8.4.2).
func (g *Game) npKeepsControl(x int) bool {
	return !g.Sp[x].Control || g.cubes(x)-1 > g.activeNonRaj(x)
}

// npSweepOrigins lists the spaces that may give a cube of kind pc to Sweep
// destination dest by the Move Priorities (8.4.2): spaces the cube can come
// from (3.2.3: never Protest spaces), not selected as a destination, that
// keep their Raj Control.
func (g *Game) npSweepOrigins(dest int, pc Piece) []int {
	if pc == Sepoy && !g.npRajSepoys() {
		return nil
	}
	return g.filter(sweepOrigins(g, dest, pc), func(x int) bool {
		return !g.turn.OpSpaces.has(x) && !g.Sp[x].Protest && g.npKeepsControl(x)
	})
}

// npSweepers counts the cubes in dest that Activate Guerrillas when the
// Sweep there finishes: Troops, and Sepoys while they may be used.
func (g *Game) npSweepers(dest int) int {
	n := int(g.Sp[dest].P[Troop])
	if g.npRajSepoys() {
		n += int(g.Sp[dest].P[Sepoy])
	}
	return n
}

// npSweepSatisfied: cubes in dest exceed its Active adversaries, counting
// the Guerrillas this Sweep will Activate (8.6.3).
func (g *Game) npSweepSatisfied(dest int) bool {
	active := g.activeAdversaries(Raj, dest) + min(g.npSweepers(dest), int(g.Sp[dest].P[GuerU]))
	return g.cubes(dest) > active
}

// npSweepNext is the next cube the Move Priorities bring into Sweep
// destination dest (8.4.2, 8.6.3): get one Troop (not into a State), get
// one Sepoy, then cubes until they exceed the Active adversaries — Sepoys
// first, Troops when the origin has no more Sepoys to give. The origin is
// the space with the most cubes, kept while it has cubes to give. It
// returns the piece, the origin (-1: nothing moves) and the instruction.
// Without roll, equal origins are not told apart (an eligibility test must
// not spend the engine's dice).
func (g *Game) npSweepNext(dest int, roll bool) (Piece, int, string) {
	s := &g.Sp[dest]
	if int(s.P[Troop]) == 0 && !g.isState(dest) {
		if x := g.npSweepOrigin(dest, roll, g.npSweepOrigins(dest, Troop)); x >= 0 {
			return Troop, x, "get one Troop"
		}
	}
	if int(s.P[Sepoy]) == 0 && g.npRajSepoys() {
		if x := g.npSweepOrigin(dest, roll, g.npSweepOrigins(dest, Sepoy)); x >= 0 {
			return Sepoy, x, "get one Sepoy"
		}
	}
	if g.npSweepSatisfied(dest) {
		return 0, -1, ""
	}
	sep, tr := g.npSweepOrigins(dest, Sepoy), g.npSweepOrigins(dest, Troop)
	x := g.npSweepOrigin(dest, roll, append(append([]int(nil), sep...), tr...))
	if x < 0 {
		return 0, -1, ""
	}
	for _, y := range sep {
		if y == x {
			return Sepoy, x, "cubes until they exceed the Active adversaries, Sepoys first"
		}
	}
	return Troop, x, "cubes until they exceed the Active adversaries, Troops once the origin has no Sepoys to give"
}

// npSweepOrigin picks among the possible origins: the origin in use for
// this destination if it is one of them, otherwise the one with the most
// cubes, ties at random (8.4.2 B, 8.1.2) when roll is set.
func (g *Game) npSweepOrigin(dest int, roll bool, origins []int) int {
	if len(origins) == 0 {
		return -1
	}
	if mo := g.np.Plan.MoveOrigin - 1; mo >= 0 && g.npMovedInto(dest) {
		for _, x := range origins {
			if x == mo {
				return x
			}
		}
	}
	best := g.filter(origins, func(x int) bool {
		for _, y := range origins {
			if g.cubes(y) > g.cubes(x) {
				return false
			}
		}
		return true
	})
	if len(best) == 1 || !roll {
		return best[0]
	}
	return g.npBreakTie(best)
}

// npMovedInto: some piece has moved into dest during this Operation.
func (g *Game) npMovedInto(dest int) bool {
	for _, n := range g.turn.Moved[dest] {
		if n > 0 {
			return true
		}
	}
	return false
}

// npSweepInPlace: the cubes already in space i would Activate Guerrillas
// there (the last instruction of 8.6.3).
func (g *Game) npSweepInPlace(i int) bool {
	return g.cubes(i) > 0 && int(g.Sp[i].P[GuerU]) > 0 && g.npSweepers(i) > 0
}

// npSweepSepoysInPlace: paying for the Sepoys already in i would Activate
// more Guerrillas than its Troops alone.
func (g *Game) npSweepSepoysInPlace(i int) bool {
	return g.npRajSepoys() && int(g.Sp[i].P[Sepoy]) > 0 && int(g.Sp[i].P[GuerU]) > int(g.Sp[i].P[Troop])
}

// npSweepDest: a cube would move into i by the Move Priorities. Never a
// Railway: NP factions only put forces on Railways if the Raj is a player
// (8.1.3), and here the Raj is the Non-Player.
func (g *Game) npSweepDest(i int) bool {
	if g.isRailway(i) {
		return false
	}
	_, x, _ := g.npSweepNext(i, false)
	return x >= 0
}

// npSweepEligible: destinations into which cubes would move come first;
// once there are none, the spaces where cubes Sweep in place (8.6.3).
func (g *Game) npSweepEligible(i int) bool {
	if g.npSweepDest(i) {
		return true
	}
	if !g.npSweepInPlace(i) {
		return false
	}
	for _, j := range ops["sweep"].spaces(g) {
		if !g.turn.OpSpaces.has(j) && g.npSweepDest(j) {
			return false
		}
	}
	return true
}

// npRajSweepPick leaves destinations to the card's Sweep column; among the
// spaces that Sweep in place, those using Sepoys go first, the most Support
// first (8.6.3).
func npRajSweepPick(g *Game, cands []int) (int, string) {
	for _, i := range cands {
		if g.npSweepDest(i) {
			return -1, ""
		}
	}
	sep := g.filter(cands, g.npSweepSepoysInPlace)
	if len(sep) == 0 {
		return -1, ""
	}
	sup := func(i int) int { return int(g.Sp[i].Support) }
	best := g.filter(sep, func(i int) bool {
		for _, j := range sep {
			if sup(j) > sup(i) {
				return false
			}
		}
		return true
	})
	i := best[0]
	tie := ""
	if len(best) > 1 {
		i = g.npBreakTie(best)
		tie = ", tie broken by the Random Spaces map (8.1.2)"
	}
	return i, g.space(i).Name + ": Sweep in place with Sepoys, the most Support first (8.6.3)" + tie
}

// npRajSweep moves cubes into the destination by the Move Priorities, then
// uses the Sepoys already there when they would Activate more, then
// finishes (8.4.2, 8.6.3).
func npRajSweep(g *Game, fr *frame, d core.Decision) (string, string) {
	i := fr.Space
	name := g.space(i).Name
	if pc, x, what := g.npSweepNext(i, true); x >= 0 {
		id := g.m.pieceSpaceID("from:", pc, x)
		if has(d, id) {
			g.np.Plan.MoveOrigin = x + 1
			if pc == Sepoy {
				g.np.Plan.SepoysUsed = true
			}
			return id, g.npWhy(func() string {
				return fmt.Sprintf("Sweep into %s (8.4.2): %s, a %s from %s (the origin with the most cubes)", name, what, pc, g.space(x).Name)
			})
		}
	}
	if fr.A == 0 && g.npSweepSepoysInPlace(i) && has(d, "in-place") {
		g.np.Plan.SepoysUsed = true
		return "in-place", g.npWhy(func() string { return "Sweep in " + name + " (8.6.3): use the Sepoys already there" })
	}
	return "done", g.npWhy(func() string { return "Sweep in " + name + " (8.6.3): no more cubes to bring; Activate Guerrillas" })
}

// ---- Assault ----

// npAssaultUseful: space i has cubes and Active adversaries, and the cubes
// NP Raj may still use would remove one (8.6.3; Troops only after a failed
// Activation roll, 8.6.2).
func (g *Game) npAssaultUseful(i int) bool {
	if g.cubes(i) == 0 || g.activeAdversaries(Raj, i) == 0 {
		return false
	}
	modes := core.Decision{Options: assaultModes(g, i)}
	return has(modes, "troops") || g.npRajSepoys() && has(modes, "all")
}

// npWavellPending: Lord Wavell's Sweep before the Assault is still to come
// (8.1.6, 8.6.3).
func (g *Game) npWavellPending() bool {
	return g.viceroy() == Wavell && !g.turn.WavellUsed && g.turn.NOpSpaces == 0
}

// npRajAssaultPick: under Lord Wavell the first Assault space is the Sweep
// destination, chosen by the Sweep column among the spaces eligible for
// Assault into which cubes would move (8.6.3). Otherwise the card's column.
func npRajAssaultPick(g *Game, cands []int) (int, string) {
	if !g.npWavellPending() {
		return -1, ""
	}
	w := g.filter(cands, func(i int) bool { return g.wavellSweepPossible(i) && g.npSweepDest(i) })
	if len(w) == 0 {
		return -1, ""
	}
	i, why := g.npSelect(Raj, "sweep", w)
	return i, why + ": Lord Wavell, Sweep first into a space eligible for Assault (8.6.3)"
}

// npRajAssault uses Troops and Sepoys (Troops only after a failed
// Activation roll), after Lord Wavell's Sweep into the first space.
func npRajAssault(g *Game, fr *frame, d core.Decision) (string, string) {
	i := fr.Space
	name := g.space(i).Name
	if has(d, "wavell-sweep") && g.turn.NOpSpaces == 1 && g.npSweepDest(i) {
		return "wavell-sweep", "Lord Wavell (8.6.3): Sweep into " + name + " before the Assault"
	}
	if g.npRajSepoys() && has(d, "all") {
		g.np.Plan.SepoysUsed = true
		return "all", "Assault in " + name + " (8.6.3): with Troops and Sepoys"
	}
	if has(d, "troops") {
		why := "Assault in " + name + " (8.6.3): Troops"
		if !g.npRajSepoys() {
			why += " only after the failed Activation roll (8.6.2)"
		}
		return "troops", why
	}
	if len(d.Options) == 1 && has(d, "wavell-sweep") {
		// A space selected only for Lord Wavell's Sweep: the rules offer
		// nothing else.
		return "wavell-sweep", "Lord Wavell (8.6.3): Sweep into " + name + ", the only choice the rules leave"
	}
	return "", "Assault in " + name + ": no cubes NP Raj may use"
}

// ---- Special Activities ----

// npRajTreaty removes or arrests Active adversaries in the State (8.7.1).
func npRajTreaty(g *Game, fr *frame, d core.Decision) (string, string) {
	if has(d, "remove") {
		return "remove", "Treaty (8.7.1): remove Active adversaries in " + g.space(fr.Space).Name + " with its Sepoys"
	}
	return "move", "Treaty (8.7.1): nothing to remove in " + g.space(fr.Space).Name
}

var npGovernAction = map[string]string{
	"remove-protests":  "protest",
	"imperialism":      "imperialism",
	"remove-adversary": "remove",
}

// npGovernRemoval is the Govern option that removes what comes first in the
// Raj's Adversary Priorities in space i (8.7.1 Remove Adversaries, 8.5): an
// Active piece, or, with no Activists there, a Protest or a Strike marker (the
// table ranks both after every piece); "" when Govern removes nothing there.
func (g *Game) npGovernRemoval(i int) string {
	opts := core.Decision{Options: governOptions(g, i)}
	best, rank := "", 1<<30
	try := func(id, kind string) {
		if r := g.npTargetRank(Raj, kind); has(opts, id) && r >= 0 && r < rank {
			best, rank = id, r
		}
	}
	for _, t := range g.targets(Raj, i, modeRaj, false) {
		kind := "gandhi"
		if t.p != gandhiTarget {
			kind = npTargetKind(t.p)
		}
		try("remove", kind)
	}
	try("protest", "protest")
	try("strike", "strike")
	return best
}

// npRajGovern carries out the Govern action of the card's instruction in
// use (8.7.1).
func npRajGovern(g *Game, fr *frame, d core.Decision) (string, string) {
	name := g.space(fr.Space).Name
	act := g.np.Plan.SAAct
	if act == "remove-adversary" {
		if id := g.npGovernRemoval(fr.Space); has(d, id) {
			return id, g.npWhy(func() string {
				return fmt.Sprintf("Govern in %s (8.7.1): remove-adversary by the Adversary Priorities (8.5): %s", name, id)
			})
		}
	}
	if id := npGovernAction[act]; id != "" && has(d, id) {
		return id, g.npWhy(func() string { return fmt.Sprintf("Govern in %s (8.7.1): %s", name, act) })
	}
	for _, id := range []string{"remove", "protest", "imperialism"} {
		if has(d, id) {
			return id, g.npWhy(func() string { return fmt.Sprintf("Govern in %s (8.7.1): %s", name, id) })
		}
	}
	return "", ""
}

// npSupportImperialism, when set, answers the "imperialism" step in the
// Support Phase (frame A 0: 6.3.1, NP Raj by 8.9), which is not Govern's.
var npSupportImperialism npHandler

// npRajImperialism spends the die roll of Govern's Imperialism (8.7.1):
// Unrest first, then a Muslim State, else shifts toward Active Support,
// until the roll is used up.
func npRajImperialism(g *Game, fr *frame, d core.Decision) (string, string) {
	p := &g.np.Plan
	name := g.space(fr.Space).Name
	if fr.A != 1 {
		if npSupportImperialism != nil {
			return npSupportImperialism(g, fr, d)
		}
		return "", ""
	}
	rolled := ""
	if p.Budget < 0 {
		p.Budget = g.npRoll()
		rolled = fmt.Sprintf("rolled %d; ", p.Budget)
	}
	if p.Budget == 0 {
		return "done", g.npWhy(func() string {
			return fmt.Sprintf("Imperialism in %s (8.7.1): %sthe die roll is used up", name, rolled)
		})
	}
	for _, id := range []string{"buy:unrest", "buy:muslim-state", "buy:shift"} {
		if has(d, id) {
			p.Budget--
			return id, g.npWhy(func() string {
				return fmt.Sprintf("Imperialism in %s (8.7.1): %s%s, %d left of the roll", name, rolled, strings.TrimPrefix(id, "buy:"), p.Budget)
			})
		}
	}
	return "done", g.npWhy(func() string { return fmt.Sprintf("Imperialism in %s (8.7.1): %snothing more to do", name, rolled) })
}

// npRajMartialLaw removes as many Activists as it may, in Adversary
// Priorities order (8.5, 8.7.1).
func npRajMartialLaw(g *Game, fr *frame, d core.Decision) (string, string) {
	var ids []string
	for _, o := range d.Options {
		if strings.HasPrefix(o.ID, "target:") {
			ids = append(ids, o.ID)
		}
	}
	best := g.npBestTarget(Raj, ids, func(id string) string {
		pc, _ := pieceByID(id[len("target:"):])
		return npTargetKind(pc)
	})
	if best == "" {
		return "done", "Martial Law in " + g.space(fr.Space).Name + " (8.7.1): no more Activists to remove"
	}
	pc, _ := pieceByID(best[len("target:"):])
	return best, "Martial Law in " + g.space(fr.Space).Name + " (8.7.1): " + g.npTargetWhy(Raj, npTargetKind(pc))
}

// ---- 8.1.4 ----

// npRajCrisisCubes brings cubes from Out of Play when a Crisis begins:
// Troops first, each to the space the Place Cubes column selects (8.1.4);
// never onto a Railway, the Raj being a Non-Player (8.1.3).
func npRajCrisisCubes(g *Game, fr *frame, d core.Decision) (string, string) {
	for _, pc := range []Piece{Troop, Sepoy} {
		prefix := "place:" + pc.ID() + ":"
		cands := g.filter(g.spaceOptions(d, prefix), func(i int) bool { return !g.isRailway(i) })
		if len(cands) == 0 {
			continue
		}
		i, why := g.npSelect(Raj, "place-cubes", cands)
		what := "a Troop (Troops first)"
		if pc == Sepoy {
			what = "no Troop to bring: a Sepoy"
		}
		return prefix + g.space(i).ID, g.npWhy(func() string { return fmt.Sprintf("Crisis (8.1.4): %s to %s", what, why) })
	}
	return "done", "Crisis (8.1.4): no cube to bring"
}

// npRajEvictTroops sends each Troop caught in a new Muslim State to the City
// the Place Cubes column selects (8.1.4).
func npRajEvictTroops(g *Game, fr *frame, d core.Decision) (string, string) {
	cands := g.spaceOptions(d, "space:")
	if c := g.filter(cands, g.isCity); len(c) > 0 {
		cands = c // among all Cities (8.1.4)
	}
	if len(cands) == 0 {
		return "", ""
	}
	i, why := g.npSelect(Raj, "place-cubes", cands)
	return g.m.spaceID("space:", i), "Troop caught in a Muslim State (8.1.4): to " + why
}
