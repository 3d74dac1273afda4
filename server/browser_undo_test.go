package server

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserGandhiUndoReason: in Gandhi, once the action that ended a card
// has turned up the next one, the page of the player who took it shows a
// grey Undo button saying why, in its tooltip and in a few words beside it,
// in the page's language.
func TestBrowserGandhiUndoReason(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	g := e.create(CreateRequest{Game: "gandhi", Scenario: "short", Seats: []SeatRequest{{Kind: Human}, {Kind: Human}, {Kind: Human}, {Kind: Human}}})
	all := allKeys(g)
	up := gandhiUpcoming(t, e.view(g.ID, all))
	seat := -1
	for range 500 {
		v := e.view(g.ID, all)
		d := v.Decision
		if d == nil {
			t.Fatalf("no decision at step %d", v.Step)
		}
		pick := passOrFirst(d)
		if code, _, eb := e.act(g.ID, all, d.Seat, pick, v.Step); code != 200 {
			t.Fatalf("%s: %d %v", pick, code, eb)
		}
		if gandhiUpcoming(t, e.view(g.ID, all)) != up {
			seat = d.Seat
			break
		}
	}
	if seat < 0 {
		t.Fatal("no card was turned up")
	}
	ctx := newBrowser(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+g.Seats[seat].Invite), chromedp.WaitVisible(chromedp.CSS(`#board svg`))); err != nil {
		t.Fatal(err)
	}
	shows := func(title, short string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
				const b = document.querySelector('#undo'), w = document.querySelector('#undo-why');
				if (!b || b.hidden || !b.disabled || !w || w.hidden || !w.getBoundingClientRect().width) return '';
				return b.title + '|' + w.textContent;
			})()`))
			if got == title+"|"+short {
				return
			}
			if time.Now().After(deadline) {
				screenshot(t, ctx, "gandhi-undo-reason")
				t.Fatalf("the grey Undo button and its words read %q, want %q", got, title+"|"+short)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	shows("Undo is not possible: a card was revealed since your last action.", "No undo: a card was revealed")
	setLang := func(lang string) {
		if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS(`#lang`), lang)); err != nil {
			t.Fatal(err)
		}
		chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('#lang').dispatchEvent(new Event('change', {bubbles: true}))`))
	}
	for _, c := range []struct{ lang, title, short string }{
		{"es", "No se puede deshacer: desde tu última acción, ", "No se puede deshacer: "},
		{"it", "Impossibile annullare: dopo la tua ultima azione, ", "Impossibile annullare: "},
	} {
		setLang(c.lang)
		var got string
		deadline := time.Now().Add(10 * time.Second)
		for {
			got, _ = chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#undo').title + '|' + document.querySelector('#undo-why').textContent`))
			title, short, _ := strings.Cut(got, "|")
			// The game's words for what was revealed come translated too.
			if strings.HasPrefix(title, c.title) && strings.HasPrefix(short, c.short) && !strings.Contains(got, "a card was revealed") && len(short) > len(c.short) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("in %s the Undo button and its words read %q", c.lang, got)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
}
