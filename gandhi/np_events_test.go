package gandhi

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// Non-Player Events (8.8): the worked examples of 8.8.4 and 8.8.5 on this
// edition's cards #6, #16 and #44 (their texts follow the rulebook's).

// npEventPos puts a position on the given current card with only faction f
// Eligible, f run by the Non-Player engine.
func npEventPos(t *testing.T, f Faction, card int, spaces string, extra string) *Game {
	t.Helper()
	js := `{` + extra + `"current":` + itoa(card) + `,"upcoming":` + itoa(card+1) + `,"drawDeck":[` + itoa(card+2) + `,` + itoa(card+3) + `],"spaces":` + spaces + `}`
	return atNP(t, f, js, 1, f.ID())
}

// npUntilCardEnds lets the Non-Player decide until the current card is over.
func npUntilCardEnds(t *testing.T, g *Game) {
	t.Helper()
	card := g.Current
	npUntil(t, g, 200, func(g *Game) bool { return g.Current != card })
}

func npEvLogged(g *Game, s string) bool {
	return slices.ContainsFunc(g.LogText, func(l string) bool { return strings.Contains(l, s) })
}

func TestNPEventChauriChauraTargetsAdversaries(t *testing.T) { // 8.8.4 example, card #6 unshaded
	// Two Protest spaces with adversaries and one with Raj cubes only. The
	// Remove or Replace column picks the space with Gandhi (its first row);
	// the Adversary Priorities then name Congress (Gandhi first), never the
	// Raj's own cubes there.
	g := npEventPos(t, Raj, 6, `{
		"united-provinces":{"protest":true,"troop":2,"congress":1},
		"bihar":{"protest":true,"league":3,"guerrilla":2},
		"bombay":{"protest":true,"troop":3}}`, `"gandhi":"united-provinces",`)
	eq(t, "effective for NP Raj", g.npEventEffective(6, Raj), true)
	eq(t, "column", g.npEventColumn(6, Raj, false), "remove-or-replace")
	npUntilCardEnds(t, g)
	if !npEvLogged(g, "British Raj executes the unshaded Event of Chauri Chaura Massacre") {
		t.Fatalf("NP Raj did not execute the Event: %v", tail(g.LogText, 10))
	}
	eq(t, "Gandhi to Jail", g.Gandhi, GandhiInJail)
	eq(t, "Congress Activist jailed", int(g.sp("united-provinces").P[CongAct]), 0)
	eq(t, "Raj Troops stay", int(g.sp("united-provinces").P[Troop]), 2)
	eq(t, "Bihar untouched", int(g.sp("bihar").P[LeagueAct])+int(g.sp("bihar").P[GuerU]), 5)
	eq(t, "Bombay untouched", int(g.sp("bombay").P[Troop]), 3)
}

func TestNPEventChauriChauraAdversaryPriorities(t *testing.T) { // 8.8.4, 8.5
	// No Gandhi: the space with the most Active adversaries (Remove or
	// Replace column), then the Faction whose piece ranks first for NP Raj:
	// Guerrillas before League Activists, even though there are fewer.
	g := npEventPos(t, Raj, 6, `{
		"bihar":{"protest":true,"league":3,"active-guerrilla":1,"sepoy":1},
		"gujarat":{"protest":true,"league":1},
		"bombay":{"protest":true,"troop":3}}`, ``)
	npUntilCardEnds(t, g)
	b := g.sp("bihar")
	eq(t, "Guerrilla removed", int(b.P[GuerA])+int(b.P[GuerU]), 0)
	eq(t, "League Activists stay", int(b.P[LeagueAct]), 3)
	eq(t, "own Sepoy stays", int(b.P[Sepoy]), 1)
	eq(t, "Gujarat untouched", int(g.sp("gujarat").P[LeagueAct]), 1)
	eq(t, "Bombay untouched", int(g.sp("bombay").P[Troop]), 3)
}

func TestNPEventChauriChauraOwnCubesOnly(t *testing.T) { // 8.8.3
	// The only Protest space holds nothing but Raj cubes: removing them is
	// not effective, so the Event is not.
	g := npEventPos(t, Raj, 6, `{"bombay":{"protest":true,"troop":3}}`, ``)
	eq(t, "effective", g.npEventEffective(6, Raj), false)
}

const pakistanPos = `{
	"sind":{"league-base":1,"league":1},
	"punjab":{"rev-base":1,"guerrilla":1},
	"east-bengal":{"league":2},
	"bihar":{"league-base":1}}`

