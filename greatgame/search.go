package greatgame

import (
	"math"
	"slices"
	"strings"
	"time"

	"durbar/core"
)

// Search is the search computer player: determinized Monte Carlo search
// (perfect-information Monte Carlo sampling, the flat form of
// Information-Set MCTS) on the game as its seat may imagine it. Each
// iteration draws one Sample of the true state — what the seat sees kept,
// the rest (hidden stacks, the other treasury, a sealed sum, the dice) drawn
// afresh — so two true states the seat cannot tell apart give the same
// search. The heuristic player is its prior and its playout:
//
//   - the candidates are the heuristic's best Keep options;
//   - every iteration plays each candidate in the same sample (common
//     random numbers: the candidates are compared on the same worlds) and
//     follows the heuristic for both sides for Depth decisions, to the end
//     of the operations phase in progress or of the turn, then scores the
//     position with searchEval (victory points by source, the treasury,
//     the forces' strength and the income to come, weighted by a fit of
//     heuristic games' final margins, for the searching side);
//   - a force's march (forming it, each step, a railway or amphibious leg)
//     is left to the heuristic, so the search weighs whole force moves:
//     which force sets off, or none;
//   - the heuristic's own choice stands unless another candidate does
//     better by Margin victory points on average.
//
// Iterations bounds the work per decision (deterministic for a seed);
// Budget bounds the time (a person waiting at a page: one second by
// default in play).
type Search struct {
	Iterations int
	Budget     time.Duration
	Keep       int
	Depth      int
	TurnDepth  int
	Margin     float64

	seed  uint64
	n     uint64
	h     *Heuristic // the seat's own honest choices where the search delegates
	roll  *Heuristic // playouts and priors inside the search's worlds
	iters int
	ids   []string
}

// Search defaults.
const (
	DefaultSearchIterations = 16
	DefaultSearchBudget     = time.Second
	DefaultSearchKeep       = 2
	DefaultSearchDepth      = 150
	DefaultSearchTurnDepth  = 1500
	DefaultSearchMargin     = 0.5
)

// NewSearch returns a search player seeded with seed; iterations zero
// takes the default, and a negative count leaves the budget alone to bound
// the search.
func NewSearch(seed uint64, iterations int, budget time.Duration) *Search {
	if iterations == 0 {
		iterations = DefaultSearchIterations
	}
	if iterations < 0 {
		iterations = 0
	}
	return &Search{Iterations: iterations, Budget: budget, Keep: DefaultSearchKeep, Depth: DefaultSearchDepth, TurnDepth: DefaultSearchTurnDepth,
		Margin: DefaultSearchMargin, seed: seed, h: NewHeuristic(seed ^ 0xa5a5), roll: NewHeuristic(seed ^ 0x5a5a)}
}

// searched are the decisions the search weighs: which force moves (a
// whole force move is one candidate: its forming and march are the
// heuristic's), negotiations and bids, combat choices, supply, offers
// answered, prisoners, massacres, initiative and events' regions. The
// rest (spending menus, placements, each step of a march) are the
// heuristic's, in the search's worlds as at the table.
func searched(s StepID) bool {
	switch s {
	case StepNegotiate, StepNegOffer, StepNegOppose, StepCRT, StepRetreatBefore, StepDealAnswer,
		StepMassacre, StepPrisoner, StepInitiative, StepSupply, StepEventRegion:
		return true
	}
	return false
}

// Choose picks an option of the pending decision, and the candidates it
// weighed with their mean values (victory points for its side).
func (s *Search) Choose(g *Game) (int, []Candidate) {
	d := g.Decision()
	s.iters = 0
	if len(d.Options) <= 1 {
		return 0, nil
	}
	t := g.top()
	if !searched(t.Step) {
		return s.h.Choose(g)
	}
	me := t.Side
	s.n++
	base := s.seed ^ s.n*0x9e3779b97f4a7c15
	s.ids = optionIDs(s.ids, d)
	// the candidates: the heuristic's best few, scored on a sample
	prior := g.Sample(me, base)
	best := s.roll.scoreAll(prior, s.ids)
	cands := topK(s.roll.sc, s.Keep, best)
	if len(cands) == 1 {
		return best, nil
	}
	cids := make([]string, len(cands))
	for k, c := range cands {
		cids[k] = s.ids[c]
	}
	sum := make([]float64, len(cands))
	var deadline time.Time
	if s.Budget > 0 {
		deadline = time.Now().Add(s.Budget)
	}
	for it := 0; s.Iterations <= 0 || it < s.Iterations; it++ {
		if s.Budget > 0 && it > 0 && time.Now().After(deadline) {
			break
		}
		world := g.Sample(me, base^uint64(it+1)*0xbf58476d1ce4e5b9)
		for k := range cands {
			w := world
			if k < len(cands)-1 {
				w = world.clone()
			}
			sum[k] += s.playout(w, cids[k], me, toTurnEnd(t.Step))
		}
		s.iters++
	}
	out := make([]Candidate, len(cands))
	pick, bestMean := 0, math.Inf(-1)
	for k, c := range cands {
		mean := sum[k] / float64(max(1, s.iters))
		out[k] = Candidate{cids[k], mean}
		if c != best {
			mean -= s.Margin // the heuristic's choice stands unless clearly beaten
		}
		if mean > bestMean {
			pick, bestMean = k, mean
		}
	}
	sortCandidates(out)
	return cands[pick], out
}

