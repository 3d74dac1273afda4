// Package bots holds Durbar's computer players. Every player sees the game
// only through core.Game and core.Decision, so a player written for one
// ruleset's decision model works with any other.
package bots

import "durbar/core"

// Player picks one option id for a pending decision. Implementations must
// return the id of one of d.Options; d is never Over when Choose is called.
type Player interface {
	Choose(g core.Game, d core.Decision) string
}

// Random plays a uniformly random legal option. Its choices come from its own
// seeded source, not the game's, so they never disturb the game's dice and a
// run is reproduced by the same seeds.
type Random struct {
	rng core.RNG
}

// NewRandom returns a random player seeded with seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: core.NewRNG(seed)}
}

// Choose implements Player.
func (r *Random) Choose(_ core.Game, d core.Decision) string {
	if len(d.Options) == 0 {
		return ""
	}
	return d.Options[r.rng.IntN(len(d.Options))].ID
}

// ActionPlayer is a Player that also chooses on the compact path
// (core.Compact): among the legal actions, without the labels built for
// people. Its choice there is the one Choose makes on the same decision.
type ActionPlayer interface {
	Player
	ChooseAction(g core.Compact, legal []core.Action) core.Action
}

// ChooseAction implements ActionPlayer: the same draw as Choose.
func (r *Random) ChooseAction(_ core.Compact, legal []core.Action) core.Action {
	return legal[r.rng.IntN(len(legal))]
}
