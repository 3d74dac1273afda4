package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"sync/atomic"
	"time"

	"durbar/core"
	"durbar/core/i18n"
	"durbar/server/store"
)

// liveGame is a stored game rebuilt in memory. Its mutex serializes every
// change: one action, undo or computer move at a time per game.
type liveGame struct {
	mu    chan struct{} // a lock that waits can give up on (lock)
	title string        // the game's title with its scenario (Catalog.GameTitle)
	rec   *store.Game   // the stored record; rec.Version is the store's
	table Table
	// barrier[k] is the undo barrier after k log entries: an undo back to
	// entry k is allowed only while barrier[k] equals the last (no die
	// roll, shuffle or revealed secret in between).
	barrier []core.Barrier
	// driving is set while a computer player goroutine runs for the game.
	driving bool
	// dead is set (under the lock) when the game was dropped after a failed
	// write: its table may be ahead of the store, so a request that was
	// waiting for the lock must not use it.
	dead bool
	// boards caches each seat's board, marshalled, for the position
	// boardsAt: several requests ask for the same position (the player
	// after acting, each open page on every update), and the board is most
	// of a view's cost. A board is built once per position and per seat
	// that sees it (a spectator is seat -1), and only ever sent to a
	// caller seeing as that seat: each seat's board holds its secrets.
	boards   map[boardKey]json.RawMessage
	boardsAt position
	// prev and prevAt are the same for the position just before boardsAt,
	// kept so that a page one position behind is sent only what changed on
	// its board (boardPatch); patches caches those changes.
	prev    map[boardKey]json.RawMessage
	prevAt  position
	patches map[patchKey]json.RawMessage
	// logLines is the table's log at logAt, which every view sends from
	// the line its page lacks: a game rebuilds its log on every call.
	logLines []string
	logAt    position
	// logBase is the version from which this game's log has only grown:
	// the version it was loaded at, or of its last undo. A page showing a
	// version at or after it holds a prefix of the current log.
	logBase int64
	// marks are where the log's chapters begin (Gandhi: cards; Rajas and
	// The Great Game: turns), for the log panel's headings.
	marks []logMark
	// known is the newest version of the game the store is known to hold
	// (the changes the store watches, Server.changed); checked is the
	// watch's epoch in which rec.Version was last read from the store or
	// written to it. While the store is watched and checked is the current
	// epoch, a game whose known version is not ahead of its own is
	// current, without asking the database.
	known   atomic.Int64
	checked int64
	// used is set by every request for the game; trimIdle clears it, and
	// drops the cached boards and log of a game it finds unused since.
	used atomic.Bool
}

// logMark is where a chapter of the log begins: the chapter reached after
// Step log entries, whose lines start at log line At.
type logMark struct {
	Step int    `json:"-"`
	N    int    `json:"-"` // the table's chapter number (Chaptered)
	At   int    `json:"at"`
	Num  int    `json:"num,omitempty"`
	Name string `json:"name,omitempty"`
}

// ChapterNamer is a Chaptered table that names its chapter (Gandhi: the
// card's number and title, in English; the view translates it).
type ChapterNamer interface {
	ChapterName() (num int, name string)
}

// noteChapter adds a mark when the table, after step log entries, stands
// in a chapter other than the last mark's.
func noteChapter(t Table, marks []logMark, step int) []logMark {
	ch, ok := t.(Chaptered)
	if !ok {
		return marks
	}
	_, n := ch.Chapter()
	if len(marks) > 0 && marks[len(marks)-1].N == n {
		return marks
	}
	m := logMark{Step: step, N: n, At: len(t.Log())}
	if nm, ok := t.(ChapterNamer); ok {
		m.Num, m.Name = nm.ChapterName()
	}
	return append(marks, m)
}

// chapterStarts gives the kind of the game's chapters and the steps at which
// each chapter after the first begins (a replay's jumps), read off the
// marks; none for a game without chapters.
func (lg *liveGame) chapterStarts() (kind string, starts []int) {
	ch, ok := lg.table.(Chaptered)
	if !ok {
		return "", nil
	}
	kind, _ = ch.Chapter()
	for i := 1; i < len(lg.marks); i++ {
		starts = append(starts, lg.marks[i].Step)
	}
	return kind, starts
}

