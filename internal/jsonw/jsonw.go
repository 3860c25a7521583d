// Package jsonw appends JSON strings to a buffer without allocating, for
// the outputs written a line at a time (robots check -json, a usage Set):
// the octets encoding/json writes with HTML escaping off, so that one
// output never mixes two spellings of a string, except that octets that
// are not UTF-8 are kept, percent-encoded.
package jsonw

import (
	"strings"
	"unicode/utf8"

	"github.com/robotsexclusion/robots/internal/swar"
)

// plain marks the ASCII octets a JSON string holds as they are: all but
// control characters, the quote and the backslash.
var plain = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// AppendString appends s as a JSON string, as encoding/json's Encoder
// writes it with SetEscapeHTML(false) ('<', '>' and '&' as they are,
// U+2028 and U+2029 escaped), except that it keeps every octet: an octet
// that is not part of valid UTF-8 is percent-encoded ("\xff" as "%FF"),
// where encoding/json would write U+FFFD for it. A robots.txt pattern or
// URL reads the same either way, as its octets are compared in percent-
// encoded form (package normalize).
func AppendString(b []byte, s string) []byte {
	const hex, upper = "0123456789abcdef", "0123456789ABCDEF"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if i+8 <= len(s) {
			// Eight octets at once: past them when none is a control
			// character, the quote, the backslash or not ASCII, else to
			// the first that is.
			w := swar.Load8(s[i:])
			m := (w-0x20*swar.Ones)&^w&swar.Highs | swar.HasZero(w^'"'*swar.Ones) | swar.HasZero(w^'\\'*swar.Ones) | w&swar.Highs
			if m == 0 {
				i += 8
				continue
			}
			i += swar.First(m)
		}
		c := s[i]
		if c < utf8.RuneSelf {
			if plain[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, '%', upper[s[i]>>4], upper[s[i]&0xf])
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// PercentInvalid returns s with each octet that is not part of valid UTF-8
// percent-encoded ("\xff" as "%FF"), as AppendString writes it: the rule
// for a string that goes into JSON through encoding/json, which would write
// U+FFFD in its place. It returns s itself when s is valid UTF-8.
func PercentInvalid(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	const upper = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteByte('%')
			b.WriteByte(upper[s[i]>>4])
			b.WriteByte(upper[s[i]&0xf])
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}
