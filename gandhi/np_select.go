package gandhi

import (
	"fmt"
	"slices"
	"strings"
)

// Space Selection Priorities (8.4.1), Random Spaces and Railways (8.1.2,
// 8.1.3) and Adversary Priorities (8.5).

// npSelect picks one of the candidate spaces for faction f with a column of
// its Space Selection Priorities table: read down the column, keep the
// candidates meeting each dotted condition unless none does, stop when one
// is left; break remaining ties with the Random Spaces map, Railways last.
// It returns -1 for no candidates, and a reason naming the rows that decided.
func (g *Game) npSelect(f Faction, column string, cands []int) (int, string) {
	if len(cands) == 0 {
		return -1, ""
	}
	t := g.arjuna.SelectionTable(f)
	logged := g.npLogged()
	left := cands
	var used []string
	if off := g.npOffRailways(column, left); len(off) > 0 && len(off) < len(left) {
		left = off
		if logged {
			used = append(used, "no Railway while the Raj is a Non-Player (8.1.3)")
		}
	}
	if t != nil && t.HasColumn(column) {
		for _, cond := range t.Column(column) {
			if len(left) == 1 {
				break
			}
			kept := g.npKeep(f, cond, left)
			if len(kept) > 0 && len(kept) < len(left) {
				left = kept
				if logged {
					used = append(used, cond)
				}
			}
		}
	}
	pick := left[0]
	if len(left) > 1 {
		pick = g.npBreakTie(left)
	}
	if !logged {
		return pick, ""
	}
	tie := ""
	if len(left) > 1 {
		tie = fmt.Sprintf(", tie among %d broken by the Random Spaces map (8.1.2)", len(left))
	}
	why := fmt.Sprintf("%s by the %s column", g.space(pick).Name, columnName(t, column))
	if len(cands) == 1 {
		used = append(used, "the only eligible space")
	}
	if len(used) > 0 {
		why += " (" + strings.Join(used, ", ") + ")"
	}
	return pick, why + tie
}

// npPlacingColumns are the Space Selection columns that select where forces
// or Strikes go (placing, or moving into the selected space).
var npPlacingColumns = map[string]bool{
	"place-cubes": true, "sweep": true, "place-activists": true, "demonstrate": true,
	"move-or-release-gandhi": true, "place-bases": true, "place-guerrillas": true,
	"march": true, "place-unrest": true,
}

// npOffRailways drops the Railways from cands when column selects where
// forces or Strikes go and the Raj is a Non-Player: Non-Player factions only
// place forces or Strikes on Railways if the Raj is a player (8.1.3).
func (g *Game) npOffRailways(column string, cands []int) []int {
	if !g.np.On[Raj] || !npPlacingColumns[column] {
		return cands
	}
	return g.filter(cands, func(i int) bool { return !g.isRailway(i) })
}

func columnName(t *NPSelectionTable, id string) string {
	if t != nil {
		for _, c := range t.Columns {
			if c.ID == id {
				return c.Name
			}
		}
	}
	return id
}

// npBreakTie settles equal candidates (8.1.2): Cities, Provinces and States
// by the Random Spaces map; Railways last, highest Econ first, then the one
// next to a random City, then an even roll.
func (g *Game) npBreakTie(left []int) int {
	var in [maxSpaces]bool
	nin := 0
	var railBuf [maxSpaces]int
	rails := railBuf[:0]
	for _, i := range left {
		if g.isRailway(i) {
			rails = append(rails, i)
		} else {
			in[i] = true
			nin++
		}
	}
	if nin > 0 {
		r, c := g.npRoll()-1, g.npRoll()-1
		return g.randomSpaceFrom(r, c, func(i int) bool { return in[i] })
	}
	best := 0
	for _, i := range rails {
		best = max(best, g.space(i).Econ)
	}
	rails = g.filter(rails, func(i int) bool { return g.space(i).Econ == best })
	if len(rails) > 1 {
		// A Random City (8.1.2): the first City from the roll that is
		// next to one of these Railways, checking space after space.
		next := func(city, i int) bool { return g.m.Adjacent(i, city) }
		r, c := g.npRoll()-1, g.npRoll()-1
		city := g.randomSpaceFrom(r, c, func(x int) bool {
			return g.isCity(x) && slices.ContainsFunc(rails, func(i int) bool { return next(x, i) })
		})
		if near := g.filter(rails, func(i int) bool { return city >= 0 && next(city, i) }); len(near) > 0 {
			rails = near
		}
	}
	if len(rails) == 1 {
		return rails[0]
	}
	return rails[g.np.rng.IntN(len(rails))] // an equal chance die roll
}

