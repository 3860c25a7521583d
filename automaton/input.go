package automaton

import "unsafe"

// An Input is what a Machine matches: the octets of a string, read one at
// a time, each as itself or, through a Rewriting, rewritten as the
// patterns were written (a URL's path in canonical form, say) without
// building the rewritten string. It is a small value, built on the stack;
// copy it to read the same octets again.
type Input struct {
	s       string
	i       int
	r       *Rewriting
	pending [3]byte
	k, n    uint8 // pending[k:n] are still to be read
}

// String returns an Input of the octets of s, each read as itself.
func String(s string) Input { return Input{s: s, r: &literal} }

// Bytes returns an Input of the octets of b, each read as itself, without
// copying them: b must not change while the Input is read.
func Bytes(b []byte) Input { return String(unsafe.String(unsafe.SliceData(b), len(b))) }

// Rewrite returns an Input of the octets of s from offset start on, read
// as r says, after the octets of prefix (at most three), read as they
// are; a start outside s reads none of s. A URL's path is read so: from where it starts, and with a "/"
// before it when the URL has none.
func Rewrite(s string, start int, prefix string, r *Rewriting) Input {
	in := Input{s: s, i: start, r: r}
	if uint(start) > uint(len(s)) {
		in.i = len(s) // past the end, or negative: nothing of s is read
	}
	if prefix != "" {
		in.n = uint8(copy(in.pending[:], prefix))
	}
	return in
}

// AppendTo appends the octets the Input reads, as a Machine reads them,
// to dst and returns the extended slice: what a caller checks its
// rewriting by.
func (in Input) AppendTo(dst []byte) []byte {
	for {
		c, ok := in.next()
		if !ok {
			return dst
		}
		dst = append(dst, c)
	}
}

// A Rewriting says how an Input reads the octets of its string: each
// octet is read as itself, or ends the input, or is read as a percent
// escape, and an escape in the string may be decoded. It is built once
// (NewRewriting) and shared by the Inputs that use it.
type Rewriting struct {
	class    [256]uint8 // how each octet of the string is read: asItself, or one of the others below
	keep     [256]bool  // an octet decoded from an escape that is read as itself
	notPlain [4]uint64  // the octets of class other than asItself, octet c as bit c%64 of word c/64
}

// The classes of the octets of an Input's string.
const (
	asItself  = iota // read as itself
	asEscape         // read as "%HH", its escape in upper-case hex
	asPercent        // starts an escape, decoded or not (see NewRewriting)
	asEnd            // ends the input
)

// literal reads every octet as itself.
var literal Rewriting

// NewRewriting returns the Rewriting in which an octet c of a string:
//   - ends the input, when endIf(c);
//   - when c is '%' and decodeIf is not nil: with two hex digits after
//     it, is read with them as the octet v they give in hexadecimal, as v
//     itself when decodeIf(v) and as "%HH" (upper-case hex) otherwise;
//     without them, as "%25";
//   - is read as its escape "%HH" (upper-case hex), when escapeIf(c);
//   - is read as itself otherwise.
//
// A nil function is false for every octet.
func NewRewriting(endIf, escapeIf, decodeIf func(c byte) bool) *Rewriting {
	r := new(Rewriting)
	for x := range 256 {
		c := byte(x)
		switch {
		case endIf != nil && endIf(c):
			r.class[c] = asEnd
		case c == '%' && decodeIf != nil:
			r.class[c] = asPercent
		case escapeIf != nil && escapeIf(c):
			r.class[c] = asEscape
		}
		if r.class[c] != asItself {
			r.notPlain[c/64] |= 1 << (c % 64)
		}
		r.keep[c] = decodeIf != nil && decodeIf(c)
	}
	return r
}

// next returns the next octet, or ok false at the end.
func (in *Input) next() (c byte, ok bool) {
	if in.k < in.n {
		c = in.pending[in.k]
		in.k++
		return c, true
	}
	if in.i >= len(in.s) {
		return 0, false
	}
	c = in.s[in.i]
	if in.r.class[c] == asItself {
		in.i++
		return c, true
	}
	return in.escape()
}

// plain returns at most max octets from the input's position, up to the
// first one that is not read as itself (an escape to write, an escape
// pending, or the end), and moves past them. It returns "" when the next
// octet is not plain; next then reads it. An engine reads an input
// fastest as short plain runs, each taken in a tight loop, with next
// between them; a small max keeps the scan from running far past the
// point where the engine's outcome is settled.
func (in *Input) plain(max int) string {
	if in.k < in.n {
		return ""
	}
	rest := in.s[in.i:]
	if len(rest) > max {
		rest = rest[:max]
	}
	class, j := &in.r.class, 0
	for j < len(rest) && class[rest[j]] == asItself {
		j++
	}
	in.i += j
	return rest[:j]
}

// skipPlain moves past the plain octets (see plain) from the input's
// position that are not in stop, a set of octets (octet c is in it when
// bit c%64 of stop[c/64] is set): after it, the next octet is in stop, is
// not plain, or is the end. An engine waiting for certain octets skips the
// others so in one pass, rather than reading them with plain and then
// looking at each again.
func (in *Input) skipPlain(stop *[4]uint64) {
	if in.k < in.n {
		return
	}
	// One test an octet: the octets in stop and those that are not plain,
	// as one set.
	np := &in.r.notPlain
	set := [4]uint64{stop[0] | np[0], stop[1] | np[1], stop[2] | np[2], stop[3] | np[3]}
	rest, j := in.s[in.i:], 0
	for ; j < len(rest); j++ {
		if c := rest[j]; set[c>>6]>>(c&63)&1 != 0 {
			break
		}
	}
	in.i += j
}

// escape reads an octet that is not read as itself: the end of the input,
// or the first octet of an escape, whose others it leaves pending.
func (in *Input) escape() (byte, bool) {
	const upper = "0123456789ABCDEF"
	c := in.s[in.i]
	switch in.r.class[c] {
	case asEnd:
		in.i = len(in.s)
		return 0, false
	case asPercent:
		if in.i+2 < len(in.s) {
			hi, ok1 := unhex(in.s[in.i+1])
			lo, ok2 := unhex(in.s[in.i+2])
			if ok1 && ok2 {
				in.i += 3
				if v := hi<<4 | lo; in.r.keep[v] {
					return v, true
				}
				in.pending, in.k, in.n = [3]byte{'%', upper[hi], upper[lo]}, 1, 3
				return '%', true
			}
		}
	}
	in.i++
	in.pending, in.k, in.n = [3]byte{'%', upper[c>>4], upper[c&15]}, 1, 3
	return '%', true
}

// unhex returns the value of hexadecimal digit c.
func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
