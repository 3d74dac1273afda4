package server

import (
	"fmt"

	"durbar/server/store"
)

// chapters are where a finished game's chapters start, for its replay's
// jumps (Gandhi: by card; Rajas and The Great Game: by turn).
type chapters struct {
	kind   string
	starts []int
}

// maxChapterCache bounds the finished games whose chapters are kept.
const maxChapterCache = 256

// chaptersOf replays a finished game's whole log once and notes each step
// after which the table's chapter number changed (step k: the position
// after k log entries). A game whose table has no chapters has none. A
// finished game never changes, so the answer is kept.
func (s *Server) chaptersOf(rec *store.Game, log []string) (chapters, error) {
	s.mu.Lock()
	c, ok := s.chapters[rec.ID]
	s.mu.Unlock()
	if ok {
		return c, nil
	}
	k, ok := s.kinds[rec.Kind]
	if !ok {
		return chapters{}, fmt.Errorf("this server does not offer game %q", rec.Kind)
	}
	t, err := openTable(k, rec, nil)
	if err != nil {
		return chapters{}, err
	}
	if ch, ok := t.(Chaptered); ok {
		kind, cur := ch.Chapter()
		c.kind = kind
		for i, id := range log {
			if err := guard("replaying the log", func() error { return t.Apply(id) }); err != nil {
				return chapters{}, fmt.Errorf("log step %d (%q) does not replay: %w", i+1, id, err)
			}
			if _, n := ch.Chapter(); n != cur {
				c.starts = append(c.starts, i+1)
				cur = n
			}
		}
	}
	s.mu.Lock()
	if s.chapters == nil || len(s.chapters) >= maxChapterCache {
		s.chapters = map[string]chapters{}
	}
	s.chapters[rec.ID] = c
	s.mu.Unlock()
	return c, nil
}
