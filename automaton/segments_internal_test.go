package automaton

import (
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/normalize"
)

// walkWorkPerOctet is the most segment visits and skip-pointer steps the
// segment walk may spend per input octet on the families below, whose
// inputs end many segments at each octet.
const walkWorkPerOctet = 8

// TestSegmentWalkWork counts the walk's work on files whose segments end
// by the hundreds at one octet (issue 9, item 1): lines "/*a^i*b$" for
// i = 1, 2, ... up to the parse limit, against 1 KiB of 'a', where every
// octet ends the segments a^1 ... a^j, all but one of them taken already.
func TestSegmentWalkWork(t *testing.T) {
	var rules []Rule
	for i, n := 1, 0; n < 500<<10; i++ {
		p := "/*" + strings.Repeat("a", i) + "*b$"
		n += len(p)
		rules = append(rules, Rule{Pattern: p, Rank: len(p)})
	}
	m := Compile(rules, Limits{})
	if m.tier != TierSegments {
		t.Fatalf("tier %v, want %v", m.tier, TierSegments)
	}
	for _, tc := range []struct {
		in   string
		want int32 // the caller's index
	}{
		{"/" + strings.Repeat("a", 1023), -1},
		{"/" + strings.Repeat("a", 1022) + "b", int32(min(len(rules), 1022) - 1)},
		{"/" + strings.Repeat("a", 500) + "b", 499},
		{"/b" + strings.Repeat("a", 1022), -1},
	} {
		sc := m.seg.newScratch()
		got := m.seg.walk(sc, normalize.NewRawStream(tc.in))
		if got >= 0 {
			got = m.orig[got]
		}
		if got != tc.want {
			t.Errorf("%q: rule %d, want %d", tc.in[len(tc.in)-8:], got, tc.want)
		}
		if limit := walkWorkPerOctet * (len(tc.in) + 1); sc.work > limit {
			t.Errorf("%d octets: work %d, more than %d per octet", len(tc.in), sc.work, walkWorkPerOctet)
		}
		t.Logf("%d octets, %d rules: work %d", len(tc.in), len(rules), sc.work)
	}
}

// TestSegmentScratchWrap walks with one scratch across the wrap of its
// generation: marks of an older walk (queues, lives of segments, taken
// watched edges) must not leak into a newer one.
func TestSegmentScratchWrap(t *testing.T) {
	var rules []Rule
	for i := 0; i < 40; i++ { // a hub: node "/*" has 40 edges, some watched
		p := "/*" + strings.Repeat("a", 1+i%7) + "*b" + strings.Repeat("c", i%3)
		rules = append(rules, Rule{Pattern: p, Rank: len(p)})
	}
	// And a hub: "/*" has an edge per letter, all watched.
	for x := 'a'; x <= 'z'; x++ {
		rules = append(rules, Rule{Pattern: "/*" + string(x), Rank: 1})
	}
	m := Compile(rules, Limits{MaxTier: TierSegments})
	if m.tier != TierSegments {
		t.Fatalf("tier %v, want %v", m.tier, TierSegments)
	}
	// Each killer, walked at generation 1, takes every edge of segments
	// that its victim, walked at generation 1 again after the wrap, needs.
	for _, tc := range []struct{ killer, victim string }{
		{"/aaaaaaabcc", "/xaaab"},
		{"/aaaaaaabcc", "/aaaaaaabcc"},
		{"/xab", "/aaabc"},
		{"/xyz", "/z"},
	} {
		want := m.seg.walk(m.seg.newScratch(), normalize.NewRawStream(tc.victim))
		sc := m.seg.newScratch()
		m.seg.walk(sc, normalize.NewRawStream(tc.killer))
		sc.g = ^uint32(0)
		if got := m.seg.walk(sc, normalize.NewRawStream(tc.victim)); got != want || sc.g != 1 {
			t.Errorf("after %q, then the wrap: %q: rule %d, want %d", tc.killer, tc.victim, got, want)
		}
	}
}
