package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
)

// Writable checks, without writing anything, that the database takes
// writes. For SQLite: the database file and its WAL files may be written
// (a file made read-only, or on a file system mounted read-only, is
// reported even while the connections opened before go on writing: the
// next start could not), and the write lock can be taken. For PostgreSQL:
// a transaction is not read-only (a standby, default_transaction_read_only).
func (s *sqlStore) Writable(ctx context.Context) error {
	if s.postgres {
		tx, err := s.write.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("cannot begin a transaction: %w", err)
		}
		defer tx.Rollback()
		var ro string
		if err := tx.QueryRowContext(ctx, `SHOW transaction_read_only`).Scan(&ro); err != nil {
			return fmt.Errorf("cannot ask whether transactions are read-only: %w", err)
		}
		if ro == "on" {
			return errors.New("the PostgreSQL server takes no writes (a standby, or default_transaction_read_only is on)")
		}
		return nil
	}
	for _, f := range []struct{ suffix, name string }{{"", "the database file"}, {"-wal", "its write-ahead log"}, {"-shm", "its shared-memory file"}} {
		err := canWrite(s.where + f.suffix)
		if f.suffix != "" && errors.Is(err, fs.ErrNotExist) {
			continue // no WAL yet: SQLite creates it
		}
		if err != nil {
			return fmt.Errorf("%s is read-only (%v)", f.name, err)
		}
	}
	// BEGIN IMMEDIATE (the write pool's _txlock) takes the write lock; the
	// rollback lets it go having written nothing.
	tx, err := s.write.BeginTx(ctx, nil)
	if errors.Is(err, context.DeadlineExceeded) {
		return errors.New("cannot take the write lock: it stayed held (by another process?) for as long as the check waits")
	}
	if err != nil {
		return fmt.Errorf("cannot take the write lock: %w", err)
	}
	return tx.Rollback()
}