func (lg *liveGame) lock(ctx context.Context) error {
	select {
	case lg.mu <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (lg *liveGame) unlock() { <-lg.mu }

// boardKey names a cached board: whose and in which language.
type boardKey struct {
	seat int
	lang string
}

// position names the table's state: the actions played since the log
// last stopped only growing (logBase: the load or the last undo). A change
// of the version that leaves the table alone (a new key) keeps it.
type position struct {
	base int64
	step int
}

func (lg *liveGame) position() position { return position{base: lg.logBase, step: lg.step()} }

// log is the table's log at the current position; the caller must not
// change it.
func (lg *liveGame) log() []string {
	if pos := lg.position(); lg.logLines == nil || lg.logAt != pos {
		lg.logLines, lg.logAt = lg.table.Log(), pos
		if lg.logLines == nil {
			lg.logLines = []string{}
		}
	}
	return lg.logLines
}

// boardsNow readies the board cache for the current position, keeping the
// boards of the one before it.
func (lg *liveGame) boardsNow() {
	pos := lg.position()
	if lg.boards != nil && lg.boardsAt == pos {
		return
	}
	if lg.boards != nil && lg.boardsAt.base == pos.base && lg.boardsAt.step == pos.step-1 {
		lg.prev, lg.prevAt = lg.boards, lg.boardsAt
	} else {
		lg.prev = nil
	}
	lg.boards, lg.boardsAt = map[boardKey]json.RawMessage{}, pos
	lg.patches = map[patchKey]json.RawMessage{}
}

// boardPatch is what changed on the board a caller holding seats held
// sees as seat, since the view it has: the one after step actions, of
// version since, whose board it saw as seat from. It is a JSON merge
// patch (RFC 7386), with element patches of arrays, from that board to the
// current one (mergePatch). from must be a
// seat the caller holds, or -1 (a spectator's board, which anyone may
// see): a patch between two boards the caller may see tells it nothing
// more (a hot-seat page whose deciding seat changed is patched from the
// one seat's board to the other's). ok is false when there is no exact
// patch, and the caller sends the whole board.
func (lg *liveGame) boardPatch(from, seat int, text *i18n.Catalog, held []int, since int64, step int) (patch json.RawMessage, ok bool) {
	lg.boardsNow()
	if lg.prev == nil || since < lg.logBase || since > lg.rec.Version || lg.prevAt != (position{base: lg.logBase, step: step}) {
		return nil, false
	}
	if from != -1 && !slices.Contains(held, from) {
		return nil, false
	}
	lang := ""
	if text != nil {
		lang = text.Lang
	}
	key := patchKey{from: from, to: seat, lang: lang}
	if p, done := lg.patches[key]; done {
		return p, p != nil
	}
	old, had := lg.prev[boardKey{seat: from, lang: lang}]
	cur, err := lg.board(seat, text)
	if !had || err != nil {
		return nil, false
	}
	p, exact := mergePatch(old, cur)
	if !exact {
		p = nil
	}
	lg.patches[key] = p
	return p, exact
}

// patchKey names a cached board patch: from one seat's board at the
// previous position to a seat's board now, in a language.
type patchKey struct {
	from, to int
	lang     string
}

// seenAs is the seat whose board a caller holding seats held sees when
// player decides: a player holding several seats (hot-seat) sees as the
// deciding seat when it holds it, else as its first seat; a spectator as
// seat -1.
func seenAs(held []int, player int) int {
	if len(held) == 0 {
		return -1
	}
	if slices.Contains(held, player) {
		return player
	}
	return held[0]
}

// board is the seat's board at the current position in text's language
// (nil: English), marshalled.
func (lg *liveGame) board(seat int, text *i18n.Catalog) (json.RawMessage, error) {
	lg.boardsNow()
	key := boardKey{seat: seat}
	if text != nil {
		key.lang = text.Lang
	}
	if b, ok := lg.boards[key]; ok {
		return b, nil
	}
	b, err := json.Marshal(i18n.Localized(lg.table.Board(seat), text))
	if err != nil {
		return nil, fmt.Errorf("game %s: the board does not marshal: %w", lg.rec.ID, err)
	}
	lg.boards[key] = b
	return b, nil
}

// step is the number of actions played.
func (lg *liveGame) step() int { return len(lg.rec.Log) }

// apiError is an error with its HTTP status and, for rules errors, the rule;
// a refusal by a limit (429) says when to try again.
type apiError struct {
	status     int
	rule       string
	msg        string
	retryAfter time.Duration
}

func (e *apiError) Error() string { return e.msg }

func errorf(status int, format string, args ...any) *apiError {
	return &apiError{status: status, msg: fmt.Sprintf(format, args...)}
}

// open rebuilds a stored game, recording the undo barrier after each step.
func (s *Server) open(rec *store.Game) (*liveGame, error) {
	k, ok := s.kinds[rec.Kind]
	if !ok {
		return nil, fmt.Errorf("game %s: this server does not offer game %q", rec.ID, rec.Kind)
	}
	t, err := openTable(k, rec, nil)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	barrier := make([]core.Barrier, 0, len(rec.Log)+1)
	barrier = append(barrier, t.Irreversible())
	marks := noteChapter(t, nil, 0)
	for i, id := range rec.Log {
		if err := guard("replaying the log", func() error { return t.Apply(id) }); err != nil {
			return nil, fmt.Errorf("game %s: log step %d (%q) does not replay: %w", rec.ID, i+1, id, err)
		}
		barrier = append(barrier, t.Irreversible())
		marks = noteChapter(t, marks, i+1)
	}
	return &liveGame{mu: make(chan struct{}, 1), title: s.catalogs[rec.Kind].GameTitle(rec.Setup), rec: rec, table: t, barrier: barrier, logBase: rec.Version, marks: marks}, nil
}

// openPrefix rebuilds a game as it stood after its first n log entries.
func (s *Server) openPrefix(rec *store.Game, n int) (Table, error) {
	k, ok := s.kinds[rec.Kind]
	if !ok {
		return nil, fmt.Errorf("this server does not offer game %q", rec.Kind)
	}
	return openTable(k, rec, rec.Log[:n])
}

// openTable opens a stored game's table with the first entries of its log
// played. Every call that rebuilds or plays a game goes through guard —
// here, in open, play and drive — so the adapters need none of their own.
func openTable(k Kind, rec *store.Game, log []string) (t Table, err error) {
	err = guard("rebuilding the game", func() (err error) {
		t, err = k.Open(rec.Setup, seatSpecs(rec.Seats), rec.Seed, log)
		return err
	})
	return t, err
}

func seatSpecs(seats []store.Seat) []SeatSpec {
	out := make([]SeatSpec, len(seats))
	for i, st := range seats {
		out[i] = SeatSpec{Name: st.Name, Kind: st.Kind, Bot: st.Bot}
	}
	return out
}

// guard runs f and turns a panic into an error naming what was being done:
// the engines validate their input, and a panic escaping one must not take
// the server down. The engines leave a game as it was when a step fails.
func guard(what string, f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error %s: %v", what, r)
		}
	}()
	return f()
}

