package gametest

import (
	"fmt"

	"durbar/core"
)

// PlayRandom plays g to its end through the compact door, each action
// drawn uniformly from a source seeded with seed (the draws of
// bots.NewRandom(seed)), and returns the number of decisions. A refused
// action, or no end within limit decisions, is an error.
func PlayRandom(g core.Compact, seed uint64, limit int) (int, error) {
	pick := core.NewRNG(seed)
	buf := make([]core.Action, 0, 256)
	for n := 0; ; n++ {
		if buf = g.Legal(buf); len(buf) == 0 {
			return n, nil
		}
		if n >= limit {
			return n, fmt.Errorf("no end after %d decisions (stall?)", limit)
		}
		a := buf[pick.IntN(len(buf))]
		if err := g.Play(a); err != nil {
			return n, fmt.Errorf("decision %d: legal action %d refused: %w", n+1, a, err)
		}
	}
}

// PlayEither plays option c (modulo their number) of the pending decision
// through either door: odd c through the compact door, even c by id, so a
// fuzzer drives both on the same game. It returns the option played.
func PlayEither(g core.Compact, c byte) (core.Option, error) {
	d := g.Decision()
	if len(d.Options) == 0 {
		return core.Option{}, fmt.Errorf("no option to play (%q)", d.Prompt)
	}
	o := d.Options[int(c)%len(d.Options)]
	if c%2 == 0 {
		return o, g.Apply(o.ID)
	}
	legal := g.Legal(nil)
	if len(legal) != len(d.Options) {
		return o, fmt.Errorf("%d legal actions, %d options", len(legal), len(d.Options))
	}
	return o, g.Play(legal[int(c)%len(legal)])
}
