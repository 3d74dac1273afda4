package rajas

import (
	"fmt"
	"slices"
	"strings"

	"durbar/core"
)

// Validate checks a set-up; each error names the field.
func (s Setup) Validate() error {
	if s.Players < 2 || s.Players > 4 {
		return fmt.Errorf("players: must be 2, 3 or 4 (%q), not %d", RuleSetup, s.Players)
	}
	if s.Legacy != nil {
		if s.Legacy.SecondTile && !s.Navaratnas {
			return fmt.Errorf("ganga: in a set-up without \"rules\", the second production tile for lacking workers needs the Navaratnas version (%q)", RuleNavaratnas)
		}
		switch {
		case s.FirstPlayer != 0:
			return fmt.Errorf("firstPlayer: needs \"rules\": %d", RulesReading)
		case s.Position != nil:
			return fmt.Errorf("position: needs \"rules\": %d", RulesReading)
		}
	}
	if s.FirstPlayer < 0 || s.FirstPlayer > s.Players {
		return fmt.Errorf("firstPlayer: seat %d outside 1-%d, or 0 to roll for it (%q)", s.FirstPlayer, s.Players, RuleSetup)
	}
	if s.Position != nil && s.FirstPlayer != 0 {
		return fmt.Errorf("firstPlayer: a position names its own start player (position.start)")
	}
	if len(s.Experts) > 0 {
		if s.Navaratnas {
			return fmt.Errorf("experts: mixed groups (experts) and the full Navaratnas variant exclude each other (%q)", RuleMixed)
		}
		if len(s.Experts) > s.Players {
			return fmt.Errorf("experts: %d seats listed; the game has %d (%q)", len(s.Experts), s.Players, RuleMixed)
		}
		seen := map[int]bool{}
		for _, p := range s.Experts {
			switch {
			case p < 0 || p >= s.Players:
				return fmt.Errorf("experts: seat %d outside 0-%d (%q)", p, s.Players-1, RuleMixed)
			case seen[p]:
				return fmt.Errorf("experts: seat %d listed twice (%q)", p, RuleMixed)
			}
			seen[p] = true
		}
	}
	return nil
}

// New starts a game, from the set-up or (setup.Position) from a position.
// The players roll their starting dice and the lowest total takes the
// start-player elephant ("Set-up"), unless the creator gives it
// (FirstPlayer); turns go clockwise by seat number.
func New(d *Data, setup Setup, seed uint64) (*Game, error) {
	if d == nil {
		return nil, fmt.Errorf("no data")
	}
	if err := setup.Validate(); err != nil {
		return nil, err
	}
	g := &Game{d: d, setup: setup, rng: core.NewRNG(seed), N: setup.Players, Mogul: -1, Winner: -1}
	g.setup.Experts = slices.Clone(setup.Experts)
	for _, s := range d.Sides {
		if contains(s.Players, setup.Players) {
			g.side = s
		}
	}
	if g.side == nil {
		return nil, fmt.Errorf("the data has no board side for %d players", setup.Players)
	}
	if setup.Position != nil {
		if err := g.fromPosition(setup.Position); err != nil {
			return nil, err
		}
		return g, nil
	}
	g.clearBoard()
	// Twelve piles by colour and back, each shuffled, face up.
	for i := range d.Tiles {
		t := &d.Tiles[i]
		s := &g.Stacks[int(t.Color)*NumBacks+int(t.Back)]
		s.T[s.N] = int8(i)
		s.N++
	}
	for k := range g.Stacks {
		s := &g.Stacks[k]
		h := s.T[:s.N]
		g.rng.Shuffle(len(h), func(i, j int) { h[i], h[j] = h[j], h[i] })
	}
	for p := 0; p < g.N; p++ {
		pl := &g.P[p]
		g.initPlayer(p)
		// One die of each colour, rolled onto the statue.
		for c := Color(0); c < NumColors; c++ {
			g.Pool[c]--
			pl.Dice[c][g.rng.Die()]++
		}
	}
	lowest, tied := g.chooseStart()
	for p := 0; p < g.N; p++ {
		g.P[p].Money = d.StartMoney[(p-g.Start+g.N)%g.N]
	}
	// Production tiles.
	var brown []int8
	for i, t := range d.Prod {
		switch {
		case g.prodTilesInPlay() && t.Color == Brown:
			for k := 0; k < t.Count; k++ {
				brown = append(brown, int8(i))
			}
		case g.prodTilesInPlay():
			g.Supply[i] = int8(t.Count)
		case t.Color == White:
			for k := 0; k < t.Count; k++ {
				g.White.T[g.White.N] = int8(i)
				g.White.N++
			}
		default:
			g.Box[i] = int8(t.Count)
		}
	}
	w := g.White.T[:g.White.N]
	g.rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	g.rng.Shuffle(len(brown), func(i, j int) { brown[i], brown[j] = brown[j], brown[i] })
	// The Ganga module's river tiles: a die counts the spaces from the
	// start, then from the last tile placed, until the tiles run out or the
	// river ends; the final space is never covered ("El módulo Ganga").
	if setup.Ganga {
		g.layRiverTiles()
	}
	g.push(frame{Step: "round"})
	if g.prodTilesInPlay() {
		// Each player draws a brown tile and puts it on one of the two brown
		// slots of the province board ("Navaratnas"), starting with the
		// start player; the rest are set out face up.
		for k := g.N - 1; k >= 0; k-- {
			p := (g.Start + k) % g.N
			g.push(frame{Step: "setup-brown", P: int8(p), A: int16(brown[k])})
		}
		for _, b := range brown[g.N:] {
			g.Supply[b]++
		}
	}
	if !g.quiet {
		g.logSetup(lowest, tied)
	}
	g.advance()
	return g, nil
}

