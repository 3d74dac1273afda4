package gandhiplug

import (
	"io/fs"
	"strings"
	"testing"

	"durbar/gandhi"
	"durbar/plug/plugtest"
	"durbar/web"
)

// glossary pairs the board drawing's own strings (gandhi.js) with the game
// term each names, in English as the engine writes it: the catalogs
// translate that term as the rulebooks do, and the page must say the same.
var glossary = map[string]string{
	"gandhi.faction.raj": "British Raj", "gandhi.faction.congress": "Congress", "gandhi.faction.league": "Muslim League",
	"gandhi.faction.rev": "Revolutionaries", "gandhi.seat.raj": "British Raj", "gandhi.seat.congress": "Congress",
	"gandhi.seat.league": "Muslim League", "gandhi.seat.rev": "Revolutionaries",
	"gandhi.piece.troop": "Troop", "gandhi.piece.sepoy": "Sepoy", "gandhi.piece.congress": "Congress Activist",
	"gandhi.piece.league": "Muslim League Activist", "gandhi.piece.guerrilla": "Underground Guerrilla",
	"gandhi.piece.active-guerrilla": "Active Guerrilla", "gandhi.piece.league-base": "Muslim League Base",
	"gandhi.piece.rev-base": "Revolutionaries Base",
	"gandhi.type.city":      "City", "gandhi.type.province": "Province", "gandhi.type.state": "Princely State", "gandhi.type.railway": "Railway",
	"gandhi.support.active-support": "Active Support", "gandhi.support.passive-support": "Passive Support",
	"gandhi.support.neutral": "Neutral", "gandhi.support.passive-opposition": "Passive Opposition",
	"gandhi.support.active-opposition": "Active Opposition",
	"gandhi.control":                   "Raj Control", "gandhi.protest": "Protest", "gandhi.strike": "Strike", "gandhi.unrest": "Unrest",
	"gandhi.muslimState": "Muslim State", "gandhi.tracks": "Tracks", "gandhi.restraint": "Restraint", "gandhi.unity": "Unity",
	"gandhi.resources": "Resources", "gandhi.viceroy": "Viceroy", "gandhi.np": "Non-Player", "gandhi.eligible": "Eligible",
	"gandhi.ineligible": "Ineligible", "gandhi.available": "Available", "gandhi.outOfPlay": "Out of Play", "gandhi.jail": "Jail",
	"gandhi.computer.np": "Non-Player (Arjuna, rules 8)",
}

// variants are words for a glossary term that the rulebooks do not use,
// which no string of the page may hold.
var variants = map[string][]string{
	"es": {"Contención", "Cárcel", "cárcel", "Guerrillero", "principesco", "No jugador", "Marcadores:"},
	"it": {"Idonea", "idonea", "Sostegno", "principesco", "Non giocante", "Non giocatore", "Non-Giocatore"},
}

// TestGlossary: every game term the board drawing names is, in Spanish and
// Italian, the word the game's catalogs use for it (the rulebooks' word,
// with their capitals), and no string of the drawing holds a word the
// rulebooks do not use for a term.
func TestGlossary(t *testing.T) {
	cats, err := gandhi.Translations()
	if err != nil {
		t.Fatal(err)
	}
	src, err := fs.ReadFile(web.Static(), "gandhi.js")
	if err != nil {
		t.Fatal(err)
	}
	page := plugtest.PageStrings(string(src))
	for _, lang := range []string{"es", "it"} {
		for key, term := range glossary {
			want, ok := cats[lang].Translate(term)
			if !ok {
				t.Errorf("%s: the catalog lacks the term %q", lang, term)
				continue
			}
			if got := page[lang][key]; got != want {
				t.Errorf("%s: %s is %q on the page but %q (%s) in the catalog", lang, key, got, want, term)
			}
		}
		for key, s := range page[lang] {
			for _, v := range variants[lang] {
				if strings.Contains(s, v) {
					t.Errorf("%s: %s %q says %q, a word the rulebook does not use", lang, key, s, v)
				}
			}
		}
	}
}
