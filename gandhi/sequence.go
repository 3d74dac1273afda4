package gandhi

import (
	"fmt"

	"durbar/core"
)

// Sequence of play (2.0): cards, eligibility, passing and the end of a turn.

func init() {
	register("setup-gandhi", stepDef{
		rule: "set-up",
		prompt: func(*Game, *frame) string {
			return "Place Gandhi, 1 Congress Activist and 1 Protest marker in any 1 space"
		},
		options: func(g *Game, fr *frame) []core.Option {
			o := g.optBuf()
			for i := range g.Sp {
				o = append(o, spaceOpt(g, i, "", "set-up"))
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			i := g.parseSpace(id, "space:")
			g.pop()
			g.moveGandhi(i)
			g.place(i, CongAct)
			g.placeProtest(i, false)
			if !g.unlogged() {
				g.logf("Congress places Gandhi, an Activist and a Protest in %s.", g.space(i).Name)
			}
			return nil
		},
	})
	register("reveal", stepDef{rule: "2.2", auto: func(g *Game, fr *frame) {
		g.pop()
		g.Current = g.drawCard()
		g.Upcoming = g.drawCard()
		g.checkCampaign()
	}})
	register("card", stepDef{rule: "2.3", auto: cardDriver})
	register("choose", stepDef{rule: "2.3", prompt: choosePrompt, options: chooseOptions, apply: chooseApply})
	register("pass-oop", stepDef{
		rule:   "2.3.3",
		prompt: func(*Game, *frame) string { return "Passing: move one Activist from Out of Play to Available?" },
		options: func(g *Game, fr *frame) []core.Option {
			return oopActivistOptions(g, fr.F, "2.3.3")
		},
		apply: func(g *Game, fr *frame, id string) error {
			f := fr.F
			g.pop()
			g.applyOOPActivist(f, id)
			return nil
		},
	})
	register("endturn", stepDef{rule: "2.3.6", auto: endTurn})
	register("gandhi-protests", stepDef{
		rule: "3.2.4",
		prompt: func(g *Game, fr *frame) string {
			return fmt.Sprintf("Gandhi was arrested: place up to %d %s", fr.N, noun(fr.N, "Protest marker"))
		},
		options: func(g *Game, fr *frame) []core.Option {
			o := append(g.optBuf(), opt("done", "Place no more", "3.2.4"))
			if g.protestBoxForOps() < 0 {
				return o
			}
			for i := range g.Sp {
				if !g.isRailway(i) && !g.Sp[i].Protest {
					o = append(o, spaceOpt(g, i, g.label(func() string { return "Protest in " + g.space(i).Name }), "3.2.4"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			if g.doneThenPop(id) {
				return nil
			}
			i := g.parseSpace(id, "space:")
			g.placeProtest(i, true)
			g.countdown(fr)
			return nil
		},
	})
	register("crisis-cubes", stepDef{
		rule: "6.8",
		prompt: func(g *Game, fr *frame) string {
			return fmt.Sprintf("Crisis: move up to %d %s from Out of Play to any spaces", fr.N, noun(fr.N, "cube"))
		},
		options: func(g *Game, fr *frame) []core.Option {
			o := append(g.optBuf(), opt("done", "Move no more cubes", "6.8"))
			for i := range g.Sp {
				for _, pc := range []Piece{Troop, Sepoy} {
					if g.OOP[pc] > 0 && !(pc == Troop && g.isState(i)) {
						o = append(o, opt(g.m.pieceSpaceID("place:", pc, i), g.label(func() string { return fmt.Sprintf("%s to %s", pc, g.space(i).Name) }), "6.8"))
					}
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			if g.doneThenPop(id) {
				return nil
			}
			pc, i := g.parsePieceSpace(id, "place:")
			g.OOP[pc]--
			g.Sp[i].P[pc]++
			g.touch(i)
			g.countdown(fr)
			return nil
		},
	})
	register("evict-troops", stepDef{
		rule: "1.3.5",
		prompt: func(g *Game, fr *frame) string {
			return "Troops must leave the new Muslim State " + g.space(fr.Space).Name + ": choose a City"
		},
		options: func(g *Game, fr *frame) []core.Option {
			if int(g.Sp[fr.Space].P[Troop]) == 0 {
				return nil
			}
			o := g.optBuf()
			for i := range g.Sp {
				if g.isCity(i) {
					o = append(o, spaceOpt(g, i, "Troop to "+g.space(i).Name, "1.3.5"))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			to := g.parseSpace(id, "space:")
			g.movePiece(fr.Space, to, Troop)
			if int(g.Sp[fr.Space].P[Troop]) == 0 {
				g.pop()
			}
			return nil
		},
	})
}

func (g *Game) parsePieceSpace(id, prefix string) (Piece, int) {
	rest := id[len(prefix):]
	for pc := Piece(0); pc < NumPieces; pc++ {
		p := pc.ID() + ":"
		if len(rest) > len(p) && rest[:len(p)] == p {
			i, ok := g.m.ID(rest[len(p):])
			if ok {
				return pc, i
			}
		}
	}
	panic("bad piece/space option " + id)
}

func (g *Game) pushTroopEviction(i int) {
	g.push(frame{Step: "evict-troops", F: Raj, Space: i})
}

func (g *Game) drawCard() int {
	if len(g.Draw) == 0 {
		return 0
	}
	c := g.Draw[0]
	g.Draw = g.Draw[1:]
	g.reveal("a card was revealed")
	return c
}

func (g *Game) isCampaign(n int) bool { return n != 0 && g.deck.card(n).Campaign }

// checkCampaign swaps a revealed Campaign card into the Current box and
// starts the Campaign Round (2.4).
func (g *Game) checkCampaign() {
	if g.isCampaign(g.Upcoming) && !g.isCampaign(g.Current) {
		g.Current, g.Upcoming = g.Upcoming, g.Current
	}
	if g.isCampaign(g.Current) {
		g.card = cardState{}
		if !g.unlogged() {
			g.logf("Campaign card %s is revealed: Campaign Round.", g.deck.Cards[g.Current].Title)
		}
		g.push(frame{Step: "campaign"})
	} else if g.Current == 0 {
		g.endGame("the draw deck is exhausted")
	}
}

// candidate is the next Eligible faction in card order that has not yet
// acted or passed on this card.
func (g *Game) candidate() (Faction, bool) {
	c := g.deck.card(g.Current)
	for _, f := range c.Order {
		if g.Eligible[f] && !g.card.Done[f] {
			return f, true
		}
	}
	return 0, false
}

func cardDriver(g *Game, fr *frame) {
	f, ok := g.candidate()
	if g.card.NActed >= 2 || !ok {
		g.endCard()
		return
	}
	g.push(frame{Step: "choose", F: f})
}

// endCard adjusts eligibility (2.3.6) and plays the next card (2.3.7).
func (g *Game) endCard() {
	for f := Faction(0); f < NumFactions; f++ {
		g.Eligible[f] = (!g.card.Acted[f] || g.card.StayEligible[f]) && !g.IneligibleNext[f]
		g.IneligibleNext[f] = false
	}
	g.card = cardState{}
	g.Played = append(g.Played, g.Current)
	g.Current = g.Upcoming
	g.Upcoming = g.drawCard()
	g.checkCampaign()
}

func (g *Game) isFirst() bool { return g.card.NActed == 0 }

func choosePrompt(g *Game, fr *frame) string {
	pos := "1st Eligible"
	if !g.isFirst() {
		pos = "2nd Eligible"
	}
	return fmt.Sprintf("%s (%s) on card %d %s: Pass, Event or Operation?", fr.F, pos, g.Current, g.deck.Cards[g.Current].Title)
}

func chooseOptions(g *Game, fr *frame) []core.Option {
	f := fr.F
	o := append(g.optBuf(), opt("pass", "Pass", "2.3.3"))
	limited, saOK, eventOK := false, true, true
	if !g.isFirst() {
		switch g.card.FirstDid {
		case "op":
			limited, saOK, eventOK = true, false, false
		case "opsa":
			limited, saOK = true, false
		case "event":
			eventOK = false
		}
	}
	if eventOK && g.eventPlayable(g.Current) {
		o = append(o, opt("event:unshaded", g.label(func() string { return "Event (unshaded): " + g.deck.Cards[g.Current].Unshaded }), "5.2"),
			opt("event:shaded", g.label(func() string { return "Event (shaded): " + g.deck.Cards[g.Current].Shaded }), "5.2"))
	}
	for _, name := range factionOps[f] {
		od := ops[name]
		if g.opPossible(od, limited) {
			label := g.label(func() string {
				if limited {
					return "Limited Operation: " + od.title
				} else if saOK {
					return od.title + " (Special Activity allowed)"
				}
				return od.title
			})
			o = append(o, opt(od.optID, label, od.rule))
		}
	}
	_ = saOK
	return o
}

func chooseApply(g *Game, fr *frame, id string) error {
	f := fr.F
	g.pop()
	g.card.Done[f] = true
	if id == "pass" {
		if !g.unlogged() {
			g.logf("%s passes.", f)
		}
		switch f {
		case Raj:
			g.addResources(Raj, 3)
		case Rev:
			g.addResources(Rev, 1)
		default:
			if g.OOP[CongAct]+g.OOP[LeagueAct] > 0 {
				g.push(frame{Step: "pass-oop", F: f})
			}
		}
		return nil
	}
	g.card.Acted[f] = true
	g.card.NActed++
	first := g.card.NActed == 1
	g.turn = turn{F: f, Dest: -1, Origin: -1}
	g.push(frame{Step: "endturn", F: f})
	if len(id) > 6 && id[:6] == "event:" {
		if first {
			g.card.FirstDid = "event"
		}
		g.turn.Event = true
		g.startEvent(f, id == "event:shaded")
		return nil
	}
	name := id[3:]
	limited, saOK := false, true
	if !first {
		switch g.card.FirstDid {
		case "op", "opsa":
			limited, saOK = true, false
		}
	}
	if first {
		g.card.FirstDid = "op"
	}
	g.turn.Op, g.turn.Limited, g.turn.SAAllowed = name, limited, saOK
	if !g.unlogged() {
		a := ""
		if limited {
			a = "a Limited "
		}
		if !g.unlogged() {
			g.logf("%s executes %s%s.", f, a, ops[name].title)
		}
	}
	g.push(frame{Step: "op", F: f})
	return nil
}

// endTurn runs the end-of-turn effects of Gandhi's arrest (3.2.4) and of a
// Crisis begun during the turn (6.8).
func endTurn(g *Game, fr *frame) {
	switch fr.N {
	case 0:
		fr.N = 1
		if g.turn.SADone && g.card.NActed == 1 && g.card.FirstDid == "op" {
			g.card.FirstDid = "opsa"
		}
		if g.turn.GandhiArrested {
			g.turn.GandhiArrested = false
			g.shiftRestraint(-1)
			g.push(frame{Step: "gandhi-protests", F: Congress, N: 2})
		}
	case 1:
		fr.N = 2
		if g.turn.crisis {
			g.turn.crisis = false
			n := g.roll()
			if !g.unlogged() {
				g.logf("Crisis! The Raj may bring %d %s from Out of Play.", n, noun(n, "cube"))
			}
			g.push(frame{Step: "crisis-cubes", F: Raj, N: n})
		}
	default:
		g.pop()
	}
}

func oopActivistOptions(g *Game, f Faction, rule string) []core.Option {
	own, other := CongAct, LeagueAct
	if f == League {
		own, other = LeagueAct, CongAct
	}
	var buf [24]core.Option // on the stack
	o := append(buf[:0], opt("skip", "Move none", rule))
	if g.OOP[own] > 0 {
		o = append(o, opt(pieceID("oop:", own), g.label(func() string { return "Move " + own.A() + " to Available" }), rule))
	}
	if g.OOP[other] > 0 {
		o = append(o, opt(pieceID("oop:", other), g.label(func() string { return "Move " + other.A() + " to Available (Unity +1)" }), rule))
	}
	return g.keepOpts(o)
}

func (g *Game) applyOOPActivist(f Faction, id string) {
	switch id {
	case "oop:congress":
		g.OOP[CongAct]--
		g.Avail[CongAct]++
		if f == League {
			g.shiftUnity(1)
		}
	case "oop:league":
		g.OOP[LeagueAct]--
		g.Avail[LeagueAct]++
		if f == Congress {
			g.shiftUnity(1)
		}
	}
}

// endGame finishes the game and ranks factions by victory margin (7.1, 7.3).
func (g *Game) endGame(reason string) {
	g.Over = true
	g.Reason = reason
	g.stack = nil
	order := []Faction{League, Congress, Rev, Raj} // tie-break order of 7.1
	g.Result = nil
	for len(order) > 0 {
		best := 0
		for i, f := range order {
			if g.SeatMargin(f) > g.SeatMargin(order[best]) {
				best = i
			}
		}
		g.Result = append(g.Result, order[best])
		order = append(order[:best], order[best+1:]...)
	}
	if !g.unlogged() {
		g.logf("Game over (%s). Ranking: %s.", reason, factionList(g.Result, ", "))
	}
}

// sameSeat: one player runs both factions (1.5). A Non-Player is never a
// player's second faction: it is ranked on its own margin (8.10).
func (g *Game) sameSeat(f, h Faction) bool {
	return g.Seats[h] == g.Seats[f] && !g.np.On[f] && !g.np.On[h]
}

// SeatMargin is the victory margin that ranks a faction: a player running
// two factions uses the lower margin of the two (1.5, 7.3).
func (g *Game) SeatMargin(f Faction) int {
	m := g.Margin(f)
	for h := Faction(0); h < NumFactions; h++ {
		if g.sameSeat(f, h) {
			m = min(m, g.Margin(h))
		}
	}
	return m
}
