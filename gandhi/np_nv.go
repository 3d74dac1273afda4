package gandhi

import (
	"fmt"
	"slices"
	"strings"

	"durbar/core"
)

// NP Congress and NP Muslim League: the procedures of their Operations
// (8.6.4, 8.6.5, with the Move Priorities 8.4.2 for Demonstrate) and Special
// Activities (8.7.2, 8.7.3), Passing (8.1.4) and the Protests Congress places
// after Gandhi's arrest. The generic "op", "sa" and "remove" steps of
// np_turn.go select the spaces (card column, Adversary Priorities); this file
// narrows the spaces each procedure may select and answers the NV factions'
// own steps.

func init() {
	// Rally (3.3.1): Congress by the card's column (Place Activists);
	// the Muslim League first trades Activists for Bases where they exceed
	// Unity (8.6.5), then places Activists.
	npOpFilter["league-rally"] = func(g *Game, i int) bool {
		return g.npLeagueBaseSpace(i) || g.Avail[LeagueAct] > 0
	}
	npOpPick["league-rally"] = npLeagueRallyPick
	npHandle("nv-rally", npNVRally)
	npHandle("nv-rally-after", npNVRallyAfter)

	// Demonstrate (3.3.2, 8.4.2): the "op" step selects the destination by
	// the Demonstrate column among spaces some Activist may reach; the
	// "demonstrate" step moves Activists in by the Move Priorities.
	for _, f := range []Faction{Congress, League} {
		f := f
		npOpFilter[f.ID()+"-demonstrate"] = func(g *Game, i int) bool { return len(g.npNVOrigins(f, i)) > 0 }
		// Civil Disobedience (3.3.3): the procedure places Available
		// Protests, so it selects spaces where one can still be placed.
		npOpFilter[f.ID()+"-civil-disobedience"] = func(g *Game, i int) bool {
			return !g.Sp[i].Protest && g.protestBoxForOps() >= 0
		}
	}
	npHandle("demonstrate", npNVDemonstrate)
	npHandle("cd-move", npNVCDMove)

	// Non-Cooperation (3.3.4): every eligible space; the Muslim League only
	// Muslim spaces (8.6.5).
	npOpFilter["league-non-cooperation"] = func(g *Game, i int) bool { return g.space(i).Muslim }

	// Special Activities (8.7.2, 8.7.3): the actions of the Arjuna cards.
	npNVSAFilter("release-gandhi", []string{"negotiate"}, func(g *Game, i int) bool {
		return g.Gandhi == GandhiInJail
	})
	npNVSAFilter("remove-muslim-state", []string{"negotiate"}, func(g *Game, i int) bool {
		s := &g.Sp[i]
		return s.MuslimState && s.P[CongAct]+g.gandhiAt(i) > s.P[LeagueAct]+s.P[LeagueBase]
	})
	npNVSAFilter("move-gandhi", []string{"satyagraha"}, func(g *Game, i int) bool {
		return i != g.Gandhi // NP Congress always moves Gandhi (8.7.2)
	})
	npNVSAFilter("remove-protest-and-unrest", []string{"satyagraha"}, func(g *Game, i int) bool {
		return g.Sp[i].Protest || g.Sp[i].Unrest > 0
	})
	npNVSAFilter("place-activist", []string{"satyagraha"}, func(g *Game, i int) bool {
		return g.Avail[CongAct] > 0
	})
	persuade := []string{"congress-persuade", "league-persuade"}
	npNVSAFilter("activate-guerrillas", persuade, func(g *Game, i int) bool {
		f := sas[g.turn.SA].faction
		s := &g.Sp[i]
		return s.P[ownActivist(f)] > 0 && g.activistsActive(i) && s.P[GuerU] > 0
	})
	npNVSAFilter("remove-adversary", persuade, func(g *Game, i int) bool {
		return g.npNVHasTarget(sas[g.turn.SA].faction, i)
	})
	npNVSAFilter("remove-unrest", []string{"league-negotiate"}, func(g *Game, i int) bool {
		return g.Sp[i].Unrest > 0
	})
	npNVSAFilter("place-muslim-state", []string{"league-negotiate"}, func(g *Game, i int) bool {
		return g.npNegotiateMuslimState(i)
	})
	npNVSAFilter("place-muslim-state", []string{"league-infiltrate"}, func(g *Game, i int) bool {
		return has(core.Decision{Options: leagueInfiltrateOptions(g, i)}, "muslim-state")
	})
	npNVSAFilter("replace-adversary", []string{"league-infiltrate"}, func(g *Game, i int) bool {
		return npLeagueReplace(g, leagueInfiltrateOptions(g, i)) != ""
	})
	npHandle("negotiate-congress", npNegotiateCongress)
	npHandle("negotiate-league", npNegotiateLeague)
	npHandle("satyagraha", npSatyagraha)
	npHandle("persuade", npPersuade)
	npHandle("league-infiltrate", npLeagueInfiltrate)

	// Passing (8.1.4) and the Protests after Gandhi's arrest (3.2.4).
	npHandle("pass-oop", npNVPassOOP)
	npHandle("gandhi-protests", npGandhiProtests)
}

