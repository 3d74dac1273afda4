package rajasplug

import (
	"testing"

	"durbar/plug/plugtest"
	"durbar/rajas"
)

// glossary pairs the board drawing's own strings (rajas.js) with the game
// term each names, in English as the engine writes it: the catalogs
// translate that term in the rulebook's words, and the page must say the
// same.
var glossary = map[string]string{
	"rajas.color.orange": "orange", "rajas.color.blue": "blue", "rajas.color.green": "green", "rajas.color.purple": "purple",
	"rajas.color.white": "white", "rajas.color.yellow": "yellow", "rajas.color.red": "red", "rajas.color.brown": "brown",
	"rajas.good.silk": "silk", "rajas.good.tea": "tea", "rajas.good.spice": "spice",
	"rajas.b.temple": "temple", "rajas.b.palace": "palace", "rajas.b.fortress": "fortress", "rajas.b.mill": "mill",
	"rajas.room.mogul": "Great Mogul", "rajas.room.dancer": "Dancer", "rajas.room.yogi": "Yogi", "rajas.room.raja": "Raja Man Singh",
	"rajas.room.builder": "Master Builder", "rajas.room.portuguese": "Portuguese",
	"rajas.karma": "Karma", "rajas.fx.upgrade": "upgrade", "rajas.fx.boat": "boat move",
}

// variants are words for a glossary term that the rulebooks (and the
// catalogs after them) do not use, which no string of the page may hold.
var variants = map[string][]string{
	"es": {"producto", "casilla", "morad", "Mogol", "púrpura", "rupia"},
	"it": {"Mogul", "prodott", "porpora", "rupi"},
}

// TestGlossary: every game term the board drawing names is, in Spanish and
// Italian, the catalogs' word for it, and no string of the drawing holds a
// word the rulebooks do not use for a term.
func TestGlossary(t *testing.T) {
	cats, err := rajas.Translations()
	if err != nil {
		t.Fatal(err)
	}
	plugtest.Glossary(t, cats, "rajas.js", glossary, variants)
}
