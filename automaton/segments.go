package automaton

import (
	"strings"
	"unsafe"
)

// This file is the tier for wildcard patterns whose union is too large for
// a DFA (real files have them: a few dozen rules "/*A_i*B_i" already need
// 2^k states). A wildcard pattern S0*S1*...*Sn matches when S0 is a prefix of
// the input and S1, ..., Sn occur in order after it, each at its earliest
// occurrence after the one before (greedy is exact for globs); with a final
// '$', Sn must end the input. One scanner DFA over all the distinct segments
// (an Aho-Corasick automaton: one state per segment prefix) reports at each
// octet which segments end there, and each occurrence advances the patterns
// waiting for it. The time per octet is one DFA step plus the patterns that
// wait on the segments ending there, linear in the input; the scratch is two
// integers per pattern.

// Segments runs the wildcard patterns of a Machine at TierSegments.
type Segments struct {
	scan    *DFA
	seglen  []int32    // octets in each scanner pattern
	leading []bool     // per scanner pattern: it is a leading segment
	waiters [][]waiter // per scanner pattern: the wildcard patterns it advances
	tails   [][]waiter // per scanner pattern: anchored patterns it can end
	first   []int32    // per wildcard pattern: index of its first segment to find
	nsegs   []int32    // per wildcard pattern: its number of segments
	rule    []int32    // per wildcard pattern: its rule
	orig    []int32    // place in the ranking -> the caller's index
}

type waiter struct {
	pat int32 // wildcard pattern
	k   int32 // the index of the segment it waits for
}

func buildSegments(pats []pattern, orig []int32) *Segments {
	s := &Segments{orig: orig}
	// Scanner patterns: "S0" for a leading segment (it must start the
	// input) and "*S" for the others; one id per distinct pattern.
	ids := map[string]int32{}
	var scan []pattern
	id := func(p string) int32 {
		if i, ok := ids[p]; ok {
			return i
		}
		i := int32(len(scan))
		ids[p] = i
		scan = append(scan, pattern{lit: p, rule: i})
		s.seglen = append(s.seglen, int32(len(strings.TrimPrefix(p, "*"))))
		s.leading = append(s.leading, !strings.HasPrefix(p, "*"))
		s.waiters = append(s.waiters, nil)
		s.tails = append(s.tails, nil)
		return i
	}
	for pi, p := range pats {
		segs := strings.Split(p.lit, "*")
		first := int32(0)
		if segs[0] == "" {
			first = 1 // a leading '*': nothing to find at the start
		}
		for k, seg := range segs {
			if k < int(first) {
				continue
			}
			var sid int32
			if k == 0 {
				sid = id(seg)
			} else {
				sid = id("*" + seg)
			}
			w := waiter{pat: int32(pi), k: int32(k)}
			if p.anchored && k == len(segs)-1 {
				s.tails[sid] = append(s.tails[sid], w)
			} else {
				s.waiters[sid] = append(s.waiters[sid], w)
			}
		}
		s.first = append(s.first, first)
		s.nsegs = append(s.nsegs, int32(len(segs)))
		s.rule = append(s.rule, p.rule)
	}
	s.scan = buildScanner(scan)
	return s
}

// load is the most wildcard patterns that wait on one segment that can
// occur more than once: an upper bound of the patterns one occurrence visits.
// Leading segments match only at the start of the input, once per walk, so
// they do not count.
func (s *Segments) load() int {
	n := 0
	for i := range s.waiters {
		if s.leading[i] {
			continue
		}
		n = max(n, len(s.waiters[i])+len(s.tails[i]))
	}
	return n
}

func (s *Segments) size() int {
	n := int(unsafe.Sizeof(*s)) + s.scan.size() + 4*len(s.seglen) + 12*len(s.first)
	for i := range s.waiters {
		n += 24*2 + 8*(len(s.waiters[i])+len(s.tails[i]))
	}
	return n
}

// SegmentState is the scratch a Segments walk needs: the progress of each
// wildcard pattern. Get one from NewState and reuse it.
type SegmentState struct {
	k, ready []int32
	gen      []uint32
	g        uint32
}

// NewState returns scratch space for walking s.
func (s *Segments) NewState() *SegmentState {
	n := len(s.first)
	return &SegmentState{k: make([]int32, n), ready: make([]int32, n), gen: make([]uint32, n)}
}

// A SegmentCursor walks Segments over an input, one octet at a time.
type SegmentCursor struct {
	s    *Segments
	st   *SegmentState
	c    Cursor
	n    int32 // octets read
	best int32
}

// Cursor starts a walk with the given scratch, which the walk owns until it
// ends.
func (s *Segments) Cursor(st *SegmentState) SegmentCursor {
	st.g++
	if st.g == 0 { // wrapped: every pattern's progress must be reset once
		clear(st.gen)
		st.g = 1
	}
	c := SegmentCursor{s: s, st: st, c: s.scan.Cursor(), best: -1}
	c.occur()
	return c
}

// progress returns pattern p's next segment and where it may start.
func (c *SegmentCursor) progress(p int32) (k, ready int32) {
	if c.st.gen[p] != c.st.g {
		return c.s.first[p], 0
	}
	return c.st.k[p], c.st.ready[p]
}

// occur advances the patterns waiting on the segments that end at the
// octet just read (or, at the start, the empty leading segments).
func (c *SegmentCursor) occur() {
	sc := c.s.scan
	if c.c.pos != 0 {
		return // inside a run: nothing ends here
	}
	node := c.c.s
	for _, sid := range sc.outs[sc.outAt[node]:sc.outAt[node+1]] {
		start := c.n - c.s.seglen[sid]
		for _, w := range c.s.waiters[sid] {
			k, ready := c.progress(w.pat)
			if k != w.k || start < ready {
				continue
			}
			k++
			if k == c.s.nsegs[w.pat] {
				if r := c.s.rule[w.pat]; better(r, c.best) {
					c.best = r
				}
			}
			c.st.k[w.pat], c.st.ready[w.pat], c.st.gen[w.pat] = k, c.n, c.st.g
		}
	}
}

// Step feeds one octet.
func (c *SegmentCursor) Step(x byte) {
	c.c.Step(x)
	c.n++
	c.occur()
}

// Result returns the best rule matched, given that the input ends here, as
// the caller's index, or -1.
func (c *SegmentCursor) Result() int32 {
	best := c.best
	sc := c.s.scan
	node := c.c.s
	if c.c.pos != 0 {
		node = -1 // inside a run: no segment ends here
	}
	for _, sid := range sc.outsOf(node) {
		start := c.n - c.s.seglen[sid]
		for _, w := range c.s.tails[sid] {
			if k, ready := c.progress(w.pat); k == w.k && start >= ready {
				if r := c.s.rule[w.pat]; better(r, best) {
					best = r
				}
			}
		}
	}
	if best < 0 {
		return -1
	}
	return c.s.orig[best]
}
