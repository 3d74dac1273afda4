package server

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"sync"
	"time"
)

// Live updates: every open page keeps a server-sent-events stream per game.
// An event says only that the game moved on (its step and version); each
// page then fetches its own view, so a stream carries nothing secret and
// needs no key.

// update is the payload of an "update" event.
type update struct {
	Step    int   `json:"step"`
	Version int64 `json:"version"`
}

// hub fans game updates out to the streams of this process.
type hub struct {
	mu   sync.Mutex
	subs map[string]map[chan update]struct{}
}

func newHub() *hub { return &hub{subs: map[string]map[chan update]struct{}{}} }

func (h *hub) subscribe(id string) chan update {
	ch := make(chan update, 1)
	h.mu.Lock()
	if h.subs[id] == nil {
		h.subs[id] = map[chan update]struct{}{}
	}
	h.subs[id][ch] = struct{}{}
	h.mu.Unlock()
	return ch
}

func (h *hub) unsubscribe(id string, ch chan update) {
	h.mu.Lock()
	delete(h.subs[id], ch)
	if len(h.subs[id]) == 0 {
		delete(h.subs, id)
	}
	h.mu.Unlock()
}

// publish never blocks: a slow stream keeps only the latest update, which
// is all a page needs to refetch.
func (h *hub) publish(id string, u update) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs[id] {
		select {
		case ch <- u:
		default:
			select {
			case <-ch:
			default:
			}
			select {
			case ch <- u:
			default:
			}
		}
	}
}

// events streams a game's updates: this process's own changes, and those
// of other server processes sharing the database, which the store notifies
// (Server.changed; PostgreSQL's LISTEN/NOTIFY) or, while it cannot, the
// stream polls for.
//
// A stream outlives the connection timeouts (HTTPServer): it clears its
// read deadline (it reads nothing more; the server's wait for the client
// to go must not time out) and gives each write the write timeout anew, so
// a client that stops reading is still cut off.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	release, err := s.openStream(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer release()
	id := r.PathValue("id")
	v, step, err := s.store.Version(r.Context(), id)
	if err != nil {
		s.fail(w, r, errorf(http.StatusNotFound, "no game %q", id))
		return
	}
	rc := http.NewResponseController(w)
	if err := rc.SetReadDeadline(time.Time{}); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	ch := s.hub.subscribe(id)
	defer s.hub.unsubscribe(id, ch)

	// write sends text at once, within the write timeout.
	write := func(text string) bool {
		if s.limits.write > 0 {
			if err := rc.SetWriteDeadline(time.Now().Add(s.limits.write)); err != nil && !errors.Is(err, http.ErrNotSupported) {
				return false
			}
		}
		if _, err := io.WriteString(w, text); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	send := func(u update) bool {
		data, _ := json.Marshal(u)
		return write("event: update\ndata: " + string(data) + "\n\n")
	}
	last := update{Step: step, Version: v}
	if !send(last) {
		return
	}
	poll := time.NewTicker(s.poll)
	defer poll.Stop()
	keepAlive := time.NewTicker(25 * time.Second)
	defer keepAlive.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.ctx.Done():
			return
		case u := <-ch:
			if u.Version != last.Version {
				last = u
				if !send(u) {
					return
				}
			}
		case <-poll.C:
			if s.watching.Load() {
				continue // changes come through the hub
			}
			v, step, err := s.store.Version(r.Context(), id)
			if err == nil && v != last.Version {
				last = update{Step: step, Version: v}
				if !send(last) {
					return
				}
			}
		case <-keepAlive.C:
			if !write(": keep-alive\n\n") {
				return
			}
		}
	}
}
