package core

import "math/rand/v2"

// RNG is a small seeded random source kept by value inside a game state, so
// cloning the state clones the stream and replays are exact.
type RNG struct {
	pcg   rand.PCG
	Draws uint64 // numbers drawn so far
}

// NewRNG seeds a source; the same seed gives the same stream on every machine.
func NewRNG(seed uint64) RNG {
	return RNG{pcg: *rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)}
}

// IntN returns a uniform number in [0, n).
func (r *RNG) IntN(n int) int {
	r.Draws++
	return rand.New(&r.pcg).IntN(n)
}

// Die rolls one six-sided die.
func (r *RNG) Die() int { return r.IntN(6) + 1 }

// Shuffle permutes n elements with swap.
func (r *RNG) Shuffle(n int, swap func(i, j int)) {
	r.Draws++
	rand.New(&r.pcg).Shuffle(n, swap)
}
