package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// rajasPlayUntil plays a seeded two-player Rajas game (a person against the
// heuristic bot) through the API, taking the options pick prefers and never
// a Karma one, until the person has an option found; it returns the view and
// that option.
func rajasPlayUntil(t *testing.T, e *testEnv, seed uint64, found func(optionView) bool, pick func([]optionView) string) (View, optionView, created) {
	t.Helper()
	g := e.create(CreateRequest{Game: "rajas", Seed: &seed, Seats: []SeatRequest{{Kind: Human}, {Kind: Computer, Bot: "bot"}}})
	key := g.Seats[0].Key
	for range 300 {
		v := e.waitHuman(g.ID, key)
		if v.Over {
			break
		}
		for _, o := range v.Decision.Options {
			if found(o) {
				return v, o, g
			}
		}
		id := pick(v.Decision.Options)
		if code, _, body := e.act(g.ID, key, 0, id, v.Step); code != 200 {
			t.Fatalf("act %s: %d %v", id, code, body)
		}
	}
	t.Fatal("no decision offered the option looked for")
	return View{}, optionView{}, g
}

// rajasKarmaPage plays until the person may turn a die over with Karma.
func rajasKarmaPage(t *testing.T, e *testEnv) (View, optionView, created) {
	return rajasPlayUntil(t, e, 5,
		func(o optionView) bool { return strings.HasPrefix(o.ID, "karma:") && o.Target != "" },
		func(opts []optionView) string { return opts[len(opts)-1].ID })
}

// openDecision opens an invitation in a 1280×900 browser and waits until
// the page shows step and its options.
func openDecision(t *testing.T, e *testEnv, invite string, step int) context.Context {
	t.Helper()
	ctx := newBrowser(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+invite)); err != nil {
		t.Fatal(err)
	}
	waitPageStep(t, ctx, step)
	if err := waitOptions(ctx); err != nil {
		t.Fatal(err)
	}
	return ctx
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
	ctx := openDecision(t, e, g.Seats[0].Invite, v.Step)
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
	waitPageStep(t, ctx, v.Step+1)
	if now := e.view(g.ID, ""); now.Step <= v.Step {
		t.Fatalf("the chooser's Karma button played nothing (step %d)", now.Step)
	}
}

// TestBrowserRajasTargetsOutlined: when the person places a tile, every cell
// an option names is marked clickable and framed on the board, and so is
// every target of the decision.
func TestBrowserRajasTargetsOutlined(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	// Go to the quarry whenever possible, take a tile, and stop where it is
	// to be placed.
	v, _, g := rajasPlayUntil(t, e, 5,
		func(o optionView) bool { return strings.HasPrefix(o.ID, "place:") },
		func(opts []optionView) string {
			for _, prefer := range []string{"quarry:", "tile:", "die:"} {
				for _, o := range opts {
					if strings.HasPrefix(o.ID, prefer) {
						return o.ID
					}
				}
			}
			for _, o := range opts {
				if !strings.HasPrefix(o.ID, "karma:") {
					return o.ID
				}
			}
			return opts[0].ID
		})
	ctx := openDecision(t, e, g.Seats[0].Invite, v.Step)
	screenshot(t, ctx, "rajas-outlined")
	cells := 0
	for _, o := range v.Decision.Options {
		if o.Target == "" {
			continue
		}
		if strings.HasPrefix(o.ID, "place:") {
			cells++
		}
		framed, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
			const n = document.querySelector('#board [data-target="`+o.Target+`"]');
			if (!n) return 'missing';
			if (!n.classList.contains('clickable')) return 'not clickable';
			const r = n.querySelector('rect.rajas-hl');
			if (!r) return 'no frame';
			const b = r.getBoundingClientRect();
			return b.width > 10 && b.height > 10 ? 'ok' : 'frame ' + b.width + 'x' + b.height;
		})()`))
		if err != nil || framed != "ok" {
			screenshot(t, ctx, "rajas-outlined")
			t.Fatalf("option %s: its target %s on the board: %s %v", o.ID, o.Target, framed, err)
		}
	}
	if cells == 0 {
		t.Fatal("the decision places no tile on a cell")
	}
	// Nothing else is framed.
	extra, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#board .rajas-hl').length`))
	targets := map[string]bool{}
	for _, o := range v.Decision.Options {
		if o.Target != "" {
			targets[o.Target] = true
		}
	}
	if extra != len(targets) {
		t.Fatalf("%d frames on the board for %d targets", extra, len(targets))
	}
}

