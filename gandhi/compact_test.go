package gandhi

import (
	"testing"

	"durbar/core"
	"durbar/core/gametest"
)

// The compact door (Legal/Play/Spell) is the same game as Decision/Apply:
// at every step the actions are the options in order, Spell names the
// option Decision lists, and playing the same picks by action and by id
// gives identical games.
func TestCompactSameGames(t *testing.T) {
	d := testData(t)
	seeds := 12
	if testing.Short() {
		seeds = 4
	}
	var _ core.Compact = (*Game)(nil)
	for _, sc := range []string{"main", "short", "quick"} {
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			np := []string(nil)
			if seed%2 == 0 {
				np = []string{"raj", "rev"}
			}
			a, err := New(d, Setup{Scenario: sc, NP: np}, seed)
			if err != nil {
				t.Fatal(err)
			}
			b := a.clone()
			pa, pb := core.NewRNG(seed), core.NewRNG(seed)
			for n := 0; !a.Over; n++ {
				if n > 200000 {
					t.Fatalf("%s/%d: no end", sc, seed)
				}
				if a.NPToMove() && n%3 != 0 {
					if err := gametest.SameDecision(a, b); err != nil {
						t.Fatalf("%s/%d step %d: %v", sc, seed, n, err)
					}
					ida, err1 := a.ApplyNP()
					idb, err2 := b.ApplyNP()
					if err1 != nil || err2 != nil || ida != idb {
						t.Fatalf("%s/%d step %d: NP %q %v / %q %v", sc, seed, n, ida, err1, idb, err2)
					}
					continue
				}
				if err := gametest.SameStep(a, b, &pa, &pb, n%7 == 0); err != nil {
					t.Fatalf("%s/%d step %d: %v", sc, seed, n, err)
				}
			}
			if !b.Over || !sameGame(a, b) {
				t.Fatalf("%s/%d: the compact door played a different game", sc, seed)
			}
		}
	}
}

// An action that is not legal is refused with the decision's rule, and
// the game is unchanged.
func TestCompactIllegal(t *testing.T) {
	g, err := New(testData(t), Setup{Scenario: "main"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	err = gametest.RefusesIllegal(g, func() func() bool {
		before := g.clone()
		return func() bool { return sameGame(before, g) }
	})
	if err != nil {
		t.Fatal(err)
	}
}

// randomCompact plays one random game through the compact door with the
// random bot, log off, as `durbar sim` does, and returns the decisions.
func randomCompact(t testing.TB, d *Data, sc string, seed uint64) int {
	g, err := New(d, Setup{Scenario: sc}, seed)
	if err != nil {
		t.Fatal(err)
	}
	g.SetLog(false)
	n, err := gametest.PlayRandom(g, seed, 200000)
	if err != nil {
		t.Fatalf("%s/%d: %v", sc, seed, err)
	}
	return n
}

// BenchmarkRandomCompact plays whole random Main games through the compact
// door, log off: the random-legal simulator's speed.
func BenchmarkRandomCompact(b *testing.B) {
	d := testData(b)
	decisions := 0
	cpu := gametest.CPUSeconds()
	for i := 0; i < b.N; i++ {
		decisions += randomCompact(b, d, "main", uint64(i%100+1))
	}
	if used := gametest.CPUSeconds() - cpu; cpu > 0 && used > 0 {
		b.ReportMetric(float64(decisions)/used, "decisions/CPU-s")
	}
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}

// Steady-state random play through the compact door allocates (almost)
// nothing per decision: option and space lists live in the game's arena.
// The guard is what the code reaches today, so a change that brings back
// allocations per decision fails here.
func TestCompactAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under coverage or the race detector")
	}
	d := testData(t)
	const maxPerDecision = 0.5
	for _, sc := range []string{"main", "short"} {
		total, decisions := 0.0, 0
		for seed := uint64(1); seed <= 5; seed++ {
			n := 0
			whole := testing.AllocsPerRun(1, func() { n = randomCompact(t, d, sc, seed) })
			setup := testing.AllocsPerRun(1, func() {
				g, _ := New(d, Setup{Scenario: sc}, seed)
				g.SetLog(false)
				g.Legal(nil)
			})
			total += whole - setup
			decisions += n
		}
		if per := total / float64(decisions); per > maxPerDecision {
			t.Errorf("%s: %.2f allocations per random decision, want at most %.1f", sc, per, maxPerDecision)
		} else {
			t.Logf("%s: %.2f allocations per random decision over %d decisions", sc, per, decisions)
		}
	}
}
