package automaton

import (
	"fmt"
	"math/bits"
	"sync/atomic"
)

// This file is the lazily built DFA: a DFA of all the patterns of a class
// at TierNFA or TierSegments, built a state at a time as walks need them,
// in the manner of RE2's dfa.cc. A state is the literal DFA's cursor, what
// entering it matched, and the state of the wildcard tier's engine: the
// NFA's bit set, or for the segment matcher, where its two tries stand and
// how long ago each live star node was reached (see lazystep.go). Once a
// state and its transition on an octet exist, a walk takes that octet with
// one table load, in one pass for the literal and the wildcard patterns
// together, where the tiers below read the input twice and pay, per
// octet, a pass over the NFA's words or the segment matcher's
// bookkeeping.
//
// The states live in arenas that every Machine shares, process-wide:
// lazySlotCount arenas of lazyArenaBytes and a scratch of under 2 KiB
// each, 2 MiB of static storage that holds no pointer and no part of
// which is resident before a walk touches it (TestLazyArenaSize). A walk claims the arena its goroutine hashes to (see
// spreadIndex) with one compare-and-swap, takes no lock, allocates
// nothing, and if the arena is busy decides on the tier below. An arena
// holds the states of one Machine at a time, its owner. A Machine that
// finds its arena owned by another takes it over, emptying it, only once
// it has decided enough inputs on the tier below to pay for the states it
// will build (the ski-rental rule; see lazyAfter). So the memory of the
// lazy DFAs grows with the decisions a process runs at once, not with the
// Machines it keeps, and a Machine deciding a host's URLs in turn finds
// its states again.
//
// Bounds. A walk of L octets costs, per octet, one class lookup and one
// table load for a transition that exists; for one that does not, a step
// of the tier's engine from one state (its key at most lazyMaxKey words;
// for the segment matcher at most lazyStepWork edges and segments
// visited), a hash of the new key and, if the state is new, a row of
// transitions cleared (one word per octet class). An arena that fills is
// emptied once per walk and the walk goes on; a walk that would fill it
// twice, or meets a state beyond those bounds, gives up, and the tier
// below decides the input from its start. A takeover reads the labels of
// the Machine's tables once, to find its octet classes: O(P) for P octets
// of patterns, and a Machine whose tables cost more than lazyMaxTakeover
// to read never runs the lazy DFA. A walk counts the states it builds, and
// the takeover, against its share of the decision budget (lazyShare: a
// quarter of DecideBase, an eighth of DecidePerOctet), and gives up past
// it: a walk whose every octet builds a state (a long segment after a
// star) no longer fills the arena twice before it does. So a decision on
// the lazy DFA costs at most its share of the budget and an octet's load
// per octet, plus the tier below's own cost when it gives up, and the
// memory stays within the arenas whatever the patterns and the inputs.

// Sizes of the shared arenas.
const (
	// lazySlotCount arenas, each of lazyArenaBytes: a table of
	// lazyTableSlots entries and lazyWords words of states.
	lazySlotCount  = 8
	lazyArenaBytes = 256 << 10
	lazyTableSlots = 1 << 13
	lazyWords      = (lazyArenaBytes - 4*lazyTableSlots) / 4
	// lazyMaxStates is the most states an arena holds: its table at most
	// half full.
	lazyMaxStates = lazyTableSlots / 2
)

// A table entry holds a state's offset in the low 16 bits, so that its
// generation fits beside it.
const _ = uint(1<<16 - lazyWords) // lazyWords must fit 16 bits

// Bounds of one state and one step.
const (
	// lazyMaxKey is the most words of a state's key: the literal
	// cursor and what entering matched (lazyLitKey), then the wildcard
	// engine's state.
	lazyMaxKey = 128
	// lazyStepWork is the most edges and segments one step of the
	// segment matcher visits.
	lazyStepWork = 1 << 10
)

// The header of a state, before its transitions: what entering it
// matches (out), the best rule that can still match from it (top) and
// what it matches if the input ends there (acc), each a place plus one
// (0: none); then the length of its key, negative for an idle state (see
// lazyIdle), and where the key is. States grow from the start of the
// arena and keys from its end, so that the states a walk goes through lie
// close together.
const (
	lazyOut = iota
	lazyTop
	lazyAcc
	lazyKeyLen
	lazyKeyAt
	lazyHeader
)

