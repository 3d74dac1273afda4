package server

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// The phone tests open a game on a 390×844 screen with touch: the map comes
// first and the prompt is a drawer over its foot, both on the screen; the
// map zooms by its buttons and by a pinch, a drag moves it without playing
// anything, and a tap on a space still plays it.

// phoneBrowser is a browser with a 390×844 touch screen.
func phoneBrowser(t *testing.T) context.Context {
	t.Helper()
	ctx := newBrowser(t, 390, 844)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// touch sends one touch event; points are x, y pairs (none for the end).
func touch(ctx context.Context, typ input.DispatchTouchEventType, points ...float64) error {
	var pts []*input.TouchPoint
	for i := 0; i+1 < len(points); i += 2 {
		id := float64(i / 2)
		pts = append(pts, &input.TouchPoint{X: points[i], Y: points[i+1], ID: &id})
	}
	if pts == nil {
		pts = []*input.TouchPoint{}
	}
	_, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts})
	return err
}

// gesture moves fingers from their first places to their last in steps:
// from and to hold x, y pairs, one pair a finger.
func gesture(t *testing.T, ctx context.Context, from, to []float64) {
	t.Helper()
	if err := touch(ctx, input.DispatchTouchEventTypeTouchStart, from...); err != nil {
		t.Fatal(err)
	}
	const steps = 8
	for k := 1; k <= steps; k++ {
		at := make([]float64, len(from))
		for i := range from {
			at[i] = from[i] + (to[i]-from[i])*float64(k)/steps
		}
		if err := touch(ctx, input.DispatchTouchEventTypeTouchMove, at...); err != nil {
			t.Fatal(err)
		}
		time.Sleep(15 * time.Millisecond)
	}
	if err := touch(ctx, input.DispatchTouchEventTypeTouchEnd); err != nil {
		t.Fatal(err)
	}
}

// mapScale reads the first map's zoom (its frame's data-scale).
func mapScale(t *testing.T, ctx context.Context) float64 {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('#board .map-zoom') || {dataset: {}}).dataset.scale || ''`))
	if err != nil {
		t.Fatal(err)
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("the map has no zoom frame (data-scale %q)", s)
	}
	return f
}

// mapBox is where the first map's frame is, and its centre.
func mapBox(t *testing.T, ctx context.Context) []float64 {
	t.Helper()
	r, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => { const r = document.querySelector('#board .map-zoom').getBoundingClientRect();
		return [r.left, r.top, r.right, r.bottom, (r.left + r.right) / 2, (r.top + r.bottom) / 2] })()`))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// phoneAtAGlance checks that the map and the prompt (its head and first
// option) are both within the screen as the page opens, and that the page
// is no wider than the screen.
func phoneAtAGlance(t *testing.T, ctx context.Context, mapSel string) {
	t.Helper()
	if err := waitOptions(ctx); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // the drawer's height settles
	got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](fmt.Sprintf(`(() => {
		const out = { scrollY: String(window.scrollY), width: String(document.documentElement.scrollWidth) };
		const inView = (sel) => {
			const el = document.querySelector(sel);
			if (!el) return 'missing';
			const r = el.getBoundingClientRect();
			const ok = r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
			return ok ? 'ok' : JSON.stringify([r.left, r.top, r.right, r.bottom, innerWidth, innerHeight]);
		};
		for (const sel of ['#board .map-zoom', %q, '#prompt .prompt-head', '#options button[data-option]', '#drawer']) out[sel] = inView(sel);
		return out;
	})()`, "#board .map-zoom "+mapSel)))
	if err != nil {
		t.Fatal(err)
	}
	for sel, v := range got {
		switch sel {
		case "scrollY":
			if v != "0" {
				t.Errorf("scrollY = %s, want 0", v)
			}
		case "width":
			if n, _ := strconv.Atoi(v); n > 390 {
				t.Errorf("the page is %spx wide on a 390px screen", v)
			}
		default:
			if v != "ok" {
				t.Errorf("%s is not within the 390×844 screen: %s", sel, v)
			}
		}
	}
	// The map comes before the prompt, which lies over the map's foot at
	// most: the map's top half is clear of it.
	if over, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const m = document.querySelector('#board .map-zoom').getBoundingClientRect();
		return document.querySelector('#drawer').getBoundingClientRect().top < (m.top + m.bottom) / 2 })()`)); over {
		t.Error("the prompt's drawer covers more than the map's foot")
	}
}

// zoomButtons: + zooms the map in, − out, the reset button back to the
// whole map.
func zoomButtons(t *testing.T, ctx context.Context) {
	t.Helper()
	if s := mapScale(t, ctx); s != 1 {
		t.Fatalf("the map opens at scale %v", s)
	}
	tap := func(sel string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#board .map-zoom `+sel))); err != nil {
			t.Fatal(err)
		}
	}
	tap(".zoom-in")
	tap(".zoom-in")
	if s := mapScale(t, ctx); s < 2 {
		t.Fatalf("after + twice the map's scale is %v", s)
	}
	tap(".zoom-out")
	if s := mapScale(t, ctx); s < 1.4 || s > 1.6 {
		t.Fatalf("after + twice and − once the map's scale is %v", s)
	}
	tap(".zoom-reset")
	if s := mapScale(t, ctx); s != 1 {
		t.Fatalf("after the reset the map's scale is %v", s)
	}
}

