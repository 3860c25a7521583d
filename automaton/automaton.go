// Package automaton matches many glob patterns against an input of octets
// in one left-to-right pass, and returns the matching pattern of highest
// rank in each of a few classes, within a stated budget of work per input.
//
// Reach for it when you match patterns of your own, with a ranking of
// your own: path rules of a server or a crawl frontier, URL filters, any
// set of globs over octets where the best match, not the first, decides.
// To decide robots.txt rules, use the root package instead: it parses the
// file, selects the groups of a crawler, ranks their rules as RFC 9309
// says and builds its Machines with this package.
//
// A pattern is a string of literal octets in which '*' matches any run of
// octets (the empty run too) and a final '$' anchors the match at the end
// of the input; without '$' a pattern matches when it matches a prefix of
// the input. Each Rule has a rank; the winner is the matching rule of
// highest rank, and between equal ranks the one given first. Rules belong
// to one of MaxClasses (4) classes, each with its own winner, decided
// together in one read of the input (Machine.MatchClasses).
//
// Compile builds a Machine; Match and MatchClasses decide an Input: the
// octets of a string (String) or of a byte slice (Bytes), or octets
// rewritten as they are read (Rewrite), as package normalize reads a URL's
// path in the form its patterns are written in. A Scan decides the first
// inputs of a set of rules without building anything, until building the
// Machine pays. A Machine is immutable and safe for concurrent use, and
// prints the engines it built (Machine.String).
//
// # Budgets
//
// With P octets of patterns and an input of L octets:
//
//   - A decision costs at most DecideBase + DecidePerOctet·L units of work
//     (32,768 plus 32 per octet; DecideBudget), all classes decided
//     together, which keeps a decision of a 1 KiB input within about a
//     millisecond whatever the patterns. Its time is linear in L; it takes
//     no lock and does not allocate (the first decisions that run at once
//     on one Machine may allocate walk scratch, of which at most 1 MiB is
//     kept). An input that would cost more is not decided: Match returns
//     OverBudget, which a caller must read as "no answer" and fail closed
//     on. Stats.Bounded says the patterns keep every input within the
//     budget, as they do for most sets; Machine.Cost says what an input
//     costs.
//   - Compile allocates at most 40·P bytes plus 1 MiB, and with
//     Limits.EagerDFA at most 128·P bytes plus 8 MiB; a Machine holds at
//     most 32·P bytes plus 4 MiB. Patterns may hold at most
//     MaxPatternOctets (512 MiB) octets in all. By default the builds of
//     one Compile, all classes together, are also held to 4.5 MiB of
//     allocation, predicted from counts of rules, segments and stars
//     before anything big is built: wildcard patterns whose matcher does
//     not fit are decided by a Scan of them instead, within the decision
//     budget.
//   - A Machine that decides many inputs decides them with a DFA built
//     lazily, a state at a time, in arenas that every Machine shares:
//     2 MiB of static storage in all, whatever the patterns and the
//     Machines.
//   - A Scan takes rules of one class with at most 32,768 octets of
//     patterns (and rules) in all. It reads inputs of at most 64 KiB when
//     at most 31 rules search any one input (a '*' followed by another,
//     or not by the final '$', once the input starts with the octets
//     before the first '*'), and when more, of at most what the budget's
//     base left by the patterns pays for per searching rule past 31; it
//     takes those rules only when building the Machine costs no more
//     than the budget of an input one octet longer. Its searches pass
//     each octet of the input once a rule, so it decides every input it
//     reads within the decision budget: a unit an octet of the patterns
//     and a rule, one an octet of the input per rule that searches and
//     one to read it. BuildCost estimates a build at 20 units an octet of the
//     patterns and a rule.
//     TierSegments decides with the same matcher, over all its wildcard
//     patterns, when building its tables would cost more than its compile
//     budget; there it stops past the budget and fails closed.
//
// Every engine is exact: a decision returns what the naive reading of the
// patterns does, or OverBudget. Stats says which engines were built.
package automaton

import (
	"cmp"
	"fmt"
	"hash/maphash"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unsafe"
)