// topK is the places of the k best scores, the best first.
func topK(sc []float64, k, best int) []int {
	out := []int{best}
	for len(out) < k {
		next := -1
		for i, v := range sc {
			if slices.Contains(out, i) || math.IsInf(v, -1) {
				continue
			}
			if next < 0 || v > sc[next] {
				next = i
			}
		}
		if next < 0 {
			break
		}
		out = append(out, next)
	}
	return out
}

// toTurnEnd says which decisions are played out to the end of the turn
// rather than of the operations phase: which region to negotiate with, or
// none. Its worth shows in the turns after: measured on positions of
// heuristic games against full games played out from each candidate, the
// choice a playout to the phase's end makes falls 2.6 VP short of the best
// of three candidates, the heuristic's 3.0, one to the turn's end 0.8
// (docs/greatgame.md).
func toTurnEnd(s StepID) bool { return s == StepNegotiate }

// playout plays option id in world w, then the heuristic for both sides
// for Depth decisions, to the end of the operations phase in progress or
// of the turn (with toTurn, TurnDepth decisions, to the end of the turn),
// and scores the position for side me.
func (s *Search) playout(w *Game, id string, me Side, toTurn bool) float64 {
	if err := w.play(id); err != nil {
		return math.Inf(-1)
	}
	turn, ops, seq := w.Turn, w.Ops, w.Seq
	depth := s.Depth
	if toTurn {
		depth = s.TurnDepth
	}
	for i := 0; i < depth && !w.Over && w.Turn == turn; i++ {
		if !toTurn && seq >= SeqMove && seq <= SeqAfterCombat && w.Ops != ops && i > 0 {
			break // the operations phase is over: its moves, negotiations and combats are scored
		}
		d := w.Decision()
		if len(d.Options) == 0 {
			break
		}
		pick := 0
		if len(d.Options) > 1 {
			s.ids = optionIDs(s.ids, d)
			pick = s.roll.scoreAll(w, s.ids)
		}
		if w.play(d.Options[pick].ID) != nil {
			break
		}
	}
	return searchEval(w, me)
}

// LastIterations is how many samples the last searched decision drew.
func (s *Search) LastIterations() int { return s.iters }

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

// searchEval scores a position at a playout's end for side me: the victory
// points by source and what the position promises (evalFeatures), weighted
// by a least-squares fit of the final margin (25.1) on these features at
// the ends of operations phases of heuristic games of every set-up (600
// games, 30,000 positions; scripts/gg-fit-eval.sh). On games it was not
// fitted on it explains 73% of the final margin's variance, Eval 56%.
// Open war's penalty and the bonus cities count at their VP.
func searchEval(g *Game, me Side) float64 {
	if g.Over {
		return float64(g.VP(me) - g.VP(me.Other()))
	}
	f, exact := evalFeatures(g, me)
	out := 0.0
	for i, x := range f {
		out += evalWeights[i] * x
	}
	return out + exact
}

// evalWeights are searchEval's fitted weights, in evalFeatureNames' order.
var evalWeights = [numEvalFeatures]float64{1.483, 0.854, 0.914, 0.705, 0.900, 0.153, 0.029}

// evalFeatureNames name evalFeatures' features.
var evalFeatureNames = [numEvalFeatures]string{"regions", "cities", "markers", "bop", "treasury", "material", "incomeLeft"}

const numEvalFeatures = 7

// evalFeatures are the features searchEval weighs, side me's minus the
// other side's: the victory points of regions, cities, markers and the
// Balance of Power (25.1), the treasury in tens of pounds, the strength of
// the combat units on the map and in the bases, and the city income times
// the turns left; and exact, the victory points searchEval counts as they
// are (open war's penalty and the bonus cities).
func evalFeatures(g *Game, me Side) (f [numEvalFeatures]float64, exact float64) {
	a, b := g.Score(me), g.Score(me.Other())
	var mat [2]float64
	for p := range g.Pieces {
		l := g.Pieces[p].Loc
		if l < 0 && l != LocBaseBr && l != LocBaseRu || g.IsAgent(p) {
			continue
		}
		if o := g.Owner(p); o == British || o == Russian {
			mat[o] += float64(g.Strength(p))
		}
	}
	inc := 0.0
	if left := g.LastTurn - g.Turn; left > 0 {
		mc, mr := g.CityIncome(me)
		oc, or := g.CityIncome(me.Other())
		inc = float64(left) * float64(mc+mr-oc-or)
	}
	f = [numEvalFeatures]float64{float64(a.Regions - b.Regions), float64(a.Cities - b.Cities), float64(a.Markers - b.Markers),
		float64(a.BoP - b.BoP), float64(g.Pounds[me]-g.Pounds[me.Other()]) / 10, mat[me] - mat[me.Other()], inc}
	return f, float64(a.OpenWar - b.OpenWar + a.Bonus - b.Bonus)
}
