package greatgame

import (
	"fmt"
	"time"

	"durbar/core"
)

// The computer players as the command and the server use them.

// Computer kinds: the heuristic player and the search player.
const (
	KindBot  = "bot"
	KindMCTS = "mcts"
)

// chooser is a computer player of The Great Game.
type chooser interface {
	Choose(g *Game) (int, []Candidate)
}

// Computer is a computer player behind the common door (bots.Player): it
// reads only samples of the game it is given (see Sample), and remembers
// what it weighed for its last choice.
type Computer struct {
	kind string
	p    chooser
	// the last choice: its step, the candidates weighed and the option
	step  StepID
	cands []Candidate
	label string
}

// NewComputer builds a computer player of a kind: "bot" (the heuristic)
// or "mcts" (the search, thinking at most think per decision, or
// iterations per decision when think is zero).
func NewComputer(kind string, seed uint64, think time.Duration, iterations int) (*Computer, error) {
	switch kind {
	case KindBot:
		return &Computer{kind: kind, p: NewHeuristic(seed)}, nil
	case KindMCTS:
		if think > 0 && iterations == 0 {
			iterations = -1 // the budget alone
		}
		return &Computer{kind: kind, p: NewSearch(seed, iterations, think)}, nil
	}
	return nil, fmt.Errorf("unknown computer player %q (have %s, %s)", core.Clip(kind), KindBot, KindMCTS)
}

// Choose picks an option of d, the game's pending decision.
func (c *Computer) Choose(gm core.Game, d core.Decision) string {
	g, ok := gm.(*Game)
	if !ok || len(d.Options) == 0 {
		return ""
	}
	i, cands := c.p.Choose(g)
	if i < 0 || i >= len(d.Options) {
		i = 0
	}
	c.step, c.cands, c.label = g.top().Step, cands, d.Options[i].Label
	return d.Options[i].ID
}

// publicReasons are the steps whose candidates a computer may show a
// person playing the other side: what they name is seen by both (stacks
// that may move, regions, combat, offers, prisoners).
func publicReasons(s StepID) bool {
	switch s {
	case StepMove, StepNegotiate, StepCRT, StepRetreatBefore, StepLoss, StepRetreat, StepDealAnswer,
		StepMassacre, StepPrisoner, StepInitiative, StepEventRegion, StepSupply:
		return true
	}
	return false
}

// Weighed is a log line for the last choice: what was chosen and the top
// candidates with their values. With secret set (a person plays the other
// side) a step whose options name what that person may not see (a sealed
// offer, a purchase, a hidden counter) says only what kind of step it was.
func (c *Computer) Weighed(secret bool) string {
	if c.label == "" {
		return ""
	}
	if secret && !publicReasons(c.step) {
		return fmt.Sprintf("[%s] decides a %s step", c.kind, stepDefs[c.step].name)
	}
	return fmt.Sprintf("[%s] %s", c.kind, Describe(c.label, c.cands))
}