// npNVSAFilter sets the filter of a Special Activity action for the NV
// Special Activities named. npSAFilter is keyed by action name and shared by
// every faction, so a filter already registered for the same action is kept
// for every other Special Activity.
func npNVSAFilter(action string, names []string, keep func(g *Game, i int) bool) {
	prev := npSAFilter[action]
	npSAFilter[action] = func(g *Game, i int) bool {
		if slices.Contains(names, g.turn.SA) {
			return keep(g, i)
		}
		return prev == nil || prev(g, i)
	}
}

// ---- Rally ----

// npLeagueBaseSpace: Rally in space i would place a Muslim League Base by
// 8.6.5 — Muslim League Activists there exceed Unity and a Base may be placed.
func (g *Game) npLeagueBaseSpace(i int) bool {
	return g.Sp[i].P[LeagueAct] > g.Unity && g.baseRoom(i) && g.Avail[LeagueBase] > 0
}

// npLeagueRallyPick selects the Base spaces first (8.6.5): by the Place Bases
// column when they outnumber the Available Bases, else by the card's column.
func npLeagueRallyPick(g *Game, cands []int) (int, string) {
	bases := filter(cands, g.npLeagueBaseSpace)
	if len(bases) == 0 {
		return -1, ""
	}
	col := g.np.Plan.Column
	if col == "" || len(bases) > g.Avail[LeagueBase] {
		col = "place-bases"
	}
	i, why := g.npSelect(League, col, bases)
	return i, why + fmt.Sprintf(": a Base first where Muslim League Activists exceed Unity (8.6.5; %d such spaces, %d Bases Available)", len(bases), g.Avail[LeagueBase])
}

// npNVRally places a Base where the Muslim League procedure calls for one,
// otherwise as many Activists as allowed (8.6.4, 8.6.5).
func npNVRally(g *Game, fr *frame, d core.Decision) (string, string) {
	name := g.space(fr.Space).Name
	if fr.F == League && has(d, "base") && g.Sp[fr.Space].P[LeagueAct] > g.Unity {
		return "base", fmt.Sprintf("Rally (8.6.5): Muslim League Activists exceed Unity in %s, so a Base", name)
	}
	best, most := "", 0
	for _, o := range d.Options {
		var n int
		if _, err := fmt.Sscanf(o.ID, "place:%d", &n); err == nil && n > most {
			best, most = o.ID, n
		}
	}
	if best != "" {
		return best, fmt.Sprintf("Rally (8.6.%d): place as many Activists as allowed in %s (%d)", npNVRule(fr.F), name, most)
	}
	return "", ""
}

// npNVRallyAfter: release prisoners with 3 or more of the faction's
// Activists in Jail, otherwise move one of its Activists from Out of Play
// (8.6.4, 8.6.5).
func npNVRallyAfter(g *Game, fr *frame, d core.Decision) (string, string) {
	f := fr.F
	own := ownActivist(f)
	rule := fmt.Sprintf("Rally (8.6.%d)", npNVRule(f))
	if g.Jail[own-CongAct] >= 3 && has(d, "jail") {
		return "jail", fmt.Sprintf("%s: %d %ss in Jail, so release prisoners", rule, g.Jail[own-CongAct], own)
	}
	if id := "oop:" + own.ID(); has(d, id) {
		return id, rule + ": move " + own.A() + " from Out of Play to Available"
	}
	return "skip", rule + ": no " + own.String() + " Out of Play"
}

func npNVRule(f Faction) int {
	if f == League {
		return 5
	}
	return 4
}

// ---- Demonstrate (Move Priorities 8.4.2) ----

// npMoveRule: the Move Priorities table has instruction rule for faction f.
func (g *Game) npMoveRule(f Faction, rule string) bool {
	return slices.Contains(g.arjuna.Move.For(f), rule)
}

