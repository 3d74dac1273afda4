package core

import "fmt"

// Action is a compact legal action, as in OpenSpiel's State API: a small
// value that a game lists among its legal actions and plays by value. It
// means something only to the game that listed it and only in the state it
// was listed in (for the games here it is the option's place in the
// pending decision's list, in Decision's order). Its stable string id — the
// one logs, save files, the terminal and the web page use — its label and
// its rule section are derived from it only when asked (Spell).
type Action uint16

// MaxActions bounds the legal actions of one decision on the compact path.
const MaxActions = 1 << 16

// Compact is the fast door through the same decision model: the bots, the
// Non-Player engines, the fuzzers and the simulators play through it
// without building the labels, prompts and strings that only people read.
// It is the same game as Decision/Apply: Legal lists exactly Decision's
// options, in order, and Play(a) is Apply of the a-th option's id.
type Compact interface {
	Game
	// Decider is the seat that must decide now, -1 when the game is over.
	Decider() int
	// Legal appends the pending decision's legal actions to buf[:0] and
	// returns it; it is empty only when the game is over. With a buffer of
	// enough capacity it allocates nothing.
	Legal(buf []Action) []Action
	// Play plays one legal action. An action that is not legal returns a
	// *RuleError and leaves the state unchanged.
	Play(a Action) error
	// Spell derives the option behind a legal action: its stable id, its
	// label and its rule section (ok false when a is not legal now).
	Spell(a Action) (o Option, ok bool)
	// ActionID is the stable id of a legal action ("" when a is not legal):
	// what a log or a save file records for it, without the label Spell
	// builds.
	ActionID(a Action) string
}

// AsCompact gives any game the compact door: a game that implements
// Compact is returned as is; any other is adapted through Decision and
// Apply (each call lists the decision afresh, so it is slow but exact).
func AsCompact(g Game) Compact {
	if c, ok := g.(Compact); ok {
		return c
	}
	return adapted{g}
}

// adapted is a Game seen through the compact door.
type adapted struct{ Game }

func (a adapted) Decider() int {
	d := a.Decision()
	if d.Over {
		return -1
	}
	return d.Player
}

func (a adapted) Legal(buf []Action) []Action {
	return Actions(buf, len(a.Decision().Options))
}

func (a adapted) Play(x Action) error {
	d := a.Decision()
	if int(x) >= len(d.Options) {
		return IllegalAction(d, x)
	}
	return a.Apply(d.Options[x].ID)
}

func (a adapted) Spell(x Action) (Option, bool) {
	d := a.Decision()
	if int(x) >= len(d.Options) {
		return Option{}, false
	}
	return d.Options[x], true
}

func (a adapted) ActionID(x Action) string {
	o, _ := a.Spell(x)
	return o.ID
}

func (a adapted) Clone() Game { return adapted{a.Game.Clone()} }

// Actions fills buf[:0] with the actions 0…n-1: the legal actions of a
// decision of n options, for games whose actions are places in the list.
func Actions(buf []Action, n int) []Action {
	if n > MaxActions {
		n = MaxActions
	}
	buf = buf[:0]
	for i := 0; i < n; i++ {
		buf = append(buf, Action(i))
	}
	return buf
}

// IllegalAction is the error for an action that is not legal in decision
// d: it names the decision's rule, like Illegal.
func IllegalAction(d Decision, a Action) error {
	if d.Over {
		return &RuleError{Rule: d.Rule, Msg: "the game is over; no action is possible"}
	}
	return &RuleError{Rule: d.Rule, Msg: fmt.Sprintf("action %d is not legal for %q (%d options)", a, d.Prompt, len(d.Options))}
}