// The policy of takeovers (the ski-rental rule). A Machine takes over an
// arena once it has decided as many inputs on its tier below as its wait,
// at first lazyAfter: a crawler deciding a few URLs of a host never pays
// for states it would not use again. When a Machine loses its arena to
// another, its tenure sets its wait. A tenure of lazyPaid inputs or more
// that paid (its walks took each transition it built lazyReuse times, on
// the mean: a URL decided over and over, or URLs that follow the same
// states) takes an arena back at the Machine's next input. A tenure of at
// most one input, or of lazyPaid or more that did not pay (distinct URLs
// each building its own states, a Machine whose inputs are interleaved
// with other Machines' coming back to an arena emptied each time), makes
// the wait four times as long, up to lazyAfter<<lazyMaxBackoff; one in
// between leaves it as it was. A Machine whose walk gives up (a state too
// large, an arena filled twice) waits lazyPenalty inputs more.
const (
	lazyAfter      = 128
	lazyMaxBackoff = 10
	lazyPaid       = 8
	lazyPenalty    = 256
	lazyMaxCredit  = 1 << 30 // past any wait; a count never wraps
	// A tenure pays when its walks took each transition it built
	// lazyReuse times, on the mean. Building one costs some hundreds of
	// instructions, taking one saves a few tens over the tier below; 12,
	// measured, tells the revisits of kept Matchers to the URLs of a
	// host (distinct URLs, a tenth of whose transitions are new) from a
	// Matcher deciding the same URLs or the same shapes over and over.
	lazyReuse = 12
)

// lazyMode says when a Machine decides its wildcard patterns with the
// lazily built DFA (Limits.lazy): a DFA of all the patterns,
// built a state at a time as inputs need them.
type lazyMode int8

const (
	// lazyAuto, the default, builds it for a Machine at TierNFA or
	// TierSegments once the Machine has decided enough inputs to pay for
	// it.
	lazyAuto lazyMode = iota
	// lazyNever decides on the tier built, always.
	lazyNever
	// lazyAlways builds it from the first input: with EagerDFA, and in
	// tests, which run every engine on every input.
	lazyAlways
)

// String returns the mode's name: auto, never or always.
func (l lazyMode) String() string {
	switch l {
	case lazyAuto:
		return "auto"
	case lazyNever:
		return "never"
	case lazyAlways:
		return "always"
	}
	return fmt.Sprintf("lazyMode(%d)", int(l))
}

// lazyMeta is what a Machine's wildcard engine keeps for the lazy DFA.
type lazyMeta struct {
	// credit counts the inputs decided on the tier below since the last
	// takeover; below zero after a walk gave up. Read and written with
	// plain atomic loads and stores: a count lost to a race delays a
	// takeover a little, and costs the hot path no locked instruction.
	credit atomic.Int32
	// wait is the credit a takeover needs, less lazyAfter (so that zero
	// is the first wait); the Machine that takes an arena over sets it
	// for the owner it takes it from (see lazyAfter).
	wait atomic.Int32
	// held is one more than the arena the Machine owns, or 0: so that
	// an input decided below tells without looking at the arenas that
	// it may not take one over yet.
	held atomic.Int32
	mode lazyMode
	ok   bool // the lazy DFA may run: not lazyNever, and the NFA's bit set fits a key or the segment matcher has at most lazyMaxNodes star nodes
}

// lazySlot says whether a walk holds arena i (lazyArenas[i]) and whose
// states it holds. The owner is read without claiming the slot, to tell
// whether a Machine may take it over, and written only by the walk that
// holds it.
type lazySlot struct {
	busy  atomic.Bool
	owner atomic.Pointer[engines] // nil when the arena holds no states
	_     [48]byte                // each slot on a cache line of its own
}

// lazySlots and lazyArenas are apart so that the arenas, which hold no
// pointer, are no work for the garbage collector.
var (
	lazySlots  [lazySlotCount]lazySlot
	lazyArenas [lazySlotCount]lazyArena
)

// lazyArena holds the states of one Machine's lazy DFA.
type lazyArena struct {
	used   int32  // words of mem in use by states; their offsets start at 1
	keys   int32  // where the keys start: they fill mem from its end
	start  int32  // the start state, or 0 before it is built
	width  int32  // words of a state's header and transitions
	gen    uint16 // the generation of the table's entries
	states int32  // states in the arena
	// The owner's tenure: walks decided and resets of the arena; octets
	// taken through transitions, and transitions built (see pays).
	uses, resets int32
	steps, built int64
	spent        int // units of work the current walk spent building states (see lazyBase)
	sc           lazyScratch
	class        [256]uint8 // octet classes: the octets the owner's tables tell apart
	stop         [4]uint64  // octets that may leave an idle state
	table        [lazyTableSlots]uint32
	mem          [lazyWords]int32
}

