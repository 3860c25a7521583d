// Package automaton matches a set of glob patterns against a string in one
// left-to-right pass and returns the matching pattern of highest rank.
//
// A pattern is a string of literal octets in which '*' matches any run of
// octets (the empty run too) and a final '$' anchors the match at the end of
// the input; without '$' a pattern matches when it matches a prefix of the
// input. Each pattern has a rank; the winner is the matching pattern of
// highest rank, and between equal ranks the one given first. The package
// knows nothing of robots.txt: callers encode their own ranking (rule length,
// allow over disallow) in the rank and the order of the rules.
//
// # Engines
//
// Compile builds a deterministic automaton (DFA) by subset construction over
// a trie of the patterns, in which a node entered by '*' loops on every
// octet: a DFA state is a set of live trie nodes. The best match so far is
// not part of the state but a register of the walk, and each state carries
// what entering it matches, what it matches if the input ends there, and the
// best rule that can still match from it. Prunings keep the states few: a
// node with nothing below it that beats what the state matches is dropped,
// and so is a node whose only way on leads to a live '*' node, which can
// absorb anything it could match. The walk stops as soon as nothing that can
// still match would beat the best match so far. Patterns without '*' (the
// large majority in real files) need no construction at all: their trie is
// their DFA. Chains of single-successor states are stored as runs of octets.
//
// Unions of '*' patterns can need exponentially many DFA states: k patterns
// of the form "/*a_i*b_i" need 2^k, and real files hold such families.
// Construction therefore works within a budget (Limits): states at most
// 4096 plus one per two octets of the patterns, and work (trie nodes touched)
// at most 1<<18 plus 16 per octet, never above 1<<19, whatever the input, so
// a failed attempt costs tens of milliseconds. When the single DFA does not
// fit, the literal patterns get a DFA of their own (their trie, which always
// fits), and the wildcard patterns get, in order of preference:
//
//   - a second DFA (TierSplit), if it fits the rest of the budget;
//   - a segment matcher (TierSegments): an Aho-Corasick scanner over the
//     patterns' '*'-separated segments, each pattern matched greedily, with
//     per-octet cost bounded by the patterns waiting on one segment;
//   - a bit-parallel NFA (TierNFA), when so many patterns wait on one
//     recurring segment that 64 positions per machine word do better.
//
// Every tier is exact and decides an input in time linear in its length;
// the tables of every tier are linear in the patterns' length. Stats
// reports which tier was built, and Limits.MaxTier forces one in tests.
//
// A Machine is immutable and safe for concurrent use. Walking it with a
// Cursor does not allocate.
package automaton

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// A Rule is one pattern and its rank.
type Rule struct {
	Pattern string // '*' is the wildcard, a final '$' the end anchor
	Rank    int    // higher wins; between equal ranks, the earlier rule wins
}

// Tier names the engines a Machine runs.
type Tier int

const (
	// TierDFA is one DFA for all patterns: one step per octet.
	TierDFA Tier = 1 + iota
	// TierSplit is a DFA for the literal patterns and a DFA for the
	// wildcard patterns: two steps per octet.
	TierSplit
	// TierSegments is a DFA for the literal patterns and, for the wildcard
	// patterns, a scanner DFA over their '*'-separated segments with a
	// greedy matcher per pattern: two steps per octet, plus the patterns
	// waiting on each segment that ends there.
	TierSegments
	// TierNFA is a DFA for the literal patterns and a bit-parallel NFA for the
	// wildcard patterns: one step plus a pass over the NFA's bit set per octet.
	// It is chosen over TierSegments when so many patterns wait on one
	// recurring segment that its 64 positions per word do better.
	TierNFA
)

// segmentsOverNFA bounds how much slower than the NFA the segment tier may
// be in its worst case before the NFA is chosen. Per octet, the NFA's cost is
// one word operation per 64 positions, and the segment tier's worst case is
// the patterns waiting on one recurring segment (its load); real files
// rarely approach that worst case, while the NFA always pays its full cost.
const segmentsOverNFA = 8

// String returns the tier's name, as Stats and the benchmarks print it.
func (t Tier) String() string {
	switch t {
	case TierDFA:
		return "dfa"
	case TierSplit:
		return "split"
	case TierSegments:
		return "segments"
	case TierNFA:
		return "nfa"
	}
	return fmt.Sprintf("Tier(%d)", int(t))
}

