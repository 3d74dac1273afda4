package gandhi

import (
	"slices"
	"testing"
)

// Effective Events (8.8.3, glossary): what the Event itself does for the
// executing Non-Player counts, not its side effects.
func TestNPEffectiveIsWhatTheEventDoes(t *testing.T) {
	for _, c := range []struct {
		name   string
		f      Faction
		card   int
		spaces string
		want   bool
	}{
		// 34 shaded places a Muslim State: the League's gain, never
		// Congress's, whatever else the board shows afterwards.
		{"34 shaded for Congress", Congress, 34, `{"sind":{"league-base":1,"league":1,"congress":1,"support":"passive-opposition"},"punjab":{"sepoy":1}}`, false},
		// The same card is the League's own Event.
		{"34 shaded for the League", League, 34, `{"sind":{"league-base":1,"league":1}}`, true},
		// 22 shaded shifts Gujarat or Bombay toward Opposition and places
		// Congress Activists there: Hindu spaces, Congress's gain only.
		{"22 shaded for the League", League, 22, `{"gujarat":{"support":"neutral"},"bombay-presidency":{"support":"neutral"}}`, false},
		{"22 shaded for Congress", Congress, 22, `{"gujarat":{"support":"neutral"},"bombay-presidency":{"support":"neutral"}}`, true},
		// 8 shaded gives Congress a free Non-Cooperation: with Congress
		// Activists in Hindu spaces only, its shifts are Congress's gain.
		{"8 shaded for the League", League, 8, `{"gujarat":{"congress":2,"support":"neutral"},"bihar":{"congress":2,"support":"neutral"}}`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := npEventPos(t, c.f, c.card, c.spaces, ``)
			eq(t, "shaded", g.npShaded(c.f, c.card), true)
			eq(t, "effective", g.npEventEffective(c.card, c.f), c.want)
		})
	}
}

// Every Critical mark and every halo can matter (8.8.1, 8.8.2): for each,
// whole Non-Player games of every scenario reach a moment, with the card
// current, where the Event is effective for that faction on the text it
// would take. (Cards 55 and 71 once carried marks no position could honour.)
func TestEveryCriticalMarkAndHaloReachable(t *testing.T) {
	games := 150
	if testing.Short() {
		games = 60
	}
	d := testData(t)
	found := map[[2]int]bool{}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		sc := Scenarios()[int(seed)%len(Scenarios())]
		g, err := New(d, Setup{Scenario: sc, NP: []string{"raj", "congress", "league", "rev"}}, seed)
		if err != nil {
			t.Fatal(err)
		}
		g.SetLog(false)
		last := -1
		for steps := 0; !g.Over && steps < 50000; steps++ {
			if g.Current != last {
				last = g.Current
				if c := g.deck.Cards[g.Current]; c != nil && !c.Campaign {
					for _, f := range append(slices.Clone(c.Critical), c.Halo...) {
						if k := [2]int{g.Current, int(f)}; !found[k] && g.npEventEffective(g.Current, f) {
							found[k] = true
						}
					}
				}
			}
			if _, err := g.ApplyNP(); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, n := range d.Deck.Events {
		c := d.Deck.Cards[n]
		for _, f := range c.Critical {
			if !found[[2]int{n, int(f)}] {
				t.Errorf("card %d %s: Critical for %s, never effective for it", n, c.Title, f)
			}
		}
		for _, f := range c.Halo {
			if !found[[2]int{n, int(f)}] {
				t.Errorf("card %d %s: haloed for %s, its unshaded text never effective for it", n, c.Title, f)
			}
		}
	}
}
