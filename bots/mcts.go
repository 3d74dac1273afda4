package bots

import (
	"math"
	"math/rand/v2"
	"time"

	"durbar/core"
)

// Defaults used by MCTS when a field is left zero.
const (
	DefaultIterations   = 1000
	DefaultExploration  = 0.7
	DefaultRolloutDepth = 1000
)

// MCTS is an Information-Set Monte Carlo Tree Search player (single-observer
// ISMCTS, also known as determinized UCT with a fresh determinization per
// iteration). It works on any core.Game that implements core.Scorer, or on
// any game at all when Evaluate is set.
//
// Every iteration clones the game and, when the game implements
// core.Determinizer, calls Determinize with a fresh seed on the clone, so the
// search samples possible futures instead of reading the real dice from the
// cloned random source. It then descends the tree with UCB1 (the availability
// variant: an option's exploration term counts only the visits in which it
// was legal), expands one untried option, plays a rollout with Rollout (or
// uniformly random moves) for at most RolloutDepth decisions, and backs up the
// result: each tree edge is credited with the result of the seat that decided
// at it (core.Decision.Player).
//
// Tree nodes are keyed by the path of option ids from the root (and by the
// seat that decides next), not by the full state, so states that differ only
// in hidden information or in chance outcomes share a node; statistics are
// kept per option id. Choose returns the most visited legal option.
//
// With Budget zero the search is deterministic: the same seed, game and
// sequence of calls give the same choices. A time Budget makes the number of
// iterations, and so the choice, depend on the machine.
//
// An MCTS is not safe for concurrent use; give each goroutine its own.
type MCTS struct {
	// Iterations per Choose. Zero means DefaultIterations, unless Budget is
	// set, in which case only the budget bounds the search. With both set
	// the search stops at whichever limit comes first.
	Iterations int
	// Budget is a wall-clock limit per Choose; zero means none.
	Budget time.Duration
	// Exploration is the UCB1 constant c in mean + c*sqrt(ln(avail)/visits),
	// for results in [0,1]. Zero means DefaultExploration.
	Exploration float64
	// RolloutDepth caps the decisions played in one rollout. Zero means
	// DefaultRolloutDepth; a negative value plays no rollout and scores the
	// newly expanded state at once.
	RolloutDepth int
	// Rollout picks rollout moves; nil plays uniformly random moves from
	// the bot's own seeded source. For a deterministic search it must itself
	// be deterministic. An id it returns that the game rejects is replaced by
	// a random legal one.
	Rollout Player
	// Evaluate scores a state per seat in [0,1] (higher is better, as in
	// core.Scorer.Outcome). It is used when a rollout stops before the game
	// is over, and for finished games that do not implement core.Scorer.
	// Nil scores an unfinished state as a draw shared by all seats.
	Evaluate func(core.Game) []float64

	now    func() time.Time // the clock of Budget; nil: time.Now (tests set it)
	seeded bool
	seed   uint64
	pcg    rand.PCG
	rng    *rand.Rand
	path   []step
	st     state
	last   []OptionStat
	iters  int
}

// OptionStat is the search's statistics for one root option after Choose.
type OptionStat struct {
	ID     string
	Visits int
	Mean   float64 // mean result for the deciding seat; 0 when unvisited
}

// NewMCTS returns an ISMCTS player seeded with seed that runs the given
// number of iterations per decision (zero: DefaultIterations). Other
// parameters can be set on the returned value before the first Choose.
func NewMCTS(seed uint64, iterations int) *MCTS {
	m := &MCTS{Iterations: iterations}
	m.Seed(seed)
	return m
}

// Seed (re)seeds the bot's own random source, which drives rollouts, tie
// breaks and the determinization seeds. A zero MCTS acts as if seeded with 0.
func (m *MCTS) Seed(seed uint64) {
	m.seed = seed
	m.pcg = *rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	m.rng = rand.New(&m.pcg)
	m.seeded = true
}

// Stats returns the root statistics of the last search, in the order of the
// decision's options; nil if the last Choose did not search.
func (m *MCTS) Stats() []OptionStat { return m.last }

// LastIterations is the number of iterations the last Choose ran.
func (m *MCTS) LastIterations() int { return m.iters }

type node struct {
	edges []edge         // in first-seen order
	index map[string]int // edges by option id, once there are many
}

// indexFrom is the number of edges from which a node indexes them by id.
const indexFrom = 16

