package server

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The browser test drives a real headless Chromium (Debian's package, which
// .ci/run installs) through the pages: it creates a game in the lobby form,
// plays moves by clicking, reloads and checks that the page shows the same
// game. DURBAR_SCREENSHOTS=dir keeps a screenshot of each page.

// chromiumPath finds the browser, or skips the test outside CI.
func chromiumPath(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no Chromium found: .ci/run must install Debian's chromium package")
	}
	t.Skip("no Chromium on this machine (apt-get install chromium)")
	return ""
}

func newBrowser(t *testing.T, width, height int) context.Context {
	path := chromiumPath(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox, // CI runs as root
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
		// The machine's network is closed: without these Chromium keeps
		// trying to reach its update and sync services.
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-dev-shm-usage", true),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelCtx(); cancelAlloc() })
	// The first action starts the browser; it must not run under a
	// timeout (that would stop the browser with it). The actions after it
	// run under the test's deadline: a wait for something the page never
	// shows fails that test, instead of holding the package until the
	// whole run times out. The longest browser test takes some 35 s.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	ctx, cancelTest := context.WithTimeout(ctx, browserTestDeadline)
	t.Cleanup(cancelTest)
	return ctx
}

// browserTestDeadline bounds each browser test's page actions.
const browserTestDeadline = 4 * time.Minute

func screenshot(t *testing.T, ctx context.Context, name string) {
	dir := os.Getenv("DURBAR_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644)
}

// pageStep reads the step the page last rendered (body[data-step]).
func pageStep(ctx context.Context) (int, error) {
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.dataset.step || ""`))
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(s)
}

// waitOptions waits until the page offers the human's options.
func waitOptions(ctx context.Context) error {
	return chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#options button[data-option]`)))
}

// clickOption clicks an option's button and waits for the page to show a
// later step. A button that does not come within 20 s fails the test with
// the options the page offers instead, not a click that waits forever.
func clickOption(t *testing.T, ctx context.Context, option string, step int) {
	t.Helper()
	cctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(cctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#options button[data-option=%q]`, option)))); err != nil {
		screenshot(t, ctx, "noclick")
		shown, _ := pageStep(ctx)
		offered, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#options button[data-option]')].map((b) => b.dataset.option)`))
		t.Fatalf("step %d: clicking option %s: %v (the page shows step %d and offers %q)", step, option, err, shown, offered)
	}
	waitPageStep(t, ctx, step+1)
}

// pageReaches waits up to 20 s for the page to draw step n or a later one.
func pageReaches(ctx context.Context, n int) error {
	deadline := time.Now().Add(20 * time.Second)
	for {
		s, err := pageStep(ctx)
		if err == nil && s >= n {
			return nil
		}
		if time.Now().After(deadline) {
			if err != nil {
				return fmt.Errorf("waiting for step %d, the page's step could not be read: %v", n, err)
			}
			return fmt.Errorf("the page stayed at step %d, short of step %d", s, n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitPageStep fails the test unless the page draws step n or a later one
// within 20 s.
func waitPageStep(t *testing.T, ctx context.Context, n int) {
	t.Helper()
	if err := pageReaches(ctx, n); err != nil {
		screenshot(t, ctx, "stuck")
		t.Fatal(err)
	}
}

// clickMoves plays n moves by clicking: a highlighted board element when
// there is one (every other move), else the first option button. It waits
// for the page to show a later step after each click.
func clickMoves(t *testing.T, ctx context.Context, n int) {
	for i := range n {
		if err := waitOptions(ctx); err != nil {
			t.Fatalf("move %d: no options offered: %v", i, err)
		}
		before, err := pageStep(ctx)
		if err != nil {
			t.Fatal(err)
		}
		boardTargets, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#board [data-target].clickable').length`))
		if boardTargets > 0 && i%2 == 1 {
			_, err = chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('#board [data-target].clickable').dispatchEvent(new MouseEvent('click', {bubbles: true})); true`))
			if err == nil {
				// A target shared by several options opens a chooser: take its first.
				time.Sleep(200 * time.Millisecond)
				chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const b = document.querySelector('#chooser button[data-option]'); if (b) b.click(); return true })()`))
			}
		} else {
			err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#options button[data-option]`)))
		}
		if err != nil {
			t.Fatalf("move %d: click: %v", i, err)
		}
		if err := pageReaches(ctx, before+1); err != nil {
			screenshot(t, ctx, fmt.Sprintf("stuck-%d", i))
			t.Fatalf("move %d, after the click: %v", i, err)
		}
	}
}

// pageState is what must survive a reload: the step and the log text.
func pageState(t *testing.T, ctx context.Context) (int, string) {
	step, err := pageStep(ctx)
	if err != nil {
		t.Fatal(err)
	}
	log, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS(`#log`)))
	if err != nil {
		t.Fatal(err)
	}
	return step, log
}

func TestBrowserPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	for _, game := range []string{"rajas", "gandhi"} {
		t.Run(game, func(t *testing.T) {
			ctx := newBrowser(t, 1280, 900)
			err := chromedp.Do(ctx,
				chromedp.Navigate(e.http.URL+"/"),
				chromedp.WaitVisible(chromedp.CSS(`#create-form`)),
				chromedp.SetValue(chromedp.CSS(`#create-form select[name=game]`), game),
				chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
					_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('#create-form select[name=game]').dispatchEvent(new Event('change', {bubbles: true}))`))
					return err
				}),
				chromedp.Sleep(200*time.Millisecond),
				chromedp.Click(chromedp.CSS(`#create-form button[type=submit]`)),
				chromedp.WaitVisible(chromedp.CSS(`#board`)),
			)
			if err != nil {
				screenshot(t, ctx, game+"-lobby")
				t.Fatal(err)
			}
			url, _ := chromedp.Run(ctx, chromedp.Location())
			if !strings.Contains(url, "/g/") {
				t.Fatalf("after creating, the page is %s", url)
			}
			clickMoves(t, ctx, 4)
			id := url[strings.LastIndex(url, "/g/")+3:]
			if i := strings.IndexAny(id, "#?/"); i >= 0 {
				id = id[:i]
			}
			// Let the computer seats finish and the page catch up with them.
			v := e.waitHuman(id, "")
			deadline := time.Now().Add(10 * time.Second)
			for {
				if s, err := pageStep(ctx); err == nil && s == v.Step {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("the page never showed step %d, where the computers handed over", v.Step)
				}
				time.Sleep(50 * time.Millisecond)
			}
			screenshot(t, ctx, game+"-played")
			step, log := pageState(t, ctx)
			if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#board`))); err != nil {
				t.Fatal(err)
			}
			deadline = time.Now().Add(10 * time.Second)
			for {
				// Until the page has drawn the game, it has no step.
				s2, err := pageStep(ctx)
				log2 := ""
				if err == nil {
					_, log2 = pageState(t, ctx)
				}
				if s2 == step && log2 == log {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("after a reload the page shows step %d (was %d), log equal: %v", s2, step, log2 == log)
				}
				time.Sleep(50 * time.Millisecond)
			}
			// The server holds the same game the page shows.
			if v := e.view(id, ""); v.Step != step {
				t.Fatalf("the server is at step %d, the page at %d", v.Step, step)
			}
		})
	}
}

// TestBrowserPhone checks the game page on a phone-sized screen: nothing
// wider than the screen, and the options still reachable.
func TestBrowserPhone(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	g := e.create(CreateRequest{Game: "gandhi", Scenario: "short", Seats: []SeatRequest{{Kind: Computer}, {Kind: Human}, {Kind: Computer}, {Kind: Computer}}})
	ctx := newBrowser(t, 375, 812)
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile),
		chromedp.Navigate(e.http.URL+"/g/"+g.ID+"#key="+g.Seats[1].Key),
		chromedp.WaitVisible(chromedp.CSS(`#board svg`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	phoneFits(t, ctx, "gandhi-phone")
	// The key moved from the link into storage, out of the address bar.
	url, _ := chromedp.Run(ctx, chromedp.Location())
	if strings.Contains(url, "key=") {
		t.Fatalf("the key stays in the address bar: %s", url)
	}
	clickMoves(t, ctx, 2)
}

// phoneFits checks a game page on a phone: options offered, and nothing
// wider than the 375-px screen.
func phoneFits(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if err := waitOptions(ctx); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, name)
	width, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
	if width > 380 {
		t.Fatalf("the page is %dpx wide on a 375px screen", width)
	}
}

