package automaton

import (
	"math/bits"
	"unsafe"
)

// This file holds the DFA as it runs, at TierDFA (all patterns), and for the
// literal patterns (and at TierSplit the wildcard ones) below it. Its nodes
// are of four kinds: a branch node has a sorted list of octet edges and a
// default node that decides the octets it has no edge for; a wide node is a
// branch of more than wideEdges edges, found by a bitmap and a popcount; a
// run node stands for a chain of states that each have a single edge (a
// literal stretch of a pattern, the bulk of a trie), stored as a string of
// octets; a done node has nothing left alive, so the walk can stop. A
// DFA of literal patterns (fromSorted) stores no node for the end of a
// pattern with nothing better after it: the edge into it names the rule
// (a leaf, a negative target), and the walk takes the rule and stops at
// the dead node, node 0 of such a DFA; nor a node for a run that matches
// nothing where it starts: the edge into it names where its octets are
// (a run target, see runTarget). One step
// costs one node load and either one octet compare (runs), a scan of at most
// wideEdges labels (branches) or five popcounts (wide nodes), and at most
// one default node more, so the walk is linear in the input.

// A dfa is one deterministic automaton as the builds emit it; a Machine
// keeps it packed (packedDFA).
type dfa struct {
	nodes   []node
	defs    []int32  // by node: the node that decides an octet with no edge, or off the run; nil when it is always node 0 (fromSorted)
	labels  []byte   // run octets, and branch edge octets (sorted)
	targets []int32  // branch edge targets, in the order of their labels
	accepts []accept // by node: the nodes that match an anchored rule at the end
	bitmaps []uint64 // wide nodes: four words each, one bit per octet with an edge
	first   int32    // the start node
}

type nodeKind uint8

const (
	branch nodeKind = iota
	run
	done
	wide // a branch with many edges: a bitmap of its octets ranks its targets
)

// wideEdges is how many edges make a branch wide: past it, a 32-byte
// bitmap and a popcount find an edge faster than scanning the labels (the
// segment tier's scanner, on real files, goes 10-15% faster per URL).
const wideEdges = 10

// A node is a state as the builds emit it; the walk reads it packed, as a
// pnode (see pack). A pnode is 12 bytes (TestNodeSize checks it): crawlers
// keep many compiled files in memory. Its kind shares a word with its
// offset, and its out and top share another (see pnode). The number
// of octets of a run or edges of a branch is the octet at that offset in
// labels, before them (a run is at most maxRun octets, a branch at most
// wideEdges edges; a wide node needs no count). What a node matches if the
// input ends there (an anchored rule) is rare, and only read once per
// walk, so it lives in dfa.accepts instead (after the targets once
// packed); its default node lives in dfa.defs, which a DFA of literal patterns does without.
type node struct {
	ko   uint32 // the kind in the top two bits, under them the offset into labels (run, branch: the count, then the octets) or bitmaps (wide)
	next int32  // run nodes: the node after the whole run; branches: offset into targets
	out  int32  // best prefix rule matched on entering the node, or -1
	top  int32  // best rule that can still match from here, or -1
}

// A pnode is a node as the walk reads it: its out and top are one more
// than their places, 0 for -1, in the low and the high 16 bits of ot.
// When a place of the DFA is above maxPackedPlace, ot is bigOT and
// dfa.big holds them instead: two int32 per node, at twice its index.
type pnode struct {
	ko   uint32
	next int32
	ot   uint32
}

// maxPackedPlace is the highest place of the ranking a pnode holds: real
// files have far fewer rules.
const (
	maxPackedPlace = 1<<16 - 3
	bigOT          = 1<<32 - 1 // ot of every node of a DFA with dfa.big
)

const offBits = 30 // below the kind in node.ko

// maxRun is the most octets a run node holds (its count is one octet): a
// longer chain is cut into runs of at most maxRun.
const maxRun = 255

