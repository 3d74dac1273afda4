package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// backend gives each test a fresh, empty database and the DSN to open it,
// so a test can open it several times (two processes, a reopen).
type backend struct {
	name  string
	fresh func(t testing.TB) string
}

func backends(t testing.TB) []backend {
	list := []backend{{"sqlite", func(t testing.TB) string {
		return filepath.Join(t.TempDir(), "durbar.db")
	}}}
	dsn := os.Getenv("DURBAR_TEST_POSTGRES")
	switch {
	case dsn != "":
		list = append(list, backend{"postgres", func(t testing.TB) string { return freshSchema(t, dsn) }})
	case os.Getenv("CI") == "true":
		t.Fatal("CI must test PostgreSQL: set DURBAR_TEST_POSTGRES to a DSN (scripts/ci-postgres.sh starts a server and prints one)")
	default:
		t.Log("PostgreSQL not tested: DURBAR_TEST_POSTGRES is empty (scripts/ci-postgres.sh starts a server and prints a DSN)")
	}
	return list
}

// freshSchema creates a schema of its own for one test, dropped at its end,
// and returns a DSN whose search_path selects it: tests then never see each
// other's games, nor those of earlier runs.
func freshSchema(t testing.TB, dsn string) string {
	t.Helper()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	schema := "test_" + randomHex(t, 8)
	if _, err := db.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		if _, err := db.Exec(`DROP SCHEMA ` + schema + ` CASCADE`); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	return dsn + sep + "search_path=" + schema
}

