// Package gandhi implements the complete rules of Gandhi (COIN series vol. IX)
// as a pure, deterministic state machine: the game is a stack of named steps,
// each with its prompt and legal options (see steps.go). Rule sections are
// cited as in the rulebook.
package gandhi

import (
	"embed"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"durbar/core"
)

//go:embed data/map.json
var defaultMapJSON []byte

//go:embed data/cards.json
var defaultCardsJSON []byte

//go:embed data/effects/*.json
var effectsFS embed.FS

// Version of the rules implementation; saves record it so that a replay with
// a different version is detected.
const Version = 1

// Data is the static material a game is played with: map and cards.
type Data struct {
	Map    *Map
	Deck   *Deck
	Arjuna *Arjuna // Non-Player cards and tables (section 8)

	// scenarios holds each embedded scenario's position, parsed at its
	// first use (New reads it; nothing changes it).
	scenarios sync.Map // name → *Position
}

// scenario is the embedded scenario's position, parsed once per Data.
func (d *Data) scenario(name string) (*Position, error) {
	if p, ok := d.scenarios.Load(name); ok {
		return p.(*Position), nil
	}
	p, err := ScenarioPosition(name)
	if err != nil {
		return nil, err
	}
	d.scenarios.Store(name, p)
	return p, nil
}

// DefaultData loads the embedded edition. It never fails for a released
// build; tests check the embedded files.
func DefaultData() (*Data, error) {
	m, err := LoadMap(defaultMapJSON)
	if err != nil {
		return nil, err
	}
	d, err := LoadDeck(defaultCardsJSON)
	if err != nil {
		return nil, err
	}
	files, _ := effectsFS.ReadDir("data/effects")
	for _, f := range files {
		data, _ := effectsFS.ReadFile("data/effects/" + f.Name())
		if err := d.LoadEffects(f.Name(), data); err != nil {
			return nil, err
		}
	}
	a, err := DefaultArjuna()
	if err != nil {
		return nil, err
	}
	return &Data{Map: m, Deck: d, Arjuna: a}, nil
}

// frame is one pending step on the game's step stack. The meaning of the
// generic fields depends on the step.
type frame struct {
	Step  string
	F     Faction
	Space int
	N     int
	A, B  int
	C     int
	Piece Piece
	def   *stepDef // steps[Step], set by push
}

// cardState tracks the faction actions on the current Event card (2.3).
type cardState struct {
	Done         [NumFactions]bool // acted or passed on this card
	Acted        [NumFactions]bool // executed an Op or Event (becomes Ineligible, 2.3.6)
	NActed       int
	FirstDid     string            // "op", "opsa" or "event": what the 1st Eligible executed
	StayEligible [NumFactions]bool // an Event kept the executing faction Eligible
}

const maxSpaces = 64

// turn is the context of one faction's action (an Operation with its Special
// Activity, or an Event), cleared at the start of each action.
type turn struct {
	F                 Faction
	Op                string
	Limited           bool
	SAAllowed         bool
	SA                string
	SADone            bool
	OpDone            bool
	OpSpaces          spaceSet
	SASpaces          spaceSet
	NOpSpaces         int
	NLimited          int                         // NV spaces counted against Restraint/Unity (3.3)
	Moved             [maxSpaces][NumPieces]uint8 // pieces that have already moved this Operation (3.1.2); at most 45 of a kind
	Paid              bool                        // Garrison: Restraint paid once for Sepoys
	FreeUsed          bool                        // Lord Reading: first space free
	Dest              int                         // Limited Op destination, -1 if none yet
	Origin            int                         // Limited March origin, -1 if none yet
	Removed           [NumFactions]int            // pieces removed this action by faction (Persuade/Assassinate Unity)
	GandhiArrested    bool
	crisis            bool
	WavellUsed        bool
	SatyagrahaRefused bool
	GandhiMoved       bool
	EvSel             spaceSet         // spaces selected by the Event being executed
	EvHit             spaceSet         // spaces an Event step has acted on
	EvTaken           [maxSpaces]uint8 // pieces an Event step has taken per space (at most a space's pieces)
	EvBase            spaceSet         // the selection when the current select step began
	Free              bool             // a free Operation granted by an Event: no cost, no Special Activity
	MaxSpaces         int              // its space limit (0: none)
	Where             *Filter          // its space condition
	Event             bool
}

