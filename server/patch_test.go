package server

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"reflect"
	"strings"
	"testing"
)

func TestMergePatch(t *testing.T) {
	for _, c := range []struct {
		a, b, patch string
		ok          bool
	}{
		{`{"x":1,"y":{"p":1,"q":[1,2]}}`, `{"x":1,"y":{"p":2,"q":[1,2]}}`, `{"y":{"p":2}}`, true},
		{`{"x":1,"y":2}`, `{"x":1}`, `{"y":null}`, true},
		{`{"x":1}`, `{"x":1,"z":{"a":"b"}}`, `{"z":{"a":"b"}}`, true},
		{`{"x":[1,2]}`, `{"x":[1,3]}`, `{"x":[1,3]}`, true},
		{`{"x":1}`, `{"x":null}`, ``, false}, // a null member cannot be patched in
		{`[1]`, `{"x":1}`, ``, false},
		{`{"s":"a\"}{,","t":{}}`, `{"s":"a\"}{,!","t":{"u":[{"v":"]"}]}}`, `{"s":"a\"}{,!","t":{"u":[{"v":"]"}]}}`, true},
		{`{"a":1,"b":2,"c":3}`, `{"c":3,"a":2}`, `{"a":2,"b":null}`, true},
		{`{}`, `{}`, `{}`, true},
		{`{"x":{"y":1}}`, `{"x":2}`, `{"x":2}`, true},
	} {
		p, ok := mergePatch([]byte(c.a), []byte(c.b))
		if ok != c.ok || ok && string(p) != c.patch {
			t.Errorf("mergePatch(%s, %s) = %s %v, want %s %v", c.a, c.b, p, ok, c.patch, c.ok)
		}
		if ok {
			var a, b, patch any
			json.Unmarshal([]byte(c.a), &a)
			json.Unmarshal([]byte(c.b), &b)
			json.Unmarshal(p, &patch)
			if got := applyMergePatch(a, patch); !reflect.DeepEqual(got, b) {
				t.Errorf("%s patched with %s is %v, want %s", c.a, p, got, c.b)
			}
		}
	}
}

// applyMergePatch applies a JSON merge patch (RFC 7386) as the page does.
func applyMergePatch(target, patch any) any {
	pm, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	tm, ok := target.(map[string]any)
	if !ok {
		tm = map[string]any{}
	}
	for k, v := range pm {
		if v == nil {
			delete(tm, k)
		} else {
			tm[k] = applyMergePatch(tm[k], v)
		}
	}
	return tm
}

// TestBoardPatches plays Gandhi and Rajas with one page per seat, a
// spectator and a hot-seat page holding every seat: after each action every page fetches its view
// with the version and step it shows (?since=&at=), and either gets the
// whole board or a patch that, applied to the board it has, gives exactly
// the board it would have been sent whole. Patches are used, and the
// action's short answer says only where the game stands.
func TestBoardPatches(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	for _, name := range []string{"gandhi", "rajas"} {
		t.Run(name, func(t *testing.T) {
			req := CreateRequest{Game: "rajas", Seats: []SeatRequest{{Kind: Human}, {Kind: Human}}}
			if name == "gandhi" {
				req = CreateRequest{Game: "gandhi", Scenario: "short", Seats: []SeatRequest{{Kind: Human}, {Kind: Human}, {Kind: Human}, {Kind: Human}}}
			}
			g := e.create(req)
			// Pages by seat; -1 the spectator, and hotSeat a page holding
			// every seat.
			hotSeat := len(g.Seats)
			pages := map[int]View{}
			keyOf := func(seat int) string {
				switch {
				case seat < 0:
					return ""
				case seat == hotSeat:
					all := ""
					for _, s := range g.Seats {
						all += s.Key + ","
					}
					return all
				}
				return g.Seats[seat].Key
			}
			for seat := -1; seat <= hotSeat; seat++ {
				pages[seat] = e.view(g.ID, keyOf(seat))
			}
			// A page naming a seat it does not hold is sent the whole board.
			v0 := pages[0]
			if code, body := e.call("GET", fmt.Sprintf("/api/games/%s?since=%d&at=%d&as=1", g.ID, v0.Version, v0.Step), keyOf(0), nil, nil); code != http.StatusOK || strings.Contains(string(body), "boardPatch") {
				t.Fatalf("a patch from another seat's board: %d", code)
			}
			rng := rand.New(rand.NewPCG(3, 4))
			patched, whole := 0, 0
			var patchBytes, boardBytes, viewBytes, optionBytes int
			for range 60 {
				v := pages[0]
				if v.Over {
					break
				}
				d := v.Decision
				mover := e.view(g.ID, keyOf(d.Seat))
				o := mover.Decision.Options[rng.IntN(len(mover.Decision.Options))].ID
				var short map[string]any
				code, body := e.call("POST", fmt.Sprintf("/api/games/%s/actions?reply=short", g.ID), keyOf(d.Seat),
					map[string]any{"seat": d.Seat, "option": o, "step": mover.Step}, &short)
				if code != http.StatusOK || len(short) != 2 || short["step"] != float64(mover.Step+1) {
					t.Fatalf("short answer: %d %s", code, body)
				}
				for seat, have := range pages {
					var next View
					var raw map[string]json.RawMessage
					path := fmt.Sprintf("/api/games/%s?since=%d&at=%d&as=%d", g.ID, have.Version, have.Step, have.BoardSeat)
					if code, body := e.call("GET", path, keyOf(seat), nil, &next); code != http.StatusOK {
						t.Fatalf("view: %d %s", code, body)
					} else {
						json.Unmarshal(body, &raw)
						viewBytes += len(body)
						optionBytes += len(raw["decision"])
					}
					full := e.view(g.ID, keyOf(seat))
					b, _ := json.Marshal(full.Board)
					boardBytes += len(b)
					if p, ok := raw["boardPatch"]; ok {
						patchBytes += len(p)
						patched++
						var patch any
						json.Unmarshal(p, &patch)
						old, _ := json.Marshal(have.Board)
						var board any
						json.Unmarshal(old, &board)
						next.Board = applyMergePatch(board, patch)
					} else {
						whole++
					}
					a, _ := json.Marshal(next.Board)
					if string(a) != string(b) {
						t.Fatalf("seat %d at step %d: the patched board differs from the whole one:\n%s\n%s", seat, full.Step, a, b)
					}
					pages[seat] = full
				}
			}
			n := patched + whole
			t.Logf("%d boards patched, %d sent whole; per view: %d bytes in all, board %d bytes whole, patch %d, decision %d",
				patched, whole, viewBytes/n, boardBytes/n, patchBytes/max(patched, 1), optionBytes/n)
			if patched == 0 {
				t.Fatal("no board was patched")
			}
		})
	}
}
