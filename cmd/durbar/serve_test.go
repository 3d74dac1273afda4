package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"durbar/server/store"
)

// TestMain lets the test binary stand in for the durbar command: a test
// that needs a real server process (to kill it) runs the test binary with
// DURBAR_RUN_MAIN=1 and durbar's arguments.
func TestMain(m *testing.M) {
	if os.Getenv("DURBAR_RUN_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// serverProcess is `durbar serve` running in its own process.
type serverProcess struct {
	cmd    *exec.Cmd
	url    string
	stderr *bytes.Buffer // the structured log
}

func startServer(t *testing.T, db string, flags ...string) *serverProcess {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db}, flags...)...)
	cmd.Env = append(os.Environ(), "DURBAR_RUN_MAIN=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := &bytes.Buffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the server did not start: %v\n%s", err, stderr.String())
	}
	m := regexp.MustCompile(`http://[0-9.:]+`).FindString(line)
	if m == "" {
		t.Fatalf("no address in %q", line)
	}
	p := &serverProcess{cmd: cmd, url: m, stderr: stderr}
	t.Cleanup(func() { p.cmd.Process.Kill(); p.cmd.Wait() })
	return p
}

func httpJSON(method, url, keys string, body, out any) (int, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, rd)
	if keys != "" {
		req.Header.Set("Authorization", "Bearer "+keys)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, err
	}
	if out != nil && resp.StatusCode < 300 {
		return resp.StatusCode, json.Unmarshal(data, out)
	}
	return resp.StatusCode, nil
}

// TestCrashLosesNoAcknowledgedAction kills the server (SIGKILL, no chance
// to flush anything) while several games are being played, restarts it on
// the same database and checks that every action the server acknowledged
// is there, in order.
func TestCrashLosesNoAcknowledgedAction(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	dbs := map[string]string{"sqlite": filepath.Join(t.TempDir(), "crash.db")}
	if dsn := os.Getenv("DURBAR_TEST_POSTGRES"); dsn != "" {
		dbs["postgres"] = dsn
	} else if os.Getenv("CI") == "true" {
		t.Fatal("CI must provide DURBAR_TEST_POSTGRES")
	}
	for name, db := range dbs {
		t.Run(name, func(t *testing.T) { crashTest(t, db) })
	}
}

func crashTest(t *testing.T, db string) {
	p := startServer(t, db)
	const games = 6
	type played struct {
		id, keys string
		acked    []string // option ids acknowledged, in order
	}
	var all []*played
	for i := range games {
		game := []string{"rajas", "gandhi"}[i%2]
		req := map[string]any{"game": game, "seats": []map[string]string{{"kind": "human"}, {"kind": "human"}, {"kind": "human"}, {"kind": "human"}}}
		if game == "gandhi" {
			req["scenario"] = "short"
		} else {
			req["seats"] = []map[string]string{{"kind": "human"}, {"kind": "human"}}
		}
		var c struct {
			ID    string `json:"id"`
			Seats []struct {
				Key string `json:"key"`
			} `json:"seats"`
		}
		if code, err := httpJSON("POST", p.url+"/api/games", "", req, &c); code != 201 || err != nil {
			t.Fatalf("create: %d %v", code, err)
		}
		var keys []string
		for _, s := range c.Seats {
			keys = append(keys, s.Key)
		}
		all = append(all, &played{id: c.ID, keys: strings.Join(keys, ",")})
	}
	// Every game is played by its own client as fast as it can; the server
	// is killed while actions are in flight.
	var wg sync.WaitGroup
	stop := make(chan struct{})
	var count int64
	var mu sync.Mutex
	for i, g := range all {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 1))
			for {
				select {
				case <-stop:
					return
				default:
				}
				var v loadView
				if code, err := httpJSON("GET", p.url+"/api/games/"+g.id, g.keys, nil, &v); code != 200 || err != nil {
					return // the server is gone
				}
				if v.Over || v.Decision == nil || len(v.Decision.Options) == 0 {
					return
				}
				id := v.Decision.Options[rng.IntN(len(v.Decision.Options))].ID
				var after loadView
				code, err := httpJSON("POST", p.url+"/api/games/"+g.id+"/actions", g.keys, map[string]any{"seat": v.Decision.Seat, "option": id, "step": v.Step}, &after)
				if err != nil {
					return // killed mid-request: this action was not acknowledged
				}
				if code != 200 {
					t.Errorf("game %s: action %q refused: %d", g.id, id, code)
					return
				}
				g.acked = append(g.acked, id)
				mu.Lock()
				count++
				mu.Unlock()
			}
		}()
	}
	// Kill once enough actions are acknowledged, with requests in flight.
	deadline := time.Now().Add(30 * time.Second)
	for {
		mu.Lock()
		n := count
		mu.Unlock()
		if n >= 150 || time.Now().After(deadline) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	p.cmd.Wait()
	close(stop)
	wg.Wait()
	mu.Lock()
	if count < 20 {
		t.Fatalf("only %d actions were acknowledged before the kill", count)
	}
	mu.Unlock()

	// What the database holds, read directly: every acknowledged action, in
	// order; at most one more (stored, then killed before the answer).
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range all {
		rec, err := st.Load(context.Background(), g.id)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Log) < len(g.acked) || len(rec.Log) > len(g.acked)+1 || !slices.Equal(rec.Log[:len(g.acked)], g.acked) {
			t.Fatalf("game %s: %d actions acknowledged, %d stored; acknowledged %v, stored %v", g.id, len(g.acked), len(rec.Log), g.acked, rec.Log)
		}
	}
	st.Close()

	// The restarted server replays every game and goes on with it.
	p2 := startServer(t, db)
	for _, g := range all {
		var v loadView
		if code, err := httpJSON("GET", p2.url+"/api/games/"+g.id, g.keys, nil, &v); code != 200 || err != nil {
			t.Fatalf("game %s after the restart: %d %v", g.id, code, err)
		}
		if v.Decision != nil && len(v.Decision.Options) > 0 {
			var after loadView
			if code, err := httpJSON("POST", p2.url+"/api/games/"+g.id+"/actions", g.keys, map[string]any{"seat": v.Decision.Seat, "option": v.Decision.Options[0].ID, "step": v.Step}, &after); code != 200 || err != nil {
				t.Fatalf("game %s is not playable after the restart: %d %v", g.id, code, err)
			}
		}
	}
	t.Logf("%d actions acknowledged before SIGKILL, all found after the restart", count)
}

