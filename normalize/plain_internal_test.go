package normalize

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPlainPattern checks the word-at-a-time check of plainPattern against
// the octet-by-octet one of rewrite, on strings of every length up to 24 that hold one
// or two octets of every value among plain ones, at every place.
func TestPlainPattern(t *testing.T) {
	slow := func(s string) bool {
		if n := len(s); n > 0 && s[n-1] == '$' {
			s = s[:n-1]
		}
		for i := 0; i < len(s); i++ {
			if c := s[i]; classes[c] != plain && c != '*' {
				return false
			}
		}
		return true
	}
	base := strings.Repeat("/a*Z~09-._!\x7e", 3)
	r := rand.New(rand.NewPCG(3, 4))
	for n := 0; n <= 24; n++ {
		for c := 0; c < 256; c++ {
			for at := 0; at < n; at++ {
				b := []byte(base[:n])
				b[at] = byte(c)
				if r.IntN(2) == 0 {
					b[r.IntN(n)] = byte(r.IntN(256))
				}
				s := string(b)
				if got, want := plainPattern(s), slow(s); got != want {
					t.Fatalf("plainPattern(%q) = %v, want %v", s, got, want)
				}
			}
		}
	}
}
