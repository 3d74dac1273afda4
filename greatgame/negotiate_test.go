package greatgame

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// negGame is an empty board (scenario 1's control and Balance of Power)
// in the British negotiations subphase, above the sentinel.
func negGame(t *testing.T) *Game {
	t.Helper()
	g := evGame(t, "1", 0)
	evClear(g)
	g.Seq, g.Phasing, g.Ops, g.Negotiated = SeqNegotiate, British, 1, 0
	g.Pounds = [2]int{10, 10}
	return g
}

func TestNegRegionsEligible(t *testing.T) {
	cases := []struct {
		name  string
		setup func(t *testing.T, g *Game)
		want  bool
	}{
		{"agent in the capital", func(t *testing.T, g *Game) {}, true},
		{"no agent", func(t *testing.T, g *Game) { g.Pieces[evAgent(t, g, "burnes")].Loc = LocAvail }, false},
		{"agent outside the capital", func(t *testing.T, g *Game) {
			g.Pieces[evAgent(t, g, "burnes")].Loc = evCity(t, g, "kandahar")
		}, false},
		{"enemy combat unit in the capital (15.5)", func(t *testing.T, g *Game) {
			evPut(t, g, "russian/garrison/1", evCity(t, g, "kabul"))
		}, false},
		{"enemy agent only", func(t *testing.T, g *Game) { evPut(t, g, "vitkovitch", evCity(t, g, "kabul")) }, true},
		{"friendly and neutral units (15.5)", func(t *testing.T, g *Game) {
			evPut(t, g, "british/garrison/1", evCity(t, g, "kabul"))
			evPut(t, g, "afghanistan/irregular/1", evCity(t, g, "kabul"))
			evPut(t, g, "dost-mohammed", evCity(t, g, "kabul"))
		}, true},
		{"enemy-controlled region", func(t *testing.T, g *Game) { g.Control[evRegion(t, g, "afghanistan")] = Russian }, true},
		{"friendly region", func(t *testing.T, g *Game) { g.Control[evRegion(t, g, "afghanistan")] = British }, false},
		{"tried this subphase (15.3)", func(t *testing.T, g *Game) { g.Negotiated = 1 << uint(evRegion(t, g, "afghanistan")) }, false},
		{"a controlled native agent", func(t *testing.T, g *Game) {
			g.Pieces[evAgent(t, g, "burnes")].Loc = LocAvail
			g.Control[evRegion(t, g, "punjab")] = British
			evPut(t, g, "khan-punjab", evCity(t, g, "kabul"))
		}, true},
		{"a neutral native agent is nobody's", func(t *testing.T, g *Game) {
			g.Pieces[evAgent(t, g, "burnes")].Loc = LocAvail
			evPut(t, g, "khan-punjab", evCity(t, g, "kabul"))
		}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := negGame(t)
			evPut(t, g, "burnes", evCity(t, g, "kabul"))
			c.setup(t, g)
			got := slices.Contains(g.negRegions(British), evRegion(t, g, "afghanistan"))
			if got != c.want {
				t.Errorf("may negotiate with Afghanistan: %v, want %v", got, c.want)
			}
		})
	}
}

