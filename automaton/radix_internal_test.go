package automaton

import (
	"math/rand/v2"
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