// pinch spreads two fingers on the map's centre: the map zooms in.
func pinch(t *testing.T, ctx context.Context) {
	t.Helper()
	b := mapBox(t, ctx)
	cx, cy := b[4], b[5]
	gesture(t, ctx, []float64{cx - 20, cy - 10, cx + 20, cy + 10}, []float64{cx - 90, cy - 45, cx + 90, cy + 45})
	if s := mapScale(t, ctx); s < 2 {
		t.Fatalf("after a pinch spreading the fingers to 4.5 times their distance the map's scale is %v", s)
	}
	// and back: fingers closing bring it down
	gesture(t, ctx, []float64{cx - 90, cy - 45, cx + 90, cy + 45}, []float64{cx - 10, cy - 5, cx + 10, cy + 5})
	if s := mapScale(t, ctx); s != 1 {
		t.Fatalf("after a pinch closing the fingers the map's scale is %v", s)
	}
}

// mapTransform is the zoomed map's CSS transform.
func mapTransform(ctx context.Context) string {
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#board .map-zoom-inner').style.transform`))
	return s
}

// clickableSpot finds a clickable board element whose centre is not
// covered (a tap there reaches it), and returns its target and centre.
func clickableSpot(t *testing.T, ctx context.Context, sel string) (string, float64, float64) {
	t.Helper()
	js := fmt.Sprintf(`(() => { for (const n of document.querySelectorAll(%q)) {
		const r = n.getBoundingClientRect(); const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
		const hit = document.elementFromPoint(x, y);
		if (hit && hit.closest('[data-target]') === n) return [n.getAttribute('data-target'), String(x), String(y)];
	} return [] })()`, sel)
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](js))
	if err != nil || len(got) != 3 {
		screenshot(t, ctx, "phone-no-spot")
		t.Fatalf("no uncovered clickable %s on the map (%v)", sel, err)
	}
	x, _ := strconv.ParseFloat(got[1], 64)
	y, _ := strconv.ParseFloat(got[2], 64)
	return got[0], x, y
}