// TestServeShutsDownGracefully stops a server with SIGTERM while a page
// holds a live-update stream open: it must exit 0 promptly, having logged
// its requests and its stop.
func TestServeShutsDownGracefully(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	p := startServer(t, filepath.Join(t.TempDir(), "g.db"))
	var health map[string]string
	if code, err := httpJSON("GET", p.url+"/healthz", "", nil, &health); code != 200 || err != nil || health["status"] != "ok" {
		t.Fatalf("healthz: %d %v %v", code, err, health)
	}
	var c struct{ ID string }
	if code, err := httpJSON("POST", p.url+"/api/games", "", map[string]any{"game": "rajas", "seats": []map[string]string{{"kind": "human"}, {"kind": "computer"}}}, &c); code != 201 || err != nil {
		t.Fatalf("create: %d %v", code, err)
	}
	resp, err := http.Get(p.url + "/api/games/" + c.ID + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	start := time.Now()
	p.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("exit: %v\n%s", err, p.stderr)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the server did not stop within 15 s of SIGTERM")
	}
	log := p.stderr.String()
	for _, want := range []string{"msg=serving", "msg=request", "path=/healthz", "msg=\"shutting down\"", "msg=stopped"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %s:\n%s", want, log)
		}
	}
	t.Logf("stopped %v after SIGTERM", time.Since(start).Round(time.Millisecond))
}

// TestTwoProcessesShareOnePostgres runs two `durbar serve` processes on
// one PostgreSQL database: a game created through one is played through
// both, each seeing the other's moves, and a move based on a stale view is
// refused instead of overwriting the other's.
func TestTwoProcessesShareOnePostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	a, b, id, keys := twoPostgresServers(t)
	servers := []*serverProcess{a, b}
	for i := range 20 {
		p, other := servers[i%2], servers[(i+1)%2]
		var v loadView
		if code, err := httpJSON("GET", p.url+"/api/games/"+id, keys, nil, &v); code != 200 || err != nil {
			t.Fatalf("view: %d %v", code, err)
		}
		if v.Step != i {
			t.Fatalf("move %d: process %d sees step %d", i, i%2, v.Step)
		}
		body := map[string]any{"seat": v.Decision.Seat, "option": v.Decision.Options[0].ID, "step": v.Step}
		if code, err := httpJSON("POST", p.url+"/api/games/"+id+"/actions", keys, body, nil); code != 200 || err != nil {
			t.Fatalf("move %d through process %d: %d %v", i, i%2, code, err)
		}
		// The same move again through the other process is stale now.
		if code, _ := httpJSON("POST", other.url+"/api/games/"+id+"/actions", keys, body, nil); code != http.StatusConflict {
			t.Fatalf("move %d replayed through the other process: %d, want 409", i, code)
		}
	}
}

// TestLoadCommand runs the load command briefly against a server process,
// so that the load test keeps working.
func TestLoadCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	p := startServer(t, filepath.Join(t.TempDir(), "load.db"))
	var out bytes.Buffer
	if code := run([]string{"load", "--url", p.url, "--games", "6", "--actions", "15", "--game", "mixed", "--computer-games", "2", "--json"}, nil, &out, &out); code != 0 {
		t.Fatalf("load: exit %d\n%s", code, out.String())
	}
	var rep loadReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("%v in %s", err, out.String())
	}
	if rep.Games != 6 || rep.Actions != 90 || rep.Errors != 0 || rep.ActionsPerSec <= 0 || rep.Act.P50 <= 0 || rep.Act.Max < rep.Act.P99 || rep.ComputerGames != 2 {
		t.Fatalf("report: %+v", rep)
	}
}

