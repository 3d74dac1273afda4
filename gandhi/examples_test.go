package gandhi

import (
	"testing"
)

// Every worked EXAMPLE of rules sections 1-7, reproduced from a position.

func TestExampleRajControl(t *testing.T) { // 1.7
	g := at(t, Raj, `{"spaces":{"east-bengal":{"troop":2,"sepoy":2,"protest":true,"congress":5}}}`, 1)
	eq(t, "control with Protest", g.sp("east-bengal").Control, false)
	g.removeProtest(g.idx("east-bengal"))
	eq(t, "control without Protest", g.sp("east-bengal").Control, true)
}

func TestExampleAvailableProtests(t *testing.T) { // 1.10
	g := at(t, Raj, `{"restraint":4,"spaces":{}}`, 1)
	eq(t, "Protests available at Restraint 4", g.ProtestsAvailableForOps(), 2)
}

func TestExampleStrike(t *testing.T) { // 1.12
	g := at(t, Rev, `{"restraint":3,"resources":{"rev":5},"spaces":{"rail-allahabad-calcutta":{"guerrilla":1}}}`, 1)
	eq(t, "econ", g.space(g.idx("rail-allahabad-calcutta")).Econ, 5)
	play(t, g, "op:unrest", "space:rail-allahabad-calcutta")
	s := g.sp("rail-allahabad-calcutta")
	eq(t, "strike", s.Strike, true)
	eq(t, "unrest", int(s.Unrest), 0)
	eq(t, "guerrilla activated", int(s.P[GuerA]), 1)
	play(t, g, "done", "end")
	eq(t, "restraint", g.Restraint, 2)
}

func TestExampleRestraintUnity1(t *testing.T) { // 3.1.3 example 1
	g := at(t, Congress, `{"restraint":2,"spaces":{
		"bihar":{"congress":2,"protest":true},
		"gujarat":{"congress":1},"sind":{"congress":1},"orissa":{"congress":1},"assam":{"congress":1}}}`, 1)
	play(t, g, "op:congress-civil-disobedience", "space:gujarat", "done", "space:sind", "done")
	mustOffer(t, g, "space:orissa", false)
	play(t, g, "sa:negotiate", "space:bihar", "skip", "done")
	eq(t, "restraint after Negotiate", g.Restraint, 3)
	eq(t, "Bihar Protest removed", g.sp("bihar").Protest, false)
	mustOffer(t, g, "space:orissa", true)
	play(t, g, "space:orissa", "done")
	mustOffer(t, g, "space:assam", false)
}

func TestExampleRestraintUnity2(t *testing.T) { // 3.1.3 example 2
	g := at(t, League, `{"restraint":2,"unity":1,"spaces":{"sind":{"league":1,"league-base":1,"protest":true}}}`, seedFor(t, 4))
	play(t, g, "op:league-non-cooperation", "space:sind", "done")
	eq(t, "restraint", g.Restraint, 1)
	eq(t, "crisis", g.crisis(), true)
	eq(t, "Sind shifted", int(g.sp("sind").Support), -1)
	play(t, g, "sa:league-infiltrate", "space:sind", "muslim-state", "done", "end")
	eq(t, "Muslim State", g.sp("sind").MuslimState, true)
	// The Crisis begun this turn lets the Raj bring a die roll of cubes (6.8).
	d := g.Decision()
	eq(t, "next decision", d.Role+" "+d.Rule, "raj 6.8")
}

func TestExampleRestraintUnity3(t *testing.T) { // 3.1.3 example 3
	g := at(t, Rev, `{"restraint":1,"unity":2,"resources":{"rev":5},"spaces":{
		"united-provinces":{"guerrilla":1,"congress":1,"protest":true},
		"bombay":{"congress":1,"league":1}}}`, 1)
	play(t, g, "op:unrest", "space:united-provinces")
	mustOffer(t, g, "space:bombay", false)
	play(t, g, "sa:assassinate", "space:united-provinces", "target:congress", "done")
	eq(t, "unity", g.Unity, 1)
	mustOffer(t, g, "space:bombay", true)
	play(t, g, "space:bombay")
	eq(t, "Bombay Unrest", int(g.sp("bombay").Unrest), 1)
}