// Limits bound the construction of DFAs. A DFA that would need more states,
// or more work to build, than its limits is not built, and the next tier is
// used instead.
type Limits struct {
	// MaxStates caps the states of each DFA. Zero means the default:
	// 4096 plus one per two octets of all patterns (a trie of literal
	// patterns needs at most one per octet, and shares most of them), and
	// at most 8 per node of the patterns' trie (plus 256): the DFAs of
	// real files need 1 per node at the median and under 5 at the 99th
	// percentile, and a union that needs more is growing exponentially,
	// so giving up early saves the work.
	MaxStates int
	// MaxWork caps the trie nodes touched while building DFAs by subset
	// construction, all attempts together (patterns without '*' need none:
	// their trie is their DFA). Zero means the default: 1<<18 plus 16 per
	// octet of all
	// patterns, and never more than 1<<19, which keeps any construction,
	// failed attempts included, within tens of milliseconds.
	MaxWork int
	// MaxTier, when nonzero, is the cheapest tier to try; tests use it to
	// force a tier.
	MaxTier Tier

	perTrieNode int // the default cap of states per trie node, when MaxStates is 0
}

func (l Limits) withDefaults(patternBytes int) Limits {
	if l.MaxStates <= 0 {
		l.MaxStates = 4096 + patternBytes/2
		l.perTrieNode = 8
	}
	if l.MaxWork <= 0 {
		l.MaxWork = min(1<<18+16*patternBytes, 1<<19)
	}
	return l
}

// A Machine finds the best matching rule of a set.
type Machine struct {
	tier  Tier
	lit   *DFA      // TierSplit, TierNFA: the literal patterns; TierDFA: all
	wild  *DFA      // TierSplit: the wildcard patterns
	seg   *Segments // TierSegments: the wildcard patterns
	nfa   *NFA      // TierNFA: the wildcard patterns
	rules int
	// Inside the engines a rule is known by its place in the ranking, best
	// first, so that comparing two matches is comparing two integers (see
	// better). orig maps a place back to the caller's index, ord the other
	// way.
	orig, ord []int32
	wildTop   int32 // the best wildcard rule (caller's index) below TierDFA, or -1
}

// Compile builds a Machine for rules. It never fails: rules that cannot match
// anything are kept and simply never win.
func Compile(rules []Rule, lim Limits) *Machine {
	m := &Machine{rules: len(rules)}
	m.orig = make([]int32, len(rules))
	for i := range m.orig {
		m.orig[i] = int32(i)
	}
	slices.SortStableFunc(m.orig, func(a, b int32) int { return cmp.Compare(rules[b].Rank, rules[a].Rank) })
	m.ord = make([]int32, len(rules))
	ranked := make([]string, len(rules))
	for place, i := range m.orig {
		m.ord[i] = int32(place)
		ranked[place] = rules[i].Pattern
	}
	pats := prepare(ranked)
	total := 0
	for _, p := range pats {
		total += len(p.lit) + 1
	}
	lim = lim.withDefaults(total)
	if lim.MaxTier <= TierDFA {
		d, work, ok := buildDFA(pats, m.orig, lim)
		if ok {
			m.tier, m.lit = TierDFA, d
			return m
		}
		lim.MaxWork -= work
	}
	var lit, wild []pattern
	for _, p := range pats {
		if strings.IndexByte(p.lit, '*') >= 0 {
			wild = append(wild, p)
		} else {
			lit = append(lit, p)
		}
	}
	m.wildTop = -1
	if len(wild) > 0 {
		m.wildTop = m.orig[wild[0].rule] // pats are in rank order
	}
	// A DFA of literal patterns has at most one state per position, so it
	// always fits: the limits only guard against what stars do.
	litLim := lim
	litLim.MaxStates, litLim.MaxWork = 1<<31-1, 1<<62
	m.lit, _, _ = buildDFA(lit, m.orig, litLim)
	if lim.MaxTier <= TierSplit && lim.MaxWork > 0 {
		if d, _, ok := buildDFA(wild, m.orig, lim); ok {
			m.tier, m.wild = TierSplit, d
			return m
		}
	}
	if lim.MaxTier <= TierSegments {
		positions := 0
		for _, p := range wild {
			positions += len(p.lit) + 1
		}
		if s := buildSegments(wild, m.orig); s.load() <= segmentsOverNFA*(positions/64+1) {
			m.tier, m.seg = TierSegments, s
			return m
		}
	}
	m.tier, m.nfa = TierNFA, buildNFA(wild, m.orig)
	return m
}

