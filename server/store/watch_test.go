package store

import (
	"context"
	"testing"
	"time"
)

// TestWatch: a SQLite store owns its file and is ready at once, with
// nothing to report; on PostgreSQL every change another store writes
// (append, undo, new key) arrives as a notification.
func TestWatch(t *testing.T) {
	ctx := context.Background()
	for _, b := range backends(t) {
		t.Run(b.name, func(t *testing.T) {
			dsn := b.fresh(t)
			s := open(t, dsn)
			wctx, cancel := context.WithCancel(ctx)
			defer cancel()
			changes := make(chan Change, 16)
			ready := make(chan bool, 4)
			s.(Watcher).Watch(wctx, func(c Change) { changes <- c }, func(r bool) { ready <- r })
			select {
			case r := <-ready:
				if !r {
					t.Fatal("the watch began not ready")
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the watch never became ready")
			}
			other := s // a SQLite file has one owner
			if b.name != "sqlite" {
				other = open(t, dsn)
			}
			mustCreate(t, other, newGame("w"))
			v := mustAppend(t, other, "w", 1, 0, "a")
			v2, err := other.Truncate(ctx, "w", v, 0)
			if err != nil {
				t.Fatal(err)
			}
			if b.name == "sqlite" {
				select {
				case c := <-changes:
					t.Fatalf("a SQLite store reported a change: %+v", c)
				case <-time.After(50 * time.Millisecond):
				}
				return
			}
			for _, want := range []Change{{"w", v, 1}, {"w", v2, 0}} {
				select {
				case c := <-changes:
					if c != want {
						t.Fatalf("change %+v, want %+v", c, want)
					}
				case <-time.After(5 * time.Second):
					t.Fatalf("no notification of %+v", want)
				}
			}
		})
	}
}