// npKeep returns the candidates meeting a Space Selection condition.
// "Most" and "fewest" conditions compare the candidates still in the running.
func (g *Game) npKeep(f Faction, cond string, left []int) []int {
	if m := npMeasureOf(cond); m != noMeasure {
		best, most := 0, !strings.HasPrefix(cond, "fewest")
		for k, i := range left {
			v := g.npMeasure(f, m, i)
			if k == 0 || (most && v > best) || (!most && v < best) {
				best = v
			}
		}
		if most && best <= 0 {
			return nil // "the most" of nothing distinguishes no space
		}
		return g.filter(left, func(i int) bool { return g.npMeasure(f, m, i) == best })
	}
	return g.filter(left, func(i int) bool { return g.npSpaceCond(f, cond, i) })
}

// npMeasureKind names the quantity behind a "most"/"fewest" condition.
type npMeasureKind uint8

const (
	noMeasure npMeasureKind = iota
	measureCubes
	measureActiveAdversaries
	measureCongressActivists
	measureLeagueActivists
	measureGuerrillas
	measureOpposition
	measureSupport
)

// npMeasureOf reads a condition's measure (noMeasure for a yes/no one).
func npMeasureOf(cond string) npMeasureKind {
	switch cond {
	case "fewest-cubes", "most-cubes":
		return measureCubes
	case "most-active-adversaries":
		return measureActiveAdversaries
	case "most-congress-activists":
		return measureCongressActivists
	case "most-league-activists":
		return measureLeagueActivists
	case "most-guerrillas":
		return measureGuerrillas
	case "most-opposition":
		return measureOpposition
	case "most-support":
		return measureSupport
	}
	return noMeasure
}

// npMeasure gives the quantity m for faction f in space i.
func (g *Game) npMeasure(f Faction, m npMeasureKind, i int) int {
	switch m {
	case measureCubes:
		return g.cubes(i)
	case measureActiveAdversaries:
		return g.activeAdversaries(f, i)
	case measureCongressActivists:
		return int(g.Sp[i].P[CongAct])
	case measureLeagueActivists:
		return int(g.Sp[i].P[LeagueAct])
	case measureGuerrillas:
		return g.guerrillas(i)
	case measureOpposition:
		return -int(g.Sp[i].Support) * g.popOf(i)
	case measureSupport:
		return int(g.Sp[i].Support) * g.popOf(i)
	}
	return 0
}

// npSpaceCond evaluates a yes/no space condition of the Space Selection
// tables and Arjuna checks (docs/gandhi-arjuna.md).
func (g *Game) npSpaceCond(f Faction, cond string, i int) bool {
	s := &g.Sp[i]
	switch cond {
	case "city":
		return g.isCity(i)
	case "province":
		return g.isProvince(i)
	case "state":
		return g.isState(i)
	case "has-active-guerrilla":
		return int(s.P[GuerA]) > 0
	case "has-congress-activists":
		return int(s.P[CongAct]) > 0
	case "no-congress-activists":
		return int(s.P[CongAct]) == 0
	case "has-gandhi":
		return g.Gandhi == i
	case "has-league-base":
		return int(s.P[LeagueBase]) > 0
	case "no-league-base":
		return int(s.P[LeagueBase]) == 0
	case "has-rev-base":
		return int(s.P[RevBase]) > 0
	case "has-protest":
		return s.Protest
	case "no-protest":
		return !s.Protest
	case "has-troops":
		return int(s.P[Troop]) > 0
	case "has-underground-guerrilla":
		return int(s.P[GuerU]) > 0
	case "no-underground-guerrilla":
		return int(s.P[GuerU]) == 0
	case "no-guerrillas":
		return g.guerrillas(i) == 0
	case "has-unrest":
		return int(s.Unrest) > 0 || s.Strike
	case "no-unrest":
		return int(s.Unrest) == 0 && !s.Strike
	case "league-above-congress":
		return int(s.P[LeagueAct])+int(s.P[LeagueBase]) > int(s.P[CongAct])+g.gandhiAt(i)
	case "league-not-above-congress":
		return int(s.P[LeagueAct])+int(s.P[LeagueBase]) <= int(s.P[CongAct])+g.gandhiAt(i)
	case "muslim":
		return g.space(i).Muslim
	case "non-muslim":
		return !g.space(i).Muslim
	case "muslim-state":
		return s.MuslimState
	case "no-raj-control":
		return !s.Control
	case "raj-control":
		return s.Control
	case "no-support":
		return int(s.Support) <= 0
	case "not-active-opposition":
		return int(s.Support) != -2
	case "pop-2":
		return g.popOf(i) == 2
	case "player-adversary":
		for h := Faction(0); h < NumFactions; h++ {
			if h != f && !g.np.On[h] && g.factionPiecesIn(h, i) > 0 {
				return true
			}
		}
		return false
	}
	return false
}

