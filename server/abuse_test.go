package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"durbar/server/store"
)

// The server holds under abuse: slow and silent clients are cut off by the
// timeouts, a client slow to read holds up no game, and every client meets
// caps (connections, live-update streams, game creation) answered 429, while
// the computer players think in a bounded pool.
//
// No test here depends on how fast the machine is: each waits for the
// event it expects (a connection closed, an answer written), with a
// deadline only as a guard against hanging forever.

// patience is how long a test waits for something that must happen before it
// declares it never will; only a broken server reaches it.
const patience = 60 * time.Second

// eventually polls cond until it holds, failing the test after guard.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: still not so after %s", what, patience)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Every test client has a loopback address of its own (the whole of
// 127.0.0.0/8 reaches this machine), so that the server counts it apart.
var nextClient struct {
	sync.Mutex
	n int
}

func newClientAddr() string {
	nextClient.Lock()
	defer nextClient.Unlock()
	nextClient.n++
	return fmt.Sprintf("127.0.%d.%d", 1+nextClient.n/250, 1+nextClient.n%250)
}

// dialFrom opens a TCP connection to the test server from a local address;
// rcvbuf, when not 0, shrinks its receive buffer (set before connecting, so
// the window the client announces stays that small).
func dialFrom(t *testing.T, e *testEnv, local string, rcvbuf int) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}}
	if rcvbuf > 0 {
		d.Control = func(network, address string, c syscall.RawConn) error {
			var serr error
			err := c.Control(func(fd uintptr) {
				serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, rcvbuf)
			})
			if err != nil {
				return err
			}
			return serr
		}
	}
	c, err := d.Dial("tcp", e.http.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// clientFrom is an HTTP client whose connections come from a local address.
func clientFrom(local string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
}

// rawRequest is an HTTP/1.1 request as written on the wire.
func rawRequest(method, path, keys, body string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s HTTP/1.1\r\nHost: durbar\r\n", method, path)
	if keys != "" {
		fmt.Fprintf(&b, "Authorization: Bearer %s\r\n", keys)
	}
	if body != "" {
		fmt.Fprintf(&b, "Content-Type: application/json\r\nContent-Length: %d\r\n", len(body))
	}
	b.WriteString("\r\n" + body)
	return b.String()
}

// drip writes text to c a byte at a time, every few milliseconds, then
// again, until a write fails (the connection is cut) or stop closes.
func drip(c net.Conn, text string, stop <-chan struct{}) {
	for {
		for i := range len(text) {
			if _, err := c.Write([]byte{text[i]}); err != nil {
				return
			}
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}
}

// connsOf is how many connections the server holds from a client address.
func connsOf(e *testEnv, addr string) int {
	n, _ := e.srv.conns.held(clientKey(addr))
	return n
}

// TestTimeoutsCutSlowClients: a client that sends its request head or body
// a byte at a time, never reads its answer, or keeps a connection idle is
// cut off by the timeout meant for it. The same client on a server with no
// timeouts is still connected afterwards: the timeout cut it, nothing else.
func TestTimeoutsCutSlowClients(t *testing.T) {
	const short = 100 * time.Millisecond
	off := Options{ReadHeaderTimeout: -1, ReadTimeout: -1, WriteTimeout: -1, IdleTimeout: -1}
	cases := []struct {
		name  string
		opt   func(*Options)
		abuse func(t *testing.T, c net.Conn, stop <-chan struct{})
	}{
		{"a request head sent a byte at a time", func(o *Options) { o.ReadHeaderTimeout = short },
			func(t *testing.T, c net.Conn, stop <-chan struct{}) {
				go drip(c, "GET /healthz HTTP/1.1\r\nHost: durbar\r\nX-Slow: "+strings.Repeat("a", 1<<16), stop)
			}},
		{"a request body sent a byte at a time", func(o *Options) { o.ReadTimeout = short },
			func(t *testing.T, c net.Conn, stop <-chan struct{}) {
				io.WriteString(c, "POST /api/games/x/actions HTTP/1.1\r\nHost: durbar\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n")
				go drip(c, strings.Repeat(" ", 100000), stop)
			}},
		{"answers never read", func(o *Options) { o.WriteTimeout = short },
			func(t *testing.T, c net.Conn, stop <-chan struct{}) {
				// Requests for the page's script, one after another and
				// never read: the buffers fill and the server's write
				// waits.
				go io.WriteString(c, strings.Repeat(rawRequest("GET", "/static/app.js", "", ""), 10000))
			}},
		{"a kept-alive connection left idle", func(o *Options) { o.IdleTimeout = short },
			func(t *testing.T, c net.Conn, stop <-chan struct{}) {
				io.WriteString(c, rawRequest("GET", "/healthz", "", ""))
				resp, err := http.ReadResponse(bufio.NewReader(c), nil)
				if err != nil {
					t.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opt := off
			c.opt(&opt)
			timed := newEnvWith(t, testDSN(t, false), opt, nil)
			untimed := newEnvWith(t, testDSN(t, false), off, nil)
			stop := make(chan struct{})
			defer close(stop)
			rcvbuf := 0
			if c.name == "answers never read" {
				rcvbuf = 1024
			}
			addr := newClientAddr()
			var conns [2]net.Conn
			for i, e := range []*testEnv{timed, untimed} {
				conns[i] = dialFrom(t, e, addr, rcvbuf)
				eventually(t, "the server accepts the connection", func() bool { return connsOf(e, addr) == 1 })
				c.abuse(t, conns[i], stop)
			}
			eventually(t, "the slow client is cut off", func() bool { return connsOf(timed, addr) == 0 })
			if n := connsOf(untimed, addr); n != 1 {
				t.Fatalf("without timeouts the same client has %d connections, want 1: something else cut it", n)
			}
		})
	}
}

// TestStreamOutlivesTimeouts: a live-update stream lives on past every
// connection timeout and still carries updates, while a request as old as
// it was cut off long ago.
func TestStreamOutlivesTimeouts(t *testing.T) {
	dsn := testDSN(t, false)
	const short = 200 * time.Millisecond
	a := newEnv(t, dsn) // where the game is played, with the usual timeouts
	// b serves the stream, on a's store (a SQLite file has one owner),
	// and learns of a's action by polling it.
	b := newEnvWith(t, dsn, Options{Store: polled{a.store}, ReadHeaderTimeout: short, ReadTimeout: short, WriteTimeout: short, IdleTimeout: short,
		PollInterval: 10 * time.Millisecond}, nil)
	g := toyGame(a, Human, Human)
	resp, err := clientFrom(newClientAddr()).Get(b.http.URL + "/api/games/" + g.ID + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := bufio.NewScanner(resp.Body)
	next := func() update {
		t.Helper()
		for lines.Scan() {
			if d, ok := strings.CutPrefix(lines.Text(), "data: "); ok {
				var u update
				json.Unmarshal([]byte(d), &u)
				return u
			}
		}
		t.Fatalf("the stream was cut: %v", lines.Err())
		return update{}
	}
	if u := next(); u.Step != 0 {
		t.Fatalf("first event: %+v", u)
	}
	// A request begun after the stream, whose body never comes, is cut by
	// the read timeout: by then every deadline the stream began with has
	// passed.
	slow := dialFrom(t, b, newClientAddr(), 0)
	io.WriteString(slow, "POST /api/games/"+g.ID+"/actions HTTP/1.1\r\nHost: durbar\r\nContent-Length: 10\r\n\r\n")
	io.Copy(io.Discard, slow) // until the server closes it
	if code, _, eb := a.act(g.ID, g.Seats[0].Key, 0, "step", 0); code != 200 {
		t.Fatalf("act: %d %v", code, eb)
	}
	if u := next(); u.Step != 1 {
		t.Fatalf("after an action: %+v", u)
	}
}

// writeSignal closes started when the handler begins writing its answer.
type writeSignal struct {
	http.ResponseWriter
	once    sync.Once
	started chan struct{}
}

func (w *writeSignal) Write(p []byte) (int, error) {
	w.once.Do(func() { close(w.started) })
	return w.ResponseWriter.Write(p)
}

// smallSendBuffers gives each accepted connection the smallest send buffer
// the system allows, so that an answer the client does not read fills the
// buffers whatever the machine's TCP tuning.
type smallSendBuffers struct{ net.Listener }

func (l smallSendBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetWriteBuffer(1)
	}
	return c, err
}

// TestSlowClientHoldsNoGame: a player whose receive window stays full (a
// tiny receive buffer, never read) holds up nobody: while the server is
// still writing that player's answer, the other player and a spectator of
// the same game are served, and the game goes on.
func TestSlowClientHoldsNoGame(t *testing.T) {
	cases := []struct {
		name    string
		request func(g created, v View, keys string) string
	}{
		{"an action whose answer is never read", func(g created, v View, keys string) string {
			body := fmt.Sprintf(`{"seat":%d,"option":%q,"step":%d}`, v.Decision.Seat, v.Decision.Options[0].ID, v.Step)
			return rawRequest("POST", "/api/games/"+g.ID+"/actions", keys, body)
		}},
		{"a view never read", func(g created, v View, keys string) string {
			return rawRequest("GET", "/api/games/"+g.ID, keys, "")
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			started, done := make(chan struct{}), make(chan struct{})
			e := newEnvWith(t, testDSN(t, false), Options{}, func(hs *httptest.Server) {
				inner := hs.Config.Handler
				hs.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					if r.Header.Get("X-Slow") == "" {
						inner.ServeHTTP(w, r)
						return
					}
					defer close(done)
					inner.ServeHTTP(&writeSignal{ResponseWriter: w, started: started}, r)
				})
				hs.Listener = smallSendBuffers{hs.Listener}
			})
			// Rajas for two: its view (about 20 kB) is several times what
			// the smallest buffers hold.
			g := e.create(CreateRequest{Game: "rajas", Seats: []SeatRequest{{Kind: Human}, {Kind: Human}}})
			both := g.Seats[0].Key + "," + g.Seats[1].Key
			v := e.view(g.ID, both)
			mover, other := g.Seats[v.Decision.Seat].Key, g.Seats[1-v.Decision.Seat].Key
			slow := dialFrom(t, e, newClientAddr(), 1)
			req := c.request(g, v, mover)
			req = strings.Replace(req, "\r\n", "\r\nX-Slow: 1\r\n", 1)
			if _, err := io.WriteString(slow, req); err != nil {
				t.Fatal(err)
			}
			select {
			case <-started:
			case <-time.After(patience):
				t.Fatal("the slow client's request was never answered")
			}
			// The server is writing the slow client's answer: the others
			// of the game are served all the same.
			e.view(g.ID, other)
			e.view(g.ID, "")
			now := e.view(g.ID, both)
			if code, _, eb := e.act(g.ID, both, now.Decision.Seat, now.Decision.Options[0].ID, now.Step); code != 200 {
				t.Fatalf("the next action: %d %v", code, eb)
			}
			select {
			case <-done:
				t.Fatal("the slow client's answer was over (written in full, or cut by the write timeout) before the others were served")
			default:
			}
		})
	}
}

// TestConnectionsPerClient: a client address holds at most
// MaxConnsPerClient connections; one more is answered 429 and closed, and
// another address is not affected. A closed connection frees its place.
func TestConnectionsPerClient(t *testing.T) {
	e := newEnvWith(t, testDSN(t, false), Options{MaxConnsPerClient: 2}, nil)
	abuser, bystander := newClientAddr(), newClientAddr()
	get := func(c net.Conn) *http.Response {
		t.Helper()
		io.WriteString(c, rawRequest("GET", "/healthz", "", ""))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	var held []net.Conn
	for range 2 {
		c := dialFrom(t, e, abuser, 0)
		if resp := get(c); resp.StatusCode != 200 {
			t.Fatalf("a connection within the limit: %d", resp.StatusCode)
		}
		held = append(held, c)
	}
	c := dialFrom(t, e, abuser, 0)
	io.WriteString(c, rawRequest("GET", "/healthz", "", ""))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	var eb map[string]string
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" || json.Unmarshal(body, &eb) != nil ||
		!strings.Contains(eb["error"], "too many connections from your address (at most 2)") {
		t.Fatalf("a connection over the limit: %d %v %s", resp.StatusCode, resp.Header, body)
	}
	if resp := get(dialFrom(t, e, bystander, 0)); resp.StatusCode != 200 {
		t.Fatalf("another address: %d", resp.StatusCode)
	}
	held[0].Close()
	eventually(t, "a closed connection frees its place", func() bool { return connsOf(e, abuser) == 1 })
	if resp := get(dialFrom(t, e, abuser, 0)); resp.StatusCode != 200 {
		t.Fatalf("after one was closed: %d", resp.StatusCode)
	}
}

// TestStreamCaps: live-update streams are capped per client address and in
// all, with a 429 that says which and when to try again.
func TestStreamCaps(t *testing.T) {
	e := newEnvWith(t, testDSN(t, false), Options{MaxStreamsPerClient: 2, MaxStreams: 3}, nil)
	g := toyGame(e, Human, Human)
	open := func(addr string) (*http.Response, []byte) {
		t.Helper()
		resp, err := clientFrom(addr).Get(e.http.URL + "/api/games/" + g.ID + "/events")
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != 200 {
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			return resp, body
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp, nil
	}
	a, b, c := newClientAddr(), newClientAddr(), newClientAddr()
	var first *http.Response
	for i, s := range []struct {
		addr string
		code int
		says string
	}{
		{a, 200, ""},
		{a, 200, ""},
		{a, 429, "too many live-update streams from your address (at most 2)"},
		{b, 200, ""},
		{c, 429, "the server has too many live-update streams open (3)"},
	} {
		resp, body := open(s.addr)
		var eb map[string]string
		json.Unmarshal(body, &eb)
		if resp.StatusCode != s.code || !strings.Contains(eb["error"], s.says) || (s.code == 429) != (resp.Header.Get("Retry-After") != "") {
			t.Fatalf("stream %d: %d %v %s, want %d saying %q", i, resp.StatusCode, resp.Header, body, s.code, s.says)
		}
		if i == 0 {
			first = resp
		}
	}
	first.Body.Close()
	eventually(t, "a closed stream frees its place", func() bool {
		resp, _ := open(a)
		return resp.StatusCode == 200
	})
}

// TestCreationRate: a client address creates games at a bounded rate,
// after a burst; then 429 with Retry-After and the API's error. Another
// address is not affected.
func TestCreationRate(t *testing.T) {
	e := newEnvWith(t, testDSN(t, false), Options{CreatePerMinute: 1, CreateBurst: 3}, nil)
	a, b := clientFrom(newClientAddr()), clientFrom(newClientAddr())
	body := `{"game":"toy","seats":[{"kind":"human"},{"kind":"human"}]}`
	for i, c := range []struct {
		client *http.Client
		code   int
	}{{a, 201}, {a, 201}, {a, 201}, {a, 429}, {b, 201}} {
		code, h, data := e.callWith(c.client, "POST", "/api/games", "", body, nil)
		if code != c.code {
			t.Fatalf("creation %d: %d %s, want %d", i, code, data, c.code)
		}
		if code == 429 {
			var eb map[string]string
			json.Unmarshal(data, &eb)
			wait, err := strconv.Atoi(h.Get("Retry-After"))
			if err != nil || wait < 1 || wait > 60 || !strings.Contains(eb["error"], "too many games created from your address") {
				t.Fatalf("refused creation: Retry-After %q, %s", h.Get("Retry-After"), data)
			}
		}
	}
}

// TestRateLimiter follows one bucket on a clock of the test's own.
func TestRateLimiter(t *testing.T) {
	now := time.Unix(1e9, 0)
	l := newRateLimiter(6, 2) // one every 10 s, two at once
	l.now = func() time.Time { return now }
	for i, s := range []struct {
		advance time.Duration
		client  string
		ok      bool
		wait    time.Duration
	}{
		{0, "a", true, 0},
		{0, "a", true, 0},
		{0, "a", false, 10 * time.Second},
		{0, "b", true, 0},
		{4 * time.Second, "a", false, 6 * time.Second},
		{6 * time.Second, "a", true, 0},
		{0, "a", false, 10 * time.Second},
		{time.Hour, "a", true, 0}, // the bucket is full again, and only holds two
		{0, "a", true, 0},
		{0, "a", false, 10 * time.Second},
	} {
		now = now.Add(s.advance)
		wait, ok := l.take(s.client)
		if ok != s.ok || (wait-s.wait).Abs() > time.Millisecond {
			t.Fatalf("step %d: ok %v wait %s, want %v %s", i, ok, wait, s.ok, s.wait)
		}
	}
	if len(l.buckets) != 1 {
		t.Fatalf("full buckets are forgotten: %d left, want 1", len(l.buckets))
	}
}

func TestClientKey(t *testing.T) {
	for _, c := range []struct{ addr, key string }{
		{"192.0.2.7:5000", "192.0.2.7"},
		{"[::ffff:192.0.2.7]:5000", "192.0.2.7"},
		{"[2001:db8:1:2:3:4:5:6]:80", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:ffff::1]:80", "2001:db8:1:2::/64"},
		{"[fe80::1%eth0]:80", "fe80::/64"},
		{"garbage", "garbage"},
	} {
		if got := clientKey(c.addr); got != c.key {
			t.Errorf("clientKey(%q) = %q, want %q", c.addr, got, c.key)
		}
	}
}

// TestThinkPool: slots go to the longest waiting, games with people before
// computer-only games; a waiter that gives up takes no slot.
func TestThinkPool(t *testing.T) {
	p := newThinkPool(1)
	defer p.close()
	ctx := context.Background()
	if err := p.acquire(ctx, true); err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 8)
	wait := func(name string, computersOnly bool, ctx context.Context) {
		n := p.waiters()
		go func() {
			if err := p.acquire(ctx, computersOnly); err != nil {
				got <- name + " gave up"
				return
			}
			got <- name
		}()
		eventually(t, name+" waits", func() bool { return p.waiters() == n+1 })
	}
	cancelled, cancel := context.WithCancel(ctx)
	wait("computers 1", true, ctx)
	wait("quitter", false, cancelled)
	wait("computers 2", true, ctx)
	wait("people 1", false, ctx)
	wait("people 2", false, ctx)
	cancel()
	if g := <-got; g != "quitter gave up" {
		t.Fatalf("got %q", g)
	}
	for _, want := range []string{"people 1", "people 2", "computers 1", "computers 2"} {
		p.release()
		if g := <-got; g != want {
			t.Fatalf("the slot went to %q, want %q", g, want)
		}
	}
	p.release()
	if p.free != 1 || p.waiters() != 0 {
		t.Fatalf("free %d, waiting %d", p.free, p.waiters())
	}
}

// gateKind is the toy race whose computer players think until the test
// lets them, one move at a time: the test sees who thinks, and how many at
// once.
type gateKind struct {
	toyKind
	g *gate
}

func (k gateKind) Catalog() Catalog {
	c := k.toyKind.Catalog()
	c.Name = "gate"
	return c
}

func (k gateKind) Open(setup json.RawMessage, seats []SeatSpec, seed uint64, log []string) (Table, error) {
	t, err := k.toyKind.Open(setup, seats, seed, log)
	if err != nil {
		return nil, err
	}
	return &gateTable{toyTable: t.(*toyTable), g: k.g, seed: seed}, nil
}

type gateTable struct {
	*toyTable
	g    *gate
	seed uint64
}

func (t *gateTable) PlayComputer() (string, error) {
	t.g.think(t.seed)
	return t.toyTable.PlayComputer()
}

type gate struct {
	mu             sync.Mutex
	thinking, most int
	started        chan uint64   // the seed of each game that begins to think
	turn           chan struct{} // one value ends one think; closed, all
}

func (g *gate) think(seed uint64) {
	g.mu.Lock()
	g.thinking++
	g.most = max(g.most, g.thinking)
	g.mu.Unlock()
	g.started <- seed
	<-g.turn
	g.mu.Lock()
	g.thinking--
	g.mu.Unlock()
}

// TestComputersThinkInABoundedPool: however many computer-only games run,
// at most ComputerThreads computer players think at once; people's requests
// need no turn, and the computer player of a game with a person waiting
// thinks before the computer-only games waiting longer.
func TestComputersThinkInABoundedPool(t *testing.T) {
	g := &gate{started: make(chan uint64, 1000), turn: make(chan struct{})}
	e := newEnvWith(t, testDSN(t, false), Options{Kinds: []Kind{gateKind{g: g}, toyKind{}}, ComputerThreads: 2}, nil)
	t.Cleanup(func() { close(g.turn) }) // before the server closes (cleanups run last first)
	create := func(seed uint64, seats ...string) {
		req := CreateRequest{Game: "gate", Seed: &seed}
		for _, k := range seats {
			req.Seats = append(req.Seats, SeatRequest{Kind: k})
		}
		e.create(req)
	}
	for i := range 5 {
		create(uint64(i+1), Computer, Computer)
	}
	<-g.started
	<-g.started
	eventually(t, "three computer-only games wait for a turn", func() bool { return e.srv.think.waiters() == 3 })
	// People play while every thinking slot is taken.
	h := toyGame(e, Human, Human)
	if code, _, eb := e.act(h.ID, h.Seats[0].Key, 0, "step", 0); code != 200 {
		t.Fatalf("a person's action while the computers think: %d %v", code, eb)
	}
	e.view(h.ID, "")
	// A person waits for the computer of this game: it thinks next.
	create(100, Computer, Human)
	eventually(t, "the game with a person waits too", func() bool { return e.srv.think.waiters() == 4 })
	g.turn <- struct{}{}
	if seed := <-g.started; seed != 100 {
		t.Fatalf("game %d thinks before the game with a person waiting", seed)
	}
	for range 20 {
		g.turn <- struct{}{}
		<-g.started
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.most != 2 {
		t.Fatalf("%d computer players thought at once, want at most (and here exactly) 2", g.most)
	}
}

// polled hides a store's watch (store.Watcher), so that a server on it
// polls for changes as when it shares a database it cannot watch.
type polled struct{ store.Store }
