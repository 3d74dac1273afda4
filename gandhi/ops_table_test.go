package gandhi

import (
	"testing"

	"durbar/core"
)

// Table-driven checks of Operation and Special Activity details beyond the
// rulebook's worked examples.
func TestOperationDetails(t *testing.T) {
	cases := []struct {
		name  string
		f     Faction
		pos   string
		seed  uint64
		acts  []string
		check func(t *testing.T, g *Game)
	}{
		{"Deploy places at most six cubes per City", Raj, `{"resources":{"raj":20},"spaces":{}}`, 1,
			[]string{"op:deploy", "space:delhi", "troop", "troop", "troop", "troop", "troop", "troop"},
			func(t *testing.T, g *Game) {
				eq(t, "troops", int(g.sp("delhi").P[Troop]), 6)
				eq(t, "the City's step ended by itself", g.Decision().Rule, "3.1")
			}},
		{"Deploy takes cubes from the map when none are Available (1.4.1)", Raj, `{"available":{"troop":0,"sepoy":45,"congress":16,"league":16,"guerrilla":16,"league-base":5,"rev-base":5},"spaces":{"madras":{"troop":15}}}`, 1,
			[]string{"op:deploy", "space:delhi", "take:troop:madras", "done"},
			func(t *testing.T, g *Game) { eq(t, "moved", int(g.sp("delhi").P[Troop]), 1) }},
		{"Deploy then moves two cubes from Out of Play", Raj, `{"outOfPlay":{"troop":3},"spaces":{}}`, 1,
			[]string{"op:deploy", "space:delhi", "troop", "done", "done", "troop", "troop"},
			func(t *testing.T, g *Game) { eq(t, "OOP", g.OOP[Troop], 1) }},
		{"Assault with only Sepoys removes one per two", Raj, `{"resources":{"raj":9},"spaces":{"hyderabad":{"sepoy":3,"active-guerrilla":2}}}`, 1,
			[]string{"op:assault", "space:hyderabad", "all", "target:active-guerrilla"},
			func(t *testing.T, g *Game) { eq(t, "left", int(g.sp("hyderabad").P[GuerA]), 1) }},
		{"Assault: Bases last", Raj, `{"spaces":{"punjab":{"troop":3,"active-guerrilla":1,"guerrilla":1,"rev-base":1}}}`, 1,
			[]string{"op:assault", "space:punjab", "troops", "target:active-guerrilla"},
			func(t *testing.T, g *Game) {
				mustOffer(t, g, "target:rev-base", false) // an Underground Guerrilla still protects it
				eq(t, "base", int(g.sp("punjab").P[RevBase]), 1)
			}},
		{"Congress Rally releases a die roll from Jail, own first", Congress, `{"jail":{"congress":1,"league":3},"spaces":{"gujarat":{}}}`, seedFor(t, 3),
			[]string{"op:congress-rally", "space:gujarat", "place:1", "done", "jail"},
			func(t *testing.T, g *Game) { eq(t, "jail", g.Jail, [2]int{0, 1}) }},
		{"Rally moving the other NV faction's Activist from Out of Play shifts Unity", League, `{"unity":2,"outOfPlay":{"congress":2},"spaces":{"sind":{}}}`, 1,
			[]string{"op:league-rally", "space:sind", "place:1", "done", "oop:congress"},
			func(t *testing.T, g *Game) { eq(t, "unity", g.Unity, 3) }},
		{"Congress Demonstrate brings Muslim League Activists one for one", Congress, `{"unity":1,"spaces":{"bihar":{"congress":2,"league":2}}}`, 1,
			[]string{"op:congress-demonstrate", "space:united-provinces", "from:congress:bihar", "from:league:bihar"},
			func(t *testing.T, g *Game) {
				mustOffer(t, g, "from:league:bihar", false) // Unity 1 in all
				eq(t, "league moved", int(g.sp("united-provinces").P[LeagueAct]), 1)
			}},
		{"Demonstrate cannot bring League Activists before a Congress one", Congress, `{"spaces":{"bihar":{"congress":1,"league":2}}}`, 1,
			[]string{"op:congress-demonstrate", "space:united-provinces"},
			func(t *testing.T, g *Game) { mustOffer(t, g, "from:league:bihar", false) }},
		{"Muslim League Non-Cooperation: Base spaces free, others up to Unity", League, `{"unity":1,"spaces":{
			"sind":{"league":1,"protest":true},"assam":{"league":1,"protest":true},"punjab":{"league":1,"league-base":1,"protest":true}}}`, 1,
			[]string{"op:league-non-cooperation", "space:sind", "space:punjab"},
			func(t *testing.T, g *Game) { mustOffer(t, g, "space:assam", false) }},
		{"Revolutionaries Rally places 1 + Bases Guerrillas and may move one from Out of Play", Rev, `{"resources":{"rev":2},"outOfPlay":{"guerrilla":2},"spaces":{"bihar":{"rev-base":2}}}`, 1,
			[]string{"op:rev-rally", "space:bihar", "guerrillas", "done", "oop"},
			func(t *testing.T, g *Game) {
				eq(t, "guerrillas", int(g.sp("bihar").P[GuerU]), 3)
				eq(t, "OOP", g.OOP[GuerU], 1)
				eq(t, "paid", g.Resources[Rev], 1)
			}},
		{"Rally is not allowed in Support without a Base", Rev, `{"resources":{"rev":2},"spaces":{"bihar":{"support":"passive-support"},"orissa":{"support":"active-support","rev-base":1}}}`, 1,
			[]string{"op:rev-rally"},
			func(t *testing.T, g *Game) {
				mustOffer(t, g, "space:bihar", false)
				mustOffer(t, g, "space:orissa", true)
			}},
		{"Attack fails on a roll above the Guerrillas", Rev, `{"resources":{"rev":2},"spaces":{"bihar":{"guerrilla":2,"sepoy":2}}}`, seedFor(t, 5),
			[]string{"op:attack", "space:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "sepoys", int(g.sp("bihar").P[Sepoy]), 2)
				eq(t, "but all Activated", int(g.sp("bihar").P[GuerA]), 2)
				eq(t, "no unrest", int(g.sp("bihar").Unrest), 0)
			}},
		{"March from a Railway costs nothing", Rev, `{"resources":{"rev":0},"spaces":{"rail-lahore-delhi":{"guerrilla":1}}}`, 1,
			[]string{"op:march", "space:rail-lahore-delhi", "move:guerrilla:punjab", "done"},
			func(t *testing.T, g *Game) { eq(t, "moved", int(g.sp("punjab").P[GuerU]), 1) }},
		{"Unrest costs Restraint per space and shifts toward Neutral", Rev, `{"restraint":2,"resources":{"rev":4},"spaces":{"bihar":{"guerrilla":1,"support":"active-support"},"sind":{"guerrilla":1,"support":"active-opposition"}}}`, 1,
			[]string{"op:unrest", "space:bihar", "space:sind", "done"},
			func(t *testing.T, g *Game) {
				eq(t, "paid", g.Resources[Rev], 0)
				eq(t, "Bihar", int(g.sp("bihar").Support), 1)
				eq(t, "Sind", int(g.sp("sind").Support), -1)
				eq(t, "Restraint once", g.Restraint, 1)
			}},
		{"Negotiate never shares a space with the Operation", Congress, `{"spaces":{"gujarat":{"congress":1},"sind":{"congress":1}}}`, 1,
			[]string{"op:congress-rally", "space:gujarat", "place:1", "sa:negotiate"},
			func(t *testing.T, g *Game) {
				mustOffer(t, g, "space:gujarat", false)
				mustOffer(t, g, "space:sind", true)
			}},
		{"Negotiate does not accompany Non-Cooperation", Congress, `{"spaces":{"gujarat":{"congress":1,"protest":true},"sind":{"congress":1}}}`, 1,
			[]string{"op:congress-non-cooperation"},
			func(t *testing.T, g *Game) { mustOffer(t, g, "sa:negotiate", false) }},
		{"Satyagraha: the Raj may refuse to release Gandhi; Congress picks another", Congress, `{"gandhi":"jail","spaces":{"gujarat":{"congress":1},"sind":{"congress":1,"sepoy":1,"protest":true}}}`, 1,
			[]string{"op:congress-rally", "space:gujarat", "place:1", "done", "skip", "sa:satyagraha", "space:bihar", "refuse"},
			func(t *testing.T, g *Game) {
				eq(t, "Gandhi stays jailed", g.Gandhi, GandhiInJail)
				mustOffer(t, g, "sa:satyagraha", false)
				mustOffer(t, g, "sa:congress-persuade", true)
			}},
		{"Assassinate only in a space selected for Unrest", Rev, `{"resources":{"rev":9},"spaces":{"bihar":{"guerrilla":1,"sepoy":1},"sind":{"troop":1}}}`, 1,
			[]string{"op:unrest", "space:bihar", "sa:assassinate"},
			func(t *testing.T, g *Game) { mustOffer(t, g, "space:sind", false) }},
		{"Aid cannot flip Guerrillas Underground without a Resource", Rev, `{"resources":{"rev":1},"spaces":{"assam":{},"bihar":{"active-guerrilla":2}}}`, 1,
			[]string{"op:rev-rally", "space:assam", "guerrillas", "done", "sa:aid"},
			func(t *testing.T, g *Game) {
				eq(t, "the Rally spent the last Resource", g.Resources[Rev], 0)
				mustOffer(t, g, "space:bihar", false)
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := at(t, c.f, c.pos, c.seed)
			play(t, g, c.acts...)
			c.check(t, g)
		})
	}
}

