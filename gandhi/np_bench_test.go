package gandhi

import (
	"strings"
	"testing"

	"durbar/core/gametest"
)

// reportCPU reports games per CPU-second of the process (every thread,
// the collector's included) since cpu was read.
func reportCPU(b *testing.B, games int, cpu float64) {
	if used := gametest.CPUSeconds() - cpu; cpu > 0 && used > 0 {
		b.ReportMetric(float64(games)/used, "games/CPU-s")
	}
}

// benchNPGame plays one whole all-Non-Player game the way `durbar sim
// --players np` does (no invariant checks) and returns the decisions taken.
func benchNPGame(b *testing.B, d *Data, scenario string, seed uint64, log bool) int {
	g, err := New(d, Setup{Scenario: scenario, NP: allNP}, seed)
	if err != nil {
		b.Fatal(err)
	}
	g.SetLog(log)
	n := 0
	for !g.Over {
		if id, err := g.ApplyNP(); err != nil {
			b.Fatalf("seed %d step %d: NP option %q refused: %v", seed, n, id, err)
		}
		if n++; n > 100000 {
			b.Fatalf("seed %d: game does not end (stall?)", seed)
		}
	}
	return n
}

// BenchmarkNPGame plays whole games with the four factions Non-Players, one
// game per op (seeds cycle through 1..100 so the mix of games does not depend
// on b.N much), and reports games/s and decisions/s on one goroutine. The
// "-nolog" runs switch the log off, as `durbar sim` does (SetLog).
func BenchmarkNPGame(b *testing.B) {
	d := testData(b)
	for _, name := range []string{"short", "main", "short-nolog", "main-nolog"} {
		sc, nolog := strings.CutSuffix(name, "-nolog")
		b.Run(name, func(b *testing.B) {
			decisions := 0
			cpu := gametest.CPUSeconds()
			for i := 0; i < b.N; i++ {
				decisions += benchNPGame(b, d, sc, uint64(i%100+1), !nolog)
			}
			reportCPU(b, b.N, cpu)
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
			b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
		})
	}
}

// BenchmarkNPDecision measures one Non-Player decision without playing it
// (NPChoice: copy the state, list the options, run the Arjuna handlers) over
// states met in all-NP Main games; compare with BenchmarkDecision, which only
// lists the options.
func BenchmarkNPDecision(b *testing.B) {
	d := testData(b)
	// Every 8th state of the first games, without their logs, so that the
	// stored states stay small and the collector does not dominate.
	var states []*Game
	for seed := uint64(1); len(states) < 400 && seed < 50; seed++ {
		g, err := New(d, Setup{Scenario: "main", NP: allNP}, seed)
		if err != nil {
			b.Fatal(err)
		}
		for n := 0; !g.Over && len(states) < 400; n++ {
			if n%8 == 0 {
				c := g.clone()
				c.LogText = nil
				states = append(states, c)
			}
			if _, err := g.ApplyNP(); err != nil {
				b.Fatal(err)
			}
		}
	}
	if len(states) == 0 {
		b.Fatal("no states")
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := states[i%len(states)].NPChoice(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
}
