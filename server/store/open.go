package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	_ "modernc.org/sqlite"             // registers the "sqlite" database/sql driver (pure Go)
)

// sqlitePragmas are set through the DSN so that every pooled connection gets
// them, not just the one that happened to run a PRAGMA statement.
//   - busy_timeout first, so that the journal_mode switch below waits for
//     another process's lock instead of failing;
//   - WAL lets readers run while a writer commits;
//   - synchronous=FULL syncs the WAL on every commit: an acknowledged action
//     survives a crash of the process and of the machine (NORMAL would only
//     survive the process);
//   - foreign keys, so actions cannot outlive their game.
const sqlitePragmas = "_pragma=busy_timeout(5000)" +
	"&_pragma=journal_mode(WAL)" +
	"&_pragma=synchronous(FULL)" +
	"&_pragma=foreign_keys(1)"

// openSQLite opens two pools on one file.
//
// SQLite has a single writer per file. The write pool has one connection, so
// this process's writers queue in database/sql rather than contend inside
// SQLite, and it begins every transaction with BEGIN IMMEDIATE
// (_txlock=immediate): a transaction that reads the version and then writes
// takes the write lock up front, where busy_timeout can wait for another
// process, instead of upgrading a read lock later, which in WAL mode fails
// at once with SQLITE_BUSY when another writer committed in between.
//
// That one connection also keeps Create, Truncate and SetKey from
// interleaving with a batch of appends (batch.go): each transaction runs
// alone.
//
// The read pool has a few connections that only read (query_only), so Load,
// Version and List never wait behind a writer: WAL gives each read
// transaction a consistent snapshot.
func openSQLite(ctx context.Context, path string) (Store, error) {
	if strings.Contains(path, "?") {
		return nil, fmt.Errorf("store: SQLite path %q contains '?': the driver would read the rest as parameters", path)
	}
	if path == ":memory:" || strings.HasPrefix(path, "file::memory:") {
		return nil, fmt.Errorf("store: SQLite path %q is an in-memory database, which each pooled connection would see empty; use a file", path)
	}
	write, err := sql.Open("sqlite", path+"?"+sqlitePragmas+"&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("store: open SQLite %s: %w", path, err)
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	read, err := sql.Open("sqlite", path+"?"+sqlitePragmas+"&_query_only=1")
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("store: open SQLite %s: %w", path, err)
	}
	read.SetMaxOpenConns(4)
	read.SetMaxIdleConns(4)
	s := &sqlStore{kind: "sqlite", write: write, read: read, where: path}
	// One process owns the file, so that its server may keep versions in
	// memory instead of asking the database on every request.
	release, err := ownFile(path)
	if err != nil {
		write.Close()
		read.Close()
		if err == errOwned {
			return nil, fmt.Errorf("store: open SQLite %s: %w", path, err)
		}
		return nil, fmt.Errorf("store: open SQLite %s: cannot take its owner's lock: %w", path, err)
	}
	s.owned, s.release = release != nil, release
	// The schema is created through the write pool first, so the file is
	// in WAL mode before any read-only connection opens it.
	return s.start(ctx)
}

// openPostgres opens one pool: PostgreSQL handles concurrent writers itself,
// and the row lock taken by each write's version-checked UPDATE serializes
// writers on one game, across processes too. So Truncate and SetKey may run
// beside a batch of appends (batch.go): whichever locks a game's row second
// waits for the other's commit and then fails the version check.
func openPostgres(ctx context.Context, dsn string) (Store, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open PostgreSQL: %w", err)
	}
	// Keep as many connections idle as may be open: database/sql keeps only
	// two by default, and every connection beyond those would be closed
	// after use and opened again, and PostgreSQL forks a process for each.
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(16)
	db.SetConnMaxIdleTime(5 * time.Minute)
	s := &sqlStore{
		kind:     "postgres",
		write:    db,
		read:     db,
		postgres: true,
		// Load reads the game row and then its actions; a repeatable-read
		// snapshot keeps the two consistent while writers commit.
		readTx: &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true},
		where:  redactDSN(dsn),
		dsn:    dsn,
	}
	return s.start(ctx)
}

