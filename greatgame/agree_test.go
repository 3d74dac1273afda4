package greatgame

import (
	"slices"
	"strings"
	"testing"
)

// dealGame is scenario 1 after its set-up, in the first operations phase,
// with the sentinel below.
func dealGame(t *testing.T) *Game {
	t.Helper()
	g := evGame(t, "1", 0)
	g.Seq, g.Phasing, g.Ops = SeqMove, British, 1
	g.Pounds = [2]int{20, 10}
	return g
}

// dealHook drives the movement subphase's hook: the option is listed and starts the offer.
func dealHook(t *testing.T, g *Game, s Side) {
	t.Helper()
	o := optList{rule: "11.0"}
	g.dealOptions(s, &o)
	if len(o.opts) != 1 || o.opts[0].ID != "deal" || o.opts[0].Rule != "23.0" {
		t.Fatalf("deal option: %+v", o.opts)
	}
	g.startDeal(s)
	if g.top().Step != StepDeal || g.top().Side != s {
		t.Fatalf("no offer to compose: %+v", g.top())
	}
}

func TestDealAccepted(t *testing.T) {
	g := dealGame(t)
	np, pe := evRegion(t, g, "nepal"), evRegion(t, g, "persia")
	dealHook(t, g, British)
	ids := evIDs(g)
	for _, want := range []string{"give:1", "give:5", "give:10", "ask:10", "cede:nepal", "cede:north-india", "want:persia", "want:west-siberia", "cancel"} {
		if !slices.Contains(ids, want) {
			t.Errorf("option %s missing: %v", want, ids)
		}
	}
	for _, id := range ids {
		if id == "propose" || strings.HasPrefix(id, "cede:afghanistan") || strings.HasPrefix(id, "want:afghanistan") {
			t.Errorf("unexpected option %s (empty offer; neutral regions are nobody's to trade)", id)
		}
	}
	evApply(t, g, "give:10")
	evApply(t, g, "give:10")
	if slices.Contains(evIDs(g), "give:1") {
		t.Errorf("the British may not give more than their 20 pounds")
	}
	evApply(t, g, "cede:nepal")
	evApply(t, g, "want:persia")
	evApply(t, g, "drop:persia")
	evApply(t, g, "ask:5")
	evApply(t, g, "propose")
	d := g.Decision()
	if d.Player != int(Russian) || !slices.Equal(evIDs(g), []string{"accept", "refuse"}) {
		t.Fatalf("answer: %+v", d)
	}
	if !strings.Contains(d.Prompt, "20 pounds") || !strings.Contains(d.Prompt, "Nepal") || strings.Contains(d.Prompt, "Persia") {
		t.Errorf("prompt: %s", d.Prompt)
	}
	evApply(t, g, "accept")
	if !evIdle(g) || g.Pounds != [2]int{5, 25} || g.Control[np] != Russian || g.Control[pe] != Russian {
		t.Errorf("after acceptance: pounds %v, Nepal %v, Persia %v", g.Pounds, g.Control[np], g.Control[pe])
	}
	o := optList{}
	g.dealOptions(British, &o)
	if len(o.opts) != 0 {
		t.Errorf("one offer per player per operations phase")
	}
	g.dealOptions(Russian, &o)
	if len(o.opts) != 1 {
		t.Errorf("the other player may still offer")
	}
	g.Ops = 2
	o = optList{}
	g.dealOptions(British, &o)
	if len(o.opts) != 1 {
		t.Errorf("a new operations phase, a new offer")
	}
}

func TestDealRefusedOrCancelled(t *testing.T) {
	g := dealGame(t)
	dealHook(t, g, Russian)
	evApply(t, g, "cede:persia")
	evApply(t, g, "want:nepal")
	evApply(t, g, "propose")
	evApply(t, g, "refuse")
	if !evIdle(g) || g.Control[evRegion(t, g, "persia")] != Russian || g.Control[evRegion(t, g, "nepal")] != British || g.Pounds != [2]int{20, 10} {
		t.Errorf("a refused agreement changes nothing")
	}
	g.Ops = 2
	dealHook(t, g, Russian)
	evApply(t, g, "give:5")
	evApply(t, g, "clear")
	if slices.Contains(evIDs(g), "propose") {
		t.Errorf("an empty offer cannot be proposed")
	}
	evApply(t, g, "give:5")
	evApply(t, g, "cancel")
	if !evIdle(g) || g.Pounds != [2]int{20, 10} {
		t.Errorf("a cancelled offer changes nothing")
	}
}

// The other player cannot accept a request for pounds it does not have.
func TestDealAskBeyondTreasury(t *testing.T) {
	g := dealGame(t)
	dealHook(t, g, British)
	evApply(t, g, "ask:10")
	evApply(t, g, "ask:1")
	evApply(t, g, "propose")
	if ids := evIDs(g); !slices.Equal(ids, []string{"refuse"}) {
		t.Errorf("the Russian has 10 pounds, 11 asked: %v", ids)
	}
	evApply(t, g, "refuse")
	g.Ops = 3
	dealHook(t, g, British)
	evApply(t, g, "ask:10")
	evApply(t, g, "propose")
	evApply(t, g, "accept")
	if g.Pounds != [2]int{30, 0} {
		t.Errorf("pounds %v", g.Pounds)
	}
	g.Ops = 4
	dealHook(t, g, British)
	g.Deal.Ask = dealAskMax - 3
	if ids := evIDs(g); !slices.Contains(ids, "ask:1") || slices.Contains(ids, "ask:5") {
		t.Errorf("asks are bounded by %d: %v", dealAskMax, ids)
	}
	if err := g.checkDeal(); err != nil {
		t.Error(err)
	}
}

// The movement step offers an agreement once per operations phase (23.0).
func TestDealFromTheMovementStep(t *testing.T) {
	g := setUp(t, "1", 9)
	for i := 0; i < 5000 && !(g.top() != nil && g.top().Step == StepMove); i++ {
		d := g.Decision()
		id := d.Options[0].ID
		for _, o := range d.Options {
			if o.ID == "end" || o.ID == "done" || o.ID == "standard" {
				id = o.ID
			}
		}
		if err := g.Apply(id); err != nil {
			t.Fatal(err)
		}
	}
	if g.top() == nil || g.top().Step != StepMove {
		t.Fatal("never reached a movement step")
	}
	if _, ok := g.Decision().Find("deal"); !ok {
		t.Fatal("no deal option in the movement step")
	}
	if err := g.Apply("deal"); err != nil {
		t.Fatal(err)
	}
	if g.top().Step != StepDeal {
		t.Fatalf("deal did not open the offer: %+v", g.top())
	}
	if err := g.Apply("cancel"); err != nil {
		t.Fatalf("cancel: %v (options %v)", err, g.Decision().Options)
	}
	if g.top().Step != StepMove {
		t.Fatalf("after the offer, back to movement: %+v", g.top())
	}
	if _, ok := g.Decision().Find("deal"); ok {
		t.Error("a second offer in the same operations phase")
	}
}
