package greatgame

// The turn sequence of 3.1. When the task stack is empty, advance moves the
// sequence on and runs the next phase's entry, which either does its work
// at once (income collected, the BoP adjusted) or pushes the decisions it
// needs. Steps with an auto function are continuations: they run as soon as
// they are on top and never wait for a player.

// Seq is a phase or subphase of the turn (3.1).
type Seq int8

// The phases in order.
const (
	SeqSetup        Seq = iota // the scenario's set-up
	SeqTurnStart               // Ranjit Singh's health, prisoners (scenario 1 7.2, 16.3.2)
	SeqInitiative              // 3.1(1), 7.0
	SeqEvents                  // 3.1(2), 8.0
	SeqIncome                  // 3.1(3), 9.0, 10.0
	SeqMove                    // 3.1(4–13)a, 13.0
	SeqNegotiate               // b, 15.0
	SeqBelligerence            // c, 5.4
	SeqCombat                  // d, 14.0
	SeqAfterCombat             // d, captures (16.3) and massacres (20.5)
	SeqSupply                  // 3.1(14), 17.3
	SeqBoP                     // 3.1(15), 4.1
	SeqEndTurn                 // 3.1(16)
)

var seqNames = [...]string{"set-up", "start of the turn", "initiative", "random events", "income and spending",
	"movement", "negotiations", "belligerence", "combat", "end of combat", "supply", "balance of power", "end of the turn"}

func (s Seq) String() string {
	if s < 0 || int(s) >= len(seqNames) {
		return "?"
	}
	return seqNames[s]
}

// autoStep is implemented by continuation steps (stepDef.auto).
type autoFunc func(g *Game, t *Task)

var autoSteps [NumSteps]autoFunc

func defineAuto(id StepID, f autoFunc) {
	if autoSteps[id] != nil || stepDefs[id].name != "" {
		panic("greatgame: step defined twice")
	}
	autoSteps[id] = f
}

// advance runs the sequence and the continuations until a player must
// decide or the game is over.
func (g *Game) advance() {
	for guard := 0; !g.Over; guard++ {
		if guard > 1_000_000 {
			panic("greatgame: the turn sequence does not stop")
		}
		t := g.top()
		if t == nil {
			g.nextSeq()
			continue
		}
		if f := autoSteps[t.Step]; f != nil {
			f(g, t)
			continue
		}
		return
	}
}

// nextSeq moves the turn sequence on by one phase and enters it.
func (g *Game) nextSeq() {
	switch g.Seq {
	case SeqSetup:
		g.Seq = SeqTurnStart
		g.beginTurn()
	case SeqTurnStart:
		g.Seq = SeqInitiative
		g.initiative()
	case SeqInitiative:
		g.Seq = SeqEvents
		if g.Turn == g.FirstTurn && g.special("no-events-first-turn") {
			g.logf("No random events in the first turn (scenario special rule).")
		} else {
			g.rollEvents()
		}
	case SeqEvents:
		g.Seq = SeqIncome
		g.beginIncome()
	case SeqIncome:
		g.Seq, g.Ops, g.Phasing = SeqMove, 1, g.First
		g.enterOps()
	case SeqMove:
		g.Seq = SeqNegotiate
		g.Negotiated = 0
		g.beginNegotiate()
	case SeqNegotiate:
		g.Seq = SeqBelligerence
		g.checkBelligerence()
	case SeqBelligerence:
		g.Seq = SeqCombat
		g.beginCombat()
	case SeqCombat:
		g.Seq = SeqAfterCombat
		g.afterCombat()
	case SeqAfterCombat:
		switch {
		case g.Phasing == g.First:
			g.Seq, g.Phasing = SeqMove, g.First.Other()
			g.enterOps()
		case g.Ops < g.r.d.Charts.OperationsPhases:
			g.Seq, g.Ops, g.Phasing = SeqMove, g.Ops+1, g.First
			g.enterOps()
		default:
			g.Seq = SeqSupply
			g.beginSupply()
		}
	case SeqSupply:
		g.Seq = SeqBoP
		g.bopPhase()
	case SeqBoP:
		g.Seq = SeqEndTurn
		g.endTurn()
	case SeqEndTurn:
		if g.Turn >= g.LastTurn {
			g.finish()
			return
		}
		g.Turn++
		g.Seq = SeqTurnStart
		g.beginTurn()
	}
}

// enterOps starts an operations phase of the phasing player, or skips it
// when an event confines that player to the first phase (Indian Mutiny,
// Nihilist Revolt).
func (g *Game) enterOps() {
	for i := range g.Pieces {
		g.Pieces[i].Flags &^= FlagMoved
	}
	if g.Ops > 1 && g.Ev.FirstOpsOnly[g.Phasing] {
		g.logf("%s: no operations after the first phase this turn (event).", g.Phasing.Title())
		g.Seq = SeqAfterCombat
		return
	}
	g.logf("— %s, operations phase %d (%s) —", g.Years(), g.Ops, g.Phasing.Title())
	g.beginMove()
}

// initiative: the player the Balance of Power favours says who goes first
// for the whole turn (7.1, 7.2).
func (g *Game) initiative() {
	f, _ := g.Favour()
	if f == NoSide {
		f = British
	}
	g.push(task(StepInitiative, f))
}

func init() {
	defineStep(StepInitiative, stepDef{
		name: "initiative", rule: "7.2",
		prompt: func(g *Game, t *Task) string {
			return g.Years() + ": the Balance of Power favours you; who is the first player this turn?"
		},
		options: func(g *Game, t *Task, o *optList) {
			o.add("first:"+t.Side.String(), t.Side.Title()+" (you) go first")
			o.add("first:"+t.Side.Other().String(), t.Side.Other().Title()+" go first")
		},
		apply: func(g *Game, t *Task, id string) error {
			g.First = sideOf(id[len("first:"):])
			g.pop()
			g.logf("%s: %s has the initiative; %s is the first player.", g.Years(), t.Side.Title(), g.First.Title())
			return nil
		},
	})
}
