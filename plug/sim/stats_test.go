package sim

import (
	"math"
	"testing"
)

// Known values: Newcombe (1998), Statistics in Medicine 17, table I, method 3
// (score interval without continuity correction), and the closed forms at
// 0 and n successes.
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
		{5, 10, 0.2366, 0.7634},
		{10, 10, 0.7225, 1},
	} {
		lo, hi := Wilson(c.k, c.n, Z95)
		if math.Abs(lo-c.lo) > 6e-5 || math.Abs(hi-c.hi) > 6e-5 {
			t.Errorf("Wilson(%d, %d) = %.4f..%.4f, want %.4f..%.4f", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

func TestMeanSDQuantile(t *testing.T) {
	m, sd := MeanSD([]float64{2, 4, 4, 4, 5, 5, 7, 9})
	if m != 5 || math.Abs(sd-2.13809) > 1e-5 {
		t.Fatalf("MeanSD = %v, %v", m, sd)
	}
	if q := Quantile([]int{1, 2, 3, 4}, 0.5); q != 2.5 {
		t.Fatalf("median = %v", q)
	}
}
