package gandhi

import (
	"slices"
	"testing"

	"durbar/core"
)

// The Event cards the rulebook names, both sides (5.0, 8.8).

func TestCardChauriChaura(t *testing.T) {
	base := `{"current":6,"upcoming":2,"drawDeck":[3,4,5],"gandhi":"united-provinces","spaces":{"united-provinces":{"protest":true,"congress":2,"guerrilla":1,"sepoy":1}},`
	t.Run("unshaded: all pieces of 1 Faction in 1 Protest space", func(t *testing.T) {
		g := at(t, Raj, base+`"eligible":{"raj":true}}`, 1)
		play(t, g, "event:unshaded", "space:united-provinces", "space:united-provinces", "faction:congress")
		eq(t, "Gandhi jailed", g.Gandhi, GandhiInJail)
		eq(t, "Activists jailed", g.Jail[0], 2)
		eq(t, "Guerrilla stays", g.guerrillas(g.idx("united-provinces")), 1)
	})
	t.Run("unshaded: other factions go to Available", func(t *testing.T) {
		g := at(t, Congress, base+`"eligible":{"congress":true}}`, 1)
		avail := g.Avail[GuerU]
		play(t, g, "event:unshaded", "space:united-provinces", "space:united-provinces", "faction:rev")
		eq(t, "Guerrilla to Available", g.Avail[GuerU], avail+1)
	})
	t.Run("shaded: Unrest, a Guerrilla, Congress Ineligible through the next card", func(t *testing.T) {
		g := at(t, Rev, base+`"eligible":{"rev":true,"congress":true,"raj":true,"league":true}}`, 1)
		// Card 6 order: rev, raj, league, congress.
		play(t, g, "event:shaded", "space:united-provinces")
		eq(t, "unrest", int(g.sp("united-provinces").Unrest), 1)
		eq(t, "guerrilla placed", g.guerrillas(g.idx("united-provinces")), 2)
		for g.Current == 6 {
			if g.Decision().Role == "congress" {
				t.Fatal("Congress acts on the card that made it Ineligible")
			}
			play(t, g, "pass")
		}
		eq(t, "Congress Ineligible on the next card", g.Eligible[Congress], false)
		for g.Current == 2 {
			play(t, g, "pass")
		}
		eq(t, "Eligible again after it", g.Eligible[Congress], true)
	})
}

func TestCardGandhiArrested(t *testing.T) {
	pos := `{"current":11,"upcoming":2,"drawDeck":[3,4,5],"gandhi":"bihar","restraint":3,"spaces":{"bihar":{"congress":1},"sind":{"congress":1}}}`
	g := at(t, Raj, pos, 1)
	play(t, g, "event:unshaded")
	eq(t, "Gandhi jailed", g.Gandhi, GandhiInJail)
	eq(t, "no Restraint shift (5.1)", g.Restraint, 3)
	eq(t, "no Protest placement follows", g.Decision().Rule != "3.2.4", true)

	g = at(t, Congress, pos, 1)
	play(t, g, "event:shaded", "space:bihar", "space:sind")
	eq(t, "Bihar", int(g.sp("bihar").Support), -1)
	eq(t, "Sind", int(g.sp("sind").Support), -1)
	eq(t, "restraint", g.Restraint, 4)
}

func TestCardPakistanDeclaration(t *testing.T) {
	pos := `{"current":16,"upcoming":2,"drawDeck":[3,4,5],"spaces":{"punjab":{"rev-base":1,"league-base":1,"league":1},"sind":{"league":1}}}`
	g := at(t, Raj, pos, 1)
	mustOffer(t, g, "event:unshaded", true)
	play(t, g, "event:unshaded", "space:punjab")
	mustOffer(t, g, "space:bihar", false) // Muslim spaces only
	play(t, g, "space:sind", "space:punjab", "piece:rev-base")
	eq(t, "Punjab unrest", int(g.sp("punjab").Unrest), 1)
	eq(t, "Sind unrest", int(g.sp("sind").Unrest), 1)
	eq(t, "one Base removed", g.bases(g.idx("punjab")), 1)

	g = at(t, League, pos, 1)
	play(t, g, "event:shaded")
	mustOffer(t, g, "space:karachi", false) // a Province, not a City
	play(t, g, "space:sind")
	eq(t, "Base placed", int(g.sp("sind").P[LeagueBase]), 1)
	eq(t, "shifted", int(g.sp("sind").Support), -1)
}

