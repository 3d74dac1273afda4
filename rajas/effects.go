package rajas

import (
	"fmt"
	"slices"
	"strings"

	"durbar/core"
)

// Benefits: the scoring tracks and their bonuses, Karma, dice, upgrades,
// boat moves, market scorings and the free palace actions of the river.

// pushEffects queues benefits so that they resolve in order, each one
// completely (with the bonuses it triggers) before the next.
func (g *Game) pushEffects(p int, effs []Effect) {
	for i := len(effs) - 1; i >= 0; i-- {
		g.push(frame{Step: "effect", P: int8(p), E: effs[i]})
	}
}

// addFame moves the fame marker; bonuses and the worker on spaces reached
// or passed are received at once ("Bonos en los tracks de puntuación").
func (g *Game) addFame(p, n int) {
	pl := &g.P[p]
	old := pl.Fame
	pl.Fame = min(g.d.FameMax, old+n)
	if old < g.d.FameWorker && pl.Fame >= g.d.FameWorker {
		g.gainWorker(p, FromFame)
	}
	var got []Effect
	for _, b := range g.d.FameBonuses {
		if old < b.At && pl.Fame >= b.At {
			if !g.quiet {
				g.logf("%s reaches the fame bonus at %d.", SeatName(p), b.At)
			}
			got = append(got, b.Effects...)
		}
	}
	g.pushEffects(p, got)
}

// addMoney moves the money marker forward. The bonus marker shows the next
// money bonus: each is received once, the first time the marker reaches or
// passes it ("Bonos en los tracks de puntuación").
func (g *Game) addMoney(p, n int) {
	pl := &g.P[p]
	pl.Money = min(g.d.MoneyMax, pl.Money+n)
	if !pl.Gained[FromMoney] && pl.Money >= g.d.MoneyWorker {
		g.gainWorker(p, FromMoney)
	}
	var got []Effect
	for pl.NextBonus < len(g.d.MoneyBonuses) && pl.Money >= g.d.MoneyBonuses[pl.NextBonus].At {
		b := g.d.MoneyBonuses[pl.NextBonus]
		if !g.quiet {
			g.logf("%s reaches the money bonus at %d.", SeatName(p), b.At)
		}
		got = append(got, b.Effects...)
		pl.NextBonus++
	}
	g.pushEffects(p, got)
}

func (g *Game) payMoney(p, n int) {
	if g.P[p].Money < n {
		panic("rajas: paying money not held")
	}
	g.P[p].Money -= n
}

// gainWorker activates the worker waiting on a track or at the bridge. When
// a seat that may have only five has its fifth, its last inactive worker
// leaves the game ("Obtener nuevos trabajadores").
func (g *Game) gainWorker(p, src int) {
	pl := &g.P[p]
	if pl.Gained[src] || pl.SpareGone {
		return
	}
	pl.Gained[src] = true
	pl.Active++
	if !g.quiet {
		g.logf("%s gains a worker (now %d).", SeatName(p), pl.Active)
	}
	if pl.Active >= g.MaxWorkers(p) && pl.Active < g.d.TotalWorkers {
		pl.SpareGone = true
		if !g.quiet {
			g.logf("%s's remaining inactive worker leaves the game.", SeatName(p))
		}
	}
}

func (g *Game) addKarma(p, n int) {
	old := g.P[p].Karma
	g.P[p].Karma = min(g.d.MaxKarma, old+n)
	if !g.quiet {
		if got := g.P[p].Karma - old; got > 0 {
			g.logf("%s gains %d Karma (now %d).", SeatName(p), got, g.P[p].Karma)
		} else {
			g.logf("%s already has the most Karma (%d).", SeatName(p), g.P[p].Karma)
		}
	}
}

// ---- dice ----

func (g *Game) kaliFull(p int) bool {
	pl := &g.P[p]
	n := pl.Dice.Count()
	for _, h := range pl.Hand {
		n += int(h)
	}
	return n >= g.KaliCapacity(p)
}

// gainDice queues taking n dice of any colours and dice of the given colours.
func (g *Game) gainDice(p, anyN int, fixed [NumColors]int8) {
	if anyN <= 0 && fixed == [NumColors]int8{} {
		return
	}
	g.push(frame{Step: "gain", P: int8(p), N: int16(anyN), E: Effect{Colors: fixed}})
}

