package rajas

import "testing"

// midGames are mid-game 4-player positions (basic and Navaratnas) reached
// by heuristic play: the searching bot's benchmark positions.
func midGames(b testing.TB) []*Game {
	d := testData(b)
	var gs []*Game
	for i, s := range []Setup{{Players: 4}, {Players: 4, Navaratnas: true}} {
		for _, n := range []int{40, 90, 140} {
			seed := uint64(10*i + n)
			g, err := New(d, s, seed)
			if err != nil {
				b.Fatal(err)
			}
			h := NewHeuristicBot(seed)
			for k := 0; k < n && !g.Over; k++ {
				dec := g.Decision()
				if err := g.Apply(h.Choose(g, dec)); err != nil {
					b.Fatal(err)
				}
			}
			// Search only real choices.
			for !g.Over && len(g.Decision().Options) < 2 {
				if err := g.Apply(g.Decision().Options[0].ID); err != nil {
					b.Fatal(err)
				}
			}
			if g.Over {
				b.Fatalf("seed %d: over after %d decisions", seed, n)
			}
			gs = append(gs, g)
		}
	}
	return gs
}

// BenchmarkMCTSBot is one decision of NewMCTSBot at the server's budget
// (150 iterations) on mid-game 4-player positions; iter/s is the search's
// speed.
func BenchmarkMCTSBot(b *testing.B) {
	gs := midGames(b)
	iters := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := gs[i%len(gs)]
		bot := NewMCTSBot(uint64(i), 150)
		bot.Choose(g, g.Decision())
		iters += bot.(interface{ LastIterations() int }).LastIterations()
	}
	b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iter/s")
}
