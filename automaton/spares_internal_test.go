package automaton

import (
	"fmt"
	"slices"
	"testing"
)

// TestPrepareDedup checks that prepare keeps the first of identical
// wildcard patterns, by comparison below smallDedup of them and through
// its index table above, that it tells an anchored pattern from the same
// octets unanchored, and that it keeps identical literal patterns.
func TestPrepareDedup(t *testing.T) {
	for _, distinct := range []int{3, 31, 32, 33, 200} {
		var pats []string
		for round := range 3 {
			for i := range distinct {
				p := fmt.Sprintf("/*a%d*b", i)
				if round == 1 {
					p += "$"
				}
				pats = append(pats, p, "/lit")
			}
		}
		_, got := prepareAll(pats)
		var rules []int32
		for _, p := range got {
			rules = append(rules, p.rule)
		}
		var want []int32 // the first two rounds, and every literal
		for i := range pats {
			if i < 4*distinct || pats[i] == "/lit" {
				want = append(want, int32(i))
			}
		}
		if !slices.Equal(rules, want) {
			t.Errorf("%d distinct: kept %v, want %v", distinct, rules, want)
		}
	}
}

// TestSparesReuse checks that a buffer given back serves a later request
// it holds, the smallest that fits, zeroed, and that a larger request
// gets a new one.
func TestSparesReuse(t *testing.T) {
	var sp spares
	small, large := sp.get(10), sp.get(100)
	small[3], large[7] = 5, 9
	sp.put(large, small)
	if b := sp.get(8); cap(b) != cap(small) || b[3] != 0 {
		t.Errorf("get(8) = cap %d %v, want the small buffer, zeroed", cap(b), b)
	}
	if b := sp.get(50); cap(b) != cap(large) || len(b) != 50 || b[7] != 0 {
		t.Errorf("get(50) = len %d cap %d, want the large buffer, zeroed", len(b), cap(b))
	}
	if b := sp.get(200); len(b) != 200 || len(sp.free) != 0 {
		t.Errorf("get(200) = len %d with %d free, want a new buffer", len(b), len(sp.free))
	}
}

// TestSparesKeep checks that keep takes a buffer given back only when it
// holds the request with at most an eighth to spare, the smallest such,
// zeroed and gone from the list, and otherwise takes none.
func TestSparesKeep(t *testing.T) {
	var sp spares
	a, b, c := sp.get(100), sp.get(112), sp.get(113)
	a[0], b[5], c[9] = 1, 2, 3
	sp.put(c, b, a)
	if got := sp.keep(101); got == nil || cap(got) != cap(b) || len(got) != 101 || got[5] != 0 {
		t.Errorf("keep(101) = len %d cap %d, want the buffer of 112, zeroed", len(got), cap(got))
	}
	if len(sp.free) != 2 {
		t.Errorf("keep left %d buffers free, want 2", len(sp.free))
	}
	if got := sp.keep(100); got == nil || cap(got) != cap(a) || got[0] != 0 {
		t.Errorf("keep(100) = cap %d, want the buffer of 100, zeroed", cap(got))
	}
	if got := sp.keep(50); got != nil {
		t.Errorf("keep(50) took a buffer of %d, more than an eighth above", cap(got))
	}
	if got := sp.keep(114); got != nil || len(sp.free) != 1 {
		t.Errorf("keep(114) took a buffer of %d, leaving %d free; want none taken", cap(got), len(sp.free))
	}
}

// TestIndexTable checks lookups and adds in a table filled to its
// capacity with keys whose hashes collide in their low bits.
func TestIndexTable(t *testing.T) {
	const n = 1000
	keys := make([]uint64, n)
	tab := newIndexTable(n, new(spares))
	if len(tab.slots) <= n+n/2 {
		t.Fatalf("%d slots for %d indices", len(tab.slots), n)
	}
	for i := range keys {
		keys[i] = uint64(i) << 20
		j, at := tab.lookup(keys[i], func(k int32) bool { return keys[k] == keys[i] })
		if j >= 0 {
			t.Fatalf("key %d found before it was added, as %d", i, j)
		}
		tab.add(at, int32(i))
	}
	for i := range keys {
		if j, _ := tab.lookup(keys[i], func(k int32) bool { return keys[k] == keys[i] }); j != int32(i) {
			t.Errorf("key %d: found %d", i, j)
		}
	}
}
