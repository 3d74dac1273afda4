package server

import (
	"bytes"
	"encoding/json"
	"slices"
)

// mergePatch is the JSON merge patch (RFC 7386) that turns the encoded
// object a into the encoded object b: b's members that differ from a's
// (objects patched member by member, anything else whole) and null for
// a's members b lacks. It reports false when no exact patch exists: when
// either is not an object, or when b holds a null where a differs (a
// merge patch's null removes a member).
func mergePatch(a, b []byte) ([]byte, bool) {
	var out bytes.Buffer
	if !appendPatch(&out, a, b) {
		return nil, false
	}
	return out.Bytes(), true
}

func appendPatch(out *bytes.Buffer, a, b []byte) bool {
	var am, bm map[string]json.RawMessage
	if json.Unmarshal(a, &am) != nil || json.Unmarshal(b, &bm) != nil || am == nil || bm == nil {
		return false
	}
	keys := make([]string, 0, len(bm))
	for k := range bm {
		keys = append(keys, k)
	}
	slices.Sort(keys) // the same patch every time
	out.WriteByte('{')
	first := true
	member := func(k string) {
		if !first {
			out.WriteByte(',')
		}
		first = false
		name, _ := json.Marshal(k)
		out.Write(name)
		out.WriteByte(':')
	}
	for _, k := range keys {
		bv := bm[k]
		av, had := am[k]
		if had && bytes.Equal(av, bv) {
			continue
		}
		if string(bv) == "null" {
			return false
		}
		member(k)
		if had && isObject(av) && isObject(bv) {
			if !appendPatch(out, av, bv) {
				return false
			}
			continue
		}
		out.Write(bv)
	}
	gone := make([]string, 0)
	for k := range am {
		if _, ok := bm[k]; !ok {
			gone = append(gone, k)
		}
	}
	slices.Sort(gone)
	for _, k := range gone {
		member(k)
		out.WriteString("null")
	}
	out.WriteByte('}')
	return true
}

func isObject(raw []byte) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) > 0 && raw[0] == '{'
}
