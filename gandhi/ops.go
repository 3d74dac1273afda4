package gandhi

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"durbar/core"
)

// opDef describes one Operation (3.0). The generic "op" step offers its
// eligible spaces, the Special Activities that may come before, during or
// after it (4.1.1), and "done".
type opDef struct {
	name, title, rule string
	faction           Faction
	// spaces lists the spaces that may be selected now.
	spaces func(g *Game) []int
	// pick starts the Operation in a selected space (usually by pushing a step).
	pick func(g *Game, i int)
	// finish runs the parts done after all spaces (e.g. shifting Restraint).
	finish func(g *Game)
	// repeat: spaces may be chosen again (movement Ops choose origins/pieces).
	repeat bool
	// cost words what a space costs now and the Resources left, for the
	// prompt that selects spaces; nil for Operations that cost nothing.
	cost  func(g *Game) string
	optID string // "op:" + name, set by addOp
}

// saDef describes one Special Activity (4.0).
type saDef struct {
	name, title, rule string
	faction           Faction
	max               int      // spaces that may be selected; 0 = any number
	accompanies       []string // Operations it may accompany; nil = any
	spaces            func(g *Game) []int
	pick              func(g *Game, i int)
	finish            func(g *Game)
	// cost words what it costs now and the Resources left (see opDef.cost).
	cost  func(g *Game) string
	optID string // "sa:" + name, set by addSA
}

var ops = map[string]*opDef{}
var sas = map[string]*saDef{}
var factionOps = [NumFactions][]string{}
var factionSAs = [NumFactions][]string{}

func addOp(d *opDef) {
	d.optID = "op:" + d.name
	ops[d.name] = d
	factionOps[d.faction] = append(factionOps[d.faction], d.name)
}

func addSA(d *saDef) {
	d.optID = "sa:" + d.name
	sas[d.name] = d
	factionSAs[d.faction] = append(factionSAs[d.faction], d.name)
}

// opPossible: an Operation is offered only where at least one space may be
// selected, so that choosing it never leads to a dead end.
func (g *Game) opPossible(od *opDef, limited bool) bool {
	saved, was := g.turn, g.probe
	g.turn = turn{F: od.faction, Op: od.name, Limited: limited, Dest: -1, Origin: -1}
	g.probe = probeOp
	ok := len(od.spaces(g)) > 0
	g.turn, g.probe = saved, was
	return ok
}

func (g *Game) opSpacesNow() []int {
	t := &g.turn
	od := ops[t.Op]
	if t.OpDone {
		return nil
	}
	if t.Limited && t.NOpSpaces >= 1 && !od.repeat {
		return nil
	}
	if t.Free && t.MaxSpaces > 0 && t.NOpSpaces >= t.MaxSpaces {
		return nil
	}
	var buf [maxSpaces]int
	out := buf[:0]
	for _, i := range od.spaces(g) {
		if !od.repeat && t.OpSpaces.has(i) {
			continue
		}
		if isNegotiate(t.SA) && t.SASpaces.has(i) {
			continue // Negotiate and Operations never share a space (3.1.1)
		}
		if t.Free && t.Where != nil && !g.matches(t.Where, i) {
			continue // a free Operation limited by its Event's text
		}
		out = append(out, i)
	}
	return g.keepInts(out)
}

// appendSAOptions appends saOptions to o.
func (g *Game) appendSAOptions(o []core.Option) []core.Option {
	t := &g.turn
	if !t.SAAllowed || t.SADone || t.Limited {
		return o
	}
	for _, name := range factionSAs[t.F] {
		sd := sas[name]
		if !sd.accompaniesOp(t.Op) {
			continue
		}
		saved, was := *t, g.probe
		t.SA = name
		g.probe = probeSA
		ok := len(g.saSpacesNow()) > 0
		*t, g.probe = saved, was
		if ok {
			o = append(o, opt(sd.optID, g.label(func() string { return "Special Activity: " + sd.title }), sd.rule))
		}
	}
	return o
}

func (sd *saDef) accompaniesOp(op string) bool {
	if sd.accompanies == nil {
		return true
	}
	for _, a := range sd.accompanies {
		if a == op {
			return true
		}
	}
	return false
}

