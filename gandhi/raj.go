package gandhi

import (
	"fmt"
	"math/bits"

	"durbar/core"
)

// British Raj Operations (3.2) and Special Activities (4.2).

func init() {
	addOp(&opDef{name: "deploy", title: "Deploy", rule: "3.2.1", faction: Raj,
		spaces: func(g *Game) []int {
			return g.where(g.all(), func(i int) bool { return g.isCity(i) && deployPossible(g, i) })
		},
		pick: func(g *Game, i int) { g.push(frame{Step: "deploy", F: Raj, Space: i}) },
		cost: func(g *Game) string { return g.sepoyCostNote("deploy") },
		finish: func(g *Game) {
			g.push(frame{Step: "deploy-oop", F: Raj, N: 2})
		},
	})
	register("deploy", stepDef{rule: "3.2.1",
		prompt: func(g *Game, fr *frame) string {
			return fmt.Sprintf("Deploy in %s: place up to %d more %s", g.space(fr.Space).Name, 6-fr.N, noun(6-fr.N, "cube"))
		},
		options: func(g *Game, fr *frame) []core.Option { return deployOptions(g, fr.Space, fr.N, fr.A == 1) },
		apply: func(g *Game, fr *frame, id string) error {
			i := fr.Space
			if g.doneThenPop(id) {
				return nil
			}
			var pc Piece
			from := -1
			switch {
			case id == "troop":
				pc = Troop
			case id == "sepoy":
				pc = Sepoy
			default:
				pc, from = g.parsePieceSpace(id, "take:")
			}
			if pc == Sepoy && fr.A == 0 {
				g.pay(Raj, g.sepoyCost("deploy"))
				fr.A = 1
			}
			if fr.N == 0 {
				g.useFirstFree()
			}
			if from >= 0 {
				g.movePiece(from, i, pc)
			} else {
				g.place(i, pc)
			}
			if fr.N++; fr.N == 6 {
				g.pop()
			}
			return nil
		},
	})
	register("deploy-oop", stepDef{rule: "3.2.1",
		prompt: func(g *Game, fr *frame) string {
			return fmt.Sprintf("Deploy: move up to %d %s from Out of Play to Available", fr.N, noun(fr.N, "cube"))
		},
		options: func(g *Game, fr *frame) []core.Option {
			o := append(g.optBuf(), opt("done", "Move no more", "3.2.1"))
			for _, pc := range []Piece{Troop, Sepoy} {
				if g.OOP[pc] > 0 {
					o = append(o, opt(pc.ID(), pc.String()+" to Available", "3.2.1"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			if g.doneThenPop(id) {
				return nil
			}
			pc, _ := pieceByID(id)
			g.OOP[pc]--
			g.Avail[pc]++
			g.countdown(fr)
			return nil
		},
	})

	addOp(&opDef{name: "garrison", title: "Garrison", rule: "3.2.2", faction: Raj, repeat: true,
		spaces: func(g *Game) []int {
			return g.where(g.all(), func(i int) bool {
				if g.Sp[i].Protest {
					return false
				}
				for _, pc := range []Piece{Troop, Sepoy} {
					if g.unmoved(i, pc) > 0 && g.garrisonPieceOK(pc) && len(g.garrisonDests(i, pc)) > 0 {
						return true
					}
				}
				return false
			})
		},
		pick: func(g *Game, i int) { g.push(frame{Step: "garrison", F: Raj, Space: i}) },
		cost: func(g *Game) string {
			if g.turn.Paid {
				return fmt.Sprintf("Sepoys paid for; Resources: %d", g.Resources[Raj])
			}
			return fmt.Sprintf("Sepoys cost once: %d; Resources: %d", g.sepoyCost("garrison"), g.Resources[Raj])
		},
	})
	register("garrison", stepDef{rule: "3.2.2",
		prompt: func(g *Game, fr *frame) string {
			return "Garrison from " + g.space(fr.Space).Name + ": move which cube where?"
		},
		options: func(g *Game, fr *frame) []core.Option {
			o := g.optBuf()
			for _, pc := range []Piece{Troop, Sepoy} {
				if g.unmoved(fr.Space, pc) == 0 || !g.garrisonPieceOK(pc) {
					continue
				}
				for _, d := range g.garrisonDests(fr.Space, pc) {
					o = append(o, opt(g.m.pieceSpaceID("move:", pc, d), g.label(func() string { return fmt.Sprintf("%s to %s", pc, g.space(d).Name) }), "3.2.2"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			pc, d := g.parsePieceSpace(id, "move:")
			if pc == Sepoy && !g.turn.Paid {
				g.pay(Raj, g.sepoyCost("garrison"))
				g.turn.Paid = true
			}
			g.moveTracked(fr.Space, d, pc)
			if g.turn.Limited {
				g.turn.Dest = d
			}
			g.pop()
			return nil
		},
	})

	addOp(&opDef{name: "sweep", title: "Sweep", rule: "3.2.3", faction: Raj,
		cost: func(g *Game) string { return g.sepoyCostNote("sweep") },
		spaces: func(g *Game) []int {
			return g.where(g.nonRailway(), func(i int) bool { return sweepPossible(g, i, false) })
		},
		pick: func(g *Game, i int) {
			g.push(frame{Step: "sweep", F: Raj, Space: i})
		},
	})
	register("sweep", stepDef{rule: "3.2.3",
		prompt: func(g *Game, fr *frame) string {
			return "Sweep into " + g.space(fr.Space).Name + ": move cubes in, use Sepoys in place, or finish and Activate"
		},
		options: func(g *Game, fr *frame) []core.Option { return sweepOptions(g, fr.Space, fr.A == 1, fr.B == 1) },
		apply: func(g *Game, fr *frame, id string) error {
			i := fr.Space
			paySepoys := func() {
				if fr.A == 0 {
					if fr.B == 0 {
						g.pay(Raj, g.sepoyCost("sweep"))
						g.useFirstFree()
					}
					fr.A = 1
				}
			}
			switch {
			case id == "done":
				n := int(g.Sp[i].P[Troop])
				if fr.A == 1 {
					n += int(g.Sp[i].P[Sepoy])
				}
				n = min(n, int(g.Sp[i].P[GuerU]))
				g.flip(i, GuerU, GuerA, n)
				if !g.unlogged() {
					g.logf("Sweep in %s Activates %d %s.", g.space(i).Name, n, noun(n, "Guerrilla"))
				}
				if g.viceroy() == Reading && fr.B == 0 {
					g.useFirstFree()
				}
				g.pop()
			case id == "in-place":
				paySepoys()
			default:
				pc, from := g.parsePieceSpace(id, "from:")
				if pc == Sepoy {
					paySepoys()
				}
				g.moveTracked(from, i, pc)
			}
			return nil
		},
	})

	addOp(&opDef{name: "assault", title: "Assault", rule: "3.2.4", faction: Raj,
		cost: func(g *Game) string { return g.sepoyCostNote("assault") },
		spaces: func(g *Game) []int {
			return g.where(g.all(), func(i int) bool {
				var b [8]core.Option
				return len(appendAssaultModes(b[:0], g, i)) > 0 || g.wavellSweepPossible(i)
			})
		},
		pick: func(g *Game, i int) { g.push(frame{Step: "assault", F: Raj, Space: i}) },
	})
	register("assault", stepDef{rule: "3.2.4",
		prompt: func(g *Game, fr *frame) string { return "Assault in " + g.space(fr.Space).Name + ": which cubes?" },
		options: func(g *Game, fr *frame) []core.Option {
			o := assaultModes(g, fr.Space)
			if g.wavellSweepPossible(fr.Space) {
				o = append(o, opt("wavell-sweep", "First a free Limited Sweep into this space (Lord Wavell)", "3.2.4"))
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			i := fr.Space
			s := &g.Sp[i]
			if id == "wavell-sweep" {
				g.turn.WavellUsed = true
				g.push(frame{Step: "sweep", F: Raj, Space: i, B: 1})
				return nil
			}
			n := 0
			switch id {
			case "troops":
				n = int(s.P[Troop])
			case "all":
				g.pay(Raj, g.sepoyCost("assault"))
				if int(s.P[Troop]) > 0 {
					n = int(s.P[Troop]) + int(s.P[Sepoy])
				} else {
					n = int(s.P[Sepoy]) / 2
				}
			}
			g.useFirstFree()
			g.pop()
			g.pushRemove(Raj, i, n, modeRaj)
			return nil
		},
	})

	addSA(&saDef{name: "treaty", title: "Treaty", rule: "4.2.1", faction: Raj,
		spaces: func(g *Game) []int {
			return g.where(g.all(), func(i int) bool { return g.isState(i) && len(treatyOptions(g, i)) > 0 })
		},
		pick: func(g *Game, i int) { g.push(frame{Step: "treaty", F: Raj, Space: i}) },
	})
	register("treaty", stepDef{rule: "4.2.1",
		prompt:  func(g *Game, fr *frame) string { return "Treaty in " + g.space(fr.Space).Name },
		options: func(g *Game, fr *frame) []core.Option { return treatyOptions(g, fr.Space) },
		apply: func(g *Game, fr *frame, id string) error {
			i := fr.Space
			g.pop()
			if id == "remove" {
				g.pushRemove(Raj, i, int(g.Sp[i].P[Sepoy]), modeRaj)
			} else {
				g.push(frame{Step: "treaty-move", F: Raj, Space: i})
			}
			return nil
		},
	})
	register("treaty-move", stepDef{rule: "4.2.1",
		prompt: func(g *Game, fr *frame) string { return "Treaty: move Sepoys into " + g.space(fr.Space).Name },
		options: func(g *Game, fr *frame) []core.Option {
			o := append(g.optBuf(), opt("done", "Move no more", "4.2.1"))
			for _, a := range g.space(fr.Space).Adj {
				if !g.Sp[a].Protest && g.unmoved(a, Sepoy) > 0 {
					o = append(o, opt(g.m.pieceSpaceID("from:", Sepoy, a), g.label(func() string { return "Sepoy from " + g.space(a).Name }), "4.2.1"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			if g.doneThenPop(id) {
				return nil
			}
			_, from := g.parsePieceSpace(id, "from:")
			g.moveTracked(from, fr.Space, Sepoy)
			return nil
		},
	})

	addSA(&saDef{name: "govern", title: "Govern", rule: "4.2.2", faction: Raj, max: 2,
		cost: func(g *Game) string {
			return fmt.Sprintf("Imperialism costs each: %d; Resources: %d", g.imperialismCost(), g.Resources[Raj])
		},
		spaces: func(g *Game) []int {
			return g.where(g.all(), func(i int) bool {
				var b [8]core.Option
				return g.cubes(i) > 0 && len(appendGovernOptions(b[:0], g, i)) > 0
			})
		},
		pick: func(g *Game, i int) { g.push(frame{Step: "govern", F: Raj, Space: i}) },
	})
	register("govern", stepDef{rule: "4.2.2",
		prompt:  func(g *Game, fr *frame) string { return "Govern in " + g.space(fr.Space).Name },
		options: func(g *Game, fr *frame) []core.Option { return governOptions(g, fr.Space) },
		apply: func(g *Game, fr *frame, id string) error {
			i := fr.Space
			g.pop()
			switch id {
			case "remove":
				g.pushRemove(Raj, i, 1, modeRaj)
			case "strike":
				g.Sp[i].Strike = false
				g.touch(i)
			case "protest":
				g.removeProtest(i)
			case "imperialism":
				g.push(frame{Step: "imperialism", F: Raj, Space: i, N: 2, A: 1})
			}
			return nil
		},
	})
	register("imperialism", stepDef{rule: "4.2.2",
		prompt: func(g *Game, fr *frame) string {
			return fmt.Sprintf("Imperialism in %s: buy up to %d more (%d %s each)", g.space(fr.Space).Name, fr.N, g.imperialismCost(), noun(g.imperialismCost(), "Resource"))
		},
		options: func(g *Game, fr *frame) []core.Option { return imperialismOptions(g, fr) },
		apply: func(g *Game, fr *frame, id string) error {
			i := fr.Space
			if g.doneThenPop(id) {
				return nil
			}
			g.pay(Raj, g.imperialismCost())
			switch id {
			case "buy:unrest":
				g.removeUnrest(i)
			case "buy:shift":
				g.shiftSupport(i, 1)
				fr.B++
			case "buy:muslim-state":
				g.removeMuslimState(i)
			}
			if fr.A == 1 || id != "buy:unrest" {
				fr.N--
			}
			if fr.N == 0 {
				g.pop()
			}
			return nil
		},
	})

	addSA(&saDef{name: "martial-law", title: "Martial Law", rule: "4.2.3", faction: Raj,
		spaces: func(g *Game) []int {
			n := g.turn.SASpaces.count()
			max := 1
			if g.crisis() {
				max = 2
			}
			if n >= max {
				return nil
			}
			return g.where(g.all(), func(i int) bool { return g.cubes(i) > 0 && g.activists(i) > 0 })
		},
		pick: func(g *Game, i int) {
			g.push(frame{Step: "martial-law", F: Raj, Space: i, N: g.cubes(i)})
		},
	})
	register("martial-law", stepDef{rule: "4.2.3",
		prompt: func(g *Game, fr *frame) string {
			return fmt.Sprintf("Martial Law in %s: remove up to %d %s", g.space(fr.Space).Name, fr.N, noun(fr.N, "Activist"))
		},
		options: func(g *Game, fr *frame) []core.Option {
			o := g.optBuf()
			i := fr.Space
			must := false
			if fr.N > 0 {
				for k, pc := range []Piece{CongAct, LeagueAct} {
					if int(g.Sp[i].P[pc]) > 0 {
						o = append(o, opt("target:"+pc.ID(), "Remove "+pc.A(), "4.2.3"))
						if fr.B&(1<<uint(k)) != 0 {
							must = true
						}
					}
				}
			}
			if !must {
				o = append(o, opt("done", "Finish Martial Law here", "4.2.3"))
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			i := fr.Space
			if id != "done" {
				pc, _ := pieceByID(id[len("target:"):])
				fr.B |= 1 << uint(pc-CongAct)
				g.remove(i, pc)
				fr.N--
				if fr.N > 0 && g.activists(i) > 0 {
					return nil
				}
			}
			// Then the Protest goes, Unrest is added (not under Lord
			// Linlithgow, nor on a Railway) and the space shifts toward Neutral.
			g.pop()
			g.removeProtest(i)
			if !g.isRailway(i) && g.viceroy() != Linlithgow {
				g.addUnrest(i)
			}
			g.shiftToward(i, 0)
			return nil
		},
	})
}

// deployPossible: some cube can be placed in a City, from Available or, when
// none of a kind is left, from the map (3.2.1, 1.4.1).
func deployPossible(g *Game, i int) bool {
	canSepoy := g.Resources[Raj] >= g.sepoyCost("deploy")
	onMap := func(p Piece) bool {
		for j := range g.Sp {
			if j != i && int(g.Sp[j].P[p]) > 0 {
				return true
			}
		}
		return false
	}
	return g.Avail[Troop] > 0 || onMap(Troop) || canSepoy && (g.Avail[Sepoy] > 0 || onMap(Sepoy))
}

func deployOptions(g *Game, i, placed int, paid bool) []core.Option {
	var buf [24]core.Option // on the stack
	o := append(buf[:0], opt("done", "Place no more here", "3.2.1"))
	if placed >= 6 {
		return g.keepOpts(o)
	}
	canSepoy := paid || g.Resources[Raj] >= g.sepoyCost("deploy")
	for _, pc := range []Piece{Troop, Sepoy} {
		if pc == Sepoy && !canSepoy {
			continue
		}
		if g.Avail[pc] > 0 {
			o = append(o, opt(pc.ID(), g.label(func() string { return fmt.Sprintf("Place %s (Available: %d)", pc.A(), g.Avail[pc]) }), "3.2.1"))
			continue
		}
		// None Available: cubes may be taken from elsewhere on the map (1.4.1).
		for j := range g.Sp {
			if j != i && int(g.Sp[j].P[pc]) > 0 {
				o = append(o, opt(g.m.pieceSpaceID("take:", pc, j), g.label(func() string { return fmt.Sprintf("Take %s from %s", pc.A(), g.space(j).Name) }), "1.4.1"))
			}
		}
	}
	return g.keepOpts(o)
}

func (g *Game) garrisonPieceOK(pc Piece) bool {
	return pc == Troop || g.turn.Paid || g.Resources[Raj] >= g.sepoyCost("garrison")
}

// garrisonDests: along adjacent Railways and Cities, stopping at Active
// adversaries and unable to leave Protest spaces, then optionally into an
// adjacent Raj-Controlled space (3.2.2).
func (g *Game) garrisonDests(from int, pc Piece) []int {
	adj, rc := g.m.adjBits, g.m.railCityBits
	self := uint64(1) << uint(from)
	leaves := func(a int) bool { return !g.Sp[a].Protest && g.activeNonRaj(a) == 0 }
	// reach: the Railways and Cities the cube gets to; canLeave: those it
	// may go on from (from itself when it is on the network).
	var reach, canLeave, queue uint64
	if rc&self != 0 {
		canLeave, queue = self, self
	} else {
		reach = adj[from] & rc
		for b := reach; b != 0; b &= b - 1 {
			if a := bits.TrailingZeros64(b); leaves(a) {
				canLeave |= 1 << uint(a)
			}
		}
		queue = canLeave
	}
	for queue != 0 {
		x := bits.TrailingZeros64(queue)
		queue &= queue - 1
		next := adj[x] & rc &^ reach &^ self
		reach |= next
		for b := next; b != 0; b &= b - 1 {
			if a := bits.TrailingZeros64(b); leaves(a) {
				canLeave |= 1 << uint(a)
				queue |= 1 << uint(a)
			}
		}
	}
	// Then, from anywhere it may leave, into an adjacent Raj-Controlled space.
	final := reach
	for b := (reach | self) & canLeave; b != 0; b &= b - 1 {
		for c := adj[bits.TrailingZeros64(b)] &^ self &^ final; c != 0; c &= c - 1 {
			if a := bits.TrailingZeros64(c); g.Sp[a].Control {
				final |= 1 << uint(a)
			}
		}
	}
	var outBuf [maxSpaces]int
	out := outBuf[:0]
	for b := final &^ self; b != 0; b &= b - 1 {
		x := bits.TrailingZeros64(b)
		if pc == Troop && g.isState(x) {
			continue
		}
		if g.turn.Limited && g.turn.Dest >= 0 && x != g.turn.Dest {
			continue
		}
		out = append(out, x)
	}
	return g.keepInts(out)
}

// sweepPossible: a cube could move into dest, or Sepoys there could sweep in
// place (the same tests as sweepOptions, without building labels).
func sweepPossible(g *Game, dest int, free bool) bool {
	canSepoy := free || g.Resources[Raj] >= g.sepoyCost("sweep")
	if canSepoy && int(g.Sp[dest].P[Sepoy]) > 0 {
		return true
	}
	if len(sweepOrigins(g, dest, Troop)) > 0 {
		return true
	}
	return canSepoy && len(sweepOrigins(g, dest, Sepoy)) > 0
}

// sweepOrigins lists where a cube of kind pc may come from to enter dest:
// adjacent spaces, or via one adjacent Railway free of Strikes, Activists and
// Active Guerrillas (3.2.3). Cubes never leave Protest spaces.
func sweepOrigins(g *Game, dest int, pc Piece) []int {
	if pc == Troop && g.isState(dest) {
		return nil
	}
	var seen [maxSpaces]bool
	var outBuf [maxSpaces]int
	out := outBuf[:0]
	try := func(x int) {
		if x != dest && !seen[x] && !g.Sp[x].Protest && g.unmoved(x, pc) > 0 {
			seen[x] = true
			out = append(out, x)
		}
	}
	for _, a := range g.space(dest).Adj {
		try(a)
		if g.isRailway(a) && !g.Sp[a].Strike && g.activists(a) == 0 && int(g.Sp[a].P[GuerA]) == 0 {
			for _, b := range g.space(a).Adj {
				try(b)
			}
		}
	}
	return g.keepInts(out)
}

func sweepOptions(g *Game, dest int, paid, free bool) []core.Option {
	var buf [24]core.Option // on the stack
	o := append(buf[:0], opt("done", "Finish: Activate Guerrillas", "3.2.3"))
	canSepoy := paid || free || g.Resources[Raj] >= g.sepoyCost("sweep")
	for _, pc := range []Piece{Troop, Sepoy} {
		if pc == Sepoy && !canSepoy {
			continue
		}
		for _, x := range sweepOrigins(g, dest, pc) {
			o = append(o, opt(g.m.pieceSpaceID("from:", pc, x), g.label(func() string { return fmt.Sprintf("%s from %s", pc, g.space(x).Name) }), "3.2.3"))
		}
	}
	if !paid && canSepoy && int(g.Sp[dest].P[Sepoy]) > 0 {
		o = append(o, opt("in-place", "Pay to use the Sepoys already here", "3.2.3"))
	}
	return g.keepOpts(o)
}

// wavellSweepPossible: Lord Wavell's free Limited Sweep may go into a space
// selected for Assault, before its removals (3.2.4).
func (g *Game) wavellSweepPossible(i int) bool {
	return g.viceroy() == Wavell && !g.turn.WavellUsed && !g.isRailway(i) && g.cubes(i) > 0 &&
		sweepPossible(g, i, true)
}

func assaultModes(g *Game, i int) []core.Option {
	var b [8]core.Option // on the stack
	return g.keepOpts(appendAssaultModes(b[:0], g, i))
}

// appendAssaultModes appends the options of assaultModes to o (a predicate lists them
// into a buffer on the stack).
func appendAssaultModes(o []core.Option, g *Game, i int) []core.Option {
	s := &g.Sp[i]
	if len(g.targets(Raj, i, modeRaj, false)) == 0 {
		return o
	}
	if int(s.P[Troop]) > 0 {
		o = append(o, opt("troops", g.label(func() string { return fmt.Sprintf("Troops only (free): remove %d", int(s.P[Troop])) }), "3.2.4"))
	}
	cost := g.sepoyCost("assault")
	if int(s.P[Sepoy]) > 0 && g.Resources[Raj] >= cost {
		n := int(s.P[Sepoy]) / 2
		if int(s.P[Troop]) > 0 {
			n = int(s.P[Troop]) + int(s.P[Sepoy])
		}
		if n > 0 {
			o = append(o, opt("all", g.label(func() string { return fmt.Sprintf("With Sepoys (%d %s): remove %d", cost, noun(cost, "Resource"), n) }), "3.2.4"))
		}
	}
	return o
}

func treatyOptions(g *Game, i int) []core.Option {
	var buf [24]core.Option // on the stack
	o := buf[:0]
	if int(g.Sp[i].P[Sepoy]) > 0 && len(g.targets(Raj, i, modeRaj, false)) > 0 {
		o = append(o, opt("remove", "Remove one Active piece per Sepoy", "4.2.1"))
	}
	for _, a := range g.space(i).Adj {
		if !g.Sp[a].Protest && g.unmoved(a, Sepoy) > 0 {
			o = append(o, opt("move", "Move Sepoys in from adjacent spaces", "4.2.1"))
			break
		}
	}
	return g.keepOpts(o)
}

func (g *Game) imperialismCost() int {
	if g.viceroy() == Mountbatten {
		return 2
	}
	return 3
}

func governOptions(g *Game, i int) []core.Option {
	var b [8]core.Option // on the stack
	return g.keepOpts(appendGovernOptions(b[:0], g, i))
}

// appendGovernOptions appends the options of governOptions to o (a predicate lists them
// into a buffer on the stack).
func appendGovernOptions(o []core.Option, g *Game, i int) []core.Option {

	s := &g.Sp[i]
	if len(g.targets(Raj, i, modeRaj, false)) > 0 {
		o = append(o, opt("remove", "Remove one Active piece", "4.2.2"))
	}
	if g.activists(i) == 0 {
		if s.Strike {
			o = append(o, opt("strike", "Remove the Strike marker", "4.2.2"))
		}
		if s.Protest {
			o = append(o, opt("protest", "Remove the Protest marker", "4.2.2"))
		}
	}
	if g.activeAdversaries(Raj, i) == 0 && !g.isRailway(i) && g.Resources[Raj] >= g.imperialismCost() &&
		(int(s.Unrest) > 0 || int(s.Support) < 2 || s.MuslimState) {
		o = append(o, opt("imperialism", "Buy Imperialism (1 or 2 levels)", "4.2.2"))
	}
	return o
}

// imperialismOptions serves Govern (fr.A == 1: at most two purchases) and the
// Support Phase (fr.A == 0: Unrest removal unlimited, at most two shifts).
func imperialismOptions(g *Game, fr *frame) []core.Option {
	i := fr.Space
	s := &g.Sp[i]
	o := append(g.optBuf(), opt("done", "Buy no more", "4.2.2"))
	if fr.N <= 0 || g.Resources[Raj] < g.imperialismCost() {
		return o
	}
	switch {
	case int(s.Unrest) > 0:
		o = append(o, opt("buy:unrest", "Remove an Unrest marker", "4.2.2"))
	default:
		if int(s.Support) < 2 && (fr.A == 1 || fr.B < 2) {
			o = append(o, opt("buy:shift", "Shift one level toward Active Support", "4.2.2"))
		}
		if s.MuslimState && fr.A == 1 {
			o = append(o, opt("buy:muslim-state", "Remove the Muslim State marker", "4.2.2"))
		}
	}
	return o
}