// game returns the game with its lock held, loaded from the store if it is
// not in memory or if another process changed it (its stored version moved
// on). The caller must unlock it.
func (s *Server) game(ctx context.Context, id string) (*liveGame, error) {
	s.mu.Lock()
	lg := s.games[id]
	s.mu.Unlock()
	if lg != nil {
		if err := lg.lock(ctx); err != nil {
			return nil, err
		}
		lg.used.Store(true)
		if !lg.dead && s.current(lg) {
			return lg, nil
		}
		if !lg.dead {
			epoch := s.epoch.Load()
			v, _, err := s.store.Version(ctx, id)
			if err == nil && v == lg.rec.Version {
				lg.checked = epoch
				return lg, nil
			}
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				lg.unlock()
				return nil, err
			}
		}
		lg.unlock()
	}
	// Changes notified while the game loads are kept for it (changed).
	s.mu.Lock()
	s.loading[id]++
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		if s.loading[id]--; s.loading[id] == 0 {
			delete(s.loading, id)
			delete(s.pending, id)
		}
		s.mu.Unlock()
	}()
	epoch := s.epoch.Load()
	rec, err := s.store.Load(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, errorf(http.StatusNotFound, "no game %q", id)
	}
	if err != nil {
		return nil, err
	}
	fresh, err := s.open(rec)
	if err != nil {
		return nil, err
	}
	fresh.checked = epoch
	fresh.lock(context.Background())
	s.mu.Lock()
	fresh.known.Store(s.pending[id])
	// Another request may have loaded the game meanwhile, even a newer
	// record of it: whichever copy is kept, every use checks the stored
	// version first, and every write is refused if it moved on.
	s.games[id] = fresh
	if len(s.games) > s.live {
		s.evictIdle(fresh)
	}
	s.mu.Unlock()
	s.kick(fresh)
	return fresh, nil
}

