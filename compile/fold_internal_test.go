package compile

import (
	"strings"
	"testing"
)

// TestEqualLower checks the word-at-a-time compare of keys with the exact
// keys' names against strings.EqualFold, on every name, each octet of the
// name changed to every octet value but CR (which ends a line, so no key
// holds it).
func TestEqualLower(t *testing.T) {
	for _, e := range exactKeys {
		for i := range len(e.name) {
			for c := range 256 {
				if c == '\r' {
					continue
				}
				for _, base := range []string{e.name, strings.ToUpper(e.name)} {
					k := []byte(base)
					k[i] = byte(c)
					want := strings.EqualFold(string(k), e.name) && string(k) == strings.Map(asciiOnly, string(k))
					if got := equalLower(string(k), e.name); got != want {
						t.Errorf("equalLower(%q, %q) = %v, want %v", k, e.name, got, want)
					}
				}
			}
		}
	}
}

// asciiOnly drops every rune outside ASCII (and every octet that is not
// UTF-8): a key equals its mapping only when it is all ASCII, which
// strings.EqualFold alone does not tell (it folds the Kelvin sign to k).
func asciiOnly(r rune) rune {
	if r >= 0x80 {
		return -1
	}
	return r
}

// TestIsSpace checks isSpace on every octet.
func TestIsSpace(t *testing.T) {
	for c := range 256 {
		want := c == ' ' || c == '\t' || c == '\v' || c == '\f'
		if got := isSpace(byte(c)); got != want {
			t.Errorf("isSpace(%#x) = %v, want %v", c, got, want)
		}
	}
}
