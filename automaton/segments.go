package automaton

import (
	"slices"
	"strings"
	"unsafe"

	"github.com/robotsexclusion/robots/normalize"
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
// filling the parse limit, 1 KiB of 'a' made a million visits. But greedy
// matching only moves forward, so once every edge on a segment that does
// not end the input is taken (edges that end the input are read once, at
// the end), no later occurrence of it can do anything: the segment is dead
// for the rest of the walk. A walk counts each segment's edges left to
// take, and skips dead segments on the scanner's chain of outputs by
// pointers to the next node that may be live, compressed as they are
// followed, as in union-find: segments only die, never revive, so a
// pointer stays valid. A segment that is not needed yet (its edges wait on
// a star node not reached) is live. So a walk of an input of L octets
// costs, besides the scanner's amortized two steps per octet, one visit per
// live segment that ends at each octet (D′ ≤ D of them), one visit per edge
// of a reached node (E ≤ P), and the skips: F ≤ L·(1+D′) lookups over S
// segments, O(S + F·log S) in all by path compression alone.
//
// The scratch is a few integers per star node, segment and edge, reset by
// generation: a walk touches, and pays for, only what it uses.

// segments runs the wildcard patterns of a Machine at TierSegments.
type segments struct {
	lead   strie   // leading segments; term: the star node their end reaches
	float  strie   // the other segments, with failure links; term: segment id
	seglen []int32 // per segment id: its length
	need   []int32 // per segment id: its edges that do not end the input
	edgeAt []int32 // star node v's edges are edges[edgeAt[v]:edgeAt[v+1]]
	edges  []sedge
	// Of a hub's edges, those before pushEnd[v] are queued when it is
	// reached, the others watched: listed by segment in
	// watched[watchAt[seg]:watchAt[seg+1]] (see hubEdges).
	pushEnd, watchAt, watched []int32
	nodes                     int32 // star nodes; node 0 is the start, reached before the input
}

// An sedge leads from a star node over segment seg to star node to, or
// (to < 0) ends the pattern of rule; tail edges must end the input.
type sedge struct {
	from, seg, to, rule int32
	tail                bool
}

// strie is a trie of segments stored flat: node u's children are the
// octets labels[off[u]:off[u+1]] (sorted) leading to targets[...]. fail and
// dict are set for the Aho-Corasick automaton only.
type strie struct {
	off     []uint32
	labels  []byte
	targets []int32
	term    []int32 // per node: what ends there, or -1
	fail    []int32 // per node: the node of its longest proper suffix in the trie
	dict    []int32 // per node: the nearest node on its fail chain with a term, or -1
	root    [256]int32
}

// child returns u's child on x, or -1.
func (t *strie) child(u int32, x byte) int32 {
	if u == 0 {
		return t.root[x]
	}
	lo, hi := t.off[u], t.off[u+1]
	for i := lo; i < hi; i++ {
		if l := t.labels[i]; l >= x {
			if l == x {
				return t.targets[i]
			}
			break
		}
	}
	return -1
}

// trieBuilder grows a trie with linked child lists, then flattens it.
type trieBuilder struct {
	first, next []int32
	c           []byte
	term        []int32
}

// newTrieBuilder returns an empty trie with room for size nodes more.
func newTrieBuilder(size int) *trieBuilder {
	b := &trieBuilder{
		first: make([]int32, 1, size+1), next: make([]int32, 1, size+1),
		c: make([]byte, 1, size+1), term: make([]int32, 1, size+1),
	}
	b.first[0], b.next[0], b.term[0] = -1, -1, -1
	return b
}

// insert adds s and returns its node.
func (b *trieBuilder) insert(s string) int32 {
	u := int32(0)
	for i := 0; i < len(s); i++ {
		x := s[i]
		prev, k := int32(-1), b.first[u]
		for ; k >= 0 && b.c[k] < x; k = b.next[k] {
			prev = k
		}
		if k < 0 || b.c[k] != x {
			w := int32(len(b.c))
			b.first = append(b.first, -1)
			b.next = append(b.next, k)
			b.c = append(b.c, x)
			b.term = append(b.term, -1)
			if prev < 0 {
				b.first[u] = w
			} else {
				b.next[prev] = w
			}
			k = w
		}
		u = k
	}
	return u
}

// flatten returns the trie in flat form, with failure links if ac.
func (b *trieBuilder) flatten(ac bool) strie {
	n := len(b.c)
	t := strie{off: make([]uint32, n+1), labels: make([]byte, 0, n), targets: make([]int32, 0, n), term: fit(b.term)}
	for u := 0; u < n; u++ {
		t.off[u] = uint32(len(t.labels))
		for k := b.first[u]; k >= 0; k = b.next[k] {
			t.labels = append(t.labels, b.c[k])
			t.targets = append(t.targets, k)
		}
	}
	t.off[n] = uint32(len(t.labels))
	for i := range t.root {
		t.root[i] = -1
	}
	for i := t.off[0]; i < t.off[1]; i++ {
		t.root[t.labels[i]] = t.targets[i]
	}
	if !ac {
		return t
	}
	// Failure links in breadth-first order: a node's link is its parent's
	// link followed on the node's octet, shortened until that exists.
	t.fail, t.dict = make([]int32, n), make([]int32, n)
	t.dict[0] = -1
	queue := make([]int32, 0, n)
	for i := t.off[0]; i < t.off[1]; i++ {
		v := t.targets[i]
		t.fail[v], t.dict[v] = 0, -1
		queue = append(queue, v)
	}
	for qi := 0; qi < len(queue); qi++ {
		u := queue[qi]
		for i := t.off[u]; i < t.off[u+1]; i++ {
			x, v := t.labels[i], t.targets[i]
			f := t.fail[u]
			for {
				if k := t.child(f, x); k >= 0 {
					f = k
					break
				}
				if f == 0 {
					break
				}
				f = t.fail[f]
			}
			t.fail[v] = f
			if t.term[f] >= 0 {
				t.dict[v] = f
			} else {
				t.dict[v] = t.dict[f]
			}
			queue = append(queue, v)
		}
	}
	return t
}

func (t *strie) size() int {
	return int(unsafe.Sizeof(*t)) + 4*len(t.off) + len(t.labels) + 4*(len(t.targets)+len(t.term)+len(t.fail)+len(t.dict))
}

func buildSegments(pats []pattern) *segments {
	edgeMax, floatMax := 0, 0 // a pattern has one edge per '*', at most
	for _, p := range pats {
		edgeMax += strings.Count(p.lit, "*")
		floatMax += len(p.lit) - strings.IndexByte(p.lit, '*')
	}
	s := &segments{nodes: 1}
	lead, float := newTrieBuilder(0), newTrieBuilder(floatMax)
	// (star node, segment) -> the star node the edge leads to, as one
	// integer: the edges of one node on one segment are shared by the
	// patterns that have the same prefix.
	seen := make(map[uint64]int32, edgeMax)
	edges := make([]sedge, 0, edgeMax)
	for _, p := range pats {
		rest, at := p.lit, int32(0)
		first := true
		for rest != "" || first {
			seg, after, more := strings.Cut(rest, "*")
			rest = after
			if first {
				first = false
				if seg != "" { // a leading '*' starts at the start node
					u := lead.insert(seg)
					if lead.term[u] < 0 {
						lead.term[u] = s.nodes
						s.nodes++
					}
					at = lead.term[u]
				}
				continue
			}
			u := float.insert(seg)
			if float.term[u] < 0 {
				float.term[u] = int32(len(s.seglen))
				s.seglen = append(s.seglen, int32(len(seg)))
			}
			sid := float.term[u]
			if !more { // the pattern's end
				edges = append(edges, sedge{from: at, seg: sid, to: -1, rule: p.rule, tail: p.anchored})
				break
			}
			k := uint64(at)<<32 | uint64(sid)
			if to, ok := seen[k]; ok {
				at = to
				continue
			}
			seen[k] = s.nodes
			edges = append(edges, sedge{from: at, seg: sid, to: s.nodes, rule: -1})
			at = s.nodes
			s.nodes++
		}
	}
	// Group the edges by their star node, keeping their order.
	s.edgeAt = make([]int32, s.nodes+1)
	for _, e := range edges {
		s.edgeAt[e.from+1]++
	}
	for v := int32(0); v < s.nodes; v++ {
		s.edgeAt[v+1] += s.edgeAt[v]
	}
	s.edges = make([]sedge, len(edges))
	fill := append([]int32(nil), s.edgeAt[:s.nodes]...)
	for _, e := range edges {
		s.edges[fill[e.from]] = e
		fill[e.from]++
	}
	s.seglen = fit(s.seglen)
	s.need = make([]int32, len(s.seglen))
	for _, e := range s.edges {
		if !e.tail {
			s.need[e.seg]++
		}
	}
	s.watch(len(s.seglen))
	s.lead, s.float = lead.flatten(false), float.flatten(true)
	return s
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
// (watched[watchAt[seg]:watchAt[seg+1]]).
func (s *segments) watch(segs int) {
	s.pushEnd = make([]int32, s.nodes)
	count := make([]int32, segs)
	watched := make([]bool, len(s.edges))
	n := 0
	for v := int32(0); v < s.nodes; v++ {
		lo, hi := s.edgeAt[v], s.edgeAt[v+1]
		s.pushEnd[v] = hi
		if hi-lo <= hubEdges {
			continue
		}
		for e := lo; e < hi; e++ {
			if seg := s.edges[e].seg; count[seg] < watchedPerSegment {
				count[seg]++
				watched[e] = true
				n++
			}
		}
		// Queued edges first, in their order, then the watched ones.
		group := slices.Clone(s.edges[lo:hi])
		flags := watched[lo:hi]
		i := lo
		for k, e := range group {
			if !flags[k] {
				s.edges[i] = e
				i++
			}
		}
		s.pushEnd[v] = i
		for k, e := range group {
			if flags[k] {
				s.edges[i] = e
				i++
			}
		}
	}
	s.watchAt = make([]int32, segs+1)
	for v := int32(0); v < s.nodes; v++ {
		for e := s.pushEnd[v]; e < s.edgeAt[v+1]; e++ {
			s.watchAt[s.edges[e].seg+1]++
		}
	}
	for i := 0; i < segs; i++ {
		s.watchAt[i+1] += s.watchAt[i]
	}
	s.watched = make([]int32, n)
	fill := slices.Clone(s.watchAt[:segs])
	for v := int32(0); v < s.nodes; v++ {
		for e := s.pushEnd[v]; e < s.edgeAt[v+1]; e++ {
			seg := s.edges[e].seg
			s.watched[fill[seg]] = e
			fill[seg]++
		}
	}
}

func (s *segments) size() int {
	return int(unsafe.Sizeof(*s)) + s.lead.size() + s.float.size() +
		4*(len(s.seglen)+len(s.need)+len(s.edgeAt)+len(s.pushEnd)+len(s.watchAt)+len(s.watched)) +
		int(unsafe.Sizeof(sedge{}))*len(s.edges)
}

// segScratch is what a segments walk needs: when each star node was
// reached, and per segment the queues of edges waiting on it. A walk tells
// its own marks from older ones by generation, so nothing is cleared
// between walks.
type segScratch struct {
	g       uint32
	work    int     // segment visits and skip-pointer steps of the last walk (tests read it)
	reached []reach // per star node
	queue   []squeue
	life    []life   // per segment
	next    []int32  // per edge: the next edge in its queue
	taken   []uint32 // per watched edge that ends a pattern: the generation that took it
}

// A life counts, in one walk, the edges of a segment that do not end the
// input and are not taken yet; at zero the segment is dead for the rest of
// the walk, and next leads on its node's dictionary chain to a node whose
// segment may still be live (path compression: dead segments never
// revive). While left is above zero, next is the node's dict link.
type life struct {
	gen        uint32
	left, next int32
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

func (s *segments) newScratch() *segScratch {
	return &segScratch{
		reached: make([]reach, s.nodes), queue: make([]squeue, len(s.seglen)), life: make([]life, len(s.seglen)),
		next: make([]int32, len(s.edges)), taken: make([]uint32, len(s.watched)),
	}
}

// segWalk is a walk of segments over one input.
type segWalk struct {
	s          *segments
	sc         *segScratch
	lead, scan int32 // nodes of the two tries; lead < 0 once the leading trie is left
	n          int32 // octets read
	best       int32 // place in the ranking, or -1
}

func (s *segments) start(sc *segScratch) segWalk {
	sc.g++
	if sc.g == 0 { // wrapped: every generation mark must be reset once
		clear(sc.reached)
		clear(sc.queue)
		clear(sc.life)
		clear(sc.taken)
		sc.g = 1
	}
	sc.work = 0
	w := segWalk{s: s, sc: sc, best: -1}
	w.reach(0)
	return w
}

// reach marks star node v as reached now and queues its edges.
func (w *segWalk) reach(v int32) {
	sc := w.sc
	sc.reached[v] = reach{gen: sc.g, at: w.n}
	for e := w.s.edgeAt[v]; e < w.s.pushEnd[v]; e++ {
		ed := &w.s.edges[e]
		q := &sc.queue[ed.seg]
		if q.gen != sc.g {
			*q = squeue{gen: sc.g, head: -1, last: -1, thead: -1, tlast: -1}
		}
		sc.next[e] = -1
		head, last := &q.head, &q.last
		if ed.tail {
			head, last = &q.thead, &q.tlast
		}
		if *head < 0 {
			*head = e
		} else {
			sc.next[*last] = e
		}
		*last = e
	}
}

// step feeds one octet.
func (w *segWalk) step(x byte) {
	s := w.s
	w.n++
	if w.lead >= 0 {
		if w.lead = s.lead.child(w.lead, x); w.lead >= 0 {
			if v := s.lead.term[w.lead]; v >= 0 {
				w.reach(v)
			}
		}
	}
	t := &s.float
	u := w.scan
	for {
		if k := t.child(u, x); k >= 0 {
			u = k
			break
		}
		if u == 0 {
			break
		}
		u = t.fail[u]
	}
	w.scan = u
	if t.term[u] < 0 {
		u = t.dict[u]
	}
	sc := w.sc
	for u >= 0 {
		sc.work++
		seg := t.term[u]
		l := &sc.life[seg]
		if l.gen != sc.g {
			*l = life{gen: sc.g, left: s.need[seg], next: t.dict[u]}
		}
		if l.left > 0 {
			w.occur(seg)
			u = t.dict[u]
		} else {
			u = w.skip(u)
		}
	}
}

// skip returns, for a node u whose segment is dead, the first node after u
// on its dict chain whose segment is live, or -1, and points u and every
// dead node passed at what it returns.
func (w *segWalk) skip(u int32) int32 {
	sc, t := w.sc, &w.s.float
	r := sc.life[t.term[u]].next
	for r >= 0 {
		seg := t.term[r]
		l := &sc.life[seg]
		if l.gen != sc.g {
			*l = life{gen: sc.g, left: w.s.need[seg], next: t.dict[r]}
		}
		if l.left > 0 {
			break
		}
		sc.work++
		r = l.next
	}
	for u != r {
		l := &sc.life[t.term[u]]
		u, l.next = l.next, r
	}
	return r
}

// occur takes the queued edges of segment seg, which has just ended, whose
// nodes were reached before it started.
func (w *segWalk) occur(seg int32) {
	sc := w.sc
	l := &sc.life[seg] // set up by step
	start := w.n - w.s.seglen[seg]
	lo := w.s.watchAt[seg]
	for i, e := range w.s.watched[lo:w.s.watchAt[seg+1]] {
		ed := &w.s.edges[e]
		if r := sc.reached[ed.from]; ed.tail || r.gen != sc.g || r.at > start {
			continue
		}
		// A node other than a leading segment's has one edge into it, so
		// reaching it takes that edge.
		if ed.to < 0 {
			if k := lo + int32(i); sc.taken[k] != sc.g {
				sc.taken[k] = sc.g
				l.left--
				if better(ed.rule, w.best) {
					w.best = ed.rule
				}
			}
		} else if sc.reached[ed.to].gen != sc.g {
			l.left--
			w.reach(ed.to)
		}
	}
	q := &sc.queue[seg]
	if q.gen != sc.g {
		return
	}
	for q.head >= 0 {
		e := q.head
		ed := &w.s.edges[e]
		if sc.reached[ed.from].at > start {
			return // and so were all after it
		}
		l.left--
		if ed.to < 0 {
			if better(ed.rule, w.best) {
				w.best = ed.rule
			}
		} else {
			w.reach(ed.to)
		}
		q.head = sc.next[e]
	}
}

// result returns the best rule (its place) given that the input ends here.
func (w *segWalk) result() int32 {
	s, sc, t := w.s, w.sc, &w.s.float
	best := w.best
	u := w.scan
	if t.term[u] < 0 {
		u = t.dict[u]
	}
	for ; u >= 0; u = t.dict[u] {
		seg := t.term[u]
		start := w.n - s.seglen[seg]
		for _, e := range s.watched[s.watchAt[seg]:s.watchAt[seg+1]] {
			ed := &s.edges[e]
			if r := sc.reached[ed.from]; ed.tail && r.gen == sc.g && r.at <= start && better(ed.rule, best) {
				best = ed.rule
			}
		}
		q := &sc.queue[seg]
		if q.gen != sc.g {
			continue
		}
		for e := q.thead; e >= 0; e = sc.next[e] {
			ed := &s.edges[e]
			if sc.reached[ed.from].at > start {
				break
			}
			if r := ed.rule; better(r, best) {
				best = r
			}
		}
	}
	return best
}

// walk runs s over the octets of in with scratch sc and returns the best
// rule (its place in the ranking).
func (s *segments) walk(sc *segScratch, in normalize.Stream) int32 {
	w := s.start(sc)
	for {
		x, ok := in.Next()
		if !ok {
			break
		}
		w.step(x)
	}
	return w.result()
}
