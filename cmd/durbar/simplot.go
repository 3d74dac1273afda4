package main

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// The `durbar sim --plot` chart: a hand-written SVG with two panels, the
// win rates with their 95% Wilson intervals, and the distribution of final
// victory margins per faction (box plot beside a sideways histogram).

// factionColours follow the faction order raj, congress, league, rev.
var factionColours = []string{"#b03a2e", "#e08a1e", "#1e8449", "#5b3c88"}

var xmlText = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

// svgDoc accumulates SVG elements.
type svgDoc struct{ b strings.Builder }

func (s *svgDoc) f(format string, a ...any) { fmt.Fprintf(&s.b, format, a...); s.b.WriteByte('\n') }

func (s *svgDoc) line(x1, y1, x2, y2 float64, stroke string, width float64, extra string) {
	s.f(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="%.1f"%s/>`, x1, y1, x2, y2, stroke, width, extra)
}

func (s *svgDoc) rect(x, y, w, h float64, fill, extra string) {
	s.f(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"%s/>`, x, y, max(w, 0), max(h, 0), fill, extra)
}

// text writes a label; anchor is start, middle or end.
func (s *svgDoc) text(x, y float64, anchor string, size int, extra, label string) {
	s.f(`<text x="%.1f" y="%.1f" text-anchor="%s" font-size="%d"%s>%s</text>`, x, y, anchor, size, extra, xmlText.Replace(label))
}

