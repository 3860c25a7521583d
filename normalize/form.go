package normalize

import (
	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/internal/hexdigit"
)

// This file names the octet forms in which the dialects compare patterns and
// URLs. Each form is a pair of functions, one for the patterns of rules and
// one for URLs (with the engine's Input that reads a URL in that form
// octet by octet), such that a pattern matches a URL exactly when the pattern's form,
// read as a glob ('*' the wildcard, a final '$' the end anchor), matches the
// URL's form.

// A Form is a way of writing patterns and URLs so that they compare octet by
// octet.
type Form uint8

const (
	// Canonical is the canonical form of the package comment, RFC 9309's:
	// escapes of unreserved characters decoded, other escapes upper-cased,
	// octets >= 0x80 and controls escaped, a raw * the wildcard and a final
	// raw $ the anchor in patterns, %2A and %24 literal on both sides.
	Canonical Form = iota

	// Raw is the form of Google's library: in patterns every octet >= 0x80
	// becomes %XX and the hex digits of existing escapes are upper-cased,
	// nothing is decoded, a raw * is the wildcard and a final raw $ the
	// anchor (a $ elsewhere, %2A and %24 are ordinary text); URLs are
	// compared exactly as written.
	Raw

	// Decoded is the form of the 1994 standard and the 1996 draft: on both
	// sides every %XX escape is decoded except %2F, which stays distinct
	// from /, so hex case does not matter; * and $ are ordinary octets,
	// written %2A and %24 (and a literal % as %25) so that no octet of the
	// form is a wildcard or an anchor.
	Decoded
)

// String returns the form's name.
func (f Form) String() string {
	switch f {
	case Canonical:
		return "canonical"
	case Raw:
		return "raw"
	case Decoded:
		return "decoded"
	}
	return "Form(?)"
}

// Pattern returns the value of an allow or disallow line in form f. A
// pattern's priority, in the dialects that rank by length, is the length of
// this string.
func (f Form) Pattern(value string) string {
	switch f {
	case Raw:
		return escapeRaw(value)
	case Decoded:
		return decode(value)
	}
	return canonicalPattern(value)
}

// URL returns the path and query of url (see PathBounds) in form f.
func (f Form) URL(url string) string {
	switch f {
	case Raw:
		return pathQuery(url)
	case Decoded:
		return decode(pathQuery(url))
	}
	return canonicalURL(url)
}

// Input returns the engine's input for the path and query of url in form
// f: the octets of f.URL(url), read without building them. An unknown Form
// reads as Canonical.
func (f Form) Input(url string) automaton.Input {
	start, slash := pathStart(url)
	r := &canonicalInput
	switch f {
	case Raw:
		r = &rawInput
	case Decoded:
		r = &decodedInput
	}
	prefix := ""
	if slash {
		prefix = "/"
	}
	return automaton.Rewrite(url, start, prefix, r)
}

// decodedClasses marks the octets that Decoded does not write as
// themselves: % starts an escape to decode, * and $ are escaped.
var decodedClasses = func() (t [256]class) {
	t['%'], t['*'], t['$'] = percent, star, dollar
	return t
}()

// escapeRaw escapes a pattern as Google's library does: octets >= 0x80
// become %XX, the hex digits of a valid escape are upper-cased, and nothing
// else changes.
func escapeRaw(s string) string {
	clean := true
	for i := 0; i < len(s) && clean; i++ {
		switch {
		case s[i] >= 0x80:
			clean = false
		case s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			clean = !isLowerHex(s[i+1]) && !isLowerHex(s[i+2])
			i += 2
		}
	}
	if clean {
		return s
	}
	buf := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			buf = append(buf, '%', upper(s[i+1]), upper(s[i+2]))
			i += 2
		case c >= 0x80:
			buf = append(buf, '%', upperHex[c>>4], upperHex[c&15])
		default:
			buf = append(buf, c)
		}
	}
	return string(buf)
}

func isHex(c byte) bool { _, ok := hexdigit.Value(c); return ok }

func isLowerHex(c byte) bool { return 'a' <= c && c <= 'f' }

func upper(c byte) byte {
	if isLowerHex(c) {
		return c - 'a' + 'A'
	}
	return c
}

// decode writes s in the Decoded form.
func decode(s string) string { return rewrite(s, &decodedClasses, false, nextDecoded) }

// nextDecoded is nextCanonical for the Decoded form: it returns the unit of s that
// starts at i, written in the Decoded form, with the index of the unit after
// it. An escape other than %2F is decoded; a decoded or raw *, $ or % is
// written %2A, %24 or %25, and %2F as %2F; every other octet is itself.
func nextDecoded(s string, i int) (o octets, next int) {
	c, next := s[i], i+1
	if c == '%' && i+2 < len(s) {
		hi, ok1 := hexdigit.Value(s[i+1])
		lo, ok2 := hexdigit.Value(s[i+2])
		if ok1 && ok2 {
			c, next = hi<<4|lo, i+3
			if c == '/' {
				return octets{B: [3]byte{'%', '2', 'F'}, N: 3}, next
			}
		}
	}
	if decodedClasses[c] == plain {
		return octets{B: [3]byte{c}, N: 1}, next
	}
	return octets{B: [3]byte{'%', upperHex[c>>4], upperHex[c&15]}, N: 3}, next
}