func TestExampleGarrison(t *testing.T) { // 3.2.2
	g := at(t, Raj, `{"restraint":2,"resources":{"raj":10},"spaces":{
		"west-bengal":{"troop":2},"rajputana":{"sepoy":3},
		"bihar":{"sepoy":2,"protest":true},
		"central-india-agency":{"sepoy":1},
		"rail-bombay-allahabad":{"congress":1},
		"delhi":{"troop":1}}}`, 1)
	play(t, g, "op:garrison")
	mustOffer(t, g, "space:bihar", false) // cubes may not leave a Protest space
	play(t, g, "space:central-india-agency")
	// The Active Activist on the Railway stops cubes that enter it.
	mustOffer(t, g, "move:sepoy:rail-bombay-allahabad", true)
	mustOffer(t, g, "move:sepoy:bombay", false)
	play(t, g, "move:sepoy:rail-bombay-allahabad")
	eq(t, "paid once", g.Resources[Raj], 8)
	play(t, g, "space:west-bengal", "move:troop:delhi", "space:west-bengal", "move:troop:delhi")
	play(t, g, "space:rajputana", "move:sepoy:bombay", "space:rajputana", "move:sepoy:bombay", "space:rajputana", "move:sepoy:delhi")
	eq(t, "still paid once", g.Resources[Raj], 8)
	eq(t, "Delhi troops", int(g.sp("delhi").P[Troop]), 3)
	eq(t, "Bombay sepoys", int(g.sp("bombay").P[Sepoy]), 2)
	mustOffer(t, g, "space:bombay", false) // cubes move only once (3.1.2)
}

func TestExampleSweepInPlace(t *testing.T) { // 3.2.3
	pos := `{"restraint":4,"resources":{"raj":10},"spaces":{"madras-presidency":{"sepoy":1,"guerrilla":2},"madras":{"troop":1}}}`
	g := at(t, Raj, pos, 1)
	play(t, g, "op:sweep", "space:madras-presidency", "from:troop:madras", "in-place", "done")
	s := g.sp("madras-presidency")
	eq(t, "activated", int(s.P[GuerA]), 2)
	eq(t, "paid", g.Resources[Raj], 6)
	eq(t, "control lost", s.Control, false)

	g = at(t, Raj, pos, 1)
	play(t, g, "op:sweep", "space:madras-presidency", "from:troop:madras", "done")
	s = g.sp("madras-presidency")
	eq(t, "activated without paying", int(s.P[GuerA]), 1)
	eq(t, "not paid", g.Resources[Raj], 10)
	eq(t, "control kept", s.Control, true)
}

func TestExampleAssaultArrest(t *testing.T) { // 3.3.1 (Arresting NV during Assault)
	g := at(t, Raj, `{"restraint":3,"viceroy":"chelmsford","resources":{"raj":5},"gandhi":"bihar","spaces":{
		"bihar":{"troop":1,"sepoy":3,"congress":2,"league":1,"protest":true}}}`, 1)
	play(t, g, "op:assault", "space:bihar", "all")
	eq(t, "Chelmsford cost", g.Resources[Raj], 4)
	// Cubes (4) equal Active Activists plus Gandhi: once NV is targeted,
	// all four must go, Gandhi included.
	play(t, g, "target:congress")
	mustOffer(t, g, "done", false)
	play(t, g, "target:congress", "target:league")
	mustOffer(t, g, "done", false)
	play(t, g, "target:gandhi")
	eq(t, "jail", g.Jail, [2]int{2, 1})
	eq(t, "Gandhi", g.Gandhi, GandhiInJail)
	play(t, g, "done", "end")
	eq(t, "restraint", g.Restraint, 2)
	d := g.Decision()
	eq(t, "Congress places Protests", d.Role+" "+d.Rule, "congress 3.2.4")
	play(t, g, "space:gujarat", "space:sind")
	eq(t, "protests", g.sp("gujarat").Protest && g.sp("sind").Protest, true)
}