func randomHex(t testing.TB, n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

func open(t testing.TB, dsn string) Store {
	t.Helper()
	s, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// openTwo opens two stores on one PostgreSQL database, as two server
// processes do; a SQLite file has one owner (ownFile), whose store is
// given twice.
func openTwo(t testing.TB, dsn string) []Store {
	t.Helper()
	a := open(t, dsn)
	if a.Kind() == "sqlite" {
		if _, err := Open(context.Background(), dsn); err == nil || !errors.Is(err, errOwned) {
			t.Fatalf("a second store on one SQLite file: %v, want it refused", err)
		}
		return []Store{a, a}
	}
	return []Store{a, open(t, dsn)}
}

func keyHash(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

func newGame(id string) *Game {
	return &Game{
		ID:    id,
		Kind:  "rajas",
		Seed:  math.MaxUint64,
		Setup: json.RawMessage(`{"scenario":"main","variants":["x"]}`),
		Seats: []Seat{
			{Name: "Red", Kind: "human", KeyHash: keyHash("k0")},
			{Name: "Blue", Kind: "computer", Bot: "greedy"},
		},
	}
}

func mustCreate(t *testing.T, s Store, g *Game) *Game {
	t.Helper()
	if err := s.Create(context.Background(), g); err != nil {
		t.Fatalf("create %s: %v", g.ID, err)
	}
	return g
}

func mustAppend(t *testing.T, s Store, id string, version int64, seat int, option string) int64 {
	t.Helper()
	v, err := s.Append(context.Background(), id, version, seat, option, false, "")
	if err != nil {
		t.Fatalf("append %s at version %d: %v", option, version, err)
	}
	return v
}

func mustLoad(t *testing.T, s Store, id string) *Game {
	t.Helper()
	g, err := s.Load(context.Background(), id)
	if err != nil {
		t.Fatalf("load %s: %v", id, err)
	}
	return g
}

func TestStore(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name string
		run  func(t *testing.T, dsn string)
	}{
		{"create and load round trip", func(t *testing.T, dsn string) {
			s := open(t, dsn)
			created := time.Date(2024, 5, 6, 7, 8, 9, 123456789, time.UTC)
			want := newGame("g1")
			want.Created = created
			mustCreate(t, s, want)
			if want.Version != 1 {
				t.Errorf("version after create = %d, want 1", want.Version)
			}
			got := mustLoad(t, s, "g1")
			if got.Seed != math.MaxUint64 {
				t.Errorf("seed = %d, want 2^64-1", got.Seed)
			}
			if !got.Created.Equal(created) {
				t.Errorf("created = %v, want %v", got.Created, created)
			}
			if got.Updated.IsZero() || !got.Updated.Equal(want.Updated) {
				t.Errorf("updated = %v, want %v", got.Updated, want.Updated)
			}
			got.Created, got.Updated = want.Created, want.Updated
			if !reflect.DeepEqual(got, want) {
				t.Errorf("loaded %+v\nwant %+v", got, want)
			}
		}},
		{"seeds round trip exactly", func(t *testing.T, dsn string) {
			s := open(t, dsn)
			for i, seed := range []uint64{0, 1, 1 << 63, 1<<63 + 1, math.MaxUint64 - 1} {
				g := newGame(fmt.Sprint("seed", i))
				g.Seed = seed
				mustCreate(t, s, g)
				if got := mustLoad(t, s, g.ID).Seed; got != seed {
					t.Errorf("seed %d loaded as %d", seed, got)
				}
			}
		}},
		{"create refuses a duplicate id and a bad record", func(t *testing.T, dsn string) {
			s := open(t, dsn)
			mustCreate(t, s, newGame("dup"))
			if err := s.Create(ctx, newGame("dup")); err == nil || !strings.Contains(err.Error(), "already exists") {
				t.Errorf("duplicate create: %v", err)
			}
			bad := newGame("bad")
			bad.Setup = json.RawMessage(`{`)
			if err := s.Create(ctx, bad); err == nil {
				t.Error("create with invalid setup JSON succeeded")
			}
			raw := newGame("raw")
			raw.Seats[0].KeyHash = "the-secret-key"
			if err := s.Create(ctx, raw); err == nil {
				t.Error("create with a raw key as key hash succeeded")
			}
		}},
		{"append keeps order, seats and versions", func(t *testing.T, dsn string) {
			s := open(t, dsn)
			mustCreate(t, s, newGame("g"))
			options := []string{"a", "b", "c", "d"}
			v := int64(1)
			for i, o := range options {
				next := mustAppend(t, s, "g", v, i%2, o)
				if next != v+1 {
					t.Fatalf("append %s: version %d, want %d", o, next, v+1)
				}
				v = next
			}
			last, err := s.Append(ctx, "g", v, 1, "end", true, "Blue wins")
			if err != nil {
				t.Fatal(err)
			}
			g := mustLoad(t, s, "g")
			if want := append(options, "end"); !reflect.DeepEqual(g.Log, want) {
				t.Errorf("log = %v, want %v", g.Log, want)
			}
			if want := []int{0, 1, 0, 1, 1}; !reflect.DeepEqual(g.LogSeats, want) {
				t.Errorf("log seats = %v, want %v", g.LogSeats, want)
			}
			if g.Version != last || last != 6 || !g.Over || g.Result != "Blue wins" {
				t.Errorf("after finish: version %d (returned %d), over %v, result %q", g.Version, last, g.Over, g.Result)
			}
			if version, step, err := s.Version(ctx, "g"); err != nil || version != 6 || step != 5 {
				t.Errorf("Version = %d, %d, %v; want 6, 5", version, step, err)
			}
		}},
		{"stale version conflicts and changes nothing", func(t *testing.T, dsn string) {
			s := open(t, dsn)
			mustCreate(t, s, newGame("g"))
			v := mustAppend(t, s, "g", 1, 0, "a")
			for _, call := range []struct {
				name string
				do   func() error
			}{
				{"append", func() error { _, err := s.Append(ctx, "g", 1, 0, "b", false, ""); return err }},
				{"truncate", func() error { _, err := s.Truncate(ctx, "g", 1, 0); return err }},
				{"set key", func() error { _, err := s.SetKey(ctx, "g", 1, 0, keyHash("x")); return err }},
			} {
				if err := call.do(); !errors.Is(err, ErrConflict) {
					t.Errorf("%s at a stale version: %v, want ErrConflict", call.name, err)
				}
			}
			g := mustLoad(t, s, "g")
			if g.Version != v || !reflect.DeepEqual(g.Log, []string{"a"}) || g.Seats[0].KeyHash != keyHash("k0") {
				t.Errorf("after conflicts: version %d, log %v, key %s", g.Version, g.Log, g.Seats[0].KeyHash)
			}
		}},
		{"concurrent appends at one version: exactly one wins", func(t *testing.T, dsn string) {
			// Two stores on one database stand for two server processes.
			stores := openTwo(t, dsn)
			mustCreate(t, stores[0], newGame("race"))
			const writers = 8
			errs := make([]error, writers)
			var wg sync.WaitGroup
			start := make(chan struct{})
			for i := range writers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					_, errs[i] = stores[i%2].Append(ctx, "race", 1, 0, fmt.Sprint("o", i), false, "")
				}()
			}
			close(start)
			wg.Wait()
			wins := 0
			for i, err := range errs {
				switch {
				case err == nil:
					wins++
				case !errors.Is(err, ErrConflict):
					t.Errorf("writer %d: %v, want nil or ErrConflict", i, err)
				}
			}
			if wins != 1 {
				t.Errorf("%d writers won, want exactly 1", wins)
			}
			g := mustLoad(t, stores[1], "race")
			if g.Version != 2 || len(g.Log) != 1 {
				t.Errorf("after the race: version %d, log %v; want version 2 and one action", g.Version, g.Log)
			}
		}},
		{"concurrent appenders each retrying: every action kept once", func(t *testing.T, dsn string) {
			stores := openTwo(t, dsn)
			mustCreate(t, stores[0], newGame("busy"))
			const writers, each = 4, 5
			var wg sync.WaitGroup
			for w := range writers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					s := stores[w%2]
					for i := 0; i < each; {
						v, _, err := s.Version(ctx, "busy")
						if err != nil {
							t.Error(err)
							return
						}
						_, err = s.Append(ctx, "busy", v, w, fmt.Sprintf("w%d-%d", w, i), false, "")
						switch {
						case err == nil:
							i++
						case !errors.Is(err, ErrConflict):
							t.Error(err)
							return
						}
					}
				}()
			}
			wg.Wait()
			g := mustLoad(t, stores[0], "busy")
			if len(g.Log) != writers*each || g.Version != writers*each+1 {
				t.Fatalf("log has %d actions at version %d, want %d at %d", len(g.Log), g.Version, writers*each, writers*each+1)
			}
			next := make([]int, writers)
			for i, o := range g.Log {
				w := g.LogSeats[i]
				if want := fmt.Sprintf("w%d-%d", w, next[w]); o != want {
					t.Fatalf("action %d is %s, want %s (each writer's actions in its order)", i, o, want)
				}
				next[w]++
			}
		}},
		{"truncate undoes actions and reopens a finished game", func(t *testing.T, dsn string) {
			s := open(t, dsn)
			mustCreate(t, s, newGame("g"))
			v := mustAppend(t, s, "g", 1, 0, "a")
			v = mustAppend(t, s, "g", v, 1, "b")
			v, err := s.Append(ctx, "g", v, 0, "c", true, "Red wins")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Truncate(ctx, "g", v, 4); err == nil {
				t.Error("truncate keeping more actions than stored succeeded")
			}
			v, err = s.Truncate(ctx, "g", v, 1)
			if err != nil {
				t.Fatal(err)
			}
			g := mustLoad(t, s, "g")
			if g.Version != v || v != 5 || g.Over || g.Result != "" || !reflect.DeepEqual(g.Log, []string{"a"}) {
				t.Errorf("after truncate: version %d (returned %d), over %v, result %q, log %v", g.Version, v, g.Over, g.Result, g.Log)
			}
			// The undone steps are free again.
			v = mustAppend(t, s, "g", v, 1, "b2")
			if g := mustLoad(t, s, "g"); !reflect.DeepEqual(g.Log, []string{"a", "b2"}) || g.Version != v {
				t.Errorf("after replaying: log %v version %d", g.Log, g.Version)
			}
			if _, err := s.Truncate(ctx, "g", v, 0); err != nil {
				t.Fatal(err)
			}
			if g := mustLoad(t, s, "g"); len(g.Log) != 0 {
				t.Errorf("after truncating everything: log %v", g.Log)
			}
		}},
		{"set key replaces one seat's key", func(t *testing.T, dsn string) {
			s := open(t, dsn)
			mustCreate(t, s, newGame("g"))
			v, err := s.SetKey(ctx, "g", 1, 0, keyHash("new"))
			if err != nil {
				t.Fatal(err)
			}
			g := mustLoad(t, s, "g")
			if v != 2 || g.Version != 2 || g.Seats[0].KeyHash != keyHash("new") || g.Seats[1].KeyHash != "" || g.Seats[0].Name != "Red" {
				t.Errorf("after set key: version %d/%d, seats %+v", v, g.Version, g.Seats)
			}
			for _, bad := range []struct {
				seat int
				hash string
			}{{2, keyHash("x")}, {-1, keyHash("x")}, {0, "not-a-hash"}} {
				if _, err := s.SetKey(ctx, "g", v, bad.seat, bad.hash); err == nil || errors.Is(err, ErrConflict) {
					t.Errorf("set key seat %d hash %q: %v, want a plain error", bad.seat, bad.hash, err)
				}
			}
			if g := mustLoad(t, s, "g"); g.Version != v {
				t.Errorf("refused set key changed the version to %d", g.Version)
			}
		}},
		{"list is newest first, limited, without keys", func(t *testing.T, dsn string) {
			s := open(t, dsn)
			if list, err := s.List(ctx, 10); err != nil || len(list) != 0 {
				t.Errorf("empty store lists %v, %v", list, err)
			}
			base := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
			for i, id := range []string{"old", "new", "mid"} {
				g := newGame(id)
				g.Created = base.Add(time.Duration([]int{0, 2, 1}[i]) * time.Hour)
				mustCreate(t, s, g)
			}
			mustAppend(t, s, "mid", 1, 0, "a")
			list, err := s.List(ctx, 2)
			if err != nil {
				t.Fatal(err)
			}
			if len(list) != 2 || list[0].ID != "new" || list[1].ID != "mid" {
				t.Fatalf("list(2) = %+v, want new, mid", list)
			}
			if list[1].Step != 1 || list[1].Kind != "rajas" || len(list[1].Seats) != 2 || !list[1].Created.Equal(base.Add(time.Hour)) {
				t.Errorf("summary = %+v", list[1])
			}
			for _, sum := range list {
				for _, seat := range sum.Seats {
					if seat.KeyHash != "" {
						t.Errorf("list shows a key hash for %s", sum.ID)
					}
				}
			}
			if all, err := s.List(ctx, 0); err != nil || len(all) != 3 || all[2].ID != "old" {
				t.Errorf("list(0) = %+v, %v; want all three, old last", all, err)
			}
		}},
		{"unknown game is not found", func(t *testing.T, dsn string) {
			s := open(t, dsn)
			mustCreate(t, s, newGame("g"))
			for _, call := range []struct {
				name string
				do   func() error
			}{
				{"load", func() error { _, err := s.Load(ctx, "nope"); return err }},
				{"version", func() error { _, _, err := s.Version(ctx, "nope"); return err }},
				{"append", func() error { _, err := s.Append(ctx, "nope", 1, 0, "a", false, ""); return err }},
				{"truncate", func() error { _, err := s.Truncate(ctx, "nope", 1, 0); return err }},
				{"set key", func() error { _, err := s.SetKey(ctx, "nope", 1, 0, ""); return err }},
			} {
				if err := call.do(); !errors.Is(err, ErrNotFound) {
					t.Errorf("%s of an unknown game: %v, want ErrNotFound", call.name, err)
				}
			}
		}},
		{"reopen keeps everything", func(t *testing.T, dsn string) {
			s, err := Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			mustCreate(t, s, newGame("g"))
			v := mustAppend(t, s, "g", 1, 0, "a")
			v, err = s.Append(ctx, "g", v, 1, "b", true, "draw")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.SetKey(ctx, "g", v, 0, keyHash("again")); err != nil {
				t.Fatal(err)
			}
			before := mustLoad(t, s, "g")
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			after := mustLoad(t, open(t, dsn), "g")
			if !reflect.DeepEqual(before, after) {
				t.Errorf("after reopen %+v\nbefore %+v", after, before)
			}
		}},
		{"corrupt rows give an error naming the game", func(t *testing.T, dsn string) {
			s := open(t, dsn)
			for _, c := range []struct{ id, column, value string }{
				{"badseats", "seats", `[{"name":`},
				{"badsetup", "setup", `{"scenario"`},
				{"badseed", "seed", `-1`},
			} {
				mustCreate(t, s, newGame(c.id))
				raw := s.(*sqlStore)
				if _, err := raw.write.Exec(raw.q(`UPDATE games SET `+c.column+` = ? WHERE id = ?`), c.value, c.id); err != nil {
					t.Fatal(err)
				}
				_, err := s.Load(ctx, c.id)
				if err == nil || !strings.Contains(err.Error(), `"`+c.id+`"`) || !strings.Contains(err.Error(), c.column) {
					t.Errorf("load with corrupt %s: %v, want an error naming %s and %s", c.column, err, c.id, c.column)
				}
			}
			if _, err := s.List(ctx, 0); err == nil || !strings.Contains(err.Error(), "badseats") {
				t.Errorf("list with corrupt seats: %v, want an error naming badseats", err)
			}
			if _, err := s.SetKey(ctx, "badseats", 1, 0, ""); err == nil || !strings.Contains(err.Error(), "badseats") {
				t.Errorf("set key with corrupt seats: %v", err)
			}
		}},
		{"group commit: many games appending at once each keep their actions", func(t *testing.T, dsn string) {
			s := open(t, dsn)
			const games, each = 200, 20
			for g := range games {
				mustCreate(t, s, newGame(fmt.Sprint("g", g)))
			}
			writer := s.(*sqlStore).appends
			batchesBefore := writer.batches.Load()
			var wg sync.WaitGroup
			start := make(chan struct{})
			for g := range games {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					id, v := fmt.Sprint("g", g), int64(1)
					for i := range each {
						next, err := s.Append(ctx, id, v, i%2, fmt.Sprintf("%s-%d", id, i), i == each-1, "")
						if err != nil {
							t.Errorf("game %s action %d: %v", id, i, err)
							return
						}
						if next != v+1 {
							t.Errorf("game %s action %d: version %d, want %d", id, i, next, v+1)
							return
						}
						v = next
					}
				}()
			}
			close(start)
			wg.Wait()
			for g := range games {
				id := fmt.Sprint("g", g)
				got := mustLoad(t, s, id)
				if got.Version != each+1 || len(got.Log) != each || !got.Over {
					t.Fatalf("game %s: version %d, %d actions, over %v; want %d, %d, true", id, got.Version, len(got.Log), got.Over, each+1, each)
				}
				for i, o := range got.Log {
					if want := fmt.Sprintf("%s-%d", id, i); o != want || got.LogSeats[i] != i%2 {
						t.Fatalf("game %s action %d: %s by seat %d, want %s by seat %d", id, i, o, got.LogSeats[i], want, i%2)
					}
				}
			}
			batches := writer.batches.Load() - batchesBefore
			t.Logf("%d appends in %d transactions", games*each, batches)
			if batches >= games*each {
				t.Errorf("%d appends took %d transactions: no two shared a commit", games*each, batches)
			}
		}},
		{"one batch: stale and unknown requests fail alone, one game's requests in order", func(t *testing.T, dsn string) {
			s := open(t, dsn)
			for _, id := range []string{"a", "b", "c"} {
				mustCreate(t, s, newGame(id))
			}
			writer := s.(*sqlStore).appends
			release := plugWriter(t, s)
			batchesBefore := writer.batches.Load()
			requests := []struct {
				id      string
				version int64
				want    error // nil: succeeds with version+1
			}{
				{"a", 1, nil},
				{"b", 7, ErrConflict},
				{"a", 1, ErrConflict}, // the same old version as the first: too late
				{"a", 2, nil},
				{"nope", 1, ErrNotFound},
				{"c", 1, nil},
				{"b", 1, nil},
			}
			results := queueAppends(t, s, len(requests), func(i int) (int64, error) {
				r := requests[i]
				return s.Append(ctx, r.id, r.version, 0, fmt.Sprint("o", i), false, "")
			})
			release()
			for i, r := range requests {
				got := <-results[i]
				switch {
				case r.want == nil && (got.err != nil || got.version != r.version+1):
					t.Errorf("request %d (%s at %d): version %d, %v; want %d", i, r.id, r.version, got.version, got.err, r.version+1)
				case r.want != nil && !errors.Is(got.err, r.want):
					t.Errorf("request %d (%s at %d): %v, want %v", i, r.id, r.version, got.err, r.want)
				}
			}
			if n := writer.batches.Load() - batchesBefore; n != 1 {
				t.Errorf("the queued requests took %d transactions, want 1", n)
			}
			for id, want := range map[string][]string{"a": {"o0", "o3"}, "b": {"o6"}, "c": {"o5"}} {
				if g := mustLoad(t, s, id); !reflect.DeepEqual(g.Log, want) || g.Version != int64(len(want)+1) {
					t.Errorf("game %s: log %v at version %d, want %v at %d", id, g.Log, g.Version, want, len(want)+1)
				}
			}
		}},
		{"a statement failing in a batch fails only its request", func(t *testing.T, dsn string) {
			s := open(t, dsn)
			for _, id := range []string{"ok1", "bad", "ok2"} {
				mustCreate(t, s, newGame(id))
			}
			// An action stored without its step makes the next append's
			// INSERT break the primary key: a real database error, which
			// aborts the whole transaction on PostgreSQL.
			raw := s.(*sqlStore)
			if _, err := raw.write.Exec(raw.q(`INSERT INTO actions (game_id, seq, seat, option, at) VALUES (?, 0, 0, 'ghost', ?)`),
				"bad", formatTime(time.Now())); err != nil {
				t.Fatal(err)
			}
			release := plugWriter(t, s)
			requests := []struct {
				id      string
				version int64
			}{{"ok1", 1}, {"bad", 1}, {"ok2", 1}, {"ok1", 2}}
			results := queueAppends(t, s, len(requests), func(i int) (int64, error) {
				r := requests[i]
				return s.Append(ctx, r.id, r.version, 0, fmt.Sprint("o", i), false, "")
			})
			release()
			for i, r := range requests {
				got := <-results[i]
				switch {
				case r.id == "bad":
					if got.err == nil || errors.Is(got.err, ErrConflict) || errors.Is(got.err, ErrNotFound) || !strings.Contains(got.err.Error(), `"bad"`) {
						t.Errorf("request %d to the broken game: %v, want a database error naming it", i, got.err)
					}
				case got.err != nil || got.version != r.version+1:
					t.Errorf("request %d (%s at %d): version %d, %v; want %d", i, r.id, r.version, got.version, got.err, r.version+1)
				}
			}
			if v, step, err := s.Version(ctx, "bad"); err != nil || v != 1 || step != 0 {
				t.Errorf("broken game after its failed append: version %d, step %d, %v; want 1, 0", v, step, err)
			}
			if g := mustLoad(t, s, "ok1"); !reflect.DeepEqual(g.Log, []string{"o0", "o3"}) || g.Version != 3 {
				t.Errorf("ok1: log %v at version %d", g.Log, g.Version)
			}
			if g := mustLoad(t, s, "ok2"); !reflect.DeepEqual(g.Log, []string{"o2"}) || g.Version != 2 {
				t.Errorf("ok2: log %v at version %d", g.Log, g.Version)
			}
		}},
		{"a context ended before the append is taken: ctx.Err() and nothing written", func(t *testing.T, dsn string) {
			s := open(t, dsn)
			mustCreate(t, s, newGame("g"))
			writer := s.(*sqlStore).appends
			cancelled, cancel := context.WithCancel(ctx)
			cancel()
			takenBefore := writer.taken.Load()
			if _, err := s.Append(cancelled, "g", 1, 0, "never", false, ""); !errors.Is(err, context.Canceled) {
				t.Errorf("append with a cancelled context: %v, want context.Canceled", err)
			}
			if writer.taken.Load() != takenBefore {
				t.Error("an append with a cancelled context reached the writer")
			}

			// Cancelled while queued behind a stalled writer: the caller
			// gets its answer at once, without waiting for the writer.
			release := plugWriter(t, s)
			queued, cancel := context.WithCancel(ctx)
			defer cancel()
			results := queueAppends(t, s, 1, func(int) (int64, error) {
				return s.Append(queued, "g", 1, 0, "never", false, "")
			})
			cancel()
			if got := <-results[0]; !errors.Is(got.err, context.Canceled) {
				t.Errorf("append cancelled while queued: %d, %v; want context.Canceled", got.version, got.err)
			}
			release()
			if v := mustAppend(t, s, "g", 1, 0, "real"); v != 2 {
				t.Errorf("append after the cancelled one: version %d, want 2", v)
			}
			if g := mustLoad(t, s, "g"); !reflect.DeepEqual(g.Log, []string{"real"}) {
				t.Errorf("log %v, want only the append that was not cancelled", g.Log)
			}
		}},
		{"close finishes queued appends, then append fails", func(t *testing.T, dsn string) {
			s, err := Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			const games, each = 20, 50
			for g := range games {
				mustCreate(t, s, newGame(fmt.Sprint("g", g)))
			}
			writer := s.(*sqlStore).appends
			acked := make([]int, games)
			var wg sync.WaitGroup
			for g := range games {
				wg.Add(1)
				go func() {
					defer wg.Done()
					id, v := fmt.Sprint("g", g), int64(1)
					for i := range each {
						next, err := s.Append(ctx, id, v, 0, fmt.Sprint("o", i), false, "")
						if err != nil {
							if !errors.Is(err, errClosed) {
								t.Errorf("game %s: %v, want nil or errClosed", id, err)
							}
							return
						}
						v = next
						acked[g]++
					}
				}()
			}
			waitFor(t, "some appends written", func() bool { return writer.taken.Load() >= games })
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			wg.Wait()
			if _, err := s.Append(ctx, "g0", 1, 0, "late", false, ""); !errors.Is(err, errClosed) {
				t.Errorf("append after close: %v, want errClosed", err)
			}
			s.Close() // again: must neither hang nor panic
			reopened := open(t, dsn)
			for g := range games {
				id := fmt.Sprint("g", g)
				if got := mustLoad(t, reopened, id); len(got.Log) != acked[g] || got.Version != int64(acked[g]+1) {
					t.Errorf("game %s: %d actions stored at version %d, %d acknowledged", id, len(got.Log), got.Version, acked[g])
				}
			}
		}},
	}
	for _, b := range backends(t) {
		for _, tc := range tests {
			t.Run(b.name+"/"+tc.name, func(t *testing.T) { tc.run(t, b.fresh(t)) })
		}
	}
}

