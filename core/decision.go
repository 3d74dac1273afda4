// Package core is Durbar's game-agnostic engine: the decision model every
// front end, bot, test and server plays through, a seeded random source that
// lives inside the game state, and the save-file format built on action logs.
package core

import (
	"fmt"
	"strings"
)

// Option is one legal choice at a decision point. IDs are stable across
// versions of the same ruleset so that action logs replay.
type Option struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Rule  string `json:"rule,omitempty"` // rulebook section the option comes from, e.g. "3.2.4"
}

// Decision says who must decide now, what is being asked and the finite list
// of legal options. A finished game has Over set and no options.
type Decision struct {
	Player  int      `json:"player"`  // seat index of the decider, -1 when over
	Role    string   `json:"role"`    // the deciding role (for Gandhi: the Faction)
	Prompt  string   `json:"prompt"`  // short question
	Rule    string   `json:"rule"`    // section governing this decision
	Options []Option `json:"options"` // never empty unless Over
	Over    bool     `json:"over"`    // game finished
}

// Find returns the option with the given id.
func (d Decision) Find(id string) (Option, bool) {
	for _, o := range d.Options {
		if o.ID == id {
			return o, true
		}
	}
	return Option{}, false
}

// RuleError is returned for an illegal or malformed action. It names the rule
// that forbids it; the state is left unchanged.
type RuleError struct {
	Rule string
	Msg  string
}

func (e *RuleError) Error() string {
	if e.Rule == "" {
		return e.Msg
	}
	return fmt.Sprintf("rule %s: %s", e.Rule, e.Msg)
}

// Illegal builds the standard error for an option id not in the decision.
func Illegal(d Decision, id string) error {
	if d.Over {
		return &RuleError{Rule: d.Rule, Msg: "the game is over; no action is possible"}
	}
	ids := make([]string, 0, len(d.Options))
	for i, o := range d.Options {
		if i == 8 {
			ids = append(ids, fmt.Sprintf("… %d more", len(d.Options)-8))
			break
		}
		ids = append(ids, o.ID)
	}
	return &RuleError{Rule: d.Rule, Msg: fmt.Sprintf("%q is not a legal option for %q (legal: %s)", Clip(id), d.Prompt, strings.Join(ids, ", "))}
}

// Game is the one door through which everything plays. Implementations are
// pure: Apply does no I/O and all randomness comes from the state's own source.
type Game interface {
	// Decision reports the pending decision.
	Decision() Decision
	// Apply plays one option id. An id that is not listed returns a
	// *RuleError and leaves the state unchanged.
	Apply(id string) error
	// Clone returns an independent deep copy.
	Clone() Game
	// Irreversible is the undo barrier: how many irreversible events the
	// game has had (random numbers drawn, hidden information revealed to
	// any seat) and what the latest was. Undo, in every front end, never
	// crosses a step that moved it.
	Irreversible() Barrier
}

// Scorer is implemented by games that can report their result per seat, for
// bots that search and for simulators.
type Scorer interface {
	// Seats is the number of seats (players) in the game.
	Seats() int
	// Outcome gives each seat's result once the game is over: 1 for the
	// winner, 0 for the others, a tie shared evenly.
	Outcome() []float64
}

// Determinizer is implemented by games whose future holds randomness a
// player cannot know (dice not yet rolled, shuffled stacks). Determinize
// reseeds a copy's random source, and reshuffles what the deciding player
// cannot see, so that a search samples possible futures instead of reading
// the real one from the cloned state. What it changes must leave the
// deciding player's Observation unchanged, and it keeps the draw counts that
// make the undo barrier.
type Determinizer interface {
	Determinize(seed uint64)
}