// waiting reports whether the Machine decides its input on the tier below
// without a look at the arenas, as it does until its credit reaches its
// wait, unless it may hold one (held), and counts the input if so. Small
// enough to be inlined, it is all the lazy DFA costs such an input.
func (lz *lazyMeta) waiting() bool {
	if lz.held.Load() != 0 || lz.mayTake() {
		return false
	}
	lz.tally()
	return true
}

// mayTake reports whether the Machine may take an arena over: its credit
// has reached its wait, or it runs lazyAlways.
func (lz *lazyMeta) mayTake() bool {
	return lz.credit.Load() >= lazyAfter+lz.wait.Load() || lz.mode == lazyAlways
}

// tally counts an input decided on the tier below.
func (lz *lazyMeta) tally() { lz.credit.Store(min(lz.credit.Load()+1, lazyMaxCredit)) }

// lazyMatch decides in with the lazy DFA of e, whose meta is lz, and
// reports false when it did not: the arena is busy or owned by another
// Machine that e may not yet take it from, or the walk gave up. It
// returns what the walk spent and the octets it read, for the tier below
// to count on (under a counted meter mt, it counts them there itself).
func (e *engines) lazyMatch(lz *lazyMeta, in Input, mt *meter) (r int32, ok bool, spent, n int) {
	i := spreadIndex(lazySlotCount)
	sl := &lazySlots[i]
	if sl.owner.Load() != e && !lz.mayTake() || sl.busy.Load() || !sl.busy.CompareAndSwap(false, true) {
		lz.tally()
		return -1, false, 0, 0
	}
	a := &lazyArenas[i]
	a.spent = 0
	if sl.owner.Load() != e {
		a.spent = e.takeoverCost()
		a.takeover(e, sl.owner.Load(), i)
		sl.owner.Store(e)
		lz.held.Store(int32(i) + 1)
		lz.credit.Store(0)
	}
	a.uses++
	base, per := lazyBase, lazyPerOctet
	if mt != nil {
		base, per = mt.lazyBase, mt.lazyPer
	}
	r, n, ok = a.walk(e, in, base, per)
	a.steps += int64(n)
	spent = a.spent
	if mt != nil && mt.counted {
		// What the walk built and the octets it took are the decision's
		// work; under the default budget, the octets are reserved, and a
		// walk that ends within its share is within the budget.
		mt.spent += spent + lazyOctetCost*n
		mt.seen = max(mt.seen, n)
		if ok && mt.over(n, nil) {
			r = OverBudget
		}
		spent = 0
	}
	if !ok {
		// Give the arena up, and wait longer before the next try.
		sl.owner.Store(nil)
		lz.held.Store(0)
		lz.credit.Store(-lazyPenalty)
	}
	sl.busy.Store(false)
	return r, ok, spent, n
}

// pays reports whether the owner's tenure has taken its transitions
// lazyReuse times each, on the mean.
func (a *lazyArena) pays() bool { return a.steps >= lazyReuse*a.built }

// backoff returns the wait that follows wait w (a wait less lazyAfter,
// as lazyMeta keeps it) after a tenure that did not pay: four times as long,
// up to lazyAfter<<lazyMaxBackoff.
func backoff(w int32) int32 {
	return min(4*max(lazyAfter+w, lazyAfter), lazyAfter<<lazyMaxBackoff) - lazyAfter
}

// lazyMaxTakeover is the most a takeover of an arena may cost (see
// takeoverCost): a Machine whose tables cost more to read does not run
// the lazily built DFA, which could not pay for it within its share of a
// decision's budget (lazyBase). Every corpus file's tables cost far less.
const lazyMaxTakeover = lazyBase / 2

// takeoverCost returns the units of work a takeover of an arena by e
// costs: a pass over its tables' nodes and labels, these read sixteen to
// a unit, and one unit per octet of the classes it sets.
func (e *engines) takeoverCost() int {
	d := e.lit
	n := len(d.nodes) + len(d.labels)/16 + len(d.bitmaps)/2 + 256
	if Tier(e.tier) == TierSegments {
		n += (len(e.seg.lead.labels) + len(e.seg.float.labels)) / 16
	}
	return n
}