// How a Machine is built and why its costs are bounded: the design of the
// engines, their choice, and the budgets that the package doc states as
// numbers.
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
// their DFA, walked as a plain descent that ends at the first octet no
// pattern continues with (no state there has a default). Chains of
// single-successor states are stored as runs of octets.
//
// The default build (Limits.EagerDFA false) runs no subset construction on
// '*' patterns, decided before building, from the patterns alone. A
// crawler decides a host's URLs once each, about 90 per host in the
// corpus, and on the corpus a DFA of wildcard patterns costs, to build,
// what deciding a thousand URLs or more would save (median 229 µs to
// build against 34 µs for the segment matcher, for 144 ns per URL saved):
// by the ski-rental rule, it never pays for itself. So by default:
//
//   - patterns without '*' get their DFA, emitted from the sorted patterns
//     in linear time (TierDFA);
//   - with wildcard patterns of at most smallNFAPositions (256) NFA
//     positions (their octets and one per pattern), as most real files
//     have them, the literal patterns get their DFA and the wildcard ones
//     a bit-parallel NFA that walks in at most regWords (4) registers
//     (TierNFA): its build is one pass over the patterns;
//   - with more, the literal patterns' DFA and the segment matcher
//     (TierSegments, below), whose build and walk are linear.
//
// Limits.EagerDFA instead starts at TierDFA the ladder below (tests start
// it at any tier, with the unexported tier field),
// which builds DFAs of wildcard patterns where they fit: for a caller
// that decides very many URLs per Machine.
//
// Unions of '*' patterns can need exponentially many DFA states: k patterns
// of the form "/*a_i*b_i" need 2^k, and real files hold such families.
// Construction therefore works within budgets, decided before building
// where the patterns alone tell: the DFA tiers are not tried when the
// patterns hold more than maxDFAStars (4096) stars or more than
// maxDFAWildOctets (64 KiB) octets after a first star; otherwise
// construction stops at Limits: states at most 4096 plus one per two
// octets of the patterns, and work (trie nodes touched) at most 1<<18 plus
// 16 per octet, never above 1<<19, so a failed attempt costs tens of
// milliseconds. When there are literal and wildcard patterns, with more
// than probeStars (16) stars, the wildcard patterns' DFA is built first, as
// a cheap probe: if it does not fit, the
// DFA of all patterns, which holds it, is not tried. A tier not built is
// reported as a *budgetError in Stats. Below TierDFA the literal patterns
// get a DFA of their own (their trie, emitted directly), and the wildcard
// patterns get, in order of preference:
//
//   - a second DFA (TierSplit), if it fits the rest of the budget;
//   - a segment matcher (TierSegments): the patterns' '*'-separated
//     segments, a trie of leading segments and an Aho-Corasick automaton of
//     the others, each pattern matched greedily; its build and its walk are
//     linear whatever the patterns. Its trie of star nodes is a radix tree:
//     a chain of star nodes of one edge each is one edge whose path holds
//     their segments, so that patterns that share little cost four bytes a
//     star (see radix.go). Its build is decided before it is made: past
//     buildBudget (4.5 MiB of predicted allocation, all classes of the
//     Compile together, see Bounds), the tier
//     builds nothing and runs its scan plan instead (segscan.go): a Scan
//     of the wildcard patterns in rank order, which stops at the first
//     that matches, every octet read or passed counted against the
//     decision budget. It reads an input that some octet of is rewritten
//     into a buffer on the stack of at most scanPlanInput (64 KiB)
//     octets: a longer one fails closed.
//
// TierNFA, a bit-parallel NFA, is built by default for few short wildcard
// patterns (above), or when a tier forced in tests asks for it: its walk costs a
// pass over all its positions per octet, in registers when they fit
// regWords words. An NFA whose pass would cost more per octet than the
// decision budget allows (below) is not built: the segment matcher is.
//
// # The lazily built DFA
//
// The DFA of all the patterns costs too much to build for the few inputs
// a crawler decides per host, but not for the many a Machine decides once
// it is busy. So a Machine at TierNFA or TierSegments builds that DFA
// lazily, a state at a time as inputs need them (lazy.go): a state is the
// literal DFA's cursor and the state of the wildcard tier's engine, and a
// walk on states already built reads each octet once, with one table load,
// for the literal and the wildcard patterns together. The states live in
// lazySlotCount (8) arenas of lazyArenaBytes (256 KiB) that every Machine
// shares, process-wide, each holding one Machine's states at a time: a
// Machine takes an arena over once it has decided lazyAfter (128) inputs on
// its tier below, and after it loses one, sooner or later as its last
// tenure paid or not (the ski-rental rule). A walk that finds its arena
// busy, or would build a state or take a step beyond the bounds below,
// decides on the tier below instead; so does a segment matcher of more
// than lazyMaxNodes (4,096) star nodes, for which it is never built (its
// tables cost 8 bytes a node; the corpus's need at most 198). Limits.lazy
// turns it off, or on from the first input (EagerDFA, and tests). Match uses it;
// MatchClasses, for Machines of several classes, decides on the tiers
// below.
//
// # Classes
//
// Each rule belongs to one of MaxClasses (4) classes, and each class has
// its own winner: the classes are built apart, each by the same choice of
// tier (build). Match decides class 0 and walks only its engines, exactly
// as a Machine of one class does; MatchClasses decides the classes asked
// for in one read of the input by their literal DFAs, whose cursors step
// together on each octet, then walks the wildcard tier of each class whose
// wildcard rules could still beat what its DFA found, as Match does within
// class 0. Class 0, when asked, is decided first, alone, exactly as Match
// decides it, and the other classes in a read of their own after it. The
// per-octet cost of a decision is therefore the sum of the costs below
// over the classes decided; the robots.txt matcher decides its usage
// classes with the crawl class only for a selection that has Content-Usage
// rules with paths. The decision budget below is for all classes
// together, class 0 first: the other classes have what class 0 leaves of
// it, and a class it runs out on fails closed with the classes after it,
// while class 0 fails closed only where Match would. The build budgets are
// for all classes together too: the Limits apply to each class's DFAs,
// workCap is spent by all of them, and P counts the patterns of every
// class.
//
// # The decision budget
//
// A decision of an input of L octets costs at most DecideBase (32,768)
// plus DecidePerOctet (32) units of work per octet, all the classes it
// decides together: a unit is a step of an engine that touches memory of
// its own (a DFA node entered, a word of the NFA's bit set, a segment
// visited, an edge queued or taken, a star node reached, a lookup in the
// live set; see budget.go). That keeps a decision of a 1 KiB input within
// about a millisecond, cold, whatever the patterns, and real files far
// inside it: every corpus file's plan fits it whatever the input, and its
// costliest URL takes an eighth of it.
//
// The walks whose cost per octet their tables fix (the DFAs, the NFA's
// register walk) count nothing: the build reserves that cost out of
// DecidePerOctet. The segment walk counts every step, and the lazily
// built DFA every state it builds, within a share of the budget (a
// quarter of DecideBase, an eighth of DecidePerOctet) past which it gives
// up for the tier below. A walk that would spend more than the decision
// may stops there, and the decision fails closed: Match returns
// OverBudget, and MatchClasses stores it for the class it ran out on and
// those after it (see Classes). This is
// the one place where a Machine departs from exact matching, and it can
// happen only on the segment tier, only when the build could not bound
// the walk: Stats.WorstBase and WorstPerOctet are the most a decision
// costs on the engines built, and Stats.Bounded says that is within the
// budget, so that no decision fails closed. Machine.Cost reports what a
// decision costs, past the budget too.
//
// Worst cost per octet, in units: TierDFA 2, TierSplit 4; TierNFA 3 plus
// its words (at most 7 by default, and never built past what the budget
// allows per octet); TierSegments at most 11 uncounted (the literal DFA,
// the ring, a step of each trie among its labels) and, counted, a lookup
// per heavy path (H ≤ 1+log₂ S, below), or on its scan plan 3 uncounted
// (the literal DFA, the pass that reads the input) and, counted, the
// Scan's (above): a unit per pattern whose first octets are not the
// input's, and per pattern tried the octets of it read and each octet of
// the input its searches pass, with no bound but the budget's (a unit
// costs about 11 instructions at worst), checked after each pattern tried
// and at least every scanBlock (256) patterns (Stats.Bounded is false);
// the lazily built DFA 1 on the states it has built, and its share of
// the budget for those it builds.
// So "linear in the input" is at most 32 units per octet, and on the
// segment tier, once the per-walk work below is spent, what is left of
// DecideBase.
//
// # Bounds
//
// With P octets of patterns, an input of L octets, D ≤ √(2·P) the most
// segments that end at one octet, S ≤ P the segments and E ≤ P the edges
// of the segment trie (its steps, a path's segments each, when it holds
// paths):
//
//   - TierDFA decides in at most 2 node visits per octet (one octet
//     compare, a scan of at most 10 labels, or five popcounts each), and
//     TierSplit in twice that: one walk per DFA.
//   - TierSegments decides in O(L·(4+H) + E′ + D + S_long·(1+L/maxRing)),
//     where H ≤ 1+log₂ S is the most heavy paths of the segments'
//     dictionary tree that the segments ending at one octet lie on, E′ ≤ E
//     the edges of the star nodes the walk reaches, and S_long ≤
//     P/maxRing the segments longer than maxRing (1,024) octets: per
//     octet, the literal DFA's step, the Aho-Corasick automaton's
//     amortized two, a bucket of the ring of waiting segments and a
//     lookup in the set of live segments per heavy path; per walk, a
//     visit (at most watchedPerSegment (4) watched edges) each time a
//     segment becomes live, which is at most three times per edge of a
//     node reached, and once per 1,023 octets per long segment waiting;
//     per hub reached, a word of the live set per 64 segments it watches
//     (at most one per watched edge); and at the end one pass over the
//     last octet's D segments. A segment is live only while an
//     occurrence ending there may take an edge: segments that wait on a
//     star node not reached, or reached after they started, cost nothing
//     (see segments.go). On lines
//     "/*a^i*b$", "/*z*a^i*b$", "/*a^400*a^i*b$" filling the parse limit,
//     where D is about 1,000, a walk of a run of 'a' counts at most 32
//     units an octet (runWorkPerOctet in the tests). The build states
//     these terms' worst, from its tables (Stats.WorstBase and
//     WorstPerOctet), and a walk counts them against the decision budget.
//   - TierNFA decides in O(L·P/64): at most regWords (4) words of
//     shift-and per octet when chosen by default, and its build is O(P)
//     with no subset construction.
//   - By default the builds of one Compile, all classes together, allocate
//     within buildBudget (4.5 MiB), as predicted from counts before
//     anything big is built: 32 bytes a rule for the plans and, for the
//     literal patterns' DFAs, 150 bytes a literal pattern and 2 an octet,
//     charged first, as every class gets them; then for each segment
//     matcher 160 KiB, 110 bytes a wildcard pattern, 9 a star, 160 a
//     distinct segment and 14 a node of the tries of segments, one walk's
//     scratch included, and 512 a distinct first octet of the segments
//     when their trie has more nodes than 256 of them (tables that find
//     its failure links), counted from the patterns and stars before
//     anything is allocated, the segments as they are found and the nodes
//     once the segments are sorted, before any trie is laid out. A segment
//     matcher the budget does not hold is not built (it has then
//     allocated at most the table of distinct segments and an id per
//     star): the tier runs its scan plan. The weights predict at least
//     what the builds allocate on the hostile families, their searched
//     draws and the scaled corpus files (TestBuildPrediction holds four
//     shapes to it). No corpus file predicts more than 4.09 MB (the
//     largest, of 31,847 literal rules and no wildcard one; the next 1.03
//     MB); a file of ten times the wildcard rules of its largest 4.42 MB,
//     and it is decided exactly (TestScaledCorpusExact). So Parse and the first Agent of any file the
//     parse limit admits allocate the parse, the lowering and what the
//     Matcher keeps of the lines, an octet per octet of pattern (the
//     plans' text, see pattern, allocated beside the budget as the parse
//     and the lowering are: it grows with the file, not with what the
//     file makes the builds do), and at most 4.5 MiB in the automaton
//     (README gives the cold figures).
//   - Compile allocates at most compileBytes(P) = 128·P bytes + 8 MiB in all,
//     and by default (Limits.EagerDFA false), which tries no DFA of '*'
//     patterns, at most defaultCompileBytes(P) = 40·P bytes + 1 MiB: the
//     segment tier's build allocates what it keeps (its tries, about 13
//     bytes per node, its edges, 16 bytes per star at most, and one walk's
//     scratch), a trie builder of 13 bytes per node grown in parts of
//     trieChunk (4,096) nodes, and int32 buffers per node, segment or edge
//     handed from phase to phase (see spares.go), not allocated anew by
//     each. Of the hostile families in the tests, the worst per octet is
//     one pattern of distinct segments of three octets, "/*aaa*baa*...",
//     with a star node, an edge, a segment and up to three trie nodes per
//     four octets: 34 bytes per octet; one segment "/*q...q" of 576 KiB
//     or "/*q*q...*q$" need 26. A Machine holds at most tableBytes(P) =
//     32·P bytes + 4 MiB; the scratch of a segment walk is 8 bytes per
//     star node, 17 per segment and 20 more per segment on which an edge
//     is queued, 8 per edge (4 more if watched, 4 more if the trie has
//     paths) and 8 per bucket of its ring (at most maxRing), kept in a
//     fixed set of slots and reset
//     by generation, so a walk pays only for what it touches. The walks
//     of every Machine whose scratch fits sharedShape (29,856 bytes; every
//     corpus file's does) share one set of slots, process-wide, so that a
//     crawler's scratch grows with the walks it runs at once, not with
//     the hosts it keeps; a larger Machine has a set of its own. Walks at
//     once on one set hold at most one scratch plus maxSpareBytes (1 MiB)
//     of them, however many goroutines decide: a walk that finds every
//     slot busy waits for one (see pool).
//   - The lazily built DFA decides in one table load per octet on states
//     it has built. Building one costs a step of the tier below from one
//     state (its key at most lazyMaxKey (128) words: the NFA's bit set, or
//     two words per live star node; at most lazyStepWork (1,024) edges and
//     segments visited by a step of the segment matcher), a hash of the
//     key and a row of at most 256 transitions, and a takeover of an
//     arena one pass over the Machine's labels (a Machine whose labels
//     cost more than lazyMaxTakeover to read never runs it); a walk
//     counts all of it, and gives up for the tier below past its share of
//     the decision budget, as it does when an arena fills twice in one
//     walk or a state or a step is beyond those bounds. Its memory is the arenas,
//     lazySlotCount·lazyArenaBytes = 2 MiB of static storage, resident
//     only as walks touch it, whatever the patterns, inputs and Machines.
//
// Every tier is exact within the decision budget; Stats reports which
// tier was built, and tests force each tier (engines, hook.go).
//
// A Machine is immutable and safe for concurrent use. Match and
// MatchClasses, its entry points, take no lock and do not allocate; Match
// claims a lazy DFA arena with one compare-and-swap, and never waits for
// one.