type edge struct {
	id     string
	visits int
	avail  int
	reward float64
	next   []child // nodes reached through this option, by the next decider
}

type child struct {
	player int
	n      *node
}

type step struct {
	n      *node
	i      int // the edge's place in n.edges
	player int
}

// find is the place of option id's edge, -1 if none. hint is where it
// probably is (the option's place in the decision's list).
func (n *node) find(id string, hint int) int {
	if hint >= 0 && hint < len(n.edges) && n.edges[hint].id == id {
		return hint
	}
	if n.index != nil {
		if i, ok := n.index[id]; ok {
			return i
		}
		return -1
	}
	for i := range n.edges {
		if n.edges[i].id == id {
			return i
		}
	}
	return -1
}

// edge is the place of option id's edge, made if need be.
func (n *node) edge(id string, hint int) int {
	if i := n.find(id, hint); i >= 0 {
		return i
	}
	n.edges = append(n.edges, edge{id: id})
	i := len(n.edges) - 1
	switch {
	case n.index != nil:
		n.index[id] = i
	case len(n.edges) >= indexFrom:
		n.index = make(map[string]int, 2*len(n.edges))
		for k := range n.edges {
			n.index[n.edges[k].id] = k
		}
	}
	return i
}

func (e *edge) child(player int) *node {
	for _, c := range e.next {
		if c.player == player {
			return c.n
		}
	}
	n := &node{}
	e.next = append(e.next, child{player, n})
	return n
}

// state is one iteration's game as the search sees it: the pending
// decision's seat, legal actions and their ids. Its buffers are reused.
type state struct {
	g      core.Game
	c      core.Compact // nil: Decision and Apply (a game without the compact door)
	player int
	over   bool
	legal  []core.Action
	ids    []string
}

func (s *state) reset(g core.Game) {
	s.g = g
	s.c, _ = g.(core.Compact)
}

// list reads the pending decision.
func (s *state) list() {
	s.ids = s.ids[:0]
	if s.c != nil {
		s.legal = s.c.Legal(s.legal)
		s.player, s.over = s.c.Decider(), len(s.legal) == 0
		for _, a := range s.legal {
			s.ids = append(s.ids, s.c.ActionID(a))
		}
		return
	}
	d := s.g.Decision()
	s.player, s.over = d.Player, d.Over
	s.legal = core.Actions(s.legal, len(d.Options))
	for _, o := range d.Options {
		s.ids = append(s.ids, o.ID)
	}
}

// isOver reports whether the game is over, without listing the decision
// when a seat is to decide.
func (s *state) isOver() bool {
	if s.c != nil {
		return s.c.Decider() < 0 && len(s.c.Legal(s.legal)) == 0
	}
	return s.g.Decision().Over
}

// play plays the k-th listed option.
func (s *state) play(k int) error {
	if s.c != nil {
		return s.c.Play(s.legal[k])
	}
	return s.g.Apply(s.ids[k])
}

// playAction plays an action a rollout player chose among the listed ones.
func (s *state) playAction(a core.Action) error {
	if s.c != nil {
		return s.c.Play(a)
	}
	for k, x := range s.legal {
		if x == a {
			return s.g.Apply(s.ids[k])
		}
	}
	return core.IllegalAction(core.Decision{}, a)
}

// Choose implements Player.
func (m *MCTS) Choose(g core.Game, d core.Decision) string {
	if !m.seeded {
		m.Seed(0)
	}
	m.last, m.iters = nil, 0
	if len(d.Options) == 0 {
		return ""
	}
	if len(d.Options) == 1 {
		return d.Options[0].ID
	}
	scorer, _ := g.(core.Scorer)
	seats := 0
	if scorer != nil {
		seats = scorer.Seats()
	}
	if (scorer == nil && m.Evaluate == nil) || d.Player < 0 || (scorer != nil && d.Player >= seats) {
		// Nothing to search for: no way to score, or nobody to score for.
		return d.Options[m.rng.IntN(len(d.Options))].ID
	}

	iters := m.Iterations
	if iters <= 0 && m.Budget <= 0 {
		iters = DefaultIterations
	}
	now := m.now
	if now == nil {
		now = time.Now
	}
	var deadline time.Time
	if m.Budget > 0 {
		deadline = now().Add(m.Budget)
	}
	c := m.Exploration
	if c == 0 {
		c = DefaultExploration
	}
	_, determinize := g.(core.Determinizer)

	root := &node{}
	for i := 0; iters <= 0 || i < iters; i++ {
		if m.Budget > 0 && i > 0 && now().After(deadline) {
			break
		}
		s := g.Clone()
		if determinize {
			s.(core.Determinizer).Determinize(m.rng.Uint64())
		}
		m.st.reset(s)
		m.iterate(root, &m.st, c, seats)
		m.iters++
	}
	m.st.reset(nil)

	// The most visited root option; ties go to the better mean, then to the
	// earlier option. Only d.Options are considered, so the answer is legal.
	best, bestVisits, bestMean := -1, -1, math.Inf(-1)
	m.last = make([]OptionStat, len(d.Options))
	for i, o := range d.Options {
		st := OptionStat{ID: o.ID}
		if k := root.find(o.ID, i); k >= 0 && root.edges[k].visits > 0 {
			e := &root.edges[k]
			st.Visits, st.Mean = e.visits, e.reward/float64(e.visits)
		}
		m.last[i] = st
		if st.Visits > bestVisits || (st.Visits == bestVisits && st.Mean > bestMean) {
			best, bestVisits, bestMean = i, st.Visits, st.Mean
		}
	}
	return d.Options[best].ID
}

