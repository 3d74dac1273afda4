package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"durbar/core"
	"durbar/server/store"
)

// maxBody bounds request bodies: every request of the API is small.
const maxBody = 64 << 10

// writeJSON writes v with a status code.
func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := encodeJSON(v)
	if err != nil {
		body, status = []byte(`{"error":"internal error: the answer does not encode"}`+"\n"), http.StatusInternalServerError
	}
	writeBody(w, status, body)
}

// encodeJSON is the API's encoding of v. A handler that holds a game's lock
// encodes its answer before letting go, and writes it after (writeBody):
// a client slow to read must never hold up the other players of its game.
func encodeJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// writeBody writes an encoded JSON answer.
func writeBody(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(body)
}

// writeError writes the API's error shape: what went wrong and, for a
// rules error, the rule section.
func writeError(w http.ResponseWriter, status int, rule, msg string) {
	body := map[string]string{"error": msg}
	if rule != "" {
		body["rule"] = rule
	}
	writeJSON(w, status, body)
}

// refuse writes a refused request's error (no rule) in the page's
// language, with the words of the game of kind if it names one.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, status int, kind, msg string) {
	writeError(w, status, "", s.errorText(r, kind, msg))
}

// fail reports err: an apiError with its status, a cancelled request
// quietly, anything else as a 500 that is also logged.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) { s.failIn(w, r, err, "") }

// failIn is fail for a request about a game of kind: its message is
// translated into the page's language with that game's words (errorText).
func (s *Server) failIn(w http.ResponseWriter, r *http.Request, err error, kind string) {
	var ae *apiError
	switch {
	case errors.As(err, &ae):
		if ae.retryAfter > 0 {
			w.Header().Set("Retry-After", retryAfterSeconds(ae.retryAfter))
		}
		writeError(w, ae.status, ae.rule, s.errorText(r, kind, ae.msg))
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		writeError(w, http.StatusServiceUnavailable, "", s.errorText(r, kind, "the request was cancelled"))
	default:
		// The detail may name what the caller may not see (a damaged log's
		// option ids, say): it goes to the log, under a reference.
		ref := newSecret()[:8]
		s.log.Error("request failed", "path", r.URL.Path, "ref", ref, "error", err.Error())
		writeError(w, http.StatusInternalServerError, "", s.errorText(r, kind, "internal error (logged as "+ref+")"))
	}
}

// decodeBody reads a JSON request body strictly.
func decodeBody(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errorf(http.StatusBadRequest, "malformed request body: %v", err)
	}
	return nil
}