func (g *Game) rollHand(p int) {
	pl := &g.P[p]
	var rolled []string
	for c := Color(0); c < NumColors; c++ {
		for ; pl.Hand[c] > 0; pl.Hand[c]-- {
			v := g.rng.Die()
			pl.Dice[c][v]++
			if !g.quiet {
				rolled = append(rolled, fmt.Sprintf("%s %d", c, v))
			}
		}
	}
	if len(rolled) > 0 {
		if !g.quiet {
			g.logf("%s rolls %s.", SeatName(p), strings.Join(rolled, ", "))
		}
	}
}

func dieID(c Color, v int) string { return fmt.Sprintf("%s-%d", c, v) }

func parseDie(s string) (Color, int) {
	i := strings.LastIndexByte(s, '-')
	c, ok := parseColor(s[:i])
	v := int(s[i+1] - '0')
	if !ok || len(s) != i+2 || v < 1 || v > 6 {
		panic("bad die " + s)
	}
	return c, v
}

// Die option kinds, with their ids and labels made once.
const (
	dieOptPay = iota
	dieOptReturn
	dieOptReroll
	dieOptKarma
	numDieOpts
)

var dieOptText [numDieOpts][NumColors][7]struct{ id, label string }

func init() {
	for c := Color(0); c < NumColors; c++ {
		for v := 1; v <= 6; v++ {
			d := dieID(c, v)
			dieOptText[dieOptPay][c][v] = struct{ id, label string }{"die:" + d, fmt.Sprintf("Pay %s %d", c, v)}
			dieOptText[dieOptReturn][c][v] = struct{ id, label string }{"return:" + d, fmt.Sprintf("Return %s %d to the supply", c, v)}
			dieOptText[dieOptReroll][c][v] = struct{ id, label string }{"reroll:" + d, fmt.Sprintf("Pick %s %d for rerolling", c, v)}
			dieOptText[dieOptKarma][c][v] = struct{ id, label string }{"karma:" + d, fmt.Sprintf("Karma: turn %s %d into %d", c, v, 7-v)}
		}
	}
}

// dieOptions lists one option per distinct die (colour and value) a seat
// holds that satisfies ok.
func (g *Game) dieOptions(o []core.Option, p, kind int, rule string, ok func(c Color, v int) bool) []core.Option {
	for c := Color(0); c < NumColors; c++ {
		for v := 1; v <= 6; v++ {
			if g.P[p].Dice[c][v] > 0 && (ok == nil || ok(c, v)) {
				t := &dieOptText[kind][c][v]
				o = append(o, core.Option{ID: t.id, Label: t.label, Rule: rule})
			}
		}
	}
	return o
}

// payDie returns a die of the statue to the general supply.
func (g *Game) payDie(p int, c Color, v int) {
	if g.P[p].Dice[c][v] <= 0 {
		panic("rajas: paying a die not held")
	}
	g.P[p].Dice[c][v]--
	g.Pool[c]++
}

// flip turns a die to its opposite face for one Karma ("Karma").
// applyKarma plays seat p's option id if it is a Karma flip ("karma:",
// "Karma") and reports whether it was one.
func (g *Game) applyKarma(p int, id string) bool {
	d, ok := strings.CutPrefix(id, "karma:")
	if ok {
		c, v := parseDie(d)
		g.flip(p, c, v)
	}
	return ok
}

func (g *Game) flip(p int, c Color, v int) {
	pl := &g.P[p]
	if pl.Karma <= 0 || pl.Dice[c][v] <= 0 {
		panic("rajas: karma flip not possible")
	}
	pl.Karma--
	pl.Dice[c][v]--
	pl.Dice[c][7-v]++
	if !g.quiet {
		g.logf("%s spends a Karma to turn %s %d into %d.", SeatName(p), c, v, 7-v)
	}
}

func (g *Game) flipOptions(o []core.Option, p int, ok func(c Color, v int) bool) []core.Option {
	if g.P[p].Karma <= 0 {
		return o
	}
	return g.dieOptions(o, p, dieOptKarma, RuleKarma, ok)
}

