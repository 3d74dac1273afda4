package server

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"durbar/core"
)

// TestBrowserGreatGameMap opens a game of The Great Game as the British
// against a computer Russian: the page draws the map as SVG with a clickable
// element for every square, the stacks as counters (the Russian's face
// down), and a click on a square that an option names plays that option.
func TestBrowserGreatGameMap(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e, g, key, ctx := ggPage(t, 11, 1400, 1000)
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

// ggPage creates a game of scenario 1 (seed given), the British a person
// and the Russian the computer, and opens the British page on a screen of
// the size given (a phone's emulated below 600 px).
func ggPage(t *testing.T, seed uint64, width, height int) (*testEnv, created, string, context.Context) {
	t.Helper()
	e := newEnv(t, testDSN(t, false))
	g := e.create(CreateRequest{Game: "greatgame", Scenario: "1", Seed: &seed, Seats: []SeatRequest{{Kind: Human}, {Kind: Computer}}})
	key := g.Seats[0].Key
	ctx := newBrowser(t, width, height)
	var actions []chromedp.Action[chromedp.Void]
	if width < 600 {
		actions = append(actions, chromedp.EmulateViewport(int64(width), int64(height), chromedp.EmulateMobile))
	}
	actions = append(actions, chromedp.Navigate(e.http.URL+"/g/"+g.ID+"#key="+key), chromedp.WaitVisible(chromedp.CSS(`#board svg.gg-map`)))
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
	return e, g, key, ctx
}

// ggRestless is the British policy of TestBrowserGreatGameForceAndCombat:
// a random option, but three times in four a move when one is offered,
// so that forces wander into fights. It is seeded by the game's seed and
// the step, so the same game is played every time.
func ggRestless(opts []optionView, seed uint64, step int) string {
	rng := core.NewRNG(seed*1000 + uint64(step))
	var moves []string
	for _, o := range opts {
		if strings.HasPrefix(o.ID, "force:") || o.ID == "go" || strings.HasPrefix(o.ID, "to:") && o.ID != "to:base" {
			moves = append(moves, o.ID)
		}
	}
	if len(moves) > 0 && rng.IntN(4) > 0 {
		return moves[rng.IntN(len(moves))]
	}
	return opts[rng.IntN(len(opts))].ID
}

// ggPendingStep is the step the seat's board says it decides.
func ggPendingStep(v View) string {
	b, _ := v.Board.(map[string]any)
	p, _ := b["pending"].(map[string]any)
	s, _ := p["step"].(string)
	return s
}

// clickBoard clicks the board element an option targets, taking the option
// in the chooser when several share it, and waits for the page to show a
// later step.
func clickBoard(t *testing.T, ctx context.Context, target, option string, step int) {
	t.Helper()
	click := fmt.Sprintf(`(() => { const n = document.querySelector('#board [data-target=%q].clickable');
		if (!n) return false; n.dispatchEvent(new MouseEvent('click', {bubbles: true})); return true })()`, target)
	if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](click)); err != nil || !ok {
		screenshot(t, ctx, "greatgame-noclick")
		t.Fatalf("step %d: no clickable %s on the board (%v)", step, target, err)
	}
	time.Sleep(150 * time.Millisecond)
	chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const b = document.querySelector('#chooser:not([hidden]) button[data-option=%q]'); if (b) b.click(); return true })()`, option)))
	waitPageStep(t, ctx, step+1)
}

// TestBrowserGreatGameForceAndCombat plays The Great Game as the British
// against the computer: it moves a force by clicking its square, the set-off
// button and a square the map shows with its cost; plays on (through the
// API, by a seeded policy) until the British attack, chooses the combat table
// on the page, which shows the odds and then the result; and after a reload
// the page shows the same game.
func TestBrowserGreatGameForceAndCombat(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	const seed = 55
	e, g, key, ctx := ggPage(t, seed, 1400, 1000)
	clicked, fought, sawMoves := 0, false, false
	for !fought {
		v := e.waitHuman(g.ID, key)
		if v.Over || v.Step > 4000 {
			t.Fatalf("no British attack by step %d (over: %v)", v.Step, v.Over)
		}
		if moves, _ := v.Board.(map[string]any)["moves"].([]any); !sawMoves && len(moves) > 0 {
			// the computer's moves since the British last decided are drawn
			if err := waitStepShown(ctx, v.Step); err != nil {
				t.Fatal(err)
			}
			n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#board svg.gg-map line.gg-move').length`))
			if n != len(moves) {
				t.Fatalf("step %d: %d moves drawn, the board has %d", v.Step, n, len(moves))
			}
			screenshot(t, ctx, "greatgame-moves")
			sawMoves = true
		}
		opts := v.Decision.Options
		step, name := v.Step, ggPendingStep(v)
		first := func(prefix string) string {
			for _, o := range opts {
				if strings.HasPrefix(o.ID, prefix) && !strings.HasSuffix(o.ID, ":base") {
					return o.ID
				}
			}
			return ""
		}
		switch {
		case clicked == 0 && first("force:") != "":
			// pick the force by its square
			id := first("force:")
			if err := waitStepShown(ctx, step); err != nil {
				t.Fatal(err)
			}
			clickBoard(t, ctx, "sq-"+strings.TrimPrefix(id, "force:"), id, step)
			clicked = 1
		case clicked == 1 && name == "form":
			if err := waitStepShown(ctx, step); err != nil {
				t.Fatal(err)
			}
			clickOption(t, ctx, "go", step)
			clicked = 2
		case clicked == 2 && name == "march" && first("to:") != "":
			id := first("to:")
			if err := waitStepShown(ctx, step); err != nil {
				t.Fatal(err)
			}
			// the squares the force may enter are highlighted with their cost
			costs, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#board svg.gg-map .gg-cost').length`))
			lit, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#board svg.gg-map rect.gg-sq.clickable').length`))
			if costs == 0 || lit < costs {
				screenshot(t, ctx, "greatgame-march")
				t.Fatalf("marching: %d costs written, %d squares lit", costs, lit)
			}
			screenshot(t, ctx, "greatgame-march")
			clickBoard(t, ctx, "sq-"+strings.TrimPrefix(id, "to:"), id, step)
			after := e.view(g.ID, key)
			if after.Step <= step {
				t.Fatalf("the march click played nothing (step %d)", after.Step)
			}
			clicked = 3
		case name == "combat table":
			if err := waitStepShown(ctx, step); err != nil {
				t.Fatal(err)
			}
			prompt, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#board .gg-pending.gg-mine').textContent`))
			if !strings.Contains(prompt, ":") || !strings.Contains(strings.ToLower(prompt), "odds") {
				screenshot(t, ctx, "greatgame-combat")
				t.Fatalf("the combat prompt does not give the odds: %q", prompt)
			}
			screenshot(t, ctx, "greatgame-combat")
			clickOption(t, ctx, "table:battle", step)
			fought = true
		default:
			id := ggRestless(opts, seed, step)
			if code, _, body := e.act(g.ID, key, 0, id, step); code != 200 {
				t.Fatalf("step %d: act %s: %d %v", step, id, code, body)
			}
		}
	}
	if clicked != 3 || !sawMoves {
		t.Fatalf("the force was not moved by clicking (stage %d), or no computer move was drawn (%v)", clicked, sawMoves)
	}
	// The result is in the log the page shows.
	v := e.waitHuman(g.ID, key)
	if err := waitStepShown(ctx, v.Step); err != nil {
		t.Fatal(err)
	}
	step, log := pageState(t, ctx)
	if !strings.Contains(log, "on the battle table") {
		t.Fatalf("the page's log does not show the combat's result:\n%s", log[max(0, len(log)-1500):])
	}
	stacks, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#board svg.gg-map .gg-stack').length`))
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#board svg.gg-map`))); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		s2, err := pageStep(ctx)
		log2 := ""
		if err == nil {
			_, log2 = pageState(t, ctx)
		}
		stacks2, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#board svg.gg-map .gg-stack').length`))
		if s2 == step && log2 == log && stacks2 == stacks {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after a reload: step %d (was %d), %d stacks (was %d), log equal %v", s2, step, stacks2, stacks, log2 == log)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestBrowserGreatGamePhone opens The Great Game on a phone-sized screen:
// the page is no wider than the screen (the map scrolls inside its frame),
// and the options are there to click.
func TestBrowserGreatGamePhone(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	_, _, _, ctx := ggPage(t, 7, 375, 812)
	phoneFits(t, ctx, "greatgame-phone")
	clickMoves(t, ctx, 2)
}

// TestBrowserGreatGameDealForm proposes an agreement to the computer
// through the page's small form: pounds and a region asked for; the
// form is played as the offer's steps, the computer answers, and the log
// the page shows says so.
func TestBrowserGreatGameDealForm(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e, g, key, ctx := ggPage(t, 5, 1400, 1000)
	for {
		v := e.waitHuman(g.ID, key)
		if v.Over || v.Step > 3000 {
			t.Fatal("the British were never offered to propose an agreement")
		}
		has := false
		for _, o := range v.Decision.Options {
			has = has || o.ID == "deal"
		}
		if has {
			if err := waitStepShown(ctx, v.Step); err != nil {
				t.Fatal(err)
			}
			clickOption(t, ctx, "deal", v.Step)
			break
		}
		if code, _, body := e.act(g.ID, key, 0, v.Decision.Options[0].ID, v.Step); code != 200 {
			t.Fatalf("act: %d %v", code, body)
		}
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#board form.gg-deal`))); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "greatgame-deal")
	// an empty offer is refused by the form itself
	before := e.view(g.ID, key).Step
	chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('#board form.gg-deal button[name=propose]').click(); true`))
	time.Sleep(200 * time.Millisecond)
	if msg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#board .gg-deal-msg').textContent`)); msg == "" || e.view(g.ID, key).Step != before {
		t.Fatalf("an empty offer: message %q, step %d (was %d)", msg, e.view(g.ID, key).Step, before)
	}
	fill := `(() => { const f = document.querySelector('#board form.gg-deal');
		f.elements.ask.value = '7';
		const want = f.querySelector('input[name=want]'); if (want) want.checked = true;
		f.querySelector('button[name=propose]').click(); return want ? want.value : '' })()`
	wanted, err := chromedp.Run(ctx, chromedp.Evaluate[string](fill))
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		v := e.view(g.ID, key)
		log := strings.Join(v.Log, "\n")
		if i := strings.Index(log, "British propose an agreement (23.0)"); i >= 0 && (strings.Contains(log[i:], "Russian accept") || strings.Contains(log[i:], "Russian refuse")) {
			line := log[i:]
			line = line[:strings.IndexByte(line+"\n", '\n')]
			if !strings.Contains(line, "the Russian give 7 pounds") || wanted != "" && !strings.Contains(strings.ToLower(line), strings.ReplaceAll(wanted, "-", " ")) {
				t.Fatalf("the offer proposed is %q (asked for %q)", line, wanted)
			}
			break
		}
		if time.Now().After(deadline) {
			screenshot(t, ctx, "greatgame-deal-stuck")
			t.Fatalf("no answer to the offer in the log:\n%s", log[max(0, len(log)-800):])
		}
		time.Sleep(100 * time.Millisecond)
	}
}