func (nd *pnode) kind() nodeKind { return nodeKind(nd.ko >> offBits) }
func (nd *pnode) off() uint32    { return nd.ko & (1<<offBits - 1) }

// A packedDFA is a dfa as a Machine keeps it and the walk reads it: its
// nodes packed (pnode), and what only some DFAs have (defaults, places
// past maxPackedPlace) apart, behind rare: a crawler keeps one or two per
// host, most of them of literal patterns, which have none of it. It is
// 112 bytes and its tables (TestMachineSize).
type packedDFA struct {
	nodes   []pnode
	labels  []byte   // dfa.labels
	targets []int32  // dfa.targets
	bitmaps []uint64 // dfa.bitmaps
	first   int32    // the start node
	acc     int32    // where dfa.accepts start in targets, two int32 each (node, rule): one table less, as a robots.txt matcher's DFA always has some
	rare    *dfaRare // nil when it would hold nothing
}

// targetsAndAccepts returns d's targets followed by its accepts, two
// int32 each, in one table, and where the accepts start: in d.targets
// when it has room for them, as fromSorted leaves it.
func (d *dfa) targetsAndAccepts() ([]int32, int32) {
	t, acc := d.targets, len(d.targets)
	if len(d.accepts) == 0 {
		return t, int32(acc)
	}
	if cap(t)-acc < 2*len(d.accepts) {
		t = append(make([]int32, 0, acc+2*len(d.accepts)), t...)
	}
	for _, a := range d.accepts {
		t = append(t, a.node, a.rule)
	}
	return t, int32(acc)
}

// accepts returns how many accepts d has; accept(i) returns the i-th.
func (d *packedDFA) accepts() int { return (len(d.targets) - int(d.acc)) / 2 }
func (d *packedDFA) accept(i int) accept {
	j := int(d.acc) + 2*i
	return accept{d.targets[j], d.targets[j+1]}
}

// dfaRare is what only some DFAs hold.
type dfaRare struct {
	defs []int32 // dfa.defs
	big  []int32 // by node, its out and top, when a place does not fit a pnode (maxPackedPlace); nil otherwise
}

// pack returns d as a Machine keeps it: its nodes packed, each table of
// its size, and its rare tables apart. d shares its tables but its nodes
// and accepts (copied, after the targets) with the result, and is not
// used again.
func (d *dfa) pack() *packedDFA {
	if d == nil {
		return nil
	}
	p := &packedDFA{labels: d.labels, bitmaps: d.bitmaps, first: d.first}
	p.targets, p.acc = d.targetsAndAccepts()
	rare := dfaRare{defs: d.defs}
	wide := false
	for i := range d.nodes {
		if d.nodes[i].out > maxPackedPlace || d.nodes[i].top > maxPackedPlace {
			wide = true
			break
		}
	}
	p.nodes = make([]pnode, len(d.nodes))
	if wide {
		rare.big = make([]int32, 2*len(d.nodes))
	}
	for i := range d.nodes {
		nd, q := &d.nodes[i], &p.nodes[i]
		q.ko, q.next = nd.ko, nd.next
		if wide {
			q.ot = bigOT
			rare.big[2*i], rare.big[2*i+1] = nd.out, nd.top
		} else {
			q.ot = uint32(nd.out+1) | uint32(nd.top+1)<<16
		}
	}
	if rare.defs != nil || rare.big != nil {
		p.rare = new(dfaRare)
		*p.rare = rare
	}
	return p
}

// outTop returns the out of node s, nd (the best prefix rule matched on
// entering it, or -1) and its top (the best rule that can still match
// from it, or -1).
func (d *packedDFA) outTop(s int32, nd *pnode) (out, top int32) {
	if ot := nd.ot; ot != bigOT {
		return int32(ot&0xffff) - 1, int32(ot>>16) - 1
	}
	return d.rare.big[2*s], d.rare.big[2*s+1]
}

