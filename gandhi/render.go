package gandhi

import (
	"fmt"
	"strings"
	"text/tabwriter"
)

// Plain-text board display for terminals and `durbar show`. It reads the
// state only; nothing here is part of the rules.

// renderPieceNames are short display names, indexed by Piece, so that a
// space's contents fit on one table row.
var renderPieceNames = [NumPieces]string{"Troop", "Sepoy", "Congress", "League", "Underground Guerrilla", "Active Guerrilla", "League Base", "Rev Base"}

// Threshold is the total a faction must exceed to win a victory check (7.2).
func Threshold(f Faction) int { return thresholds[f] }

// Render draws the tracks, the cards, every non-empty space and the off-map
// boxes.
func (g *Game) Render() string {
	var b strings.Builder
	if g.Over {
		fmt.Fprintf(&b, "GAME OVER (%s). Ranking: %s\n\n", g.Reason, renderFactions(g.Result, ", "))
	}
	g.renderTracks(&b)
	g.renderCards(&b)
	b.WriteString("\n")
	g.renderSpaces(&b)
	b.WriteString("\n")
	g.renderBoxes(&b)
	return b.String()
}

func (g *Game) renderTracks(b *strings.Builder) {
	crisis := "no"
	if g.crisis() {
		crisis = "YES"
	}
	inBoxes := 0
	for _, full := range g.Protests {
		if full {
			inBoxes++
		}
	}
	fmt.Fprintf(b, "Restraint %d   Unity %d   Crisis: %s   Protest markers: %d off-map, %d Available for Operations\n",
		g.Restraint, g.Unity, crisis, inBoxes, g.ProtestsAvailableForOps())
	fmt.Fprintf(b, "Resources  Raj %d   Revolutionaries %d\n", g.Resources[Raj], g.Resources[Rev])
	b.WriteString("Victory   ")
	for f := Faction(0); f < NumFactions; f++ {
		fmt.Fprintf(b, " %s %d/%d (%+d)", f.ID(), g.VP[f], thresholds[f], g.Margin(f))
	}
	b.WriteString("\n")
}

func (g *Game) renderCards(b *strings.Builder) {
	fmt.Fprintf(b, "Current   %s\n", g.renderCard(g.Current))
	fmt.Fprintf(b, "Upcoming  %s\n", g.renderCard(g.Upcoming))
	vic := "none"
	if c, ok := g.deck.Cards[g.Viceroy]; ok {
		vic = fmt.Sprintf("%s (card %d, %s)", c.Title, c.Number, c.Viceroy)
	}
	fmt.Fprintf(b, "Viceroy   %s\n", vic)
	fmt.Fprintf(b, "Deck      %d cards to draw, %d Campaign cards among them\n", len(g.Draw), g.renderCampaignsLeft())
	var el, inel []Faction
	for f := Faction(0); f < NumFactions; f++ {
		if g.Eligible[f] {
			el = append(el, f)
		} else {
			inel = append(inel, f)
		}
	}
	fmt.Fprintf(b, "Eligible  %s   Ineligible: %s\n", renderFactions(el, ", "), renderFactions(inel, ", "))
}

// renderCampaignsLeft counts Campaign cards in the draw pile like
// CampaignsLeft, but tolerates numbers missing from the deck, which a
// position file may still contain (card 0 passes loadPosition).
func (g *Game) renderCampaignsLeft() int {
	n := 0
	for _, c := range g.Draw {
		if card, ok := g.deck.Cards[c]; ok && card.Campaign {
			n++
		}
	}
	return n
}

// renderCard gives a card's number, title, date and faction order.
func (g *Game) renderCard(n int) string {
	c, ok := g.deck.Cards[n]
	if !ok {
		return "none"
	}
	if c.Campaign {
		return fmt.Sprintf("%d Campaign: %s (%s)", c.Number, c.Title, c.Years)
	}
	return fmt.Sprintf("%d %s (%d)  order: %s", c.Number, c.Title, c.Year, renderFactions(c.Order[:], " > "))
}

