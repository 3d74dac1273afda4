package server

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserGandhiDesktopAtAGlance: on a 1280×800 screen a Gandhi player
// deciding sees the map, the prompt, the current card and the victory
// margins without scrolling.
func TestBrowserGandhiDesktopAtAGlance(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	g, seat := gandhiCongressGame(e)
	ctx := newBrowser(t, 1280, 800)
	if err := chromedp.Do(ctx,
		chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(e.http.URL+g.Seats[seat].Invite),
		chromedp.WaitVisible(chromedp.CSS(`#board svg.gd-map`)),
	); err != nil {
		t.Fatal(err)
	}
	if err := waitOptions(ctx); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "gandhi-desktop")
	// Each element's box must lie in the viewport (the prompt: its head and
	// first option at least, for a long list scrolls in the panel).
	got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`(() => {
		const out = { scrollY: String(window.scrollY) };
		const inView = (sel) => {
			const el = document.querySelector(sel);
			if (!el) return 'missing';
			const r = el.getBoundingClientRect();
			const ok = r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
			return ok ? 'ok' : JSON.stringify([r.left, r.top, r.right, r.bottom]);
		};
		for (const sel of ['#board svg.gd-map', '.gd-current', '.gd-margins', '#prompt .prompt-head', '#options button[data-option]']) out[sel] = inView(sel);
		return out;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	for sel, v := range got {
		if sel == "scrollY" {
			if v != "0" {
				t.Errorf("scrollY = %s, want 0", v)
			}
			continue
		}
		if v != "ok" {
			t.Errorf("%s is not within the 1280×800 viewport: %s", sel, v)
		}
	}
}