// TestServeLimitFlags: the limits of durbar serve are its flags. One
// client holding connections keeps --max-conns-per-client of them and is
// refused the others (load --hold-conns measures it); without that cap
// they are all cut off after --read-header-timeout; --create-burst games
// are created at once, and the next is refused.
func TestServeLimitFlags(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	hold := func(p *serverProcess, holdFor string) holdReport {
		t.Helper()
		var out bytes.Buffer
		if code := run([]string{"load", "--url", p.url, "--hold-conns", "5", "--hold-for", holdFor, "--json"}, nil, &out, &out); code != 0 {
			t.Fatalf("load --hold-conns: exit %d\n%s", code, out.String())
		}
		var rep holdReport
		if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
			t.Fatalf("%v in %s", err, out.String())
		}
		return rep
	}
	capped := startServer(t, filepath.Join(t.TempDir(), "capped.db"), "--max-conns-per-client", "3", "--read-header-timeout", "1h", "--idle-timeout", "1h")
	if rep := hold(capped, "0s"); rep.Opened != 5 || rep.Kept != 3 || rep.Refused != 2 || rep.Failed != 0 || rep.Cut != 0 {
		t.Fatalf("capped: %+v", rep)
	}
	timed := startServer(t, filepath.Join(t.TempDir(), "timed.db"), "--max-conns-per-client", "0", "--read-header-timeout", "200ms", "--idle-timeout", "1h")
	if rep := hold(timed, "1h"); rep.Kept != 5 || rep.Refused != 0 || rep.Cut != 5 || rep.KeptFor.Min < 200 {
		t.Fatalf("timed: %+v", rep)
	}
	p := startServer(t, filepath.Join(t.TempDir(), "limits.db"), "--create-burst", "2", "--create-rate", "1")
	req := map[string]any{"game": "rajas", "seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}
	for i, want := range []int{201, 201, 429} {
		if code, err := httpJSON("POST", p.url+"/api/games", "", req, nil); code != want {
			t.Fatalf("creation %d: %d %v, want %d", i, code, err, want)
		}
	}
	for _, bad := range [][]string{{"--create-burst", "0"}, {"--computer-threads", "0"}, {"--write-timeout", "-1s"}} {
		var out bytes.Buffer
		if code := run(append([]string{"serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "x.db")}, bad...), nil, &out, &out); code == 0 {
			t.Fatalf("serve %v: accepted", bad)
		}
	}
}

// TestServerSavesReplayInTheTerminal: the save of a game finished on the
// server is a save file the command line replays (same game field, rules
// version, seed, setup and log).
func TestServerSavesReplayInTheTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	p := startServer(t, filepath.Join(t.TempDir(), "saves.db"))
	for _, req := range []map[string]any{
		{"game": "rajas", "seats": []map[string]string{{"kind": "computer", "bot": "random"}, {"kind": "computer", "bot": "bot"}}},
		{"game": "gandhi", "scenario": "short", "seats": []map[string]string{{"kind": "computer"}, {"kind": "computer"}, {"kind": "computer"}, {"kind": "computer"}}},
	} {
		var c struct{ ID string }
		if code, err := httpJSON("POST", p.url+"/api/games", "", req, &c); code != 201 || err != nil {
			t.Fatalf("create: %d %v", code, err)
		}
		// The computers may be slow (a busy machine, -race): give up only
		// when they make no move for a minute.
		const stall = 60 * time.Second
		deadline, last := time.Now().Add(stall), -1
		for {
			var v loadView
			httpJSON("GET", p.url+"/api/games/"+c.ID, "", nil, &v)
			if v.Over {
				break
			}
			if v.Step != last {
				deadline, last = time.Now().Add(stall), v.Step
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: the computer game made no move for %v (step %d)", req["game"], stall, v.Step)
			}
			time.Sleep(50 * time.Millisecond)
		}
		resp, err := http.Get(p.url + "/api/games/" + c.ID + "/save")
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		file := filepath.Join(t.TempDir(), c.ID+".json")
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if code := run([]string{"replay", file}, nil, &out, &out); code != 0 {
			t.Fatalf("%s: durbar replay of the server's save: exit %d\n%s", req["game"], code, out.String())
		}
	}
}

// twoPostgresServers starts two `durbar serve` processes on the database
// DURBAR_TEST_POSTGRES names (skipping without one, failing in CI) and
// creates a two-person Rajas game through the first: its id and both keys.
func twoPostgresServers(t *testing.T) (a, b *serverProcess, id, keys string) {
	t.Helper()
	dsn := os.Getenv("DURBAR_TEST_POSTGRES")
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI must provide DURBAR_TEST_POSTGRES")
		}
		t.Skip("DURBAR_TEST_POSTGRES is not set")
	}
	a, b = startServer(t, dsn), startServer(t, dsn)
	var c struct {
		ID    string
		Seats []struct{ Key string }
	}
	req := map[string]any{"game": "rajas", "seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}
	if code, err := httpJSON("POST", a.url+"/api/games", "", req, &c); code != 201 || err != nil {
		t.Fatalf("create: %d %v", code, err)
	}
	return a, b, c.ID, c.Seats[0].Key + "," + c.Seats[1].Key
}
