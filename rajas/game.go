// Package rajas implements the complete rules of Rajas of the Ganges for 2-4
// players, with the Navaratnas variant, the Ganga module, mixed groups and
// the river tiles, as a pure, deterministic state machine: the game is a
// stack of named steps, each with its prompt and legal options, played
// through core.Game. Rules are cited by the rulebook's section names
// ("Cantera", "Mercado", "Palacio", "Acción de río (Puerto)", "Karma", ...).
package rajas

import (
	"fmt"
	"slices"
	"sync"

	"durbar/core"
)

// Version of the rules implementation; saves record it.
const Version = 1

// Section names of the rulebook, used as the Rule of decisions and options.
// They are the English names of the sections of the (Spanish) rulebook;
// the catalogs under data/i18n give each section's name in the page's
// language (Spanish: the rulebook's own headings). docs/rajas.md lists them.
const (
	RuleSetup       = "Set-up"                        // "Setup"
	RuleSequence    = "Course of play"                // "Transcurso del juego" (dice too)
	RuleQuarry      = "Build action (Quarry)"         // "I. Acción construir (Cantera)"
	RuleProvince    = "Province board"                // "Tablero de provincia"
	RuleProductions = "Special productions"           // "Producciones especiales" (in I.)
	RuleUpgrades    = "Building upgrades"             // "Las mejoras de edificios"
	RuleMarket      = "Market action (Market)"        // "II. Acción de mercado (Mercado)"
	RulePalace      = "Palace action"                 // "III. Acción de palacio"
	RuleRooms       = "The rooms"                     // "Las salas" (in III.)
	RuleBuilder     = "Master Builder"                // "Maestro constructor" (in Las salas)
	RuleRiver       = "River action (Harbour)"        // "IV. Acción de río (Puerto)"
	RuleKarma       = "Karma"                         // "Karma"
	RuleWorkers     = "Gaining new workers"           // "Obtener nuevos trabajadores"
	RuleTracks      = "Bonuses on the scoring tracks" // "Bonos en los tracks de puntuación"
	RuleRoundEnd    = "End of the round"              // "Fin de ronda"
	RuleEnd         = "End of the game"               // "Final de partida"
	RuleNavaratnas  = "Navaratnas version"            // "Versión Navaratnas"
	RuleMixed       = "Mixed groups"                  // "Para grupos de jugadores mixtos"
	RuleGanga       = "The Ganga module"              // "El módulo Ganga": the river tiles
)

// MaxRounds is an engine safeguard, not a rule: a game still running after
// this many rounds ends as if by "Final de partida" (docs/rajas.md). Real
// play never comes near it.
const MaxRounds = 150

// Setup chooses the players and the variants. Its JSON form is read by
// ParseSetup (save.go), which also reads set-ups written before "rules": 2.
type Setup struct {
	Players int
	// Navaratnas: every player uses the Navaratnas side ("Navaratnas
	// version"), with both production tiles for lacking workers, (b).
	Navaratnas bool
	// Ganga: the Ganga module, the eight river tiles ("El módulo Ganga").
	Ganga bool
	// Experts: mixed groups; these seats use the Navaratnas side.
	Experts []int
	// FirstPlayer is the seat (1-based) the creator gives the elephant;
	// 0: the players roll for it ("Set-up": the lowest roll starts).
	FirstPlayer int
	// Position starts the game from a position instead of the set-up
	// (position.go, docs/rajas-formats.md).
	Position *Position
	// Legacy is set for a set-up written before "rules": 2; the game is then
	// played by the rules as this engine first read them, so that its log
	// replays as it was played (docs/rajas-formats.md, "Old set-ups").
	Legacy *Legacy
}

// Legacy is how a set-up written before "rules": 2 is played: the start
// player is seat 0, a pass ends a seat's round, a market space needs a
// market of its kind, Karma turns dice only while choosing a space or
// paying for a tile, and the second production tile for lacking workers
// is given only with the old "ganga" switch.
type Legacy struct {
	SecondTile bool // the old "ganga": a second production tile for lacking two workers
}

// Dice counts a player's dice by colour and value (index 1-6).
type Dice [NumColors][7]int8

