package i18n

import (
	"reflect"
	"sync"
)

// Text marks a string field of a view as engine text to translate (a card
// title, a tile's effect); ids and names of things stay plain strings.
type Text string

var textType = reflect.TypeFor[Text]()

// Localized returns a copy of v with every Text in it — in fields,
// slices, arrays, maps and through pointers — translated by c. Values that
// hold no Text are shared, not copied. A nil catalog returns v.
func Localized(v any, c *Catalog) any {
	if c == nil || v == nil {
		return v
	}
	rv := reflect.ValueOf(v)
	if !holdsText(rv.Type()) {
		return v
	}
	return localize(rv, c.T).Interface()
}

// localize returns a copy of v (whose type holds Text) with every Text
// replaced by tr of it.
func localize(v reflect.Value, tr func(string) string) reflect.Value {
	t := v.Type()
	switch t.Kind() {
	case reflect.String:
		if t == textType {
			return reflect.ValueOf(Text(tr(v.String())))
		}
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		p := reflect.New(t.Elem())
		p.Elem().Set(localize(v.Elem(), tr))
		return p
	case reflect.Struct:
		out := reflect.New(t).Elem()
		out.Set(v)
		for i := range t.NumField() {
			f := t.Field(i)
			if f.IsExported() && holdsText(f.Type) {
				out.Field(i).Set(localize(v.Field(i), tr))
			}
		}
		return out
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeSlice(t, v.Len(), v.Len())
		for i := range v.Len() {
			out.Index(i).Set(localize(v.Index(i), tr))
		}
		return out
	case reflect.Array:
		out := reflect.New(t).Elem()
		for i := range v.Len() {
			out.Index(i).Set(localize(v.Index(i), tr))
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeMapWithSize(t, v.Len())
		for it := v.MapRange(); it.Next(); {
			out.SetMapIndex(it.Key(), localize(it.Value(), tr))
		}
		return out
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		inner := v.Elem()
		if !holdsText(inner.Type()) {
			return v
		}
		out := reflect.New(t).Elem()
		out.Set(localize(inner, tr))
		return out
	}
	return v
}

// Texts lists every Text in v, for tests that prove a catalog covers a
// view.
func Texts(v any) []string {
	var out []string
	if v != nil && holdsText(reflect.TypeOf(v)) {
		localize(reflect.ValueOf(v), func(s string) string { out = append(out, s); return s })
	}
	return out
}

var textTypes sync.Map // reflect.Type → bool, final answers only

// holdsText reports whether a value of type t can contain a Text. An
// interface may hold anything, so it counts.
func holdsText(t reflect.Type) bool {
	if r, ok := textTypes.Load(t); ok {
		return r.(bool)
	}
	r := holdsTextIn(t, map[reflect.Type]bool{})
	textTypes.Store(t, r)
	return r
}

// holdsTextIn is holdsText for a type met while visiting: a type already
// being visited (a recursive type) adds nothing new, so it counts as false
// there, and such partial answers are never stored.
func holdsTextIn(t reflect.Type, visiting map[reflect.Type]bool) bool {
	if r, ok := textTypes.Load(t); ok {
		return r.(bool)
	}
	if visiting[t] {
		return false
	}
	visiting[t] = true
	switch t.Kind() {
	case reflect.String:
		return t == textType
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return holdsTextIn(t.Elem(), visiting)
	case reflect.Interface:
		return true
	case reflect.Struct:
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() && holdsTextIn(f.Type, visiting) {
				return true
			}
		}
	}
	return false
}
