package server

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
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

// grabRenderer (page script) resolves to the board renderer a game's
// script registers, by loading the script once more and keeping what it
// registers: a test can then draw a board of its own making.
const grabRenderer = `(game) => new Promise((resolve, reject) => {
  const register = Durbar.register;
  Durbar.register = (name, r) => { Durbar.register = register; resolve(r); };
  const s = document.createElement('script');
  s.src = '/static/' + game + '.js?again';
  s.onerror = reject;
  document.head.append(s);
})`

// gandhiLabels (page script) draws the game's board (fetched in the page's
// language) with every mark on every space — each level of Support and
// Opposition, Raj Control, Protest, Unrest ×2, Muslim State, the crescent,
// a Strike on each Railway and every kind of piece — and returns what
// does not fit: a badge's text wider than its badge, a badge row wider
// than its space, a space's name meeting the population badge or the
// crescent or leaving its space; and the marks the map draws that the
// legend does not show.
const gandhiLabels = `(async (id) => {
  const r = await (` + grabRenderer + `)('gandhi');
  const lang = Durbar.i18n.lang;
  const v = await (await fetch('/api/games/' + id + '?lang=' + lang)).json();
  const levels = ['active-support', 'passive-support', 'passive-opposition', 'active-opposition', 'neutral'];
  const pieces = ['troop', 'sepoy', 'congress', 'league', 'guerrilla', 'active-guerrilla', 'league-base', 'rev-base'];
  v.board.spaces.forEach((s, i) => {
    if (i < 3) s.pieces = Object.fromEntries(pieces.map((k) => [k, 1]));
    if (i === 0) s.gandhi = true;
    if (s.type === 'railway') { s.strike = true; return; }
    Object.assign(s, { support: levels[i % 5], control: true, protest: true, unrest: 2, muslimState: true, muslim: true });
  });
  const box = document.createElement('div');
  box.style.cssText = 'width:1000px;position:absolute;left:0;top:0;background:#fff';
  document.body.append(box);
  r.render(box, v, { lang, t: Durbar.i18n.t, options: [], targets: new Set(), pick() {}, ask() {}, choose() {} });
  box.querySelector('.gd-legend').open = true;
  const bad = [];
  const rc = (e) => e.getBoundingClientRect();
  const within = (a, b, tol) => a.left >= b.left - tol && a.right <= b.right + tol;
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  let pills = 0, names = 0;
  for (const g of box.querySelectorAll('.gd-map .gd-space')) {
    const id = g.getAttribute('data-target');
    const shape = rc(g.querySelector('.gd-shape'));
    const city = g.classList.contains('gd-city');
    for (const p of g.querySelectorAll('rect.gd-pill')) {
      pills++;
      const text = p.nextElementSibling;
      if (!within(rc(text), rc(p), 0.5)) bad.push(id + ': the badge "' + text.textContent + '" is ' + rc(text).width.toFixed(1) + ' wide in a badge ' + rc(p).width.toFixed(1) + ' wide');
      if (!g.classList.contains('gd-railway') && !within(rc(p), shape, city ? 3 : 0.5)) bad.push(id + ': the badge "' + text.textContent + '" leaves its space');
    }
    const marks = [...g.querySelectorAll('.gd-pop, [data-mark=muslim]')];
    for (const n of g.querySelectorAll('text.gd-name')) {
      names++;
      if (!within(rc(n), shape, 0.5)) bad.push(id + ': the name "' + n.textContent + '" leaves its space');
      for (const m of marks) if (meet(rc(n), rc(m))) bad.push(id + ': the name "' + n.textContent + '" meets the ' + (m.classList.contains('gd-pop') ? 'population badge' : 'crescent'));
    }
  }
  const kinds = (sel) => new Set([...box.querySelectorAll(sel)].map((e) => e.getAttribute('data-mark') || e.getAttribute('data-border')));
  const onMap = kinds('.gd-map [data-mark], .gd-map [data-border]');
  const inLegend = kinds('.gd-legend [data-mark]');
  const missing = [...onMap].filter((k) => !inLegend.has(k));
  box.remove();
  return JSON.stringify({ bad, pills, names, missing, onMap: [...onMap].sort() });
})`

