package automaton

import (
	"math/bits"
	"unsafe"
)

// This file is TierNFA: a bit-parallel simulation of the NFA of the
// wildcard patterns (shift-and, extended with '*' as a self loop). Bit g of
// the state says that a pattern's first j octets have matched the input read
// so far, where g is that pattern's first bit plus j. One octet costs a few
// word operations per 64 positions, whatever the patterns, so the time is
// linear in the input and in the patterns' total length, and the memory is
// one mask per octet class.
//
// It runs in two cases. By default, when the wildcard patterns are few and
// short (at most smallNFAPositions positions, as most real files have
// them: one or two rules "/*?sort=", "/*.pdf$"), it is chosen before any
// subset construction: its build is one pass over the patterns and a few
// small slices, where a DFA of the same rules costs tens of microseconds,
// more than a crawler spends deciding a host's URLs. Such an NFA fits in
// regWords words, so its walk (walkRegs) keeps the state in registers, with
// no scratch and no pool: a few word operations per octet. Otherwise it is
// built only when a forced tier asks for it, and its walk takes its bit
// sets from the Machine's pool.

// An nfa runs the wildcard patterns of a Machine at TierNFA. A crawler
// keeps a Machine per host, and most real files get an nfa, so its tables
// are two slices cut by words and classes (see the methods below), not a
// slice each, and the class of an octet from 0x80 (which canonical
// patterns and URLs never hold) is looked up apart: 256 bytes, with what
// the lazily built DFA keeps (lazyMeta, 16), and the tables
// (TestMachineSize).
type nfa struct {
	words     int32
	positions int32
	classes   int32       // octet classes: class 0, and one per octet used literally
	class     [128]uint8  // the class of each octet below 0x80
	high      *[128]uint8 // the class of each octet from 0x80; nil when no pattern holds one, so all are class 0
	// masks holds, words each: per class, the bits that a matching octet
	// advances into (adv); then the positions of '*' (self loops), the end
	// positions of prefix patterns, those of anchored patterns, and the
	// start positions, closed over '*' (star, final, anchor, initial).
	masks []uint64
	// ends holds, per word, the end positions in the words before it (see
	// ownerAt), then the rule (place in the ranking) of each pattern, in
	// the order of their end positions (owner).
	ends    []int32
	wake    [4]uint64         // octets that follow a '*' in some pattern, one bit each (see idle)
	scratch *pool[nfaScratch] // nil when the NFA walks in registers (words ≤ regWords)
	lz      lazyMeta          // for the lazily built DFA (lazy.go)
}

// The tables of an nfa, cut from masks and ends.
func (a *nfa) adv() []uint64 { n := a.classes * a.words; return a.masks[:n:n] }
func (a *nfa) set(i int32) []uint64 {
	o := (a.classes + i) * a.words
	return a.masks[o : o+a.words : o+a.words]
}
func (a *nfa) star() []uint64    { return a.set(0) }
func (a *nfa) final() []uint64   { return a.set(1) }
func (a *nfa) anchor() []uint64  { return a.set(2) }
func (a *nfa) initial() []uint64 { return a.set(3) }

// regWords is the most 64-bit words of an NFA that walks in registers
// (walkRegs): 256 positions.
const regWords = 4

// smallNFAPositions is the most NFA positions (an octet of a wildcard
// pattern each, and one per pattern) for which Compile, by default, builds
// the NFA instead of trying a DFA: the walk then costs at most regWords
// words of shift-and per octet, and the build one pass over the patterns.
const smallNFAPositions = 64 * regWords

// nfaPositions is the number of positions of the NFA of pats.
func nfaPositions(pats []pattern) int {
	n := 0
	for _, p := range pats {
		n += int(p.n) + 1
	}
	return n
}

