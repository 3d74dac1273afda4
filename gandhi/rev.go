package gandhi

import (
	"fmt"

	"durbar/core"
)

// Revolutionaries Operations (3.4) and Special Activities (4.5).

func init() {
	addOp(&opDef{name: "rev-rally", title: "Rally", rule: "3.4.1", faction: Rev,
		cost: func(g *Game) string { return g.revCost(1) },
		spaces: func(g *Game) []int {
			if !g.canPay(Rev, 1) {
				return nil
			}
			return g.where(g.nonRailway(), func(i int) bool {
				return (int(g.Sp[i].Support) <= 0 || int(g.Sp[i].P[RevBase]) > 0) && len(revRallyOptions(g, i)) > 0
			})
		},
		pick: func(g *Game, i int) {
			g.payOp(Rev, 1)
			g.push(frame{Step: "rev-rally", F: Rev, Space: i})
		},
		finish: func(g *Game) {
			if g.OOP[GuerU] > 0 {
				g.push(frame{Step: "rev-rally-after", F: Rev})
			}
		},
	})
	register("rev-rally", stepDef{rule: "3.4.1",
		prompt:  func(g *Game, fr *frame) string { return "Rally in " + g.space(fr.Space).Name },
		options: func(g *Game, fr *frame) []core.Option { return revRallyOptions(g, fr.Space) },
		apply: func(g *Game, fr *frame, id string) error {
			i := fr.Space
			g.pop()
			if id == "base" {
				// Replace Unity Guerrillas (Active ones first) with a Base.
				for k := 0; k < g.Unity; k++ {
					if int(g.Sp[i].P[GuerA]) > 0 {
						g.remove(i, GuerA)
					} else {
						g.remove(i, GuerU)
					}
				}
				g.place(i, RevBase)
				return nil
			}
			n := min(1+int(g.Sp[i].P[RevBase]), g.Avail[GuerU])
			for k := 0; k < n; k++ {
				g.place(i, GuerU)
			}
			return nil
		},
	})
	register("rev-rally-after", stepDef{rule: "3.4.1",
		prompt: func(*Game, *frame) string { return "Rally: move one Guerrilla from Out of Play to Available?" },
		options: func(g *Game, fr *frame) []core.Option {
			return []core.Option{opt("oop", "Move a Guerrilla to Available", "3.4.1"), opt("skip", "Move none", "3.4.1")}
		},
		apply: func(g *Game, fr *frame, id string) error {
			g.pop()
			if id == "oop" {
				g.OOP[GuerU]--
				g.Avail[GuerU]++
			}
			return nil
		},
	})

	addOp(&opDef{name: "march", title: "March", rule: "3.4.2", faction: Rev,
		cost: func(g *Game) string {
			c := 1
			if g.turn.Free {
				c = 0
			}
			return fmt.Sprintf("cost per space: %d, from a Railway 0; Resources: %d", c, g.Resources[Rev])
		},
		spaces: func(g *Game) []int {
			t := &g.turn
			if t.Limited && t.Origin >= 0 {
				return nil
			}
			return g.where(g.all(), func(i int) bool {
				if g.unmoved(i, GuerU)+g.unmoved(i, GuerA) == 0 {
					return false
				}
				return g.isRailway(i) || g.canPay(Rev, 1)
			})
		},
		pick: func(g *Game, i int) {
			if !g.isRailway(i) {
				g.payOp(Rev, 1)
			}
			g.turn.Origin = i
			g.push(frame{Step: "march", F: Rev, Space: i})
		},
		finish: func(g *Game) {
			// Moving Guerrillas plus cubes above 3 in a Support space or on a
			// Railway Activate the moving Guerrillas (3.4.2).
			for i := range g.Sp {
				m := int(g.turn.Moved[i][GuerU])
				if m == 0 || !(g.isRailway(i) || int(g.Sp[i].Support) > 0) {
					continue
				}
				if m+g.cubes(i) > 3 {
					g.flip(i, GuerU, GuerA, min(m, int(g.Sp[i].P[GuerU])))
				}
			}
		},
	})
	register("march", stepDef{rule: "3.4.2",
		prompt: func(g *Game, fr *frame) string { return "March from " + g.space(fr.Space).Name + ": move Guerrillas" },
		options: func(g *Game, fr *frame) []core.Option {
			o := append(g.optBuf(), opt("done", "Move no more from here", "3.4.2"))
			from := fr.Space
			for _, pc := range []Piece{GuerU, GuerA} {
				if g.unmoved(from, pc) == 0 {
					continue
				}
				for _, d := range g.marchDests(from, pc == GuerU) {
					o = append(o, opt(g.m.pieceSpaceID("move:", pc, d), g.label(func() string { return fmt.Sprintf("%s to %s", pc, g.space(d).Name) }), "3.4.2"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			if g.doneThenPop(id) {
				return nil
			}
			pc, d := g.parsePieceSpace(id, "move:")
			g.moveTracked(fr.Space, d, pc)
			return nil
		},
	})

	addOp(&opDef{name: "attack", title: "Attack", rule: "3.4.3", faction: Rev,
		cost: func(g *Game) string { return g.revCost(1) },
		spaces: func(g *Game) []int {
			if !g.canPay(Rev, 1) {
				return nil
			}
			return g.where(g.nonRailway(), func(i int) bool { return g.guerrillas(i) > 0 })
		},
		pick: func(g *Game, i int) {
			g.payOp(Rev, 1)
			g.flip(i, GuerU, GuerA, int(g.Sp[i].P[GuerU]))
			r := g.roll()
			if r <= g.guerrillas(i) {
				if !g.unlogged() {
					g.logf("Attack in %s succeeds (roll %d).", g.space(i).Name, r)
				}
				g.push(frame{Step: "attack-unrest", F: Rev, Space: i})
				g.pushRemove(Rev, i, 2, modeAttack)
			} else {
				if !g.unlogged() {
					g.logf("Attack in %s fails (roll %d).", g.space(i).Name, r)
				}
			}
		},
	})
	register("attack-unrest", stepDef{rule: "3.4.3", auto: func(g *Game, fr *frame) {
		g.pop()
		if g.Sp[fr.Space].Protest || !g.Sp[fr.Space].Control {
			g.addUnrest(fr.Space)
		}
	}})

	addOp(&opDef{name: "unrest", title: "Unrest", rule: "3.4.4", faction: Rev,
		cost: func(g *Game) string { return g.revCost(g.Restraint) },
		spaces: func(g *Game) []int {
			if !g.canPay(Rev, g.Restraint) {
				return nil
			}
			return g.where(g.all(), func(i int) bool {
				s := &g.Sp[i]
				return int(s.P[GuerU]) > 0 || (g.crisis() && int(s.P[CongAct]) > 0 && int(s.P[LeagueAct]) > 0)
			})
		},
		pick: func(g *Game, i int) {
			g.payOp(Rev, g.Restraint)
			if int(g.Sp[i].P[GuerU]) > 0 {
				g.flip(i, GuerU, GuerA, 1)
			}
			if g.isRailway(i) {
				g.addUnrest(i) // a Strike, if none there
			} else {
				g.addUnrest(i)
				g.shiftToward(i, 0)
			}
		},
		finish: func(g *Game) { g.shiftRestraint(-1) },
	})

	addSA(&saDef{name: "aid", title: "Aid", rule: "4.5.1", faction: Rev,
		cost: func(g *Game) string {
			return fmt.Sprintf("Guerrillas Underground cost per space: 1; Resources: %d", g.Resources[Rev])
		},
		spaces: func(g *Game) []int {
			return g.where(g.all(), func(i int) bool { return len(aidOptions(g, i)) > 0 })
		},
		pick: func(g *Game, i int) { g.push(frame{Step: "aid", F: Rev, Space: i}) },
	})
	register("aid", stepDef{rule: "4.5.1",
		prompt:  func(g *Game, fr *frame) string { return "Aid in " + g.space(fr.Space).Name },
		options: func(g *Game, fr *frame) []core.Option { return aidOptions(g, fr.Space) },
		apply: func(g *Game, fr *frame, id string) error {
			i := fr.Space
			g.pop()
			if id == "resources" {
				g.flip(i, GuerU, GuerA, 1)
				g.addResources(Rev, g.popOf(i))
			} else {
				g.pay(Rev, 1)
				g.flip(i, GuerA, GuerU, int(g.Sp[i].P[GuerA]))
			}
			return nil
		},
	})
	addSA(&saDef{name: "rev-infiltrate", title: "Infiltrate", rule: "4.5.2", faction: Rev, max: 1,
		spaces: func(g *Game) []int {
			return g.where(g.all(), func(i int) bool {
				var b [6]core.Option
				return int(g.Sp[i].P[GuerU]) > 0 && len(appendRevInfiltrateOptions(b[:0], g, i)) > 0
			})
		},
		pick: func(g *Game, i int) { g.push(frame{Step: "rev-infiltrate", F: Rev, Space: i}) },
	})
	register("rev-infiltrate", stepDef{rule: "4.5.2",
		prompt:  func(g *Game, fr *frame) string { return "Infiltrate in " + g.space(fr.Space).Name },
		options: func(g *Game, fr *frame) []core.Option { return revInfiltrateOptions(g, fr.Space) },
		apply: func(g *Game, fr *frame, id string) error {
			i := fr.Space
			g.pop()
			switch id {
			case "base":
				g.place(i, RevBase)
				return nil
			case "replace:protest":
				g.removeProtest(i)
			default:
				pc, _ := pieceByID(id[len("replace:"):])
				g.remove(i, pc)
			}
			g.place(i, GuerU)
			return nil
		},
	})
	addSA(&saDef{name: "assassinate", title: "Assassinate", rule: "4.5.3", faction: Rev, max: 1,
		accompanies: []string{"unrest"},
		spaces: func(g *Game) []int {
			return g.where(g.all(), func(i int) bool {
				return g.turn.OpSpaces.has(i) && len(g.targets(Rev, i, modeAssassinate, false)) > 0
			})
		},
		pick: func(g *Game, i int) { g.pushRemove(Rev, i, 1, modeAssassinate) },
		finish: func(g *Game) {
			if g.turn.Removed[Congress]+g.turn.Removed[League] > 0 {
				g.shiftUnity(-1)
			}
		},
	})
}

func revRallyOptions(g *Game, i int) []core.Option {
	var buf [24]core.Option // on the stack
	o := buf[:0]
	if g.Avail[GuerU] > 0 {
		o = append(o, opt("guerrillas", g.label(func() string {
			return fmt.Sprintf("Place %s (Available: %d)", nPieces(min(1+int(g.Sp[i].P[RevBase]), g.Avail[GuerU]), "Guerrilla"), g.Avail[GuerU])
		}), "3.4.1"))
	}
	if g.baseRoom(i) && g.guerrillas(i) >= g.Unity && g.Avail[RevBase] > 0 {
		o = append(o, opt("base", g.label(func() string { return "Replace " + nPieces(g.Unity, "Guerrilla") + " with a Base" }), "3.4.1"))
	}
	return g.keepOpts(o)
}

// marchDests: adjacent spaces; Underground Guerrillas may first travel along
// a chain of adjacent Railways and Cities (3.4.2).
func (g *Game) marchDests(from int, underground bool) []int {
	n := len(g.Sp)
	var destBuf, chainBuf [maxSpaces]bool // on the stack
	dest, chain := destBuf[:n], chainBuf[:n]
	for _, a := range g.space(from).Adj {
		dest[a] = true
	}
	if underground {
		var qBuf [maxSpaces]int
		q := qBuf[:0]
		for _, a := range g.space(from).Adj {
			if g.isRailway(a) || g.isCity(a) {
				chain[a] = true
				q = append(q, a)
			}
		}
		for len(q) > 0 {
			x := q[0]
			q = q[1:]
			for _, a := range g.space(x).Adj {
				dest[a] = true
				if (g.isRailway(a) || g.isCity(a)) && !chain[a] {
					chain[a] = true
					q = append(q, a)
				}
			}
		}
	}
	var outBuf [maxSpaces]int
	out := outBuf[:0]
	for x, ok := range dest {
		if ok && x != from {
			out = append(out, x)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return append([]int(nil), out...)
}

func aidOptions(g *Game, i int) []core.Option {
	var buf [24]core.Option // on the stack
	o := buf[:0]
	if int(g.Sp[i].P[GuerU]) > 0 {
		o = append(o, opt("resources", g.label(func() string {
			return fmt.Sprintf("Activate a Guerrilla for %d %s", g.popOf(i), noun(g.popOf(i), "Resource"))
		}), "4.5.1"))
	}
	if int(g.Sp[i].P[GuerA]) > 0 && g.Resources[Rev] >= 1 {
		o = append(o, opt("underground", "Pay 1 to flip all Guerrillas Underground", "4.5.1"))
	}
	return g.keepOpts(o)
}

func revInfiltrateOptions(g *Game, i int) []core.Option {
	var b [16]core.Option // on the stack
	return g.keepOpts(appendRevInfiltrateOptions(b[:0], g, i))
}

// appendRevInfiltrateOptions appends the options of revInfiltrateOptions to o (a predicate lists them
// into a buffer on the stack).
func appendRevInfiltrateOptions(o []core.Option, g *Game, i int) []core.Option {

	s := &g.Sp[i]
	for _, pc := range []Piece{Sepoy, CongAct, LeagueAct} {
		if int(s.P[pc]) > 0 {
			o = append(o, opt(pieceID("replace:", pc), g.label(func() string { return "Replace " + pc.A() + " with a Guerrilla" }), "4.5.2"))
		}
	}
	if s.Protest {
		o = append(o, opt("replace:protest", "Replace the Protest marker with a Guerrilla", "4.5.2"))
	}
	if g.crisis() && (g.isState(i) || g.isProvince(i)) && !s.Control && g.baseRoom(i) && g.Avail[RevBase] > 0 {
		o = append(o, opt("base", "Crisis: place a Revolutionaries Base", "4.5.2"))
	}
	return o
}
