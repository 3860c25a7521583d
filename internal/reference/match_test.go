package reference_test

import (
	"strings"
	"testing"
	"time"

	"github.com/robotsexclusion/robots/internal/reference"
)

func TestMatch(t *testing.T) {
	tests := []struct {
		pattern, path string
		want          bool
	}{
		// Empty pattern and path. (Decide never asks about an empty
		// pattern: an empty rule matches nothing.)
		{"", "", true},
		{"", "/a", true},
		{"/", "", false},
		{"/", "/", true},

		// Prefix semantics.
		{"/a", "/a", true},
		{"/a", "/ab/c", true},
		{"/abc", "/ab", false},
		{"/a", "/b", false},
		{"/a", "/A", false},

		// The wildcard: any run of octets, the empty run included.
		{"*", "", true},
		{"*", "/anything?at=all", true},
		{"/*", "/", true},
		{"/a*", "/a", true},
		{"/a*b", "/ab", true},
		{"/a*b", "/a/x/y?b", true},
		{"/a*b", "/a/x/y", false},
		{"/*/edit", "/a/b/edit?x", true},
		{"/**", "/", true},
		{"/a**b", "/axb", true},
		{"*.gif$", "/images/photo.gif", true},
		{"*.gif$", "/images/photo.gif?size=2", false},

		// The end anchor.
		{"$", "", true},
		{"$", "/", false},
		{"*$", "/any/thing", true},
		{"/a$", "/a", true},
		{"/a$", "/ab", false},
		{"/a$", "/a?", false},
		{"/a*$", "/a/b", true},
		{"/*a$", "/banana", true},
		{"/*a$", "/bananas", false},
		{"/$", "/", true},
		{"/$", "/a", false},

		// Repeated wildcards with a shared letter.
		{"/*a*a*a$", "/aaa", true},
		{"/*a*a*a$", "/aa", false},
		{"/*a*a*a$", "/xaxaxa", true},
		{"/*a*a*a$", "/xaxaxab", false},

		// Canonical escapes are plain octets: %2A and %24 are literals.
		{"/%2A", "/%2A", true},
		{"/%2A", "/x", false},
		{"/a%24", "/a%24", true},
		{"/a%24", "/a", false},
	}
	for _, tt := range tests {
		if got := reference.Match(tt.pattern, tt.path); got != tt.want {
			t.Errorf("Match(%q, %q) = %v, want %v", tt.pattern, tt.path, got, tt.want)
		}
	}
}

// TestMatchLongInputs checks that patterns with many wildcards stay fast on
// long paths: a backtracking matcher takes time exponential in the number
// of wildcards on these, Match takes their product.
func TestMatchLongInputs(t *testing.T) {
	tests := []struct {
		pattern, path string
		want          bool
	}{
		{"/*a*a*a$", "/" + strings.Repeat("a", 1<<16) + "b", false},
		{"/*a*a*a$", "/" + strings.Repeat("a", 1<<16), true},
		{"/" + strings.Repeat("*a", 30) + "$", "/" + strings.Repeat("a", 4000) + "b", false},
		{"/" + strings.Repeat("*a", 30) + "b", "/" + strings.Repeat("a", 4000), false},
		{"/" + strings.Repeat("*a", 30) + "b", "/" + strings.Repeat("a", 4000) + "b", true},
	}
	for _, tt := range tests {
		start := time.Now()
		got := reference.Match(tt.pattern, tt.path)
		elapsed := time.Since(start)
		if got != tt.want {
			t.Errorf("Match(%.12q..., %d octets) = %v, want %v", tt.pattern, len(tt.path), got, tt.want)
		}
		// The bound is loose (the work is well under a millisecond per
		// million steps) so that a busy machine does not fail the test; a
		// backtracking matcher would not finish at all.
		if elapsed > 2*time.Second {
			t.Errorf("Match(%.12q..., %d octets) took %v", tt.pattern, len(tt.path), elapsed)
		}
	}
}
