package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Group commit.
//
// Every Append used to be its own transaction, and so paid its own commit:
// on SQLite with synchronous=FULL that is one fsync per action, and the
// single write connection made the actions of all games wait in line for
// each other's fsync. Now Append queues its request for the store's one
// appendWriter goroutine, which takes every request waiting, applies them
// all in one transaction and commits once, then answers each caller. An
// action is still acknowledged only after the commit that holds it, so
// durability is unchanged; only the cost of the commit is shared.

// maxBatch bounds one transaction, so that a long queue is committed in
// pieces and the first callers do not wait for the last.
const maxBatch = 256

// errClosed is what Append returns once Close has begun.
var errClosed = errors.New("the store is closed")

// Request states. A request is queued until either the writer takes it
// into a batch or its caller gives up on it; whichever moves it first
// decides, so a request is never both answered with ctx.Err() and written.
const (
	requestQueued int32 = iota
	requestTaken
	requestAbandoned
)

type appendRequest struct {
	ctx     context.Context
	id      string
	version int64
	seat    int
	option  string
	over    bool
	result  string

	state atomic.Int32
	// done receives the one answer; buffered, so the writer never waits
	// for a caller.
	done chan appendResult
}

type appendResult struct {
	version int64
	err     error
}

// appendWriter owns the store's queue of appends and the goroutine that
// writes them.
type appendWriter struct {
	s *sqlStore

	mu     sync.Mutex
	wake   *sync.Cond // signalled when the queue grows or closed is set
	queue  []*appendRequest
	closed bool

	stopped chan struct{} // closed when run returns
	// batches and taken count transactions begun and requests taken, so tests
	// can tell that batching happened (and wait for a request to be taken).
	batches, taken atomic.Int64
	// observe, if set, is told the size of every batch committed.
	observe atomic.Pointer[func(int)]
}

// ObserveBatches reports the size of each committed batch to f.
func (s *sqlStore) ObserveBatches(f func(n int)) { s.appends.observe.Store(&f) }

func newAppendWriter(s *sqlStore) *appendWriter {
	w := &appendWriter{s: s, stopped: make(chan struct{})}
	w.wake = sync.NewCond(&w.mu)
	go w.run()
	return w
}

// submit queues r, or reports false when the store is closing.
func (w *appendWriter) submit(r *appendRequest) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return false
	}
	w.queue = append(w.queue, r)
	w.wake.Signal()
	return true
}

// close refuses new requests, lets the writer finish every queued one and
// waits for it to stop. Calling it again only waits.
func (w *appendWriter) close() {
	w.mu.Lock()
	w.closed = true
	w.wake.Signal()
	w.mu.Unlock()
	<-w.stopped
}

func (w *appendWriter) run() {
	defer close(w.stopped)
	for {
		batch, ok := w.next()
		if !ok {
			return
		}
		if len(batch) > 0 {
			w.batches.Add(1)
			w.taken.Add(int64(len(batch)))
			w.s.appendBatch(batch)
		}
	}
}

// next waits for requests and takes up to maxBatch of them. It never waits
// for more once one is there: a lone request is written at once, and the
// requests arriving while a batch commits form the next batch by
// themselves. It reports false when the store is closed and the queue
// empty.
func (w *appendWriter) next() ([]*appendRequest, bool) {
	w.mu.Lock()
	for len(w.queue) == 0 {
		if w.closed {
			w.mu.Unlock()
			return nil, false
		}
		w.wake.Wait()
	}
	n := min(len(w.queue), maxBatch)
	waiting := slices.Clone(w.queue[:n])
	w.queue = slices.Delete(w.queue, 0, n)
	w.mu.Unlock()

	batch := waiting[:0]
	for _, r := range waiting {
		if !r.state.CompareAndSwap(requestQueued, requestTaken) {
			continue // its caller gave up and has had its answer
		}
		// A caller whose context ended while queued gets the same answer
		// whether or not it noticed before the writer did.
		if err := r.ctx.Err(); err != nil {
			r.done <- appendResult{err: err}
			continue
		}
		batch = append(batch, r)
	}
	return batch, true
}

func (s *sqlStore) Append(ctx context.Context, id string, version int64, seat int, option string, over bool, result string) (int64, error) {
	fail := func(err error) (int64, error) {
		return 0, fmt.Errorf("store: append to game %q: %w", id, err)
	}
	if option == "" {
		return fail(errors.New("empty option id"))
	}
	if seat < 0 {
		return fail(fmt.Errorf("seat %d is not a seat", seat))
	}
	if err := ctx.Err(); err != nil {
		return fail(err)
	}
	r := &appendRequest{
		ctx: ctx, id: id, version: version, seat: seat, option: option, over: over, result: result,
		done: make(chan appendResult, 1),
	}
	if !s.appends.submit(r) {
		return fail(errClosed)
	}
	var res appendResult
	select {
	case res = <-r.done:
	case <-ctx.Done():
		if r.state.CompareAndSwap(requestQueued, requestAbandoned) {
			return fail(ctx.Err())
		}
		// Already in a batch: its outcome is decided by that batch's
		// commit, and the caller must learn it.
		res = <-r.done
	}
	if res.err != nil {
		return fail(res.err)
	}
	return res.version, nil
}

