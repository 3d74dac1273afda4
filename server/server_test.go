package server

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"durbar/games"
	"durbar/server/store"
)

// testEnv is a server on a fresh database, reached over real HTTP.
type testEnv struct {
	t     testing.TB
	srv   *Server
	http  *httptest.Server
	store store.Store
}

// testDSN is the database of a test: a SQLite file in a temporary
// directory, or the PostgreSQL database named by DURBAR_TEST_POSTGRES when
// pg is set.
func testDSN(t testing.TB, pg bool) string {
	if !pg {
		return filepath.Join(t.TempDir(), "durbar.db")
	}
	dsn := os.Getenv("DURBAR_TEST_POSTGRES")
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI must provide a PostgreSQL server in DURBAR_TEST_POSTGRES (.ci/run starts one)")
		}
		t.Skip("DURBAR_TEST_POSTGRES is not set")
	}
	return dsn
}

// gameKinds are the Kinds of the games Durbar plays (package games).
func gameKinds() []Kind {
	var out []Kind
	for _, g := range games.All() {
		out = append(out, g.Kind())
	}
	return out
}

func newEnv(t testing.TB, dsn string) *testEnv {
	t.Helper()
	return newEnvWith(t, dsn, Options{}, nil)
}

// newEnvWith is newEnv with options of the test's own (Kinds and
// PollInterval when unset, are filled in; Store too, else the env shares
// the one given and leaves it open) and a hook that may change the HTTP
// server before it starts.
func newEnvWith(t testing.TB, dsn string, opt Options, hook func(*httptest.Server)) *testEnv {
	t.Helper()
	var st store.Store // the env's own store, which it closes
	if opt.Store == nil {
		var err error
		if st, err = store.Open(context.Background(), dsn); err != nil {
			t.Fatal(err)
		}
		opt.Store = st
	}
	if opt.Kinds == nil {
		opt.Kinds = append([]Kind{toyKind{}}, gameKinds()...)
	}
	if opt.PollInterval == 0 {
		opt.PollInterval = 50 * time.Millisecond
	}
	srv, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	e := &testEnv{t: t, srv: srv, http: serveHTTP(srv, hook), store: st}
	t.Cleanup(e.close)
	return e
}

// serveHTTP serves srv over real HTTP as durbar serve does: with its
// connection timeouts and its limit of connections per client. hook, if
// not nil, may change the server (its handler, its listener) first.
func serveHTTP(srv *Server, hook func(*httptest.Server)) *httptest.Server {
	hs := httptest.NewUnstartedServer(nil)
	hs.Config = srv.HTTPServer(nil)
	if hook != nil {
		hook(hs)
	}
	hs.Listener = srv.Listener(hs.Listener)
	hs.Start()
	return hs
}

func (e *testEnv) close() {
	if e.http == nil {
		return
	}
	e.http.CloseClientConnections()
	e.srv.Close()
	e.http.Close()
	if e.store != nil {
		e.store.Close()
	}
	e.http = nil
}

// call makes a request and decodes a JSON answer into out; it returns the
// status code and the raw body.
func (e *testEnv) call(method, path, keys string, body any, out any) (int, []byte) {
	e.t.Helper()
	code, _, data := e.callWith(e.http.Client(), method, path, keys, body, out)
	return code, data
}

// callWith is call through a client of the test's own; it returns the
// answer's header too.
func (e *testEnv) callWith(c *http.Client, method, path, keys string, body any, out any) (int, http.Header, []byte) {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		if s, ok := body.(string); ok {
			rd = strings.NewReader(s)
		} else {
			b, _ := json.Marshal(body)
			rd = bytes.NewReader(b)
		}
	}
	req, _ := http.NewRequest(method, e.http.URL+path, rd)
	if keys != "" {
		req.Header.Set("Authorization", "Bearer "+keys)
	}
	resp, err := c.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(data, out); err != nil {
			e.t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return resp.StatusCode, resp.Header, data
}

type created struct {
	ID    string        `json:"id"`
	Seats []createdSeat `json:"seats"`
}

func (e *testEnv) create(req CreateRequest) created {
	e.t.Helper()
	var c created
	if code, body := e.call("POST", "/api/games", "", req, &c); code != http.StatusCreated {
		e.t.Fatalf("create: %d %s", code, body)
	}
	return c
}

