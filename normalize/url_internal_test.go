package normalize

import (
	"math/rand/v2"
	"testing"
)

// TestPathStartWebScheme checks that pathStart's fast path for "http://"
// and "https://" URLs finds what the general rules find, on random
// authorities and paths rich in the octets that delimit them.
func TestPathStartWebScheme(t *testing.T) {
	const alphabet = "/?;#:@.hx%\x00"
	r := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		for _, scheme := range []string{"http://", "https://"} {
			url := scheme + string(b)
			if webScheme(url) != len(scheme) {
				t.Fatalf("webScheme(%q) = %d, want %d", url, webScheme(url), len(scheme))
			}
			start, slash := pathStart(url)
			wantStart, wantSlash := pathStartAny(url)
			if start != wantStart || slash != wantSlash {
				t.Fatalf("pathStart(%q) = %d, %v; the general rules give %d, %v", url, start, slash, wantStart, wantSlash)
			}
		}
	}
}
