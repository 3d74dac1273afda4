// Package gametest holds property checks that every game in Durbar must
// pass, written once against the core interfaces and run from each game's
// own tests.
package gametest

import (
	"fmt"
	"math/rand/v2"
	"reflect"

	"durbar/core"
)

// Barrier checks that a game's undo barrier (core.Game.Irreversible) moves
// whenever a step shows some seat something it could not see before.
//
// Over many seeds of random play, at each step it builds copies of the game
// that agree on everything the deciding seat may see but differ in what is
// hidden (Resample: the hidden stacks reshuffled, the future reseeded), and
// plays the same move on the game and on each copy. A seat whose view was
// the same in a copy before the step and differs after it has been shown
// something hidden: the barrier must have moved, or an undo could take the
// step back and leave the secret seen.
type Barrier struct {
	// New builds a fresh game from a seed.
	New func(seed uint64) (core.Game, error)
	// Seats is the number of seats; 0 asks the game (core.Scorer).
	Seats int
	// Observe is what seat may see; nil uses the game's core.Observer. A
	// front end's per-seat view (a server's board) may stand here, to prove
	// that it shows nothing the game keeps hidden.
	Observe func(g core.Game, seat int) any
	// Resample changes, in place, what the deciding seat cannot see; nil
	// uses the game's core.Determinizer.
	Resample func(g core.Game, seat int, seed uint64)
	// Move plays one step on g, choosing by pick (the same number for the
	// game and its copies); nil applies option pick modulo their count.
	Move func(g core.Game, d core.Decision, pick int) error
	// Games is how many seeds to play (from 1), Steps the most steps of
	// each, Copies the resampled copies made at each step (default 2).
	Games, Steps, Copies int
}

// Run plays the games and returns the first violation found, nil if none.
func (b Barrier) Run() error {
	copies := b.Copies
	if copies <= 0 {
		copies = 2
	}
	for seed := uint64(1); seed <= uint64(b.Games); seed++ {
		if err := b.game(seed, copies); err != nil {
			return fmt.Errorf("seed %d: %w", seed, err)
		}
	}
	return nil
}

func (b Barrier) game(seed uint64, copies int) error {
	g, err := b.New(seed)
	if err != nil {
		return err
	}
	seats := b.Seats
	if seats == 0 {
		sc, ok := g.(core.Scorer)
		if !ok {
			return fmt.Errorf("Barrier.Seats is 0 and the game does not say its seats (core.Scorer)")
		}
		seats = sc.Seats()
	}
	r := rand.New(rand.NewPCG(seed, 0xba441e4))
	cs := make([]core.Game, copies)
	same := make([][]bool, copies)
	for k := range same {
		same[k] = make([]bool, seats)
	}
	before := make([]any, seats)
	for step := 1; step <= b.Steps; step++ {
		d := g.Decision()
		if d.Over {
			return nil
		}
		pick := r.IntN(1 << 30)
		for s := range seats {
			before[s] = b.observe(g, s)
		}
		for k := range cs {
			c := g.Clone()
			b.resample(c, d.Player, seed<<20^uint64(step)<<4^uint64(k))
			if cd := c.Decision(); !reflect.DeepEqual(cd, d) {
				return fmt.Errorf("step %d: the resampled copy asks another question: %s", step, firstDiff(d, cd))
			}
			for s := range seats {
				same[k][s] = reflect.DeepEqual(before[s], b.observe(c, s))
			}
			if d.Player >= 0 && d.Player < seats && !same[k][d.Player] {
				return fmt.Errorf("step %d: resampling changed what the deciding seat %d sees: %s", step, d.Player, firstDiff(before[d.Player], b.observe(c, d.Player)))
			}
			cs[k] = c
		}
		bar := g.Irreversible()
		if err := b.move(g, d, pick); err != nil {
			return fmt.Errorf("step %d: %w", step, err)
		}
		moved := g.Irreversible().N != bar.N
		for k, c := range cs {
			cbar := c.Irreversible()
			if err := b.move(c, c.Decision(), pick); err != nil {
				return fmt.Errorf("step %d: the move played on the game fails on a copy the deciding seat cannot tell from it: %w", step, err)
			}
			cmoved := c.Irreversible().N != cbar.N
			for s := range seats {
				if !same[k][s] || moved && cmoved {
					continue
				}
				if og, oc := b.observe(g, s), b.observe(c, s); !reflect.DeepEqual(og, oc) {
					return fmt.Errorf("step %d (%s): seat %d was shown something hidden, but the undo barrier did not move (game %v, copy %v): %s",
						step, lastMove(g, d, pick), s, moved, cmoved, firstDiff(og, oc))
				}
			}
		}
	}
	return nil
}

func (b Barrier) observe(g core.Game, seat int) any {
	if b.Observe != nil {
		return b.Observe(g, seat)
	}
	o, ok := g.(core.Observer)
	if !ok {
		panic(fmt.Sprintf("gametest: %T has no Observation and Barrier.Observe is nil", g))
	}
	return o.Observation(seat)
}

func (b Barrier) resample(g core.Game, seat int, seed uint64) {
	if b.Resample != nil {
		b.Resample(g, seat, seed)
		return
	}
	dz, ok := g.(core.Determinizer)
	if !ok {
		panic(fmt.Sprintf("gametest: %T has no Determinize and Barrier.Resample is nil", g))
	}
	dz.Determinize(seed)
}

func (b Barrier) move(g core.Game, d core.Decision, pick int) error {
	if b.Move != nil {
		return b.Move(g, d, pick)
	}
	return ApplyPick(g, d, pick)
}

// ApplyPick applies option pick modulo the number of options of d.
func ApplyPick(g core.Game, d core.Decision, pick int) error {
	if len(d.Options) == 0 {
		return fmt.Errorf("decision %q lists no option", d.Prompt)
	}
	return g.Apply(d.Options[pick%len(d.Options)].ID)
}

func lastMove(g core.Game, d core.Decision, pick int) string {
	if len(d.Options) == 0 {
		return d.Prompt
	}
	return fmt.Sprintf("%q: %s", d.Prompt, d.Options[pick%len(d.Options)].ID)
}

// firstDiff shows where two values' printed forms first differ.
func firstDiff(a, b any) string {
	sa, sb := fmt.Sprintf("%+v", a), fmt.Sprintf("%+v", b)
	i := 0
	for i < len(sa) && i < len(sb) && sa[i] == sb[i] {
		i++
	}
	lo := max(0, i-80)
	cut := func(s string) string {
		hi := min(len(s), i+120)
		if lo >= hi {
			return "…"
		}
		return "…" + s[lo:hi] + "…"
	}
	return fmt.Sprintf("\n  real: %s\n  copy: %s", cut(sa), cut(sb))
}