func TestNegOffence(t *testing.T) {
	cases := []struct {
		name   string
		target string
		side   Side
		setup  func(t *testing.T, g *Game)
		want   int // with an agent of political 3 and 2 pounds
	}{
		{"agent and pounds, slight favour", "afghanistan", British, nil, 5},
		{"moderate favour +1", "afghanistan", British, func(t *testing.T, g *Game) { g.BoP = 6 }, 6},
		{"strong favour +2", "afghanistan", British, func(t *testing.T, g *Game) { g.BoP = 12 }, 7},
		{"the enemy favoured", "afghanistan", British, func(t *testing.T, g *Game) { g.BoP = -12 }, 5},
		{"moderate favour, Russian", "afghanistan", Russian, func(t *testing.T, g *Game) { g.BoP = -6 }, 6},
		{"every city occupied +1", "herat", British, func(t *testing.T, g *Game) {
			evPut(t, g, "british/garrison/1", evCity(t, g, "herat"))
		}, 6},
		{"a combat unit in every city but one", "afghanistan", British, func(t *testing.T, g *Game) {
			for _, c := range []string{"kabul", "kandahar", "ghazni", "jalalabad", "balkh"} {
				evPut(t, g, "british/garrison/1", evCity(t, g, c))
			}
		}, 5},
		{"a combat unit in every city", "afghanistan", British, func(t *testing.T, g *Game) {
			for _, c := range []string{"kabul", "kandahar", "ghazni", "jalalabad", "balkh", "kunduz"} {
				evPut(t, g, "british/garrison/1", evCity(t, g, c))
			}
		}, 6},
		{"North India against Punjab", "punjab", British, nil, 6},
		{"North India against Sind", "sind", British, nil, 6},
		{"North India against Baluchistan", "baluchistan", British, nil, 5},
		{"the Russian against Punjab", "punjab", Russian, nil, 5},
		{"Afghanistan against Herat", "herat", British, func(t *testing.T, g *Game) {
			g.Control[evRegion(t, g, "afghanistan")] = British
		}, 6},
		{"Sinkiang against Nepal", "nepal", Russian, func(t *testing.T, g *Game) {
			g.Control[evRegion(t, g, "sinkiang")] = Russian
		}, 6},
		{"Sinkiang against West Tibet", "west-tibet", Russian, func(t *testing.T, g *Game) {
			g.Control[evRegion(t, g, "sinkiang")] = Russian
		}, 6},
		{"Sinkiang against Kashmir", "kashmir", Russian, func(t *testing.T, g *Game) {
			g.Control[evRegion(t, g, "sinkiang")] = Russian
		}, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := negGame(t)
			if c.setup != nil {
				c.setup(t, g)
			}
			if got := g.negOffence(evRegion(t, g, c.target), c.side, evAgent(t, g, "burnes"), 2); got != c.want {
				t.Errorf("offensive total %d, want %d", got, c.want)
			}
		})
	}
	g := negGame(t)
	if got := g.negOffence(evRegion(t, g, "afghanistan"), British, -1, 0); got != 0 {
		t.Errorf("no agent, no pounds: %d", got)
	}
}

func TestNegDefence(t *testing.T) {
	cases := []struct {
		name   string
		target string
		side   Side // phasing
		opp    string
		pounds int
		setup  func(t *testing.T, g *Game)
		want   int
	}{
		{"region VP", "afghanistan", British, "", 0, nil, 3},
		{"opposing agent and pounds", "afghanistan", British, "vitkovitch", 2, nil, 3 + 3 + 2},
		{"a non-phasing colony", "afghanistan", British, "", 0, func(t *testing.T, g *Game) {
			g.Markers = append(g.Markers, Marker{Kind: Colony, Side: Russian, Sq: evCity(t, g, "kandahar")},
				Marker{Kind: Colony, Side: Russian, Sq: evCity(t, g, "kabul")})
		}, 3 + 2},
		{"a phasing colony does not count", "afghanistan", British, "", 0, func(t *testing.T, g *Game) {
			g.Markers = append(g.Markers, Marker{Kind: Colony, Side: British, Sq: evCity(t, g, "kandahar")})
		}, 3},
		{"a trading post does not count", "afghanistan", British, "", 0, func(t *testing.T, g *Game) {
			g.Markers = append(g.Markers, Marker{Kind: TradingPost, Side: Russian, Sq: evCity(t, g, "kandahar")})
		}, 3},
		{"a colony of another region", "afghanistan", British, "", 0, func(t *testing.T, g *Game) {
			g.Markers = append(g.Markers, Marker{Kind: Colony, Side: Russian, Sq: evCity(t, g, "herat")})
		}, 3},
		{"British colony against the Russian", "punjab", Russian, "burnes", 1, func(t *testing.T, g *Game) {
			g.Markers = append(g.Markers, Marker{Kind: Colony, Side: British, Sq: evCity(t, g, "lahore")})
		}, 1 + 3 + 1 + 1}, // Punjab's VP, Burnes, his pound and the colony
		{"Sinkiang +1", "sinkiang", British, "", 0, nil, 3 + 1},
		{"Sinkiang +1 for either side", "sinkiang", Russian, "", 0, nil, 3 + 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := negGame(t)
			if c.setup != nil {
				c.setup(t, g)
			}
			opp := -1
			if c.opp != "" {
				opp = evAgent(t, g, c.opp)
			}
			if got := g.negDefence(evRegion(t, g, c.target), c.side, opp, c.pounds); got != c.want {
				t.Errorf("defensive total %d, want %d", got, c.want)
			}
		})
	}
}

