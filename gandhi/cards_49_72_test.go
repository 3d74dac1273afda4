package gandhi

import (
	"fmt"
	"testing"
)

// Event cards 49-72, both sides (data/effects/cards-49-72.json): the main
// effect of each text from a small position.

func TestCards49to72(t *testing.T) {
	type tc struct {
		card   int
		side   string // "unshaded" or "shaded"
		f      Faction
		pos    string // position fields after the card (may be empty)
		picks  []string
		refuse []string // options that must not be offered after the picks' first step
		check  func(t *testing.T, g *Game)
	}
	cases := []tc{
		{49, "unshaded", Raj, `"spaces":{"bihar":{"league":3},"punjab":{"league":1}}`,
			[]string{"space:bihar", "take:league:bihar", "take:league:bihar"}, []string{"space:punjab"},
			func(t *testing.T, g *Game) {
				eq(t, "unity", g.Unity, 4)
				eq(t, "Bihar League", int(g.sp("bihar").P[LeagueAct]), 1)
				eq(t, "Punjab untouched", int(g.sp("punjab").P[LeagueAct]), 1)
			}},
		{49, "shaded", League, `"spaces":{"sind":{"congress":2},"punjab":{"congress":1},"bihar":{"congress":1}}`,
			[]string{"space:sind", "space:punjab", "take:congress:sind", "take:congress:punjab"}, []string{"space:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "Sind Congress", int(g.sp("sind").P[CongAct]), 1)
				eq(t, "Sind League", int(g.sp("sind").P[LeagueAct]), 1)
				eq(t, "Punjab Congress", int(g.sp("punjab").P[CongAct]), 0)
				eq(t, "Punjab League", int(g.sp("punjab").P[LeagueAct]), 1)
				eq(t, "Sind shifted", int(g.sp("sind").Support), -1)
				eq(t, "Punjab shifted", int(g.sp("punjab").Support), -1)
				eq(t, "Bihar untouched", int(g.sp("bihar").P[CongAct]), 1)
			}},
		{50, "unshaded", League, `"spaces":{"bihar":{"congress":1},"sind":{"congress":1},"delhi":{"congress":1}}`,
			[]string{"space:bihar", "space:sind"}, []string{"space:delhi", "space:assam"},
			func(t *testing.T, g *Game) {
				eq(t, "Bihar League", int(g.sp("bihar").P[LeagueAct]), 1)
				eq(t, "Sind League", int(g.sp("sind").P[LeagueAct]), 1)
				eq(t, "unity", g.Unity, 2)
			}},
		{50, "shaded", Congress, `"spaces":{}`,
			[]string{"space:bihar", "space:sind", "space:assam", "space:sind"}, []string{"space:delhi", "space:orissa"},
			func(t *testing.T, g *Game) {
				for _, s := range []string{"bihar", "sind", "assam"} {
					eq(t, s+" Congress", int(g.sp(s).P[CongAct]), 1)
				}
				eq(t, "Protest in Sind", g.sp("sind").Protest, true)
				eq(t, "one Protest", g.protestsOnMap(), 1)
			}},
		{51, "unshaded", Raj, `"spaces":{}`,
			[]string{"space:sind"}, []string{"space:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "unity", g.Unity, 2)
				eq(t, "Sind", int(g.sp("sind").Support), 1)
			}},
		{51, "shaded", League, `"spaces":{"sind":{"league":1},"punjab":{"league":1,"support":"passive-support"},"bihar":{"league":1}}`,
			[]string{"space:sind", "space:punjab"}, []string{"space:bihar", "space:assam"},
			func(t *testing.T, g *Game) {
				eq(t, "Sind", int(g.sp("sind").Support), -1)
				eq(t, "Punjab", int(g.sp("punjab").Support), 0)
				eq(t, "unity", g.Unity, 2)
			}},
		{52, "unshaded", Raj, `"resources":{"raj":10},"spaces":{"punjab":{"league":3,"troop":5},"sind":{"league":2}}`,
			[]string{"space:punjab", "take:league:punjab", "take:league:punjab"}, []string{"space:sind"},
			func(t *testing.T, g *Game) {
				eq(t, "Punjab League", int(g.sp("punjab").P[LeagueAct]), 1)
				eq(t, "Raj Resources", g.Resources[Raj], 13)
			}},
		{52, "shaded", League, `"spaces":{"sind":{"league-base":1,"league":1},"punjab":{"league-base":1,"troop":5}}`,
			[]string{"space:sind", "space:punjab", "space:karachi", "space:punjab"}, []string{"space:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "no Muslim State", g.sp("sind").MuslimState, false)
				eq(t, "Sind League", int(g.sp("sind").P[LeagueAct]), 2)
				eq(t, "Punjab League", int(g.sp("punjab").P[LeagueAct]), 1)
				eq(t, "Karachi League", int(g.sp("karachi").P[LeagueAct]), 1)
				eq(t, "Baluchistan", int(g.sp("baluchistan").P[LeagueAct]), 0)
				eq(t, "Punjab toward Opposition", int(g.sp("punjab").Support), -1)
				eq(t, "Sind not shifted", int(g.sp("sind").Support), 0)
				eq(t, "not in non-Muslim Rajputana", int(g.sp("rajputana").P[LeagueAct]), 0)
			}},
		{53, "unshaded", Congress, `"spaces":{"sind":{"league":3},"bihar":{"league":3}}`,
			[]string{"space:sind", "take:league:sind", "take:league:sind"}, []string{"space:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "unity", g.Unity, 4)
				eq(t, "Sind League", int(g.sp("sind").P[LeagueAct]), 1)
				eq(t, "Sind Congress", int(g.sp("sind").P[CongAct]), 2)
			}},
		{53, "shaded", League, `"spaces":{"punjab":{"congress":1},"sind":{}}`,
			[]string{"space:punjab"}, []string{"space:sind"},
			func(t *testing.T, g *Game) {
				eq(t, "unity", g.Unity, 2)
				eq(t, "Punjab League", int(g.sp("punjab").P[LeagueAct]), 2)
			}},
		{54, "unshaded", Raj, `"spaces":{}`,
			[]string{"space:delhi", "space:bombay"}, []string{"space:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "Delhi", int(g.sp("delhi").Support), 1)
				eq(t, "Bombay", int(g.sp("bombay").Support), 1)
				eq(t, "unity", g.Unity, 2)
			}},
		{54, "shaded", League, `"spaces":{"sind":{"league-base":1},"bihar":{"league-base":1}}`,
			[]string{"space:sind"}, []string{"space:bihar", "space:punjab"},
			func(t *testing.T, g *Game) { eq(t, "Sind two levels", int(g.sp("sind").Support), -2) }},
		{55, "unshaded", Raj, `"resources":{"rev":10},"spaces":{"calcutta":{"guerrilla":2},"northwest-frontier":{"guerrilla":1,"active-guerrilla":1}}`,
			[]string{"take:guerrilla:calcutta", "take:active-guerrilla:northwest-frontier"}, nil,
			func(t *testing.T, g *Game) {
				eq(t, "Rev Resources", g.Resources[Rev], 6)
				eq(t, "Calcutta", g.guerrillas(g.idx("calcutta")), 1)
				eq(t, "Northwest Frontier", g.guerrillas(g.idx("northwest-frontier")), 1)
			}},
		{55, "shaded", Rev, `"resources":{"rev":10},"spaces":{"calcutta":{"guerrilla":3},"west-bengal":{"guerrilla":1}}`,
			[]string{"space:calcutta", "take:guerrilla:calcutta", "space:northwest-frontier", "take:guerrilla:calcutta", "space:rail-lahore-delhi", "done"},
			[]string{"space:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "Calcutta", g.guerrillas(g.idx("calcutta")), 1)
				eq(t, "Northwest Frontier: one moved, one placed", g.guerrillas(g.idx("northwest-frontier")), 2)
				eq(t, "railway", g.guerrillas(g.idx("rail-lahore-delhi")), 1)
				eq(t, "West Bengal untouched", g.guerrillas(g.idx("west-bengal")), 1)
				eq(t, "Rev Resources", g.Resources[Rev], 14)
			}},
		{56, "shaded", Congress, `"gandhi":"bihar","spaces":{"sind":{"congress":1},"rail-lahore-delhi":{"congress":1}}`,
			[]string{"space:bihar", "space:sind"}, []string{"space:rail-lahore-delhi", "space:assam"},
			func(t *testing.T, g *Game) {
				eq(t, "Bihar", int(g.sp("bihar").Support), -1)
				eq(t, "Sind", int(g.sp("sind").Support), -1)
				eq(t, "restraint", g.Restraint, 4)
			}},
		{57, "unshaded", Raj, `"gandhi":"bihar","spaces":{"delhi":{"congress":3},"bombay":{"congress":2},"bihar":{"congress":1},"sind":{"congress":1}}`,
			[]string{"take:congress:delhi", "take:congress:delhi", "take:congress:delhi", "take:congress:bombay", "space:bihar", "space:sind"},
			nil,
			func(t *testing.T, g *Game) {
				eq(t, "Gandhi", g.Gandhi, GandhiInJail)
				eq(t, "Jail", g.Jail[0], 4)
				eq(t, "Bombay keeps one", int(g.sp("bombay").P[CongAct]), 1)
				eq(t, "Bihar unrest", int(g.sp("bihar").Unrest), 1)
				eq(t, "Sind unrest", int(g.sp("sind").Unrest), 1)
				eq(t, "restraint unshifted", g.Restraint, 3)
			}},
		{57, "shaded", Congress, `"spaces":{"bihar":{"congress":1},"rail-bombay-delhi":{"congress":1},"delhi":{"congress":1,"protest":true}}`,
			[]string{"space:bihar", "space:rail-bombay-delhi", "done", "space:rail-lahore-delhi", "space:rail-karachi-lahore"},
			[]string{"space:delhi", "space:sind"},
			func(t *testing.T, g *Game) {
				eq(t, "Bihar Protest", g.sp("bihar").Protest, true)
				eq(t, "railway Protest", g.sp("rail-bombay-delhi").Protest, true)
				eq(t, "Protests", g.protestsOnMap(), 3)
				eq(t, "Strike", g.sp("rail-lahore-delhi").Strike, true)
				eq(t, "Strike 2", g.sp("rail-karachi-lahore").Strike, true)
			}},
		{58, "unshaded", Raj, `"spaces":{"bihar":{"guerrilla":2,"active-guerrilla":2},"united-provinces":{"guerrilla":1}}`,
			[]string{"space:bihar", "count:4", "take:guerrilla:bihar", "take:guerrilla:bihar", "take:active-guerrilla:bihar"},
			[]string{"space:assam"},
			func(t *testing.T, g *Game) {
				eq(t, "Troops", int(g.sp("bihar").P[Troop]), 4)
				eq(t, "Guerrillas left", g.guerrillas(g.idx("bihar")), 1)
				eq(t, "UP untouched", g.guerrillas(g.idx("united-provinces")), 1)
			}},
		{58, "shaded", Rev, `"spaces":{}`,
			[]string{"space:rail-allahabad-calcutta"}, []string{"space:rail-lahore-delhi"},
			func(t *testing.T, g *Game) {
				eq(t, "Bihar", g.guerrillas(g.idx("bihar")), 2)
				eq(t, "UP", g.guerrillas(g.idx("united-provinces")), 2)
				eq(t, "Strike", g.sp("rail-allahabad-calcutta").Strike, true)
				eq(t, "one Strike", g.unrestStrikeOnMap(), 1)
			}},
		{59, "unshaded", Raj, `"spaces":{"west-bengal":{"unrest":2},"east-bengal":{"unrest":1},"calcutta":{"unrest":1}}`,
			[]string{"count:3"}, nil,
			func(t *testing.T, g *Game) {
				eq(t, "Sepoys", int(g.sp("calcutta").P[Sepoy]), 3)
				eq(t, "West Bengal", int(g.sp("west-bengal").Unrest), 1)
				eq(t, "East Bengal", int(g.sp("east-bengal").Unrest), 0)
				eq(t, "Calcutta keeps its Unrest", int(g.sp("calcutta").Unrest), 1)
			}},
		{59, "shaded", Rev, `"spaces":{}`,
			nil, nil,
			func(t *testing.T, g *Game) {
				eq(t, "West Bengal", int(g.sp("west-bengal").Support), -1)
				eq(t, "East Bengal", int(g.sp("east-bengal").Support), -1)
				eq(t, "Calcutta unrest", int(g.sp("calcutta").Unrest), 1)
			}},
		{60, "unshaded", Raj, `"resources":{"rev":5},"spaces":{"assam":{"guerrilla":3,"rev-base":1}}`,
			[]string{"space:assam", "take:guerrilla:assam", "take:guerrilla:assam", "take:rev-base:assam"}, []string{"space:east-bengal"},
			func(t *testing.T, g *Game) {
				eq(t, "Assam", g.guerrillas(g.idx("assam")), 1)
				eq(t, "Assam Base", int(g.sp("assam").P[RevBase]), 0)
				eq(t, "Rev Resources untouched", g.Resources[Rev], 5)
				eq(t, "Rev Ineligible through the next card", g.Eligible[Rev], false)
			}},
		{60, "shaded", Rev, `"resources":{"rev":5},"spaces":{}`,
			[]string{"space:east-bengal"}, []string{"space:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "Guerrillas", g.guerrillas(g.idx("east-bengal")), 3)
				eq(t, "Base", int(g.sp("east-bengal").P[RevBase]), 1)
				eq(t, "Rev Resources", g.Resources[Rev], 8)
			}},
		{61, "unshaded", Raj, `"spaces":{"assam":{"guerrilla":2,"active-guerrilla":1},"east-bengal":{"guerrilla":1}}`,
			[]string{"space:east-bengal", "count:4"}, []string{"space:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "Troops", int(g.sp("east-bengal").P[Troop]), 4)
				eq(t, "Assam cleared", g.guerrillas(g.idx("assam")), 0)
				eq(t, "East Bengal keeps its Guerrilla", g.guerrillas(g.idx("east-bengal")), 1)
			}},
		{61, "shaded", Rev, `"spaces":{"assam":{"troop":2},"east-bengal":{"sepoy":2},"bihar":{"troop":1}}`,
			[]string{"take:troop:assam", "take:sepoy:east-bengal", "done"}, []string{"take:troop:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "Assam Troops", int(g.sp("assam").P[Troop]), 1)
				eq(t, "East Bengal Sepoys", int(g.sp("east-bengal").P[Sepoy]), 1)
				eq(t, "no Unrest in Assam", int(g.sp("assam").Unrest), 0)
			}},
		{62, "shaded", Congress, `"spaces":{}`,
			[]string{"space:bombay"}, []string{"space:delhi"},
			func(t *testing.T, g *Game) {
				eq(t, "Gandhi released to Bombay", g.Gandhi, g.idx("bombay"))
				eq(t, "unity", g.Unity, 5)
			}},
		{62, "shaded", Congress, `"gandhi":"bihar","spaces":{}`,
			[]string{"space:bombay-presidency"}, nil,
			func(t *testing.T, g *Game) { eq(t, "Gandhi moved", g.Gandhi, g.idx("bombay-presidency")) }},
		{63, "unshaded", League, `"spaces":{"sind":{"league-base":1},"punjab":{"league-base":1,"support":"passive-support"},"bihar":{"league-base":1}}`,
			[]string{"space:sind", "space:punjab"}, []string{"space:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "unity", g.Unity, 2)
				eq(t, "Sind", int(g.sp("sind").Support), -1)
				eq(t, "Punjab", int(g.sp("punjab").Support), 0)
			}},
		{63, "shaded", Congress, `"spaces":{}`,
			[]string{"space:delhi", "space:madras"}, []string{"space:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "unity", g.Unity, 4)
				eq(t, "Delhi", int(g.sp("delhi").P[CongAct]), 1)
				eq(t, "Madras", int(g.sp("madras").P[CongAct]), 1)
			}},
		{64, "unshaded", Raj, `"resources":{"raj":10},"spaces":{"delhi":{"guerrilla":2},"punjab":{"guerrilla":2},"bihar":{"guerrilla":1}}`,
			[]string{"take:guerrilla:delhi", "take:guerrilla:delhi", "take:guerrilla:punjab"}, []string{"take:guerrilla:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "Delhi", g.guerrillas(g.idx("delhi")), 0)
				eq(t, "Punjab", g.guerrillas(g.idx("punjab")), 1)
				eq(t, "Raj Resources", g.Resources[Raj], 12)
			}},
		{64, "shaded", Rev, `"spaces":{}`,
			[]string{"space:punjab", "space:bombay"}, []string{"space:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "Punjab Guerrillas", g.guerrillas(g.idx("punjab")), 2)
				eq(t, "Delhi", int(g.sp("delhi").Support), -1)
				eq(t, "Bombay", int(g.sp("bombay").Support), -1)
				eq(t, "Punjab not shifted", int(g.sp("punjab").Support), 0)
			}},
		{65, "unshaded", League, `"spaces":{"sind":{"league":1},"punjab":{"league":1},"east-bengal":{"league":1},"bihar":{"league":1}}`,
			[]string{"space:sind", "space:punjab"}, []string{"space:bihar"},
			func(t *testing.T, g *Game) {
				for _, s := range []string{"sind", "punjab"} {
					eq(t, s, int(g.sp(s).Support), -1)
				}
				eq(t, "a third space untouched", int(g.sp("east-bengal").Support), 0)
			}},
		{65, "shaded", Congress, `"spaces":{"bihar":{"congress":1},"gujarat":{"congress":1},"sind":{"congress":1},"delhi":{"congress":1}}`,
			[]string{"space:bihar", "space:gujarat", "done"}, []string{"space:sind", "space:delhi"},
			func(t *testing.T, g *Game) {
				eq(t, "Bihar", int(g.sp("bihar").Support), -1)
				eq(t, "Gujarat", int(g.sp("gujarat").Support), -1)
				eq(t, "Sind", int(g.sp("sind").Support), 0)
			}},
		{66, "unshaded", Raj, `"spaces":{"karachi":{"guerrilla":1,"league":1,"congress":1}}`,
			[]string{"space:karachi", "count:4", "take:guerrilla:karachi", "take:league:karachi", "take:congress:karachi"},
			[]string{"space:calcutta"},
			func(t *testing.T, g *Game) {
				eq(t, "Troops", int(g.sp("karachi").P[Troop]), 4)
				eq(t, "cleared", g.guerrillas(g.idx("karachi"))+g.activists(g.idx("karachi")), 0)
				eq(t, "removed, not arrested", g.Jail[0]+g.Jail[1], 0)
			}},
		{66, "shaded", Rev, `"spaces":{"bombay":{"sepoy":2},"karachi":{"sepoy":2}}`,
			[]string{"take:sepoy:bombay", "take:sepoy:bombay", "take:sepoy:karachi", "space:rail-bombay-delhi"},
			nil,
			func(t *testing.T, g *Game) {
				eq(t, "Bombay Sepoys", int(g.sp("bombay").P[Sepoy]), 0)
				eq(t, "Karachi Sepoys", int(g.sp("karachi").P[Sepoy]), 1)
				eq(t, "Bombay Guerrilla", g.guerrillas(g.idx("bombay")), 1)
				eq(t, "Karachi Guerrilla", g.guerrillas(g.idx("karachi")), 1)
				eq(t, "Strike", g.sp("rail-bombay-delhi").Strike, true)
			}},
		{67, "unshaded", Raj, `"spaces":{"sind":{"muslimState":true,"support":"active-opposition"},"punjab":{}}`,
			[]string{"space:sind"}, []string{"space:jammu-kashmir", "space:punjab"},
			func(t *testing.T, g *Game) {
				eq(t, "marker removed", g.sp("sind").MuslimState, false)
				eq(t, "Neutral", int(g.sp("sind").Support), 0)
				eq(t, "unity", g.Unity, 4)
			}},
		{67, "shaded", League, `"spaces":{"sind":{"league-base":1},"east-bengal":{"league-base":1},"punjab":{"league-base":1,"troop":5}}`,
			[]string{"space:sind", "space:east-bengal"}, []string{"space:punjab"},
			func(t *testing.T, g *Game) {
				eq(t, "Sind", g.sp("sind").MuslimState, true)
				eq(t, "East Bengal", g.sp("east-bengal").MuslimState, true)
			}},
		{68, "unshaded", Raj, `"spaces":{"calcutta":{"unrest":2},"west-bengal":{"unrest":1},"east-bengal":{"unrest":1},"bihar":{"unrest":1}}`,
			[]string{"count:4"}, nil,
			func(t *testing.T, g *Game) {
				eq(t, "Troops", int(g.sp("calcutta").P[Troop]), 4)
				eq(t, "Calcutta", int(g.sp("calcutta").Unrest), 1)
				eq(t, "West Bengal", int(g.sp("west-bengal").Unrest), 0)
				eq(t, "East Bengal", int(g.sp("east-bengal").Unrest), 0)
				eq(t, "Bihar not adjacent", int(g.sp("bihar").Unrest), 1)
			}},
		{68, "shaded", League, `"spaces":{}`,
			nil, nil,
			func(t *testing.T, g *Game) {
				eq(t, "League", int(g.sp("calcutta").P[LeagueAct]), 2)
				eq(t, "Protest", g.sp("calcutta").Protest, true)
				eq(t, "Unrest", int(g.sp("calcutta").Unrest), 1)
				eq(t, "unity", g.Unity, 1)
			}},
		{69, "unshaded", Raj, `"spaces":{"east-bengal":{"unrest":2,"guerrilla":3}}`,
			[]string{"take:guerrilla:east-bengal", "take:guerrilla:east-bengal"}, nil,
			func(t *testing.T, g *Game) {
				eq(t, "Gandhi", g.Gandhi, g.idx("east-bengal"))
				eq(t, "Unrest", int(g.sp("east-bengal").Unrest), 1)
				eq(t, "Guerrillas", g.guerrillas(g.idx("east-bengal")), 1)
			}},
		{69, "shaded", Rev, `"spaces":{}`,
			nil, nil,
			func(t *testing.T, g *Game) {
				eq(t, "East Bengal", int(g.sp("east-bengal").Unrest), 1)
				eq(t, "no adjacent Province", int(g.sp("assam").Unrest)+int(g.sp("west-bengal").Unrest), 0)
				eq(t, "unity", g.Unity, 2)
			}},
		{70, "shaded", Congress, `"spaces":{}`,
			nil, nil,
			func(t *testing.T, g *Game) {
				eq(t, "Delhi", int(g.sp("delhi").Support), -2)
				eq(t, "Congress", int(g.sp("delhi").P[CongAct]), 2)
			}},
		{71, "shaded", Congress, `"spaces":{"bihar":{"troop":2},"sind":{"troop":2},"delhi":{"troop":2}}`,
			[]string{"take:troop:bihar", "take:troop:bihar", "take:troop:sind"}, []string{"take:troop:delhi"},
			func(t *testing.T, g *Game) {
				eq(t, "Bihar", int(g.sp("bihar").P[Troop]), 0)
				eq(t, "Sind", int(g.sp("sind").P[Troop]), 1)
				eq(t, "Delhi", int(g.sp("delhi").P[Troop]), 2)
				eq(t, "restraint", g.Restraint, 4)
			}},
		{72, "unshaded", Raj, `"spaces":{"east-bengal":{"muslimState":true},"sind":{"muslimState":true}}`,
			[]string{"space:east-bengal"}, []string{"space:sind"},
			func(t *testing.T, g *Game) {
				eq(t, "East Bengal", g.sp("east-bengal").MuslimState, false)
				eq(t, "Sind keeps its marker", g.sp("sind").MuslimState, true)
				eq(t, "unity", g.Unity, 2)
			}},
		{72, "shaded", League, `"spaces":{"west-bengal":{"league-base":1},"sind":{"league-base":1}}`,
			[]string{"space:west-bengal"}, []string{"space:sind"},
			func(t *testing.T, g *Game) {
				eq(t, "West Bengal", g.sp("west-bengal").MuslimState, true)
				eq(t, "unity", g.Unity, 1)
			}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%d %s", c.card, c.side), func(t *testing.T) {
			g := at(t, c.f, fmt.Sprintf(`{"current":%d,"upcoming":2,"drawDeck":[3,4,5],%s}`, c.card, c.pos), 1)
			play(t, g, "event:"+c.side)
			for k, p := range c.picks {
				if k == 0 {
					for _, r := range c.refuse {
						mustOffer(t, g, r, false)
					}
				}
				play(t, g, p)
			}
			if len(c.picks) == 0 {
				for _, r := range c.refuse {
					mustOffer(t, g, r, false)
				}
			}
			eq(t, "Event finished", g.Current, 2)
			c.check(t, g)
		})
	}
}

