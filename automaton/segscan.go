package automaton

import (
	"math"
	"strings"
)

// This file holds the segment tier's plan for patterns whose segment
// matcher would cost more to build than the compile budget allows
// (buildBudget): the scan plan, which builds nothing but a Scan
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

// buildBudget is the most bytes the builds of one Compile (all classes
// together) may allocate by default, as predicted from counts before
// anything big is built: the plans and the literal patterns' DFAs
// (plannedBytes, per rule, literal pattern and octet), charged first, as
// every class gets them; then the segment matchers (segmentBytes, per
// pattern, star, distinct segment and trie node, one walk's scratch
// included, and a large trie's tables for its failure links, per distinct
// first octet of its segments: shallowRowBytes), each of which is built only within what is left, and
// otherwise gets the scan plan. The weights are set on the hostile
// families, their searched draws and the scaled corpus files, where they
// predict at least what the builds allocate. What a build allocates the
// collector must hold or sweep within the first Agent: with the budget,
// Parse and the first Agent of every hostile family and every draw of
// their search measure within 8 MiB of peak heap beyond the body, cold
// (README gives the figures); the parse and the lowering, which are not
// the automaton's, are not part of it. A segment matcher's cost is counted in three steps, each
// stopping at the budget before the next allocates: patterns and stars,
// before anything is allocated; the distinct segments, as they are found;
// the tries' nodes, once the segments are sorted, before any trie is laid
// out. No corpus file predicts more than 4.09 MB (31,847 literal rules),
// and a file of ten times the wildcard rules of its largest
// (TestScaledCorpusExact) 4.42 MB. A plan's text (see pattern), an octet
// per octet of its patterns, is allocated beside the budget, as the parse
// and the lowering are: it grows with the file, not with what the file
// makes the builds do, and charged here it would change which builds a
// file of the same shapes gets with its size.
const buildBudget = 9 << 19 // 4.5 MiB

// The weights of the prediction, in bytes.
const (
	ruleBuildBytes    = 32        // a rule's place in a plan: its index, its prepared pattern, its sort
	litPatternBytes   = 150       // a literal pattern in its DFA's build: its key, place and nodes, and the packed copy
	litOctetBytes     = 2         // an octet of a literal pattern: its label, in the build and the packed copy
	segmentBuildBase  = 160 << 10 // a segment matcher's fixed part: its first tables, its ring, a pool's slots
	patternBuildBytes = 110       // a wildcard pattern's leading id, radix tree path and edge, with the edge's scratch
	starBuildBytes    = 9         // a star's id, its place on a path
	segmentBuildBytes = 160       // a segment's entry in the table that finds it (its string, its word if short, its slots), its length, heavy path, queue and wait, with their scratch
	nodeBuildBytes    = 14        // a node of the tries of segments, built and made sparse
)

// segmentBuild is the budget Compile applies: buildBudget, which tests
// lower to build the scan plan on small patterns.
var segmentBuild = buildBudget

// plannedBytes predicts what the plan of a class of n rules, of which
// lits are literal with litOctets octets, and its literal patterns' DFA
// allocate (see buildBudget), the plan's text aside.
func plannedBytes(n, lits, litOctets int) int {
	return ruleBuildBytes*n + litPatternBytes*lits + litOctetBytes*litOctets
}

// segmentBytes predicts what a segment matcher of patterns pats, whose
// stars are stars, segs distinct segments and nodes trie nodes (0 while
// not counted), allocates to build, one walk's scratch included (see
// buildBudget).
func segmentBytes(pats, stars, segs, nodes int) int {
	return segmentBuildBase + patternBuildBytes*pats + starBuildBytes*stars + segmentBuildBytes*segs + nodeBuildBytes*nodes
}

// scanCost is the scan plan's worst cost as the build states it: per
// octet, the pass that reads the input; per walk, no bound (WorstBase
// reads math.MaxInt32).
var scanCost = planCost{static: 1, base: math.MaxInt32}

// newScan returns the segment tier's scan plan of pats, in rank order,
// their octets in text: a Scan of their patterns in that order, each
// rule's rank minus its place in the ranking.
func newScan(text string, pats []pattern) *segments {
	octets := 0
	for _, p := range pats {
		octets += int(p.n) + 1
	}
	var b strings.Builder
	b.Grow(octets)
	ranks := make([]int32, len(pats))
	sc := &Scan{rules: make([]scanRule, len(pats)), ranks: &ranks, ranked: true}
	for i, p := range pats {
		from, lit := b.Len(), p.lit(text)
		b.WriteString(lit)
		switch {
		case p.anchored:
			b.WriteByte('$')
		case strings.HasSuffix(lit, "$"):
			b.WriteByte('*') // so that its final '$' reads as an octet, not the anchor
		}
		sc.rules[i], ranks[i] = newScanRule(headOf(b.String()[from:]), uint32(b.Len())), -p.rule
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
	return -(*s.scan.ranks)[d.best]
}
