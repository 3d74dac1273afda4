package gandhi

import (
	"fmt"
	"slices"

	"durbar/core"
)

// Non-Player Campaign Rounds (8.9) and the 1-player victory (8.10). The
// phases are the rules' own steps (campaign.go); the Non-Players answer their
// decisions here. Where the NP procedure needs something the player rules do
// not have — the NP Raj's rolled Support Phase total, NP Raj removing Troops
// to Available during Redeploy, NP Congress's Reset Phase Protest, the
// Arjuna reshuffle — the rules call in at that point (campaign.go).

func init() {
	npHandle("strikes", npStrikes)
	npHandle("support-imperialism", npSupportSelect)
	npSupportImperialism = npSupportSpend // the "imperialism" step in the Support Phase (np_raj.go)
	npHandle("support-release", npSupportRelease)
	npHandle("support-gandhi", npSupportGandhi)
	npHandle("constructive", npConstructive)
	npHandle("constructive-more", func(g *Game, fr *frame, d core.Decision) (string, string) {
		if has(d, "shift") {
			return "shift", g.npWhy(func() string {
				return fmt.Sprintf("Constructive Programme (8.9.2): %s shifts a second level", g.space(fr.Space).Name)
			})
		}
		return "done", ""
	})
	npHandle("place-base", npPlaceBase)
	npHandle("redeploy", npRedeploy)
	npHandle("np-reset-protest", npResetProtest)
}

// ---- Resources Phase (8.9.1) ----

// npStrikes: with too few Strike markers, NP Congress strikes the Railways
// with the highest Econ first (8.9.1; further ties 8.1.3).
func npStrikes(g *Game, fr *frame, d core.Decision) (string, string) {
	cands := g.spaceOptions(d, "space:")
	if len(cands) == 0 {
		return "", ""
	}
	i := g.npBreakTie(cands)
	return g.m.spaceID("space:", i), g.npWhy(func() string {
		return fmt.Sprintf("Resources Phase (8.9.1): Strike on %s, highest Econ (%d) first", g.space(i).Name, g.space(i).Econ)
	})
}

// ---- Support Phase (8.9.2) ----

// npSupportRoll starts the NP Raj's Support Phase (called by the rules,
// campaign.go): a die sets the total of Unrest markers removed and levels
// shifted, twice the roll (8.9.2). The die is part of the Non-Player
// procedure, so it comes from the engine's own stream like every other NP
// die; the Imperialism decisions then spend the total.
func (g *Game) npSupportRoll() {
	r := g.npRoll() // the Non-Player's own die, as for Imperialism (8.7.1)
	g.np.Plan.Budget = 2 * r
	g.logf("Support Phase: the Non-Player Raj rolls %d, so removes Unrest and shifts toward Active Support %d times at most (8.9.2).", r, 2*r)
}

// npSupportSelect selects up to four spaces by the Shift to Support column
// until the rolled total is spent (8.9.2).
func npSupportSelect(g *Game, fr *frame, d core.Decision) (string, string) {
	p := &g.np.Plan
	cands := g.spaceOptions(d, "space:")
	if p.Budget <= 0 || len(cands) == 0 {
		why := "Support Phase (8.9.2): the rolled total is spent"
		switch {
		case fr.N >= 4:
			why = "Support Phase (8.9.2): four spaces selected"
		case p.Budget > 0:
			why = "Support Phase (8.9.2): no more space for Imperialism"
		}
		p.Budget = -1
		return "done", why
	}
	i, why := g.npSelect(Raj, "shift-to-support", cands)
	return g.m.spaceID("space:", i), g.npWhy(func() string {
		return fmt.Sprintf("Support Phase (8.9.2): Imperialism in %s, %d of the rolled total left", why, p.Budget)
	})
}

