package automaton

import (
	"cmp"
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"
)

// This file builds a DFA by subset construction over a trie of the
// patterns. A trie node is a prefix shared by one or more patterns; a node
// entered by '*' loops on every octet. Sharing prefixes keeps the sets
// small: a hundred rules "/*.ext_i$" are one '*' node and one trie below it,
// not a hundred positions. A DFA state is a set of live trie nodes and the
// rule it outputs on entry. The best rule so far is not part of the state:
// the walk keeps it in a register, so a '*' that keeps patterns alive after
// a match does not multiply the states by the rules matched before.
//
// Work is counted in nodes touched, and construction gives up as soon as the
// states or the work exceed the limits, so a hostile pattern set costs at
// most the budget before the next tier takes over. Patterns without '*'
// need no construction: their trie is their DFA, emitted straight from the
// sorted patterns (fromSorted).

// tnode is a node of the pattern trie. Its literal children form a list
// sorted by octet (at most 256 long), linked through first and next, so
// that the trie holds no pointers and grows without the collector's help.
type tnode struct {
	first    int32 // first literal child, or -1
	next     int32 // next sibling, with a larger octet, or -1
	star     int32 // child entered by '*', or -1
	end      int32 // best prefix pattern ending here, or -1
	anchored int32 // best anchored pattern ending here, or -1
	top      int32 // best rule ending here or below
	chain    int32 // a '*' node that dominates this one, or -1 (see settle)
	nkids    uint16
	c        byte // the octet on the edge into this node
	isStar   bool // this node was entered by '*' and loops
}

func newNode(c byte, isStar bool) tnode {
	return tnode{first: -1, next: -1, star: -1, end: -1, anchored: -1, chain: -1, c: c, isStar: isStar}
}

// newNode adds a node to the trie. The trie doubles when it is full: for
// large slices append grows by a quarter, copying the trie many times.
func (b *builder) newNode(c byte, isStar bool) int32 {
	if len(b.trie) == cap(b.trie) {
		b.trie = append(make([]tnode, 0, 2*cap(b.trie)+16), b.trie...)
	}
	b.trie = append(b.trie, newNode(c, isStar))
	return int32(len(b.trie) - 1)
}

// kid returns the literal child of u on c, or -1.
func (b *builder) kid(u int32, c byte) int32 {
	for k := b.trie[u].first; k >= 0 && b.trie[k].c <= c; k = b.trie[k].next {
		if b.trie[k].c == c {
			return k
		}
	}
	return -1
}

// addKid returns the literal child of u on c, adding it if need be.
func (b *builder) addKid(u int32, c byte) int32 {
	prev := int32(-1)
	k := b.trie[u].first
	for ; k >= 0 && b.trie[k].c < c; k = b.trie[k].next {
		prev = k
	}
	if k >= 0 && b.trie[k].c == c {
		return k
	}
	w := b.newNode(c, false)
	b.trie[w].next = k
	if prev < 0 {
		b.trie[u].first = w
	} else {
		b.trie[prev].next = w
	}
	b.trie[u].nkids++
	return w
}

type builder struct {
	trie    []tnode
	lim     Limits
	work    int
	states  []bstate
	table   []int32  // open addressing by hash of (out, set): state ids, -1 empty
	hashes  []uint64 // by state: the hash of its (out, set)
	mark    []uint32 // per trie node: generation in which it is in the set
	kept    []uint32 // per trie node: generation in which settle kept it
	gen     uint32
	bucket  [256][]int32
	sets    [][]int32 // the states' sets, end to end in chunks that never move
	edges   []bedge   // the states' edges (successors that differ from def), by state and octet
	hasStar bool      // some pattern has a '*'
}

type bstate struct {
	setChunk uint32 // live trie nodes, sorted: sets[setChunk][setOff:setOff+setN]
	setOff   uint32
	setN     uint32
	edgeOff  uint32 // edges[edgeOff:edgeOff+edgeN]
	edgeN    uint32
	out      int32 // best prefix rule matched on entering the state, or -1
	accept   int32 // best anchored rule matched if the input ends here, or -1
	top      int32 // best rule that can still match from here, or -1
	def      int32 // successor on an octet with no edge
}

type bedge struct {
	c    byte
	next int32
}