// newSecret returns a random key for a seat: 128 bits, URL-safe.
func newSecret() string {
	b := make([]byte, 16)
	rand.Read(b)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

// hashKey is what the store keeps of a key: a stolen database does not
// give away the seats.
func hashKey(key string) string {
	h := sha256.Sum256([]byte(key))
	return hex.EncodeToString(h[:])
}

// callerKeys reads the keys a request presents: "Authorization: Bearer
// k1,k2" or the query parameter keys=k1,k2 (for links and streams).
func callerKeys(r *http.Request) []string {
	var raw string
	if a := r.Header.Get("Authorization"); strings.HasPrefix(a, "Bearer ") {
		raw = strings.TrimPrefix(a, "Bearer ")
	} else {
		raw = r.URL.Query().Get("keys")
	}
	var keys []string
	for _, k := range strings.FieldsFunc(raw, func(c rune) bool { return c == ',' || c == ' ' }) {
		if len(keys) == 16 {
			break // a game has at most a few seats
		}
		keys = append(keys, k)
	}
	return keys
}

// heldSeats lists the seats whose key the caller presents. A key of
// another game, a replaced (stale) key or a forged one matches nothing.
func heldSeats(rec *store.Game, keys []string) []int {
	held := []int{}
	sums := make([][sha256.Size]byte, len(keys)) // each key hashed once, not once per seat
	for i, k := range keys {
		sums[i] = sha256.Sum256([]byte(k))
	}
	for i, st := range rec.Seats {
		if st.KeyHash == "" {
			continue
		}
		want, _ := hex.DecodeString(st.KeyHash)
		for _, got := range sums {
			if subtle.ConstantTimeCompare(got[:], want) == 1 {
				held = append(held, i)
				break
			}
		}
	}
	return held
}

func (s *Server) listKinds(w http.ResponseWriter, r *http.Request) {
	out := make([]Catalog, 0, len(s.order))
	for _, name := range s.order {
		out = append(out, s.catalogs[name])
	}
	writeJSON(w, http.StatusOK, out)
}

// gameSummary is an entry of the lobby's game list.
type gameSummary struct {
	ID      string     `json:"id"`
	Game    string     `json:"game"`
	Title   string     `json:"title"`
	Created time.Time  `json:"created"`
	Step    int        `json:"step"`
	Over    bool       `json:"over"`
	Result  string     `json:"result"`
	Seats   []seatView `json:"seats"`
}

func (s *Server) listGames(w http.ResponseWriter, r *http.Request) {
	limit := 50
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 500 {
			s.refuse(w, r, http.StatusBadRequest, "", "limit must be a number from 1 to 500")
			return
		}
		limit = n
	}
	list, err := s.store.List(r.Context(), limit)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]gameSummary, 0, len(list))
	lang := r.URL.Query().Get("lang")
	for _, g := range list {
		title := g.Kind
		if c, ok := s.catalogs[g.Kind]; ok {
			title = c.GameTitle(g.Setup)
		}
		text := s.text(g.Kind, lang)
		title = text.T(title)
		out = append(out, gameSummary{ID: g.ID, Game: g.Kind, Title: title, Created: g.Created,
			Step: g.Step, Over: g.Over, Result: text.T(g.Result), Seats: seatViews(g.Seats, nil, text)})
	}
	writeJSON(w, http.StatusOK, out)
}

// createdSeat is a seat in the creation response; human seats carry their
// key and invitation link, shown only to the creator.
type createdSeat struct {
	Seat   int    `json:"seat"`
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Bot    string `json:"bot,omitempty"`
	Key    string `json:"key,omitempty"`
	Invite string `json:"invite,omitempty"`
}

// mayCreate takes one game creation from the caller's address, or answers
// 429 and reports false (createGame, rematch).
func (s *Server) mayCreate(w http.ResponseWriter, r *http.Request) bool {
	if wait, ok := s.creates.take(clientKey(r.RemoteAddr)); !ok {
		s.fail(w, r, tooMany(wait, "too many games created from your address (at most %g a minute after the first %d); try again in %s",
			s.limits.createPerMinute, s.limits.createBurst, retryAfterSeconds(max(wait, time.Second))+" s"))
		return false
	}
	return true
}

