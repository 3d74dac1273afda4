package gandhi

import (
	"fmt"

	"durbar/core"
)

// Campaign Rounds (6.0): victory, resources, support, redeploy and reset.

func (g *Game) finalCampaign() bool { return g.CampaignsLeft() == 0 }

// winners returns the factions meeting their victory condition (7.2). A
// player holding two factions wins only if both do (1.5).
func (g *Game) checkVictory() []Faction {
	var out []Faction
	for f := Faction(0); f < NumFactions; f++ {
		if g.Margin(f) <= 0 {
			continue
		}
		ok := true
		for h := Faction(0); h < NumFactions; h++ {
			if h != f && g.sameSeat(f, h) && g.Margin(h) <= 0 {
				ok = false
			}
		}
		if ok {
			out = append(out, f)
		}
	}
	return out
}

const (
	phVictory = iota
	phStrikes
	phEarnings
	phImperialism
	phRelease
	phGandhi
	phConstructive
	phPakistan
	phSecret
	phGameEnd
	phViceroy
	phRajRedeploy
	phRajRedeployEnd
	phCongressRedeploy
	phLeagueRedeploy
	phRevRedeploy
	phReset
	phDone
)

func init() {
	register("campaign", stepDef{rule: "6.0", auto: campaignDriver})
	register("strikes", stepDef{rule: "6.2.1",
		prompt: func(g *Game, fr *frame) string {
			return fmt.Sprintf("Too few Strike markers: choose %d %s to receive Strikes", fr.N, noun(fr.N, "Railway"))
		},
		options: func(g *Game, fr *frame) []core.Option {
			o := g.optBuf()
			if fr.N <= 0 {
				return nil
			}
			for _, i := range g.strikeCandidates() {
				o = append(o, spaceOpt(g, i, g.label(func() string { return "Strike on " + g.space(i).Name }), "6.2.1"))
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			g.addUnrest(g.parseSpace(id, "space:"))
			g.countdown(fr)
			return nil
		},
	})
	register("support-imperialism", stepDef{rule: "6.3.1",
		prompt: func(g *Game, fr *frame) string {
			return fmt.Sprintf("Support Phase: buy Imperialism in up to %d more %s?", 4-fr.N, noun(4-fr.N, "space"))
		},
		options: func(g *Game, fr *frame) []core.Option {
			o := append(g.optBuf(), opt("done", "Buy no more Imperialism", "6.3.1"))
			if fr.N >= 4 || g.Resources[Raj] < g.imperialismCost() {
				return o
			}
			for i := range g.Sp {
				s := &g.Sp[i]
				if fr.B&(1<<uint(i)) == 0 && (g.isCity(i) || g.isProvince(i)) && s.Control && int(s.P[Troop]) > 0 && int(s.P[Sepoy]) > 0 &&
					(int(s.Unrest) > 0 || int(s.Support) < 2) {
					o = append(o, spaceOpt(g, i, "", "6.3.1"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			if g.doneThenPop(id) {
				return nil
			}
			i := g.parseSpace(id, "space:")
			fr.B |= 1 << uint(i)
			fr.N++
			g.turn.NOpSpaces++
			g.push(frame{Step: "imperialism", F: Raj, Space: i, N: 2, A: 0})
			return nil
		},
	})
	register("support-release", stepDef{rule: "6.3.1",
		prompt: func(g *Game, fr *frame) string {
			return fmt.Sprintf("Release %d more %s from Jail", fr.N, noun(fr.N, "Activist"))
		},
		options: func(g *Game, fr *frame) []core.Option {
			o := g.optBuf()
			if fr.N <= 0 {
				return nil
			}
			for k, pc := range []Piece{CongAct, LeagueAct} {
				if g.Jail[k] > 0 {
					o = append(o, opt(pieceID("release:", pc), g.label(func() string { return "Release a " + pc.String() }), "6.3.1"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			pc, _ := pieceByID(id[len("release:"):])
			g.release(pc)
			g.countdown(fr)
			return nil
		},
	})
	register("support-gandhi", stepDef{rule: "6.3.1",
		prompt: func(*Game, *frame) string { return "Gandhi is released from Jail: choose a space with no Raj Control" },
		options: func(g *Game, fr *frame) []core.Option {
			o := g.optBuf()
			for i := range g.Sp {
				if !g.Sp[i].Control {
					o = append(o, spaceOpt(g, i, "", "6.3.1"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			g.pop()
			g.moveGandhi(g.parseSpace(id, "space:"))
			return nil
		},
	})
	register("constructive", stepDef{rule: "6.3.2",
		prompt: func(g *Game, fr *frame) string {
			return fmt.Sprintf("Constructive Programme: shift up to %d more %s toward Active Opposition", g.Unity-g.turn.NLimited, noun(g.Unity-g.turn.NLimited, "space"))
		},
		options: func(g *Game, fr *frame) []core.Option {
			o := append(g.optBuf(), opt("done", "Shift no more spaces", "6.3.2"))
			if g.turn.NLimited >= g.Unity {
				return o
			}
			for i := range g.Sp {
				s := &g.Sp[i]
				own := int(s.P[ownActivist(fr.F)])
				if fr.F == Congress {
					own += g.gandhiAt(i)
				} else {
					own += int(s.P[LeagueBase])
				}
				if !g.turn.OpSpaces.has(i) && (g.isCity(i) || g.isProvince(i)) && !s.Control && own > 0 && int(s.Support) > -2 {
					o = append(o, spaceOpt(g, i, "", "6.3.2"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			if g.doneThenPop(id) {
				return nil
			}
			i := g.parseSpace(id, "space:")
			g.turn.OpSpaces.add(i)
			g.turn.NLimited++
			g.shiftSupport(i, -1)
			g.push(frame{Step: "constructive-more", F: fr.F, Space: i})
			return nil
		},
	})
	register("constructive-more", stepDef{rule: "6.3.2",
		prompt: func(g *Game, fr *frame) string { return "Shift " + g.space(fr.Space).Name + " a second level?" },
		options: func(g *Game, fr *frame) []core.Option {
			if int(g.Sp[fr.Space].Support) == -2 {
				return nil
			}
			return []core.Option{opt("shift", "Shift one more level", "6.3.2"), opt("done", "No", "6.3.2")}
		},
		apply: func(g *Game, fr *frame, id string) error {
			if id == "shift" {
				g.shiftSupport(fr.Space, -1)
			}
			g.pop()
			return nil
		},
	})
	register("place-base", stepDef{rule: "6.3.3",
		prompt: func(g *Game, fr *frame) string { return "Place a Base in a space with no Raj Control?" },
		options: func(g *Game, fr *frame) []core.Option {
			pc := LeagueBase
			if fr.F == Rev {
				pc = RevBase
			}
			if g.Avail[pc] == 0 {
				return nil
			}
			o := append(g.optBuf(), opt("skip", "Place no Base", "6.3"))
			for i := range g.Sp {
				if g.baseRoom(i) && !g.Sp[i].Control {
					o = append(o, spaceOpt(g, i, "", "6.3"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			g.pop()
			if id != "skip" {
				pc := LeagueBase
				if fr.F == Rev {
					pc = RevBase
				}
				g.place(g.parseSpace(id, "space:"), pc)
			}
			return nil
		},
	})
	register("np-reset-protest", stepDef{rule: "8.9.4",
		prompt: func(*Game, *frame) string { return "Reset Phase: place a Protest in a space with Congress Activists" },
		options: func(g *Game, fr *frame) []core.Option {
			o := g.optBuf()
			if g.protestBoxAny() < 0 {
				return nil
			}
			for i := range g.Sp {
				if int(g.Sp[i].P[CongAct]) > 0 && !g.Sp[i].Protest {
					o = append(o, spaceOpt(g, i, g.label(func() string { return "Protest in " + g.space(i).Name }), "8.9.4"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			g.pop()
			g.placeProtest(g.parseSpace(id, "space:"), false)
			return nil
		},
	})
	register("redeploy", stepDef{rule: "6.4",
		prompt: func(g *Game, fr *frame) string {
			if fr.F == Raj {
				return fmt.Sprintf("Raj Redeploy: move cubes (Troops left in Provinces and on Railways cost 2 each: %d)", g.redeployCost())
			}
			return fr.F.String() + " Redeploy: move pieces"
		},
		options: redeployOptions,
		apply: func(g *Game, fr *frame, id string) error {
			if g.doneThenPop(id) {
				return nil
			}
			if fr.Space < 0 {
				var pc Piece
				var i int
				if id == "from:gandhi" {
					pc, i = gandhiTarget, g.Gandhi
				} else {
					pc, i = g.parsePieceSpace(id, "from:")
				}
				fr.Space, fr.Piece = i, pc
				return nil
			}
			if id == "to:available" { // NP Raj (8.9.3)
				g.remove(fr.Space, Troop)
				fr.Space = -1
				return nil
			}
			to := g.parseSpace(id, "to:")
			if fr.Piece == gandhiTarget {
				g.moveGandhi(to)
				g.turn.GandhiMoved = true
			} else {
				g.moveTracked(fr.Space, to, fr.Piece)
			}
			fr.Space = -1
			return nil
		},
	})
}

// strikeCandidates: Railways that get a Strike in the Resources Phase (6.2.1).
func (g *Game) strikeCandidates() []int {
	var out []int
	for i := range g.Sp {
		if !g.isRailway(i) || g.Sp[i].Strike {
			continue
		}
		ok := g.Sp[i].Protest || g.activists(i) > g.cubes(i)
		for _, a := range g.space(i).Adj {
			if g.isCity(a) && !g.Sp[a].Control {
				ok = true
			}
		}
		if ok {
			out = append(out, i)
		}
	}
	return out
}

// redeployCost: 2 Resources per Troop left on a Railway or in a Province
// (6.4.2); Troops in Provinces without Raj Control are about to be removed
// and cost nothing.
func (g *Game) redeployCost() int {
	n := 0
	for i := range g.Sp {
		if g.isRailway(i) || (g.isProvince(i) && g.Sp[i].Control) {
			n += 2 * int(g.Sp[i].P[Troop])
		}
	}
	return n
}

// movedTroopsCosting counts Troops that have redeployed into Provinces or
// onto Railways; they cannot move again, so the Raj must be able to pay for
// them. Unmoved Troops can always retreat to a City.
func (g *Game) movedTroopsCosting() int {
	n := 0
	for i := range g.Sp {
		if g.isRailway(i) || g.isProvince(i) {
			n += min(int(g.turn.Moved[i][Troop]), int(g.Sp[i].P[Troop]))
		}
	}
	return n
}

func (g *Game) redeployDest(f Faction, pc Piece, x int) bool {
	s := &g.Sp[x]
	switch f {
	case Raj:
		if pc == Troop && g.isState(x) {
			return false
		}
		return g.isCity(x) || g.isRailway(x) || (g.isProvince(x) && s.Control) || (pc == Sepoy && g.isState(x))
	case Congress:
		return !g.isRailway(x) && !s.Control
	case League:
		return (!g.isRailway(x) && !s.Control) || int(s.P[LeagueBase]) > 0
	default:
		return (!g.isRailway(x) && !s.Control) || int(s.P[RevBase]) > 0
	}
}

func redeployPieces(f Faction) []Piece {
	switch f {
	case Raj:
		return []Piece{Troop, Sepoy}
	case Congress:
		return []Piece{CongAct}
	case League:
		return []Piece{LeagueAct}
	}
	return []Piece{GuerU, GuerA}
}

// mustRedeploy: NV Activists and Guerrillas may not stay on Railways (6.4.3-5).
func (g *Game) mustRedeploy(f Faction) bool {
	if f == Raj {
		return false
	}
	for i := range g.Sp {
		if g.isRailway(i) {
			for _, pc := range redeployPieces(f) {
				if int(g.Sp[i].P[pc]) > 0 {
					return true
				}
			}
		}
	}
	return false
}

func redeployOptions(g *Game, fr *frame) []core.Option {
	var buf [64]core.Option // listed here, returned in a slice of their number
	return g.keepOpts(appendRedeployOptions(g, fr, buf[:0]))
}

func appendRedeployOptions(g *Game, fr *frame, o []core.Option) []core.Option {
	f := fr.F
	if fr.Space >= 0 {
		if f == Raj && fr.Piece == Troop && g.IsNP(Raj) {
			o = append(o, opt("to:available", "Remove the Troop to Available", "8.9.3"))
		}
		for x := range g.Sp {
			if x == fr.Space {
				continue
			}
			pc := fr.Piece
			if pc == gandhiTarget {
				if g.redeployDest(Congress, CongAct, x) {
					o = append(o, opt(g.m.spaceID("to:", x), g.label(func() string { return "Gandhi to " + g.space(x).Name }), "6.4"))
				}
				continue
			}
			if !g.redeployDest(f, pc, x) {
				continue
			}
			// Keep the Raj able to pay for the Troops it leaves (6.4.2).
			if pc == Troop && (g.isProvince(x) || g.isRailway(x)) && 2*(g.movedTroopsCosting()+1) > g.Resources[Raj] {
				continue
			}
			o = append(o, opt(g.m.spaceID("to:", x), g.label(func() string { return fmt.Sprintf("%s to %s", pc, g.space(x).Name) }), "6.4"))
		}
		return o
	}
	if f == Raj {
		if g.redeployCost() <= g.Resources[Raj] {
			o = append(o, opt("done", "Finish the Redeploy", "6.4.2"))
		}
	} else if !g.mustRedeploy(f) {
		o = append(o, opt("done", "Finish the Redeploy", "6.4"))
	}
	for i := range g.Sp {
		for _, pc := range redeployPieces(f) {
			if g.unmoved(i, pc) > 0 {
				o = append(o, opt(g.m.pieceSpaceID("from:", pc, i), g.label(func() string { return fmt.Sprintf("Move %s from %s", pc.A(), g.space(i).Name) }), "6.4"))
			}
		}
	}
	if f == Congress && g.Gandhi >= 0 && !g.turn.GandhiMoved {
		o = append(o, opt("from:gandhi", "Move Gandhi", "6.4.3"))
	}
	return o
}

func campaignDriver(g *Game, fr *frame) {
	ph := fr.N
	fr.N++
	switch ph {
	case phVictory:
		// Checked in every Round, the final one included (2.4.1, 6.1).
		if w := g.soloVictors(g.checkVictory()); len(w) > 0 {
			g.endGame(fmt.Sprintf("%s met the victory condition at the Campaign Round (7.2)", factionList(w, " and ")))
			g.npVictoryRanking(w) // 7.1, 8.10
		}
	case phStrikes:
		c := g.strikeCandidates()
		free := UnrestStrikePool - g.unrestStrikeOnMap()
		if len(c) <= free {
			for _, i := range c {
				g.addUnrest(i)
			}
		} else if free > 0 {
			g.push(frame{Step: "strikes", F: Congress, N: free})
		}
	case phEarnings:
		earn := TotalEcon
		for i := range g.Sp {
			if g.Sp[i].Strike {
				earn -= g.space(i).Econ
			}
		}
		jailed := g.Jail[0] + g.Jail[1]
		if g.Gandhi == GandhiInJail {
			jailed++
		}
		g.addResources(Raj, earn-2*jailed)
		bases := 0
		for i := range g.Sp {
			bases += int(g.Sp[i].P[RevBase])
		}
		g.addResources(Rev, 2*bases)
		if !g.unlogged() {
			g.logf("Resources: Raj earns %d less %d for prisoners; Revolutionaries earn %d.", earn, 2*jailed, 2*bases)
		}
	case phImperialism:
		g.turn = turn{F: Raj, Dest: -1, Origin: -1}
		if g.IsNP(Raj) {
			g.npSupportRoll() // 8.9.2
		}
		g.push(frame{Step: "support-imperialism", F: Raj})
	case phRelease:
		n := 2 * g.turn.NOpSpaces // two Activists per Imperialism space
		if n > 0 && g.Jail[0]+g.Jail[1] > 0 {
			g.push(frame{Step: "support-release", F: Raj, N: min(n, g.Jail[0]+g.Jail[1])})
		}
	case phGandhi:
		if g.Gandhi == GandhiInJail {
			g.push(frame{Step: "support-gandhi", F: Raj})
		}
	case phConstructive:
		g.turn = turn{F: Congress, Dest: -1, Origin: -1}
		g.push(frame{Step: "constructive", F: League})
		g.push(frame{Step: "constructive", F: Congress})
	case phPakistan:
		g.push(frame{Step: "place-base", F: League})
	case phSecret:
		g.push(frame{Step: "place-base", F: Rev})
	case phGameEnd:
		if g.finalCampaign() {
			g.endGame("the final Campaign Round is complete (7.3)")
		}
	case phViceroy:
		g.Viceroy = g.Current
		if !g.unlogged() {
			g.logf("%s becomes Viceroy.", g.deck.Cards[g.Current].Title)
		}
	case phRajRedeploy:
		g.turn = turn{F: Raj, Dest: -1, Origin: -1}
		g.push(frame{Step: "redeploy", F: Raj, Space: -1})
	case phRajRedeployEnd:
		g.pay(Raj, g.redeployCost())
		for i := range g.Sp {
			s := &g.Sp[i]
			if g.isProvince(i) && !s.Control {
				for int(s.P[Troop]) > 0 {
					g.remove(i, Troop)
				}
				for int(s.P[Sepoy]) > 0 {
					g.remove(i, Sepoy)
				}
			}
			if g.isCity(i) {
				for int(s.P[Troop]) > 1 {
					g.remove(i, Troop)
				}
			}
		}
	case phCongressRedeploy, phLeagueRedeploy, phRevRedeploy:
		f := Faction(int(Congress) + ph - phCongressRedeploy)
		g.turn = turn{F: f, Dest: -1, Origin: -1}
		g.push(frame{Step: "redeploy", F: f, Space: -1})
	case phReset:
		g.reset()
		if g.IsNP(Congress) {
			g.push(frame{Step: "np-reset-protest", F: Congress}) // 8.9.4
		}
	default:
		g.pop()
		g.Played = append(g.Played, g.Current)
		g.Current = g.Upcoming
		g.Upcoming = g.drawCard()
		g.checkCampaign()
		if g.crisis() && !g.Over {
			// Crisis enters the final Campaign: the Raj may bring cubes (6.8).
			n := g.roll()
			g.push(frame{Step: "crisis-cubes", F: Raj, N: n})
		}
	}
}

// reset: the Reset Phase (6.5).
func (g *Game) reset() {
	for i := range g.Sp {
		g.removeProtest(i)
		if g.guerrillas(i) == 0 {
			g.removeUnrest(i)
		}
		g.flip(i, GuerA, GuerU, int(g.Sp[i].P[GuerA]))
		if g.Sp[i].Strike {
			g.Sp[i].Strike = false
			g.touch(i)
		}
	}
	n := clamp(g.CampaignsLeft(), MinTrack, MaxTrack)
	g.Restraint, g.Unity = n, n
	for f := range g.Eligible {
		g.Eligible[f] = true
	}
	g.turn = turn{Dest: -1, Origin: -1}
	if g.HasNP() {
		g.shuffleArjuna() // 8.9.4
	}
}
