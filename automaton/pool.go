package automaton

import (
	"runtime"
	"sync/atomic"
)

// pool hands out the per-walk scratch of the tiers that need one
// (segments, NFA). A sync.Pool would allocate again after every garbage
// collection empties it; pool keeps its objects for the Machine's
// lifetime instead, in a fixed set of slots claimed with one atomic
// compare-and-swap, so a Match neither locks nor allocates unless more
// goroutines decide at once than there are slots.
type pool[T any] struct {
	slots []poolSlot[T]
	alloc func() *T
}

type poolSlot[T any] struct {
	busy atomic.Bool
	v    *T
	_    [48]byte // one slot per cache line: no false sharing between cores
}

// newPool returns a pool whose first slot is filled: a Machine used by one
// goroutine at a time never allocates scratch after Compile, and each
// further slot allocates once, when goroutines first overlap that much.
func newPool[T any](alloc func() *T) *pool[T] {
	p := &pool[T]{slots: make([]poolSlot[T], 2*runtime.GOMAXPROCS(0)), alloc: alloc}
	p.slots[0].v = alloc()
	return p
}

// get claims a scratch object. The caller gives it back with put and the
// slot index get returned, -1 for an object allocated for this call alone.
func (s *pool[T]) get() (*T, int) {
	for i := range s.slots {
		sl := &s.slots[i]
		if !sl.busy.Load() && sl.busy.CompareAndSwap(false, true) {
			if sl.v == nil {
				sl.v = s.alloc()
			}
			return sl.v, i
		}
	}
	return s.alloc(), -1
}

// put gives back the object of slot i.
func (s *pool[T]) put(i int) {
	if i >= 0 {
		s.slots[i].busy.Store(false)
	}
}
