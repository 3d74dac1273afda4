// Package server plays Durbar's games over HTTP: games stored as action logs
// (server/store), seats held by secret keys, computer seats that play by
// themselves, per-seat views that hold only what a seat may see, live
// updates over server-sent events, and the web pages (package web).
//
// Every action goes through the same door as everywhere else in Durbar: the
// game's Decision lists the legal options, Apply plays one. An action is
// acknowledged only after its log row is committed, so a crash never loses
// an action a player saw accepted.
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"durbar/core/i18n"
	"durbar/server/store"
	"durbar/web"
)

// Options configure a Server.
type Options struct {
	Store  store.Store
	Kinds  []Kind       // the games offered, at least one (games.All's Kinds)
	Logger *slog.Logger // default: discard
	// PollInterval is how often a live-update stream asks the store whether
	// another server process changed its game, while the store cannot tell
	// of changes itself (store.Watcher: PostgreSQL's notifications, before
	// its listening connection is up or while it is lost). Default 2s.
	PollInterval time.Duration
	// ComputerPause is a pause before each computer move, so that people
	// watching can follow; default none.
	ComputerPause time.Duration
	// TrimIdle is how often the server drops the cached boards and log of
	// the games in memory that no request used since the last time, so
	// that an idle game keeps little. Default 20s; negative: never.
	TrimIdle time.Duration
	// MaxLive bounds the games kept rebuilt in memory; beyond it idle games
	// are dropped and rebuilt from the store when next asked for. Default
	// 5000.
	MaxLive int

	// The limits below keep one client from taking the server (limits.go).
	// For each, 0 is its default and a negative value turns it off.

	// ReadHeaderTimeout bounds reading a request's head, ReadTimeout the
	// whole request with its body, WriteTimeout handling it and writing the
	// answer, IdleTimeout a kept-alive connection waiting for its next
	// request (HTTPServer). A live-update stream is exempt: each of its
	// writes gets WriteTimeout anew. Defaults 5s, 10s, 30s and 60s.
	ReadHeaderTimeout, ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	// MaxConnsPerClient bounds the connections one client address holds
	// open (Listener). Default 64.
	MaxConnsPerClient int
	// MaxStreams bounds the live-update streams open at once, in all
	// (default 4096) and from one client address (MaxStreamsPerClient,
	// default 16).
	MaxStreams, MaxStreamsPerClient int
	// CreatePerMinute is how many games one client address may create a
	// minute, after a first burst of CreateBurst. Defaults 10 and 20.
	CreatePerMinute float64
	CreateBurst     int
	// ComputerThreads is how many computer players think at once, whatever
	// the number of games. Default (0 or less) half of GOMAXPROCS, at least
	// 1.
	ComputerThreads int
}

// Server is the HTTP game server. Create it with New, serve HTTPServer on
// Listener (which add the limits of Options to Handler), and call Close
// when done.
type Server struct {
	store store.Store
	kinds map[string]Kind
	// catalogs are the kinds' catalogs, read once: views, the lobby and
	// saves consult them on every request.
	catalogs map[string]Catalog
	// texts are the kinds' translations: game → language → catalog.
	texts map[string]map[string]*i18n.Catalog
	// errorCats are the server's messages merged with a game's words, by
	// "kind/lang" (errorText).
	errorCats sync.Map
	order     []string // kind names in catalog order
	log       *slog.Logger
	poll      time.Duration
	pause     time.Duration
	live      int // Options.MaxLive
	hub       *hub
	static    http.Handler

	limits  limits
	conns   counter      // connections by client address (Listener)
	streams counter      // live-update streams by client address
	creates *rateLimiter // game creations by client address
	think   *thinkPool   // the computer players' turns to think
	metrics *metrics     // GET /metrics

	mu       sync.Mutex
	games    map[string]*liveGame // games loaded in memory, by id
	failures map[string]int       // failed computer moves in a row, by game
	closed   bool                 // Close was called: start nothing more
	// loading counts the loads of each game under way, pending the newest
	// version notified for it meanwhile (Server.changed).
	loading map[string]int
	pending map[string]int64

	// watching is set while the store tells of every change other
	// processes write (store.Watcher), epoch counts the times it began.
	watching atomic.Bool
	epoch    atomic.Int64

	ctx    context.Context // cancelled by Close: stops computer players and streams
	cancel context.CancelFunc
	wg     sync.WaitGroup // computer players running
}

