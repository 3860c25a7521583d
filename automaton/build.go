package automaton

import (
	"encoding/binary"
	"slices"
)

// This file builds a DFA by subset construction. A position is a place in
// one pattern (before its j-th octet, or at its end); a DFA state is the set
// of live positions together with the best rule matched so far. Work is
// counted in positions touched, and construction gives up as soon as the
// states or the work exceed the limits, so a hostile pattern set costs at
// most the budget before the next tier takes over.

type builder struct {
	pats   []pattern
	rules  []Rule
	off    []int32 // first global position of each pattern
	owner  []int32 // pattern of each global position
	lim    Limits
	work   int
	states []bstate
	index  map[string]int32
	key    []byte
}

type bstate struct {
	set    []int32 // live positions, sorted
	best   int32   // best rule matched so far, -1 for none
	accept int32   // best rule if the input ends here
	def    int32   // successor on an octet with no edge
	edges  []bedge // successors that differ from def, by octet
}

type bedge struct {
	c    byte
	next int32
}

func (b *builder) sym(g int32) (c byte, end bool) {
	p := &b.pats[b.owner[g]]
	j := int(g - b.off[b.owner[g]])
	if j == len(p.lit) {
		return 0, true
	}
	return p.lit[j], false
}

// buildDFA runs the subset construction for pats; ok is false when the
// limits were exceeded.
func buildDFA(pats []pattern, rules []Rule, lim Limits) (*DFA, bool) {
	b := &builder{pats: pats, rules: rules, lim: lim, index: map[string]int32{}}
	n := int32(0)
	for i, p := range pats {
		b.off = append(b.off, n)
		for j := 0; j <= len(p.lit); j++ {
			b.owner = append(b.owner, int32(i))
		}
		n += int32(len(p.lit) + 1)
	}
	start := make([]int32, len(pats))
	for i := range pats {
		start[i] = b.off[i]
	}
	set, best := b.settle(start, -1)
	if _, ok := b.intern(set, best); !ok {
		return nil, false
	}
	var stars, next []int32
	var bytes []byte
	for s := 0; s < len(b.states); s++ {
		cur := b.states[s]
		stars, bytes = stars[:0], bytes[:0]
		for _, g := range cur.set {
			c, end := b.sym(g)
			switch {
			case end:
			case c == '*':
				stars = append(stars, g)
			default:
				bytes = append(bytes, c)
			}
		}
		slices.Sort(bytes)
		bytes = slices.Compact(bytes)
		dset, dbest := b.settle(append(next[:0], stars...), cur.best)
		def, ok := b.intern(dset, dbest)
		if !ok {
			return nil, false
		}
		var edges []bedge
		for _, c := range bytes {
			next = append(next[:0], stars...)
			for _, g := range cur.set {
				if x, end := b.sym(g); !end && x == c {
					next = append(next, g+1)
				}
			}
			nset, nbest := b.settle(next, cur.best)
			t, ok := b.intern(nset, nbest)
			if !ok {
				return nil, false
			}
			if t != def {
				edges = append(edges, bedge{c, t})
			}
		}
		b.work += len(cur.set) * (1 + len(bytes))
		if b.work > b.lim.MaxWork {
			return nil, false
		}
		b.states[s].def, b.states[s].edges = def, edges
	}
	return b.emit(), true
}

// settle completes a set of positions: a '*' may match the empty run, a
// prefix pattern that reached its end has matched, and positions that cannot
// change the outcome are dropped. It returns the sorted set and the best rule.
func (b *builder) settle(set []int32, best int32) ([]int32, int32) {
	slices.Sort(set)
	set = slices.Compact(set)
	// Stars are never adjacent (prepare collapsed them), so one pass adds
	// every position a '*' can skip to.
	for i, n := 0, len(set); i < n; i++ {
		if c, end := b.sym(set[i]); !end && c == '*' {
			set = append(set, set[i]+1)
		}
	}
	slices.Sort(set)
	set = slices.Compact(set)
	for _, g := range set {
		p := &b.pats[b.owner[g]]
		if _, end := b.sym(g); end && !p.anchored && Better(b.rules, p.rule, best) {
			best = p.rule
		}
	}
	out := set[:0]
	for i := 0; i < len(set); {
		pi := b.owner[set[i]]
		j := i
		for j < len(set) && b.owner[set[j]] == pi {
			j++
		}
		p := &b.pats[pi]
		if Better(b.rules, p.rule, best) {
			// A live '*' can absorb whatever an earlier position of the
			// same pattern could still match: keep from the last star on.
			from := i
			for k := i; k < j; k++ {
				if c, end := b.sym(set[k]); !end && c == '*' {
					from = k
				}
			}
			for k := from; k < j; k++ {
				if _, end := b.sym(set[k]); end && !p.anchored {
					continue
				}
				out = append(out, set[k])
			}
		}
		i = j
	}
	return out, best
}

// intern returns the state for (set, best), adding it if it is new; ok is
// false when that would exceed the state limit.
func (b *builder) intern(set []int32, best int32) (int32, bool) {
	b.key = binary.LittleEndian.AppendUint32(b.key[:0], uint32(best))
	for _, g := range set {
		b.key = binary.LittleEndian.AppendUint32(b.key, uint32(g))
	}
	if s, ok := b.index[string(b.key)]; ok {
		return s, true
	}
	if len(b.states) >= b.lim.MaxStates {
		return 0, false
	}
	accept := best
	for _, g := range set {
		p := &b.pats[b.owner[g]]
		if _, end := b.sym(g); end && p.anchored && Better(b.rules, p.rule, accept) {
			accept = p.rule
		}
	}
	s := int32(len(b.states))
	b.states = append(b.states, bstate{set: slices.Clone(set), best: best, accept: accept})
	b.index[string(b.key)] = s
	return s, true
}
