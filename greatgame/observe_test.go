package greatgame

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"durbar/core"
	"durbar/core/gametest"
)

// setUp plays the set-up the standard way.
func setUp(t *testing.T, scenario string, seed uint64) *Game {
	t.Helper()
	g := newTestGame(t, scenario, 0, seed)
	for g.Seq == SeqSetup {
		if err := g.Apply("standard"); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func pieceByID(g *Game, id string, loc int16) int {
	for i := range g.Pieces {
		if g.r.tpl[i].ID == id && g.Pieces[i].Loc == loc {
			return i
		}
	}
	return -1
}

// Two games that differ only in what the British may not see — the make-up
// of a Russian stack far from any British unit, and the Russian treasury —
// give the British identical observations (22.1, 9.0).
func TestObservationHidesWhatASeatMayNotSee(t *testing.T) {
	a := setUp(t, "1", 3)
	b := a.clone()
	orenburg := int16(a.r.m.Cities[a.r.m.CityIndex("orenburg")].Square)
	ff := pieceByID(b, "russian/field-force/1", orenburg)
	gar := pieceByID(b, "russian/garrison/1", LocAvail)
	if ff < 0 || gar < 0 {
		t.Fatal("test set-up: no Russian field force at Orenburg or garrison in the mix")
	}
	b.Pieces[ff].Loc, b.Pieces[gar].Loc = LocAvail, orenburg
	b.Pounds[Russian] += 17
	if !reflect.DeepEqual(a.Observe(0), b.Observe(0)) {
		t.Error("the British see a difference in a hidden Russian stack or the Russian treasury")
	}
	if reflect.DeepEqual(a.Observe(1), b.Observe(1)) {
		t.Error("the Russian does not see its own stack or treasury change")
	}
	// a British agent in Orenburg examines the stack (22.1(1))
	keane := pieceByID(a, "keane", a.Pieces[a.r.agentTpl["keane"]].Loc)
	a.Pieces[keane].Loc, b.Pieces[keane].Loc = orenburg, orenburg
	if reflect.DeepEqual(a.Observe(0), b.Observe(0)) {
		t.Error("a British agent in the square does not let the British examine the stack")
	}
}

func TestObservationHidesPurchasesAndOthersPrompts(t *testing.T) {
	g := setUp(t, "1", 4)
	p := pieceByID(g, "russian/field-force/1", LocAvail)
	before := g.Observe(0)
	g.Pieces[p].Loc, g.Pieces[p].Flags = LocBaseRu, FlagNew
	if !reflect.DeepEqual(before, g.Observe(0)) {
		t.Error("the British see a Russian purchase of the running income phase (3.1(3))")
	}
	o := g.Observe(1 - int(g.top().Side))
	if o.Pending.Prompt != "" || len(o.Pending.Options) != 0 {
		t.Errorf("the seat that does not decide sees the prompt or options: %+v", o.Pending)
	}
	if spec := g.Observe(-1); spec.Pounds != 0 {
		t.Error("a spectator sees a treasury")
	}
}

// Moving a unit into a square with hidden enemy counters shows them: the
// undo barrier moves (the secret, once seen, stays seen).
func TestArrivalRevealsAndMovesTheBarrier(t *testing.T) {
	g := setUp(t, "1", 5)
	var before seenSet
	g.seen(&before)
	n := g.Irreversible().N
	orenburg := int16(g.r.m.Cities[g.r.m.CityIndex("orenburg")].Square)
	keane := g.r.agentTpl["keane"]
	g.Pieces[keane].Loc = orenburg
	g.revealNewlySeen(&before)
	if b := g.Irreversible(); b.N == n || !strings.Contains(b.What, "examined") {
		t.Errorf("barrier %+v did not move when the British examined the Orenburg stack", b)
	}
}

// The set-ups place every counter they list: the elephants of scenario 1
// (one group each: the counter's back, clarifications).
func TestSetupPlacesElephants(t *testing.T) {
	for _, sc := range []string{"1", "2"} {
		g := setUp(t, sc, 1)
		n := 0
		for p := range g.Pieces {
			if g.OnMap(p) && g.T(p).Agent < 0 && g.r.types[g.T(p).Type] == "elephant" {
				n++
				if g.Brigades(p) != 1 {
					t.Errorf("scenario %s: an elephant counter shows %d groups, want 1", sc, g.Brigades(p))
				}
			}
		}
		if want := map[string]int{"1": 2, "2": 1}[sc]; n != want {
			t.Errorf("scenario %s: %d elephant counters on the map, want %d", sc, n, want)
		}
	}
}

// The undo barrier moves whenever a step shows a seat something it could
// not see (gametest.Barrier: copies that differ only in what the deciding
// seat may not see must look the same to it after the step, unless the
// barrier moved).
func TestBarrierMovesWhenSomethingIsRevealed(t *testing.T) {
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	games, steps := 6, 4000
	if testing.Short() {
		games, steps = 2, 1500
	}
	for _, sc := range []Setup{{Scenario: "1"}, {Scenario: "2"}} {
		err := gametest.Barrier{
			New: func(seed uint64) (core.Game, error) {
				g, err := New(d, sc, seed)
				if err == nil {
					g.SetQuiet(true)
				}
				return g, err
			},
			Observe: func(g core.Game, seat int) any {
				o := g.(*Game).Observe(seat)
				o.Log = nil // the log is off in these games
				return o
			},
			Games: games, Steps: steps,
		}.Run()
		if err != nil {
			t.Errorf("scenario %s: %v", sc.Scenario, err)
		}
	}
}

// Determinize keeps the deciding seat's observation and the barrier.
func TestDeterminizeKeepsTheObservation(t *testing.T) {
	g := setUp(t, "1", 2)
	rng := core.NewRNG(1)
	for i := 0; i < 3000 && !g.Over; i++ {
		if i%50 == 0 {
			seat := int(g.top().Side)
			c := g.clone()
			c.Determinize(uint64(i))
			if !reflect.DeepEqual(g.Observe(seat), c.Observe(seat)) {
				t.Fatalf("step %d: Determinize changed what seat %d sees", i, seat)
			}
			if c.Irreversible() != g.Irreversible() {
				t.Fatalf("step %d: Determinize moved the barrier", i)
			}
			if err := c.Check(); err != nil {
				t.Fatalf("step %d: a determinized game breaks an invariant: %v", i, err)
			}
		}
		d := g.Decision()
		if err := g.Apply(d.Options[rng.IntN(len(d.Options))].ID); err != nil {
			t.Fatal(err)
		}
	}
}

// A sample deals the other side's hidden counters only where the rules let
// them stand: a side's counters in a neutral region's city, or with its
// units, are agents (5.4.1, 5.4.4), so no sample invades a region the true
// game does not, and every agent of the other side standing there in the
// true game stands there in the sample as an agent (not a combat unit that
// would hand the region to the seat at the next belligerence check).
func TestSampleKeepsNeutrality(t *testing.T) {
	for _, sc := range botScenarios {
		for seed := uint64(1); seed <= 2; seed++ {
			g := newTestGame(t, sc.id, sc.start, seed)
			g.SetQuiet(true)
			h := [2]*Heuristic{NewHeuristic(seed), NewHeuristic(seed + 7)}
			checked := 0
			for step := 0; !g.Over; step++ {
				d := g.Decision()
				if step%7 == 0 && g.top() != nil {
					me := g.top().Side
					if me == British || me == Russian {
						s := g.Sample(me, seed<<20|uint64(step))
						other := me.Other()
						if got, want := s.invadedRegions(other), g.invadedRegions(other); !slices.Equal(got, want) {
							t.Fatalf("scenario %s seed %d step %d: the sample has %v invading %v, the game %v", sc.id, seed, step, other, got, want)
						}
						if got, want := agentsInNeutralCities(s, other), agentsInNeutralCities(g, other); got != want {
							t.Fatalf("scenario %s seed %d step %d: %d agents of %v in neutral cities in the sample, %d in the game", sc.id, seed, step, got, other, want)
						}
						checked++
					}
				}
				pick := 0
				if len(d.Options) > 1 {
					pick, _ = h[d.Player].Choose(g)
				}
				if err := g.Apply(d.Options[pick].ID); err != nil {
					t.Fatal(err)
				}
			}
			if checked == 0 {
				t.Fatalf("scenario %s: no position checked", sc.id)
			}
		}
	}
}

// agentsInNeutralCities counts side s's agents in cities of neutral regions.
func agentsInNeutralCities(g *Game, s Side) int {
	n := 0
	for p := range g.Pieces {
		sq := g.Pieces[p].Loc
		if sq < 0 || !g.IsAgent(p) || g.Owner(p) != s || g.r.cityAt[sq] < 0 {
			continue
		}
		if r := g.sqRegion(sq); r >= 0 && g.Control[r] == NoSide {
			n++
		}
	}
	return n
}
