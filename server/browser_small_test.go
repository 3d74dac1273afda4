package server

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// evalJS runs a script on the page and returns its value.
func evalJS[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// setPageHidden makes the page say it is in the background (or seen), as
// a tab behind another does, and tells its scripts.
func setPageHidden(t *testing.T, ctx context.Context, hidden bool) {
	t.Helper()
	state := map[bool]string{true: "hidden", false: "visible"}[hidden]
	evalJS[bool](t, ctx, fmt.Sprintf(`Object.defineProperty(document, 'hidden', {configurable: true, get: () => %t}); Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => %q}); document.dispatchEvent(new Event('visibilitychange')); true`, hidden, state))
}

// waitJS waits until the script is true on the page.
func waitJS(t *testing.T, ctx context.Context, js, what string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js)); err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s (%s)", what, js)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// notesSpy wraps the page's Notification before its scripts run, keeping
// the title and body of every notification made in window.__notes.
const notesSpy = `(() => {
  const N = window.Notification;
  window.__notes = [];
  if (typeof N !== 'function') return;
  const W = function (title, opts) {
    window.__notes.push({ title, body: (opts && opts.body) || '' });
    return new N(title, opts);
  };
  W.requestPermission = (...a) => N.requestPermission(...a);
  Object.defineProperty(W, 'permission', { get: () => N.permission });
  window.Notification = W;
})();`

// TestBrowserTurnNotification: a player who ticks "Notify me" (the browser
// allowing it) gets one browser notification naming the game when the
// other person's move hands them the turn while the page is in the
// background; none while the page is seen, and none in a game against the
// computer alone.
func TestBrowserTurnNotification(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	ctx := newBrowser(t, 1280, 900)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: notesSpy}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.CallBrowser(ctx, browser.SetPermission, browser.SetPermissionParams{
		Permission: &browser.PermissionDescriptor{Name: "notifications"},
		Setting:    browser.PermissionSettingGranted,
		Origin:     e.http.URL,
	}); err != nil {
		t.Fatal(err)
	}
	notes := func() int { return evalJS[int](t, ctx, `window.__notes.length`) }

	g := e.create(CreateRequest{Game: "toy", Seats: []SeatRequest{{Kind: Human}, {Kind: Human}}})
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+g.Seats[1].Invite), chromedp.WaitVisible(chromedp.CSS(`#status[data-state=waiting]`))); err != nil {
		t.Fatal(err)
	}
	if got := evalJS[string](t, ctx, `document.querySelector('label[for=pref-notify]').textContent`); got != "Notify me when my turn comes (page in the background)" {
		t.Errorf("the setting reads %q", got)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#pref-notify`))); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if !evalJS[bool](t, ctx, `document.querySelector('#pref-notify').checked && Notification.permission === 'granted'`) {
		t.Fatal("the setting did not stay ticked, or the permission is not granted")
	}

	// Seen: the turn comes with no notification.
	if code, _, body := e.act(g.ID, g.Seats[0].Key, 0, "step", 0); code != 200 {
		t.Fatalf("act: %d %v", code, body)
	}
	waitJS(t, ctx, `document.querySelector('#status').dataset.state === 'turn'`, "the turn")
	if n := notes(); n != 0 {
		t.Errorf("%d notifications with the page in sight", n)
	}
	if code, _, body := e.act(g.ID, g.Seats[1].Key, 1, "step", 1); code != 200 {
		t.Fatalf("act: %d %v", code, body)
	}
	waitJS(t, ctx, `document.querySelector('#status').dataset.state === 'waiting'`, "the other's turn")

	// In the background: one notification, naming the game.
	setPageHidden(t, ctx, true)
	if code, _, body := e.act(g.ID, g.Seats[0].Key, 0, "step", 2); code != 200 {
		t.Fatalf("act: %d %v", code, body)
	}
	waitJS(t, ctx, `document.title.startsWith('●')`, "the title's mark")
	time.Sleep(300 * time.Millisecond)
	if n := notes(); n != 1 {
		t.Fatalf("%d notifications, want 1", n)
	}
	if title := evalJS[string](t, ctx, `window.__notes[0].title`); title != "Toy race: your turn" {
		t.Errorf("the notification reads %q", title)
	}
	// Seen again and hidden again on the same turn: no second one.
	setPageHidden(t, ctx, false)
	setPageHidden(t, ctx, true)
	time.Sleep(300 * time.Millisecond)
	if n := notes(); n != 1 {
		t.Errorf("%d notifications after the page was seen, want still 1", n)
	}

	// Against the computer: the turn comes back with no notification.
	c := e.create(CreateRequest{Game: "toy", Seats: []SeatRequest{{Kind: Computer}, {Kind: Human}}})
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+c.Seats[1].Invite), chromedp.WaitVisible(chromedp.CSS(`#status[data-state=turn]`))); err != nil {
		t.Fatal(err)
	}
	v := e.view(c.ID, c.Seats[1].Key)
	setPageHidden(t, ctx, true)
	if code, _, body := e.act(c.ID, c.Seats[1].Key, 1, "step", v.Step); code != 200 {
		t.Fatalf("act: %d %v", code, body)
	}
	waitJS(t, ctx, `document.title.startsWith('●') && Number(document.body.dataset.step) > `+fmt.Sprint(v.Step), "the turn back from the computer")
	time.Sleep(300 * time.Millisecond)
	if n := notes(); n != 0 {
		t.Errorf("%d notifications in a game against the computer", n)
	}
}
