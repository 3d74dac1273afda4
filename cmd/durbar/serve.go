package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"durbar/plug"
	"durbar/plug/cli"
	"durbar/server"
	"durbar/server/store"
)

// cmdServe runs the web server offering the games gs until SIGINT or
// SIGTERM, then shuts down gracefully: computer players stop after the move
// they are storing, requests in flight finish, then the database is closed.
func cmdServe(gs []plug.Game, c plug.Call) error {
	args, stdout := c.Args, c.Stdout
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (port 0: any free port)")
	db := fs.String("db", "durbar.db", "SQLite file, or a postgres://… URL to share one database between server processes")
	logFormat := fs.String("log", "text", "log format on stderr: text or json")
	pause := fs.Duration("computer-pause", 0, "pause before each computer move, so that people watching can follow")
	debugAddr := fs.String("pprof", "", "also serve Go's profiler (net/http/pprof) on this address, e.g. 127.0.0.1:6060; keep it private")
	// Limits (docs/server.md); 0 turns one off.
	readHeader := fs.Duration("read-header-timeout", server.DefaultReadHeaderTimeout, "time to read a request's head (0: none)")
	read := fs.Duration("read-timeout", server.DefaultReadTimeout, "time to read a whole request with its body (0: none)")
	write := fs.Duration("write-timeout", server.DefaultWriteTimeout, "time to handle a request and write its answer; each write of a live-update stream gets it anew (0: none)")
	idle := fs.Duration("idle-timeout", server.DefaultIdleTimeout, "time a kept-alive connection may wait for its next request (0: none)")
	connsPerClient := fs.Int("max-conns-per-client", server.DefaultMaxConnsPerClient, "connections one client address may hold open (0: no limit)")
	streams := fs.Int("max-streams", server.DefaultMaxStreams, "live-update streams open at once (0: no limit)")
	streamsPerClient := fs.Int("max-streams-per-client", server.DefaultMaxStreamsPerClient, "live-update streams one client address may hold open (0: no limit)")
	createRate := fs.Float64("create-rate", server.DefaultCreatePerMinute, "games one client address may create a minute, after the first --create-burst (0: no limit)")
	createBurst := fs.Int("create-burst", server.DefaultCreateBurst, "games one client address may create at once")
	threads := fs.Int("computer-threads", server.DefaultComputerThreads(runtime.GOMAXPROCS(0)), "computer players thinking at once, over all games")
	pos, err := cli.ParseFlags(fs, args)
	if err != nil {
		return err
	}
	if err := cli.NoExtra(pos); err != nil {
		return err
	}
	if *threads < 1 || *createBurst < 1 || *createRate < 0 || *connsPerClient < 0 || *streams < 0 || *streamsPerClient < 0 ||
		*readHeader < 0 || *read < 0 || *write < 0 || *idle < 0 {
		return errors.New("--computer-threads and --create-burst must be at least 1, the other limits at least 0 (0: off)")
	}
	var handler slog.Handler
	switch *logFormat {
	case "text":
		handler = slog.NewTextHandler(os.Stderr, nil)
	case "json":
		handler = slog.NewJSONHandler(os.Stderr, nil)
	default:
		return fmt.Errorf("--log must be text or json, not %q", *logFormat)
	}
	logger := slog.New(handler)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := store.Open(ctx, *db)
	if err != nil {
		return fmt.Errorf("opening the database: %w", err)
	}
	defer st.Close()
	kinds := make([]server.Kind, len(gs))
	for i, g := range gs {
		kinds[i] = g.Kind()
	}
	srv, err := server.New(server.Options{
		Store: st, Kinds: kinds, Logger: logger, ComputerPause: *pause,
		ReadHeaderTimeout: off(*readHeader), ReadTimeout: off(*read), WriteTimeout: off(*write), IdleTimeout: off(*idle),
		MaxConnsPerClient: off(*connsPerClient), MaxStreams: off(*streams), MaxStreamsPerClient: off(*streamsPerClient),
		CreatePerMinute: off(*createRate), CreateBurst: *createBurst, ComputerThreads: *threads,
	})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	if *debugAddr != "" {
		// The profiler gets its own listener, never the public handler.
		dbg := http.NewServeMux()
		dbg.HandleFunc("/debug/pprof/", pprof.Index)
		dbg.HandleFunc("/debug/pprof/profile", pprof.Profile)
		dbg.HandleFunc("/debug/pprof/trace", pprof.Trace)
		dbg.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
		dbg.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
		dl, err := net.Listen("tcp", *debugAddr)
		if err != nil {
			return fmt.Errorf("--pprof: %w", err)
		}
		go http.Serve(dl, dbg)
		logger.Info("profiler", "addr", dl.Addr().String())
	}
	hs := srv.HTTPServer(slog.NewLogLogger(handler, slog.LevelWarn))
	fmt.Fprintf(stdout, "Durbar is serving on http://%s/ (games stored in %s; Ctrl-C stops)\n", ln.Addr(), st.Kind())
	logger.Info("serving", "addr", ln.Addr().String(), "store", st.Kind())

	served := make(chan error, 1)
	go func() { served <- hs.Serve(srv.Listener(ln)) }()
	select {
	case err := <-served:
		srv.Close()
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down")
	srv.Close() // stops computer players and live-update streams
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		logger.Warn("shutdown", "error", err.Error())
	}
	logger.Info("stopped")
	return nil
}

// off maps a flag's 0 (off) to the server options' "off", a negative value
// (their 0 is the default).
func off[T int | float64 | time.Duration](v T) T {
	if v == 0 {
		return -1
	}
	return v
}
