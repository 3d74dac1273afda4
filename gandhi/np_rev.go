package gandhi

import (
	"fmt"
	"strings"

	"durbar/core"
)

// NP Revolutionaries: the procedures of their Operations (8.6.6) and Special
// Activities (8.7.4). The generic "op", "sa" and "remove" steps of
// np_turn.go select the spaces (card column, Activation rolls after each
// space, Adversary Priorities); this file narrows the spaces each procedure
// may select and answers the Revolutionaries' own steps.

func init() {
	// Rally (3.4.1, 8.6.6): Bases first where Guerrillas exceed Unity, then
	// Guerrillas by the card's column (Place Guerrillas).
	npOpFilter["rev-rally"] = func(g *Game, i int) bool {
		return g.npRevBaseSpace(i) || g.Avail[GuerU] > 0
	}
	npOpPick["rev-rally"] = npRevRallyPick
	npHandle("rev-rally", npRevRally)
	npHandle("rev-rally-after", func(g *Game, fr *frame, d core.Decision) (string, string) {
		return "oop", "Rally (8.6.6): move one Guerrilla from Out of Play to Available"
	})

	// March (3.4.2, 8.6.6 with the Move Priorities 8.4.2): the "op" step
	// selects the origin, the "march" step sends one Guerrilla at a time.
	npOpFilter["march"] = func(g *Game, i int) bool { return g.npRevOrigin(i) }
	npOpPick["march"] = npRevMarchOrigin
	npHandle("march", npRevMarch)

	// Attack (3.4.3, 8.6.6): only where it could have some effect.
	npOpFilter["attack"] = func(g *Game, i int) bool { return g.npRevAttackUseful(i) }

	// Unrest (3.4.4, 8.6.6): Strikes only on Railways without one, and only
	// when the Raj is a player Faction (8.1.3).
	npOpFilter["unrest"] = func(g *Game, i int) bool {
		if g.isRailway(i) {
			return !g.np.On[Raj] && !g.Sp[i].Strike && g.unrestAvailable()
		}
		return true
	}

	// Special Activities (8.7.4).
	npRevSAFilter("flip-underground", "aid", func(g *Game, i int) bool {
		return int(g.Sp[i].P[GuerA]) > 0 && g.npSASpacesUsed() < 2
	})
	// Replacing places an Underground Guerrilla: not on a Railway unless the
	// Raj is a player (8.1.3).
	npRevSAFilter("replace-adversary", "rev-infiltrate", func(g *Game, i int) bool {
		return g.npMayPlace(i) && g.npRevInfiltrateReplace(i, revInfiltrateOptions(g, i)) != ""
	})
	npRevSAFilter("place-base", "rev-infiltrate", func(g *Game, i int) bool {
		return has(core.Decision{Options: revInfiltrateOptions(g, i)}, "base")
	})
	npRevSAFilter("remove-adversary", "assassinate", func(g *Game, i int) bool {
		return g.turn.OpSpaces.has(i) && g.npRevHasTarget(i, modeAssassinate)
	})
	npHandle("aid", npRevAid)
	npHandle("rev-infiltrate", npRevInfiltrate)
}

// npRevSAFilter sets the filter of a Special Activity action for the
// Revolutionaries' Special Activity sa. npSAFilter is keyed by action name
// and shared by every faction, so a filter already registered for the same
// action (another faction's) is kept for every other Special Activity.
func npRevSAFilter(action, sa string, keep func(g *Game, i int) bool) {
	prev := npSAFilter[action]
	npSAFilter[action] = func(g *Game, i int) bool {
		if g.turn.SA == sa {
			return keep(g, i)
		}
		return prev == nil || prev(g, i)
	}
}

// npSASpacesUsed counts the spaces already selected for the current Special
// Activity.
func (g *Game) npSASpacesUsed() int {
	n := g.turn.SASpaces.count()
	return n
}

// ---- Rally ----

// npRevBaseSpace: Rally in space i would place a Base by 8.6.6 — Guerrillas
// there exceed Unity and a Base may be placed.
func (g *Game) npRevBaseSpace(i int) bool {
	return g.guerrillas(i) > g.Unity && g.baseRoom(i) && g.Avail[RevBase] > 0
}