func TestNPEventPakistanDeclarationRemovesBases(t *testing.T) { // 8.8.4 example, card #16 unshaded
	g := npEventPos(t, Congress, 16, pakistanPos, ``)
	eq(t, "halo: NP Congress takes the unshaded text", g.npShaded(Congress, 16), false)
	eq(t, "effective for NP Congress", g.npEventEffective(16, Congress), true)
	eq(t, "column", g.npEventColumn(16, Congress, false), "remove-or-replace")
	// Card 16 is not Critical for Congress, so NP Eligibility would not take
	// it as 1st Eligible: play the Event over the engine's choice.
	play(t, g, "event:unshaded")
	npUntilCardEnds(t, g)
	// Up to two Muslim spaces, only among those with Bases (Adding Unrest is
	// not effective); the Unrest is still added, as the text requires.
	eq(t, "Sind Unrest", int(g.sp("sind").Unrest), 1)
	eq(t, "Punjab Unrest", int(g.sp("punjab").Unrest), 1)
	eq(t, "no Unrest in East Bengal (no Base)", int(g.sp("east-bengal").Unrest), 0)
	eq(t, "no Unrest in Bihar (not Muslim)", int(g.sp("bihar").Unrest), 0)
	// One Base removed, as the card text that 8.4.1 and 8.8.4 both quote
	// says (a single Base from one of the selected spaces). The 8.8.4
	// example's talk of a Base removed in each selected space is loose
	// wording; this edition's program follows the card text. The
	// Revolutionaries Base ranks before the League's in NP Congress's
	// Adversary Priorities.
	eq(t, "Revolutionaries Base removed", int(g.sp("punjab").P[RevBase]), 0)
	eq(t, "League Base stays", int(g.sp("sind").P[LeagueBase]), 1)
}

func TestNPEventPakistanDeclarationNoBases(t *testing.T) { // 8.8.4 example, card #16 unshaded
	g := npEventPos(t, Congress, 16, `{"sind":{"league":1},"east-bengal":{"league":2},"bihar":{"league-base":1}}`, ``)
	eq(t, "not effective without Bases in Muslim spaces", g.npEventEffective(16, Congress), false)
}

func TestNPEventSuryaSenShiftColumn(t *testing.T) { // 8.8.5 example, card #44 unshaded
	// Shift to Support and Remove: both effective for NP Raj. The example
	// picks Shift to Support as the column lying left of Remove or Replace,
	// though 8.4.1 names Raj's columns the other way round, so Events read
	// Raj's columns in the example's order (npColumnOrder;
	// TestNPEventRajColumnOrder). The Shift to Support column selects the
	// spaces (Bihar for 2 Pop, then Assam for its Unrest), where Remove or
	// Replace would have taken Orissa with Gandhi; the Guerrillas are still
	// removed there.
	g := npEventPos(t, Raj, 44, `{
		"bihar":{"guerrilla":1},
		"orissa":{"guerrilla":1},
		"assam":{"guerrilla":1,"unrest":1}}`, `"gandhi":"orissa",`)
	eq(t, "column", g.npEventColumn(44, Raj, false), "shift-to-support")
	eq(t, "effective for NP Raj", g.npEventEffective(44, Raj), true)
	npUntilCardEnds(t, g)
	if !npEvLogged(g, "British Raj executes the unshaded Event of Surya Sen Captured") {
		t.Fatalf("NP Raj did not execute the Event: %v", tail(g.LogText, 10))
	}
	eq(t, "Bihar Guerrilla removed", g.guerrillas(g.idx("bihar")), 0)
	eq(t, "Assam Guerrilla removed", g.guerrillas(g.idx("assam")), 0)
	eq(t, "Orissa Guerrilla stays", g.guerrillas(g.idx("orissa")), 1)
	eq(t, "Bihar shifted", int(g.sp("bihar").Support), 1)
	eq(t, "Assam shifted", int(g.sp("assam").Support), 1)
	eq(t, "Orissa not shifted", int(g.sp("orissa").Support), 0)
}