// buildNFA builds the NFA of pats, whose octets are in text.
func buildNFA(text string, pats []pattern) *nfa {
	n := nfaPositions(pats)
	a := &nfa{words: int32((n + 63) / 64), positions: int32(n)}
	w := int(a.words)
	// Octet classes: every octet used literally gets its own class, all
	// others share class 0.
	var class [256]uint8
	classes := 1
	for _, p := range pats {
		lit := p.lit(text)
		for j := 0; j < len(lit); j++ {
			if c := lit[j]; c != '*' && class[c] == 0 {
				class[c] = uint8(classes)
				classes++
			}
		}
	}
	copy(a.class[:], class[:128])
	if high := [128]uint8(class[128:]); high != ([128]uint8{}) {
		a.high = &high
	}
	// The masks share one allocation: the classes' advances, then the
	// four sets; so do the end counts and the owners.
	a.classes = int32(classes)
	a.masks = make([]uint64, (classes+4)*w)
	a.ends = make([]int32, w, w+len(pats))
	adv, star, final, anchor, initial := a.adv(), a.star(), a.final(), a.anchor(), a.initial()
	set := func(v []uint64, g int) { v[g/64] |= 1 << (g % 64) }
	g := 0
	for _, p := range pats {
		set(initial, g)
		lit := p.lit(text)
		for j := 0; j < len(lit); j++ {
			if c := lit[j]; c == '*' {
				set(star, g+j)
				if j+1 < len(lit) {
					a.wake[lit[j+1]>>6] |= 1 << (lit[j+1] & 63)
				}
			} else {
				set(adv[int(class[c])*w:], g+j+1)
			}
		}
		end := g + len(lit)
		a.ends = append(a.ends, p.rule)
		if p.anchored {
			set(anchor, end)
		} else {
			set(final, end)
		}
		g = end + 1
	}
	closeStars(initial, star)
	for i, ends := 1, int32(0); i < w; i++ {
		ends += int32(bits.OnesCount64(final[i-1] | anchor[i-1]))
		a.ends[i] = ends
	}
	if w > regWords {
		a.scratch = newPool(a.newScratch, 8*int(a.words))
	}
	return a
}

// classOf returns the class of octet x.
func (a *nfa) classOf(x byte) int {
	if x < 0x80 {
		return int(a.class[x])
	}
	if a.high == nil {
		return 0
	}
	return int(a.high[x-0x80])
}

// ownerAt returns the rule of the pattern that ends at position g: the
// owners are kept one per pattern, not one per position (most positions
// are inner octets), and g's pattern is the number of end positions
// before g.
func (a *nfa) ownerAt(g int) int32 {
	i := int32(g / 64)
	below := (a.set(1)[i] | a.set(2)[i]) & (1<<(g%64) - 1)
	return a.ends[a.words+a.ends[i]+int32(bits.OnesCount64(below))]
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
	n := int(unsafe.Sizeof(*a)) + 8*cap(a.masks) + 4*cap(a.ends)
	if a.high != nil {
		n += len(a.high)
	}
	return n
}

// nfaScratch is the scratch an nfa walk needs: its bit set.
type nfaScratch struct {
	cur []uint64
}

func (a *nfa) newScratch() *nfaScratch {
	return &nfaScratch{cur: make([]uint64, a.words)}
}

// walk runs a over the octets of in with scratch st and returns the best
// rule (its place in the ranking), stopping when no position is live.
func (a *nfa) walk(st *nfaScratch, in Input) int32 {
	copy(st.cur, a.initial())
	final := a.final()
	best := a.matches(st.cur, final, -1)
	for alive := true; alive; {
		x, ok := in.next()
		if !ok {
			break
		}
		best, alive = a.step(st, x, best, final)
	}
	return a.matches(st.cur, a.anchor(), best)
}

// step feeds one octet and returns the best match so far, given the best
// before it, final being a.final(). It reports alive false when no
// position is live any more.
func (a *nfa) step(st *nfaScratch, x byte, best int32, final []uint64) (int32, bool) {
	a.advance(st.cur, x)
	alive := false
	for _, v := range st.cur {
		if v != 0 {
			alive = true
			break
		}
	}
	return a.matches(st.cur, final, best), alive
}

// advance moves the set v, of a.words words, over octet x, in place: a
// live position whose pattern has x next moves on, a live '*' stays, and
// the position after each live '*' is live (closeStars).
func (a *nfa) advance(v []uint64, x byte) {
	w := int(a.words)
	adv, star := a.masks[a.classOf(x)*w:][:w], a.star()
	var carry uint64
	for i := range v {
		c := v[i]
		v[i] = (c<<1|carry)&adv[i] | c&star[i]
		carry = c >> 63
	}
	closeStars(v, star)
}

func (a *nfa) matches(v, ends []uint64, best int32) int32 {
	for i := range v {
		m := v[i] & ends[i]
		for m != 0 {
			g := i*64 + bits.TrailingZeros64(m)
			m &= m - 1
			if r := a.ownerAt(g); better(r, best) {
				best = r
			}
		}
	}
	return best
}

