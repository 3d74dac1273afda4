package rajas

import (
	"fmt"
	"strings"
)

// Plain-text display for terminals. It reads the state only; nothing here
// is part of the rules.

// Render draws the round, every player, the tiles for sale, the action
// spaces and the river.
func (g *Game) Render() string {
	var b strings.Builder
	if g.Over {
		fmt.Fprintf(&b, "GAME OVER: %s\n\n", g.Reason)
	}
	if g.Round == 0 {
		fmt.Fprintf(&b, "Set-up   elephant: %s%s\n", SeatName(g.Start), g.variantText())
	} else {
		fmt.Fprintf(&b, "Round %d   elephant: %s%s\n", g.Round, SeatName(g.Start), g.variantText())
	}
	if g.Ended && !g.Over {
		b.WriteString("The end has been triggered: the turn order runs to the start player.\n")
	}
	fmt.Fprintf(&b, "Dice supply: %s\n\n", g.poolText())
	for p := 0; p < g.N; p++ {
		g.renderPlayer(&b, p)
	}
	b.WriteString("Tiles for sale:\n")
	for k := range g.Stacks {
		if s := &g.Stacks[k]; s.N > 0 {
			t := &g.d.Tiles[g.topTile(k)]
			fmt.Fprintf(&b, "  %-11s %-6s pile of %d: %s\n", t.ID, t.Back, s.N, tileLabel(t))
		}
	}
	b.WriteString("\nAction spaces:\n")
	area := Area(-1)
	for i := range g.side.Spaces {
		sp := &g.side.Spaces[i]
		if sp.Area != area {
			if area >= 0 {
				b.WriteString("\n")
			}
			area = sp.Area
			fmt.Fprintf(&b, "  %-8s", areaIDs[area])
		}
		who := "-"
		switch o := g.Occ[i]; {
		case o == -2:
			who = "covered"
		case o >= 0:
			who = fmt.Sprintf("P%d", o+1)
		}
		fmt.Fprintf(&b, " %s=%s", strings.TrimPrefix(sp.ID, areaIDs[area]+":"), who)
	}
	b.WriteString("\n\nRiver:")
	for s := 1; s <= g.RiverEnd(); s++ {
		mark := ""
		for p := 0; p < g.N; p++ {
			if g.P[p].Boat == s {
				mark += fmt.Sprintf("P%d", p+1)
			}
		}
		if mark != "" {
			mark = " " + mark
		}
		tile := ""
		if g.RiverT[s] >= 0 {
			tile = "tile "
		}
		fmt.Fprintf(&b, "\n  %2d %s%s%s", s, tile, EffectsText(g.RiverEffects(s)), mark)
		if s == g.d.BridgeAfter {
			b.WriteString("\n  == bridge ==")
		}
	}
	start := ""
	for p := 0; p < g.N; p++ {
		if g.P[p].Boat == 0 {
			start += fmt.Sprintf(" P%d", p+1)
		}
	}
	if start != "" {
		fmt.Fprintf(&b, "\n  at the start:%s", start)
	}
	b.WriteString("\n")
	return b.String()
}

func (g *Game) poolText() string {
	var parts []string
	for c := Color(0); c < NumColors; c++ {
		parts = append(parts, fmt.Sprintf("%s %d", c, g.Pool[c]))
	}
	return strings.Join(parts, ", ")
}

