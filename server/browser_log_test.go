package server

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserLogReasonsFold: a Gandhi game against Non-Players; their
// [Arjuna] reasoning is folded under the move it explains, one move's
// button opens just its group (by mouse and by keyboard), a filter match
// inside a folded group shows, and "show all" shows every group.
func TestBrowserLogReasonsFold(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e, g, seat, key, ctx := gandhiCongressPage(t, 1280, 800)
	// Play on until at least two moves carry reasons.
	for range 60 {
		if evalJS[int](t, ctx, `document.querySelectorAll('#log .why-toggle').length`) >= 2 {
			break
		}
		v := e.waitHuman(g.ID, key)
		if v.Over {
			t.Fatal("the game ended")
		}
		e.getOn(g.ID, key, seat, v)
		waitPageStep(t, ctx, e.waitHuman(g.ID, key).Step)
	}
	toggles := evalJS[int](t, ctx, `document.querySelectorAll('#log .why-toggle').length`)
	if toggles < 2 {
		t.Fatalf("%d moves with reasons, want 2 or more", toggles)
	}
	// Helpers in the page: the reasons shown, and the group of the first
	// toggle (the reasons set under its move line).
	const visibleWhys = `[...document.querySelectorAll('#log li.log-why')].filter((li) => li.getClientRects().length > 0)`
	const group = `(() => { const out = []; let n = document.querySelector('#log .why-toggle').closest('li').nextElementSibling;
		while (n && n.classList.contains('log-why')) { out.push(n); n = n.nextElementSibling } return out })()`
	whys := evalJS[int](t, ctx, `document.querySelectorAll('#log li.log-why').length`)
	if n := evalJS[int](t, ctx, visibleWhys+`.length`); n != 0 {
		t.Fatalf("%d reasons shown before any is asked for", n)
	}
	// Every reason sits under a move line that has a toggle, and the
	// toggle counts them.
	if bad := evalJS[string](t, ctx, `[...document.querySelectorAll('#log .why-toggle')].map((b) => {
			const li = b.closest('li'); let n = li.nextElementSibling, k = 0;
			while (n && n.classList.contains('log-why')) { k++; n = n.nextElementSibling }
			return k > 0 && b.textContent.includes('(' + k + ')') && b.getAttribute('aria-expanded') === 'false' && !li.classList.contains('log-why') ? '' : li.dataset.text + ' / ' + b.textContent + ' / ' + k
		}).filter(Boolean).join('; ')`); bad != "" {
		t.Fatalf("toggles and their groups disagree: %s", bad)
	}
	size := evalJS[int](t, ctx, group+`.length`)

	// One move's toggle opens its group only.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#log .why-toggle`))); err != nil {
		t.Fatal(err)
	}
	if s := evalJS[string](t, ctx, `document.querySelector('#log .why-toggle').getAttribute('aria-expanded')`); s != "true" {
		t.Fatalf("aria-expanded %q after opening", s)
	}
	if n := evalJS[int](t, ctx, visibleWhys+`.length`); n != size {
		t.Fatalf("%d reasons shown after opening one move's %d", n, size)
	}
	if n := evalJS[int](t, ctx, `(() => { const g = `+group+`; return `+visibleWhys+`.filter((li) => !g.includes(li)).length })()`); n != 0 {
		t.Fatalf("%d reasons of other moves shown", n)
	}
	// The keyboard closes it again.
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(`#log .why-toggle`)), chromedp.KeyEvent("\r")); err != nil {
		t.Fatal(err)
	}
	if n := evalJS[int](t, ctx, visibleWhys+`.length`); n != 0 {
		t.Fatalf("%d reasons shown after closing with the keyboard", n)
	}

	// A filter on a folded reason's text shows that reason.
	last := evalJS[string](t, ctx, `[...document.querySelectorAll('#log li.log-why')].pop().dataset.text`)
	words := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(last), "[Arjuna]"))
	if len(words) > 30 {
		words = words[:30]
	}
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(`#log-filter`), words)); err != nil {
		t.Fatal(err)
	}
	if n := evalJS[int](t, ctx, `[...document.querySelectorAll('#log li.log-why')].pop().getClientRects().length`); n == 0 {
		t.Fatalf("the folded reason %q is hidden under the filter %q", last, words)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const f = document.querySelector('#log-filter'); f.value = ''; f.dispatchEvent(new Event('input')); return true })()`)); err != nil {
		t.Fatal(err)
	}
	if n := evalJS[int](t, ctx, visibleWhys+`.length`); n != 0 {
		t.Fatalf("%d reasons shown after the filter is cleared", n)
	}

	// "Show all" shows every group.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#log-reasons`))); err != nil {
		t.Fatal(err)
	}
	if n := evalJS[int](t, ctx, visibleWhys+`.length`); n != whys {
		t.Fatalf("show all: %d of %d reasons shown", n, whys)
	}
	if n := evalJS[int](t, ctx, `[...document.querySelectorAll('#log .why-toggle')].filter((b) => b.getClientRects().length).length`); n != 0 {
		t.Fatalf("show all: %d moves still offer their own toggle, which has nothing left to open", n)
	}
	screenshot(t, ctx, "log-reasons")
}