// npSupportSpend: in each selected space, first remove every Unrest marker,
// then shift two levels toward Active Support, while the rolled total lasts
// (8.9.2; the step allows two shifts per space).
func npSupportSpend(g *Game, fr *frame, d core.Decision) (string, string) {
	p := &g.np.Plan
	name := g.space(fr.Space).Name
	if p.Budget <= 0 {
		return "done", g.npWhy(func() string { return fmt.Sprintf("Support Phase (8.9.2): the rolled total is spent in %s", name) })
	}
	for _, id := range []string{"buy:unrest", "buy:shift"} {
		if has(d, id) {
			p.Budget--
			what := "removes Unrest"
			if id == "buy:shift" {
				what = "shifts toward Active Support"
			}
			return id, g.npWhy(func() string {
				return fmt.Sprintf("Support Phase (8.9.2): %s %s, %d of the rolled total left", name, what, p.Budget)
			})
		}
	}
	return "done", g.npWhy(func() string { return fmt.Sprintf("Support Phase (8.9.2): nothing more to do in %s", name) })
}

// npSupportRelease frees a Congress and a Muslim League Activist for each
// space selected, when both are in Jail (8.9.2).
func npSupportRelease(g *Game, fr *frame, d core.Decision) (string, string) {
	want, other := "release:congress", "release:league"
	if fr.N%2 == 1 {
		want, other = other, want
	}
	if !has(d, want) {
		want = other
	}
	return want, "Support Phase (8.9.2): one Congress and one Muslim League Activist per space when possible"
}

// npSupportGandhi releases Gandhi from Jail. The step serves two rules: in
// the Support Phase NP Raj releases him to a random space with no Raj
// Control (8.9.2, Random Spaces 8.1.2); inside an Event ("release Gandhi"),
// the Event's executor chooses with its column for the Event (8.8.5).
func npSupportGandhi(g *Game, fr *frame, d core.Decision) (string, string) {
	cands := g.spaceOptions(d, "space:")
	if len(cands) == 0 {
		return "", ""
	}
	if ev := g.npEvFrame(); ev != nil {
		i, why := g.npSelect(fr.F, g.npEvColumn(fr.F, ev.N, ev.A), cands)
		return g.m.spaceID("space:", i), "Event: Gandhi is released to " + why + " (8.8.5)"
	}
	i := g.npBreakTie(cands)
	return g.m.spaceID("space:", i), g.npWhy(func() string {
		return fmt.Sprintf("Support Phase (8.9.2): Gandhi is released to %s, a random space with no Raj Control (8.1.2)", g.space(i).Name)
	})
}

// npConstructive: NP Congress, then NP Muslim League, shift as many spaces as
// they may, up to Unity, chosen by the Shift to Opposition column (8.9.2).
func npConstructive(g *Game, fr *frame, d core.Decision) (string, string) {
	cands := g.spaceOptions(d, "space:")
	if len(cands) == 0 {
		return "done", "Constructive Programme (8.9.2): no more eligible spaces"
	}
	i, why := g.npSelect(fr.F, "shift-to-opposition", cands)
	return g.m.spaceID("space:", i), "Constructive Programme (8.9.2): " + why
}

// npPlaceBase: NP Muslim League (Pakistan Movement) and NP Revolutionaries
// (Secret Societies) place a Base by the Place Bases column among non-Railway
// spaces with no Raj Control (8.9.2).
func npPlaceBase(g *Game, fr *frame, d core.Decision) (string, string) {
	cands := g.filter(g.spaceOptions(d, "space:"), func(i int) bool { return !g.isRailway(i) && !g.Sp[i].Control })
	if len(cands) == 0 {
		return "skip", "Support Phase (8.9.2): no space for a Base"
	}
	i, why := g.npSelect(fr.F, "place-bases", cands)
	return g.m.spaceID("space:", i), "Support Phase (8.9.2): Base in " + why
}

// ---- Reset Phase (8.9.4) ----