// current reports whether a game in memory is known to be the stored one
// without asking the database: the store is watched (a SQLite file this
// process owns; PostgreSQL's notifications), the game's version was
// checked since the watch last began, and no newer version was notified.
// The game's lock is held.
func (s *Server) current(lg *liveGame) bool {
	return s.watching.Load() && lg.checked == s.epoch.Load() && lg.known.Load() <= lg.rec.Version
}

// watch follows the changes other processes write to the store, when it
// can tell of them (store.Watcher); until it is ready every request asks
// the database for the game's version.
func (s *Server) watch() {
	w, ok := s.store.(store.Watcher)
	if !ok {
		return
	}
	w.Watch(s.ctx, s.changed, func(ready bool) {
		if ready {
			// Games checked before now may have missed changes.
			s.epoch.Add(1)
		}
		s.watching.Store(ready)
	})
}

// changed takes note of a change the store reports: the game in memory
// (or being loaded) is stale when its version is older, and the pages
// following it here are told.
func (s *Server) changed(c store.Change) {
	s.mu.Lock()
	if lg := s.games[c.ID]; lg != nil {
		for {
			k := lg.known.Load()
			if c.Version <= k || lg.known.CompareAndSwap(k, c.Version) {
				break
			}
		}
	}
	if s.loading[c.ID] > 0 {
		s.pending[c.ID] = max(s.pending[c.ID], c.Version)
	}
	s.mu.Unlock()
	s.hub.publish(c.ID, update{Step: c.Step, Version: c.Version})
}

// trimIdle drops the cached boards, patches and log of the games in memory
// that no request used since the last call: an idle game keeps only what
// rebuilds them (its table, record and undo barriers), a few KB to a few
// tens of KB instead of a hundred. A game in use is left alone.
func (s *Server) trimIdle() {
	s.mu.Lock()
	list := make([]*liveGame, 0, len(s.games))
	for _, lg := range s.games {
		list = append(list, lg)
	}
	s.mu.Unlock()
	for _, lg := range list {
		if lg.used.Swap(false) {
			continue
		}
		select {
		case lg.mu <- struct{}{}:
			lg.boards, lg.prev, lg.patches, lg.logLines = nil, nil, nil, nil
			lg.unlock()
		default: // in use
		}
	}
}

// trimLoop runs trimIdle every period until the server closes.
func (s *Server) trimLoop(period time.Duration) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			s.trimIdle()
		case <-s.ctx.Done():
			return
		}
	}
}

// evictIdle drops idle games from memory until a tenth of the room is
// free again; keep is the game being loaded. A game is idle when nobody
// holds its lock and no computer player runs for it; its record is in the
// store, so dropping it loses nothing. s.mu is held.
func (s *Server) evictIdle(keep *liveGame) {
	target := s.live - s.live/10
	for id, lg := range s.games {
		if len(s.games) <= target {
			return
		}
		if lg == keep {
			continue
		}
		select {
		case lg.mu <- struct{}{}:
			if !lg.driving {
				delete(s.games, id)
			}
			lg.unlock()
		default: // in use
		}
	}
}

// forget drops a game from memory after a failed write, so that the next
// request rebuilds it from the store, which holds the truth. The caller
// holds the game's lock.
func (s *Server) forget(lg *liveGame) {
	lg.dead = true
	s.mu.Lock()
	if s.games[lg.rec.ID] == lg {
		delete(s.games, lg.rec.ID)
	}
	s.mu.Unlock()
}

// play applies one option for a seat and stores it; the lock is held.
// It returns only once the action is committed.
func (s *Server) play(ctx context.Context, lg *liveGame, seat int, id string) error {
	d := lg.table.Decision()
	if d.Over {
		return &apiError{status: http.StatusConflict, rule: d.Rule, msg: "the game is over"}
	}
	if d.Player != seat {
		return &apiError{status: http.StatusConflict, rule: d.Rule, msg: fmt.Sprintf("it is not %s's turn: %s must decide", s.seatName(lg, seat), s.seatName(lg, d.Player))}
	}
	if err := guard("playing "+id, func() error { return lg.table.Apply(id) }); err != nil {
		var re *core.RuleError
		if errors.As(err, &re) {
			return &apiError{status: http.StatusUnprocessableEntity, rule: re.Rule, msg: re.Error()}
		}
		s.forget(lg) // the table may be damaged; rebuild it from the store
		return err
	}
	return s.commit(ctx, lg, seat, id)
}

