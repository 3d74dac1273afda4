package rajas

import (
	"reflect"
	"testing"

	"durbar/bots"
	"durbar/core"
	"durbar/core/gametest"
)

// The compact door (Legal/Play/Spell) is the same game as Decision/Apply:
// at every step the actions are the options in order, Spell names the
// option Decision lists, and the same picks by action and by id give
// identical games.
func TestCompactSameGames(t *testing.T) {
	d := testData(t)
	seeds := 6
	if testing.Short() {
		seeds = 2
	}
	var _ core.Compact = (*Game)(nil)
	for _, v := range variants {
		for n := 2; n <= 4; n++ {
			for seed := uint64(1); seed <= uint64(seeds); seed++ {
				a, err := New(d, v.setup(n), seed)
				if err != nil {
					t.Fatal(err)
				}
				b := a.clone()
				pa, pb := core.NewRNG(seed), core.NewRNG(seed)
				for k := 0; !a.Over; k++ {
					if k > 20000 {
						t.Fatalf("%s/%d/%d: no end", v.name, n, seed)
					}
					if err := gametest.SameStep(a, b, &pa, &pb, k%5 == 0); err != nil {
						t.Fatalf("%s/%d/%d step %d: %v", v.name, n, seed, k, err)
					}
				}
				if b.Decider() != -1 || len(b.Legal(nil)) != 0 || !reflect.DeepEqual(a, b) {
					t.Fatalf("%s/%d/%d: the compact door played a different game", v.name, n, seed)
				}
			}
		}
	}
}

// An action that is not legal is refused with the decision's rule, and the
// game is unchanged.
func TestCompactIllegal(t *testing.T) {
	g, err := New(testData(t), Setup{Players: 3}, 3)
	if err != nil {
		t.Fatal(err)
	}
	err = gametest.RefusesIllegal(g, func() func() bool {
		before := g.clone()
		return func() bool { return reflect.DeepEqual(before, g) }
	})
	if err != nil {
		t.Fatal(err)
	}
}

// randomCompact plays one random game through the compact door, log off,
// and returns the decisions.
func randomCompact(t testing.TB, d *Data, setup Setup, seed uint64) int {
	g, err := New(d, setup, seed)
	if err != nil {
		t.Fatal(err)
	}
	g.SetQuiet(true)
	n, err := gametest.PlayRandom(g, seed, 100000)
	if err != nil {
		t.Fatalf("%+v/%d: %v", setup, seed, err)
	}
	return n
}

// A random-play decision on the compact door, log off, allocates next to
// nothing (an average over whole games, set-up included).
func TestCompactAllocs(t *testing.T) {
	d := testData(t)
	for _, s := range []Setup{{Players: 4}, {Players: 4, Navaratnas: true, Ganga: true}} {
		decisions := 0
		seed := uint64(0)
		allocs := testing.AllocsPerRun(5, func() {
			seed++
			decisions += randomCompact(t, d, s, seed)
		})
		perDecision := allocs * 6 / float64(decisions) // AllocsPerRun runs f once more to warm up
		if perDecision > 2 {
			t.Errorf("%+v: %.2f allocations per decision, want at most 2", s, perDecision)
		}
	}
}

// BenchmarkRandomCompact plays whole random 4-player games through the
// compact door, log off: the random-legal simulator's speed.
func BenchmarkRandomCompact(b *testing.B) {
	d := testData(b)
	decisions := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		decisions += randomCompact(b, d, Setup{Players: 4}, uint64(i%100+1))
	}
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}

// The heuristic and searching bots choose the same on the compact door as
// by option id: the simulator may drive either door and get one game.
func TestBotsChooseAction(t *testing.T) {
	d := testData(t)
	g, err := New(d, Setup{Players: 4, Navaratnas: true}, 11)
	if err != nil {
		t.Fatal(err)
	}
	var _ bots.ActionPlayer = &HeuristicBot{}
	byID, byAction := NewHeuristicBot(5), NewHeuristicBot(5)
	searchID, searchAction := newMCTSBot(6, 30, mctsRolloutDepth, mctsKeep, mctsExploration), newMCTSBot(6, 30, mctsRolloutDepth, mctsKeep, mctsExploration)
	pick := core.NewRNG(1)
	for n := 0; !g.Over && n < 300; n++ {
		dec := g.Decision()
		legal := g.Legal(nil)
		bot := byID.Choose(g, dec)
		if a := byAction.(bots.ActionPlayer).ChooseAction(g, legal); g.ActionID(a) != bot {
			t.Fatalf("step %d: heuristic chose %q by id, %q by action", n, bot, g.ActionID(a))
		}
		if n%25 == 0 {
			s := searchID.Choose(g, dec)
			if a := searchAction.ChooseAction(g, legal); g.ActionID(a) != s {
				t.Fatalf("step %d: search chose %q by id, %q by action", n, s, g.ActionID(a))
			}
		}
		if err := g.Play(legal[pick.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
}