func (b *builder) setOf(s int) []int32 {
	st := &b.states[s]
	return b.sets[st.setChunk][st.setOff : st.setOff+st.setN]
}

// store copies set into the pool and returns where it is. Growing the pool
// adds a chunk, twice the size of the last up to 1<<16 entries, instead of
// copying it, so small rule sets stay small.
func (b *builder) store(set []int32) (chunk, off uint32) {
	last := len(b.sets) - 1
	if last < 0 || len(b.sets[last])+len(set) > cap(b.sets[last]) {
		size := 64
		if last >= 0 {
			size = min(2*cap(b.sets[last]), 1<<16)
		}
		b.sets = append(b.sets, make([]int32, 0, max(size, len(set))))
		last++
	}
	off = uint32(len(b.sets[last]))
	b.sets[last] = append(b.sets[last], set...)
	return uint32(last), off
}

func (b *builder) edgesOf(s int32) []bedge {
	st := &b.states[s]
	return b.edges[st.edgeOff : st.edgeOff+st.edgeN]
}

// better is the ranking on the builder's places.
func (b *builder) better(x, y int32) bool { return better(x, y) }

// buildTrie inserts the patterns and computes, bottom up, each node's best
// rule below it and the '*' node that dominates it. The patterns' octets
// are in text.
func (b *builder) buildTrie(text string, pats []pattern) {
	size := 1
	for _, p := range pats {
		size += int(p.n)
	}
	// One node per octet at most: sized so, the trie is never copied.
	b.trie = make([]tnode, 1, size)
	b.trie[0] = newNode(0, false)
	for _, p := range pats {
		u := int32(0)
		lit := p.lit(text)
		for j := 0; j < len(lit); j++ {
			c := lit[j]
			if c == '*' {
				if b.trie[u].star < 0 {
					b.hasStar = true
					b.trie[u].star = b.newNode('*', true)
				}
				u = b.trie[u].star
				continue
			}
			u = b.addKid(u, c)
		}
		if p.anchored {
			if b.better(p.rule, b.trie[u].anchored) {
				b.trie[u].anchored = p.rule
			}
		} else if b.better(p.rule, b.trie[u].end) {
			b.trie[u].end = p.rule
		}
	}
	// Children always have larger ids than their parent, so one backward
	// pass sees every child before its parent.
	for u := len(b.trie) - 1; u >= 0; u-- {
		n := &b.trie[u]
		n.top = n.end
		if b.better(n.anchored, n.top) {
			n.top = n.anchored
		}
		only := int32(-1) // the single child, if there is exactly one
		for k := n.first; k >= 0; k = b.trie[k].next {
			if t := b.trie[k].top; b.better(t, n.top) {
				n.top = t
			}
			only = k
		}
		if n.star >= 0 {
			if t := b.trie[n.star].top; b.better(t, n.top) {
				n.top = t
			}
			only = n.star
		}
		// A node whose only way on is a chain of single children without
		// pattern ends down to a '*' node can match nothing that the '*'
		// node cannot: when that node is live, this one is redundant.
		if int(n.nkids)+btoi(n.star >= 0) != 1 || n.anchored >= 0 {
			continue
		}
		w := &b.trie[only]
		switch {
		case w.isStar:
			n.chain = only
		case w.end < 0 && w.anchored < 0:
			n.chain = w.chain
		}
	}
}

func btoi(v bool) int {
	if v {
		return 1
	}
	return 0
}