// commit stores an action already applied to the table. On failure the
// table is ahead of the store, so the game is dropped from memory.
func (s *Server) commit(ctx context.Context, lg *liveGame, seat int, id string) error {
	over, result := lg.table.Decision().Over, ""
	if over {
		result = lg.table.Result()
	}
	v, err := s.store.Append(ctx, lg.rec.ID, lg.rec.Version, seat, id, over, result)
	if err != nil {
		s.forget(lg)
		if errors.Is(err, store.ErrConflict) {
			return errorf(http.StatusConflict, "the game changed meanwhile (another server process played); reload")
		}
		return fmt.Errorf("storing the action: %w", err)
	}
	s.metrics.actions.Inc()
	lg.rec.Version = v
	lg.rec.Log = append(lg.rec.Log, id)
	lg.rec.LogSeats = append(lg.rec.LogSeats, seat)
	lg.rec.Over, lg.rec.Result = over, result
	lg.barrier = append(lg.barrier, lg.table.Irreversible())
	lg.marks = noteChapter(lg.table, lg.marks, len(lg.rec.Log))
	s.hub.publish(lg.rec.ID, update{Step: lg.step(), Version: v})
	return nil
}

// seatName names a seat for messages.
func (s *Server) seatName(lg *liveGame, seat int) string {
	if seat >= 0 && seat < len(lg.rec.Seats) {
		return lg.rec.Seats[seat].Name
	}
	return fmt.Sprintf("seat %d", seat)
}

// computerToMove reports whether a computer seat holds the pending decision.
func (lg *liveGame) computerToMove() bool {
	d := lg.table.Decision()
	return !d.Over && d.Player >= 0 && d.Player < len(lg.rec.Seats) && lg.rec.Seats[d.Player].Kind == Computer
}

// kick starts the computer player of a game if a computer must decide and
// none is running. The caller holds the game's lock.
func (s *Server) kick(lg *liveGame) {
	if lg.driving || lg.dead || !lg.computerToMove() {
		return
	}
	// A game without people thinks after those with people waiting.
	computersOnly := !slices.ContainsFunc(lg.rec.Seats, func(st store.Seat) bool { return st.Kind == Human })
	if !s.goBackground(func() { s.drive(lg, computersOnly) }) {
		return
	}
	lg.driving = true
}

// goBackground runs f in a goroutine Close waits for, unless the server is
// closing; it reports whether f was started.
func (s *Server) goBackground(f func()) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		f()
	}()
	return true
}

// drive plays the computer seats of a game, one committed move at a time,
// until a human must decide, the game ends, the server closes or the game
// is dropped from memory (a newer version was loaded instead). Each move
// waits for a turn to think (thinkPool).
func (s *Server) drive(lg *liveGame, computersOnly bool) {
	for {
		if s.pause > 0 {
			select {
			case <-time.After(s.pause):
			case <-s.ctx.Done():
			}
		}
		// A turn to think first, then the game: a game waiting for its turn
		// must not keep its players and spectators waiting too.
		if err := s.think.acquire(s.ctx, computersOnly); err != nil {
			return // the server is closing; the game is never driven again
		}
		if err := lg.lock(s.ctx); err != nil {
			s.think.release()
			return
		}
		s.mu.Lock()
		current := s.games[lg.rec.ID] == lg
		s.mu.Unlock()
		if !current || !lg.computerToMove() || s.ctx.Err() != nil {
			s.think.release()
			lg.driving = false
			lg.unlock()
			return
		}
		seat := lg.table.Decision().Player
		var id string
		var err error
		s.think.run(func() {
			err = guard("in a computer player", func() (err error) { id, err = lg.table.PlayComputer(); return err })
		})
		s.think.release()
		if err == nil {
			err = s.commit(s.ctx, lg, seat, id)
		} else {
			s.forget(lg)
		}
		if err != nil {
			lg.driving = false
			lg.unlock()
			if s.ctx.Err() == nil {
				s.log.Error("computer move failed", slog.String("game", lg.rec.ID), slog.Int("seat", seat), slog.String("error", err.Error()))
				s.revive(lg.rec.ID)
			}
			return
		}
		s.mu.Lock()
		delete(s.failures, lg.rec.ID)
		s.mu.Unlock()
		lg.unlock()
	}
}

// maxComputerFailures is how many failed computer moves in a row a game
// may have before its computer players stop trying (logged as an error).
const maxComputerFailures = 5