// Stats describes a compiled Machine.
type Stats struct {
	Tier   Tier
	Rules  int
	States int // DFA states, all DFAs together
	NFA    int // positions in the NFA, 0 below TierNFA
	Bytes  int // approximate memory held by the Machine's tables
}

// Stats reports the tier and size of m.
func (m *Machine) Stats() Stats {
	s := Stats{Tier: m.tier, Rules: m.rules}
	s.Bytes += 4 * (cap(m.orig) + cap(m.ord))
	for _, d := range []*DFA{m.lit, m.wild} {
		if d != nil {
			s.States += len(d.nodes)
			s.Bytes += d.size()
		}
	}
	if m.seg != nil {
		s.States += len(m.seg.scan.nodes)
		s.Bytes += m.seg.size()
	}
	if m.nfa != nil {
		s.NFA = m.nfa.positions
		s.Bytes += m.nfa.size()
	}
	return s
}

// WildcardTop returns the best of the rules that the wildcard engines
// (Wildcard, Segments or NFA) hold, or -1. When the literal DFA's result
// beats it, the wildcard engines need not run.
func (m *Machine) WildcardTop() int32 { return m.wildTop }

// Literal returns the DFA that holds the literal patterns (all patterns at
// TierDFA), to be walked with a Cursor.
func (m *Machine) Literal() *DFA { return m.lit }

// Wildcard returns the DFA of the wildcard patterns at TierSplit, else nil.
func (m *Machine) Wildcard() *DFA { return m.wild }

// Segments returns the segment matcher of the wildcard patterns at
// TierSegments, else nil.
func (m *Machine) Segments() *Segments { return m.seg }

// NFA returns the NFA of the wildcard patterns at TierNFA, else nil.
func (m *Machine) NFA() *NFA { return m.nfa }

// Better reports whether rule a beats rule b by m's ranks (either may be
// -1, no rule).
func (m *Machine) Better(a, b int32) bool {
	return a >= 0 && (b < 0 || m.ord[a] < m.ord[b])
}

// better reports whether the rule in place a of the ranking beats the rule
// in place b; -1 is no rule.
func better(a, b int32) bool { return a >= 0 && (b < 0 || a < b) }

// Better reports whether rule a beats rule b (either may be -1, no rule).
func Better(rules []Rule, a, b int32) bool {
	if a < 0 {
		return false
	}
	if b < 0 {
		return true
	}
	ra, rb := rules[a].Rank, rules[b].Rank
	return ra > rb || ra == rb && a < b
}

// pattern is a rule prepared for construction.
type pattern struct {
	lit      string // the pattern without its anchor, runs of '*' collapsed
	anchored bool
	rule     int32 // place in the ranking
}

// prepare simplifies the patterns, given best first, without changing what
// they match: runs of '*' become one, a trailing '*' (or "*$") of a prefix
// pattern is dropped, and of identical patterns only the first (the best)
// is kept.
func prepare(ranked []string) []pattern {
	// The key keeps the anchor apart from the octets: "/$" anchored and the
	// prefix "/$" (a literal '$', from "/$*") are different patterns.
	type key struct {
		lit      string
		anchored bool
	}
	seen := make(map[key]bool, len(ranked))
	var out []pattern
	for i, p := range ranked {
		anchored := strings.HasSuffix(p, "$")
		if anchored {
			p = p[:len(p)-1]
		}
		if strings.Contains(p, "**") {
			var b strings.Builder
			for j := 0; j < len(p); j++ {
				if p[j] == '*' && j > 0 && p[j-1] == '*' {
					continue
				}
				b.WriteByte(p[j])
			}
			p = b.String()
		}
		if strings.HasSuffix(p, "*") {
			// "/a*" and "/a*$" both match exactly what the prefix "/a" does.
			p, anchored = p[:len(p)-1], false
		}
		k := key{p, anchored}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, pattern{lit: p, anchored: anchored, rule: int32(i)})
	}
	return out
}
