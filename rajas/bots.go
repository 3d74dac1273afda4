package rajas

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"durbar/bots"
	"durbar/core"
)

// Computer opponents for Rajas of the Ganges (docs/rajas.md, section "Bots"):
//
//   - NewHeuristicBot: a fast rule-of-thumb player. It scores every listed
//     option of the pending step in "points" (1 fame = 1 point, 1 money =
//     half a point plus a little while money is scarce, as the end measure
//     FameMoneyGap counts it) with hand-made estimates of what dice, Karma,
//     workers, upgrades, markets and roads are still worth, and plays the
//     best. It never reads the dice still to be rolled.
//   - NewMCTSBot: bots.MCTS with heuristic rollouts cut off after a few
//     decisions and scored by Evaluate (the same estimates, turned into win
//     chances), on quiet clones.
//   - NewBot: the constructors by name, for the command line.

// DefaultMCTSIterations is the iteration count of NewBot("mcts", …): about
// one to two seconds per decision of a 2-player game on one core of a 2020s
// machine, less with fewer options. It was 2000 before the search ran on
// the compact door, about three times faster (BenchmarkMCTSBot).
const DefaultMCTSIterations = 6000

// BotKinds are the names NewBot accepts.
var BotKinds = []string{"random", "bot", "mcts"}

// NewBot builds a computer player by kind: "random" (uniformly random legal
// options), "bot" (NewHeuristicBot) or "mcts" (NewMCTSBot with
// DefaultMCTSIterations).
func NewBot(kind string, seed uint64) (bots.Player, error) {
	switch kind {
	case "random":
		return bots.NewRandom(seed), nil
	case "bot":
		return NewHeuristicBot(seed), nil
	case "mcts":
		return NewMCTSBot(seed, DefaultMCTSIterations), nil
	}
	return nil, fmt.Errorf("rajas: unknown bot kind %q (want one of %s)", kind, strings.Join(BotKinds, ", "))
}

// ---- the heuristic player ----

// heurWeights are the heuristic's estimates, in points.
type heurWeights struct {
	Worker       float64 // an extra worker at the start of the game (scaled down as the game goes on)
	Upgrade      float64 // a building upgrade at the start (scaled likewise), on top of UpgradeMin
	UpgradeMin   float64
	Karma        float64 // one Karma level
	DieBase      float64 // a die on the statue: DieBase + DiePip × its value
	DiePip       float64
	Demand       float64 // extra for a die of a colour wanted for a visible tile
	Engine       float64 // future market scorings per market point (scaled)
	Frontier     float64 // each of the first three empty cells a road leads into
	Prospect     float64 // share of an uncollected production a road leads towards
	SiteLost     float64 // share of a production cut off by a tile placed across it
	MoneyLow     float64 // extra per money while money is below 6
	MoneyFuture  float64 // extra per money early in the game (it pays for tiles)
	River        float64 // each river space advanced, early in the game
	StartPlayer  float64 // the elephant
	CrossedBonus float64 // Evaluate: having met or crossed
	Temperature  float64 // Evaluate: points per factor e of win odds
}

var defaultWeights = heurWeights{
	Worker:       9,
	Upgrade:      1.5,
	UpgradeMin:   0.4,
	Karma:        2.5,
	DieBase:      0.7,
	DiePip:       0.2,
	Demand:       0.5,
	Engine:       1.6,
	Frontier:     1.2,
	Prospect:     0.35,
	SiteLost:     0.5,
	MoneyLow:     0.15,
	MoneyFuture:  0.09,
	River:        0.15,
	StartPlayer:  0.25,
	CrossedBonus: 3,
	Temperature:  4,
}

// HeuristicBot is the rule-of-thumb player (NewHeuristicBot).
type HeuristicBot struct {
	rng core.RNG
	w   heurWeights
}

// NewHeuristicBot returns the rule-of-thumb player seeded with seed. The
// seed only breaks ties between equally scored options. It plays any
// set-up and any seat; a decision it cannot read (a game that is not a
// *rajas.Game) gets a random legal option.
func NewHeuristicBot(seed uint64) bots.Player {
	return &HeuristicBot{rng: core.NewRNG(seed), w: defaultWeights}
}

// Choose implements bots.Player: the best-scored listed option.
func (b *HeuristicBot) Choose(gm core.Game, d core.Decision) string {
	if len(d.Options) == 0 {
		return ""
	}
	g, _ := gm.(*Game)
	return d.Options[b.pick(g, d.Player, len(d.Options), func(i int) string { return d.Options[i].ID })].ID
}

// ChooseAction implements bots.ActionPlayer: the choice Choose makes, on
// the compact door (option ids through ActionID, no labels).
func (b *HeuristicBot) ChooseAction(gm core.Compact, legal []core.Action) core.Action {
	if len(legal) == 0 {
		return 0
	}
	g, _ := gm.(*Game)
	if g == nil {
		return legal[b.pick(nil, -1, len(legal), nil)]
	}
	return legal[b.pick(g, gm.Decider(), len(legal), func(i int) string { return g.ActionID(legal[i]) })]
}

// pick is the place of the best-scored of n options for seat p, whose ids
// id gives; a game it cannot read (nil, over, or no seat of its) gets a
// random one.
func (b *HeuristicBot) pick(g *Game, p, n int, id func(int) string) int {
	if n == 1 {
		return 0
	}
	if g == nil || g.Over || g.depth == 0 || p < 0 || p >= g.N {
		return b.rng.IntN(n)
	}
	var c hctx
	c.init(g, p, &b.w)
	fr := g.top()
	best, bestV := 0, math.Inf(-1)
	tie := 0
	for i := 0; i < n; i++ {
		v := c.score(fr, id(i))
		switch {
		case v > bestV+1e-9:
			best, bestV, tie = i, v, 1
		case v >= bestV-1e-9:
			// Equal scores: a uniform choice among them (reservoir).
			tie++
			if b.rng.IntN(tie) == 0 {
				best = i
			}
		}
	}
	return best
}

// mkList is a seat's market values of one good, best first.
type mkList struct {
	v [24]int8
	n int
}

func (m *mkList) add(v int8) {
	if m.n == len(m.v) {
		return
	}
	i := m.n
	for i > 0 && m.v[i-1] < v {
		m.v[i] = m.v[i-1]
		i--
	}
	m.v[i] = v
	m.n++
}

// best is the sum of the k highest values.
func (m *mkList) best(k int) int {
	s := 0
	for i := 0; i < k && i < m.n; i++ {
		s += int(m.v[i])
	}
	return s
}

const negInf = -1e9

// hctx is one decision's working state: the seat, a copy of its dice and
// cached estimates.
type hctx struct {
	g    *Game
	w    *heurWeights
	p    int
	pl   *Player
	dice Dice
	f    float64 // share of the game still to come: 1 at the start, 0 at the end
	mv   float64 // one money gained
	mk   [NumGoods]mkList

	demandDone bool
	demand     [NumColors]float64

	tileDone bool
	tileBase [numStacks]float64 // gain and best placement of each pile's top tile (negInf: none)

	potDone bool
	pot     float64 // province potential now

	spaceDone bool
	bestSpace float64

	worthT   [7]float64
	gainDone [NumColors + 1]bool
	gainV    [NumColors + 1]float64
	free     int     // free places on the statue
	minW     float64 // worth of the seat's cheapest die
	siteDone bool
	siteV    [maxSites]float64
	tgDone   bool
	tg       uint64 // empty cells a road leads into now

	entryDone bool
	entry     [maxCells]uint8 // sides of an empty cell a neighbour's road enters by (joins)
	maskDone  uint16          // bit m: maskBest[m] is known
	maskBest  [16]float64     // best placement value of road mask m (bestPlace)
}