// waitFor polls cond until it holds, failing the test after ten seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

type appendOutcome struct {
	version int64
	err     error
}

// plugWriter stalls s's append writer, so that appends queue up and the
// next batch holds them all. It locks a game of its own in a transaction
// (on SQLite, the write connection; on PostgreSQL, the row) and appends to
// that game, which the writer takes and then waits on. release ends the
// transaction and waits for the plugging append.
func plugWriter(t *testing.T, s Store) (release func()) {
	t.Helper()
	raw := s.(*sqlStore)
	mustCreate(t, s, newGame("plug"))
	tx, err := raw.write.Begin()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(raw.q(`UPDATE games SET updated = updated WHERE id = ?`), "plug"); err != nil {
		tx.Rollback()
		t.Fatal(err)
	}
	taken := raw.appends.taken.Load()
	plugged := make(chan error, 1)
	go func() {
		_, err := s.Append(context.Background(), "plug", 1, 0, "plug", false, "")
		plugged <- err
	}()
	waitFor(t, "the writer to take the plugging append", func() bool { return raw.appends.taken.Load() > taken })
	return func() {
		t.Helper()
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
		if err := <-plugged; err != nil {
			t.Fatalf("plugging append: %v", err)
		}
	}
}

// queueAppends starts n appends, one at a time: each is queued before the
// next starts, so their queue order is their index. It returns a channel
// per append for its outcome.
func queueAppends(t *testing.T, s Store, n int, appendNumber func(i int) (int64, error)) []chan appendOutcome {
	t.Helper()
	writer := s.(*sqlStore).appends
	queued := func() int {
		writer.mu.Lock()
		defer writer.mu.Unlock()
		return len(writer.queue)
	}
	base := queued()
	results := make([]chan appendOutcome, n)
	for i := range n {
		results[i] = make(chan appendOutcome, 1)
		go func() {
			v, err := appendNumber(i)
			results[i] <- appendOutcome{v, err}
		}()
		waitFor(t, fmt.Sprintf("append %d to be queued", i), func() bool { return queued() == base+i+1 })
	}
	return results
}