// takeover empties a, arena i, for e, from its owner, if it has one, whose
// wait its tenure sets (see lazyAfter); then the states and the octet
// classes, one per octet e's tables tell apart (a pass over their labels),
// are e's.
func (a *lazyArena) takeover(e *engines, owner *engines, i int) {
	if owner != nil {
		olz := owner.lazyMeta()
		olz.held.CompareAndSwap(int32(i)+1, 0)
		switch {
		case a.uses >= lazyPaid && a.pays():
			olz.wait.Store(-lazyAfter)
		case a.uses <= 1 || a.uses >= lazyPaid: // between them, too few inputs to tell
			olz.wait.Store(backoff(olz.wait.Load()))
		}
	}
	a.uses, a.resets, a.steps, a.built = 0, 0, 0, 0
	a.reset()
	// Class 0 is every octet the tables do not tell apart, if there is
	// one; the others have a class each.
	var used [4]uint64
	e.lazyOctets(&used)
	n := 0
	for _, w := range used {
		n += bits.OnesCount64(w)
	}
	classes := 1
	if n == 256 {
		classes = 0
	}
	for x := range 256 {
		a.class[x] = 0
		if used[x>>6]>>(x&63)&1 != 0 {
			a.class[x] = uint8(classes)
			classes++
		}
	}
	a.width = lazyHeader + int32(classes)
	e.lazyStop(&a.stop)
}

// reset empties a's states, keeping its owner and classes: its table's
// entries of other generations read as empty.
func (a *lazyArena) reset() {
	if a.gen++; a.gen == 0 {
		clear(a.table[:])
		a.gen = 1
	}
	a.used, a.keys, a.start, a.states = 1, lazyWords, 0, 0
}

// walk decides in with a's states, building those it lacks, and returns
// the best rule, the octets it took through transitions, and false when
// it gave up (see the file's comment), or when the states it built cost
// more than base units and per for each octet read (a.spent): the lazily
// built DFA's share of the decision budget (see lazyShare). It reads the input as
// runs of plain octets (Input.plain) and the rest octet by
// octet. Until a rule has matched, a transition into a plain state (see
// plain) is all an octet costs: one table load; any other state is looked
// at as it is entered, and an idle one passes over the octets that cannot
// leave it.
func (a *lazyArena) walk(e *engines, in Input, base, per int) (r int32, n int, ok bool) {
	s := a.start
	if s == 0 {
		if s, ok = a.begin(e); !ok {
			return -1, 0, false
		}
	}
	mem := &a.mem
	best, resets, run := int32(-1), 0, firstRun
	var p string
	i := 0
	for {
		// Entering s.
		if o := mem[s+lazyOut] - 1; better(o, best) {
			best = o
		}
		if !better(mem[s+lazyTop]-1, best) {
			return best, n, true // settled
		}
		idle := mem[s+lazyKeyLen] < 0
		var t int32
		var x byte
		for {
			if i == len(p) {
				if idle {
					in.skipPlain(&a.stop)
				}
				if p, i = in.plain(run), 0; p == "" {
					var more bool
					if x, more = in.next(); !more {
						if acc := mem[s+lazyAcc] - 1; better(acc, best) {
							best = acc
						}
						return best, n, true
					}
					n++
					t = mem[s+lazyHeader+int32(a.class[x])]
					break
				}
				run = min(2*run, lazyRun)
			}
			if idle {
				// Pass over the octets that cannot leave s.
				for i < len(p) && a.stop[p[i]>>6]>>(p[i]&63)&1 == 0 {
					i++
				}
				if i == len(p) {
					continue
				}
			}
			x = p[i]
			i++
			n++
			t = mem[s+lazyHeader+int32(a.class[x])]
			if t <= 0 || best >= 0 {
				break
			}
			s, idle = t, false // a plain state: on to the next octet
		}
		if t == 0 {
			if t, ok = a.miss(e, s, x, &resets); !ok || a.spent > base+per*n {
				return -1, n, false
			}
		}
		s = max(t, -t)
	}
}

// lazyRun is the longest run of plain octets a walk takes at once: runs
// start at firstRun octets and double, as the literal DFA's do, so that a
// walk that settles early reads little past the octet that settles it.
const lazyRun = 64

