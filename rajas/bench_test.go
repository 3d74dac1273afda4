package rajas

import (
	"testing"

	"durbar/core"
)

// BenchmarkRandomGame plays whole 4-player games with random options.
func BenchmarkRandomGame(b *testing.B) {
	d := testData(b)
	decisions := 0
	for i := 0; i < b.N; i++ {
		g, _ := New(d, Setup{Players: 4}, uint64(i))
		pick := core.NewRNG(uint64(i))
		for !g.Over {
			o := g.Decision().Options
			if err := g.Apply(o[pick.IntN(len(o))].ID); err != nil {
				b.Fatal(err)
			}
			decisions++
		}
	}
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}

// BenchmarkCloneApply is the inner loop of a searching bot.
func BenchmarkCloneApply(b *testing.B) {
	d := testData(b)
	g, _ := New(d, Setup{Players: 4, Navaratnas: true}, 1)
	pick := core.NewRNG(1)
	for k := 0; k < 100; k++ {
		o := g.Decision().Options
		g.Apply(o[pick.IntN(len(o))].ID)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := g.Clone().(*Game)
		o := c.Decision().Options
		c.Apply(o[i%len(o)].ID)
	}
}
