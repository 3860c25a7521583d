package hexdigit

import (
	"strconv"
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