// TestBrowserGandhiLabels: on the Gandhi map, in English, Spanish and
// Italian, every badge's text fits its badge and its space, no space's
// name runs into the population badge or the crescent ("Agenzia
// dell'India Centrale"), and the legend shows every kind of mark the map
// draws. The Resources line says why a Non-Player's stay at 50.
func TestBrowserGandhiLabels(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	_, g, _, _, ctx := gandhiCongressPage(t, 1280, 900)
	for _, lang := range []string{"en", "es", "it"} {
		t.Run(lang, func(t *testing.T) {
			evalJS[bool](t, ctx, `localStorage.setItem('durbar:lang', '`+lang+`'); true`)
			if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#board .gd-map`))); err != nil {
				t.Fatal(err)
			}
			var out struct {
				Bad          []string
				Pills, Names int
				Missing      []string
				OnMap        []string
			}
			raw := evalJS[string](t, ctx, gandhiLabels+`('`+g.ID+`')`)
			if err := json.Unmarshal([]byte(raw), &out); err != nil {
				t.Fatal(err)
			}
			if out.Pills < 100 || out.Names < 20 {
				t.Fatalf("only %d badges and %d names drawn", out.Pills, out.Names)
			}
			for _, b := range out.Bad {
				t.Error(b)
			}
			if len(out.Missing) > 0 {
				t.Errorf("the legend lacks %v (the map draws %v)", out.Missing, out.OnMap)
			}
			for _, k := range []string{"pop", "muslim", "control", "protest", "unrest", "muslimState", "strike", "active-support", "troop", "gandhi"} {
				if !slices.Contains(out.OnMap, k) {
					t.Errorf("the test's board draws no %q (it draws %v)", k, out.OnMap)
				}
			}
		})
	}
	// The Non-Players' Resources, in English: the note and its tooltip.
	evalJS[bool](t, ctx, `localStorage.setItem('durbar:lang', 'en'); true`)
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#board .gd-res`))); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"raj", "rev"} {
		note := evalJS[string](t, ctx, `(() => { const e = document.querySelector('#board .gd-res[data-faction=`+f+`]'); return e.querySelector('b').textContent + ' | ' + e.querySelector('.gd-res-note').textContent + ' | ' + e.title })()`)
		if !strings.HasPrefix(note, "50 | Non-Player: not used (8.1) | ") || !strings.Contains(note, "Activation Number") {
			t.Errorf("%s Resources: %q", f, note)
		}
	}
	// A player's Resources at the top of the track say why they stop.
	max := evalJS[string](t, ctx, `(async () => {
	  const r = await (`+grabRenderer+`)('gandhi');
	  const v = await (await fetch('/api/games/`+g.ID+`?lang=en')).json();
	  for (const f of v.board.factions) f.np = false;
	  const box = document.createElement('div');
	  document.body.append(box);
	  r.render(box, v, { lang: 'en', t: Durbar.i18n.t, options: [], targets: new Set(), pick() {}, ask() {}, choose() {} });
	  const e = box.querySelector('.gd-res[data-faction=raj]');
	  const out = e.querySelector('.gd-res-note').textContent + ' | ' + e.title;
	  box.remove();
	  return out;
	})()`)
	if !strings.HasPrefix(max, "max 50 (1.8) | ") {
		t.Errorf("a player's Resources at 50: %q", max)
	}
}

