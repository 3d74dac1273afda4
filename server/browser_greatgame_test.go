package server

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserGreatGameMap opens a game of The Great Game as the British
// against a computer Russian: the page draws the map as SVG with a clickable
// element for every square, the stacks as counters (the Russian's face
// down), and a click on a square that an option names plays that option.
func TestBrowserGreatGameMap(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	seed := uint64(11)
	g := e.create(CreateRequest{Game: "greatgame", Scenario: "1", Seed: &seed, Seats: []SeatRequest{{Kind: Human}, {Kind: Computer}}})
	key := g.Seats[0].Key
	ctx := newBrowser(t, 1400, 1000)
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+"/g/"+g.ID+"#key="+key), chromedp.WaitVisible(chromedp.CSS(`#board svg.gg-map`))); err != nil {
		t.Fatal(err)
	}
	// Play until the British decide with an option on a map square.
	for tries := 0; ; tries++ {
		v := e.waitHuman(g.ID, key)
		if v.Over {
			t.Fatal("the game ended before the British had a square to pick")
		}
		var square string
		for _, o := range v.Decision.Options {
			if strings.HasPrefix(o.Target, "sq-") {
				square = o.Target
				break
			}
		}
		if err := waitStepShown(ctx, v.Step); err != nil {
			screenshot(t, ctx, "greatgame-stuck")
			t.Fatal(err)
		}
		if square == "" {
			if tries > 200 {
				t.Fatal("no decision of the British names a square")
			}
			if code, _, body := e.act(g.ID, key, 0, v.Decision.Options[0].ID, v.Step); code != 200 {
				t.Fatalf("act: %d %v", code, body)
			}
			continue
		}
		counts, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[
			document.querySelectorAll('#board svg.gg-map rect.gg-sq[data-target^="sq-"]').length,
			document.querySelectorAll('#board svg.gg-map .gg-stack').length,
			document.querySelectorAll('#board svg.gg-map rect.gg-sq.clickable').length,
			document.querySelectorAll('#board svg.gg-map .gg-city').length]`))
		if err != nil {
			t.Fatal(err)
		}
		screenshot(t, ctx, "greatgame-map")
		if counts[0] != 39*38 || counts[1] == 0 || counts[2] == 0 || counts[3] == 0 {
			t.Fatalf("the map draws %d squares, %d stacks, %d clickable squares, %d cities", counts[0], counts[1], counts[2], counts[3])
		}
		// Click the square; a square several options name opens the chooser.
		click := fmt.Sprintf(`(() => { const n = document.querySelector('#board svg.gg-map rect.gg-sq[data-target=%q]');
			if (!n || !n.classList.contains('clickable')) return false;
			n.dispatchEvent(new MouseEvent('click', {bubbles: true})); return true })()`, square)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](click))
		if err != nil || !ok {
			t.Fatalf("clicking %s: %v (clickable: %v)", square, err, ok)
		}
		time.Sleep(200 * time.Millisecond)
		chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const b = document.querySelector('#chooser:not([hidden]) button[data-option]'); if (b) b.click(); return true })()`))
		deadline := time.Now().Add(20 * time.Second)
		for {
			after := e.view(g.ID, key)
			if after.Step > v.Step {
				// The option played is one that names the square clicked.
				rec, err := e.store.Load(context.Background(), g.ID)
				if err != nil {
					t.Fatal(err)
				}
				played := rec.Log[v.Step]
				ok := false
				for _, o := range v.Decision.Options {
					ok = ok || o.ID == played && o.Target == square
				}
				if !ok {
					t.Fatalf("clicking %s played %q", square, played)
				}
				break
			}
			if time.Now().After(deadline) {
				screenshot(t, ctx, "greatgame-click")
				t.Fatalf("clicking %s played nothing (step %d)", square, after.Step)
			}
			time.Sleep(50 * time.Millisecond)
		}
		// The Russian's stacks are face down for the British.
		hidden, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#board svg.gg-map .gg-stack rect[fill="url(#gg-hatch)"]').length`))
		if hidden == 0 {
			t.Fatal("no stack is drawn face down for the British")
		}
		t.Logf("clicked %s after %d other decisions; %d face-down counters drawn", square, tries, hidden)
		return
	}
}

// waitStepShown waits until the page has drawn a step.
func waitStepShown(ctx context.Context, step int) error {
	deadline := time.Now().Add(20 * time.Second)
	for {
		if s, err := pageStep(ctx); err == nil && s == step {
			return nil
		}
		if time.Now().After(deadline) {
			s, _ := pageStep(ctx)
			return fmt.Errorf("the page shows step %d, the server is at %d", s, step)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
