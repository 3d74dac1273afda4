package gandhi

import "testing"

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
