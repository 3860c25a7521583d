package glob_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/conformance"
	"github.com/robotsexclusion/robots/internal/glob"
)

func TestMatch(t *testing.T) {
	tests := []struct {
		pattern, path string
		want          bool
	}{
		{"/a", "/a", true},
		{"/a", "/ab", true},
		{"/a$", "/ab", false},
		{"/a$", "/a", true},
		{"/*.pdf$", "/x.pdf", true},
		{"/*.pdf$", "/x.pdf?", false},
		{"/*.pdf$", "/.pdf.pdf", true},
		{"/*a*b", "/ba", false},
		{"/*aab", "/aaab", true},
		{"/*abab$", "/ababab", true},
		{"*", "", true},
		{"/*$", "/", true},
		{"/a*a$", "/a", false},
		{"", "/x", true},
	}
	for _, tt := range tests {
		work := 0
		if got := glob.Match(tt.pattern, tt.path, &work); got != tt.want {
			t.Errorf("Match(%q, %q) = %v, want %v", tt.pattern, tt.path, got, tt.want)
		}
		if work > 2*len(tt.pattern)+2*len(tt.path) {
			t.Errorf("Match(%q, %q): work %d", tt.pattern, tt.path, work)
		}
	}
}

// TestMatchAgreesWithReference holds Match to the reference's set of
// positions on random patterns and paths over a few octets, and its work
// to its bound.
func TestMatchAgreesWithReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	word := func(alphabet string, n int) string {
		var b strings.Builder
		for range r.IntN(n + 1) {
			b.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	for range 200000 {
		pattern, path := "/"+word("ab*/", 7), "/"+word("ab/", 9)
		if r.IntN(3) == 0 {
			pattern += "$"
		}
		work := 0
		if got, want := glob.Match(pattern, path, &work), conformance.Match(pattern, path); got != want {
			t.Fatalf("Match(%q, %q) = %v, the reference %v", pattern, path, got, want)
		}
		if work > 2*len(pattern)+2*len(path) {
			t.Fatalf("Match(%q, %q): work %d over its bound", pattern, path, work)
		}
	}
}
