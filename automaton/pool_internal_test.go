package automaton

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"
)

// TestPoolSlots checks that the first slot serves a pool used by one
// goroutine at a time without allocating the others, that overlapping
// claims get the spare slots, each its own object, and that a claim
// beyond all slots waits for one to be given back rather than allocating.
func TestPoolSlots(t *testing.T) {
	allocs := 0
	p := newPool(func() *int { allocs++; return new(int) }, 8)
	for range 3 {
		if v, i := p.get(); i != 0 || v != p.first.v {
			t.Fatalf("get on an idle pool: slot %d, want 0", i)
		}
		p.put(0)
	}
	if p.more.Load() != nil || allocs != 1 {
		t.Fatalf("one goroutine at a time: other slots %v, %d objects; want none, 1", p.more.Load(), allocs)
	}
	n := 1 + p.spares
	if want := 2 * runtime.GOMAXPROCS(0); n != want {
		t.Fatalf("%d slots for objects of 8 bytes, want %d", n, want)
	}
	seen := map[*int]bool{}
	var slots []int
	for k := range n {
		v, i := p.get()
		if i != k || seen[v] {
			t.Fatalf("claim %d: slot %d (object seen before: %v), want slot %d and a new object", k, i, seen[v], k)
		}
		seen[v] = true
		slots = append(slots, i)
	}
	// Every slot is busy: the next claim waits until slot 1 is given back.
	got := make(chan int)
	go func() {
		_, i := p.get()
		got <- i
	}()
	runtime.Gosched()
	p.put(1)
	if i := <-got; i != 1 {
		t.Fatalf("claim after slot 1 was given back: slot %d, want 1", i)
	}
	if allocs != n {
		t.Errorf("%d objects allocated for %d slots", allocs, n)
	}
	p.put(1)
	for _, i := range slots {
		if i != 1 {
			p.put(i)
		}
	}
	if v, i := p.get(); i != 0 || v != p.first.v {
		t.Errorf("get after all put back: slot %d, want 0", i)
	}
}

// TestPoolSpareBytes checks the bound on the spare slots' memory: objects
// too large for maxSpareBytes get no spare slot, so concurrent claims share
// the first, and smaller ones get as many as fit, up to 2·GOMAXPROCS-1.
func TestPoolSpareBytes(t *testing.T) {
	for _, tt := range []struct{ size, procs, want int }{
		{8, 1, 1},
		{8, 4, 7},
		{maxSpareBytes / 3, 4, 3},
		{maxSpareBytes, 4, 1},
		{maxSpareBytes + 1, 4, 0},
		{2 << 20, 64, 0},
		{0, 2, 3},
	} {
		if got := spareSlots(tt.size, tt.procs); got != tt.want {
			t.Errorf("spareSlots(%d, %d) = %d, want %d", tt.size, tt.procs, got, tt.want)
		}
	}

	// 64 goroutines claiming objects of maxSpareBytes+1 bytes at once use
	// the first slot only, one at a time, and allocate nothing more.
	var allocs, inside, most atomic.Int32
	p := newPool(func() *[8]byte { allocs.Add(1); return new([8]byte) }, maxSpareBytes+1)
	var wg sync.WaitGroup
	for range 64 {
		wg.Go(func() {
			for range 20 {
				_, i := p.get()
				n := inside.Add(1)
				for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
				}
				runtime.Gosched()
				inside.Add(-1)
				p.put(i)
			}
		})
	}
	wg.Wait()
	if allocs.Load() != 1 || most.Load() != 1 {
		t.Errorf("64 goroutines on a pool of large objects: %d objects, %d claims at once; want 1, 1", allocs.Load(), most.Load())
	}
}

// TestScratchBytes checks that the segment tier states the size of its
// scratch as newScratch allocates it, since that size bounds the pool.
func TestScratchBytes(t *testing.T) {
	var rules []Rule
	for i := range 300 {
		rules = append(rules, Rule{Pattern: "/*a" + string(rune('a'+i%26)) + "*b" + string(rune('a'+i/26)) + "$", Rank: i})
	}
	rules = append(rules, Rule{Pattern: "/x*" + string(make([]byte, 2000)) + "*y"})
	m := Compile(rules, Limits{})
	if m.Stats().Tier != TierSegments {
		t.Fatalf("tier %v, want segments", m.Stats().Tier)
	}
	s := m.seg
	sc := s.newScratch()
	size := func(n int, elem uintptr) int { return n * int(elem) }
	got := size(len(sc.reached), unsafe.Sizeof(reach{})) + size(len(sc.queue), unsafe.Sizeof(squeue{})) +
		size(len(sc.live.lo)+len(sc.live.hi), unsafe.Sizeof(sword{})) + size(len(sc.wait), unsafe.Sizeof(swait{})) +
		size(len(sc.ring), unsafe.Sizeof(rhead{})) + size(len(sc.next)+len(sc.at)+len(sc.pos), 4) + size(len(sc.taken), 4)
	if want := s.scratchBytes(); got != want {
		t.Errorf("newScratch allocates %d bytes, scratchBytes says %d", got, want)
	}
}

// TestPoolSpread checks a pool whose claims start at a slot the goroutine
// picks (the shared scratch's): each claim holds its object alone, and no
// more objects are made than there are slots, however many goroutines
// claim at once.
func TestPoolSpread(t *testing.T) {
	var allocs atomic.Int32
	p := newPool(func() *atomic.Int32 { allocs.Add(1); return new(atomic.Int32) }, 8)
	p.spread = true
	var wg sync.WaitGroup
	var clash atomic.Bool
	for range 64 {
		wg.Go(func() {
			for range 200 {
				v, i := p.get()
				if v.Add(1) != 1 {
					clash.Store(true)
				}
				runtime.Gosched()
				v.Add(-1)
				p.put(i)
			}
		})
	}
	wg.Wait()
	if clash.Load() {
		t.Error("two claims held one object at once")
	}
	if n := int(allocs.Load()); n > 1+p.spares {
		t.Errorf("%d objects for %d slots", n, 1+p.spares)
	}
}

// TestPoolSpreadNoOverlap checks that claims on a spread pool by
// goroutines that never overlap, whatever slots they pick, take the first
// slot and make no object: only walks at once fill spare slots.
func TestPoolSpreadNoOverlap(t *testing.T) {
	var allocs atomic.Int32
	p := newPool(func() *atomic.Int32 { allocs.Add(1); return new(atomic.Int32) }, 8)
	p.spread = true
	for g := range 64 {
		done := make(chan struct{})
		go func() {
			defer close(done)
			growStack(1 + g%7) // stacks of other sizes too
			for range 10 {
				v, i := p.get()
				if i != 0 {
					t.Errorf("a claim without overlap took slot %d", i)
				}
				v.Add(1)
				p.put(i)
			}
		}()
		<-done
	}
	if n := allocs.Load(); n != 1 {
		t.Errorf("%d objects made without overlap, want the first alone", n)
	}
	if p.more.Load() != nil {
		t.Error("spare slots made without overlap")
	}
}
