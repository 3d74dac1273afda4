package server

import (
	"bytes"
	"strconv"
)

// mergePatch is the patch that turns the encoded object a into the encoded
// object b: a JSON merge patch (RFC 7386) — b's members that differ from
// a's (objects patched member by member, anything else whole) and null for
// a's members b lacks — extended with element patches for arrays. A merge
// patch replaces an array whole, and the boards keep their spaces, pieces,
// seats and stacks in arrays, where one changed element would resend them
// all; so where an array changed and a's was an array too, the patch may
// instead hold an object naming the elements that changed:
//
//	{"$items":{"3":<patch or value>,"17":<…>}}
//	{"$splice":[at,removed,inserted],"$items":{…}}
//
// Each member of $items, keyed by the element's index in b's array,
// applies to that element as a member's value does to a member (an object
// or an element patch patches it; anything else, null included, replaces
// it). $splice, there only when the length changed, first removes removed
// elements at at and makes room there for inserted new ones, which $items
// then sets: the elements both arrays begin and end with are kept, those
// between paired from the first. An array is patched so only when that is
// shorter than the array whole, and sent whole where an element has no
// exact patch. Boards never use keys that begin with $ (TestBoardKeys),
// and a member of b that does has no patch.
//
// mergePatch reports false when no exact patch exists: when either is not
// an object, when b holds a null member where a differs (a merge patch's
// null removes a member), or where b holds an object with a null member
// in place of a's non-object (a merge patch applied to a non-object
// patches an empty object, which drops null members).
//
// a and b are compact JSON as encoding/json writes it (the cached boards),
// which mergePatch splits into members and elements in one pass each,
// without decoding them: a patch costs about as much as reading the two
// boards once.
func mergePatch(a, b []byte) ([]byte, bool) {
	p := patcher{items: true}
	return p.appendPatch(make([]byte, 0, 256), a, b)
}

// member is one member of an encoded object: its key with its quotes, and
// its value.
type member struct{ key, value []byte }

// patcher writes one patch. Its members and elements are stacks of the
// objects' members and the arrays' elements being compared, from the
// outermost in, kept to be reused by the next ones.
type patcher struct {
	items    bool // element patches of arrays; without them, the patch is RFC 7386's
	members  []member
	elements [][]byte
}

// emptyObject is what an object of b is patched from where a holds no
// object: the patch is then b's object itself, or none if it holds nulls.
var emptyObject = []byte("{}")

// appendPatch appends the merge patch from the object a to the object b.
func (p *patcher) appendPatch(out, a, b []byte) ([]byte, bool) {
	base := len(p.members)
	defer func() { p.members = p.members[:base] }()
	var ok1, ok2 bool
	p.members, ok1 = appendMembers(p.members, a)
	mid := len(p.members)
	p.members, ok2 = appendMembers(p.members, b)
	if !ok1 || !ok2 {
		return out, false
	}
	// Nested objects push theirs past these, which stay as they are even
	// where that moves the stack.
	am, bm := p.members[base:mid], p.members[mid:]
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
		if len(m.key) > 1 && m.key[1] == '$' {
			return out, false // it would read as an element patch
		}
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
		var ok bool
		if out, ok = p.appendValue(out, av, m.value); !ok {
			return out, false
		}
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

// appendValue appends what turns the value av (nil: none) into bv, which
// differs from it: the patch of two objects, an element patch of two
// arrays, else bv itself.
func (p *patcher) appendValue(out, av, bv []byte) ([]byte, bool) {
	switch {
	case bv[0] == '{':
		if len(av) == 0 || av[0] != '{' {
			av = emptyObject
		}
		return p.appendPatch(out, av, bv)
	case p.items && bv[0] == '[' && len(av) > 0 && av[0] == '[':
		return p.appendItems(out, av, bv), true
	}
	return append(out, bv...), true
}

// appendItems appends the element patch from the array a to the array b,
// or b whole when that is no longer (or an element has no exact patch).
// The elements both begin and end with are kept; the ones between are
// paired from the first, each pair patched, and those left over removed
// from a or inserted from b.
func (p *patcher) appendItems(out, a, b []byte) []byte {
	base := len(p.elements)
	defer func() { p.elements = p.elements[:base] }()
	var ok1, ok2 bool
	p.elements, ok1 = appendElements(p.elements, a)
	mid := len(p.elements)
	p.elements, ok2 = appendElements(p.elements, b)
	if !ok1 || !ok2 {
		return append(out, b...)
	}
	ae, be := p.elements[base:mid], p.elements[mid:]
	short := min(len(ae), len(be))
	head := 0
	for head < short && bytes.Equal(ae[head], be[head]) {
		head++
	}
	tail := 0
	for tail < short-head && bytes.Equal(ae[len(ae)-1-tail], be[len(be)-1-tail]) {
		tail++
	}
	paired := short - head - tail // a's and b's elements between, pairwise
	start := len(out)
	out = append(out, '{')
	if len(ae) != len(be) {
		out = append(out, `"$splice":[`...)
		out = strconv.AppendInt(out, int64(head+paired), 10)
		out = append(out, ',')
		out = strconv.AppendInt(out, int64(len(ae)-short), 10)
		out = append(out, ',')
		out = strconv.AppendInt(out, int64(len(be)-short), 10)
		out = append(out, "],"...)
	}
	out = append(out, `"$items":{`...)
	first := true
	for i := head; i < len(be)-tail; i++ {
		var av []byte // none: a new element
		if i < head+paired {
			if av = ae[i]; bytes.Equal(av, be[i]) {
				continue
			}
		}
		if !first {
			out = append(out, ',')
		}
		first = false
		out = append(out, '"')
		out = strconv.AppendInt(out, int64(i), 10)
		out = append(out, '"', ':')
		var ok bool
		if out, ok = p.appendValue(out, av, be[i]); !ok || len(out)-start >= len(b) {
			return append(out[:start], b...)
		}
	}
	out = append(out, "}}"...)
	if len(out)-start >= len(b) {
		return append(out[:start], b...)
	}
	return out
}

// appendElements appends the elements of a compact encoded array to list;
// ok is false for anything else.
func appendElements(list [][]byte, arr []byte) (_ [][]byte, ok bool) {
	if len(arr) < 2 || arr[0] != '[' || arr[len(arr)-1] != ']' {
		return list, false
	}
	i := 1
	if arr[i] == ']' {
		return list, i == len(arr)-1
	}
	for {
		end := skipValue(arr, i)
		if end <= i || end >= len(arr) {
			return list, false
		}
		list = append(list, arr[i:end])
		switch arr[end] {
		case ',':
			i = end + 1
		case ']':
			return list, end == len(arr)-1
		default:
			return list, false
		}
	}
}

// appendMembers appends the members of a compact encoded object to list;
// ok is false for anything else.
func appendMembers(list []member, obj []byte) (_ []member, ok bool) {
	if len(obj) < 2 || obj[0] != '{' || obj[len(obj)-1] != '}' {
		return list, false
	}
	i := 1
	if obj[i] == '}' {
		return list, i == len(obj)-1
	}
	for {
		if i >= len(obj) || obj[i] != '"' {
			return list, false
		}
		k := skipString(obj, i)
		if k < 0 || k >= len(obj) || obj[k] != ':' {
			return list, false
		}
		v := k + 1
		end := skipValue(obj, v)
		if end <= v || end >= len(obj) {
			return list, false
		}
		list = append(list, member{key: obj[i:k], value: obj[v:end]})
		switch obj[end] {
		case ',':
			i = end + 1
		case '}':
			return list, end == len(obj)-1
		default:
			return list, false
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
