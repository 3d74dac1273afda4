package server

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// gandhiCongressGame creates a seeded Gandhi game (Short scenario) where a
// person plays Congress against three Non-Players, and returns it with the
// Congress seat.
func gandhiCongressGame(e *testEnv) (created, int) {
	seed := uint64(11)
	req := CreateRequest{Game: "gandhi", Scenario: "short", Seed: &seed}
	for s := range 4 {
		if s == 1 {
			req.Seats = append(req.Seats, SeatRequest{Kind: Human})
		} else {
			req.Seats = append(req.Seats, SeatRequest{Kind: Computer, Bot: "np"})
		}
	}
	return e.create(req), 1
}

// gandhiCongressPage opens gandhiCongressGame's Congress seat in a browser
// of width w and height h, through its invitation link.
func gandhiCongressPage(t *testing.T, w, h int) (e *testEnv, g created, seat int, key string, ctx context.Context) {
	t.Helper()
	e = newEnv(t, testDSN(t, false))
	g, seat = gandhiCongressGame(e)
	ctx = newBrowser(t, w, h)
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+g.Seats[seat].Invite)); err != nil {
		t.Fatal(err)
	}
	return e, g, seat, g.Seats[seat].Key, ctx
}

// passOrFirst is the option a test plays to get on: "pass" when the
// decision offers it, else its first option.
func passOrFirst(d *decisionView) string {
	id := d.Options[0].ID
	for _, o := range d.Options {
		if o.ID == "pass" {
			id = o.ID
		}
	}
	return id
}

// getOn plays passOrFirst for the seat through the API.
func (e *testEnv) getOn(id, key string, seat int, v View) {
	e.t.Helper()
	opt := passOrFirst(v.Decision)
	if code, _, body := e.act(id, key, seat, opt, v.Step); code != 200 {
		e.t.Fatalf("act %s: %d %v", opt, code, body)
	}
}

// TestBrowserRallyLogged: a person's Rally, clicked on the page, leaves a
// log line naming the space and the pieces placed.
func TestBrowserRallyLogged(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e, g, seat, key, ctx := gandhiCongressPage(t, 1280, 900)
	// Until Congress may Rally, pass (through the API).
	var v View
	for range 40 {
		v = e.waitHuman(g.ID, key)
		if v.Over {
			t.Fatal("the game ended before Congress could Rally")
		}
		rally := ""
		for _, o := range v.Decision.Options {
			if strings.HasSuffix(o.ID, "congress-rally") {
				rally = o.ID
			}
		}
		if rally != "" {
			waitPageStep(t, ctx, v.Step)
			if err := waitOptions(ctx); err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#options button[data-option="`+rally+`"]`))); err != nil {
				t.Fatal(err)
			}
			break
		}
		e.getOn(g.ID, key, seat, v)
	}
	// Click the first space offered, then the first option (how many to
	// place), until the log tells of the Rally.
	line := regexp.MustCompile(`Rally in [A-Z][^:]*: (an?|\d+) Congress Activists? placed`)
	deadline := time.Now().Add(30 * time.Second)
	for {
		log, _ := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS(`#log`)))
		if line.MatchString(log) {
			break
		}
		if time.Now().After(deadline) {
			screenshot(t, ctx, "rally-log")
			t.Fatalf("no log line tells of the Rally:\n%s", log)
		}
		before, _ := pageStep(ctx)
		if waitOptions(ctx) == nil {
			chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#options button[data-option]`)))
			waitPageStep(t, ctx, before+1)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestBrowserRajasFormSeats: the creation form offers "Player N plays the
// expert side" only for the seats the game has, and the page has an icon.
func TestBrowserRajasFormSeats(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	ctx := newBrowser(t, 1280, 900)
	experts := func() string {
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll('#create-form input[name=variant]')].map((i) => i.value).filter((v) => v.startsWith('expert-')).join(',')`))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	choose := func(sel, value string) {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const s = document.querySelector('`+sel+`'); s.value = '`+value+`'; s.dispatchEvent(new Event('change', {bubbles: true})); return true })()`)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * time.Millisecond)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`#create-form`))); err != nil {
		t.Fatal(err)
	}
	choose(`#create-form select[name=game]`, "rajas")
	for _, c := range []struct{ players, want string }{{"2", "expert-1,expert-2"}, {"4", "expert-1,expert-2,expert-3,expert-4"}, {"3", "expert-1,expert-2,expert-3"}} {
		choose(`#create-form select[name=players]`, c.players)
		if got := experts(); got != c.want {
			t.Errorf("%s players: the form offers %q, want %q", c.players, got, c.want)
		}
	}
	icon, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch(document.querySelector('link[rel=icon]').href).then((r) => r.ok ? r.headers.get('content-type') : 'status ' + r.status)`, chromedp.EvalAwaitPromise))
	if err != nil || !strings.HasPrefix(icon, "image/svg") {
		t.Errorf("the page's icon: %q, %v", icon, err)
	}
}
