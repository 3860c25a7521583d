package automaton

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestWalkTrieAgreesWithCursor decides random inputs over random tries of
// literal patterns with both walks of a DFA without defaults: the trie walk,
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
		var pats []litPattern
		for i := range n {
			p := "/" + word(8)
			if r.IntN(8) == 0 && len(pats) > 0 {
				p = pats[r.IntN(len(pats))].lit + word(4) // a pattern that extends another
			}
			if r.IntN(16) == 0 {
				p += strings.Repeat("x", 250+r.IntN(20)) // runs cut at maxRun
			}
			pats = append(pats, litPattern{lit: p, anchored: r.IntN(5) == 0, rule: int32(i)})
		}
		d := fromSorted(layOut(pats))
		if d.rare != nil {
			t.Fatalf("a DFA of %d literal patterns has defaults or big places", n)
		}
		for range 40 {
			in := "/" + word(10)
			if len(pats) > 0 && r.IntN(2) == 0 {
				p := pats[r.IntN(len(pats))].lit
				in = p[:r.IntN(len(p)+1)] + word(3)
			}
			for form := range testForms {
				st := testForms[form](in)
				got, want := d.walk(st), d.walkCursor(st)
				if got != want {
					t.Fatalf("patterns %v, input %q (%v): the trie walk %d, the cursor %d", pats, in, form, got, want)
				}
			}
		}
	}
}

// TestRunTargets checks that fromSorted stores as a run target, not a
// node, every run that matches nothing where it starts (the tails of
// patterns, and a prefix all patterns share), and keeps a node for a run
// that starts where a pattern ends or matches an anchored rule; and that
// the trie walk and the cursor decide as the patterns say.
func TestRunTargets(t *testing.T) {
	tail := strings.Repeat("t", maxRun+10) // a tail cut in two runs
	for _, c := range []struct {
		pats  []string // a longer pattern ranks first, as in every dialect
		nodes int      // the dead node included
	}{
		{[]string{"/shop/a1", "/shop/b22", "/shop/c333" + tail}, 2}, // one branch
		{[]string{"/shop", "/shop/a1", "/shop/b22"}, 3},             // "/shop" ends where "/a1" and "/b22" branch
		{[]string{"/shop", "/shop/a1"}, 2},                          // a run from the end of "/shop"
		{[]string{"/shop$", "/shop/a1"}, 2},                         // the anchored end: a node of one octet
		{[]string{"/" + tail}, 1},                                   // a run target alone
	} {
		var pats []litPattern
		for i, p := range c.pats {
			lit, anchored := strings.CutSuffix(p, "$")
			pats = append(pats, litPattern{lit: lit, anchored: anchored, rule: int32(len(c.pats) - 1 - i)})
		}
		d := fromSorted(layOut(pats))
		if len(d.nodes) != c.nodes {
			t.Errorf("%q: %d nodes, want %d", c.pats, len(d.nodes), c.nodes)
		}
		for _, p := range pats {
			for _, in := range []string{p.lit, p.lit[:len(p.lit)-1], p.lit + "/x", p.lit[:len(p.lit)-1] + "?"} {
				want := int32(-1)
				for _, q := range pats {
					if (in == q.lit || !q.anchored && strings.HasPrefix(in, q.lit)) && better(q.rule, want) {
						want = q.rule
					}
				}
				st := testForms[0](in)
				if got, cur := d.walk(st), d.walkCursor(st); got != want || cur != want {
					t.Errorf("%q: %q matched %d (the cursor %d), want %d", c.pats, in, got, cur, want)
				}
			}
		}
	}
}

