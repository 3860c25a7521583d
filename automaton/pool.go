package automaton

import (
	"runtime"
	"sync/atomic"
	"unsafe"
)

// pool hands out the per-walk scratch of the tiers that need one
// (segments, NFA). A sync.Pool would allocate again after every garbage
// collection empties it; pool keeps its objects for the Machine's
// lifetime instead, in a fixed set of slots claimed with one atomic
// compare-and-swap, so a Match neither locks nor allocates.
//
// A crawler keeps a Machine per host and most are used by one goroutine
// at a time, so only the first slot is part of the pool; the others, one
// cache line each, are allocated together the first time two goroutines
// overlap, and each fills its object the first time it is claimed. How
// many there are is bounded by their memory: the spare slots' objects
// take at most maxSpareBytes (1 MiB) in all, and at most 2·GOMAXPROCS-1
// of them, so a Machine whose scratch is larger than that (a hostile file
// of tens of thousands of wildcard segments needs about 2 MiB) has only
// its first. A claim that finds every slot busy waits for one, yielding
// the processor (runtime.Gosched) between tries: walks are short and
// bounded, and concurrent walks cost at most one scratch plus
// maxSpareBytes, whatever the number of goroutines, where allocating a
// scratch per waiting caller would not be bounded at all.
type pool[T any] struct {
	first  poolSlot[T]
	more   atomic.Pointer[[]poolSlot[T]] // the spare slots, once goroutines have overlapped
	spares int                           // how many spare slots there may be
	alloc  func() *T
	spread bool // claims start at a slot picked by the goroutine (see claim)
}

type poolSlot[T any] struct {
	busy atomic.Bool
	v    *T
	_    [48]byte // one slot per cache line: no false sharing between cores
}

// maxSpareBytes bounds the memory of a pool's spare slots' objects.
const maxSpareBytes = 1 << 20

// newPool returns a pool of objects of size bytes each whose first slot is
// filled: a Machine used by one goroutine at a time never allocates
// scratch after Compile, and each spare slot allocates once, when
// goroutines first overlap that much.
func newPool[T any](alloc func() *T, size int) *pool[T] {
	return newPoolWith(alloc(), alloc, size)
}

// newPoolWith is newPool with first as the first slot's object.
func newPoolWith[T any](first *T, alloc func() *T, size int) *pool[T] {
	p := &pool[T]{alloc: alloc, spares: spareSlots(size, runtime.GOMAXPROCS(0))}
	p.first.v = first
	return p
}

// spareSlots returns how many spare slots a pool of objects of size bytes
// has when procs goroutines can run at once: up to 2·procs-1, within
// maxSpareBytes.
func spareSlots(size, procs int) int {
	return min(2*procs-1, maxSpareBytes/max(size, 1))
}

// get claims a scratch object. The caller gives it back with put and the
// slot index get returned. When every slot is busy, get waits for one.
func (s *pool[T]) get() (*T, int) {
	if s.spread {
		if v, i := s.claim(); v != nil {
			return v, i
		}
	} else if sl := &s.first; !sl.busy.Load() && sl.busy.CompareAndSwap(false, true) {
		return sl.v, 0
	}
	return s.wait()
}

// claim tries the slot that the calling goroutine picks, for a pool that
// many goroutines share (spread): were every claim to start at the first
// slot, goroutines deciding at once on different Machines would contend
// for its cache line on every walk (a third slower with two). It returns
// nil when the slot is busy.
//
// A spare slot is filled only when walks overlap: a claim that picks a
// spare slot not yet filled, or before there are spare slots, takes the
// first slot if it is free, so that walks that never overlap allocate
// nothing, and fills its own spare slot only when the first is busy.
func (s *pool[T]) claim() (*T, int) {
	i := spreadIndex(1 + s.spares)
	var sl *poolSlot[T] // i's slot, held, when it is not filled
	if i > 0 {
		if more := s.more.Load(); more != nil {
			sl = &(*more)[i-1]
			if sl.busy.Load() || !sl.busy.CompareAndSwap(false, true) {
				return nil, 0
			}
			if sl.v != nil {
				return sl.v, i
			}
		}
	}
	if f := &s.first; !f.busy.Load() && f.busy.CompareAndSwap(false, true) {
		if sl != nil {
			sl.busy.Store(false)
		}
		return f.v, 0
	}
	// The first slot is busy: walks overlap.
	if i == 0 {
		return nil, 0
	}
	if sl == nil {
		sl = &s.moreSlots()[i-1]
		if sl.busy.Load() || !sl.busy.CompareAndSwap(false, true) {
			return nil, 0
		}
	}
	if sl.v == nil {
		sl.v = s.alloc()
	}
	return sl.v, i
}

// spreadIndex picks one of n slots for the calling goroutine: a hash of the
// address of a variable on its stack, which differs between goroutines and
// stays the same within one, so that goroutines spread over the slots and
// each mostly finds the slot it used last.
func spreadIndex(n int) int {
	var here byte
	h := uint64(uintptr(unsafe.Pointer(&here))) >> 10 * 0x9e3779b97f4a7c15
	return int((h >> 32) % uint64(n))
}

// moreSlots returns the spare slots, allocating them the first time.
func (s *pool[T]) moreSlots() []poolSlot[T] {
	p := s.more.Load()
	if p == nil {
		slots := make([]poolSlot[T], s.spares)
		if !s.more.CompareAndSwap(nil, &slots) {
			p = s.more.Load() // another goroutine's, which holds its claims
		} else {
			p = &slots
		}
	}
	return *p
}

// wait is get once the first slot was found busy.
func (s *pool[T]) wait() (*T, int) {
	var more []poolSlot[T]
	if s.spares > 0 {
		more = s.moreSlots()
	}
	for {
		for i := range more {
			sl := &more[i]
			if !sl.busy.Load() && sl.busy.CompareAndSwap(false, true) {
				if sl.v == nil {
					sl.v = s.alloc()
				}
				return sl.v, i + 1
			}
		}
		runtime.Gosched()
		if sl := &s.first; !sl.busy.Load() && sl.busy.CompareAndSwap(false, true) {
			return sl.v, 0
		}
	}
}

// put gives back the object of slot i.
func (s *pool[T]) put(i int) {
	if i == 0 {
		s.first.busy.Store(false)
		return
	}
	(*s.more.Load())[i-1].busy.Store(false)
}
