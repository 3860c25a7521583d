package robots

import (
	"runtime"
	"sync/atomic"
)

// scratch hands out the per-walk state of the automaton tiers that need one
// (segments, NFA). A sync.Pool would allocate again after every garbage
// collection empties it; scratch keeps its objects for the Matcher's
// lifetime instead, in a fixed set of slots claimed with one atomic
// compare-and-swap, so a Decide neither locks nor allocates unless more
// goroutines decide at once than there are slots.
type scratch[T any] struct {
	slots []scratchSlot[T]
	alloc func() *T
}

type scratchSlot[T any] struct {
	busy atomic.Bool
	v    *T
	_    [48]byte // one slot per cache line: no false sharing between cores
}

func newScratch[T any](alloc func() *T) *scratch[T] {
	return &scratch[T]{slots: make([]scratchSlot[T], 2*runtime.GOMAXPROCS(0)), alloc: alloc}
}

// get claims a scratch object. The caller gives it back with put and the
// slot index get returned, -1 for an object allocated for this call alone.
func (s *scratch[T]) get() (*T, int) {
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
func (s *scratch[T]) put(i int) {
	if i >= 0 {
		s.slots[i].busy.Store(false)
	}
}