// TestLabelsBound checks the two bounds on a literal trie's labels:
// labelsBound, which bounds fromSorted's scratch, and six octets an edge,
// which maxRunTargetEdges rests on. The shapes include branches of two
// edges each followed by a one-octet run target, at every level, and one
// run cut at maxRun.
func TestLabelsBound(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	dense := []string{""}
	for range 6 {
		var next []string
		for _, p := range dense {
			next = append(next, p+"ax", p+"bx") // two edges, each then a run of one
		}
		dense = next
	}
	sets := [][]string{dense, {"/" + strings.Repeat("r", 3*maxRun+1)}}
	for range 200 {
		var set []string
		for range 1 + r.IntN(40) {
			p := "/"
			for range r.IntN(12) {
				p += string("abcd/"[r.IntN(5)])
			}
			set = append(set, p)
		}
		sets = append(sets, set)
	}
	for _, set := range sets {
		var pats []litPattern
		prefixes := map[string]bool{}
		for i, p := range set {
			pats = append(pats, litPattern{lit: p, rule: int32(i)})
			for j := 1; j <= len(p); j++ {
				prefixes[p[:j]] = true
			}
		}
		edges := len(prefixes)
		d := fromSorted(layOut(pats))
		if n := len(d.labels); n > labelsBound(edges, len(pats)) || n > 6*edges {
			t.Errorf("%d patterns, %d edges: %d octets of labels, bounds %d and %d", len(pats), edges, n, labelsBound(edges, len(pats)), 6*edges)
		}
		if &set[0] == &dense[0] {
			// The dense shape takes more than the room made first, so its
			// build grows the labels to the bound (labelRoom); it decides
			// as its patterns say.
			if n := len(d.labels); n <= labelsFirst(edges, len(pats)) {
				t.Errorf("the dense shape's labels take %d octets, within the %d made first: labelRoom's growth is not reached", n, labelsFirst(edges, len(pats)))
			}
			for _, p := range set {
				for _, in := range []string{p, p[:len(p)-1], p + "x"} {
					want := int32(-1)
					for _, q := range pats {
						if strings.HasPrefix(in, q.lit) && better(q.rule, want) {
							want = q.rule
						}
					}
					if got := d.walk(testForms[0](in)); got != want {
						t.Errorf("dense shape: %q matched %d, want %d", in, got, want)
					}
				}
			}
		}
	}
}

// TestSortInPlace checks that sortInPlace leaves each pattern where the
// keys sort it, as a sorted copy would, over random permutations with
// cycles of every length, and spends every key's index.
func TestSortInPlace(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for n := range 200 {
		pats := make([]pattern, n)
		for i := range pats {
			pats[i] = pattern{at: uint32(i), rule: int32(r.IntN(1000))}
		}
		keys := make([]sortKey, n)
		for j, i := range r.Perm(n) {
			keys[j] = sortKey{i: int32(i)}
		}
		want := make([]pattern, n)
		for j, k := range keys {
			want[j] = pats[k.i]
		}
		sortInPlace(pats, keys)
		if !slices.Equal(pats, want) {
			t.Fatalf("%d patterns: sorted in place %v, want %v", n, pats, want)
		}
		for j, k := range keys {
			if k.i != -1 {
				t.Fatalf("%d patterns: key %d keeps its index %d", n, j, k.i)
			}
		}
	}
}

// TestNodesPastFirstRoom checks a literal trie of more nodes than
// fromSorted first makes room for (half a node a pattern, see its
// nodeBound): nested patterns, each a prefix of the next, longer ones
// ranked first, so that every pattern's end is a node, with a branch
// of anchored and plain patterns on each. Every input decides as the
// patterns say.
func TestNodesPastFirstRoom(t *testing.T) {
	var pats []litPattern
	for i := range 600 {
		p := "/" + strings.Repeat("a", i)
		pats = append(pats, litPattern{lit: p, rule: int32(3 * (600 - i))})
		pats = append(pats, litPattern{lit: p + "b", anchored: true, rule: int32(3*(600-i) + 1)})
	}
	d := fromSorted(layOut(pats))
	if first := len(pats)/2 + 64; len(d.nodes) <= first {
		t.Fatalf("%d nodes for %d patterns: no more than the %d fromSorted first makes room for", len(d.nodes), len(pats), first)
	}
	for _, in := range []string{"/", "/a", "/ab", "/abx", "/" + strings.Repeat("a", 300) + "b", "/" + strings.Repeat("a", 300) + "bb", "/" + strings.Repeat("a", 700)} {
		want := int32(-1)
		for _, q := range pats {
			if (in == q.lit || !q.anchored && strings.HasPrefix(in, q.lit)) && better(q.rule, want) {
				want = q.rule
			}
		}
		st := testForms[0](in)
		if got := d.walk(st); got != want {
			t.Errorf("%q matched %d, want %d", in, got, want)
		}
	}
}