// TestBrowserRajasRiverKey: under the river a key explains, in words,
// every code the river spaces show ("K+2", "⚄/K O"…), and no English text
// on the board says "a orange" (it is "an orange die per Karma").
func TestBrowserRajasRiverKey(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	g := e.create(CreateRequest{Game: "rajas", Seats: []SeatRequest{{Kind: Human}, {Kind: Human}}})
	ctx := newBrowser(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+g.Seats[0].Invite), chromedp.WaitVisible(chromedp.CSS(`#board .rajas-river-key`))); err != nil {
		t.Fatal(err)
	}
	var out struct {
		Codes   []string
		Missing []string
		Words   map[string]string
		Article []string
	}
	raw := evalJS[string](t, ctx, `(() => {
	  const codes = new Set();
	  for (const g of document.querySelectorAll('#board .rajas-codes')) for (const c of g.dataset.codes.split('|')) if (c) codes.add(c);
	  const words = {};
	  for (const i of document.querySelectorAll('#board .rajas-river-key .rajas-key-item')) words[i.dataset.code] = i.textContent.replace(i.dataset.code, '').trim();
	  const texts = [...document.querySelectorAll('#board title'), document.querySelector('#board .rajas-river-key')].map((n) => n.textContent);
	  const article = texts.flatMap((s) => s.match(/\ba [aeiou]\w*/gi) || []);
	  return JSON.stringify({ codes: [...codes], missing: [...codes].filter((c) => !words[c]), words, article });
	})()`)
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Codes) < 5 {
		t.Fatalf("the river shows only the codes %v", out.Codes)
	}
	if len(out.Missing) > 0 {
		t.Errorf("the key does not explain %v (it has %v)", out.Missing, out.Words)
	}
	for code, words := range out.Words {
		if words == "" || words == code {
			t.Errorf("the key's %q says %q", code, words)
		}
	}
	if !slices.Contains(slices.Collect(maps.Values(out.Words)), "an orange die per Karma") {
		t.Errorf("the key says nothing of an orange die per Karma: %v", out.Words)
	}
	if len(out.Article) > 0 {
		t.Errorf("the board says %q", out.Article)
	}
	visible := evalJS[bool](t, ctx, `(() => { const k = document.querySelector('#board .rajas-river-key'); const r = k.getBoundingClientRect(); return r.height > 10 && getComputedStyle(k).visibility === 'visible' })()`)
	if !visible {
		t.Error("the river's key is not shown")
	}
	// Rajas has no Non-Player reasoning: its log offers no box to show it.
	if evalJS[bool](t, ctx, `document.querySelector('#log-reasons').closest('label').getClientRects().length > 0`) {
		t.Error("the Rajas log offers to show the Non-Player reasoning")
	}
}

// chooseInForm sets a select of the lobby form and tells the page.
func chooseInForm(t *testing.T, ctx context.Context, sel, value string) {
	t.Helper()
	evalJS[bool](t, ctx, `(() => { const s = document.querySelector('`+sel+`'); s.value = '`+value+`'; s.dispatchEvent(new Event('change', {bubbles: true})); return true })()`)
	time.Sleep(150 * time.Millisecond)
}

// inSight (page script) tells whether an element is wholly within the
// window and not covered at its middle.
const inSight = `((sel) => {
  const e = document.querySelector(sel);
  if (!e) return false;
  const r = e.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth && !!top && (top === e || e.contains(top));
})`

// TestBrowserLobbyCreateInSight: the lobby's "Create game" button is in
// sight without scrolling, on a laptop (1280×800) and a phone (390×844),
// for every game of the form.
func TestBrowserLobbyCreateInSight(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	for _, size := range [][2]int{{1280, 800}, {390, 844}} {
		ctx := newBrowser(t, size[0], size[1])
		var actions []chromedp.Action[chromedp.Void]
		if size[0] < 600 {
			actions = append(actions, chromedp.EmulateViewport(int64(size[0]), int64(size[1]), chromedp.EmulateMobile))
		}
		actions = append(actions, chromedp.Navigate(e.http.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`#create-form`)))
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatal(err)
		}
		for _, game := range []string{"gandhi", "rajas", "greatgame"} {
			chooseInForm(t, ctx, `#create-form select[name=game]`, game)
			if !evalJS[bool](t, ctx, inSight+`('#create-form button[type=submit]')`) {
				screenshot(t, ctx, fmt.Sprintf("lobby-%s-%d", game, size[0]))
				r := evalJS[string](t, ctx, `JSON.stringify(document.querySelector('#create-form button[type=submit]').getBoundingClientRect()) + ' in ' + innerWidth + '×' + innerHeight`)
				t.Errorf("%d×%d, %s: the Create button is out of sight: %s", size[0], size[1], game, r)
			}
		}
	}
}

