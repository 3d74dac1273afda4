package store

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Change is a change of a game written by some process: its new version
// and step.
type Change struct {
	ID      string
	Version int64
	Step    int
}

// Watcher is a Store that tells a server of the changes other processes
// write, so that the server need not ask the database on every request
// whether a game it holds in memory moved on.
type Watcher interface {
	// Watch reports changes to f until ctx ends, in a goroutine of its
	// own. ready(true) says that f will see every change written from then
	// on; ready(false) that changes may be missed from then on (the
	// connection that listens was lost), until the next ready(true). Until
	// the first ready(true) nothing is promised.
	//
	// SQLite: a store that owns its file (no other process may write it,
	// see ownFile) calls ready(true) at once and never calls f.
	// PostgreSQL: changes arrive by LISTEN/NOTIFY (a trigger on the games
	// table notifies every change when it commits, this process's own
	// included) on a connection of their own.
	Watch(ctx context.Context, f func(Change), ready func(bool))
}

// errOwned is why a second store cannot open a SQLite file.
var errOwned = errors.New("another durbar process (or another store in this one) has the database open: a SQLite file has one owner; share a PostgreSQL database to run several processes")

// notifyChannel is the PostgreSQL channel of game changes; each payload is
// "id version step".
const notifyChannel = "durbar_games"

func (s *sqlStore) Watch(ctx context.Context, f func(Change), ready func(bool)) {
	if !s.postgres {
		if s.owned {
			ready(true)
		}
		return
	}
	go s.listen(ctx, f, ready)
}

// listen keeps a connection listening for game changes until ctx ends,
// connecting again (after a pause that grows to 5 s) whenever it is lost.
func (s *sqlStore) listen(ctx context.Context, f func(Change), ready func(bool)) {
	pause := 100 * time.Millisecond
	for ctx.Err() == nil {
		conn, err := pgx.Connect(ctx, s.dsn)
		if err == nil {
			if _, err = conn.Exec(ctx, "LISTEN "+notifyChannel); err == nil {
				pause = 100 * time.Millisecond
				ready(true)
				for {
					n, err := conn.WaitForNotification(ctx)
					if err != nil {
						break
					}
					if c, ok := parseChange(n.Payload); ok {
						f(c)
					}
				}
				ready(false)
			}
			conn.Close(context.Background())
		}
		select {
		case <-ctx.Done():
		case <-time.After(pause):
		}
		pause = min(2*pause, 5*time.Second)
	}
}

// parseChange reads a notification's payload, "id version step".
func parseChange(payload string) (Change, bool) {
	parts := strings.Fields(payload)
	if len(parts) != 3 {
		return Change{}, false
	}
	v, err1 := strconv.ParseInt(parts[1], 10, 64)
	step, err2 := strconv.Atoi(parts[2])
	if err1 != nil || err2 != nil {
		return Change{}, false
	}
	return Change{ID: parts[0], Version: v, Step: step}, true
}

// postgresMigrations are statements of a migration (by its index in
// migrations) run on PostgreSQL only, after the shared ones.
var postgresMigrations = map[int][]string{
	1: {
		`CREATE OR REPLACE FUNCTION durbar_notify_game() RETURNS trigger AS $$
		BEGIN
			PERFORM pg_notify('` + notifyChannel + `', NEW.id || ' ' || NEW.version || ' ' || NEW.step);
			RETURN NULL;
		END
		$$ LANGUAGE plpgsql`,
		`DROP TRIGGER IF EXISTS games_notify ON games`,
		`CREATE TRIGGER games_notify AFTER UPDATE OF version ON games
			FOR EACH ROW EXECUTE FUNCTION durbar_notify_game()`,
	},
}
