package gametest

import (
	"slices"
	"strings"
	"testing"

	"durbar/core"
)

// peek is a toy game of hidden cards for testing Barrier: each of two seats
// holds one card only it can see; the rest are a face-down deck. A seat
// may turn the deck's top card face up for both, show its hand to the other
// seat, or pass. leaky forgets to count the reveals.
type peek struct {
	deck   []int
	hand   [2]int
	shown  [2]bool // hand shown to the other seat
	faceUp []int
	turn   int
	steps  int
	rng    core.RNG
	sec    core.Secrets
	leaky  bool
}

func newPeek(seed uint64, leaky bool) *peek {
	g := &peek{rng: core.NewRNG(seed), leaky: leaky}
	g.deck = []int{1, 2, 3, 4, 5, 6, 7, 8}
	g.rng.Shuffle(len(g.deck), func(i, j int) { g.deck[i], g.deck[j] = g.deck[j], g.deck[i] })
	g.hand = [2]int{g.deck[0], g.deck[1]}
	g.deck = g.deck[2:]
	return g
}

func (g *peek) Decision() core.Decision {
	if g.steps >= 12 {
		return core.Decision{Player: -1, Over: true}
	}
	d := core.Decision{Player: g.turn, Prompt: "peek", Options: []core.Option{{ID: "pass"}, {ID: "show"}}}
	if len(g.deck) > 0 {
		d.Options = append(d.Options, core.Option{ID: "turn"})
	}
	return d
}

func (g *peek) Apply(id string) error {
	d := g.Decision()
	if _, ok := d.Find(id); !ok {
		return core.Illegal(d, id)
	}
	switch id {
	case "turn":
		g.faceUp = append(g.faceUp, g.deck[0])
		g.deck = g.deck[1:]
		g.reveal("a card was revealed")
	case "show":
		if !g.shown[g.turn] {
			g.shown[g.turn] = true
			g.reveal("a hand was shown")
		}
	}
	g.turn, g.steps = 1-g.turn, g.steps+1
	return nil
}

func (g *peek) reveal(what string) {
	if !g.leaky {
		g.sec.Reveal(what, g.rng.Draws)
	}
}

func (g *peek) Clone() core.Game {
	c := *g
	c.deck, c.faceUp = slices.Clone(g.deck), slices.Clone(g.faceUp)
	return &c
}

func (g *peek) Irreversible() core.Barrier { return g.sec.Barrier(g.rng.Draws, "cards were shuffled") }
func (g *peek) Seats() int                 { return 2 }
func (g *peek) Outcome() []float64         { return []float64{0.5, 0.5} }

type peekView struct {
	FaceUp        []int
	Hand, Other   int // Other is 0 unless shown
	Deck, Turn, N int
}

func (g *peek) Observation(seat int) any {
	v := peekView{FaceUp: slices.Clone(g.faceUp), Hand: g.hand[seat], Deck: len(g.deck), Turn: g.turn, N: g.steps}
	if g.shown[1-seat] {
		v.Other = g.hand[1-seat]
	}
	return v
}

// resample swaps what seat cannot see: the deck's order and, unless shown,
// the other seat's card.
func (g *peek) resample(seat int, seed uint64) {
	r := core.NewRNG(seed)
	hidden := slices.Clone(g.deck)
	if !g.shown[1-seat] {
		hidden = append(hidden, g.hand[1-seat])
	}
	r.Shuffle(len(hidden), func(i, j int) { hidden[i], hidden[j] = hidden[j], hidden[i] })
	if !g.shown[1-seat] {
		g.hand[1-seat] = hidden[len(hidden)-1]
		hidden = hidden[:len(hidden)-1]
	}
	g.deck = hidden
	r.Draws = g.rng.Draws
	g.rng = r
}

func peekCheck(leaky bool) Barrier {
	return Barrier{
		New:      func(seed uint64) (core.Game, error) { return newPeek(seed, leaky), nil },
		Resample: func(g core.Game, seat int, seed uint64) { g.(*peek).resample(seat, seed) },
		Games:    30, Steps: 20,
	}
}

func TestBarrierPassesAnHonestGame(t *testing.T) {
	if err := peekCheck(false).Run(); err != nil {
		t.Fatal(err)
	}
}

// A game that reveals a card or a hand without moving its barrier is caught.
func TestBarrierCatchesALeak(t *testing.T) {
	err := peekCheck(true).Run()
	if err == nil || !strings.Contains(err.Error(), "undo barrier did not move") {
		t.Fatalf("the leak was not caught: %v", err)
	}
	t.Log(err)
}

// A resample that changes what the deciding seat sees is a broken test
// set-up, and is said so.
func TestBarrierRefusesABadResample(t *testing.T) {
	b := peekCheck(false)
	b.Resample = func(g core.Game, seat int, seed uint64) { p := g.(*peek); p.hand[0], p.hand[1] = p.hand[1], p.hand[0] }
	if err := b.Run(); err == nil || !strings.Contains(err.Error(), "resampling changed") {
		t.Fatalf("got %v", err)
	}
}

func TestSecretsBarrierNamesTheLatestEvent(t *testing.T) {
	var s core.Secrets
	if b := s.Barrier(0, "dice were rolled"); b.N != 0 || b.What != "" {
		t.Fatalf("fresh: %+v", b)
	}
	if b := s.Barrier(2, "dice were rolled"); b.N != 2 || b.What != "dice were rolled" {
		t.Fatalf("draws: %+v", b)
	}
	s.Reveal("a card was revealed", 2)
	if b := s.Barrier(2, "dice were rolled"); b.N != 3 || b.What != "a card was revealed" {
		t.Fatalf("reveal: %+v", b)
	}
	if b := s.Barrier(3, "dice were rolled"); b.N != 4 || b.What != "dice were rolled" {
		t.Fatalf("roll after reveal: %+v", b)
	}
}
