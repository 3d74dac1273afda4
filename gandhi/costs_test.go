package gandhi

import (
	"fmt"
	"strings"
	"testing"

	"durbar/core"
)

// TestPromptsShowCostsAndCounts plays random games of people's decisions
// and checks that whenever an Operation or Special Activity that costs
// Resources offers spaces, its prompt names the cost per space and the
// Resources left, and that every option placing pieces names how many are
// Available.
func TestPromptsShowCostsAndCounts(t *testing.T) {
	d := testData(t)
	games := 12
	if testing.Short() {
		games = 4
	}
	costly := map[string]string{} // Operation or Special Activity → the cost it must name
	seen := map[string]int{}
	placed := 0
	for n := range games {
		scen := []string{"short", "main", "quick"}[n%3]
		seed := uint64(7100 + n)
		g, err := New(d, Setup{Scenario: scen}, seed)
		if err != nil {
			t.Fatal(err)
		}
		pick := core.NewRNG(seed * 17)
		for step := 0; !g.Over && step < 3000; step++ {
			dec := g.Decision()
			fr := g.top()
			where := fmt.Sprintf("%s seed %d step %d (%s)", scen, seed, step, fr.Step)
			spaces := false
			for _, o := range dec.Options {
				spaces = spaces || strings.HasPrefix(o.ID, "space:")
			}
			var name, want string
			switch {
			case fr.Step == "op" && spaces && !g.turn.OpDone:
				name = g.turn.Op
				switch g.turn.Op {
				case "deploy", "sweep", "assault":
					want = fmt.Sprintf("Sepoys cost per space: %d; Resources: %d", g.sepoyCost(g.turn.Op), g.Resources[Raj])
				case "garrison":
					want = fmt.Sprintf("; Resources: %d)", g.Resources[Raj])
				case "rev-rally", "attack":
					want = fmt.Sprintf("cost per space: %d; Resources: %d", map[bool]int{false: 1, true: 0}[g.turn.Free], g.Resources[Rev])
				case "march":
					want = fmt.Sprintf("cost per space: %d, from a Railway 0; Resources: %d", map[bool]int{false: 1, true: 0}[g.turn.Free], g.Resources[Rev])
				case "unrest":
					want = fmt.Sprintf("cost per space: %d; Resources: %d", map[bool]int{false: g.Restraint, true: 0}[g.turn.Free], g.Resources[Rev])
				}
			case fr.Step == "sa" && spaces:
				name = g.turn.SA
				switch g.turn.SA {
				case "govern":
					want = fmt.Sprintf("Imperialism costs each: %d; Resources: %d", g.imperialismCost(), g.Resources[Raj])
				case "aid":
					want = fmt.Sprintf("Guerrillas Underground cost per space: 1; Resources: %d", g.Resources[Rev])
				}
			}
			if want != "" {
				costly[name] = want
				seen[name]++
				if !strings.Contains(dec.Prompt, want) {
					t.Fatalf("%s: the prompt %q does not say %q", where, dec.Prompt, want)
				}
			}
			for _, o := range dec.Options {
				if !strings.HasPrefix(o.Label, "Place ") {
					continue
				}
				var pc Piece = -1
				switch {
				case o.ID == "troop":
					pc = Troop
				case o.ID == "sepoy":
					pc = Sepoy
				case o.ID == "guerrillas" && fr.Step == "rev-rally":
					pc = GuerU
				case strings.HasPrefix(o.ID, "place:") && fr.Step == "nv-rally":
					pc = ownActivist(fr.F)
				case o.ID == "activist" && fr.Step == "satyagraha":
					pc = CongAct
				}
				if pc < 0 {
					continue
				}
				placed++
				if w := fmt.Sprintf("(Available: %d)", g.Avail[pc]); !strings.HasSuffix(o.Label, w) {
					t.Fatalf("%s: the option %q does not end %q", where, o.Label, w)
				}
			}
			id := dec.Options[pick.IntN(len(dec.Options))].ID
			if err := g.Apply(id); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, op := range []string{"deploy", "sweep", "rev-rally", "march"} {
		if seen[op] == 0 {
			t.Errorf("no game selected spaces for %s: the test checked too little (%v)", op, seen)
		}
	}
	if placed == 0 {
		t.Error("no option placed pieces")
	}
	t.Logf("prompts checked: %v; placement options: %d", seen, placed)
}