// start readies an opened store: the schema, the prepared statements and
// the append writer. On failure the store is closed.
func (s *sqlStore) start(ctx context.Context) (Store, error) {
	if err := s.migrate(ctx); err != nil {
		s.Close()
		return nil, err
	}
	if err := s.prepare(ctx); err != nil {
		s.Close()
		return nil, err
	}
	s.appends = newAppendWriter(s)
	return s, nil
}

// redactDSN drops the password (and everything else but host and database)
// from a PostgreSQL URL, so it can appear in errors and logs.
func redactDSN(dsn string) string {
	rest := dsn[strings.Index(dsn, "://")+3:]
	if at := strings.LastIndex(rest, "@"); at >= 0 {
		rest = rest[at+1:]
	}
	if q := strings.Index(rest, "?"); q >= 0 {
		rest = rest[:q]
	}
	return "postgres://" + rest
}

// schemaLockKey is the PostgreSQL advisory lock that serializes migrations
// when several server processes start at once (CREATE TABLE IF NOT EXISTS
// alone can still collide there). Any fixed number works; this one spells
// "durbar".
const schemaLockKey = 0x647572626172

// migrations are the schema changes in order; the schema_version table
// records how many have been applied. A later version of the program
// appends to this list and never edits an applied entry.
//
// Column types are chosen to mean the same in both databases: the seed is
// decimal text because neither has an unsigned 64-bit integer, times are
// fixed-width UTC text (timeLayout) so they sort as text, and JSON is text
// so that a damaged value can still be read and reported.
var migrations = [][]string{
	{
		`CREATE TABLE IF NOT EXISTS games (
			id TEXT PRIMARY KEY,
			kind TEXT NOT NULL,
			seed TEXT NOT NULL,
			setup TEXT NOT NULL,
			seats TEXT NOT NULL,
			version BIGINT NOT NULL,
			step INTEGER NOT NULL,
			over BOOLEAN NOT NULL DEFAULT FALSE,
			result TEXT NOT NULL DEFAULT '',
			created TEXT NOT NULL,
			updated TEXT NOT NULL
		)`,
		`CREATE INDEX IF NOT EXISTS games_created ON games (created)`,
		`CREATE TABLE IF NOT EXISTS actions (
			game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
			seq INTEGER NOT NULL,
			seat INTEGER NOT NULL,
			option TEXT NOT NULL,
			at TEXT NOT NULL,
			PRIMARY KEY (game_id, seq)
		)`,
	},
	// PostgreSQL: every change of a game is notified to the other
	// processes (postgresMigrations, Watch); nothing for SQLite.
	{},
}

// migrate brings the schema up to date in one transaction, so a failure
// leaves the previous schema in place (PostgreSQL DDL is transactional, and
// so is SQLite's).
func (s *sqlStore) migrate(ctx context.Context) error {
	fail := func(err error) error { return fmt.Errorf("store: prepare schema in %s %s: %w", s.kind, s.where, err) }
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return fail(err)
	}
	defer tx.Rollback()
	if s.postgres {
		if _, err := tx.ExecContext(ctx, s.q(`SELECT pg_advisory_xact_lock(?)`), int64(schemaLockKey)); err != nil {
			return fail(err)
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return fail(err)
	}
	var current int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&current); err != nil {
		return fail(err)
	}
	if current > len(migrations) {
		return fmt.Errorf("store: %s %s has schema version %d, newer than this program's %d: run a newer durbar",
			s.kind, s.where, current, len(migrations))
	}
	if current == len(migrations) {
		return nil
	}
	for i, step := range migrations[current:] {
		if s.postgres {
			step = append(step[:len(step):len(step)], postgresMigrations[current+i]...)
		}
		for _, stmt := range step {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return fail(err)
			}
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM schema_version`); err != nil {
		return fail(err)
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO schema_version (version) VALUES (?)`), len(migrations)); err != nil {
		return fail(err)
	}
	if err := tx.Commit(); err != nil {
		return fail(err)
	}
	return nil
}
