package normalize

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPathStartWebScheme checks that pathStart's fast path for "http://"
// and "https://" URLs finds what the general rules find, on random
// authorities and paths rich in the octets that delimit them.
func TestPathStartWebScheme(t *testing.T) {
	const alphabet = "/?;#:@.hx%\x00"
	r := rand.New(rand.NewPCG(5, 6))
	for n := range 40000 {
		// Short strings of delimiters, and longer authorities where one
		// delimiter at most falls anywhere in the words authorityEnd reads.
		b := make([]byte, r.IntN(12))
		if n%2 == 1 {
			b = []byte(strings.Repeat("ab.cd-1:", 5)[:r.IntN(40)])
			for range r.IntN(3) {
				if len(b) > 0 {
					b[r.IntN(len(b))] = alphabet[r.IntN(len(alphabet))]
				}
			}
		}
		for i := range b {
			if n%2 == 0 {
				b[i] = alphabet[r.IntN(len(alphabet))]
			}
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

// TestPathEnd checks pathEnd against a byte-by-byte scan on random strings
// rich in the octets that end a path.
func TestPathEnd(t *testing.T) {
	const alphabet = "#\x00/?a\x80\xff\x01"
	r := rand.New(rand.NewPCG(7, 8))
	for range 40000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			if r.IntN(3) == 0 {
				b[i] = alphabet[r.IntN(len(alphabet))]
			} else {
				b[i] = 'x'
			}
		}
		s := string(b)
		from := r.IntN(len(s) + 1)
		want := strings.IndexAny(s[from:], "#\x00")
		if want < 0 {
			want = len(s)
		} else {
			want += from
		}
		if got := pathEnd(s, from); got != want {
			t.Fatalf("pathEnd(%q, %d) = %d, want %d", s, from, got, want)
		}
	}
}

func TestIsURL(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"https://example.com/a", true},
		{"http://example.com", true},
		{"/a/b?c", true},
		{"//example.com/a", true},
		{"ftp://h/x", true},
		{"android-app://com.example/x", true},
		{"a1+b-c.d://h", true},
		{"", false},
		{"mailto:x@example.com", false},
		{"example.com/a", false},
		{"1http://h/x", false}, // a scheme starts with a letter
		{"://h/x", false},
		{"https:/h", false},
		{"a:/", false},
	} {
		if got := IsURL(c.s); got != c.want {
			t.Errorf("IsURL(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}