// Game is a game of Gandhi in progress. The zero value is not usable; build
// one with New.
type Game struct {
	m      *Map
	deck   *Deck
	arjuna *Arjuna
	Board
	rng core.RNG
	sec core.Secrets // hidden cards revealed so far (Irreversible)
	// dice are die rolls a position fixed in advance (Position.Dice): the
	// next rolls of the game and of the Non-Players, in the order they are
	// rolled; the random streams take over when they are spent.
	dice []int8

	Draw     []int // draw pile, top first
	Current  int
	Upcoming int
	Played   []int
	Viceroy  int // card number of the current Viceroy
	Eligible [NumFactions]bool
	// IneligibleNext: an Event made the faction Ineligible through the next card.
	IneligibleNext [NumFactions]bool
	Seats          [NumFactions]int // seat (player) per faction; 1.5 lets a player hold two

	card  cardState
	turn  turn
	stack []frame
	// evSaved holds the Event's own turn context while a free Operation it
	// grants is executed (free Operations never nest).
	// (A pointer keeps the game small to copy; it is replaced, never
	// written through.)
	evSaved *turn

	np npState // the Non-Player engine's memory (np.go)

	Over    bool
	Result  []Faction // final ranking, best first (7.1)
	Reason  string
	LogText []string // human-readable event log

	pend *pending // the pending decision's options, while valid (listed)
	ar   *arena   // scratch memory of the call in progress (arena.go)
	// quiet: options are being listed for the engine only (Apply, ApplyNP),
	// which reads their ids; labels and prompts may be left empty (label).
	quiet bool
	probe uint8      // see where (ops.go)
	noLog bool       // see SetLog
	trace *moveTrace // the decision being played, for the move log (movelog.go)
}

// Clone returns an independent deep copy.
func (g *Game) Clone() core.Game { return g.clone() }

func (g *Game) clone() *Game {
	c := *g
	c.Board = g.Board.clone()
	c.Draw = append([]int(nil), g.Draw...)
	c.Played = append([]int(nil), g.Played...)
	c.stack = append([]frame(nil), g.stack...)
	c.Result = append([]Faction(nil), g.Result...)
	c.LogText = append([]string(nil), g.LogText...)
	c.pend, c.ar = nil, nil
	return &c
}

// scratch is a copy to try things on: the board and the step stack are
// mutated in place and so are copied; the log, draw pile and played cards
// are only appended to or re-sliced, so they can be shared with g.
func (g *Game) scratch() *Game {
	c := *g
	c.Board = g.Board.clone()
	c.stack = append([]frame(nil), g.stack...)
	return &c
}

// snapshot is a copy of a game's state taken before a step is applied in
// place, to put the game back when the step fails or panics. The board's
// spaces and the step stack are mutated in place and so are copied; the log,
// draw pile, played cards and result are only appended to, re-sliced or
// replaced, so restoring their slice headers restores them. Snapshots are
// reused (sync.Pool), so applying a step allocates nothing for them.
type snapshot struct {
	g      Game
	sp     []SpaceState
	stack  []frame
	draw   []int // compared only (see same)
	played []int
	pooled bool // from snapshots, to be put back after use
	inUse  bool // a pending decision's snapshot serving as an undo copy
}

var snapshots = sync.Pool{New: func() any { return &snapshot{pooled: true} }}

func (g *Game) save() *snapshot {
	s := snapshots.Get().(*snapshot)
	s.fill(g)
	return s
}

func (s *snapshot) fill(g *Game) {
	s.g = *g
	s.sp = append(s.sp[:0], g.Sp...)
	s.stack = append(s.stack[:0], g.stack...)
	s.draw = append(s.draw[:0], g.Draw...)
	s.played = append(s.played[:0], g.Played...)
}