func TestExampleLeagueRallySelection(t *testing.T) { // 3.3.2 (Selecting Spaces for Rally)
	g := at(t, League, `{"unity":3,"spaces":{"punjab":{"league-base":1,"support":"passive-support"}}}`, 1)
	play(t, g, "op:league-rally", "space:sind", "place:1", "space:baluchistan", "place:1", "space:karachi", "place:1")
	mustOffer(t, g, "space:assam", false)
	mustOffer(t, g, "space:punjab", true)
	play(t, g, "space:punjab", "place:2")
	eq(t, "Punjab Activists", int(g.sp("punjab").P[LeagueAct]), 2)
}

func TestExampleDemonstrateProtest(t *testing.T) { // 3.3.2
	g := at(t, Congress, `{"restraint":2,"spaces":{
		"bihar":{"congress":3,"protest":true},
		"west-bengal":{"sepoy":1,"active-guerrilla":1},
		"united-provinces":{"sepoy":2}}}`, 1)
	play(t, g, "op:congress-demonstrate", "space:west-bengal", "from:congress:bihar", "protest", "done")
	eq(t, "WB Protest", g.sp("west-bengal").Protest, true)
	play(t, g, "space:united-provinces", "from:congress:bihar")
	mustOffer(t, g, "protest", false)
	play(t, g, "done")
	eq(t, "UP still Controlled", g.sp("united-provinces").Control, true)
	eq(t, "UP Activist", int(g.sp("united-provinces").P[CongAct]), 1)
}

func TestExampleCivilDisobedienceRailway(t *testing.T) { // 3.3.3
	g := at(t, Congress, `{"restraint":3,"spaces":{
		"punjab":{"protest":true},"delhi":{"protest":true},
		"bombay-presidency":{"congress":1},"coastal-andhra":{"congress":1},"hyderabad":{"congress":1}}}`, 1)
	eq(t, "available", g.ProtestsAvailableForOps(), 2)
	play(t, g, "op:congress-civil-disobedience", "space:bombay-presidency", "done", "space:coastal-andhra", "done", "space:hyderabad")
	eq(t, "no third Protest", g.sp("hyderabad").Protest, false)
	eq(t, "econ", g.space(g.idx("rail-bombay-raichur")).Econ, 4)
	play(t, g, "to:rail-bombay-raichur", "done")
	eq(t, "Activist on the Railway", int(g.sp("rail-bombay-raichur").P[CongAct]), 1)
	eq(t, "protests placed", g.sp("bombay-presidency").Protest && g.sp("coastal-andhra").Protest, true)
}

func TestExampleNonCooperation(t *testing.T) { // 3.3.4
	g := at(t, Congress, `{"gandhi":"hyderabad","spaces":{
		"coastal-andhra":{"congress":1,"protest":true},
		"bombay-presidency":{"congress":1,"protest":true,"troop":3},
		"hyderabad":{"protest":true}}}`, 1)
	play(t, g, "op:congress-non-cooperation")
	mustOffer(t, g, "space:bombay-presidency", false)
	mustOffer(t, g, "space:hyderabad", false)
	play(t, g, "space:coastal-andhra", "done", "end")
	eq(t, "shifted", int(g.sp("coastal-andhra").Support), -1)
	eq(t, "restraint", g.Restraint, 2)
}

func TestExampleRevRallyBase(t *testing.T) { // 3.4.1
	g := at(t, Rev, `{"unity":2,"resources":{"rev":3},"outOfPlay":{"rev-base":0},"spaces":{
		"punjab":{"guerrilla":2},"bihar":{"rev-base":1},"orissa":{"rev-base":1},"mysore":{"rev-base":1},"assam":{"rev-base":1}}}`, 1)
	eq(t, "one Base left", g.Avail[RevBase], 1)
	play(t, g, "op:rev-rally", "space:punjab", "base")
	eq(t, "paid", g.Resources[Rev], 2)
	eq(t, "base", int(g.sp("punjab").P[RevBase]), 1)
	eq(t, "guerrillas", g.guerrillas(g.idx("punjab")), 0)
	eq(t, "no Base left", g.Avail[RevBase], 0)
}

