package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"

	"durbar/core"
	"durbar/core/i18n"
	"durbar/server/store"
)

// View is what one caller sees of a game: the seats, the pending decision
// (its options only for the holder of the deciding seat), the board as the
// game shows it to the caller's seat, the log, and whether undo is possible.
type View struct {
	ID       string        `json:"id"`
	Game     string        `json:"game"`
	Title    string        `json:"title"`
	Step     int           `json:"step"`
	Version  int64         `json:"version"`
	Seats    []seatView    `json:"seats"`
	You      []int         `json:"you"`
	Decision *decisionView `json:"decision"`
	Over     bool          `json:"over"`
	Result   string        `json:"result"`
	Board    any           `json:"board"`
	Log      []string      `json:"log"`
	// BoardSeat is the seat the board is seen as (-1: a spectator's), which
	// the page names when it asks for what changed (as=).
	BoardSeat int `json:"boardSeat"`
	// LogStart is the index of Log's first line: 0 for the whole log; more
	// when the caller asked only for the lines it lacks (getView).
	LogStart int `json:"logStart"`
	// LogChapter is the kind of the log's chapters ("card", "turn"; empty
	// for a game without them), LogMarks where each begins in the whole
	// log (not only in the lines sent).
	LogChapter string    `json:"logChapter,omitempty"`
	LogMarks   []logMark `json:"logMarks,omitempty"`
	CanUndo    bool      `json:"canUndo"`
	// UndoBlock says why a player of the game cannot undo now (nil when
	// CanUndo, or for a spectator); its What is in the page's language.
	UndoBlock *undoBlock  `json:"undoBlock,omitempty"`
	Replay    *replayInfo `json:"replay"`

	// board is the cached board, already encoded (liveGame.board), which
	// encodeView writes in Board's place as it is: encoding/json would
	// compact and validate it again on every answer. patch, when set, is
	// written instead, as "boardPatch" after a null board: what changed
	// since the page's view (liveGame.boardPatch, withPatch).
	board json.RawMessage
	patch json.RawMessage
}

// boardSlot is what a View with no Board encodes to in Board's place,
// followed by the next field's key. No text field comes before it that
// could hold it unescaped: every string is encoded with its quotes escaped.
var boardSlot = []byte(`,"board":null,"log":`)

// encodeView is the API's encoding of a view: the view's fields with the
// cached board's bytes spliced in as they are.
func encodeView(v View) ([]byte, error) {
	if v.board == nil {
		return encodeJSON(v)
	}
	board, patch := v.board, v.patch
	v.board, v.patch, v.Board = nil, nil, nil
	head, err := encodeJSON(v)
	if err != nil {
		return nil, err
	}
	i := bytes.Index(head, boardSlot)
	if i < 0 {
		return nil, errors.New("view: no place for the board in the encoded view")
	}
	at := i + len(`,"board":`)
	out := make([]byte, 0, len(head)+len(board)+len(`,"boardPatch":`))
	out = append(out, head[:at]...)
	if patch != nil {
		out = append(out, `null,"boardPatch":`...)
		out = append(out, patch...)
	} else {
		out = append(out, board...)
	}
	return append(out, head[at+len("null"):]...), nil
}

// withPatch sends only what changed on the caller's board when the page
// says which view it has (?since=VERSION&at=STEP&as=SEAT: its version,
// step and boardSeat) and a patch from that view's board exists
// (liveGame.boardPatch). The game's lock is held.
func (s *Server) withPatch(v *View, lg *liveGame, held []int, r *http.Request) {
	q := r.URL.Query()
	if v.board == nil || q.Get("at") == "" || q.Get("as") == "" {
		return
	}
	since, err1 := strconv.ParseInt(q.Get("since"), 10, 64)
	step, err2 := strconv.Atoi(q.Get("at"))
	from, err3 := strconv.Atoi(q.Get("as"))
	if err1 != nil || err2 != nil || err3 != nil {
		return
	}
	text := s.text(lg.rec.Kind, q.Get("lang"))
	if p, ok := lg.boardPatch(from, v.BoardSeat, text, held, since, step); ok {
		v.patch = p
	}
}

type seatView struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
	Kind string `json:"kind"`
	Bot  string `json:"bot,omitempty"`
	You  bool   `json:"you"`
}