// npResetProtest: NP Congress places a Protest in a space with Congress
// Activists, by the Place Protests column (8.9.4).
func npResetProtest(g *Game, fr *frame, d core.Decision) (string, string) {
	cands := g.spaceOptions(d, "space:")
	if len(cands) == 0 {
		return "", ""
	}
	i, why := g.npSelect(Congress, "place-protests", cands)
	return g.m.spaceID("space:", i), "Reset Phase (8.9.4): Protest in " + why
}

// ---- Redeploy Phase (8.9.3) ----

const npToAvailable = -2 // an npMove destination: NP Raj removes the Troop

// npMove is one piece the Redeploy procedure moves.
type npMove struct {
	pc       Piece // gandhiTarget for Gandhi; GuerU stands for any Guerrilla
	from, to int
	why      string
}

// npRD is one reading of a Non-Player's Redeploy procedure (8.9.3) against
// the current board. Each decision reads it afresh: the first instruction
// that can still be carried out gives the next move. Pieces the procedure
// keeps in place, or that earlier instructions (and the current one) put
// where they are, are held and never taken as a source, so the reading never
// undoes itself; each piece moves once (the rules' Moved count), so the
// Redeploy ends.
type npRD struct {
	g    *Game
	f    Faction
	kind Piece                     // NV and Revolutionaries: the piece moved (GuerU: any Guerrilla)
	held [maxSpaces][NumPieces]int // pieces of a kind that must stay in a space
}

func (r *npRD) count(i int, k Piece) int {
	if k == GuerU {
		return r.g.guerrillas(i)
	}
	return int(r.g.Sp[i].P[k])
}

func (r *npRD) unmoved(i int, k Piece) int {
	if k == GuerU {
		return max(0, r.g.guerrillas(i)-int(r.g.turn.Moved[i][GuerU]))
	}
	return r.g.unmoved(i, k)
}

func (r *npRD) hold(i int, k Piece, n int) { r.held[i][k] = max(r.held[i][k], n) }

// free counts the pieces of kind k that may leave space i.
func (r *npRD) free(i int, k Piece) int {
	g := r.g
	if r.f == Raj && g.Sp[i].Control && g.cubes(i)-1 <= g.activeNonRaj(i) {
		return 0 // lose no Raj Control
	}
	return max(0, min(r.unmoved(i, k), r.count(i, k)-r.held[i][k]))
}

// legal: piece pc may redeploy into x (6.4).
func (r *npRD) legal(pc Piece, x int) bool {
	g := r.g
	if pc == gandhiTarget {
		return g.redeployDest(Congress, CongAct, x)
	}
	if !g.redeployDest(r.f, pc, x) {
		return false
	}
	return !(pc == Troop && (g.isProvince(x) || g.isRailway(x)) && 2*(g.movedTroopsCosting()+1) > g.Resources[Raj])
}

// spaces lists the spaces meeting keep.
func (r *npRD) spaces(keep func(i int) bool) []int { return r.g.filter(r.g.all(), keep) }

// most keeps the candidates with the highest value.
func (r *npRD) most(c []int, v func(int) int) []int {
	if len(c) == 0 {
		return c
	}
	best := v(c[0])
	for _, i := range c {
		best = max(best, v(i))
	}
	return r.g.filter(c, func(i int) bool { return v(i) == best })
}

// source picks the space the next piece of kind k leaves (8.9.3): NP Raj
// from Provinces with no Raj Control first, then from the spaces with the
// most Sepoys; the others from the spaces with the most of their pieces;
// remaining ties at random (8.1.2).
func (r *npRD) source(k Piece, to int, only func(int) bool) int {
	g := r.g
	c := r.spaces(func(i int) bool { return i != to && r.free(i, k) > 0 && (only == nil || only(i)) })
	if len(c) == 0 {
		return -1
	}
	if r.f == Raj {
		if p := g.filter(c, func(i int) bool { return g.isProvince(i) && !g.Sp[i].Control }); len(p) > 0 {
			c = p
		}
		c = r.most(c, func(i int) int { return int(g.Sp[i].P[Sepoy]) })
	} else {
		c = r.most(c, func(i int) int { return r.count(i, r.kind) })
	}
	return g.npBreakTie(c)
}

