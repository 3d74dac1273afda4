package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"

	"durbar/games"
)

// patchStep is one action as a page holding every seat of its game sees
// it: the game's id, the answers to the action and to the view after it,
// the board the page had and the board now, and the patch the view sent
// instead of the board (nil: the view sent it whole).
type patchStep struct {
	id            string
	reply, view   []byte
	before, board []byte
	patch         []byte
}

// playPatches plays random games of the game named game through the
// server's handler, as BenchmarkActionCPU's client does (the short answer
// to an action, then the view with only what changed), for n actions,
// starting a new game when one ends; after each it fetches the whole view
// too, and hands each step to each. The options chosen follow from
// seed; the games' own seeds are the server's (random).
func playPatches(t testing.TB, e *testEnv, game string, n int, seed uint64, each func(patchStep)) {
	t.Helper()
	var req CreateRequest
	for _, g := range games.All() {
		if g.Name() == game {
			req = g.Command().LoadTest().People
		}
	}
	h := e.srv.Handler()
	get := func(path, keys string, body []byte) []byte {
		t.Helper()
		method := "GET"
		var rd *bytes.Reader
		if body != nil {
			method, rd = "POST", bytes.NewReader(body)
		}
		var r *http.Request
		if rd != nil {
			r = httptest.NewRequest(method, path, rd)
		} else {
			r = httptest.NewRequest(method, path, nil)
		}
		r.Header.Set("Authorization", "Bearer "+keys)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusOK {
			t.Fatalf("%s %s: %d %s", method, path, w.Code, w.Body.Bytes())
		}
		return w.Body.Bytes()
	}
	type page struct {
		v      benchView
		raw    map[string]json.RawMessage
		logLen int
	}
	read := func(body []byte, logLen int) page {
		t.Helper()
		p := page{logLen: logLen}
		if err := json.Unmarshal(body, &p.v); err != nil {
			t.Fatal(err)
		}
		json.Unmarshal(body, &p.raw)
		if p.v.LogStart > 0 || len(p.v.Log) > 0 {
			p.logLen = p.v.LogStart + len(p.v.Log)
		}
		return p
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	var id, keys string
	var have page
	for done := 0; done < n; {
		if id == "" || have.v.Over || have.v.Decision == nil || len(have.v.Decision.Options) == 0 {
			g := e.create(req)
			id, keys = g.ID, ""
			for _, s := range g.Seats {
				keys += s.Key + ","
			}
			have = read(get("/api/games/"+id, keys, nil), 0)
			continue
		}
		d := have.v.Decision
		o := d.Options[rng.IntN(len(d.Options))].ID
		body, _ := json.Marshal(map[string]any{"seat": d.Seat, "option": o, "step": have.v.Step})
		q := fmt.Sprintf("?since=%d&logFrom=%d&at=%d&as=%d", have.v.Version, have.logLen, have.v.Step, have.v.BoardSeat)
		reply := get("/api/games/"+id+"/actions"+q+"&reply=short", keys, body)
		view := get("/api/games/"+id+q, keys, nil)
		next := read(view, have.logLen)
		whole := read(get("/api/games/"+id, keys, nil), 0)
		each(patchStep{id: id, reply: reply, view: view, before: have.raw["board"], board: whole.raw["board"], patch: next.raw["boardPatch"]})
		have = whole
		done++
	}
}

// patchTally adds up bytes per action for one game.
type patchTally struct {
	actions, patched     int
	answers, board       int // the two answers as sent; the board whole
	patch, plain         int // the patches sent; RFC 7386 patches of the same boards
	sent, plainSent      int // board bytes sent: the patch, or the board when none
	members, plainMember map[string]int
}

// TestPatchBytes plays random games of each game through the server, as
// BenchmarkActionCPU does, and logs per action: the bytes of the action's
// answer and of the view after it, the board whole, the patch sent in its
// place (mergePatch) and the plain JSON merge patch (RFC 7386, arrays
// whole) of the same boards; and the board's members that take the most
// patch bytes, in both. Every patch applied to the board the page had
// gives the board now, and is no longer than the plain one.
func TestPatchBytes(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	e := newEnvWith(t, testDSN(t, false), Options{CreatePerMinute: -1}, nil)
	for _, g := range games.All() {
		name := g.Name()
		tally := patchTally{members: map[string]int{}, plainMember: map[string]int{}}
		playPatches(t, e, name, 300, 1, func(s patchStep) {
			tally.actions++
			tally.answers += len(s.reply) + len(s.view)
			tally.board += len(s.board)
			if s.patch == nil {
				tally.sent += len(s.board)
				tally.plainSent += len(s.board)
				return
			}
			plain, ok := (&patcher{}).appendPatch(nil, s.before, s.board)
			if !ok {
				t.Fatalf("%s: a patch was sent where RFC 7386 has none", name)
			}
			checkPatch(t, s.before, s.board, s.patch)
			if len(s.patch) > len(plain) {
				t.Errorf("%s: patch of %d bytes, %d in RFC 7386:\n%s\n%s", name, len(s.patch), len(plain), s.patch, plain)
			}
			tally.patched++
			tally.patch += len(s.patch)
			tally.plain += len(plain)
			tally.sent += len(s.patch)
			tally.plainSent += len(plain)
			addMembers(tally.members, s.patch)
			addMembers(tally.plainMember, plain)
		})
		n := tally.actions
		// The view with the plain patch, or with the board whole, in place
		// of the patch sent: `"board":null,"boardPatch":P` against
		// `"board":B`.
		slot := len(`null,"boardPatch":`)
		t.Logf("%s: %d actions, %d boards patched; per action: board %d bytes whole; board sent %d bytes (RFC 7386: %d); "+
			"per patch %d bytes (RFC 7386: %d); answers (action and view) %d bytes (RFC 7386 patches: %d; boards whole: %d)",
			name, n, tally.patched, tally.board/n, tally.sent/n, tally.plainSent/n,
			tally.patch/max(tally.patched, 1), tally.plain/max(tally.patched, 1),
			tally.answers/n, (tally.answers-tally.sent+tally.plainSent)/n,
			(tally.answers-tally.sent+tally.board-slot*tally.patched)/n)
		t.Logf("%s: patch bytes per action by member: %s", name, topMembers(tally.members, n))
		t.Logf("%s: RFC 7386 bytes per action by member: %s", name, topMembers(tally.plainMember, n))
		if tally.patched == 0 {
			t.Errorf("%s: no board was patched", name)
		}
	}
}

// addMembers adds the bytes each top-level member takes in the encoded
// object patch to by.
func addMembers(by map[string]int, patch []byte) {
	list, _ := appendMembers(nil, patch)
	for _, m := range list {
		by[strings.Trim(string(m.key), `"`)] += len(m.key) + 1 + len(m.value) + 1
	}
}

// topMembers lists the members taking the most bytes, per action.
func topMembers(by map[string]int, actions int) string {
	keys := make([]string, 0, len(by))
	for k := range by {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int { return by[b] - by[a] })
	var s []string
	for i, k := range keys {
		if i == 8 {
			break
		}
		s = append(s, fmt.Sprintf("%s %d", k, by[k]/actions))
	}
	return strings.Join(s, ", ")
}

// checkPatch fails the test unless patch applied to the board before (as
// the page applies it) gives the board after.
func checkPatch(t *testing.T, before, after, patch []byte) {
	t.Helper()
	if !patches(before, after, patch) {
		var a, p any
		json.Unmarshal(before, &a)
		json.Unmarshal(patch, &p)
		got, _ := json.Marshal(applyMergePatch(a, p))
		t.Fatalf("patched, the board differs:\nbefore %s\npatch  %s\ngot    %s\nwant   %s", before, patch, got, after)
	}
}

// patches reports whether patch applied to before gives after.
func patches(before, after, patch []byte) bool {
	var a, b, p any
	if json.Unmarshal(before, &a) != nil || json.Unmarshal(after, &b) != nil || json.Unmarshal(patch, &p) != nil {
		return false
	}
	return reflect.DeepEqual(applyMergePatch(a, p), b)
}

// BenchmarkMergePatch patches the boards before and after random actions
// of each game, as the server does (mergePatch) and as a plain merge patch
// (RFC 7386), and reports the mean patch's bytes.
func BenchmarkMergePatch(b *testing.B) {
	e := newEnvWith(b, testDSN(b, false), Options{CreatePerMinute: -1}, nil)
	for _, g := range games.All() {
		var pairs [][2][]byte
		playPatches(b, e, g.Name(), 100, 3, func(s patchStep) {
			pairs = append(pairs, [2][]byte{s.before, s.board})
		})
		for _, items := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/items=%v", g.Name(), items), func(b *testing.B) {
				b.ReportAllocs()
				size := 0
				for i := range b.N {
					p := pairs[i%len(pairs)]
					out, _ := (&patcher{items: items}).appendPatch(make([]byte, 0, 256), p[0], p[1])
					size += len(out)
				}
				b.ReportMetric(float64(size)/float64(b.N), "bytes/patch")
			})
		}
	}
}