// TestBrowserGandhiPhone: Gandhi on a 390×844 touch screen. The map and the
// prompt are on the screen together; the map zooms by its buttons and by a
// pinch; a drag that starts on a space offered moves the map and plays
// nothing; a tap on the space plays it.
func TestBrowserGandhiPhone(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	g, seat := gandhiCongressGame(e)
	key := g.Seats[seat].Key
	ctx := phoneBrowser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+g.Seats[seat].Invite), chromedp.WaitVisible(chromedp.CSS(`#board svg.gd-map`))); err != nil {
		t.Fatal(err)
	}
	phoneAtAGlance(t, ctx, "svg.gd-map")
	screenshot(t, ctx, "gandhi-phone-glance")
	zoomButtons(t, ctx)
	pinch(t, ctx)

	// Play on through the API until Congress chooses among spaces (a
	// Rally's), then draw that decision.
	var v View
	for range 60 {
		v = e.waitHuman(g.ID, key)
		if v.Over {
			t.Fatal("the game ended before Congress chose a space")
		}
		spaces, rally := 0, ""
		for _, o := range v.Decision.Options {
			if o.Target != "" {
				spaces++
			}
			if strings.HasSuffix(o.ID, "congress-rally") {
				rally = o.ID
			}
		}
		if spaces > 0 {
			break
		}
		if rally != "" {
			if code, _, body := e.act(g.ID, key, seat, rally, v.Step); code != 200 {
				t.Fatalf("act %s: %d %v", rally, code, body)
			}
			continue
		}
		e.getOn(g.ID, key, seat, v)
	}
	waitPageStep(t, ctx, v.Step)
	if err := waitOptions(ctx); err != nil {
		t.Fatal(err)
	}

	// Zoom in, then drag from a space offered: the map moves, and nothing
	// is played or asked.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#board .map-zoom .zoom-in`))); err != nil {
		t.Fatal(err)
	}
	target, x, y := clickableSpot(t, ctx, `#board svg.gd-map [data-target].clickable`)
	before := mapTransform(ctx)
	gesture(t, ctx, []float64{x, y}, []float64{x - 70, y - 50})
	time.Sleep(500 * time.Millisecond)
	if after := mapTransform(ctx); after == before {
		t.Fatalf("a drag left the map where it was (%q)", after)
	}
	if now := e.view(g.ID, key); now.Step != v.Step {
		t.Fatalf("a drag from %s played something (step %d, was %d)", target, now.Step, v.Step)
	}
	if open, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.querySelector('#chooser').hidden`)); open {
		t.Fatalf("a drag from %s opened the chooser", target)
	}

	// The mouse too: a press on a space, a drag away and back to it, and
	// the release there play nothing.
	target, x, y = clickableSpot(t, ctx, `#board svg.gd-map [data-target].clickable`)
	held := func(p *input.DispatchMouseEventParams) { p.Buttons = 1 }
	mouse := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(chromedp.MousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1))}
	for _, d := range []float64{10, 25, 40, 25, 10, 0} {
		mouse = append(mouse, chromedp.MouseEvent(chromedp.MouseMoved, x+d, y+d, held))
	}
	mouse = append(mouse, chromedp.MouseEvent(chromedp.MouseReleased, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	if err := chromedp.Do(ctx, mouse...); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	if now := e.view(g.ID, key); now.Step != v.Step {
		t.Fatalf("a mouse drag from %s back to it played something (step %d, was %d)", target, now.Step, v.Step)
	}
	if open, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.querySelector('#chooser').hidden`)); open {
		t.Fatalf("a mouse drag from %s back to it opened the chooser", target)
	}

	// A tap on a space offered plays its option (or asks which, when
	// several name it).
	target, x, y = clickableSpot(t, ctx, `#board svg.gd-map [data-target].clickable`)
	if err := touch(ctx, input.DispatchTouchEventTypeTouchStart, x, y); err != nil {
		t.Fatal(err)
	}
	if err := touch(ctx, input.DispatchTouchEventTypeTouchEnd); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		open, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.querySelector('#chooser').hidden`))
		if open || e.view(g.ID, key).Step > v.Step {
			break
		}
		if time.Now().After(deadline) {
			screenshot(t, ctx, "gandhi-phone-tap")
			t.Fatalf("a tap on %s played nothing", target)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestBrowserGreatGamePhoneMap: The Great Game on a 390×844 touch screen:
// the map and the prompt are on the screen together, and the map zooms by
// its buttons and by a pinch.
func TestBrowserGreatGamePhoneMap(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	seed := uint64(7)
	g := e.create(CreateRequest{Game: "greatgame", Scenario: "1", Seed: &seed, Seats: []SeatRequest{{Kind: Human}, {Kind: Computer}}})
	ctx := phoneBrowser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+"/g/"+g.ID+"#key="+g.Seats[0].Key), chromedp.WaitVisible(chromedp.CSS(`#board svg.gg-map`))); err != nil {
		t.Fatal(err)
	}
	phoneAtAGlance(t, ctx, "svg.gg-map")
	screenshot(t, ctx, "greatgame-phone-glance")
	zoomButtons(t, ctx)
	pinch(t, ctx)
}

