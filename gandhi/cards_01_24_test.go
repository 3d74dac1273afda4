package gandhi

import (
	"fmt"
	"strings"
	"testing"
)

// Event cards 1-24 (except 6, 11, 16: cardevents_test.go), both sides: the
// main effect of each program from a small position.

// pos01 makes card the current card of a partial position; rest is the
// remainder of the JSON object (spaces, resources…).
func pos01(card int, rest string) string {
	return fmt.Sprintf(`{"current":%d,"upcoming":30,"drawDeck":[31,32,33],%s}`, card, rest)
}

func TestCards01to24(t *testing.T) {
	type check func(t *testing.T, g *Game)
	cases := []struct {
		card   int
		shaded bool
		f      Faction
		pos    string
		picks  []string // "!id": the option must not be offered here
		check  check
	}{
		{1, false, Raj, `"spaces":{"bihar":{"congress":3}}`,
			[]string{"take:congress:bihar", "take:congress:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "activists left", int(g.sp("bihar").P[CongAct]), 1)
				eq(t, "none jailed", g.Jail[0], 0)
				eq(t, "support", int(g.sp("bihar").Support), 1)
			}},
		{1, true, Congress, `"spaces":{}`,
			[]string{"count:2"},
			func(t *testing.T, g *Game) {
				eq(t, "Gandhi out of Jail to Bihar", g.Gandhi, g.idx("bihar"))
				eq(t, "activists", int(g.sp("bihar").P[CongAct]), 2)
				eq(t, "protest", g.sp("bihar").Protest, true)
			}},
		{2, false, Raj, `"resources":{"raj":10},"spaces":{"delhi":{"troop":2},"bombay":{"troop":1},"bihar":{"troop":2}}`,
			[]string{"!space:madras", "!space:bihar", "space:delhi", "space:bombay"},
			func(t *testing.T, g *Game) {
				eq(t, "Delhi", int(g.sp("delhi").Support), 1)
				eq(t, "Bombay", int(g.sp("bombay").Support), 1)
				eq(t, "Bihar untouched", int(g.sp("bihar").Support), 0)
				eq(t, "Raj resources", g.Resources[Raj], 13)
			}},
		{2, true, League, `"restraint":3,"spaces":{}`,
			[]string{"!space:bihar", "space:sind", "space:punjab", "done"},
			func(t *testing.T, g *Game) {
				eq(t, "Sind", int(g.sp("sind").P[LeagueAct]), 1)
				eq(t, "Punjab", int(g.sp("punjab").P[LeagueAct]), 1)
				eq(t, "restraint", g.Restraint, 4)
			}},
		{3, false, Raj, `"spaces":{"delhi":{"troop":3,"congress":1,"league":1},"bihar":{"congress":2}}`,
			[]string{"!space:bihar", "space:delhi", "done", "take:congress:delhi", "take:league:delhi"},
			func(t *testing.T, g *Game) {
				eq(t, "Congress jailed", g.Jail[0], 1)
				eq(t, "League jailed", g.Jail[1], 1)
				eq(t, "Bihar untouched", int(g.sp("bihar").P[CongAct]), 2)
				eq(t, "no Unrest", int(g.sp("delhi").Unrest), 0)
			}},
		{3, true, Congress, `"spaces":{"bombay":{"protest":true}}`,
			[]string{"!space:bombay", "!space:bihar", "space:delhi", "space:madras", "done"},
			func(t *testing.T, g *Game) {
				eq(t, "Delhi", g.sp("delhi").Protest, true)
				eq(t, "Madras", g.sp("madras").Protest, true)
				eq(t, "Calcutta", g.sp("calcutta").Protest, false)
			}},
		{4, false, Raj, `"spaces":{"punjab":{"congress":2,"league":3}}`,
			[]string{"take:congress:punjab", "take:congress:punjab", "take:league:punjab", "take:league:punjab"},
			func(t *testing.T, g *Game) {
				eq(t, "Congress left", int(g.sp("punjab").P[CongAct]), 0)
				eq(t, "League left", int(g.sp("punjab").P[LeagueAct]), 1)
				eq(t, "not jailed", g.Jail[0]+g.Jail[1], 0)
				eq(t, "unrest", int(g.sp("punjab").Unrest), 1)
			}},
		{4, true, Congress, `"spaces":{}`,
			[]string{"!space:bihar", "space:delhi", "space:bombay"},
			func(t *testing.T, g *Game) {
				eq(t, "Punjab 2 levels", int(g.sp("punjab").Support), -2)
				eq(t, "Delhi", int(g.sp("delhi").Support), -1)
				eq(t, "Bombay", int(g.sp("bombay").Support), -1)
			}},
		{5, false, Congress, `"unity":3,"spaces":{"sind":{"league":1},"bihar":{"league":1},"assam":{}}`,
			[]string{"!space:bihar", "!space:assam", "space:sind", "done"},
			func(t *testing.T, g *Game) {
				eq(t, "unity", g.Unity, 5)
				eq(t, "Sind", int(g.sp("sind").P[CongAct]), 1)
			}},
		{5, true, League, `"spaces":{}`,
			[]string{"!space:bihar", "space:sind", "space:punjab", "space:assam", "space:punjab"},
			func(t *testing.T, g *Game) {
				eq(t, "placed", int(g.sp("sind").P[LeagueAct])+int(g.sp("punjab").P[LeagueAct])+int(g.sp("assam").P[LeagueAct]), 3)
				eq(t, "Punjab shifted", int(g.sp("punjab").Support), -1)
				eq(t, "Sind not", int(g.sp("sind").Support), 0)
			}},
		{7, false, Raj, `"spaces":{"northwest-frontier":{"guerrilla":3}}`,
			[]string{"!space:sind", "space:northwest-frontier", "count:3", "take:guerrilla:northwest-frontier", "take:guerrilla:northwest-frontier"},
			func(t *testing.T, g *Game) {
				eq(t, "troops", int(g.sp("northwest-frontier").P[Troop]), 3)
				eq(t, "guerrillas", g.guerrillas(g.idx("northwest-frontier")), 1)
			}},
		{7, true, Rev, `"resources":{"raj":10},"spaces":{}`,
			nil,
			func(t *testing.T, g *Game) {
				eq(t, "guerrillas", g.guerrillas(g.idx("northwest-frontier")), 2)
				eq(t, "unrest", int(g.sp("northwest-frontier").Unrest), 1)
				eq(t, "Raj resources", g.Resources[Raj], 6)
			}},
		{8, false, Raj, `"resources":{"raj":10},"spaces":{"delhi":{"troop":2,"protest":true},"bihar":{"protest":true}}`,
			[]string{"!space:bihar", "space:delhi", "done"},
			func(t *testing.T, g *Game) {
				eq(t, "Delhi", g.sp("delhi").Protest, false)
				eq(t, "Bihar", g.sp("bihar").Protest, true)
				eq(t, "Raj resources", g.Resources[Raj], 13)
			}},
		{8, true, Raj, `"restraint":3,"spaces":{"bihar":{"congress":1,"protest":true},"sind":{"congress":1,"protest":true},"assam":{"congress":1,"protest":true}}`,
			[]string{"space:bihar", "space:sind", "!space:assam", "done", "end"},
			func(t *testing.T, g *Game) {
				eq(t, "Bihar shifted", int(g.sp("bihar").Support), -1)
				eq(t, "an Activist in each", int(g.sp("bihar").P[CongAct])+int(g.sp("sind").P[CongAct]), 4)
				eq(t, "Assam untouched", int(g.sp("assam").P[CongAct]), 1)
			}},
		{9, false, Raj, `"spaces":{"madras-presidency":{"guerrilla":2},"mysore":{"guerrilla":2}}`,
			[]string{"count:4", "take:guerrilla:madras-presidency", "take:guerrilla:mysore", "take:guerrilla:mysore"},
			func(t *testing.T, g *Game) {
				eq(t, "sepoys", int(g.sp("madras-presidency").P[Sepoy]), 4)
				eq(t, "MP guerrillas", g.guerrillas(g.idx("madras-presidency")), 1)
				eq(t, "Mysore guerrillas", g.guerrillas(g.idx("mysore")), 0)
			}},
		{9, true, Rev, `"unity":3,"spaces":{}`,
			nil,
			func(t *testing.T, g *Game) {
				eq(t, "guerrillas", g.guerrillas(g.idx("madras-presidency")), 2)
				eq(t, "unrest", int(g.sp("madras-presidency").Unrest), 1)
				eq(t, "unity", g.Unity, 2)
			}},
		{10, false, Raj, `"resources":{"raj":10},"spaces":{"rail-lahore-delhi":{"strike":true},"rail-bombay-raichur":{"strike":true}}`,
			[]string{"!space:rail-bombay-delhi", "!done", "space:rail-lahore-delhi"},
			func(t *testing.T, g *Game) {
				eq(t, "Raj resources", g.Resources[Raj], 15)
				eq(t, "strike removed", g.sp("rail-lahore-delhi").Strike, false)
				eq(t, "only from 1 Railway", g.sp("rail-bombay-raichur").Strike, true)
			}},
		{10, true, Congress, `"resources":{"raj":10},"spaces":{"bihar":{"troop":3}}`,
			[]string{"!space:bihar", "!space:karachi", "!space:hyderabad", "space:sind", "space:gujarat", "done"},
			func(t *testing.T, g *Game) {
				eq(t, "Sind", int(g.sp("sind").P[CongAct]), 1)
				eq(t, "Gujarat", int(g.sp("gujarat").P[CongAct]), 1)
				eq(t, "Raj resources", g.Resources[Raj], 8)
			}},
		{12, false, Raj, `"spaces":{"punjab":{"guerrilla":3}}`,
			[]string{"take:guerrilla:punjab", "take:guerrilla:punjab"},
			func(t *testing.T, g *Game) {
				eq(t, "replaced", int(g.sp("punjab").P[CongAct]), 2)
				eq(t, "guerrilla left", g.guerrillas(g.idx("punjab")), 1)
				eq(t, "support", int(g.sp("punjab").Support), 1)
			}},
		{12, true, Rev, `"spaces":{}`,
			nil,
			func(t *testing.T, g *Game) {
				eq(t, "guerrilla", g.guerrillas(g.idx("punjab")), 1)
				eq(t, "no Base", int(g.sp("punjab").P[RevBase]), 0)
				eq(t, "unrest", int(g.sp("punjab").Unrest), 1)
			}},
		{13, false, Raj, `"spaces":{}`,
			[]string{"!space:bombay", "!space:bihar", "space:delhi"},
			func(t *testing.T, g *Game) {
				eq(t, "Bombay", int(g.sp("bombay").Support), 1)
				eq(t, "Delhi", int(g.sp("delhi").Support), 1)
			}},
		{13, true, Congress, `"spaces":{"delhi":{"protest":true},"rail-bombay-delhi":{"strike":true}}`,
			[]string{"!space:delhi", "space:madras", "!space:rail-bombay-delhi", "!space:rail-lahore-delhi", "space:rail-bombay-raichur"},
			func(t *testing.T, g *Game) {
				eq(t, "Bombay", g.sp("bombay").Protest, true)
				eq(t, "Madras", g.sp("madras").Protest, true)
				eq(t, "Strike", g.sp("rail-bombay-raichur").Strike, true)
			}},
		{14, false, Raj, `"spaces":{"coastal-andhra":{"guerrilla":1},"orissa":{"guerrilla":3}}`,
			[]string{"count:4", "space:orissa", "take:guerrilla:orissa", "take:guerrilla:orissa"},
			func(t *testing.T, g *Game) {
				eq(t, "sepoys", int(g.sp("coastal-andhra").P[Sepoy]), 4)
				eq(t, "Orissa", g.guerrillas(g.idx("orissa")), 1)
				eq(t, "Coastal Andhra", g.guerrillas(g.idx("coastal-andhra")), 1)
			}},
		{14, true, Rev, `"resources":{"rev":5},"spaces":{}`,
			[]string{"!space:bihar", "space:hyderabad"},
			func(t *testing.T, g *Game) {
				eq(t, "Coastal Andhra", g.guerrillas(g.idx("coastal-andhra")), 2)
				eq(t, "Hyderabad", g.guerrillas(g.idx("hyderabad")), 1)
				eq(t, "Rev resources", g.Resources[Rev], 7)
			}},
		{15, false, Raj, `"resources":{"rev":5},"spaces":{"delhi":{"protest":true},"bombay":{"protest":true},"bihar":{"protest":true}}`,
			[]string{"!space:bihar", "space:delhi", "space:bombay"},
			func(t *testing.T, g *Game) {
				eq(t, "Delhi", g.sp("delhi").Protest, false)
				eq(t, "Bombay", g.sp("bombay").Protest, false)
				eq(t, "Bihar", g.sp("bihar").Protest, true)
				eq(t, "Rev resources", g.Resources[Rev], 8)
			}},
		{15, true, Congress, `"resources":{"raj":10},"spaces":{"delhi":{"congress":1},"bihar":{"congress":1}}`,
			[]string{"!space:bombay", "!space:bihar", "space:delhi", "done"},
			func(t *testing.T, g *Game) {
				eq(t, "Delhi", int(g.sp("delhi").Support), -1)
				eq(t, "Raj resources", g.Resources[Raj], 7)
			}},
		{17, false, Raj, `"resources":{"rev":10},"spaces":{"united-provinces":{"guerrilla":2,"rev-base":1},"punjab":{"guerrilla":1,"rev-base":1},"east-bengal":{"guerrilla":1}}`,
			[]string{"!take:guerrilla:east-bengal", "take:guerrilla:united-provinces", "take:guerrilla:united-provinces", "take:guerrilla:punjab", "!take:rev-base:punjab", "take:rev-base:united-provinces"},
			func(t *testing.T, g *Game) {
				eq(t, "UP", g.guerrillas(g.idx("united-provinces")), 0)
				eq(t, "Punjab", g.guerrillas(g.idx("punjab")), 0)
				eq(t, "East Bengal", g.guerrillas(g.idx("east-bengal")), 1)
				eq(t, "UP Base removed", int(g.sp("united-provinces").P[RevBase]), 0)
				eq(t, "Punjab Base kept", int(g.sp("punjab").P[RevBase]), 1)
				eq(t, "Rev resources untouched", g.Resources[Rev], 10)
				eq(t, "Rev Ineligible through the next card", g.IneligibleNext[Rev] || !g.Eligible[Rev], true)
			}},
		{17, true, Rev, `"resources":{"rev":10,"raj":10},"spaces":{}`,
			nil,
			func(t *testing.T, g *Game) {
				eq(t, "Rev resources", g.Resources[Rev], 16)
				eq(t, "Raj resources", g.Resources[Raj], 6)
				eq(t, "UP", g.guerrillas(g.idx("united-provinces")), 1)
			}},
		{18, false, Raj, `"spaces":{"bihar":{"congress":1,"guerrilla":2},"sind":{"congress":1,"guerrilla":1},"assam":{"guerrilla":1},"gujarat":{"congress":1}}`,
			[]string{"!take:guerrilla:assam", "take:guerrilla:bihar", "take:guerrilla:sind", "count:1", "count:0"},
			func(t *testing.T, g *Game) {
				eq(t, "Bihar guerrilla", g.guerrillas(g.idx("bihar")), 1)
				eq(t, "Sind guerrilla", g.guerrillas(g.idx("sind")), 0)
				eq(t, "Sind (asked first) gets one", int(g.sp("sind").P[CongAct]), 2)
				eq(t, "Bihar declined", int(g.sp("bihar").P[CongAct]), 1)
				eq(t, "Gujarat lost nothing, gets nothing", int(g.sp("gujarat").P[CongAct]), 1)
			}},
		{18, true, Congress, `"spaces":{}`,
			[]string{"!space:bihar", "space:delhi", "space:bombay", "space:bombay"},
			func(t *testing.T, g *Game) {
				eq(t, "Delhi", int(g.sp("delhi").P[CongAct]), 2)
				eq(t, "Bombay", int(g.sp("bombay").P[CongAct]), 2)
				eq(t, "Bombay protest", g.sp("bombay").Protest, true)
				eq(t, "Delhi no protest", g.sp("delhi").Protest, false)
			}},
		{19, false, Raj, `"spaces":{"west-bengal":{"unrest":1},"bihar":{"unrest":1}}`,
			[]string{"count:4", "!space:calcutta", "!space:east-bengal", "!space:bihar", "space:west-bengal"},
			func(t *testing.T, g *Game) {
				eq(t, "sepoys", int(g.sp("calcutta").P[Sepoy]), 4)
				eq(t, "West Bengal", int(g.sp("west-bengal").Unrest), 0)
				eq(t, "Bihar", int(g.sp("bihar").Unrest), 1)
			}},
		{19, true, Rev, `"unity":3,"spaces":{}`,
			[]string{"!space:bihar", "space:east-bengal"},
			func(t *testing.T, g *Game) {
				eq(t, "Calcutta", int(g.sp("calcutta").Unrest), 1)
				eq(t, "East Bengal", int(g.sp("east-bengal").Unrest), 1)
				eq(t, "West Bengal", int(g.sp("west-bengal").Unrest), 0)
				eq(t, "unity", g.Unity, 2)
			}},
		{20, false, Raj, `"spaces":{"delhi":{"troop":2}}`,
			[]string{"!space:bombay", "space:delhi", "done", "!space:bihar", "space:sind", "space:assam"},
			func(t *testing.T, g *Game) {
				eq(t, "Delhi", int(g.sp("delhi").Support), 1)
				eq(t, "Sind", int(g.sp("sind").P[LeagueAct]), 1)
				eq(t, "Assam", int(g.sp("assam").P[LeagueAct]), 1)
			}},
		{20, true, Congress, `"spaces":{"delhi":{"protest":true}}`,
			[]string{"!space:delhi", "!space:bihar", "space:bombay", "space:madras", "done"},
			func(t *testing.T, g *Game) {
				eq(t, "Bombay", g.sp("bombay").Protest, true)
				eq(t, "Madras", g.sp("madras").Protest, true)
				eq(t, "Activists", int(g.sp("bombay").P[CongAct])+int(g.sp("madras").P[CongAct]), 2)
				eq(t, "Delhi none", int(g.sp("delhi").P[CongAct]), 0)
			}},
		{21, false, Raj, `"spaces":{"punjab":{"congress":2},"delhi":{"congress":2}}`,
			[]string{"take:congress:punjab", "take:congress:punjab", "take:congress:delhi"},
			func(t *testing.T, g *Game) {
				eq(t, "Punjab", int(g.sp("punjab").P[CongAct]), 0)
				eq(t, "Delhi", int(g.sp("delhi").P[CongAct]), 1)
				eq(t, "not jailed", g.Jail[0], 0)
			}},
		{21, true, Rev, `"spaces":{}`,
			nil,
			func(t *testing.T, g *Game) {
				eq(t, "Punjab", int(g.sp("punjab").Support), -1)
				eq(t, "guerrillas", g.guerrillas(g.idx("punjab")), 2)
			}},
		{22, false, Raj, `"resources":{"raj":10},"spaces":{}`,
			[]string{"!space:bombay", "space:gujarat"},
			func(t *testing.T, g *Game) {
				eq(t, "Raj resources", g.Resources[Raj], 16)
				eq(t, "Gujarat", int(g.sp("gujarat").Support), 1)
				eq(t, "Bombay Presidency", int(g.sp("bombay-presidency").Support), 0)
			}},
		{22, true, Congress, `"resources":{"raj":10},"spaces":{}`,
			[]string{"space:bombay-presidency", "count:3"},
			func(t *testing.T, g *Game) {
				eq(t, "activists", int(g.sp("bombay-presidency").P[CongAct]), 3)
				eq(t, "shifted", int(g.sp("bombay-presidency").Support), -1)
				eq(t, "Raj resources", g.Resources[Raj], 7)
			}},
		{23, false, Raj, `"resources":{"rev":10},"spaces":{"punjab":{"guerrilla":3},"delhi":{"guerrilla":1},"bihar":{"guerrilla":1}}`,
			[]string{"!space:bihar", "space:punjab", "!take:guerrilla:delhi", "take:guerrilla:punjab", "take:guerrilla:punjab"},
			func(t *testing.T, g *Game) {
				eq(t, "Punjab", g.guerrillas(g.idx("punjab")), 1)
				eq(t, "Delhi", g.guerrillas(g.idx("delhi")), 1)
				eq(t, "Rev resources untouched", g.Resources[Rev], 10)
				eq(t, "Rev Ineligible through the next card", g.IneligibleNext[Rev] || !g.Eligible[Rev], true)
			}},
		{23, true, Rev, `"resources":{"rev":10},"spaces":{}`,
			[]string{"!space:sind", "space:delhi", "space:bihar", "space:punjab"},
			func(t *testing.T, g *Game) {
				eq(t, "placed", g.guerrillas(g.idx("delhi"))+g.guerrillas(g.idx("bihar"))+g.guerrillas(g.idx("punjab")), 3)
				eq(t, "UP", g.guerrillas(g.idx("united-provinces")), 0)
				eq(t, "Rev resources", g.Resources[Rev], 13)
			}},
		{24, false, Congress, `"unity":3,"spaces":{"bihar":{"congress":1,"league":2},"sind":{"congress":1,"league":1},"assam":{"league":1}}`,
			[]string{"!space:assam", "space:bihar", "space:sind", "!done", "take:league:bihar", "!take:league:bihar", "take:league:sind"},
			func(t *testing.T, g *Game) {
				eq(t, "Bihar: 1 replaced", int(g.sp("bihar").P[LeagueAct]), 1)
				eq(t, "Bihar Congress", int(g.sp("bihar").P[CongAct]), 2)
				eq(t, "Sind", int(g.sp("sind").P[CongAct]), 2)
				eq(t, "Sind League", int(g.sp("sind").P[LeagueAct]), 0)
				eq(t, "Assam", int(g.sp("assam").P[LeagueAct]), 1)
				eq(t, "unity", g.Unity, 2)
			}},
		{24, true, League, `"spaces":{"bihar":{"league":1},"karachi":{"league":1}}`,
			[]string{"!space:bihar", "space:sind", "!space:bihar", "!space:karachi", "space:sind"},
			func(t *testing.T, g *Game) {
				eq(t, "activists", int(g.sp("sind").P[LeagueAct]), 2)
				eq(t, "base", int(g.sp("sind").P[LeagueBase]), 1)
			}},
	}
	for _, c := range cases {
		side := "unshaded"
		if c.shaded {
			side = "shaded"
		}
		t.Run(fmt.Sprintf("%d %s", c.card, side), func(t *testing.T) {
			g := at(t, c.f, pos01(c.card, c.pos), 1)
			play(t, g, "event:"+side)
			for _, p := range c.picks {
				if id, ok := strings.CutPrefix(p, "!"); ok {
					mustOffer(t, g, id, false)
					continue
				}
				play(t, g, p)
			}
			if g.Decision().Rule == "5.1" {
				t.Fatalf("the Event still asks %q: %v", g.Decision().Prompt, ids(g.Decision()))
			}
			c.check(t, g)
		})
	}
}