func TestNegTable(t *testing.T) {
	g := negGame(t)
	nt := &g.r.d.Charts.Negotiation
	for die := 1; die <= 6; die++ {
		for i, col := range nt.Columns {
			if got := g.negTable(col, die); got != nt.Rows[die-1][i] {
				t.Errorf("differential %d, roll %d: %s", col, die, got)
			}
		}
		if g.negTable(-7, die) != nt.Rows[die-1][0] || g.negTable(12, die) != nt.Rows[die-1][len(nt.Columns)-1] {
			t.Errorf("roll %d: differentials beyond the table use its end columns", die)
		}
	}
	// the printed table, spot checks
	for _, c := range []struct {
		diff, die int
		want      string
	}{{-1, 1, "E"}, {0, 1, "X"}, {-1, 2, "X"}, {3, 2, "R"}, {-1, 3, "R"}, {5, 3, "S+R"}, {6, 4, "T+R"}, {3, 4, "S"}, {1, 5, "S"}, {4, 5, "T"}, {-1, 6, "S"}, {2, 6, "T"}, {2, 4, "-"}} {
		if got := g.negTable(c.diff, c.die); got != c.want {
			t.Errorf("differential %d, roll %d: %s, want %s", c.diff, c.die, got, c.want)
		}
	}
}

func TestNegResults(t *testing.T) {
	cases := []struct {
		res     string
		control Side // Afghanistan before
		dice    []int
		want    Side // Afghanistan after
		bop     int  // from +1
		dead    bool // Burnes killed
		place   bool // the Russian places a free irregular
	}{
		{"E", NoSide, nil, Russian, 1, false, false},
		{"E", Russian, nil, Russian, 1, false, true},
		{"R", NoSide, nil, NoSide, -1, false, false},
		{"S", NoSide, nil, British, 1, false, false},
		{"S", Russian, nil, NoSide, 1, false, false},
		{"T", NoSide, nil, British, 1, false, false},
		{"T", Russian, nil, British, 1, false, false},
		{"X", NoSide, []int{4}, NoSide, 2, true, false},
		{"X", NoSide, []int{3}, NoSide, 1, false, false},
		{"-", Russian, nil, Russian, 1, false, false},
		{"S+R", NoSide, nil, British, -1, false, false},
		{"S+R", Russian, nil, NoSide, -1, false, false},
		{"T+R", Russian, nil, British, -1, false, false},
	}
	for _, c := range cases {
		t.Run(c.res+" from "+c.control.String(), func(t *testing.T) {
			g := negGame(t)
			af := evRegion(t, g, "afghanistan")
			g.Control[af] = c.control
			b := evPut(t, g, "burnes", evCity(t, g, "kabul"))
			evPut(t, g, "british/garrison/1", evCity(t, g, "kabul"))
			if len(c.dice) > 0 {
				evRig(t, g, c.dice...)
			}
			g.negApply(c.res, af, British, b)
			if c.place {
				if g.top().Step != StepEventPlace || g.top().Side != Russian {
					t.Fatalf("the Russian should place a free Afghan irregular: %+v", g.top())
				}
				for _, id := range evIDs(g) {
					if strings.HasPrefix(id, "region:") || id == "back" {
						t.Errorf("the free irregular goes to Afghanistan: no choice of region (%s)", id)
					}
				}
				evDrain(t, g)
				n := 0
				for p := range g.Pieces {
					if g.OnMap(p) && g.RegionOf(p) == af {
						n += g.Brigades(p)
						if sq := g.Pieces[p].Loc; g.r.m.Squares[sq].Region != af || sq == evCity(t, g, "kabul") {
							t.Errorf("free irregular placed at %s: in Afghanistan, away from British units", g.SqName(sq))
						}
					}
				}
				if n != 1 {
					t.Errorf("%d Afghan groups on the map, want 1", n)
				}
			}
			evRecruits(t, g)
			if !evIdle(g) {
				t.Fatalf("decision left: %s", g.Decision().Prompt)
			}
			if g.Control[af] != c.want || g.BoP != c.bop || (g.Pieces[b].Loc == LocGone) != c.dead {
				t.Errorf("Afghanistan %v (want %v), BoP %d (want %d), Burnes at %s", g.Control[af], c.want, g.BoP, c.bop, g.SqName(g.Pieces[b].Loc))
			}
		})
	}
}