// def returns the default node of node s: the node that decides an octet
// with no edge, or off the run.
func (d *packedDFA) def(s int32) int32 {
	if r := d.rare; r != nil && r.defs != nil {
		return r.defs[s]
	}
	return 0
}

// loops reports whether node s is its own default: a '*' waiting for the
// octet after it. No node of a DFA of literal patterns loops.
func (d *packedDFA) loops(s int32) bool {
	r := d.rare
	return r != nil && r.defs != nil && r.defs[s] == s
}

// A target (of an edge, or after a run) is a node (0 or more), a leaf
// (see leaf: -2-r, down to -2-MaxPatternOctets) or, at runBase and below,
// a run target: a run node that would match nothing on entry and has no
// anchored rule, which fromSorted does not store as a node. Its count and
// octets are in labels at offset o, as a run node's, and the four octets
// after them are its next target, little-endian; runTarget(o) names it. It
// costs five octets besides its run, where a node costs twelve and its
// count: most runs of a trie of literal patterns, the tails of patterns
// after their last branch, are run targets. A walk entering one has no
// output to take, and it need not look for one being settled there: what
// can still match is what can match from its next target.
const runBase = -1 << offBits

// runTarget returns the target of the run target at offset o of labels.
func runTarget(o int) int32 { return int32(runBase - o) }

// runOff returns the offset in labels of run target t, and whether t is
// one.
func runOff(t int32) (uint32, bool) { return uint32(runBase - t), t <= runBase }

// runNext returns the target after the run of n octets at offset o of
// labels, a run target's. It reads the four octets with one bounds check
// (binary.LittleEndian on the open slice would take two).
func (d *packedDFA) runNext(o, n uint32) int32 {
	b := d.labels[o+1+n:]
	_ = b[3]
	return int32(uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24)
}

// mk returns the ko word of a node of kind k at offset off.
func mk(k nodeKind, off int) uint32 { return uint32(k)<<offBits | uint32(off) }

// An accept is the anchored rule a node matches if the input ends there.
type accept struct {
	node, rule int32
}

// emit turns the builder's states into nodes, folding single-edge chains
// into runs.
func (b *builder) emit() *dfa {
	in := make([]int32, len(b.states))
	for _, s := range b.states {
		in[s.def]++
		for _, e := range b.edges[s.edgeOff : s.edgeOff+s.edgeN] {
			in[e.next]++
		}
	}
	// A state goes inside a run, folded into the run's first state, when
	// its only way in is the single edge of a state that could start or
	// continue a run, and it behaves as that state on every other octet.
	single := func(s int32) bool {
		st := &b.states[s]
		return st.edgeN == 1 && st.setN > 0 && b.edgesOf(s)[0].next != s
	}
	inRun := make([]bool, len(b.states))
	for p := range b.states {
		if !single(int32(p)) {
			continue
		}
		t := b.edgesOf(int32(p))[0].next
		st, ps := &b.states[t], &b.states[p]
		inRun[t] = t != 0 && in[t] == 1 && single(t) && st.out < 0 &&
			st.def == ps.def && st.accept == ps.accept
	}
	// A run's length must fit its count octet: a longer chain is cut.
	for h := range b.states {
		if inRun[h] || !single(int32(h)) {
			continue
		}
		length := 1
		for t := b.edgesOf(int32(h))[0].next; inRun[t]; t = b.edgesOf(t)[0].next {
			if length++; length == maxRun+1 {
				inRun[t], length = false, 1
			}
		}
	}
	d := &dfa{defs: make([]int32, 0, len(b.states))}
	id := make([]int32, len(b.states))
	for i := range id {
		id[i] = -1
	}
	for s := range b.states {
		if !inRun[s] {
			id[s] = int32(len(d.nodes))
			d.nodes = append(d.nodes, node{})
			d.defs = append(d.defs, 0)
		}
	}
	for s := range b.states {
		if inRun[s] {
			continue
		}
		st := &b.states[s]
		nd := node{next: -1, out: st.out, top: st.top}
		d.defs[id[s]] = id[st.def]
		if st.accept >= 0 {
			d.accepts = append(d.accepts, accept{id[s], st.accept}) // in node order
		}
		switch {
		case st.setN == 0:
			nd.ko, d.defs[id[s]] = mk(done, 0), id[s]
		case st.edgeN == 1:
			off := len(d.labels)
			d.labels = append(d.labels, 0)
			t := int32(s)
			for {
				e := b.edgesOf(t)[0]
				d.labels = append(d.labels, e.c)
				t = e.next
				if !inRun[t] {
					break
				}
			}
			d.labels[off] = byte(len(d.labels) - off - 1)
			nd.ko, nd.next = mk(run, off), id[t]
		case st.edgeN > wideEdges:
			off := len(d.bitmaps)
			d.bitmaps = append(d.bitmaps, 0, 0, 0, 0)
			nd.next = int32(len(d.targets))
			for _, e := range b.edgesOf(int32(s)) { // sorted by octet
				d.bitmaps[off+int(e.c>>6)] |= 1 << (e.c & 63)
				d.targets = append(d.targets, id[e.next])
			}
			nd.ko = mk(wide, off)
		default:
			nd.ko = mk(branch, len(d.labels))
			d.labels = append(d.labels, byte(st.edgeN))
			nd.next = int32(len(d.targets))
			for _, e := range b.edgesOf(int32(s)) {
				d.labels = append(d.labels, e.c)
				d.targets = append(d.targets, id[e.next])
			}
		}
		d.nodes[id[s]] = nd
	}
	d.first = id[0]
	d.shrink()
	return d
}