// buildDFA runs the subset construction for pats, whose octets are in
// text, and returns the DFA as a Machine keeps it (packed). It returns a
// *budgetError when the limits were exceeded, and the work done either
// way.
func buildDFA(text string, pats []pattern, lim Limits) (*packedDFA, int, error) {
	if !slices.ContainsFunc(pats, func(p pattern) bool { return p.star >= 0 }) {
		d := fromSorted(text, pats)
		return d, len(d.nodes), nil
	}
	b := &builder{lim: lim}
	b.buildTrie(text, pats)
	if b.lim.perTrieNode > 0 {
		b.lim.stateCap = min(b.lim.stateCap, b.lim.perTrieNode*(len(b.trie)+32))
	}
	b.mark = make([]uint32, len(b.trie))
	b.kept = make([]uint32, len(b.trie))
	// Room for as many states as the trie has nodes before a rehash.
	b.table = make([]int32, max(64, 2<<bits.Len(uint(len(b.trie)))))
	for i := range b.table {
		b.table[i] = -1
	}
	// Most DFAs have fewer states than the trie has nodes (runs share
	// them); the slices grow when they need more.
	b.states = make([]bstate, 0, min(len(b.trie)+16, b.lim.stateCap))
	b.hashes = make([]uint64, 0, cap(b.states))
	b.edges = make([]bedge, 0, len(b.trie)+16)
	over := func() (*packedDFA, int, error) {
		if len(b.states) >= b.lim.stateCap {
			return nil, b.work, &budgetError{What: "DFA states", Limit: b.lim.stateCap}
		}
		return nil, b.work, &budgetError{What: "DFA construction work", Limit: b.lim.workCap}
	}
	if _, ok := b.intern(b.settle([]int32{0})); !ok {
		return over()
	}
	stars, next := make([]int32, 0, 16), make([]int32, 0, 64)
	touched, edges := make([]byte, 0, 256), make([]bedge, 0, 256)
	for s := 0; s < len(b.states); s++ {
		stars, touched, edges = stars[:0], touched[:0], edges[:0]
		set := b.setOf(s)
		for _, u := range set {
			if b.trie[u].isStar {
				stars = append(stars, u)
			}
		}
		def, ok := b.intern(b.settle(append(next[:0], stars...)))
		if !ok {
			return over()
		}
		// A miss retries the octet at def, whose set is this state's '*'
		// nodes: so only the octets that a non-'*' node continues on need
		// edges here. A state that is its own default loops instead, and
		// needs the edges of its '*' nodes.
		self := def == int32(s)
		for _, u := range set {
			n := &b.trie[u]
			if n.isStar && !self {
				continue
			}
			for k := n.first; k >= 0; k = b.trie[k].next {
				c := b.trie[k].c
				if len(b.bucket[c]) == 0 {
					touched = append(touched, c)
				}
				b.bucket[c] = append(b.bucket[c], k)
			}
			b.work += 1 + int(n.nkids)
		}
		slices.Sort(touched)
		for _, c := range touched {
			next = append(next[:0], stars...)
			for _, u := range stars {
				// The '*' nodes' own continuations on c, which the bucket
				// left out unless the state is its own default.
				if self {
					break
				}
				if k := b.kid(u, c); k >= 0 {
					next = append(next, k)
				}
			}
			next = append(next, b.bucket[c]...)
			b.bucket[c] = b.bucket[c][:0]
			t, ok := b.intern(b.settle(next))
			if !ok {
				return over()
			}
			if !self || t != def {
				edges = append(edges, bedge{c, t})
			}
		}
		if b.work > b.lim.workCap {
			return over()
		}
		b.states[s].def = def
		b.states[s].edgeOff, b.states[s].edgeN = uint32(len(b.edges)), uint32(len(edges))
		b.edges = append(b.edges, edges...)
	}
	return b.emit().pack(), b.work, nil
}