func TestExampleMarch(t *testing.T) { // 3.4.2
	g := at(t, Rev, `{"resources":{"rev":3},"spaces":{
		"orissa":{"guerrilla":4},
		"central-provinces":{"sepoy":2},
		"bihar":{"sepoy":3,"support":"passive-support"},
		"united-provinces":{"sepoy":1,"support":"passive-support"}}}`, 1)
	play(t, g, "op:march", "space:orissa",
		"move:guerrilla:central-provinces", "move:guerrilla:central-provinces",
		"move:guerrilla:bihar", "move:guerrilla:united-provinces", "done", "done", "end")
	eq(t, "paid 1", g.Resources[Rev], 2)
	eq(t, "CP stay Underground", int(g.sp("central-provinces").P[GuerU]), 2)
	eq(t, "Bihar Activated", int(g.sp("bihar").P[GuerA]), 1)
	eq(t, "UP stays Underground", int(g.sp("united-provinces").P[GuerU]), 1)
}

func TestExampleAttack(t *testing.T) { // 3.4.3
	g := at(t, Rev, `{"resources":{"rev":3},"spaces":{
		"east-bengal":{"guerrilla":3,"troop":1,"sepoy":1},
		"bihar":{"guerrilla":2,"sepoy":3,"protest":true}}}`, seedFor(t, 2, 1))
	eq(t, "EB Controlled", g.sp("east-bengal").Control, true)
	play(t, g, "op:attack", "space:east-bengal")
	eq(t, "control lost on Activation", g.sp("east-bengal").Control, false)
	play(t, g, "target:sepoy")
	mustOffer(t, g, "target:troop", true)
	play(t, g, "target:troop")
	eq(t, "EB cubes", g.cubes(g.idx("east-bengal")), 0)
	eq(t, "EB unrest", int(g.sp("east-bengal").Unrest), 1)
	play(t, g, "space:bihar", "target:sepoy", "target:sepoy")
	eq(t, "Bihar sepoys", int(g.sp("bihar").P[Sepoy]), 1)
	eq(t, "Bihar unrest (Protest)", int(g.sp("bihar").Unrest), 1)
	eq(t, "paid", g.Resources[Rev], 1)
}

func TestExampleUnrestInCrisis(t *testing.T) { // 3.4.4
	g := at(t, Rev, `{"restraint":1,"unity":1,"resources":{"rev":2},"spaces":{
		"bombay-presidency":{"guerrilla":1},"bombay":{"congress":1,"league":1}}}`, 1)
	play(t, g, "op:unrest", "space:bombay-presidency", "space:bombay")
	eq(t, "paid 1 each", g.Resources[Rev], 0)
	eq(t, "BP unrest", int(g.sp("bombay-presidency").Unrest), 1)
	eq(t, "BP guerrilla Active", int(g.sp("bombay-presidency").P[GuerA]), 1)
	eq(t, "Bombay unrest", int(g.sp("bombay").Unrest), 1)
}

// raj op helper: a trivial Deploy so that a Special Activity can be tested.
var deployDelhi = []string{"op:deploy", "space:delhi", "troop", "done", "done", "done"}

func TestExampleTreaty(t *testing.T) { // 4.2.1
	g := at(t, Raj, `{"spaces":{
		"west-bengal":{"muslimState":true},
		"bihar":{"sepoy":1},"calcutta":{"sepoy":2},"east-bengal":{"troop":1},
		"orissa":{"sepoy":2,"active-guerrilla":1,"congress":1,"protest":true}}}`, 1)
	play(t, g, deployDelhi...)
	play(t, g, "sa:treaty", "space:west-bengal", "move")
	mustOffer(t, g, "from:sepoy:east-bengal", false)
	play(t, g, "from:sepoy:bihar", "from:sepoy:calcutta", "from:sepoy:calcutta", "done")
	eq(t, "WB sepoys", int(g.sp("west-bengal").P[Sepoy]), 3)
	eq(t, "WB troops", int(g.sp("west-bengal").P[Troop]), 0)
	play(t, g, "space:orissa", "remove", "target:active-guerrilla", "target:congress")
	eq(t, "Orissa cleared", g.guerrillas(g.idx("orissa"))+g.activists(g.idx("orissa")), 0)
	eq(t, "arrested", g.Jail[0], 1)
}

