package greatgameplug

import (
	"testing"

	"durbar/greatgame"
	"durbar/plug/plugtest"
)

// glossary pairs the board drawing's own strings (greatgame.js) with the
// game term each names, in English as the engine writes it: the catalogs
// translate that term as the rulebooks do (the Spanish Asia Crossroads
// rulebook: eventos casuales, aprovisionamiento, Balance de Potencias), and
// the page must say the same.
var glossary = map[string]string{
	"greatgame.phase.set-up": "set-up", "greatgame.phase.start-of-the-turn": "start of the turn",
	"greatgame.phase.initiative": "initiative", "greatgame.phase.random-events": "random events",
	"greatgame.phase.income-and-spending": "income and spending", "greatgame.phase.movement": "movement",
	"greatgame.phase.negotiations": "negotiations", "greatgame.phase.belligerence": "belligerence",
	"greatgame.phase.combat": "combat", "greatgame.phase.end-of-combat": "end of combat",
	"greatgame.phase.supply": "supply", "greatgame.phase.balance-of-power": "balance of power",
	"greatgame.phase.end-of-the-turn": "end of the turn",
	"greatgame.bop":                   "Balance of Power", "greatgame.marker.colony": "colony", "greatgame.marker.fort": "fort",
	"greatgame.marker.trading-post": "trading-post", "greatgame.marker.railway": "railway",
	"greatgame.markers": "civilization markers", "greatgame.sp": "supply points",
}

// variants are words the rulebooks do not use for a glossary term, which
// no string of the page may hold.
var variants = map[string][]string{
	"es": {"aleatori", "Casilla", "casilla", "pila ", "pilas", "equilibrio de poder", "Equilibrio", "suministro'"},
	"it": {"rendita", "pedina/e", "Bilancia"},
}

// TestGlossary: every game term the board drawing names is, in Spanish and
// Italian, the catalogs' word for it, and no string of the drawing holds a
// word the rulebooks do not use for a term.
func TestGlossary(t *testing.T) {
	cats, err := greatgame.Translations()
	if err != nil {
		t.Fatal(err)
	}
	plugtest.Glossary(t, cats, "greatgame.js", glossary, variants)
}
