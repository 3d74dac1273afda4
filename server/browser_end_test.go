package server

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserRematch: at the end of a game its player clicks Rematch and
// lands on a new game with the same settings, holding its seat.
func TestBrowserRematch(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	g := e.create(CreateRequest{Game: "toy", Seats: []SeatRequest{{Kind: Human}, {Kind: Computer}}})
	key := g.Seats[0].Key
	for {
		v := e.waitHuman(g.ID, key)
		if v.Over {
			break
		}
		if code, _, body := e.act(g.ID, key, 0, "roll", v.Step); code != 200 {
			t.Fatalf("act: %d %v", code, body)
		}
	}
	ctx := newBrowser(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+g.Seats[0].Invite), chromedp.WaitVisible(chromedp.CSS(`#rematch`))); err != nil {
		t.Fatal(err)
	}
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.body.innerText.split('Game over').length - 1`)); n != 1 {
		t.Errorf("the page says %q %d times", "Game over", n)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#rematch`))); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		path, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.pathname`))
		state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('#status') || {dataset: {}}).dataset.state || ''`))
		if strings.HasPrefix(path, "/g/") && path != "/g/"+g.ID && (state == "turn" || state == "thinking") {
			id := strings.TrimPrefix(path, "/g/")
			rec, err := e.store.Load(t.Context(), id)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Kind != "toy" || len(rec.Seats) != 2 || rec.Seats[0].Kind != Human || rec.Seats[1].Kind != Computer {
				t.Errorf("the rematch: %+v", rec)
			}
			break
		}
		if time.Now().After(deadline) {
			screenshot(t, ctx, "rematch")
			t.Fatalf("the page did not move to a new game (at %s, status %q)", path, state)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestBrowserInviteSameTab: a tab showing a game as a spectator, sent to
// an invitation link of that game (only the fragment changes), takes the
// seat without a reload.
func TestBrowserInviteSameTab(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	g := e.create(CreateRequest{Game: "toy", Seats: []SeatRequest{{Kind: Human}, {Kind: Human}}})
	ctx := newBrowser(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+"/g/"+g.ID), chromedp.WaitVisible(chromedp.CSS(`#status[data-state=waiting]`))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.sameTab = true`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+g.Seats[0].Invite)); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#status').dataset.state || ''`))
		buttons, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#options button[data-option]').length`))
		if state == "turn" && buttons == 2 {
			break
		}
		if time.Now().After(deadline) {
			screenshot(t, ctx, "invite-same-tab")
			t.Fatalf("the seat was not taken: status %q, %d option buttons", state, buttons)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if same, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.sameTab === true`)); !same {
		t.Error("the page was reloaded")
	}
	if hash, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.hash`)); hash != "" {
		t.Errorf("the key stays in the address bar: %q", hash)
	}
}

// TestBrowserAutoplay: a step whose only option is "Done" waits for a
// click under the test harness (the setting is off there), and plays by
// itself once the player ticks the setting.
func TestBrowserAutoplay(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnvWith(t, testDSN(t, false), Options{Kinds: []Kind{forcedKind{}}}, nil)
	g := e.create(CreateRequest{Game: "forced", Seats: []SeatRequest{{Kind: Human}, {Kind: Computer}}})
	key := g.Seats[0].Key
	ctx := newBrowser(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+g.Seats[0].Invite), chromedp.WaitVisible(chromedp.CSS(`#options button[data-option=step]`))); err != nil {
		t.Fatal(err)
	}
	if on, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('#pref-autoplay').checked`)); on {
		t.Fatal("forced moves play by themselves under the test harness")
	}
	click := func(option string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#options button[data-option=`+option+`]`)), chromedp.Click(chromedp.CSS(`#options button[data-option=`+option+`]`))); err != nil {
			t.Fatal(err)
		}
	}
	click("step")
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#options button[data-option=done]`))); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	if v := e.view(g.ID, key); v.Step != 1 {
		t.Fatalf("the forced step was played with the setting off (step %d)", v.Step)
	}
	click("done")
	// With the setting on, the next forced step plays without a click.
	click("step")
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#options button[data-option=done]`)), chromedp.Click(chromedp.CSS(`#pref-autoplay`))); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		v := e.view(g.ID, key)
		if v.Step >= 5 {
			if n := strings.Count(strings.Join(v.Log, "\n"), "Runner 1 confirms"); n != 2 {
				t.Errorf("%d confirmations in the log, want 2", n)
			}
			break
		}
		if time.Now().After(deadline) {
			screenshot(t, ctx, "autoplay")
			t.Fatalf("the forced step was not played (step %d)", v.Step)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if stored, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`localStorage.getItem('durbar:pref:autoplay')`)); stored != "true" {
		t.Errorf("the setting is stored as %q", stored)
	}
}

// TestBrowserTurnNotice: when the player's turn comes while the page is in
// the background, the tab's title says so, and comes back when the page is
// seen; the lobby marks the games where it is the player's turn and names
// each game's scenario.
func TestBrowserTurnNotice(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	g := e.create(CreateRequest{Game: "toy", Seats: []SeatRequest{{Kind: Human}, {Kind: Human}}})
	ctx := newBrowser(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+g.Seats[1].Invite), chromedp.WaitVisible(chromedp.CSS(`#status[data-state=waiting]`))); err != nil {
		t.Fatal(err)
	}
	setHidden := func(hidden bool) {
		js := fmt.Sprintf(`Object.defineProperty(document, 'hidden', {configurable: true, get: () => %t}); Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => %q}); document.dispatchEvent(new Event('visibilitychange')); true`, hidden, map[bool]string{true: "hidden", false: "visible"}[hidden])
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js)); err != nil {
			t.Fatal(err)
		}
	}
	waitTitle := func(want string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			title, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.title`))
			if title == want {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("the title is %q, want %q", title, want)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	waitTitle("Toy race — Durbar")
	setHidden(true)
	if code, _, body := e.act(g.ID, g.Seats[0].Key, 0, "step", 0); code != 200 {
		t.Fatalf("act: %d %v", code, body)
	}
	waitTitle("● Your turn — Durbar")
	setHidden(false)
	waitTitle("Toy race — Durbar")

	// The lobby: this browser holds seat 1 of g (its turn now) and seat 1
	// of h (seat 0's turn), and seat 1 of a Gandhi game.
	h := e.create(CreateRequest{Game: "toy", Seats: []SeatRequest{{Kind: Human}, {Kind: Human}}})
	gg, seat := gandhiCongressGame(e)
	for _, url := range []string{h.Seats[1].Invite, gg.Seats[seat].Invite} {
		if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+url), chromedp.WaitVisible(chromedp.CSS(`#status[data-state]`))); err != nil {
			t.Fatal(err)
		}
	}
	gv := e.view(gg.ID, "")
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`#games .game-item`))); err != nil {
		t.Fatal(err)
	}
	marked := func(id string) bool {
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('.game-item[data-id="`+id+`"] .tag.turn').length`))
		if err != nil {
			t.Fatal(err)
		}
		return n == 1
	}
	deadline := time.Now().Add(10 * time.Second)
	for !marked(g.ID) && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if !marked(g.ID) || marked(h.ID) {
		screenshot(t, ctx, "lobby-turns")
		t.Errorf("lobby marks: %v for a game at the player's turn, %v for one at another's", marked(g.ID), marked(h.ID))
	}
	title, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('.game-item[data-id="`+gg.ID+`"] .game-link').textContent`))
	if !strings.Contains(gv.Title, " — ") || title != gv.Title {
		t.Errorf("the lobby names the Gandhi game %q, its page %q", title, gv.Title)
	}
}