// npNVCanLeave: one piece p (an Activist) may leave origin o in a
// Demonstrate of faction f, keeping what the Move Priorities keep (8.4.2):
// an own Activist in a Protest origin, enough pieces that an origin without
// Raj Control does not gain it, and (Muslim League) own Activists equal to
// Population in a Muslim origin. Spaces already selected as destinations are
// no origins (8.6.4, 8.6.5).
func (g *Game) npNVCanLeave(f Faction, o int, p Piece) bool {
	s := &g.Sp[o]
	if g.turn.OpSpaces[o] || g.unmoved(o, p) == 0 {
		return false
	}
	if p == ownActivist(f) {
		if s.Protest && s.P[p] <= 1 && g.npMoveRule(f, "keep-protest-activist") {
			return false
		}
		if g.space(o).Muslim && s.P[p] <= g.popOf(o) && g.npMoveRule(f, "keep-muslim-pop") {
			return false
		}
	}
	if !s.Control && g.activistsActive(o) && (g.isCity(o) || g.isProvince(o)) &&
		g.cubes(o) > g.activeNonRaj(o)-1 && g.npMoveRule(f, "keep-no-raj-control") {
		return false
	}
	return true
}

// npNVOrigins are the candidate origins for destination dest (8.4.2 B):
// among adjacent spaces from which an own Activist may move, those with the
// most own Activists.
func (g *Game) npNVOrigins(f Faction, dest int) []int {
	own := ownActivist(f)
	var cands []int
	most := 0
	for _, a := range g.space(dest).Adj {
		if g.npNVCanLeave(f, a, own) {
			cands = append(cands, a)
			most = max(most, g.Sp[a].P[own])
		}
	}
	return filter(cands, func(a int) bool { return g.Sp[a].P[own] == most })
}

// npNVOrigin is the origin for destination dest, ties at random (8.4.2 B,
// 8.1.2); -1 if none.
func (g *Game) npNVOrigin(f Faction, dest int) int {
	switch cands := g.npNVOrigins(f, dest); len(cands) {
	case 0:
		return -1
	case 1:
		return cands[0]
	default:
		return g.npBreakTie(cands)
	}
}

// npNVDemonstrate moves Activists into the destination (8.6.4, 8.6.5): one
// own Activist, then more from the same origin until Activists of both NV
// factions equal or exceed the cubes there, then from further origins;
// Congress brings Muslim League Activists along one for one up to Unity;
// lastly a Protest where there is no Raj Control.
func npNVDemonstrate(g *Game, fr *frame, d core.Decision) (string, string) {
	f, dest := fr.F, fr.Space
	p := &g.np.Plan
	own := ownActivist(f)
	name := g.space(dest).Name
	rule := fmt.Sprintf("Demonstrate into %s (8.6.%d, 8.4.2)", name, npNVRule(f))
	if fr.A == 0 && fr.B == 0 {
		p.MoveOrigin = 0 // a new destination: select its first origin
	}
	if f == Congress && fr.B < fr.A && p.MoveOrigin > 0 && g.npMoveRule(f, "league-along-unity") {
		o := p.MoveOrigin - 1
		if id := "from:" + LeagueAct.ID() + ":" + g.space(o).ID; has(d, id) && g.npNVCanLeave(f, o, LeagueAct) {
			return id, fmt.Sprintf("%s: a Muslim League Activist from %s comes along, up to Unity", rule, g.space(o).Name)
		}
	}
	short := g.activists(dest) < g.cubes(dest) && g.npMoveRule(f, "activists-match-cubes")
	if fr.A == 0 || short {
		o, why := -1, ""
		if p.MoveOrigin > 0 && g.npNVCanLeave(f, p.MoveOrigin-1, own) {
			o = p.MoveOrigin - 1
			why = "from the same origin"
		} else if o = g.npNVOrigin(f, dest); o >= 0 {
			why = fmt.Sprintf("origin %s, the adjacent space with the most %ss (%d) free to leave", g.space(o).Name, own, g.Sp[o].P[own])
		}
		if o >= 0 {
			if id := "from:" + own.ID() + ":" + g.space(o).ID; has(d, id) {
				p.MoveOrigin = o + 1
				if fr.A == 0 {
					return id, fmt.Sprintf("%s: one %s %s", rule, own, why)
				}
				return id, fmt.Sprintf("%s: Activists (%d) short of cubes (%d), one more %s", rule, g.activists(dest), g.cubes(dest), why)
			}
		}
	}
	if fr.A > 0 && has(d, "protest") && g.npMoveRule(f, "protest-if-no-raj-control") {
		return "protest", rule + ": no Raj Control, so an Available Protest"
	}
	if fr.A == 0 {
		return "done", rule + ": no Activist may move in; skip this destination"
	}
	return "done", rule + ": complete"
}

