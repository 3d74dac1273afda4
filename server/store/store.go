// Package store keeps server games: how each was set up and every option
// played in it. A game is rebuilt by replaying its log, so the log is the
// record and nothing derived from it (boards, views) is stored.
//
// Two databases are supported through database/sql with one set of SQL:
// SQLite (a single file, the default, no server to run) and PostgreSQL
// (several server processes sharing one database). Writers never lock a
// game for longer than one transaction; instead every change names the
// version it was based on and fails with ErrConflict when another writer got
// there first, which is the only guard that works across processes.
package store

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"
)

// Seat is a seat as stored. It mirrors server.SeatSpec plus the seat's key,
// kept here (and not in the server's memory) so that invitations survive a
// restart and several processes agree on who holds a seat.
type Seat struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
	Bot  string `json:"bot,omitempty"`
	// KeyHash is the hex SHA-256 of the seat's secret key ("" for computer
	// seats). Only the hash is stored so that a leaked database does not
	// hand out the seats.
	KeyHash string `json:"keyHash,omitempty"`
}

// Game is one stored game with its full log.
type Game struct {
	ID   string
	Kind string // the game's Catalog name, "gandhi" or "rajas"
	Seed uint64
	// Setup is the game's own setup JSON (server.Kind.Prepare), kept opaque.
	Setup json.RawMessage
	Seats []Seat
	// Version is bumped by every change (action, undo, rekey, finish). It
	// is the optimistic concurrency token: every write names the version it
	// was based on.
	Version int64
	// Log holds the option ids played, in order; LogSeats the seat that
	// played each of them (the same length as Log).
	Log      []string
	LogSeats []int
	Over     bool
	Result   string
	Created  time.Time
	Updated  time.Time
}

// Summary is a game as the lobby lists it: no log, no setup, no seed, and
// KeyHash blanked in Seats, so a listing can be sent to anyone.
type Summary struct {
	ID      string
	Kind    string
	Step    int // options played so far
	Over    bool
	Result  string
	Seats   []Seat
	Created time.Time
	Setup   json.RawMessage // for the title with its scenario
}

var (
	// ErrNotFound means no game has the id given.
	ErrNotFound = errors.New("store: no such game")
	// ErrConflict means the version given is not the stored one: another
	// writer (perhaps another process) changed the game first. The caller
	// reloads and decides again.
	ErrConflict = errors.New("store: game changed since the version given")
)

// Store persists games. Implementations are safe for concurrent use.
type Store interface {
	// Create stores a new game with an empty log at Version 1, and sets
	// g.Version, g.Created (now, unless given) and g.Updated accordingly.
	Create(ctx context.Context, g *Game) error
	// Load returns the game with its full log, read in one snapshot.
	Load(ctx context.Context, id string) (*Game, error)
	// Append records one option played by seat on a game at version and
	// returns the new version. The version check and bump, the action and
	// the over/result flags are written in one transaction, committed
	// (durable) before Append returns, so an acknowledged action is never
	// lost. Concurrent Appends may share that transaction and its commit;
	// each still succeeds or fails on its own. A stale version gives
	// ErrConflict and changes nothing. After Close, Append fails.
	Append(ctx context.Context, id string, version int64, seat int, option string, over bool, result string) (newVersion int64, err error)
	// Truncate undoes: it keeps the first keep actions, drops the rest,
	// marks the game not over and returns the new version.
	Truncate(ctx context.Context, id string, version int64, keep int) (int64, error)
	// SetKey replaces a seat's key hash (a new invitation) and returns the
	// new version.
	SetKey(ctx context.Context, id string, version int64, seat int, keyHash string) (int64, error)
	// Version is a cheap poll of a game's version and step, so a process
	// can notice changes written by another process sharing the database.
	Version(ctx context.Context, id string) (version int64, step int, err error)
	// List returns up to limit games, newest first (limit < 1: all).
	List(ctx context.Context, limit int) ([]Summary, error)
	// Writable says why the database cannot take writes now (a SQLite file
	// or its directory made read-only, a write lock held elsewhere, a
	// read-only PostgreSQL server), or nil. It writes nothing. Its error
	// names no file path.
	Writable(ctx context.Context) error
	// Kind names the database: "sqlite" or "postgres".
	Kind() string
	Close() error
}

// BatchObserver is a Store that reports how many actions each of its
// commits wrote (group commit, for the server's metrics).
type BatchObserver interface {
	// ObserveBatches calls f with the size of every batch committed from
	// now on; f must not block.
	ObserveBatches(f func(n int))
}

// Open opens (and creates or migrates the schema of) the store a DSN names:
// "postgres://…" or "postgresql://…" is a PostgreSQL URL, anything else a
// SQLite file path, created if missing.
func Open(ctx context.Context, dsn string) (Store, error) {
	switch {
	case dsn == "":
		return nil, errors.New("store: no database given: pass a SQLite file path or a postgres:// URL")
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		return openPostgres(ctx, dsn)
	default:
		return openSQLite(ctx, dsn)
	}
}