// negStart opens the British negotiation subphase.
func negStart(t *testing.T, g *Game) {
	t.Helper()
	g.beginNegotiate()
	if g.top().Step != StepNegotiate || g.top().Side != British {
		t.Fatalf("no negotiation subphase: %+v", g.top())
	}
}

// TestNegSealedBid: the Russian decides whether to oppose without seeing the
// sum sealed by the British; both are opened together before the roll.
func TestNegSealedBid(t *testing.T) {
	g := negGame(t)
	af := evRegion(t, g, "afghanistan")
	b := evPut(t, g, "burnes", evCity(t, g, "kabul"))
	v := evPut(t, g, "vitkovitch", evCity(t, g, "kabul"))
	negStart(t, g)
	evApply(t, g, "neg:afghanistan")
	ids := evIDs(g)
	if !slices.Equal(ids, []string{"offer:" + PieceID(b) + ":0", "offer:" + PieceID(b) + ":1", "offer:" + PieceID(b) + ":2", "offer:" + PieceID(b) + ":3"}) {
		t.Fatalf("offers: %v (0 up to Burnes's political 3)", ids)
	}
	logAt, barrier := len(g.Log), g.Irreversible().N
	evApply(t, g, "offer:"+PieceID(b)+":2")
	d := g.Decision()
	if d.Player != int(Russian) || g.top().Step != StepNegOppose {
		t.Fatalf("the Russian should decide on opposing: %+v", d)
	}
	if regexp.MustCompile(`[0-9]`).MatchString(d.Prompt) {
		t.Errorf("the opposing player's prompt shows a number: %q", d.Prompt)
	}
	for _, l := range g.Log[logAt:] {
		if strings.Contains(l, "2") {
			t.Errorf("the log shows the sealed sum before it is opened: %q", l)
		}
	}
	if g.Irreversible().N != barrier || g.Pounds[British] != 8 {
		t.Errorf("nothing revealed yet (barrier %d → %d); the British paid: %d", barrier, g.Irreversible().N, g.Pounds[British])
	}
	if !slices.Contains(evIDs(g), "none") || !slices.Contains(evIDs(g), "oppose:"+PieceID(v)+":3") {
		t.Errorf("oppose options: %v", evIDs(g))
	}
	// 3+2 against 3+3+1 (Afghanistan 3 VP): differential −2; 6 is S
	evRig(t, g, 6)
	evApply(t, g, "oppose:"+PieceID(v)+":1")
	// opening the offers is a reveal (the control change that follows is another)
	if g.Irreversible().N <= barrier+1 {
		t.Errorf("opening the offers is a reveal: %+v", g.sec)
	}
	all := strings.Join(g.Log[logAt:], "\n")
	if !strings.Contains(all, "with 2 pounds") || !strings.Contains(all, "total 5 against 7") || !strings.Contains(all, "differential -2") {
		t.Errorf("log: %s", all)
	}
	evRecruits(t, g)
	if g.Pounds != [2]int{8, 9} || g.Control[af] != British {
		t.Errorf("pounds %v (spent either way), Afghanistan %v", g.Pounds, g.Control[af])
	}
	if g.top().Step != StepNegotiate || slices.Contains(evIDs(g), "neg:afghanistan") {
		t.Errorf("back to the subphase, without Afghanistan: %v", evIDs(g))
	}
	evApply(t, g, "end")
	if !evIdle(g) {
		t.Error("the subphase should end")
	}
}

