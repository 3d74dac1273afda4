package rajas

import (
	"fmt"
	"strings"
)

// Names as players say them, for prompts, option labels and the log: the
// ids ("palace:balcony-blue", "orange-3b", "r2c3", "white-karma") are for
// saves and option ids, never for reading.

// spaceName is an action space of the main board: "the blue balcony".
func spaceName(sp *Space) string {
	switch sp.Kind {
	case KindQuarry:
		return "the quarry"
	case KindAssorted:
		return "the assorted market"
	case KindSingle:
		return fmt.Sprintf("the %s market", sp.Good)
	case KindOuter:
		return "the outer terrace"
	case KindTerrace:
		return fmt.Sprintf("the %s terrace", sp.Gain)
	case KindBalcony:
		return fmt.Sprintf("the %s balcony", sp.Gain)
	case KindRoom:
		return "the " + roomNames[sp.Room]
	case KindHarbour:
		return "the harbour"
	}
	return sp.ID
}

// tileName is a province tile by colour, cost and contents:
// "orange 3 (temple, silk 2)"; tileLabel adds its roads as printed, for
// choosing a tile to buy: "orange 3 (temple, silk 2; roads NE)".
func tileName(t *Tile) string {
	return fmt.Sprintf("%s %d (%s)", t.Color, t.Cost, tileContents(t))
}

func tileLabel(t *Tile) string {
	return fmt.Sprintf("%s %d (%s; roads %s)", t.Color, t.Cost, tileContents(t), RoadText(t.Roads))
}

func tileContents(t *Tile) string {
	var parts []string
	for _, b := range t.Buildings {
		parts = append(parts, b.String())
	}
	for _, m := range t.Markets {
		parts = append(parts, fmt.Sprintf("%s %d", m.Good, m.Value))
	}
	return strings.Join(parts, ", ")
}

// cellName is a cell of the province board, counted from 1 as a player
// would: "row 2, column 3".
func cellName(pr *Province, c int) string {
	return fmt.Sprintf("row %d, column %d", c/pr.Cols+1, c%pr.Cols+1)
}

var sideNames = [4]string{"north", "east", "south", "west"}

// siteName is a production site on a cell's edge: "the east edge of row
// 2, column 3".
func siteName(pr *Province, s *Site) string {
	return fmt.Sprintf("the %s edge of %s", sideNames[s.Side], cellName(pr, s.Cell))
}

// prodName is a production tile by colour and effect: "the white
// production tile (1 Karma)".
func prodName(t *ProdTile) string {
	return fmt.Sprintf("the %s production tile (%s)", t.Color, EffectsText(t.Effects))
}

// aColor is a colour with its indefinite article: "an orange", "a blue".
func aColor(c Color) string {
	if s := c.String(); strings.ContainsAny(s[:1], "aeiou") {
		return "an " + s
	}
	return "a " + c.String()
}
