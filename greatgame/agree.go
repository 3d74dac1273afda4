package greatgame

import (
	"fmt"
	"math/bits"
	"strings"
)

// Player agreements (23.0). A player may offer the other an agreement made
// of pounds (given or asked) and control of regions (ceded from its own, or
// asked from the other's) (23.1) — never units or civilization markers
// (23.2). The offer is composed in small steps and proposed; the other
// player accepts or refuses; an accepted agreement is carried out at once,
// a refused one changes nothing. Treasuries stay private: a player cannot
// give more than it has, and accepting is listed only when the other can pay
// what is asked. The movement subphase offers it (dealOptions, startDeal);
// each player may compose one offer per operations phase.

// dealState is an offer being made.
type dealState struct {
	From Side   // the player making the offer
	Give int16  // pounds From gives the other
	Ask  int16  // pounds From asks of the other
	Cede uint32 // regions of From's that pass to the other (bit per region)
	Want uint32 // regions of the other's that pass to From
	// Used is, per side, the operations phase (dealKey) in which it last
	// composed an offer.
	Used [2]int16
}

// dealAskMax bounds the pounds an offer may ask (the other's treasury is private).
const dealAskMax = 100

// dealSteps are the sums in which pounds are added to an offer.
var dealSteps = [...]int16{1, 5, 10}

// dealKey names the current operations phase.
func (g *Game) dealKey() int16 { return int16(g.Turn*8 + g.Ops) }

// dealOptions adds the option of proposing an agreement to a side's
// decision (the movement subphase's hook).
func (g *Game) dealOptions(side Side, o *optList) {
	if g.Deal.Used[side] != g.dealKey() {
		o.addRule("deal", "propose an agreement to the other player (pounds, control of regions)", "23.0")
	}
}

// startDeal begins composing an offer (the "deal" option of dealOptions).
func (g *Game) startDeal(side Side) {
	used := g.Deal.Used
	used[side] = g.dealKey()
	g.Deal = dealState{From: side, Used: used}
	g.push(task(StepDeal, side))
}

func (d *dealState) empty() bool { return d.Give == 0 && d.Ask == 0 && d.Cede == 0 && d.Want == 0 }

// dealRegions names the regions of a mask.
func (g *Game) dealRegions(mask uint32) string {
	var names []string
	for m := mask; m != 0; m &= m - 1 {
		names = append(names, g.r.m.Regions[bits.TrailingZeros32(m)].Name)
	}
	return strings.Join(names, ", ")
}

// dealText describes the offer for people.
func (g *Game) dealText() string {
	d := &g.Deal
	from, to := d.From.Title(), d.From.Other().Title()
	var parts []string
	if d.Give > 0 {
		parts = append(parts, fmt.Sprintf("the %s give %d %s", from, d.Give, pl(int(d.Give), "pound")))
	}
	if d.Ask > 0 {
		parts = append(parts, fmt.Sprintf("the %s give %d %s", to, d.Ask, pl(int(d.Ask), "pound")))
	}
	if d.Cede != 0 {
		parts = append(parts, fmt.Sprintf("the %s cede %s", from, g.dealRegions(d.Cede)))
	}
	if d.Want != 0 {
		parts = append(parts, fmt.Sprintf("the %s cede %s", to, g.dealRegions(d.Want)))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, "; ")
}

// dealCanAccept reports whether the offer can be carried out: each side can
// pay its part and still controls the regions it would cede.
func (g *Game) dealCanAccept() bool {
	d := &g.Deal
	if int(d.Give) > g.Pounds[d.From] || int(d.Ask) > g.Pounds[d.From.Other()] {
		return false
	}
	for r := 0; r < g.r.nr; r++ {
		if d.Cede&(1<<uint(r)) != 0 && g.Control[r] != d.From ||
			d.Want&(1<<uint(r)) != 0 && g.Control[r] != d.From.Other() {
			return false
		}
	}
	return true
}

// dealExecute carries out an accepted offer (23.1).
func (g *Game) dealExecute() {
	d := g.Deal
	from, to := d.From, d.From.Other()
	g.Pounds[from] += int(d.Ask) - int(d.Give)
	g.Pounds[to] += int(d.Give) - int(d.Ask)
	for r := 0; r < g.r.nr; r++ {
		switch {
		case d.Cede&(1<<uint(r)) != 0:
			g.gainControl(r, to, "player agreement (23.1)")
		case d.Want&(1<<uint(r)) != 0:
			g.gainControl(r, from, "player agreement (23.1)")
		}
	}
}

