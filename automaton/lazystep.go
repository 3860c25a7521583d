package automaton

import "math/bits"

// This file holds the states of the lazily built DFA (lazy.go) and how one
// is computed from another. A state's key is the literal DFA's cursor (its
// node and the octets of a run matched so far), what entering the state
// matched, then the wildcard engine's state:
//
//   - at TierNFA, the NFA's bit set, two words of key per word of bits;
//   - at TierSegments, the leading trie's node and the Aho-Corasick
//     automaton's (or -1 once the trie is left), then per live star node
//     (reached, and with an edge that may still matter), in order, the node
//     and the octets read since it was reached, up to the longest segment
//     of its edges: all that decides which edges its segments' occurrences
//     may take (an occurrence of length m ending now started after the node
//     was reached when m octets at least have been read since), since a
//     star node is reached at most once, at its earliest (greedy matching,
//     see segments.go).
//
// A step of TierNFA costs a pass over its words; one of TierSegments a
// visit per live node and per edge of a live node whose segment ends at
// the octet read, within lazyStepWork.

// lazyScratch is what computing a state needs besides its key, kept in
// the arena that the walk holds: no array is cleared on the stack for
// each step.
type lazyScratch struct {
	key     [lazyMaxKey]int32     // the new state's key
	reached [lazyMaxKey / 2]int32 // segments: the star nodes reached by the step (a key holds fewer)
	ends    [64]int32             // segments: the segments that end at the octet read
	bits    [lazyNFAWords]uint64  // nfa: the new bit set
	work    int                   // the last step's edges, segments and words visited
}

// lazyLitKey is the number of words a key starts with: the literal
// cursor's node and run position, and what entering matched, plus one.
const lazyLitKey = 3

// lazyNFAWords is the most words of an NFA run by the lazy DFA: its bit
// set, two key words a word, fits lazyMaxKey.
const lazyNFAWords = (lazyMaxKey - lazyLitKey) / 2

// lazyWild is what a wildcard engine's step reports: the words of key it
// wrote, what entering the state matches, the best rule that can still
// match, what matches if the input ends there, and whether the state is
// idle (every octet not in the arena's stop set leads back to it).
type lazyWild struct {
	n             int
	out, top, acc int32
	idle          bool
}

// lazyMeta returns the lazy DFA's meta of e's wildcard engine, or nil
// when e's tier has none.
func (e *engines) lazyMeta() *lazyMeta {
	switch Tier(e.tier) {
	case TierNFA:
		return &e.nfa.lz
	case TierSegments:
		return &e.seg.lz
	}
	return nil
}

// lazyOctets adds to used the octets e's tables tell apart: all others
// behave alike everywhere.
func (e *engines) lazyOctets(used *[4]uint64) {
	var seen [256]bool
	d := e.lit
	see := func(o uint32) {
		for _, x := range d.labels[o+1 : o+1+uint32(d.labels[o])] {
			seen[x] = true
		}
	}
	// The run targets, found from the targets that name them.
	seeRuns := func(t int32) {
		for o, ok := runOff(t); ok; o, ok = runOff(t) {
			see(o)
			t = d.runNext(o, uint32(d.labels[o]))
		}
	}
	seeRuns(d.first)
	for _, t := range d.targets[:d.acc] {
		seeRuns(t)
	}
	for i := range d.nodes {
		switch nd := &d.nodes[i]; nd.kind() {
		case run:
			see(nd.off())
			seeRuns(nd.next)
		case branch:
			see(nd.off())
		case wide:
			o := nd.off()
			for j, w := range d.bitmaps[o : o+4] {
				used[j] |= w
			}
		}
	}
	switch Tier(e.tier) {
	case TierNFA:
		for x := range seen {
			if e.nfa.classOf(byte(x)) != 0 {
				seen[x] = true
			}
		}
	case TierSegments:
		for _, x := range e.seg.lead.labels {
			seen[x] = true
		}
		for _, x := range e.seg.float.labels {
			seen[x] = true
		}
	}
	for x, ok := range seen {
		if ok {
			used[x>>6] |= 1 << (x & 63)
		}
	}
}

// lazyStop sets stop to the octets that may leave an idle state of e's
// lazy DFA (see lazyState): for the NFA, those that follow a '*'; for the
// segment matcher, those that begin a segment.
func (e *engines) lazyStop(stop *[4]uint64) {
	*stop = [4]uint64{}
	switch Tier(e.tier) {
	case TierNFA:
		*stop = e.nfa.wake
	case TierSegments:
		for x, k := range e.seg.float.root {
			if k != 0 {
				stop[x>>6] |= 1 << (x & 63)
			}
		}
	}
}

// lazyStart writes the start state's key to k and returns its length
// and header; false when it does not fit the bounds.
func (e *engines) lazyStart(sc *lazyScratch) (int, [lazyHeader]int32, bool) {
	c := e.lit.start()
	var w lazyWild
	ok := false
	switch Tier(e.tier) {
	case TierNFA:
		w, ok = e.nfa.lazyStart(sc)
	case TierSegments:
		w, ok = e.seg.lazyStart(sc.key[lazyLitKey:], e.wildTop)
	}
	if !ok {
		return 0, [lazyHeader]int32{}, false
	}
	return lazyState(&c, c.best, &sc.key, w)
}