// fromSorted emits the DFA of patterns without '*' straight from the
// patterns sorted: their trie is their DFA, node for state, so no subset
// construction is needed, and the trie itself is never built. A node
// stands for a prefix shared by a group of patterns, contiguous once
// sorted; entering it yields the best pattern equal to the prefix, and
// every missing edge leads to the dead node. A node with nothing better
// below it than what it yields, the end of most patterns, is not stored:
// the edge into it names its rule instead (see leaf). Where the group goes
// on by one octet and no pattern ends, the node is a run, as long as the
// group's longest common prefix; when nothing ends where the run starts
// either, as at the tail of most patterns, the run is not a node but a
// run target (see runTarget), in labels with the target after it. So
// memory is a node per branch, an octet per octet of the trie, a target
// per edge and five octets per run.
//
// The octets are compared once, after the sort: each pattern's common
// prefix with the one before it (lcp) then tells where a group splits
// into children (where it equals the node's depth) and how long a run is
// (its least over the group). So emitting a node reads two integers per
// pattern of its group, and of the patterns' octets only its labels.
//
// The tables are built in scratch kept between builds (sortedScratch) and
// copied out at their size, so a build allocates what the DFA keeps and
// little more. The patterns are sorted in place: the caller reads pats no
// more. A sorted copy was a sixth of what a large file of literal
// patterns allocated to compile.
func fromSorted(text string, pats []pattern) *packedDFA {
	sc := sortedScratch.Get().(*sortedBuild)
	sc.text = text
	// The patterns are sorted by their first sixteen octets, read as two
	// integers, and only those that share them by a string compare: most
	// compares are then of integers, and the sort moves no pointers.
	keys := slices.Grow(sc.keys[:0], len(pats))
	for i := range pats {
		lit := pats[i].lit(text)
		k := sortKey{hi: prefix8(lit), i: int32(i)}
		if len(lit) > 8 {
			k.lo = prefix8(lit[8:])
		}
		keys = append(keys, k)
	}
	less := func(a, b *sortKey) bool {
		if a.hi != b.hi {
			return a.hi < b.hi
		}
		if a.lo != b.lo {
			return a.lo < b.lo
		}
		return pats[a.i].lit(text) < pats[b.i].lit(text)
	}
	if len(keys) <= smallSort {
		// Most files select a few rules: an insertion sort, its compare
		// inlined, costs less than a general sort's calls.
		for i := 1; i < len(keys); i++ {
			k, j := keys[i], i
			for ; j > 0 && less(&k, &keys[j-1]); j-- {
				keys[j] = keys[j-1]
			}
			keys[j] = k
		}
	} else {
		slices.SortFunc(keys, func(a, b sortKey) int {
			if a.hi != b.hi {
				return cmp.Compare(a.hi, b.hi)
			}
			if a.lo != b.lo {
				return cmp.Compare(a.lo, b.lo)
			}
			return strings.Compare(pats[a.i].lit(text), pats[b.i].lit(text))
		})
	}
	lcp := slices.Grow(sc.lcp[:0], len(keys))
	// The trie has one edge per octet of a pattern past its common prefix
	// with the one before it in sorted order: at most that many labels and
	// targets, and besides them a count octet per branch and five octets
	// per run (its count and, for a run target, its next). A run starts at
	// the root, below a branch (at most two per pattern) or where a
	// pattern ends (one), or where a longer one is cut (one per maxRun
	// octets): labelsBound. Most nodes are branches, under two per
	// pattern. The scratch is grown to that at once rather than by
	// doubling. That common prefix is kept (lcp): emit reads the trie's
	// shape from it.
	edges, prev, anchored := 0, "", 0
	for j, k := range keys {
		p := &pats[k.i]
		lit := p.lit(text)
		if p.anchored {
			anchored++
		}
		// The keys tell the common prefix within their sixteen octets
		// (past the shorter pattern, the zeros they are padded with may
		// agree: hence the bound by its length).
		n := 0
		if j > 0 {
			switch b := &keys[j-1]; {
			case k.hi != b.hi:
				n = bits.LeadingZeros64(k.hi^b.hi) >> 3
			case k.lo != b.lo:
				n = 8 + bits.LeadingZeros64(k.lo^b.lo)>>3
			default:
				n = 16
			}
			n = min(n, len(lit), len(prev))
		}
		for n < len(lit) && n < len(prev) && lit[n] == prev[n] {
			n++
		}
		edges += len(lit) - n
		prev = lit
		lcp = append(lcp, int32(n))
	}
	sortInPlace(pats, keys)
	sc.pats, sc.lcp, sc.keys = pats, lcp, keys
	// Runs become run targets (see runTarget) while every offset into
	// labels fits (maxRunTargetEdges).
	sc.runTargets = edges <= maxRunTargetEdges
	d := &sc.d
	// The nodes are at most two a pattern, but most patterns end in a
	// leaf, which is no node, and most runs are run targets: a large
	// file's literal rules take a third of a node a pattern or less
	// (docs.oracle.com 6,336 for 19,128 patterns), and scratch that
	// large is not kept, so it is allocated at each build. So room is
	// made for half a node a pattern first, and for the most at once if
	// that fills (see emit).
	sc.nodeBound = min(2*len(pats)+4, edges+2)
	d.nodes = append(slices.Grow(d.nodes[:0], min(sc.nodeBound, len(pats)/2+64)), node{ko: mk(done, 0), next: -1, out: -1, top: -1})
	// The labels likewise: their bound counts three runs a pattern, five
	// octets each, where most patterns end in one run target; room is
	// made for the edges' octets, eight more a pattern (counts, and a
	// run target's next) and five a run cut at maxRun first, and for the
	// bound at once if that fills (labelRoom). docs.oracle.com's take 197
	// KB, 6.2 octets a pattern past the edges', of a bound of 393 KB.
	sc.labelBound = labelsBound(edges, len(pats))
	d.labels = slices.Grow(d.labels[:0], min(sc.labelBound, labelsFirst(edges, len(pats))))
	d.targets = slices.Grow(d.targets[:0], min(2*len(pats), edges))
	// A node accepts at the end for at most one anchored pattern: the
	// accepts are grown to that at once, not by appends that allocate
	// several times what they hold (a file of 10,000 anchored literal
	// lines grew 80 KB of accepts by 290 KB).
	d.accepts, d.bitmaps = slices.Grow(d.accepts[:0], anchored), d.bitmaps[:0]
	first := sc.emit(0, len(pats), 0)
	// Packed from the scratch: pack copies the nodes into pnodes and the
	// accepts after the targets, so neither is copied out first.
	out := (&dfa{
		first:   first,
		nodes:   d.nodes,
		labels:  clip(d.labels),
		targets: clipRoom(d.targets, 2*len(d.accepts)),
		accepts: d.accepts,
		bitmaps: clip(d.bitmaps),
	}).pack()
	sc.text, sc.pats = "", nil // the caller's: not kept alive by the pool
	if len(lcp) <= maxSortedScratch && len(d.nodes) <= maxSortedScratch {
		sortedScratch.Put(sc)
	}
	return out
}

