package gandhi

import (
	"sort"
	"testing"
)

// npMaxAllocsPerDecision bounds the allocations of one Non-Player decision
// (NPChoice on a listed decision: the Arjuna procedures, their Event
// look-ahead and the undo), averaged over the decisions of all-NP games with
// the log off. The option lists are the rules' (listed once per decision,
// not counted here).
const npMaxAllocsPerDecision = 1

func TestNPDecisionAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under coverage or the race detector")
	}
	d := testData(t)
	var per []float64
	total, n := 0.0, 0
	for _, sc := range []string{"short", "main"} {
		for seed := uint64(1); seed <= 3; seed++ {
			g, err := New(d, Setup{Scenario: sc, NP: allNP}, seed)
			if err != nil {
				t.Fatal(err)
			}
			g.SetLog(false)
			for step := 0; !g.Over; step++ {
				a := testing.AllocsPerRun(3, func() {
					if _, _, err := g.NPChoice(); err != nil {
						t.Fatal(err)
					}
				})
				per = append(per, a)
				total += a
				n++
				if _, err := g.ApplyNP(); err != nil {
					t.Fatalf("%s seed %d step %d: %v", sc, seed, step, err)
				}
			}
		}
	}
	avg := total / float64(n)
	sort.Float64s(per)
	t.Logf("%d decisions: %.2f allocations each on average, median %.0f, max %.0f", n, avg, per[len(per)/2], per[len(per)-1])
	if avg > npMaxAllocsPerDecision {
		t.Errorf("a Non-Player decision allocates %.2f times on average; want at most %d", avg, npMaxAllocsPerDecision)
	}
}

// Whole all-Non-Player games, log off, as the simulator plays them: the
// decisions (listing, choosing and playing) allocate at most once each on
// average, beyond what setting up a game takes.
func TestNPGameAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under coverage or the race detector")
	}
	d := testData(t)
	const maxPerDecision = 1.0
	for _, sc := range []string{"main", "short"} {
		total, decisions := 0.0, 0
		for seed := uint64(1); seed <= 4; seed++ {
			n := 0
			whole := testing.AllocsPerRun(1, func() {
				g, err := New(d, Setup{Scenario: sc, NP: allNP}, seed)
				if err != nil {
					t.Fatal(err)
				}
				g.SetLog(false)
				for n = 0; !g.Over; n++ {
					if _, err := g.ApplyNP(); err != nil {
						t.Fatal(err)
					}
				}
			})
			setup := testing.AllocsPerRun(1, func() {
				g, _ := New(d, Setup{Scenario: sc, NP: allNP}, seed)
				g.SetLog(false)
			})
			total += whole - setup
			decisions += n
		}
		per := total / float64(decisions)
		t.Logf("%s: %.2f allocations per Non-Player decision over %d decisions", sc, per, decisions)
		if per > maxPerDecision {
			t.Errorf("%s: %.2f allocations per Non-Player decision, want at most %.1f", sc, per, maxPerDecision)
		}
	}
}
