package sim

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// The `durbar sim --plot` charts are hand-written SVG, drawn in panels: win
// rates with their 95% Wilson intervals, and distributions of whole numbers
// (final victory margins, gaps) as a box plot beside a sideways histogram.

// Colours tell the series of a chart apart, in order (Gandhi's factions
// raj, congress, league, rev).
var Colours = []string{"#b03a2e", "#e08a1e", "#1e8449", "#5b3c88"}

var xmlText = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

// SVG accumulates SVG elements.
type SVG struct{ b strings.Builder }

// F writes one element (or any line) formatted as by fmt.Sprintf.
func (s *SVG) F(format string, a ...any) { fmt.Fprintf(&s.b, format, a...); s.b.WriteByte('\n') }

// Bytes is the document written so far.
func (s *SVG) Bytes() []byte { return []byte(s.b.String()) }

// Line draws a line; extra holds more attributes, each with a space before
// it.
func (s *SVG) Line(x1, y1, x2, y2 float64, stroke string, width float64, extra string) {
	s.F(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="%.1f"%s/>`, x1, y1, x2, y2, stroke, width, extra)
}

// Rect draws a rectangle.
func (s *SVG) Rect(x, y, w, h float64, fill, extra string) {
	s.F(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"%s/>`, x, y, max(w, 0), max(h, 0), fill, extra)
}