// plain reports whether entering state s needs no look at its header
// while no rule has matched: it matches nothing on entering, is not idle,
// and some rule may still match from it. Transitions into a plain state
// are stored as its offset, into any other as its offset negated.
func (a *lazyArena) plain(s int32) bool {
	return a.mem[s+lazyOut] == 0 && a.mem[s+lazyTop] != 0 && a.mem[s+lazyKeyLen] >= 0
}

// miss builds the state after s on x and the transition to it, and
// returns the transition. When the arena is full, it empties it, keeping
// s, and tries again, once per walk (resets counts). It reports false
// when the walk must give up.
func (a *lazyArena) miss(e *engines, s int32, x byte, resets *int) (int32, bool) {
	t, full, ok := a.add(e, s, x)
	if !full || !ok {
		return t, ok
	}
	if *resets++; *resets > 1 {
		return 0, false
	}
	a.resets++
	if s, full = a.keep(s); full {
		return 0, false
	}
	t, full, ok = a.add(e, s, x)
	return t, ok && !full
}

// begin builds the start state; false when it is beyond the bounds.
func (a *lazyArena) begin(e *engines) (int32, bool) {
	n, h, ok := e.lazyStart(&a.sc)
	a.spent += n
	if !ok {
		return 0, false
	}
	s, full := a.intern(a.sc.key[:n], h)
	if full {
		// The arena filled since its start state was dropped (see keep):
		// empty it.
		a.reset()
		a.resets++
		if s, full = a.intern(a.sc.key[:n], h); full {
			return 0, false
		}
	}
	a.start = s
	return s, true
}

// add builds the state after s on octet x, if it is new, and the
// transition to it, which it returns; full when the arena has no room,
// and false when the state is beyond the bounds of a step.
func (a *lazyArena) add(e *engines, s int32, x byte) (t int32, full, ok bool) {
	cur := a.key(s)
	n, h, ok := e.lazyStep(&a.sc, cur, x)
	a.spent += a.sc.work + len(cur) + n
	if !ok {
		return 0, false, false
	}
	if t, full = a.intern(a.sc.key[:n], h); full {
		return 0, true, true
	}
	if !a.plain(t) {
		t = -t
	}
	a.mem[s+lazyHeader+int32(a.class[x])] = t
	a.built++
	return t, false, true
}

// keep empties the arena but for state s, which it builds again, and
// returns its new offset; full when it does not fit an empty arena.
func (a *lazyArena) keep(s int32) (int32, bool) {
	k := &a.sc.key
	n := copy(k[:], a.key(s))
	var h [lazyHeader]int32
	copy(h[:], a.mem[s:s+lazyHeader])
	a.reset()
	return a.intern(k[:n], h)
}

// key returns the key of state s.
func (a *lazyArena) key(s int32) []int32 {
	n := a.mem[s+lazyKeyLen] &^ lazyIdle
	o := a.mem[s+lazyKeyAt]
	return a.mem[o : o+n]
}

// lazyIdle marks the key length of an idle state: every octet not in
// lazyArena.stop leads back to it (see the engines' lazyStep).
const lazyIdle = -1 << 31

// intern returns the state of key k, building it with header h if it is
// new; full when the arena has no room for it.
func (a *lazyArena) intern(k []int32, h [lazyHeader]int32) (int32, bool) {
	mask := uint32(lazyTableSlots - 1)
	i := lazyHash(k) & mask
	for ; ; i = (i + 1) & mask {
		v := a.table[i]
		if uint16(v>>16) != a.gen {
			break
		}
		s := int32(v & 0xffff)
		if n := a.mem[s+lazyKeyLen] &^ lazyIdle; int(n) == len(k) && equalKeys(a.key(s), k) {
			return s, false
		}
	}
	s, at := a.used, a.keys-int32(len(k))
	if s+a.width > at || a.states >= lazyMaxStates {
		return 0, true
	}
	a.spent += int(a.width)
	a.used, a.keys = s+a.width, at
	a.states++
	h[lazyKeyAt] = at
	copy(a.mem[s:], h[:])
	clear(a.mem[s+lazyHeader : s+a.width])
	copy(a.mem[at:], k)
	a.table[i] = uint32(a.gen)<<16 | uint32(s)
	return s, false
}

func equalKeys(a, b []int32) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// lazyHash hashes a key.
func lazyHash(k []int32) uint32 {
	h := uint64(len(k)) * 0x9e3779b97f4a7c15
	for _, w := range k {
		h = (h ^ uint64(uint32(w))) * 0xbf58476d1ce4e5b9
	}
	return uint32(h>>32) ^ uint32(h)
}
