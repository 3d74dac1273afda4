package core

// Barrier is a game's undo barrier: the count of its irreversible events so
// far — every random number drawn and every piece of hidden information
// revealed to any seat (a card turned, a tile shown, a hidden unit seen, a
// sealed bid opened) — and what the latest of them was, said for a person.
// Undo never takes back a step across which N changed: the secret, once
// seen, stays seen, and a die once rolled stays rolled.
type Barrier struct {
	N    uint64 `json:"n"`
	What string `json:"what,omitempty"` // e.g. "a card was revealed"
}

// Secrets counts what a game has revealed. A game keeps it by value in its
// state beside its RNG, calls Reveal wherever a rule shows a seat something
// that was hidden, and reports Barrier from Irreversible.
type Secrets struct {
	N     uint64 // reveals so far
	What  string // the latest reveal, said for a person
	Draws uint64 // the game's random draws when it was made
}

// Reveal records one piece of hidden information shown to some seat; draws
// is the game's count of random numbers drawn so far.
func (s *Secrets) Reveal(what string, draws uint64) {
	s.N++
	s.What = what
	s.Draws = draws
}

// Barrier combines the reveals with the game's random draws (draws, as in
// Reveal) into the undo barrier. random says for a person what a random
// draw of this game is ("dice were rolled"); it names the latest event when
// numbers were drawn after the latest reveal.
func (s Secrets) Barrier(draws uint64, random string) Barrier {
	b := Barrier{N: s.N + draws, What: s.What}
	if draws > s.Draws {
		b.What = random
	}
	return b
}

// Observer is implemented by games with hidden information: Observation is
// everything one seat may see now — the board as that seat sees it, the
// pending decision, the log — as a value compared with reflect.DeepEqual.
// Two states give a seat equal observations exactly when that seat cannot
// tell them apart. Front ends show no more than it holds.
type Observer interface {
	Observation(seat int) any
}