// ---- Civil Disobedience ----

// npNVCDMove: with the Raj a player Faction, one Activist from a selected
// space with 3 or more of the faction's Activists gets onto the adjacent
// Railway of highest Econ without one of its Activists (8.6.4, 8.6.5).
// Only one Activist moves in the whole Operation; it leaves the first
// selected space that qualifies.
func npNVCDMove(g *Game, fr *frame, d core.Decision) (string, string) {
	f, i := fr.F, fr.Space
	own := ownActivist(f)
	rule := fmt.Sprintf("Civil Disobedience (8.6.%d)", npNVRule(f))
	if g.np.On[Raj] {
		return "done", rule + ": the Raj is a Non-Player, no Activist onto a Railway (8.1.3)"
	}
	if g.Sp[i].P[own] < 3 {
		return "done", fmt.Sprintf("%s: fewer than 3 %ss in %s", rule, own, g.space(i).Name)
	}
	for j := range g.Sp {
		if g.isRailway(j) && int(g.turn.Moved[j][own]) > 0 {
			return "done", rule + ": an Activist is already on a Railway"
		}
	}
	var rails []int
	for _, j := range g.spaceOptions(d, "to:") {
		if g.Sp[j].P[own] == 0 {
			rails = append(rails, j)
		}
	}
	if len(rails) == 0 {
		return "done", fmt.Sprintf("%s: no Railway next to %s without %s", rule, g.space(i).Name, own)
	}
	j := g.npBreakTie(rails) // the highest Econ first (8.1.3)
	return "to:" + g.space(j).ID, fmt.Sprintf("%s: %d %ss in %s, one onto %s (Econ %d)", rule, g.Sp[i].P[own], own, g.space(i).Name, g.space(j).Name, g.space(j).Econ)
}

// ---- Special Activities ----

// npNVHasTarget: a Persuade in space i would remove a piece faction f takes
// by its Adversary Priorities (8.5).
func (g *Game) npNVHasTarget(f Faction, i int) bool {
	for _, t := range g.targets(f, i, modePersuade, false) {
		if t.p != gandhiTarget && g.npTargetRank(f, npTargetKind(t.p)) >= 0 {
			return true
		}
	}
	return false
}

// npNegotiateMuslimState: Muslim League Negotiate could place a Muslim State
// in space i (4.4.1).
func (g *Game) npNegotiateMuslimState(i int) bool {
	s := &g.Sp[i]
	return g.space(i).Muslim && g.isProvince(i) && s.Support < 0 && g.muslimStatesOnMap() < MuslimStatePool &&
		s.P[LeagueAct]+s.P[LeagueBase] > s.P[CongAct]+g.gandhiAt(i)
}

// npLeagueReplace is the Infiltrate replace option the Muslim League's
// Adversary Priorities pick (8.5: never a Protest marker), "" if none.
func npLeagueReplace(g *Game, o []core.Option) string {
	var ids []string
	for _, x := range o {
		if strings.HasPrefix(x.ID, "replace:") {
			ids = append(ids, x.ID)
		}
	}
	return g.npBestTarget(League, ids, func(id string) string {
		k := strings.TrimPrefix(id, "replace:")
		if p, ok := pieceByID(k); ok {
			return npTargetKind(p)
		}
		return k
	})
}

// npNegotiateCongress: release Gandhi or remove a Muslim State as the Arjuna
// card says (8.7.2).
func npNegotiateCongress(g *Game, fr *frame, d core.Decision) (string, string) {
	name := g.space(fr.Space).Name
	switch act := g.np.Plan.SAAct; {
	case act == "release-gandhi" && has(d, "release-gandhi"):
		return "release-gandhi", "Negotiate (8.7.2): roll to release Gandhi to " + name
	case act == "remove-muslim-state" && has(d, "remove-muslim-state"):
		return "remove-muslim-state", "Negotiate (8.7.2): remove the Muslim State in " + name
	}
	return "skip", "Negotiate (8.7.2): only the card's action"
}

