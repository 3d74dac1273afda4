//go:build linux

package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"durbar/games"
)

// BenchmarkActionCPU measures what the server spends on one action and the
// view that follows it, per game, as the page asks for them: the action
// (with the version and log length the page holds) and then the view.
// Requests go straight to the handler, with no network, so the figures are
// the server's own: cpu-ms/action is the process's CPU time (user+system,
// the store's writer and the garbage collector included) per action,
// bytes/action what the two answers carry. The client's decoding of the
// answers is timed (its thread's CPU time) and left out of cpu-ms/action. A game that ends is replaced by
// a new one. Each client holds every seat of its game; several play at
// once (benchClients per core), as under load.
func BenchmarkActionCPU(b *testing.B) {
	for _, g := range games.All() {
		if g.Name() == "greatgame" {
			continue
		}
		req := g.Command().LoadTest().People
		b.Run(g.Name(), func(b *testing.B) {
			e := newEnvWith(b, testDSN(b, false), Options{CreatePerMinute: -1}, nil)
			h := e.srv.Handler()
			var sent, decoding atomic.Int64
			// The games are created before the clock starts.
			clients := make(chan *cpuClient, benchClients*runtime.GOMAXPROCS(0))
			for i := range cap(clients) {
				cl := &cpuClient{b: b, h: h, e: e, req: req, rng: rand.New(rand.NewPCG(uint64(i), 2))}
				cl.start()
				clients <- cl
			}
			b.SetParallelism(benchClients)
			b.ResetTimer()
			cpu0 := processCPU()
			b.RunParallel(func(pb *testing.PB) {
				// Locked to its thread, so that the thread's CPU time
				// measures the client's decoding (threadCPU).
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				cl := <-clients
				var n int64
				for pb.Next() {
					n += cl.step()
				}
				sent.Add(n)
				decoding.Add(int64(cl.decoding))
			})
			// The client's own decoding is not the server's.
			cpu := processCPU() - cpu0 - time.Duration(decoding.Load())
			b.ReportMetric(float64(cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/action")
			b.ReportMetric(float64(sent.Load())/float64(b.N), "bytes/action")
		})
	}
}

// benchClients is how many clients per core BenchmarkActionCPU runs at
// once, each playing its own game: enough that the store commits several
// actions together, as under load.
const benchClients = 8

// cpuClient plays one game at a time through the handler.
type cpuClient struct {
	b        *testing.B
	h        http.Handler
	e        *testEnv
	req      CreateRequest
	rng      *rand.Rand
	id, keys string
	v        benchView
	decoding time.Duration // spent decoding answers (client side)
}

// benchView is what the client keeps of a view.
type benchView struct {
	Step      int   `json:"step"`
	Version   int64 `json:"version"`
	Over      bool  `json:"over"`
	LogStart  int   `json:"logStart"`
	BoardSeat int   `json:"boardSeat"`
	Log       []any `json:"log"`
	Decision  *struct {
		Seat    int `json:"seat"`
		Options []struct {
			ID string `json:"id"`
		} `json:"options"`
	} `json:"decision"`
	logLen int
}

func (c *cpuClient) start() {
	g := c.e.create(c.req)
	c.id, c.keys = g.ID, ""
	for _, s := range g.Seats {
		c.keys += s.Key + ","
	}
	c.v = benchView{}
	c.get("/api/games/"+c.id, nil, &c.v)
	c.v.logLen = len(c.v.Log)
}

// get makes one request and decodes its answer; it returns the bytes
// answered.
func (c *cpuClient) get(path string, body []byte, out *benchView) int64 {
	method := "GET"
	var r *http.Request
	if body != nil {
		method = "POST"
		r = httptest.NewRequest(method, path, bytes.NewReader(body))
	} else {
		r = httptest.NewRequest(method, path, nil)
	}
	r.Header.Set("Authorization", "Bearer "+c.keys)
	w := httptest.NewRecorder()
	c.h.ServeHTTP(w, r)
	if w.Code != http.StatusOK {
		c.b.Fatalf("%s %s: %d %s", method, path, w.Code, w.Body.Bytes())
	}
	n := int64(w.Body.Len())
	if out != nil {
		logLen := out.logLen
		*out = benchView{}
		t0 := threadCPU()
		if err := json.Unmarshal(w.Body.Bytes(), out); err != nil {
			c.b.Fatalf("%s %s: %v", method, path, err)
		}
		c.decoding += threadCPU() - t0
		out.logLen = logLen
		if out.LogStart > 0 || len(out.Log) > 0 {
			out.logLen = out.LogStart + len(out.Log)
		}
	}
	return n
}

// step plays a random option and then fetches the view, as a page does;
// it returns the bytes answered.
func (c *cpuClient) step() int64 {
	if c.v.Over || c.v.Decision == nil || len(c.v.Decision.Options) == 0 {
		c.start()
	}
	d := c.v.Decision
	o := d.Options[c.rng.IntN(len(d.Options))].ID
	body, _ := json.Marshal(map[string]any{"seat": d.Seat, "option": o, "step": c.v.Step})
	// As the page asks: the action's short answer (a server without it
	// answers the whole view), then the view with only what changed.
	q := fmt.Sprintf("?since=%d&logFrom=%d&at=%d&as=%d", c.v.Version, c.v.logLen, c.v.Step, c.v.BoardSeat)
	n := c.get("/api/games/"+c.id+"/actions"+q+"&reply=short", body, nil)
	next := benchView{logLen: c.v.logLen}
	n += c.get("/api/games/"+c.id+q, nil, &next)
	c.v = next
	return n
}

// processCPU is the CPU time the process has used, user and system.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// threadCPU is the CPU time the calling thread has used.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_THREAD, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
