package gandhi

import "testing"

// withEvent registers a temporary Event program on card 1 for a test.
func withEvent(t *testing.T, unshaded, shaded []EvStep) {
	old, had := eventImpls[1]
	eventImpls[1] = eventImpl{unshaded, shaded}
	t.Cleanup(func() {
		if had {
			eventImpls[1] = old
		} else {
			delete(eventImpls, 1)
		}
	})
}

func TestEventGuidelines(t *testing.T) { // 5.1.1
	all := &Filter{}
	cases := []struct {
		name  string
		pos   string
		prog  []EvStep
		picks []string
		check func(t *testing.T, g *Game)
	}{
		{"never place pieces that are not Available",
			`{"outOfPlay":{"guerrilla":16},"spaces":{}}`,
			[]EvStep{{Do: "select", N: 1, Where: all}, {Do: "place", Piece: "guerrilla", N: 2}},
			[]string{"space:bihar"},
			func(t *testing.T, g *Game) { eq(t, "guerrillas", g.guerrillas(g.idx("bihar")), 0) }},
		{"Bases never exceed Population",
			`{"spaces":{"sind":{"league-base":1}}}`,
			[]EvStep{{Do: "select", N: 1, Where: all}, {Do: "place", Piece: "rev-base"}},
			[]string{"space:sind"},
			func(t *testing.T, g *Game) { eq(t, "bases", g.bases(g.idx("sind")), 1) }},
		{"Troops are never placed in States",
			`{"spaces":{}}`,
			[]EvStep{{Do: "select", N: 1, Where: all}, {Do: "place", Piece: "troop"}},
			[]string{"space:hyderabad"},
			func(t *testing.T, g *Game) { eq(t, "troops", int(g.sp("hyderabad").P[Troop]), 0) }},
		{"one Protest per space, any Protest regardless of Restraint",
			`{"restraint":5,"spaces":{"bihar":{"protest":true}}}`,
			[]EvStep{{Do: "select", N: 3, Where: all}, {Do: "protest"}},
			[]string{"space:bihar", "space:sind", "space:gujarat"},
			func(t *testing.T, g *Game) { eq(t, "protests", g.protestsOnMap(), 3) }},
		{"one Strike per Railway: Unrest on a Railway is a Strike",
			`{"spaces":{"rail-lahore-delhi":{"strike":true}}}`,
			[]EvStep{{Do: "select", N: 2, Where: all}, {Do: "add-unrest"}},
			[]string{"space:rail-lahore-delhi", "space:rail-delhi-allahabad"},
			func(t *testing.T, g *Game) {
				eq(t, "strikes", g.unrestStrikeOnMap(), 2)
				eq(t, "railway unrest", int(g.sp("rail-delhi-allahabad").Unrest), 0)
			}},
		{"Restraint and Unity stay within 1-5",
			`{"restraint":1,"unity":5,"spaces":{}}`,
			[]EvStep{{Do: "restraint", N: -2}, {Do: "unity", N: 2}},
			nil,
			func(t *testing.T, g *Game) {
				eq(t, "restraint", g.Restraint, 1)
				eq(t, "unity", g.Unity, 5)
			}},
		{"what cannot be carried out is skipped",
			`{"spaces":{}}`,
			[]EvStep{{Do: "select", N: 2, Where: &Filter{Has: []string{"bases"}}}, {Do: "remove-base"}, {Do: "unity", N: -1}},
			nil,
			func(t *testing.T, g *Game) { eq(t, "unity still shifts", g.Unity, 2) }},
		{"an Event that arrests Gandhi does not shift Restraint (5.1 example)",
			`{"gandhi":"bihar","spaces":{}}`,
			[]EvStep{{Do: "arrest-gandhi"}},
			nil,
			func(t *testing.T, g *Game) {
				eq(t, "Gandhi", g.Gandhi, GandhiInJail)
				eq(t, "restraint", g.Restraint, 3)
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			withEvent(t, c.prog, c.prog)
			g := at(t, Rev, c.pos, 1)
			play(t, g, "event:unshaded")
			for _, p := range c.picks {
				play(t, g, p)
			}
			if g.Decision().Role == "rev" && offered(g, "done") {
				play(t, g, "done")
			}
			c.check(t, g)
		})
	}
}