// TestBrowserHotSeatNote: a game created at this browser for several
// people (every seat human) says above its options what to do with the
// seats, in sight; its link unfolds the invite links; the first move
// takes the note away.
func TestBrowserHotSeatNote(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	ctx := newBrowser(t, 1280, 800)
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`#create-form`))); err != nil {
		t.Fatal(err)
	}
	chooseInForm(t, ctx, `#create-form select[name=game]`, "gandhi")
	for i := range 4 {
		chooseInForm(t, ctx, fmt.Sprintf(`#create-form select[name=seat-kind][data-seat="%d"]`, i), "human")
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#create-form button[type=submit]`)), chromedp.WaitVisible(chromedp.CSS(`#created-note`))); err != nil {
		screenshot(t, ctx, "hotseat")
		t.Fatal(err)
	}
	if err := waitOptions(ctx); err != nil {
		t.Fatal(err)
	}
	if n := evalJS[int](t, ctx, `document.querySelectorAll('#options button[data-option]').length`); n < 5 {
		t.Logf("only %d options", n)
	}
	if !evalJS[bool](t, ctx, inSight+`('#created-note')`) {
		t.Error("the note is out of sight")
	}
	if !evalJS[bool](t, ctx, `document.querySelector('#created-note').getBoundingClientRect().bottom <= document.querySelector('#options').getBoundingClientRect().top`) {
		t.Error("the note is not above the options")
	}
	if got := evalJS[string](t, ctx, `document.querySelector('#created-note span').textContent`); !strings.Contains(got, "play every seat here") {
		t.Errorf("the note says %q", got)
	}
	evalJS[bool](t, ctx, `document.querySelector('#created-note button').click(); true`)
	if !evalJS[bool](t, ctx, `document.querySelector('#invites').open`) {
		t.Error("the note's link did not unfold the invite links")
	}
	clickMoves(t, ctx, 1)
	waitJS(t, ctx, `document.querySelector('#created-note').hidden`, "the note to go after the first move")
}

// The page's own translator chooses plural forms as the server's catalogs
// do (core/i18n): one for 1 and −1, other for any other number or text,
// placeholders inside a branch filled, and a choice whose number is not
// given left as written.
func TestBrowserI18nPlurals(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	e := newEnv(t, testDSN(t, false))
	ctx := newBrowser(t, 800, 600)
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`#create-form`))); err != nil {
		t.Fatal(err)
	}
	evalJS[bool](t, ctx, `Durbar.i18n.add(Durbar.i18n.lang, {
		'test.plain': 'Place {n} {n|Activist|Activists} in {where}',
		'test.nested': '{n|one piece|{n} pieces} left',
		'test.two': '{a} {a|die|dice} and {b} {b|card|cards}',
	}); true`)
	for _, c := range []struct{ key, params, want string }{
		{"test.plain", `{n: 1, where: 'Bombay'}`, "Place 1 Activist in Bombay"},
		{"test.plain", `{n: 3, where: 'Bombay'}`, "Place 3 Activists in Bombay"},
		{"test.plain", `{n: -1, where: 'Bombay'}`, "Place -1 Activist in Bombay"},
		{"test.plain", `{n: 0, where: 'Bombay'}`, "Place 0 Activists in Bombay"},
		{"test.plain", `{n: 'some', where: 'Bombay'}`, "Place some Activists in Bombay"},
		{"test.nested", `{n: 1}`, "one piece left"},
		{"test.nested", `{n: 4}`, "4 pieces left"},
		{"test.two", `{a: 1, b: 2}`, "1 die and 2 cards"},
		{"test.two", `{a: 2, b: 1}`, "2 dice and 1 card"},
		{"test.nested", `{}`, "{n|one piece|{n} pieces} left"},
	} {
		if got := evalJS[string](t, ctx, `Durbar.i18n.t('`+c.key+`', `+c.params+`)`); got != c.want {
			t.Errorf("t(%s, %s) = %q, want %q", c.key, c.params, got, c.want)
		}
	}
}