// TestBrowserScreenshots writes a PNG of each page — the lobby, a game of
// Gandhi, Rajas of the Ganges and The Great Game in play, and a finished
// game's result — on a 1280×800 desktop and a 390×844 phone, in English,
// Spanish and Italian, into the directory DURBAR_SCREENSHOTS names (as
// gandhi-phone-es.png); it does nothing unless that is set. Each is what
// the screen shows; the phone's pages also as a whole (…-full.png).
func TestBrowserScreenshots(t *testing.T) {
	dir := os.Getenv("DURBAR_SCREENSHOTS")
	if dir == "" || testing.Short() {
		t.Skip("DURBAR_SCREENSHOTS=dir writes the pages' screenshots there")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, testDSN(t, false))
	gandhi, gseat := gandhiCongressGame(e)
	seed := uint64(5)
	rajas := e.create(CreateRequest{Game: "rajas", Seed: &seed, Seats: []SeatRequest{{Kind: Human}, {Kind: Computer}}})
	gg := e.create(CreateRequest{Game: "greatgame", Scenario: "1", Seed: &seed, Seats: []SeatRequest{{Kind: Human}, {Kind: Computer}}})
	seed3 := uint64(3)
	over := e.create(CreateRequest{Game: "rajas", Seed: &seed3, Seats: []SeatRequest{{Kind: Computer, Bot: "random"}, {Kind: Computer, Bot: "random"}}})
	if v := e.waitHuman(over.ID, ""); !v.Over {
		t.Fatal("the computer game did not end")
	}
	pages := []struct{ name, path, ready string }{
		{"lobby", "/", `#games .game-item`},
		{"gandhi", gandhi.Seats[gseat].Invite, `#options button[data-option]`},
		{"rajas", "/g/" + rajas.ID + "#key=" + rajas.Seats[0].Key, `#options button[data-option]`},
		{"greatgame", "/g/" + gg.ID + "#key=" + gg.Seats[0].Key, `#options button[data-option]`},
		{"result", "/g/" + over.ID, `#banner #result`},
	}
	for _, screen := range []struct {
		name          string
		width, height int64
		phone         bool
	}{{"desktop", 1280, 800, false}, {"phone", 390, 844, true}} {
		ctx := newBrowser(t, int(screen.width), int(screen.height))
		opts := []chromedp.EmulateViewportOption{}
		if screen.phone {
			opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(screen.width, screen.height, opts...)); err != nil {
			t.Fatal(err)
		}
		for _, lang := range []string{"en", "es", "it"} {
			// The language switch of the lobby; the page keeps it.
			if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`#create-form`)), chromedp.SetValue(chromedp.CSS(`#lang`), lang)); err != nil {
				t.Fatal(err)
			}
			chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('#lang').dispatchEvent(new Event('change', {bubbles: true}))`))
			for _, p := range pages {
				name := fmt.Sprintf("%s-%s-%s", p.name, screen.name, lang)
				if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+p.path), chromedp.WaitVisible(chromedp.CSS(p.ready))); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				// The game's own text comes in the page's language, and the
				// drawer and the fonts settle.
				time.Sleep(700 * time.Millisecond)
				shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if err := os.WriteFile(filepath.Join(dir, name+".png"), shot, 0o644); err != nil {
					t.Fatal(err)
				}
				if screen.phone {
					full, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
					if err == nil {
						err = os.WriteFile(filepath.Join(dir, name+"-full.png"), full, 0o644)
					}
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
				}
			}
		}
	}
}