// Card 56 unshaded: the Muslim League, not the executing Faction, decides
// where the Muslim State marker goes.
func TestCard56CrippsMissionLeagueChooses(t *testing.T) {
	g := at(t, Raj, `{"current":56,"upcoming":2,"drawDeck":[3,4,5],"spaces":{"sind":{"league-base":1},"punjab":{"league-base":1,"troop":5}}}`, 1)
	play(t, g, "event:unshaded")
	mustOffer(t, g, "space:bihar", false)
	play(t, g, "space:delhi", "space:calcutta")
	eq(t, "Delhi", int(g.sp("delhi").Support), 1)
	eq(t, "Calcutta", int(g.sp("calcutta").Support), 1)
	eq(t, "the League decides", g.Decision().Role, "league")
	mustOffer(t, g, "space:punjab", false) // Raj Control
	mustOffer(t, g, "done", true)          // "may"
	play(t, g, "space:sind")
	eq(t, "Muslim State", g.sp("sind").MuslimState, true)
	eq(t, "Event finished", g.Current, 2)
}

// Card 62 unshaded and card 70 unshaded: Factions Ineligible through the
// next card.
func TestCards62And70Ineligible(t *testing.T) {
	all := `"eligible":{"raj":true,"congress":true,"league":true,"rev":true}`
	g := at(t, League, `{"current":62,"upcoming":2,"drawDeck":[3,4,5],`+all+`,"spaces":{}}`, 1)
	// Card 62 order: league, congress, rev, raj.
	play(t, g, "event:unshaded")
	eq(t, "unity", g.Unity, 2)
	eq(t, "Congress skipped", g.Decision().Role, "rev")
	for g.Current == 62 {
		play(t, g, "pass")
	}
	eq(t, "Congress Ineligible on the next card", g.Eligible[Congress], false)
	eq(t, "League Ineligible on the next card", g.Eligible[League], false)

	g = at(t, League, `{"current":70,"upcoming":2,"drawDeck":[3,4,5],`+all+`,"spaces":{}}`, 1)
	// Card 70 order: league, raj, congress, rev.
	play(t, g, "event:unshaded")
	eq(t, "League in Delhi", int(g.sp("delhi").P[LeagueAct]), 2)
	for g.Current == 70 {
		if g.Decision().Role == "congress" {
			t.Fatal("Congress acts on the card that made it Ineligible")
		}
		play(t, g, "pass")
	}
	eq(t, "Congress Ineligible on the next card", g.Eligible[Congress], false)
}

