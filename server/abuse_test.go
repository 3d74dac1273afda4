package server

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The server holds under abuse: a client slow to read holds up no game.
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