type decisionView struct {
	Seat    int          `json:"seat"`
	Role    string       `json:"role"`
	Prompt  string       `json:"prompt"`
	Rule    string       `json:"rule"` // a rule number, or a section name in the view's language
	Options []optionView `json:"options"`
}

type optionView struct {
	ID     string `json:"id"`
	Label  string `json:"label"`
	Rule   string `json:"rule,omitempty"`
	Target string `json:"target,omitempty"`
	Extra  string `json:"extra,omitempty"`
}

type replayInfo struct {
	Step  int `json:"step"`
	Total int `json:"total"`
	// Chapter is the kind of chapter the game is divided in ("card",
	// "turn"; empty for a game without chapters), Chapters the steps at
	// which one starts, in order.
	Chapter  string `json:"chapter,omitempty"`
	Chapters []int  `json:"chapters,omitempty"`
}

func seatViews(seats []store.Seat, held []int, text *i18n.Catalog) []seatView {
	out := make([]seatView, len(seats))
	for i, st := range seats {
		out[i] = seatView{Seat: i, Name: text.T(st.Name), Kind: st.Kind, Bot: st.Bot, You: slices.Contains(held, i)}
	}
	return out
}

// viewFor is the view an HTTP request asks for: the caller's seats from its
// keys, the page's language (?lang=), and only the log lines it lacks
// (trimLog). The game's lock is held.
func (s *Server) viewFor(lg *liveGame, held []int, r *http.Request) View {
	text := s.text(lg.rec.Kind, r.URL.Query().Get("lang"))
	v := s.view(lg, held, text)
	trimLog(&v, lg, r)
	if text != nil {
		// Only the lines sent are translated: a long game's log is most of
		// a view, and the page keeps the lines it already has.
		log := make([]string, len(v.Log)) // the table's own log stays English
		for i, l := range v.Log {
			log[i] = text.T(l)
		}
		v.Log = log
	}
	return v
}

// text is a game's catalog for a language; nil (English) for a language
// the game has no translation into.
func (s *Server) text(kind, lang string) *i18n.Catalog {
	if lang == "" || lang == i18n.English {
		return nil
	}
	return s.texts[kind][lang]
}

// view builds the caller's view in text's language (nil: English); held are
// the seats the caller holds. The game's lock is held.
func (s *Server) view(lg *liveGame, held []int, text *i18n.Catalog) View {
	if held == nil {
		held = []int{}
	}
	d := lg.table.Decision()
	v := View{
		ID: lg.rec.ID, Game: lg.rec.Kind, Title: text.T(lg.title),
		Step: lg.step(), Version: lg.rec.Version, Seats: seatViews(lg.rec.Seats, held, text), You: held,
		Over: d.Over, Result: text.T(lg.table.Result()), Log: lg.log(),
	}
	if v.Log == nil {
		v.Log = []string{}
	}
	if ch, ok := lg.table.(Chaptered); ok && len(lg.marks) > 0 {
		v.LogChapter, _ = ch.Chapter()
		v.LogMarks = make([]logMark, len(lg.marks))
		for i, m := range lg.marks {
			m.Name = text.T(m.Name)
			v.LogMarks[i] = m
		}
	}
	// The board as the caller's seat sees it (seenAs).
	seat := seenAs(held, d.Player)
	v.BoardSeat = seat
	if b, err := lg.board(seat, text); err == nil {
		v.board = b
	} else {
		v.Board = i18n.Localized(lg.table.Board(seat), text) // reported by the encoder, if at all
	}
	if !d.Over {
		dv := &decisionView{Seat: d.Player, Role: d.Role, Prompt: text.T(d.Prompt), Rule: text.T(d.Rule), Options: []optionView{}}
		if slices.Contains(held, d.Player) && !lg.isComputer(d.Player) {
			dv.Options = make([]optionView, len(d.Options))
			for i, o := range d.Options {
				dv.Options[i] = annotate(lg.table, o, text)
			}
		}
		v.Decision = dv
	}
	if len(held) > 0 && lg.barrier != nil {
		_, why := lg.undoable(held)
		v.CanUndo = why == nil
		if why != nil {
			v.UndoBlock = &undoBlock{Code: why.Code, What: text.T(why.What)}
		}
	}
	return v
}

func annotate(t Table, o core.Option, text *i18n.Catalog) optionView {
	target, extra := t.Annotate(o)
	return optionView{ID: o.ID, Label: text.T(o.Label), Rule: text.T(o.Rule), Target: target, Extra: text.T(extra)}
}
