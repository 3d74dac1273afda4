package server

import (
	"strings"
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

// TestBrowserLogPanel: the log panel heads each Gandhi card, folds the
// Non-Player's [Arjuna] reasoning away until asked for, and filters.
func TestBrowserLogPanel(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e, g, seat, key, ctx := gandhiCongressPage(t, 1280, 800)
	shown := `[...document.querySelectorAll('#log li.log-line')].filter((li) => li.getClientRects().length > 0).length`
	// Play until the computer has reasoned and a second card has begun.
	for range 40 {
		if evalJS[int](t, ctx, `document.querySelectorAll('#log li.log-head').length`) >= 2 && evalJS[int](t, ctx, `document.querySelectorAll('#log li.log-why').length`) > 0 {
			break
		}
		v := e.waitHuman(g.ID, key)
		if v.Over {
			t.Fatal("the game ended")
		}
		e.getOn(g.ID, key, seat, v)
		waitPageStep(t, ctx, e.waitHuman(g.ID, key).Step)
	}
	screenshot(t, ctx, "log-panel")
	heads, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#log li.log-head')].map((li) => li.textContent)`))
	if len(heads) < 2 || !strings.HasPrefix(heads[0], "Card ") {
		t.Fatalf("the log's headings are %q, want one per card", heads)
	}
	whys := evalJS[int](t, ctx, `document.querySelectorAll('#log li.log-why').length`)
	if whys == 0 {
		t.Fatal("no [Arjuna] line in the log")
	}
	if n := evalJS[int](t, ctx, `[...document.querySelectorAll('#log li.log-why')].filter((li) => li.getClientRects().length > 0).length`); n != 0 {
		t.Fatalf("%d [Arjuna] lines shown before the toggle", n)
	}
	before := evalJS[int](t, ctx, shown)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#log-reasons`))); err != nil {
		t.Fatal(err)
	}
	if n := evalJS[int](t, ctx, shown); n != before+whys {
		t.Fatalf("after the toggle %d lines are shown, want %d", n, before+whys)
	}
	// The filter keeps only the entries holding its text.
	first, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#log li.log-line:not(.log-why)').dataset.text`))
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(`#log-filter`), first)); err != nil {
		t.Fatal(err)
	}
	if n := evalJS[int](t, ctx, shown); n < 1 || n >= before+whys {
		t.Fatalf("filtering on %q shows %d of %d lines", first, n, before+whys)
	}
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(`#log-filter`), "zzqx no such text")); err != nil {
		t.Fatal(err)
	}
	if n := evalJS[int](t, ctx, shown); n != 0 || evalJS[int](t, ctx, `document.querySelector('#log-none').hidden ? 0 : 1`) != 1 {
		t.Fatalf("a filter matching nothing shows %d lines and no word of it", n)
	}
}

// TestBrowserChangedSpaces: after the computer's moves the Gandhi spaces
// they changed are outlined, until the player's next decision.
func TestBrowserChangedSpaces(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e, g, _, key, ctx := gandhiCongressPage(t, 1280, 800)
	changed := func() []string {
		ids, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#board [data-target].changed')].map((n) => n.getAttribute('data-target'))`))
		return ids
	}
	v := e.waitHuman(g.ID, key)
	waitPageStep(t, ctx, v.Step)
	if err := waitOptions(ctx); err != nil {
		t.Fatal(err)
	}
	if ids := changed(); len(ids) != 0 {
		t.Fatalf("a fresh page outlines %q", ids)
	}
	// click plays an option on the page and waits for the page to show
	// the server's next human decision. The page sends the action on its
	// own time, so the server's view is read only once the page has moved
	// past the step clicked: read earlier, it may still be that step's.
	click := func(id string, step int) View {
		t.Helper()
		clickOption(t, ctx, id, step)
		w := e.waitHuman(g.ID, key)
		waitPageStep(t, ctx, w.Step)
		if err := waitOptions(ctx); err != nil {
			t.Fatal(err)
		}
		return w
	}
	sawChange, sawClear := false, false
	for range 30 {
		if v.Over || (sawChange && sawClear) {
			break
		}
		// Prefer an option that keeps the decision with the player (an
		// Operation), so that the page shows the board right after it.
		id := v.Decision.Options[0].ID
		for _, o := range v.Decision.Options {
			if o.ID != "pass" && o.ID != "" {
				id = o.ID
				break
			}
		}
		before := v.Step
		v = click(id, before)
		ids := changed()
		if v.Step == before+1 {
			// The player's own decision, no computer move since: nothing
			// outlined.
			if len(ids) != 0 {
				t.Fatalf("after the player's own action %s the page outlines %q", id, ids)
			}
			if sawChange {
				sawClear = true
			}
			continue
		}
		if len(ids) > 0 {
			sawChange = true
			screenshot(t, ctx, "changed-spaces")
			note, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#changed-note').hidden ? '' : document.querySelector('#changed-note').textContent`))
			if note == "" {
				t.Fatal("spaces are outlined with no word of what the outline means")
			}
			// Only spaces, and not all of them.
			spaces, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#board .gd-space').length`))
			odd, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#board [data-target].changed:not(.gd-space)').length`))
			if odd != 0 || len(ids) >= spaces {
				t.Fatalf("outlined %q: %d of them not spaces, of %d spaces", ids, odd, spaces)
			}
		}
	}
	if !sawChange || !sawClear {
		t.Fatalf("outlined after computer moves: %v; cleared by the player's next action: %v", sawChange, sawClear)
	}
}
