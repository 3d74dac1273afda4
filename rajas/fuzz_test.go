package rajas

import (
	"reflect"
	"testing"

	"durbar/core/gametest"
)

// FuzzActions drives a game with option choices taken from the fuzzer's
// bytes, mixed with malformed ids, and checks that legal play never breaks an
// invariant and that illegal input never changes the state.
func FuzzActions(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7}, uint64(1), uint8(0))
	f.Add([]byte("\xff\x10\x20garbage"), uint64(7), uint8(5))
	d := testData(f)
	f.Fuzz(func(t *testing.T, choices []byte, seed uint64, variant uint8) {
		v := variants[int(variant)%len(variants)]
		g, err := New(d, v.setup(2+int(variant/8)%3), seed)
		if err != nil {
			t.Fatal(err)
		}
		if len(choices) > 500 {
			choices = choices[:500] // keeps inputs quick to minimize
		}
		for k, c := range choices {
			if g.Over {
				return
			}
			err := gametest.FuzzAction(g, c, k, "die:"+string(choices[k:]), func() func() bool {
				before := g.clone()
				return func() bool { return reflect.DeepEqual(before, g) }
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	})
}

// FuzzData feeds corrupted data files to the loader: it must answer with
// an error or a valid edition, never panic.
func FuzzData(f *testing.F) {
	files := defaultFiles(f)
	f.Add(uint8(0), uint16(10), byte('x'))
	f.Add(uint8(1), uint16(300), byte('9'))
	f.Add(uint8(3), uint16(50), byte('"'))
	f.Fuzz(func(t *testing.T, which uint8, at uint16, b byte) {
		var fs [4][]byte
		for i := range fs {
			fs[i] = append([]byte(nil), files[i]...)
		}
		w := int(which) % 4
		if len(fs[w]) > 0 {
			fs[w][int(at)%len(fs[w])] = b
		}
		d, err := LoadData(fs[0], fs[1], fs[2], fs[3])
		if err == nil {
			if _, err := New(d, Setup{Players: 4, Navaratnas: true, Ganga: true}, 1); err != nil {
				t.Fatal(err)
			}
		}
	})
}