// Count is the number of dice.
func (d *Dice) Count() int {
	n := 0
	for c := range d {
		for v := 1; v <= 6; v++ {
			n += int(d[c][v])
		}
	}
	return n
}

// OfColor is the number of dice of a colour.
func (d *Dice) OfColor(c Color) int {
	n := 0
	for v := 1; v <= 6; v++ {
		n += int(d[c][v])
	}
	return n
}

// Sum is the total value of the dice of a colour.
func (d *Dice) Sum(c Color) int {
	n := 0
	for v := 1; v <= 6; v++ {
		n += v * int(d[c][v])
	}
	return n
}

// Cell is one space of a province board.
type Cell struct {
	Tile     int8 // tile index, -1 if empty
	Rot      int8 // quarter turns clockwise
	Replaced bool // placed by the Master Builder: it may not be replaced again
}

// SiteState is the state of a special production of a province board.
type SiteState struct {
	Collected bool // its production has been received
	Prod      int8 // production tile kind on the slot, -1 if none
}

// Worker sources besides the three starting workers.
const (
	FromFame = iota
	FromMoney
	FromRiver
)

// Player is one seat's state.
type Player struct {
	Fame, Money, Karma int
	NextBonus          int // index of the money bonus marker's space in Data.MoneyBonuses
	Levels             [NumBuildings]int8
	Dice               Dice
	Hand               [NumColors]int8 // dice taken from the supply, not yet rolled
	Active, Placed     int
	Gained             [3]bool // workers gained from the fame track, the money track, the river
	SpareGone          bool    // the remaining inactive worker has left the game
	Boat               int     // river space (0 is the start)
	Navaratnas         bool    // plays the Navaratnas side of the province and of Kali
	Cells              [maxCells]Cell
	Sites              [maxSites]SiteState
	AssortedUsed       bool // this round ("Mercado", 3-4 players)
	Out                bool // passed for the rest of the round
	Comp               int  // production tiles received this round for lacking workers
	CrossedAt          int  // order in which the markers met or crossed, 0 if not
}

type tileStack struct {
	T [maxStack]int8
	N int8
}

type pile struct {
	T [32]int8
	N int8
}

// frame is one pending step. The meaning of the generic fields depends on
// the step.
type frame struct {
	Step       string
	P          int8
	A, B, C, N int16
	E          Effect
}

const maxDepth = 64

// Game is a game of Rajas of the Ganges in progress. Build one with New.
// All of its state is held by value (arrays) except the log, so that a copy
// of the struct is an independent copy of the game.
type Game struct {
	d     *Data
	side  *Side
	setup Setup
	rng   core.RNG
	sec   core.Secrets // tiles turned up so far (Irreversible)

	N        int // players
	P        [4]Player
	Start    int // holder of the start-player elephant
	Turn     int // next seat to consider in the turn order
	Round    int
	Occ      [maxSpaces]int8 // worker on each action space: seat, -1 free, -2 covered
	Stacks   [numStacks]tileStack
	Gone     uint64             // tiles covered by the Master Builder (out of the game)
	White    pile               // face-down white production tiles (basic game)
	Discard  pile               // used white tiles (basic game)
	Pool     [NumColors]int8    // dice in the general supply
	Supply   [maxProdKinds]int8 // face-up production tiles (Navaratnas)
	Box      [maxProdKinds]int8 // production tiles not in play
	RiverT   [maxRiver]int8     // river tile on each river space, -1 none
	Mogul    int                // seat on the Great Mogul this round, -1
	Ended    bool               // "Final de partida" triggered: the turn order runs to the start player
	Crossers int
	Over     bool
	Winner   int
	Reason   string

	stack [maxDepth]frame
	depth int

	Log   []string
	quiet bool // no log text (SetQuiet)
	bare  bool // options are being listed with ids only (listBare)
}

// Clone returns an independent deep copy.
func (g *Game) Clone() core.Game { return g.clone() }

func (g *Game) clone() *Game {
	c := *g
	c.Log = slices.Clip(g.Log)
	return &c
}

