package greatgame

import (
	"math"
	"slices"
	"strings"
	"time"

	"durbar/bots"
	"durbar/core"
)

// Search is the search computer player: Information-Set Monte Carlo Tree
// Search (bots.MCTS) on the game as its seat may imagine it. Every
// iteration starts from a fresh Sample of the true state (what the seat
// sees kept, the rest drawn), so two true states the seat cannot tell apart
// give the same search. The heuristic player is its prior and its playout:
//
//   - each decision in the tree offers only the heuristic's best Keep
//     options (the option the heuristic prefers always among them);
//   - a force's march (forming, each step, a railway or amphibious leg) is
//     left to the heuristic: the tree branches on which force moves, so a
//     whole force move is one branch;
//   - playouts follow the heuristic for Depth decisions, then Eval scores
//     the position (a logistic of the VP difference and what the forces
//     promise).
//
// Iterations bounds the work per decision (deterministic for a seed);
// Budget bounds the time (a person waiting at a page: one second by
// default in play).
type Search struct {
	Iterations int
	Budget     time.Duration
	Keep       int
	Depth      int

	seed uint64
	h    *Heuristic // the seat's own honest choices where the search delegates
	roll *Heuristic // playouts and priors inside the search's worlds
	m    *bots.MCTS
	last []Candidate
}

// Search defaults.
const (
	DefaultSearchIterations = 64
	DefaultSearchBudget     = time.Second
	DefaultSearchKeep       = 4
	DefaultSearchDepth      = 60
)

// NewSearch returns a search player seeded with seed; iterations and
// budget zero take the defaults (a budget alone bounds the search when
// iterations is negative).
func NewSearch(seed uint64, iterations int, budget time.Duration) *Search {
	if iterations == 0 {
		iterations = DefaultSearchIterations
	}
	if iterations < 0 {
		iterations = 0
	}
	return &Search{Iterations: iterations, Budget: budget, Keep: DefaultSearchKeep, Depth: DefaultSearchDepth,
		seed: seed, h: NewHeuristic(seed ^ 0xa5a5), roll: NewHeuristic(seed ^ 0x5a5a)}
}

// searched are the decisions the search weighs: which force moves (a
// whole force move is one branch: its forming and march are the
// heuristic's), negotiations and bids, combat choices, supply, offers
// answered, prisoners, massacres, initiative and events' regions. The
// rest (spending menus, placements, each step of a march) are the
// heuristic's, in the search's worlds as at the table.
func searched(s StepID) bool {
	switch s {
	case StepMove, StepNegotiate, StepNegOffer, StepNegOppose, StepCRT, StepRetreatBefore, StepDealAnswer,
		StepMassacre, StepPrisoner, StepInitiative, StepSupply, StepEventRegion:
		return true
	}
	return false
}

func delegated(s StepID) bool { return !searched(s) }

// Choose picks an option of the pending decision, and the candidates it
// weighed (visits turned into values: the mean result, 0–1, of each).
func (s *Search) Choose(g *Game) (int, []Candidate) {
	d := g.Decision()
	if len(d.Options) <= 1 {
		return 0, nil
	}
	t := g.top()
	if delegated(t.Step) {
		return s.h.Choose(g)
	}
	if s.m == nil {
		s.m = bots.NewMCTS(s.seed, s.Iterations)
		s.m.Rollout = searchRollout{}
		s.m.Evaluate = searchEval
	}
	s.m.Iterations, s.m.Budget = s.Iterations, s.Budget
	s.m.RolloutDepth = s.Depth
	me := t.Side
	root := g.clone()
	root.Log, root.quiet = nil, true
	// The root itself is a sample: nothing of the true state but what the
	// seat sees reaches the search, whatever it reads before its first
	// iteration draws again.
	root.resample(me, s.seed^0x1234567)
	sg := &searchGame{g: root, me: me, h: s.roll, keep: s.Keep}
	id := s.m.Choose(sg, sg.Decision())
	cands := s.last[:0]
	for _, st := range s.m.Stats() {
		if st.Visits > 0 {
			cands = append(cands, Candidate{st.ID, st.Mean})
		}
	}
	slices.SortStableFunc(cands, func(a, b Candidate) int {
		switch {
		case a.Value > b.Value:
			return -1
		case a.Value < b.Value:
			return 1
		}
		return 0
	})
	s.last = cands
	for i, o := range d.Options {
		if o.ID == id {
			return i, cands[:min(5, len(cands))]
		}
	}
	return 0, nil // unreachable: the search answers with a listed option
}