func TestEventRemoveFaction(t *testing.T) { // the Chauri Chaura pattern
	withEvent(t, []EvStep{{Do: "select", N: 1, Where: &Filter{Protest: true}}, {Do: "remove-faction"}}, nil)
	g := at(t, Raj, `{"gandhi":"bihar","spaces":{"bihar":{"protest":true,"congress":2,"league":1,"sepoy":1},"sind":{"congress":1}}}`, 1)
	play(t, g, "event:unshaded")
	mustOffer(t, g, "space:sind", false)
	play(t, g, "space:bihar", "space:bihar", "faction:congress")
	eq(t, "Gandhi to Jail", g.Gandhi, GandhiInJail)
	eq(t, "Activists to Jail", g.Jail[0], 2)
	eq(t, "League untouched", int(g.sp("bihar").P[LeagueAct]), 1)
	eq(t, "executing faction is Ineligible on the next card", g.Eligible[Raj], false)
}

func TestEventFreeOperation(t *testing.T) {
	// "Congress may execute a free Non-Cooperation in up to 2 spaces, then
	// place 1 Congress Activist in each space it selected."
	withEvent(t, []EvStep{
		{Do: "free-op", Faction: "congress", Op: "congress-non-cooperation", N: 2},
		{Do: "place", Piece: "congress"},
	}, nil)
	g := at(t, Raj, `{"restraint":3,"spaces":{"bihar":{"congress":1,"protest":true},"sind":{"congress":1,"protest":true},"assam":{"congress":1,"protest":true}}}`, 1)
	play(t, g, "event:unshaded")
	eq(t, "Congress decides its free Operation", g.Decision().Role, "congress")
	play(t, g, "space:bihar", "space:sind")
	mustOffer(t, g, "space:assam", false) // two spaces only
	play(t, g, "done", "end")
	eq(t, "Bihar shifted", int(g.sp("bihar").Support), -1)
	eq(t, "then an Activist in each", int(g.sp("bihar").P[CongAct])+int(g.sp("sind").P[CongAct]), 4)
	eq(t, "Assam untouched", int(g.sp("assam").P[CongAct]), 1)
	eq(t, "Non-Cooperation still shifts Restraint", g.Restraint, 2)
}

func TestEventFreeOperationIsNotCharged(t *testing.T) {
	withEvent(t, []EvStep{{Do: "free-op", Faction: "rev", Op: "attack", N: 1, Where: &Filter{Spaces: []string{"east-bengal"}}}}, nil)
	g := at(t, Raj, `{"resources":{"rev":0},"spaces":{"east-bengal":{"guerrilla":2,"sepoy":1},"bihar":{"guerrilla":3}}}`, seedFor(t, 1))
	play(t, g, "event:unshaded")
	mustOffer(t, g, "space:bihar", false)
	play(t, g, "space:east-bengal", "target:sepoy", "done")
	eq(t, "Revolutionaries paid nothing", g.Resources[Rev], 0)
	eq(t, "sepoy removed", int(g.sp("east-bengal").P[Sepoy]), 0)
}

func TestEventReplaceMoveAndCounts(t *testing.T) {
	withEvent(t, []EvStep{
		{Do: "select", Where: &Filter{Spaces: []string{"punjab"}}},
		{Do: "replace", Piece: "guerrilla", To: "congress", N: 2},
		{Do: "clear"},
		{Do: "select", Where: &Filter{Spaces: []string{"bihar"}}},
		{Do: "place", Piece: "troop", N: 3, Up: true},
		{Do: "move-pieces", Piece: "sepoy", N: 1, Dest: &Filter{AdjTo: []string{"bihar"}, Types: []string{"province"}}},
	}, nil)
	g := at(t, Raj, `{"spaces":{"punjab":{"guerrilla":3},"bihar":{"sepoy":2}}}`, 1)
	play(t, g, "event:unshaded", "take:guerrilla:punjab", "take:guerrilla:punjab", "count:2", "take:sepoy:bihar")
	mustOffer(t, g, "space:delhi", false)
	mustOffer(t, g, "space:orissa", false) // a State, not a Province
	play(t, g, "space:central-provinces")
	eq(t, "replaced", int(g.sp("punjab").P[CongAct]), 2)
	eq(t, "guerrilla left", g.guerrillas(g.idx("punjab")), 1)
	eq(t, "troops placed", int(g.sp("bihar").P[Troop]), 2)
	eq(t, "sepoy moved", int(g.sp("central-provinces").P[Sepoy]), 1)
}

func TestEventFreeOperationMayBeDeclined(t *testing.T) {
	withEvent(t, []EvStep{{Do: "free-op", Faction: "congress", Op: "congress-non-cooperation", N: 2}, {Do: "unity", N: 1}}, nil)
	g := at(t, Raj, `{"restraint":3,"spaces":{"bihar":{"congress":1,"protest":true}}}`, 1)
	play(t, g, "event:unshaded", "decline")
	eq(t, "no Non-Cooperation, no Restraint shift", g.Restraint, 3)
	eq(t, "the Event goes on", g.Unity, 4)
}