// A Rule is one pattern, its rank and its class.
type Rule struct {
	Pattern string // '*' is the wildcard, a final '$' the end anchor
	Rank    int    // higher wins; between equal ranks, the earlier rule wins
	// Class is the class the rule competes in, 0 to MaxClasses-1: each
	// class has its own winner (see Machine.MatchClasses). Match decides
	// class 0 only. Compile reads a class outside that range as the
	// nearest within it.
	Class int
}

// MaxClasses is the number of classes of rules a Machine decides apart: a
// Rule's Class is below it. Classes are few so that the winners of all of
// them fit a small array that a caller keeps on its stack
// (Machine.MatchClasses), and a ClassSet fits a byte.
const MaxClasses = 4

// A ClassSet is a set of classes, bit c standing for class c.
type ClassSet uint8

// AllClasses holds every class.
const AllClasses ClassSet = 1<<MaxClasses - 1

// Tier names the engines a Machine runs.
type Tier int

const (
	// TierDFA is one DFA for all patterns: one step per octet.
	TierDFA Tier = 1 + iota
	// TierSplit is a DFA for the literal patterns and a DFA for the
	// wildcard patterns: two steps per octet.
	TierSplit
	// TierSegments is a DFA for the literal patterns and, for the wildcard
	// patterns, an Aho-Corasick scanner over their '*'-separated segments
	// with a greedy matcher per pattern (see the package comment's bounds).
	TierSegments
	// TierNFA is a DFA for the literal patterns and a bit-parallel NFA for the
	// wildcard patterns: one step plus a pass over the NFA's bit set per octet.
	// It is built for few short wildcard patterns, whose NFA walks in
	// registers.
	//
	// Without Limits.EagerDFA, TierDFA is built for patterns without '*'
	// only, and TierSplit never.
	TierNFA
)

// String returns the tier's name: dfa, split, segments or nfa.
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

// Limits says how Compile builds a Machine. The zero value, the default,
// suits a caller that decides each input once or a few times (a crawler
// decides about 90 URLs per set of patterns): it builds no DFA of the
// wildcard patterns before the inputs pay for one. Whatever the Limits,
// Compile keeps to the bounds of the package doc.
type Limits struct {
	// EagerDFA builds DFAs of the wildcard patterns at compile time,
	// where they fit the construction budgets (TierDFA, else TierSplit),
	// and decides patterns that do not fit with a DFA built lazily from
	// the first input on: for a caller that decides very many inputs
	// per Machine, at a higher cost to compile. Without it no DFA of
	// wildcard patterns is built at compile time: few short ones get
	// TierNFA, more TierSegments, whose builds are linear, and a DFA of
	// them is built lazily once the Machine has decided enough inputs to
	// pay for its states.
	EagerDFA bool

	// stateCap caps the states of each DFA. Zero means the default:
	// 4096 plus one per two octets of all patterns (a trie of literal
	// patterns needs at most one per octet, and shares most of them), and
	// at most 8 per node of the patterns' trie (plus 256): the DFAs of
	// real files need 1 per node at the median and under 5 at the 99th
	// percentile, and a union that needs more is growing exponentially,
	// so giving up early saves the work. Tests set it (export_test.go).
	stateCap int
	// workCap caps the trie nodes touched while building DFAs by subset
	// construction, all attempts together (patterns without '*' need none:
	// their trie is their DFA). Zero means the default: 1<<18 plus 16 per
	// octet of all patterns, and never more than 1<<19, which keeps any
	// construction, failed attempts included, within tens of
	// milliseconds. Tests set it (export_test.go).
	workCap int
	// lazy says when the wildcard patterns of TierNFA and TierSegments
	// are decided by a lazily built DFA of all the patterns: by default
	// once a Machine has decided enough inputs to pay for its states,
	// from the first input with EagerDFA.
	lazy lazyMode

	perTrieNode int  // the default cap of states per trie node, when stateCap is 0
	tier        Tier // when nonzero, the cheapest tier to try (EagerDFA is TierDFA): the module's tests force each tier with it
	scanPlan    bool // TierSegments runs its scan plan, whatever its build would cost: the module's tests run it so
}

// String names the build l asks for: "default", or "eager" with
// EagerDFA.
func (l Limits) String() string {
	var b strings.Builder
	add := func(f string, args ...any) {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, f, args...)
	}
	if l.tier != 0 {
		add("tier=%v", l.tier)
	} else if l.EagerDFA {
		add("eager")
	}
	if l.scanPlan {
		add("scan-plan")
	}
	if l.lazy != lazyAuto {
		add("lazy=%v", l.lazy)
	}
	if l.stateCap != 0 {
		add("states=%d", l.stateCap)
	}
	if l.workCap != 0 {
		add("work=%d", l.workCap)
	}
	if b.Len() == 0 {
		return "default"
	}
	return b.String()
}

// allEngines returns Limits that between them build every engine a Machine
// runs: the default build, each tier forced, the lazily built DFA from
// the first input, by default and on each tier that has it, and the
// segment tier's scan plan (which a file gets past the compile budget). The
// module's tests run one corpus of inputs on each (see hook.go).
func allEngines() []Limits {
	return []Limits{
		{},
		{tier: TierDFA},
		{tier: TierSplit},
		{tier: TierSegments},
		{tier: TierNFA},
		{lazy: lazyAlways},
		{tier: TierSegments, lazy: lazyAlways},
		{tier: TierNFA, lazy: lazyAlways},
		{tier: TierSegments, scanPlan: true},
	}
}

// The default work budget of DFA construction: workBase plus workPerOctet
// per octet of the patterns, never above maxWork. On the corpus the DFAs
// that fit need under 9 nodes touched per octet of the file at the 99th
// percentile (40 at most, 136,791 in all at most). A smaller base (1<<12)
// wastes 40% less work on the 3% of files whose DFA does not fit, but
// moves 1% of files off the DFA tier; the tests read what was spent.
const (
	workBase     = 1 << 18
	workPerOctet = 16
	maxWork      = 1 << 19
)

func (l Limits) withDefaults(patternBytes int) Limits {
	if l.EagerDFA && l.tier == 0 {
		l.tier = TierDFA
	}
	if l.EagerDFA && l.lazy == lazyAuto {
		l.lazy = lazyAlways
	}
	if l.stateCap <= 0 {
		l.stateCap = 4096 + patternBytes/2
		l.perTrieNode = 8
	}
	if l.workCap <= 0 {
		l.workCap = min(workBase+workPerOctet*patternBytes, maxWork)
	}
	return l
}

// maxDFAStars is the most '*' a set of patterns may hold for a DFA of them
// to be tried: each DFA state holds the '*' nodes live in it, so with
// thousands of them the subset construction would spend its whole work
// budget to fail. Decided before building, from the patterns alone.
const maxDFAStars = 1 << 12

// maxDFAWildOctets is the most octets that may follow a first '*' in the
// patterns for a DFA of them to be tried: every such octet is a trie node
// that a state holding the '*' keeps reachable, and past this many the
// construction spends its work budget to fail (one pattern "/*" and 500 KiB
// of 'q' needs a state per octet, each holding all the nodes before it).
const maxDFAWildOctets = 64 << 10

// probeStars is the most stars for which Compile goes straight to the DFA
// of all patterns, without probing the wildcard patterns' DFA first: so few
// cannot make the union explode, and the probe would cost small files a
// second construction.
const probeStars = 16