// shrink copies each table that append left much larger than its contents
// to one of its size: a Machine lives as long as its file is cached.
func (d *dfa) shrink() {
	d.defs = fit(d.defs)
	d.labels = fit(d.labels)
	d.targets = fit(d.targets)
	d.accepts = fit(d.accepts)
	d.bitmaps = fit(d.bitmaps)
}

func fit[T any](s []T) []T {
	if cap(s)-len(s) <= len(s)/8 {
		return s
	}
	if len(s) == 0 {
		return nil
	}
	return append(make([]T, 0, len(s)), s...)
}

// size is the memory held by d's tables, in bytes.
func (d *packedDFA) size() int {
	if d == nil {
		return 0
	}
	n := int(unsafe.Sizeof(*d)) + len(d.nodes)*int(unsafe.Sizeof(pnode{})) + cap(d.labels) + 4*cap(d.targets) + 8*cap(d.bitmaps)
	if r := d.rare; r != nil {
		n += int(unsafe.Sizeof(*r)) + 4*cap(r.defs) + 4*cap(r.big)
	}
	return n
}

// plainRun is the most octets an engine takes from its input at once
// (Input.plain): enough to run a tight loop, few enough that the
// input is not read far past the octet that settles a walk.
const plainRun = 16

// firstRun is the length of a walk's first run of plain octets, doubled on
// each run up to plainRun: most walks of the literal DFA settle within the
// first few octets of the path (no rule begins as the URL does), and
// reading ahead a whole run would cost more than the walk.
const firstRun = 4

