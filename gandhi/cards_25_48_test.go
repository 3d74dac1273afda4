package gandhi

import (
	"fmt"
	"strings"
	"testing"
)

// Event cards 25-48 (data/effects/cards-25-48.json), both sides: the main
// effect of each text from a small position.

type x25Case struct {
	card   int
	shaded bool
	name   string
	f      Faction
	pos    string // position fields after "current" (no braces)
	picks  []string
	check  func(t *testing.T, g *Game)
	seed   func(t *testing.T) uint64
}

// x25Play plays the Event, then the picks: "!id" asserts that id is not
// offered at that point, "?id" that it is.
func x25Play(t *testing.T, c x25Case) *Game {
	t.Helper()
	seed := uint64(1)
	if c.seed != nil {
		seed = c.seed(t)
	}
	g := at(t, c.f, fmt.Sprintf(`{"current":%d,"upcoming":2,"drawDeck":[3,4,5],%s}`, c.card, c.pos), seed)
	side := "event:unshaded"
	if c.shaded {
		side = "event:shaded"
	}
	play(t, g, side)
	for _, p := range c.picks {
		switch {
		case strings.HasPrefix(p, "!"):
			mustOffer(t, g, p[1:], false)
		case strings.HasPrefix(p, "?"):
			mustOffer(t, g, p[1:], true)
		default:
			play(t, g, p)
		}
	}
	return g
}

// x25IneligibleNext: the card is over (its one Eligible faction acted) and
// Congress, which did not act on it, is still Ineligible on the next one.
func x25IneligibleNext(t *testing.T, g *Game) {
	t.Helper()
	eq(t, "next card", g.Current, 2)
	eq(t, "Congress Ineligible through the next card", g.Eligible[Congress], false)
}