// TestBrowserReplayAndLanguage steps through a finished game's replay with
// the buttons, and switches the page to Spanish and Italian.
func TestBrowserReplayAndLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	seed := uint64(3)
	g := e.create(CreateRequest{Game: "rajas", Seed: &seed, Seats: []SeatRequest{{Kind: Computer, Bot: "random"}, {Kind: Computer, Bot: "random"}}})
	final := e.waitHuman(g.ID, "") // all computers: returns once over
	if !final.Over {
		t.Fatal("the computer game did not end")
	}
	ctx := newBrowser(t, 1280, 900)
	stepOf := func() int {
		deadline := time.Now().Add(10 * time.Second)
		for {
			if s, err := pageStep(ctx); err == nil {
				return s
			}
			if time.Now().After(deadline) {
				t.Fatal("the replay page shows no step")
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	waitStep := func(want int) {
		deadline := time.Now().Add(10 * time.Second)
		for stepOf() != want {
			if time.Now().After(deadline) {
				t.Fatalf("the replay page stays at step %d, want %d", stepOf(), want)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+"/g/"+g.ID+"/replay?step=0"), chromedp.WaitVisible(chromedp.CSS(`#board svg`))); err != nil {
		t.Fatal(err)
	}
	waitStep(0)
	for i := 1; i <= 3; i++ {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#next`))); err != nil {
			t.Fatal(err)
		}
		waitStep(i)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#last`))); err != nil {
		t.Fatal(err)
	}
	waitStep(final.Step)
	screenshot(t, ctx, "rajas-replay")

	for lang, word := range map[string]string{"es": "Partida terminada", "it": "Partita finita"} {
		if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+"/g/"+g.ID), chromedp.WaitVisible(chromedp.CSS(`#board svg`)),
			chromedp.SetValue(chromedp.CSS(`#lang`), lang)); err != nil {
			t.Fatal(err)
		}
		chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('#lang').dispatchEvent(new Event('change', {bubbles: true}))`))
		deadline := time.Now().Add(10 * time.Second)
		for {
			status, _ := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS(`#status`)))
			if strings.Contains(status, word) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("in %s the status reads %q, want %q", lang, status, word)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
}

// TestBrowserWholeGames plays a whole game of each game against the
// computer in the browser, as a newcomer would: every human decision by
// clicking one of the offered option buttons, until the page shows the
// game over. It proves there is no dead end in the pages: every decision
// offers buttons, every click moves the game on, and the computer seats
// hand back each time.
func TestBrowserWholeGames(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	for _, c := range []struct {
		game  string
		req   CreateRequest
		human int
	}{
		{"rajas", CreateRequest{Game: "rajas", Seats: []SeatRequest{{Kind: Human}, {Kind: Computer}}}, 0},
		{"gandhi", CreateRequest{Game: "gandhi", Scenario: "short", Seats: []SeatRequest{{Kind: Computer}, {Kind: Human}, {Kind: Computer}, {Kind: Computer}}}, 1},
	} {
		t.Run(c.game, func(t *testing.T) {
			g := e.create(c.req)
			ctx := newBrowser(t, 1280, 900)
			if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+"/g/"+g.ID+"#key="+g.Seats[c.human].Key), chromedp.WaitVisible(chromedp.CSS(`#board svg`))); err != nil {
				t.Fatal(err)
			}
			waitPage := func(what string, ok func(step, buttons int) bool) {
				deadline := time.Now().Add(20 * time.Second)
				for {
					step, err := pageStep(ctx)
					buttons, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#options button[data-option]').length`))
					if err == nil && ok(step, buttons) {
						return
					}
					if time.Now().After(deadline) {
						screenshot(t, ctx, "stuck-"+c.game)
						t.Fatalf("%s: the page stays at step %d with %d option buttons", what, step, buttons)
					}
					time.Sleep(30 * time.Millisecond)
				}
			}
			clicks := 0
			for {
				v := e.waitHuman(g.ID, "")
				if v.Over {
					t.Logf("%d clicks, %d decisions: %s", clicks, v.Step, v.Result)
					break
				}
				waitPage("before a click", func(step, buttons int) bool { return step == v.Step && buttons > 0 })
				// A spread of choices: not always the first option.
				js := fmt.Sprintf(`(() => { const bs = document.querySelectorAll('#options button[data-option]'); bs[%d %% bs.length].click(); return bs.length })()`, clicks*7+3)
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[int](js)); err != nil {
					t.Fatal(err)
				}
				clicks++
				waitPage("after a click", func(step, _ int) bool { return step > v.Step })
			}
			deadline := time.Now().Add(20 * time.Second)
			for {
				state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#status').dataset.state || ''`))
				if state == "over" {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("the page never showed the game over (status %q)", state)
				}
				time.Sleep(30 * time.Millisecond)
			}
			screenshot(t, ctx, c.game+"-over")
		})
	}
}