func TestNPEventColumns(t *testing.T) { // 8.8.5 guidelines
	g := npEventPos(t, Raj, 6, `{}`, ``)
	for _, c := range []struct {
		card   int
		f      Faction
		shaded bool
		want   string
	}{
		{6, Raj, false, "remove-or-replace"},           // remove a Faction's pieces
		{16, Congress, false, "remove-or-replace"},     // Unrest is not effective, removing a Base is
		{44, Raj, false, "shift-to-support"},           // shift left of remove (8.8.5 example)
		{7, Raj, false, "place-cubes"},                 // place Troops, remove Guerrillas
		{3, Raj, false, "remove-or-replace"},           // arrest
		{11, Raj, false, "remove-or-replace"},          // arrest Gandhi
		{26, Raj, false, "remove-or-replace"},          // remove Strikes (Unrest on Railways)
		{72, Raj, false, "remove-or-replace"},          // remove a Muslim State
		{40, Raj, false, "shift-to-support"},           // remove Activists, shift toward Neutral
		{71, Raj, false, "shift-to-support"},           // a City toward Active Support
		{16, League, true, "place-bases"},              // a Base, shift toward Opposition
		{34, League, true, "place-muslim-states"},      // a Muslim State
		{25, League, true, "place-activists"},          // free Rally, shift
		{49, League, true, "remove-or-replace"},        // replace Congress Activists, shift
		{20, League, false, "place-activists"},         // shift toward Support (not effective), League Activists
		{56, League, false, "place-muslim-states"},     // the League chooses in the Raj's text
		{62, Congress, true, "move-or-release-gandhi"}, // move Gandhi
		{36, Congress, true, "place-activists"},        // release Gandhi and Activists
		{30, Congress, true, "place-protests"},         // move Gandhi, place Protests
		{59, Congress, true, "shift-to-opposition"},    // shift toward Opposition, Unrest
		{12, Congress, false, "remove-or-replace"},     // replace Guerrillas with Congress Activists
		{31, Rev, true, "place-guerrillas"},            // place Guerrillas, free Attack
		{48, Rev, true, "remove-or-replace"},           // replace Congress Activists
		{55, Rev, true, "place-guerrillas"},            // the Guerrilla placed in Northwest Frontier
		{61, Rev, true, "remove-or-replace"},           // remove cubes
	} {
		if got := g.npEventColumn(c.card, c.f, c.shaded); got != c.want {
			t.Errorf("card %d %s shaded=%v: column %s, want %s", c.card, c.f, c.shaded, got, c.want)
		}
	}
}

func TestNPEventEffectiveLeavesGameUnchanged(t *testing.T) { // 8.8.3
	// Card 31 shaded: NP Revolutionaries place Guerrillas and Attack for
	// free, which rolls a die — on the simulation's copy only.
	g := npEventPos(t, Rev, 31, `{"east-bengal":{"sepoy":2,"congress":1}}`, ``)
	before := g.clone()
	draws, npDraws := g.rng.Draws, g.np.rng.Draws
	w1 := g.npSimulateEvent(31, Rev, true)
	eff := g.npEventEffective(31, Rev)
	w2 := g.npSimulateEvent(31, Rev, true)
	eq(t, "effective", eff, true)
	if !w1["place-guerrillas"] || !w1["attack"] {
		t.Errorf("actions %v: want place-guerrillas and attack", w1)
	}
	if !maps.Equal(w1, w2) {
		t.Errorf("not deterministic: %v then %v", w1, w2)
	}
	eq(t, "game dice drawn", g.rng.Draws, draws)
	eq(t, "Non-Player dice drawn", g.np.rng.Draws, npDraws)
	if !reflect.DeepEqual(g.Board, before.Board) {
		t.Error("the board changed")
	}
	if !reflect.DeepEqual(g.stack, before.stack) || !reflect.DeepEqual(g.turn, before.turn) ||
		!reflect.DeepEqual(g.card, before.card) || !reflect.DeepEqual(g.np, before.np) || g.rng != before.rng {
		t.Error("the game's steps, turn, card, Non-Player memory or dice changed")
	}
	if !slices.Equal(g.LogText, before.LogText) || !slices.Equal(g.Draw, before.Draw) {
		t.Error("the log or the draw pile changed")
	}
	// Inside a simulation no Event is judged again (no recursion).
	c := g.npSimCopy()
	c.push(frame{Step: "np-sim"})
	eq(t, "effective inside a simulation", c.npEventEffective(31, Rev), false)
	// The real game then plays exactly as if nothing had been simulated.
	h := before
	npUntilCardEnds(t, g)
	npUntilCardEnds(t, h)
	if !reflect.DeepEqual(g.Board, h.Board) || !slices.Equal(g.LogText, h.LogText) {
		t.Error("the simulation changed how the game goes on")
	}
}