func TestCards25to48(t *testing.T) {
	cases := []x25Case{
		{25, false, "Unity -1, a Muslim space with Raj Control toward Support", Raj,
			`"unity":3,"spaces":{"sind":{"troop":2},"bihar":{"troop":2},"punjab":{"league":1}}`,
			[]string{"!space:bihar", "!space:punjab", "space:sind"},
			func(t *testing.T, g *Game) {
				eq(t, "unity", g.Unity, 2)
				eq(t, "sind", int(g.sp("sind").Support), 1)
			}, nil},
		{25, true, "free League Rally in 2 Muslim spaces, then 1 of them toward Opposition", League,
			`"spaces":{"sind":{"league":1},"punjab":{"league":1},"bihar":{"league":1}}`,
			[]string{"!space:bihar", "space:sind", "place:1", "space:punjab", "place:1", "done", "skip", "end",
				"!space:bihar", "space:punjab"},
			func(t *testing.T, g *Game) {
				eq(t, "sind rallied", int(g.sp("sind").P[LeagueAct]), 2)
				eq(t, "punjab rallied", int(g.sp("punjab").P[LeagueAct]), 2)
				eq(t, "punjab shifted", int(g.sp("punjab").Support), -1)
				eq(t, "sind not shifted", int(g.sp("sind").Support), 0)
			}, nil},
		{26, false, "Strikes off 2 Railways, Revolutionaries -3", Raj,
			`"resources":{"rev":5},"spaces":{"rail-lahore-delhi":{"strike":true},"rail-delhi-allahabad":{"strike":true},"rail-bombay-delhi":{"strike":true}}`,
			[]string{"!space:rail-karachi-lahore", "!space:bihar", "space:rail-lahore-delhi", "space:rail-delhi-allahabad"},
			func(t *testing.T, g *Game) {
				eq(t, "lahore-delhi", g.sp("rail-lahore-delhi").Strike, false)
				eq(t, "delhi-allahabad", g.sp("rail-delhi-allahabad").Strike, false)
				eq(t, "bombay-delhi kept", g.sp("rail-bombay-delhi").Strike, true)
				eq(t, "rev resources", g.Resources[Rev], 2)
			}, nil},
		{26, true, "Strikes on 2 Railways, Revolutionaries +2", Rev,
			`"resources":{"rev":5},"spaces":{}`,
			[]string{"!space:bihar", "space:rail-lahore-delhi", "space:rail-calcutta-assam"},
			func(t *testing.T, g *Game) {
				eq(t, "lahore-delhi", g.sp("rail-lahore-delhi").Strike, true)
				eq(t, "calcutta-assam", g.sp("rail-calcutta-assam").Strike, true)
				eq(t, "rev resources", g.Resources[Rev], 7)
			}, nil},
		{27, false, "up to 3 Guerrillas from Delhi and Punjab, Revolutionaries Ineligible", Raj,
			`"resources":{"rev":5},"spaces":{"delhi":{"guerrilla":2},"punjab":{"guerrilla":1,"active-guerrilla":1},"sind":{"guerrilla":1}}`,
			[]string{"!take:guerrilla:sind", "take:guerrilla:delhi", "take:guerrilla:delhi", "take:active-guerrilla:punjab"},
			func(t *testing.T, g *Game) {
				eq(t, "delhi", g.guerrillas(g.idx("delhi")), 0)
				eq(t, "punjab", g.guerrillas(g.idx("punjab")), 1)
				eq(t, "sind", g.guerrillas(g.idx("sind")), 1)
				eq(t, "rev resources untouched", g.Resources[Rev], 5)
				eq(t, "Rev Ineligible through the next card", g.IneligibleNext[Rev] || !g.Eligible[Rev], true)
			}, nil},
		{27, true, "Unrest in Delhi, 2 Guerrillas in Delhi or Punjab, Restraint -1", Rev,
			`"restraint":3,"spaces":{}`,
			[]string{"!space:sind", "space:punjab"},
			func(t *testing.T, g *Game) {
				eq(t, "delhi unrest", int(g.sp("delhi").Unrest), 1)
				eq(t, "punjab guerrillas", g.guerrillas(g.idx("punjab")), 2)
				eq(t, "delhi guerrillas", g.guerrillas(g.idx("delhi")), 0)
				eq(t, "restraint", g.Restraint, 2)
			}, nil},
		{28, false, "Congress Ineligible, Raj +4", Raj,
			`"resources":{"raj":10},"spaces":{}`,
			nil,
			func(t *testing.T, g *Game) {
				eq(t, "raj resources", g.Resources[Raj], 14)
				x25IneligibleNext(t, g)
			}, nil},
		{28, true, "2 Activists in Provinces without Raj Control, then a free Demonstrate", Raj,
			`"spaces":{"sind":{"troop":2}}`,
			[]string{"!space:sind", "!space:delhi", "space:bihar", "done",
				"space:bihar", "protest", "done", "done", "end"},
			func(t *testing.T, g *Game) {
				eq(t, "bihar activists", int(g.sp("bihar").P[CongAct]), 2)
				eq(t, "demonstrated: protest", g.sp("bihar").Protest, true)
				eq(t, "sind", int(g.sp("sind").P[CongAct]), 0)
			}, nil},
		{29, false, "Protests off 2 Cities, each toward Support", Raj,
			`"spaces":{"delhi":{"protest":true},"bombay":{"protest":true},"bihar":{"protest":true}}`,
			[]string{"!space:bihar", "space:delhi", "space:bombay"},
			func(t *testing.T, g *Game) {
				eq(t, "delhi protest", g.sp("delhi").Protest, false)
				eq(t, "bombay protest", g.sp("bombay").Protest, false)
				eq(t, "delhi support", int(g.sp("delhi").Support), 1)
				eq(t, "bihar untouched", g.sp("bihar").Protest, true)
			}, nil},
		{29, true, "Protests in spaces with Congress Activists, Restraint +1", Congress,
			`"restraint":3,"spaces":{"bihar":{"congress":1},"sind":{"congress":1,"protest":true}}`,
			[]string{"!space:gujarat", "!space:sind", "space:bihar", "done"},
			func(t *testing.T, g *Game) {
				eq(t, "bihar protest", g.sp("bihar").Protest, true)
				eq(t, "restraint", g.Restraint, 4)
			}, nil},
		{30, false, "arrest Gandhi and 2 Activists with him, Raj Resources +3", Raj,
			`"gandhi":"bihar","resources":{"raj":10},"spaces":{"bihar":{"congress":3},"sind":{"congress":1}}`,
			[]string{"!take:congress:sind", "take:congress:bihar", "take:congress:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "gandhi", g.Gandhi, GandhiInJail)
				eq(t, "jailed", g.Jail[0], 2)
				eq(t, "bihar activists", int(g.sp("bihar").P[CongAct]), 1)
				eq(t, "no Unrest", int(g.sp("bihar").Unrest), 0)
				eq(t, "raj resources", g.Resources[Raj], 13)
			}, nil},
		{30, true, "Gandhi to Gujarat, Protests there and in 2 adjacent spaces, Restraint +1", Congress,
			`"restraint":2,"spaces":{}`,
			[]string{"!space:punjab", "space:sind", "space:bombay-presidency"},
			func(t *testing.T, g *Game) {
				eq(t, "gandhi", g.Gandhi, g.idx("gujarat"))
				for _, s := range []string{"gujarat", "sind", "bombay-presidency"} {
					eq(t, s+" protest", g.sp(s).Protest, true)
				}
				eq(t, "restraint", g.Restraint, 3)
			}, nil},
		{31, false, "up to 3 Troops in East Bengal, 2 Guerrillas removed", Raj,
			`"spaces":{"east-bengal":{"guerrilla":2,"active-guerrilla":1}}`,
			[]string{"count:3", "take:guerrilla:east-bengal", "take:active-guerrilla:east-bengal"},
			func(t *testing.T, g *Game) {
				eq(t, "troops", int(g.sp("east-bengal").P[Troop]), 3)
				eq(t, "guerrillas", g.guerrillas(g.idx("east-bengal")), 1)
			}, nil},
		{31, true, "2 Guerrillas in East Bengal, then a free Attack there", Rev,
			`"resources":{"rev":0},"spaces":{"east-bengal":{"sepoy":1},"bihar":{"guerrilla":3}}`,
			[]string{"!space:bihar", "space:east-bengal", "target:sepoy", "done", "end"},
			func(t *testing.T, g *Game) {
				eq(t, "sepoy removed", int(g.sp("east-bengal").P[Sepoy]), 0)
				eq(t, "rev paid nothing", g.Resources[Rev], 0)
				eq(t, "guerrillas placed, Active after the Attack", int(g.sp("east-bengal").P[GuerA]), 2)
			}, func(t *testing.T) uint64 { return seedFor(t, 1) }},
		{32, false, "arrest 3 Congress Activists in NWFP, place a League Activist", Raj,
			`"spaces":{"northwest-frontier":{"congress":3}}`,
			[]string{"take:congress:northwest-frontier", "take:congress:northwest-frontier", "done"},
			func(t *testing.T, g *Game) {
				eq(t, "jailed", g.Jail[0], 2)
				eq(t, "congress left", int(g.sp("northwest-frontier").P[CongAct]), 1)
				eq(t, "league", int(g.sp("northwest-frontier").P[LeagueAct]), 1)
			}, nil},
		{32, true, "2 Congress Activists in NWFP, toward Opposition, 1 Guerrilla removed", Congress,
			`"spaces":{"northwest-frontier":{"guerrilla":1,"active-guerrilla":1}}`,
			[]string{"!done", "take:active-guerrilla:northwest-frontier"},
			func(t *testing.T, g *Game) {
				s := g.sp("northwest-frontier")
				eq(t, "congress", int(s.P[CongAct]), 2)
				eq(t, "support", int(s.Support), -1)
				eq(t, "guerrillas", int(s.P[GuerU])+int(s.P[GuerA]), 1)
				eq(t, "underground left", int(s.P[GuerU]), 1)
			}, nil},
		{33, false, "Protest and 3 Activists off Punjab", Raj,
			`"spaces":{"punjab":{"protest":true,"congress":2,"league":2},"northwest-frontier":{"congress":1}}`,
			[]string{"!space:sind", "space:punjab", "!take:congress:northwest-frontier",
				"take:congress:punjab", "take:congress:punjab", "take:league:punjab"},
			func(t *testing.T, g *Game) {
				s := g.sp("punjab")
				eq(t, "protest", s.Protest, false)
				eq(t, "congress", int(s.P[CongAct]), 0)
				eq(t, "league", int(s.P[LeagueAct]), 1)
				eq(t, "removed, not jailed", g.Jail[0]+g.Jail[1], 0)
				eq(t, "nwfp untouched", int(g.sp("northwest-frontier").P[CongAct]), 1)
			}, nil},
		{33, true, "2 Sepoys off NWFP, 2 levels toward Opposition", Congress,
			`"spaces":{"northwest-frontier":{"sepoy":3}}`,
			[]string{"take:sepoy:northwest-frontier", "take:sepoy:northwest-frontier"},
			func(t *testing.T, g *Game) {
				eq(t, "sepoys", int(g.sp("northwest-frontier").P[Sepoy]), 1)
				eq(t, "support", int(g.sp("northwest-frontier").Support), -2)
			}, nil},
		{34, false, "Unity -1, 1 League Activist from each of 2 Muslim spaces with Raj Control", Raj,
			`"unity":3,"spaces":{"sind":{"troop":2,"league":2},"punjab":{"troop":2,"league":1},"east-bengal":{"league":1}}`,
			[]string{"!space:east-bengal", "space:sind", "space:punjab",
				"!done", "!take:league:punjab", "take:league:sind", "take:league:punjab"},
			func(t *testing.T, g *Game) {
				eq(t, "unity", g.Unity, 2)
				eq(t, "sind", int(g.sp("sind").P[LeagueAct]), 1)
				eq(t, "punjab", int(g.sp("punjab").P[LeagueAct]), 0)
				eq(t, "east bengal", int(g.sp("east-bengal").P[LeagueAct]), 1)
			}, nil},
		{34, true, "Muslim State in a Muslim Province with a League Base, no Raj Control", League,
			`"spaces":{"sind":{"league-base":1},"punjab":{"league-base":1,"troop":3},"bihar":{"league-base":1}}`,
			[]string{"!space:punjab", "!space:bihar", "space:sind"},
			func(t *testing.T, g *Game) {
				eq(t, "muslim state", g.sp("sind").MuslimState, true)
			}, nil},
		{35, false, "2 Princely States toward Support, League Activists in 2 Muslim spaces", Raj,
			`"spaces":{}`,
			[]string{"!space:bihar", "space:hyderabad", "space:mysore", "!space:bihar", "space:sind", "space:karachi"},
			func(t *testing.T, g *Game) {
				eq(t, "hyderabad", int(g.sp("hyderabad").Support), 1)
				eq(t, "mysore", int(g.sp("mysore").Support), 1)
				eq(t, "sind", int(g.sp("sind").P[LeagueAct]), 1)
				eq(t, "karachi", int(g.sp("karachi").P[LeagueAct]), 1)
			}, nil},
		{35, true, "Cities with Congress Activists toward Opposition, executor stays Eligible", Congress,
			`"spaces":{"bombay":{"congress":1},"bihar":{"congress":1}}`,
			[]string{"!space:delhi", "!space:bihar", "space:bombay", "done"},
			func(t *testing.T, g *Game) {
				eq(t, "bombay", int(g.sp("bombay").Support), -1)
				eq(t, "next card", g.Current, 2)
				eq(t, "stays Eligible", g.Eligible[Congress], true)
			}, nil},
		{36, false, "3 Protests removed, Congress Ineligible", Raj,
			`"spaces":{"bihar":{"protest":true},"sind":{"protest":true},"delhi":{"protest":true},"gujarat":{"protest":true}}`,
			[]string{"space:bihar", "space:sind", "space:delhi"},
			func(t *testing.T, g *Game) {
				eq(t, "protests left", g.protestsOnMap(), 1)
				eq(t, "gujarat", g.sp("gujarat").Protest, true)
				x25IneligibleNext(t, g)
			}, nil},
		{36, true, "Gandhi released to a space with no Raj Control, 4 Activists released, Restraint +1", Congress,
			`"restraint":3,"jail":{"congress":3,"league":2},"spaces":{"sind":{"troop":2}}`,
			[]string{"!space:sind", "space:bihar", "release:congress", "release:congress", "release:congress", "release:league"},
			func(t *testing.T, g *Game) {
				eq(t, "gandhi", g.Gandhi, g.idx("bihar"))
				eq(t, "congress jail", g.Jail[0], 0)
				eq(t, "league jail", g.Jail[1], 1)
				eq(t, "restraint", g.Restraint, 4)
			}, nil},
		{37, false, "League Activists in 2 Muslim spaces, Unity -1", League,
			`"unity":3,"spaces":{}`,
			[]string{"!space:bihar", "space:sind", "space:calcutta"},
			func(t *testing.T, g *Game) {
				eq(t, "sind", int(g.sp("sind").P[LeagueAct]), 1)
				eq(t, "calcutta", int(g.sp("calcutta").P[LeagueAct]), 1)
				eq(t, "unity", g.Unity, 2)
			}, nil},
		{37, true, "2 Cities toward Opposition, Restraint +1", Congress,
			`"restraint":3,"spaces":{}`,
			[]string{"!space:bihar", "space:delhi", "space:bombay"},
			func(t *testing.T, g *Game) {
				eq(t, "delhi", int(g.sp("delhi").Support), -1)
				eq(t, "bombay", int(g.sp("bombay").Support), -1)
				eq(t, "restraint", g.Restraint, 4)
			}, nil},
		{38, false, "arrest 4 Congress Activists from spaces with Troops, 1 of those toward Support", Raj,
			`"spaces":{"bihar":{"troop":1,"congress":3},"sind":{"troop":1,"congress":1},"gujarat":{"congress":2}}`,
			[]string{"!take:congress:gujarat", "take:congress:bihar", "take:congress:bihar", "done",
				"!space:sind", "space:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "jailed", g.Jail[0], 2)
				eq(t, "bihar toward Support", int(g.sp("bihar").Support), 1)
				eq(t, "no Unrest", int(g.sp("bihar").Unrest), 0)
				eq(t, "sind untouched", int(g.sp("sind").Support), 0)
			}, nil},
		{38, true, "release 3 Congress Activists from Jail to Gandhi, Restraint +1", Congress,
			`"gandhi":"bihar","restraint":3,"jail":{"congress":4},"spaces":{}`,
			[]string{"done", "!count:4", "count:3"},
			func(t *testing.T, g *Game) {
				eq(t, "bihar", int(g.sp("bihar").P[CongAct]), 3)
				eq(t, "jail", g.Jail[0], 1)
				eq(t, "restraint", g.Restraint, 4)
			}, nil},
		{38, true, "Gandhi in Jail: the released Activists go to 1 Province", Congress,
			`"jail":{"congress":2},"spaces":{}`,
			[]string{"!space:karachi", "space:sind", "count:2"},
			func(t *testing.T, g *Game) {
				eq(t, "sind", int(g.sp("sind").P[CongAct]), 2)
				eq(t, "jail", g.Jail[0], 0)
			}, nil},
		{39, false, "League Base in a Muslim space with League Activists, Unity -1", League,
			`"unity":3,"spaces":{"sind":{"league":1},"bihar":{"league":1}}`,
			[]string{"!space:bihar", "!space:punjab", "space:sind"},
			func(t *testing.T, g *Game) {
				eq(t, "base", int(g.sp("sind").P[LeagueBase]), 1)
				eq(t, "unity", g.Unity, 2)
			}, nil},
		{39, true, "Unity -2, Unrest in a Province with both Activists", Congress,
			`"unity":4,"spaces":{"sind":{"congress":1,"league":1},"punjab":{"congress":1},"bihar":{"league":1,"congress":1},"delhi":{"congress":1,"league":1}}`,
			[]string{"!space:punjab", "!space:delhi", "?space:sind", "space:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "bihar unrest", int(g.sp("bihar").Unrest), 1)
				eq(t, "unity", g.Unity, 2)
			}, nil},
		{40, false, "2 Congress Activists off 1 Province, toward Neutral", Raj,
			`"spaces":{"bihar":{"congress":3,"support":"active-opposition"},"delhi":{"congress":1}}`,
			[]string{"!space:delhi", "space:bihar", "take:congress:bihar", "take:congress:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "congress", int(g.sp("bihar").P[CongAct]), 1)
				eq(t, "support", int(g.sp("bihar").Support), -1)
			}, nil},
		{40, true, "2 Congress Activists in Bombay Presidency or Central Provinces, Restraint +1", Congress,
			`"restraint":3,"spaces":{}`,
			[]string{"!space:bihar", "space:central-provinces"},
			func(t *testing.T, g *Game) {
				eq(t, "activists", int(g.sp("central-provinces").P[CongAct]), 2)
				eq(t, "restraint", g.Restraint, 4)
			}, nil},
		{41, false, "Congress Ineligible, Gandhi's space toward Support", Raj,
			`"gandhi":"bihar","spaces":{}`,
			nil,
			func(t *testing.T, g *Game) {
				eq(t, "bihar", int(g.sp("bihar").Support), 1)
				x25IneligibleNext(t, g)
			}, nil},
		{41, true, "Gandhi released to Bombay Presidency, it and 2 adjacent spaces toward Opposition", Congress,
			`"spaces":{}`,
			[]string{"!space:sind", "space:gujarat", "!space:sind", "space:bombay"},
			func(t *testing.T, g *Game) {
				eq(t, "gandhi", g.Gandhi, g.idx("bombay-presidency"))
				for _, s := range []string{"bombay-presidency", "gujarat", "bombay"} {
					eq(t, s, int(g.sp(s).Support), -1)
				}
			}, nil},
		{41, true, "Gandhi free: not moved, his space and adjacent ones shifted", Congress,
			`"gandhi":"bihar","spaces":{}`,
			[]string{"!space:bombay-presidency", "space:orissa", "done"},
			func(t *testing.T, g *Game) {
				eq(t, "gandhi", g.Gandhi, g.idx("bihar"))
				eq(t, "bihar", int(g.sp("bihar").Support), -1)
				eq(t, "orissa", int(g.sp("orissa").Support), -1)
				eq(t, "bombay presidency", int(g.sp("bombay-presidency").Support), 0)
			}, nil},
		{42, false, "3 Sepoys in Baluchistan, toward Support, Raj -2", Raj,
			`"resources":{"raj":10},"spaces":{}`,
			[]string{"count:3"},
			func(t *testing.T, g *Game) {
				eq(t, "sepoys", int(g.sp("baluchistan").P[Sepoy]), 3)
				eq(t, "support", int(g.sp("baluchistan").Support), 1)
				eq(t, "raj", g.Resources[Raj], 8)
			}, nil},
		{42, true, "all cubes off Baluchistan, toward Opposition", Rev,
			`"spaces":{"baluchistan":{"troop":2,"sepoy":1,"guerrilla":1}}`,
			nil,
			func(t *testing.T, g *Game) {
				eq(t, "cubes", g.cubes(g.idx("baluchistan")), 0)
				eq(t, "guerrilla stays", g.guerrillas(g.idx("baluchistan")), 1)
				eq(t, "support", int(g.sp("baluchistan").Support), -1)
			}, nil},
		{43, false, "3 Provinces with Raj Control toward Support", Raj,
			`"spaces":{"sind":{"troop":2},"bihar":{"troop":2},"delhi":{"troop":2}}`,
			[]string{"!space:delhi", "!space:punjab", "space:sind", "space:bihar", "done"},
			func(t *testing.T, g *Game) {
				eq(t, "sind", int(g.sp("sind").Support), 1)
				eq(t, "bihar", int(g.sp("bihar").Support), 1)
				eq(t, "delhi", int(g.sp("delhi").Support), 0)
			}, nil},
		{43, true, "Restraint +1, League Base in a Muslim Province with League Activists, no Raj Control", League,
			`"restraint":3,"spaces":{"sind":{"league":1},"punjab":{"league":1,"troop":3},"bihar":{"league":1},"karachi":{"league":1}}`,
			[]string{"!space:punjab", "!space:bihar", "!space:karachi", "space:sind"},
			func(t *testing.T, g *Game) {
				eq(t, "base", int(g.sp("sind").P[LeagueBase]), 1)
				eq(t, "restraint", g.Restraint, 4)
			}, nil},
		{45, false, "2 Sepoys in Sind, toward Support", Raj,
			`"spaces":{}`,
			[]string{"!count:3", "count:2"},
			func(t *testing.T, g *Game) {
				eq(t, "sepoys", int(g.sp("sind").P[Sepoy]), 2)
				eq(t, "support", int(g.sp("sind").Support), 1)
			}, nil},
		{45, true, "League Activist and Base in Sind, toward Opposition", League,
			`"spaces":{}`,
			nil,
			func(t *testing.T, g *Game) {
				eq(t, "activist", int(g.sp("sind").P[LeagueAct]), 1)
				eq(t, "base", int(g.sp("sind").P[LeagueBase]), 1)
				eq(t, "support", int(g.sp("sind").Support), -1)
			}, nil},
		{46, false, "2 Congress Activists off Muslim spaces, a League Activist in each, Congress Ineligible", Raj,
			`"spaces":{"sind":{"congress":2},"punjab":{"congress":1},"bihar":{"congress":1}}`,
			[]string{"!take:congress:bihar", "take:congress:sind", "take:congress:sind"},
			func(t *testing.T, g *Game) {
				eq(t, "sind congress", int(g.sp("sind").P[CongAct]), 0)
				eq(t, "sind league", int(g.sp("sind").P[LeagueAct]), 1)
				eq(t, "punjab untouched", int(g.sp("punjab").P[CongAct]), 1)
				eq(t, "punjab no league", int(g.sp("punjab").P[LeagueAct]), 0)
				x25IneligibleNext(t, g)
			}, nil},
		{46, true, "non-Muslim Provinces with Congress Activists toward Opposition", Congress,
			`"spaces":{"bihar":{"congress":1},"sind":{"congress":1}}`,
			[]string{"!space:sind", "!space:gujarat", "space:bihar", "done"},
			func(t *testing.T, g *Game) {
				eq(t, "bihar", int(g.sp("bihar").Support), -1)
			}, nil},
		{47, false, "a League Base off a space with Congress Activists, Unity -1", Raj,
			`"unity":3,"spaces":{"sind":{"league-base":1,"troop":3},"punjab":{"league-base":1,"congress":1},"east-bengal":{"league-base":1}}`,
			// Both selections are required (one for each half of the "or"); the
			// narrow then chooses the one space.
			[]string{"!space:east-bengal", "?space:sind", "!done", "space:sind", "!space:east-bengal", "!done", "space:punjab",
				"space:punjab", "!done", "take:league-base:punjab"},
			func(t *testing.T, g *Game) {
				eq(t, "punjab base", int(g.sp("punjab").P[LeagueBase]), 0)
				eq(t, "sind base", int(g.sp("sind").P[LeagueBase]), 1)
				eq(t, "unity", g.Unity, 2)
			}, nil},
		{47, false, "a League Base off a space with Raj Control", Raj,
			`"spaces":{"sind":{"league-base":1,"troop":3},"punjab":{"league-base":1,"congress":1}}`,
			[]string{"space:sind", "!done", "space:punjab", "space:sind", "take:league-base:sind"},
			func(t *testing.T, g *Game) {
				eq(t, "sind base", int(g.sp("sind").P[LeagueBase]), 0)
				eq(t, "punjab base", int(g.sp("punjab").P[LeagueBase]), 1)
			}, nil},
		{47, true, "League Bases in 2 Muslim spaces with League Activists", League,
			`"spaces":{"sind":{"league":1},"punjab":{"league":1},"bihar":{"league":1}}`,
			[]string{"!space:bihar", "space:sind", "space:punjab"},
			func(t *testing.T, g *Game) {
				eq(t, "sind", int(g.sp("sind").P[LeagueBase]), 1)
				eq(t, "punjab", int(g.sp("punjab").P[LeagueBase]), 1)
			}, nil},
		{48, false, "Restraint -1, Congress Ineligible", Raj,
			`"restraint":3,"spaces":{}`,
			nil,
			func(t *testing.T, g *Game) {
				eq(t, "restraint", g.Restraint, 2)
				x25IneligibleNext(t, g)
			}, nil},
		{48, true, "2 Congress Activists in Bengal replaced by Guerrillas, Revolutionaries +2", Rev,
			`"resources":{"rev":5},"spaces":{"calcutta":{"congress":1},"east-bengal":{"congress":2},"bihar":{"congress":1}}`,
			[]string{"!take:congress:bihar", "take:congress:calcutta", "take:congress:east-bengal"},
			func(t *testing.T, g *Game) {
				eq(t, "calcutta congress", int(g.sp("calcutta").P[CongAct]), 0)
				eq(t, "calcutta guerrilla", int(g.sp("calcutta").P[GuerU]), 1)
				eq(t, "east bengal congress", int(g.sp("east-bengal").P[CongAct]), 1)
				eq(t, "east bengal guerrilla", int(g.sp("east-bengal").P[GuerU]), 1)
				eq(t, "rev", g.Resources[Rev], 7)
			}, nil},
	}
	for _, c := range cases {
		side := "unshaded"
		if c.shaded {
			side = "shaded"
		}
		t.Run(fmt.Sprintf("%d %s: %s", c.card, side, c.name), func(t *testing.T) {
			g := x25Play(t, c)
			c.check(t, g)
			if g.Current == c.card { // its one Eligible faction has acted
				t.Errorf("Event not finished: %q %v", g.Decision().Prompt, ids(g.Decision()))
			}
		})
	}
	// Every card of the file has a test of both sides.
	seen := map[string]bool{}
	for _, c := range cases {
		seen[fmt.Sprint(c.card, c.shaded)] = true
	}
	for n := 25; n <= 48; n++ {
		for _, sh := range []bool{false, true} {
			if n != 44 && !seen[fmt.Sprint(n, sh)] {
				t.Errorf("card %d shaded=%v has no test", n, sh)
			}
		}
	}
}