// emit emits the node of the group sc.pats[lo:hi], whose patterns share
// their first depth octets and are at least that long, and returns its
// id, or the leaf that stands for it. The group's octets are not read
// again: where it splits into children and how long a run is come from
// lcp, each pattern's common prefix with the one before it. A child
// starts where that is depth; the group's longest common prefix is the
// least of it.
func (sc *sortedBuild) emit(lo, hi, depth int) int32 {
	ps, lcp, d := sc.pats[lo:hi], sc.lcp[lo:hi], &sc.d
	end, anchored := int32(-1), int32(-1)
	i := 0
	for ; i < len(ps) && int(ps[i].n) == depth; i++ { // these sort first
		p := &ps[i]
		if !p.anchored && better(p.rule, end) {
			end = p.rule
		} else if p.anchored && better(p.rule, anchored) {
			anchored = p.rule
		}
	}
	// One pass over the rest: the best rule of the group (a rule is never
	// negative, and -1, no rule, is the largest as unsigned), the number
	// of children and the group's longest common prefix.
	top := min(uint32(end), uint32(anchored))
	kids, common := 0, int32(math.MaxInt32)
	if i < len(ps) {
		kids, top = 1, min(top, uint32(ps[i].rule))
	}
	for k := i + 1; k < len(ps); k++ {
		top = min(top, uint32(ps[k].rule))
		l := lcp[k]
		kids += btoi(int(l) == depth)
		common = min(common, l)
	}
	if !better(int32(top), end) {
		// Nothing below beats end: the walk is settled on entering,
		// and what the node matches at the end cannot beat end.
		return leaf(end)
	}
	rest, at := ps[i:], lo+i
	if kids == 1 && end < 0 && anchored < 0 && sc.runTargets {
		// A run that matches nothing on entry: a run target, with no
		// node (i is 0: no pattern ends here).
		first := rest[0].lit(sc.text)
		l := min(int(common), len(first), depth+maxRun)
		off := sc.putRun(first[depth:l])
		next := sc.leafOf(at, hi, l)
		if next == 0 {
			next = sc.emit(at, hi, l)
		}
		sc.setRunNext(off, next)
		return runTarget(off)
	}
	id := int32(len(d.nodes))
	if len(d.nodes) == cap(d.nodes) {
		d.nodes = slices.Grow(d.nodes, max(sc.nodeBound-len(d.nodes), 1)) // once, to the most
	}
	d.nodes = append(d.nodes, node{})
	if anchored >= 0 {
		d.accepts = append(d.accepts, accept{id, anchored}) // in node order
	}
	nd := node{next: -1, out: end, top: int32(top)}
	switch {
	case kids == 1:
		// A run to the group's longest common prefix (the length of the
		// pattern when it is alone), unless this node matches an
		// anchored rule, which the octets after it must not inherit.
		first := rest[0].lit(sc.text)
		l := min(int(common), len(first), depth+maxRun)
		if anchored >= 0 {
			l = depth + 1
		}
		sc.labelRoom(1 + l - depth)
		nd.ko = mk(run, len(d.labels))
		d.labels = append(d.labels, byte(l-depth))
		d.putLabels(first[depth:l])
		if nd.next = sc.leafOf(at, hi, l); nd.next == 0 {
			nd.next = sc.below(at, hi, l)
		}
	case kids > wideEdges:
		off := len(d.bitmaps)
		nd.ko = mk(wide, off)
		d.bitmaps = append(d.bitmaps, 0, 0, 0, 0)
		nd.next = int32(len(d.targets))
		if cap(d.targets)-len(d.targets) < kids {
			d.targets = slices.Grow(d.targets, kids)
		}
		d.targets = d.targets[:len(d.targets)+kids] // see noBarrier
		for j, t := 0, int(nd.next); j < len(rest); t++ {
			c := sc.text[rest[j].at+uint32(depth)]
			k := sc.child(at, j, len(rest), depth)
			d.bitmaps[off+int(c>>6)] |= 1 << (c & 63)
			target := sc.leafOf(at+j, at+k, depth+1)
			if target == 0 {
				target = sc.below(at+j, at+k, depth+1)
			}
			d.targets[t] = target
			j = k
		}
	default:
		off := len(d.labels) + 1
		nd.ko = mk(branch, off-1)
		sc.labelRoom(1 + kids)
		d.labels = append(d.labels, byte(kids))
		d.labels = d.labels[:off+kids] // see noBarrier
		nd.next = int32(len(d.targets))
		if cap(d.targets)-len(d.targets) < kids {
			d.targets = slices.Grow(d.targets, kids)
		}
		d.targets = d.targets[:len(d.targets)+kids] // see noBarrier
		for j, t := 0, 0; j < len(rest); t++ {
			k := sc.child(at, j, len(rest), depth)
			d.labels[off+t] = sc.text[rest[j].at+uint32(depth)]
			target := sc.leafOf(at+j, at+k, depth+1)
			if target == 0 {
				target = sc.below(at+j, at+k, depth+1)
			}
			d.targets[int(nd.next)+t] = target
			j = k
		}
	}
	d.nodes[id] = nd
	return id
}