func (g *Game) diceText(p int) string {
	var parts []string
	for c := Color(0); c < NumColors; c++ {
		for v := 1; v <= 6; v++ {
			for k := 0; k < int(g.P[p].Dice[c][v]); k++ {
				parts = append(parts, fmt.Sprintf("%s-%d", c, v))
			}
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, " ")
}

func (g *Game) renderPlayer(b *strings.Builder, p int) {
	pl := &g.P[p]
	side := "basic"
	if pl.Navaratnas {
		side = "Navaratnas"
	}
	fmt.Fprintf(b, "%s (%s side)  fame %d  money %d (beside fame %d, gap %+d)  Karma %d  workers %d/%d  boat %d\n",
		SeatName(p), side, pl.Fame, pl.Money, g.d.Facing[pl.Money], g.FameMoneyGap(p), pl.Karma, pl.Active-pl.Placed, pl.Active, pl.Boat)
	fmt.Fprintf(b, "  dice (%d/%d): %s\n", pl.Dice.Count(), g.KaliCapacity(p), g.diceText(p))
	var lv []string
	for bd := Building(0); bd < NumBuildings; bd++ {
		lv = append(lv, fmt.Sprintf("%s %d", bd, pl.Levels[bd]))
	}
	fmt.Fprintf(b, "  buildings: %s\n", strings.Join(lv, ", "))
	var sites []string
	for i := range g.sites(p) {
		s := &g.sites(p)[i]
		st := pl.Sites[s.Index]
		txt := s.ID + " "
		switch {
		case st.Prod >= 0:
			txt += g.d.Prod[st.Prod].ID + " (" + EffectsText(g.d.Prod[st.Prod].Effects) + ")"
		case len(s.Effects) > 0:
			txt += EffectsText(s.Effects)
		default:
			txt += "[" + s.Slot.String() + " slot]"
		}
		if st.Collected {
			txt += " *"
		}
		sites = append(sites, txt)
	}
	fmt.Fprintf(b, "  productions (* received): %s\n", strings.Join(sites, "; "))
	for _, line := range strings.Split(strings.TrimRight(g.RenderProvince(p), "\n"), "\n") {
		b.WriteString("    " + line + "\n")
	}
	b.WriteString("\n")
}

// EffectText describes a benefit briefly.
func EffectText(e Effect) string {
	n := int(e.N)
	colors := func() string {
		var s []string
		for c := Color(0); c < NumColors; c++ {
			for k := 0; k < int(e.Colors[c]); k++ {
				s = append(s, c.String())
			}
		}
		return strings.Join(s, "+")
	}
	switch e.Kind {
	case EffMoney:
		return fmt.Sprintf("%d money", n)
	case EffFame:
		return fmt.Sprintf("%d fame", n)
	case EffKarma:
		return fmt.Sprintf("%d Karma", n)
	case EffDice:
		if n == 1 {
			return "1 die"
		}
		return fmt.Sprintf("%d dice", n)
	case EffDiceOf:
		return "dice " + colors()
	case EffKarmaDice:
		return colors() + " die per Karma"
	case EffKarmaDiceAny:
		return "a die per Karma"
	case EffUpgrade:
		return "upgrade"
	case EffBoat:
		return "boat move"
	case EffBoatUpTo:
		return fmt.Sprintf("boat up to %d", n)
	case EffPalace:
		var r []string
		for k := Dancer; k < NumRooms; k++ {
			if e.Rooms&(1<<k) != 0 {
				r = append(r, k.String())
			}
		}
		return "free " + strings.Join(r, "/")
	case EffMarketAssorted:
		return "assorted market"
	case EffMarketOne:
		if n == 1 {
			return "1 market of a good"
		}
		return fmt.Sprintf("%d markets of a good", n)
	case EffMoneyPerMarket:
		return fmt.Sprintf("%d money per market", n)
	case EffFamePerUpgrade:
		return fmt.Sprintf("%d fame per upgrade", n)
	case EffMoneyPerUpgrade:
		return fmt.Sprintf("%d money per upgrade", n)
	case EffFamePerKarma:
		return fmt.Sprintf("%d fame per Karma", n)
	case EffFamePerMarketTile:
		return fmt.Sprintf("%d fame per market tile", n)
	case EffFamePerRiver:
		return fmt.Sprintf("%d fame per %d river spaces", n, e.Per)
	case EffMoneyPerBuilding:
		return fmt.Sprintf("%d money per building", n)
	case EffMoneyPerProdTile:
		return fmt.Sprintf("%d money per joined production tile", n)
	case EffFamePerCurve:
		return fmt.Sprintf("%d fame per curve", n)
	case EffFamePerWorker:
		return fmt.Sprintf("%d fame per worker", n)
	}
	return "?"
}

// EffectsText is effects joined as they read: "2 money + boat move".
func EffectsText(effs []Effect) string {
	var s []string
	for _, e := range effs {
		s = append(s, EffectText(e))
	}
	return strings.Join(s, " + ")
}
