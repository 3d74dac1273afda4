package gandhi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
)

// Card is an Event card (1..72) or a Campaign card carrying a Viceroy.
type Card struct {
	Number     int
	Title      string
	Year       int
	Flavour    string
	Order      [NumFactions]Faction // faction icons left to right (2.3.2)
	Critical   []Faction            // Non-Player Critical Event for these (8.8.1)
	Halo       []Faction            // these use the unshaded text as Non-Player (8.8.2)
	Unshaded   string
	Shaded     string
	Campaign   bool
	Viceroy    Viceroy
	Years      string
	Capability string
}

// Viceroy identifies the Campaign card's capability (2.5).
type Viceroy int

const (
	NoViceroy Viceroy = iota
	Chelmsford
	Reading
	Irwin
	Willingdon
	Linlithgow
	Wavell
	Mountbatten
)

var viceroyIDs = []string{"", "chelmsford", "reading", "irwin", "willingdon", "linlithgow", "wavell", "mountbatten"}

func (v Viceroy) String() string { return viceroyIDs[v] }

// Deck is the validated card set.
type Deck struct {
	Cards   map[int]*Card
	Effects map[int]eventImpl // Event programs by card number
	Events  []int             // event numbers ascending
	Camps   []int             // campaign numbers ascending
	byNum   []*Card           // Cards by number, for the hot lookups (card)
}

// card is Cards[n] through a slice built at load (a Deck built by hand,
// without one, falls back to the map).
func (d *Deck) card(n int) *Card {
	if n >= 0 && n < len(d.byNum) {
		return d.byNum[n]
	}
	return d.Cards[n]
}

type cardFile struct {
	Comment string `json:"comment"`
	Events  []struct {
		Number   int      `json:"number"`
		Title    string   `json:"title"`
		Year     int      `json:"year"`
		Flavour  string   `json:"flavour"`
		Order    []string `json:"order"`
		Critical []string `json:"critical"`
		Halo     []string `json:"halo"`
		Unshaded string   `json:"unshaded"`
		Shaded   string   `json:"shaded"`
	} `json:"events"`
	Campaigns []struct {
		Number     int    `json:"number"`
		Viceroy    string `json:"viceroy"`
		Title      string `json:"title"`
		Years      string `json:"years"`
		Flavour    string `json:"flavour"`
		Capability string `json:"capability"`
	} `json:"campaigns"`
}

type effectsFile struct {
	Comment string               `json:"comment"`
	Cards   map[string]eventImpl `json:"cards"`
}

// LoadEffects adds Event programs from an effects file to the deck,
// validating every step; a card must have both sides.
func (d *Deck) LoadEffects(name string, data []byte) error {
	var f effectsFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return fmt.Errorf("effects %s: %w", name, err)
	}
	var errs []string
	for k, e := range f.Cards {
		var n int
		if _, err := fmt.Sscanf(k, "%d", &n); err != nil {
			errs = append(errs, fmt.Sprintf("card key %q is not a number", k))
			continue
		}
		c, ok := d.Cards[n]
		switch {
		case !ok || c.Campaign:
			errs = append(errs, fmt.Sprintf("card %d is not an Event card", n))
		case len(e.Unshaded) == 0 || len(e.Shaded) == 0:
			errs = append(errs, fmt.Sprintf("card %d needs both an unshaded and a shaded program", n))
		}
		if _, dup := d.Effects[n]; dup {
			errs = append(errs, fmt.Sprintf("card %d has effects in two files", n))
		}
		errs = append(errs, validateProgram(n, "unshaded", e.Unshaded)...)
		errs = append(errs, validateProgram(n, "shaded", e.Shaded)...)
		for _, prog := range [][]EvStep{e.Unshaded, e.Shaded} {
			for k := range prog {
				prog[k].pieces = prog[k].parsePieces() // once, at load
			}
		}
		d.Effects[n] = e
	}
	if len(errs) > 0 {
		sort.Strings(errs)
		return fmt.Errorf("effects %s are invalid:\n  %s", name, joinLines(errs))
	}
	return nil
}

// LoadDeck parses and validates the card file.
func LoadDeck(data []byte) (*Deck, error) {
	var f cardFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("card data: %w", err)
	}
	d := &Deck{Cards: map[int]*Card{}, Effects: map[int]eventImpl{}}
	var errs []string
	bad := func(format string, a ...any) { errs = append(errs, fmt.Sprintf(format, a...)) }
	factions := func(num int, what string, ids []string) []Faction {
		var out []Faction
		for _, id := range ids {
			fa, ok := ParseFaction(id)
			if !ok {
				bad("card %d: %s names unknown faction %q", num, what, id)
				continue
			}
			out = append(out, fa)
		}
		return out
	}
	for _, e := range f.Events {
		if e.Number < 1 {
			bad("event card number %d must be positive", e.Number)
		}
		if _, dup := d.Cards[e.Number]; dup {
			bad("card %d defined twice", e.Number)
		}
		c := &Card{Number: e.Number, Title: e.Title, Year: e.Year, Flavour: e.Flavour, Unshaded: e.Unshaded, Shaded: e.Shaded}
		if e.Title == "" {
			bad("card %d has no title", e.Number)
		}
		order := factions(e.Number, "order", e.Order)
		seen := map[Faction]bool{}
		for _, o := range order {
			seen[o] = true
		}
		if len(order) != int(NumFactions) || len(seen) != int(NumFactions) {
			bad("card %d: order must list each of the four factions once (2.3.2)", e.Number)
		} else {
			copy(c.Order[:], order)
		}
		c.Critical = factions(e.Number, "critical", e.Critical)
		c.Halo = factions(e.Number, "halo", e.Halo)
		d.Cards[c.Number] = c
		d.Events = append(d.Events, c.Number)
	}
	for _, cp := range f.Campaigns {
		if _, dup := d.Cards[cp.Number]; dup {
			bad("card %d defined twice", cp.Number)
		}
		v := NoViceroy
		for i, id := range viceroyIDs {
			if id == cp.Viceroy && i > 0 {
				v = Viceroy(i)
			}
		}
		if v == NoViceroy {
			bad("campaign card %d: unknown viceroy %q", cp.Number, cp.Viceroy)
		}
		d.Cards[cp.Number] = &Card{Number: cp.Number, Title: cp.Title, Flavour: cp.Flavour, Campaign: true, Viceroy: v, Years: cp.Years, Capability: cp.Capability}
		d.Camps = append(d.Camps, cp.Number)
	}
	if len(d.Camps) != 7 {
		bad("the deck needs the 7 Campaign cards (2.4), found %d", len(d.Camps))
	}
	if len(d.Events) < 48 {
		bad("the deck needs at least 48 Event cards to build any scenario, found %d", len(d.Events))
	}
	if len(errs) > 0 {
		sort.Strings(errs)
		return nil, fmt.Errorf("card data is invalid:\n  %s", joinLines(errs))
	}
	sort.Ints(d.Events)
	sort.Ints(d.Camps)
	if n := slices.Max(append(slices.Clone(d.Events), d.Camps...)); n < 1<<12 {
		d.byNum = make([]*Card, n+1)
		for k, c := range d.Cards {
			d.byNum[k] = c
		}
	}
	return d, nil
}
