package automaton

// This file holds the decision budget: what one decision may cost, how the
// walks count it, and what a plan's worst case costs, known when it is
// built.
//
// The unit of work is one step of an engine that touches memory of its
// own: a node of a DFA entered, a word of the NFA's bit set advanced, and
// in the segment walk a segment visited, an edge queued or taken, a star
// node reached, a lookup in the live set, a wake-up, a word of a hub's
// mask, a child found among a trie node's labels; the steps that touch
// several tables out of the caches weigh more (see reachCost). The lazily
// built DFA counts an octet taken on a transition it has built as one
// unit, and a state it builds as the words it writes and the work of the
// step that computes it.
//
// Each walk is of one of two kinds. A walk whose cost per octet is fixed
// by its tables (the DFA walks, the NFA's register walk) needs no counter:
// the plan reserves that cost, σ units for each octet of the input, out of
// DecidePerOctet. The other walks (the segment walk, and the lazily built
// DFA's construction) count what they spend as they go, against what is
// left: a decision of an input of L octets whose counted walks have spent
// W by the time they have read n octets is within budget while
// W ≤ DecideBase + (DecidePerOctet − Σσ)·n. As n ≤ L and the walks of
// fixed cost cost at most σ·L each, the decision costs at most
// DecideBase + DecidePerOctet·L.

// The decision budget: deciding an input of L octets costs at most
// DecideBase + DecidePerOctet·L units of work (32,768 plus 32 per octet),
// all classes decided together. A unit is a step of an engine that
// touches memory of its own, a few tens of instructions at most. A
// decision that would spend more stops, and fails closed: Match returns
// OverBudget.
//
// Patterns whose worst case fits the budget (Stats.Bounded) never fail
// closed. The values keep a decision of a 1 KiB input within about a
// millisecond on any patterns.
const (
	DecideBase     = 1 << 15
	DecidePerOctet = 32
)

// DecideBudget returns the most units of work a decision of an input of n
// octets may cost: DecideBase + DecidePerOctet·n.
func DecideBudget(n int) int { return DecideBase + DecidePerOctet*n }

// OverBudget is what Match returns, and MatchClasses stores for a class,
// when deciding the input exactly would cost more than the decision
// budget. A caller must read it as "no answer" and fail closed:
// it is neither a rule nor the absence of a match.
const OverBudget int32 = -2

// budget is what one decision may spend: base units, and per for each
// octet read. A Machine holds the default (DecideBase, DecidePerOctet)
// unless a test gave it another (see export_test.go).
type budget struct {
	base, per int
}

// defaultBudget is the budget of every Machine but those of tests.
var defaultBudget = budget{DecideBase, DecidePerOctet}

// planCost is the worst cost of a plan, as its build knows it: static units
// per octet that the walks of fixed cost take without a counter, and for
// the counted walks, the most they spend per walk (base) and per octet
// (per), whatever the input.
type planCost struct {
	static int // per octet, not counted: the DFA walks, the NFA's register walk
	base   int // per walk, counted
	per    int // per octet, counted
}

func (c planCost) add(d planCost) planCost {
	return planCost{static: c.static + d.static, base: c.base + d.base, per: c.per + d.per}
}

// fits reports whether a decision on a plan of cost c never exceeds b.
func (c planCost) fits(b budget) bool {
	return c.static+c.per <= b.per && c.base <= b.base
}

// Costs of the walks of fixed cost, per octet of the input.
const (
	// dfaOctetCost is a DFA walk's: a step looks at two nodes at most
	// (a node and its default).
	dfaOctetCost = 2
	// lazyOctetCost is the lazily built DFA's, on a transition it has
	// built: one table load.
	lazyOctetCost = 1
)

// The lazily built DFA's share of the default budget (see lazyShare):
// the states one walk builds cost at most lazyBase units and lazyPerOctet
// more per octet read; past that the walk gives up and the tier below
// decides. A plan that may run it reserves that share, and lazyOctetCost
// per octet (lazyCost).
const (
	lazyBase     = DecideBase / 4
	lazyPerOctet = DecidePerOctet / 8
)

var lazyCost = planCost{static: lazyOctetCost, base: lazyBase, per: lazyPerOctet}

