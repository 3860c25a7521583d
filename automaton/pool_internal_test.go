package automaton

import (
	"runtime"
	"testing"
)

// TestPoolSlots checks that the first slot serves a pool used by one
// goroutine at a time without allocating the others, that overlapping
// claims get the other slots, each its own object, and that a claim
// beyond all slots gets an object of its own (-1).
func TestPoolSlots(t *testing.T) {
	allocs := 0
	p := newPool(func() *int { allocs++; return new(int) })
	for range 3 {
		if v, i := p.get(); i != 0 || v != p.first.v {
			t.Fatalf("get on an idle pool: slot %d, want 0", i)
		}
		p.put(0)
	}
	if p.more.Load() != nil || allocs != 1 {
		t.Fatalf("one goroutine at a time: other slots %v, %d objects; want none, 1", p.more.Load(), allocs)
	}
	n := 2 * runtime.GOMAXPROCS(0)
	seen := map[*int]bool{}
	var slots []int
	for k := range n + 1 {
		v, i := p.get()
		want := k
		if k == n {
			want = -1
		}
		if i != want || seen[v] {
			t.Fatalf("claim %d: slot %d (object seen before: %v), want slot %d and a new object", k, i, seen[v], want)
		}
		seen[v] = true
		slots = append(slots, i)
	}
	for _, i := range slots {
		p.put(i)
	}
	if v, i := p.get(); i != 0 || v != p.first.v {
		t.Errorf("get after all put back: slot %d, want 0", i)
	}
}
