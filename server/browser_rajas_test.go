package server

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// rajasKarmaPage plays a seeded two-player Rajas game (a person against the
// heuristic bot) through the API, taking options that spend no Karma, until
// the person may turn a die over with Karma; it opens the person's page at
// that decision and returns the view and the Karma option.
func rajasKarmaPage(t *testing.T, e *testEnv) (View, optionView, created) {
	t.Helper()
	seed := uint64(5)
	g := e.create(CreateRequest{Game: "rajas", Seed: &seed, Seats: []SeatRequest{{Kind: Human}, {Kind: Computer, Bot: "bot"}}})
	key := g.Seats[0].Key
	for range 200 {
		v := e.waitHuman(g.ID, key)
		if v.Over {
			break
		}
		for _, o := range v.Decision.Options {
			if strings.HasPrefix(o.ID, "karma:") && o.Target != "" {
				return v, o, g
			}
		}
		id := v.Decision.Options[len(v.Decision.Options)-1].ID
		if code, _, body := e.act(g.ID, key, 0, id, v.Step); code != 200 {
			t.Fatalf("act %s: %d %v", id, code, body)
		}
	}
	t.Fatal("no decision offered Karma on a die")
	return View{}, optionView{}, g
}

// TestBrowserRajasKarmaAsks: a click on one of your dice that Karma could
// turn over sends nothing; it asks, in the chooser, and only the chooser's
// button spends the Karma.
func TestBrowserRajasKarmaAsks(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	v, karma, g := rajasKarmaPage(t, e)
	ctx := newBrowser(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+g.Seats[0].Invite)); err != nil {
		t.Fatal(err)
	}
	waitPageStep(t, func() (int, error) { return pageStep(ctx) }, v.Step)
	if err := waitOptions(ctx); err != nil {
		t.Fatal(err)
	}
	clickDie := `(() => { const n = document.querySelector('#board [data-target="` + karma.Target + `"].clickable'); if (!n) return false; n.dispatchEvent(new MouseEvent('click', {bubbles: true})); return true })()`
	ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](clickDie))
	if err != nil || !ok {
		screenshot(t, ctx, "rajas-karma")
		t.Fatalf("no clickable die %s on the board (%v)", karma.Target, err)
	}
	time.Sleep(500 * time.Millisecond)
	if s, _ := pageStep(ctx); s != v.Step {
		t.Fatalf("a click on the die moved the page from step %d to %d", v.Step, s)
	}
	if now := e.view(g.ID, ""); now.Step != v.Step {
		t.Fatalf("a click on the die played an option: the server is at step %d, was %d", now.Step, v.Step)
	}
	asked, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const c = document.querySelector('#chooser'); return c.hidden ? '' : document.querySelector('#chooser-title').textContent + '|' + [...c.querySelectorAll('button[data-option]')].map((b) => b.dataset.option).join(',') })()`))
	if !strings.Contains(asked, "Karma") || !strings.Contains(asked, karma.ID) {
		t.Fatalf("the click did not ask about Karma: chooser %q", asked)
	}
	// Cancel: still nothing sent.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#chooser button.cancel`))); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if now := e.view(g.ID, ""); now.Step != v.Step {
		t.Fatalf("cancelling played an option: step %d, was %d", now.Step, v.Step)
	}
	// Asked again, the chooser's Karma button spends it.
	chromedp.Run(ctx, chromedp.Evaluate[bool](clickDie))
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#chooser button[data-option="`+karma.ID+`"]`))); err != nil {
		t.Fatal(err)
	}
	waitPageStep(t, func() (int, error) { return pageStep(ctx) }, v.Step+1)
	if now := e.view(g.ID, ""); now.Step <= v.Step {
		t.Fatalf("the chooser's Karma button played nothing (step %d)", now.Step)
	}
}
