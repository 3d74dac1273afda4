package rajas

import (
	"fmt"
	"slices"

	"durbar/core"
)

// Validate checks a set-up; each error names the field.
func (s Setup) Validate() error {
	if s.Players < 2 || s.Players > 4 {
		return fmt.Errorf("players: must be 2, 3 or 4 (%q), not %d", RuleSetup, s.Players)
	}
	if s.Ganga && !s.Navaratnas {
		return fmt.Errorf("ganga: the Ganga module hands out production tiles and needs the Navaratnas variant (%q)", RuleGanga)
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

// New starts a game. Seat 0 holds the start-player elephant (the player who
// rolled lowest, "Preparación"); turns go clockwise by seat number.
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
	for i := range g.Occ {
		g.Occ[i] = -1
	}
	for _, i := range g.side.Covers[setup.Players] {
		g.Occ[i] = -2
	}
	for c := range g.Pool {
		g.Pool[c] = int8(d.DicePerColor)
	}
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
	for i := range g.RiverT {
		g.RiverT[i] = -1
	}
	for p := 0; p < g.N; p++ {
		pl := &g.P[p]
		pl.Navaratnas = setup.Navaratnas || contains(setup.Experts, p)
		pl.Money = d.StartMoney[(p-g.Start+g.N)%g.N]
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
		// One die of each colour, rolled onto the statue.
		for c := Color(0); c < NumColors; c++ {
			g.Pool[c]--
			pl.Dice[c][g.rng.Die()]++
		}
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
	// River tiles: a die counts the spaces from the start, then from the
	// last tile placed, until the tiles run out or the river ends; the final
	// space is never covered ("Losetas de río").
	if setup.RiverTiles {
		order := make([]int, len(d.RiverTiles))
		for i := range order {
			order[i] = i
		}
		g.rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		pos, end := 0, len(d.River)-1
		for _, t := range order {
			pos += g.rng.Die()
			if pos >= end {
				break
			}
			g.RiverT[pos] = int8(t)
		}
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
		g.logf("Set-up: %d players%s; seat 1 holds the elephant.", g.N, g.variantText())
	}
	g.advance()
	return g, nil
}

func (g *Game) variantText() string {
	s := ""
	if g.setup.Navaratnas {
		s += ", Navaratnas"
	}
	if g.setup.Ganga {
		s += ", Ganga module"
	}
	if len(g.setup.Experts) > 0 {
		s += fmt.Sprintf(", mixed group (experts %v)", g.setup.Experts)
	}
	if g.setup.RiverTiles {
		s += ", river tiles"
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