// lazyStep writes to k the key of the state after the state of key cur
// on octet x, and returns its length and header; false when it is beyond
// the bounds of a step.
func (e *engines) lazyStep(sc *lazyScratch, cur []int32, x byte) (int, [lazyHeader]int32, bool) {
	d := e.lit
	c := d.at(cur[0], uint32(cur[1]))
	c.step(x)
	var w lazyWild
	ok := false
	switch Tier(e.tier) {
	case TierNFA:
		w, ok = e.nfa.lazyStep(sc, cur[lazyLitKey:], x)
	case TierSegments:
		w, ok = e.seg.lazyStep(sc, cur[lazyLitKey:], x, e.wildTop)
	}
	if !ok {
		return 0, [lazyHeader]int32{}, false
	}
	return lazyState(&c, c.best, &sc.key, w)
}

// lazyState completes key k and the header of a state from the literal
// cursor c, what it matched on entering (litOut) and the wildcard
// engine's step w. A cursor from which no literal rule can match any more
// (its top, which counts the anchored rules, is -1) is written as the
// dead node, whatever node it is at, so that states that differ only
// there are one.
func lazyState(c *cursor, litOut int32, k *[lazyMaxKey]int32, w lazyWild) (int, [lazyHeader]int32, bool) {
	out, top, acc := litOut, c.top, int32(-1)
	if top < 0 {
		c.s, c.pos = 0, 0 // the dead node of a DFA of literal patterns
	} else {
		acc = c.d.acceptOf(c)
	}
	if better(w.out, out) {
		out = w.out
	}
	if better(w.top, top) {
		top = w.top
	}
	if better(w.acc, acc) {
		acc = w.acc
	}
	k[0], k[1], k[2] = c.s, int32(c.pos), out+1
	n := lazyLitKey + w.n
	h := [lazyHeader]int32{out + 1, top + 1, acc + 1, int32(n)}
	if w.idle && out < 0 && c.top < 0 {
		h[lazyKeyLen] |= lazyIdle
	}
	return n, h, true
}

// lazyStart writes the NFA's start set to the key.
func (a *nfa) lazyStart(sc *lazyScratch) (lazyWild, bool) {
	w := int(a.words)
	if w > lazyNFAWords {
		return lazyWild{}, false
	}
	v := sc.bits[:w]
	copy(v, a.initial())
	return a.lazyWild(v, sc.key[lazyLitKey:]), true
}

// lazyStep writes to the key the NFA's set after the set cur on octet x.
func (a *nfa) lazyStep(sc *lazyScratch, cur []int32, x byte) (lazyWild, bool) {
	w := int(a.words)
	if w > lazyNFAWords {
		return lazyWild{}, false
	}
	v := sc.bits[:w]
	for i := range v {
		v[i] = uint64(uint32(cur[2*i])) | uint64(uint32(cur[2*i+1]))<<32
	}
	sc.work = 3 * w // the set read, advanced, and read for what it matches
	a.advance(v, x)
	return a.lazyWild(v, sc.key[lazyLitKey:]), true
}

// lazyWild writes the set v to k and reports what it matches.
func (a *nfa) lazyWild(v []uint64, k []int32) lazyWild {
	r := lazyWild{n: 2 * len(v), top: -1, idle: true}
	star := a.star()
	var carry uint64
	for i, x := range v {
		k[2*i], k[2*i+1] = int32(uint32(x)), int32(uint32(x>>32))
		if x != 0 && r.top < 0 {
			r.top = a.ownerAt(i*64 + bits.TrailingZeros64(x))
		}
		s := x & star[i]
		if x != s|s<<1|carry {
			r.idle = false
		}
		carry = s >> 63
	}
	r.out = a.matches(v, a.final(), -1)
	r.acc = a.matches(v, a.anchor(), -1)
	return r
}

// lazyStart writes the segment matcher's start state to k: the roots of
// both tries, and the start node, reached before the input, if it has
// edges. While the leading trie is not left, any rule may still match:
// top is wildTop.
func (s *segments) lazyStart(k []int32, wildTop int32) (lazyWild, bool) {
	k[0], k[1] = 0, 0
	n := 2
	if s.edgeAt[1] > s.edgeAt[0] {
		k[2], k[3] = 0, 0
		n = 4
	}
	return lazyWild{n: n, out: -1, top: wildTop, acc: -1}, true
}

