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

// BenchmarkState measures what every decision and every search pays for
// the state itself: a deep copy (clone, as a bot's search does), the undo
// copy taken in place (fill) and the comparison that checks the pending
// decision's list is still the state's (same), on a mid-game Main state.
func BenchmarkState(b *testing.B) {
	g, err := New(testData(b), Setup{Scenario: "main"}, 1)
	if err != nil {
		b.Fatal(err)
	}
	g.SetLog(false)
	pick := core.NewRNG(5)
	for i := 0; i < 200 && !g.Over; i++ {
		buf := g.Legal(nil)
		if err := g.Play(buf[pick.IntN(len(buf))]); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("clone", func(b *testing.B) {
		for b.Loop() {
			_ = g.clone()
		}
	})
	s := g.save()
	b.Run("fill", func(b *testing.B) {
		for b.Loop() {
			s.fill(g)
		}
	})
	b.Run("same", func(b *testing.B) {
		for b.Loop() {
			if !g.same(s) {
				b.Fatal("a state differs from its own copy")
			}
		}
	})
}