// Irreversible is the undo barrier: the dice rolled and tiles shuffled, and
// every tile turned up (the next province tile of a pile, a face-down white
// production tile drawn).
func (g *Game) Irreversible() core.Barrier { return g.sec.Barrier(g.rng.Draws, "dice were rolled") }

// reveal records that a hidden tile was shown to the players.
func (g *Game) reveal(what string) { g.sec.Reveal(what, g.rng.Draws) }

// Data returns the static components.
func (g *Game) Data() *Data { return g.d }

// BoardSide returns the side of the main board in use.
func (g *Game) BoardSide() *Side { return g.side }

// Setup returns the set-up the game was started with.
func (g *Game) Setup() Setup {
	s := g.setup
	s.Experts = slices.Clone(s.Experts)
	return s
}

// logf writes a line of the log. Callers skip it when quiet, so that a
// quiet game does not even build its arguments.
func (g *Game) logf(format string, a ...any) {
	if !g.quiet {
		g.Log = append(g.Log, fmt.Sprintf(format, a...))
	}
}

// SetQuiet stops (or resumes) writing the human-readable log; searching
// bots and simulators play faster without it. Copies inherit the setting.
func (g *Game) SetQuiet(q bool) { g.quiet = q }

func (g *Game) push(f frame) {
	if g.depth == maxDepth {
		panic("rajas: step stack overflow")
	}
	g.stack[g.depth] = f
	g.depth++
}

func (g *Game) top() *frame { return &g.stack[g.depth-1] }

func (g *Game) pop() { g.depth-- }

// below is the frame under the top one.
func (g *Game) below() *frame { return &g.stack[g.depth-2] }

// stepDef describes one named step: who decides is the frame's player.
type stepDef struct {
	rule    string
	prompt  func(g *Game, fr *frame) string
	options func(g *Game, fr *frame, o []core.Option) []core.Option // appends to o
	apply   func(g *Game, fr *frame, id string) error
	auto    func(g *Game, fr *frame) // automatic step: no decision
}

var steps = map[string]stepDef{}

func register(name string, d stepDef) {
	if _, dup := steps[name]; dup {
		panic("duplicate step " + name)
	}
	if d.prompt == nil {
		d.prompt = func(*Game, *frame) string { return name }
	}
	if d.options == nil {
		d.options = func(_ *Game, _ *frame, o []core.Option) []core.Option { return o }
	}
	steps[name] = d
}

func opt(id, label, rule string) core.Option { return core.Option{ID: id, Label: label, Rule: rule} }

// opt is an option whose label is made only when options are listed for
// people (not listBare).
func (g *Game) opt(id, rule string, label func() string) core.Option {
	o := core.Option{ID: id, Rule: rule}
	if !g.bare {
		o.Label = label()
	}
	return o
}

// options lists the pending decision's options (none when over).
func (g *Game) options() []core.Option {
	if g.Over || g.depth == 0 {
		return nil
	}
	fr := g.top()
	return steps[fr.Step].options(g, fr, nil)
}

// listBare appends to buf the options of the step fr (the pending one when
// fr is nil) with their ids and rules but no labels.
func (g *Game) listBare(fr *frame, buf []core.Option) []core.Option {
	if fr == nil {
		if g.Over || g.depth == 0 {
			return buf
		}
		fr = g.top()
	}
	g.bare = true
	buf = steps[fr.Step].options(g, fr, buf)
	g.bare = false
	return buf
}

// optBufs are buffers for bare listings that are used and dropped within
// one call.
var optBufs = sync.Pool{New: func() any { b := make([]core.Option, 0, 64); return &b }}

// withBare calls f with the pending options listed bare, in a pooled
// buffer that f must not keep.
func withBare[T any](g *Game, f func(opts []core.Option) T) T {
	bp := optBufs.Get().(*[]core.Option)
	opts := g.listBare(nil, (*bp)[:0])
	r := f(opts)
	clear(opts)
	*bp = opts[:0]
	optBufs.Put(bp)
	return r
}

// Decision reports the pending decision.
func (g *Game) Decision() core.Decision {
	if g.Over || g.depth == 0 {
		return core.Decision{Player: -1, Prompt: "The game is over: " + g.Reason, Rule: RuleEnd, Over: true}
	}
	fr := g.top()
	def := steps[fr.Step]
	return core.Decision{
		Player:  int(fr.P),
		Role:    SeatName(int(fr.P)),
		Prompt:  def.prompt(g, fr),
		Rule:    def.rule,
		Options: def.options(g, fr, nil),
	}
}