func (c *hctx) init(g *Game, p int, w *heurWeights) {
	c.g, c.w, c.p, c.pl = g, w, p, &g.P[p]
	c.dice = c.pl.Dice
	c.f = g.futureShare()
	for v := 1; v <= 6; v++ {
		x := (w.DieBase + w.DiePip*float64(v)) * (0.6 + 0.4*c.f)
		if v == 2 {
			x += 0.15 // the Dancer
		}
		c.worthT[v] = x
	}
	c.free = g.KaliCapacity(p) - c.dice.Count()
	for _, h := range c.pl.Hand {
		c.free -= int(h)
	}
	c.minW = math.Inf(1)
	for col := range c.dice {
		for v := 1; v <= 6; v++ {
			if c.dice[col][v] > 0 {
				c.minW = math.Min(c.minW, c.worthT[v])
			}
		}
	}
	c.mv = 0.5 + w.MoneyFuture*c.f
	if c.pl.Money < 6 {
		c.mv += w.MoneyLow * float64(6-c.pl.Money) / 6
	}
	for cell := range g.d.Province.Cells() {
		if t := c.pl.Cells[cell].Tile; t >= 0 {
			for _, m := range g.d.Tiles[t].Markets {
				c.mk[m.Good].add(int8(m.Value))
			}
		}
	}
}

// futureShare estimates how much of the game is still to come from the
// leading seat's distance to crossing: 1 at the start, 0 once a seat has
// crossed.
func (g *Game) futureShare() float64 {
	lead := math.Inf(-1)
	for q := 0; q < g.N; q++ {
		lead = math.Max(lead, float64(g.FameMoneyGap(q)))
	}
	// The gap starts near -61+2; crossing is 0.
	f := -lead / 58
	return math.Max(0, math.Min(1, f))
}

// ---- values of single things ----

// worth is what paying a die of value v costs.
func (c *hctx) worth(v int) float64 { return c.worthT[v] }

// colorDemand is how much a die of each colour is wanted for the visible
// tiles the seat cannot pay yet, in [0,1].
func (c *hctx) colorDemand(col Color) float64 {
	if !c.demandDone {
		c.demandDone = true
		g := c.g
		for k := range g.Stacks {
			s := &g.Stacks[k]
			if s.N == 0 {
				continue
			}
			t := &g.d.Tiles[s.T[s.N-1]]
			short := t.Cost - c.dice.Sum(t.Color) - 4*int(c.pl.Hand[t.Color])
			if short <= 0 {
				continue
			}
			a := c.tileRaw(t) / (1 + float64(short)/4)
			if a > c.demand[t.Color] {
				c.demand[t.Color] = a
			}
		}
		for k := range c.demand {
			c.demand[k] = math.Min(1, c.demand[k]/6)
		}
	}
	return c.demand[col]
}

// dieGain is the value of a die gained (rolled) of a colour; col < 0 for a
// colour of choice.
func (c *hctx) dieGain(col Color) float64 {
	i := int(col)
	if col < 0 {
		i = NumColors
	}
	if !c.gainDone[i] {
		c.gainDone[i] = true
		c.gainV[i] = c.dieGainNow(col)
	}
	return c.gainV[i]
}

func (c *hctx) dieGainNow(col Color) float64 {
	d := 0.0
	if col >= 0 {
		d = c.colorDemand(col)
	} else {
		for k := Color(0); k < NumColors; k++ {
			if c.g.Pool[k] > 0 {
				d = math.Max(d, c.colorDemand(k))
			}
		}
	}
	return c.worth(3) + 0.1*(0.6+0.4*c.f) + c.w.Demand*d*(0.5+0.5*c.f)
}

// gainDiceVal is the value of gaining n dice of a colour (col < 0: any).
func (c *hctx) gainDiceVal(n int, col Color) float64 {
	if n <= 0 {
		return 0
	}
	g := c.g
	supply := 0
	if col >= 0 {
		supply = int(g.Pool[col])
	} else {
		for _, k := range g.Pool {
			supply += int(k)
		}
	}
	n = min(n, supply)
	free := c.free
	gain := c.dieGain(col)
	v := 0.0
	for i := 0; i < n; i++ {
		if free > 0 {
			v += gain
			free--
		} else {
			v += math.Max(0, gain-c.minW-0.1)
		}
	}
	return v
}

func (c *hctx) canGainWorker(src int) bool {
	return !c.pl.Gained[src] && !c.pl.SpareGone
}

func (c *hctx) workerVal() float64 { return c.w.Worker*c.f + 0.5 }

func (c *hctx) upgradeVal() float64 { return c.w.Upgrade*c.f + c.w.UpgradeMin }

func (c *hctx) karmaVal(n int) float64 {
	n = min(n, c.g.d.MaxKarma-c.pl.Karma)
	return float64(max(0, n)) * c.w.Karma
}

// fameVal is the value of n fame, with the track bonuses and the worker it
// reaches ("Bonos en los tracks de puntuación").
func (c *hctx) fameVal(n, depth int) float64 {
	if n <= 0 {
		return 0
	}
	d := c.g.d
	old := c.pl.Fame
	nw := min(d.FameMax, old+n)
	v := float64(nw - old)
	if old < d.FameWorker && nw >= d.FameWorker && c.canGainWorker(FromFame) {
		v += c.workerVal()
	}
	if depth < 2 {
		for _, b := range d.FameBonuses {
			if old < b.At && nw >= b.At {
				v += c.effsVal(b.Effects, depth+1)
			}
		}
	}
	return v
}

// moneyVal is the value of n money, with the bonuses and the worker.
func (c *hctx) moneyVal(n, depth int) float64 {
	if n <= 0 {
		return 0
	}
	d := c.g.d
	old := c.pl.Money
	nw := min(d.MoneyMax, old+n)
	v := float64(nw-old) * c.mv
	if nw >= d.MoneyWorker && !c.pl.Gained[FromMoney] && c.canGainWorker(FromMoney) {
		v += c.workerVal()
	}
	if depth < 2 {
		for i := c.pl.NextBonus; i < len(d.MoneyBonuses) && nw >= d.MoneyBonuses[i].At; i++ {
			v += c.effsVal(d.MoneyBonuses[i].Effects, depth+1)
		}
	}
	return v
}

func (c *hctx) effsVal(es []Effect, depth int) float64 {
	v := 0.0
	for _, e := range es {
		v += c.effVal(e, depth)
	}
	return v
}

