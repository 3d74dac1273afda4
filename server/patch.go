package server

import (
	"bytes"
)

// mergePatch is the JSON merge patch (RFC 7386) that turns the encoded
// object a into the encoded object b: b's members that differ from a's
// (objects patched member by member, anything else whole) and null for
// a's members b lacks. It reports false when no exact patch exists: when
// either is not an object, or when b holds a null where a differs (a
// merge patch's null removes a member).
//
// a and b are compact JSON as encoding/json writes it (the cached boards),
// which mergePatch splits into members in one pass each, without decoding
// them: a patch costs about as much as reading the two boards once.
func mergePatch(a, b []byte) ([]byte, bool) {
	out := make([]byte, 0, 256)
	out, ok := appendPatch(out, a, b)
	return out, ok
}

// member is one member of an encoded object: its key with its quotes, and
// its value.
type member struct{ key, value []byte }

func appendPatch(out, a, b []byte) ([]byte, bool) {
	am, ok1 := members(a)
	bm, ok2 := members(b)
	if !ok1 || !ok2 {
		return out, false
	}
	// Usually both list the same keys in the same order; else look up.
	same := len(am) == len(bm)
	for i := 0; same && i < len(am); i++ {
		same = bytes.Equal(am[i].key, bm[i].key)
	}
	var index map[string][]byte
	if !same {
		index = make(map[string][]byte, len(am))
		for _, m := range am {
			index[string(m.key)] = m.value
		}
	}
	out = append(out, '{')
	first := true
	add := func(key []byte) {
		if !first {
			out = append(out, ',')
		}
		first = false
		out = append(out, key...)
		out = append(out, ':')
	}
	for i, m := range bm {
		var av []byte
		had := false
		if same {
			av, had = am[i].value, true
		} else {
			av, had = index[string(m.key)]
		}
		if had && bytes.Equal(av, m.value) {
			continue
		}
		if string(m.value) == "null" {
			return out, false
		}
		add(m.key)
		if had && len(av) > 0 && av[0] == '{' && m.value[0] == '{' {
			var ok bool
			if out, ok = appendPatch(out, av, m.value); !ok {
				return out, false
			}
			continue
		}
		out = append(out, m.value...)
	}
	if !same {
		seen := make(map[string]bool, len(bm))
		for _, m := range bm {
			seen[string(m.key)] = true
		}
		for _, m := range am {
			if !seen[string(m.key)] {
				add(m.key)
				out = append(out, "null"...)
			}
		}
	}
	return append(out, '}'), true
}

// members splits a compact encoded object into its members; ok is false
// for anything else.
func members(obj []byte) (list []member, ok bool) {
	if len(obj) < 2 || obj[0] != '{' || obj[len(obj)-1] != '}' {
		return nil, false
	}
	i := 1
	if obj[i] == '}' {
		return nil, i == len(obj)-1
	}
	for {
		if i >= len(obj) || obj[i] != '"' {
			return nil, false
		}
		k := skipString(obj, i)
		if k < 0 || k >= len(obj) || obj[k] != ':' {
			return nil, false
		}
		v := k + 1
		end := skipValue(obj, v)
		if end < 0 || end >= len(obj) {
			return nil, false
		}
		list = append(list, member{key: obj[i:k], value: obj[v:end]})
		switch obj[end] {
		case ',':
			i = end + 1
		case '}':
			return list, end == len(obj)-1
		default:
			return nil, false
		}
	}
}

// skipString returns the index just past the string starting at s[i]
// (a quote), or -1.
func skipString(s []byte, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return -1
}

// skipValue returns the index just past the value starting at s[i], or -1.
func skipValue(s []byte, i int) int {
	if i >= len(s) {
		return -1
	}
	switch s[i] {
	case '"':
		return skipString(s, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(s); j++ {
			switch s[j] {
			case '"':
				if j = skipString(s, j); j < 0 {
					return -1
				}
				j--
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return -1
	}
	// A number, true, false or null: up to the next delimiter.
	for j := i; j < len(s); j++ {
		switch s[j] {
		case ',', '}', ']':
			return j
		}
	}
	return -1
}