func TestNPEventUpToOnlyIfEffective(t *testing.T) { // 8.8.4
	// Card 7 unshaded for NP Raj: place up to 3 Troops (effective: as many
	// as possible), then remove up to 2 Guerrillas from Northwest Frontier.
	g := npEventPos(t, Raj, 7, `{"northwest-frontier":{"guerrilla":3},"punjab":{"sepoy":1}}`, ``)
	play(t, g, "event:unshaded") // not Critical for the Raj (8.2.1)
	npUntilCardEnds(t, g)
	eq(t, "Troops placed", int(g.sp("northwest-frontier").P[Troop])+int(g.sp("punjab").P[Troop]), 3)
	eq(t, "Guerrillas removed", g.guerrillas(g.idx("northwest-frontier")), 1)
}

func TestNPEventRajColumnOrder(t *testing.T) { // 8.8.5
	// arjuna.json lists NP Raj's columns as 8.4.1 names them (Place Cubes,
	// Sweep, Remove or Replace, Shift to Support), but 8.8.5's worked
	// example (card 44, alike in the English, Spanish and Italian
	// rulebooks) chooses Shift to Support on the ground that it lies left of
	// Remove or Replace. The order matters only for 8.8.5's leftmost-column
	// rule, so Events read Shift to Support before Remove or Replace.
	g := npEventPos(t, Raj, 44, `{}`, ``)
	var data []string
	for _, c := range g.arjuna.SelectionTable(Raj).Columns {
		data = append(data, c.ID)
	}
	eq(t, "data order (8.4.1)", strings.Join(data, ","), "place-cubes,sweep,remove-or-replace,shift-to-support")
	eq(t, "Event order (8.8.5 example)", strings.Join(g.npColumnOrder(Raj), ","), "place-cubes,sweep,shift-to-support,remove-or-replace")
	// The other factions keep the listed order.
	for _, f := range []Faction{Congress, League, Rev} {
		var want []string
		for _, c := range g.arjuna.SelectionTable(f).Columns {
			want = append(want, c.ID)
		}
		eq(t, f.String()+" order", strings.Join(g.npColumnOrder(f), ","), strings.Join(want, ","))
	}
}

func TestNPEventReleaseGandhiByEventColumn(t *testing.T) { // 8.8.5, not 8.9.2
	// Card 36 shaded (Critical for Congress): release Gandhi to a space with
	// no Raj Control and up to 4 Activists. Inside the Event, NP Congress
	// places Gandhi with its column for the Event, not at random as NP Raj
	// does in the Support Phase.
	g := npEventPos(t, Congress, 36, `{"delhi":{"troop":2}}`, `"jail":{"congress":2},`)
	col := g.npEventColumn(36, Congress, true)
	eq(t, "column", col, "place-activists") // leftmost of release Gandhi, release Activists
	npUntil(t, g, 10, func(g *Game) bool { s, _ := npStep(g); return s == "support-gandhi" })
	eq(t, "release step", g.top().Step, "support-gandhi")
	cands := g.spaceOptions(g.Decision(), "space:")
	want, _ := g.clone().npSelect(Congress, col, cands)
	_, why, _ := g.NPChoice()
	if !strings.Contains(why, "Event") || strings.Contains(why, "random") {
		t.Errorf("reason %q: want the Event's column", why)
	}
	npUntil(t, g, 1, nil)
	eq(t, "Gandhi", g.Gandhi, want)

	// In the Support Phase the same step keeps NP Raj's random space.
	h := npCampaignAt(t, `{"spaces":{"delhi":{"troop":1,"sepoy":1}}}`, 1, "raj")
	npUntil(t, h, 20, func(g *Game) bool { s, _ := npStep(g); return s == "support-gandhi" })
	eq(t, "Support Phase step", h.top().Step, "support-gandhi")
	_, why, _ = h.NPChoice()
	if !strings.Contains(why, "random space with no Raj Control") {
		t.Errorf("Support Phase reason %q", why)
	}
}

func TestNPEventReleasesOnlyOwnActivists(t *testing.T) { // 8.8.3, 8.8.4
	// Card 36 shaded for NP Congress: "release up to 4 Activists" frees
	// its own, never the League's (not effective for Congress).
	g := npEventPos(t, Congress, 36, `{}`, `"gandhi":"bihar","jail":{"congress":1,"league":3},`)
	npUntilCardEnds(t, g)
	if !npEvLogged(g, "Congress executes the shaded Event of Gandhi–Irwin Pact") {
		t.Fatalf("NP Congress did not execute the Event: %v", tail(g.LogText, 10))
	}
	eq(t, "Jail", g.Jail, [2]int{0, 3})

	// Card 38 shaded releases Congress Activists into a Province: not
	// effective for NP League, whatever it would release.
	h := npEventPos(t, League, 38, `{"punjab":{"league":1}}`, `"jail":{"congress":3},`)
	w := h.npSimulateEvent(38, League, true)
	eq(t, "Congress Activists released", w["release-activists"], false)
	eq(t, "effective for NP League", h.npEventEffective(38, League), false)
	// …and effective for NP Congress, whose Activists they are.
	c := npEventPos(t, Congress, 38, `{"bihar":{"congress":1}}`, `"jail":{"congress":3},`)
	eq(t, "effective for NP Congress", c.npEventEffective(38, Congress), true)
}

