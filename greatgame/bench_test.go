package greatgame

import (
	"testing"

	"durbar/core"
	"durbar/core/gametest"
)

// BenchmarkRandomGame plays whole random games of each scenario, the log
// off; it reports games and decisions per CPU-second.
func BenchmarkRandomGame(b *testing.B) {
	for _, sc := range []Setup{{Scenario: "1"}, {Scenario: "2"}, {Scenario: "3", Start: 1}} {
		b.Run("scenario"+sc.Scenario, func(b *testing.B) {
			benchGames(b, sc, func(i int) func(*Game, core.Decision) int {
				rng := core.NewRNG(uint64(i) + 99)
				return func(_ *Game, d core.Decision) int { return rng.IntN(len(d.Options)) }
			})
		})
	}
}

// BenchmarkHeuristicGame plays whole games of scenario 1 with the heuristic
// on both sides, the log off.
func BenchmarkHeuristicGame(b *testing.B) {
	benchGames(b, Setup{Scenario: "1"}, func(i int) func(*Game, core.Decision) int {
		ps := [2]*Heuristic{NewHeuristic(uint64(i)), NewHeuristic(uint64(i) + 1)}
		return func(g *Game, d core.Decision) int {
			k, _ := ps[d.Player].Choose(g)
			return k
		}
	})
}

// benchGames plays b.N games of a set-up, game i seeded i and played by
// the chooser players(i) returns; it reports games and decisions per
// CPU-second.
func benchGames(b *testing.B, sc Setup, players func(i int) func(*Game, core.Decision) int) {
	d, err := DefaultData()
	if err != nil {
		b.Fatal(err)
	}
	decisions := 0
	cpu := gametest.CPUSeconds()
	for i := 0; i < b.N; i++ {
		g, err := New(d, sc, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		g.SetQuiet(true)
		choose := players(i)
		for !g.Over {
			d := g.Decision()
			if err := g.Apply(d.Options[choose(g, d)].ID); err != nil {
				b.Fatal(err)
			}
			decisions++
		}
	}
	if s := gametest.CPUSeconds() - cpu; s > 0 {
		b.ReportMetric(float64(b.N)/s, "games/CPU-s")
		b.ReportMetric(float64(decisions)/s, "decisions/CPU-s")
	}
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}

// BenchmarkSearchNegotiate times the search's choice of a region to
// negotiate with (its longest decision: each candidate is played to the
// end of the turn), sixteen samples, on the first such choice of a
// heuristic game of scenario 1.
func BenchmarkSearchNegotiate(b *testing.B) {
	d, err := DefaultData()
	if err != nil {
		b.Fatal(err)
	}
	g, err := New(d, Setup{Scenario: "1"}, 3)
	if err != nil {
		b.Fatal(err)
	}
	g.SetQuiet(true)
	h := NewHeuristic(3)
	for !g.Over && !(g.top().Step == StepNegotiate && len(g.Decision().Options) > 2) {
		k, _ := h.Choose(g)
		if err := g.Apply(g.Decision().Options[k].ID); err != nil {
			b.Fatal(err)
		}
	}
	if g.Over {
		b.Fatal("no negotiation choice")
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := NewSearch(uint64(i), DefaultSearchIterations, 0)
		s.Choose(g)
	}
}
