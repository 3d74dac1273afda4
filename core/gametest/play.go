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

// Checked is a game on both doors that checks its own invariants, as the
// action fuzzers drive it.
type Checked interface {
	core.Compact
	CheckInvariants() error
}

// FuzzAction is one step of an action fuzzer, byte c (the k-th) of its
// input. 0xff tries the malformed id malformed and 0xfe an action beyond
// the legal ones: each must be refused and leave the state as it was
// (unchanged, called before the attempt, returns the check of that). Any
// other byte plays an option through either door (PlayEither), after which
// the invariants must hold.
func FuzzAction(g Checked, c byte, k int, malformed string, unchanged func() func() bool) error {
	if c == 0xff || c == 0xfe {
		same := unchanged()
		var err error
		if c == 0xff {
			if err = g.Apply(malformed); err == nil {
				return fmt.Errorf("a malformed id was accepted")
			}
		} else if err = g.Play(core.Action(len(g.Legal(nil)) + k)); err == nil {
			return fmt.Errorf("an action beyond the legal ones was accepted")
		}
		if !same() {
			return fmt.Errorf("a refused action changed the state")
		}
		return nil
	}
	// Both doors must accept every legal choice.
	o, err := PlayEither(g, c)
	if err != nil {
		return fmt.Errorf("legal option %q refused: %v", o.ID, err)
	}
	if err := g.CheckInvariants(); err != nil {
		return fmt.Errorf("after %q: %v", o.ID, err)
	}
	return nil
}

// SameDecision checks that b lists as many actions as a's Decision lists
// options, for the same seat: the two doors of one game in one state.
func SameDecision(a core.Game, b core.Compact) error {
	d := a.Decision()
	if n := len(b.Legal(nil)); n != len(d.Options) || b.Decider() != d.Player {
		return fmt.Errorf("%d actions for seat %d, Decision lists %d for seat %d", n, b.Decider(), len(d.Options), d.Player)
	}
	return nil
}

// SameStep plays one decision on a by id and on b by action, each drawn
// from its own source (equal sources draw equal choices), after
// SameDecision. With spell it also checks that b spells the action as a
// lists the option, and names its id so.
func SameStep(a core.Game, b core.Compact, pa, pb *core.RNG, spell bool) error {
	if err := SameDecision(a, b); err != nil {
		return err
	}
	d, legal := a.Decision(), b.Legal(nil)
	o, act := d.Options[pa.IntN(len(d.Options))], legal[pb.IntN(len(legal))]
	if spell {
		got, ok := b.Spell(act)
		if !ok || got != o || b.ActionID(act) != o.ID {
			return fmt.Errorf("Spell(%d) = %+v, Decision lists %+v", act, got, o)
		}
	}
	if err := a.Apply(o.ID); err != nil {
		return fmt.Errorf("option %q refused by id: %w", o.ID, err)
	}
	if err := b.Play(act); err != nil {
		return fmt.Errorf("legal action %d refused: %w", act, err)
	}
	return nil
}

// RefusesIllegal checks that an action beyond the legal ones is refused
// with a *core.RuleError naming a rule, leaves the state as it was
// (unchanged, called before the attempt, returns the check of that), and
// spells nothing.
func RefusesIllegal(g core.Compact, unchanged func() func() bool) error {
	n := core.Action(len(g.Legal(nil)))
	same := unchanged()
	err := g.Play(n)
	if re, ok := err.(*core.RuleError); !ok || re.Rule == "" {
		return fmt.Errorf("Play(%d) of %d actions: %v, want a rule error", n, n, err)
	}
	if !same() {
		return fmt.Errorf("a refused action changed the game")
	}
	if _, ok := g.Spell(n); ok {
		return fmt.Errorf("Spell of an illegal action")
	}
	return nil
}