// New builds a server on a store.
func New(opt Options) (*Server, error) {
	if opt.Store == nil {
		return nil, errors.New("server: no store")
	}
	if len(opt.Kinds) == 0 {
		return nil, errors.New("server: no games to offer")
	}
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	if opt.PollInterval <= 0 {
		opt.PollInterval = 2 * time.Second
	}
	if opt.MaxLive <= 0 {
		opt.MaxLive = 5000
	}
	lim := limits{
		readHeader:       orDefault(opt.ReadHeaderTimeout, DefaultReadHeaderTimeout),
		read:             orDefault(opt.ReadTimeout, DefaultReadTimeout),
		write:            orDefault(opt.WriteTimeout, DefaultWriteTimeout),
		idle:             orDefault(opt.IdleTimeout, DefaultIdleTimeout),
		connsPerClient:   orDefault(opt.MaxConnsPerClient, DefaultMaxConnsPerClient),
		streams:          orDefault(opt.MaxStreams, DefaultMaxStreams),
		streamsPerClient: orDefault(opt.MaxStreamsPerClient, DefaultMaxStreamsPerClient),
		createPerMinute:  orDefault(opt.CreatePerMinute, DefaultCreatePerMinute),
		createBurst:      orDefault(opt.CreateBurst, DefaultCreateBurst),
		threads:          opt.ComputerThreads,
	}
	if lim.threads <= 0 {
		lim.threads = DefaultComputerThreads(runtime.GOMAXPROCS(0))
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{
		store: opt.Store, kinds: map[string]Kind{}, catalogs: map[string]Catalog{}, texts: map[string]map[string]*i18n.Catalog{}, log: opt.Logger,
		poll: opt.PollInterval, pause: opt.ComputerPause, live: opt.MaxLive,
		hub: newHub(), static: web.Handler(), games: map[string]*liveGame{}, failures: map[string]int{},
		loading: map[string]int{}, pending: map[string]int64{},
		ctx: ctx, cancel: cancel,
		limits: lim, conns: counter{maxClient: lim.connsPerClient}, streams: counter{maxTotal: lim.streams, maxClient: lim.streamsPerClient},
		creates: newRateLimiter(lim.createPerMinute, lim.createBurst), think: newThinkPool(lim.threads),
	}
	s.metrics = newMetrics(s)
	if o, ok := opt.Store.(store.BatchObserver); ok {
		o.ObserveBatches(func(n int) { s.metrics.batches.Observe(float64(n)) })
	}
	for _, k := range opt.Kinds {
		c := k.Catalog()
		name := c.Name
		if _, dup := s.kinds[name]; dup {
			cancel()
			return nil, fmt.Errorf("server: game %q offered twice", name)
		}
		texts, err := k.Translations()
		if err != nil {
			cancel()
			return nil, fmt.Errorf("server: %s translations: %w", name, err)
		}
		s.kinds[name] = k
		s.catalogs[name] = c
		s.texts[name] = texts
		s.order = append(s.order, name)
	}
	s.watch()
	if opt.TrimIdle == 0 {
		opt.TrimIdle = 20 * time.Second
	}
	if opt.TrimIdle > 0 {
		s.goBackground(func() { s.trimLoop(opt.TrimIdle) })
	}
	return s, nil
}

// Close stops the computer players and the live-update streams and waits
// for the computer players to finish the move they are storing. It does not
// close the store.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.cancel()
	s.wg.Wait()
	s.think.close()
}

// Handler is the server's HTTP handler: the API, the live-update streams,
// /healthz and the web pages.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.Handle("GET /metrics", s.metrics.handler())
	mux.HandleFunc("GET /api/kinds", s.listKinds)
	mux.HandleFunc("GET /api/games", s.listGames)
	mux.HandleFunc("POST /api/games", s.createGame)
	mux.HandleFunc("GET /api/games/{id}", s.getView)
	mux.HandleFunc("POST /api/games/{id}/actions", s.postAction)
	mux.HandleFunc("POST /api/games/{id}/undo", s.postUndo)
	mux.HandleFunc("POST /api/games/{id}/seats/{seat}/key", s.postRekey)
	mux.HandleFunc("GET /api/games/{id}/events", s.events)
	mux.HandleFunc("GET /api/games/{id}/replay", s.getReplay)
	mux.HandleFunc("GET /api/games/{id}/save", s.getSave)
	mux.HandleFunc("POST /api/games/{id}/rematch", s.rematch)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		s.refuse(w, r, http.StatusNotFound, "", "no such API endpoint: "+r.Method+" "+r.URL.Path)
	})
	mux.Handle("/", s.static)
	return s.logRequests(mux)
}

// logRequests writes one structured line per request and counts it in the
// metrics. It logs the path only: keys may travel in the query string and
// must not reach the logs.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(sw, r)
		took := time.Since(start)
		s.metrics.observe(r.Pattern, sw.status, took, sw.bytes)
		if s.log.Enabled(r.Context(), slog.LevelInfo) {
			s.log.LogAttrs(r.Context(), slog.LevelInfo, "request",
				slog.String("method", r.Method), slog.String("path", r.URL.Path),
				slog.Int("status", sw.status), slog.Duration("took", took))
		}
	})
}

// statusWriter records the status code and the bytes written for the
// request log and the metrics, and passes flushes through (the live-update
// stream needs them).
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// healthz answers 200 when the database answers and takes writes, else
// 503 with the reason.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	reason := ""
	if _, err := s.store.List(ctx, 1); err != nil {
		s.log.Error("health check: the database does not answer", "error", err.Error())
		reason = "the database does not answer"
	} else if err := s.store.Writable(ctx); err != nil {
		s.log.Error("health check: the database cannot be written", "error", err.Error())
		reason = "the database cannot be written: " + err.Error()
	}
	if reason != "" {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "store": s.store.Kind(), "reason": reason})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "store": s.store.Kind()})
}