// walkCounted is walk for a decision whose every walk counts its work (see
// meter): nfaOctetCost units an octet, on mt. It returns OverBudget once
// the decision has spent more than mt allows. An NFA that walks in
// registers keeps its bit set on the stack, others take a scratch.
func (a *nfa) walkCounted(in Input, mt *meter) int32 {
	var regs [regWords]uint64
	st := &nfaScratch{cur: regs[:min(int(a.words), regWords)]}
	if a.scratch != nil {
		var slot int
		st, slot = a.scratch.get()
		defer a.scratch.put(slot)
	}
	copy(st.cur, a.initial())
	final, cost := a.final(), nfaOctetCost(int(a.words))
	best := a.matches(st.cur, final, -1)
	for n, alive := 1, true; alive; n++ {
		x, ok := in.next()
		if !ok {
			break
		}
		if mt.spent += cost; mt.over(n, &in) {
			return OverBudget
		}
		best, alive = a.step(st, x, best, final)
	}
	return a.matches(st.cur, a.anchor(), best)
}

// nextOctet returns the next octet of in for the register walks. When
// idle, the octets that cannot change the state are skipped first, in one
// pass that tests each octet once (Input.skipPlain). The walks
// read octet by octet, not in runs of Plain: with a leading '*' they read
// to the end of the input, most of it idle, and a run read ahead would
// have its octets looked at twice, once by Plain and once by the skip.
func (a *nfa) nextOctet(in *Input, idle bool) (byte, bool) {
	if idle {
		in.skipPlain(&a.wake)
	}
	return in.next()
}

// walkRegs is walk for an NFA of at most regWords words: the bit sets live
// in two arrays on the stack, so it needs no scratch. It costs, per octet,
// a few word operations per word of the NFA, and stops when no position
// is live.
func (a *nfa) walkRegs(in Input) int32 {
	w := int(a.words)
	if w == 1 {
		return a.walkWord(in)
	}
	var cur [regWords]uint64
	copy(cur[:w], a.initial())
	star, final := a.star()[:w], a.final()[:w]
	best := a.matches(cur[:w], final, -1)
	idle := idleRegs(&cur, star)
	for {
		x, ok := a.nextOctet(&in, idle)
		if !ok {
			break
		}
		adv := a.masks[a.classOf(x)*w:][:w]
		var carry, live, scarry, hit, diff uint64
		for i := range star {
			c := cur[i]
			v := (c<<1|carry)&adv[i] | c&star[i]
			carry = c >> 63
			s := v & star[i]
			v |= s<<1 | scarry
			scarry = s >> 63
			cur[i] = v
			live |= v
			diff |= v ^ c
			hit |= v & final[i]
		}
		if live == 0 {
			return best // nothing more can match, the anchored rules included
		}
		if diff != 0 {
			idle = idleRegs(&cur, star)
			if hit != 0 {
				best = a.matches(cur[:w], final, best)
			}
		}
	}
	return a.matches(cur[:w], a.anchor(), best)
}

// walkWord is walkRegs for an NFA of one word (at most 64 positions, as
// most real files' wildcard patterns need): the state is one register.
func (a *nfa) walkWord(in Input) int32 {
	// One word: adv is masks[:classes], then star, final, anchor, initial.
	adv := a.masks
	c := a.classes
	star, final, anchor, cur := adv[c], adv[c+1], adv[c+2], adv[c+3]
	best := int32(-1)
	if cur&final != 0 {
		best = a.matches(adv[c+3:c+4], adv[c+1:c+2], -1)
	}
	idle := idleWord(cur, star)
	for {
		x, ok := a.nextOctet(&in, idle)
		if !ok {
			break
		}
		v := (cur<<1)&adv[a.classOf(x)] | cur&star
		v |= (v & star) << 1
		if v == cur {
			continue
		}
		if v == 0 {
			return best // nothing more can match, the anchored rules included
		}
		cur, idle = v, idleWord(v, star)
		if v&final != 0 {
			best = a.matches([]uint64{v}, adv[c+1:c+2], best)
		}
	}
	if cur&anchor != 0 {
		best = a.matches([]uint64{cur}, adv[c+2:c+3], best)
	}
	return best
}

// A state is idle when every live position is a '*' or the position just
// after a live '*': the patterns wait, at their stars, for the octet that
// follows one. An octet that follows no '*' in any pattern (not in
// nfa.wake) leaves an idle state as it is: the stars keep it live, the
// positions after them have no edge for it, and nothing new is matched.
// So the walk skips such octets with one table test each (skip), the way
// a scan for the first octet of a needle skips a haystack.

// idleWord reports whether the one-word state v is idle.
func idleWord(v, star uint64) bool {
	s := v & star
	return v == s|s<<1
}

// idleRegs reports whether the state v of walkRegs is idle.
func idleRegs(v *[regWords]uint64, star []uint64) bool {
	var carry uint64
	for i := range star {
		s := v[i] & star[i]
		if v[i] != s|s<<1|carry {
			return false
		}
		carry = s >> 63
	}
	return true
}
