package automaton

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRadixChains checks the table of chains as the trie grows past it:
// after random paths, many sharing their first segments so that they
// part deep and split edges, every chain is found by its star node and
// first segment, no two chains share both, and the table holds exactly
// the chains, however many times it doubled.
func TestRadixChains(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	grew := 0
	for iter := range 200 {
		var segs, lens []int32
		var prev [][]int32
		alpha := int32(1 + r.IntN(4))
		pats := 1 + r.IntN(300)
		for range pats {
			var p []int32
			if len(prev) > 0 && r.IntN(3) > 0 {
				from := prev[r.IntN(len(prev))]
				p = append(p, from[:1+r.IntN(len(from))]...)
			}
			for range 1 + r.IntN(8) {
				p = append(p, r.Int32N(alpha))
			}
			prev = append(prev, p)
			segs = append(segs, p...)
			lens = append(lens, int32(len(p)))
		}
		sp := new(spares)
		rt := newRadix(pats, segs, sp)
		first := len(rt.seen.slots)
		off := int32(0)
		for k, n := range lens {
			to := int32(endEdge)
			if k%2 == 0 {
				to = tailEdge
			}
			rt.insert(0, off, n, to, int32(k))
			off += n
		}
		if len(rt.seen.slots) > first {
			grew++
		}
		type key struct{ from, seg int32 }
		chains := map[key]int32{}
		for j := range rt.edges {
			e := &rt.edges[j]
			if !e.chain() {
				continue
			}
			k := key{e.from, rt.segs[e.off]}
			if i, dup := chains[k]; dup {
				t.Fatalf("iteration %d: chains %d and %d both leave node %d on segment %d", iter, i, j, k.from, k.seg)
			}
			chains[k] = int32(j)
			if got, _ := rt.find(e.from, rt.segs[e.off]); got != int32(j) {
				t.Fatalf("iteration %d: chain %d (node %d, segment %d) found as %d", iter, j, k.from, k.seg, got)
			}
		}
		held := 0
		for _, v := range rt.seen.slots {
			if v != 0 {
				held++
			}
		}
		if held != len(chains) || rt.chains != len(chains) {
			t.Fatalf("iteration %d: table holds %d, counts %d, for %d chains", iter, held, rt.chains, len(chains))
		}
	}
	if grew == 0 {
		t.Fatal("no table doubled: the test does not reach the growth")
	}
}

// TestRadixPaths checks the paths finish lays out: every pattern, followed
// from the start node edge by edge, each edge over its first segment and
// then its path, ends on an edge of its own rule. The trie is not spelt
// out, so long paths are kept; where they hold at least half the
// patterns' segments the trie keeps that table itself (no copy),
// otherwise a copy of the paths alone, end to end. Both happen.
func TestRadixPaths(t *testing.T) {
	defer func(n int) { spellOut = n }(spellOut)
	spellOut = 0
	r := rand.New(rand.NewPCG(9, 10))
	kinds := map[bool]int{}
	for iter := range 300 {
		var segs, lens []int32
		var pats [][]int32
		alpha := int32(1 + r.IntN(6))
		long := r.IntN(2) == 0 // patterns of many segments, or of few
		for range 1 + r.IntN(200) {
			var p []int32
			if len(pats) > 0 && r.IntN(3) > 0 {
				from := pats[r.IntN(len(pats))]
				p = append(p, from[:1+r.IntN(len(from))]...)
			}
			n := 1 + r.IntN(2)
			if long {
				n = 1 + r.IntN(20)
			}
			for range n {
				p = append(p, r.Int32N(alpha))
			}
			pats = append(pats, p)
			segs = append(segs, p...)
			lens = append(lens, int32(len(p)))
		}
		sp := new(spares)
		rt := newRadix(len(pats), segs, sp)
		off := int32(0)
		for k, n := range lens {
			rt.insert(0, off, n, endEdge, int32(k))
			off += n
		}
		elided := 0
		for _, e := range rt.edges {
			elided += int(e.n) - 1
		}
		s := &segments{}
		edges, renum := rt.finish(s, sp)
		sp.put(renum)
		if elided == 0 {
			if s.pathAt != nil {
				t.Fatalf("iteration %d: no path, yet paths kept", iter)
			}
			continue
		}
		shared := 2*elided >= len(segs)
		kinds[shared]++
		switch {
		case shared && (len(s.path) != len(segs) || &s.path[0] != &segs[0]):
			t.Fatalf("iteration %d: %d of %d segments on paths, yet the paths are a copy", iter, elided, len(segs))
		case !shared && len(s.path) != elided:
			t.Fatalf("iteration %d: %d of %d segments on paths, copied to %d", iter, elided, len(segs), len(s.path))
		}
		for k, p := range pats {
			if !followed(s, edges, p, int32(k)) {
				t.Fatalf("iteration %d (shared %v): pattern %d %v is not on the trie", iter, shared, k, p)
			}
		}
	}
	if kinds[true] == 0 || kinds[false] == 0 {
		t.Fatalf("paths shared %d times, copied %d: the test does not reach both", kinds[true], kinds[false])
	}
}

// followed reports whether pattern p, of rule k, is on the trie of s: from
// the start node, edge by edge, each over its first segment and then its
// path, to an edge that ends p for k.
func followed(s *segments, edges []sedge, p []int32, k int32) bool {
	var from func(v int32, p []int32) bool
	from = func(v int32, p []int32) bool {
		for e := s.edgeAt[v]; e < s.edgeAt[v+1]; e++ {
			ed := &edges[e]
			path := []int32{ed.seg}
			at, n := s.span(e)
			path = append(path, s.path[at:at+n]...)
			if len(path) > len(p) || !slices.Equal(path, p[:len(path)]) {
				continue
			}
			switch {
			case ed.to < 0 && len(path) == len(p) && ed.rule == k:
				return true
			case ed.to >= 0 && len(path) < len(p) && from(ed.to, p[len(path):]):
				return true
			}
		}
		return false
	}
	return from(0, p)
}