func TestExampleMartialLaw(t *testing.T) { // 4.2.3
	g := at(t, Raj, `{"viceroy":"irwin","spaces":{"punjab":{"troop":2,"sepoy":2,"congress":3,"league":2,"active-guerrilla":1,"support":"passive-opposition"}}}`, 1)
	play(t, g, deployDelhi...)
	play(t, g, "sa:martial-law", "space:punjab")
	mustOffer(t, g, "target:active-guerrilla", false)
	play(t, g, "target:congress", "target:congress", "target:congress", "target:league")
	s := g.sp("punjab")
	eq(t, "activists left", int(s.P[CongAct])+int(s.P[LeagueAct]), 1)
	eq(t, "neutral", int(s.Support), 0)
	eq(t, "unrest", int(s.Unrest), 1)
	eq(t, "guerrilla untouched", int(s.P[GuerA]), 1)
}

func TestExampleGovern(t *testing.T) { // 4.2.2
	g := at(t, Raj, `{"resources":{"raj":10},"spaces":{
		"bombay-presidency":{"troop":2},
		"hyderabad":{"sepoy":2,"active-guerrilla":1},
		"rail-bombay-raichur":{"sepoy":1,"strike":true}}}`, 1)
	play(t, g, deployDelhi...)
	play(t, g, "sa:govern", "space:bombay-presidency", "imperialism", "buy:shift", "buy:shift")
	eq(t, "BP Active Support", int(g.sp("bombay-presidency").Support), 2)
	eq(t, "cost 3 per level", g.Resources[Raj], 4)
	mustOffer(t, g, "space:rail-bombay-raichur", true)
	play(t, g, "space:hyderabad", "remove", "target:active-guerrilla")
	eq(t, "guerrilla removed", int(g.sp("hyderabad").P[GuerA]), 0)
	mustOffer(t, g, "space:rail-bombay-raichur", false) // two spaces at most
}

func TestExampleSatyagraha(t *testing.T) { // 4.3.2
	g := at(t, Congress, `{"gandhi":"bihar","spaces":{"united-provinces":{"sepoy":2,"protest":true},"gujarat":{"congress":1}}}`, 1)
	eq(t, "UP Controlled", g.sp("united-provinces").Control, true)
	play(t, g, "op:congress-rally", "space:gujarat", "place:1", "done", "skip")
	play(t, g, "sa:satyagraha", "space:united-provinces")
	eq(t, "control kept with Gandhi alone", g.sp("united-provinces").Control, true)
	play(t, g, "activist")
	eq(t, "control lost", g.sp("united-provinces").Control, false)
	eq(t, "Gandhi", g.Gandhi, g.idx("united-provinces"))
}

func TestExampleCongressNegotiate(t *testing.T) { // 4.3.1
	g := at(t, Congress, `{"restraint":2,"spaces":{"west-bengal":{"muslimState":true,"sepoy":1,"congress":2,"league":1,"support":"passive-support"},"gujarat":{"congress":1}}}`, 1)
	play(t, g, "op:congress-rally", "space:gujarat", "place:1", "done", "skip")
	play(t, g, "sa:negotiate", "space:west-bengal")
	eq(t, "restraint", g.Restraint, 3)
	play(t, g, "remove-muslim-state")
	s := g.sp("west-bengal")
	eq(t, "Muslim State removed", s.MuslimState, false)
	eq(t, "Raj Control", s.Control, true)
	eq(t, "neutral", int(s.Support), 0)
}

func TestExampleCongressPersuade(t *testing.T) { // 4.3.3
	g := at(t, Congress, `{"unity":3,"spaces":{
		"mysore":{"congress":1,"rev-base":1},
		"madras-presidency":{"congress":1,"league":1,"protest":true},"gujarat":{"congress":1}}}`, 1)
	play(t, g, "op:congress-rally", "space:gujarat", "place:1", "done", "skip")
	play(t, g, "sa:congress-persuade", "space:mysore", "remove", "target:rev-base",
		"space:madras-presidency", "remove", "target:league", "done")
	eq(t, "base removed", int(g.sp("mysore").P[RevBase]), 0)
	eq(t, "activist removed", int(g.sp("madras-presidency").P[LeagueAct]), 0)
	eq(t, "unity", g.Unity, 2)
}

