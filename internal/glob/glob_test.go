package glob_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/internal/glob"
	"github.com/robotsexclusion/robots/internal/reference"
)

func TestMatch(t *testing.T) {
	// Pattern and path, of those that match and of those that do not.
	match := [][2]string{{"/a", "/a"}, {"/a", "/ab"}, {"/a$", "/a"}, {"/*.pdf$", "/x.pdf"}, {"/*.pdf$", "/.pdf.pdf"},
		{"/*aab", "/aaab"}, {"/*abab$", "/ababab"}, {"*", ""}, {"/*$", "/"}, {"", "/x"}}
	miss := [][2]string{{"/a$", "/ab"}, {"/*.pdf$", "/x.pdf?"}, {"/*a*b", "/ba"}, {"/a*a$", "/a"}}
	for i, c := range append(match, miss...) {
		work := 0
		if got := glob.Match(c[0], c[1], &work); got != (i < len(match)) {
			t.Errorf("Match(%q, %q) = %v", c[0], c[1], got)
		}
		if work > 2*len(c[0])+2*len(c[1]) {
			t.Errorf("Match(%q, %q): work %d", c[0], c[1], work)
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
		if got, want := glob.Match(pattern, path, &work), reference.Match(pattern, path); got != want {
			t.Fatalf("Match(%q, %q) = %v, the reference %v", pattern, path, got, want)
		}
		if work > 2*len(pattern)+2*len(path) {
			t.Fatalf("Match(%q, %q): work %d over its bound", pattern, path, work)
		}
	}
}