// effVal is the value of receiving a benefit now.
func (c *hctx) effVal(e Effect, depth int) float64 {
	g, p, pl := c.g, c.p, c.pl
	n := int(e.N)
	switch e.Kind {
	case EffMoney:
		return c.moneyVal(n, depth)
	case EffFame:
		return c.fameVal(n, depth)
	case EffKarma:
		return c.karmaVal(n)
	case EffDice:
		return c.gainDiceVal(n, -1)
	case EffDiceOf, EffKarmaDice:
		v := 0.0
		for col, k := range e.Colors {
			if e.Kind == EffKarmaDice {
				k *= int8(pl.Karma)
			}
			v += c.gainDiceVal(int(k), Color(col))
		}
		return v
	case EffKarmaDiceAny:
		return c.gainDiceVal(pl.Karma, -1)
	case EffUpgrade:
		return float64(n) * c.upgradeVal()
	case EffBoat:
		if depth >= 2 {
			return 0.5
		}
		return math.Max(0, c.riverVal(1, depth+1))
	case EffBoatUpTo:
		if depth >= 2 {
			return 1
		}
		best := 0.0
		for k := 1; k <= n; k++ {
			best = math.Max(best, c.riverVal(k, depth+1))
		}
		return best
	case EffPalace:
		if depth >= 2 {
			return 2
		}
		best := 0.0
		for r := Dancer; r < NumRooms; r++ {
			if e.Rooms&(1<<r) != 0 && g.roomPossible(p, r) {
				best = math.Max(best, c.roomVal(r, &c.dice, depth+1))
			}
		}
		return best
	case EffMarketAssorted:
		return c.moneyVal(c.assorted(), depth)
	case EffMarketOne:
		best := 0
		for gd := range c.mk {
			best = max(best, c.mk[gd].best(n))
		}
		return c.moneyVal(best, depth)
	case EffMoneyPerMarket:
		m := 0
		for gd := range c.mk {
			m += c.mk[gd].n
		}
		return c.moneyVal(n*m, depth)
	case EffFamePerUpgrade:
		return c.fameVal(n*g.Upgrades(p), depth)
	case EffMoneyPerUpgrade:
		return c.moneyVal(n*g.Upgrades(p), depth)
	case EffFamePerKarma:
		return c.fameVal(n*pl.Karma, depth)
	case EffFamePerMarketTile:
		return c.fameVal(n*g.countTiles(p, func(t *Tile, _ uint8) bool { return len(t.Markets) > 0 }), depth)
	case EffFamePerRiver:
		return c.fameVal(n*(pl.Boat/max(1, int(e.Per))), depth)
	case EffMoneyPerBuilding:
		return c.moneyVal(n*g.countBuildings(p), depth)
	case EffMoneyPerProdTile:
		return c.moneyVal(n*g.connectedProdTiles(p), depth)
	case EffFamePerCurve:
		return c.fameVal(n*g.countTiles(p, func(_ *Tile, m uint8) bool { return isCurve(m) }), depth)
	case EffFamePerWorker:
		return c.fameVal(n*pl.Active, depth)
	}
	return 0
}

func (c *hctx) assorted() int {
	s := 0
	for gd := range c.mk {
		s += c.mk[gd].best(1)
	}
	return s
}

// engine is the worth of a set of markets for the market scorings still to
// come.
func (c *hctx) engine(mk *[NumGoods]mkList) float64 {
	s := 0.0
	for gd := range mk {
		s += float64(mk[gd].best(1)) + 0.4*float64(mk[gd].best(3)-mk[gd].best(1))
	}
	return s * c.w.Engine * c.f * 0.5
}

// riverVal is the value of advancing the boat k unoccupied spaces, negInf
// when the river ends first.
func (c *hctx) riverVal(k, depth int) float64 {
	g := c.g
	t := g.riverTarget(c.p, k)
	if t < 0 {
		return negInf
	}
	v := c.effsVal(g.RiverEffects(t), depth) + c.w.River*c.f*float64(t-c.pl.Boat)
	if c.pl.Boat <= g.d.BridgeAfter && t > g.d.BridgeAfter && c.canGainWorker(FromRiver) {
		v += c.workerVal()
	}
	return v
}

// roomVal is the value of a palace room's action (its die already paid),
// with dice the seat's dice at that moment.
func (c *hctx) roomVal(r Room, dice *Dice, depth int) float64 {
	switch r {
	case Mogul:
		v := c.fameVal(2, depth)
		if c.g.Start != c.p {
			v += c.w.StartPlayer
		}
		return v
	case Dancer:
		return c.gainDiceVal(2, -1) + c.dancerTileVal(depth)
	case Yogi:
		return c.karmaVal(2) + c.gainDiceVal(1, -1)
	case Raja:
		return c.upgradeVal() + c.moneyVal(3, depth)
	case Builder:
		if depth > 0 {
			return 2 // a free Master Builder from a bonus: a rough estimate
		}
		return c.builderBest(dice)
	case Portuguese:
		if depth >= 2 {
			return 2
		}
		return c.riverVal(6, depth)
	}
	return 0
}