// TestBrowserTranslationsComplete checks, in the page as loaded, that the
// shell and both board renderers give every string in English, Spanish and
// Italian, and that every key app.js asks for literally exists.
func TestBrowserTranslationsComplete(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	ctx := newBrowser(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`#create-form`))); err != nil {
		t.Fatal(err)
	}
	keys := map[string][]string{}
	for _, lang := range []string{"en", "es", "it"} {
		k, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Durbar.i18n.keys('`+lang+`')`))
		if err != nil {
			t.Fatal(err)
		}
		keys[lang] = k
	}
	if len(keys["en"]) < 100 {
		t.Fatalf("only %d English strings", len(keys["en"]))
	}
	for _, lang := range []string{"es", "it"} {
		have := map[string]bool{}
		for _, k := range keys[lang] {
			have[k] = true
		}
		for _, k := range keys["en"] {
			if !have[k] {
				t.Errorf("%s lacks %q", lang, k)
			}
		}
		if len(keys[lang]) != len(keys["en"]) {
			t.Errorf("%s has %d strings, English %d", lang, len(keys[lang]), len(keys["en"]))
		}
	}
	// Every entry of the creation form's menus has its text in each language.
	var kinds []Catalog
	e.call("GET", "/api/kinds", "", nil, &kinds)
	for _, k := range kinds {
		if k.Name == "toy" {
			continue // the tests' own game
		}
		want := []string{k.Name + ".title"}
		for group, cs := range map[string][]Choice{"scenario": k.Scenarios, "seat": k.Seats, "computer": k.Computers, "variant": k.Variants} {
			for _, c := range cs {
				want = append(want, k.Name+"."+group+"."+c.ID)
			}
		}
		for _, lang := range []string{"en", "es", "it"} {
			for _, key := range want {
				if !slices.Contains(keys[lang], key) {
					t.Errorf("%s lacks the menu entry %q", lang, key)
				}
			}
		}
	}
	src, err := os.ReadFile("../web/static/app.js")
	if err != nil {
		t.Fatal(err)
	}
	en := map[string]bool{}
	for _, k := range keys["en"] {
		en[k] = true
	}
	for _, m := range regexp.MustCompile(`\bt\('([a-zA-Z0-9_.]+)'`).FindAllStringSubmatch(string(src), -1) {
		if !en[m[1]] {
			t.Errorf("app.js asks for %q, which has no English text", m[1])
		}
	}
}

// TestBrowserGameLanguage: switching the page to Spanish or Italian puts the
// game's own text in that language too — the prompt, the option buttons,
// the log and the cards — as the server translates it, keeps it through a
// move and a reload, and switching back gives English again.
func TestBrowserGameLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	seed := uint64(5)
	for _, req := range []CreateRequest{
		{Game: "gandhi", Scenario: "short", Seed: &seed, Seats: []SeatRequest{{Kind: Computer}, {Kind: Human}, {Kind: Computer}, {Kind: Computer}}},
		{Game: "rajas", Seed: &seed, Seats: []SeatRequest{{Kind: Computer, Bot: "bot"}, {Kind: Human}}},
	} {
		t.Run(req.Game, func(t *testing.T) { browserGameLanguage(t, e, req) })
	}
}

func browserGameLanguage(t *testing.T, e *testEnv, req CreateRequest) {
	g := e.create(req)
	key := g.Seats[1].Key
	ctx := newBrowser(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+"/g/"+g.ID+"#key="+key)); err != nil {
		t.Fatal(err)
	}
	e.waitHuman(g.ID, key)
	// shows waits until the page's prompt, first option and last log line
	// are the server's view in lang.
	shows := func(lang string) View {
		t.Helper()
		deadline := time.Now().Add(15 * time.Second)
		for {
			var v View
			e.call("GET", "/api/games/"+g.ID+"?lang="+lang, key, nil, &v)
			got, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[
				(document.querySelector('#prompt-text') || {}).textContent || '',
				(document.querySelector('#options button[data-option]') || {}).textContent || '',
				// The log's last line by number (reasons fold under the move
				// after them, so the last item shown may be an earlier line).
				([...document.querySelectorAll('#log li.log-line')].sort((a, b) => b.value - a.value)[0] || { dataset: {} }).dataset.text || '',
				document.querySelector('#board') ? document.querySelector('#board').textContent : '']`))
			if v.Decision != nil && len(v.Decision.Options) > 0 && len(got) == 4 && got[0] == v.Decision.Prompt &&
				strings.Contains(got[1], v.Decision.Options[0].Label) && got[2] == v.Log[len(v.Log)-1] {
				return v
			}
			if time.Now().After(deadline) {
				screenshot(t, ctx, "language-"+lang)
				t.Fatalf("in %s the page shows %q; the server's view: prompt %q, option %q, last log line %q",
					lang, got[:min(3, len(got))], v.Decision.Prompt, v.Decision.Options[0].Label, v.Log[len(v.Log)-1])
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	setLang := func(lang string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS(`#lang`), lang)); err != nil {
			t.Fatal(err)
		}
		chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('#lang').dispatchEvent(new Event('change', {bubbles: true}))`))
	}
	en := shows("en")
	for _, lang := range []string{"es", "it"} {
		setLang(lang)
		v := shows(lang)
		if v.Decision.Prompt == en.Decision.Prompt || v.Log[0] == en.Log[0] {
			t.Fatalf("%s: the prompt %q or the log %q is still English", lang, v.Decision.Prompt, v.Log[0])
		}
	}
	// A move and a reload keep the language, with the new log lines in it.
	clickMoves(t, ctx, 1)
	e.waitHuman(g.ID, key)
	shows("it")
	screenshot(t, ctx, req.Game+"-italian-moved")
	setLang("es")
	shows("es")
	screenshot(t, ctx, req.Game+"-spanish")
	setLang("it")
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#board`))); err != nil {
		t.Fatal(err)
	}
	shows("it")
	screenshot(t, ctx, req.Game+"-italian")
	setLang("en")
	shows("en")
}

// TestBrowserUndoReason: after a die roll the Undo button is disabled and
// says why (its tooltip), in the page's language.
func TestBrowserUndoReason(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	g := toyGame(e, Human, Computer)
	ctx := newBrowser(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+g.Seats[0].Invite)); err != nil {
		t.Fatal(err)
	}
	if err := waitOptions(ctx); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#options button[data-option=roll]`))); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		title, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const b = document.querySelector('#undo'); return b && b.disabled && !b.hidden ? b.title : '' })()`))
		if title == "Undo is not possible: a die was rolled since your last action." {
			break
		}
		if time.Now().After(deadline) {
			screenshot(t, ctx, "undo-reason")
			t.Fatalf("the disabled Undo button says %q", title)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