// niceStep returns a round tick step (1, 2 or 5 times a power of ten) giving
// about n ticks over span.
func niceStep(span float64, n int) float64 {
	if span <= 0 {
		return 1
	}
	raw := span / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

// simSVG draws the chart of a simulation's results.
func simSVG(o simOut) []byte {
	const (
		width, height = 1100.0, 560.0
		top, bottom   = 95.0, 440.0 // plot area, both panels
	)
	var s svgDoc
	s.f(`<?xml version="1.0" encoding="UTF-8"?>`)
	s.f(`<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="Helvetica, Arial, sans-serif">`, width, height, width, height)
	s.rect(0, 0, width, height, "white", "")
	s.text(width/2, 30, "middle", 20, ` font-weight="bold"`, fmt.Sprintf("Gandhi: %d %s-scenario games, %s players", o.Games, o.Scenario, o.Players))
	s.text(width/2, 52, "middle", 13, ` fill="#555"`, fmt.Sprintf("seeds %d..%d   ·   %.1f Event cards and %.1f decisions per game   ·   ended by victory %d, final round %d",
		o.FirstSeed, o.FirstSeed+uint64(o.Games)-1, o.Length.CardsMean, o.Length.DecisionsMean, o.Ends[endVictory], o.Ends[endFinal]))
	winPanel(&s, o, 80, 500, top, bottom)
	marginPanel(&s, o, 620, 1070, top, bottom)
	s.f(`</svg>`)
	return []byte(s.b.String())
}

// winPanel draws the win rates (ranked 1st) with 95% Wilson intervals.
func winPanel(s *svgDoc, o simOut, left, right, top, bottom float64) {
	bars := make([]winBar, len(o.Factions))
	for i, f := range o.Factions {
		bars[i] = winBar{Name: f.Name, Wins: f.Wins, Rate: f.WinRate, Low: f.WinLow, High: f.WinHigh,
			Colour: factionColours[i%len(factionColours)]}
	}
	winRatePanel(s, "Win rate (ranked 1st) with 95% Wilson interval", "games won", bars, 0.25, "1 in 4", left, right, top, bottom)
}

// winBar is one bar of a win-rate panel.
type winBar struct {
	Name            string
	Wins            int
	Rate, Low, High float64 // win rate and its 95% Wilson interval
	Colour          string
}

// winRatePanel draws win rates as bars with their 95% Wilson intervals as
// whiskers, and a dashed reference line at ref (skipped when 0) for the
// rate of an even game.
func winRatePanel(s *svgDoc, title, axis string, bars []winBar, ref float64, refLabel string, left, right, top, bottom float64) {
	hiMax := 0.0
	for _, b := range bars {
		hiMax = max(hiMax, b.High)
	}
	step := niceStep(hiMax, 5)
	ymax := math.Max(step, math.Ceil(hiMax/step-1e-9)*step)
	y := func(v float64) float64 { return bottom - v/ymax*(bottom-top) }

	s.text((left+right)/2, top-18, "middle", 15, ` font-weight="bold"`, title)
	for v := 0.0; v <= ymax+1e-9; v += step {
		s.line(left, y(v), right, y(v), "#ddd", 1, "")
		s.text(left-6, y(v)+4, "end", 12, "", fmt.Sprintf("%.0f%%", 100*v))
	}
	if ref > 0 && ref <= ymax {
		s.line(left, y(ref), right, y(ref), "#888", 1, ` stroke-dasharray="5,4"`)
		s.text(left+4, y(ref)-4, "start", 11, ` fill="#666"`, refLabel)
	}
	s.line(left, bottom, right, bottom, "#333", 1, "")
	s.line(left, top, left, bottom, "#333", 1, "")
	s.text(left-48, (top+bottom)/2, "middle", 12, fmt.Sprintf(` transform="rotate(-90 %.1f %.1f)"`, left-48, (top+bottom)/2), axis)

	slot := (right - left) / float64(len(bars))
	for i, b := range bars {
		cx := left + slot*(float64(i)+0.5)
		bw := slot * 0.55
		s.rect(cx-bw/2, y(b.Rate), bw, bottom-y(b.Rate), b.Colour, ` fill-opacity="0.85"`)
		// The interval's whisker with caps.
		s.line(cx, y(b.Low), cx, y(b.High), "#111", 1.5, "")
		s.line(cx-8, y(b.Low), cx+8, y(b.Low), "#111", 1.5, "")
		s.line(cx-8, y(b.High), cx+8, y(b.High), "#111", 1.5, "")
		s.text(cx, y(b.High)-7, "middle", 12, ` font-weight="bold"`, fmt.Sprintf("%.1f%%", 100*b.Rate))
		s.text(cx, bottom+18, "middle", 12, "", b.Name)
		s.text(cx, bottom+34, "middle", 11, ` fill="#555"`, fmt.Sprintf("%d wins", b.Wins))
		s.text(cx, bottom+48, "middle", 11, ` fill="#555"`, fmt.Sprintf("CI %.1f–%.1f%%", 100*b.Low, 100*b.High))
	}
}

// marginPanel draws each faction's final victory margins: a box plot
// (quartiles, median, whiskers to min and max, mean as a dot) and beside it
// a sideways histogram of the games.
func marginPanel(s *svgDoc, o simOut, left, right, top, bottom float64) {
	series := make([]boxSeries, len(o.Factions))
	for i, f := range o.Factions {
		series[i] = boxSeries{Name: f.Name, Values: f.margins, Mean: f.MarginMean, SD: f.MarginSD,
			Colour: factionColours[i%len(factionColours)]}
	}
	distPanel(s, "Final victory margin (7.3)", "margin at the end of the game", "margin",
		"above it the condition is met", series, left, right, top, bottom)
}

// boxSeries is one distribution of a distribution panel.
type boxSeries struct {
	Name     string
	Values   []int
	Mean, SD float64
	Colour   string
}

// distPanel draws distributions of whole numbers side by side: for each, a
// box plot (quartiles, median, whiskers to min and max, mean as a dot) and
// beside it a sideways histogram, with a dashed line at 0. unit names a
// value in the footnote ("games per margin"), zeroNote says what 0 means.
func distPanel(s *svgDoc, title, axis, unit, zeroNote string, series []boxSeries, left, right, top, bottom float64) {
	lo, hi := 0, 0
	for _, b := range series {
		if len(b.Values) > 0 {
			lo, hi = min(lo, slices.Min(b.Values)), max(hi, slices.Max(b.Values))
		}
	}
	step := niceStep(float64(hi-lo), 8)
	vmin := math.Floor(float64(lo)/step) * step
	vmax := math.Ceil(float64(hi)/step) * step
	if vmax == vmin {
		vmax = vmin + step
	}
	y := func(v float64) float64 { return bottom - (v-vmin)/(vmax-vmin)*(bottom-top) }

	s.text((left+right)/2, top-18, "middle", 15, ` font-weight="bold"`, title)
	for v := vmin; v <= vmax+1e-9; v += step {
		s.line(left, y(v), right, y(v), "#ddd", 1, "")
		label := fmt.Sprintf("%+.0f", v)
		if v == 0 {
			label = "0"
		}
		s.text(left-6, y(v)+4, "end", 12, "", label)
	}
	s.line(left, y(0), right, y(0), "#444", 1.2, ` stroke-dasharray="6,3"`)
	s.line(left, top, left, bottom, "#333", 1, "")
	s.text(left-40, (top+bottom)/2, "middle", 12, fmt.Sprintf(` transform="rotate(-90 %.1f %.1f)"`, left-40, (top+bottom)/2), axis)

	// Histogram bins: whole values grouped so there are at most ~30 bins.
	bin := max(1, int(math.Ceil(float64(hi-lo+1)/30)))
	slot := (right - left) / float64(len(series))
	for i, b := range series {
		x0 := left + slot*float64(i)
		bx := x0 + slot*0.28 // box centre
		bw := slot * 0.26
		sorted := slices.Clone(b.Values)
		slices.Sort(sorted)
		if n := len(sorted); n > 0 {
			q1, q3 := quantile(sorted, 0.25), quantile(sorted, 0.75)
			vlo, vhi, median := float64(sorted[0]), float64(sorted[n-1]), quantile(sorted, 0.5)
			s.line(bx, y(vlo), bx, y(vhi), "#333", 1, "")
			s.line(bx-bw/4, y(vlo), bx+bw/4, y(vlo), "#333", 1, "")
			s.line(bx-bw/4, y(vhi), bx+bw/4, y(vhi), "#333", 1, "")
			s.rect(bx-bw/2, y(q3), bw, y(q1)-y(q3), b.Colour, ` fill-opacity="0.75" stroke="#222"`)
			s.line(bx-bw/2, y(median), bx+bw/2, y(median), "#fff", 2.5, "")
			s.f(`<circle cx="%.1f" cy="%.1f" r="3.5" fill="#fff" stroke="#111"/>`, bx, y(b.Mean))

			// Sideways histogram to the right of the box.
			counts := map[int]int{}
			most := 0
			for _, m := range sorted {
				k := int(math.Floor(float64(m-lo) / float64(bin)))
				counts[k]++
				most = max(most, counts[k])
			}
			hx := x0 + slot*0.47
			hw := slot * 0.48
			for _, c := range sortedKeys(counts) {
				from := float64(lo + c*bin)
				to := from + float64(bin)
				n := counts[c]
				s.rect(hx, y(to-0.5), hw*float64(n)/float64(most), y(from-0.5)-y(to-0.5), b.Colour, ` fill-opacity="0.45"`)
			}
		}
		s.text(x0+slot/2, bottom+18, "middle", 12, "", b.Name)
		s.text(x0+slot/2, bottom+34, "middle", 11, ` fill="#555"`, fmt.Sprintf("mean %+.1f", b.Mean))
		s.text(x0+slot/2, bottom+48, "middle", 11, ` fill="#555"`, fmt.Sprintf("sd %.1f", b.SD))
	}
	s.text((left+right)/2, bottom+74, "middle", 11, ` fill="#555"`,
		"box: quartiles and median; whiskers: min and max; dot: mean")
	s.text((left+right)/2, bottom+89, "middle", 11, ` fill="#555"`,
		fmt.Sprintf("bars: games per %s (bin %d); dashed: 0, %s", unit, bin, zeroNote))
}

// sortedKeys lists a histogram's bins in ascending order.
func sortedKeys(m map[int]int) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
