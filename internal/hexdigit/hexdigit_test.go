package hexdigit

import (
	"strconv"
	"strings"
	"testing"
)

// TestValue holds Value to strconv on every octet.
func TestValue(t *testing.T) {
	for c := range 256 {
		want, err := strconv.ParseUint(string(rune(c)), 16, 8)
		got, ok := Value(byte(c))
		if ok != (err == nil) || ok && uint64(got) != want {
			t.Errorf("%q: got %d, %v; want %d, %v", rune(c), got, ok, want, err)
		}
	}
}

// TestUnreserved holds Unreserved to RFC 3986's list (section 2.3) on every
// octet.
func TestUnreserved(t *testing.T) {
	const list = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	for c := range 256 {
		if got, want := Unreserved(byte(c)), strings.IndexByte(list, byte(c)) >= 0; got != want {
			t.Errorf("Unreserved(%q) = %v, want %v", rune(c), got, want)
		}
	}
}
