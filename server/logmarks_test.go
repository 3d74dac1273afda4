package server

import "testing"

// TestLogMarks: a Gandhi view marks where each card's log lines begin, in
// order, within the log, with the card's number and title.
func TestLogMarks(t *testing.T) {
	e := newEnv(t, testDSN(t, false))
	g, seat := gandhiCongressGame(e)
	key := g.Seats[seat].Key
	var v View
	for range 12 {
		v = e.waitHuman(g.ID, key)
		if v.Over || len(v.LogMarks) >= 3 {
			break
		}
		e.getOn(g.ID, key, seat, v)
	}
	if v.LogChapter != "card" || len(v.LogMarks) < 2 {
		t.Fatalf("chapter %q, marks %+v: want a mark per card", v.LogChapter, v.LogMarks)
	}
	if v.LogMarks[0].At != 0 {
		t.Fatalf("the first card's lines begin at %d, want 0", v.LogMarks[0].At)
	}
	for i, m := range v.LogMarks {
		if m.Num == 0 || m.Name == "" || m.At > len(v.Log) || (i > 0 && m.At < v.LogMarks[i-1].At) {
			t.Fatalf("mark %d is %+v (log of %d lines, marks %+v)", i, m, len(v.Log), v.LogMarks)
		}
	}
	// A reloaded game (rebuilt from its stored log) marks the same lines.
	e.srv.mu.Lock()
	delete(e.srv.games, g.ID)
	e.srv.mu.Unlock()
	w := e.waitHuman(g.ID, key)
	if len(w.LogMarks) != len(v.LogMarks) || w.LogMarks[len(w.LogMarks)-1] != v.LogMarks[len(v.LogMarks)-1] {
		t.Fatalf("after a reload the marks are %+v, before %+v", w.LogMarks, v.LogMarks)
	}
}