// release puts a pooled snapshot back, or frees a pending decision's.
func (s *snapshot) release() {
	s.inUse = false
	if s.pooled {
		snapshots.Put(s)
	}
}

// restore puts g back as it was when s was taken.
func (g *Game) restore(s *snapshot) {
	*g = s.g
	copy(g.Sp, s.sp)
	copy(g.stack, s.stack)
}

// same reports whether g is exactly in the state s was taken of: every
// field byte for byte (slices by their headers), and the contents of the
// spaces, the step stack, the draw pile and the played cards. (Byte
// padding may make equal states differ, never the other way.)
func (g *Game) same(s *snapshot) bool {
	return rawBytes(unsafe.Pointer(g), 1, unsafe.Sizeof(*g)) == rawBytes(unsafe.Pointer(&s.g), 1, unsafe.Sizeof(*g)) &&
		sameBytes(g.Sp, s.sp) && sameBytes(g.stack, s.stack) && sameBytes(g.Draw, s.draw) && sameBytes(g.Played, s.played)
}

// rawBytes views n elements of the given size at p as a string (no copy),
// for byte-for-byte comparison.
func rawBytes(p unsafe.Pointer, n int, size uintptr) string {
	if n == 0 {
		return ""
	}
	return unsafe.String((*byte)(p), uintptr(n)*size)
}

// sameBytes compares two slices byte for byte (strings and pointers by
// address, so equal contents may compare unequal, never the other way).
func sameBytes[T any](a, b []T) bool {
	var z T
	return len(a) == len(b) && rawBytes(unsafe.Pointer(unsafe.SliceData(a)), len(a), unsafe.Sizeof(z)) == rawBytes(unsafe.Pointer(unsafe.SliceData(b)), len(b), unsafe.Sizeof(z))
}

// inPlace runs f on g itself. When f returns an error or panics, or when
// keep is false, g is restored to its state before f; so a failing step
// leaves the game exactly as it was, as if it had run on a copy.
func (g *Game) inPlace(keep bool, f func() error) (err error) {
	s := g.save()
	ok := false
	defer func() {
		if !ok || !keep {
			g.restore(s)
		}
		s.release()
	}()
	err = f()
	ok = err == nil
	return err
}

// pending is the option list that advance left for the pending decision,
// kept with a snapshot of the state it was listed for. Options depend on
// the state only, so while the game is exactly in that state (same), Apply
// and ApplyNP use the list again instead of listing it afresh, and the
// snapshot serves as their undo copy. A game changed by any other means (a
// test writing a field, a copy of the game) fails the comparison and lists
// afresh; copies never use another game's pending list (owner).
type pending struct {
	owner *Game
	ok    bool
	snap  snapshot
	opts  []core.Option // in buf, never in the arena
	buf   []core.Option
}

// listed returns the options of the pending decision and a snapshot of the
// current state for undo (release it after use). consume: the caller will
// change the game, so the remembered list is used up.
func (g *Game) listed(consume bool) ([]core.Option, *snapshot) {
	if p := g.pend; p != nil && p.owner == g && p.ok && !p.snap.inUse && g.same(&p.snap) {
		if consume {
			p.ok = false
		}
		p.snap.inUse = true
		return p.opts, &p.snap
	}
	s := g.save()
	return g.options(), s
}

// remember keeps the options advance listed for the new pending decision.
func (g *Game) remember(opts []core.Option) {
	p := g.pend
	if p == nil || p.owner != g {
		p = &pending{owner: g}
		g.pend = p
	}
	if p.snap.inUse {
		p.ok = false // an outer play still needs its undo copy
		return
	}
	p.snap.fill(g)
	p.snap.g.pend = p
	p.buf = append(p.buf[:0], opts...)
	p.opts, p.ok = p.buf, true
}

// play runs f, which applies one option in place and returns the options
// of the next decision (applyListed), with undo snapshot s from listed:
// like inPlace, a failing or panicking f leaves the game as it was.
func (g *Game) play(s *snapshot, f func() ([]core.Option, error)) error {
	done := false
	defer func() {
		if !done {
			g.restore(s)
			s.release()
		}
	}()
	opts, err := f()
	if err != nil {
		return err
	}
	done = true
	s.release()
	g.remember(opts)
	return nil
}