// TestBrowserReplayButtonsStay: in a replay the First, Previous, Next and
// Last buttons stay where they are while the text about the step changes
// height, so that clicking Next again and again never misses; the turn
// buttons jump to the steps where the server says turns start.
func TestBrowserReplayButtonsStay(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	seed := uint64(3)
	g := e.create(CreateRequest{Game: "rajas", Seed: &seed, Seats: []SeatRequest{{Kind: Computer, Bot: "random"}, {Kind: Computer, Bot: "random"}}})
	if final := e.waitHuman(g.ID, ""); !final.Over {
		t.Fatal("the computer game did not end")
	}
	ctx := newBrowser(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+"/g/"+g.ID+"/replay?step=0"), chromedp.WaitVisible(chromedp.CSS(`#board svg`))); err != nil {
		t.Fatal(err)
	}
	waitPageStep(t, ctx, 0)
	boxes := func() string {
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`['first', 'prev', 'next', 'last'].map((id) => { const r = document.getElementById(id).getBoundingClientRect(); return [id, r.x, r.y, r.width, r.height].join(' ') }).join('; ')`))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	textHeight := func() int {
		h, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`(() => { const d = document.getElementById('replay-decision'); return d.hidden ? 0 : Math.round(d.getBoundingClientRect().height) })()`))
		return h
	}
	want := boxes()
	heights := map[int]bool{textHeight(): true}
	for i := 1; i <= 12; i++ {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#next`))); err != nil {
			t.Fatal(err)
		}
		waitPageStep(t, ctx, i)
		time.Sleep(50 * time.Millisecond)
		heights[textHeight()] = true
		if got := boxes(); got != want {
			screenshot(t, ctx, "replay-buttons")
			t.Fatalf("after %d clicks on Next the buttons are at %s, were at %s", i, got, want)
		}
	}
	if len(heights) < 2 {
		t.Logf("the step's text kept one height (%v): the test proved less than it could", heights)
	}

	// Jumps by turn: the server lists where each turn starts, and the
	// chapter buttons go there, forth and back.
	var rv View
	if code, body := e.call("GET", "/api/games/"+g.ID+"/replay?step=0", "", nil, &rv); code != 200 {
		t.Fatalf("replay: %d %s", code, body)
	}
	if rv.Replay.Chapter != "turn" || len(rv.Replay.Chapters) < 3 {
		t.Fatalf("the replay's chapters: %q %v", rv.Replay.Chapter, rv.Replay.Chapters)
	}
	marks := rv.Replay.Chapters
	for i := 1; i < len(marks); i++ {
		if marks[i] <= marks[i-1] || marks[i] > rv.Replay.Total {
			t.Fatalf("chapter starts out of order: %v", marks)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#first`))); err != nil {
		t.Fatal(err)
	}
	waitAt := func(want int) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			if s, err := pageStep(ctx); err == nil && s == want {
				return
			}
			if time.Now().After(deadline) {
				s, _ := pageStep(ctx)
				t.Fatalf("the replay shows step %d, want %d", s, want)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	waitAt(0)
	label, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const b = document.getElementById('next-chapter'); return b && b.offsetParent ? b.getAttribute('aria-label') : '' })()`))
	if label != "Next turn" {
		t.Fatalf("the next-chapter button reads %q", label)
	}
	for _, m := range marks[:3] {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#next-chapter`))); err != nil {
			t.Fatal(err)
		}
		waitAt(m)
	}
	if got := boxes(); got != want {
		t.Fatalf("after the jumps the buttons are at %s, were at %s", got, want)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#prev-chapter`))); err != nil {
		t.Fatal(err)
	}
	waitAt(marks[1])
}