func (s *Server) createGame(w http.ResponseWriter, r *http.Request) {
	if !s.mayCreate(w, r) {
		return
	}
	var req CreateRequest
	if err := decodeBody(r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	k, ok := s.kinds[req.Game]
	if !ok {
		s.refuse(w, r, http.StatusBadRequest, "", fmt.Sprintf("unknown game %q (this server offers: %s)", req.Game, strings.Join(s.order, ", ")))
		return
	}
	setup, seats, err := k.Prepare(req)
	if err != nil {
		s.refuse(w, r, http.StatusBadRequest, req.Game, err.Error())
		return
	}
	seed := randomSeed()
	if req.Seed != nil {
		// The seed tells the whole future (deck order, dice, stacks): a
		// creator who chose it must not sit with other people, who could
		// not know. Solo games and computer-only games may be seeded.
		humans := 0
		for _, st := range seats {
			if st.Kind == Human {
				humans++
			}
		}
		if humans > 1 {
			s.refuse(w, r, http.StatusBadRequest, "", "a seed can be chosen only for a game with at most one human seat: it would tell its creator the future of the other players' game")
			return
		}
		seed = *req.Seed
	}
	s.storeNewGame(w, r, k, req.Game, seed, setup, seats)
}

// storeNewGame builds, stores and starts a new game, and answers 201 with
// its id and every seat's key (createGame, rematch).
func (s *Server) storeNewGame(w http.ResponseWriter, r *http.Request, k Kind, kind string, seed uint64, setup json.RawMessage, seats []SeatSpec) {
	rec := &store.Game{ID: newGameID(), Kind: kind, Seed: seed, Setup: setup, Log: []string{}, LogSeats: []int{}}
	out := make([]createdSeat, len(seats))
	for i, st := range seats {
		ss := store.Seat{Name: st.Name, Kind: st.Kind, Bot: st.Bot}
		out[i] = createdSeat{Seat: i, Name: st.Name, Kind: st.Kind, Bot: st.Bot}
		if st.Kind == Human {
			key := newSecret()
			ss.KeyHash = hashKey(key)
			out[i].Key, out[i].Invite = key, "/g/"+rec.ID+"#key="+key
		}
		rec.Seats = append(rec.Seats, ss)
	}
	// Build the game before storing it: a setup the engine refuses is the
	// caller's error, not a stored game that cannot be opened.
	if _, err := openTable(k, rec, nil); err != nil {
		s.refuse(w, r, http.StatusBadRequest, kind, err.Error())
		return
	}
	if err := s.store.Create(r.Context(), rec); err != nil {
		s.fail(w, r, err)
		return
	}
	// Load it and start its computer seats. The game is stored whatever
	// happens here, so the creator gets its keys; a failure to load it now
	// is logged, and the next request for the game tries again.
	if lg, err := s.game(r.Context(), rec.ID); err == nil {
		lg.unlock()
	} else {
		s.log.Error("loading a new game", "game", rec.ID, "error", err.Error())
	}
	s.log.Info("game created", "game", rec.ID, "kind", rec.Kind) // never the seed: it tells the future
	writeJSON(w, http.StatusCreated, map[string]any{"id": rec.ID, "game": rec.Kind, "seats": out})
}

// rematch creates a new game with a game's settings (game,
// scenario, variants, seats and their computer players) and a new random
// seed, for a player of that game; the answer is createGame's.
func (s *Server) rematch(w http.ResponseWriter, r *http.Request) {
	lg, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	held := heldSeats(lg.rec, callerKeys(r))
	kind, setup := lg.rec.Kind, append(json.RawMessage(nil), lg.rec.Setup...)
	seats := make([]SeatSpec, len(lg.rec.Seats))
	for i, st := range lg.rec.Seats {
		seats[i] = SeatSpec{Name: st.Name, Kind: st.Kind, Bot: st.Bot}
	}
	lg.unlock()
	if len(held) == 0 {
		s.fail(w, r, errorf(http.StatusForbidden, "only a player of the game may start a rematch"))
		return
	}
	k, ok := s.kinds[kind]
	if !ok {
		s.refuse(w, r, http.StatusBadRequest, "", fmt.Sprintf("unknown game %q", kind))
		return
	}
	if !s.mayCreate(w, r) {
		return
	}
	s.storeNewGame(w, r, k, kind, randomSeed(), setup, seats)
}

func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) >> 11 // fits a JSON number exactly
}

// newGameID returns a short random id: unguessable enough that the game
// list is the only way to find games, but keys guard every seat anyway.
func newGameID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

func (s *Server) getView(w http.ResponseWriter, r *http.Request) {
	lg, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	held := heldSeats(lg.rec, callerKeys(r))
	v := s.viewFor(lg, held, r)
	if r.URL.Query().Get("brief") != "" {
		// Who decides, without the board and the log (the lobby's marks).
		v.Board, v.board, v.Log = nil, nil, []string{}
	}
	s.withPatch(&v, lg, held, r)
	body, err := encodeView(v)
	lg.unlock()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeBody(w, http.StatusOK, body)
}

// actionRequest is the body of POST /api/games/{id}/actions.
type actionRequest struct {
	Seat   int    `json:"seat"`
	Option string `json:"option"`
	Step   *int   `json:"step"`
}