// clearBoard empties the board as at set-up: no worker on an action space,
// the spaces the player count covers covered, no river tile, every die in
// the supply.
func (g *Game) clearBoard() {
	for i := range g.Occ {
		g.Occ[i] = -1
	}
	for _, i := range g.side.Covers[g.N] {
		g.Occ[i] = -2
	}
	for i := range g.RiverT {
		g.RiverT[i] = -1
	}
	for c := range g.Pool {
		g.Pool[c] = int8(g.d.DicePerColor)
	}
}

// initPlayer gives a seat its board and pieces as at set-up (money apart).
func (g *Game) initPlayer(p int) {
	d, pl := g.d, &g.P[p]
	pl.Navaratnas = g.setup.Navaratnas || contains(g.setup.Experts, p)
	pl.Karma = d.StartKarma
	pl.Active = d.StartWorkers
	for b := range pl.Levels {
		pl.Levels[b] = int8(d.LevelStart)
	}
	for c := range pl.Cells {
		pl.Cells[c].Tile = -1
	}
	for s := range pl.Sites {
		pl.Sites[s].Prod = -1
	}
}

// chooseStart gives the elephant ("Set-up"): to the seat whose starting
// dice total lowest, a tie decided by lot (the rulebook's tie-break, who
// last ate Indian food, is not the engine's to know); to the creator's
// choice (FirstPlayer); to seat 0 by the first reading (Legacy). It
// reports the lowest total and whether it was a tie.
func (g *Game) chooseStart() (lowest int, tied bool) {
	switch {
	case g.setup.Legacy != nil:
		g.Start = 0
		return 0, false
	case g.setup.FirstPlayer > 0:
		g.Start = g.setup.FirstPlayer - 1
		return 0, false
	}
	var low []int
	lowest = 1 << 30
	for p := 0; p < g.N; p++ {
		t := g.startTotal(p)
		switch {
		case t < lowest:
			lowest, low = t, []int{p}
		case t == lowest:
			low = append(low, p)
		}
	}
	g.Start = low[0]
	if len(low) > 1 {
		g.Start = low[g.rng.IntN(len(low))]
	}
	return lowest, len(low) > 1
}

// startTotal is the total of a seat's dice (at set-up, its starting roll).
func (g *Game) startTotal(p int) int {
	t := 0
	for c := Color(0); c < NumColors; c++ {
		t += g.P[p].Dice.Sum(c)
	}
	return t
}

// logSetup writes the set-up lines, saying how the elephant was given.
func (g *Game) logSetup(lowest int, tied bool) {
	if g.setup.Legacy != nil {
		g.logf("Set-up: %d players%s; seat 1 holds the elephant.", g.N, g.variantText())
		return
	}
	g.logf("Set-up: %d players%s.", g.N, g.variantText())
	switch {
	case g.setup.FirstPlayer > 0:
		g.logf("The creator of the game gives the elephant to %s.", SeatName(g.Start))
	default:
		for p := 0; p < g.N; p++ {
			g.logf("%s's starting dice total %d.", SeatName(p), g.startTotal(p))
		}
		if tied {
			g.logf("%s wins the tie at %d by lot and takes the elephant.", SeatName(g.Start), lowest)
		} else {
			g.logf("%s rolled lowest and takes the elephant.", SeatName(g.Start))
		}
	}
}

func (g *Game) variantText() string {
	s := ""
	if g.setup.Navaratnas {
		s += ", Navaratnas"
	}
	if g.setup.Legacy != nil {
		// The first reading's names, as its logs showed them.
		if g.setup.Legacy.SecondTile {
			s += ", Ganga module"
		}
		if len(g.setup.Experts) > 0 {
			s += fmt.Sprintf(", mixed group (experts %v)", g.setup.Experts)
		}
		if g.setup.Ganga {
			s += ", river tiles"
		}
		return s
	}
	if g.setup.Ganga {
		s += ", Ganga module (river tiles)"
	}
	if len(g.setup.Experts) > 0 {
		seats := make([]string, len(g.setup.Experts))
		for i, p := range g.setup.Experts {
			seats[i] = fmt.Sprint(p + 1)
		}
		list := strings.Join(seats, ", ")
		if len(seats) == 1 {
			s += fmt.Sprintf(", mixed group (expert seat %s)", list)
		} else {
			s += fmt.Sprintf(", mixed group (expert seats %s)", list)
		}
	}
	return s
}

func init() {
	register("setup-brown", stepDef{
		rule: RuleNavaratnas,
		prompt: func(g *Game, fr *frame) string {
			return fmt.Sprintf("Place %s on a brown slot of your province", prodName(&g.d.Prod[fr.A]))
		},
		options: func(g *Game, fr *frame, o []core.Option) []core.Option {
			for i, s := range g.sites(int(fr.P)) {
				if s.Slot == Brown && g.P[fr.P].Sites[s.Index].Prod < 0 {
					o = append(o, g.opt(g.slotID(int(fr.P), i), RuleNavaratnas, func() string {
						return "Brown slot on " + siteName(&g.d.Province, &s) + ", covering " + EffectsText(s.Effects)
					}))
				}
			}
			return o
		},
		apply: func(g *Game, fr *frame, id string) error {
			s := g.siteByOption(int(fr.P), id)
			g.P[fr.P].Sites[s].Prod = int8(fr.A)
			if !g.quiet {
				g.logf("%s puts %s on %s.", SeatName(int(fr.P)), prodName(&g.d.Prod[fr.A]), siteName(&g.d.Province, &g.sites(int(fr.P))[s]))
			}
			g.pop()
			return nil
		},
	})
}
