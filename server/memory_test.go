package server

import (
	"math/rand/v2"
	"net/http"
	"runtime"
	"testing"

	"durbar/games"
)

// TestIdleGameMemory measures what a live game that nobody plays keeps in
// memory, per game: its rebuilt table, record, undo barriers and cached
// boards, after some moves with a page per seat and a spectator following
// it, once trimIdle has found it unused: at most 64 KB.
func TestIdleGameMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("plays many games")
	}
	for _, g := range games.All() {
		if g.Name() == "greatgame" {
			continue
		}
		req := g.Command().LoadTest().People
		t.Run(g.Name(), func(t *testing.T) {
			e := newEnvWith(t, testDSN(t, false), Options{CreatePerMinute: -1}, nil)
			const n = 100
			rng := rand.New(rand.NewPCG(5, 6))
			for range n {
				c := e.create(req)
				all := ""
				for _, s := range c.Seats {
					all += s.Key + ","
				}
				for range 10 {
					v := e.view(c.ID, all)
					if v.Over || v.Decision == nil || len(v.Decision.Options) == 0 {
						break
					}
					o := v.Decision.Options[rng.IntN(len(v.Decision.Options))].ID
					if code, _, eb := e.act(c.ID, all, v.Decision.Seat, o, v.Step); code != http.StatusOK {
						t.Fatalf("act: %d %v", code, eb)
					}
				}
				// Every page of the game looks: each seat and a spectator.
				for _, s := range c.Seats {
					e.view(c.ID, s.Key)
				}
				e.view(c.ID, "")
			}
			held := heapInUse()
			// Idle: the caches go once no request used a game for one
			// period of trimIdle.
			e.srv.trimIdle()
			e.srv.trimIdle()
			trimmed := heapInUse()
			e.srv.mu.Lock()
			live := len(e.srv.games)
			for id := range e.srv.games {
				delete(e.srv.games, id)
			}
			e.srv.mu.Unlock()
			per := (trimmed - heapInUse()) / int64(live)
			t.Logf("%s: %d live games, %d KB each when idle (%d KB more while in use: its cached boards and log)", g.Name(), live, per>>10, (held-trimmed)/int64(live)>>10)
			if per > 64<<10 {
				t.Fatalf("an idle %s game keeps %d KB, more than 64 KB", g.Name(), per>>10)
			}
		})
	}
}

func heapInUse() int64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}