// appendBatch writes a batch in one transaction and answers every request.
//
// A request whose version check fails (ErrConflict, ErrNotFound) changes
// nothing and leaves the transaction usable, so the others go on. Any
// other failed statement (a constraint, a deadlock, a lost connection) can
// leave the transaction aborted (PostgreSQL refuses every later statement),
// so the batch is rolled back and each request is written again in a
// transaction of its own, where an error is that request's alone. A
// SAVEPOINT per request would achieve the same, but costs two more
// statements (two more round trips on PostgreSQL) for every action, to
// speed up only the rare batch that meets such an error.
//
// A failed BEGIN or COMMIT is not retried: every request of the batch gets
// the error, as a lone Append got it before batching. (A COMMIT that fails
// on a lost connection may even have been applied; the caller must reload.)
//
// The transaction does not use the callers' contexts: once taken, a request
// is answered by the commit outcome, whatever happens to its caller.
func (s *sqlStore) appendBatch(batch []*appendRequest) {
	ctx := context.Background()
	// Taking row locks in one order (by game id) in every batch keeps two
	// processes' batches on a shared PostgreSQL from deadlocking. The sort
	// is stable, so one game's requests keep their queue order: the second
	// of two requests naming the same version fails with ErrConflict, just
	// as if it had come later.
	slices.SortStableFunc(batch, func(a, b *appendRequest) int { return strings.Compare(a.id, b.id) })
	results, statementFailed, err := s.appendInOne(ctx, batch)
	if f := s.appends.observe.Load(); f != nil && err == nil {
		(*f)(len(batch))
	}
	switch {
	case err == nil:
		for i, r := range batch {
			r.done <- results[i]
		}
	case statementFailed && len(batch) > 1:
		for _, r := range batch {
			one, _, err := s.appendInOne(ctx, []*appendRequest{r})
			if err != nil {
				r.done <- appendResult{err: err}
			} else {
				r.done <- one[0]
			}
		}
	default:
		for _, r := range batch {
			r.done <- appendResult{err: err}
		}
	}
}

// An append's statements: the version check and bump (as bump writes it,
// with the step, the over and result flags) and the action's row.
const (
	appendBumpSQL = `UPDATE games SET version = version + 1, updated = ?, step = step + 1, over = ?, result = ?
		WHERE id = ? AND version = ? RETURNING version, step`
	appendInsertSQL = `INSERT INTO actions (game_id, seq, seat, option, at) VALUES (?, ?, ?, ?, ?)`
)

// appendInOne writes the requests in one transaction. Once it is committed,
// it returns each request's outcome, failed version checks included.
// Otherwise nothing was written and it returns the error, saying whether a
// statement failed (rather than BEGIN or COMMIT).
func (s *sqlStore) appendInOne(ctx context.Context, batch []*appendRequest) (results []appendResult, statementFailed bool, err error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return nil, false, err
	}
	defer tx.Rollback()
	results = make([]appendResult, len(batch))
	bump := func(args ...any) *sql.Row { return tx.QueryRowContext(ctx, s.q(appendBumpSQL), args...) }
	insert := func(args ...any) (sql.Result, error) { return tx.ExecContext(ctx, s.q(appendInsertSQL), args...) }
	if !s.postgres {
		// SQLite's one write connection holds the prepared statements.
		// (PostgreSQL's driver keeps its own statement cache per
		// connection; a statement prepared through database/sql would be
		// prepared again on every other connection, a round trip each.)
		b, i := tx.StmtContext(ctx, s.appendBump), tx.StmtContext(ctx, s.appendInsert)
		bump = func(args ...any) *sql.Row { return b.QueryRowContext(ctx, args...) }
		insert = func(args ...any) (sql.Result, error) { return i.ExecContext(ctx, args...) }
	}
	now := formatTime(time.Now())
	for i, r := range batch {
		var (
			step       int
			newVersion int64
		)
		// bump's statement, for an append (see bump).
		err := bump(now, r.over, r.result, r.id, r.version).Scan(&newVersion, &step)
		if errors.Is(err, sql.ErrNoRows) {
			err = s.missing(ctx, tx, r.id, r.version)
		}
		if errors.Is(err, ErrConflict) || errors.Is(err, ErrNotFound) {
			results[i].err = err
			continue
		}
		if err != nil {
			return nil, true, err
		}
		// The action's seq is the step count before this action, which the
		// bump above has just made this transaction's alone to take.
		if _, err := insert(r.id, step-1, r.seat, r.option, now); err != nil {
			return nil, true, err
		}
		results[i].version = newVersion
	}
	if err := tx.Commit(); err != nil {
		return nil, false, err
	}
	return results, false, nil
}
