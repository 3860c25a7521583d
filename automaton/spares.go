package automaton

import "math/bits"

// This file holds what the builds share to keep their transient memory
// small: a free list of int32 buffers, handed from one phase of a build to
// the next, and an open-addressing table of int32 indices.
//
// A build runs in phases (a trie, its flat form, its chains, the edges
// grouped), each needing a few arrays of one int32 per node, segment or
// edge that the next phase no longer reads. The collector rarely runs
// within a build of a few milliseconds, so what a build allocates in all,
// not what it holds at once, is what the heap grows by: a buffer given back
// to spares serves the next phase instead of a new one.

// spares is a free list of int32 buffers. It also carries, from one
// class's build to the next, what the builds of the Compile cost, as
// predicted, against the compile budget (buildBudget).
type spares struct {
	free     [][]int32
	segBytes int // the plans and literal DFAs of every class, and the segment matchers built so far
}

// get returns a buffer of n zeros: the smallest buffer given back that
// holds n, or a new one.
func (sp *spares) get(n int) []int32 {
	best := -1
	for i, b := range sp.free {
		if cap(b) >= n && (best < 0 || cap(b) < cap(sp.free[best])) {
			best = i
		}
	}
	if best < 0 {
		return make([]int32, n)
	}
	return sp.take(best, n)
}

// keep returns a buffer of n zeros for the caller to keep past the build:
// the smallest buffer given back that holds n, when it holds at most an
// eighth more, else nil. A build that ends with its scratch's buffers
// given back hands them to what the Machine keeps (see
// scratchShape.allocFrom) rather than allocating as much again, but
// keeps no buffer much larger than it needs: the Machine holds it as long
// as it lives.
func (sp *spares) keep(n int) []int32 {
	best := -1
	for i, b := range sp.free {
		if c := cap(b); c >= n && c <= n+n/8 && (best < 0 || c < cap(sp.free[best])) {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	return sp.take(best, n)
}

// take removes free buffer i from the list and returns it as n zeros.
func (sp *spares) take(i, n int) []int32 {
	b := sp.free[i][:n]
	last := len(sp.free) - 1
	sp.free[i], sp.free[last] = sp.free[last], nil
	sp.free = sp.free[:last]
	clear(b)
	return b
}

// put gives back buffers that their owner no longer reads.
func (sp *spares) put(bufs ...[]int32) {
	for _, b := range bufs {
		if cap(b) > 0 {
			sp.free = append(sp.free, b[:0])
		}
	}
}

// An indexTable is a set of int32 indices into the caller's records,
// hashed and compared by the caller, in open addressing with linear
// probing: 4 bytes per slot, at most two thirds of them used, against
// about 20 per entry in a map keyed by the records.
type indexTable struct {
	slots []int32 // index+1, or 0 for an empty slot
	shift uint    // 64 minus log₂ len(slots)
}

// newIndexTable returns a table for at most n indices, its slots from sp.
func newIndexTable(n int, sp *spares) indexTable {
	lg := max(bits.Len(uint(n+n/2)), 3) // more than 1.5·n slots
	return indexTable{slots: sp.get(1 << lg), shift: uint(64 - lg)}
}

// lookup returns the index in the table for which eq holds among those of
// hash h, or -1 and the slot where add stores it.
func (t *indexTable) lookup(h uint64, eq func(int32) bool) (int32, int) {
	mask := len(t.slots) - 1
	for i := int(mix(h) >> t.shift); ; i = (i + 1) & mask {
		v := t.slots[i]
		if v == 0 {
			return -1, i
		}
		if eq(v - 1) {
			return v - 1, i
		}
	}
}

// add stores index x at slot i, as lookup returned it.
func (t *indexTable) add(i int, x int32) { t.slots[i] = x + 1 }

// grow doubles the table, its slots from sp, and gives the old slots back;
// key returns the hash of the index each slot holds, as lookup was given it.
func (t *indexTable) grow(sp *spares, key func(int32) uint64) {
	old := t.slots
	t.slots, t.shift = sp.get(2*len(old)), t.shift-1
	mask := len(t.slots) - 1
	for _, v := range old {
		if v == 0 {
			continue
		}
		i := int(mix(key(v-1)) >> t.shift)
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = v
	}
	sp.put(old)
}

// mix scrambles the bits of h (the finalizer of splitmix64), so that keys
// that differ in a few low bits, or in steps, spread over the table.
func mix(h uint64) uint64 {
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	return h
}