// lazyStep writes to k the segment matcher's state after the state cur on
// octet x: the tries step, each live node's count of octets grows up to
// its longest segment, and the segments that end at x take the edges of
// the nodes reached early enough, reaching nodes, matching rules that end
// there (out) or would if the input ended (acc).
func (s *segments) lazyStep(sc *lazyScratch, cur []int32, x byte, wildTop int32) (lazyWild, bool) {
	k := sc.key[lazyLitKey:]
	r := lazyWild{out: -1, top: -1, acc: -1}
	sc.work = len(cur) // the live nodes, and their edges below
	lead, ac := cur[0], s.float.next(cur[1], x)
	if lead >= 0 {
		lead = s.lead.child(lead, x)
	}
	// The segments that end at x, longest first.
	ends := &sc.ends
	ne := 0
	for id := s.float.terms.term(ac); id >= 0; id = s.suffix(id) {
		if ne == len(ends) {
			return r, false
		}
		ends[ne], ne = id, ne+1
	}
	endsAt := func(seg int32) bool {
		for _, id := range ends[:ne] {
			if id == seg {
				return true
			}
		}
		return false
	}
	// The live nodes, a count of octets more; then the nodes reached now.
	live := cur[2:]
	maxLive := (len(k) - 2) / 2
	if len(live)/2 > maxLive {
		return r, false
	}
	reached := &sc.reached
	nr := 0
	present := func(v int32) bool {
		lo, hi := 0, len(live)/2
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if live[2*m] < v {
				lo = m + 1
			} else {
				hi = m
			}
		}
		if lo < len(live)/2 && live[2*lo] == v {
			return true
		}
		for _, w := range reached[:nr] {
			if w == v {
				return true
			}
		}
		return false
	}
	work := ne
	take := func(ed *sedge, age int32) bool {
		if !endsAt(ed.seg) || age < s.seglen[ed.seg] {
			return true
		}
		switch {
		case ed.to >= 0:
			if !present(ed.to) {
				if nr == len(reached) {
					return false
				}
				reached[nr], nr = ed.to, nr+1
			}
		case ed.tail():
			if better(ed.rule, r.acc) {
				r.acc = ed.rule
			}
		default:
			if better(ed.rule, r.out) {
				r.out = ed.rule
			}
		}
		return true
	}
	for i := 0; i < len(live); i += 2 {
		v := live[i]
		age := min(live[i+1]+1, s.capAge(v))
		if ne == 0 {
			continue
		}
		lo, hi := s.edgeAt[v], s.pushEnd[v]
		work += int(hi - lo)
		if work > lazyStepWork {
			return r, false
		}
		for e := lo; e < hi; e++ {
			if !take(&s.edges[e], age) {
				return r, false
			}
		}
		if hi == s.edgeAt[v+1] {
			continue // not a hub: its edges are all above
		}
		// A hub's watched edges, found by their segments.
		for _, seg := range ends[:ne] {
			ws := s.watched[s.watchAt[seg]:s.watchAt[seg+1]]
			if work += len(ws); work > lazyStepWork {
				return r, false
			}
			for _, e := range ws {
				if ed := &s.edges[e]; ed.from == v && !take(ed, age) {
					return r, false
				}
			}
		}
	}
	if lead >= 0 {
		if v := s.lead.terms.term(lead); v >= 0 && !present(v) {
			if nr == len(reached) {
				return r, false
			}
			reached[nr], nr = v, nr+1
		}
	}
	// The new state: the live nodes and those reached now, in order, but
	// for nodes whose every edge leads to a node live (reaching it again
	// would change nothing): their counts need not be kept.
	sortInt32s(reached[:nr])
	n, i, j := 2, 0, 0
	next := func() (int32, int32) {
		if j == nr || i < len(live) && live[i] < reached[j] {
			v, age := live[i], min(live[i+1]+1, s.capAge(live[i]))
			i += 2
			return v, age
		}
		v := reached[j]
		j++
		return v, 0
	}
	for i < len(live) || j < nr {
		v, age := next()
		if s.spent(v, present) {
			continue
		}
		if n+2 > len(k) {
			return r, false
		}
		k[n], k[n+1] = v, age
		n += 2
	}
	k[0], k[1] = lead, ac
	r.n = n
	if lead >= 0 {
		r.top = wildTop // the leading trie may still reach any node
	}
	for i := 2; i < n; i += 2 {
		if b := s.bestBelow(k[i]); better(b, r.top) {
			r.top = b
		}
	}
	r.idle = lead < 0 && ac == 0 && r.out < 0
	for i := 2; i < n && r.idle; i += 2 {
		r.idle = k[i+1] == s.capAge(k[i])
	}
	sc.work += work + n
	return r, true
}

// spent reports whether reaching star node v no longer matters: it is not
// a hub, none of its edges ends a pattern, and each leads to a node that
// present reports reached.
func (s *segments) spent(v int32, present func(int32) bool) bool {
	lo, hi := s.edgeAt[v], s.edgeAt[v+1]
	if hi-lo > hubEdges {
		return false
	}
	for _, e := range s.edges[lo:hi] {
		if e.to < 0 || !present(e.to) {
			return false
		}
	}
	return true
}

// sortInt32s sorts a few integers in place.
func sortInt32s(x []int32) {
	for i := 1; i < len(x); i++ {
		for j := i; j > 0 && x[j] < x[j-1]; j-- {
			x[j], x[j-1] = x[j-1], x[j]
		}
	}
}