// get serves the destinations still short of pieces, in the order pick
// gives, with a piece of kind k from the procedure's sources.
func (r *npRD) get(k Piece, dests []int, pick func([]int) int, why string) (npMove, bool) {
	for len(dests) > 0 {
		d := pick(dests)
		if s := r.source(k, d, nil); s >= 0 {
			return npMove{pc: k, from: s, to: d, why: why}, true
		}
		dests = r.g.filter(dests, func(i int) bool { return i != d })
	}
	return npMove{}, false
}

// Destination orders. "Random" is the Random Spaces map (8.1.2).
func (r *npRD) random(c []int) int { return r.g.npBreakTie(c) }

func (r *npRD) mostSupport(c []int) int {
	return r.g.npBreakTie(r.most(c, func(i int) int { return int(r.g.Sp[i].Support) }))
}

func (r *npRD) nonMuslimFirst(c []int) int {
	if nm := r.g.filter(c, func(i int) bool { return !r.g.space(i).Muslim }); len(nm) > 0 {
		c = nm
	}
	return r.g.npBreakTie(c)
}

// next is the next move of the faction's procedure, if any applies.
func (r *npRD) next() (npMove, bool) {
	switch r.f {
	case Raj:
		return r.raj()
	case Congress:
		return r.congress()
	case League:
		return r.league()
	}
	return r.rev()
}

// raj: NP Raj Redeploy, steps 1-5 of 8.9.3.
func (r *npRD) raj() (npMove, bool) {
	g := r.g
	ctrlProvince := func(i int) bool { return g.isProvince(i) && g.Sp[i].Control }
	city := g.isCity

	// 1. A Sepoy moves to each Province for each Troop there; those Sepoys
	// stay with the Troops.
	short := r.g.intBuf()
	for _, i := range r.spaces(ctrlProvince) {
		t := g.unmoved(i, Troop)
		r.hold(i, Sepoy, t)
		if t > int(g.turn.Moved[i][Sepoy]) && r.legal(Sepoy, i) {
			short = append(short, i)
		}
	}
	if m, ok := r.get(Sepoy, short, r.random, "1: a Sepoy for each Troop in a Province"); ok {
		return m, true
	}

	// 2. One Troop to each City…
	short = nil
	for _, i := range r.spaces(city) {
		r.hold(i, Troop, 1)
		if int(g.Sp[i].P[Troop]) == 0 {
			short = append(short, i)
		}
	}
	if m, ok := r.get(Troop, short, r.random, "2: one Troop to each City"); ok {
		return m, true
	}
	// …then Troops to Available: all but one in each City, and those the
	// Provinces do not need to keep Raj Control.
	for _, i := range r.spaces(city) {
		if int(g.Sp[i].P[Troop]) > 1 && g.unmoved(i, Troop) > 0 {
			return npMove{pc: Troop, from: i, to: npToAvailable, why: "2: all but one Troop in each City to Available"}, true
		}
	}
	for _, i := range r.spaces(ctrlProvince) {
		if g.unmoved(i, Troop) > 0 && g.cubes(i)-1 > g.activeNonRaj(i) {
			return npMove{pc: Troop, from: i, to: npToAvailable, why: "2: Troops not needed for Raj Control of a Province to Available"}, true
		}
	}

	// 3. One Sepoy to each City, then Sepoys until every City has Raj Control.
	short = nil
	for _, i := range r.spaces(city) {
		r.hold(i, Sepoy, 1)
		if int(g.Sp[i].P[Sepoy]) == 0 && r.legal(Sepoy, i) {
			short = append(short, i)
		}
	}
	if m, ok := r.get(Sepoy, short, r.random, "3: one Sepoy to each City"); ok {
		return m, true
	}
	short = nil
	for _, i := range r.spaces(func(i int) bool { return city(i) && !g.Sp[i].Control }) {
		r.hold(i, Sepoy, int(g.Sp[i].P[Sepoy]))
		short = append(short, i)
	}
	if m, ok := r.get(Sepoy, short, r.random, "3: Sepoys to give a City Raj Control"); ok {
		return m, true
	}

	// 4. A Sepoy in each of three States with no Support.
	short = nil
	n := 0
	for _, i := range r.spaces(func(i int) bool { return g.isState(i) && int(g.Sp[i].Support) <= 0 }) {
		if int(g.Sp[i].P[Sepoy]) > 0 {
			n++
			r.hold(i, Sepoy, 1)
		} else if r.legal(Sepoy, i) {
			short = append(short, i)
		}
	}
	if n < 3 {
		if m, ok := r.get(Sepoy, short, r.random, "4: one Sepoy each to three States with no Support"); ok {
			return m, true
		}
	}

	// 5. Cubes left in Provinces with no Raj Control go evenly to spaces with
	// Raj Control, 2-Pop first.
	noCtrl := func(i int) bool { return g.isProvince(i) && !g.Sp[i].Control }
	for _, k := range []Piece{Troop, Sepoy} {
		s := r.source(k, -1, noCtrl)
		if s < 0 {
			continue
		}
		dests := r.spaces(func(x int) bool {
			// A second Troop in a City would only be removed (6.4.2).
			return x != s && g.Sp[x].Control && r.legal(k, x) && !(k == Troop && city(x) && int(g.Sp[x].P[Troop]) > 0)
		})
		if len(dests) == 0 {
			continue
		}
		got := func(x int) int { return -(int(g.turn.Moved[x][Troop]) + int(g.turn.Moved[x][Sepoy])) }
		dests = r.most(dests, got)
		if two := g.filter(dests, func(x int) bool { return g.popOf(x) == 2 }); len(two) > 0 {
			dests = two
		}
		return npMove{pc: k, from: s, to: g.npBreakTie(dests), why: "5: cubes from Provinces with no Raj Control spread over spaces with Raj Control, 2-Pop first"}, true
	}
	return npMove{}, false
}