func TestOpenRefuses(t *testing.T) {
	for _, dsn := range []string{"", ":memory:", "games.db?mode=ro"} {
		if s, err := Open(context.Background(), dsn); err == nil {
			s.Close()
			t.Errorf("Open(%q) succeeded", dsn)
		}
	}
}

func TestSchemaFromTheFuture(t *testing.T) {
	path := filepath.Join(t.TempDir(), "durbar.db")
	s := open(t, path)
	raw := s.(*sqlStore)
	if _, err := raw.write.Exec(`UPDATE schema_version SET version = 99`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if s, err := Open(context.Background(), path); err == nil || !strings.Contains(err.Error(), "newer") {
		if s != nil {
			s.Close()
		}
		t.Errorf("open of a newer schema: %v, want an error", err)
	}
}

func TestRebind(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`SELECT 1`, `SELECT 1`},
		{`a = ? AND b = ?`, `a = $1 AND b = $2`},
		{`x = '?' AND y = ?`, `x = '?' AND y = $1`},
	} {
		if got := rebind(c.in); got != c.want {
			t.Errorf("rebind(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestSQLitePragmas checks the settings durability and concurrency rest on,
// on connections of both pools.
func TestSQLitePragmas(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "durbar.db")).(*sqlStore)
	for name, db := range map[string]*sql.DB{"write": s.write, "read": s.read} {
		for pragma, want := range map[string]string{
			"journal_mode": "wal", "synchronous": "2", "busy_timeout": "5000", "foreign_keys": "1",
		} {
			var got string
			if err := db.QueryRow(`PRAGMA ` + pragma).Scan(&got); err != nil {
				t.Fatalf("%s pool: PRAGMA %s: %v", name, pragma, err)
			}
			if got != want {
				t.Errorf("%s pool: %s = %s, want %s", name, pragma, got, want)
			}
		}
	}
}

// BenchmarkAppendParallel appends to one game per goroutine, about as many
// goroutines as the load test's 50 concurrent games, so that it measures
// what concurrent writers cost each other (on SQLite: the fsync per commit).
func BenchmarkAppendParallel(b *testing.B) {
	const games = 50
	procs := runtime.GOMAXPROCS(0)
	for _, be := range backends(b) {
		b.Run(be.name, func(b *testing.B) {
			s := open(b, be.fresh(b))
			var next atomic.Int64
			writer := s.(*sqlStore).appends
			b.SetParallelism((games + procs - 1) / procs)
			b.ResetTimer()
			before := writer.batches.Load()
			b.RunParallel(func(pb *testing.PB) {
				ctx := context.Background()
				id := fmt.Sprint("bench", next.Add(1))
				if err := s.Create(ctx, newGame(id)); err != nil {
					b.Error(err)
					return
				}
				v := int64(1)
				for i := 0; pb.Next(); i++ {
					var err error
					if v, err = s.Append(ctx, id, v, 0, fmt.Sprint("o", i), false, ""); err != nil {
						b.Error(err)
						return
					}
				}
			})
			// The games' creation is no batch: every batch counted holds appends.
			if batches := writer.batches.Load() - before; batches > 0 {
				b.ReportMetric(float64(b.N)/float64(batches), "appends/commit")
			}
		})
	}
}

// TestWritableReportsReadOnlyPostgres: a PostgreSQL server that takes no
// writes (a standby, or default_transaction_read_only on, here set for the
// session) is reported by Writable, which /healthz answers with.
func TestWritableReportsReadOnlyPostgres(t *testing.T) {
	dsn := os.Getenv("DURBAR_TEST_POSTGRES")
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI must test PostgreSQL: set DURBAR_TEST_POSTGRES")
		}
		t.Skip("DURBAR_TEST_POSTGRES is not set")
	}
	for _, tc := range []struct {
		readOnly bool
		says     string
	}{{false, ""}, {true, "takes no writes"}} {
		sep := "?"
		if strings.Contains(dsn, "?") {
			sep = "&"
		}
		db, err := sql.Open("pgx", dsn+sep+"default_transaction_read_only="+map[bool]string{false: "off", true: "on"}[tc.readOnly])
		if err != nil {
			t.Fatal(err)
		}
		err = (&sqlStore{postgres: true, write: db, read: db}).Writable(context.Background())
		db.Close()
		if tc.says == "" && err != nil || tc.says != "" && (err == nil || !strings.Contains(err.Error(), tc.says)) {
			t.Fatalf("read-only %v: %v", tc.readOnly, err)
		}
	}
}