// reqCase tests a choice the card's text requires (5.1.1: no "up to", no
// "may"): with a legal target the executor cannot decline it, and without
// one the Event still ends.
type reqCase struct {
	card   int
	shaded bool
	f      Faction
	pos    string   // position fields (no braces) with a legal target
	picks  []string // after the Event is chosen: "!id" not offered, "?id" offered, "=id" the only option (then played), else played
	check  func(t *testing.T, g *Game)
	none   string   // position fields with no legal target ("" if one always exists)
	nPicks []string // picks from the position without a target
}

// reqPicks plays picks as reqCase describes them.
func reqPicks(t *testing.T, g *Game, picks []string) {
	t.Helper()
	for _, p := range picks {
		switch {
		case strings.HasPrefix(p, "!"):
			mustOffer(t, g, p[1:], false)
		case strings.HasPrefix(p, "?"):
			mustOffer(t, g, p[1:], true)
		case strings.HasPrefix(p, "="):
			if got := ids(g.Decision()); len(got) != 1 || got[0] != p[1:] {
				t.Fatalf("want only %q at %q, got %v", p[1:], g.Decision().Prompt, got)
			}
			play(t, g, p[1:])
		default:
			play(t, g, p)
		}
	}
}

// runReqCases runs reqCases: from each position the Event is executed by
// the one Eligible faction and must be over when the picks are.
func runReqCases(t *testing.T, cases []reqCase) {
	t.Helper()
	for _, c := range cases {
		side := "unshaded"
		if c.shaded {
			side = "shaded"
		}
		run := func(what, pos string, picks []string, check func(*testing.T, *Game)) {
			t.Run(fmt.Sprintf("%d %s %s", c.card, side, what), func(t *testing.T) {
				g := at(t, c.f, fmt.Sprintf(`{"current":%d,"upcoming":2,"drawDeck":[3,4,5],%s}`, c.card, pos), 1)
				play(t, g, "event:"+side)
				reqPicks(t, g, picks)
				if g.Current == c.card {
					t.Fatalf("the Event still asks %q: %v", g.Decision().Prompt, ids(g.Decision()))
				}
				if check != nil {
					check(t, g)
				}
			})
		}
		run("required", c.pos, c.picks, c.check)
		if c.none != "" {
			run("no target", c.none, c.nPicks, nil)
		}
	}
}