// revive reloads a game after its computer player failed (the database was
// briefly unavailable, say), which restarts the computer player, after a
// pause that doubles with each failure in a row.
func (s *Server) revive(id string) {
	s.mu.Lock()
	s.failures[id]++
	n := s.failures[id]
	s.mu.Unlock()
	if n > maxComputerFailures {
		s.log.Error("computer players stopped after repeated failures; the next request for the game restarts them", slog.String("game", id))
		s.mu.Lock()
		delete(s.failures, id)
		s.mu.Unlock()
		return
	}
	s.goBackground(func() {
		select {
		case <-time.After(time.Duration(1<<(n-1)) * 100 * time.Millisecond):
		case <-s.ctx.Done():
			return
		}
		if lg, err := s.game(s.ctx, id); err == nil {
			lg.unlock()
		}
	})
}

// undo takes back the caller's last action, together with the computer
// moves that followed it, when no other human has acted since and nothing
// irreversible happened in between (a die roll, a shuffle, a card or tile
// revealed: the game's undo barrier).
func (s *Server) undo(ctx context.Context, lg *liveGame, held []int) error {
	k, err := lg.undoPoint(held)
	if err != nil {
		return err
	}
	t, err := s.openPrefix(lg.rec, k)
	if err != nil {
		return err
	}
	v, err := s.store.Truncate(ctx, lg.rec.ID, lg.rec.Version, k)
	if err != nil {
		s.forget(lg)
		if errors.Is(err, store.ErrConflict) {
			return errorf(http.StatusConflict, "the game changed meanwhile; reload")
		}
		return err
	}
	lg.table = t
	lg.rec.Version = v
	lg.logBase = v
	lg.rec.Log = lg.rec.Log[:k:k]
	lg.rec.LogSeats = lg.rec.LogSeats[:k:k]
	lg.rec.Over, lg.rec.Result = false, ""
	lg.barrier = lg.barrier[: k+1 : k+1]
	for len(lg.marks) > 0 && lg.marks[len(lg.marks)-1].Step > k {
		lg.marks = lg.marks[:len(lg.marks)-1]
	}
	lg.marks = lg.marks[:len(lg.marks):len(lg.marks)]
	s.hub.publish(lg.rec.ID, update{Step: k, Version: v})
	return nil
}

// undoPoint finds the log entry an undo by the holder of seats held goes
// back to, or says why there is none.
func (lg *liveGame) undoPoint(held []int) (int, error) {
	k, why := lg.undoable(held)
	if why != nil {
		return 0, errorf(http.StatusConflict, "cannot undo: %s", why.English())
	}
	return k, nil
}

// undoBlock says why an undo is not possible: Code for the page
// ("over", "none", "other", "secret"), What the game's words for the
// irreversible event that stands in the way (Code "secret").
type undoBlock struct {
	Code string `json:"code"`
	What string `json:"what,omitempty"`
}

// English is the reason as the API's error message says it.
func (b *undoBlock) English() string {
	switch b.Code {
	case "over":
		return "the game is over"
	case "none":
		return "no human action to take back"
	case "other":
		return "the last action was another player's"
	}
	return b.What + " since that action, and undo never takes back a revealed secret or a die roll"
}

// undoable finds the log entry an undo by the holder of seats held goes
// back to, or says why there is none.
func (lg *liveGame) undoable(held []int) (int, *undoBlock) {
	if lg.rec.Over {
		return 0, &undoBlock{Code: "over"}
	}
	k := len(lg.rec.Log) - 1
	for k >= 0 && lg.isComputer(lg.rec.LogSeats[k]) {
		k--
	}
	if k < 0 {
		return 0, &undoBlock{Code: "none"}
	}
	if !slices.Contains(held, lg.rec.LogSeats[k]) {
		return 0, &undoBlock{Code: "other"}
	}
	last := len(lg.barrier) - 1
	if lg.barrier[k].N != lg.barrier[last].N {
		// Name the first irreversible event after entry k.
		j := k + 1
		for lg.barrier[j].N == lg.barrier[k].N {
			j++
		}
		return 0, &undoBlock{Code: "secret", What: lg.barrier[j].What}
	}
	return k, nil
}

func (lg *liveGame) isComputer(seat int) bool {
	return seat >= 0 && seat < len(lg.rec.Seats) && lg.rec.Seats[seat].Kind == Computer
}