// Text writes a label; anchor is start, middle or end.
func (s *SVG) Text(x, y float64, anchor string, size int, extra, label string) {
	s.F(`<text x="%.1f" y="%.1f" text-anchor="%s" font-size="%d"%s>%s</text>`, x, y, anchor, size, extra, xmlText.Replace(label))
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

// WinBar is one bar of a win-rate panel.
type WinBar struct {
	Name            string
	Wins            int
	Rate, Low, High float64 // win rate and its 95% Wilson interval
	Colour          string
}

// WinRatePanel draws win rates as bars with their 95% Wilson intervals as
// whiskers, and a dashed reference line at ref (skipped when 0) for the
// rate of an even game.
func WinRatePanel(s *SVG, title, axis string, bars []WinBar, ref float64, refLabel string, left, right, top, bottom float64) {
	hiMax := 0.0
	for _, b := range bars {
		hiMax = max(hiMax, b.High)
	}
	step := niceStep(hiMax, 5)
	ymax := math.Max(step, math.Ceil(hiMax/step-1e-9)*step)
	y := func(v float64) float64 { return bottom - v/ymax*(bottom-top) }

	s.Text((left+right)/2, top-18, "middle", 15, ` font-weight="bold"`, title)
	for v := 0.0; v <= ymax+1e-9; v += step {
		s.Line(left, y(v), right, y(v), "#ddd", 1, "")
		s.Text(left-6, y(v)+4, "end", 12, "", fmt.Sprintf("%.0f%%", 100*v))
	}
	if ref > 0 && ref <= ymax {
		s.Line(left, y(ref), right, y(ref), "#888", 1, ` stroke-dasharray="5,4"`)
		s.Text(left+4, y(ref)-4, "start", 11, ` fill="#666"`, refLabel)
	}
	s.Line(left, bottom, right, bottom, "#333", 1, "")
	s.Line(left, top, left, bottom, "#333", 1, "")
	s.Text(left-48, (top+bottom)/2, "middle", 12, fmt.Sprintf(` transform="rotate(-90 %.1f %.1f)"`, left-48, (top+bottom)/2), axis)

	slot := (right - left) / float64(len(bars))
	for i, b := range bars {
		cx := left + slot*(float64(i)+0.5)
		bw := slot * 0.55
		s.Rect(cx-bw/2, y(b.Rate), bw, bottom-y(b.Rate), b.Colour, ` fill-opacity="0.85"`)
		// The interval's whisker with caps.
		s.Line(cx, y(b.Low), cx, y(b.High), "#111", 1.5, "")
		s.Line(cx-8, y(b.Low), cx+8, y(b.Low), "#111", 1.5, "")
		s.Line(cx-8, y(b.High), cx+8, y(b.High), "#111", 1.5, "")
		s.Text(cx, y(b.High)-7, "middle", 12, ` font-weight="bold"`, fmt.Sprintf("%.1f%%", 100*b.Rate))
		s.Text(cx, bottom+18, "middle", 12, "", b.Name)
		s.Text(cx, bottom+34, "middle", 11, ` fill="#555"`, fmt.Sprintf("%d wins", b.Wins))
		s.Text(cx, bottom+48, "middle", 11, ` fill="#555"`, fmt.Sprintf("CI %.1f–%.1f%%", 100*b.Low, 100*b.High))
	}
}

// BoxSeries is one distribution of a distribution panel.
type BoxSeries struct {
	Name     string
	Values   []int
	Mean, SD float64
	Colour   string
}

// DistPanel draws distributions of whole numbers side by side: for each, a
// box plot (quartiles, median, whiskers to min and max, mean as a dot) and
// beside it a sideways histogram, with a dashed line at 0. unit names a
// value in the footnote ("games per margin"), zeroNote says what 0 means.
func DistPanel(s *SVG, title, axis, unit, zeroNote string, series []BoxSeries, left, right, top, bottom float64) {
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

	s.Text((left+right)/2, top-18, "middle", 15, ` font-weight="bold"`, title)
	for v := vmin; v <= vmax+1e-9; v += step {
		s.Line(left, y(v), right, y(v), "#ddd", 1, "")
		label := fmt.Sprintf("%+.0f", v)
		if v == 0 {
			label = "0"
		}
		s.Text(left-6, y(v)+4, "end", 12, "", label)
	}
	s.Line(left, y(0), right, y(0), "#444", 1.2, ` stroke-dasharray="6,3"`)
	s.Line(left, top, left, bottom, "#333", 1, "")
	s.Text(left-40, (top+bottom)/2, "middle", 12, fmt.Sprintf(` transform="rotate(-90 %.1f %.1f)"`, left-40, (top+bottom)/2), axis)

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
			q1, q3 := Quantile(sorted, 0.25), Quantile(sorted, 0.75)
			vlo, vhi, median := float64(sorted[0]), float64(sorted[n-1]), Quantile(sorted, 0.5)
			s.Line(bx, y(vlo), bx, y(vhi), "#333", 1, "")
			s.Line(bx-bw/4, y(vlo), bx+bw/4, y(vlo), "#333", 1, "")
			s.Line(bx-bw/4, y(vhi), bx+bw/4, y(vhi), "#333", 1, "")
			s.Rect(bx-bw/2, y(q3), bw, y(q1)-y(q3), b.Colour, ` fill-opacity="0.75" stroke="#222"`)
			s.Line(bx-bw/2, y(median), bx+bw/2, y(median), "#fff", 2.5, "")
			s.F(`<circle cx="%.1f" cy="%.1f" r="3.5" fill="#fff" stroke="#111"/>`, bx, y(b.Mean))

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
				s.Rect(hx, y(to-0.5), hw*float64(n)/float64(most), y(from-0.5)-y(to-0.5), b.Colour, ` fill-opacity="0.45"`)
			}
		}
		s.Text(x0+slot/2, bottom+18, "middle", 12, "", b.Name)
		s.Text(x0+slot/2, bottom+34, "middle", 11, ` fill="#555"`, fmt.Sprintf("mean %+.1f", b.Mean))
		s.Text(x0+slot/2, bottom+48, "middle", 11, ` fill="#555"`, fmt.Sprintf("sd %.1f", b.SD))
	}
	s.Text((left+right)/2, bottom+74, "middle", 11, ` fill="#555"`,
		"box: quartiles and median; whiskers: min and max; dot: mean")
	s.Text((left+right)/2, bottom+89, "middle", 11, ` fill="#555"`,
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