// Texts that require their choice (cards 6, 16 and 19 shaded).
func TestRequiredChoices01to24(t *testing.T) {
	runReqCases(t, []reqCase{
		// 6 unshaded: 1 Protest space (one with pieces: 5.1 selects where the
		// text can be carried out) and 1 Faction.
		{6, false, Raj, `"spaces":{"bihar":{"protest":true,"congress":2},"sind":{"protest":true},"delhi":{"congress":1}}`,
			[]string{"!done", "!space:sind", "!space:delhi", "space:bihar", "space:bihar", "!done", "faction:congress"},
			func(t *testing.T, g *Game) {
				eq(t, "Activists jailed", g.Jail[0], 2)
				eq(t, "Bihar", int(g.sp("bihar").P[CongAct]), 0)
			},
			`"spaces":{"sind":{"protest":true},"delhi":{"congress":1}}`, []string{"=done"}},
		// 6 shaded: 1 Protest space in United Provinces or Bihar.
		{6, true, Rev, `"spaces":{"bihar":{"protest":true}}`,
			[]string{"!done", "!space:united-provinces", "space:bihar"},
			func(t *testing.T, g *Game) {
				eq(t, "Unrest", int(g.sp("bihar").Unrest), 1)
				eq(t, "Guerrilla", g.guerrillas(g.idx("bihar")), 1)
			},
			`"spaces":{"delhi":{"protest":true}}`, []string{"=done"}},
		// 16 shaded: a League Base in 1 Muslim Province with League Activists.
		{16, true, League, `"spaces":{"sind":{"league":1},"karachi":{"league":1},"bihar":{"league":1}}`,
			[]string{"!done", "!space:karachi", "!space:bihar", "space:sind"},
			func(t *testing.T, g *Game) {
				eq(t, "Base", int(g.sp("sind").P[LeagueBase]), 1)
				eq(t, "shifted", int(g.sp("sind").Support), -1)
			},
			`"spaces":{"karachi":{"league":1},"bihar":{"league":1}}`, []string{"=done"}},
		// 19 shaded: Unrest in Calcutta and in West Bengal or East Bengal.
		{19, true, Rev, `"spaces":{}`,
			[]string{"!done", "!space:bihar", "space:east-bengal"},
			func(t *testing.T, g *Game) {
				eq(t, "Calcutta", int(g.sp("calcutta").Unrest), 1)
				eq(t, "East Bengal", int(g.sp("east-bengal").Unrest), 1)
				eq(t, "unity", g.Unity, 2)
			}, "", nil},
	})
}