// errUndo makes play undo what it ran (a look ahead, not a move).
var errUndo = errors.New("undo")

// options lists the pending decision's options (none when over).
func (g *Game) options() []core.Option {
	if g.Over || len(g.stack) == 0 {
		return nil
	}
	fr := g.top()
	return g.listStep(stepOf(fr), fr)
}

// Irreversible is the undo barrier: the dice rolled and cards shuffled by
// the rules and by the Non-Player engine, and every card revealed (the next
// Event or Campaign card turned up as Upcoming, each Arjuna card drawn).
func (g *Game) Irreversible() core.Barrier {
	return g.sec.Barrier(g.draws(), "dice were rolled or cards shuffled")
}

// draws counts the random numbers drawn by the rules and the Non-Players.
func (g *Game) draws() uint64 { return g.rng.Draws + g.np.rng.Draws }

// reveal records that a hidden card was shown to the players.
func (g *Game) reveal(what string) { g.sec.Reveal(what, g.draws()) }

// Map returns the static map.
func (g *Game) Map() *Map { return g.m }

// Cards returns the static deck data.
func (g *Game) Cards() *Deck { return g.deck }

func (g *Game) logf(format string, a ...any) {
	if g.unlogged() {
		return
	}
	g.LogText = append(g.LogText, fmt.Sprintf(format, a...))
}

// SetLog switches the human-readable log (LogText) on or off; a new game
// has it on. Nothing in the rules reads the log, so a simulation that never
// shows it may switch it off to save time: every move and result is the
// same; only LogText stays as it was (and NPChoice's reasons are shorter).
func (g *Game) SetLog(on bool) { g.noLog = !on }

// unlogged: nothing logged now would be kept, because the log is off or
// the game is an Event simulation's look-ahead, which is undone
// (npSimulateEvent).
func (g *Game) unlogged() bool { return g.noLog || g.npInSim() }

func (g *Game) push(f frame) {
	f.def = steps[f.Step]
	g.stack = append(g.stack, f)
}

// stepOf is the definition of a frame's step (nil for an unknown one).
func stepOf(fr *frame) *stepDef {
	if fr.def != nil {
		return fr.def
	}
	return steps[fr.Step]
}

func (g *Game) top() *frame { return &g.stack[len(g.stack)-1] }

func (g *Game) pop() { g.stack = g.stack[:len(g.stack)-1] }

// Decision reports the pending decision.
func (g *Game) Decision() core.Decision {
	defer g.enter().exit()
	d := g.decisionWith(g.options())
	d.Options = slices.Clone(d.Options) // the caller's own, out of the arena
	return d
}

// decisionWith is the pending decision with its options already listed.
func (g *Game) decisionWith(opts []core.Option) core.Decision {
	if g.Over || len(g.stack) == 0 {
		return core.Decision{Player: -1, Role: "", Prompt: "The game is over: " + g.Reason, Rule: "7.3", Over: true}
	}
	fr := g.top()
	def := stepOf(fr)
	prompt := ""
	if !g.quiet {
		prompt = def.prompt(g, fr)
	}
	return core.Decision{
		Player:  g.Seats[fr.F],
		Role:    fr.F.ID(),
		Prompt:  prompt,
		Rule:    def.rule,
		Options: opts,
	}
}

func hasOption(opts []core.Option, id string) bool {
	for i := range opts {
		if opts[i].ID == id {
			return true
		}
	}
	return false
}

// Apply plays one option. A failing step leaves the game exactly as it was
// (see play).
func (g *Game) Apply(id string) error {
	defer g.enter().exit()
	defer g.setQuiet(g.setQuiet(true))
	opts, s := g.listed(true)
	if !hasOption(opts, id) {
		s.release()
		g.quiet = false
		return core.Illegal(g.Decision(), id)
	}
	return g.applyOpt(opts, s, id)
}

// Decider is the seat that decides now, -1 when the game is over
// (core.Compact).
func (g *Game) Decider() int {
	if g.Over || len(g.stack) == 0 {
		return -1
	}
	return g.Seats[g.top().F]
}