func init() {
	defineStep(StepDeal, stepDef{
		name: "deal", rule: "23.1",
		prompt: func(g *Game, t *Task) string {
			return "Agreement offer so far: " + g.dealText() + ". Add to it, propose it or cancel."
		},
		options: func(g *Game, t *Task, o *optList) {
			d := &g.Deal
			for _, k := range dealSteps {
				if int(d.Give+k) <= g.Pounds[t.Side] {
					o.add(fmt.Sprintf("give:%d", k), fmt.Sprintf("give %d more pounds (%d in all)", k, d.Give+k))
				}
			}
			for _, k := range dealSteps {
				if d.Ask+k <= dealAskMax {
					o.add(fmt.Sprintf("ask:%d", k), fmt.Sprintf("ask %d more pounds (%d in all)", k, d.Ask+k))
				}
			}
			for r := 0; r < g.r.nr; r++ {
				bit, reg := uint32(1)<<uint(r), &g.r.m.Regions[r]
				switch {
				case g.Control[r] == t.Side && d.Cede&bit == 0:
					o.add("cede:"+reg.ID, "cede control of "+reg.Name)
				case g.Control[r] == t.Side:
					o.add("keep:"+reg.ID, "no longer cede "+reg.Name)
				case g.Control[r] == t.Side.Other() && d.Want&bit == 0:
					o.add("want:"+reg.ID, "ask for control of "+reg.Name)
				case g.Control[r] == t.Side.Other():
					o.add("drop:"+reg.ID, "no longer ask for "+reg.Name)
				}
			}
			if !d.empty() {
				o.add("clear", "start the offer again")
				o.add("propose", "propose: "+g.dealText())
			}
			o.add("cancel", "make no offer")
		},
		apply: func(g *Game, t *Task, id string) error {
			d := &g.Deal
			verb, arg, _ := strings.Cut(id, ":")
			bit := uint32(0)
			if r := g.r.m.RegionIndex(arg); r >= 0 {
				bit = 1 << uint(r)
			}
			switch verb {
			case "give":
				k, _ := parseInt(arg, "")
				d.Give += int16(k)
			case "ask":
				k, _ := parseInt(arg, "")
				d.Ask += int16(k)
			case "cede":
				d.Cede |= bit
			case "keep":
				d.Cede &^= bit
			case "want":
				d.Want |= bit
			case "drop":
				d.Want &^= bit
			case "clear":
				d.Give, d.Ask, d.Cede, d.Want = 0, 0, 0, 0
			case "propose":
				g.pop()
				g.logf("%s propose an agreement (23.0): %s.", t.Side.Title(), g.dealText())
				g.push(task(StepDealAnswer, t.Side.Other()))
			case "cancel":
				g.pop()
				d.Give, d.Ask, d.Cede, d.Want = 0, 0, 0, 0
			}
			return nil
		},
	})
	defineStep(StepDealAnswer, stepDef{
		name: "deal-answer", rule: "23.0",
		prompt: func(g *Game, t *Task) string {
			return fmt.Sprintf("The %s propose an agreement: %s. Accept or refuse?", t.Side.Other().Title(), g.dealText())
		},
		options: func(g *Game, t *Task, o *optList) {
			if g.dealCanAccept() {
				o.add("accept", "accept: it is carried out at once")
			}
			o.add("refuse", "refuse: nothing changes")
		},
		apply: func(g *Game, t *Task, id string) error {
			g.pop()
			if id == "accept" {
				g.logf("%s accept the agreement.", t.Side.Title())
				g.dealExecute()
			} else {
				g.logf("%s refuse the agreement.", t.Side.Title())
			}
			d := &g.Deal
			d.Give, d.Ask, d.Cede, d.Want = 0, 0, 0, 0
			return nil
		},
	})
}

// checkDeal verifies an offer being composed or answered: its maker can
// pay what it gives and controls what it cedes.
func (g *Game) checkDeal() error {
	t := g.top()
	if t == nil || (t.Step != StepDeal && t.Step != StepDealAnswer) {
		return nil
	}
	d := &g.Deal
	if d.Give < 0 || d.Ask < 0 || int(d.Give) > g.Pounds[d.From] {
		return fmt.Errorf("agreement offer gives %d pounds, asks %d; the %s have fewer (23.1)", d.Give, d.Ask, d.From.Title())
	}
	for r := 0; r < g.r.nr; r++ {
		if d.Cede&(1<<uint(r)) != 0 && g.Control[r] != d.From {
			return fmt.Errorf("agreement cedes %s, which the %s do not control (23.1)", g.r.m.Regions[r].Name, d.From.Title())
		}
	}
	return nil
}