// dancerTileVal: the white tile drawn (the basic game's average), or the
// best production tile for a free slot (Navaratnas).
func (c *hctx) dancerTileVal(depth int) float64 {
	g := c.g
	if g.prodTilesInPlay() {
		best := 0.0
		for i := range g.d.Prod {
			if g.Supply[i] > 0 {
				best = math.Max(best, c.ptileVal(i, depth))
			}
		}
		return best
	}
	sum, n := 0.0, 0
	for i := range g.d.Prod {
		if g.d.Prod[i].Color == White {
			sum += c.effsVal(g.d.Prod[i].Effects, depth+1)
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// ptileVal is the value of a production tile on the best free slot of its
// colour.
func (c *hctx) ptileVal(k, depth int) float64 {
	best := negInf
	for i := range c.g.sites(c.p) {
		s := &c.g.sites(c.p)[i]
		if s.Slot == c.g.d.Prod[k].Color && c.pl.Sites[s.Index].Prod < 0 {
			best = math.Max(best, c.slotVal(s, k, depth))
		}
	}
	return best
}

// slotVal is the value of putting production tile k on site s: at once if
// a road reaches it, else a share for later.
func (c *hctx) slotVal(s *Site, k, depth int) float64 {
	v := c.effsVal(c.g.d.Prod[k].Effects, depth+1)
	if c.g.siteConnected(c.p, s) {
		return v
	}
	if c.pl.Cells[s.Cell].Tile >= 0 {
		return 0.05 * v
	}
	if c.targetsNow()&(1<<uint(s.Cell)) != 0 {
		return 0.6 * v
	}
	return 0.35 * v
}

// ---- dice payments ----

// diceCost is the least worth of dice of colour col (with Karma flips, at
// most karma of them) whose values reach need.
func (c *hctx) diceCost(dice *Dice, col Color, need, karma int) float64 {
	if need <= 0 {
		return 0
	}
	if need > 40 {
		return negInf
	}
	kv := c.w.Karma
	// dp[k][s]: least worth reaching s pips (capped at need) with k flips.
	var dp [4][41]float64
	karma = min(karma, 3)
	for k := 0; k <= karma; k++ {
		for s := 0; s <= need; s++ {
			dp[k][s] = math.Inf(1)
		}
	}
	dp[0][0] = 0
	for v := 1; v <= 6; v++ {
		w := c.worth(v)
		for n := int(dice[col][v]); n > 0; n-- {
			for k := karma; k >= 0; k-- {
				for s := need; s >= 0; s-- {
					cur := dp[k][s]
					if math.IsInf(cur, 1) {
						continue
					}
					t := min(need, s+v)
					if x := cur + w; x < dp[k][t] {
						dp[k][t] = x
					}
					if v <= 3 && k < karma {
						t := min(need, s+7-v)
						if x := cur + w + kv; x < dp[k+1][t] {
							dp[k+1][t] = x
						}
					}
				}
			}
		}
	}
	best := math.Inf(1)
	for k := 0; k <= karma; k++ {
		best = math.Min(best, dp[k][need])
	}
	if math.IsInf(best, 1) {
		return negInf
	}
	return best
}

// ---- the province ----

// maskWith is a cell's road mask, with cell at holding mask m instead.
func (c *hctx) maskWith(cell, at int, m uint8) uint8 {
	if cell == at {
		return m
	}
	return c.g.mask(c.p, cell)
}

// targets is the set of empty cells a road leads into, with cell at
// holding mask m (at < 0: as it is).
func (c *hctx) targets(at int, m uint8) uint64 {
	pr := &c.g.d.Province
	var set uint64
	for cell := 0; cell < pr.Cells(); cell++ {
		cm := c.maskWith(cell, at, m)
		if cm == 0 {
			continue
		}
		for s := 0; s < 4; s++ {
			if cm&(1<<s) == 0 {
				continue
			}
			n := pr.Neighbour(cell, s)
			if n < 0 || n == pr.Residence || n == at || c.pl.Cells[n].Tile >= 0 {
				continue
			}
			set |= 1 << uint(n)
		}
	}
	return set
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// siteVal is the value of a production site not yet received.
func (c *hctx) siteVal(s *Site) float64 {
	eff := c.g.siteEffects(c.p, s)
	if len(eff) == 0 {
		if s.Slot != NoSlot && c.g.prodTilesInPlay() {
			return 1
		}
		return 0
	}
	return c.effsVal(eff, 1)
}

// siteValue is siteVal, cached.
func (c *hctx) siteValue(s *Site) float64 {
	if !c.siteDone {
		c.siteDone = true
		sites := c.g.sites(c.p)
		for i := range sites {
			if !c.pl.Sites[sites[i].Index].Collected {
				c.siteV[sites[i].Index] = c.siteVal(&sites[i])
			}
		}
	}
	return c.siteV[s.Index]
}

// potential is the worth of the province's open roads and of the
// productions they lead towards, with cell at holding mask m.
func (c *hctx) potential(at int, m uint8) float64 {
	return c.potentialWith(c.targets(at, m), at)
}

// potentialWith is potential given the road targets, cell at being filled.
func (c *hctx) potentialWith(tg uint64, at int) float64 {
	n := popcount(tg)
	fv := c.w.Frontier * (float64(min(n, 3)) + 0.25*float64(max(0, min(n, 6)-3)))
	if n == 0 {
		fv = -2 * c.w.Frontier
	}
	v := fv * (0.3 + 0.7*c.f)
	sites := c.g.sites(c.p)
	for i := range sites {
		s := &sites[i]
		if c.pl.Sites[s.Index].Collected || s.Cell == at || c.pl.Cells[s.Cell].Tile >= 0 {
			continue
		}
		share := 0.12
		if tg&(1<<uint(s.Cell)) != 0 {
			share = c.w.Prospect
		}
		v += share * c.siteValue(s) * (0.3 + 0.7*c.f)
	}
	return v
}

func (c *hctx) potentialNow() float64 {
	if !c.potDone {
		c.potDone = true
		c.pot = c.potential(-1, 0)
	}
	return c.pot
}

// placeVal is the value of a tile's roads m on the empty cell: the
// productions it joins now, those it cuts off, and the change in the
// province's potential.
func (c *hctx) placeVal(cell int, m uint8) float64 {
	v := 0.0
	sites := c.g.sites(c.p)
	for i := range sites {
		s := &sites[i]
		if s.Cell != cell || c.pl.Sites[s.Index].Collected {
			continue
		}
		if m&(1<<s.Side) != 0 {
			v += c.effsVal(c.g.siteEffects(c.p, s), 0)
		} else {
			v -= c.w.SiteLost * c.siteValue(s) * (0.3 + 0.7*c.f)
		}
	}
	return v + c.potentialWith(c.targetsAfter(cell, m), cell) - c.potentialNow()
}

// targetsNow is targets(-1, 0), cached.
func (c *hctx) targetsNow() uint64 {
	if !c.tgDone {
		c.tgDone = true
		c.tg = c.targets(-1, 0)
	}
	return c.tg
}

// targetsAfter is targets(cell, m) for an empty cell, from the targets now.
func (c *hctx) targetsAfter(cell int, m uint8) uint64 {
	pr := &c.g.d.Province
	set := c.targetsNow() &^ (1 << uint(cell))
	for s := 0; s < 4; s++ {
		if m&(1<<s) == 0 {
			continue
		}
		n := pr.Neighbour(cell, s)
		if n < 0 || n == pr.Residence || c.pl.Cells[n].Tile >= 0 {
			continue
		}
		set |= 1 << uint(n)
	}
	return set
}

// bestPlace is the best placement value of a tile; negInf if it cannot be
// placed.
func (c *hctx) bestPlace(t int) float64 {
	roads := c.g.d.Tiles[t].Roads
	best := float64(negInf)
	for _, r := range rotations(roads) {
		best = math.Max(best, c.bestOfMask(rotMask(roads, r)))
	}
	return best
}

// bestOfMask is the best placement value of road mask m over the empty
// cells (negInf: none), cached: placements depend on the roads, not on
// which tile has them.
func (c *hctx) bestOfMask(m uint8) float64 {
	if c.maskDone&(1<<m) != 0 {
		return c.maskBest[m]
	}
	g := c.g
	pr := &g.d.Province
	if !c.entryDone {
		c.entryDone = true
		for cell := 0; cell < pr.Cells(); cell++ {
			if cell == pr.Residence || c.pl.Cells[cell].Tile >= 0 {
				continue
			}
			for s := 0; s < 4; s++ {
				if n := pr.Neighbour(cell, s); n >= 0 && g.mask(c.p, n)&(1<<opposite(s)) != 0 {
					c.entry[cell] |= 1 << s
				}
			}
		}
	}
	best := float64(negInf)
	for cell := 0; cell < pr.Cells(); cell++ {
		if c.entry[cell]&m != 0 { // g.joins(c.p, cell, m), for an empty cell
			best = math.Max(best, c.placeVal(cell, m))
		}
	}
	c.maskDone |= 1 << m
	c.maskBest[m] = best
	return best
}

// tileRaw is a tile's fame and money at the seat's building levels,
// without bonuses: its attraction.
func (c *hctx) tileRaw(t *Tile) float64 {
	v := 0.0
	for _, b := range t.Buildings {
		v += float64(c.pl.Levels[b])
	}
	for _, m := range t.Markets {
		v += 0.5 * float64(m.Value)
	}
	return v
}

// tileGain is the value of scoring a tile (its buildings' fame and its
// markets' money now, and its markets for the scorings to come), with the
// tile old leaving the province (-1: none).
func (c *hctx) tileGain(t *Tile, old int) float64 {
	fame, money := 0, 0
	for _, b := range t.Buildings {
		fame += int(c.pl.Levels[b])
	}
	mk := c.mk
	if old >= 0 {
		// Rebuild without the covered tile's markets.
		mk = [NumGoods]mkList{}
		for cell := range c.g.d.Province.Cells() {
			if tt := c.pl.Cells[cell].Tile; tt >= 0 && int(tt) != old {
				for _, m := range c.g.d.Tiles[tt].Markets {
					mk[m.Good].add(int8(m.Value))
				}
			}
		}
	}
	before := c.engine(&c.mk)
	for _, m := range t.Markets {
		money += m.Value
		mk[m.Good].add(int8(m.Value))
	}
	return c.fameVal(fame, 0) + c.moneyVal(money, 0) + c.engine(&mk) - before
}

// tileBases caches, for each pile's top tile, its gain plus its best
// placement (negInf if it cannot be placed).
func (c *hctx) tileBases() *[numStacks]float64 {
	if !c.tileDone {
		c.tileDone = true
		g := c.g
		for k := range g.Stacks {
			c.tileBase[k] = negInf
			if g.Stacks[k].N == 0 {
				continue
			}
			t := g.topTile(k)
			pv := c.bestPlace(t)
			if pv <= negInf/2 {
				continue
			}
			c.tileBase[k] = c.tileGain(&g.d.Tiles[t], -1) + pv
		}
	}
	return &c.tileBase
}

// buyVal is the value of buying pile k's top tile with dice (negInf if the
// dice cannot pay it).
func (c *hctx) buyVal(k int, dice *Dice) float64 {
	base := c.tileBases()[k]
	if base <= negInf/2 {
		return negInf
	}
	t := &c.g.d.Tiles[c.g.topTile(k)]
	if dice.Sum(t.Color) < t.Cost {
		return negInf
	}
	cost := c.diceCost(dice, t.Color, t.Cost, c.pl.Karma)
	if cost <= negInf/2 {
		return negInf
	}
	return base - cost
}

func (c *hctx) bestBuy(dice *Dice) float64 {
	best := float64(negInf)
	for k := range c.g.Stacks {
		best = math.Max(best, c.buyVal(k, dice))
	}
	return best
}

// builderVal is the value of covering the tile on cell with pile k's top
// tile, paying with dice, at its best rotation (negInf if impossible).
func (c *hctx) builderVal(cell, k int, dice *Dice, floor float64) float64 {
	g := c.g
	cl := c.pl.Cells[cell]
	if cl.Tile < 0 || cl.Replaced || g.Stacks[k].N == 0 {
		return negInf
	}
	t := g.topTile(k)
	nt, old := &g.d.Tiles[t], &g.d.Tiles[cl.Tile]
	diff := nt.Cost - old.Cost
	if diff <= 0 || dice.Sum(nt.Color) < diff {
		return negInf
	}
	cost := c.diceCost(dice, nt.Color, diff, c.pl.Karma)
	if cost <= negInf/2 {
		return negInf
	}
	base := c.tileGain(nt, int(cl.Tile)) - cost
	// Upper bound: every uncollected production on the cell.
	extra := 0.0
	sites := g.sites(c.p)
	for i := range sites {
		if s := &sites[i]; s.Cell == cell && !c.pl.Sites[s.Index].Collected {
			extra += math.Max(0, c.effsVal(g.siteEffects(c.p, s), 0))
		}
	}
	if base+extra+c.w.Frontier*2 <= floor {
		return negInf
	}
	best := float64(negInf)
	var seen [16]bool
	for r := 0; r < 4; r++ {
		m := rotMask(nt.Roads, r)
		if seen[m] {
			continue
		}
		seen[m] = true
		if !g.connectedWith(c.p, cell, t, r) {
			continue
		}
		best = math.Max(best, base+c.rotVal(cell, m))
	}
	return best
}

// rotVal is the value of the Master Builder's new roads m on an occupied
// cell: productions newly joined and the change in potential.
func (c *hctx) rotVal(cell int, m uint8) float64 {
	v := 0.0
	sites := c.g.sites(c.p)
	for i := range sites {
		if s := &sites[i]; s.Cell == cell && !c.pl.Sites[s.Index].Collected && m&(1<<s.Side) != 0 {
			v += c.effsVal(c.g.siteEffects(c.p, s), 0)
		}
	}
	return v + c.potential(cell, m) - c.potentialNow()
}

// builderBest is the best Master Builder replacement with dice.
func (c *hctx) builderBest(dice *Dice) float64 {
	best := float64(negInf)
	for cell := range c.g.d.Province.Cells() {
		if c.pl.Cells[cell].Tile < 0 {
			continue
		}
		for k := range c.g.Stacks {
			best = math.Max(best, c.builderVal(cell, k, dice, best))
		}
	}
	return best
}

// ---- worker spaces ----

// actionVal is the value of a space's action after paying a die of value
// v (0: none), with dice the seat's dice after paying.
func (c *hctx) actionVal(sp *Space, v int, dice *Dice) float64 {
	g := c.g
	switch sp.Kind {
	case KindQuarry:
		return c.bestBuy(dice)
	case KindAssorted:
		return c.moneyVal(c.assorted(), 0)
	case KindSingle:
		return c.moneyVal(c.mk[sp.Good].best(v), 0)
	case KindOuter:
		reroll := 0.0
		gain := c.dieGain(-1) - 0.1
		for col := range dice {
			for x := 1; x <= 2; x++ {
				reroll += float64(dice[col][x]) * math.Max(0, gain-c.worth(x))
			}
		}
		return c.moneyVal(outerMoney, 0) + reroll
	case KindTerrace:
		return c.gainDiceVal(1, sp.Gain)
	case KindBalcony:
		return c.gainDiceVal(sp.N, sp.Gain) + 0.01 // after paying, one place is free
	case KindRoom:
		return c.roomVal(sp.Room, dice, 0)
	case KindHarbour:
		best := float64(negInf)
		for k := 1; k <= v; k++ {
			best = math.Max(best, c.riverVal(k, 0))
		}
		return best
	}
	_ = g
	return 0
}

// payVal is the value of placing on space i paying the die (col, v).
func (c *hctx) payVal(sp *Space, col Color, v int) float64 {
	c.dice[col][v]--
	x := c.actionVal(sp, v, &c.dice) - c.worth(v)
	if sp.Kind == KindRoom || sp.Kind == KindBalcony || sp.Kind == KindSingle || sp.Kind == KindHarbour {
		// Keep the dice of wanted colours.
		x -= 0.25 * c.colorDemand(col)
	}
	c.dice[col][v]++
	return x
}

// spaceVal is the value of placing a worker on space i, paying its money
// and its best die.
func (c *hctx) spaceVal(i int) float64 {
	sp := &c.g.side.Spaces[i]
	v := -float64(sp.Money) * c.mv
	if !needsDie(sp) {
		return v + c.actionVal(sp, 0, &c.dice)
	}
	best := float64(negInf)
	for col := Color(0); col < NumColors; col++ {
		for x := 1; x <= 6; x++ {
			if c.dice[col][x] > 0 && dieFits(sp, col, x) {
				best = math.Max(best, c.payVal(sp, col, x))
			}
		}
	}
	return v + best
}

// bestSpaceNow is the best space the seat can take now.
func (c *hctx) bestSpaceNow() float64 {
	if !c.spaceDone {
		c.spaceDone = true
		c.bestSpace = c.bestSpaces()
	}
	return c.bestSpace
}

func (c *hctx) bestSpaces() float64 {
	best := float64(negInf)
	for i := range c.g.side.Spaces {
		if c.g.spaceOK(c.p, i) {
			best = math.Max(best, c.spaceVal(i))
		}
	}
	return best
}

// flipScore is the score of turning a die with Karma during the turn: the
// best space afterwards, less the Karma and a margin, so that a flip is
// chosen only when it opens a better space than any open now.
func (c *hctx) flipScore(col Color, v int) float64 {
	// Tile values and placements do not depend on the dice.
	tiles := *c.tileBases()
	siteV, siteDone := c.siteV, c.siteDone
	pot := c.potentialNow()
	// The flip is made on the game itself, and taken back below: only the
	// seat's dice and Karma change.
	g := c.g
	pl := &g.P[c.p]
	pl.Dice[col][v]--
	pl.Dice[col][7-v]++
	pl.Karma--
	var d hctx
	d.init(g, c.p, c.w)
	d.tileBase, d.tileDone = tiles, true
	d.siteV, d.siteDone = siteV, siteDone
	d.pot, d.potDone = pot, true
	// Only spaces whose value depends on a die's face can gain: the
	// others score the same as without the flip, and are options already.
	best := float64(negInf)
	for i := range g.side.Spaces {
		switch g.side.Spaces[i].Kind {
		case KindQuarry, KindSingle, KindRoom, KindHarbour:
			if g.spaceOK(c.p, i) {
				best = math.Max(best, d.spaceVal(i))
			}
		}
	}
	pl.Dice[col][v]++
	pl.Dice[col][7-v]--
	pl.Karma++
	return best - c.w.Karma - 0.3
}

// ---- scoring one option of the pending step ----

func (c *hctx) score(fr *frame, id string) float64 {
	g := c.g
	switch fr.Step {
	case "turn":
		switch {
		case id == "pass":
			return 0
		case strings.HasPrefix(id, "karma:"):
			col, v := parseDie(id[len("karma:"):])
			return c.flipScore(col, v)
		}
		i, ok := g.side.SpaceID(id)
		if !ok {
			return negInf
		}
		return c.spaceVal(i)
	case "pay-die":
		sp := &g.side.Spaces[fr.A]
		col, v := parseDie(id[len("die:"):])
		return c.payVal(sp, col, v)
	case "quarry-tile":
		if strings.HasPrefix(id, "karma:") {
			col, v := parseDie(id[len("karma:"):])
			c.dice[col][v]--
			c.dice[col][7-v]++
			x := c.bestBuy(&c.dice) - c.w.Karma
			c.dice = c.pl.Dice
			return x
		}
		k := c.stackOf(id)
		if k < 0 {
			return negInf
		}
		return c.buyVal(k, &c.dice)
	case "pay-tile":
		col := Color(fr.A)
		if strings.HasPrefix(id, "karma:") {
			_, v := parseDie(id[len("karma:"):])
			c.dice[col][v]--
			c.dice[col][7-v]++
			x := -c.w.Karma - c.diceCost(&c.dice, col, int(fr.N), c.pl.Karma-1)
			c.dice = c.pl.Dice
			return x
		}
		_, v := parseDie(id[len("die:"):])
		c.dice[col][v]--
		x := -c.worth(v) - c.diceCost(&c.dice, col, int(fr.N)-v, c.pl.Karma)
		c.dice = c.pl.Dice
		return x
	case "place-tile":
		cell, r, ok := c.parsePlace(id)
		if !ok {
			return negInf
		}
		t := g.topTile(int(fr.A))
		return c.placeVal(cell, rotMask(g.d.Tiles[t].Roads, r))
	case "mb-old":
		cell, ok := g.d.Province.parseCell(strings.TrimPrefix(id, "old:"))
		if !ok {
			return negInf
		}
		best := float64(negInf)
		for k := range g.Stacks {
			best = math.Max(best, c.builderVal(cell, k, &c.dice, best))
		}
		return best
	case "mb-new":
		if strings.HasPrefix(id, "karma:") {
			col, v := parseDie(id[len("karma:"):])
			c.dice[col][v]--
			c.dice[col][7-v]++
			x := float64(negInf)
			for k := range g.Stacks {
				x = math.Max(x, c.builderVal(int(fr.A), k, &c.dice, x))
			}
			c.dice = c.pl.Dice
			return x - c.w.Karma
		}
		k := c.stackOf(id)
		if k < 0 {
			return negInf
		}
		return c.builderVal(int(fr.A), k, &c.dice, negInf)
	case "mb-place":
		cell, r, ok := c.parsePlace(id)
		if !ok {
			return negInf
		}
		t := g.topTile(int(fr.B))
		return c.rotVal(cell, rotMask(g.d.Tiles[t].Roads, r))
	case "gain-color":
		col, ok := parseColor(strings.TrimPrefix(id, "color:"))
		if !ok {
			return negInf
		}
		// The colour most wanted; then the one the seat has fewest of.
		return c.colorDemand(col) - 0.01*float64(c.dice.OfColor(col)+int(c.pl.Hand[col]))
	case "gain-room":
		if id == "skip" {
			return 0
		}
		_, v := parseDie(id[len("return:"):])
		return c.dieGain(-1) - 0.1 - c.worth(v) - 0.3
	case "reroll":
		if id == "done" {
			return 0
		}
		_, v := parseDie(id[len("reroll:"):])
		x := c.dieGain(-1) - 0.1 - c.worth(v)
		if v == 2 && c.countValue(2) == 1 {
			x -= 0.3 // keep one 2 for the Dancer
		}
		return x
	case "upgrade":
		for b := Building(0); b < NumBuildings; b++ {
			if id == "upgrade:"+b.String() {
				return c.upgradeScore(b)
			}
		}
		return negInf
	case "river-move", "boat-next":
		if id == "skip" {
			return 0
		}
		k, err := strconv.Atoi(strings.TrimPrefix(id, "move:"))
		if err != nil {
			return negInf
		}
		return c.riverVal(k, 0)
	case "palace-choice":
		for r := Dancer; r < NumRooms; r++ {
			if id == "room:"+r.String() {
				return c.roomVal(r, &c.dice, 0)
			}
		}
		return negInf
	case "market-good":
		for gd := Good(0); gd < NumGoods; gd++ {
			if id == "good:"+gd.String() {
				return float64(c.mk[gd].best(int(fr.N)))
			}
		}
		return negInf
	case "ptile":
		if id == "skip" {
			return 0
		}
		k, ok := g.d.prodByID[strings.TrimPrefix(id, "ptile:")]
		if !ok {
			return negInf
		}
		return c.ptileVal(k, 0)
	case "pslot", "setup-brown":
		s := c.siteOf(id)
		if s == nil {
			return negInf
		}
		if fr.Step == "setup-brown" {
			// Cover the weaker printed production.
			return -c.effsVal(s.Effects, 1)
		}
		return c.slotVal(s, int(fr.A), 0)
	}
	return 0
}

func (c *hctx) countValue(v int) int {
	n := 0
	for col := range c.dice {
		n += int(c.dice[col][v])
	}
	return n
}

// upgradeScore ranks the building types for an upgrade: the buildings of
// that type among the visible tiles the seat could buy soon, then the
// lower level.
func (c *hctx) upgradeScore(b Building) float64 {
	g := c.g
	s := 0.0
	for k := range g.Stacks {
		st := &g.Stacks[k]
		if st.N == 0 {
			continue
		}
		t := &g.d.Tiles[st.T[st.N-1]]
		n := 0
		for _, x := range t.Buildings {
			if x == b {
				n++
			}
		}
		if n == 0 {
			continue
		}
		short := max(0, t.Cost-c.dice.Sum(t.Color))
		s += float64(n) / (1 + float64(short)/4)
		// The tile under the top one is hidden: count the pile's kind.
		if st.N > 1 {
			s += 0.1
		}
	}
	return s - 0.05*float64(c.pl.Levels[b])
}

func (c *hctx) stackOf(id string) int {
	g := c.g
	ti, ok := g.d.tileByID[strings.TrimPrefix(id, "tile:")]
	if !ok {
		return -1
	}
	for k := range g.Stacks {
		if s := &g.Stacks[k]; s.N > 0 && int(s.T[s.N-1]) == ti {
			return k
		}
	}
	return -1
}

func (c *hctx) siteOf(id string) *Site {
	sites := c.g.sites(c.p)
	for i := range sites {
		if c.g.slotID(c.p, i) == id {
			return &sites[i]
		}
	}
	return nil
}

func (c *hctx) parsePlace(id string) (cell, rot int, ok bool) { return parsePlace(&c.g.d.Province, id) }

// parsePlace reads "place:rNcM:rotR" without allocating.
func parsePlace(pr *Province, id string) (cell, rot int, ok bool) {
	const pre = "place:r"
	if !strings.HasPrefix(id, pre) {
		return 0, 0, false
	}
	s := id[len(pre):]
	num := func() int {
		n, i := 0, 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			n = n*10 + int(s[i]-'0')
			i++
		}
		if i == 0 {
			return -1
		}
		s = s[i:]
		return n
	}
	r := num()
	if r < 0 || !strings.HasPrefix(s, "c") {
		return 0, 0, false
	}
	s = s[1:]
	k := num()
	if k < 0 || !strings.HasPrefix(s, ":rot") {
		return 0, 0, false
	}
	s = s[4:]
	rot = num()
	if rot < 0 || r >= pr.Rows || k >= pr.Cols {
		return 0, 0, false
	}
	return r*pr.Cols + k, rot, true
}

// ---- the searching player ----

// Search settings of NewMCTSBot.
const (
	mctsRolloutDepth = 40   // decisions played by the heuristic before Evaluate
	mctsKeep         = 6    // options searched per decision: the heuristic's best
	mctsExploration  = 0.25 // UCB1 constant, for Evaluate's rewards (below)
)

// mctsExploration is scaled to Evaluate's rewards, not to wins and losses:
// sibling options of a decision differ by hundredths to a tenth or two of
// win chance, and with bots.DefaultExploration (0.7) the exploration term
// outweighed those differences, so at a few hundred iterations visits
// stayed nearly even among the kept options and the most visited one was
// close to a coin toss among them (docs/rajas.md, "Bots").

// NewMCTSBot returns bots.MCTS configured for Rajas (iterations ≤ 0:
// DefaultMCTSIterations). It searches a quiet copy of the game in which
// every decision offers only the heuristic player's best few options; each
// iteration plays the heuristic for at most a few dozen decisions and
// scores the position reached with Evaluate.
func NewMCTSBot(seed uint64, iterations int) bots.Player {
	return newMCTSBot(seed, iterations, mctsRolloutDepth, mctsKeep, mctsExploration)
}

func newMCTSBot(seed uint64, iterations, depth, keep int, exploration float64) *mctsBot {
	if iterations <= 0 {
		iterations = DefaultMCTSIterations
	}
	m := bots.NewMCTS(seed, iterations)
	m.Rollout = rolloutPlayer{}
	m.RolloutDepth = depth
	m.Exploration = exploration
	m.Evaluate = Evaluate
	return &mctsBot{m: m, h: HeuristicBot{rng: core.NewRNG(seed ^ 0x5bd1e995), w: defaultWeights}, keep: keep}
}

// mctsBot runs the search on a searchGame view of a quiet copy.
type mctsBot struct {
	m    *bots.MCTS
	h    HeuristicBot
	keep int
}

// LastIterations is the number of search iterations of the last Choose (0
// when there was nothing to search): what bounds a move's time.
func (b *mctsBot) LastIterations() int { return b.m.LastIterations() }

func (b *mctsBot) Choose(gm core.Game, d core.Decision) string {
	if len(d.Options) <= 1 {
		if len(d.Options) == 0 {
			return ""
		}
		return d.Options[0].ID
	}
	g, ok := gm.(*Game)
	if !ok {
		return b.m.Choose(gm, d)
	}
	q := g.clone()
	q.Log, q.quiet = nil, true
	return b.m.Choose(&searchGame{g: q, h: &b.h, keep: b.keep}, d)
}

// ChooseAction implements bots.ActionPlayer. The search reads the whole
// decision (one labelled listing per move, nothing beside its iterations)
// and its choice is given back as the option's action.
func (b *mctsBot) ChooseAction(gm core.Compact, legal []core.Action) core.Action {
	if len(legal) <= 1 {
		if len(legal) == 0 {
			return 0
		}
		return legal[0]
	}
	d := gm.Decision()
	id := b.Choose(gm, d)
	for i, o := range d.Options {
		if o.ID == id && i < len(legal) {
			return legal[i]
		}
	}
	return legal[0] // unreachable: Choose returns a listed option
}

// searchGame is the game as the search sees it: each decision lists only
// the heuristic's best options (keep of them), and remembers the best one
// for the rollout player. On the compact door its actions are the places
// of the options in the game's whole list (Legal lists the kept ones), so
// that the rollout can play the best option even when ties leave it out.
type searchGame struct {
	g      *Game
	h      *HeuristicBot
	keep   int
	ok     bool          // the fields below describe the pending decision
	listed bool          // opts alone describes it (as Play left it)
	opts   []core.Option // the game's options, ids only
	kept   []core.Action // the heuristic's best keep of them, in order
	best   core.Action   // the heuristic's choice
	sc     []float64
}

// list lists and scores the pending decision.
func (s *searchGame) list() {
	if s.ok {
		return
	}
	s.ok = true
	if !s.listed {
		clear(s.opts)
		s.opts = s.g.listBare(nil, s.opts[:0])
	}
	s.listed = false
	s.kept, s.best = s.kept[:0], 0
	if len(s.opts) <= 1 {
		s.kept = core.Actions(s.kept, len(s.opts))
		return
	}
	var c hctx
	c.init(s.g, s.g.Decider(), &s.h.w)
	fr := s.g.top()
	s.sc = s.sc[:0]
	bi := 0
	for i, o := range s.opts {
		v := c.score(fr, o.ID)
		s.sc = append(s.sc, v)
		if v > s.sc[bi] {
			bi = i
		}
	}
	s.best = core.Action(bi)
	if len(s.opts) <= s.keep {
		s.kept = core.Actions(s.kept, len(s.opts))
		return
	}
	// The keep best, in the decision's order.
	cut := kthLargest(s.sc, s.keep)
	for i := range s.opts {
		if s.sc[i] >= cut && len(s.kept) < s.keep {
			s.kept = append(s.kept, core.Action(i))
		}
	}
}

func (s *searchGame) Decision() core.Decision {
	d := s.g.Decision()
	s.list()
	if len(s.kept) < len(d.Options) {
		kept := make([]core.Option, len(s.kept))
		for i, a := range s.kept {
			kept[i] = d.Options[a]
		}
		d.Options = kept
	}
	return d
}

// kthLargest is the k-th largest value (k ≥ 1).
func kthLargest(v []float64, k int) float64 {
	var top [16]float64
	n := 0
	for _, x := range v {
		if n < k {
			top[n] = x
			n++
		} else if x > top[n-1] {
			top[n-1] = x
		} else {
			continue
		}
		for i := n - 1; i > 0 && top[i] > top[i-1]; i-- {
			top[i], top[i-1] = top[i-1], top[i]
		}
	}
	return top[n-1]
}

func (s *searchGame) Apply(id string) error {
	s.ok, s.listed = false, false
	return s.g.Apply(id)
}

// Decider implements core.Compact.
// The search plays its view through the compact door (bots.MCTS).
var _ core.Compact = (*searchGame)(nil)

func (s *searchGame) Decider() int { return s.g.Decider() }

// Legal implements core.Compact: the kept options' places.
func (s *searchGame) Legal(buf []core.Action) []core.Action {
	s.list()
	return append(buf[:0], s.kept...)
}

// Play implements core.Compact: any option of the game's list may be
// played, not only the kept ones.
func (s *searchGame) Play(a core.Action) error {
	if !s.ok {
		s.listed = false
		return s.g.Play(a)
	}
	if int(a) >= len(s.opts) {
		return core.IllegalAction(s.Decision(), a)
	}
	s.ok = false
	opts, err := s.g.playList(s.opts[a].ID, s.opts[:0])
	s.opts, s.listed = opts, err == nil
	return err
}

// Spell implements core.Compact.
func (s *searchGame) Spell(a core.Action) (core.Option, bool) { return s.g.Spell(a) }

// ActionID is the id of option a of the game's list.
func (s *searchGame) ActionID(a core.Action) string {
	s.list()
	if int(a) >= len(s.opts) {
		return ""
	}
	return s.opts[a].ID
}

func (s *searchGame) Clone() core.Game {
	return &searchGame{g: s.g.clone(), h: s.h, keep: s.keep}
}

func (s *searchGame) Irreversible() core.Barrier { return s.g.Irreversible() }
func (s *searchGame) Seats() int                 { return s.g.Seats() }
func (s *searchGame) Outcome() []float64         { return s.g.Outcome() }
func (s *searchGame) Determinize(u uint64)       { s.ok, s.listed = false, false; s.g.Determinize(u) }

// rolloutPlayer plays the heuristic's choice, which searchGame has
// already worked out.
type rolloutPlayer struct{}

func (rolloutPlayer) Choose(gm core.Game, d core.Decision) string {
	if s, ok := gm.(*searchGame); ok && s.ok {
		return s.opts[s.best].ID
	}
	return d.Options[0].ID
}

// ChooseAction implements bots.ActionPlayer.
func (rolloutPlayer) ChooseAction(gm core.Compact, legal []core.Action) core.Action {
	if s, ok := gm.(*searchGame); ok && s.ok {
		return s.best
	}
	return legal[0]
}

// Evaluate scores an unfinished position per seat in [0,1] (summing to 1):
// the chance of winning under a conditional-logit model of the seat's
// position features (positionFeatures), fitted to the outcomes of games
// between heuristic players (evalWeights). A finished game gives its
// Outcome.
func Evaluate(gm core.Game) []float64 {
	g, ok := gm.(*Game)
	if s, isSearch := gm.(*searchGame); isSearch {
		g, ok = s.g, true
	}
	if !ok {
		return nil
	}
	if g.Over {
		return g.Outcome()
	}
	wt := &evalWeights[min(max(g.N, 2), 4)-2]
	out := make([]float64, g.N)
	var u [4]float64
	top := math.Inf(-1)
	var x [numFeatures]float64
	for p := 0; p < g.N; p++ {
		g.positionFeatures(p, &defaultWeights, &x)
		for f := range x {
			u[p] += wt[f] * x[f]
		}
		top = math.Max(top, u[p])
	}
	sum := 0.0
	for p := 0; p < g.N; p++ {
		out[p] = math.Exp(u[p] - top)
		sum += out[p]
	}
	for p := range out {
		out[p] /= sum
	}
	return out
}

// evalWeights are Evaluate's weights for 2, 3 and 4 players, by feature,
// fitted by maximum likelihood to positions sampled from 1,000-1,500 games
// between heuristic players (log-loss 0.50 against 0.69 for a coin flip
// with 2 players, 0.76 against 1.10 with 3, 1.00 against 1.39 with 4).
var evalWeights = [3][numFeatures]float64{
	{0.159, 0.283, 0.360, 1.497, -0.290, 0.400, 0.449, 0.106, -0.104, 2.758, 0.250, -0.044, 0.459},
	{0.187, 0.305, 0.541, 1.074, -0.103, 0.554, 0.565, 0.150, -0.072, 1.724, 0.336, -0.076, 0.607},
	{0.192, 0.292, 0.509, 0.843, 0.046, 0.362, 0.452, 0.149, -0.072, 2.815, 0.272, -0.062, 0.491},
}

// Features of a seat's position for Evaluate.
const (
	featGap = iota
	featDice
	featKarma
	featWorkersF
	featWorkers
	featUpgradesF
	featEngine
	featPotential
	featRiverF
	featCrossed
	featLeft
	featMoney
	featToMove
	numFeatures
)

// positionFeatures describes a seat's position.
func (g *Game) positionFeatures(p int, w *heurWeights, out *[numFeatures]float64) {
	var c hctx
	c.init(g, p, w)
	pl := c.pl
	*out = [numFeatures]float64{}
	out[featGap] = float64(g.FameMoneyGap(p))
	for col := range c.dice {
		for x := 1; x <= 6; x++ {
			out[featDice] += float64(c.dice[col][x]) * (w.DieBase + w.DiePip*float64(x))
		}
	}
	for _, h := range pl.Hand {
		out[featDice] += float64(h) * (w.DieBase + w.DiePip*3.5)
	}
	out[featKarma] = float64(pl.Karma)
	out[featWorkers] = float64(pl.Active - g.d.StartWorkers)
	out[featWorkersF] = out[featWorkers] * c.f
	out[featUpgradesF] = float64(g.Upgrades(p)) * c.f
	out[featEngine] = c.engine(&c.mk)
	out[featPotential] = c.potentialNow()
	out[featRiverF] = float64(pl.Boat) * c.f
	if pl.CrossedAt > 0 {
		out[featCrossed] = 1
	}
	if !pl.Out {
		out[featLeft] = float64(max(0, pl.Active-pl.Placed))
	}
	out[featMoney] = math.Min(float64(pl.Money), 8)
	if g.depth > 0 && int(g.top().P) == p {
		out[featToMove] = 1
	}
}
