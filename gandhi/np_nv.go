package gandhi

import (
	"fmt"
	"slices"
	"strconv"
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
		// A Railway that received this Operation's Activist (the move of
		// 8.6.4/8.6.5 comes after all Protests) is not selected for it.
		npOpFilter[f.ID()+"-civil-disobedience"] = func(g *Game, i int) bool {
			return !g.Sp[i].Protest && g.protestBoxForOps() >= 0 && g.turn.Moved[i][ownActivist(f)] == 0
		}
	}
	npHandle("demonstrate", npNVDemonstrate)
	npHandle("cd-move", npNVCDMove)

	// Non-Cooperation (3.3.4): every eligible space; the Muslim League only
	// Muslim spaces (8.6.5).
	npOpFilter["league-non-cooperation"] = func(g *Game, i int) bool { return g.space(i).Muslim }

	// Special Activities (8.7.2, 8.7.3): the actions of the Arjuna cards.
	// Releasing Gandhi places him: not onto a Railway unless the Raj is a
	// player (8.1.3); and only while a die can beat the Protests left in
	// India once this space's Protest is gone (4.3.1) — a roll that cannot
	// succeed cannot carry the instruction out (8.1).
	npNVSAFilter("release-gandhi", []string{"negotiate"}, func(g *Game, i int) bool {
		n := g.protestsOnMap()
		if g.Sp[i].Protest {
			n--
		}
		return g.Gandhi == GandhiInJail && g.npMayPlace(i) && n < 6
	})
	npNVSAFilter("remove-muslim-state", []string{"negotiate"}, func(g *Game, i int) bool {
		s := &g.Sp[i]
		return s.MuslimState && int(s.P[CongAct])+g.gandhiAt(i) > int(s.P[LeagueAct])+int(s.P[LeagueBase])
	})
	// Satyagraha (8.7.2): Gandhi always moves, to a space where the card's
	// action can then be carried out; the card's later action never selects
	// a space of its own (the move selects it).
	for _, act := range []string{"move-gandhi", "remove-protest-and-unrest", "place-activist"} {
		npNVSAFilter(act, []string{"satyagraha"}, func(g *Game, i int) bool { return g.npSatyagrahaDest(i) })
	}
	persuade := []string{"congress-persuade", "league-persuade"}
	npNVSAFilter("activate-guerrillas", persuade, func(g *Game, i int) bool {
		f := sas[g.turn.SA].faction
		s := &g.Sp[i]
		return int(s.P[ownActivist(f)]) > 0 && g.activistsActive(i) && int(s.P[GuerU]) > 0
	})
	npNVSAFilter("remove-adversary", persuade, func(g *Game, i int) bool {
		return g.npNVHasTarget(sas[g.turn.SA].faction, i)
	})
	npNVSAFilter("remove-unrest", []string{"league-negotiate"}, func(g *Game, i int) bool {
		return int(g.Sp[i].Unrest) > 0
	})
	npNVSAFilter("place-muslim-state", []string{"league-negotiate"}, func(g *Game, i int) bool {
		return g.npNegotiateMuslimState(i)
	})
	npNVSAFilter("place-muslim-state", []string{"league-infiltrate"}, func(g *Game, i int) bool {
		return has(core.Decision{Options: leagueInfiltrateOptions(g, i)}, "muslim-state")
	})
	// Replacing places a Muslim League Activist: not on a Railway unless the
	// Raj is a player (8.1.3).
	npNVSAFilter("replace-adversary", []string{"league-infiltrate"}, func(g *Game, i int) bool {
		return g.npMayPlace(i) && npLeagueReplace(g, leagueInfiltrateOptions(g, i)) != ""
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

// npMayPlace: NP factions place forces (Gandhi included, 1.4) or Strikes on
// a Railway only when the Raj is a player Faction (8.1.3).
func (g *Game) npMayPlace(i int) bool { return !g.isRailway(i) || !g.np.On[Raj] }

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
	return int(g.Sp[i].P[LeagueAct]) > g.Unity && g.baseRoom(i) && g.Avail[LeagueBase] > 0
}

// npLeagueRallyPick selects the Base spaces first (8.6.5), by the Place Bases
// column. The rules name the column for when such spaces outnumber the
// Available Bases; otherwise every one of them gets a Base and the column
// only orders them (which matters when Unity limits the spaces), so the
// column for placing Bases serves there too (as for NP Revolutionaries, 8.6.6).
func npLeagueRallyPick(g *Game, cands []int) (int, string) {
	bases := g.filter(cands, g.npLeagueBaseSpace)
	if len(bases) == 0 {
		return -1, ""
	}
	i, why := g.npSelect(League, "place-bases", bases)
	return i, why + fmt.Sprintf(": a Base first where Muslim League Activists exceed Unity (8.6.5; %d such spaces, %d %s Available)", len(bases), g.Avail[LeagueBase], noun(g.Avail[LeagueBase], "Base"))
}

// npNVRally places a Base where the Muslim League procedure calls for one,
// otherwise as many Activists as allowed (8.6.4, 8.6.5).
func npNVRally(g *Game, fr *frame, d core.Decision) (string, string) {
	name := g.space(fr.Space).Name
	if fr.F == League && has(d, "base") && int(g.Sp[fr.Space].P[LeagueAct]) > g.Unity {
		return "base", g.npWhy(func() string {
			return fmt.Sprintf("Rally (8.6.5): Muslim League Activists exceed Unity in %s, so a Base", name)
		})
	}
	best, most := "", 0
	for _, o := range d.Options {
		n, ok := placeCount(o.ID)
		if ok && n > most {
			best, most = o.ID, n
		}
	}
	if best != "" {
		return best, g.npWhy(func() string {
			return fmt.Sprintf("Rally (8.6.%d): place as many Activists as allowed in %s (%d)", npNVRule(fr.F), name, most)
		})
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
		return "jail", g.npWhy(func() string {
			return fmt.Sprintf("%s: %d %ss in Jail, so release prisoners", rule, g.Jail[own-CongAct], own)
		})
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
	if g.turn.OpSpaces.has(o) || g.unmoved(o, p) == 0 {
		return false
	}
	if p == ownActivist(f) {
		if s.Protest && int(s.P[p]) <= 1 && g.npMoveRule(f, "keep-protest-activist") {
			return false
		}
		if g.space(o).Muslim && int(s.P[p]) <= g.popOf(o) && g.npMoveRule(f, "keep-muslim-pop") {
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
			most = max(most, int(g.Sp[a].P[own]))
		}
	}
	return g.filter(cands, func(a int) bool { return int(g.Sp[a].P[own]) == most })
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
	rule := func() string { return fmt.Sprintf("Demonstrate into %s (8.6.%d, 8.4.2)", name, npNVRule(f)) }
	if fr.A == 0 && fr.B == 0 {
		p.MoveOrigin = 0 // a new destination: select its first origin
	}
	if f == Congress && fr.B < fr.A && p.MoveOrigin > 0 && g.npMoveRule(f, "league-along-unity") {
		o := p.MoveOrigin - 1
		if id := g.m.pieceSpaceID("from:", LeagueAct, o); has(d, id) && g.npNVCanLeave(f, o, LeagueAct) {
			return id, g.npWhy(func() string {
				return fmt.Sprintf("%s: a Muslim League Activist from %s comes along, up to Unity", rule(), g.space(o).Name)
			})
		}
	}
	short := g.activists(dest) < g.cubes(dest) && g.npMoveRule(f, "activists-match-cubes")
	if fr.A == 0 || short {
		o, why := -1, ""
		if p.MoveOrigin > 0 && g.npNVCanLeave(f, p.MoveOrigin-1, own) {
			o = p.MoveOrigin - 1
			why = "from the same origin"
		} else if o = g.npNVOrigin(f, dest); o >= 0 {
			why = g.npWhy(func() string {
				return fmt.Sprintf("origin %s, the adjacent space with the most %ss (%d) free to leave", g.space(o).Name, own, int(g.Sp[o].P[own]))
			})
		}
		if o >= 0 {
			if id := g.m.pieceSpaceID("from:", own, o); has(d, id) {
				p.MoveOrigin = o + 1
				if fr.A == 0 {
					return id, g.npWhy(func() string { return fmt.Sprintf("%s: one %s %s", rule(), own, why) })
				}
				return id, g.npWhy(func() string {
					return fmt.Sprintf("%s: Activists (%d) short of cubes (%d), one more %s", rule(), g.activists(dest), g.cubes(dest), why)
				})
			}
		}
	}
	if fr.A > 0 && has(d, "protest") && g.npMoveRule(f, "protest-if-no-raj-control") {
		return "protest", g.npWhy(func() string { return rule() + ": no Raj Control, so an Available Protest" })
	}
	if fr.A == 0 {
		return "done", g.npWhy(func() string { return rule() + ": no Activist may move in; skip this destination" })
	}
	return "done", g.npWhy(func() string { return rule() + ": complete" })
}

// ---- Civil Disobedience ----

// npCDRails are the Railways next to space i that one of faction f's
// Activists could get onto by Civil Disobedience (8.6.4, 8.6.5): those with
// no Activist already (of either NV faction, as Strikes count all Activists,
// 6.2.1). None when fewer than 3 of f's Activists are in i.
func (g *Game) npCDRails(f Faction, i int) []int {
	if int(g.Sp[i].P[ownActivist(f)]) < 3 {
		return nil
	}
	return g.filter(g.space(i).Adj, func(j int) bool { return g.isRailway(j) && g.activists(j) == 0 })
}

// npCDQualifying plays the rest of the Civil Disobedience ahead, moving no
// Activist, then undoes it, and lists the selected spaces, from the current
// one on, from which an Activist could get onto a Railway. The choices are
// the engine's own, so with the NP's dice untouched in between it foresees
// the real Operation exactly.
func (g *Game) npCDQualifying(f Faction) []int {
	var q []int
	g.inPlace(false, func() error { // played in place, then undone
		for guard := 0; guard < 4*len(g.Sp) && !g.Over && len(g.stack) > 0; guard++ {
			fr := g.top()
			switch fr.Step {
			case "cd-move":
				if len(g.npCDRails(f, fr.Space)) > 0 {
					q = append(q, fr.Space)
				}
				if g.applyChosen("done") != nil {
					return nil
				}
			case "op":
				id, _ := g.npDecide(g.Decision())
				if !strings.HasPrefix(id, "space:") || g.applyChosen(id) != nil {
					return nil
				}
			default:
				return nil
			}
		}
		return nil
	})
	return q
}

// npNVCDMove: with the Raj a player Faction, after the Protests one Activist
// gets from a selected space with 3 or more of the faction's Activists onto
// the adjacent Railway of highest Econ with no Activist (8.6.4, 8.6.5); if
// several selected spaces qualify, one at random. The rules step offers the
// move space by space as each is selected, so at the first qualifying space
// the engine foresees the whole Operation (npCDQualifying), draws the space
// among all that will qualify and remembers it in Plan.MoveOrigin; the
// Activist leaves when that space comes. The early move changes nothing the
// later selection reads: the space is already selected and the Railway is
// kept out of the Operation.
func npNVCDMove(g *Game, fr *frame, d core.Decision) (string, string) {
	f, i := fr.F, fr.Space
	p := &g.np.Plan
	own := ownActivist(f)
	rule := fmt.Sprintf("Civil Disobedience (8.6.%d)", npNVRule(f))
	if g.np.On[Raj] {
		return "done", rule + ": the Raj is a Non-Player, no Activist onto a Railway (8.1.3)"
	}
	for j := range g.Sp {
		if g.isRailway(j) && int(g.turn.Moved[j][own]) > 0 {
			return "done", rule + ": an Activist is already on a Railway"
		}
	}
	rails := g.npCDRails(f, i)
	if len(rails) == 0 {
		return "done", g.npWhy(func() string {
			return fmt.Sprintf("%s: no Activist from %s onto a Railway (3 or more %ss and a Railway without Activists next to it needed)", rule, g.space(i).Name, own)
		})
	}
	why := ""
	if p.MoveOrigin == 0 {
		q := g.npCDQualifying(f)
		if len(q) == 0 || q[0] != i {
			q = append([]int{i}, q...) // not expected: the look-ahead starts here
		}
		pick := q[0]
		if len(q) > 1 {
			// One roll decides among the qualifying spaces; the look
			// ahead is run again after it, as the roll moves the NP's
			// dice on, so that the space drawn is one the real
			// Operation selects.
			v := g.np.rng.IntN(720720) // divisible by 1…16: uniform
			q2 := g.npCDQualifying(f)
			if len(q2) > 0 && q2[0] == i {
				q = q2
			}
			pick = q[v%len(q)]
			why = fmt.Sprintf(", chosen at random among %d qualifying spaces", len(q))
		}
		p.MoveOrigin = pick + 1
		if pick != i {
			return "done", g.npWhy(func() string { return fmt.Sprintf("%s: the Activist will leave %s%s", rule, g.space(pick).Name, why) })
		}
	} else if p.MoveOrigin-1 != i {
		return "done", g.npWhy(func() string {
			return fmt.Sprintf("%s: the Activist leaves %s, not %s", rule, g.space(p.MoveOrigin-1).Name, g.space(i).Name)
		})
	}
	var offered []int
	for _, j := range g.spaceOptions(d, "to:") {
		if slices.Contains(rails, j) {
			offered = append(offered, j)
		}
	}
	if len(offered) == 0 {
		return "done", g.npWhy(func() string {
			return fmt.Sprintf("%s: no Railway next to %s without Activists", rule, g.space(i).Name)
		})
	}
	j := g.npBreakTie(offered) // the highest Econ first (8.1.3)
	return "to:" + g.space(j).ID, g.npWhy(func() string {
		return fmt.Sprintf("%s: %d %ss in %s, one onto %s (Econ %d)%s", rule, int(g.Sp[i].P[own]), own, g.space(i).Name, g.space(j).Name, g.space(j).Econ, why)
	})
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
	return g.space(i).Muslim && g.isProvince(i) && int(s.Support) < 0 && g.muslimStatesOnMap() < MuslimStatePool &&
		int(s.P[LeagueAct])+int(s.P[LeagueBase]) > int(s.P[CongAct])+g.gandhiAt(i)
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

// npSatyagrahaAction is the action the Arjuna card asks of Satyagraha after
// Gandhi moves (8.7.2): the first step of the Special box's Satyagraha
// attempt that is not the move; "" outside an Arjuna card.
func (g *Game) npSatyagrahaAction() string {
	if _, b := g.npBoxes(); b != nil && b.Kind == ArjunaSpecial {
		for _, a := range b.Attempts {
			if a.SA != "satyagraha" {
				continue
			}
			for _, s := range a.Steps {
				if s.Action != "move-gandhi" {
					return s.Action
				}
			}
		}
	}
	return ""
}

// npSatyagrahaDest: NP Congress may move (or ask to release) Gandhi to space
// i by Satyagraha (8.7.2) — he always moves, never onto a Railway unless the
// Raj is a player (8.1.3), and the card's action can be carried out there:
// removing Unrest needs Unrest (the Protest goes with it, 8.7.2; a Protest
// alone is never removed by choice, 8.5), placing an Activist needs one
// Available. 8.7: with no such space Satyagraha cannot be carried out as
// the card says, and the next Special Activity is tried.
func (g *Game) npSatyagrahaDest(i int) bool {
	if i == g.Gandhi || !g.npMayPlace(i) {
		return false
	}
	switch g.npSatyagrahaAction() {
	case "remove-protest-and-unrest":
		return int(g.Sp[i].Unrest) > 0
	case "place-activist":
		return g.Avail[CongAct] > 0
	}
	return true
}

// npSatyagraha: after moving Gandhi, remove Unrest (and with it the Protest)
// or place an Activist as the Arjuna card says (8.7.2). The destination was
// chosen where the card's action can be done; the other option is only a
// last resort of the rules step, which requires one of them.
func npSatyagraha(g *Game, fr *frame, d core.Decision) (string, string) {
	name := g.space(fr.Space).Name
	act := g.npSatyagrahaAction()
	want, other := "activist", "markers"
	if act == "remove-protest-and-unrest" {
		want, other = "markers", "activist"
	}
	label := map[string]string{"activist": "place a Congress Activist in ", "markers": "remove an Unrest marker and the Protest in "}
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
		return id, g.npWhy(func() string {
			return fmt.Sprintf("Infiltrate (8.7.3) in %s: replace by the Adversary Priorities (8.5): %s", name, strings.TrimPrefix(id, "replace:"))
		})
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
	return g.m.spaceID("space:", i), "Gandhi was arrested: a Protest in " + why
}

// placeCount reads the number of an option "place:N" (ok false for any
// other id): what fmt.Sscanf(id, "place:%d") read, without its scanner.
func placeCount(id string) (int, bool) {
	rest, ok := strings.CutPrefix(id, "place:")
	if !ok {
		return 0, false
	}
	k := 0
	if k < len(rest) && (rest[k] == '+' || rest[k] == '-') {
		k++
	}
	for k < len(rest) && rest[k] >= '0' && rest[k] <= '9' {
		k++
	}
	n, err := strconv.Atoi(rest[:k])
	return n, err == nil
}