func renderFactions(fs []Faction, sep string) string {
	if len(fs) == 0 {
		return "none"
	}
	s := make([]string, len(fs))
	for i, f := range fs {
		s[i] = f.String()
	}
	return strings.Join(s, sep)
}

func (g *Game) renderSpaces(b *strings.Builder) {
	w := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "SPACE\tTYPE\tPOP\tMUSLIM\tSUPPORT\tCONTROL\tPIECES\tMARKERS")
	for i := range g.Sp {
		if !g.renderNonEmpty(i) {
			continue
		}
		sp := g.space(i)
		muslim, control, pop := "", "", "-"
		if sp.Muslim {
			muslim = "M"
		}
		if g.Sp[i].Control {
			control = "Raj"
		}
		if sp.Type != Railway {
			pop = fmt.Sprint(sp.Pop)
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", sp.Name, sp.Type, pop, muslim,
			renderSupport(int(g.Sp[i].Support), sp.Type), control, g.renderPieces(i), g.renderMarkers(i))
	}
	w.Flush()
}

func (g *Game) renderNonEmpty(i int) bool {
	s := &g.Sp[i]
	return s.P != [NumPieces]int16{} || s.Protest || s.Strike || s.MuslimState || int(s.Unrest) > 0 ||
		int(s.Support) != 0 || s.Control || g.Gandhi == i
}

func renderSupport(level int, t SpaceType) string {
	if t == Railway {
		return "-" // Railways have no Support (1.3.6)
	}
	return SupportName(level)
}

func (g *Game) renderPieces(i int) string {
	var parts []string
	if g.Gandhi == i {
		parts = append(parts, "GANDHI")
	}
	for pc, n := range g.Sp[i].P {
		if n > 0 {
			s := fmt.Sprintf("%d %s", n, renderPieceNames[pc])
			if (Piece(pc) == CongAct || Piece(pc) == LeagueAct) && g.activistsActive(i) {
				s += " (Active)" // 1.4.3: Activists are Active in Protest spaces and on Railways
			}
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, ", ")
}

func (g *Game) renderMarkers(i int) string {
	s := &g.Sp[i]
	var parts []string
	if s.Protest {
		parts = append(parts, "Protest")
	}
	if s.Strike {
		parts = append(parts, "Strike")
	}
	if int(s.Unrest) > 0 {
		parts = append(parts, fmt.Sprintf("Unrest %d", int(s.Unrest)))
	}
	if s.MuslimState {
		parts = append(parts, "Muslim State")
	}
	return strings.Join(parts, ", ")
}

func (g *Game) renderBoxes(b *strings.Builder) {
	fmt.Fprintf(b, "Available    %s\n", renderBox(g.Avail))
	fmt.Fprintf(b, "Out of Play  %s\n", renderBox(g.OOP))
	fmt.Fprintf(b, "Jail         %d Congress, %d League\n", g.Jail[0], g.Jail[1])
	switch {
	case g.Gandhi == GandhiInJail:
		b.WriteString("Gandhi       in Jail\n")
	case g.Gandhi == GandhiUnplaced:
		b.WriteString("Gandhi       not yet placed\n")
	case g.Gandhi >= 0 && g.Gandhi < len(g.m.Spaces):
		fmt.Fprintf(b, "Gandhi       in %s\n", g.space(g.Gandhi).Name)
	}
}

// renderBox lists the non-zero piece counts of an off-map box. Active
// Guerrillas never sit off the map, so their pool is skipped.
func renderBox(box [NumPieces]int) string {
	var parts []string
	for pc, n := range box {
		if n > 0 && Piece(pc) != GuerA {
			name := renderPieceNames[pc]
			if Piece(pc) == GuerU {
				name = "Guerrilla" // off the map a Guerrilla has no side showing
			}
			parts = append(parts, fmt.Sprintf("%d %s", n, name))
		}
	}
	if len(parts) == 0 {
		return "empty"
	}
	return strings.Join(parts, ", ")
}
