package gandhi

import (
	"strings"
	"testing"

	"durbar/core"
	"durbar/core/gametest"
)

// Undo never outlives a secret: in random play, with and without
// Non-Players, every step that shows the players a card they could not see
// (the next Upcoming card, an Arjuna card) or rolls a die moves the undo
// barrier (core.Game.Irreversible).
func TestUndoBarrierMovesOnEveryReveal(t *testing.T) {
	d := testData(t)
	games, steps := 6, 600
	if testing.Short() {
		games, steps = 2, 300
	}
	for _, tc := range []struct {
		scenario string
		np       []string
	}{
		{"short", nil},
		{"main", []string{"raj", "league", "rev"}},
		{"quick", []string{"raj", "congress", "league", "rev"}},
	} {
		t.Run(tc.scenario+"/np="+strings.Join(tc.np, ","), func(t *testing.T) {
			b := gametest.Barrier{
				New: func(seed uint64) (core.Game, error) {
					return New(d, Setup{Scenario: tc.scenario, NP: tc.np}, seed)
				},
				Seats: 4,
				Move: func(gm core.Game, dec core.Decision, pick int) error {
					if g := gm.(*Game); g.NPToMove() {
						_, err := g.ApplyNP()
						return err
					}
					return gametest.ApplyPick(gm, dec, pick)
				},
				Games: games, Steps: steps,
			}
			if err := b.Run(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// Turning up the next card is what stops an undo, and it is said so.
func TestEndingACardRevealsTheNext(t *testing.T) {
	g, err := New(testData(t), Setup{Scenario: "short"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	up := g.Upcoming
	for g.Upcoming == up && !g.Over {
		before := g.Irreversible()
		play(t, g, g.Decision().Options[0].ID)
		if g.Upcoming != up {
			after := g.Irreversible()
			if after.N == before.N || after.What != "a card was revealed" {
				t.Fatalf("the card turned up without the barrier saying so: %+v → %+v", before, after)
			}
		}
	}
}