// npRevRallyPick selects the Base spaces first (8.6.6), by the Place Bases
// column when they outnumber the Available Bases; otherwise it leaves the
// Guerrilla spaces to the card's column.
func npRevRallyPick(g *Game, cands []int) (int, string) {
	bases := g.filter(cands, g.npRevBaseSpace)
	if len(bases) == 0 {
		return -1, ""
	}
	i, why := g.npSelect(Rev, "place-bases", bases)
	if len(bases) > g.Avail[RevBase] {
		return i, why + fmt.Sprintf(": a Base first where Guerrillas exceed Unity, %d such spaces for %d Available Bases (8.6.6)", len(bases), g.Avail[RevBase])
	}
	return i, why + ": a Base first where Guerrillas exceed Unity (8.6.6)"
}

func npRevRally(g *Game, fr *frame, d core.Decision) (string, string) {
	i := fr.Space
	name := g.space(i).Name
	if has(d, "base") && g.guerrillas(i) > g.Unity {
		return "base", g.npWhy(func() string { return fmt.Sprintf("Rally (8.6.6): Guerrillas exceed Unity in %s, so a Base", name) })
	}
	if has(d, "guerrillas") {
		return "guerrillas", g.npWhy(func() string { return fmt.Sprintf("Rally (8.6.6): place Guerrillas in %s", name) })
	}
	return "base", g.npWhy(func() string { return fmt.Sprintf("Rally in %s: a Base is the only choice", name) })
}

// ---- March ----

// npRevKeep is the number of Guerrillas a March origin keeps: one where
// there is Unrest or a Revolutionaries Base (Move Priorities 8.4.2).
func (g *Game) npRevKeep(i int) int {
	if g.npSpaceCond(Rev, "has-unrest", i) || int(g.Sp[i].P[RevBase]) > 0 {
		return 1
	}
	return 0
}

// npRevDest: j may receive a marching Guerrilla from origin from — not an
// origin already (8.6.6), and a Railway only when the Raj is a player
// Faction (8.1.3).
func (g *Game) npRevDest(from, j int) bool {
	return j != from && !g.turn.OpSpaces.has(j) && (!g.isRailway(j) || !g.np.On[Raj])
}

// npRevOrigin: space i may be selected as a March origin — not yet a
// destination, with a Guerrilla free to leave and somewhere to go (8.4.2:
// an origin from which nothing may move is skipped).
func (g *Game) npRevOrigin(i int) bool {
	if int(g.turn.Moved[i][GuerU]) > 0 || g.guerrillas(i) <= g.npRevKeep(i) {
		return false
	}
	if g.unmoved(i, GuerU)+g.unmoved(i, GuerA) == 0 {
		return false
	}
	for _, j := range g.marchDests(i, g.unmoved(i, GuerU) > 0) {
		if g.npRevDest(i, j) {
			return true
		}
	}
	return false
}

// npRevMarchOrigin: the origin is the space with the most Guerrillas not yet
// selected as a destination, ties settled at random (8.4.2 A).
func npRevMarchOrigin(g *Game, cands []int) (int, string) {
	most := 0
	for _, i := range cands {
		most = max(most, g.guerrillas(i))
	}
	top := g.filter(cands, func(i int) bool { return g.guerrillas(i) == most })
	i := top[0]
	tie := ""
	if len(top) > 1 {
		i = g.npBreakTie(top)
		tie = fmt.Sprintf(", tie among %d broken by the Random Spaces map (8.1.2)", len(top))
	}
	return i, g.npWhy(func() string {
		return fmt.Sprintf("origin %s, the space with the most Guerrillas (%d) not yet a destination (8.4.2 A)%s", g.space(i).Name, most, tie)
	})
}

