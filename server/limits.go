package server

import (
	"context"
	"fmt"
	"log"
	"math"
	"net"
	"net/http"
	"net/netip"
	"runtime"
	"strconv"
	"sync"
	"time"
)

// What one client may take of the server: every connection has timeouts
// (HTTPServer), a client address holds a bounded number of connections
// (Listener) and of live-update streams, creates games at a bounded rate,
// and the computer players think in a bounded pool (thinkPool). A refused
// request answers 429 with a Retry-After header and the API's JSON error.

// The defaults of Options' limits; the flags of durbar serve show them too.
const (
	DefaultReadHeaderTimeout   = 5 * time.Second
	DefaultReadTimeout         = 10 * time.Second
	DefaultWriteTimeout        = 30 * time.Second
	DefaultIdleTimeout         = 60 * time.Second
	DefaultMaxConnsPerClient   = 64
	DefaultMaxStreams          = 4096
	DefaultMaxStreamsPerClient = 16
	DefaultCreatePerMinute     = 10
	DefaultCreateBurst         = 20
)

// DefaultComputerThreads is how many computer players think at once by
// default: half the cores Go runs on, at least one, so that requests always
// find a core free.
func DefaultComputerThreads(gomaxprocs int) int { return max(1, gomaxprocs/2) }

// orDefault is v when it is positive, def when it is 0, and 0 (off) when it
// is negative.
func orDefault[T int | float64 | time.Duration](v, def T) T {
	switch {
	case v > 0:
		return v
	case v == 0:
		return def
	}
	return 0
}

// clientKey is the address a client is counted by: its IP address, or for
// IPv6 its /64 network, which one subscriber usually holds whole.
func clientKey(remoteAddr string) string {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		host = remoteAddr
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	ip = ip.Unmap().WithZone("")
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}

// tooMany is the 429 error of a limit, with the wait a client should
// respect before trying again.
func tooMany(retry time.Duration, format string, args ...any) *apiError {
	e := errorf(http.StatusTooManyRequests, format, args...)
	e.retryAfter = max(retry, time.Second)
	return e
}

// retryAfterSeconds is a Retry-After value: whole seconds, rounded up.
func retryAfterSeconds(d time.Duration) string {
	return strconv.FormatInt(int64(math.Ceil(d.Seconds())), 10)
}

// HTTPServer is an http.Server for Handler with the connection timeouts of
// the options. Serve it on Listener(ln), which bounds the connections of
// each client. errorLog may be nil (the standard logger).
func (s *Server) HTTPServer(errorLog *log.Logger) *http.Server {
	return &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: s.limits.readHeader,
		ReadTimeout:       s.limits.read,
		WriteTimeout:      s.limits.write,
		IdleTimeout:       s.limits.idle,
		ErrorLog:          errorLog,
	}
}

// limits are the options' limits with their defaults applied; 0 is off.
type limits struct {
	readHeader, read, write, idle time.Duration
	connsPerClient                int
	streams, streamsPerClient     int
	createPerMinute               float64
	createBurst                   int
	threads                       int
}

// streamRetry is the Retry-After of a refused live-update stream: the page
// tries again after a while and meanwhile refreshes when it acts.
const streamRetry = 10 * time.Second

// counter counts what clients hold open (connections, streams), in all and
// by client address, against caps (0: none).
type counter struct {
	mu        sync.Mutex
	total     int
	byClient  map[string]int
	maxTotal  int
	maxClient int
}

// open is how many are counted, over all clients.
func (c *counter) open() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.total
}

// take counts one more for client; it fails when a cap is reached, saying
// which.
func (c *counter) take(client string) (ok, perClient bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.maxClient > 0 && c.byClient[client] >= c.maxClient {
		return false, true
	}
	if c.maxTotal > 0 && c.total >= c.maxTotal {
		return false, false
	}
	if c.byClient == nil {
		c.byClient = map[string]int{}
	}
	c.total++
	c.byClient[client]++
	return true, false
}

func (c *counter) drop(client string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total--
	if c.byClient[client]--; c.byClient[client] <= 0 {
		delete(c.byClient, client)
	}
}

// held is how many client holds, and how many are held in all.
func (c *counter) held(client string) (mine, total int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.byClient[client], c.total
}

// openStream counts a live-update stream of the request's client, or says
// why it is refused. The caller calls the returned release when the
// stream ends.
func (s *Server) openStream(r *http.Request) (release func(), err error) {
	client := clientKey(r.RemoteAddr)
	ok, perClient := s.streams.take(client)
	switch {
	case ok:
		return func() { s.streams.drop(client) }, nil
	case perClient:
		return nil, tooMany(streamRetry, "too many live-update streams from your address (at most %d): close some game pages", s.streams.maxClient)
	}
	return nil, tooMany(streamRetry, "the server has too many live-update streams open (%d); try again later", s.streams.maxTotal)
}

