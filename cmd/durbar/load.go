package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	neturl "net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"durbar/plug"
	"durbar/plug/cli"
)

// cmdLoad measures a running server: N concurrent games, each played by its
// own client making random legal moves through the HTTP API (view, then
// action), as a browser would. It prints actions per second and latency
// percentiles of the action requests and the view requests. What it
// creates of each game of gs is the game's plug.LoadTest.
func cmdLoad(gs []plug.Game, c plug.Call) error {
	args, stdout := c.Args, c.Stdout
	tests := map[string]plug.LoadTest{}
	var names, computerNames []string
	var computers []plug.CreateRequest
	for _, g := range gs {
		lt := g.Command().LoadTest()
		tests[g.Name()] = lt
		names = append(names, g.Name())
		if lt.Computers != nil {
			computers = append(computers, *lt.Computers)
			computerNames = append(computerNames, g.Name())
		}
	}
	choices := orList(append(slices.Clone(names), "mixed"))
	fs := flag.NewFlagSet("load", flag.ContinueOnError)
	url := fs.String("url", "http://127.0.0.1:8080", "the server")
	games := fs.Int("games", 100, "concurrent games")
	actions := fs.Int("actions", 40, "actions per game (fewer if the game ends)")
	game := fs.String("game", names[0], "game to play: "+choices)
	seed := fs.Uint64("seed", 1, "seed of the clients' random choices (the server seeds the games: they seat several humans)")
	jsonOut := fs.Bool("json", false, "print the figures as JSON")
	computerGames := fs.Int("computer-games", 0, "first start this many games of computer players only ("+strings.Join(computerNames, ", ")+"), which keep the server's computer players thinking while the clients play")
	holdConns := fs.Int("hold-conns", 0, "instead of playing, measure how many connections one client can hold: open this many, each left with a request head that never ends, and report how many the server kept, and how long it kept them")
	holdFor := fs.Duration("hold-for", time.Minute, "with --hold-conns, how long to wait for the server to cut the kept connections off")
	every := fs.Duration("every", 0, "open loop: each game acts once every this long (its games start spread over the first period), whatever the server's answers, as people do; 0: closed loop, each game acts again as soon as it is answered")
	spawnDB := fs.String("spawn-db", "", "start `durbar serve` in a process of its own on this database (a SQLite file or a postgres:// URL) and measure it instead of --url")
	serverBin := fs.String("server-bin", "", "with --spawn-db, the durbar binary to serve with (default: this one)")
	serverCPUs := fs.String("server-cpus", "", "with --spawn-db, pin the server to these cores (taskset's list, e.g. 0), so that its figures and the client's do not mix")
	pos, err := cli.ParseFlags(fs, args)
	if err != nil {
		return err
	}
	if err := cli.NoExtra(pos); err != nil {
		return err
	}
	if *holdConns > 0 {
		return holdConnections(strings.TrimRight(*url, "/"), *holdConns, *holdFor, *jsonOut, stdout)
	}
	if *games < 1 || *actions < 1 {
		return errors.New("--games and --actions must be at least 1")
	}
	if *every < 0 {
		return errors.New("--every must be at least 0 (0: closed loop)")
	}
	var spawned *spawnedServer
	if *spawnDB != "" {
		logFile, err := os.CreateTemp("", "durbar-load-server-*.log")
		if err != nil {
			return err
		}
		defer logFile.Close()
		srv, err := spawnServer(*serverBin, *spawnDB, *serverCPUs, logFile)
		if err != nil {
			return fmt.Errorf("%w (its log: %s)", err, logFile.Name())
		}
		defer srv.stop()
		spawned = srv
		*url = srv.url
		fmt.Fprintf(stdout, "server: %s on %s, cores %q, its log in %s\n", *spawnDB, srv.url, *serverCPUs, logFile.Name())
	}
	if *computerGames < 0 || *computerGames > 400 {
		return errors.New("--computer-games must be from 0 to 400 (their moves are counted from the game list's newest 500)")
	}
	if _, ok := tests[*game]; !ok && *game != "mixed" {
		return fmt.Errorf("--game must be %s, not %q", choices, *game)
	}
	if *computerGames > 0 && len(computers) == 0 {
		return errors.New("--computer-games: no game offers games of computer players only")
	}
	client := &http.Client{
		Timeout:   60 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: *games + 8, MaxConnsPerHost: 0, IdleConnTimeout: time.Minute},
	}
	lc := &loadClient{base: strings.TrimRight(*url, "/"), http: client}
	var background []string // the computer-only games
	for i := range *computerGames {
		id, err := lc.createComputerGame(computers[i%len(computers)])
		if err != nil {
			return fmt.Errorf("computer game %d: %w", i+1, err)
		}
		background = append(background, id)
	}
	movesBefore, err := lc.steps(background)
	if err != nil {
		return err
	}
	// The server's figures before: in the open loop once every game is
	// created (begin), so that they count the actions alone.
	var (
		figuresBefore serverFigures
		haveFigures   bool
		cpuBefore     float64
		bytesBefore   int64
	)
	snapshot := func() {
		figuresBefore, haveFigures = scrapeMetrics(client, lc.base)
		if spawned != nil {
			cpuBefore, _ = spawned.cpuSeconds()
		}
		bytesBefore = lc.received.Load()
	}

	var (
		mu         sync.Mutex
		actLat     []time.Duration
		viewLat    []time.Duration
		failures   []string
		finished   int
		wg         sync.WaitGroup
		start      = time.Now()
		firstError error
	)
	var created sync.WaitGroup
	clock := make(chan struct{})
	if *every == 0 {
		snapshot()
	} else {
		created.Add(*games)
		go func() {
			created.Wait()
			snapshot()
			start = time.Now()
			close(clock)
		}()
	}
	for i := range *games {
		kind := *game
		if kind == "mixed" {
			kind = names[i%len(names)]
		}
		var due func(k int) time.Time // closed loop: no schedule
		var begin func()
		if *every > 0 {
			// Every game is created before the clock starts.
			begin = func() { created.Done(); <-clock }
			// Game i acts at start + i/games of a period + k periods.
			offset := time.Duration(int64(*every) * int64(i) / int64(*games))
			due = func(k int) time.Time { return start.Add(offset + time.Duration(k)*(*every)) }
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := lc.playGame(tests[kind].People, *seed+uint64(i), *actions, due, begin)
			mu.Lock()
			defer mu.Unlock()
			actLat = append(actLat, res.act...)
			viewLat = append(viewLat, res.view...)
			if res.over {
				finished++
			}
			if err != nil {
				failures = append(failures, err.Error())
				if firstError == nil {
					firstError = err
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	movesAfter, err := lc.steps(background)
	if err != nil {
		return err
	}
	rep := loadReport{
		Games: *games, Game: *game, Mode: "closed", Actions: len(actLat), Finished: finished, Errors: len(failures),
		Seconds: elapsed.Seconds(), ActionsPerSec: float64(len(actLat)) / elapsed.Seconds(),
		Act: percentiles(actLat), View: percentiles(viewLat),
		ComputerGames: len(background), ComputerMoves: movesAfter - movesBefore,
	}
	if *every > 0 {
		rep.Mode, rep.OfferedPerSec = "open", float64(*games)/every.Seconds()
	}
	if rep.Actions > 0 {
		rep.ClientBytesPerAction = float64(lc.received.Load()-bytesBefore) / float64(rep.Actions)
	}
	if figuresAfter, ok := scrapeMetrics(client, lc.base); ok && haveFigures {
		if n := figuresAfter.actions - figuresBefore.actions; n > 0 {
			rep.ServerActions, rep.FiguresFrom = int(n), "its /metrics; computer moves included"
			rep.ServerCPUPerAction = (figuresAfter.cpuSeconds - figuresBefore.cpuSeconds) * 1000 / n
			rep.BytesPerAction = (figuresAfter.bytes - figuresBefore.bytes) / n
		}
	} else if spawned != nil && rep.Actions > 0 {
		// A server without /metrics: its process's CPU time over the
		// client's actions.
		if cpuAfter, ok := spawned.cpuSeconds(); ok {
			rep.ServerActions, rep.FiguresFrom = rep.Actions, "its process's CPU time; bytes as the client read them"
			rep.ServerCPUPerAction = (cpuAfter - cpuBefore) * 1000 / float64(rep.Actions)
			rep.BytesPerAction = rep.ClientBytesPerAction
		}
	}
	if *jsonOut {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return err
		}
	} else {
		if rep.Mode == "open" {
			fmt.Fprintf(stdout, "open loop: %d %s games each acting once every %s (%.0f actions/s offered)\n", rep.Games, rep.Game, *every, rep.OfferedPerSec)
		}
		fmt.Fprintf(stdout, "%d concurrent %s games, %d actions in %.1f s: %.0f actions/s (%d games finished, %d errors)\n",
			rep.Games, rep.Game, rep.Actions, rep.Seconds, rep.ActionsPerSec, rep.Finished, rep.Errors)
		fmt.Fprintf(stdout, "action latency ms: p50 %.1f  p90 %.1f  p99 %.1f  max %.1f\n", rep.Act.P50, rep.Act.P90, rep.Act.P99, rep.Act.Max)
		fmt.Fprintf(stdout, "view latency ms:   p50 %.1f  p90 %.1f  p99 %.1f  max %.1f\n", rep.View.P50, rep.View.P90, rep.View.P99, rep.View.Max)
		fmt.Fprintf(stdout, "client: %.0f bytes read per action\n", rep.ClientBytesPerAction)
		if rep.ServerActions > 0 {
			fmt.Fprintf(stdout, "server (%s): %.3f ms CPU per action, %.0f bytes answered per action (%d actions)\n",
				rep.FiguresFrom, rep.ServerCPUPerAction, rep.BytesPerAction, rep.ServerActions)
		}
		if rep.ComputerGames > 0 {
			fmt.Fprintf(stdout, "meanwhile %d computer-only games (%s) made %d moves: %.1f moves/s\n",
				rep.ComputerGames, strings.Join(computerNames, ", "), rep.ComputerMoves, float64(rep.ComputerMoves)/rep.Seconds)
		}
	}
	if firstError != nil {
		return fmt.Errorf("%d of %d games failed; first: %w", len(failures), *games, firstError)
	}
	return nil
}

type loadReport struct {
	Games int    `json:"games"`
	Game  string `json:"game"`
	// Mode is "closed" (each game acts again once answered) or "open"
	// (each game acts on a schedule, --every: OfferedPerSec in all).
	Mode          string    `json:"mode"`
	OfferedPerSec float64   `json:"offeredPerSec,omitempty"`
	Actions       int       `json:"actions"`
	Finished      int       `json:"finished"`
	Errors        int       `json:"errors"`
	Seconds       float64   `json:"seconds"`
	ActionsPerSec float64   `json:"actionsPerSec"`
	Act           latencies `json:"actionLatencyMs"`
	View          latencies `json:"viewLatencyMs"`
	// ComputerGames ran beside the clients' games (--computer-games) and
	// made ComputerMoves meanwhile.
	ComputerGames int `json:"computerGames,omitempty"`
	ComputerMoves int `json:"computerMoves,omitempty"`
	// From the server's /metrics over the run: its CPU time and the bytes
	// of its answers per action it committed (ServerActions, computer
	// moves included). Absent for a server without /metrics.
	ServerActions      int     `json:"serverActions,omitempty"`
	FiguresFrom        string  `json:"figuresFrom,omitempty"`
	ServerCPUPerAction float64 `json:"serverCpuMsPerAction,omitempty"`
	BytesPerAction     float64 `json:"bytesPerAction,omitempty"`
	// ClientBytesPerAction are the answer bodies the client read (every
	// request: views, actions, creations) per action.
	ClientBytesPerAction float64 `json:"clientBytesPerAction,omitempty"`
}

type latencies struct {
	Min float64 `json:"min"`
	P50 float64 `json:"p50"`
	P90 float64 `json:"p90"`
	P99 float64 `json:"p99"`
	Max float64 `json:"max"`
}

func percentiles(d []time.Duration) latencies {
	if len(d) == 0 {
		return latencies{}
	}
	s := slices.Clone(d)
	slices.Sort(s)
	at := func(q float64) float64 {
		i := int(q * float64(len(s)-1))
		return float64(s[i]) / float64(time.Millisecond)
	}
	return latencies{Min: at(0), P50: at(0.50), P90: at(0.90), P99: at(0.99), Max: at(1)}
}

// loadClient plays games through the server's HTTP API.
type loadClient struct {
	base     string
	http     *http.Client
	received atomic.Int64 // answer bytes read
}

type gameResult struct {
	act, view []time.Duration
	over      bool
}

// loadView is the part of the server's view a random player reads.
type loadView struct {
	Step     int      `json:"step"`
	Version  int64    `json:"version"`
	Log      []string `json:"log"`
	LogStart int      `json:"logStart"`
	Over     bool     `json:"over"`
	// BoardSeat is whose board the view holds (the server's patches).
	BoardSeat int `json:"boardSeat"`
	Decision  *struct {
		Seat    int `json:"seat"`
		Options []struct {
			ID string `json:"id"`
		} `json:"options"`
	} `json:"decision"`
}

// playGame creates the game req, whose seats are all human (this client
// holds every key), and plays random legal options, chosen with its own
// seed, as a page does: an action, then the view after it (which every
// other page of the game fetches too). With due, action k waits for its
// time, due(k), and its latency counts from then, so that a server
// falling behind the schedule shows in it (open loop); without, each
// action follows the last at once (closed loop).
func (c *loadClient) playGame(req plug.CreateRequest, seed uint64, actions int, due func(k int) time.Time, begin func()) (gameResult, error) {
	var began bool
	defer func() {
		if begin != nil && !began {
			begin() // a game that failed to start must not hold up the others
		}
	}()
	var res gameResult
	var created struct {
		ID    string `json:"id"`
		Seats []struct {
			Key string `json:"key"`
		} `json:"seats"`
	}
	if _, err := c.do("POST", "/api/games", "", req, &created); err != nil {
		return res, fmt.Errorf("creating a %s game: %w", req.Game, err)
	}
	var keys []string
	for _, s := range created.Seats {
		keys = append(keys, s.Key)
	}
	auth := strings.Join(keys, ",")
	rng := rand.New(rand.NewPCG(seed, 0x10ad))
	var v loadView
	if _, err := c.do("GET", "/api/games/"+created.ID, auth, nil, &v); err != nil {
		return res, fmt.Errorf("game %s: view: %w", created.ID, err)
	}
	logLen := len(v.Log)
	if begin != nil {
		began = true
		begin()
	}
	for k := range actions {
		if v.Over || v.Decision == nil {
			res.over = true
			return res, nil
		}
		if len(v.Decision.Options) == 0 {
			return res, fmt.Errorf("game %s: step %d offers no options to the seat holding every key", created.ID, v.Step)
		}
		id := v.Decision.Options[rng.IntN(len(v.Decision.Options))].ID
		body := map[string]any{"seat": v.Decision.Seat, "option": id, "step": v.Step}
		// Like the web page, the client asks only for the log lines it
		// lacks, and for the short answer to an action.
		logQuery := fmt.Sprintf("?since=%d&logFrom=%d&at=%d&as=%d", v.Version, logLen, v.Step, v.BoardSeat)
		start := time.Now()
		if due != nil {
			start = due(k)
			time.Sleep(time.Until(start))
		}
		_, err := c.do("POST", "/api/games/"+created.ID+"/actions"+logQuery+"&reply=short", auth, body, nil)
		res.act = append(res.act, time.Since(start))
		if err != nil {
			return res, fmt.Errorf("game %s: action %q at step %d: %w", created.ID, id, v.Step, err)
		}
		var after loadView
		d, err := c.do("GET", "/api/games/"+created.ID+logQuery, auth, nil, &after)
		res.view = append(res.view, d)
		if err != nil {
			return res, fmt.Errorf("game %s: view: %w", created.ID, err)
		}
		if after.LogStart > 0 || len(after.Log) > 0 {
			logLen = after.LogStart + len(after.Log)
		}
		v = after
	}
	return res, nil
}

// createComputerGame creates a game of computer players only (req), which
// the server plays by itself.
func (c *loadClient) createComputerGame(req plug.CreateRequest) (string, error) {
	var created struct {
		ID string `json:"id"`
	}
	if _, err := c.do("POST", "/api/games", "", req, &created); err != nil {
		return "", err
	}
	return created.ID, nil
}

// steps adds up the steps the games have reached, from the game list (a
// game's view would wait while its computer player thinks).
func (c *loadClient) steps(ids []string) (int, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	var list []struct {
		ID   string `json:"id"`
		Step int    `json:"step"`
	}
	if _, err := c.do("GET", "/api/games?limit=500", "", nil, &list); err != nil {
		return 0, fmt.Errorf("the game list: %w", err)
	}
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	total := 0
	for _, g := range list {
		if want[g.ID] {
			total += g.Step
		}
	}
	return total, nil
}

// do makes one API request and decodes the answer into out (if not nil).
func (c *loadClient) do(method, path, auth string, body, out any) (time.Duration, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(context.Background(), method, c.base+path, rd)
	if err != nil {
		return 0, err
	}
	if auth != "" {
		req.Header.Set("Authorization", "Bearer "+auth)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	start := time.Now()
	resp, err := c.http.Do(req)
	if err != nil {
		return time.Since(start), err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	took := time.Since(start)
	c.received.Add(int64(len(data)))
	if err != nil {
		return took, err
	}
	if resp.StatusCode >= 300 {
		return took, fmt.Errorf("%s %s: %s: %s", method, path, resp.Status, bytes.TrimSpace(data))
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return took, fmt.Errorf("%s %s: undecodable answer: %w", method, path, err)
		}
	}
	return took, nil
}

// holdReport is what --hold-conns measures.
type holdReport struct {
	Opened  int `json:"opened"`
	Kept    int `json:"kept"`    // served, then held open by the server, all at once
	Refused int `json:"refused"` // answered 429 at once
	Failed  int `json:"failed"`  // could not connect, or another answer
	// Cut are the kept connections the server closed within --hold-for,
	// after KeptFor; the others were still open.
	Cut     int       `json:"cut"`
	KeptFor latencies `json:"keptForMs"`
}

// holdConnections measures how many connections one client can hold: it
// opens n connections from this one address, one after another, each with
// a request (so the server has taken it) and then the head of another that
// never ends, keeping them all. It reports how many the server kept and
// how many it refused (429), then waits up to holdFor for the server to
// cut the kept ones off.
func holdConnections(base string, n int, holdFor time.Duration, jsonOut bool, stdout io.Writer) error {
	u, err := neturl.Parse(base)
	if err != nil || u.Host == "" {
		return fmt.Errorf("--url %q is not a server address", base)
	}
	rep := holdReport{Opened: n}
	cut := make(chan time.Duration, n)
	var open []net.Conn
	defer func() {
		for _, c := range open {
			c.Close()
		}
	}()
	for range n {
		c, err := net.DialTimeout("tcp", u.Host, 30*time.Second)
		if err != nil {
			rep.Failed++
			continue
		}
		c.SetDeadline(time.Now().Add(30 * time.Second))
		r := bufio.NewReader(c)
		fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: %s\r\n\r\n", u.Host)
		resp, err := http.ReadResponse(r, nil)
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		switch {
		case err == nil && resp.StatusCode == http.StatusTooManyRequests:
			rep.Refused++
			c.Close()
			continue
		case err != nil || resp.StatusCode != http.StatusOK:
			rep.Failed++
			c.Close()
			continue
		}
		rep.Kept++
		open = append(open, c)
		c.SetDeadline(time.Time{})
		start := time.Now()
		fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: %s\r\nX-Never-Ends: ", u.Host)
		go func() {
			io.Copy(io.Discard, r) // until the server closes it
			cut <- time.Since(start)
		}()
	}
	var kept []time.Duration
	wait := time.After(holdFor)
collect:
	for range rep.Kept {
		select {
		case d := <-cut:
			kept = append(kept, d)
		case <-wait:
			break collect
		}
	}
	rep.Cut, rep.KeptFor = len(kept), percentiles(kept)
	if jsonOut {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	fmt.Fprintf(stdout, "one client opened %d connections, each left with a request head that never ends: the server kept %d at once and refused %d (429); %d failed otherwise\n",
		rep.Opened, rep.Kept, rep.Refused, rep.Failed)
	if rep.Kept > 0 {
		fmt.Fprintf(stdout, "within %s the server cut off %d of the %d kept, after p50 %.1f s, max %.1f s\n",
			holdFor, rep.Cut, rep.Kept, rep.KeptFor.P50/1000, rep.KeptFor.Max/1000)
	}
	return nil
}

// orList is "a, b or c".
func orList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}