// below returns the target of a group that leafOf has no leaf for: a
// run target straight to the leaf of a group of one pattern with at most
// maxRun octets left and no anchor, the tail of most patterns, which
// needs none of emit's passes over the group; emit's node for any other.
func (sc *sortedBuild) below(lo, hi, depth int) int32 {
	if p := &sc.pats[lo]; hi-lo == 1 && !p.anchored && int(p.n)-depth <= maxRun && sc.runTargets {
		off := sc.putRun(p.lit(sc.text)[depth:])
		sc.setRunNext(off, leaf(p.rule))
		return runTarget(off)
	}
	return sc.emit(lo, hi, depth)
}

// putRun appends a run target of octets to the labels, its next target
// left to setRunNext, and returns its offset.
func (sc *sortedBuild) putRun(octets string) int {
	d := &sc.d
	sc.labelRoom(1 + len(octets) + 4)
	off := len(d.labels)
	d.labels = append(d.labels, byte(len(octets)))
	d.putLabels(octets)
	d.labels = append(d.labels, 0, 0, 0, 0)
	return off
}

// labelRoom makes room for k more octets of labels: up to the bound at
// once, not as append grows a table, a quarter at a time, each a copy.
func (sc *sortedBuild) labelRoom(k int) {
	d := &sc.d
	if cap(d.labels)-len(d.labels) < k {
		d.labels = slices.Grow(d.labels, max(sc.labelBound-len(d.labels), k))
	}
}

// putLabels appends octets to d's labels (see noBarrier), in the room the
// caller made (labelRoom).
func (d *dfa) putLabels(octets string) {
	n := len(d.labels)
	d.labels = d.labels[:n+len(octets)]
	copy(d.labels[n:], octets)
}

// noBarrier: emit lengthens the scratch's tables, fields of the heap, in
// the two forms the compiler stores without their pointer when it does
// not change: d.x = append(d.x, v), of single values, and d.x = d.x[:n]
// after growing d.x only when it lacks the room (the tables are grown to
// their bound before a build). Any other form, such as d.x =
// append(slices.Grow(d.x, n), ...), an append of an append, or of a
// slice (d.x = append(d.x, s...)), stores the pointer each time, and
// while the collector marks each such store costs a write barrier: one
// instruction in sixteen of a cold compile of the compile search's
// searched-compile-2.