// npRevMarch moves one Guerrilla at a time from the origin, Underground
// ones first, to the destination the March column selects each time
// (8.6.6, 8.4.2 B–C), keeping one Guerrilla in an origin with Unrest or a
// Base.
func npRevMarch(g *Game, fr *frame, d core.Decision) (string, string) {
	from := fr.Space
	name := g.space(from).Name
	if keep := g.npRevKeep(from); keep > 0 && g.guerrillas(from) <= keep {
		return "done", g.npWhy(func() string {
			return fmt.Sprintf("March: %s keeps one Guerrilla for its Unrest or Base (8.4.2)", name)
		})
	}
	for _, pc := range []Piece{GuerU, GuerA} {
		prefix := "move:" + pc.ID() + ":"
		cands := g.filter(g.spaceOptions(d, prefix), func(j int) bool { return g.npRevDest(from, j) })
		if len(cands) == 0 {
			continue
		}
		j, why := g.npSelect(Rev, "march", cands)
		return prefix + g.space(j).ID, g.npWhy(func() string {
			return fmt.Sprintf("March from %s: one %s to %s (8.6.6)", name, strings.ToLower(pc.String()), why)
		})
	}
	return "done", g.npWhy(func() string { return fmt.Sprintf("March: no more Guerrillas may leave %s (8.4.2 C)", name) })
}

// ---- Attack ----

// npRevHasTarget: a piece the Revolutionaries would remove is in space i
// (Adversary Priorities 8.5).
func (g *Game) npRevHasTarget(i int, mode removeMode) bool {
	for _, t := range g.targets(Rev, i, mode, false) {
		kind := "gandhi"
		if t.p != gandhiTarget {
			kind = npTargetKind(t.p)
		}
		if g.npTargetRank(Rev, kind) >= 0 {
			return true
		}
	}
	return false
}

// npRevAttackUseful: an Attack in space i could remove an adversary or add
// Unrest (3.4.3); NP Revolutionaries do not Activate their Guerrillas for
// nothing (8.1.5: the action must be possible to carry out).
func (g *Game) npRevAttackUseful(i int) bool {
	if g.npRevHasTarget(i, modeAttack) {
		return true
	}
	return (g.Sp[i].Protest || !g.Sp[i].Control) && g.unrestAvailable()
}

// ---- Special Activities ----

// npRevAid: NP Revolutionaries use Aid only to flip Guerrillas Underground
// (8.7.4).
func npRevAid(g *Game, fr *frame, d core.Decision) (string, string) {
	name := g.space(fr.Space).Name
	if has(d, "underground") {
		return "underground", g.npWhy(func() string { return fmt.Sprintf("Aid (8.7.4): flip the Guerrillas in %s Underground", name) })
	}
	return "resources", g.npWhy(func() string { return fmt.Sprintf("Aid in %s: no Active Guerrilla to flip", name) })
}

// npRevInfiltrateKind names a replace option in Adversary Priorities words.
func npRevInfiltrateKind(id string) string {
	switch k := strings.TrimPrefix(id, "replace:"); k {
	case "protest":
		return "protest"
	default:
		p, ok := pieceByID(k)
		if !ok {
			return k
		}
		return npTargetKind(p)
	}
}

// npRevInfiltrateReplace is the replace option the Adversary Priorities
// pick (8.5), "" if none.
func (g *Game) npRevInfiltrateReplace(i int, o []core.Option) string {
	var ids []string
	for _, x := range o {
		if strings.HasPrefix(x.ID, "replace:") {
			ids = append(ids, x.ID)
		}
	}
	return g.npBestTarget(Rev, ids, npRevInfiltrateKind)
}

// npRevInfiltrate places a Base when the Arjuna card says so (Crisis),
// otherwise replaces the piece first in the Adversary Priorities (8.7.4).
func npRevInfiltrate(g *Game, fr *frame, d core.Decision) (string, string) {
	name := g.space(fr.Space).Name
	if g.np.Plan.SAAct == "place-base" && has(d, "base") {
		return "base", g.npWhy(func() string { return fmt.Sprintf("Infiltrate (8.7.4): place a Base in %s", name) })
	}
	if id := g.npRevInfiltrateReplace(fr.Space, d.Options); id != "" {
		return id, g.npWhy(func() string {
			return fmt.Sprintf("Infiltrate (8.7.4) in %s: replace by the Adversary Priorities (8.5): %s", name, strings.TrimPrefix(id, "replace:"))
		})
	}
	if has(d, "base") {
		return "base", g.npWhy(func() string { return fmt.Sprintf("Infiltrate in %s: place a Base", name) })
	}
	return "", ""
}
