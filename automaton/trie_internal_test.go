package automaton

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/normalize"
)

// TestWalkTrieAgreesWithCursor decides random inputs over random tries of
// literal patterns with both walks of a DFA without defaults: walkTrie,
// which walk takes for them, and the cursor walk every other DFA takes,
// which the reference tests pin down. The patterns mix short and long
// runs (past maxRun), branches and wide nodes, prefixes of each other and
// anchors; the inputs follow the patterns, leave them at any octet, end
// anywhere and hold escapes the stream rewrites.
func TestWalkTrieAgreesWithCursor(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	const alpha = "ab/%2Fcdefghijklmn"
	word := func(max int) string {
		var b strings.Builder
		for range r.IntN(max) {
			b.WriteByte(alpha[r.IntN(len(alpha))])
		}
		return b.String()
	}
	for iter := range 3000 {
		n := r.IntN(24)
		if iter%100 == 0 {
			n = 0
		}
		var pats []pattern
		for i := range n {
			p := "/" + word(8)
			if r.IntN(8) == 0 && len(pats) > 0 {
				p = pats[r.IntN(len(pats))].lit + word(4) // a pattern that extends another
			}
			if r.IntN(16) == 0 {
				p += strings.Repeat("x", 250+r.IntN(20)) // runs cut at maxRun
			}
			pats = append(pats, pattern{lit: p, anchored: r.IntN(5) == 0, rule: int32(i)})
		}
		d := fromSorted(pats).pack()
		if d.rare != nil {
			t.Fatalf("a DFA of %d literal patterns has defaults or big places", n)
		}
		for range 40 {
			in := "/" + word(10)
			if len(pats) > 0 && r.IntN(2) == 0 {
				p := pats[r.IntN(len(pats))].lit
				in = p[:r.IntN(len(p)+1)] + word(3)
			}
			for _, form := range []normalize.Form{normalize.Canonical, normalize.Raw} {
				st := form.Stream("http://h" + in)
				got, want := d.walkTrie(st), d.walkCursor(st)
				if got != want {
					t.Fatalf("patterns %v, input %q (%v): walkTrie %d, the cursor %d", pats, in, form, got, want)
				}
			}
		}
	}
}