// walk runs d over the octets of in and returns the best rule (its place in
// the ranking), stopping as soon as the outcome is settled. A DFA with
// default nodes or places past maxPackedPlace (rare set) it hands to
// walkCursor. Every other DFA is a trie of literal patterns as fromSorted
// builds it, where an octet with no edge leads to the dead node: the walk
// is a descent that ends at the first octet no pattern continues with, or
// as soon as nothing below the node beats what it matched. Its state is
// the target and the octets read ahead, in locals, with none of the
// cursor's bookkeeping of defaults (a decision that settles within the
// first octets of the path, as most do, costs half what walkCursor's
// does); it is walk itself, not a function walk calls, which saves a call
// and a copy of the stream per decision. It reads
// the input as walkCursor does, runs of plain octets, an escaped octet as
// a run of one (octetStrings).
func (d *packedDFA) walk(in Input) int32 {
	if d.rare != nil {
		return d.walkCursor(in)
	}
	nodes, labels, targets := d.nodes, d.labels, d.targets
	best, s := int32(-1), d.first
	var p string // octets read and not yet taken
	ahead := firstRun
	for {
		var kind nodeKind
		var o uint32
		var next int32 // a run node's next target, a branch's first target
		if s >= 0 {
			nd := &nodes[s]
			out, top := int32(nd.ot&0xffff)-1, int32(nd.ot>>16)-1
			if better(out, best) {
				best = out
			}
			if !better(top, best) {
				return best // settled: top counts the node's anchored rule too
			}
			kind, o, next = nd.kind(), nd.off(), nd.next
			if kind == done {
				return d.atEnd(s, best) // nothing is alive
			}
		} else if ro, ok := runOff(s); ok {
			kind, o, next = run, ro, d.runNext(ro, uint32(labels[ro]))
		} else {
			// A leaf: its rule, then the dead node, which matches nothing.
			if o := -2 - s; better(o, best) {
				best = o
			}
			return best
		}
		if len(p) == 0 {
			if p = in.plain(ahead); p != "" {
				ahead = min(2*ahead, plainRun)
			} else if x, ok := in.next(); ok {
				p = octetStrings[x : x+1]
			} else {
				return d.atEnd(s, best)
			}
		}
		switch kind {
		case run:
			lab := labels[o+1 : o+1+uint32(labels[o])]
			for {
				k := 0
				for k < len(lab) && k < len(p) && lab[k] == p[k] {
					k++
				}
				if k == len(lab) {
					p = p[k:]
					break
				}
				if k < len(p) {
					return best // off the run: the dead node
				}
				lab = lab[k:]
				if p = in.plain(ahead); p != "" {
					ahead = min(2*ahead, plainRun)
				} else if x, ok := in.next(); ok {
					p = octetStrings[x : x+1]
				} else {
					return d.atEnd(s, best) // within the run: what s matches at the end
				}
			}
			s = next
		default: // branch, wide
			x := p[0]
			p = p[1:]
			i, ok := 0, false
			switch kind {
			case branch:
				i, ok = d.branchEdge(o, x)
			case wide:
				i, ok = d.wideEdge(o, x)
			}
			if !ok {
				return best // no edge: the dead node
			}
			s = targets[int(next)+i]
		}
	}
}

// branchEdge returns the index, among the targets of the branch node at
// offset o, of its edge for octet x, and false when it has none.
func (d *packedDFA) branchEdge(o uint32, x byte) (int, bool) {
	labels := d.labels[o+1 : o+1+uint32(d.labels[o])]
	for i, l := range labels {
		if l == x {
			return i, true
		}
	}
	return 0, false
}

// wideEdge is branchEdge for a wide node: the rank of x's edge among its
// octets is the number of bits below x's in its bitmap.
func (d *packedDFA) wideEdge(o uint32, x byte) (int, bool) {
	words := d.bitmaps[o : o+4]
	w, bit := words[x>>6], uint64(1)<<(x&63)
	rank := bits.OnesCount64(w & (bit - 1))
	for _, v := range words[:x>>6] {
		rank += bits.OnesCount64(v)
	}
	return rank, w&bit != 0
}

// atEnd returns the better of best and the anchored rule node s matches
// when the input ends there, as cursor.result does.
func (d *packedDFA) atEnd(s int32, best int32) int32 {
	if a := d.endAccept(s); better(a, best) {
		return a
	}
	return best
}

// octetStrings holds every octet at its own index: octetStrings[x:x+1] is
// the one-octet string x, without an allocation.
var octetStrings = func() string {
	var b [256]byte
	for i := range b {
		b[i] = byte(i)
	}
	return string(b[:])
}()