// setRunNext sets the next target of the run target at offset off.
func (sc *sortedBuild) setRunNext(off int, next int32) {
	l := sc.d.labels
	binary.LittleEndian.PutUint32(l[off+1+int(l[off]):], uint32(next))
}

// leafOf returns the leaf of a group of one pattern that ends at depth and
// is not anchored, the end of most patterns, and 0 (the dead node, which
// no group is) for any other group: the caller emits those. Short enough
// to be inlined, it saves a call to emit per pattern.
func (sc *sortedBuild) leafOf(lo, hi, depth int) int32 {
	if p := &sc.pats[lo]; hi-lo == 1 && int(p.n) == depth && !p.anchored {
		return leaf(p.rule)
	}
	return 0
}

// child returns the end of the child of a node at depth whose patterns
// are sc.pats[at:at+n], from the one at at+j on: the next pattern whose
// common prefix with the one before is depth.
func (sc *sortedBuild) child(at, j, n, depth int) int {
	lcp := sc.lcp[at:][:n]
	for j++; j < len(lcp) && int(lcp[j]) != depth; j++ {
	}
	return j
}

// sortedBuild is the scratch of fromSorted: the sorted patterns, the
// common prefix of each with the one before, and the tables as they grow.
type sortedBuild struct {
	keys       []sortKey
	text       string // the patterns' octets
	pats       []pattern
	lcp        []int32
	d          dfa
	runTargets bool // runs that match nothing on entry are run targets, not nodes
	nodeBound  int  // the most nodes the trie may have
	labelBound int  // the most octets its labels may take (labelsBound)
}

// labelsBound bounds the labels of the trie fromSorted emits for n
// patterns with the given edges: the edges' octets, a count per branch
// (at most n), and five octets per run, which starts at the root, below a
// branch, where a pattern ends or where a longer run is cut.
func labelsBound(edges, n int) int { return edges + 5*(3*n+1+edges/maxRun) + n }

// labelsFirst is the room fromSorted makes for the labels of n patterns
// with the given edges before it needs labelsBound's: the edges' octets,
// eight more a pattern and five a run cut at maxRun.
func labelsFirst(edges, n int) int { return edges + 8*n + 5*(edges/maxRun+1) + 64 }

// maxRunTargetEdges is the most edges a trie may have for fromSorted to
// make run targets: its labels then stay below the 1<<offBits that node
// and target offsets address. An edge is either a branch's label, one
// octet and at most half of the branch's count, which two edges at least
// share, or an octet of a run, which with the run's count and next target
// is at most six octets when the run is that one octet: at most six
// octets of labels an edge (TestLabelsBound).
const maxRunTargetEdges = (1<<offBits - 1) / 6

// A sortKey is a pattern's first sixteen octets, as prefix8 reads them,
// and its index.
type sortKey struct {
	hi, lo uint64
	i      int32
}

// prefix8 returns the first eight octets of s as a big-endian integer, zero
// past its end: if prefix8(a) < prefix8(b) then a < b.
func prefix8(s string) uint64 {
	if len(s) >= 8 { // one load
		return uint64(s[0])<<56 | uint64(s[1])<<48 | uint64(s[2])<<40 | uint64(s[3])<<32 |
			uint64(s[4])<<24 | uint64(s[5])<<16 | uint64(s[6])<<8 | uint64(s[7])
	}
	return prefixShort(s)
}

// prefixShort is prefix8 of s shorter than eight octets.
func prefixShort(s string) uint64 {
	var k uint64
	for i := range len(s) {
		k |= uint64(s[i]) << (56 - 8*i)
	}
	return k
}

// smallSort is the most patterns fromSorted sorts by insertion.
const smallSort = 24

// sortInPlace puts pats in the order of keys, sorted: the pattern at
// keys[j].i moves to j, along the cycles of that permutation, each
// pattern moved once. It spends the keys' indices (-1 once placed).
func sortInPlace(pats []pattern, keys []sortKey) {
	for j := range keys {
		if keys[j].i < 0 {
			continue
		}
		first, k := pats[j], j
		for {
			from := int(keys[k].i)
			keys[k].i = -1
			if from == j {
				pats[k] = first
				break
			}
			pats[k], k = pats[from], from
		}
	}
}