func TestCardSuryaSen(t *testing.T) {
	pos := `{"current":44,"upcoming":2,"drawDeck":[3,4,5],"spaces":{"bihar":{"guerrilla":2},"orissa":{"active-guerrilla":1},"assam":{"guerrilla":1}}}`
	g := at(t, Raj, pos, 1)
	play(t, g, "event:unshaded", "space:bihar", "space:assam", "take:guerrilla:bihar", "take:guerrilla:bihar")
	eq(t, "two removed from Bihar", g.guerrillas(g.idx("bihar")), 0)
	eq(t, "Bihar shifted", int(g.sp("bihar").Support), 1)
	eq(t, "Assam lost none, not shifted", int(g.sp("assam").Support), 0)

	g = at(t, Rev, pos, 1)
	play(t, g, "event:shaded", "space:calcutta", "space:east-bengal", "space:east-bengal")
	eq(t, "guerrillas placed", g.guerrillas(g.idx("calcutta"))+g.guerrillas(g.idx("east-bengal")), 2)
	eq(t, "Unrest in one", int(g.sp("east-bengal").Unrest)+int(g.sp("calcutta").Unrest), 1)
	eq(t, "the chosen one", int(g.sp("east-bengal").Unrest), 1)
}

// Every implemented Event executes on both sides from many generated
// positions with random choices, and the invariants hold.
func TestImplementedEventsFromRandomPositions(t *testing.T) {
	d := testData(t)
	played := 0
	defer func() { t.Logf("%d Event executions", played) }()
	cards := []int{}
	for n := range d.Deck.Effects {
		cards = append(cards, n)
	}
	slices.Sort(cards)
	if len(cards) < 4 {
		t.Fatalf("only %d cards have programs", len(cards))
	}
	seeds := uint64(50) // at least 50 generated positions per card side
	if testing.Short() {
		seeds = 8
	}
	for _, card := range cards {
		for side, id := range []string{"event:unshaded", "event:shaded"} {
			for seed := uint64(1); seed <= seeds; seed++ {
				// A position reached by random play, then the card is played.
				g, _ := New(d, Setup{Scenario: "short"}, seed)
				pick := core.NewRNG(seed + 1000)
				for k := 0; k < int(seed*7) && !g.Over; k++ {
					dec := g.Decision()
					play(t, g, dec.Options[pick.IntN(len(dec.Options))].ID)
				}
				if g.Over {
					continue
				}
				p := g.Position()
				// The card is taken from wherever it is, as each card exists once.
				p.Current, p.Upcoming = card, 0
				p.DrawDeck = slices.DeleteFunc(p.DrawDeck, func(c int) bool { return c == card })
				p.Eligible = map[string]bool{"raj": true, "congress": true, "league": true, "rev": true}
				h, err := New(d, Setup{Position: p}, seed)
				if err != nil {
					t.Fatalf("card %d side %d seed %d: %v", card, side, seed, err)
				}
				if h.Decision().Rule != "2.3" || !offered(h, id) {
					t.Fatalf("card %d: %s not offered at %q", card, id, h.Decision().Prompt)
				}
				played++
				play(t, h, id)
				for k := 0; k < 50 && h.Current == card && !h.Over; k++ {
					dec := h.Decision()
					if dec.Rule == "2.3" {
						break
					}
					play(t, h, dec.Options[pick.IntN(len(dec.Options))].ID)
				}
			}
		}
	}
}