func (e *testEnv) view(id, keys string) View {
	e.t.Helper()
	var v View
	if code, body := e.call("GET", "/api/games/"+id, keys, nil, &v); code != http.StatusOK {
		e.t.Fatalf("view: %d %s", code, body)
	}
	return v
}

// waitHuman polls until a human seat (or nobody: game over) must decide. It
// gives up only when the computer seats make no move for 20 s, not after a
// fixed time for all their moves: a busy machine or -race slows them down.
func (e *testEnv) waitHuman(id, keys string) View {
	e.t.Helper()
	const stall = 20 * time.Second
	deadline, last := time.Now().Add(stall), -1
	for {
		v := e.view(id, keys)
		if v.Over || v.Decision != nil && v.Seats[v.Decision.Seat].Kind == Human {
			return v
		}
		if v.Step != last {
			deadline, last = time.Now().Add(stall), v.Step
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("the computer seats of game %s made no move for %v (step %d)", id, stall, v.Step)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (e *testEnv) act(id, keys string, seat int, option string, step int) (int, View, map[string]string) {
	e.t.Helper()
	var v View
	code, body := e.call("POST", "/api/games/"+id+"/actions", keys, map[string]any{"seat": seat, "option": option, "step": step}, &v)
	var errBody map[string]string
	if code >= 300 {
		json.Unmarshal(body, &errBody)
	}
	return code, v, errBody
}

// toyGame creates a toy race; it is seeded (7) unless several seats are
// human, which the server refuses.
func toyGame(e *testEnv, kinds ...string) created {
	var seats []SeatRequest
	humans := 0
	for _, k := range kinds {
		seats = append(seats, SeatRequest{Kind: k})
		if k == Human {
			humans++
		}
	}
	req := CreateRequest{Game: "toy", Seats: seats}
	if humans <= 1 {
		seed := uint64(7)
		req.Seed = &seed
	}
	return e.create(req)
}

func TestHealthzAndKinds(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	var h map[string]string
	if code, _ := e.call("GET", "/healthz", "", nil, &h); code != 200 || h["status"] != "ok" || h["store"] != "sqlite" {
		t.Fatalf("healthz: %d %v", code, h)
	}
	var kinds []Catalog
	e.call("GET", "/api/kinds", "", nil, &kinds)
	want := []string{"toy"}
	for _, g := range games.All() {
		want = append(want, g.Name())
	}
	var names []string
	for _, k := range kinds {
		names = append(names, k.Name)
	}
	if !slices.Equal(names, want) {
		t.Fatalf("kinds %v, want %v: %+v", names, want, kinds)
	}
	for _, path := range []string{"/", "/g/abc", "/static/app.js"} {
		if code, _ := e.call("GET", path, "", nil, nil); code != 200 {
			t.Errorf("GET %s: %d", path, code)
		}
	}
	if code, _ := e.call("GET", "/api/nothing", "", nil, nil); code != 404 {
		t.Errorf("unknown API path: %d", code)
	}
}

// TestHealthzUnwritable: /healthz reports a database the server cannot
// write to as unhealthy (503), saying why.
func TestHealthzUnwritable(t *testing.T) {
	cases := []struct {
		name string
		// spoil makes the database unwritable; it returns what undoes it.
		spoil func(t *testing.T, path string) (undo func())
		code  int
		says  string
	}{
		{"writable", func(*testing.T, string) func() { return func() {} }, http.StatusOK, ""},
		{"the file made read-only", readOnly, http.StatusServiceUnavailable, "the database file is read-only"},
		{"the write lock held by another process", func(t *testing.T, path string) func() {
			other, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(0)")
			if err != nil {
				t.Fatal(err)
			}
			conn, err := other.Conn(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := conn.ExecContext(context.Background(), "BEGIN IMMEDIATE"); err != nil {
				t.Fatal(err)
			}
			return func() {
				conn.ExecContext(context.Background(), "ROLLBACK")
				conn.Close()
				other.Close()
			}
		}, http.StatusServiceUnavailable, "cannot take the write lock"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := testDSN(t, false)
			e := newEnv(t, path)
			undo := c.spoil(t, path)
			defer undo()
			var h map[string]string
			code, body := e.call("GET", "/healthz", "", nil, nil)
			json.Unmarshal(body, &h)
			if code != c.code || !strings.Contains(h["reason"], c.says) || h["store"] != "sqlite" {
				t.Fatalf("healthz: %d %s, want %d saying %q", code, body, c.code, c.says)
			}
			t.Logf("%d %s", code, body)
			if strings.Contains(string(body), path) {
				t.Fatalf("healthz names the database's path: %s", body)
			}
		})
	}
}

// readOnly makes a file read-only for this process: chmod for a user, the
// immutable attribute for root (whom permissions do not stop). It skips
// the test where neither works.
func readOnly(t *testing.T, path string) func() {
	if os.Geteuid() != 0 {
		if err := os.Chmod(path, 0o444); err != nil {
			t.Fatal(err)
		}
		return func() { os.Chmod(path, 0o644) }
	}
	if out, err := exec.Command("chattr", "+i", path).CombinedOutput(); err != nil {
		t.Skipf("running as root, and chattr +i does not work here: %v %s", err, out)
	}
	undo := func() { exec.Command("chattr", "-i", path).Run() }
	t.Cleanup(undo) // the temporary directory must be removable
	return undo
}

func TestPlayAndRuleErrors(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	g := toyGame(e, Human, Human)
	if g.Seats[0].Key == "" || g.Seats[1].Key == "" || g.Seats[0].Invite != "/g/"+g.ID+"#key="+g.Seats[0].Key {
		t.Fatalf("human seats need keys and invitation links: %+v", g.Seats)
	}
	k0, k1 := g.Seats[0].Key, g.Seats[1].Key
	v := e.view(g.ID, k0)
	if v.Decision == nil || v.Decision.Seat != 0 || len(v.Decision.Options) != 2 || v.Decision.Options[0].Target != "track" {
		t.Fatalf("seat 0 should see its two options: %+v", v.Decision)
	}
	code, v, _ := e.act(g.ID, k0, 0, "step", 0)
	if code != 200 || v.Step != 1 || v.Decision.Seat != 1 || len(v.Decision.Options) != 0 {
		t.Fatalf("after a step: %d %+v", code, v)
	}
	// An illegal option: 422 with the rule; nothing changes.
	code, _, eb := e.act(g.ID, k1, 1, "fly", 1)
	if code != http.StatusUnprocessableEntity || eb["rule"] != "T.1" || !strings.Contains(eb["error"], `"fly"`) {
		t.Fatalf("illegal option: %d %v", code, eb)
	}
	if v := e.view(g.ID, k1); v.Step != 1 {
		t.Fatalf("an illegal option changed the game: step %d", v.Step)
	}
	// Stale step and the wrong seat's turn: 409.
	if code, _, eb := e.act(g.ID, k1, 1, "step", 0); code != http.StatusConflict || !strings.Contains(eb["error"], "stale") {
		t.Fatalf("stale step: %d %v", code, eb)
	}
	if code, _, eb := e.act(g.ID, k0, 0, "step", 1); code != http.StatusConflict || !strings.Contains(eb["error"], "not Runner 1's turn") {
		t.Fatalf("out of turn: %d %v", code, eb)
	}
	// Malformed bodies, and an action without its step (a retried or
	// duplicated request could play twice): 400, with what is wrong.
	for _, c := range []struct{ body, says string }{
		{`{`, "malformed"},
		{`{"seat":1,"option":"","step":1}`, "option"},
		{`{"seat":1,"option":"step","step":1,"extra":1}`, "malformed"},
		{`[]`, "malformed"},
		{`{"seat":1,"option":"step"}`, "step is required"},
		{`{"seat":1,"option":"step","step":null}`, "step is required"},
	} {
		code, body := e.call("POST", "/api/games/"+g.ID+"/actions", k1, c.body, nil)
		var eb map[string]string
		json.Unmarshal(body, &eb)
		if code != http.StatusBadRequest || !strings.Contains(eb["error"], c.says) {
			t.Errorf("body %s: %d %s, want 400 saying %q", c.body, code, body, c.says)
		}
	}
	if v := e.view(g.ID, k1); v.Step != 1 {
		t.Fatalf("a refused action changed the game: step %d", v.Step)
	}
	if code, _ := e.call("GET", "/api/games/nosuchgame", "", nil, nil); code != 404 {
		t.Errorf("missing game: %d", code)
	}
	for _, body := range []string{`{"game":"chess","seats":[]}`, `{"game":"toy","seats":[{"kind":"human"}]}`, `{"game":"toy","seats":[{"kind":"alien"},{"kind":"human"}]}`,
		`{"game":"toy","seed":3,"seats":[{"kind":"human"},{"kind":"human"}]}`} {
		if code, _ := e.call("POST", "/api/games", "", body, nil); code != http.StatusBadRequest {
			t.Errorf("create %s: %d, want 400", body, code)
		}
	}
}

func TestAuthorization(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	g := toyGame(e, Human, Human)
	other := toyGame(e, Human, Human)
	k0 := g.Seats[0].Key
	cases := []struct {
		name, keys string
		seat       int
		want       int
	}{
		{"no key", "", 0, http.StatusForbidden},
		{"forged key", "aaaaaaaaaaaaaaaaaaaaaaaaaa", 0, http.StatusForbidden},
		{"the other seat's key", g.Seats[1].Key, 0, http.StatusForbidden},
		{"another game's key for the same seat", other.Seats[0].Key, 0, http.StatusForbidden},
		{"a seat that does not exist", k0, 5, http.StatusBadRequest},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if code, _, eb := e.act(g.ID, c.keys, c.seat, "step", 0); code != c.want {
				t.Fatalf("got %d %v, want %d", code, eb, c.want)
			}
			if v := e.view(g.ID, ""); v.Step != 0 {
				t.Fatal("a refused action changed the game")
			}
		})
	}
	// A spectator sees the decision but no options; a forged key is a spectator.
	for _, keys := range []string{"", "forged", other.Seats[0].Key} {
		v := e.view(g.ID, keys)
		if len(v.You) != 0 || v.Decision == nil || len(v.Decision.Options) != 0 || v.CanUndo {
			t.Fatalf("keys %q: a spectator's view must hold no options: %+v", keys, v)
		}
	}
	// Rekeying makes the old key stale.
	var nk createdSeat
	if code, body := e.call("POST", "/api/games/"+g.ID+"/seats/0/key", k0, nil, &nk); code != 200 || nk.Key == "" || nk.Key == k0 {
		t.Fatalf("rekey: %d %s", code, body)
	}
	if code, _, _ := e.act(g.ID, k0, 0, "step", 0); code != http.StatusForbidden {
		t.Fatalf("a stale key still acts: %d", code)
	}
	if code, _ := e.call("POST", "/api/games/"+g.ID+"/seats/1/key", k0, nil, nil); code != http.StatusForbidden {
		t.Fatalf("rekeying a seat one does not hold: %d", code)
	}
	if code, _, _ := e.act(g.ID, nk.Key, 0, "step", 0); code != 200 {
		t.Fatalf("the new key does not act: %d", code)
	}
	// Keys in the query string work too (invitation links, streams).
	var v View
	e.call("GET", "/api/games/"+g.ID+"?keys="+g.Seats[1].Key, "", nil, &v)
	if len(v.You) != 1 || v.You[0] != 1 || len(v.Decision.Options) != 2 {
		t.Fatalf("query key: %+v", v)
	}
	// A computer seat cannot be played by anyone.
	c := toyGame(e, Computer, Human)
	if code, _, _ := e.act(c.ID, c.Seats[1].Key, 0, "step", 0); code != http.StatusForbidden {
		t.Fatalf("acting for a computer seat: %d", code)
	}
}

func TestComputerSeatsAndReplay(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	g := toyGame(e, Computer, Human)
	k := g.Seats[1].Key
	if code, _ := e.call("GET", "/api/games/"+g.ID+"/replay", "", nil, nil); code != http.StatusForbidden {
		t.Fatalf("replay of a running game: %d", code)
	}
	if code, _ := e.call("GET", "/api/games/"+g.ID+"/save", k, nil, nil); code != http.StatusForbidden {
		t.Fatalf("save of a running game (its seed tells the future): %d", code)
	}
	for {
		v := e.waitHuman(g.ID, k)
		if v.Over {
			if v.Result != "Runner 1 wins" && v.Result != "Runner 2 wins" {
				t.Fatalf("result: %q", v.Result)
			}
			break
		}
		if code, _, eb := e.act(g.ID, k, 1, "step", v.Step); code != 200 {
			t.Fatalf("act: %d %v", code, eb)
		}
	}
	final := e.view(g.ID, "")
	var r View
	if code, body := e.call("GET", "/api/games/"+g.ID+"/replay?step=3", "", nil, &r); code != 200 || r.Replay == nil || r.Replay.Step != 3 || r.Replay.Total != final.Step || len(r.Log) != 3 {
		t.Fatalf("replay: %d %s", code, body)
	}
	if code, _ := e.call("GET", "/api/games/"+g.ID+"/replay?step=999", "", nil, nil); code != 400 {
		t.Fatalf("replay past the end: %d", code)
	}
	var sv struct {
		Game string   `json:"game"`
		Seed uint64   `json:"seed"`
		Log  []string `json:"log"`
	}
	e.call("GET", "/api/games/"+g.ID+"/save", "", nil, &sv)
	if sv.Game != "toy" || sv.Seed != 7 || len(sv.Log) != final.Step {
		t.Fatalf("save: %+v", sv)
	}
	var list []gameSummary
	e.call("GET", "/api/games", "", nil, &list)
	if len(list) != 1 || list[0].ID != g.ID || !list[0].Over || list[0].Step != final.Step {
		t.Fatalf("list: %+v", list)
	}
}

func TestUndo(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	g := toyGame(e, Human, Computer)
	k := g.Seats[0].Key
	v := e.waitHuman(g.ID, k)
	if v.CanUndo {
		t.Fatal("nothing to undo yet")
	}
	_, v, _ = e.act(g.ID, k, 0, "step", 0)
	v = e.waitHuman(g.ID, k) // the computer has stepped too
	if v.Step != 2 || !v.CanUndo {
		t.Fatalf("after step + computer step: %+v", v)
	}
	var u View
	if code, body := e.call("POST", "/api/games/"+g.ID+"/undo", k, `{"seat":0}`, &u); code != 200 || u.Step != 0 {
		t.Fatalf("undo: %d %s", code, body)
	}
	// A roll is random: undo stops there.
	_, v, _ = e.act(g.ID, k, 0, "roll", 0)
	v = e.waitHuman(g.ID, k)
	if v.CanUndo {
		t.Fatal("undo offered past a die roll")
	}
	if code, body := e.call("POST", "/api/games/"+g.ID+"/undo", k, `{}`, nil); code != http.StatusConflict || !strings.Contains(string(body), "a die was rolled") {
		t.Fatalf("undo past a roll: %d %s", code, body)
	}
	if code, _ := e.call("POST", "/api/games/"+g.ID+"/undo", "", `{}`, nil); code != http.StatusForbidden {
		t.Fatalf("a spectator's undo: %d", code)
	}
}

func TestEventsStream(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	g := toyGame(e, Human, Human)
	req, _ := http.NewRequest("GET", e.http.URL+"/api/games/"+g.ID+"/events", nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	resp, err := e.http.Client().Do(req.WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	lines := bufio.NewScanner(resp.Body)
	next := func() update {
		for lines.Scan() {
			if d, ok := strings.CutPrefix(lines.Text(), "data: "); ok {
				var u update
				json.Unmarshal([]byte(d), &u)
				return u
			}
		}
		t.Fatal("stream ended")
		return update{}
	}
	if u := next(); u.Step != 0 {
		t.Fatalf("first event: %+v", u)
	}
	e.act(g.ID, g.Seats[0].Key, 0, "step", 0)
	if u := next(); u.Step != 1 {
		t.Fatalf("after an action: %+v", u)
	}
}

func TestRestartKeepsGames(t *testing.T) {
	dsn := testDSN(t, false)
	e := newEnv(t, dsn)
	g := toyGame(e, Human, Human)
	e.act(g.ID, g.Seats[0].Key, 0, "roll", 0)
	before := e.view(g.ID, "")
	e.close()
	e2 := newEnv(t, dsn)
	after := e2.view(g.ID, "")
	if after.Step != 1 || after.Version != before.Version || strings.Join(after.Log, "\n") != strings.Join(before.Log, "\n") {
		t.Fatalf("after a restart: %+v, before %+v", after, before)
	}
	if code, _, _ := e2.act(g.ID, g.Seats[1].Key, 1, "step", 1); code != 200 {
		t.Fatalf("keys survive a restart: %d", code)
	}
}

// TestSharedStore runs two servers on one PostgreSQL database, as two
// processes do: each sees the other's actions, and a server whose memory
// is behind never overwrites the other's. A SQLite file takes one.
func TestSharedStore(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		// A SQLite file has one owner, which keeps versions in memory: a
		// second store on it is refused, saying what to do instead.
		dsn := testDSN(t, false)
		newEnv(t, dsn)
		if st, err := store.Open(context.Background(), dsn); err == nil || !strings.Contains(err.Error(), "PostgreSQL") {
			if st != nil {
				st.Close()
			}
			t.Fatalf("a second store on one SQLite file: %v", err)
		}
	})
	{
		t.Run("postgres", func(t *testing.T) {
			dsn := testDSN(t, true)
			a, b := newEnv(t, dsn), newEnv(t, dsn)
			g := toyGame(a, Human, Human)
			k0, k1 := g.Seats[0].Key, g.Seats[1].Key
			b.view(g.ID, "") // b loads the game at step 0
			if code, _, _ := a.act(g.ID, k0, 0, "step", 0); code != 200 {
				t.Fatal("a's action")
			}
			// A server learns of the other's changes by PostgreSQL's
			// notifications, which take a moment.
			if v := seeStep(b, g.ID, k1, 1); len(v.Decision.Options) != 2 {
				t.Fatalf("b does not see a's action: %+v", v)
			}
			if code, _, eb := b.act(g.ID, k1, 1, "step", 1); code != 200 {
				t.Fatalf("b acts: %d %v", code, eb)
			}
			seeStep(a, g.ID, "", 2)
			// A move based on what a server held before the notification
			// came is refused by the store, never written over the other's.
			if code, _, _ := a.act(g.ID, k0, 0, "step", 1); code != http.StatusConflict {
				t.Fatalf("a stale move: %d, want 409", code)
			}
		})
	}
}

// seeStep waits up to a second for a server to show a game at a step.
func seeStep(e *testEnv, id, keys string, step int) View {
	e.t.Helper()
	deadline := time.Now().Add(time.Second)
	for {
		v := e.view(id, keys)
		if v.Step == step {
			return v
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("the server shows step %d, not %d, a second after the other's move", v.Step, step)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestEvictionKeepsGames keeps only a few games in memory: the others are
// dropped while idle and rebuilt from the store when asked for again.
func TestEvictionKeepsGames(t *testing.T) {
	st, err := store.Open(context.Background(), testDSN(t, false))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(Options{Store: st, Kinds: []Kind{toyKind{}}, MaxLive: 3})
	if err != nil {
		t.Fatal(err)
	}
	e := &testEnv{t: t, srv: srv, http: serveHTTP(srv, nil), store: st}
	t.Cleanup(e.close)
	var games []created
	for i := range 10 {
		g := toyGame(e, Human, Human)
		for s := range i % 3 {
			if code, _, eb := e.act(g.ID, g.Seats[s%2].Key, s%2, "step", s); code != 200 {
				t.Fatalf("act: %d %v", code, eb)
			}
		}
		games = append(games, g)
	}
	srv.mu.Lock()
	inMemory := len(srv.games)
	srv.mu.Unlock()
	if inMemory > 3 {
		t.Fatalf("%d games in memory, at most 3 wanted", inMemory)
	}
	for i, g := range games {
		if v := e.view(g.ID, ""); v.Step != i%3 {
			t.Fatalf("game %d: step %d after eviction, want %d", i, v.Step, i%3)
		}
	}
	if code, _, _ := e.act(games[0].ID, games[0].Seats[0].Key, 0, "step", 0); code != 200 {
		t.Fatal("an evicted game does not play on")
	}
}

// TestIncrementalLog: a page that already shows a version gets only the
// log lines it lacks, and the whole log again after an undo.
func TestIncrementalLog(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	g := toyGame(e, Human, Human)
	k := g.Seats[0].Key + "," + g.Seats[1].Key
	e.act(g.ID, k, 0, "step", 0)
	e.act(g.ID, k, 1, "step", 1)
	v2 := e.view(g.ID, k)
	e.act(g.ID, k, 0, "step", 2)
	var inc View
	e.call("GET", fmt.Sprintf("/api/games/%s?since=%d&logFrom=%d", g.ID, v2.Version, len(v2.Log)), k, nil, &inc)
	if inc.LogStart != 2 || len(inc.Log) != 1 || inc.Log[0] != "Runner 1 moves 1 to 2" {
		t.Fatalf("incremental log: start %d, %q", inc.LogStart, inc.Log)
	}
	// A bad or future version, or a logFrom past the end: the whole log.
	for _, q := range []string{"since=x&logFrom=1", fmt.Sprintf("since=%d&logFrom=1", inc.Version+5), fmt.Sprintf("since=%d&logFrom=9", inc.Version)} {
		var full View
		e.call("GET", "/api/games/"+g.ID+"?"+q, k, nil, &full)
		if full.LogStart != 0 || len(full.Log) != 3 {
			t.Fatalf("%s: start %d, %d lines", q, full.LogStart, len(full.Log))
		}
	}
	// After an undo the log is rewritten: a page from before gets it all.
	if code, body := e.call("POST", "/api/games/"+g.ID+"/undo", k, `{}`, nil); code != 200 {
		t.Fatalf("undo: %d %s", code, body)
	}
	e.act(g.ID, k, 0, "roll", 2)
	var after View
	e.call("GET", fmt.Sprintf("/api/games/%s?since=%d&logFrom=%d", g.ID, v2.Version, len(v2.Log)), k, nil, &after)
	if after.LogStart != 0 || len(after.Log) != 3 {
		t.Fatalf("after an undo: start %d, %q", after.LogStart, after.Log)
	}
}

// flakyStore fails the next n appends, as a database that is briefly
// unavailable would.
type flakyStore struct {
	store.Store
	mu   sync.Mutex
	fail int
}

func (f *flakyStore) failNext(n int) {
	f.mu.Lock()
	f.fail = n
	f.mu.Unlock()
}

func (f *flakyStore) Append(ctx context.Context, id string, version int64, seat int, option string, over bool, result string) (int64, error) {
	f.mu.Lock()
	fail := f.fail > 0
	if fail {
		f.fail--
	}
	f.mu.Unlock()
	if fail {
		return 0, errors.New("the database is unavailable")
	}
	return f.Store.Append(ctx, id, version, seat, option, over, result)
}

func newFlakyEnv(t *testing.T) (*testEnv, *flakyStore) {
	st, err := store.Open(context.Background(), testDSN(t, false))
	if err != nil {
		t.Fatal(err)
	}
	fs := &flakyStore{Store: st}
	srv, err := New(Options{Store: fs, Kinds: []Kind{toyKind{}}})
	if err != nil {
		t.Fatal(err)
	}
	e := &testEnv{t: t, srv: srv, http: serveHTTP(srv, nil), store: fs}
	t.Cleanup(e.close)
	return e, fs
}

// TestFailedWriteLeavesNoTrace: an action whose write fails is answered
// 500 without its details, and the game goes on from what is stored, not
// from the memory that had already applied it.
func TestFailedWriteLeavesNoTrace(t *testing.T) {
	e, fs := newFlakyEnv(t)
	g := toyGame(e, Human, Human)
	k := g.Seats[0].Key + "," + g.Seats[1].Key
	fs.failNext(1)
	code, _, eb := e.act(g.ID, k, 0, "step", 0)
	if code != http.StatusInternalServerError || strings.Contains(eb["error"], "unavailable") {
		t.Fatalf("failed write: %d %v", code, eb)
	}
	if code, _, _ := e.act(g.ID, k, 1, "step", 1); code != http.StatusConflict {
		t.Fatalf("acting on the unstored step: %d, want 409", code)
	}
	if v := e.view(g.ID, k); v.Step != 0 || v.Decision.Seat != 0 || len(v.Log) != 0 {
		t.Fatalf("after a failed write the game shows step %d, seat %d, log %q", v.Step, v.Decision.Seat, v.Log)
	}
	if code, _, _ := e.act(g.ID, k, 0, "step", 0); code != 200 {
		t.Fatalf("the game does not go on: %d", code)
	}
}

// TestComputerRecoversFromFailedWrite: a computer move whose write fails is
// tried again by itself, without any page asking for the game.
func TestComputerRecoversFromFailedWrite(t *testing.T) {
	e, fs := newFlakyEnv(t)
	fs.failNext(2)
	g := toyGame(e, Computer, Human)
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, step, err := fs.Version(context.Background(), g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if step == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the computer seat stopped after a failed write")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestHostileRequests throws malformed and hostile requests at every
// endpoint: none may fail with a 500 or change a game, and the server goes
// on serving.
func TestHostileRequests(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	g := toyGame(e, Human, Human)
	k := g.Seats[0].Key
	before := e.view(g.ID, "")
	paths := []string{"/api/games", "/api/games/" + g.ID, "/api/games/" + g.ID + "/actions", "/api/games/" + g.ID + "/undo",
		"/api/games/" + g.ID + "/seats/1/key", "/api/games/" + g.ID + "/seats/x/key", "/api/games/" + g.ID + "/seats/-1/key",
		"/api/games/" + g.ID + "/replay?step=-1", "/api/games/" + g.ID + "/replay?step=abc", "/api/games/" + g.ID + "/save",
		"/api/games/%00/actions", "/api/games/" + strings.Repeat("x", 5000), "/api/games?limit=0", "/api/games?limit=-5", "/api/kinds",
		"/api/games/" + g.ID + "?since=-1&logFrom=-1", "/api/games/" + g.ID + "?since=99999999999999999999&logFrom=1"}
	bodies := []string{"", "{", "null", "[]", `"x"`, `{"seat":-1,"option":"step"}`, `{"seat":99,"option":"step","step":0}`,
		`{"seat":0,"option":"` + strings.Repeat("a", 300) + `","step":0}`, `{"seat":0,"option":"step","step":-4}`,
		`{"seat":"0","option":"step"}`, `{"game":"toy","seats":[{"kind":"human"},{"kind":"human"}],"seed":-1}`,
		`{"game":"toy","seats":null}`, `{"game":"gandhi","scenario":"../../etc/passwd","seats":[]}`,
		`{"game":"rajas","seats":[{"kind":"human"},{"kind":"computer","bot":"` + strings.Repeat("z", 100) + `"}]}`,
		strings.Repeat("[", 100000)}
	for _, p := range paths {
		for _, m := range []string{"GET", "POST", "DELETE"} {
			for _, b := range bodies {
				for _, keys := range []string{"", k, "garbage,,,", strings.Repeat("k,", 100)} {
					code, body := e.call(m, p, keys, b, nil)
					if code >= 500 {
						t.Fatalf("%s %s keys %.10q body %.40q: %d %s", m, p, keys, b, code, body)
					}
				}
			}
		}
	}
	after := e.view(g.ID, "")
	if after.Step != before.Step || after.Version != before.Version {
		// The bodies never name a legal option at the right step, and the
		// one key sent holds seat 0 only.
		t.Fatalf("hostile requests changed the game: step %d→%d, version %d→%d", before.Step, after.Step, before.Version, after.Version)
	}
}

// TestIncrementalLogOnActions: the answer to an action also carries only
// the log lines the page lacks, when it says which it has.
func TestIncrementalLogOnActions(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	g := toyGame(e, Human, Human)
	k := g.Seats[0].Key + "," + g.Seats[1].Key
	e.act(g.ID, k, 0, "step", 0)
	v := e.view(g.ID, k)
	var after View
	code, body := e.call("POST", fmt.Sprintf("/api/games/%s/actions?since=%d&logFrom=%d", g.ID, v.Version, len(v.Log)), k,
		map[string]any{"seat": 1, "option": "step", "step": 1}, &after)
	if code != 200 || after.LogStart != 1 || len(after.Log) != 1 || after.Step != 2 {
		t.Fatalf("%d %s", code, body)
	}
}
