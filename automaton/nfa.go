package automaton

import (
	"math/bits"
	"unsafe"

	"github.com/robotsexclusion/robots/normalize"
)

// This file is the last tier: a bit-parallel simulation of the NFA of the
// wildcard patterns (shift-and, extended with '*' as a self loop). Bit g of
// the state says that a pattern's first j octets have matched the input read
// so far, where g is that pattern's first bit plus j. One octet costs a few
// word operations per 64 positions, whatever the patterns, so the time is
// linear in the input and in the patterns' total length, and the memory is
// one mask per octet class.

// An nfa runs the wildcard patterns of a Machine at TierNFA.
type nfa struct {
	words     int
	positions int
	class     [256]uint8
	adv       []uint64 // per class: bits that a matching octet advances into
	star      []uint64 // positions of '*' (self loops)
	final     []uint64 // end positions of prefix patterns
	anchor    []uint64 // end positions of anchored patterns
	init      []uint64 // start positions, closed over '*'
	owner     []int32  // rule (place in the ranking) of each end position
}

func buildNFA(pats []pattern) *nfa {
	n := 0
	for _, p := range pats {
		n += len(p.lit) + 1
	}
	a := &nfa{words: (n + 63) / 64, positions: n, owner: make([]int32, n)}
	w := a.words
	// Octet classes: every octet used literally gets its own class, all
	// others share class 0.
	classes := 1
	for _, p := range pats {
		for j := 0; j < len(p.lit); j++ {
			if c := p.lit[j]; c != '*' && a.class[c] == 0 {
				a.class[c] = uint8(classes)
				classes++
			}
		}
	}
	a.adv = make([]uint64, classes*w)
	a.star = make([]uint64, w)
	a.final = make([]uint64, w)
	a.anchor = make([]uint64, w)
	a.init = make([]uint64, w)
	set := func(v []uint64, g int) { v[g/64] |= 1 << (g % 64) }
	g := 0
	for _, p := range pats {
		set(a.init, g)
		for j := 0; j < len(p.lit); j++ {
			if c := p.lit[j]; c == '*' {
				set(a.star, g+j)
			} else {
				set(a.adv[int(a.class[c])*w:], g+j+1)
			}
		}
		end := g + len(p.lit)
		a.owner[end] = p.rule
		if p.anchored {
			set(a.anchor, end)
		} else {
			set(a.final, end)
		}
		g = end + 1
	}
	closeStars(a.init, a.star)
	return a
}

// closeStars adds to v the position after every live '*': a '*' may match
// the empty run. Stars are never adjacent, so one shift suffices.
func closeStars(v, star []uint64) {
	var carry uint64
	for i := range v {
		s := v[i] & star[i]
		v[i] |= s<<1 | carry
		carry = s >> 63
	}
}

func (a *nfa) size() int {
	if a == nil {
		return 0
	}
	return int(unsafe.Sizeof(*a)) + 8*(len(a.adv)+5*a.words) + 4*len(a.owner)
}

// nfaScratch is the scratch an nfa walk needs: two bit sets.
type nfaScratch struct {
	cur, next []uint64
}

func (a *nfa) newScratch() *nfaScratch {
	return &nfaScratch{cur: make([]uint64, a.words), next: make([]uint64, a.words)}
}

// walk runs a over the octets of in with scratch st and returns the best
// rule (its place in the ranking), stopping when no position is live.
func (a *nfa) walk(st *nfaScratch, in normalize.Stream) int32 {
	copy(st.cur, a.init)
	best := a.matches(st.cur, a.final, -1)
	for alive := true; alive; {
		x, ok := in.Next()
		if !ok {
			break
		}
		best, alive = a.step(st, x, best)
	}
	return a.matches(st.cur, a.anchor, best)
}

// step feeds one octet and returns the best match so far, given the best
// before it. It reports alive false when no position is live any more.
func (a *nfa) step(st *nfaScratch, x byte, best int32) (int32, bool) {
	w := a.words
	adv := a.adv[int(a.class[x])*w : int(a.class[x])*w+w]
	var carry uint64
	alive := false
	for i := 0; i < w; i++ {
		c := st.cur[i]
		v := (c<<1|carry)&adv[i] | c&a.star[i]
		carry = c >> 63
		st.next[i] = v
	}
	closeStars(st.next, a.star)
	for i := 0; i < w; i++ {
		if st.next[i] != 0 {
			alive = true
			break
		}
	}
	st.cur, st.next = st.next, st.cur
	return a.matches(st.cur, a.final, best), alive
}

func (a *nfa) matches(v, ends []uint64, best int32) int32 {
	for i := range v {
		m := v[i] & ends[i]
		for m != 0 {
			g := i*64 + bits.TrailingZeros64(m)
			m &= m - 1
			if r := a.owner[g]; better(r, best) {
				best = r
			}
		}
	}
	return best
}