// congress: NP Congress Redeploy, steps 1-4 of 8.9.3.
func (r *npRD) congress() (npMove, bool) {
	g := r.g
	for i := range g.Sp {
		if int(g.Sp[i].Support) != -2 {
			r.hold(i, CongAct, g.popOf(i)) // Activists equal to Population
		}
	}

	// 1. Gandhi to the space with the most Support, 2-Pop first.
	if g.Gandhi >= 0 && !g.turn.GandhiMoved {
		c := r.spaces(func(x int) bool { return r.legal(gandhiTarget, x) })
		c = r.most(c, func(x int) int { return int(g.Sp[x].Support) })
		if two := g.filter(c, func(x int) bool { return g.popOf(x) == 2 }); len(two) > 0 {
			c = two
		}
		if len(c) > 0 && !slices.Contains(c, g.Gandhi) {
			return npMove{pc: gandhiTarget, from: g.Gandhi, to: g.npBreakTie(c), why: "1: Gandhi to the space with the most Support, 2-Pop first"}, true
		}
	}

	// 2. Two Activists to each 2-Pop space, non-Muslim first.
	if m, ok := r.fill(func(x int) bool { return g.popOf(x) == 2 }, 2, r.nonMuslimFirst, "2: two Activists to each 2-Pop space, non-Muslim first"); ok {
		return m, true
	}
	// 3. One Activist to each 1-Pop space, most Support first.
	if m, ok := r.fill(func(x int) bool { return g.popOf(x) == 1 }, 1, r.mostSupport, "3: one Activist to each 1-Pop space, most Support first"); ok {
		return m, true
	}
	// 4. The rest evenly among 2-Pop spaces.
	return r.spread(func(x int) bool { return g.popOf(x) == 2 }, "4: remaining Activists evenly among 2-Pop spaces")
}

