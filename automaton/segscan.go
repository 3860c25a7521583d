package automaton

import (
	"math"
	"strings"
)

// This file holds the segment tier's plan for patterns whose segment
// matcher would cost more to build than the compile budget allows
// (segmentBuildBudget): the scan, which builds nothing. A walk of it
// matches the wildcard patterns one at a time, best first, each greedily
// (each segment at its earliest occurrence after the one before, which is
// exact for globs), and stops at the first that matches: the best. It
// counts every octet it reads against the decision budget, and past it
// the decision fails closed, as any counted walk's does. On the files
// that get it (a hundred thousand distinct segments, or tens of
// thousands of patterns of them), a decision whose patterns do not fail
// on their first octets fails closed; a few long patterns are decided
// exactly.

// segmentBuildBudget is the most units the segment matchers of one
// Compile (all classes together) may hold: segmentUnits per distinct
// segment and one per node of the tries (of the leading segments and the
// Aho-Corasick automaton). A build that would pass it builds the scan
// plan instead. The build's time and memory grow with both, a segment
// costing about four times what a node does (its entry in the table that
// finds it, its place on the heavy paths, its queue and its wait in the
// walk's scratch), so this keeps the compile of any file the parse limit
// admits near 20 ms and 8 MiB (see the package comment). No
// corpus file needs more than 5,427 units, and a file of ten times the
// wildcard rules of its largest (TestScaledCorpusExact) 105,954. The
// count stops as soon as it is past: segments are counted as they are
// found, nodes once the segments are sorted, before any trie is laid out.
const (
	segmentBuildBudget = 1 << 17
	segmentUnits       = 5 // a segment's units, its own trie node included
)

// segmentBuild is the budget buildSegments applies: segmentBuildBudget,
// which tests lower to build the scan plan on small patterns.
var segmentBuild = segmentBuildBudget

// scanCost is the scan plan's worst cost as the build states it: per
// octet, the pass that finds the input's length; per walk, no bound
// (WorstBase reads math.MaxInt32).
var scanCost = planCost{static: 1, base: math.MaxInt32}

// newScan returns the segment tier's scan plan of pats, in rank order.
func newScan(pats []pattern) *segments {
	return &segments{scan: pats, nodes: 1, ring: 2, cost: scanCost}
}

// walkScan decides in by the scan plan, counting on m, and returns the best
// rule (its place in the ranking), -1, or OverBudget.
func (s *segments) walkScan(sc *segScratch, in Input, m meter) int32 {
	n := length(in)
	m.seen, m.whole = max(m.seen, n), true
	sc.m, sc.over, sc.n = m, false, int32(n)
	limit := m.base + m.per*m.seen
	for _, p := range s.scan {
		if sc.m.spent > limit {
			break
		}
		if scanMatch(p, in, n, &sc.m.spent, limit) {
			if sc.m.spent > limit {
				break
			}
			return p.rule
		}
	}
	if sc.m.spent > limit {
		sc.over = true
		return OverBudget
	}
	return -1
}

// scanMatch reports whether p matches in, of n octets, greedily, adding
// the octets of in it reads, and those of p by cutOctets, to *spent; it
// gives up once *spent passes limit.
func scanMatch(p pattern, in Input, n int, spent *int, limit int) bool {
	first, rest, _ := strings.Cut(p.lit, "*")
	*spent += len(first) / cutOctets
	at := 0 // octets of in read
	for i := 0; i < len(first); i++ {
		c, ok := in.next()
		*spent++
		if !ok || c != first[i] {
			return false
		}
	}
	at = len(first)
	for more := true; more; {
		var seg string
		seg, rest, more = strings.Cut(rest, "*")
		*spent += len(seg) / cutOctets
		if !more && p.anchored {
			// The last segment must end the input: it starts at n-len(seg),
			// not before the octets already matched.
			if n-len(seg) < at {
				return false
			}
			for ; at < n-len(seg); at++ {
				in.next()
				*spent++
			}
			for i := 0; i < len(seg); i++ {
				c, _ := in.next()
				*spent++
				if c != seg[i] {
					return false
				}
			}
			return true
		}
		if !scanFind(&in, &at, seg, spent, limit) {
			return false
		}
	}
	return true
}

// cutOctets is how many octets of a pattern finding its next '*' reads
// for a unit of work: the scan charges them, as it charges the input's.
const cutOctets = 16

// scanFind moves in (at octets read) past the earliest occurrence of seg
// that starts at its position or later, and reports whether there is one;
// it counts each octet read in *spent, and gives up past limit.
func scanFind(in *Input, at *int, seg string, spent *int, limit int) bool {
	for *spent <= limit {
		t, i := *in, 0
		for ; i < len(seg); i++ {
			c, ok := t.next()
			*spent++
			if !ok {
				return false // fewer than len(seg) octets are left
			}
			if c != seg[i] {
				break
			}
		}
		if i == len(seg) {
			*in, *at = t, *at+len(seg)
			return true
		}
		in.next()
		*at++
		*spent++
	}
	return false
}
