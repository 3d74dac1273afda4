package store

import (
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// sqlStore is the Store for both databases; they differ only in how they
// are opened, in placeholders and in how reads get a snapshot.
type sqlStore struct {
	kind string
	// write runs every transaction that changes something; read runs the
	// rest. They are one pool for PostgreSQL (see openSQLite for SQLite).
	write, read *sql.DB
	postgres    bool
	// readTx are the options of Load's read transaction.
	readTx *sql.TxOptions
	// where names the database in errors (a path, or a URL without
	// credentials).
	where string
	// appends writes every Append, in batches (see batch.go). It is nil
	// until the schema is ready.
	appends *appendWriter
	// version is Version's query, prepared once: the server asks it on
	// every request, and preparing it each time cost more than running it.
	version *sql.Stmt
	// appendBump and appendInsert are an append's two statements (batch.go),
	// prepared once for SQLite, which parsed them anew for every action.
	appendBump, appendInsert *sql.Stmt
	// owned is set for a SQLite store that holds its file's owner lock,
	// which release lets go of (Close).
	owned   bool
	release func()
	// dsn is PostgreSQL's, for the connection that listens (Watch).
	dsn string
}

// prepare readies the statements run on every request; called once the
// schema exists.
func (s *sqlStore) prepare(ctx context.Context) error {
	st, err := s.read.PrepareContext(ctx, s.q(`SELECT version, step FROM games WHERE id = ?`))
	if err != nil {
		return fmt.Errorf("store: prepare: %w", err)
	}
	s.version = st
	if s.postgres {
		return nil // see appendInOne
	}
	if s.appendBump, err = s.write.PrepareContext(ctx, s.q(appendBumpSQL)); err != nil {
		return fmt.Errorf("store: prepare: %w", err)
	}
	if s.appendInsert, err = s.write.PrepareContext(ctx, s.q(appendInsertSQL)); err != nil {
		return fmt.Errorf("store: prepare: %w", err)
	}
	return nil
}

// timeLayout is RFC 3339 with a fixed nine-digit fraction, in UTC, so that
// stored times sort correctly as text and round-trip to the nanosecond.
const timeLayout = "2006-01-02T15:04:05.000000000Z07:00"

func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

// q adapts a statement written with '?' placeholders to the database.
func (s *sqlStore) q(query string) string {
	if s.postgres {
		return rebind(query)
	}
	return query
}

// rebind turns '?' placeholders into PostgreSQL's $1, $2, … leaving any '?'
// inside a quoted string literal alone.
func rebind(query string) string {
	var b strings.Builder
	b.Grow(len(query) + 8)
	n := 0
	quoted := false
	for _, r := range query {
		switch {
		case r == '\'':
			quoted = !quoted
		case r == '?' && !quoted:
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (s *sqlStore) Kind() string { return s.kind }

// Close finishes the appends already queued, refuses new ones, and closes
// the database.
func (s *sqlStore) Close() error {
	if s.appends != nil {
		s.appends.close()
	}
	for _, st := range []*sql.Stmt{s.version, s.appendBump, s.appendInsert} {
		if st != nil {
			st.Close()
		}
	}
	var err error
	if s.read != s.write {
		err = s.read.Close()
	}
	err = errors.Join(err, s.write.Close())
	if s.release != nil {
		s.release()
		s.release = nil
	}
	return err
}

// validKeyHash accepts "" (a computer seat, or a seat whose key was
// withdrawn) or a hex SHA-256, so a raw key passed by mistake is refused
// rather than stored.
func validKeyHash(h string) bool {
	if h == "" {
		return true
	}
	if len(h) != 64 {
		return false
	}
	_, err := hex.DecodeString(h)
	return err == nil
}

func (s *sqlStore) Create(ctx context.Context, g *Game) error {
	switch {
	case g.ID == "":
		return errors.New("store: create: the game has no id")
	case g.Kind == "":
		return fmt.Errorf("store: create game %q: no kind", g.ID)
	case !json.Valid(g.Setup):
		return fmt.Errorf("store: create game %q: setup is not valid JSON", g.ID)
	case len(g.Log) > 0 || len(g.LogSeats) > 0 || g.Over:
		return fmt.Errorf("store: create game %q: a new game starts with an empty log and not over", g.ID)
	}
	for i, seat := range g.Seats {
		if !validKeyHash(seat.KeyHash) {
			return fmt.Errorf("store: create game %q: seat %d: key hash is not a hex SHA-256", g.ID, i)
		}
	}
	seats, err := json.Marshal(g.Seats)
	if err != nil {
		return fmt.Errorf("store: create game %q: seats: %w", g.ID, err)
	}
	now := time.Now().UTC()
	created := g.Created.UTC()
	if g.Created.IsZero() {
		created = now
	}
	// ON CONFLICT DO NOTHING tells an existing id apart from other
	// failures without parsing either driver's error.
	res, err := s.write.ExecContext(ctx, s.q(`INSERT INTO games
		(id, kind, seed, setup, seats, version, step, over, result, created, updated)
		VALUES (?, ?, ?, ?, ?, 1, 0, FALSE, '', ?, ?)
		ON CONFLICT (id) DO NOTHING`),
		g.ID, g.Kind, strconv.FormatUint(g.Seed, 10), string(g.Setup), string(seats),
		formatTime(created), formatTime(now))
	if err != nil {
		return fmt.Errorf("store: create game %q: %w", g.ID, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("store: create game %q: %w", g.ID, err)
	} else if n == 0 {
		return fmt.Errorf("store: create game %q: a game with that id already exists", g.ID)
	}
	g.Version = 1
	g.Log, g.LogSeats = []string{}, []int{}
	g.Result = ""
	g.Created, g.Updated = created, now
	return nil
}

func (s *sqlStore) Load(ctx context.Context, id string) (*Game, error) {
	tx, err := s.read.BeginTx(ctx, s.readTx)
	if err != nil {
		return nil, fmt.Errorf("store: load game %q: %w", id, err)
	}
	defer tx.Rollback()
	var (
		seed, setup, seats, created, updated string
		step                                 int
	)
	g := &Game{ID: id}
	err = tx.QueryRowContext(ctx, s.q(`SELECT kind, seed, setup, seats, version, step, over, result, created, updated
		FROM games WHERE id = ?`), id).
		Scan(&g.Kind, &seed, &setup, &seats, &g.Version, &step, &g.Over, &g.Result, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: load game %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: load game %q: %w", id, err)
	}
	if g.Seed, err = strconv.ParseUint(seed, 10, 64); err != nil {
		return nil, corrupt(id, "seed", err)
	}
	if !json.Valid([]byte(setup)) {
		return nil, corrupt(id, "setup", errors.New("not valid JSON"))
	}
	g.Setup = json.RawMessage(setup)
	if g.Seats, err = decodeSeats(id, seats); err != nil {
		return nil, err
	}
	if g.Created, err = time.Parse(time.RFC3339Nano, created); err != nil {
		return nil, corrupt(id, "created", err)
	}
	if g.Updated, err = time.Parse(time.RFC3339Nano, updated); err != nil {
		return nil, corrupt(id, "updated", err)
	}

	rows, err := tx.QueryContext(ctx, s.q(`SELECT seq, seat, option FROM actions WHERE game_id = ? ORDER BY seq`), id)
	if err != nil {
		return nil, fmt.Errorf("store: load game %q: actions: %w", id, err)
	}
	defer rows.Close()
	g.Log, g.LogSeats = make([]string, 0, step), make([]int, 0, step)
	for rows.Next() {
		var (
			seq, seat int
			option    string
		)
		if err := rows.Scan(&seq, &seat, &option); err != nil {
			return nil, fmt.Errorf("store: load game %q: actions: %w", id, err)
		}
		// A gap would replay a different game than the one played.
		if seq != len(g.Log) {
			return nil, corrupt(id, "actions", fmt.Errorf("action %d is missing", len(g.Log)))
		}
		g.Log = append(g.Log, option)
		g.LogSeats = append(g.LogSeats, seat)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: load game %q: actions: %w", id, err)
	}
	if len(g.Log) != step {
		return nil, corrupt(id, "actions", fmt.Errorf("%d stored, the game records %d", len(g.Log), step))
	}
	return g, nil
}

// corrupt reports a stored value that cannot be read, naming the game so
// that an operator can find and repair (or delete) the row.
func corrupt(id, what string, err error) error {
	return fmt.Errorf("store: game %q: stored %s is damaged: %w", id, what, err)
}

func decodeSeats(id, text string) ([]Seat, error) {
	var seats []Seat
	if err := json.Unmarshal([]byte(text), &seats); err != nil {
		return nil, corrupt(id, "seats", err)
	}
	return seats, nil
}

// bump checks and bumps a game's version inside tx, also setting the extra
// "column = ?" assignments given. The UPDATE's WHERE clause is the
// optimistic concurrency check: in PostgreSQL the row lock it takes makes a
// concurrent writer with the same version wait and then match no row; in
// SQLite the write transaction already excludes other writers. It returns
// the new version with the columns named in returning scanned into dest.
func (s *sqlStore) bump(ctx context.Context, tx *sql.Tx, id string, version int64, set string, args []any, returning string, dest ...any) (int64, error) {
	var newVersion int64
	query := `UPDATE games SET version = version + 1, updated = ?` + set + ` WHERE id = ? AND version = ? RETURNING version` + returning
	all := append(append([]any{formatTime(time.Now())}, args...), id, version)
	err := tx.QueryRowContext(ctx, s.q(query), all...).Scan(append([]any{&newVersion}, dest...)...)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, s.missing(ctx, tx, id, version)
	}
	return newVersion, err
}

// missing explains why a version-checked UPDATE matched no row.
func (s *sqlStore) missing(ctx context.Context, tx *sql.Tx, id string, version int64) error {
	var stored int64
	err := tx.QueryRowContext(ctx, s.q(`SELECT version FROM games WHERE id = ?`), id).Scan(&stored)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return ErrNotFound
	case err != nil:
		return err
	}
	return fmt.Errorf("%w (stored %d, given %d)", ErrConflict, stored, version)
}

func (s *sqlStore) Truncate(ctx context.Context, id string, version int64, keep int) (int64, error) {
	fail := func(err error) (int64, error) {
		return 0, fmt.Errorf("store: truncate game %q: %w", id, err)
	}
	if keep < 0 {
		return fail(fmt.Errorf("cannot keep %d actions", keep))
	}
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return fail(err)
	}
	defer tx.Rollback()
	// An undone game is running again, whatever ended it. The step is set
	// in the same UPDATE as the version, so that PostgreSQL's notification
	// of the change (Watch) carries both; a game with fewer actions than
	// keep keeps its step, which says so.
	var step int
	newVersion, err := s.bump(ctx, tx, id, version, `, over = FALSE, result = '', step = CASE WHEN step >= ? THEN ? ELSE step END`,
		[]any{keep, keep}, `, step`, &step)
	if err != nil {
		return fail(err)
	}
	if step != keep {
		return fail(fmt.Errorf("cannot keep %d actions of %d", keep, step))
	}
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM actions WHERE game_id = ? AND seq >= ?`), id, keep); err != nil {
		return fail(err)
	}
	if err := tx.Commit(); err != nil {
		return fail(err)
	}
	return newVersion, nil
}

func (s *sqlStore) SetKey(ctx context.Context, id string, version int64, seat int, keyHash string) (int64, error) {
	fail := func(err error) (int64, error) {
		return 0, fmt.Errorf("store: set key of game %q seat %d: %w", id, seat, err)
	}
	if !validKeyHash(keyHash) {
		return fail(errors.New("key hash is not a hex SHA-256"))
	}
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return fail(err)
	}
	defer tx.Rollback()
	// Bumping first locks the row, so the seats read back below cannot be
	// changed by anyone else before this transaction writes them.
	var text string
	newVersion, err := s.bump(ctx, tx, id, version, ``, nil, `, seats`, &text)
	if err != nil {
		return fail(err)
	}
	seats, err := decodeSeats(id, text)
	if err != nil {
		return 0, err
	}
	if seat < 0 || seat >= len(seats) {
		return fail(fmt.Errorf("the game has %d seats", len(seats)))
	}
	seats[seat].KeyHash = keyHash
	encoded, err := json.Marshal(seats)
	if err != nil {
		return fail(err)
	}
	if _, err := tx.ExecContext(ctx, s.q(`UPDATE games SET seats = ? WHERE id = ?`), string(encoded), id); err != nil {
		return fail(err)
	}
	if err := tx.Commit(); err != nil {
		return fail(err)
	}
	return newVersion, nil
}

func (s *sqlStore) Version(ctx context.Context, id string) (int64, int, error) {
	var (
		version int64
		step    int
	)
	err := s.version.QueryRowContext(ctx, id).Scan(&version, &step)
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return 0, 0, fmt.Errorf("store: version of game %q: %w", id, err)
	}
	return version, step, nil
}

func (s *sqlStore) List(ctx context.Context, limit int) ([]Summary, error) {
	query := `SELECT id, kind, step, over, result, seats, created, setup FROM games ORDER BY created DESC, id DESC`
	var args []any
	if limit > 0 {
		query += ` LIMIT ?`
		args = append(args, limit)
	}
	rows, err := s.read.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, fmt.Errorf("store: list games: %w", err)
	}
	defer rows.Close()
	list := []Summary{}
	for rows.Next() {
		var (
			sum                   Summary
			seats, created, setup string
		)
		if err := rows.Scan(&sum.ID, &sum.Kind, &sum.Step, &sum.Over, &sum.Result, &seats, &created, &setup); err != nil {
			return nil, fmt.Errorf("store: list games: %w", err)
		}
		if sum.Seats, err = decodeSeats(sum.ID, seats); err != nil {
			return nil, err
		}
		for i := range sum.Seats {
			sum.Seats[i].KeyHash = ""
		}
		if json.Valid([]byte(setup)) {
			sum.Setup = json.RawMessage(setup)
		}
		if sum.Created, err = time.Parse(time.RFC3339Nano, created); err != nil {
			return nil, corrupt(sum.ID, "created", err)
		}
		list = append(list, sum)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: list games: %w", err)
	}
	return list, nil
}
