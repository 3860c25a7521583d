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
//
// A crawler keeps a Machine per host and most are used by one goroutine
// at a time, so only the first slot is part of the pool; the others, one
// cache line each, are allocated together the first time two goroutines
// overlap, rather than 2·GOMAXPROCS of them for every Machine up front.
type pool[T any] struct {
	first poolSlot[T]
	more  atomic.Pointer[[]poolSlot[T]] // 2·GOMAXPROCS-1 slots, once goroutines have overlapped
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
	p := &pool[T]{alloc: alloc}
	p.first.v = alloc()
	return p
}

// get claims a scratch object. The caller gives it back with put and the
// slot index get returned, -1 for an object allocated for this call alone.
func (s *pool[T]) get() (*T, int) {
	if sl := &s.first; !sl.busy.Load() && sl.busy.CompareAndSwap(false, true) {
		return sl.v, 0
	}
	more := s.more.Load()
	if more == nil {
		slots := make([]poolSlot[T], max(2*runtime.GOMAXPROCS(0)-1, 1))
		if !s.more.CompareAndSwap(nil, &slots) {
			more = s.more.Load() // another goroutine's, which holds its claims
		} else {
			more = &slots
		}
	}
	for i := range *more {
		sl := &(*more)[i]
		if !sl.busy.Load() && sl.busy.CompareAndSwap(false, true) {
			if sl.v == nil {
				sl.v = s.alloc()
			}
			return sl.v, i + 1
		}
	}
	return s.alloc(), -1
}

// put gives back the object of slot i.
func (s *pool[T]) put(i int) {
	switch {
	case i == 0:
		s.first.busy.Store(false)
	case i > 0:
		(*s.more.Load())[i-1].busy.Store(false)
	}
}