// SeatName is the display name of a seat.
func SeatName(p int) string { return fmt.Sprintf("player %d", p+1) }

// Apply plays one option. An id that is not listed returns a
// *core.RuleError and leaves the state unchanged; so does a failure inside
// the rules (which would be a bug), the game being put back as it was.
func (g *Game) Apply(id string) (err error) {
	if g.Over || g.depth == 0 {
		return core.Illegal(g.Decision(), id)
	}
	found := withBare(g, func(opts []core.Option) bool {
		for i := range opts {
			if opts[i].ID == id {
				return true
			}
		}
		return false
	})
	if !found {
		return core.Illegal(g.Decision(), id)
	}
	return g.play(id)
}

// Decider is the seat that decides now, -1 when the game is over
// (core.Compact).
func (g *Game) Decider() int {
	if g.Over || g.depth == 0 {
		return -1
	}
	return int(g.top().P)
}

// Legal lists the pending decision's actions (core.Compact): the places of
// its options in Decision's list.
func (g *Game) Legal(buf []core.Action) []core.Action {
	return core.Actions(buf, withBare(g, func(opts []core.Option) int { return len(opts) }))
}

// Play plays the a-th option of the pending decision (core.Compact), the
// same as Apply of its id.
func (g *Game) Play(a core.Action) error {
	id := g.ActionID(a)
	if id == "" {
		return core.IllegalAction(g.Decision(), a)
	}
	return g.play(id)
}

// Spell is the option behind action a, with its label (core.Compact).
func (g *Game) Spell(a core.Action) (core.Option, bool) {
	opts := g.options()
	if int(a) >= len(opts) {
		return core.Option{}, false
	}
	return opts[a], true
}

// ActionID is the id of action a ("" when a is not legal), without the
// label Spell makes.
func (g *Game) ActionID(a core.Action) string {
	return withBare(g, func(opts []core.Option) string {
		if int(a) >= len(opts) {
			return ""
		}
		return opts[a].ID
	})
}

// play plays option id, which the pending step lists.
func (g *Game) play(id string) error {
	_, err := g.playList(id, nil)
	return err
}

// playList is play that also returns the next decision's options, listed
// bare into buf (buf nil: not kept).
func (g *Game) playList(id string, buf []core.Option) (opts []core.Option, err error) {
	saved := *g
	defer func() {
		if r := recover(); r != nil {
			*g = saved
			err = &core.RuleError{Rule: steps[saved.stack[saved.depth-1].Step].rule, Msg: fmt.Sprintf("internal error applying %q: %v", id, r)}
		}
	}()
	fr := g.top()
	if err := steps[fr.Step].apply(g, fr, id); err != nil {
		*g = saved
		return nil, err
	}
	if buf == nil {
		g.advance()
		return nil, nil
	}
	return g.advanceList(buf), nil
}

// advance runs automatic steps until a decision with options is pending.
func (g *Game) advance() {
	bp := optBufs.Get().(*[]core.Option)
	opts := g.advanceList((*bp)[:0])
	clear(opts)
	*bp = opts[:0]
	optBufs.Put(bp)
}

// advanceList is advance that returns the pending decision's options,
// listed bare into buf[:0] (none when the game is over).
func (g *Game) advanceList(buf []core.Option) []core.Option {
	for guard := 0; !g.Over && g.depth > 0; guard++ {
		if guard > 100000 {
			panic("rajas: step machine does not settle")
		}
		fr := g.top()
		def, ok := steps[fr.Step]
		if !ok {
			panic("rajas: unknown step " + fr.Step)
		}
		if def.auto != nil {
			def.auto(g, fr)
			continue
		}
		if buf = g.listBare(fr, buf[:0]); len(buf) == 0 {
			// A benefit that cannot be taken is skipped.
			g.pop()
			continue
		}
		return buf
	}
	return buf[:0]
}

