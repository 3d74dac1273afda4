package greatgame

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Levers for balance studies: an edition with one or more of its
// components switched off, to measure how much each weighs in a scenario
// (docs/greatgame.md, "Balance of this edition"). A lever is
//
//	city:ID    the city pays and scores nothing (its Income Table value is 0;
//	           it stays a city for control, negotiation and supply)
//	event:ID   the event is no event wherever the Random Events Table names it
//	unit:TYPE  no counter of that type can be bought (the set-ups keep theirs)
//
// The edition's files are edited and loaded again, so the result is
// validated like any edition.

// Levers lists every lever of an edition: each city, each event of the
// Random Events Table (but "no event") and each unit type that can be bought.
func (d *Data) Levers() []string {
	var out []string
	for _, c := range d.Map.Cities {
		out = append(out, "city:"+c.ID)
	}
	for _, e := range d.Charts.Events.List {
		if e.ID != noEventID {
			out = append(out, "event:"+e.ID)
		}
	}
	for _, u := range d.Charts.Expenses.Units {
		if u.Recruitable == nil || *u.Recruitable {
			out = append(out, "unit:"+u.Type)
		}
	}
	return out
}

// noEventID is the Random Events Table's blank entry.
const noEventID = "no-event"

// Without returns the edition's files with the levers switched off; an
// unknown lever is an error naming it.
func Without(f Files, levers []string) (Files, error) {
	if len(levers) == 0 {
		return f, nil
	}
	var charts map[string]any
	dec := json.NewDecoder(bytes.NewReader(f.Charts))
	dec.UseNumber()
	if err := dec.Decode(&charts); err != nil {
		return Files{}, fmt.Errorf("charts.json: %w", err)
	}
	cities, err := jsonIDs(f.Map, "cities", "id")
	if err != nil {
		return Files{}, fmt.Errorf("map.json: %w", err)
	}
	for _, l := range levers {
		kind, id, _ := strings.Cut(strings.TrimSpace(l), ":")
		var err error
		switch kind {
		case "city":
			if !slices.Contains(cities, id) {
				return Files{}, fmt.Errorf("lever %q: no city %q in the map", l, id)
			}
			err = leverCity(charts, id)
		case "event":
			err = leverEvent(charts, id)
		case "unit":
			err = leverUnit(charts, id)
		default:
			return Files{}, fmt.Errorf("lever %q: not city:ID, event:ID or unit:TYPE", l)
		}
		if err != nil {
			return Files{}, fmt.Errorf("lever %q: %w", l, err)
		}
	}
	b, err := json.Marshal(charts)
	if err != nil {
		return Files{}, err
	}
	f.Charts = b
	return f, nil
}

// jsonIDs lists the id field of the objects of a top-level array.
func jsonIDs(file []byte, array, field string) ([]string, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(file, &top); err != nil {
		return nil, err
	}
	var items []map[string]any
	if err := json.Unmarshal(top[array], &items); err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(items))
	for _, it := range items {
		if s, ok := it[field].(string); ok {
			ids = append(ids, s)
		}
	}
	return ids, nil
}

// jsonPath walks objects by key; nil when a step is missing or not an object.
func jsonPath(v any, keys ...string) map[string]any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	m, _ := v.(map[string]any)
	return m
}

// leverCity gives the city a named Income Table value of 0.
func leverCity(charts map[string]any, id string) error {
	c := jsonPath(charts, "income", "cities")
	if c == nil {
		return fmt.Errorf("charts.json has no income.cities")
	}
	named, _ := c["named"].([]any)
	for _, n := range named {
		if m, ok := n.(map[string]any); ok && m["city"] == id {
			m["pounds"] = 0
			return nil
		}
	}
	c["named"] = append(named, map[string]any{"city": id, "pounds": 0})
	return nil
}

// leverEvent puts "no event" wherever the event stands in a column.
func leverEvent(charts map[string]any, id string) error {
	ev := jsonPath(charts, "events")
	cols := jsonPath(ev, "columns")
	if cols == nil {
		return fmt.Errorf("charts.json has no events.columns")
	}
	if id == noEventID {
		return fmt.Errorf("%q is already no event", id)
	}
	found := false
	for _, list := range cols {
		l, _ := list.([]any)
		for i, e := range l {
			if e == id {
				l[i], found = noEventID, true
			}
		}
	}
	if !found {
		return fmt.Errorf("no event %q in the Random Events Table", id)
	}
	list, _ := ev["list"].([]any)
	if !slices.ContainsFunc(list, func(e any) bool { m, _ := e.(map[string]any); return m != nil && m["id"] == noEventID }) {
		ev["list"] = append(list, map[string]any{"id": noEventID, "name": "No event", "side": "both", "params": map[string]any{}})
	}
	return nil
}

// leverUnit makes a unit type not recruitable.
func leverUnit(charts map[string]any, typ string) error {
	units, _ := jsonPath(charts, "expenses")["units"].([]any)
	for _, u := range units {
		if m, ok := u.(map[string]any); ok && m["type"] == typ {
			if r, ok := m["recruitable"].(bool); ok && !r {
				return fmt.Errorf("unit type %q cannot be bought anyway", typ)
			}
			m["recruitable"] = false
			return nil
		}
	}
	return fmt.Errorf("no unit type %q in the Expenses Table", typ)
}