// npNegotiateLeague: remove Unrest or place a Muslim State as the Arjuna
// card says (8.7.3).
func npNegotiateLeague(g *Game, fr *frame, d core.Decision) (string, string) {
	name := g.space(fr.Space).Name
	switch act := g.np.Plan.SAAct; {
	case act == "remove-unrest" && has(d, "unrest"):
		return "unrest", "Negotiate (8.7.3): remove Unrest in " + name
	case act == "place-muslim-state" && has(d, "muslim-state"):
		return "muslim-state", "Negotiate (8.7.3): place a Muslim State in " + name
	}
	return "skip", "Negotiate (8.7.3): only the card's action"
}

// npSatyagrahaAction is the card's action after moving Gandhi (8.7.2).
func (g *Game) npSatyagrahaAction() string {
	p := &g.np.Plan
	if p.SAAct != "move-gandhi" {
		return p.SAAct
	}
	if _, b := g.npBoxes(); b != nil && b.Kind == ArjunaSpecial && p.Attempt >= 0 && p.Attempt < len(b.Attempts) {
		a := b.Attempts[p.Attempt]
		for k := p.SAStep + 1; k < len(a.Steps); k++ {
			if a.Steps[k].Action != "move-gandhi" {
				return a.Steps[k].Action
			}
		}
	}
	return ""
}

// npSatyagraha: after moving Gandhi, remove Protest and Unrest or place an
// Activist as the Arjuna card says (8.7.2). The rules require one of them.
func npSatyagraha(g *Game, fr *frame, d core.Decision) (string, string) {
	name := g.space(fr.Space).Name
	act := g.npSatyagrahaAction()
	want, other := "activist", "markers"
	if act == "remove-protest-and-unrest" {
		want, other = "markers", "activist"
	}
	label := map[string]string{"activist": "place a Congress Activist in ", "markers": "remove the Protest and an Unrest marker in "}
	if has(d, want) {
		return want, "Satyagraha (8.7.2): " + label[want] + name
	}
	return other, "Satyagraha (8.7.2): the card's action is impossible; the rules require the other: " + label[other] + name
}

// npPersuade: Activate Guerrillas or remove an adversary as the Arjuna card
// says (8.7.2, 8.7.3); the piece is chosen by the Adversary Priorities.
func npPersuade(g *Game, fr *frame, d core.Decision) (string, string) {
	name := g.space(fr.Space).Name
	want, other := "remove", "activate"
	if g.np.Plan.SAAct == "activate-guerrillas" {
		want, other = "activate", "remove"
	}
	label := map[string]string{"activate": "Activate Guerrillas in ", "remove": "remove an adversary in "}
	rule := fmt.Sprintf("Persuade (8.7.%d): ", npNVRule(fr.F)-2)
	if has(d, want) {
		return want, rule + label[want] + name
	}
	return other, rule + label[other] + name
}

// npLeagueInfiltrate: place a Muslim State when the card says so, otherwise
// replace the piece first in the Adversary Priorities, never a Protest
// (8.7.3, 8.5).
func npLeagueInfiltrate(g *Game, fr *frame, d core.Decision) (string, string) {
	name := g.space(fr.Space).Name
	if g.np.Plan.SAAct == "place-muslim-state" && has(d, "muslim-state") {
		return "muslim-state", "Infiltrate (8.7.3): place a Muslim State in " + name
	}
	if id := npLeagueReplace(g, d.Options); id != "" {
		return id, fmt.Sprintf("Infiltrate (8.7.3) in %s: replace by the Adversary Priorities (8.5): %s", name, strings.TrimPrefix(id, "replace:"))
	}
	if has(d, "muslim-state") {
		return "muslim-state", "Infiltrate in " + name + ": place a Muslim State"
	}
	return "", ""
}

// ---- Passing and Gandhi's arrest ----

// npNVPassOOP: a passing NP Congress or Muslim League moves one of its own
// Activists from Out of Play to Available (8.1.4).
func npNVPassOOP(g *Game, fr *frame, d core.Decision) (string, string) {
	own := ownActivist(fr.F)
	if id := "oop:" + own.ID(); has(d, id) {
		return id, "Passing (8.1.4): " + own.A() + " from Out of Play to Available"
	}
	return "skip", "Passing (8.1.4): no " + own.String() + " Out of Play"
}

// npGandhiProtests: NP Congress places the Protests after Gandhi's arrest by
// its Place Protests column (3.2.4, 8.4.1).
func npGandhiProtests(g *Game, fr *frame, d core.Decision) (string, string) {
	cands := g.spaceOptions(d, "space:")
	if len(cands) == 0 {
		return "done", "no Protest to place"
	}
	i, why := g.npSelect(Congress, "place-protests", cands)
	return "space:" + g.space(i).ID, "Gandhi was arrested: a Protest in " + why
}