func TestExampleLeagueNegotiate(t *testing.T) { // 4.4.1
	g := at(t, League, `{"restraint":2,"spaces":{"east-bengal":{"troop":1,"league":2,"protest":true,"support":"passive-opposition"},"sind":{"league":1}}}`, 1)
	eq(t, "EB not Controlled", g.sp("east-bengal").Control, false)
	play(t, g, "op:league-rally", "space:sind", "place:1", "done", "skip")
	play(t, g, "sa:league-negotiate", "space:east-bengal")
	eq(t, "Protest removed", g.sp("east-bengal").Protest, false)
	eq(t, "restraint", g.Restraint, 3)
	play(t, g, "muslim-state")
	mustOffer(t, g, "space:calcutta", true) // the Raj moves the Troop out
	play(t, g, "space:calcutta")
	s := g.sp("east-bengal")
	eq(t, "Muslim State", s.MuslimState, true)
	eq(t, "Passive Support", int(s.Support), 1)
	eq(t, "Troop in Calcutta", int(g.sp("calcutta").P[Troop]), 1)
}

func TestExampleLeaguePersuade(t *testing.T) { // 4.4.3
	g := at(t, League, `{"spaces":{"punjab":{"sepoy":3,"guerrilla":2,"league":1,"congress":1,"protest":true},"sind":{"league":1,"protest":true}}}`, 1)
	play(t, g, "op:league-non-cooperation")
	mustOffer(t, g, "space:punjab", false)
	play(t, g, "sa:league-persuade", "space:punjab", "activate", "done")
	eq(t, "activated", int(g.sp("punjab").P[GuerA]), 2)
	eq(t, "control removed", g.sp("punjab").Control, false)
	mustOffer(t, g, "space:punjab", true)
}

func TestExampleLeagueInfiltrate(t *testing.T) { // 4.4.2
	g := at(t, League, `{"restraint":1,"unity":1,"spaces":{"sind":{"sepoy":1,"guerrilla":1,"league-base":1,"league":1}}}`, 1)
	eq(t, "no control (the Base counts)", g.sp("sind").Control, false)
	play(t, g, "op:league-rally", "space:sind", "place:2", "done", "skip")
	play(t, g, "sa:league-infiltrate", "space:sind")
	mustOffer(t, g, "replace:sepoy", true)
	mustOffer(t, g, "replace:guerrilla", true)
	play(t, g, "muslim-state")
	eq(t, "Muslim State", g.sp("sind").MuslimState, true)
}

func TestExampleAid(t *testing.T) { // 4.5.1
	g := at(t, Rev, `{"resources":{"rev":3},"spaces":{"united-provinces":{"guerrilla":1},"bihar":{"active-guerrilla":3}}}`, 1)
	play(t, g, "op:rev-rally", "space:assam", "guerrillas", "done")
	play(t, g, "sa:aid", "space:united-provinces", "resources", "space:bihar", "underground", "done")
	eq(t, "resources: 3 -1 rally +2 -1", g.Resources[Rev], 3)
	eq(t, "UP active", int(g.sp("united-provinces").P[GuerA]), 1)
	eq(t, "Bihar underground", int(g.sp("bihar").P[GuerU]), 3)
}

func TestExampleRevInfiltrate(t *testing.T) { // 4.5.2
	g := at(t, Rev, `{"restraint":1,"unity":1,"resources":{"rev":3},"spaces":{"sind":{"guerrilla":1,"league-base":1,"league":1}}}`, 1)
	play(t, g, "op:rev-rally", "space:assam", "guerrillas", "done")
	play(t, g, "sa:rev-infiltrate", "space:sind")
	mustOffer(t, g, "base", false) // Population 1 holds one Base
	play(t, g, "replace:league")
	eq(t, "guerrillas", int(g.sp("sind").P[GuerU]), 2)
	eq(t, "activist gone", int(g.sp("sind").P[LeagueAct]), 0)
}

func TestExampleAssassinate(t *testing.T) { // 4.5.3
	g := at(t, Rev, `{"resources":{"rev":5},"spaces":{"united-provinces":{"guerrilla":1,"troop":1,"sepoy":2}}}`, 1)
	play(t, g, "op:unrest", "space:united-provinces", "sa:assassinate", "space:united-provinces", "target:troop", "done")
	eq(t, "troop removed", int(g.sp("united-provinces").P[Troop]), 0)
	eq(t, "sepoys stay", int(g.sp("united-provinces").P[Sepoy]), 2)
	eq(t, "unity unchanged", g.Unity, 3)
}
