// Package sim is what the games' simulators (durbar sim) share: the worker
// pool that plays the games in parallel with results independent of the
// number of workers, the timing figures of a run, the statistics of the
// report and its SVG chart.
package sim

import (
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Timing is the machine-dependent part of a simulation's report: every
// other figure depends only on the seeds, never on --workers.
type Timing struct {
	Workers int     `json:"workers"`
	Seconds float64 `json:"seconds"` // wall-clock time
	// CPUSeconds is the process's CPU time (user + system, garbage
	// collection included) during the games, 0 where not measured; games per
	// CPU second is the speed per core even on a loaded machine.
	CPUSeconds              float64 `json:"cpuSeconds"`
	GamesPerCPUSecond       float64 `json:"gamesPerCPUSecond"`
	DecisionsPerSecond      float64 `json:"decisionsPerSecond"`
	GamesPerSecond          float64 `json:"gamesPerSecond"`
	GamesPerSecondPerWorker float64 `json:"gamesPerSecondPerWorker"`
}

// NewTiming derives the rates of a run of games taking decisions in all.
func NewTiming(games, decisions, workers int, seconds, cpu float64) Timing {
	t := Timing{Workers: workers, Seconds: seconds, CPUSeconds: cpu}
	if cpu > 0 {
		t.GamesPerCPUSecond = float64(games) / cpu
	}
	if seconds > 0 {
		t.DecisionsPerSecond = float64(decisions) / seconds
		t.GamesPerSecond = float64(games) / seconds
		t.GamesPerSecondPerWorker = t.GamesPerSecond / float64(min(workers, games))
	}
	return t
}

// WriteTiming prints the timing lines of a run.
func WriteTiming(w io.Writer, t Timing, decisions int) {
	fmt.Fprintf(w, "time: %.2fs on %d workers   games/s: %.2f (%.2f per worker)   decisions/s: %.0f\n",
		t.Seconds, t.Workers, t.GamesPerSecond, t.GamesPerSecondPerWorker, t.DecisionsPerSecond)
	if t.CPUSeconds > 0 {
		fmt.Fprintf(w, "CPU time: %.2fs   games per CPU second: %.2f   decisions per CPU second: %.0f\n",
			t.CPUSeconds, t.GamesPerCPUSecond, float64(decisions)/t.CPUSeconds)
	}
}

// TuneGC raises the garbage collector's target for a simulation unless
// GOGC is set, and returns the function restoring it. The games allocate a
// copy of the state per decision but keep little alive, so with the default
// GOGC=100 the collector runs every few hundred decisions and takes about
// half the time; a larger target (a few MB per worker) nearly doubles the
// speed.
func TuneGC() (restore func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	old := debug.SetGCPercent(400)
	return func() { debug.SetGCPercent(old) }
}

// Pool plays games 0..games-1 on workers goroutines. play(k) plays game k
// (seed firstSeed+k) and keeps its figures in the caller's slot k, so an
// aggregate taken in seed order is the same whatever the number of workers.
// A failing game stops the dispatch of later seeds; the error names the
// lowest failing seed. It returns the wall-clock and CPU seconds taken.
func Pool(games, workers int, firstSeed uint64, progress io.Writer, play func(k int) error) (seconds, cpu float64, err error) {
	errs := make([]error, games)
	var next, done atomic.Int64
	var firstBad atomic.Int64
	firstBad.Store(math.MaxInt64)
	start, cpu0 := time.Now(), processCPU()

	stopBar := startProgress(progress, games, &done, start)
	var wg sync.WaitGroup
	for range min(workers, games) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := next.Add(1) - 1
				// Jobs are taken in seed order, so every seed below a
				// failing one has been taken and will be finished.
				if k >= int64(games) || k > firstBad.Load() {
					return
				}
				if errs[k] = play(int(k)); errs[k] != nil {
					for {
						cur := firstBad.Load()
						if k >= cur || firstBad.CompareAndSwap(cur, k) {
							break
						}
					}
				}
				done.Add(1)
			}
		}()
	}
	wg.Wait()
	stopBar()
	seconds = time.Since(start).Seconds()
	cpu = processCPU() - cpu0

	if bad := firstBad.Load(); bad != math.MaxInt64 {
		var also []string
		for k := bad + 1; k < int64(games); k++ {
			if errs[k] != nil {
				also = append(also, fmt.Sprint(firstSeed+uint64(k)))
			}
		}
		msg := fmt.Errorf("game with seed %d: %w", firstSeed+uint64(bad), errs[bad])
		if len(also) > 0 {
			msg = fmt.Errorf("%w (also failed: seeds %s)", msg, strings.Join(also, ", "))
		}
		return seconds, cpu, msg
	}
	return seconds, cpu, nil
}
