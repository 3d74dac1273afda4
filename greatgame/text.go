package greatgame

import (
	"fmt"
	"slices"
	"strings"
)

// TextBoard draws what a seat may see (its Observation) for the terminal:
// the state line, a map of the area where forces stand (terrain and cities
// underneath, each stack shown by its owner's letter — B British, R
// Russian, n neutral, * a square two sides share), and the list of stacks
// with the counters the seat may examine.
func (g *Game) TextBoard(seat int) string {
	o := g.Observe(seat)
	m := g.r.m
	var b strings.Builder
	fav, lv := g.Favour()
	level := [4]string{"", "slightly", "moderately", "strongly"}[lv]
	fmt.Fprintf(&b, "%s (turn %d of %d) · %s", o.Years, o.Turn, g.LastTurn, o.Phase)
	if g.Seq >= SeqMove && g.Seq <= SeqAfterCombat {
		fmt.Fprintf(&b, " · operations phase %d, %s", o.Ops, o.Phasing.Title())
	}
	fmt.Fprintf(&b, "\nBalance of Power %+d (%s %s) · supply points British %d, Russian %d", o.BoP, level, fav.Title(), o.SP[0], o.SP[1])
	if o.Seat != NoSide {
		fmt.Fprintf(&b, " · your treasury £%d", o.Pounds)
	}
	if o.OpenWar {
		b.WriteString(" · OPEN WAR")
	}
	b.WriteString("\nControl: ")
	var ctl []string
	for r, c := range o.Control {
		if c != NoSide {
			ctl = append(ctl, fmt.Sprintf("%s %s", g.RegionID(r), c.Title()[:1]))
		}
	}
	b.WriteString(strings.Join(ctl, ", "))
	b.WriteString("\n\n")
	// the window around the stacks on the map
	owner := map[int16]byte{}
	minC, minR, maxC, maxR := m.Cols, m.Rows, -1, -1
	for _, s := range o.Stacks {
		if s.Loc < 0 {
			continue
		}
		var sides [3]bool
		for _, p := range s.Pieces {
			sides[sideIndex(g.Owner(p))] = true
		}
		for k, n := range s.Hidden {
			if n > 0 {
				sides[k] = true
			}
		}
		ch := byte('n')
		switch {
		case sides[0] && sides[1]:
			ch = '*'
		case sides[0]:
			ch = 'B'
		case sides[1]:
			ch = 'R'
		}
		owner[s.Loc] = ch
		sq := m.Squares[s.Loc]
		minC, maxC = min(minC, sq.Col), max(maxC, sq.Col)
		minR, maxR = min(minR, sq.Row), max(maxR, sq.Row)
	}
	if maxC >= 0 {
		minC, minR = max(0, minC-1), max(0, minR-1)
		maxC, maxR = min(m.Cols-1, maxC+1), min(m.Rows-1, maxR+1)
		b.WriteString("    ")
		for c := minC; c <= maxC; c++ {
			b.WriteByte("0123456789"[(c+1)/10])
		}
		b.WriteString("\n    ")
		for c := minC; c <= maxC; c++ {
			b.WriteByte("0123456789"[(c+1)%10])
		}
		b.WriteByte('\n')
		for r := minR; r <= maxR; r++ {
			b.WriteString(pad2(r+1) + "  ")
			for c := minC; c <= maxC; c++ {
				i := int16(m.At(c, r))
				sq := m.Squares[i]
				ch := ".dm~"[sq.Terrain]
				if sq.City >= 0 {
					ch = 'o'
				}
				if x, ok := owner[i]; ok {
					ch = x
				}
				b.WriteByte(ch)
			}
			b.WriteByte('\n')
		}
		b.WriteString("(. clear, d desert, m mountain, ~ sea, o city; B British, R Russian, n neutral, * shared)\n\n")
	}
	for _, s := range o.Stacks {
		var names []string
		for _, p := range s.Pieces {
			n := g.PieceName(p)
			if ow := g.Owner(p); ow != o.Seat {
				n += " [" + ow.String() + "]"
			}
			names = append(names, n)
		}
		for k, n := range s.Hidden {
			if n > 0 {
				names = append(names, fmt.Sprintf("%d hidden %s %s", n, [3]string{"British", "Russian", "neutral"}[k], pl(int(n), "counter")))
			}
		}
		loc := g.SqName(s.Loc)
		if s.Loc >= 0 {
			if reg := m.Squares[s.Loc].Region; reg >= 0 {
				loc += ", " + m.Regions[reg].Name
			}
		}
		fmt.Fprintf(&b, "  %s: %s\n", loc, strings.Join(names, ", "))
	}
	if len(o.Markers) > 0 {
		byKind := map[string][]string{}
		for _, mk := range o.Markers {
			k := mk.Side.Title() + " " + mk.Kind.String()
			byKind[k] = append(byKind[k], g.SqName(mk.Sq))
		}
		keys := make([]string, 0, len(byKind))
		for k := range byKind {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b.WriteString("Markers:\n")
		for _, k := range keys {
			fmt.Fprintf(&b, "  %s: %s\n", k, strings.Join(byKind[k], ", "))
		}
	}
	if len(o.Prisoners) > 0 {
		var ns []string
		for _, p := range o.Prisoners {
			ns = append(ns, g.PieceName(p)+" (held by "+map[int16]string{LocPrisonBr: "the British", LocPrisonRu: "the Russian"}[g.Pieces[p].Loc]+")")
		}
		b.WriteString("Prisoners: " + strings.Join(ns, ", ") + "\n")
	}
	return b.String()
}

func sideIndex(s Side) int {
	if s == NoSide {
		return 2
	}
	return int(s)
}

// pl is a noun as many as n: "brigade" for one, "brigades" for any other
// number (the catalogs match both with {N|one|other}).
func pl(n int, noun string) string {
	if n == 1 || n == -1 {
		return noun
	}
	return noun + "s"
}

// pl2 is one or other as n is one or not: words whose plural is not an s.
func pl2(n int, one, other string) string {
	if n == 1 || n == -1 {
		return one
	}
	return other
}

// isAre is the verb "to be" for n things.
func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