// The quick existence checks used to offer an Operation agree with the full
// option lists, over the states of random games.
func TestQuickChecksAgreeWithOptions(t *testing.T) {
	d := testData(t)
	for seed := uint64(1); seed <= 30; seed++ {
		g, _ := New(d, Setup{Scenario: "short"}, seed)
		pick := core.NewRNG(seed)
		for k := 0; k < 600 && !g.Over; k++ {
			for i := range g.Sp {
				if g.isCity(i) && deployPossible(g, i) != (len(deployOptions(g, i, 0, false)) > 1) {
					t.Fatalf("seed %d step %d: deploy check differs in %s", seed, k, g.space(i).ID)
				}
				if !g.isRailway(i) && sweepPossible(g, i, false) != (len(sweepOptions(g, i, false, false)) > 1) {
					t.Fatalf("seed %d step %d: sweep check differs in %s", seed, k, g.space(i).ID)
				}
				for _, f := range []Faction{Congress, League} {
					if g.top().Step != "demonstrate" && demoPossible(g, f, i) != (len(demoOptions(g, f, i)) > 1) {
						t.Fatalf("seed %d step %d: demonstrate check differs in %s", seed, k, g.space(i).ID)
					}
				}
			}
			dec := g.Decision()
			play(t, g, dec.Options[pick.IntN(len(dec.Options))].ID)
		}
	}
}