func TestNPEventOwnRallyBaseIsNotARemoval(t *testing.T) { // 8.8.3
	// Card 25 shaded gives the Muslim League a free Rally, which turns four
	// League Activists in Punjab into a Base (3.3.1): from the
	// Revolutionaries' side no adversary piece was removed.
	g := npEventPos(t, Rev, 25, `{"punjab":{"league":4},"west-bengal":{"league":1}}`, ``)
	w := g.npSimulateEvent(25, Rev, true)
	eq(t, "the simulated Rally placed a Base", w["remove-adversary"] || w["replace-adversary"], false)
	eq(t, "effective for NP Revolutionaries", g.npEventEffective(25, Rev), false)
}

func TestNPEventTakesFromEachSpaceTheTextGoesOn(t *testing.T) { // 8.8.4
	// Card 44 unshaded: remove up to 2 Guerrillas from up to 2 spaces, then
	// shift each space that lost one. Taking both from Bihar (first by the
	// column) would shift one space; one from Bihar and one from Assam
	// shifts two.
	g := npEventPos(t, Raj, 44, `{"bihar":{"guerrilla":2},"assam":{"guerrilla":1}}`, ``)
	npUntilCardEnds(t, g)
	eq(t, "Bihar Guerrillas", g.guerrillas(g.idx("bihar")), 1)
	eq(t, "Assam Guerrillas", g.guerrillas(g.idx("assam")), 0)
	eq(t, "Bihar shifted", int(g.sp("bihar").Support), 1)
	eq(t, "Assam shifted", int(g.sp("assam").Support), 1)
}

func TestNPEventFreeOpColumns(t *testing.T) { // 8.8.5
	g := npEventPos(t, League, 8, `{}`, ``)
	// A faction acting in another's Event uses its own table with the
	// column of what it does there; the executor, the Event's column.
	for _, c := range []struct {
		card, side int
		executor   Faction
		f          Faction
		want       string
	}{
		{8, 1, League, Congress, "shift-to-opposition"},    // a free Non-Cooperation for Congress
		{8, 1, Congress, Congress, "place-activists"},      // the executor: leftmost of the Event (8.8.5)
		{31, 1, Congress, Rev, "attack-or-go-underground"}, // the Revolutionaries' free Attack
		{31, 1, Rev, Rev, "place-guerrillas"},              // the executor: Guerrillas, then Attack
		{25, 1, Congress, League, "place-activists"},       // the League's free Rally
		{56, 0, Raj, League, "place-muslim-states"},        // the League chooses in the Raj's text
	} {
		h := g.clone()
		h.push(frame{Step: "event", F: c.executor, N: c.card, A: c.side})
		if got := h.npFreeOpColumn(c.f); got != c.want {
			t.Errorf("card %d side %d by %s, %s acting: column %s, want %s", c.card, c.side, c.executor, c.f, got, c.want)
		}
	}
}

func TestNPEventFreeOpIgnoresStaleColumn(t *testing.T) { // 8.8.5
	// A player (Congress) executes card 25 shaded; the NP League's free
	// Rally must not use a column left in the engine's memory by an earlier
	// Non-Player turn.
	g := atNP(t, Congress, `{"current":25,"upcoming":26,"drawDeck":[27,28],"spaces":{"punjab":{"league":1},"west-bengal":{"league":1},"east-bengal":{"league":1}}}`, 1, "league")
	g.np.Plan = npPlan{F: Rev, Mode: "op-sa", Card: -1, Attempt: -1, Budget: -1, Column: "remove-or-replace"}
	play(t, g, "event:shaded")
	eq(t, "the League decides", g.NPToMove(), true)
	npUntil(t, g, 1, nil)
	eq(t, "column in use", g.np.Plan.Column, "place-activists")
	if !npEvLogged(g, "by the Place Activists column") {
		t.Errorf("free Rally not by the Place Activists column: %v", tail(g.LogText, 5))
	}
}
