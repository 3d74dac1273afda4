package gandhi

import (
	"slices"
	"testing"

	"durbar/core"
)

// Tests of the apply machinery (game.go): steps applied in place with an
// undo snapshot, the pending decision's options remembered between moves,
// options listed quietly (without labels) for the engine, and probes of
// where (ops.go).

func init() {
	// A step that changes the game and then panics, to test the undo.
	register("zz-panic", stepDef{rule: "test",
		options: func(g *Game, fr *frame) []core.Option {
			return []core.Option{opt("go", "Go", "test"), opt("stop", "Stop", "test")}
		},
		apply: func(g *Game, fr *frame, id string) error {
			g.place(0, Troop)
			g.logf("placed a Troop")
			g.Draw = g.Draw[1:]
			fr.N++
			g.push(frame{Step: "zz-panic", N: 7})
			g.np.Plan.Box = "changed"
			g.turn.OpSpaces.add(3)
			panic("zz-panic")
		},
	})
	npHandle("zz-panic", func(g *Game, fr *frame, d core.Decision) (string, string) {
		g.np.Plan.Draws += 5
		g.np.rng.IntN(6)
		return "go", "test"
	})
}

func mustPanic(t *testing.T, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Fatal("no panic")
		}
	}()
	f()
}

// TestApplyUndoesAPanic: a step that panics half-way leaves the game exactly
// as it was, with Apply and with ApplyNP.
func TestApplyUndoesAPanic(t *testing.T) {
	for _, np := range [][]string{nil, allNP} {
		g, err := New(testData(t), Setup{Scenario: "short", NP: np}, 3)
		if err != nil {
			t.Fatal(err)
		}
		for range 20 { // some moves, so that a pending list is remembered
			if np == nil {
				err = g.Apply(g.Decision().Options[0].ID)
			} else {
				_, err = g.ApplyNP()
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		g.push(frame{Step: "zz-panic", F: Congress})
		g.advance()
		before := g.clone()
		mustPanic(t, func() { g.Apply("go") })
		if !sameGame(before, g) {
			t.Fatalf("np=%v: Apply's panic changed the game", np)
		}
		if np != nil {
			mustPanic(t, func() { g.ApplyNP() })
			if !sameGame(before, g) {
				t.Fatal("ApplyNP's panic changed the game")
			}
		}
		if err := g.Apply("nothing"); err == nil {
			t.Fatal("unlisted option accepted")
		}
		if !sameGame(before, g) {
			t.Fatal("a refused option changed the game")
		}
		// The game goes on normally once the step is gone.
		g.pop()
		g.advance()
		if err := g.Apply(g.Decision().Options[0].ID); err != nil {
			t.Fatal(err)
		}
	}
}

// quietIDs lists the pending decision's option ids as Apply and ApplyNP see
// them (remembered or listed quietly).
func quietIDs(g *Game) []string {
	was := g.setQuiet(true)
	opts, s := g.listed(false)
	s.release()
	g.quiet = was
	var out []string
	for _, o := range opts {
		out = append(out, o.ID)
	}
	return out
}

// TestRememberedOptions: the options Apply and ApplyNP use are those that
// Decision lists, and a game changed by other means (a test writing the
// board) lists them afresh.
func TestRememberedOptions(t *testing.T) {
	d := testData(t)
	for _, np := range [][]string{nil, allNP} {
		g, err := New(d, Setup{Scenario: "main", NP: np}, 11)
		if err != nil {
			t.Fatal(err)
		}
		pick := core.NewRNG(5)
		n := 0
		for ; !g.Over && n < 3000; n++ {
			dec := g.Decision()
			if got, want := quietIDs(g), ids(dec); !slices.Equal(got, want) {
				t.Fatalf("step %d: Apply sees %v, Decision lists %v", n, got, want)
			}
			if n%50 == 7 {
				// Change the board behind the engine's back: a Troop
				// more everywhere, Resources and tracks moved.
				for i := range g.Sp {
					if g.Avail[Troop] > 0 && !g.isRailway(i) {
						g.Avail[Troop]--
						g.Sp[i].P[Troop]++
						g.touch(i)
					}
				}
				g.Resources[Raj] = min(MaxResources, g.Resources[Raj]+7)
				if got, want := quietIDs(g), ids(g.Decision()); !slices.Equal(got, want) {
					t.Fatalf("step %d after a change: Apply sees %v, Decision lists %v", n, got, want)
				}
			}
			if np != nil {
				if _, err := g.ApplyNP(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if err := g.Apply(dec.Options[pick.IntN(len(dec.Options))].ID); err != nil {
				// The changed board may have taken an option away.
				if err := g.Apply(g.Decision().Options[0].ID); err != nil {
					t.Fatal(err)
				}
			}
		}
		if n < 100 {
			t.Fatalf("np=%v: only %d moves", np, n)
		}
	}
}

// TestProbesAgreeWithFullLists: opPossible and saOptions stop at the first
// space that would be offered (where); every probe is checked against the
// full list over whole games.
func TestProbesAgreeWithFullLists(t *testing.T) {
	probeCheck = true
	defer func() { probeCheck = false }()
	d := testData(t)
	seeds := uint64(8)
	if testing.Short() {
		seeds = 2
	}
	for _, sc := range goldenScenarios {
		for s := uint64(1); s <= seeds; s++ {
			goldenNP(t, d, sc, s, allNP)
			goldenNP(t, d, sc, s, []string{"raj", "rev"})
			goldenRandom(t, d, sc, s)
		}
	}
}
