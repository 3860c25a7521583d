package automaton

import (
	"math"
	"math/bits"
	"strings"
	"sync"
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
// a prefix "S0*...*Sk*", and its edges are the segments that follow it, to
// the next star node or to a pattern's end. The leading segments S0 form a
// trie walked from the input's start; the others form an Aho-Corasick
// automaton (a trie with failure links, built in time linear in their
// length), which reports at each octet the segments that end there.
//
// A walk records when each star node was reached (greedy: the earliest is
// the best). Reaching a node queues its edges on their segments; an
// occurrence of a segment takes, in the order queued, the edges whose node
// was reached before the occurrence starts, and takes each edge at most
// once. Nodes with very many edges have some of them watched instead of
// queued (see hubEdges), which adds a constant per segment occurrence.
//
// Up to D segments end at one octet (D ≤ √(2·P) for P octets of segments:
// distinct segments that are suffixes of one another differ in length),
// and visiting each would cost O(L·D) per walk: on lines "/*a^i*b$"
// filling the parse limit, 1 KiB of 'a' made a million visits. So a walk
// visits only live segments, on which an occurrence ending now may take an
// edge. Reaching a hub makes the segments of its watched edges live at
// once, a word of 64 at a time. A queued edge makes its segment live only
// once an occurrence that starts after the edge's node was reached can
// end, the segment's length after that: until then the segment waits in
// a ring of buckets by octet (see segWalk.wait). A visit takes what it can
// and takes the segment out of the live set; if an edge on it still waits
// on a node reached after the occurrence started, the segment waits in the
// ring again, for the octet where the earliest such edge may be taken.
// Greedy matching only moves forward, so no occurrence in between could
// take anything. A segment waiting on a node never reached (lines
// "/*z*a^i*b$" on a run of 'a') or reached in the middle of a run (lines
// "/*a^400*a^i*b$") costs nothing while it waits, and one whose edges are
// all taken is never live again.
//
// The live segments that end at an octet are found in a bit set of
// segment ids, numbered along the heavy paths of the dictionary tree (a
// segment's parent is its longest proper suffix among the segments; see
// chains): the segments that end at one octet are a path to the tree's
// root, which crosses at most H ≤ 1+log₂ S heavy paths, each in a range of
// consecutive ids. The greatest live id in a range takes a read of a word
// of the set, and if it is empty, two more per 4,096 ids of the range
// (through a summary word); a range is at most D ids long.
//
// So a walk of L octets costs, per octet, the leading trie's step, the
// Aho-Corasick automaton's amortized two, one bucket of the ring, and a
// lookup per heavy path crossed, and per walk, one visit per time a
// segment becomes live (each visit reads at most watchedPerSegment (4)
// watched edges), one per queued edge of a node reached, one per mask word
// of a hub reached, and at the end one pass over the last octet's segments
// (at most D) for the edges that must end the input. A segment becomes
// live at most once per edge it holds of a node reached, once per hub
// reached that watches it, and once more per edge taken; a segment longer
// than the ring (maxRing octets) waits in steps of maxRing-1 octets, at
// most S_long ≤ P/maxRing of them, so at most S_long·(1+L/(maxRing-1))
// times more. In all, O(L·(4+H) + E′ + D + S_long·(1+L/maxRing)) for E′ ≤
// E the edges of the star nodes reached.
//
// Once the leading trie is left and no segment is live or waits, no star
// node can be reached any more: the walk is idle. An idle walk stops, or,
// if a node reached has an edge that must end the input, runs only the
// Aho-Corasick automaton, to know the segments that end the input. The
// walk reads the input in runs of plain octets (Input.plain).
//
// The scratch is a few integers per star node, segment and edge and a
// ring of at most maxRing buckets, reset by generation: a walk touches,
// and pays for, only what it uses.
//
// A walk does not reach a star node, nor follow a path to one, whose best
// rule below cannot beat what it has matched. Every step it takes counts
// against the decision budget (see charge and budget.go), and the build
// knows the most a walk can count (walkCost): a walk past the budget
// stops, and the decision fails closed. The octets between hundreds of
// live patterns that all move on at once are where that happens; no real
// file comes near it.

// segments runs the wildcard patterns of a Machine at TierSegments.
type segments struct {
	lead  strie // leading segments; term: the star node their end reaches
	float strie // the other segments, with failure links; term: segment id
	// Segment ids are places on the heavy paths of the dictionary tree
	// (see chains): chain[id] says where id's path starts and where the
	// path above it goes on.
	chain  []chainLink
	seglen []int32 // per segment id: its length
	edgeAt []int32 // star node v's edges are edges[edgeAt[v]:edgeAt[v+1]]
	edges  []sedge
	// Edge e's path, the segments it takes one after another (see
	// radix.go), is its seg, then the segments of path from pathAt[e]
	// (span): up to pathAt[e+1] when the paths are laid end to end, or
	// pathN[e] of them when path is the radix tree's own table of segment
	// ids, of which the paths are ranges (see radix.finish), and pathN is
	// set. pathAt is nil when every edge holds one segment.
	pathAt, pathN, path []int32
	// Of a hub's edges, those before pushEnd[v] are queued when it is
	// reached, the others watched: listed by segment in
	// watched[watchAt[seg]:watchAt[seg+1]] (see hubEdges). Reaching hub v
	// adds the segments of its watched edges to the live set at once, as
	// the words masks[maskAt[v]:maskAt[v+1]].
	pushEnd, watchAt, watched, maskAt []int32
	masks                             []segMask
	// queueAt is the place of each segment's queue in a walk's scratch,
	// or -1 for a segment on which no edge is queued (a hub's segments
	// often have only watched edges): queues are the places.
	queueAt []int32
	queues  int32
	tails   []bool // per star node: whether it has an edge that must end the input
	nodes   int32  // star nodes; node 0 is the start, reached before the input
	ring    int32  // buckets of a walk's wake-up ring, a power of two

	cost planCost // the worst cost of a walk (see walkCost)

	// below is, per star node, the best rule of the edges below it (see
	// bestBelow): a walk does not reach a node, or take an edge, that
	// cannot beat what it has matched.
	below []int32

	// For the lazily built DFA (lazy.go), per star node v: the longest
	// segment of its edges (see capAge); then its meta.
	lazyNodes []int32
	lz        lazyMeta

	// scan, when not nil, is a Scan of the wildcard patterns in rank
	// order, and the tier runs it, the scan plan (see segscan.go), instead
	// of the tables above, none of which is built.
	scan *Scan
}

// A chainLink places a segment on its heavy path: the path holds the ids
// lo up to the segment's (its proper suffixes on the path have the lower
// ids), and up is the id of the first segment above the path, the
// longest proper suffix of the path's shortest segment, or -1.
type chainLink struct{ lo, up int32 }

// A segMask is one word of segment ids: ids w·64+i for the bits i set.
type segMask struct {
	bits uint64
	w    int32
}

// An sedge leads from a star node over segment seg to star node to, or
// (to < 0) ends the pattern of rule; tail edges (to == tailEdge) must end
// the input.
type sedge struct {
	from, seg, to, rule int32
}

// The to of an edge that ends its pattern: endEdge where the pattern may
// end anywhere, tailEdge where it must end the input.
const (
	endEdge  = -1
	tailEdge = -2
)

// tail reports whether e must end the input.
func (e *sedge) tail() bool { return e.to == tailEdge }

// strie is a trie of segments stored flat, its nodes numbered in
// breadth-first order, each node's children in the order of their octets:
// so the children of node u are the nodes off[u]+1 up to off[u+1], entered
// on the octets labels[off[u]:off[u+1]] (edge i leads to node i+1), and no
// table of targets is needed. root, set for the Aho-Corasick automaton
// only, which returns to the root at most octets, gives the root's child
// on each octet (0 for none) in 256 octets: a segment holds no '*', so the
// root has at most 255 children, nodes 1 to 255. The trie of leading
// segments, whose root is only left on the input's first octet, scans the
// root's labels instead. fail is set for the Aho-Corasick automaton only.
//
// What ends at each node (term) is dense while the segments are built and
// sparse once they are (terms): few nodes have a term (one in nine of the
// corpus's Aho-Corasick nodes), and the dense table was, at 4 octets a
// node, a third of the trie.
type strie struct {
	off    []uint32
	labels []byte
	term   []int32 // per node: what ends there, or -1; for the Aho-Corasick automaton once built, the longest segment that ends there (see ends); nil once sparse
	terms  sparseTerms
	fail   []int32 // per node: the node of its longest proper suffix in the trie
	root   *[256]uint8
	wide   *wideNodes // the nodes of more than scanLabels children, nil when none
}

// wideChild returns wide node u's child on x, or -1; lo is u's offset.
func (t *strie) wideChild(u int32, lo uint32, x byte) int32 {
	m := t.wide.bitmap(u)
	w, bit := m[x>>6], uint64(1)<<(x&63)
	if w&bit == 0 {
		return -1
	}
	rank := bits.OnesCount64(w & (bit - 1))
	for _, v := range m[:x>>6] {
		rank += bits.OnesCount64(v)
	}
	return int32(lo) + 1 + int32(rank)
}

// wideNodes are the bitmaps of a trie's wide nodes (see find): a bit per
// node says which are wide, and their bitmaps, four words each, are listed
// in node order, so node u's is found by counting the bits before u's.
type wideNodes struct {
	has  []uint64 // bit u%64 of word u/64: node u is wide
	at   []int32  // per word of has, the wide nodes before it
	maps []uint64 // four words per wide node
}

// bitmap returns the octets of wide node u's children.
func (w *wideNodes) bitmap(u int32) []uint64 {
	i := uint32(u)
	k := w.at[i/64] + int32(bits.OnesCount64(w.has[i/64]&(1<<(i%64)-1)))
	return w.maps[4*k : 4*k+4 : 4*k+4]
}

// setWide lists the bitmaps of t's wide nodes.
func (t *strie) setWide() {
	n := len(t.off) - 1
	for u := range n {
		if t.off[u+1]-t.off[u] <= scanLabels {
			continue
		}
		if t.wide == nil {
			t.wide = &wideNodes{has: make([]uint64, n/64+1), at: make([]int32, n/64+1)}
		}
		t.wide.has[u/64] |= 1 << (u % 64)
		k := len(t.wide.maps)
		t.wide.maps = append(t.wide.maps, 0, 0, 0, 0)
		for _, x := range t.labels[t.off[u]:t.off[u+1]] {
			t.wide.maps[k+int(x>>6)] |= 1 << (x & 63)
		}
	}
	if t.wide == nil {
		return
	}
	for i := 1; i < len(t.wide.at); i++ {
		t.wide.at[i] = t.wide.at[i-1] + int32(bits.OnesCount64(t.wide.has[i-1]))
	}
}

// sparseTerms are the terms of a strie's nodes that have one: a bit per
// node says which do, and the terms are listed in node order, so node u's
// is found by counting the bits before u's (a word's count of the words
// before it, and one popcount).
type sparseTerms struct {
	has []uint64 // bit u%64 of word u/64: node u has a term
	at  []int32  // per word of has, the terms before it; then the terms (ids)
	ids int32    // where the terms start in at
}

// sparse returns t.term stored sparsely, and gives the dense table back to
// sp for the phases after it.
func (t *strie) sparse(sp *spares) {
	n, words := len(t.term), len(t.term)/64+1
	terms := 0
	for _, id := range t.term {
		if id >= 0 {
			terms++
		}
	}
	st := sparseTerms{has: make([]uint64, words), at: make([]int32, words, words+terms), ids: int32(words)}
	for u, id := range t.term {
		if u%64 == 0 {
			st.at[u/64] = int32(len(st.at)) - st.ids
		}
		if id >= 0 {
			st.has[u/64] |= 1 << (u % 64)
			st.at = append(st.at, id)
		}
	}
	if n%64 == 0 { // the last word holds no node
		st.at[n/64] = int32(len(st.at)) - st.ids
	}
	sp.put(t.term)
	t.term, t.terms = nil, st
}

// hasTerm reports whether node u has a term.
func (st *sparseTerms) hasTerm(u int32) bool {
	i := uint32(u)
	return st.has[i/64]>>(i%64)&1 != 0
}

// term returns node u's term, or -1.
func (st *sparseTerms) term(u int32) int32 {
	i := uint32(u)
	h := st.has[i/64]
	if h>>(i%64)&1 == 0 {
		return -1
	}
	// The terms of the nodes before u in its word, and u's own.
	n := int32(bits.OnesCount64(h << (63 - i%64)))
	return st.at[st.ids+st.at[i/64]+n-1]
}

func (st *sparseTerms) size() int { return 8*len(st.has) + 4*len(st.at) }

// child returns u's child on x, or -1.
func (t *strie) child(u int32, x byte) int32 {
	if u == 0 && t.root != nil {
		if k := t.root[x]; k != 0 {
			return int32(k)
		}
		return -1
	}
	return t.find(u, x)
}

// scanLabels is the most labels find scans in order; a node of more is
// wide: a bitmap of its octets finds its child.
const scanLabels = 16

// find returns u's child on x, or -1: a scan of a few labels, or in a
// wide node a bit of its bitmap and a count of the bits before it (a node
// of tens of children costs a few loads, not tens of compares). The
// scan is written out in next, the walk's step, as the compiler does
// not inline find.
func (t *strie) find(u int32, x byte) int32 {
	lo, hi := t.off[u], t.off[u+1]
	if hi-lo > scanLabels {
		return t.wideChild(u, lo, x)
	}
	for i := lo; i < hi; i++ {
		if l := t.labels[i]; l >= x {
			if l == x {
				return int32(i) + 1
			}
			break
		}
	}
	return -1
}

// next returns the Aho-Corasick automaton's node after u on octet x: u's
// child on x, or that of the longest suffix of u's string in the trie
// that has one, or the root.
func (t *strie) next(u int32, x byte) int32 {
	for u != 0 {
		lo, hi := t.off[u], t.off[u+1]
		if hi-lo > scanLabels {
			if v := t.wideChild(u, lo, x); v >= 0 {
				return v
			}
		} else {
			for i := lo; i < hi; i++ {
				if l := t.labels[i]; l >= x {
					if l == x {
						return int32(i) + 1
					}
					break
				}
			}
		}
		u = t.fail[u]
	}
	return int32(t.root[x])
}

// isSegment reports whether node u of the Aho-Corasick automaton is where
// segment t.term[u] ends, rather than one of its suffixes: segments are
// not empty, so the root is no segment's, and distinct segments have
// distinct ids.
func (t *strie) isSegment(u int32) bool {
	return u > 0 && t.term[u] >= 0 && t.term[u] != t.term[t.fail[u]]
}

func (t *strie) size() int {
	n := int(unsafe.Sizeof(*t)) + 4*len(t.off) + len(t.labels) + 4*(len(t.term)+len(t.fail)) + t.terms.size()
	if w := t.wide; w != nil {
		n += int(unsafe.Sizeof(*w)) + 8*(len(w.has)+len(w.maps)) + 4*len(w.at)
	}
	if t.root != nil {
		n += len(t.root)
	}
	return n
}

// buildSegments builds the segment matcher of pats, with transient
// buffers from sp. It allocates the tables it keeps, two trie builders
// and a few int32 buffers, each taken from sp and given back, or lent by
// a table kept that is filled later: within defaultCompileBytes (see the
// package comment). The patterns' octets are in text.
func buildSegments(text string, pats []pattern, sp *spares) *segments {
	edgeMax := 0 // a pattern has one edge per '*', at most
	for _, p := range pats {
		edgeMax += int(p.stars)
	}
	// What the compile budget leaves this build (see buildBudget),
	// counted before anything is allocated: the
	// patterns and their stars; then, in a first pass, the distinct
	// segments; then their tries' nodes.
	room := segmentBuild - sp.segBytes
	if segmentBytes(len(pats), edgeMax, 0, 0) > room {
		return newScan(text, pats)
	}
	s := &segments{nodes: 1}
	// The leading segments and the others, each with an id (see
	// sortedTrie), found in a first pass that builds nothing else: each
	// pattern's leading segment (its id+1, 0 for none), and the ids of
	// its other segments, one per star, end to end. So a build past the
	// budget stops having allocated only the table of distinct segments
	// and an id per star, not the star-node trie, which on files of many
	// short patterns took as much again.
	lead, float := newStrIndex(text, len(pats)), newStrIndex(text, edgeMax)
	leads, ids := sp.get(len(pats)), sp.get(edgeMax)[:0]
	stars := sp.get(len(pats)) // each pattern's, counted here for the trie below
	over := func() *segments {
		sp.put(leads, ids, stars)
		return newScan(text, pats)
	}
	for k, p := range pats {
		stars[k] = 0
		lit := p.lit(text)
		for i, rest, more := 0, lit, true; more; i++ {
			var seg string
			seg, rest, more = cutStar(rest)
			if i == 0 {
				if seg != "" { // a leading '*' starts at the start node
					id, slot, h := lead.find(seg)
					if id < 0 {
						id = lead.insert(seg, int(p.at), slot, h)
						if segmentBytes(len(pats), edgeMax, lead.len()+float.len(), 0) > room {
							return over()
						}
					}
					leads[k] = id + 1
				}
				continue
			}
			id, slot, h := float.find(seg)
			if id < 0 {
				// seg ends where rest starts, less its star.
				at := int(p.at) + len(lit) - len(rest) - btoi(more) - len(seg)
				id = float.insert(seg, at, slot, h)
				if segmentBytes(len(pats), edgeMax, lead.len()+float.len(), 0) > room {
					return over()
				}
			}
			ids = append(ids, id)
			stars[k]++
		}
	}
	// The tries' nodes, counted from the segments sorted before either is
	// laid out.
	leadOrder, leadNodes := sortIndex(&lead, sp)
	floatOrder, floatNodes := sortIndex(&float, sp)
	// With them, the tables that find the Aho-Corasick trie's failure
	// links on large tries (see link): counted, not left out when the room
	// is short, so that the costliest build the budget admits has them.
	rows := shallowRows(&float, floatOrder, floatNodes)
	cost := segmentBytes(len(pats), edgeMax, lead.len()+float.len(), leadNodes+floatNodes) + shallowRowBytes*rows
	if cost > room {
		sp.put(leadOrder, floatOrder)
		return over()
	}
	// The star-node trie, built as a radix tree (see radix) on the ids,
	// which hold its paths: a leading segment's star node by its id, made
	// when it first comes.
	rt := newRadix(len(pats), ids, sp)
	leadNode := make([]int32, 0, lead.len())
	from := int32(0)
	for k, p := range pats {
		at := int32(0)
		if id := leads[k] - 1; id >= 0 {
			if int(id) == len(leadNode) {
				leadNode = append(leadNode, rt.newNode())
			}
			at = leadNode[id]
		}
		to := int32(endEdge)
		if p.anchored {
			to = tailEdge
		}
		rt.insert(at, from, stars[k], to, p.rule)
		from += stars[k]
	}
	sp.put(leads, stars)
	sp.segBytes += cost
	edges, renum := rt.finish(s, sp)
	s.lead = sortedTrie(&lead, leadOrder, leadNodes, func(i int) int32 { return renum[leadNode[i]] }, false, false, sp)
	sp.put(renum, leadOrder)
	lead, leadNode = strIndex{}, nil
	s.float = sortedTrie(&float, floatOrder, floatNodes, func(i int) int32 { return int32(i) }, true, rows > 0, sp)
	sp.put(floatOrder)
	// The length of each segment, by its first id, allocated once at its
	// size, from the table: grown as the segments came, it allocated
	// twice that and a copy.
	seglen := make([]int32, float.len())
	for i := range seglen {
		seglen[i] = int32(len(float.str(int32(i))))
	}
	float = strIndex{}
	// Renumber the segments along the heavy paths of their dictionary
	// tree, in place. Two tables kept per segment are filled once the
	// edges are grouped: until then they are scratch, here chains' and
	// the permutation, then watch's.
	s.queueAt, s.watchAt = make([]int32, len(seglen)), make([]int32, len(seglen)+1)
	perm := s.chains(len(seglen), s.queueAt, s.watchAt[:len(seglen)])
	s.lead.sparse(sp)
	s.float.sparse(sp)
	for i := range edges {
		edges[i].seg = perm[edges[i].seg]
	}
	for i, id := range s.path { // every id: those of no path are ids too
		s.path[i] = perm[id]
	}
	permute(seglen, perm)
	s.seglen = seglen
	longest := int32(0)
	for _, n := range s.seglen {
		longest = max(longest, n)
	}
	s.ring = 2
	for s.ring <= longest && s.ring < maxRing {
		s.ring *= 2
	}
	s.edges = edges
	s.watch(len(s.seglen), sp)
	s.hubMasks(len(s.seglen), sp)
	// The queues, in the order of their segments: those of the edges
	// queued when their node is reached, and of every segment of a path
	// but its first.
	clear(s.queueAt)
	for v := int32(0); v < s.nodes; v++ {
		for _, e := range s.edges[s.edgeAt[v]:s.pushEnd[v]] {
			s.queueAt[e.seg] = 1
		}
	}
	for e := range s.pathEdges() {
		at, n := s.span(int32(e))
		for _, seg := range s.path[at : at+n] {
			s.queueAt[seg] = 1
		}
	}
	for i, q := range s.queueAt {
		if q == 0 {
			s.queueAt[i] = -1
			continue
		}
		s.queueAt[i] = s.queues
		s.queues++
	}
	s.tails = make([]bool, s.nodes)
	for _, e := range s.edges {
		if e.tail() {
			s.tails[e.from] = true
		}
	}
	s.lazyTables()
	s.cost = s.walkCost(sp)
	return s
}

// walkCost returns the worst cost of a walk of s, as it counts its work
// (see charge), from its tables. Per octet, not counted (static): a
// bucket of the ring, a step of the leading trie and two of the
// Aho-Corasick automaton, amortized, each a scan of a node's labels, and
// the test for a segment that ends; counted (per): a lookup in the live
// set per heavy path that the segments ending at one octet lie on, at
// most H, and the visits of segments longer than the ring, which wait for
// their octet in steps of maxRing-1. Per walk (base): each of the N star
// nodes reached once, with its E_q queued edges and M mask words; each
// queued edge taken once; at most V = E_q + E + W visits, a segment
// becoming live once per edge queued on it and per watched edge of a hub
// reached, and once more per edge taken, each visit with its lookup and
// at most watchedPerSegment watched edges; a wake-up per wait, at most
// E_q + E; and at the end, the D segments that end at the last octet with
// their watched edges, and the E_tail edges that must end the input.
func (s *segments) walkCost(sp *spares) planCost {
	kids := func(t *strie, from int) int {
		n := 0
		for u := from; u+1 < len(t.off); u++ {
			n = max(n, int(t.off[u+1]-t.off[u]))
		}
		return n
	}
	c := planCost{static: 2 + labelCost(kids(&s.lead, 0)) + 2*labelCost(kids(&s.float, 1))}
	// Per segment id, the heavy paths from it to the dictionary tree's
	// root (H) and the segments on the way (D), the segment's own
	// included: a path's head comes after the segment above it.
	segs := len(s.seglen)
	paths, depth := sp.get(segs), sp.get(segs)
	defer sp.put(paths, depth)
	maxH, maxD, long := 0, 0, 0
	for id := range segs {
		ch := s.chain[id]
		p, d := int32(1), int32(1)
		if int32(id) > ch.lo {
			p, d = paths[id-1], depth[id-1]+1
		} else if ch.up >= 0 {
			p, d = paths[ch.up]+1, depth[ch.up]+1
		}
		paths[id], depth[id] = p, d
		maxH, maxD = max(maxH, int(p)), max(maxD, int(d))
		if s.seglen[id] > maxRing-1 {
			long++
		}
	}
	// queued counts the steps along paths too: an edge is queued once
	// per segment of its path after the first.
	steps := 0
	for e := range s.pathEdges() {
		_, n := s.span(int32(e))
		steps += int(n)
	}
	queued, tail := steps, 0
	for v := int32(0); v < s.nodes; v++ {
		queued += int(s.pushEnd[v] - s.edgeAt[v])
	}
	for _, e := range s.edges {
		if e.tail() {
			tail++
		}
	}
	visit := visitCost + lookupCost + watchedPerSegment // the visit, its lookup, its watched edges
	visits := queued + len(s.edges) + len(s.watched)
	c.per = maxH*lookupCost + (long*visit+maxRing-2)/(maxRing-1)
	c.base = int(s.nodes)*reachCost + queued*queueCost + len(s.masks) + // reached, queued
		steps*popCost + // steps along paths (their queueing counted in queued)
		queued*popCost + visits*visit + (queued+len(s.edges))*wakeCost +
		maxD*(lookupCost+watchedPerSegment) + tail
	return c
}

// lazyMaxNodes is the most star nodes of a segment matcher that the lazy
// DFA runs (every corpus file's have at most 198; the hostile families
// tens of thousands, whose live nodes would soon outgrow a key): its
// tables cost 8 bytes a node.
const lazyMaxNodes = 1 << 12

// lazyTables fills below, in one pass over the edges (an edge leads to a
// node after its own, so the nodes, taken last first, find the best rule
// below each of their edges' nodes known), and lazyNodes for a matcher of
// at most lazyMaxNodes star nodes and no paths.
func (s *segments) lazyTables() {
	s.below = make([]int32, s.nodes)
	for v := s.nodes - 1; v >= 0; v-- {
		best := int32(-1)
		for i := s.edgeAt[v]; i < s.edgeAt[v+1]; i++ {
			if r := s.edgeBest(i); better(r, best) {
				best = r
			}
		}
		s.below[v] = best
	}
	if s.nodes > lazyMaxNodes || s.pathAt != nil {
		return
	}
	s.lazyNodes = make([]int32, s.nodes)
	for v := range s.nodes {
		long := int32(0)
		for _, e := range s.edges[s.edgeAt[v]:s.edgeAt[v+1]] {
			long = max(long, s.seglen[e.seg])
		}
		s.lazyNodes[v] = long
	}
}

// edgeBest returns the best rule edge e may lead to: its own, or the best
// below its star node.
func (s *segments) edgeBest(e int32) int32 {
	if ed := &s.edges[e]; ed.to >= 0 {
		return s.below[ed.to]
	}
	return s.edges[e].rule
}

// capAge returns the length of the longest segment of star node v's
// edges: past it, the octets read since v was reached no longer matter.
func (s *segments) capAge(v int32) int32 { return s.lazyNodes[v] }

// bestBelow returns the best rule of the edges below star node v, or -1.
func (s *segments) bestBelow(v int32) int32 { return s.below[v] }

// permute moves each x[i] to x[dst[i]], in place, along the cycles of the
// permutation dst, which it overwrites: one swap puts one element in its
// place.
func permute[T any](x []T, dst []int32) {
	for i := range x {
		for j := dst[i]; j != int32(i); j = dst[i] {
			x[i], x[j] = x[j], x[i]
			dst[i], dst[j] = dst[j], j
		}
	}
}

// suffix returns the longest proper suffix of segment id among the
// segments, its parent in the dictionary tree, or -1: the id before it on
// its heavy path, or the segment above the path (see chains).
func (s *segments) suffix(id int32) int32 {
	if c := s.chain[id]; id > c.lo {
		return id - 1
	}
	return s.chain[id].up
}

// chains lays the segments out on the heavy paths of their dictionary
// tree, in which a segment's parent is its longest proper suffix among the
// segments (the term of its node's fail link), and returns the new id of
// each segment, renumbering s.float's terms; the nodes in
// breadth-first order list each segment after its parent, which is
// shorter. A heavy path runs from a segment down through, at each step,
// the child with the most segments below it; its ids are consecutive,
// shortest first. So the segments that end at one octet, the dictionary
// chain of the scanner's node, lie on at most 1+log₂ S paths, a range of
// ids on each. There are n segments; heavy and below, of n each, are
// the caller's scratch, and the permutation is returned in below.
func (s *segments) chains(n int, heavy, below []int32) []int32 {
	t := &s.float
	clear(below)
	for i := range heavy {
		heavy[i] = -1
	}
	for u := int32(len(t.term)) - 1; u > 0; u-- {
		if !t.isSegment(u) {
			continue
		}
		id := t.term[u]
		below[id]++
		if p := t.term[t.fail[u]]; p >= 0 {
			below[p] += below[id]
			if heavy[p] < 0 || below[id] > below[heavy[p]] {
				heavy[p] = id
			}
		}
	}
	perm := below // read no more
	clear(perm)
	s.chain = make([]chainLink, n)
	next := int32(0)
	for u := int32(1); u < int32(len(t.term)); u++ {
		if !t.isSegment(u) {
			continue
		}
		id, p := t.term[u], t.term[t.fail[u]]
		if p >= 0 && heavy[p] == id {
			continue // on its parent's path
		}
		// A path's head comes in order after its parent, whose path is
		// laid out already.
		link := chainLink{lo: next, up: -1}
		if p >= 0 {
			link.up = perm[p]
		}
		for x := id; x >= 0; x = heavy[x] {
			perm[x], s.chain[next] = next, link
			next++
		}
	}
	for u, id := range t.term {
		if id >= 0 {
			t.term[u] = perm[id]
		}
	}
	return perm
}

// hubMasks lists, for each hub, the words of the segment ids of its
// watched edges that do not end the input.
func (s *segments) hubMasks(segs int, sp *spares) {
	s.maskAt = make([]int32, s.nodes+1)
	at := sp.get(segs/64 + 1) // per word: its place in the hub's list, plus one
	defer sp.put(at)
	for v := int32(0); v < s.nodes; v++ {
		start := int32(len(s.masks))
		for e := s.pushEnd[v]; e < s.edgeAt[v+1]; e++ {
			ed := &s.edges[e]
			if ed.tail() && s.pathLen(e) == 1 {
				continue
			}
			w := ed.seg >> 6
			if at[w] == 0 {
				s.masks = append(s.masks, segMask{w: w})
				at[w] = int32(len(s.masks)) - start
			}
			s.masks[start+at[w]-1].bits |= 1 << (ed.seg & 63)
		}
		for _, m := range s.masks[start:] {
			at[m.w] = 0
		}
		s.maskAt[v+1] = int32(len(s.masks))
	}
	s.masks = fit(s.masks)
}

// A star node of more than hubEdges edges is a hub: queueing all its edges
// when it is reached would cost more than most walks (a file of rules
// "/*a_i*b_i" has one node "/*" with an edge per rule). Instead, up to
// watchedPerSegment of a hub's edges on each segment are watched: an
// occurrence of the segment checks them directly, without a queue. The
// rest are queued as any other; so a walk still visits each edge at most
// once through the queues, and each occurrence visits at most
// watchedPerSegment watched edges more.
const (
	hubEdges          = 16
	watchedPerSegment = 4
)

// watch picks the watched edges, puts them after the queued ones of their
// node (edges[pushEnd[v]:edgeAt[v+1]]), and lists them by segment
// (watched[watchAt[seg]:watchAt[seg+1]]), with a transient buffer from
// sp and queueAt, not yet filled, for scratch.
func (s *segments) watch(segs int, sp *spares) {
	s.pushEnd = make([]int32, s.nodes)
	count := s.queueAt
	clear(count)
	var dst []int32 // per edge of a hub: its place in the hub's edges
	n := 0
	for v := int32(0); v < s.nodes; v++ {
		lo, hi := s.edgeAt[v], s.edgeAt[v+1]
		s.pushEnd[v] = hi
		if hi-lo <= hubEdges {
			continue
		}
		if dst == nil {
			dst = sp.get(len(s.edges))
		}
		d, queued := dst[:hi-lo], int32(0)
		for k, e := range s.edges[lo:hi] {
			if seg := e.seg; count[seg] < watchedPerSegment {
				count[seg]++
				d[k] = -1
				n++
			} else {
				d[k] = 0
				queued++
			}
		}
		// Queued edges first, in their order, then the watched ones.
		q, w := int32(0), queued
		for k := range d {
			if d[k] < 0 {
				d[k], w = w, w+1
			} else {
				d[k], q = q, q+1
			}
		}
		permute(s.edges[lo:hi], d)
		s.pushEnd[v] = lo + queued
	}
	clear(s.watchAt)
	for v := int32(0); v < s.nodes; v++ {
		for e := s.pushEnd[v]; e < s.edgeAt[v+1]; e++ {
			s.watchAt[s.edges[e].seg+1]++
		}
	}
	for i := 0; i < segs; i++ {
		s.watchAt[i+1] += s.watchAt[i]
	}
	s.watched = make([]int32, n)
	fill := count // read no more
	copy(fill, s.watchAt[:segs])
	for v := int32(0); v < s.nodes; v++ {
		for e := s.pushEnd[v]; e < s.edgeAt[v+1]; e++ {
			seg := s.edges[e].seg
			s.watched[fill[seg]] = e
			fill[seg]++
		}
	}
	sp.put(dst)
}

func (s *segments) size() int {
	return int(unsafe.Sizeof(*s)) + s.lead.size() + s.float.size() +
		4*(len(s.seglen)+len(s.edgeAt)+len(s.pushEnd)+len(s.watchAt)+len(s.watched)+len(s.maskAt)+len(s.queueAt)+len(s.lazyNodes)) +
		4*(len(s.pathAt)+len(s.pathN)+len(s.path)) + 4*len(s.below) + len(s.tails) + 8*len(s.chain) + int(unsafe.Sizeof(sedge{}))*len(s.edges) + int(unsafe.Sizeof(segMask{}))*len(s.masks) +
		s.scan.size()
}

// maxRing is the most buckets of a walk's wake-up ring (see segWalk.wait):
// a segment longer than that waits in steps of maxRing-1 octets.
const maxRing = 1 << 10

// segScratch is what a segments walk needs: when each star node was
// reached, per segment the queues of edges waiting on it, the set of live
// segments and the ring of segments waiting to become live. A walk tells
// its own marks from older ones by generation, so nothing is cleared
// between walks.
type segScratch struct {
	g       uint32
	m       meter   // the decision's work, the walk's included (see budget.go)
	over    bool    // the walk has spent more than the budget allows: it stops
	n       int32   // the octets the last walk read
	reached []reach // per star node
	queue   []squeue
	live    segSet   // segments an occurrence may take an edge on
	wait    []swait  // per segment
	waiting int      // segments in the ring
	ring    []rhead  // per octet modulo its length: the segments that wake then
	next    []int32  // per edge: the next edge in its queue
	at      []int32  // per edge: when it was queued on its segment (an occurrence must start no earlier)
	pos     []int32  // per edge, when edges have paths: the position in its path it is queued at
	taken   []uint32 // per watched edge that ends a pattern: the generation that took it
}

type reach struct {
	gen uint32
	at  int32 // where the segment after the node may start
}

// An squeue holds the edges waiting on one segment, in the order their
// nodes were reached: edges that end the input apart.
type squeue struct {
	gen                      uint32
	head, last, thead, tlast int32
}

// An swait says that a segment waits in the ring to be made live at
// octet at, between prev and next in its bucket (-1: none).
type swait struct {
	gen            uint32
	at, prev, next int32
}

// An rhead is a bucket of the ring: the first segment that waits in it.
type rhead struct {
	gen   uint32
	first int32
}

// A segSet is a set of segment ids, one bit each. A word of another
// generation is empty. Bit w of the summary hi is set when word w of lo
// is not empty, so that last crosses 4,096 absent ids in one read.
type segSet struct {
	lo, hi []sword
	n      int // members
}

type sword struct {
	bits uint64
	gen  uint32
}

func (b *segSet) word(ws []sword, w int32, g uint32) uint64 {
	if x := &ws[w]; x.gen == g {
		return x.bits
	}
	return 0
}

// or adds the ids of word w set in m.
func (b *segSet) or(w int32, m uint64, g uint32) {
	x := &b.lo[w]
	if x.gen != g {
		*x = sword{gen: g}
	}
	m &^= x.bits
	if m == 0 {
		return
	}
	if x.bits == 0 {
		y := &b.hi[w>>6]
		if y.gen != g {
			*y = sword{gen: g}
		}
		y.bits |= 1 << (w & 63)
	}
	x.bits |= m
	b.n += bits.OnesCount64(m)
}

func (b *segSet) has(id int32, g uint32) bool {
	return b.word(b.lo, id>>6, g)&(1<<(id&63)) != 0
}

// remove takes out id, a member.
func (b *segSet) remove(id int32) {
	x := &b.lo[id>>6]
	x.bits &^= 1 << (id & 63)
	b.n--
	if x.bits == 0 { // the summary word is of this generation: it has this word's bit
		b.hi[id>>12].bits &^= 1 << ((id >> 6) & 63)
	}
}

// last returns the greatest id in the set between lo and id, or -1.
func (b *segSet) last(lo, id int32, g uint32) int32 {
	if id < lo {
		return -1
	}
	w := id >> 6
	x := b.word(b.lo, w, g) & (^uint64(0) >> (63 - id&63))
	for x == 0 {
		// The greatest word below w that is not empty, from the summary.
		if w--; w < lo>>6 {
			return -1
		}
		h := w >> 6
		if y := b.word(b.hi, h, g) & (^uint64(0) >> (63 - w&63)); y != 0 {
			w = h<<6 | int32(63-bits.LeadingZeros64(y))
			if w < lo>>6 {
				return -1
			}
			x = b.lo[w].bits
		} else {
			w = h << 6
		}
	}
	if j := w<<6 | int32(63-bits.LeadingZeros64(x)); j >= lo {
		return j
	}
	return -1
}

// A scratchShape is the size of a segment walk's scratch: its star nodes,
// queues, segments, ring buckets, edges and watched edges. A scratch of one
// shape serves any segments whose shape it holds (see holds): a walk tells
// its marks by generation, whatever Machine made the older ones, and reads
// the ring's length from the scratch.
type scratchShape struct {
	nodes, queues, segs, ring, edges, watched, paths int
}

// shape returns the shape of the scratch s walks with.
func (s *segments) shape() scratchShape {
	sh := scratchShape{
		nodes: int(s.nodes), queues: int(s.queues), segs: len(s.seglen),
		ring: int(s.ring), edges: len(s.edges), watched: len(s.watched),
	}
	if s.pathAt != nil {
		sh.paths = len(s.edges)
	}
	return sh
}

// bytes is the size of the scratch alloc allocates.
func (sh scratchShape) bytes() int {
	return sh.nodes*int(unsafe.Sizeof(reach{})) + sh.queues*int(unsafe.Sizeof(squeue{})) +
		(sh.segs/64+1+sh.segs/(64*64)+1)*int(unsafe.Sizeof(sword{})) + sh.segs*int(unsafe.Sizeof(swait{})) +
		sh.ring*int(unsafe.Sizeof(rhead{})) + 4*(2*sh.edges+sh.watched+sh.paths)
}

// holds reports whether a scratch of shape sh serves a walk of shape x.
func (sh scratchShape) holds(x scratchShape) bool {
	return x.nodes <= sh.nodes && x.queues <= sh.queues && x.segs <= sh.segs &&
		x.ring <= sh.ring && x.edges <= sh.edges && x.watched <= sh.watched && x.paths <= sh.paths
}

// alloc allocates a scratch of shape sh.
// The pages of a scratch larger than this are touched when it is
// allocated: see alloc.
const prefaultBytes = 64 << 10

func (sh scratchShape) alloc() *segScratch { return sh.allocFrom(nil) }

// allocFrom is alloc, with the scratch's per-edge arrays (next, at and
// pos, most of a large scratch) cut from one buffer that the build gave
// back to sp, when one fits (spares.keep): a build of many edges has just
// given back buffers of about their size, and a cold process that
// allocated as much again would map as many new pages. sp may be nil.
func (sh scratchShape) allocFrom(sp *spares) *segScratch {
	sc := &segScratch{
		reached: make([]reach, sh.nodes), queue: make([]squeue, sh.queues),
		live: segSet{lo: make([]sword, sh.segs/64+1), hi: make([]sword, sh.segs/(64*64)+1)},
		wait: make([]swait, sh.segs), ring: make([]rhead, sh.ring),
		taken: make([]uint32, sh.watched),
	}
	var edges []int32
	if sp != nil {
		edges = sp.keep(2*sh.edges + sh.paths) // touched: the build wrote it
	}
	fresh := edges == nil
	if fresh {
		edges = make([]int32, 2*sh.edges+sh.paths)
	}
	if sh.bytes() > prefaultBytes {
		// A large scratch comes fresh from the system, its pages mapped
		// on first touch: a first walk that touched thousands of them
		// would pay a fault each, a millisecond on a file of a hundred
		// thousand segments, which the decision budget does not see.
		// The build touches them instead.
		clear(sc.reached)
		clear(sc.queue)
		clear(sc.live.lo)
		clear(sc.wait)
		clear(sc.taken)
		if fresh {
			clear(edges)
		}
	}
	sc.next, edges = edges[:sh.edges:sh.edges], edges[sh.edges:]
	sc.at, edges = edges[:sh.edges:sh.edges], edges[sh.edges:]
	sc.pos = edges[:sh.paths:sh.paths]
	return sc
}

// scratchBytes is the size of the scratch newScratch allocates.
func (s *segments) scratchBytes() int { return s.shape().bytes() }

// newScratch allocates a scratch of s's own shape.
func (s *segments) newScratch() *segScratch { return s.shape().alloc() }

// sharedShape is the shape of the scratches that the segment walks of
// every Machine whose shape they hold share, process-wide: 29,856 bytes
// each (TestSharedScratch). A crawler keeps a Machine per host and decides
// a few at a time, so a scratch per Machine would cost memory by the host
// (the corpus's segment-tier files need 1.3 KiB at the mean, 8.7 KiB at
// most, and as much again in allocations) for walks that run by the
// processor. The shape holds every corpus file's with room to spare (at
// most 198 star nodes, 58 queues, 328 segments, a ring of 128, 594 edges
// and 313 watched edges); a Machine beyond it has a pool of its own.
var sharedShape = scratchShape{nodes: 512, queues: 256, segs: 512, ring: 256, edges: 1024, watched: 512}

// sharedScratch is the pool of the shared scratches, made by the first
// Compile that needs it: like a Machine's own pool, its first scratch is
// allocated then, and a spare one the first time walks overlap that much,
// at most 2·GOMAXPROCS-1 of them within maxSpareBytes.
var sharedScratch = sync.OnceValue(func() *pool[segScratch] {
	p := newPool(sharedShape.alloc, sharedShape.bytes())
	p.spread = true
	return p
})

// scratchPool returns the pool s's walks take their scratch from: the
// shared one when its shape holds s's, and otherwise one of s's own, whose
// first scratch takes what it can from the buffers the build gave back to
// sp (see scratchShape.allocFrom).
func (s *segments) scratchPool(sp *spares) *pool[segScratch] {
	sh := s.shape()
	if sharedShape.holds(sh) {
		return sharedScratch()
	}
	return newPoolWith(sh.allocFrom(sp), s.newScratch, sh.bytes())
}

// segWalk is a walk of segments over one input.
type segWalk struct {
	s          *segments
	sc         *segScratch
	lead, scan int32  // nodes of the two tries; lead < 0 once the leading trie is left
	n          int32  // octets read
	best       int32  // place in the ranking, or -1
	tails      bool   // a star node reached has an edge that must end the input
	in         *Input // the input after the octets read (and a run read ahead)
}

func (s *segments) start(sc *segScratch, m meter) segWalk {
	sc.g++
	if sc.g == 0 { // wrapped: every generation mark must be reset once
		clear(sc.reached)
		clear(sc.queue)
		clear(sc.live.lo)
		clear(sc.live.hi)
		clear(sc.wait)
		clear(sc.ring)
		clear(sc.taken)
		sc.g = 1
	}
	sc.m, sc.over, sc.live.n, sc.waiting = m, false, 0, 0
	w := segWalk{s: s, sc: sc, best: -1}
	w.reach(0)
	return w
}

// reach marks star node v as reached now, queues its edges and makes the
// segments of its watched edges live.
func (w *segWalk) reach(v int32) {
	s, sc := w.s, w.sc
	if !better(s.below[v], w.best) {
		// Nothing below v beats what the walk has matched: v need not
		// be reached (see better; a match only gets better).
		sc.m.spent += popCost
		return
	}
	if w.charge(reachCost + queueCost*int(s.pushEnd[v]-s.edgeAt[v]) + int(s.maskAt[v+1]-s.maskAt[v])) {
		return
	}
	sc.reached[v] = reach{gen: sc.g, at: w.n}
	if s.tails[v] {
		w.tails = true
	}
	for e := s.edgeAt[v]; e < s.pushEnd[v]; e++ {
		ed := &s.edges[e]
		if s.pathAt != nil {
			sc.pos[e] = 0
		}
		w.enqueue(e, ed.seg, ed.tail() && s.pathLen(e) == 1)
	}
	if s.pushEnd[v] == s.edgeAt[v+1] {
		return // not a hub
	}
	for _, m := range s.masks[s.maskAt[v]:s.maskAt[v+1]] {
		sc.live.or(m.w, m.bits, sc.g)
	}
}

// enqueue queues edge e on segment seg, its next, from now: on the
// segment's queue of edges that must end the input if tail.
func (w *segWalk) enqueue(e, seg int32, tail bool) {
	s, sc := w.s, w.sc
	q := &sc.queue[s.queueAt[seg]]
	if q.gen != sc.g {
		*q = squeue{gen: sc.g, head: -1, last: -1, thead: -1, tlast: -1}
	}
	sc.next[e], sc.at[e] = -1, w.n
	head, last := &q.head, &q.last
	if tail {
		head, last = &q.thead, &q.tlast
	}
	if *head >= 0 {
		// An older edge waits in the queue, queued no later: the
		// segment is live, or waits for an octet no later than this
		// edge needs.
		sc.next[*last] = e
		*last = e
		return
	}
	*head, *last = e, e
	if !tail && !sc.live.has(seg, sc.g) {
		// An occurrence that ends before the segment's length from here
		// started before here: until then, the edge waits.
		w.wait(seg, w.n+s.seglen[seg])
	}
}

// take takes edge e, at position i of its path, on an occurrence of its
// segment there that ends now: it queues e on the next segment of its
// path, or at its end, reaches its star node or matches its rule.
func (w *segWalk) take(e int32, ed *sedge, i int32) {
	s, sc := w.s, w.sc
	if s.pathAt != nil {
		if n := s.pathLen(e); i+1 < n {
			if !better(s.edgeBest(e), w.best) {
				return // nothing at its end beats what the walk has matched
			}
			// A step along the path costs what queueing the edge of a
			// star node reached would.
			sc.pos[e] = i + 1
			sc.m.spent += popCost + queueCost
			w.enqueue(e, s.path[s.pathAt[e]+i], ed.tail() && i+2 == n)
			return
		}
	}
	if ed.to >= 0 {
		w.reach(ed.to)
		return
	}
	sc.m.spent += popCost
	if better(ed.rule, w.best) {
		w.best = ed.rule
	}
}

// pathLen returns the number of segments of edge e's path.
func (s *segments) pathLen(e int32) int32 {
	if s.pathAt == nil {
		return 1
	}
	_, n := s.span(e)
	return 1 + n
}

// pathEdges returns how many edges have paths: all, or none.
func (s *segments) pathEdges() int {
	if s.pathAt == nil {
		return 0
	}
	return len(s.edges)
}

// span returns where edge e's path goes on after its first segment: n
// segment ids of path from at. The edges must have paths (pathAt set).
func (s *segments) span(e int32) (at, n int32) {
	at = s.pathAt[e]
	if s.pathN != nil {
		return at, s.pathN[e]
	}
	return at, s.pathAt[e+1] - at
}

// charge adds k units to the decision's work and reports whether it is
// now more than the budget allows after the octets read: then the walk
// stops (over).
func (w *segWalk) charge(k int) bool {
	sc := w.sc
	sc.m.spent += k
	if sc.m.spent > sc.m.base+sc.m.per*max(int(w.n), sc.m.seen) && sc.m.over(int(w.n), w.in) {
		sc.over = true
	}
	return sc.over
}

// wait puts segment seg in the ring, to be made live at octet at (after
// the current one), unless it waits already for an octet no later. A
// segment longer than the ring waits for at most len(ring)-1 octets at a
// time, and waits again if its occurrence then comes too early.
func (w *segWalk) wait(seg, at int32) {
	sc := w.sc
	at = min(at, w.n+int32(len(sc.ring))-1)
	x := &sc.wait[seg]
	if x.gen == sc.g && x.at > w.n {
		if x.at <= at {
			return
		}
		// Out of its bucket, to wait for the earlier octet.
		if x.prev >= 0 {
			sc.wait[x.prev].next = x.next
		} else {
			sc.ring[x.at&int32(len(sc.ring)-1)].first = x.next
		}
		if x.next >= 0 {
			sc.wait[x.next].prev = x.prev
		}
		sc.waiting--
	}
	sc.waiting++
	h := &sc.ring[at&int32(len(sc.ring)-1)]
	if h.gen != sc.g {
		*h = rhead{gen: sc.g, first: -1}
	}
	*x = swait{gen: sc.g, at: at, prev: -1, next: h.first}
	if h.first >= 0 {
		sc.wait[h.first].prev = seg
	}
	h.first = seg
}

// step feeds one octet.
func (w *segWalk) step(x byte) {
	w.n++
	if w.sc.waiting > 0 {
		w.wake()
	}
	if w.lead >= 0 {
		w.leadStep(x)
	}
	t := &w.s.float
	u := t.next(w.scan, x)
	w.scan = u
	if w.sc.live.n > 0 && t.terms.hasTerm(u) && !w.sc.over {
		w.ends(u)
	}
}

// steps feeds the octets of p, as step does each, in a tight loop.
func (w *segWalk) steps(p string) {
	sc, t := w.sc, &w.s.float
	off, labels := t.off, t.labels
	for i := 0; i < len(p); i++ {
		if w.scan == 0 && w.lead < 0 {
			// At the Aho-Corasick automaton's root and out of the leading
			// trie, an octet that begins no segment, and at which no
			// segment wakes, changes nothing but the position: pass over
			// such octets in a loop of their own.
			j := i
			if sc.waiting == 0 {
				for j < len(p) && t.root[p[j]] == 0 {
					j++
				}
			} else {
				mask := int32(len(sc.ring) - 1)
				for j < len(p) && t.root[p[j]] == 0 {
					if h := &sc.ring[(w.n+1+int32(j-i))&mask]; h.gen == sc.g && h.first >= 0 {
						break
					}
					j++
				}
			}
			w.n += int32(j - i)
			if i = j; i == len(p) {
				return
			}
		}
		x := p[i]
		w.n++
		if sc.waiting > 0 {
			// Most octets' buckets are empty: look before the call.
			if h := &sc.ring[w.n&int32(len(sc.ring)-1)]; h.gen == sc.g && h.first >= 0 {
				w.wake()
			}
		}
		if w.lead >= 0 {
			w.leadStep(x)
		}
		// The Aho-Corasick step, its common cases written out: at the
		// root, its table; along a segment, a node's one child, in a loop
		// of its own while nothing else can happen (the leading trie is
		// left, no segment ends, none wakes).
		var u int32
		if s := w.scan; s == 0 {
			u = int32(t.root[x])
		} else if o := off[s]; off[s+1] == o+1 && labels[o] == x {
			u = int32(o) + 1
			if w.lead < 0 {
				mask, n := int32(len(sc.ring)-1), w.n
				for i+1 < len(p) && !t.terms.hasTerm(u) {
					o := off[u]
					if off[u+1] != o+1 || labels[o] != p[i+1] {
						break
					}
					if h := &sc.ring[(n+1)&mask]; sc.waiting > 0 && h.gen == sc.g && h.first >= 0 {
						break
					}
					u = int32(o) + 1
					i++
					n++
				}
				w.n = n
			}
		} else {
			u = t.next(s, x)
		}
		w.scan = u
		if sc.live.n > 0 && t.terms.hasTerm(u) {
			w.ends(u)
		}
		if sc.over {
			return
		}
	}
}

// scanOnly feeds the octets of p to the Aho-Corasick automaton alone: for
// a walk that is idle (see idle), only the segments that end the input
// can still take an edge.
func (w *segWalk) scanOnly(p string) {
	t, u := &w.s.float, w.scan
	for i := 0; i < len(p); i++ {
		u = t.next(u, p[i])
	}
	w.scan = u
	w.n += int32(len(p))
}

// idle reports whether no octet can change the walk but through the
// segments that end the input: the leading trie is left, no segment is
// live or waits to be. Then no star node can be reached and no edge taken
// before the input's end.
func (w *segWalk) idle() bool {
	return w.lead < 0 && w.sc.live.n == 0 && w.sc.waiting == 0
}

// wake makes live the segments that wait for the current octet. Each waits
// in the bucket of its octet, less than the ring's length ahead, so the
// bucket holds no other.
func (w *segWalk) wake() {
	sc := w.sc
	if h := &sc.ring[w.n&int32(len(sc.ring)-1)]; h.gen == sc.g {
		for seg := h.first; seg >= 0; seg = sc.wait[seg].next {
			sc.m.spent += wakeCost
			sc.waiting--
			sc.live.or(seg>>6, 1<<(seg&63), sc.g)
		}
		h.first = -1
		w.charge(0)
	}
}

// leadStep follows octet x in the trie of leading segments.
func (w *segWalk) leadStep(x byte) {
	s := w.s
	if w.lead = s.lead.child(w.lead, x); w.lead >= 0 {
		if v := s.lead.terms.term(w.lead); v >= 0 {
			w.reach(v)
		}
	}
}

// ends visits the live segments that end at the Aho-Corasick node u,
// those on u's dictionary chain: on each heavy path it crosses, a range
// of ids.
func (w *segWalk) ends(u int32) {
	s, sc := w.s, w.sc
	for id := s.float.terms.term(u); id >= 0; id = s.chain[id].up {
		lo := s.chain[id].lo
		for j := id; ; j-- {
			if w.charge(lookupCost) {
				return
			}
			if j = sc.live.last(lo, j, sc.g); j < 0 {
				break
			}
			w.visit(j)
		}
	}
}

// visit takes the edges on live segment seg, which has just ended, whose
// nodes were reached before it started: its watched edges and the head of
// its queue. It leaves seg out of the live set, and if an edge on it waits
// on a node reached since seg started, in the ring until the octet where
// an occurrence may take that edge.
func (w *segWalk) visit(seg int32) {
	s, sc := w.s, w.sc
	if w.charge(visitCost + int(s.watchAt[seg+1]-s.watchAt[seg])) {
		return
	}
	// Out first: a hub reached below may make seg live again.
	sc.live.remove(seg)
	start := w.n - s.seglen[seg]
	soon := int32(math.MaxInt32) // the earliest reach of a node whose edge waits
	lo := s.watchAt[seg]
	for i, e := range s.watched[lo:s.watchAt[seg+1]] {
		ed := &s.edges[e]
		r := sc.reached[ed.from]
		if ed.tail() && s.pathLen(e) == 1 || r.gen != sc.g || sc.taken[lo+int32(i)] == sc.g {
			continue
		}
		if r.at > start {
			soon = min(soon, r.at)
			continue
		}
		sc.taken[lo+int32(i)] = sc.g
		w.take(e, ed, 0)
	}
	if k := s.queueAt[seg]; k >= 0 && sc.queue[k].gen == sc.g {
		q := &sc.queue[k]
		for q.head >= 0 && !sc.over {
			e := q.head
			if at := sc.at[e]; at > start {
				soon = min(soon, at) // and so were all after it
				break
			}
			q.head = sc.next[e] // before take may queue e again
			var i int32
			if s.pathAt != nil {
				i = sc.pos[e]
			}
			w.take(e, &s.edges[e], i)
		}
	}
	if soon != math.MaxInt32 {
		w.wait(seg, soon+s.seglen[seg])
	}
}

// result returns the best rule (its place) given that the input ends here.
func (w *segWalk) result() int32 {
	s, sc, t := w.s, w.sc, &w.s.float
	best := w.best
	for seg := t.terms.term(w.scan); seg >= 0; seg = s.suffix(seg) {
		if w.charge(lookupCost + int(s.watchAt[seg+1]-s.watchAt[seg])) {
			return OverBudget
		}
		start := w.n - s.seglen[seg]
		for _, e := range s.watched[s.watchAt[seg]:s.watchAt[seg+1]] {
			ed := &s.edges[e]
			if r := sc.reached[ed.from]; ed.tail() && s.pathLen(e) == 1 && r.gen == sc.g && r.at <= start && better(ed.rule, best) {
				best = ed.rule
			}
		}
		k := s.queueAt[seg]
		if k < 0 || sc.queue[k].gen != sc.g {
			continue
		}
		for e := sc.queue[k].thead; e >= 0; e = sc.next[e] {
			ed := &s.edges[e]
			if sc.at[e] > start {
				break
			}
			if w.charge(1) {
				return OverBudget
			}
			if r := ed.rule; better(r, best) {
				best = r
			}
		}
	}
	return best
}

// segPlainRun is plainRun for the segment walk: it stops only when it is
// idle and no star node reached needs the end of the input, which with a
// leading '*' is at the end, so it reads in longer runs.
const segPlainRun = 64

// walk runs s over the octets of in with scratch sc and returns the best
// rule (its place in the ranking). It reads the input as runs of plain
// octets (Input.plain), and once the walk is idle and no star
// node reached has an edge that must end the input, it stops: nothing
// can change its outcome. It counts its work on the decision's meter m,
// which it leaves in sc.m, and returns OverBudget as soon as the decision
// has spent more than m allows.
func (s *segments) walk(sc *segScratch, in Input, m meter) int32 {
	if m.counted {
		// The walk's own octets, charged at its end (see walkCounted):
		// until then, out of what it may spend per octet.
		m.per -= s.cost.static
	}
	if s.scan != nil {
		return s.walkScan(sc, in, m)
	}
	w := s.start(sc, m)
	w.in = &in
	for {
		if sc.over {
			sc.n = w.n
			return OverBudget
		}
		if w.idle() {
			if !w.tails {
				sc.n = w.n
				return w.best
			}
			if p := in.plain(segPlainRun); p != "" {
				w.scanOnly(p)
				continue
			}
		} else if p := in.plain(segPlainRun); p != "" {
			w.steps(p)
			continue
		}
		x, ok := in.next()
		if !ok {
			break
		}
		w.step(x)
	}
	sc.n = w.n
	return w.result()
}

// walkCounted is walk for a decision whose every walk counts (see meter):
// the walk's own octets are charged once it is done.
func (s *segments) walkCounted(sc *segScratch, in Input, m meter) int32 {
	r := s.walk(sc, in, m)
	sc.m.per += s.cost.static
	if sc.m.spent += s.cost.static * int(sc.n); r != OverBudget && sc.m.over(int(sc.n), nil) {
		return OverBudget
	}
	return r
}

// cutStar is strings.Cut(s, "*"), its first octets compared here: most
// segments of wildcard files are short, and a call that searches costs
// more than the few octets it would skip.
func cutStar(s string) (before, after string, found bool) {
	const inline = 8
	for i := range min(len(s), inline) {
		if s[i] == '*' {
			return s[:i], s[i+1:], true
		}
	}
	if len(s) > inline {
		if i := strings.IndexByte(s[inline:], '*'); i >= 0 {
			return s[:inline+i], s[inline+i+1:], true
		}
	}
	return s, "", false
}