// Weights of the segment walk's steps (see charge), in units of about what
// a DFA step costs, set by timing the walk on the hostile families, where
// its tables are out of the caches: reaching a star node or visiting a
// segment touches a few tables at places of their own; queueing an edge
// (on its segment's queue, with its links, and a wait in the ring) as
// many; a lookup in the live set, a wake-up or an edge taken off a queue,
// one; a watched edge read and a mask word, one each besides.
const (
	reachCost  = 6
	queueCost  = 4
	visitCost  = 4
	lookupCost = 1
	wakeCost   = 1
	popCost    = 1
)

// maxSegmentStatic is the most a segment walk takes per octet uncounted,
// with its literal DFA and the lazily built DFA: a ring bucket and the
// test for a segment ending, a step of the leading trie and two of the
// Aho-Corasick automaton, each a scan of a few labels or a wide node's
// bitmap. The segment tier, the one tier any set of patterns may get,
// never needs more per octet than the budget allows before it counts
// (the constant below would not compile otherwise).
const maxSegmentStatic = dfaOctetCost + 2 + 3*2 + lazyOctetCost

const _ = uint(DecidePerOctet - lazyPerOctet - maxSegmentStatic)

// nfaOctetCost returns the cost per octet of an NFA walk of words words:
// a word of shift-and each, and the octet's class.
func nfaOctetCost(words int) int { return 1 + words }

// labelCost returns the cost of finding a child among n labels: one unit
// for a scan of up to scanLabels, two for a wide node's bitmap.
func labelCost(n int) int {
	if n <= scanLabels {
		return 1
	}
	return 2
}

// A meter counts the work of one decision's counted walks against what the
// budget leaves them: base units, and per for each octet read. Unless
// counted, the walks of fixed cost count nothing, and the units per octet
// they take are reserved out of per (see reserve) before a counted walk
// checks the meter.
type meter struct {
	spent   int // units spent so far by the decision's counted walks
	base    int
	per     int
	static  int  // the units per octet reserved out of per, or -1 before reserve
	seen    int  // the most octets a walk of the decision has read, or the input's length once whole
	whole   bool // seen is the input's length
	counted bool // every walk counts, the walks of fixed cost too

	// The lazily built DFA's share: the states a walk builds cost at most
	// lazyBase units and lazyPer more per octet read (see lazyShare).
	lazyBase, lazyPer int
}

// lazyShare returns the lazily built DFA's share of budget b: a quarter
// of its base and an eighth of what it allows per octet.
func lazyShare(b budget) (base, per int) { return b.base / 4, b.per / 8 }

// length returns the number of octets of in.
func length(in Input) int {
	n := 0
	for {
		if p := in.plain(1 << 30); p != "" {
			n += len(p)
			continue
		}
		if _, ok := in.next(); !ok {
			return n
		}
		n++
	}
}

// reserve takes static units per octet out of what the counted walks may
// spend, once: those of the decision's walks of fixed cost. A negative
// static, or a counted meter, reserves nothing.
func (m *meter) reserve(static int) {
	if m.static >= 0 || static < 0 || m.counted {
		return
	}
	m.static, m.per = static, m.per-static
}

// reserveMore takes static more units per octet out of what the counted
// walks may spend, for walks of fixed cost that a decision adds once some
// are reserved: those of the classes MatchClasses reads after class 0. A
// counted meter reserves nothing.
func (m *meter) reserveMore(static int) {
	if m.counted {
		return
	}
	if m.static < 0 {
		m.static = 0
	}
	m.static, m.per = m.static+static, m.per-static
}

// over reports whether the walks have spent more than the budget allows
// after n octets read, rest being the input after them (or nil). The
// budget is for the whole input, whose length the walks do not know
// before they reach its end: while they spend within what the octets read
// so far allow, that is enough; the first time they spend more, the
// input's length is found (one pass over the rest of it, which the
// octets' own reservation pays for) and the budget is the whole input's.
func (m *meter) over(n int, rest *Input) bool {
	if m.spent <= m.base+m.per*max(n, m.seen) {
		return false
	}
	if m.whole || rest == nil {
		return true
	}
	m.whole, m.seen = true, max(m.seen, n+length(*rest))
	return m.spent > m.base+m.per*m.seen
}
