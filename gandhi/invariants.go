package gandhi

import (
	"fmt"
	"strings"
)

// tally counts a kind of force piece on the map (Active Guerrillas with the
// Underground ones) and, for Activists, in Jail; with Available and Out of
// Play it makes the inventory (1.4.1).
func (g *Game) tally(pc Piece) (onMap, jail int) {
	for i := range g.Sp {
		onMap += int(g.Sp[i].P[pc])
		if pc == GuerU {
			onMap += int(g.Sp[i].P[GuerA])
		}
	}
	if pc == CongAct || pc == LeagueAct {
		jail = g.Jail[pc-CongAct]
	}
	return onMap, jail
}

// CheckInvariants verifies every rule-level invariant of the board. Tests run
// it after every step of random play; position files must pass it to load.
func (g *Game) CheckInvariants() error {
	var errs []string
	bad := func(format string, a ...any) { errs = append(errs, fmt.Sprintf(format, a...)) }
	// Piece conservation across map, Available, Out of Play and Jail (1.4.1).
	for i := range g.Sp {
		s := &g.Sp[i]
		for pc := Piece(0); pc < NumPieces; pc++ {
			if int(s.P[pc]) < 0 {
				bad("%s: negative %s", g.space(i).ID, pc)
			}
		}
	}
	total := 0
	for pc := Piece(0); pc < NumPieces; pc++ {
		if pc == GuerA {
			continue
		}
		onMap, jail := g.tally(pc)
		n := onMap + g.Avail[pc] + g.OOP[pc] + jail
		if n != inventory[pc] {
			bad("%s: %d in play, inventory is %d (1.4.1)", pc, n, inventory[pc])
		}
		if g.Avail[pc] < 0 || g.OOP[pc] < 0 {
			bad("%s: negative Available or Out of Play", pc)
		}
		total += n
	}
	if g.Gandhi >= len(g.Sp) || g.Gandhi < GandhiUnplaced {
		bad("Gandhi is nowhere")
	}
	if total+1 != TotalForces {
		bad("%d force pieces, want %d", total+1, TotalForces)
	}
	if g.Avail[GuerA] != 0 || g.OOP[GuerA] != 0 {
		bad("Active Guerrillas off the map")
	}
	if g.Jail[0] < 0 || g.Jail[1] < 0 {
		bad("negative Jail")
	}
	// Markers.
	protests := 0
	for b := range g.Protests {
		if g.Protests[b] {
			protests++
		}
	}
	if protests+g.protestsOnMap() != NumProtestBoxes {
		bad("Protest markers: %d in boxes + %d on map != %d (1.10)", protests, g.protestsOnMap(), NumProtestBoxes)
	}
	if g.unrestStrikeOnMap() > UnrestStrikePool {
		bad("%d Unrest/Strike markers on the map, only %d exist (1.11)", g.unrestStrikeOnMap(), UnrestStrikePool)
	}
	if g.muslimStatesOnMap() > MuslimStatePool {
		bad("too many Muslim State markers")
	}
	for i := range g.Sp {
		s, sp := &g.Sp[i], g.space(i)
		// Stacking (1.4.2).
		if g.bases(i) > sp.Pop {
			bad("%s: %d Bases exceed Population %d (1.4.2)", sp.ID, g.bases(i), sp.Pop)
		}
		if int(s.P[Troop]) > 0 && g.isState(i) && !g.evictionPending(i) {
			bad("%s: Troops in a State (1.3.5)", sp.ID)
		}
		if sp.Type == Railway && (int(s.Support) != 0 || int(s.Unrest) != 0 || s.MuslimState) {
			bad("%s: Railway with Support, Unrest or Muslim State", sp.ID)
		}
		if sp.Type != Railway && s.Strike {
			bad("%s: Strike off a Railway (1.12)", sp.ID)
		}
		if s.MuslimState && sp.Type != Province {
			bad("%s: Muslim State outside a Province (1.3.5)", sp.ID)
		}
		if int(s.Support) < -2 || int(s.Support) > 2 || int(s.Unrest) < 0 {
			bad("%s: level or Unrest out of range", sp.ID)
		}
		if s.Control != g.computeControl(i) {
			bad("%s: tracked Raj Control %v, recomputed %v (1.7)", sp.ID, s.Control, g.computeControl(i))
		}
	}
	if g.VP != g.computeVP() {
		bad("tracked victory totals %v, recomputed %v (1.9)", g.VP, g.computeVP())
	}
	// Tracks (1.8, 6.6, 6.7).
	if g.Restraint < MinTrack || g.Restraint > MaxTrack || g.Unity < MinTrack || g.Unity > MaxTrack {
		bad("Restraint %d / Unity %d outside 1-5", g.Restraint, g.Unity)
	}
	for f := Faction(0); f < NumFactions; f++ {
		if g.Resources[f] < 0 || g.Resources[f] > MaxResources {
			bad("%s Resources %d outside 0-50 (1.8)", f, g.Resources[f])
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return nil
}

// evictionPending: Troops caught by a new Muslim State wait for the Raj to
// choose their Cities (1.3.5).
func (g *Game) evictionPending(i int) bool {
	for _, fr := range g.stack {
		if fr.Step == "evict-troops" && fr.Space == i {
			return true
		}
	}
	return false
}
