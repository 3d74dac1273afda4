package gandhi

import (
	"fmt"
	"strings"

	"durbar/core"
)

// Nonviolent Operations (3.3) shared by Congress and the Muslim League, and
// their Special Activities (4.3, 4.4).

func init() {
	for _, f := range []Faction{Congress, League} {
		f := f
		p := f.ID() + "-"
		addOp(&opDef{name: p + "rally", title: "Rally", rule: "3.3.1", faction: f,
			spaces: func(g *Game) []int {
				return g.where(g.nonRailway(), func(i int) bool {
					free := g.nvFree(f, i)
					if !free && (int(g.Sp[i].Support) > 0 || !g.nvSelectable(f, i)) {
						return false
					}
					var b [4]core.Option
					return len(appendNvRallyOptions(b[:0], g, f, i)) > 0
				})
			},
			pick: func(g *Game, i int) {
				g.nvCount(f, i)
				g.push(frame{Step: "nv-rally", F: f, Space: i})
			},
			finish: func(g *Game) { g.push(frame{Step: "nv-rally-after", F: f}) },
		})
		addOp(&opDef{name: p + "demonstrate", title: "Demonstrate", rule: "3.3.2", faction: f,
			spaces: func(g *Game) []int {
				return g.where(g.nonRailway(), func(i int) bool {
					return g.nvSelectable(f, i) && demoPossible(g, f, i)
				})
			},
			pick: func(g *Game, i int) {
				g.nvCount(f, i)
				g.push(frame{Step: "demonstrate", F: f, Space: i})
			},
		})
		addOp(&opDef{name: p + "civil-disobedience", title: "Civil Disobedience", rule: "3.3.3", faction: f,
			spaces: func(g *Game) []int {
				return g.where(g.all(), func(i int) bool {
					if !g.nvSelectable(f, i) {
						return false
					}
					if g.nvFree(f, i) {
						return true
					}
					return int(g.Sp[i].P[ownActivist(f)]) > 0
				})
			},
			pick: func(g *Game, i int) {
				g.nvCount(f, i)
				g.placeProtest(i, true)
				g.push(frame{Step: "cd-move", F: f, Space: i})
			},
		})
		addOp(&opDef{name: p + "non-cooperation", title: "Non-Cooperation", rule: "3.3.4", faction: f,
			spaces: func(g *Game) []int {
				return g.where(g.nonRailway(), func(i int) bool {
					s := &g.Sp[i]
					if !s.Protest || int(s.P[ownActivist(f)]) == 0 || int(s.Support) == -2 {
						return false
					}
					if f == Congress {
						return !s.Control || g.crisis()
					}
					return !s.Control && g.nvSelectable(f, i)
				})
			},
			pick: func(g *Game, i int) {
				g.nvCount(f, i)
				g.shiftSupport(i, -1)
			},
			finish: func(g *Game) { g.shiftRestraint(-1) },
		})
		addSA(&saDef{name: p + "persuade", title: "Persuade", rule: map[Faction]string{Congress: "4.3.3", League: "4.4.3"}[f], faction: f, max: 2,
			spaces: func(g *Game) []int {
				return g.where(g.all(), func(i int) bool {
					own := int(g.Sp[i].P[ownActivist(f)])
					if f == Congress {
						own += g.gandhiAt(i)
					} else {
						own += int(g.Sp[i].P[LeagueBase])
					}
					return own > 0 && len(persuadeOptions(g, f, i)) > 0
				})
			},
			pick: func(g *Game, i int) { g.push(frame{Step: "persuade", F: f, Space: i}) },
			finish: func(g *Game) {
				other := League
				if f == League {
					other = Congress
				}
				if g.turn.Removed[other] > 0 {
					g.shiftUnity(-1)
				}
			},
		})
	}
	addSA(&saDef{name: "negotiate", title: "Negotiate", rule: "4.3.1", faction: Congress, max: 1,
		accompanies: []string{"congress-rally", "congress-demonstrate", "congress-civil-disobedience"},
		spaces: func(g *Game) []int {
			return g.where(g.all(), func(i int) bool { return int(g.Sp[i].P[CongAct]) > 0 && !g.Sp[i].Control })
		},
		pick: func(g *Game, i int) {
			g.negotiateStart(i)
			g.push(frame{Step: "negotiate-congress", F: Congress, Space: i})
		},
	})
	addSA(&saDef{name: "league-negotiate", title: "Negotiate", rule: "4.4.1", faction: League, max: 1,
		accompanies: []string{"league-rally", "league-demonstrate", "league-civil-disobedience"},
		spaces: func(g *Game) []int {
			return g.where(g.all(), func(i int) bool { return int(g.Sp[i].P[LeagueAct]) > 0 && !g.Sp[i].Control })
		},
		pick: func(g *Game, i int) {
			g.negotiateStart(i)
			g.push(frame{Step: "negotiate-league", F: League, Space: i})
		},
	})
	addSA(&saDef{name: "satyagraha", title: "Satyagraha", rule: "4.3.2", faction: Congress, max: 1,
		spaces: func(g *Game) []int {
			if g.Gandhi == GandhiUnplaced || g.turn.SatyagrahaRefused {
				return nil
			}
			return g.where(g.all(), func(i int) bool { return i != g.Gandhi || len(satyagrahaOptions(g, i)) > 0 })
		},
		pick: func(g *Game, i int) {
			g.push(frame{Step: "satyagraha", F: Congress, Space: i})
			if g.Gandhi == GandhiInJail {
				g.push(frame{Step: "raj-release", F: Raj, Space: i})
			} else {
				g.moveGandhi(i)
			}
		},
	})
	addSA(&saDef{name: "league-infiltrate", title: "Infiltrate", rule: "4.4.2", faction: League, max: 1,
		spaces: func(g *Game) []int {
			return g.where(g.all(), func(i int) bool {
				var b [4]core.Option
				return int(g.Sp[i].P[LeagueAct]) > 0 && len(appendLeagueInfiltrateOptions(b[:0], g, i)) > 0
			})
		},
		pick: func(g *Game, i int) { g.push(frame{Step: "league-infiltrate", F: League, Space: i}) },
	})

	register("nv-rally", stepDef{rule: "3.3.1",
		prompt:  func(g *Game, fr *frame) string { return "Rally in " + g.space(fr.Space).Name },
		options: func(g *Game, fr *frame) []core.Option { return nvRallyOptions(g, fr.F, fr.Space) },
		apply: func(g *Game, fr *frame, id string) error {
			i, f := fr.Space, fr.F
			g.pop()
			if id == "base" {
				for k := 0; k < g.Unity; k++ {
					g.remove(i, LeagueAct)
				}
				g.place(i, LeagueBase)
				return nil
			}
			n := idNum(id, "place:")
			for k := 0; k < n; k++ {
				g.place(i, ownActivist(f))
			}
			return nil
		},
	})
	register("nv-rally-after", stepDef{rule: "3.3.1",
		prompt: func(*Game, *frame) string {
			return "Rally: move an Activist from Out of Play, or release a die roll of Activists from Jail?"
		},
		options: func(g *Game, fr *frame) []core.Option {
			o := oopActivistOptions(g, fr.F, "3.3.1")
			if g.Jail[0]+g.Jail[1] > 0 {
				o = append(o, opt("jail", "Release a die roll of Activists from Jail", "3.3.1"))
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			f := fr.F
			g.pop()
			if id == "jail" {
				n := min(g.roll(), g.Jail[0]+g.Jail[1])
				if !g.unlogged() {
					g.logf("%s releases %d %s from Jail.", f, n, noun(n, "Activist"))
				}
				for k := 0; k < n; k++ {
					p := ownActivist(f) // own Activists first (3.3.1)
					if g.Jail[p-CongAct] == 0 {
						p = otherActivist(f)
					}
					g.release(p)
				}
				return nil
			}
			g.applyOOPActivist(f, id)
			return nil
		},
	})
	register("demonstrate", stepDef{rule: "3.3.2",
		prompt: func(g *Game, fr *frame) string {
			move, protest := false, false
			for _, o := range demoOptions(g, fr.F, fr.Space) {
				move = move || strings.HasPrefix(o.ID, "from:")
				protest = protest || o.ID == "protest"
			}
			into := "Demonstrate into " + g.space(fr.Space).Name
			switch {
			case move && protest:
				return into + ": move Activists in, place a Protest, or finish"
			case move:
				return into + ": move Activists in, or finish"
			case protest:
				return into + ": place a Protest, or finish"
			}
			return into + ": finish"
		},
		options: func(g *Game, fr *frame) []core.Option { return demoOptions(g, fr.F, fr.Space) },
		apply: func(g *Game, fr *frame, id string) error {
			i := fr.Space
			switch {
			case id == "done":
				g.pop()
			case id == "protest":
				g.placeProtest(i, true)
			default:
				pc, from := g.parsePieceSpace(id, "from:")
				g.moveTracked(from, i, pc)
				if pc != ownActivist(fr.F) {
					fr.B++ // Muslim League Activists brought along by Congress
				} else {
					fr.A++
				}
			}
			return nil
		},
	})
	register("cd-move", stepDef{rule: "3.3.3",
		prompt: func(g *Game, fr *frame) string {
			return "Civil Disobedience in " + g.space(fr.Space).Name + ": move Activists onto adjacent Railways?"
		},
		options: func(g *Game, fr *frame) []core.Option {
			o := append(g.optBuf(), opt("done", "Finish here", "3.3.3"))
			own := ownActivist(fr.F)
			if g.unmoved(fr.Space, own) == 0 {
				return o
			}
			for _, a := range g.space(fr.Space).Adj {
				if g.isRailway(a) {
					o = append(o, opt(g.m.spaceID("to:", a), g.label(func() string { return "Activist to " + g.space(a).Name }), "3.3.3"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			if g.doneThenPop(id) {
				return nil
			}
			to := g.parseSpace(id, "to:")
			g.moveTracked(fr.Space, to, ownActivist(fr.F))
			return nil
		},
	})
	register("persuade", stepDef{rule: "4.3.3",
		prompt:  func(g *Game, fr *frame) string { return "Persuade in " + g.space(fr.Space).Name },
		options: func(g *Game, fr *frame) []core.Option { return persuadeOptions(g, fr.F, fr.Space) },
		apply: func(g *Game, fr *frame, id string) error {
			i, f := fr.Space, fr.F
			g.pop()
			if id == "remove" {
				g.pushRemove(f, i, 1, modePersuade)
				return nil
			}
			n := min(g.activeNV(i), int(g.Sp[i].P[GuerU]))
			g.flip(i, GuerU, GuerA, n)
			return nil
		},
	})
	register("negotiate-congress", stepDef{rule: "4.3.1",
		prompt: func(g *Game, fr *frame) string { return "Negotiate in " + g.space(fr.Space).Name + ": then?" },
		options: func(g *Game, fr *frame) []core.Option {
			i := fr.Space
			o := append(g.optBuf(), opt("skip", "Nothing more", "4.3.1"))
			if g.Gandhi == GandhiInJail {
				o = append(o, opt("release-gandhi", "Roll to release Gandhi here (die > Protests in India)", "4.3.1"))
			}
			if g.Sp[i].MuslimState && int(g.Sp[i].P[CongAct])+g.gandhiAt(i) > int(g.Sp[i].P[LeagueAct])+int(g.Sp[i].P[LeagueBase]) {
				o = append(o, opt("remove-muslim-state", "Remove the Muslim State and set Neutral", "4.3.1"))
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			i := fr.Space
			g.pop()
			switch id {
			case "release-gandhi":
				r := g.roll()
				if r > g.protestsOnMap() {
					g.moveGandhi(i)
					g.shiftSupport(i, 1)
					if !g.unlogged() {
						g.logf("Negotiation succeeds (roll %d): Gandhi is released to %s.", r, g.space(i).Name)
					}
				} else {
					if !g.unlogged() {
						g.logf("Negotiation fails (roll %d).", r)
					}
				}
			case "remove-muslim-state":
				g.removeMuslimState(i)
				g.setSupport(i, 0)
			}
			return nil
		},
	})
	register("negotiate-league", stepDef{rule: "4.4.1",
		prompt: func(g *Game, fr *frame) string { return "Negotiate in " + g.space(fr.Space).Name + ": then?" },
		options: func(g *Game, fr *frame) []core.Option {
			i := fr.Space
			s := &g.Sp[i]
			o := append(g.optBuf(), opt("skip", "Nothing more", "4.4.1"))
			if int(s.Unrest) > 0 {
				o = append(o, opt("unrest", "Shift toward Active Support and remove an Unrest marker", "4.4.1"))
			}
			if g.space(i).Muslim && g.isProvince(i) && int(s.Support) < 0 && g.muslimStatesOnMap() < MuslimStatePool &&
				int(s.P[LeagueAct])+int(s.P[LeagueBase]) > int(s.P[CongAct])+g.gandhiAt(i) {
				o = append(o, opt("muslim-state", "Set Passive Support and place a Muslim State", "4.4.1"))
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			i := fr.Space
			g.pop()
			switch id {
			case "unrest":
				g.shiftSupport(i, 1)
				g.removeUnrest(i)
			case "muslim-state":
				g.setSupport(i, 1)
				g.placeMuslimState(i)
			}
			return nil
		},
	})
	register("raj-release", stepDef{rule: "4.3.2",
		prompt: func(g *Game, fr *frame) string {
			return "Congress asks the Raj to release Gandhi from Jail for Satyagraha"
		},
		options: func(g *Game, fr *frame) []core.Option {
			return []core.Option{opt("agree", "Release Gandhi", "4.3.2"), opt("refuse", "Refuse", "4.3.2")}
		},
		apply: func(g *Game, fr *frame, id string) error {
			i := fr.Space
			g.pop()
			if id == "agree" {
				g.moveGandhi(i)
				return nil
			}
			// Refused: Congress may choose another Special Activity (4.3.2).
			g.pop() // the satyagraha step
			t := &g.turn
			t.SASpaces.del(i)
			t.SA = ""
			t.SatyagrahaRefused = true
			g.pop() // the sa step
			g.logf("The Raj refuses to release Gandhi.")
			return nil
		},
	})
	register("satyagraha", stepDef{rule: "4.3.2",
		prompt:  func(g *Game, fr *frame) string { return "Satyagraha in " + g.space(fr.Space).Name },
		options: func(g *Game, fr *frame) []core.Option { return satyagrahaOptions(g, fr.Space) },
		apply: func(g *Game, fr *frame, id string) error {
			i := fr.Space
			g.pop()
			switch id {
			case "markers":
				g.removeProtest(i)
				g.removeUnrest(i)
			case "activist":
				g.place(i, CongAct)
			}
			return nil
		},
	})
	register("league-infiltrate", stepDef{rule: "4.4.2",
		prompt:  func(g *Game, fr *frame) string { return "Infiltrate in " + g.space(fr.Space).Name },
		options: func(g *Game, fr *frame) []core.Option { return leagueInfiltrateOptions(g, fr.Space) },
		apply: func(g *Game, fr *frame, id string) error {
			i := fr.Space
			g.pop()
			switch id {
			case "replace:protest":
				g.removeProtest(i)
			case "muslim-state":
				g.placeMuslimState(i)
				return nil
			default:
				pc, _ := pieceByID(id[len("replace:"):])
				g.remove(i, pc)
			}
			g.place(i, LeagueAct)
			return nil
		},
	})
}

// negotiateStart: remove any Protest (Activists go Inactive unless on a
// Railway) and shift Restraint +1 (4.3.1, 4.4.1).
func (g *Game) negotiateStart(i int) {
	g.removeProtest(i)
	g.shiftRestraint(1)
}

func (g *Game) activeNV(i int) int {
	n := g.gandhiAt(i)
	if g.activistsActive(i) {
		n += g.activists(i)
	}
	return n
}

func nvRallyOptions(g *Game, f Faction, i int) []core.Option {
	var b [16]core.Option // on the stack
	return g.keepOpts(appendNvRallyOptions(b[:0], g, f, i))
}

// appendNvRallyOptions appends the options of nvRallyOptions to o (a predicate lists them
// into a buffer on the stack).
func appendNvRallyOptions(o []core.Option, g *Game, f Faction, i int) []core.Option {

	own := ownActivist(f)
	max := g.popOf(i)
	if f == League {
		max = 1 + int(g.Sp[i].P[LeagueBase])
	}
	max = min(max, g.Avail[own])
	if f == Congress {
		for n := 1; n <= max; n++ {
			o = append(o, opt(numID("place:", n), g.label(func() string { return fmt.Sprintf("Place %s (Available: %d)", nPieces(n, "Activist"), g.Avail[own]) }), "3.3.1"))
		}
	} else if max > 0 {
		o = append(o, opt(numID("place:", max), g.label(func() string { return fmt.Sprintf("Place %s (Available: %d)", nPieces(max, "Activist"), g.Avail[own]) }), "3.3.1"))
	}
	if f == League && g.baseRoom(i) && int(g.Sp[i].P[LeagueAct]) >= g.Unity && g.Avail[LeagueBase] > 0 {
		o = append(o, opt("base", g.label(func() string { return "Replace " + nPieces(g.Unity, "Activist") + " with a Base" }), "3.3.1"))
	}
	return o
}

// demoPossible: an Activist could move in, or a Protest be placed (3.3.2).
func demoPossible(g *Game, f Faction, dest int) bool {
	if !g.Sp[dest].Protest && !g.Sp[dest].Control && g.protestBoxForOps() >= 0 {
		return true
	}
	for _, a := range g.space(dest).Adj {
		if g.unmoved(a, ownActivist(f)) > 0 {
			return true
		}
	}
	return false
}

func demoOptions(g *Game, f Faction, dest int) []core.Option {
	var buf [24]core.Option // on the stack
	o := append(buf[:0], opt("done", "Finish here", "3.3.2"))
	fr := frame{}
	if len(g.stack) > 0 && g.top().Step == "demonstrate" {
		fr = *g.top()
	}
	own := ownActivist(f)
	movedOther := 0
	for i := range g.Sp {
		movedOther += int(g.turn.Moved[i][otherActivist(f)])
	}
	for _, a := range g.space(dest).Adj {
		if g.unmoved(a, own) > 0 {
			o = append(o, opt(g.m.pieceSpaceID("from:", own, a), g.label(func() string { return fmt.Sprintf("%s from %s", own, g.space(a).Name) }), "3.3.2"))
		}
		// Congress may bring Muslim League Activists, one for one with its
		// own moving Activists, up to Unity in all (3.3.2).
		if f == Congress && g.unmoved(a, LeagueAct) > 0 && movedOther < g.Unity && fr.B < fr.A {
			o = append(o, opt(g.m.pieceSpaceID("from:", LeagueAct, a), g.label(func() string { return "Muslim League Activist from " + g.space(a).Name }), "3.3.2"))
		}
	}
	if !g.Sp[dest].Protest && !g.Sp[dest].Control && g.protestBoxForOps() >= 0 {
		o = append(o, opt("protest", "Place a Protest marker", "3.3.2"))
	}
	return g.keepOpts(o)
}

func persuadeOptions(g *Game, f Faction, i int) []core.Option {
	var buf [24]core.Option // on the stack
	o := buf[:0]
	if len(g.targets(f, i, modePersuade, false)) > 0 {
		o = append(o, opt("remove", "Remove one Active adversary piece", "4.3.3"))
	}
	if g.activeNV(i) > 0 && int(g.Sp[i].P[GuerU]) > 0 {
		o = append(o, opt("activate", "Activate one Guerrilla per Active NV piece", "4.3.3"))
	}
	return g.keepOpts(o)
}

func satyagrahaOptions(g *Game, i int) []core.Option {
	var buf [24]core.Option // on the stack
	o := buf[:0]
	if g.Sp[i].Protest || int(g.Sp[i].Unrest) > 0 {
		o = append(o, opt("markers", "Remove a Protest and an Unrest marker", "4.3.2"))
	}
	if g.Avail[CongAct] > 0 {
		o = append(o, opt("activist", g.label(func() string { return fmt.Sprintf("Place a Congress Activist (Available: %d)", g.Avail[CongAct]) }), "4.3.2"))
	}
	return g.keepOpts(o)
}

func leagueInfiltrateOptions(g *Game, i int) []core.Option {
	var b [16]core.Option // on the stack
	return g.keepOpts(appendLeagueInfiltrateOptions(b[:0], g, i))
}

// appendLeagueInfiltrateOptions appends the options of leagueInfiltrateOptions to o (a predicate lists them
// into a buffer on the stack).
func appendLeagueInfiltrateOptions(o []core.Option, g *Game, i int) []core.Option {

	s := &g.Sp[i]
	for _, pc := range []Piece{Sepoy, GuerU, GuerA} {
		if int(s.P[pc]) > 0 {
			o = append(o, opt(pieceID("replace:", pc), g.label(func() string { return "Replace " + pc.A() + " with an Activist" }), "4.4.2"))
		}
	}
	if s.Protest {
		o = append(o, opt("replace:protest", "Replace the Protest marker with an Activist", "4.4.2"))
	}
	if g.crisis() && g.isProvince(i) && int(s.P[LeagueBase]) > 0 && !s.Control && g.muslimStatesOnMap() < MuslimStatePool {
		o = append(o, opt("muslim-state", "Crisis: place a Muslim State", "4.4.2"))
	}
	return o
}