// league: NP Muslim League Redeploy, steps 1-4 of 8.9.3.
func (r *npRD) league() (npMove, bool) {
	g := r.g
	muslim := func(x int) bool { return g.space(x).Muslim }
	for i := range g.Sp {
		if muslim(i) {
			r.hold(i, LeagueAct, g.popOf(i)) // Activists equal to Population
		}
	}
	muslim2 := func(x int) bool { return muslim(x) && g.popOf(x) == 2 }

	// 1. League pieces (Activists and Bases) above Congress pieces
	// (Activists and Gandhi) in every 2-Pop Muslim space.
	short := r.g.intBuf()
	for _, i := range r.spaces(func(x int) bool { return muslim2(x) && r.legal(LeagueAct, x) }) {
		s := &g.Sp[i]
		need := int(s.P[CongAct]) + g.gandhiAt(i) - int(s.P[LeagueBase]) + 1
		r.hold(i, LeagueAct, need)
		if int(s.P[LeagueAct]) < need {
			short = append(short, i)
		}
	}
	if m, ok := r.get(LeagueAct, short, r.random, "1: Muslim League pieces above Congress pieces in 2-Pop Muslim spaces"); ok {
		return m, true
	}
	// 2. Two Activists to each 2-Pop Muslim space, most Support first.
	if m, ok := r.fill(muslim2, 2, r.mostSupport, "2: two Activists to each 2-Pop Muslim space, most Support first"); ok {
		return m, true
	}
	// 3. One Activist to each 1-Pop Muslim space, most Support first.
	if m, ok := r.fill(func(x int) bool { return muslim(x) && g.popOf(x) == 1 }, 1, r.mostSupport, "3: one Activist to each 1-Pop Muslim space, most Support first"); ok {
		return m, true
	}
	// 4. The rest evenly among 2-Pop Muslim spaces.
	return r.spread(muslim2, "4: remaining Activists evenly among 2-Pop Muslim spaces")
}

// rev: NP Revolutionaries Redeploy, steps 1-3 of 8.9.3.
func (r *npRD) rev() (npMove, bool) {
	g := r.g
	for i := range g.Sp {
		if int(g.Sp[i].Unrest) > 0 || int(g.Sp[i].P[RevBase]) > 0 {
			r.hold(i, GuerU, 1)
		}
	}
	// 1. One Guerrilla to each space with Unrest and no Raj Control.
	if m, ok := r.fill(func(x int) bool { return int(g.Sp[x].Unrest) > 0 && !g.Sp[x].Control }, 1, r.random, "1: one Guerrilla to each space with Unrest and no Raj Control"); ok {
		return m, true
	}
	// 2. One Guerrilla to each space with a Revolutionaries Base.
	if m, ok := r.fill(func(x int) bool { return int(g.Sp[x].P[RevBase]) > 0 }, 1, r.random, "2: one Guerrilla to each space with a Revolutionaries Base"); ok {
		return m, true
	}
	// 3. Three Guerrillas to 2-Pop spaces without Unrest, most Support
	// first, one space after another.
	c := r.spaces(func(x int) bool { return g.popOf(x) == 2 && int(g.Sp[x].Unrest) == 0 && r.legal(GuerU, x) })
	n := 0
	for _, i := range c {
		n += g.guerrillas(i)
		r.hold(i, GuerU, g.guerrillas(i))
	}
	if n < 3 {
		pick := func(c []int) int {
			return r.mostSupport(r.most(c, func(x int) int { return -g.guerrillas(x) }))
		}
		return r.get(GuerU, c, pick, "3: three Guerrillas to 2-Pop spaces without Unrest, most Support first")
	}
	return npMove{}, false
}

