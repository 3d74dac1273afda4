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
		name := "scenario" + sc.Scenario
		b.Run(name, func(b *testing.B) {
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
				rng := core.NewRNG(uint64(i) + 99)
				for !g.Over {
					d := g.Decision()
					if err := g.Apply(d.Options[rng.IntN(len(d.Options))].ID); err != nil {
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
		})
	}
}
