package bots

import (
	"fmt"
	"strconv"

	"durbar/core"
)

// Toy games for the searching bots' tests. Each implements core.Game,
// core.Scorer and core.Determinizer, and draws all its chance from a core.RNG
// kept in the state, as real rulesets do.

// pig is the dice game Pig for two players: on your turn you roll a die as
// often as you like, adding it to a turn total, and may hold to bank the
// total; a 1 loses the turn total and ends the turn. The first to reach
// target wins (a roll that reaches it banks at once).
type pig struct {
	target int
	score  [2]int
	turn   int // seat to play
	total  int // points rolled this turn, not yet banked
	winner int // -1 while the game goes on
	rng    core.RNG
}

func newPig(seed uint64, target int) *pig {
	return &pig{target: target, winner: -1, rng: core.NewRNG(seed)}
}

var (
	optRoll = core.Option{ID: "roll", Label: "Roll the die"}
	optHold = core.Option{ID: "hold", Label: "Hold: bank the turn total"}
)

func (g *pig) Decision() core.Decision {
	if g.winner >= 0 {
		return core.Decision{Player: -1, Over: true, Prompt: "game over"}
	}
	d := core.Decision{Player: g.turn, Role: strconv.Itoa(g.turn), Prompt: "roll or hold?", Rule: "pig"}
	if g.total > 0 {
		d.Options = []core.Option{optRoll, optHold}
	} else {
		d.Options = []core.Option{optRoll}
	}
	return d
}

func (g *pig) Apply(id string) error {
	d := g.Decision()
	if _, ok := d.Find(id); !ok {
		return core.Illegal(d, id)
	}
	switch id {
	case "roll":
		if r := g.rng.Die(); r == 1 {
			g.total, g.turn = 0, 1-g.turn
		} else if g.total += r; g.score[g.turn]+g.total >= g.target {
			g.score[g.turn] += g.total
			g.total, g.winner = 0, g.turn
		}
	case "hold":
		g.score[g.turn] += g.total
		g.total, g.turn = 0, 1-g.turn
	}
	return nil
}

func (g *pig) Clone() core.Game           { c := *g; return &c }
func (g *pig) Irreversible() core.Barrier { return core.Barrier{N: g.rng.Draws} }
func (g *pig) Seats() int                 { return 2 }
func (g *pig) Determinize(s uint64)       { g.rng = reseed(g.rng, s) }
func (g *pig) Outcome() []float64         { return winnerOutcome(2, g.winner) }
func (g *pig) String() string             { return fmt.Sprintf("%v turn=%d total=%d", g.score, g.turn, g.total) }

// reseed gives a determinized copy of r: a new stream, the same draw count.
func reseed(r core.RNG, s uint64) core.RNG {
	n := core.NewRNG(s)
	n.Draws = r.Draws // the count of draws made so far is public history
	return n
}

func winnerOutcome(seats, winner int) []float64 {
	out := make([]float64, seats)
	if winner >= 0 {
		out[winner] = 1
	} else {
		for i := range out {
			out[i] = 1 / float64(seats)
		}
	}
	return out
}

// holdAt20 is the classic Pig heuristic: roll until the turn total reaches 20
// (or the game is won), then hold.
type holdAt20 struct{ calls int }

func (h *holdAt20) Choose(g core.Game, d core.Decision) string {
	h.calls++
	p := g.(*pig)
	if _, ok := d.Find("hold"); ok && p.total >= 20 {
		return "hold"
	}
	return "roll"
}

// pigEval scores an unfinished Pig game by banked plus turn points.
func pigEval(g core.Game) []float64 {
	p := g.(*pig)
	if p.winner >= 0 {
		return p.Outcome()
	}
	a, b := float64(p.score[0]), float64(p.score[1])
	if p.turn == 0 {
		a += float64(p.total)
	} else {
		b += float64(p.total)
	}
	x := 0.5 + (a-b)/float64(2*p.target)
	return []float64{x, 1 - x}
}

// nim is Nim with chance for any number of seats: players in turn take 1 to
// 3 stones from a heap, or gamble and take a die roll's worth (at most the
// heap). Whoever takes the last stone wins. Its option list changes with the
// heap, and its chance comes from the state's RNG.
type nim struct {
	seats, heap, turn int
	winner            int
	rng               core.RNG
}