// LastIterations is how many iterations the last searched decision ran.
func (s *Search) LastIterations() int {
	if s.m == nil {
		return 0
	}
	return s.m.LastIterations()
}

// searchGame is a world of the search: a sample of the game whose
// decisions offer the heuristic's best few options.
type searchGame struct {
	g    *Game
	me   Side // the seat searching: whose view every draw keeps
	h    *Heuristic
	keep int
	// the pending decision, listed once
	ok   bool
	d    core.Decision
	best int
	ids  []string
}

func (s *searchGame) list() {
	if s.ok {
		return
	}
	s.ok = true
	s.d = s.g.Decision()
	s.ids = s.ids[:0]
	for _, o := range s.d.Options {
		s.ids = append(s.ids, o.ID)
	}
	s.best = 0
	if len(s.ids) <= 1 || s.g.Over {
		return
	}
	s.best = s.h.scoreAll(s.g, s.ids)
	keep := s.keep
	if delegated(s.g.top().Step) {
		keep = 1
	}
	if len(s.ids) <= keep {
		return
	}
	// the keep best, in the decision's order (the best always among them)
	sc := s.h.sc
	cut := kth(sc, keep)
	kept := make([]core.Option, 0, keep)
	for i, o := range s.d.Options {
		if i == s.best || sc[i] > cut && len(kept) < keep-1 {
			kept = append(kept, o)
		}
	}
	for i, o := range s.d.Options {
		if len(kept) >= keep {
			break
		}
		if sc[i] == cut && i != s.best && !slices.ContainsFunc(kept, func(k core.Option) bool { return k.ID == o.ID }) {
			kept = append(kept, o)
		}
	}
	s.d.Options = kept
}

// kth is the k-th largest value (k ≥ 1).
func kth(v []float64, k int) float64 {
	w := slices.Clone(v)
	slices.Sort(w)
	return w[len(w)-k]
}

func (s *searchGame) Decision() core.Decision { s.list(); return s.d }

func (s *searchGame) Apply(id string) error {
	s.list()
	if !slices.Contains(s.ids, id) {
		return core.Illegal(s.g.Decision(), id)
	}
	s.ok = false
	return s.g.play(id)
}

func (s *searchGame) Clone() core.Game {
	return &searchGame{g: s.g.clone(), me: s.me, h: s.h, keep: s.keep}
}

func (s *searchGame) Irreversible() core.Barrier { return s.g.Irreversible() }
func (s *searchGame) Seats() int                 { return 2 }
func (s *searchGame) Outcome() []float64         { return s.g.Outcome() }

// Determinize draws again what the searching seat cannot see.
func (s *searchGame) Determinize(seed uint64) {
	s.ok = false
	s.g.resample(s.me, seed)
}

// searchRollout plays the heuristic's choice in a search world.
type searchRollout struct{}

func (searchRollout) Choose(gm core.Game, d core.Decision) string {
	if s, ok := gm.(*searchGame); ok {
		s.list()
		if len(s.ids) > 0 {
			return s.ids[s.best]
		}
	}
	return d.Options[0].ID
}

// searchEval scores an unfinished world for both seats: a logistic of the
// British Eval, about one VP in ten per step of the curve.
func searchEval(gm core.Game) []float64 {
	s, ok := gm.(*searchGame)
	if !ok {
		return []float64{0.5, 0.5}
	}
	v := Eval(s.g, British, nil)
	p := 1 / (1 + math.Exp(-v/10))
	return []float64{p, 1 - p}
}

// optionPieces marks the counters a decision's options name (ids with a
// "pN" token): the decider sees them.
func optionPieces(d core.Decision, mark func(int)) {
	for _, o := range d.Options {
		for _, f := range strings.FieldsFunc(o.ID, func(r rune) bool { return r == ':' || r == '/' }) {
			if n, ok := parseInt(f, "p"); ok {
				mark(n)
			}
		}
	}
}