func TestNegBidLimits(t *testing.T) {
	g := negGame(t)
	k := evPut(t, g, "keane", evCity(t, g, "kabul")) // political 0 (15.4)
	b := evPut(t, g, "burnes", evCity(t, g, "kabul"))
	g.Pounds[British] = 1
	negStart(t, g)
	evApply(t, g, "neg:afghanistan")
	want := []string{"offer:" + PieceID(b) + ":0", "offer:" + PieceID(b) + ":1", "offer:" + PieceID(k) + ":0"}
	slices.Sort(want)
	got := evIDs(g)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("offers %v, want %v (no more than the treasury; political 0 adds none)", got, want)
	}
}

// TestNegOneAttemptPerRegion: a failed attempt may not be repeated in the subphase (15.3).
func TestNegOneAttemptPerRegion(t *testing.T) {
	g := negGame(t)
	b := evPut(t, g, "burnes", evCity(t, g, "kabul"))
	evPut(t, g, "pottinger", evCity(t, g, "herat"))
	negStart(t, g)
	if ids := evIDs(g); !slices.Equal(ids, []string{"neg:afghanistan", "neg:herat", "end"}) {
		t.Fatalf("regions: %v", ids)
	}
	evRig(t, g, 4) // 3 against 4: column −1, 4 is no effect
	evApply(t, g, "neg:afghanistan")
	evApply(t, g, "offer:"+PieceID(b)+":0")
	af := evRegion(t, g, "afghanistan")
	if g.Control[af] != NoSide || g.Negotiated != 1<<uint(af) {
		t.Fatalf("Afghanistan %v, tried %b", g.Control[af], g.Negotiated)
	}
	if ids := evIDs(g); !slices.Equal(ids, []string{"neg:herat", "end"}) {
		t.Errorf("regions after a failed attempt: %v", ids)
	}
	// the next subphase may try again
	g.Tasks = g.Tasks[:1]
	g.Negotiated = 0
	negStart(t, g)
	if !slices.Contains(evIDs(g), "neg:afghanistan") {
		t.Errorf("a new subphase may try Afghanistan again")
	}
}

// TestNegExample541: a British force stops in Kabul with its agent; in the
// negotiation subphase, before the belligerence check, the British
// negotiate with neutral Afghanistan and win it peacefully (5.4.1).
func TestNegExample541(t *testing.T) {
	g := evGame(t, "1", 0)
	g.Seq, g.Phasing, g.Ops, g.Negotiated = SeqNegotiate, British, 1, 0
	kabul := evCity(t, g, "kabul")
	b := evAgent(t, g, "burnes")
	if g.Pieces[b].Loc != kabul {
		t.Fatalf("scenario 1 puts Burnes in an Afghan city; the standard place is Kabul, not %s", g.SqName(g.Pieces[b].Loc))
	}
	evPut(t, g, "british/field-force/1", kabul)
	negStart(t, g)
	if ids := evIDs(g); !slices.Contains(ids, "neg:afghanistan") || !slices.Contains(ids, "neg:herat") {
		t.Fatalf("regions: %v", ids)
	}
	evApply(t, g, "neg:afghanistan")
	evRig(t, g, 6) // Burnes 3 against Afghanistan's 4: column −1, 6 is S
	evApply(t, g, "offer:"+PieceID(b)+":0")
	if g.Control[evRegion(t, g, "afghanistan")] != British {
		t.Errorf("Afghanistan should be British before the belligerence check: %v", tail(g.Log, 3))
	}
}

// Without an opposing agent the offer is resolved at once.
func TestNegUnopposed(t *testing.T) {
	g := negGame(t)
	b := evPut(t, g, "burnes", evCity(t, g, "kabul"))
	evPut(t, g, "vitkovitch", evCity(t, g, "kandahar")) // not in the capital
	negStart(t, g)
	evApply(t, g, "neg:afghanistan")
	evRig(t, g, 2) // 6 against 4, column 2: 2 is R
	g.BoP = 12
	evApply(t, g, "offer:"+PieceID(b)+":2") // 3 + 2 + 2 (strong favour) − 4 = 3 → column 3, roll 2: R
	if g.top().Step != StepNegotiate || g.BoP != 11 || g.Pounds[British] != 8 {
		t.Errorf("top %v, BoP %d, pounds %d", g.top().Step, g.BoP, g.Pounds[British])
	}
}
