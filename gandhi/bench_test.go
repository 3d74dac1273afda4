package gandhi

import (
	"testing"

	"durbar/core"
)

// BenchmarkDecision measures listing the legal options at the states met in
// a random game.
func BenchmarkDecision(b *testing.B) {
	d := testData(b)
	var states []*Game
	g, _ := New(d, Setup{Scenario: "main"}, 1)
	pick := core.NewRNG(99)
	for !g.Over && len(states) < 2000 {
		states = append(states, g.clone())
		dec := g.Decision()
		_ = g.Apply(dec.Options[pick.IntN(len(dec.Options))].ID)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = states[i%len(states)].Decision()
	}
}

// BenchmarkRandomGame plays whole random games of the Main scenario and
// reports decisions per second.
func BenchmarkRandomGame(b *testing.B) {
	d := testData(b)
	decisions := 0
	for i := 0; i < b.N; i++ {
		_, n := playRandom(b, d, "main", uint64(i+1), false)
		decisions += n
	}
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}