// A budgetError reports that a tier was not built because it would exceed
// a budget; Compile then builds the next tier, and keeps the error for
// tests (machineMore.why).
type budgetError struct {
	Tier  Tier   // the tier not built
	What  string // the budget exceeded
	Limit int    // the budget, in the unit What names
}

// Error says which tier was over which budget.
func (e *budgetError) Error() string {
	return fmt.Sprintf("automaton: %v tier over budget: %s above %d", e.Tier, e.What, e.Limit)
}

// A Machine finds the best matching rule of each class of a set. It is
// immutable and safe for concurrent use. A Machine of one class built by
// default is 80 bytes beside its tables, so that a caller can keep one per
// set of patterns by the thousands.
type Machine struct {
	// A crawler keeps a Machine per host, most of them of one class built
	// by default, so what only other Machines need (more classes, the
	// work of DFA construction, why a tier was not built) lives apart,
	// behind more (TestMachineSize holds the size).
	engines              // class 0
	more    *machineMore // nil when there is one class, no construction work and no budget error
}

// machineMore is what a Machine of more than one class, or built on the
// ladder of DFAs, holds besides its first class's engines.
type machineMore struct {
	classes  []engines // classes 1 to MaxClasses-1, at c-1; nil when every rule is of class 0
	work     int       // DFA construction work, failed attempts included, all classes
	why      error     // why a cheaper tier was not built for class 0, or nil
	classWhy error     // the same for the first other class that has one
	budget   budget    // the decision budget when it is not the default (tests); then every walk counts its work
}

// engines are the engines that decide one class of rules, chosen by
// build. Only one of wild, seg and nfa is set, as tier says.
type engines struct {
	tier     uint8      // a Tier; 0 for a class without rules
	wide     bool       // orig holds two halves per place (see origOf)
	litWork  bool       // the Machine's construction work was lit's nodes alone, as buildDFA counts a DFA of literal patterns (see setMore)
	budgeted bool       // class 0 of a Machine whose budget a test set (more.budget): its decisions count every walk
	wildTop  int32      // the best wildcard rule's place below TierDFA, or -1
	lit      *packedDFA // TierSplit and below: the literal patterns; TierDFA: all
	wild     *packedDFA // TierSplit: the wildcard patterns
	seg      *segments  // TierSegments: the wildcard patterns
	nfa      *nfa       // TierNFA: the wildcard patterns, with their pool when they need one
	segs     *pool[segScratch]
	// Inside the engines a rule is known by its place in the ranking, best
	// first, so that comparing two matches is comparing two integers (see
	// better). orig maps a place back to the caller's index: one uint16
	// per place when every index fits 16 bits (maxOrig16 rules), as real
	// files' do, and otherwise two, the low half first (wide). See origOf.
	orig []uint16
}

// Compile builds a Machine for rules. It never fails: rules that cannot match
// anything are kept and simply never win. The rules of each class are built
// apart, each on the tier their patterns call for (see Tier), within
// construction budgets that all classes share, so that the bounds of the
// package doc hold whatever the classes.
//
// The patterns may hold at most MaxPatternOctets octets in all; Compile
// panics beyond, as a caller must bound its input first (package
// normalize's MaxLimit bounds a robots.txt body).
//
// Compile copies the patterns into one string for its builds; the Machine
// does not keep it.
func Compile(rules []Rule, lim Limits) *Machine { return CompileIn("", rules, lim) }

// CompileIn is Compile, but when text is the patterns of the first rules
// end to end, the builds of the classes whose rules are all among them
// read the patterns in text rather than in a copy: a caller that keeps
// the patterns so already holds them once, and a copy of a large file's
// patterns is as many octets again to allocate while it compiles. Otherwise (text "", or
// not the patterns, or a pattern among them with a run of '*', which the
// builds read as one) it copies them, as Compile does. The Machine does
// not keep text.
func CompileIn(text string, rules []Rule, lim Limits) *Machine {
	m := new(Machine)
	var more machineMore  // copied to the heap only if it holds anything
	var sp spares         // the builds' transient buffers, handed from phase to phase
	var n [MaxClasses]int // rules per class
	for _, r := range rules {
		n[min(max(r.Class, 0), MaxClasses-1)]++
	}
	laid := laidOut(text, rules) // the first rules whose patterns text may hold
	if n[0] == len(rules) {
		// The common case, one class: the places are the indices.
		if laid < len(rules) {
			text = ""
		}
		plan := newPlan(rules, nil, text, &sp)
		sp.segBytes = plan.bytes()
		checkSize(plan.total)
		lim = lim.withDefaults(plan.total)
		more.why = m.build(&m.engines, plan, &lim, &sp, &more.work)
		m.setMore(&more)
		return m
	}
	// One allocation holds the indices of every class, in class order.
	idx := make([]int32, len(rules))
	var start [MaxClasses + 1]int
	for c := 1; c <= MaxClasses; c++ {
		start[c] = start[c-1] + n[c-1]
	}
	next := start
	for i, r := range rules {
		c := min(max(r.Class, 0), MaxClasses-1)
		idx[next[c]] = int32(i)
		next[c]++
	}
	var plans [MaxClasses]plan
	total := 0
	for c := range MaxClasses {
		in := idx[start[c]:start[c+1]]
		shared := text
		if len(in) == 0 || int(in[len(in)-1]) >= laid { // in is ascending
			shared = ""
		}
		plans[c] = newPlan(rules, in, shared, &sp)
		total += plans[c].total
		sp.segBytes += plans[c].bytes()
	}
	checkSize(total)
	lim = lim.withDefaults(total)
	more.classes = make([]engines, MaxClasses-1)
	more.why = m.build(&m.engines, plans[0], &lim, &sp, &more.work)
	for c := 1; c < MaxClasses; c++ {
		if len(plans[c].orig) == 0 {
			continue // no rules: MatchClasses reports -1
		}
		if err := m.build(&more.classes[c-1], plans[c], &lim, &sp, &more.work); err != nil && more.classWhy == nil {
			more.classWhy = err
		}
	}
	m.setMore(&more)
	return m
}

// setMore keeps a copy of x in m unless it is empty, as it is for a
// Machine of one class built by default. The work of building the DFA of
// literal patterns alone, which buildDFA counts as its nodes, as most
// Machines of one class have it, is kept as a bit (litWork).
func (m *Machine) setMore(x *machineMore) {
	if x.classes == nil && Tier(m.tier) == TierDFA && x.work == len(m.lit.nodes) {
		m.litWork, x.work = true, 0
	}
	if x.classes != nil || x.work != 0 || x.why != nil || x.classWhy != nil || x.budget != (budget{}) {
		m.more = new(machineMore)
		*m.more = *x
	}
}

// class returns the engines of class c, 1 to MaxClasses-1, or nil when the
// Machine has none for it.
func (m *Machine) class(c int) *engines {
	if m.more == nil || c-1 >= len(m.more.classes) || m.more.classes[c-1].tier == 0 {
		return nil
	}
	return &m.more.classes[c-1]
}

// MaxPatternOctets is the most octets of patterns Compile takes, all
// classes together (512 MiB), so that every table of a Machine is
// addressed by 32-bit offsets.
const MaxPatternOctets = 1 << 29

// checkSize panics if patterns of total octets are more than the tables
// can address.
func checkSize(total int) {
	if total > MaxPatternOctets {
		panic(fmt.Sprintf("automaton: %d octets of patterns, above MaxPatternOctets (%d)", total, MaxPatternOctets))
	}
}

// A plan is one class's rules prepared for build: ranked, simplified and
// measured.
type plan struct {
	orig  []int32   // the caller's index of each place of the ranking
	text  string    // the patterns' octets: laid end to end by prepare, or the caller's (CompileIn)
	pats  []pattern // prepared (see prepare), in rank order
	total int       // octets of the prepared patterns, one more each

	lits, litOctets int // the literal patterns and their octets
}

// newPlan ranks the rules at the given indices (nil: all rules), best
// first, and prepares their patterns, with transient buffers from sp.
// When text is not "", it is as long as the patterns of the first rules
// end to end, those at the indices among them (laidOut): when it holds
// them, the plan's patterns are read there, not copied.
func newPlan(rules []Rule, idx []int32, text string, sp *spares) plan {
	var p plan
	n := len(rules) // past the last rule of the plan
	if idx == nil {
		p.orig = make([]int32, len(rules))
		for i := range p.orig {
			p.orig[i] = int32(i)
		}
	} else {
		p.orig = idx
		if len(idx) > 0 {
			n = int(idx[len(idx)-1]) + 1 // idx is ascending until sorted below
		}
	}
	size := 0
	if text != "" && idx == nil {
		size = len(text) // the patterns of all the rules, end to end
	} else {
		for _, i := range p.orig {
			size += len(rules[i].Pattern)
		}
	}
	sortByRank(rules, p.orig, sp)
	var starts []int32
	if text != "" {
		// Where each rule's pattern starts in text, in a buffer the sort
		// may have given back, each found there or none read there.
		starts = sp.get(n)
		at := 0
		for i := range starts {
			q := rules[i].Pattern
			if text[at:at+len(q)] != q {
				sp.put(starts)
				starts, text = nil, ""
				break
			}
			starts[i] = int32(at)
			at += len(q)
		}
	}
	if text == "" {
		p.text, p.pats = prepare(func(place int) (string, int) { return rules[p.orig[place]].Pattern, 0 }, len(p.orig), size, "", sp)
	} else {
		p.text, p.pats = prepare(func(place int) (string, int) {
			i := p.orig[place]
			return rules[i].Pattern, int(starts[i])
		}, len(p.orig), size, text, sp)
		sp.put(starts)
	}
	for _, q := range p.pats {
		p.total += int(q.n) + 1
		if q.star < 0 {
			p.lits++
			p.litOctets += int(q.n)
		}
	}
	return p
}