func (s *Server) postAction(w http.ResponseWriter, r *http.Request) {
	var req actionRequest
	if err := decodeBody(r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if req.Option == "" || len(req.Option) > 200 {
		s.fail(w, r, errorf(http.StatusBadRequest, "option must be a non-empty option id"))
		return
	}
	if req.Step == nil {
		// Without it a retried or duplicated request could play twice.
		s.fail(w, r, errorf(http.StatusBadRequest, `step is required: the step of the view the option was chosen in (its "step"), so that a repeated request is refused instead of played twice`))
		return
	}
	lg, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	kind := lg.rec.Kind
	body, err := s.act(lg, r, req)
	lg.unlock()
	if err != nil {
		s.failIn(w, r, err, kind)
		return
	}
	writeBody(w, http.StatusOK, body)
}

// act plays a requested action and encodes the view after it; the game's
// lock is held.
func (s *Server) act(lg *liveGame, r *http.Request, req actionRequest) ([]byte, error) {
	held := heldSeats(lg.rec, callerKeys(r))
	if err := s.authorize(lg, req.Seat, held); err != nil {
		return nil, err
	}
	if *req.Step != lg.step() {
		return nil, errorf(http.StatusConflict, "stale step: you acted on step %d, the game is at step %d; reload", *req.Step, lg.step())
	}
	// The action must not be lost to a client that goes away mid-request.
	if err := s.play(context.WithoutCancel(r.Context()), lg, req.Seat, req.Option); err != nil {
		return nil, err
	}
	s.kick(lg)
	if r.URL.Query().Get("reply") == "short" {
		// The page fetches the view itself, once (and every other page
		// of the game does on its live update).
		return encodeJSON(shortReply{Step: lg.step(), Version: lg.rec.Version})
	}
	return encodeView(s.viewFor(lg, held, r))
}

// shortReply is an action's answer with ?reply=short: where the game
// stands after it. The page then fetches its view (GET, with since and at
// for only what changed).
type shortReply struct {
	Step    int   `json:"step"`
	Version int64 `json:"version"`
}

// trimLog keeps only the log lines a page lacks when it says which version
// it shows and how many lines it has (?since=VERSION&logFrom=N), and that
// version's log is a prefix of the current one: a long game's log is most
// of a view. The game's lock is held.
func trimLog(v *View, lg *liveGame, r *http.Request) {
	q := r.URL.Query()
	since, err1 := strconv.ParseInt(q.Get("since"), 10, 64)
	from, err2 := strconv.Atoi(q.Get("logFrom"))
	if err1 == nil && err2 == nil && since >= lg.logBase && since <= lg.rec.Version && from > 0 && from <= len(v.Log) {
		v.Log, v.LogStart = v.Log[from:], from
	}
}

// authorize checks that a seat exists, is a human seat, and that the
// caller holds its key.
func (s *Server) authorize(lg *liveGame, seat int, held []int) error {
	if seat < 0 || seat >= len(lg.rec.Seats) {
		return errorf(http.StatusBadRequest, "no seat %d in this game (it has %d)", seat, len(lg.rec.Seats))
	}
	if lg.rec.Seats[seat].Kind != Human {
		return errorf(http.StatusForbidden, "seat %d (%s) is played by the computer", seat, lg.rec.Seats[seat].Name)
	}
	for _, h := range held {
		if h == seat {
			return nil
		}
	}
	return errorf(http.StatusForbidden, "you do not hold seat %d (%s): present its key", seat, lg.rec.Seats[seat].Name)
}

// seatRequest is the body of the undo request.
type seatRequest struct {
	Seat *int `json:"seat"`
}

func (s *Server) postUndo(w http.ResponseWriter, r *http.Request) {
	var req seatRequest
	if err := decodeBody(r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	lg, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	kind := lg.rec.Kind
	body, err := s.undoFor(lg, r, req)
	lg.unlock()
	if err != nil {
		s.failIn(w, r, err, kind)
		return
	}
	writeBody(w, http.StatusOK, body)
}

// undoFor takes back the caller's last action and encodes the view after
// it; the game's lock is held.
func (s *Server) undoFor(lg *liveGame, r *http.Request, req seatRequest) ([]byte, error) {
	held := heldSeats(lg.rec, callerKeys(r))
	if len(held) == 0 {
		return nil, errorf(http.StatusForbidden, "only a player of this game can undo: present a seat's key")
	}
	if req.Seat != nil {
		if err := s.authorize(lg, *req.Seat, held); err != nil {
			return nil, err
		}
	}
	if err := s.undo(context.WithoutCancel(r.Context()), lg, held); err != nil {
		return nil, err
	}
	return encodeView(s.viewFor(lg, held, r))
}

// postRekey replaces a seat's key (a leaked invitation link): the old key
// stops working at once.
func (s *Server) postRekey(w http.ResponseWriter, r *http.Request) {
	seat, err := strconv.Atoi(r.PathValue("seat"))
	if err != nil {
		s.refuse(w, r, http.StatusBadRequest, "", "seat must be a number")
		return
	}
	lg, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.rekey(lg, r, seat)
	lg.unlock()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// rekey gives a seat a new key; the game's lock is held.
func (s *Server) rekey(lg *liveGame, r *http.Request, seat int) (createdSeat, error) {
	if err := s.authorize(lg, seat, heldSeats(lg.rec, callerKeys(r))); err != nil {
		return createdSeat{}, err
	}
	key := newSecret()
	v, err := s.store.SetKey(context.WithoutCancel(r.Context()), lg.rec.ID, lg.rec.Version, seat, hashKey(key))
	if err != nil {
		s.forget(lg)
		if errors.Is(err, store.ErrConflict) {
			err = errorf(http.StatusConflict, "the game changed meanwhile; try again")
		}
		return createdSeat{}, err
	}
	lg.rec.Version = v
	lg.rec.Seats[seat].KeyHash = hashKey(key)
	s.hub.publish(lg.rec.ID, update{Step: lg.step(), Version: v})
	return createdSeat{Seat: seat, Name: lg.rec.Seats[seat].Name, Kind: Human, Key: key, Invite: "/g/" + lg.rec.ID + "#key=" + key}, nil
}

func (s *Server) getReplay(w http.ResponseWriter, r *http.Request) {
	lg, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	rec := *lg.rec
	rec.Log = append([]string(nil), lg.rec.Log...)
	rec.LogSeats = append([]int(nil), lg.rec.LogSeats...)
	chapter, chapters := lg.chapterStarts()
	lg.unlock()
	if !rec.Over {
		s.refuse(w, r, http.StatusForbidden, rec.Kind, "a replay is available once the game is over (it would show what players may not yet see)")
		return
	}
	n := len(rec.Log)
	if v := r.URL.Query().Get("step"); v != "" {
		k, err := strconv.Atoi(v)
		if err != nil || k < 0 || k > len(rec.Log) {
			s.refuse(w, r, http.StatusBadRequest, rec.Kind, fmt.Sprintf("step must be a number from 0 to %d", len(rec.Log)))
			return
		}
		n = k
	}
	t, err := s.openPrefix(&rec, n)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	total := len(rec.Log)
	rec.Log, rec.LogSeats = rec.Log[:n], rec.LogSeats[:n]
	past := &liveGame{title: s.catalogs[rec.Kind].GameTitle(rec.Setup), rec: &rec, table: t}
	v := s.viewFor(past, nil, r)
	v.Replay = &replayInfo{Step: n, Total: total, Chapter: chapter, Chapters: chapters}
	v.Over = true
	body, err := encodeView(v)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeBody(w, http.StatusOK, body)
}

func (s *Server) getSave(w http.ResponseWriter, r *http.Request) {
	lg, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	over, name := lg.rec.Over, lg.rec.Kind+"-"+lg.rec.ID+".json"
	var body []byte
	if over {
		body, err = encodeJSON(core.Save{Game: lg.rec.Kind, Version: s.catalogs[lg.rec.Kind].Version, Seed: lg.rec.Seed, Setup: lg.rec.Setup, Log: lg.rec.Log})
	}
	lg.unlock()
	switch {
	case !over:
		s.refuse(w, r, http.StatusForbidden, "", "the save (seed and log) is available once the game is over: the seed tells the future")
	case err != nil:
		s.fail(w, r, err)
	default:
		w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name))
		writeBody(w, http.StatusOK, body)
	}
}