// DecidingFaction is the faction whose decision is pending (false when
// the game is over): Decision's Role, without listing the options.
func (g *Game) DecidingFaction() (Faction, bool) {
	if g.Over || len(g.stack) == 0 {
		return 0, false
	}
	return g.top().F, true
}

// Legal lists the pending decision's actions (core.Compact): the places of
// its options in Decision's list, listed quietly (ids only, no labels).
func (g *Game) Legal(buf []core.Action) []core.Action {
	defer g.enter().exit()
	defer g.setQuiet(g.setQuiet(true))
	opts, s := g.listed(false)
	s.release()
	return core.Actions(buf, len(opts))
}

// Play plays the a-th option of the pending decision (core.Compact), the
// same as Apply of its id.
func (g *Game) Play(a core.Action) error {
	defer g.enter().exit()
	defer g.setQuiet(g.setQuiet(true))
	opts, s := g.listed(true)
	if int(a) >= len(opts) {
		s.release()
		g.quiet = false
		return core.IllegalAction(g.Decision(), a)
	}
	return g.applyOpt(opts, s, opts[a].ID)
}

// Spell is the option behind action a, with its label (core.Compact).
func (g *Game) Spell(a core.Action) (core.Option, bool) {
	if g.Over || len(g.stack) == 0 {
		return core.Option{}, false
	}
	defer g.enter().exit()
	opts := g.options()
	if int(a) >= len(opts) {
		return core.Option{}, false
	}
	return opts[a], true
}

// ActionID is the stable id of action a, from the quiet list (no label;
// core.Compact).
func (g *Game) ActionID(a core.Action) string {
	defer g.enter().exit()
	defer g.setQuiet(g.setQuiet(true))
	opts, s := g.listed(false)
	s.release()
	if int(a) >= len(opts) {
		return ""
	}
	return opts[a].ID
}

// applyOpt plays option id of the listed opts, with undo snapshot s (see
// listed and play).
func (g *Game) applyOpt(opts []core.Option, s *snapshot, id string) error {
	return g.play(s, func() ([]core.Option, error) {
		if g.NPToMove() {
			// Keep the Non-Player engine's memory in step with the log.
			np, why := g.npDecide(g.decisionWith(opts))
			g.npLog(np, id, why)
		}
		return g.applyListed(id)
	})
}

// applyChosen plays a validated option (inside inPlace).
func (g *Game) applyChosen(id string) error {
	_, err := g.applyListed(id)
	return err
}

// applyListed plays a validated option and returns the options of the
// decision that is then pending.
func (g *Game) applyListed(id string) ([]core.Option, error) {
	fr := g.top()
	if g.startTrace(fr) {
		defer func() { g.trace = nil }()
	}
	if err := stepOf(fr).apply(g, fr, id); err != nil {
		return nil, err
	}
	o := g.advance()
	g.flushTrace()
	return o, nil
}

// advance runs automatic steps until a decision with options is pending,
// and returns those options.
func (g *Game) advance() []core.Option {
	for guard := 0; !g.Over && len(g.stack) > 0; guard++ {
		if guard > 100000 {
			panic("gandhi: step machine does not settle")
		}
		fr := g.top()
		def := stepOf(fr)
		if def == nil {
			panic("gandhi: unknown step " + fr.Step)
		}
		if def.auto != nil {
			if g.trace != nil && traceBoundary(fr.Step) {
				g.flushTrace()
				g.startTrace(fr)
			}
			def.auto(g, fr)
			continue
		}
		o := g.listStep(def, fr)
		if len(o) == 0 {
			// A decision that has become empty is skipped: an instruction that
			// cannot be carried out is ignored (5.1.1).
			g.pop()
			continue
		}
		return o
	}
	return nil
}

// stepDef describes one named step: who decides is the frame's faction.
type stepDef struct {
	rule    string
	prompt  func(g *Game, fr *frame) string
	options func(g *Game, fr *frame) []core.Option
	apply   func(g *Game, fr *frame, id string) error
	auto    func(g *Game, fr *frame) // automatic step: no decision
	np      npHandler                // the Non-Player engine's handler (npHandle), nil if none
}