// Seats is the number of players (core.Scorer).
func (g *Game) Seats() int { return g.N }

// Outcome is 1 for the winner and 0 for the others once the game is over;
// all zeros before (core.Scorer).
func (g *Game) Outcome() []float64 {
	out := make([]float64, g.N)
	if g.Over && g.Winner >= 0 {
		out[g.Winner] = 1
	}
	return out
}

// Determinize reseeds the game's random source and reshuffles what no
// player can see: the tiles under the top of each face-up pile and the
// face-down white production tiles (core.Determinizer).
func (g *Game) Determinize(seed uint64) {
	draws := g.rng.Draws
	g.rng = core.NewRNG(seed)
	defer func() { g.rng.Draws = draws }() // the count made so far is public history
	for k := range g.Stacks {
		s := &g.Stacks[k]
		if s.N > 2 {
			hidden := s.T[:s.N-1]
			g.rng.Shuffle(len(hidden), func(i, j int) { hidden[i], hidden[j] = hidden[j], hidden[i] })
		}
	}
	if g.White.N > 1 {
		w := g.White.T[:g.White.N]
		g.rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	}
}

// ---- read-only views for front ends and bots ----

// Player returns a copy of a seat's state.
func (g *Game) Player(p int) Player { return g.P[p] }

// Fame is a seat's fame.
func (g *Game) Fame(p int) int { return g.P[p].Fame }

// Money is a seat's money.
func (g *Game) Money(p int) int { return g.P[p].Money }

// FacingFame is the fame value printed beside money value m: where the two
// markers would meet ("Objetivo").
func (g *Game) FacingFame(m int) int { return g.d.Facing[m] }

// FameMoneyGap measures, in fame points, how far a seat's fame marker has
// met or passed its money marker: negative while the markers have not met,
// 0 when they meet, positive when they have crossed. The winner is the
// crossed seat with the largest gap ("Final de partida"). Bots can use it
// as a position evaluation.
func (g *Game) FameMoneyGap(p int) int {
	return g.P[p].Fame - g.d.Facing[g.P[p].Money]
}

// Crossed reports whether a seat's markers have met or crossed.
func (g *Game) Crossed(p int) bool { return g.FameMoneyGap(p) >= 0 }

// WinnerSeat is the winner of a finished game, -1 before the end.
func (g *Game) WinnerSeat() int {
	if !g.Over {
		return -1
	}
	return g.Winner
}

// KaliCapacity is how many dice a seat's statue holds ("Transcurso del juego", "Versión Navaratnas").
func (g *Game) KaliCapacity(p int) int {
	if g.P[p].Navaratnas {
		return g.d.KaliNavaratnas
	}
	return g.d.KaliBasic
}

// MaxWorkers is how many active workers a seat may reach ("Obtener nuevos
// trabajadores", "Navaratnas", mixed groups).
func (g *Game) MaxWorkers(p int) int {
	if g.setup.Navaratnas {
		return g.d.TotalWorkers
	}
	return g.d.BasicMaxWorkers
}

// prodTilesInPlay: production tiles are placed on province boards
// (Navaratnas; not in mixed groups, where only the white tiles are used).
func (g *Game) prodTilesInPlay() bool { return g.setup.Navaratnas }

// VisibleTiles lists the tiles on top of the 12 piles.
func (g *Game) VisibleTiles() []*Tile {
	var out []*Tile
	for k := range g.Stacks {
		if s := &g.Stacks[k]; s.N > 0 {
			out = append(out, &g.d.Tiles[s.T[s.N-1]])
		}
	}
	return out
}

// TileAt is the tile on a seat's province cell, or nil.
func (g *Game) TileAt(p, cell int) *Tile {
	if t := g.P[p].Cells[cell].Tile; t >= 0 {
		return &g.d.Tiles[t]
	}
	return nil
}

// DiceSupply is the number of dice of a colour in the general supply.
func (g *Game) DiceSupply(c Color) int { return int(g.Pool[c]) }

// Upgrades is the number of building upgrades a seat has made.
func (g *Game) Upgrades(p int) int {
	n := 0
	for _, l := range g.P[p].Levels {
		n += int(l) - g.d.LevelStart
	}
	return n
}