// iterate runs one selection, expansion, rollout and backup on the
// determinized clone in s.
func (m *MCTS) iterate(root *node, s *state, c float64, seats int) {
	path := m.path[:0]
	n := root
	s.list()
	for !s.over && len(s.legal) > 0 {
		if s.player < 0 || (seats > 0 && s.player >= seats) {
			// A decision nobody is scored for: treat it as chance.
			k := m.rng.IntN(len(s.legal))
			id := s.ids[k]
			if s.play(k) != nil {
				m.path = path
				return
			}
			i := n.edge(id, k)
			s.list()
			n = n.edges[i].child(s.player)
			continue
		}
		// Every listed option is available in this visit. An untried one
		// is expanded (uniformly among the untried); otherwise UCB1.
		chosen, ck := -1, -1
		untried := 0
		for k, id := range s.ids {
			i := n.edge(id, k)
			e := &n.edges[i]
			e.avail++
			if e.visits == 0 {
				untried++
				if m.rng.IntN(untried) == 0 { // reservoir sampling
					chosen, ck = i, k
				}
			}
		}
		if chosen < 0 {
			best := math.Inf(-1)
			for k, id := range s.ids {
				i := n.find(id, k)
				e := &n.edges[i]
				v := e.reward/float64(e.visits) + c*math.Sqrt(math.Log(float64(e.avail))/float64(e.visits))
				if v > best {
					best, chosen, ck = v, i, k
				}
			}
		}
		player := s.player
		if s.play(ck) != nil {
			m.path = path
			return // a listed option was refused: a game bug; drop the iteration
		}
		path = append(path, step{n, chosen, player})
		if untried > 0 {
			break // expanded: the rollout starts here
		}
		s.list()
		n = n.edges[chosen].child(s.player)
	}

	result := m.rollout(s, seats)
	for _, st := range path {
		e := &st.n.edges[st.i]
		e.visits++
		if st.player < len(result) {
			e.reward += result[st.player]
		}
	}
	m.path = path
}

// rollout plays s forward and returns the result per seat.
func (m *MCTS) rollout(s *state, seats int) []float64 {
	depth := m.RolloutDepth
	if depth == 0 {
		depth = DefaultRolloutDepth
	}
	ap, _ := m.Rollout.(ActionPlayer)
	if depth > 0 {
		s.list()
	} else {
		s.over = s.isOver()
	}
	for i := 0; i < depth && !s.over && len(s.legal) > 0; i++ {
		var err error
		switch {
		case ap != nil && s.c != nil:
			err = s.playAction(ap.ChooseAction(s.c, s.legal))
		case m.Rollout != nil:
			err = s.g.Apply(m.Rollout.Choose(s.g, s.g.Decision()))
		default:
			err = s.play(m.rng.IntN(len(s.legal)))
		}
		if err != nil {
			if s.play(m.rng.IntN(len(s.legal))) != nil {
				break
			}
		}
		if i+1 < depth {
			s.list()
		} else {
			s.over = s.isOver()
		}
	}
	scorer, _ := s.g.(core.Scorer)
	if s.over && scorer != nil {
		return scorer.Outcome()
	}
	if m.Evaluate != nil {
		return m.Evaluate(s.g)
	}
	draw := make([]float64, seats)
	for i := range draw {
		draw[i] = 1 / float64(seats)
	}
	return draw
}
