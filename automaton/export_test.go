package automaton

import "strings"

// CompileBudget is Compile for a Machine whose decisions have the budget
// base units plus per an octet, not the default, and whose walks all
// count their work, those of fixed cost too: tests drive each tier's walk
// over a budget so.
func CompileBudget(rules []Rule, lim Limits, base, per int) *Machine {
	m := Compile(rules, lim)
	if m.more == nil {
		m.more = new(machineMore)
	}
	m.more.budget = budget{base, per}
	m.budgeted = true
	testBudgets.Store(&m.engines, m.more.budget)
	return m
}

// AllEngines returns the Limits that between them build every engine.
func AllEngines() []Limits { return allEngines() }

// WithTier returns l with its build forced to start at tier t.
func WithTier(t Tier, l Limits) Limits {
	l.tier = t
	return l
}

// TierOf returns the tier l forces, 0 when none.
func TierOf(l Limits) Tier { return l.tier }

// The memory bounds of the package doc, as functions of the octets of
// patterns, and the ranking of rules.
var (
	Better              = betterRule
	CompileBytes        = compileBytes
	DefaultCompileBytes = defaultCompileBytes
	TableBytes          = tableBytes
)

// testForms read an input as package normalize's Canonical and Raw forms
// read a URL's path, for the package's internal tests, which cannot
// import normalize (it imports this package).
var testForms = []func(string) Input{
	func(s string) Input { return Rewrite(s, 0, "", testCanonical) },
	func(s string) Input { return Rewrite(s, 0, "", testRaw) },
}

var (
	testCanonical = NewRewriting(endsPath, func(c byte) bool { return c <= 0x20 || c >= 0x7f || c == '*' || c == '$' }, unreserved)
	testRaw       = NewRewriting(endsPath, nil, nil)
)

func endsPath(c byte) bool { return c == '#' || c == 0 }

func unreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

// Next, Plain and SkipPlain are how the engines read an Input, for the
// tests of reading.
func (in *Input) Next() (byte, bool)        { return in.next() }
func (in *Input) Plain(max int) string      { return in.plain(max) }
func (in *Input) SkipPlain(stop *[4]uint64) { in.skipPlain(stop) }

// WithScanPlan returns l with the segment tier forced to run its scan
// plan, which a file past the tier's compile budget gets: tests run it on
// small patterns so.
func WithScanPlan(l Limits) Limits {
	l.tier, l.scanPlan = TierSegments, true
	return l
}

// The lazily built DFA's modes, for tests that build it from the first
// input or never.
const (
	LazyNever  = lazyNever
	LazyAlways = lazyAlways
)

// WithLazy returns l with the lazily built DFA in mode.
func WithLazy(l Limits, mode lazyMode) Limits {
	l.lazy = mode
	return l
}

// LazyOf returns the mode of the lazily built DFA l sets.
func LazyOf(l Limits) lazyMode { return l.lazy }

// WithCaps returns l with its caps on DFA states and construction work
// (0 for the default).
func WithCaps(l Limits, states, work int) Limits {
	l.stateCap, l.workCap = states, work
	return l
}

// BudgetError is the error that says why a tier was not built.
type BudgetError = budgetError

// Describe returns m's Stats and what tests read beside them.
func Describe(m *Machine) details { return m.details() }

// details are a Machine's Stats and what tests read beside them.
type details struct {
	Stats
	Rules int // the rules compiled, all classes
	NFA   int // positions in the NFAs of all classes, 0 below TierNFA
	Work  int // trie nodes touched building DFAs, failed attempts included, all classes

	// Budget is why a cheaper tier was not built for class 0, or nil;
	// ClassBudget is the same for the first other class that has one.
	Budget, ClassBudget error
}

// details returns m's Stats and what tests read beside them.
func (m *Machine) details() details {
	d := details{Stats: m.Stats(), Rules: m.places(), NFA: m.nfaPositions()}
	if x := m.more; x != nil {
		d.Budget, d.Work, d.ClassBudget = x.why, x.work, x.classWhy
		for i := range x.classes {
			d.Rules += x.classes[i].places()
		}
	}
	if m.litWork { // more.work is 0
		d.Work = len(m.lit.nodes)
	}
	return d
}

// A litPattern is a pattern as a test writes it, its octets a string of
// its own.
type litPattern struct {
	lit      string
	anchored bool
	rule     int32
}

// layOut lays the patterns ps out as prepare does: their octets end to
// end in one text.
func layOut(ps []litPattern) (string, []pattern) {
	var b strings.Builder
	out := make([]pattern, len(ps))
	for i, p := range ps {
		out[i] = pattern{at: uint32(b.Len()), n: uint32(len(p.lit)), star: int32(strings.IndexByte(p.lit, '*')), stars: int32(strings.Count(p.lit, "*")), anchored: p.anchored, rule: p.rule}
		b.WriteString(p.lit)
	}
	return b.String(), out
}

// prepareAll is prepare of the patterns pats, in this order.
func prepareAll(pats []string) (string, []pattern) {
	size := 0
	for _, p := range pats {
		size += len(p)
	}
	return prepare(func(i int) (string, int) { return pats[i], 0 }, len(pats), size, "", new(spares))
}

// id returns the id of s, the octets of x's text from at, and whether it
// is new: find, then insert for a new one, as buildSegments does.
func (x *strIndex) id(s string, at int) (int32, bool) {
	id, slot, h := x.find(s)
	if id >= 0 {
		return id, false
	}
	return x.insert(s, at, slot, h), true
}

// indexOf returns a strIndex of the strings strs, laid end to end in its
// text and given their ids in turn, and what id returned for each.
func indexOf(strs []string) (x strIndex, ids []int32, isNew []bool) {
	x = newStrIndex(strings.Join(strs, ""), len(strs))
	at := 0
	for _, s := range strs {
		id, n := x.id(s, at)
		ids, isNew = append(ids, id), append(isNew, n)
		at += len(s)
	}
	return x, ids, isNew
}

// The scan's bounds: the most searching rules NewScan takes, the most
// octets of patterns (and rules) it takes, and the longest input Match
// reads.
const (
	ScanMaxSearches = scanMaxSearches
	ScanMaxOctets   = scanMaxOctets
	ScanMaxInput    = scanPlanInput
)

// Most returns the longest input s decides (see NewScanIn).
func (s *Scan) Most() int { return int(s.most) }