func newNim(seed uint64, seats, heap int) *nim {
	return &nim{seats: seats, heap: heap, winner: -1, rng: core.NewRNG(seed)}
}

func (g *nim) Decision() core.Decision {
	if g.winner >= 0 {
		return core.Decision{Player: -1, Over: true}
	}
	d := core.Decision{Player: g.turn, Prompt: "take how many?", Rule: "nim"}
	for k := 1; k <= 3 && k <= g.heap; k++ {
		d.Options = append(d.Options, core.Option{ID: "take-" + strconv.Itoa(k)})
	}
	d.Options = append(d.Options, core.Option{ID: "gamble"})
	return d
}

func (g *nim) Apply(id string) error {
	d := g.Decision()
	if _, ok := d.Find(id); !ok {
		return core.Illegal(d, id)
	}
	k := 0
	if id == "gamble" {
		k = min(g.rng.Die(), g.heap)
	} else {
		k, _ = strconv.Atoi(id[len("take-"):])
	}
	g.heap -= k
	if g.heap == 0 {
		g.winner = g.turn
	}
	g.turn = (g.turn + 1) % g.seats
	return nil
}

func (g *nim) Clone() core.Game           { c := *g; return &c }
func (g *nim) Irreversible() core.Barrier { return core.Barrier{N: g.rng.Draws} }
func (g *nim) Seats() int                 { return g.seats }
func (g *nim) Determinize(s uint64)       { g.rng = reseed(g.rng, s) }
func (g *nim) Outcome() []float64         { return winnerOutcome(g.seats, g.winner) }

// bet is a one-decision game that punishes reading the real dice: seat 0
// either passes (a draw) or bets that the next die is a 6 (a win if so, a
// loss otherwise). Passing is right, unless one knows the die.
type bet struct {
	winner, over int // over: 0 pending, 1 finished
	rng          core.RNG
}

func (g *bet) Decision() core.Decision {
	if g.over != 0 {
		return core.Decision{Player: -1, Over: true}
	}
	return core.Decision{Player: 0, Prompt: "bet on a 6?", Options: []core.Option{{ID: "bet"}, {ID: "pass"}}}
}

func (g *bet) Apply(id string) error {
	d := g.Decision()
	if _, ok := d.Find(id); !ok {
		return core.Illegal(d, id)
	}
	g.over, g.winner = 1, -1
	if id == "bet" {
		g.winner = 1
		if g.rng.Die() == 6 {
			g.winner = 0
		}
	}
	return nil
}

func (g *bet) Clone() core.Game           { c := *g; return &c }
func (g *bet) Irreversible() core.Barrier { return core.Barrier{N: g.rng.Draws} }
func (g *bet) Seats() int                 { return 2 }
func (g *bet) Determinize(s uint64)       { g.rng = reseed(g.rng, s) }
func (g *bet) Outcome() []float64         { return winnerOutcome(2, g.winner) }

// opaque hides every optional interface but Scorer, so a search on it reads
// the cloned RNG as it stands: the "cheating" control for Determinize tests.
type opaque struct{ g core.Game }

func (o opaque) Decision() core.Decision    { return o.g.Decision() }
func (o opaque) Apply(id string) error      { return o.g.Apply(id) }
func (o opaque) Clone() core.Game           { return opaque{o.g.Clone()} }
func (o opaque) Irreversible() core.Barrier { return o.g.Irreversible() }
func (o opaque) Seats() int                 { return o.g.(core.Scorer).Seats() }
func (o opaque) Outcome() []float64         { return o.g.(core.Scorer).Outcome() }

// bare implements core.Game only: no Scorer, no Determinizer.
type bare struct{ g core.Game }

func (b bare) Decision() core.Decision    { return b.g.Decision() }
func (b bare) Apply(id string) error      { return b.g.Apply(id) }
func (b bare) Clone() core.Game           { return bare{b.g.Clone()} }
func (b bare) Irreversible() core.Barrier { return b.g.Irreversible() }

// spy records the Determinize calls made on its clones.
type spy struct {
	*pig
	seeds *[]uint64
}

func (s spy) Clone() core.Game { return spy{s.pig.Clone().(*pig), s.seeds} }
func (s spy) Determinize(seed uint64) {
	*s.seeds = append(*s.seeds, seed)
	s.pig.Determinize(seed)
}
