// Package normalize defines the canonical octet form in which robots.txt
// patterns and URLs are compared, extracts the path and query from a URL, and
// decodes robots.txt bodies.
//
// Reach for it to read a robots.txt body within the bounds a crawler must
// keep (ReadBody, Prepare), to find the path a rule is matched against
// (PathBounds, IsURL), or to write patterns and URLs in one of the forms
// the dialects compare in (Form), for instance to match them with package
// automaton (Form.Input). A crawler that only asks whether a URL is
// allowed uses the root package, which does all of this for it.
//
// The canonical form makes two spellings of one resource compare equal
// octet by octet, so that matching needs no decoding of its own (RFC 9309
// section 2.2.2):
//
//   - a percent-escape of an unreserved character (A-Z a-z 0-9 - . _ ~) is
//     decoded: %41 becomes A;
//   - any other escape is kept, with upper-case hex digits: %2f becomes %2F,
//     and %2F never equals /;
//   - octets >= 0x80, control characters and space become %XX, byte by byte;
//   - a % that is not followed by two hex digits becomes %25;
//   - other printable ASCII stays as it is.
//
// Two octets play a special part. In a pattern a raw * is the wildcard and a
// final raw $ is the end anchor, while %2A and %24 stand for a literal * and $.
// In a URL a raw * or $ is written %2A or %24. So in canonical form a * is
// always the wildcard and a $ is always the end anchor: no escaping is
// ambiguous.
//
// The other dialects compare in other forms (Form): Google's library escapes
// patterns a little and takes URLs as written (Raw), and the first-match
// dialects decode every escape but %2F and treat * and $ as ordinary octets
// (Decoded).
//
// Bodies (Prepare, ReadBody) are bounded: at most max(limit, DefaultLimit)
// octets (DefaultLimit is 500 KiB, RFC 9309's minimum) and Slack (64 KiB)
// more, to finish the line that straddles the limit, are read or kept, in
// every dialect; ReadBody allocates at most twice that. A declared charset
// is applied only to a body that is not valid UTF-8, and only when decoding
// keeps every rule line.
//
// Built with the tag robots_nocharset, the package knows no declared charset
// but UTF-8 (a body with a UTF-16 byte order mark is still transcoded), and
// links none of golang.org/x/text, so that a program whose bodies are
// already text, such as a WebAssembly page that parses what is pasted into
// it, does not carry the tables of the other charsets. Nothing else changes.
package normalize

import "github.com/robotsexclusion/robots/internal/hexdigit"

const upperHex = "0123456789ABCDEF"

// class tells how a raw octet is written in canonical form.
type class uint8

const (
	plain   class = iota // kept as it is
	escaped              // written %XX
	percent              // starts an escape, or is written %25
	star                 // wildcard in patterns, %2A in URLs
	dollar               // anchor at the end of patterns, %24 elsewhere
)

var classes = func() (t [256]class) {
	for c := 0; c < 256; c++ {
		switch {
		case c <= 0x20 || c >= 0x7F:
			t[c] = escaped
		case c == '%':
			t[c] = percent
		case c == '*':
			t[c] = star
		case c == '$':
			t[c] = dollar
		default:
			t[c] = plain
		}
	}
	return t
}()

// octets is at most one canonical unit: one octet, or a three-octet escape.
type octets struct {
	B [3]byte // the octets, B[:N]
	N int     // how many of B hold the unit: 1 or 3
}

// nextCanonical canonicalizes the unit of s that starts at i, as part of a URL, and
// returns it with the index of the unit after it. It does not allocate, so a
// matcher can walk a URL in canonical form without building it.
func nextCanonical(s string, i int) (o octets, next int) {
	c := s[i]
	switch classes[c] {
	case plain:
		o.B[0], o.N = c, 1
		return o, i + 1
	case percent:
		if i+2 < len(s) {
			hi, ok1 := hexdigit.Value(s[i+1])
			lo, ok2 := hexdigit.Value(s[i+2])
			if ok1 && ok2 {
				v := hi<<4 | lo
				if hexdigit.Unreserved(v) {
					o.B[0], o.N = v, 1
				} else {
					o.B = [3]byte{'%', upperHex[hi], upperHex[lo]}
					o.N = 3
				}
				return o, i + 3
			}
		}
		o.B, o.N = [3]byte{'%', '2', '5'}, 3
		return o, i + 1
	}
	// escaped, star and dollar: a URL never carries a raw wildcard or anchor.
	o.B = [3]byte{'%', upperHex[c>>4], upperHex[c&15]}
	o.N = 3
	return o, i + 1
}

// canonicalURL returns the canonical path and query of a URL (see pathQuery).
func canonicalURL(url string) string {
	p := pathQuery(url)
	return canonical(p, false)
}

// canonicalPattern returns the canonical form of a rule's pattern: a raw * stays the
// wildcard, a final raw $ stays the end anchor, and everything else is
// canonicalized as in a URL. A pattern's priority is the length of this form.
func canonicalPattern(value string) string {
	return canonical(value, true)
}

func canonical(s string, pattern bool) string {
	if pattern && plainPattern(s) {
		return s // most patterns: checked eight octets at a time
	}
	unit := nextCanonical
	if pattern {
		// In a pattern a raw * stays the wildcard and a final raw $ the
		// anchor; everything else is written as in a URL.
		unit = func(s string, i int) (octets, int) {
			if c := s[i]; c == '*' || c == '$' && i == len(s)-1 {
				return octets{B: [3]byte{c}, N: 1}, i + 1
			}
			return nextCanonical(s, i)
		}
	}
	return rewrite(s, &classes, pattern, unit)
}

// rewrite returns s written unit by unit by unit, or s itself when tab says
// every octet stands for itself (a raw * too, and a final raw $, when star
// is set: in a pattern they stay the wildcard and the anchor).
func rewrite(s string, tab *[256]class, star bool, unit func(string, int) (octets, int)) string {
	clean, n := true, len(s)
	if star && n > 0 && s[n-1] == '$' {
		n--
	}
	for i := 0; i < n; i++ {
		if tab[s[i]] != plain && !(star && s[i] == '*') {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	buf := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); {
		var o octets
		o, i = unit(s, i)
		buf = append(buf, o.B[:o.N]...)
	}
	return string(buf)
}

// plainPattern reports whether every octet of the pattern s stands for
// itself in canonical form: printable ASCII but '%' and '$', a final '$'
// (the anchor) excepted. It reads eight octets at a time, so that the
// patterns that need no rewriting, most of them, cost a few instructions
// per word; rewrite's check is the octet by octet one.
func plainPattern(s string) bool {
	if n := len(s); n > 0 && s[n-1] == '$' {
		s = s[:n-1]
	}
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for len(s) >= 8 {
		x := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		// A high bit set where some octet is below 0x21 (space and the
		// controls), above 0x7E (DEL and non-ASCII), or 0x24 or 0x25
		// ('$' and '%', one bit apart): each test is exact as to whether
		// any octet of x is such, which is all that is asked.
		low := (x - 0x21*ones) &^ x
		high := x | (x + 0x01*ones)
		y := x&^ones ^ 0x24*ones
		pd := (y - ones) &^ y
		if (low|high|pd)&highs != 0 {
			return false
		}
		s = s[8:]
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; classes[c] != plain && c != '*' {
			return false
		}
	}
	return true
}