// walkCursor is walk for any DFA. It reads the input as runs of plain
// octets (Input.plain), which steps takes in a tight loop, and
// the rest octet by octet.
func (d *packedDFA) walkCursor(in Input) int32 {
	c := d.start()
	run := firstRun
	for !c.settled() {
		if p := in.plain(run); p != "" {
			c.steps(p)
			run = min(2*run, plainRun)
			continue
		}
		x, ok := in.next()
		if !ok {
			break
		}
		c.step(x)
	}
	return c.result()
}

// walkCounted is walkCursor for a decision whose every walk counts its
// work (see meter): dfaOctetCost units an octet, on mt. It returns
// OverBudget once the decision has spent more than mt allows.
func (d *packedDFA) walkCounted(in Input, mt *meter) int32 {
	c := d.start()
	for n := 1; !c.settled(); n++ {
		x, ok := in.next()
		if !ok {
			break
		}
		if mt.spent += dfaOctetCost; mt.over(n, &in) {
			return OverBudget
		}
		c.step(x)
	}
	return c.result()
}

// A cursor walks a dfa over an input, one octet at a time, and keeps the
// best rule matched so far. It is a small value: keep it on the stack.
type cursor struct {
	d    *packedDFA
	nd   pnode // d.nodes[s], or a run target's run (see runNode)
	s    int32
	pos  uint32 // octets of the current run node matched so far
	best int32  // place in the ranking of the best rule so far, or -1
	top  int32  // the top of node s (see dfa.outTop), read once on entering it
}

// start returns a cursor at d's start.
func (d *packedDFA) start() cursor {
	c := cursor{d: d, best: -1}
	c.enter(d.first)
	return c
}

// enter moves to target s and takes its output. A negative s is a run
// target, which has none, or a leaf (see leaf): its rule, then the dead
// node.
func (c *cursor) enter(s int32) {
	if s < 0 {
		if _, ok := runOff(s); ok {
			c.s, c.pos = s, 0
			c.nd, c.top = c.d.runNode(s)
			return
		}
		if o := -2 - s; better(o, c.best) {
			c.best = o
		}
		s = 0 // fromSorted's dead node: done, and matching nothing at the end
	}
	c.s, c.pos = s, 0
	c.nd = c.d.nodes[s]
	o, top := c.d.outTop(s, &c.nd)
	if c.top = top; better(o, c.best) {
		c.best = o
	}
}

// at returns a cursor at pos octets into target s, a node or a run
// target, with nothing matched yet: where a lazy DFA's state left it.
func (d *packedDFA) at(s int32, pos uint32) cursor {
	c := cursor{d: d, s: s, pos: pos, best: -1}
	if _, ok := runOff(s); ok {
		c.nd, c.top = d.runNode(s)
	} else {
		c.nd = d.nodes[s]
		_, c.top = d.outTop(s, &c.nd)
	}
	return c
}

// runNode returns run target t as the run node the cursor walks, and its
// top: what can still match from its next target, which is all that can
// from it.
func (d *packedDFA) runNode(t int32) (pnode, int32) {
	o, _ := runOff(t)
	n := uint32(d.labels[o])
	next, top := d.runNext(o, n), int32(0)
	switch _, isRun := runOff(next); {
	case next >= 0:
		_, top = d.outTop(next, &d.nodes[next])
	case !isRun:
		top = -2 - next // a leaf's rule, or -1
	default:
		// A run cut at maxRun: top is left at the best place, which
		// no rule matched so far can be settled on wrongly.
	}
	return pnode{ko: mk(run, int(o)), next: next}, top
}