// factionPiecesIn counts faction h's forces in space i (Gandhi with Congress).
func (g *Game) factionPiecesIn(h Faction, i int) int {
	n := 0
	for p := Piece(0); p < NumPieces; p++ {
		if p.Owner() == h {
			n += int(g.Sp[i].P[p])
		}
	}
	if h == Congress {
		n += g.gandhiAt(i)
	}
	return n
}

// Target kinds of the Adversary Priorities table (8.5).
var npTargetOwner = map[string]Faction{
	"gandhi": Congress, "troop": Raj, "sepoy": Raj, "congress-activist": Congress,
	"league-activist": League, "guerrilla": Rev, "league-base": League, "rev-base": Rev,
}

// npTargetKind names a piece in the table's words.
func npTargetKind(p Piece) string {
	switch p {
	case CongAct:
		return "congress-activist"
	case LeagueAct:
		return "league-activist"
	case GuerU, GuerA:
		return "guerrilla"
	}
	return p.ID()
}

// npTargetRank is the position of a piece or marker kind in faction f's
// Adversary Priorities (lower first); kinds it never takes, or does not
// list, rank after everything (len of the order) or -1 for never.
func (g *Game) npTargetRank(f Faction, kind string) int {
	t := g.arjuna.AdversaryTable(f)
	if t == nil {
		return 0
	}
	for _, n := range t.Never {
		if n == kind {
			return -1
		}
	}
	owner, isPiece := npTargetOwner[kind]
	if isPiece && owner == f {
		return -1 // never its own pieces
	}
	for k, o := range t.Order {
		if o.Piece != kind {
			continue
		}
		switch o.Of {
		case "any":
			return k
		case "player":
			if isPiece && !g.np.On[owner] {
				return k
			}
		case "np":
			if isPiece && g.np.On[owner] {
				return k
			}
		}
	}
	return len(t.Order)
}

// npBestTarget picks, among options each naming a target kind, the one first
// in faction f's Adversary Priorities; ties go to the earliest option. It
// returns "" when every option is a kind f never takes.
func (g *Game) npBestTarget(f Faction, opts []string, kindOf func(id string) string) string {
	best, bestRank := "", 1<<30
	for _, id := range opts {
		r := g.npTargetRank(f, kindOf(id))
		if r >= 0 && r < bestRank {
			best, bestRank = id, r
		}
	}
	return best
}

// npTargetWhy names the Adversary Priorities row of a target kind for the
// log (8.5).
func (g *Game) npTargetWhy(f Faction, kind string) string {
	if !g.npLogged() {
		return ""
	}
	r := g.npTargetRank(f, kind)
	t := g.arjuna.AdversaryTable(f)
	if t == nil || r < 0 || r >= len(t.Order) {
		return "Adversary Priorities (8.5): " + kind
	}
	who := map[string]string{"player": " of a player", "np": " of a Non-Player"}[t.Order[r].Of]
	return fmt.Sprintf("Adversary Priorities (8.5) row %d: %s%s", r+1, kind, who)
}