// sortedScratch keeps the scratch of fromSorted between builds; scratch
// that grew past maxSortedScratch patterns or nodes is dropped instead,
// so that one large file does not keep its tables' worth alive.
var sortedScratch = sync.Pool{New: func() any { return new(sortedBuild) }}

const maxSortedScratch = 1 << 12

// clip returns a copy of s at its length, or nil when it is empty.
func clip[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return slices.Clone(s)
}

// clipRoom returns a copy of s with room for n more elements.
func clipRoom[T any](s []T, n int) []T {
	if len(s)+n == 0 {
		return nil
	}
	return append(make([]T, 0, len(s)+n), s...)
}

// leaf returns the target that stands for a node that matches rule r on
// entry and can match nothing better after: a negative number, which the
// walk reads as rule r and then the dead node, node 0 (see cursor.enter).
// Only fromSorted makes leaves.
func leaf(r int32) int32 { return -2 - r }

// settle completes the set of trie nodes reached by one step: a '*' may
// match the empty run, and a prefix pattern that ends at a live node has
// matched: the best of those is the state's output. Nodes that cannot
// change the outcome are dropped: those with nothing below them better than
// the output (which the walk has in hand once it enters the state), and
// those a live '*' node dominates. It returns the sorted set and the output.
func (b *builder) settle(set []int32) ([]int32, int32) {
	// A '*' child is live with its parent; a '*' node has no '*' child.
	for i, n := 0, len(set); i < n; i++ {
		if s := b.trie[set[i]].star; s >= 0 {
			set = append(set, s)
		}
	}
	b.gen++
	out := int32(-1)
	for _, u := range set {
		b.mark[u] = b.gen
		if e := b.trie[u].end; b.better(e, out) {
			out = e
		}
	}
	b.work += len(set)
	kept := set[:0]
	for _, u := range set {
		n := &b.trie[u]
		switch {
		case b.kept[u] == b.gen:
			continue // a duplicate
		case !b.better(n.top, out) || n.chain >= 0 && b.mark[n.chain] == b.gen:
			continue // cannot beat the output, or dominated
		}
		b.kept[u] = b.gen
		kept = append(kept, u)
	}
	slices.Sort(kept)
	return kept, out
}

// intern returns the state for (set, out), adding it if it is new; ok is
// false when that would exceed the state limit. States are found by a hash
// of (out, set) in an open-addressing table of state ids, kept at most half
// full.
func (b *builder) intern(set []int32, out int32) (int32, bool) {
	h := uint64(14695981039346656037) ^ uint64(uint32(out))
	for _, u := range set {
		h = (h ^ uint64(uint32(u))) * 1099511628211
		h ^= h >> 29
	}
	mask := uint64(len(b.table) - 1)
	i := h & mask
	for ; b.table[i] >= 0; i = (i + 1) & mask {
		s := b.table[i]
		if b.hashes[s] == h && b.states[s].out == out && slices.Equal(b.setOf(int(s)), set) {
			return s, true
		}
	}
	if len(b.states) >= b.lim.stateCap {
		return 0, false
	}
	accept, top := int32(-1), int32(-1)
	for _, u := range set {
		if a := b.trie[u].anchored; b.better(a, accept) {
			accept = a
		}
		if t := b.trie[u].top; b.better(t, top) {
			top = t
		}
	}
	s := int32(len(b.states))
	st := bstate{setN: uint32(len(set)), out: out, accept: accept, top: top}
	st.setChunk, st.setOff = b.store(set)
	b.states = append(b.states, st)
	b.hashes = append(b.hashes, h)
	b.table[i] = s
	if 2*len(b.states) > len(b.table) {
		b.rehash()
	}
	return s, true
}

// rehash doubles the table.
func (b *builder) rehash() {
	b.table = make([]int32, 2*len(b.table))
	for i := range b.table {
		b.table[i] = -1
	}
	mask := uint64(len(b.table) - 1)
	for s, h := range b.hashes {
		i := h & mask
		for b.table[i] >= 0 {
			i = (i + 1) & mask
		}
		b.table[i] = int32(s)
	}
}