func (g *Game) saSpacesNow() []int {
	t := &g.turn
	sd := sas[t.SA]
	n := t.SASpaces.count()
	if sd.max > 0 && n >= sd.max {
		return nil
	}
	var buf [maxSpaces]int
	out := buf[:0]
	for _, i := range sd.spaces(g) {
		if t.SASpaces.has(i) {
			continue
		}
		if isNegotiate(sd.name) && t.OpSpaces.has(i) {
			continue
		}
		out = append(out, i)
	}
	return g.keepInts(out)
}

func init() {
	register("op", stepDef{
		rule: "3.1",
		prompt: func(g *Game, fr *frame) string {
			od := ops[g.turn.Op]
			t := &g.turn
			sa := len(g.appendSAOptions(nil)) > 0
			if t.OpDone {
				if sa {
					return od.title + " is complete: a Special Activity, or end the turn?"
				}
				return od.title + " is complete: end the turn"
			}
			// The prompt names only what the options offer, and what a
			// space costs while spaces are offered.
			spaces := len(g.opSpacesNow()) > 0
			p := od.title + ": " + alternatives(spaces, sa, t.NOpSpaces > 0 || t.Free)
			if spaces && od.cost != nil {
				p += " (" + od.cost(g) + ")"
			}
			return p
		},
		options: func(g *Game, fr *frame) []core.Option {
			t := &g.turn
			od := ops[t.Op]
			spaces := g.opSpacesNow()
			o := g.optBuf()
			for _, i := range spaces {
				o = append(o, spaceOpt(g, i, "", od.rule))
			}
			o = g.appendSAOptions(o)
			if g.mayTransfer(t.F) {
				o = append(o, opt("transfer", g.label(func() string {
					return "Transfer Resources to the " + g.transferPartner(t.F).String()
				}), "1.5"))
			}
			if g.mayWithdraw(t.F) {
				o = append(o, opt("withdraw", g.label(func() string { return "Remove pieces of your own from the map to Available" }), "1.4.1"))
			}
			switch {
			case t.OpDone:
				o = append(o, opt("end", "End the turn", "2.3.6"))
			case t.NOpSpaces > 0:
				o = append(o, opt("done", g.label(func() string { return "Finish the " + od.title }), od.rule))
			case t.Free:
				// An Event's free Operation is offered, not imposed ("may").
				o = append(o, opt("decline", g.label(func() string { return "Decline the free " + od.title }), "5.1"))
			}
			if len(o) == 0 {
				return nil
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			t := &g.turn
			od := ops[t.Op]
			switch {
			case id == "end", id == "decline":
				g.pop()
			case id == "done":
				t.OpDone = true
				if od.finish != nil {
					od.finish(g)
				}
			case id == "withdraw":
				g.push(frame{Step: "withdraw", F: t.F})
			case id == "transfer":
				g.push(frame{Step: "transfer", F: t.F})
			case len(id) > 3 && id[:3] == "sa:":
				t.SA = id[3:]
				if !g.unlogged() {
					g.logf("%s begins %s.", t.F, sas[t.SA].title)
				}
				g.push(frame{Step: "sa", F: t.F})
			default:
				i := g.parseSpace(id, "space:")
				t.OpSpaces.add(i)
				t.NOpSpaces++
				od.pick(g, i)
			}
			return nil
		},
	})
	register("sa", stepDef{
		rule: "4.1",
		prompt: func(g *Game, fr *frame) string {
			sd := sas[g.turn.SA]
			spaces := len(g.saSpacesNow()) > 0
			p := sd.title + ": " + alternatives(spaces, false, g.turn.SASpaces.count() > 0)
			if spaces && sd.cost != nil {
				p += " (" + sd.cost(g) + ")"
			}
			return p
		},
		options: func(g *Game, fr *frame) []core.Option {
			sd := sas[g.turn.SA]
			spaces := g.saSpacesNow()
			o := g.optBuf()
			for _, i := range spaces {
				o = append(o, spaceOpt(g, i, "", sd.rule))
			}
			n := g.turn.SASpaces.count()
			if n > 0 {
				o = append(o, opt("done", g.label(func() string { return "Finish the " + sd.title }), sd.rule))
			}
			if len(o) == 0 {
				return nil
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			t := &g.turn
			sd := sas[t.SA]
			if id == "done" {
				g.pop()
				t.SADone = true
				if sd.finish != nil {
					sd.finish(g)
				}
				return nil
			}
			i := g.parseSpace(id, "space:")
			t.SASpaces.add(i)
			sd.pick(g, i)
			return nil
		},
	})
}

// ---- costs (3.1, 3.2, Viceroy capabilities 2.5.1) ----

// perSpaceCost words an Operation's cost per space and the Resources left.
func (g *Game) perSpaceCost(f Faction, c int) string {
	return fmt.Sprintf("cost per space: %d; Resources: %d", c, g.Resources[f])
}

// sepoyCostNote words what Sepoys cost a space in a Raj Operation and the
// Resources left.
func (g *Game) sepoyCostNote(op string) string {
	return fmt.Sprintf("Sepoys cost per space: %d; Resources: %d", g.sepoyCost(op), g.Resources[Raj])
}

// revCost is a Revolutionary Operation's cost per space (3.4): c, or
// nothing in an Event's free Operation.
func (g *Game) revCost(c int) string {
	if g.turn.Free {
		c = 0
	}
	return g.perSpaceCost(Rev, c)
}

// sepoyCost is what the Raj pays to use Sepoys in one space of an Operation.
func (g *Game) sepoyCost(op string) int {
	if g.turn.Free {
		return 0 // a free Operation granted by an Event costs nothing
	}
	v := g.viceroy()
	if v == Reading && !g.turn.FreeUsed && (op == "deploy" || op == "sweep" || op == "assault") {
		return 0
	}
	switch {
	case v == Willingdon && op == "deploy", v == Irwin && op == "sweep", v == Chelmsford && op == "assault":
		return 1
	case v == Reading && op == "garrison":
		return 0
	}
	return g.Restraint
}

// useFirstFree marks Lord Reading's free first space as used.
func (g *Game) useFirstFree() {
	if g.viceroy() == Reading {
		g.turn.FreeUsed = true
	}
}

// canPay and payOp are the Operation costs of the Revolutionaries (3.4);
// an Event's free Operation pays nothing.
func (g *Game) canPay(f Faction, n int) bool { return g.turn.Free || g.Resources[f] >= n }

func (g *Game) payOp(f Faction, n int) {
	if !g.turn.Free {
		g.pay(f, n)
	}
}

func (g *Game) pay(f Faction, n int) {
	if g.npNoResources(f) {
		return
	}
	if g.Resources[f] < n {
		panic(fmt.Sprintf("%s cannot pay %d", f, n))
	}
	g.Resources[f] -= n
}

// ---- NV space limits (3.3) ----

// nvFree: a space that does not count against Restraint (Congress) or Unity
// (Muslim League) when selected.
func (g *Game) nvFree(f Faction, i int) bool {
	if f == Congress {
		return g.Sp[i].Protest || g.Gandhi == i
	}
	return int(g.Sp[i].P[LeagueBase]) > 0
}

func (g *Game) nvLimit(f Faction) int {
	if f == Congress {
		return g.Restraint
	}
	return g.Unity
}

// nvSelectable applies the NV space limit to a candidate space.
func (g *Game) nvSelectable(f Faction, i int) bool {
	return g.turn.Free || g.nvFree(f, i) || g.turn.NLimited < g.nvLimit(f)
}

// nvCount records the selection of a space against the limit.
func (g *Game) nvCount(f Faction, i int) {
	if !g.nvFree(f, i) {
		g.turn.NLimited++
	}
}

// ---- Resources between the Raj and the Revolutionaries (1.5) ----

// transferPartner is the faction the Raj and the Revolutionaries transfer
// Resources to: each other.
func (g *Game) transferPartner(f Faction) Faction {
	if f == Raj {
		return Rev
	}
	return Raj
}

// mayTransfer reports whether the executing faction is offered to transfer
// Resources (1.5: the Raj and the Revolutionaries may, while one of them
// executes an Operation, Special Activity or Event): offered when one player
// runs both, so that no agreement is needed, neither is a Non-Player, and it
// has Resources the other has room for.
func (g *Game) mayTransfer(f Faction) bool {
	if f != Raj && f != Rev {
		return false
	}
	h := g.transferPartner(f)
	return g.Seats[f] == g.Seats[h] && !g.IsNP(f) && !g.IsNP(h) && g.Resources[f] > 0 && g.Resources[h] < MaxResources
}

// transferSteps are the sums a transfer moves at a time.
var transferSteps = [...]int{1, 5, 10}

func init() {
	register("transfer", stepDef{
		rule: "1.5",
		prompt: func(g *Game, fr *frame) string {
			h := g.transferPartner(fr.F)
			return fmt.Sprintf("%s (%d %s): transfer Resources to the %s (%d)?", fr.F, g.Resources[fr.F], noun(g.Resources[fr.F], "Resource"), h, g.Resources[h])
		},
		options: func(g *Game, fr *frame) []core.Option {
			h := g.transferPartner(fr.F)
			o := append(g.optBuf(), opt("done", g.label(func() string { return "Go on with the action" }), "1.5"))
			for _, n := range transferSteps {
				if n <= g.Resources[fr.F] && g.Resources[h]+n <= MaxResources {
					o = append(o, opt(numID("give:", n), g.label(func() string { return fmt.Sprintf("Give %d %s to the %s", n, noun(n, "Resource"), h) }), "1.5"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			if g.doneThenPop(id) {
				return nil
			}
			n, err := strconv.Atoi(strings.TrimPrefix(id, "give:"))
			h := g.transferPartner(fr.F)
			if err != nil || !slices.Contains(transferSteps[:], n) || n > g.Resources[fr.F] || g.Resources[h]+n > MaxResources {
				return fmt.Errorf("rule 1.5: cannot give %q Resources now", strings.TrimPrefix(id, "give:"))
			}
			g.Resources[fr.F] -= n
			g.Resources[h] += n
			if !g.unlogged() {
				g.logf("%s transfers %d %s to the %s (1.5).", fr.F, n, noun(n, "Resource"), h)
			}
			return nil
		},
	})
}

// ---- voluntary removal (1.4.1) ----

// ownPieces are the pieces a faction may take off the map to Available
// while it executes an Operation, Special Activity or Event (1.4.1:
// Congress, the Muslim League and the Revolutionaries; never Gandhi).
var ownPieces = [NumFactions][]Piece{
	Congress: {CongAct},
	League:   {LeagueAct, LeagueBase},
	Rev:      {GuerU, GuerA, RevBase},
}

// mayWithdraw reports whether the executing faction is offered voluntary
// removal: a player's (Non-Players never need it: they skip what they
// cannot place, 8.1), with a kind of its pieces none of which is Available
// and some on the map.
func (g *Game) mayWithdraw(f Faction) bool {
	if g.IsNP(f) {
		return false
	}
	for _, p := range ownPieces[f] {
		if g.Avail[pool(p)] > 0 {
			continue
		}
		for i := range g.Sp {
			if g.Sp[i].P[p] > 0 {
				return true
			}
		}
	}
	return false
}

func init() {
	register("withdraw", stepDef{
		rule: "1.4.1",
		prompt: func(g *Game, fr *frame) string {
			return fr.F.String() + ": remove pieces of your own from the map to Available, then go on"
		},
		options: func(g *Game, fr *frame) []core.Option {
			o := append(g.optBuf(), opt("done", g.label(func() string { return "Go on with the action" }), "1.4.1"))
			for i := range g.Sp {
				for _, p := range ownPieces[fr.F] {
					if g.Sp[i].P[p] > 0 {
						o = append(o, opt("wd:"+g.space(i).ID+":"+pieceIDs[p], g.label(func() string {
							return "Remove one " + p.String() + " from " + g.space(i).Name
						}), "1.4.1"))
					}
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			if g.doneThenPop(id) {
				return nil
			}
			rest, _ := strings.CutPrefix(id, "wd:")
			sp, pc, _ := strings.Cut(rest, ":")
			i, ok := g.m.ID(sp)
			p, ok2 := pieceByID(pc)
			if !ok || !ok2 || g.Sp[i].P[p] == 0 || !slices.Contains(ownPieces[fr.F], p) {
				return fmt.Errorf("rule 1.4.1: no %s of the %s in %s to remove", pc, fr.F, sp)
			}
			g.remove(i, p)
			if !g.unlogged() {
				g.logf("%s removes one %s from %s to Available (1.4.1).", fr.F, p, g.space(i).Name)
			}
			return nil
		},
	})
}

func ownActivist(f Faction) Piece {
	if f == League {
		return LeagueAct
	}
	return CongAct
}

func otherActivist(f Faction) Piece {
	if f == League {
		return CongAct
	}
	return LeagueAct
}

// nonRailway lists the spaces that are not Railways. The list is the map's
// own: read it, never write into it (its capacity is clipped, so appending
// copies).
func (g *Game) nonRailway() []int {
	if l := g.m.nonRail; l != nil {
		return l[:len(l):len(l)]
	}
	var out []int
	for i := range g.Sp {
		if !g.isRailway(i) {
			out = append(out, i)
		}
	}
	return out
}

// all lists every space; like nonRailway, the list is read-only.
func (g *Game) all() []int {
	if l := g.m.allIdx; len(l) == len(g.Sp) {
		return l[:len(l):len(l)]
	}
	out := make([]int, len(g.Sp))
	for i := range out {
		out[i] = i
	}
	return out
}

// Probe modes of Game.probe: whether the spaces an Operation or Special
// Activity may select are being listed only to learn if there is any.
const (
	probeOff = iota
	probeOp  // opPossible: any space at all?
	probeSA  // saOptions: any space that saSpacesNow would keep?
)

// probeCheck makes where verify every probe against the full list (tests).
var probeCheck = false

// where is filter for the spaces functions of Operations and Special
// Activities (opDef.spaces, saDef.spaces), which return it as their whole
// result. When g.probe is set it stops at the first space that would be
// offered and returns just that one: opPossible and saOptions only ask
// whether the list is empty. Lists built while deciding keep are full.
func (g *Game) where(in []int, keep func(int) bool) []int {
	mode := g.probe
	if mode == probeOff {
		return g.filter(in, keep)
	}
	g.probe = probeOff
	defer func() { g.probe = mode }()
	t := &g.turn
	var out []int
	for k, i := range in {
		if mode == probeSA && (t.SASpaces.has(i) || isNegotiate(t.SA) && t.OpSpaces.has(i)) {
			continue // saSpacesNow leaves these out
		}
		if keep(i) {
			out = in[k : k+1 : k+1]
			break
		}
	}
	if probeCheck {
		full := g.filter(in, func(i int) bool {
			return !(mode == probeSA && (t.SASpaces.has(i) || isNegotiate(t.SA) && t.OpSpaces.has(i))) && keep(i)
		})
		if (len(full) > 0) != (len(out) > 0) {
			panic(fmt.Sprintf("where: probe found %v, the full list is %v", out, full))
		}
	}
	return out
}

// unmoved counts pieces of a kind in a space that have not moved this
// Operation (3.1.2). Guerrillas are counted together because a Special
// Activity may flip them after they moved.
func (g *Game) unmoved(i int, p Piece) int {
	if p == GuerU || p == GuerA {
		return max(0, min(int(g.Sp[i].P[p]), g.guerrillas(i)-int(g.turn.Moved[i][GuerU])))
	}
	return max(0, int(g.Sp[i].P[p])-int(g.turn.Moved[i][p]))
}

func (g *Game) moveTracked(from, to int, p Piece) {
	g.movePiece(from, to, p)
	k := p
	if p == GuerA {
		k = GuerU
	}
	g.turn.Moved[to][k]++
}

func isNegotiate(sa string) bool { return sa == "negotiate" || sa == "league-negotiate" }

// alternatives words the choices of an Operation's or Special Activity's
// step: a space, a Special Activity, finishing; only those offered.
func alternatives(space, sa, finish bool) string {
	switch {
	case space && sa && finish:
		return "select a space, a Special Activity, or finish"
	case space && sa:
		return "select a space or a Special Activity"
	case space && finish:
		return "select a space or finish"
	case space:
		return "select a space"
	case sa && finish:
		return "a Special Activity, or finish"
	case sa:
		return "choose a Special Activity"
	default:
		return "no more spaces: finish"
	}
}