func init() {
	register("effect", stepDef{rule: RuleTracks, auto: func(g *Game, fr *frame) {
		p, e := int(fr.P), fr.E
		g.pop()
		g.resolve(p, e)
	}})

	// gain takes dice one by one into the hand, then rolls them all onto
	// the statue ("Transcurso del juego": a die gained is rolled at once). A colour the
	// supply has run out of cannot be taken; a full statue makes room or
	// takes fewer.
	register("gain", stepDef{rule: RuleSequence, auto: func(g *Game, fr *frame) {
		p := int(fr.P)
		for {
			c := Color(-1)
			for k := Color(0); k < NumColors; k++ {
				if fr.E.Colors[k] > 0 {
					c = k
					break
				}
			}
			switch {
			case c >= 0 && g.Pool[c] == 0:
				fr.E.Colors[c]--
				if !g.quiet {
					g.logf("No %s die is left in the supply.", c)
				}
				continue
			case c >= 0 && g.kaliFull(p):
				g.push(frame{Step: "gain-room", P: int8(p)})
				return
			case c >= 0:
				fr.E.Colors[c]--
				g.Pool[c]--
				g.P[p].Hand[c]++
				continue
			case fr.N > 0 && g.Pool == [NumColors]int8{}:
				fr.N = 0
				continue
			case fr.N > 0 && g.kaliFull(p):
				g.push(frame{Step: "gain-room", P: int8(p)})
				return
			case fr.N > 0:
				g.push(frame{Step: "gain-color", P: int8(p)})
				return
			}
			g.pop()
			g.rollHand(p)
			return
		}
	}})
	register("gain-color", stepDef{
		rule: RuleSequence,
		prompt: func(g *Game, fr *frame) string {
			return fmt.Sprintf("Take a die of any colour from the supply (%d to take)", g.below().N)
		},
		options: func(g *Game, fr *frame, o []core.Option) []core.Option {
			for c := Color(0); c < NumColors; c++ {
				if g.Pool[c] > 0 {
					o = append(o, g.opt(optIDs.color[c], RuleSequence, func() string { return fmt.Sprintf("Take %s die (%d in the supply)", aColor(c), g.Pool[c]) }))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			c, _ := parseColor(strings.TrimPrefix(id, "color:"))
			p := int(fr.P)
			if !g.quiet {
				g.logf("%s takes %s die from the supply.", SeatName(p), aColor(c))
			}
			g.pop()
			g.top().N--
			g.Pool[c]--
			g.P[p].Hand[c]++
			return nil
		},
	})
	register("gain-room", stepDef{
		rule: RuleSequence,
		prompt: func(g *Game, fr *frame) string {
			return "Your Kali statue is full: return a die to the supply to make room, or take no more dice"
		},
		options: func(g *Game, fr *frame, o []core.Option) []core.Option {
			o = g.dieOptions(o, int(fr.P), dieOptReturn, RuleSequence, nil)
			return append(o, opt("skip", "Take no more dice", RuleSequence))
		},
		apply: func(g *Game, fr *frame, id string) error {
			p := int(fr.P)
			g.pop()
			if id == "skip" {
				if !g.quiet {
					g.logf("%s takes no more dice.", SeatName(p))
				}
				gf := g.top()
				gf.N, gf.E.Colors = 0, [NumColors]int8{}
				return nil
			}
			c, v := parseDie(strings.TrimPrefix(id, "return:"))
			if !g.quiet {
				g.logf("%s returns %s %d to the supply to make room.", SeatName(p), c, v)
			}
			g.payDie(p, c, v)
			return nil
		},
	})
	register("reroll", stepDef{
		rule: RulePalace,
		prompt: func(g *Game, fr *frame) string {
			n := 0
			for _, h := range g.P[fr.P].Hand {
				n += int(h)
			}
			return fmt.Sprintf("Outer terrace: pick dice to reroll (%d picked), then roll", n)
		},
		options: func(g *Game, fr *frame, o []core.Option) []core.Option {
			o = g.dieOptions(o, int(fr.P), dieOptReroll, RulePalace, nil)
			return append(o, opt("done", "Roll the picked dice (none: keep all)", RulePalace))
		},
		apply: func(g *Game, fr *frame, id string) error {
			p := int(fr.P)
			if id == "done" {
				g.pop()
				if !g.quiet && g.P[p].Hand == [NumColors]int8{} {
					g.logf("%s keeps the dice as they are.", SeatName(p))
				}
				g.rollHand(p)
				return nil
			}
			c, v := parseDie(strings.TrimPrefix(id, "reroll:"))
			if !g.quiet {
				g.logf("%s picks %s %d to reroll.", SeatName(p), c, v)
			}
			g.P[p].Dice[c][v]--
			g.P[p].Hand[c]++
			return nil
		},
	})
	register("upgrade", stepDef{
		rule:   RuleUpgrades,
		prompt: func(*Game, *frame) string { return "Upgrade a building type" },
		options: func(g *Game, fr *frame, o []core.Option) []core.Option {
			for b := Building(0); b < NumBuildings; b++ {
				if l := int(g.P[fr.P].Levels[b]); l < g.d.LevelMax {
					o = append(o, g.opt(optIDs.upgrade[b], RuleUpgrades, func() string { return fmt.Sprintf("Upgrade %s from %d to %d fame", b, l, l+1) }))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			p := int(fr.P)
			g.pop()
			for b := Building(0); b < NumBuildings; b++ {
				if id == "upgrade:"+b.String() {
					g.P[p].Levels[b]++
					if !g.quiet {
						g.logf("%s upgrades %s to %d.", SeatName(p), b, g.P[p].Levels[b])
					}
				}
			}
			return nil
		},
	})
	register("market-good", stepDef{
		rule: RuleRiver,
		prompt: func(g *Game, fr *frame) string {
			if fr.N == 1 {
				return "Score 1 market of one good"
			}
			return fmt.Sprintf("Score up to %d markets of one good", fr.N)
		},
		options: func(g *Game, fr *frame, o []core.Option) []core.Option {
			for gd := Good(0); gd < NumGoods; gd++ {
				if g.numMarkets(int(fr.P), gd) > 0 {
					o = append(o, g.opt(optIDs.good[gd], RuleRiver, func() string {
						return fmt.Sprintf("Score %s (%d money)", gd, bestSum(g.markets(int(fr.P), gd, nil), int(fr.N)))
					}))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			p, n := int(fr.P), int(fr.N)
			g.pop()
			for gd := Good(0); gd < NumGoods; gd++ {
				if id == "good:"+gd.String() {
					g.scoreGood(p, gd, n)
				}
			}
			return nil
		},
	})
	register("palace-choice", stepDef{
		rule:   RuleRiver,
		prompt: func(*Game, *frame) string { return "Carry out a palace room's action, free" },
		options: func(g *Game, fr *frame, o []core.Option) []core.Option {
			for r := Dancer; r < NumRooms; r++ {
				if fr.E.Rooms&(1<<r) != 0 && g.roomPossible(int(fr.P), r) {
					o = append(o, g.opt(optIDs.room[r], RuleRiver, func() string { return "The " + roomNames[r] + ", free" }))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			p := int(fr.P)
			g.pop()
			for r := Dancer; r < NumRooms; r++ {
				if id == "room:"+r.String() {
					if !g.quiet {
						g.logf("%s takes the %s's action, free.", SeatName(p), roomNames[r])
					}
					g.room(p, r)
				}
			}
			return nil
		},
	})
}

// resolve carries out one benefit for a seat.
func (g *Game) resolve(p int, e Effect) {
	pl := &g.P[p]
	n := int(e.N)
	switch e.Kind {
	case EffMoney:
		if n > 0 && !g.quiet {
			g.logf("%s gains %d money.", SeatName(p), n)
		}
		g.addMoney(p, n)
	case EffFame:
		if n > 0 && !g.quiet {
			g.logf("%s gains %d fame.", SeatName(p), n)
		}
		g.addFame(p, n)
	case EffKarma:
		g.addKarma(p, n)
	case EffDice:
		g.gainDice(p, n, [NumColors]int8{})
	case EffDiceOf:
		g.gainDice(p, 0, e.Colors)
	case EffKarmaDice:
		var fixed [NumColors]int8
		for c := range fixed {
			fixed[c] = e.Colors[c] * int8(pl.Karma)
		}
		g.gainDice(p, 0, fixed)
	case EffKarmaDiceAny:
		g.gainDice(p, pl.Karma, [NumColors]int8{})
	case EffUpgrade:
		for k := 0; k < n; k++ {
			g.push(frame{Step: "upgrade", P: int8(p)})
		}
	case EffBoat:
		g.push(frame{Step: "boat-next", P: int8(p)})
	case EffBoatUpTo:
		g.push(frame{Step: "river-move", P: int8(p), N: int16(n)})
	case EffPalace:
		g.push(frame{Step: "palace-choice", P: int8(p), E: e})
	case EffMarketAssorted:
		g.scoreAssorted(p)
	case EffMarketOne:
		g.push(frame{Step: "market-good", P: int8(p), N: int16(n)})
	case EffMoneyPerMarket:
		g.addMoneyIf(p, n*g.countMarkets(p))
	case EffFamePerUpgrade:
		g.addFameIf(p, n*g.Upgrades(p))
	case EffMoneyPerUpgrade:
		g.addMoneyIf(p, n*g.Upgrades(p))
	case EffFamePerKarma:
		g.addFameIf(p, n*pl.Karma)
	case EffFamePerMarketTile:
		g.addFameIf(p, n*g.countTiles(p, func(t *Tile, _ uint8) bool { return len(t.Markets) > 0 }))
	case EffFamePerRiver:
		g.addFameIf(p, n*(pl.Boat/int(e.Per)))
	case EffMoneyPerBuilding:
		g.addMoneyIf(p, n*g.countBuildings(p))
	case EffMoneyPerProdTile:
		g.addMoneyIf(p, n*g.connectedProdTiles(p))
	case EffFamePerCurve:
		g.addFameIf(p, n*g.countTiles(p, func(_ *Tile, m uint8) bool { return isCurve(m) }))
	case EffFamePerWorker:
		g.addFameIf(p, n*pl.Active)
	default:
		panic(fmt.Sprintf("rajas: unknown effect %d", e.Kind))
	}
}

func (g *Game) addMoneyIf(p, n int) {
	if n > 0 {
		if !g.quiet {
			g.logf("%s gains %d money.", SeatName(p), n)
		}
		g.addMoney(p, n)
	}
}

func (g *Game) addFameIf(p, n int) {
	if n > 0 {
		if !g.quiet {
			g.logf("%s gains %d fame.", SeatName(p), n)
		}
		g.addFame(p, n)
	}
}

// ---- markets ("Mercado") ----

// bestSum is the total of the n highest values.
// bestSum is the sum of the n highest values of v, which it sorts.
func bestSum(v []int, n int) int {
	slices.Sort(v)
	s := 0
	for i := len(v) - 1; i >= 0 && n > 0; i, n = i-1, n-1 {
		s += v[i]
	}
	return s
}

// scoreAssorted scores exactly one market of each good; the best one is
// taken (a lower one is never better).
func (g *Game) scoreAssorted(p int) {
	total := 0
	for gd := Good(0); gd < NumGoods; gd++ {
		var buf [4 * maxCells]int
		total += bestSum(g.markets(p, gd, buf[:0]), 1)
	}
	if !g.quiet {
		g.logf("%s scores one market of each good: %d money.", SeatName(p), total)
	}
	if total > 0 {
		g.addMoney(p, total)
	}
}

// scoreGood scores up to n markets of one good, the best ones.
func (g *Game) scoreGood(p int, gd Good, n int) {
	var buf [4 * maxCells]int
	total := bestSum(g.markets(p, gd, buf[:0]), n)
	if n == 1 {
		if !g.quiet {
			g.logf("%s scores 1 %s market: %d money.", SeatName(p), gd, total)
		}
	} else {
		if !g.quiet {
			g.logf("%s scores up to %d %s markets: %d money.", SeatName(p), n, gd, total)
		}
	}
	if total > 0 {
		g.addMoney(p, total)
	}
}