// Texts of cards 25-48 that require their choice (5.1.1): it cannot be
// declined while a legal target exists, and the Event ends without one.
func TestRequiredChoices25to48(t *testing.T) {
	runReqCases(t, []reqCase{
		// 25 unshaded: shift 1 Muslim space with Raj Control.
		{25, false, Raj, `"spaces":{"punjab":{"troop":3},"sind":{}}`,
			[]string{"!done", "!space:sind", "space:punjab"},
			func(t *testing.T, g *Game) {
				eq(t, "Punjab", int(g.sp("punjab").Support), 1)
				eq(t, "unity", g.Unity, 2)
			},
			`"spaces":{"bihar":{"troop":3}}`, []string{"=done"}},
		// 27 shaded: 2 Guerrillas in Delhi or Punjab.
		{27, true, Rev, `"spaces":{}`,
			[]string{"!done", "space:punjab"},
			func(t *testing.T, g *Game) {
				eq(t, "Punjab", g.guerrillas(g.idx("punjab")), 2)
				eq(t, "Delhi Unrest", int(g.sp("delhi").Unrest), 1)
				eq(t, "restraint", g.Restraint, 2)
			}, "", nil},
		// 33 unshaded: 1 Protest marker (required) and up to 3 Activists
		// from Northwest Frontier or Punjab.
		{33, false, Raj, `"spaces":{"punjab":{"protest":true,"congress":2}}`,
			[]string{"!done", "space:punjab", "take:congress:punjab", "done"},
			func(t *testing.T, g *Game) {
				eq(t, "Protest removed", g.sp("punjab").Protest, false)
				eq(t, "one Activist removed", int(g.sp("punjab").P[CongAct]), 1)
			}, "", nil},
		// 34 shaded: a Muslim State in 1 Muslim Province with a League Base
		// and no Raj Control.
		{34, true, League, `"spaces":{"sind":{"league-base":1},"punjab":{"league-base":1,"troop":5}}`,
			[]string{"!done", "!space:punjab", "space:sind"},
			func(t *testing.T, g *Game) { eq(t, "Muslim State", g.sp("sind").MuslimState, true) },
			`"spaces":{"punjab":{"league-base":1,"troop":5}}`, []string{"=done"}},
		// 39 unshaded: a League Base in 1 Muslim space with League Activists.
		{39, false, League, `"spaces":{"sind":{"league":1},"bihar":{"league":1}}`,
			[]string{"!done", "!space:bihar", "space:sind"},
			func(t *testing.T, g *Game) {
				eq(t, "Base", int(g.sp("sind").P[LeagueBase]), 1)
				eq(t, "unity", g.Unity, 2)
			},
			`"spaces":{"bihar":{"league":1}}`, []string{"=done"}},
		// 39 shaded: Unrest in 1 Province with Congress and League Activists.
		{39, true, Congress, `"spaces":{"bihar":{"congress":1,"league":1},"delhi":{"congress":1,"league":1},"sind":{"league":1}}`,
			[]string{"!done", "!space:delhi", "!space:sind", "space:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "Unrest", int(g.sp("bihar").Unrest), 1)
				eq(t, "unity", g.Unity, 1)
			},
			`"spaces":{"bihar":{"congress":1},"sind":{"league":1}}`, []string{"=done"}},
		// 40 unshaded: the Province is required (its shift toward Neutral is
		// not "up to"); only the number of Activists removed is.
		{40, false, Raj, `"spaces":{"bihar":{"congress":2,"support":"active-opposition"},"delhi":{"congress":1}}`,
			[]string{"!done", "!space:delhi", "space:bihar", "done"},
			func(t *testing.T, g *Game) {
				eq(t, "none removed", int(g.sp("bihar").P[CongAct]), 2)
				eq(t, "toward Neutral", int(g.sp("bihar").Support), -1)
			},
			`"spaces":{"delhi":{"congress":1}}`, []string{"=done"}},
		// 40 shaded: 2 Congress Activists in Bombay Presidency or Central Provinces.
		{40, true, Congress, `"spaces":{}`,
			[]string{"!done", "space:central-provinces"},
			func(t *testing.T, g *Game) {
				eq(t, "Activists", int(g.sp("central-provinces").P[CongAct]), 2)
				eq(t, "restraint", g.Restraint, 4)
			}, "", nil},
		// 43 shaded: a League Base in 1 Muslim Province with League Activists
		// and no Raj Control.
		{43, true, League, `"spaces":{"sind":{"league":1},"punjab":{"league":1,"troop":5}}`,
			[]string{"!done", "!space:punjab", "space:sind"},
			func(t *testing.T, g *Game) { eq(t, "Base", int(g.sp("sind").P[LeagueBase]), 1) },
			`"spaces":{"punjab":{"league":1,"troop":5}}`, []string{"=done"}},
		// 47 unshaded: 1 League Base from a space with Raj Control or with
		// Congress Activists; only the other half of the "or" exists.
		{47, false, Raj, `"spaces":{"punjab":{"league-base":1,"congress":1},"east-bengal":{"league-base":1}}`,
			[]string{"=done", "!done", "!space:east-bengal", "space:punjab", "space:punjab", "take:league-base:punjab"},
			func(t *testing.T, g *Game) {
				eq(t, "Punjab Base", int(g.sp("punjab").P[LeagueBase]), 0)
				eq(t, "unity", g.Unity, 2)
			},
			`"spaces":{"east-bengal":{"league-base":1}}`, []string{"=done", "=done"}},
	})
}