// fill gets want pieces of the faction's kind to each legal space meeting
// keep (the pieces there stay), serving spaces in the order pick gives.
func (r *npRD) fill(keep func(int) bool, want int, pick func([]int) int, why string) (npMove, bool) {
	short := r.g.intBuf()
	for _, i := range r.spaces(func(x int) bool { return keep(x) && r.legal(r.kind, x) }) {
		r.hold(i, r.kind, want)
		if r.count(i, r.kind) < want {
			short = append(short, i)
		}
	}
	return r.get(r.kind, short, pick, why)
}

// spread moves the pieces the procedure leaves free evenly among the legal
// spaces meeting keep: each to the one with the fewest, and from one of
// those spaces only when that evens them out.
func (r *npRD) spread(keep func(int) bool, why string) (npMove, bool) {
	g := r.g
	dests := r.spaces(func(x int) bool { return keep(x) && r.legal(r.kind, x) })
	if len(dests) == 0 {
		return npMove{}, false
	}
	fewest := r.count(dests[0], r.kind)
	for _, x := range dests {
		fewest = min(fewest, r.count(x, r.kind))
	}
	s := r.source(r.kind, -1, func(i int) bool { return !slices.Contains(dests, i) || r.count(i, r.kind) >= fewest+2 })
	if s < 0 {
		return npMove{}, false
	}
	c := r.most(g.filter(dests, func(x int) bool { return x != s }), func(x int) int { return -r.count(x, r.kind) })
	return npMove{pc: r.kind, from: s, to: g.npBreakTie(c), why: why}, true
}

// forced: pieces that may not stay where they are (6.4.3-5: NV Activists
// and Guerrillas on Railways) go to a random legal space (8.9.3).
func (r *npRD) forced() (npMove, bool) {
	g := r.g
	for _, i := range r.spaces(g.isRailway) {
		if r.unmoved(i, r.kind) == 0 {
			continue
		}
		c := r.spaces(func(x int) bool { return x != i && r.legal(r.kind, x) })
		if len(c) > 0 {
			return npMove{pc: r.kind, from: i, to: g.npBreakTie(c), why: "pieces may not stay on a Railway (6.4): random destination"}, true
		}
	}
	return npMove{}, false
}

// npRedeploy answers the Redeploy step: at "from", the next move of the
// faction's procedure (8.9.3) or done; at "to", the destination planned.
func npRedeploy(g *Game, fr *frame, d core.Decision) (string, string) {
	p := &g.np.Plan
	if fr.Space >= 0 {
		to := p.RedeployTo
		p.RedeployTo = 0
		switch {
		case to == -1 && has(d, "to:available"):
			return "to:available", ""
		case to > 0 && has(d, g.m.spaceID("to:", to-1)):
			return g.m.spaceID("to:", to-1), ""
		}
		c := g.spaceOptions(d, "to:")
		if len(c) == 0 {
			return "", ""
		}
		x := g.npBreakTie(c)
		return g.m.spaceID("to:", x), g.npWhy(func() string { return fmt.Sprintf("Redeploy (8.9.3): %s, a random destination", g.space(x).Name) })
	}
	kind := [NumFactions]Piece{Raj: Troop, Congress: CongAct, League: LeagueAct, Rev: GuerU}[fr.F]
	r := &npRD{g: g, f: fr.F, kind: kind}
	m, ok := r.next()
	if !ok {
		if has(d, "done") {
			p.RedeployTo = 0
			return "done", g.npWhy(func() string { return fmt.Sprintf("%s Redeploy (8.9.3): no instruction applies", fr.F) })
		}
		if m, ok = r.forced(); !ok {
			return "", ""
		}
	}
	from := "from:gandhi"
	if m.pc != gandhiTarget {
		pc := m.pc
		if pc == GuerU && g.unmoved(m.from, GuerA) > 0 {
			pc = GuerA
		}
		from = g.m.pieceSpaceID("from:", pc, m.from)
	}
	where := "Available"
	p.RedeployTo = -1
	if m.to >= 0 {
		where = g.space(m.to).Name
		p.RedeployTo = m.to + 1
	}
	what := "Gandhi"
	if m.pc != gandhiTarget {
		what = m.pc.String()
		if m.pc == GuerU {
			what = "Guerrilla"
		}
	}
	return from, g.npWhy(func() string {
		return fmt.Sprintf("%s Redeploy (8.9.3) %s: %s from %s to %s", fr.F, m.why, what, g.space(m.from).Name, where)
	})
}

