package rajasplug

import (
	"fmt"
	"testing"

	"durbar/core"
	"durbar/core/i18n"
	"durbar/plug"
	"durbar/plug/plugtest"
	"durbar/rajas"
)

// TestTranslationsCover proves Rajas's catalogs translate every text a view
// shows (plugtest.Translations): random games of 2 to 4 players, people
// and heuristic bots alternating (the MCTS bot is too slow for a coverage
// test), in the basic game and with the variants; and every text the
// two endings can show (endTexts), which random games reach only by
// chance (the 150-round limit, never).
func TestTranslationsCover(t *testing.T) {
	games := 16
	if testing.Short() {
		games = 4
	}
	var reqs []plug.CreateRequest
	for n := range games {
		req := plug.CreateRequest{Game: rajas.GameName,
			Variants: [][]string{nil, {rajasNavaratnas}, {rajasNavaratnas, rajasGanga}, {rajasGanga, rajasExpertPrefix + "2"}}[n%4]}
		for s := range 2 + n%3 {
			kind := plug.Human
			if (s+n)%2 == 1 {
				kind = plug.Computer
			}
			req.Seats = append(req.Seats, plug.SeatRequest{Kind: kind, Bot: "bot"})
		}
		reqs = append(reqs, req)
	}
	plugtest.Translations(t, newKind(), reqs, nil, endTexts(t))
}

// endTexts are the texts of both endings (a player's fame past money, the
// round limit reached), for each winner of 2 to 4 players: the result,
// the game-over prompt, the log line and the board.
func endTexts(t *testing.T) []string {
	t.Helper()
	k := newKind()
	var out []string
	for n := 2; n <= 4; n++ {
		req := plug.CreateRequest{Game: rajas.GameName}
		for range n {
			req.Seats = append(req.Seats, plug.SeatRequest{Kind: plug.Human})
		}
		st := plugtest.Starts(t, k, []plug.CreateRequest{req})[0]
		for w := range n {
			tb, err := k.Open(st.Setup, st.Specs, 1, nil)
			if err != nil {
				t.Fatal(err)
			}
			g := tb.(*rajasTable).g
			for _, reason := range []string{
				fmt.Sprintf("%s wins with fame %d past money %d by %d", rajas.SeatName(w), 39, 35, 4),
				fmt.Sprintf("%s wins with fame %d past money %d by %d", rajas.SeatName(w), 40, 39, 1),
				fmt.Sprintf("no markers met within %d rounds; %s has the largest gap", rajas.MaxRounds, rajas.SeatName(w)),
			} {
				g.Over, g.Winner, g.Reason = true, w, reason
				out = append(out, reason, "Game over: "+reason+".", "The game is over: "+reason, tb.Result())
				out = append(out, i18n.Texts(tb.Board(-1))...)
			}
		}
	}
	return out
}

// TestRuleNamesTranslated: every rule a decision or an option of Rajas
// names (a section of the rulebook, by its English name) has its name in
// Spanish and Italian; the server shows it in the page's language. Random
// games of every variant.
func TestRuleNamesTranslated(t *testing.T) {
	cats, err := newKind().Translations()
	if err != nil {
		t.Fatal(err)
	}
	d, err := rajas.DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	rules := map[string]bool{}
	for _, r := range []string{rajas.RuleSetup, rajas.RuleSequence, rajas.RuleQuarry, rajas.RuleProvince,
		rajas.RuleProductions, rajas.RuleUpgrades, rajas.RuleMarket, rajas.RulePalace, rajas.RuleRooms,
		rajas.RuleBuilder, rajas.RuleRiver, rajas.RuleKarma, rajas.RuleWorkers, rajas.RuleTracks,
		rajas.RuleRoundEnd, rajas.RuleEnd, rajas.RuleNavaratnas, rajas.RuleMixed, rajas.RuleGanga} {
		rules[r] = true
	}
	for n, st := range []rajas.Setup{{Players: 2}, {Players: 3, Navaratnas: true}, {Players: 4, Ganga: true, Experts: []int{1}}} {
		g, err := rajas.New(d, st, uint64(n+1))
		if err != nil {
			t.Fatal(err)
		}
		pick := core.NewRNG(uint64(n))
		for dec := g.Decision(); !dec.Over; dec = g.Decision() {
			rules[dec.Rule] = true
			for _, o := range dec.Options {
				rules[o.Rule] = true
			}
			if err := g.Apply(dec.Options[pick.IntN(len(dec.Options))].ID); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(rules) != 19 {
		t.Fatalf("%d rules: a decision names a rule that is not a section", len(rules))
	}
	for _, lang := range []string{"es", "it"} {
		for r := range rules {
			if _, ok := cats[lang].Translate(r); !ok {
				t.Errorf("%s: rule %q has no translation", lang, r)
			}
		}
	}
}
