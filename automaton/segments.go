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
// '$', Sn must end the input.
//
// The patterns form a trie at the level of segments: a star node stands for
// a prefix "S0*...*Sk*" shared by any number of patterns, and its edges are
// the segments that follow it, to the next star node or to a pattern's end.
// One scanner DFA over all the distinct segments (an Aho-Corasick automaton)
// reports at each octet which segments end there. A walk records, for each
// star node, the earliest position it was reached (greedy: the earliest is
// the best), and an occurrence of a segment follows the edges labelled with
// it from star nodes reached before it starts. The time per octet is one DFA
// step plus the edges labelled with the segments ending there, linear in the
// input; the scratch is two integers per star node.

// Segments runs the wildcard patterns of a Machine at TierSegments.
type Segments struct {
	scan    *DFA
	seglen  []int32  // octets in each scanner pattern
	leading []bool   // per scanner pattern: it is a leading segment
	edges   [][]edge // per scanner pattern: the edges it labels
	tails   [][]edge // per scanner pattern: edges that must end the input
	nodes   int      // star nodes; node 0 is the start, reached before the input
	orig    []int32  // place in the ranking -> the caller's index
}

// An edge leads from star node from, over a segment, to star node to, or
// (to < 0) to the end of the pattern of rule.
type edge struct {
	from, to int32
	rule     int32 // place in the ranking, when to < 0
}

func buildSegments(pats []pattern, orig []int32) *Segments {
	s := &Segments{orig: orig, nodes: 1}
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
		s.edges = append(s.edges, nil)
		s.tails = append(s.tails, nil)
		return i
	}
	// Star nodes by the prefix they stand for; edges by (node, segment).
	stars := map[string]int32{"": 0}
	type key struct{ from, seg int32 }
	seen := map[key]int32{} // -> the star node the edge leads to
	for _, p := range pats {
		segs := strings.Split(p.lit, "*")
		from := int32(0)
		for k, seg := range segs {
			if k == 0 && seg == "" {
				continue // a leading '*': the start node is a star node
			}
			var sid int32
			if k == 0 {
				sid = id(seg)
			} else {
				sid = id("*" + seg)
			}
			if k == len(segs)-1 { // the pattern's end
				e := edge{from: from, to: -1, rule: p.rule}
				if p.anchored {
					s.tails[sid] = append(s.tails[sid], e)
				} else {
					s.edges[sid] = append(s.edges[sid], e)
				}
				break
			}
			if to, ok := seen[key{from, sid}]; ok {
				from = to
				continue
			}
			prefix := strings.Join(segs[:k+1], "*") + "*"
			to, ok := stars[prefix]
			if !ok {
				to = int32(s.nodes)
				s.nodes++
				stars[prefix] = to
			}
			seen[key{from, sid}] = to
			s.edges[sid] = append(s.edges[sid], edge{from: from, to: to})
			from = to
		}
	}
	s.scan = buildScanner(scan)
	return s
}

// load is the most edges one segment that can occur more than once labels:
// an upper bound of the edges one occurrence visits. Leading segments match
// only at the start of the input, once per walk, so they do not count.
func (s *Segments) load() int {
	n := 0
	for i := range s.edges {
		if !s.leading[i] {
			n = max(n, len(s.edges[i])+len(s.tails[i]))
		}
	}
	return n
}

func (s *Segments) size() int {
	n := int(unsafe.Sizeof(*s)) + s.scan.size() + 4*len(s.seglen) + len(s.leading)
	for i := range s.edges {
		n += 48 + 12*(len(s.edges[i])+len(s.tails[i]))
	}
	return n
}

// SegmentState is the scratch a Segments walk needs: when each star node was
// reached. Get one from NewState and reuse it: a walk tells its own marks
// from older ones by generation, so nothing is cleared between walks.
type SegmentState struct {
	g       uint32
	reached []reach // per star node
}

type reach struct {
	gen uint32
	at  int32 // where the segment after the node may start
}

// NewState returns scratch space for walking s.
func (s *Segments) NewState() *SegmentState {
	return &SegmentState{reached: make([]reach, s.nodes)}
}

// A SegmentCursor walks Segments over an input, one octet at a time.
type SegmentCursor struct {
	s    *Segments
	st   *SegmentState
	c    Cursor
	n    int32 // octets read
	best int32 // place in the ranking, or -1
}

// Cursor starts a walk with the given scratch, which the walk owns until it
// ends.
func (s *Segments) Cursor(st *SegmentState) SegmentCursor {
	st.g++
	if st.g == 0 { // wrapped: every generation mark must be reset once
		clear(st.reached)
		st.g = 1
	}
	st.reached[0] = reach{gen: st.g, at: 0}
	c := SegmentCursor{s: s, st: st, c: s.scan.Cursor(), best: -1}
	c.occur()
	return c
}

// from reports whether star node v was reached early enough for a segment
// that starts at start to follow it.
func (st *SegmentState) from(v, start int32) bool {
	r := st.reached[v]
	return r.gen == st.g && start >= r.at
}

// occur follows the edges of the segments that end at the octet just read.
func (c *SegmentCursor) occur() {
	if c.c.pos != 0 || c.c.nd.out < 0 {
		return // inside a run, or at a node where no segment ends
	}
	s, st := c.s, c.st
	for _, sid := range s.scan.outsOf(c.c.s) {
		start := c.n - s.seglen[sid]
		for _, e := range s.edges[sid] {
			if !st.from(e.from, start) {
				continue
			}
			switch {
			case e.to < 0:
				if better(e.rule, c.best) {
					c.best = e.rule
				}
			case st.reached[e.to].gen != st.g:
				st.reached[e.to] = reach{gen: st.g, at: c.n}
			}
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
	s, st := c.s, c.st
	best := c.best
	node := c.c.s
	if c.c.pos != 0 {
		node = -1 // inside a run: no segment ends here
	}
	for _, sid := range s.scan.outsOf(node) {
		start := c.n - s.seglen[sid]
		for _, e := range s.tails[sid] {
			if st.from(e.from, start) && better(e.rule, best) {
				best = e.rule
			}
		}
	}
	if best < 0 {
		return -1
	}
	return s.orig[best]
}