// rateLimiter is a token bucket per client address: a client may do
// something burst times at once and then rate times per second. Buckets
// that have filled up again are forgotten.
type rateLimiter struct {
	mu      sync.Mutex
	rate    float64 // tokens per second; 0: no limit
	burst   float64
	buckets map[string]*bucket
	swept   time.Time
	now     func() time.Time // time.Now; tests set a clock of their own
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newRateLimiter(perMinute float64, burst int) *rateLimiter {
	return &rateLimiter{rate: perMinute / 60, burst: float64(max(burst, 1)), buckets: map[string]*bucket{}, now: time.Now}
}

// take spends one token of client's bucket, or says how long until one is
// there.
func (l *rateLimiter) take(client string) (wait time.Duration, ok bool) {
	if l.rate <= 0 {
		return 0, true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	full := time.Duration(l.burst / l.rate * float64(time.Second))
	if now.Sub(l.swept) > max(full, time.Minute) {
		for k, b := range l.buckets {
			if now.Sub(b.at) >= full {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b := l.buckets[client]
	if b == nil {
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[client] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.at).Seconds()*l.rate)
	b.at = now
	if b.tokens < 1 {
		return time.Duration((1 - b.tokens) / l.rate * float64(time.Second)), false
	}
	b.tokens--
	return 0, true
}

// thinkPool lets a bounded number of computer players think at once, so
// that computer-only games, however many, leave cores to the requests. A
// free slot goes to the longest waiting game, a game with a human seat
// before any game the computer plays alone: a person waits for the
// computer's reply, a study of computer games does not.
//
// The players think on threads of their own, of low scheduling priority
// (lowerPriority): on a busy machine the system runs the threads serving
// requests first, and thinking takes what is left.
type thinkPool struct {
	mu      sync.Mutex
	size    int // turns in all
	free    int
	waiting [2][]chan struct{} // by priority: 0 a game with a human seat, 1 computers alone
	jobs    chan func()        // to the thinking threads
	stop    sync.Once
}

func newThinkPool(n int) *thinkPool {
	p := &thinkPool{size: max(n, 1), free: max(n, 1), jobs: make(chan func())}
	for range p.free {
		go p.thinker()
	}
	return p
}

// thinker runs thoughts on an OS thread of its own, of low priority. The
// thread is never handed back to Go's other goroutines: it ends with the
// thinker.
func (p *thinkPool) thinker() {
	runtime.LockOSThread()
	lowerPriority()
	for f := range p.jobs {
		f()
	}
}

// run runs f on a thinking thread and waits for it; the caller holds a
// turn (acquire), so a thread is free.
func (p *thinkPool) run(f func()) {
	done := make(chan struct{})
	p.jobs <- func() {
		defer close(done)
		f()
	}
	<-done
}

// close ends the thinking threads once nobody thinks any more.
func (p *thinkPool) close() { p.stop.Do(func() { close(p.jobs) }) }

// acquire waits for a slot; it fails only when ctx ends first.
func (p *thinkPool) acquire(ctx context.Context, computersOnly bool) error {
	prio := 0
	if computersOnly {
		prio = 1
	}
	p.mu.Lock()
	if p.free > 0 {
		p.free--
		p.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	p.waiting[prio] = append(p.waiting[prio], ch)
	p.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		p.mu.Lock()
		defer p.mu.Unlock()
		for i, c := range p.waiting[prio] {
			if c == ch {
				p.waiting[prio] = append(p.waiting[prio][:i], p.waiting[prio][i+1:]...)
				return ctx.Err()
			}
		}
		// The slot was handed over meanwhile: pass it on.
		p.releaseLocked()
		return ctx.Err()
	}
}

// release hands the slot to the next waiter.
func (p *thinkPool) release() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.releaseLocked()
}

func (p *thinkPool) releaseLocked() {
	for prio := range p.waiting {
		if q := p.waiting[prio]; len(q) > 0 {
			close(q[0])
			q[0] = nil
			p.waiting[prio] = q[1:]
			return
		}
	}
	p.free++
}

// busy is how many turns are taken (the metrics).
func (p *thinkPool) busy() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.size - p.free
}

// waiters is how many wait for a slot (for tests and the metrics).
func (p *thinkPool) waiters() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.waiting[0]) + len(p.waiting[1])
}

// Listener bounds the connections each client address holds open at once
// (Options.MaxConnsPerClient). A connection over the limit is answered 429
// and closed.
func (s *Server) Listener(ln net.Listener) net.Listener {
	if s.conns.maxClient <= 0 {
		return ln
	}
	return &limitListener{Listener: ln, conns: &s.conns, refusing: make(chan struct{}, 64)}
}

type limitListener struct {
	net.Listener
	conns *counter
	// refusing bounds the connections being answered 429 at once; beyond
	// it they are closed without an answer.
	refusing chan struct{}
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		client := clientKey(c.RemoteAddr().String())
		if ok, _ := l.conns.take(client); ok {
			return &countedConn{Conn: c, release: func() { l.conns.drop(client) }}, nil
		}
		select {
		case l.refusing <- struct{}{}:
			go func() {
				defer func() { <-l.refusing }()
				refuseConn(c, l.conns.maxClient)
			}()
		default:
			c.Close()
		}
	}
}

// refuseConn answers a connection over its client's limit with a 429 and
// closes it, reading what the client sent meanwhile so that the answer is
// not lost to a reset.
func refuseConn(c net.Conn, limit int) {
	defer c.Close()
	body := fmt.Sprintf(`{"error":"too many connections from your address (at most %d): close some"}`+"\n", limit)
	c.SetDeadline(time.Now().Add(2 * time.Second))
	fmt.Fprintf(c, "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nRetry-After: %d\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s",
		5, len(body), body)
	if tc, ok := c.(interface{ CloseWrite() error }); ok {
		tc.CloseWrite()
	}
	buf := make([]byte, 4096)
	for {
		if _, err := c.Read(buf); err != nil {
			return
		}
	}
}

// countedConn gives back its client's count once closed.
type countedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *countedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
