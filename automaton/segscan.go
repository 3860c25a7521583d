package automaton

import (
	"math"
	"strings"
)

// This file holds the segment tier's plan for patterns whose segment
// matcher would cost more to build than the compile budget allows
// (segmentBuildBudget): the scan plan, which builds nothing but a Scan
// (scan.go) of the wildcard patterns, best first. A walk of it is a
// decision of that Scan: it reads the input once (as its string when
// every octet reads as itself, otherwise into a buffer on the stack of at
// most scanPlanInput octets), tries the patterns in rank order, each
// whose first octets are the input's greedily, and stops at the first
// that matches: the best. It counts every octet it reads and compares
// against the decision budget, and past it the decision fails closed, as
// any counted walk's does; so does an input longer than scanPlanInput
// octets that does not read as its string. Per octet of the input, it
// costs a unit to read it and, per pattern tried, what that pattern's
// searches compare there: no bound but the budget's. On the files that
// get it (a hundred thousand distinct segments, or tens of thousands of
// patterns of them), a decision whose patterns do not fail on their
// first octets fails closed; a few long patterns are decided exactly.

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
// octet, the pass that reads the input; per walk, no bound (WorstBase
// reads math.MaxInt32).
var scanCost = planCost{static: 1, base: math.MaxInt32}

// newScan returns the segment tier's scan plan of pats, in rank order: a
// Scan of their patterns in that order, each rule's rank minus its place
// in the ranking.
func newScan(pats []pattern) *segments {
	octets := 0
	for _, p := range pats {
		octets += len(p.lit) + 1
	}
	var b strings.Builder
	b.Grow(octets)
	sc := &Scan{rules: make([]scanRule, len(pats)), ranked: true}
	for i, p := range pats {
		from := b.Len()
		b.WriteString(p.lit)
		switch {
		case p.anchored:
			b.WriteByte('$')
		case strings.HasSuffix(p.lit, "$"):
			b.WriteByte('*') // so that its final '$' reads as an octet, not the anchor
		}
		sc.rules[i] = scanRule{head: headOf(b.String()[from:]), end: uint32(b.Len()), rank: -p.rule}
	}
	sc.text = b.String()
	return &segments{scan: sc, nodes: 1, ring: 2, cost: scanCost}
}

// walkScan decides in by the scan plan, counting on m, and returns the best
// rule (its place in the ranking), -1, or OverBudget.
func (s *segments) walkScan(sc *segScratch, in Input, m meter) int32 {
	d := s.scan.match(in, scanMeter{spent: m.spent, base: m.base, per: m.per, seen: m.seen}, math.MaxInt-1)
	m.seen, m.whole = max(m.seen, d.n), true
	m.spent = d.work
	sc.m, sc.over, sc.n = m, d.status != scanDecided, int32(d.n)
	switch {
	case sc.over:
		return OverBudget
	case d.best < 0:
		return -1
	}
	return -s.scan.rules[d.best].rank
}