var steps = map[string]*stepDef{}

func register(name string, d stepDef) {
	if _, dup := steps[name]; dup {
		panic("duplicate step " + name)
	}
	if d.prompt == nil {
		d.prompt = func(*Game, *frame) string { return name }
	}
	if d.options == nil {
		d.options = func(*Game, *frame) []core.Option { return nil }
	}
	d.np = npHandlers[name] // the handler registered first
	steps[name] = &d
}

func opt(id, label, rule string) core.Option { return core.Option{ID: id, Label: label, Rule: rule} }

// numIDs holds "place:0"… for numID.
var numIDs = map[string][]string{}

func init() {
	for _, p := range []string{"place:", "n:", "count:"} {
		for n := 0; n <= 64; n++ {
			numIDs[p] = append(numIDs[p], p+strconv.Itoa(n))
		}
	}
}

// idNum reads the number after prefix in an option id such as "place:3"
// (0 when there is none).
func idNum(id, prefix string) int {
	n, err := strconv.Atoi(strings.TrimPrefix(id, prefix))
	if err != nil {
		return 0
	}
	return n
}

// numID is prefix followed by the number n, e.g. "place:3".
func numID(prefix string, n int) string {
	if l := numIDs[prefix]; n >= 0 && n < len(l) {
		return l[n]
	}
	return prefix + strconv.Itoa(n)
}

// prefixedPieceIDs holds the ids pieceID builds, made once.
var prefixedPieceIDs = func() (t [len(piecePrefixes)][NumPieces]string) {
	for k, p := range piecePrefixes {
		for pc := Piece(0); pc < NumPieces; pc++ {
			t[k][pc] = p + pc.ID()
		}
	}
	return t
}()

var piecePrefixes = [5]string{"release:", "replace:", "oop:", "remove:", "target:"}

// pieceID is prefix followed by the piece's id, e.g. "oop:troop".
func pieceID(prefix string, pc Piece) string {
	for k, p := range piecePrefixes {
		if p == prefix && pc >= 0 && pc < NumPieces {
			return prefixedPieceIDs[k][pc]
		}
	}
	return prefix + pc.ID()
}

// SpaceOpt is the option id for choosing a space.
func spaceOpt(g *Game, i int, label, rule string) core.Option {
	if label == "" {
		label = g.space(i).Name
	}
	return opt(g.m.spaceID("space:", i), label, rule)
}

// setQuiet sets g.quiet and returns its previous value: the idiom
// `defer g.setQuiet(g.setQuiet(true))` lists quietly until the function
// returns.
func (g *Game) setQuiet(q bool) bool {
	was := g.quiet
	g.quiet = q
	return was
}

// label builds an option's label (or a prompt) for a front end. Inside
// Apply and ApplyNP (g.quiet) the options listed are only read by id, so
// no label is built: the caller passes the building as a function.
// Decision always lists labels.
func (g *Game) label(f func() string) string {
	if g.quiet {
		return ""
	}
	return f()
}

func (g *Game) parseSpace(id, prefix string) int {
	i, ok := g.m.ID(id[len(prefix):])
	if !ok {
		panic("bad space option " + id)
	}
	return i
}

func (g *Game) viceroy() Viceroy {
	if c := g.deck.card(g.Viceroy); c != nil {
		return c.Viceroy
	}
	return NoViceroy
}

// CampaignsLeft counts Campaign cards still in the draw pile (6.5).
func (g *Game) CampaignsLeft() int {
	n := 0
	for _, c := range g.Draw {
		if g.deck.card(c).Campaign {
			n++
		}
	}
	return n
}

// countdown uses up one of a step's N repetitions and ends the step at zero.
func (g *Game) countdown(fr *frame) {
	if fr.N--; fr.N <= 0 {
		g.pop()
	}
}

// doneThenPop ends the current step when the option is "done".
func (g *Game) doneThenPop(id string) bool {
	if id == "done" {
		g.pop()
		return true
	}
	return false
}