// ---- 1-player victory (8.10) ----

// soloVictors: in a 1-player game the lone player never wins before the
// final Campaign Round, so only Non-Players meeting their condition end the
// game then (8.10).
func (g *Game) soloVictors(w []Faction) []Faction {
	if len(w) == 0 || g.soloSeat() < 0 || g.finalCampaign() {
		return w
	}
	out := slices.DeleteFunc(slices.Clone(w), func(f Faction) bool { return !g.np.On[f] })
	if len(out) < len(w) {
		g.logf("The lone player meets the victory condition, but cannot win before the final Campaign Round (8.10).")
	}
	return out
}

// npVictoryRanking: when a Non-Player passes a victory check (7.2), every
// player loses, whatever the margins (7.1; in a 1-player game, 8.10): the
// Non-Players are ranked first, in the order of their margins (ties per
// 7.1), and the players after them. w are the factions that passed.
func (g *Game) npVictoryRanking(w []Faction) {
	if !slices.ContainsFunc(w, func(f Faction) bool { return g.np.On[f] }) {
		return
	}
	var np, players []Faction
	for _, f := range g.Result {
		if g.np.On[f] {
			np = append(np, f)
		} else {
			players = append(players, f)
		}
	}
	ranked := append(np, players...)
	if slices.Equal(ranked, g.Result) {
		return
	}
	g.Result = ranked
	g.logf("A Non-Player passed the victory check, so every player loses (7.1, 8.10). Ranking: %s.", factionList(g.Result, ", "))
}

// SoloOutcome gives the result of a finished 1-player game (8.10): the
// player wins only by surviving to the final Campaign Round with the highest
// margin, and the degree of success is the player's margin less the best
// Non-Player's; otherwise the Non-Player ranked first wins.
func (g *Game) SoloOutcome() (title, text string, ok bool) {
	if !g.Over || g.soloSeat() < 0 || g.arjuna == nil || len(g.Result) == 0 {
		return "", "", false
	}
	player, np := Faction(-1), Faction(-1)
	bestNP := 0
	for _, f := range g.Result {
		if g.np.On[f] {
			if np < 0 {
				np, bestNP = f, g.Margin(f)
			}
			bestNP = max(bestNP, g.Margin(f))
		} else if player < 0 {
			player = f
		}
	}
	var o *NPOutcome
	if player >= 0 && g.Result[0] == player && g.finalCampaign() {
		// A tie won per 7.1 counts as the smallest success.
		o = g.arjuna.PlayerOutcome(player, max(1, g.SeatMargin(player)-bestNP))
	} else if np >= 0 {
		o = g.arjuna.NPWinner(np)
	}
	if o == nil {
		return "", "", false
	}
	return o.Title, o.Text, true
}

// SoloWinner says, for a finished 1-player game (8.10), whether the lone
// player won and, if not, the Non-Player faction that takes the game, with
// the outcome's title; ok is false for any other game.
func (g *Game) SoloWinner() (won bool, winner Faction, title string, ok bool) {
	title, _, ok = g.SoloOutcome()
	if !ok {
		return false, -1, "", false
	}
	player := Faction(-1)
	for _, f := range g.Result {
		if !g.np.On[f] {
			player = f
			break
		}
	}
	if player >= 0 && g.Result[0] == player && g.finalCampaign() {
		return true, player, title, true
	}
	for _, f := range g.Result {
		if g.np.On[f] {
			return false, f, title, true
		}
	}
	return false, -1, "", false
}