// bytes predicts what p and its literal patterns' DFA allocate (see
// buildBudget).
func (p *plan) bytes() int { return plannedBytes(len(p.orig), p.lits, p.litOctets) }

// sortByRank sorts the indices idx of rules best first: by rank, highest
// first, and between equal ranks the earlier rule. The index breaks ties,
// so an unstable sort gives the stable order.
//
// When the ranks span less than 1<<31, once the highest (a rank above all
// others, such as the robots.txt matcher gives /robots.txt) is read as one
// more than the next, each index is sorted as one integer holding its rank
// and itself, which costs a third of a sort by a compare function. When
// moreover idx is ascending, as Compile gives it, and the ranks span at
// most about twice as many values as there are indices (rule lengths do),
// a counting sort by rank keeps the order of the indices between equal
// ranks in linear time, with two buffers from sp, not a key per index.
func sortByRank(rules []Rule, idx []int32, sp *spares) {
	if len(idx) < 2 {
		return
	}
	if len(idx) <= smallRankSort {
		// A few rules, as most files select: an insertion sort, whose
		// compare is inlined, costs less than the passes below.
		for j := 1; j < len(idx); j++ {
			x, r, k := idx[j], rules[idx[j]].Rank, j
			for ; k > 0; k-- {
				y := idx[k-1]
				if ry := rules[y].Rank; ry > r || ry == r && y < x {
					break
				}
				idx[k] = y
			}
			idx[k] = x
		}
		return
	}
	lo, hi := math.MaxInt, math.MinInt
	for _, i := range idx {
		lo, hi = min(lo, rules[i].Rank), max(hi, rules[i].Rank)
	}
	hi2 := math.MinInt // the highest rank below hi
	for _, i := range idx {
		if r := rules[i].Rank; r < hi {
			hi2 = max(hi2, r)
		}
	}
	if hi2 == math.MinInt {
		hi2 = lo
	}
	if lo < 0 || hi2-lo >= 1<<31-1 {
		slices.SortFunc(idx, func(a, b int32) int {
			if c := cmp.Compare(rules[b].Rank, rules[a].Rank); c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
		return
	}
	if hi2-lo < 2*len(idx)+countSortSpan && slices.IsSorted(idx) {
		// bucket: 0 for hi, then 1 + the rank's distance below hi2.
		bucket := func(i int32) int {
			if r := rules[i].Rank; r < hi {
				return 1 + hi2 - r
			}
			return 0
		}
		at, out := sp.get(hi2-lo+3), sp.get(len(idx))
		for _, i := range idx {
			at[bucket(i)+1]++
		}
		for b := 1; b < len(at); b++ {
			at[b] += at[b-1]
		}
		for _, i := range idx {
			b := bucket(i)
			out[at[b]] = i
			at[b]++
		}
		copy(idx, out)
		sp.put(at, out)
		return
	}
	// key: the rank's distance below the top in the high half, so that
	// ascending order is best first, and the index in the low half.
	top := uint64(hi2-lo) + 1
	var buf [64]uint64
	keys := buf[:0]
	if len(idx) > len(buf) {
		keys = make([]uint64, 0, len(idx))
	}
	for _, i := range idx {
		r := uint64(top)
		if rank := rules[i].Rank; rank < hi {
			r = uint64(rank - lo)
		}
		keys = append(keys, (top-r)<<32|uint64(uint32(i)))
	}
	slices.Sort(keys)
	for j, k := range keys {
		idx[j] = int32(uint32(k))
	}
}

// build chooses and builds the engines of one class, within lim, whose
// workCap it spends (adding what it spent to *work), and returns why a
// cheaper tier was not built, or nil.
// It is the one place where tiers are chosen.
//
// By default (Limits.EagerDFA false, no tier forced): the DFA of the literal patterns, and
// for wildcard patterns the NFA if they have at most smallNFAPositions
// positions, else the segment matcher. From a forced tier on (EagerDFA: TierDFA): a DFA
// of all patterns if the patterns are within maxDFAStars and
// maxDFAWildOctets and the construction (after the wildcard patterns'
// probe) fits the Limits; else the literal patterns' trie and, for the
// wildcard patterns, the probe's DFA if it fit, else the segment matcher,
// whose build and walk are linear whatever the patterns.
func (m *Machine) build(e *engines, pl plan, lim *Limits, sp *spares, work *int) (why error) {
	e.wildTop = -1
	e.setOrig(pl.orig)
	text, pats := pl.text, pl.pats
	stars, wildOctets, nwild := 0, 0, 0
	for _, p := range pats {
		if p.star >= 0 {
			stars += int(p.stars)
			wildOctets += int(p.n - uint32(p.star))
			nwild++
		}
	}
	// The literal and the wildcard patterns, each in rank order: without
	// wildcard patterns, the literal ones are pats. By default pats is not
	// read again, so the larger group is gathered in place and only the
	// smaller one copied; on the ladder, where the DFA of all patterns may
	// be tried, the two groups share one allocation.
	lit, wild := pats, []pattern(nil)
	if nwild > 0 {
		switch nlit := len(pats) - nwild; {
		case lim.tier != 0:
			split := make([]pattern, len(pats))
			lit, wild = split[:0:nlit], split[nlit:nlit]
		case nlit < nwild:
			lit, wild = make([]pattern, 0, nlit), pats[:0]
		default:
			lit, wild = pats[:0], make([]pattern, 0, nwild)
		}
		for _, p := range pats { // in place, each write is at or before the read
			if p.star >= 0 {
				wild = append(wild, p)
			} else {
				lit = append(lit, p)
			}
		}
	}
	// The default build (no tier forced) runs no subset construction on
	// wildcard patterns: few short ones get the NFA, walked in registers,
	// the others the segment matcher (see the package comment). A
	// forced tier starts the ladder of DFAs within budgets there.
	ladder := lim.tier != 0 || len(wild) == 0
	small := !ladder && nfaPositions(wild) <= smallNFAPositions
	dfaOK := ladder
	switch {
	case !ladder:
	case stars > maxDFAStars:
		dfaOK, why = false, &budgetError{Tier: TierDFA, What: "stars in the patterns", Limit: maxDFAStars}
	case wildOctets > maxDFAWildOctets:
		dfaOK, why = false, &budgetError{Tier: TierDFA, What: "octets after a first star", Limit: maxDFAWildOctets}
	}
	if len(wild) > 0 {
		e.wildTop = wild[0].rule // pats are in rank order
	}
	// When there are both literal and wildcard patterns, and more than
	// probeStars stars, the wildcard patterns' DFA is built first, as a
	// probe: its trie is small, so a failure is cheap, and the DFA of all
	// patterns contains it (read on the wildcard nodes, its states are the
	// probe's, but for what rank prunes), so when the probe does not fit,
	// the whole is not tried. Without a probe, the wildcard patterns' DFA
	// is tried after the whole, with what is left of the budget.
	try := func(pats []pattern, tier Tier) *packedDFA {
		d, spent, err := buildDFA(text, pats, *lim)
		*work += spent
		lim.workCap -= spent
		if err != nil {
			err.(*budgetError).Tier = tier
			why = err
		}
		return d
	}
	var wildDFA *packedDFA
	probe := dfaOK && lim.tier <= TierSplit && stars > probeStars && len(lit) > 0
	if probe {
		wildDFA = try(wild, TierSplit)
		dfaOK = wildDFA != nil
	}
	if dfaOK && lim.tier <= TierDFA {
		if d := try(pats, TierDFA); d != nil {
			e.tier, e.lit, e.wildTop = uint8(TierDFA), d, -1
			return why
		}
	}
	// A second try on the wildcard patterns alone is worth it only if the
	// first failed for the literal patterns' sake too.
	if dfaOK && !probe && lim.tier <= TierSplit && lim.workCap > 0 && (len(lit) > 0 || why == nil) {
		wildDFA = try(wild, TierSplit)
	}
	// A DFA of literal patterns is their trie, so it always fits: the
	// limits only guard against what stars do.
	litLim := *lim
	litLim.workCap = 1 << 62
	e.lit, _, _ = buildDFA(text, lit, litLim)
	if wildDFA != nil {
		e.tier, e.wild = uint8(TierSplit), wildDFA
		return why
	}
	// The NFA walks a pass over its words per octet, a cost fixed by its
	// size: past what the decision budget allows per octet, with the
	// lazily built DFA's share reserved, it is not built, even when
	// a forced tier asks for it.
	nfaFits := dfaOctetCost+nfaOctetCost((nfaPositions(wild)+63)/64)+lazyCost.static+lazyCost.per <= DecidePerOctet
	if !small && lim.tier <= TierSegments || !nfaFits {
		e.tier = uint8(TierSegments)
		if lim.scanPlan {
			e.seg = newScan(text, wild)
		} else {
			e.seg = buildSegments(text, wild, sp)
		}
		e.segs = e.seg.scratchPool(sp)
		e.seg.lz.mode, e.seg.lz.ok = lim.lazy, lim.lazy != lazyNever && e.seg.lazyNodes != nil && e.takeoverCost() <= lazyMaxTakeover
		return why
	}
	e.tier, e.nfa = uint8(TierNFA), buildNFA(text, wild)
	e.nfa.lz.mode, e.nfa.lz.ok = lim.lazy, lim.lazy != lazyNever && e.nfa.words <= lazyNFAWords && e.takeoverCost() <= lazyMaxTakeover
	return why
}

// Match returns the best rule of class 0 (the caller's index) that matches
// the octets of in, or -1, or OverBudget when deciding in exactly would cost
// more than the decision budget (see DecideBudget). It takes time linear in
// the input, does not allocate, and takes no lock.
func (m *Machine) Match(in Input) int32 { return m.engines.match(in, nil) }

// meter returns the meter of a decision whose walks of fixed cost take
// static units per octet (-1: not known yet, see meter.reserve): the
// default budget, or, when a test gave m another, that budget, with every
// walk counted.
func (m *Machine) meter(static int) meter {
	if m.more != nil && m.more.budget != (budget{}) {
		b := m.more.budget
		mt := meter{base: b.base, per: b.per, counted: true}
		mt.lazyBase, mt.lazyPer = lazyShare(b)
		return mt
	}
	return defaultMeter(static)
}

// defaultMeter returns the meter of a decision under the default budget
// whose walks of fixed cost take static units per octet (-1: not known
// yet).
func defaultMeter(static int) meter {
	mt := meter{base: DecideBase, per: DecidePerOctet, static: -1, lazyBase: lazyBase, lazyPer: lazyPerOctet}
	mt.reserve(static)
	return mt
}

// MatchClasses stores in dst[c], for each class c of set, the best rule of
// class c (the caller's index) that matches the octets of in, or -1, or
// OverBudget; the other entries of dst are left as they are. Class 0, when
// asked, is decided first, alone, as Match decides it, within the decision
// budget: dst[0] is what Match returns. The other classes asked are then
// decided within what class 0 left of the budget, in one more read of the
// input by their literal DFAs, whose cursors step together on each octet
// until every one is settled; then each class whose wildcard rules could
// still beat what its DFA found walks its wildcard tier, class by class in
// their order. A class the budget runs out on, and every class after it,
// is OverBudget. So a decision costs at most the budget, whatever the
// classes asked. Its time is linear in the input for each class; it does
// not allocate, and takes no lock.
func (m *Machine) MatchClasses(in Input, set ClassSet, dst *[MaxClasses]int32) {
	rest := set &^ 1
	if set&1 == 0 || rest == 0 {
		m.matchClasses(in, set, dst, nil)
		return
	}
	mt := m.meter(m.engines.static())
	dst[0] = m.engines.match(in, &mt)
	mt.reserveMore(m.staticOf(rest))
	if dst[0] == OverBudget {
		// Nothing is left for the others: those with rules fail closed.
		for c := 1; c < MaxClasses; c++ {
			if rest&(1<<c) != 0 {
				dst[c] = -1
				if m.class(c) != nil {
					dst[c] = OverBudget
				}
			}
		}
		return
	}
	m.matchClasses(in, rest, dst, &mt)
}

// staticOf returns the units per octet that the walks of fixed cost of the
// classes of set take below the lazily built DFA, as matchClasses walks
// them.
func (m *Machine) staticOf(set ClassSet) int {
	static := 0
	for c := range MaxClasses {
		if set&(1<<c) != 0 {
			if e := m.classEngines(c); e != nil {
				static += e.staticBelow()
			}
		}
	}
	return static
}

// matchClasses is MatchClasses, counting on mt, or when mt is nil, on the
// meter of m's budget.
func (m *Machine) matchClasses(in Input, set ClassSet, dst *[MaxClasses]int32, mt *meter) {
	var cur [MaxClasses]cursor
	var asked [MaxClasses]*engines
	live, static := 0, 0
	for c := range MaxClasses {
		if set&(1<<c) == 0 {
			continue
		}
		dst[c] = -1
		e := &m.engines
		if c > 0 {
			if e = m.class(c); e == nil {
				continue // no rules
			}
		}
		asked[c], cur[c] = e, e.lit.start()
		static += e.staticBelow()
		if !cur[c].settled() {
			live |= 1 << c
		}
	}
	if mt == nil {
		x := m.meter(static)
		mt = &x
	}
	classes := bits.OnesCount(uint(live))
	run, n := firstRun, 0
	for s := in; live != 0; {
		if p := s.plain(run); p != "" {
			run = min(2*run, plainRun)
			for c := range MaxClasses {
				if live&(1<<c) != 0 {
					if cur[c].steps(p); cur[c].settled() {
						live &^= 1 << c
					}
				}
			}
			if mt.counted {
				// What the cursors read of p: at most all of it each.
				n += len(p)
				if mt.spent += classes * dfaOctetCost * len(p); mt.over(n, &s) {
					overFrom(0, &asked, dst)
					return
				}
				classes = bits.OnesCount(uint(live))
			}
			continue
		}
		x, ok := s.next()
		if !ok {
			break
		}
		for c := range MaxClasses {
			if live&(1<<c) == 0 {
				continue
			}
			cur[c].step(x)
			if cur[c].settled() {
				live &^= 1 << c
			}
		}
		if mt.counted {
			n++
			if mt.spent += classes * dfaOctetCost; mt.over(n, &s) {
				overFrom(0, &asked, dst)
				return
			}
			classes = bits.OnesCount(uint(live))
		}
	}
	for c, e := range asked {
		if e == nil {
			continue
		}
		if dst[c] = e.finish(in, cur[c].result(), mt); dst[c] == OverBudget {
			overFrom(c, &asked, dst)
			return
		}
	}
}

// testBudgets holds the budgets tests give Machines (see export_test.go),
// by the engines of their class 0 (engines.budgeted).
var testBudgets sync.Map

// testBudget returns the counted meter of a decision of class 0 of a
// Machine whose budget a test set.
func testBudget(e *engines) meter {
	b, _ := testBudgets.Load(e)
	mt := meter{base: b.(budget).base, per: b.(budget).per, counted: true}
	mt.lazyBase, mt.lazyPer = lazyShare(b.(budget))
	return mt
}

// overFrom stores OverBudget in dst for class c and every class after it
// that was asked and has rules: the budget ran out on class c.
func overFrom(c int, asked *[MaxClasses]*engines, dst *[MaxClasses]int32) {
	for ; c < MaxClasses; c++ {
		if asked[c] != nil {
			dst[c] = OverBudget
		}
	}
}

// match is the one place where the engines of a class run: the lazily
// built DFA of all the patterns when it may (see lazyMatch), or else the
// literal DFA first, then finish. The walks count on mt.
func (e *engines) match(in Input, mt *meter) int32 {
	if e.budgeted && mt == nil {
		x := testBudget(e)
		mt = &x
	}
	if lz := e.lazyMeta(); lz != nil && lz.ok && !lz.waiting() {
		return e.matchLazy(lz, in, mt)
	}
	if mt != nil {
		return e.matchBelow(in, mt)
	}
	// matchBelow, without a meter, as most decisions are: the literal
	// DFA, and the wildcard tier only if it may beat what that found.
	best := e.lit.walk(in)
	if best >= 0 && !better(e.wildTop, best) {
		return e.origOf(best)
	}
	return e.finish(in, best, nil)
}

// matchLazy is match by the lazily built DFA, or when it gives up, by the
// tiers below, which count what it spent.
func (e *engines) matchLazy(lz *lazyMeta, in Input, mt *meter) int32 {
	r, ok, spent, n := e.lazyMatch(lz, in, mt)
	if ok {
		if r < 0 {
			return r
		}
		return e.origOf(r)
	}
	if spent > 0 {
		if mt == nil {
			x := defaultMeter(-1)
			mt = &x
		}
		mt.spent += spent
		mt.seen = max(mt.seen, n)
	}
	return e.matchBelow(in, mt)
}

// matchBelow is match by the literal DFA, then finish.
func (e *engines) matchBelow(in Input, mt *meter) int32 {
	if mt != nil && mt.counted {
		return e.finish(in, e.lit.walkCounted(in, mt), mt)
	}
	best := e.lit.walk(in)
	if best >= 0 && !better(e.wildTop, best) {
		return e.origOf(best) // the literal DFA's rule beats every wildcard one
	}
	return e.finish(in, best, mt)
}

// finish returns the best rule (the caller's index) given best, what the
// literal DFA found on in (a place in the ranking), or OverBudget: unless
// it beats every wildcard rule, the tier that holds the wildcard patterns
// walks in, counting on mt (nil: a meter of the default budget, made when
// a walk counts).
func (e *engines) finish(in Input, best int32, mt *meter) int32 {
	if best == OverBudget {
		return OverBudget
	}
	if better(e.wildTop, best) {
		r := int32(-1)
		counted := mt != nil && mt.counted
		switch Tier(e.tier) {
		case TierSplit:
			if counted {
				r = e.wild.walkCounted(in, mt)
			} else {
				r = e.wild.walk(in)
			}
		case TierSegments:
			var m meter
			if mt != nil {
				mt.reserve(e.static())
				m = *mt
			} else {
				m = defaultMeter(e.static())
			}
			sc, slot := e.segs.get()
			if counted {
				r = e.seg.walkCounted(sc, in, m)
			} else {
				r = e.seg.walk(sc, in, m)
			}
			if mt != nil {
				mt.spent, mt.seen, mt.whole = sc.m.spent, sc.m.seen, sc.m.whole
			}
			e.segs.put(slot)
		case TierNFA:
			switch {
			case counted:
				r = e.nfa.walkCounted(in, mt)
			case e.nfa.scratch == nil: // it fits in registers
				r = e.nfa.walkRegs(in)
			default:
				sc, slot := e.nfa.scratch.get()
				r = e.nfa.walk(sc, in)
				e.nfa.scratch.put(slot)
			}
		}
		if r == OverBudget {
			return OverBudget
		}
		if better(r, best) {
			best = r
		}
	}
	if best < 0 {
		return -1
	}
	return e.origOf(best)
}

// staticBelow returns the units per octet that e's walks of fixed cost
// take below the lazily built DFA: its literal DFA's, and its wildcard
// tier's when that is a DFA or the NFA.
func (e *engines) staticBelow() int {
	c := dfaOctetCost
	switch Tier(e.tier) {
	case TierSplit:
		c += dfaOctetCost
	case TierSegments:
		c += e.seg.cost.static
	case TierNFA:
		c += nfaOctetCost(int(e.nfa.words))
	}
	return c
}

// static returns the units per octet that e's walks of fixed cost take in
// a decision by Match: staticBelow, and the lazily built DFA's when it may
// run.
func (e *engines) static() int {
	c := e.staticBelow()
	if lz := e.lazyMeta(); lz != nil && lz.ok {
		c += lazyOctetCost
	}
	return c
}

// cost returns the worst cost of a decision by Match on e (see planCost):
// costBelow, and the lazily built DFA's share when it may run.
func (e *engines) cost() planCost {
	c := e.costBelow()
	if lz := e.lazyMeta(); lz != nil && lz.ok {
		c = c.add(lazyCost)
	}
	return c
}

// costBelow returns the worst cost of a decision on e's engines below the
// lazily built DFA.
func (e *engines) costBelow() planCost {
	c := planCost{static: e.staticBelow()}
	if Tier(e.tier) == TierSegments {
		c.base, c.per = e.seg.cost.base, e.seg.cost.per
	}
	return c
}

// smallRankSort is the most indices sortByRank sorts by insertion.
const smallRankSort = 20

// countSortSpan is the span of ranks, beyond twice the rules, up to which
// sortByRank sorts by counting.
const countSortSpan = 256

// maxOrig16 is the most rules for which a Machine keeps the caller's
// index of each place in 16 bits (engines.orig), not 32.
const maxOrig16 = 1 << 16

// setOrig sets e.orig to the caller's indices orig, by place: one uint16
// each when they all fit, else two, the low half first.
func (e *engines) setOrig(orig []int32) {
	e.wide = len(orig) > 0 && slices.Max(orig) >= maxOrig16
	if !e.wide {
		e.orig = make([]uint16, len(orig))
		for i, x := range orig {
			e.orig[i] = uint16(x)
		}
		return
	}
	e.orig = make([]uint16, 2*len(orig))
	for i, x := range orig {
		e.orig[2*i], e.orig[2*i+1] = uint16(x), uint16(x>>16)
	}
}

// origOf returns the caller's index of the rule at place p of the ranking.
func (e *engines) origOf(p int32) int32 {
	if !e.wide {
		return int32(e.orig[p])
	}
	return int32(e.orig[2*p]) | int32(e.orig[2*p+1])<<16
}

// places returns the number of places of e's ranking: its rules.
func (e *engines) places() int {
	if e.wide {
		return len(e.orig) / 2
	}
	return len(e.orig)
}

// Stats describes a compiled Machine: the engines it built, what they
// hold, and the most a decision on them costs.
type Stats struct {
	// Tier is the tier of class 0, and Classes the tier of each class
	// (Classes[0] is Tier); a class without rules has tier 0.
	Tier    Tier
	Classes [MaxClasses]Tier
	States  int // DFA states, all DFAs of all classes together
	Bytes   int // approximate memory held by the Machine's tables, all classes

	// WorstBase and WorstPerOctet are the most a decision costs on the
	// engines built, whatever the input, as the decision budget counts
	// it: WorstBase units plus WorstPerOctet per octet of the input, by
	// Match or by MatchClasses of every class. Bounded reports that this
	// is within the budget (DecideBudget): then no decision fails closed.
	// Most sets of patterns are bounded; where no bound is known (some
	// sets of many long wildcard patterns), WorstBase is math.MaxInt32 or
	// more.
	WorstBase, WorstPerOctet int
	Bounded                  bool
}

// Stats reports the tiers and size of m, and its worst cost.
func (m *Machine) Stats() Stats {
	s := Stats{Tier: Tier(m.tier)}
	s.Classes[0] = Tier(m.tier)
	m.engines.addStats(&s)
	if x := m.more; x != nil {
		for i := range x.classes {
			s.Classes[i+1] = Tier(x.classes[i].tier)
			x.classes[i].addStats(&s)
		}
		s.Bytes += int(unsafe.Sizeof(machineMore{})) + int(unsafe.Sizeof(engines{}))*cap(x.classes)
	}
	c := m.cost()
	s.WorstBase, s.WorstPerOctet, s.Bounded = c.base, c.static+c.per, c.fits(defaultBudget)
	return s
}

// nfaPositions returns the positions of m's NFAs, all classes: what the
// benchmarks report of a TierNFA build (see hook.go).
func (m *Machine) nfaPositions() int {
	n := 0
	for c := range MaxClasses {
		e := &m.engines
		if c > 0 {
			e = m.class(c)
		}
		if e != nil && e.nfa != nil {
			n += int(e.nfa.positions)
		}
	}
	return n
}

// cost returns the worst cost of a decision on m: by MatchClasses of every
// class, class 0 as Match decides it and the others below their lazily
// built DFAs, which is also the most Match costs.
func (m *Machine) cost() planCost {
	all := m.engines.cost()
	for i := range m.classesMore() {
		if e := &m.more.classes[i]; e.tier != 0 {
			all = all.add(e.costBelow())
		}
	}
	return all
}

// classesMore returns how many classes beyond the first m holds engines
// for, empty ones included.
func (m *Machine) classesMore() int {
	if m.more == nil {
		return 0
	}
	return len(m.more.classes)
}

// Cost returns the units of work that deciding the classes of set on in
// costs, as the decision budget counts them (see DecideBudget), without
// stopping at the budget: it lets a caller see how near, or how far past,
// the budget its patterns take an input. A decision fails closed exactly
// when the cost is past DecideBudget of the input's length, unless the
// lazily built DFA decides it, whose cost depends on the states earlier
// inputs built and is capped. Its time is linear in the input and the
// patterns.
func (m *Machine) Cost(in Input, set ClassSet) int {
	mt := meter{base: math.MaxInt / 2, static: -1}
	static := 0
	if set&^1 == 0 {
		if set == 1 {
			static = m.engines.static()
			m.engines.matchBelow(in, &mt)
		}
		return mt.spent + static*length(in)
	}
	var dst [MaxClasses]int32
	if set&1 != 0 {
		// Class 0 first, alone, as MatchClasses decides it (below the
		// lazily built DFA, whose share is counted in its static cost).
		static = m.engines.static()
		dst[0] = m.engines.matchBelow(in, &mt)
		set &^= 1
	}
	static += m.staticOf(set)
	m.matchClasses(in, set, &dst, &mt)
	return mt.spent + static*length(in)
}

// classEngines returns the engines of class c, or nil when it has no
// rules.
func (m *Machine) classEngines(c int) *engines {
	if c == 0 {
		return &m.engines
	}
	return m.class(c)
}

// addStats adds the sizes of e's engines to s.
func (e *engines) addStats(s *Stats) {
	s.Bytes += 2 * cap(e.orig)
	for _, d := range []*packedDFA{e.lit, e.wild} {
		if d != nil {
			s.States += len(d.nodes)
		}
		s.Bytes += d.size()
	}
	if e.seg != nil {
		s.Bytes += e.seg.size()
	}
	if e.nfa != nil {
		s.Bytes += e.nfa.size()
	}
}

// better reports whether the rule in place a of the ranking beats the rule
// in place b; -1 is no rule.
func better(a, b int32) bool { return a >= 0 && (b < 0 || a < b) }

// betterRule reports whether rule a beats rule b (either may be -1, no
// rule): the ranking, as tests check it.
func betterRule(rules []Rule, a, b int32) bool {
	if a < 0 {
		return false
	}
	if b < 0 {
		return true
	}
	ra, rb := rules[a].Rank, rules[b].Rank
	return ra > rb || ra == rb && a < b
}

// pattern is a rule prepared for construction: the pattern without its
// anchor, runs of '*' collapsed, is text[at:at+n] of the text its plan
// (prepare) lays the patterns out in, end to end, or of the caller's text
// that holds them so (CompileIn). It holds no pointer, so
// that the collector, which a cold compile of a large file meets once or
// twice, neither scans the builds' tables of patterns nor pays a write
// barrier for each pattern they store: with a string each, those
// barriers alone were a tenth of the instructions of such a compile of
// a file of short wildcard rules (the hostile family abcd).
type pattern struct {
	at, n    uint32
	star     int32 // the offset of its first '*'; -1 in a literal pattern
	stars    int32 // its '*'s
	rule     int32 // place in the ranking
	anchored bool
}

// lit returns p's octets in text, the text of its plan.
func (p *pattern) lit(text string) string { return text[p.at : p.at+p.n] }

// prepare simplifies the n patterns, ranked(0) the best, without changing
// what they match: runs of '*' become one, a trailing '*' (or "*$") of a
// prefix pattern is dropped, and of identical wildcard patterns only the
// first (the best) is kept. Identical literal patterns are all kept: every
// engine's build takes the best of patterns that end at one place (the
// DFA of literal patterns sees them side by side once sorted), so finding
// them here would cost what it saves.
//
// It returns the patterns and the text that holds their octets, end to
// end, allocated once: size is at least the octets of the n patterns. With
// shared not "", the patterns are read there instead, each where ranked
// says it starts, and shared is the text returned: none of the patterns
// may hold a run of '*' (laidOut), as its simplified octets would not be
// in shared.
func prepare(ranked func(place int) (pattern string, at int), n, size int, shared string, sp *spares) (string, []pattern) {
	// Up to smallDedup wildcard patterns, duplicates are found by
	// comparing with those kept, which costs less than a table; then by
	// an indexTable of the wildcard patterns kept, whose key keeps the
	// anchor apart from the octets: "/$" anchored and the prefix "/$" (a
	// literal '$', from "/$*") are different patterns.
	const smallDedup = 32
	var (
		seen indexTable
		seed maphash.Seed
	)
	hash := func(p string, anchored bool) uint64 {
		return maphash.String(seed, p) + uint64(btoi(anchored))
	}
	wild := 0
	var text strings.Builder
	if shared == "" {
		text.Grow(size)
	}
	// laid returns the text the patterns kept so far are read in.
	laid := func() string {
		if shared != "" {
			return shared
		}
		return text.String()
	}
	out := make([]pattern, 0, n)
	for i := range n {
		p, at := ranked(i)
		anchored := strings.HasSuffix(p, "$")
		if anchored {
			p = p[:len(p)-1]
		}
		star := strings.IndexByte(p, '*') // most patterns have none
		if star >= 0 && strings.Contains(p[star:], "**") {
			var b strings.Builder
			for j := 0; j < len(p); j++ {
				if p[j] == '*' && j > 0 && p[j-1] == '*' {
					continue
				}
				b.WriteByte(p[j])
			}
			p = b.String()
		}
		if star >= 0 && strings.HasSuffix(p, "*") {
			// "/a*" and "/a*$" both match exactly what the prefix "/a" does.
			p, anchored = p[:len(p)-1], false
			if star == len(p) { // that was its only '*'
				star = -1
			}
		}
		if star >= 0 {
			if wild++; wild == smallDedup {
				// Room for the wildcard patterns kept and all those to come.
				more := 0
				for j := i + 1; j < n; j++ {
					if q, _ := ranked(j); strings.IndexByte(q, '*') >= 0 {
						more++
					}
				}
				seed = maphash.MakeSeed()
				seen = newIndexTable(wild+more, sp)
				laid := laid()
				for k, q := range out {
					if q.star >= 0 {
						_, at := seen.lookup(hash(q.lit(laid), q.anchored), func(int32) bool { return false })
						seen.add(at, int32(k))
					}
				}
			}
			laid := laid()
			if seen.slots != nil {
				j, at := seen.lookup(hash(p, anchored), func(k int32) bool { return out[k].lit(laid) == p && out[k].anchored == anchored })
				if j >= 0 {
					continue
				}
				seen.add(at, int32(len(out)))
			} else if slices.ContainsFunc(out, func(q pattern) bool { return q.lit(laid) == p && q.anchored == anchored }) {
				continue
			}
		}
		if shared == "" {
			at = text.Len()
			text.WriteString(p)
		} // else p, simplified, is a prefix of the pattern at at
		q := pattern{at: uint32(at), n: uint32(len(p)), star: int32(star), anchored: anchored, rule: int32(i)}
		if star >= 0 {
			q.stars = int32(strings.Count(p[star:], "*"))
		}
		out = append(out, q)
	}
	sp.put(seen.slots)
	return laid(), out
}

// laidOut returns how many of the first rules text may hold end to end,
// by their lengths, when it holds no run of '*' (which prepare would copy
// as one): the rules whose plans may read their patterns in text, once
// newPlan has found them there. It is 0 for text "" or when no number of
// rules has patterns as long as text. The runs are looked for in text at
// once, not pattern by pattern: a star that ends one pattern and one that
// starts the next read as a run too, and the patterns are copied, as they
// may always be.
func laidOut(text string, rules []Rule) int {
	if text == "" || strings.Contains(text, "**") {
		return 0
	}
	at := 0
	for i := range rules {
		if at == len(text) {
			return i
		}
		if at += len(rules[i].Pattern); at > len(text) {
			return 0
		}
	}
	if at != len(text) {
		return 0
	}
	return len(rules)
}

// Budgets of Compile, as functions of the octets of the patterns (P). They
// are stated in the package comment, and tests hold every hostile family
// to them.
const (
	// compileBytesPerOctet and compileBytesBase bound what Compile
	// allocates in all, failed DFA attempts included: per octet, a trie
	// node (32 bytes) and its marks (8) for the DFA attempt; DFA states (56 bytes each, at most one
	// per two octets beyond 4096); the segment tier's tries (about 21
	// bytes per octet) and edges (16 bytes, one per star at most). The
	// base covers the state cap's 4096 and what workCap lets the sets and
	// edges of a failed attempt grow to.
	compileBytesPerOctet = 128
	compileBytesBase     = 8 << 20
	// tableBytesPerOctet and tableBytesBase bound what a Machine holds:
	// a DFA node (12 bytes, 8 more above 65,533 rules, a count octet, and a 4-byte default) per state, whose edges workCap bounds, or the
	// segment tier's tries and edges.
	tableBytesPerOctet = 32
	tableBytesBase     = 4 << 20
)

// compileBytes is the most memory Compile allocates, in all, for patterns
// of p octets: 128·p bytes plus 8 MiB.
func compileBytes(p int) int { return compileBytesPerOctet*p + compileBytesBase }

// defaultBytesPerOctet and defaultBytesBase bound what Compile allocates
// in all by default (Limits.EagerDFA false, no tier forced), when no DFA of wildcard
// patterns is tried: the literal patterns' DFA (under 4 bytes per octet)
// and the segment tier's build (34 at most on the hostile families of the
// tests). The base covers what does not grow with the patterns:
// the first part of a trie builder, the NFA's tables, the slots of a
// pool.
const (
	defaultBytesPerOctet = 40
	defaultBytesBase     = 1 << 20
)

// defaultCompileBytes is the most memory Compile allocates, in all, for
// patterns of p octets with the default Limits (no tier forced): 40·p bytes
// plus 1 MiB.
func defaultCompileBytes(p int) int { return defaultBytesPerOctet*p + defaultBytesBase }

// tableBytes is the most memory a Machine holds for patterns of p octets:
// 32·p bytes plus 4 MiB.
func tableBytes(p int) int { return tableBytesPerOctet*p + tableBytesBase }