// Card 71 unshaded: Raj Resources, 1 City toward Active Support, and the
// executing Faction stays Eligible.
func TestCard71AttleeStaysEligible(t *testing.T) {
	g := at(t, Raj, `{"current":71,"upcoming":2,"drawDeck":[3,4,5],"resources":{"raj":10},"spaces":{}}`, 1)
	play(t, g, "event:unshaded")
	if _, ok := g.Decision().Find("done"); ok {
		t.Fatal("the City may be declined")
	}
	play(t, g, "space:delhi")
	eq(t, "Delhi", int(g.sp("delhi").Support), 1)
	eq(t, "Raj Resources", g.Resources[Raj], 16)
	eq(t, "next card", g.Current, 2)
	eq(t, "Raj stays Eligible", g.Eligible[Raj], true)
}

// Texts of cards 49-72 that require their choice (5.1.1): it cannot be
// declined while a legal target exists, and the Event ends without one.
func TestRequiredChoices49to72(t *testing.T) {
	bombayRails := `"rail-bombay-delhi":{"strike":true},"rail-bombay-allahabad":{"strike":true},"rail-bombay-raichur":{"strike":true}`
	runReqCases(t, []reqCase{
		// 51 unshaded: shift 1 Muslim space toward Active Support.
		{51, false, Raj, `"spaces":{}`,
			[]string{"!done", "!space:bihar", "space:sind"},
			func(t *testing.T, g *Game) { eq(t, "Sind", int(g.sp("sind").Support), 1) }, "", nil},
		// 52 shaded: after the Activists (up to 3), shift 1 Muslim Province
		// with a League Base toward Active Opposition.
		{52, true, League, `"spaces":{"sind":{"league-base":1},"bihar":{"league-base":1}}`,
			[]string{"done", "!done", "!space:bihar", "space:sind"},
			func(t *testing.T, g *Game) {
				eq(t, "Sind", int(g.sp("sind").Support), -1)
				eq(t, "no Muslim State", g.sp("sind").MuslimState, false)
			},
			`"spaces":{"bihar":{"league-base":1}}`, []string{"done", "=done"}},
		// 53 shaded: 2 League Activists in 1 Muslim space with Congress Activists.
		{53, true, League, `"spaces":{"punjab":{"congress":1},"bihar":{"congress":1}}`,
			[]string{"!done", "!space:bihar", "space:punjab"},
			func(t *testing.T, g *Game) { eq(t, "Punjab League", int(g.sp("punjab").P[LeagueAct]), 2) },
			`"spaces":{"bihar":{"congress":1}}`, []string{"=done"}},
		// 54 shaded: shift 1 Muslim space with a League Base 2 levels.
		{54, true, League, `"spaces":{"sind":{"league-base":1},"bihar":{"league-base":1}}`,
			[]string{"!done", "!space:bihar", "space:sind"},
			func(t *testing.T, g *Game) { eq(t, "Sind", int(g.sp("sind").Support), -2) },
			`"spaces":{"bihar":{"league-base":1}}`, []string{"=done"}},
		// 58 shaded: a Strike on 1 Railway next to Bihar or United Provinces
		// (one without a Strike: 5.1 stacking).
		{58, true, Rev, `"spaces":{"rail-allahabad-calcutta":{"strike":true}}`,
			[]string{"!done", "!space:rail-allahabad-calcutta", "!space:rail-lahore-delhi", "space:rail-nagpur-calcutta"},
			func(t *testing.T, g *Game) {
				eq(t, "Strike", g.sp("rail-nagpur-calcutta").Strike, true)
				eq(t, "Bihar", g.guerrillas(g.idx("bihar")), 2)
			},
			`"spaces":{"rail-allahabad-calcutta":{"strike":true},"rail-nagpur-calcutta":{"strike":true},"rail-delhi-allahabad":{"strike":true},"rail-bombay-allahabad":{"strike":true}}`,
			[]string{"=done"}},
		// 60 shaded: 3 Guerrillas and a Base in Assam or East Bengal.
		{60, true, Rev, `"spaces":{}`,
			[]string{"!done", "space:assam"},
			func(t *testing.T, g *Game) {
				eq(t, "Guerrillas", g.guerrillas(g.idx("assam")), 3)
				eq(t, "Base", int(g.sp("assam").P[RevBase]), 1)
			}, "", nil},
		// 62 shaded: Gandhi released or moved to Bombay or Bombay Presidency.
		{62, true, Congress, `"gandhi":"bihar","spaces":{}`,
			[]string{"!done", "space:bombay"},
			func(t *testing.T, g *Game) { eq(t, "Gandhi", g.Gandhi, g.idx("bombay")) }, "", nil},
		// 64 shaded: 2 Guerrillas in Delhi or Punjab; Delhi and 1 other City.
		{64, true, Rev, `"spaces":{}`,
			[]string{"!done", "space:delhi", "!done", "!space:delhi", "space:madras"},
			func(t *testing.T, g *Game) {
				eq(t, "Delhi Guerrillas", g.guerrillas(g.idx("delhi")), 2)
				eq(t, "Delhi", int(g.sp("delhi").Support), -1)
				eq(t, "Madras", int(g.sp("madras").Support), -1)
			}, "", nil},
		// 66 shaded: a Strike on 1 Railway that ends at Bombay (one without).
		{66, true, Rev, `"spaces":{"bombay":{"sepoy":1},"rail-bombay-delhi":{"strike":true}}`,
			[]string{"take:sepoy:bombay", "!done", "!space:rail-bombay-delhi", "!space:rail-lahore-delhi", "space:rail-bombay-raichur"},
			func(t *testing.T, g *Game) {
				eq(t, "Strike", g.sp("rail-bombay-raichur").Strike, true)
				eq(t, "Bombay Guerrilla", g.guerrillas(g.idx("bombay")), 1)
			},
			`"spaces":{` + bombayRails + `}`, []string{"=done"}},
		// 67 unshaded: remove 1 Muslim State marker, that Province to Neutral.
		{67, false, Raj, `"spaces":{"sind":{"muslimState":true,"support":"active-opposition"}}`,
			[]string{"!done", "space:sind"},
			func(t *testing.T, g *Game) {
				eq(t, "marker removed", g.sp("sind").MuslimState, false)
				eq(t, "Neutral", int(g.sp("sind").Support), 0)
			},
			`"spaces":{}`, []string{"=done"}},
		// 72 unshaded: remove 1 Muslim State marker from Punjab, West Bengal
		// or East Bengal.
		{72, false, Raj, `"spaces":{"east-bengal":{"muslimState":true},"sind":{"muslimState":true}}`,
			[]string{"!done", "!space:sind", "space:east-bengal"},
			func(t *testing.T, g *Game) { eq(t, "East Bengal", g.sp("east-bengal").MuslimState, false) },
			`"spaces":{"sind":{"muslimState":true}}`, []string{"=done"}},
		// 72 shaded: a Muslim State in 1 of Punjab, West Bengal or East Bengal
		// with a League Base and no Raj Control.
		{72, true, League, `"spaces":{"west-bengal":{"league-base":1},"sind":{"league-base":1}}`,
			[]string{"!done", "!space:sind", "space:west-bengal"},
			func(t *testing.T, g *Game) { eq(t, "West Bengal", g.sp("west-bengal").MuslimState, true) },
			`"spaces":{"sind":{"league-base":1}}`, []string{"=done"}},
	})
}

// The Non-Player engine carries out a required choice even where it is not
// effective for it (8.8.4: "will always implement any required actions"):
// NP League adds the Unrest of card 39 shaded, NP Raj places the Guerrillas
// of card 64 shaded.
func TestNPRequiredChoiceNotSkipped(t *testing.T) {
	g := npEventPos(t, League, 39, `{"bihar":{"congress":1,"league":1}}`, ``)
	play(t, g, "event:shaded")
	npUntilCardEnds(t, g)
	eq(t, "39: Unrest in Bihar", int(g.sp("bihar").Unrest), 1)

	g = npEventPos(t, Raj, 64, `{}`, ``)
	play(t, g, "event:shaded")
	npUntilCardEnds(t, g)
	eq(t, "64: Guerrillas placed", g.guerrillas(g.idx("delhi"))+g.guerrillas(g.idx("punjab")), 2)
	shifted := 0
	for i := range g.Sp {
		if g.isCity(i) && int(g.Sp[i].Support) < 0 {
			shifted++
		}
	}
	eq(t, "64: Delhi and 1 other City shifted", shifted, 2)
}
