package sim

import (
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"durbar/bots"
	"durbar/plug/cli"
)

// Z95 is the standard normal quantile for a two-sided 95% interval.
const Z95 = 1.959963984540054

// ProgressOut is where a progress bar goes: standard error, and only when
// it is a terminal, so piped or captured output never holds one (nil).
func ProgressOut() io.Writer {
	fi, err := os.Stderr.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return os.Stderr
}

// WriteResults writes the chart (svg) to plot if one is named, then the
// results as JSON or as text.
func WriteResults[O any](stdout io.Writer, out O, plot string, asJSON bool, svg func(O) []byte, text func(io.Writer, O)) error {
	if plot != "" {
		if err := cli.WriteFileAtomic(plot, svg(out)); err != nil {
			return err
		}
	}
	if asJSON {
		return cli.WriteJSON(stdout, out)
	}
	text(stdout, out)
	if plot != "" {
		fmt.Fprintf(stdout, "plot: %s\n", plot)
	}
	return nil
}

// ActionPlayers returns the players as bots.ActionPlayers when every one
// can choose on the compact path.
func ActionPlayers(ps []bots.Player) ([]bots.ActionPlayer, bool) {
	out := make([]bots.ActionPlayer, len(ps))
	for i, p := range ps {
		ap, ok := p.(bots.ActionPlayer)
		if !ok {
			return nil, false
		}
		out[i] = ap
	}
	return out, true
}

// Wilson is the Wilson score interval for k successes in n trials with
// normal quantile z (Wilson 1927), clamped to [0, 1].
func Wilson(k, n int, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	den := 1 + z2/nf
	centre := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return max(0, centre-half), min(1, centre+half)
}

// MeanSD returns the mean and the sample standard deviation (n-1).
func MeanSD(xs []float64) (mean, sd float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	if len(xs) < 2 {
		return mean, 0
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss / float64(len(xs)-1))
}

// Quantile interpolates linearly between the order statistics of sorted.
func Quantile(sorted []int, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	pos := q * float64(len(sorted)-1)
	i := int(pos)
	if i+1 >= len(sorted) {
		return float64(sorted[len(sorted)-1])
	}
	frac := pos - float64(i)
	return float64(sorted[i])*(1-frac) + float64(sorted[i+1])*frac
}

// startProgress draws a progress bar on w (a terminal) until the returned
// function is called; with w nil it does nothing.
func startProgress(w io.Writer, total int, done *atomic.Int64, start time.Time) func() {
	if w == nil {
		return func() {}
	}
	quit := make(chan struct{})
	finished := make(chan struct{})
	draw := func() {
		d := int(done.Load())
		const width = 30
		filled := d * width / total
		rate := float64(d) / max(time.Since(start).Seconds(), 1e-9)
		fmt.Fprintf(w, "\r[%s%s] %d/%d games  %.1f games/s ", strings.Repeat("#", filled), strings.Repeat(".", width-filled), d, total, rate)
	}
	go func() {
		defer close(finished)
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-quit:
				draw()
				fmt.Fprint(w, "\r\033[K") // clear the bar's line
				return
			case <-t.C:
				draw()
			}
		}
	}()
	return func() { close(quit); <-finished }
}