// step feeds one octet of the input. A node without an edge for the octet
// hands it to its default node, which decides it (a node that is its own
// default loops on it); defaults never chain further, so a step looks at
// two nodes at most. A default node matches nothing on entry (it holds only
// '*' nodes), so handing it the octet needs no output check.
func (c *cursor) step(x byte) {
	d, nd := c.d, c.nd
	for {
		switch nd.kind() {
		case run:
			if o := nd.off(); d.labels[o+1+c.pos] == x {
				if c.pos++; c.pos == uint32(d.labels[o]) {
					c.enter(nd.next)
				}
				return
			}
		case branch:
			if i, ok := d.branchEdge(nd.off(), x); ok {
				c.enter(d.targets[int(nd.next)+i])
				return
			}
		case wide:
			if i, ok := d.wideEdge(nd.off(), x); ok {
				c.enter(d.targets[int(nd.next)+i])
				return
			}
		default: // done
			return
		}
		def := d.def(c.s)
		if def == c.s && c.pos == 0 {
			return // the node loops on the octet
		}
		c.s, c.pos = def, 0
		nd = d.nodes[c.s]
		c.nd = nd
		_, c.top = d.outTop(c.s, &nd)
	}
}

// steps feeds the octets of p, and stops early once the cursor is
// settled. Along a run node it compares the run's octets with p's in a
// loop of its own, with no call per octet; every other octet goes to step.
func (c *cursor) steps(p string) {
	d := c.d
	for i := 0; i < len(p); {
		if nd := c.nd; nd.kind() == run {
			o := nd.off()
			lab := d.labels[o+1+c.pos : o+1+uint32(d.labels[o])]
			k := 0
			for k < len(lab) && i+k < len(p) && lab[k] == p[i+k] {
				k++
			}
			i += k
			if k == len(lab) {
				c.enter(nd.next)
				if c.settled() {
					return
				}
				continue
			}
			c.pos += uint32(k)
			if i == len(p) {
				return
			}
		} else if nd.kind() == branch && d.loops(c.s) {
			// A branch that loops on the octets it has no edge for (a
			// '*' waiting for the octet after it): its edges are
			// scanned here, and the octets that take none are passed
			// over with no call.
			o := nd.off()
			labels := d.labels[o+1 : o+1+uint32(d.labels[o])]
		scan:
			for ; i < len(p); i++ {
				for _, l := range labels {
					if l == p[i] {
						break scan
					}
				}
			}
			if i == len(p) {
				return
			}
		} else if nd.kind() == wide && d.loops(c.s) {
			// The same for a wide node: one bit test per octet.
			o := nd.off()
			words := d.bitmaps[o : o+4]
			for i < len(p) && words[p[i]>>6]&(1<<(p[i]&63)) == 0 {
				i++
			}
			if i == len(p) {
				return
			}
		}
		c.step(p[i])
		i++
		if c.settled() {
			return
		}
	}
}

// settled reports whether no further input can change the result: nothing
// that can still match would beat the best match so far.
func (c *cursor) settled() bool { return !better(c.top, c.best) }

// result returns the best rule matched if the input ends here, as its
// place in the ranking, or -1.
func (c *cursor) result() int32 {
	r := c.best
	if a := c.d.acceptOf(c); better(a, r) {
		r = a
	}
	return r
}

// acceptOf returns the anchored rule that cursor c's node matches if the
// input ends there, or -1.
func (d *packedDFA) acceptOf(c *cursor) int32 { return d.endAccept(c.s) }

// endAccept returns the anchored rule node s matches if the input ends
// there, or -1, without a search when d has no anchored rule, s is a run
// target (which has none) or fromSorted's dead node, where most walks
// settle.
func (d *packedDFA) endAccept(s int32) int32 {
	if int(d.acc) == len(d.targets) || s < 0 || s == 0 && (d.rare == nil || d.rare.defs == nil) {
		return -1
	}
	return d.acceptAt(s)
}

// acceptAt returns the anchored rule node s matches if the input ends
// there, or -1.
func (d *packedDFA) acceptAt(s int32) int32 {
	n := d.accepts()
	lo, hi := 0, n
	for lo < hi {
		if m := int(uint(lo+hi) >> 1); d.accept(m).node < s {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < n {
		if a := d.accept(lo); a.node == s {
			return a.rule
		}
	}
	return -1
}
