package automaton

// This file is the scan: no engine at all, the rules tried one by one
// against the input, each greedily, with every octet counted against the
// decision budget. It is the one matcher of two callers:
//
//   - A Scan (NewScan) decides the first inputs of a small set of rules
//     without building anything. It costs nothing to build beyond 12
//     octets a rule (16 when the ranks are not the patterns' lengths) and
//     a copy of the patterns (none of those the caller holds end to end:
//     NewScanIn), and a decision costs a pass over the
//     patterns rather than over the input, so for the first few inputs it
//     is cheaper than building any tier. A caller decides with it until
//     the work it has spent equals what building the Machine would cost
//     (BuildCost), then builds the Machine: the ski-rental rule that the
//     lazily built DFA applies to its states, applied to the whole build.
//   - The segment tier's scan plan (segscan.go) is a Scan of the wildcard
//     patterns, best first, which the tier runs when building its
//     matcher would cost more than the compile budget allows.
//
// A decision reads the input once: as the string it is when every octet
// reads as itself, without a copy, and otherwise into a buffer on the
// stack. It then tries the rules in order, skipping those that cannot
// beat the best match so far (an earlier rule wins a tie; on rules in
// rank order the first match wins, and the scan stops there). A rule
// whose first octets, up to seven before its first '*', differ from the
// input's costs one unit: a compare of two words. Any other is matched
// greedily, each segment at its leftmost occurrence after the one before
// (exact for patterns whose only operator is '*'), and costs a unit per
// octet of its pattern read (up to where it fails) and one per octet of
// the input its searches pass or match. Each search starts where the one
// before ended, and the first that fails ends the rule, so a rule's
// searches pass each octet of the input at most once, whatever its
// stars, and the octets a search matches are among those: a rule costs
// at most a unit and its pattern's octets and, if it searches at all (a
// '*' followed by another, or not by the anchor that ends it: "/*.pdf$"
// only compares its end), the input's octets once. So
// per octet of the input a decision costs one unit to read it and one per
// searching rule tried. The budget is checked after each rule tried and
// every scanBlock rules that fail on their first octets. A unit costs a
// few instructions: a decision that runs to its budget on 1 KiB of input
// costs about 11 a unit (BenchmarkScanPlanWorst/seg=8, under callgrind:
// 747,000 instructions for 65,568 units), and about 83 µs whatever the
// segments, where searches that compared a segment at each place cost
// 24 to 180 µs (seg=64 to seg=2, on one machine). Past the budget
// the decision stops: a Scan says it decided nothing (the caller decides
// with the Machine), the scan plan fails closed.
//
// A rule searches only an input that starts with its literal prefix (the
// octets before its first '*'), which it compares first. NewScan takes
// only rules whose patterns hold at most scanMaxOctets octets in all.
// Rules that search are counted along a chain of prefixes each of which
// starts the next (searchChain), so that "/a/*x*" and "/b/*x*" count
// once, "/*x*" and "/a/*x*" twice: that many at most search one input. A
// decision then costs a unit an octet of the patterns and a rule (at
// most DecideBase), one an octet of the input to read it, and one an
// octet per rule that searches it. When at most scanMaxSearches
// (DecidePerOctet-1) search, that is within the decision budget for every
// input the Scan reads, of up to scanPlanInput octets; when more do, the
// Scan reads inputs only as long as the base left by the patterns pays
// for the rules past scanMaxSearches (scanMost), and NewScan takes the
// rules only when building the Machine is estimated to cost no more than
// the budget of an input one octet longer. Longer inputs are decided by
// the Machine. So no decision of a Scan reaches the decision budget, and
// a Matcher that starts with a Scan builds its Machine inside a decision
// only within that decision's budget (a cold build in a fresh process
// cost more than a decision's budget in page faults alone), and otherwise
// once the scans have spent its build cost.

import (
	"math"
	"slices"
	"strings"
	"unsafe"
)

// Bounds of the scan: the patterns' octets and their searching rules, all
// rules together (NewScan), which keep a Scan's decisions within the
// decision budget (see above); the longest input a decision copies
// onto its stack in one buffer, and the longest it copies in all; and
// how many rules that fail on their first octets a decision passes
// between two checks of its budget.
const (
	scanMaxOctets   = DecideBase
	scanMaxSearches = DecidePerOctet - 1
	scanMaxInput    = 1024
	scanPlanInput   = 64 << 10
	scanBlock       = 256
)

// buildUnitsPerOctet is what Compile costs per octet of the patterns (and
// per rule), in the units a scan counts (an octet compared, a rule tried),
// as measured on the corpus with the scanner the segment tier's scan plan
// shares: over the 1,066 files whose Googlebot rules a Scan takes, a build
// costs 21 to 31 ns an octet and a rule, a scan 1.0 to 1.4 ns a unit (212
// units a URL on average), 18 to 22 units an octet in three runs.
const buildUnitsPerOctet = 20

// A Scan decides a set of rules of one class without building an engine:
// it tries each rule that could beat the best match so far against the
// input. It is for a caller that decides few inputs per set of rules, or
// does not know yet how many: decide with the Scan until the work its
// decisions counted reaches BuildCost, then Compile the Rules and decide
// with the Machine. It is immutable and safe for concurrent use.
type Scan struct {
	text   string     // the patterns, one after another: those of the first rules, then (tail) the rest
	tail   string     // the patterns past text, when text is the caller's (NewScanIn)
	rules  []scanRule // in the order given
	ranks  *[]int32   // each rule's rank, when the ranks are not the patterns' lengths (see scanRule); else nil
	cost   int32      // BuildCost
	most   int32      // the longest input Match decides (see NewScanIn)
	ranked bool       // the rules are in rank order, ranks distinct: the first match wins (the scan plan)
}

// scanRule is one rule of a Scan, in 12 octets: a crawler keeps one per
// rule of every host whose Matcher has not been built. Its rank is most
// often twice its pattern's length, plus one for an Allow rule (as
// package compile ranks rules in the longest-match dialects), or the
// highest: then two bits of its head say which, and the Scan keeps no
// rank. Otherwise the Scan keeps the ranks apart.
type scanRule struct {
	// head holds the first octets of the rule's pattern before any '*' or
	// final '$', at most headOctets, as a little-endian word split in two
	// halves (so that the record needs no 8-octet alignment); above them,
	// how many (three bits from bit 56), then rankPlusOne and rankTop.
	headLo, headHi uint32
	end            uint32 // its pattern ends there, in text and then tail: MaxPatternOctets fits
}

// The bits of a scanRule's head above its octets and their count, when
// the Scan derives ranks from the patterns' lengths: the rank is the
// highest (rankTop), or twice the length plus one (rankPlusOne), or twice
// the length.
const (
	rankPlusOne = 1 << 63
	rankTop     = 1 << 62
)

// head returns r's head word (see scanRule): its octets, their count from
// bit 56, and the rank's bits above, which a reader of the octets and the
// count masks off.
func (r *scanRule) head() uint64 { return uint64(r.headLo) | uint64(r.headHi)<<32 }

// rank returns the rank of rule i of s, whose pattern starts at from.
func (s *Scan) rank(i int, from uint32) int32 {
	if s.ranks != nil {
		return (*s.ranks)[i]
	}
	switch r := &s.rules[i]; {
	case r.headHi&(rankTop>>32) != 0:
		return scanTopRank
	case r.headHi&(rankPlusOne>>32) != 0:
		return int32(2*(r.end-from)) + 1
	default:
		return int32(2 * (r.end - from))
	}
}

// newScanRule returns the record of a rule whose head word (see headOf,
// with the rank's bits above it) is h and whose pattern ends at end.
func newScanRule(h uint64, end uint32) scanRule {
	return scanRule{headLo: uint32(h), headHi: uint32(h >> 32), end: end}
}

// headOctets is the most octets of a pattern a scanRule's head holds: its
// top octet says how many.
const headOctets = 7

// scanTopRank stands for the rank math.MaxInt, which the rules a caller
// adds above every other (as RFC 9309's /robots.txt) have; a Scan takes no
// other rank outside 32 bits.
const scanTopRank = math.MaxInt32

// A scanRule's end is 32 bits: the patterns of any Compile fit.
const _ = uint32(MaxPatternOctets)

// scanRank returns the rank a scanRule keeps for rank, and whether it
// keeps one.
func scanRank(rank int) (int32, bool) {
	if rank == math.MaxInt {
		return scanTopRank, true
	}
	if rank < math.MinInt32 || rank >= scanTopRank {
		return 0, false
	}
	return int32(rank), true
}

// fullRank is the rank a Scan's rank stands for.
func fullRank(r int32) int {
	if r == scanTopRank {
		return math.MaxInt
	}
	return int(r)
}

// headOf returns the head of a scanRule of pattern p (see scanRule): the
// first octets of p that any input it matches starts with, at most
// headOctets, and in the top octet how many.
func headOf(p string) uint64 {
	h, _ := headStar(p)
	return h
}

// headStar returns headOf(p) and the offset of p's first '*', or -1.
func headStar(p string) (uint64, int) {
	star := strings.IndexByte(p, '*')
	n := star
	if n < 0 {
		n = len(p)
		if n > 0 && p[n-1] == '$' {
			n--
		}
	}
	n = min(n, headOctets)
	var w uint64
	if len(p) >= 8 {
		// One load (the compiler combines the eight), then the octets past
		// the head cleared.
		w = uint64(p[0]) | uint64(p[1])<<8 | uint64(p[2])<<16 | uint64(p[3])<<24 |
			uint64(p[4])<<32 | uint64(p[5])<<40 | uint64(p[6])<<48 | uint64(p[7])<<56
		w &= 1<<(8*n) - 1
	} else {
		for i := n - 1; i >= 0; i-- {
			w = w<<8 | uint64(p[i])
		}
	}
	return w | uint64(n)<<56, star
}

// NewScan returns a Scan of rules, which must all be of class 0, or nil
// when they are too many or too long to scan within the decision budget,
// or a rank other than math.MaxInt falls outside 32 bits (then build the
// Machine). When more than 31 of the rules search one input, the Scan
// decides only inputs short enough to scan within their budget, and nil
// is returned when building the Machine for a longer one would cost more
// than its budget. It copies the patterns into one string.
func NewScan(rules []Rule) *Scan { return NewScanIn("", "", rules) }

// NewScanIn is NewScan, but when text is the patterns of the first rules
// end to end, the Scan keeps text rather than a copy of them, and when
// tail is the patterns of the rest end to end, it keeps tail too: a
// caller that keeps the patterns so already holds them once. What is not
// so is copied.
func NewScanIn(text, tail string, rules []Rule) *Scan {
	// A first pass counts the octets, so that rules too long to scan cost
	// no allocation; a second checks each rule's rank and writes its
	// record. The ranks are taken to be derived from the patterns'
	// lengths (see scanRule) until a rule's is not; the ranks are then
	// kept apart, and the records written so far lose the flags that said
	// them. Each Rule is read in place, not copied.
	octets := 0
	for i := range rules {
		if octets += len(rules[i].Pattern); octets+len(rules) > scanMaxOctets {
			return nil
		}
	}
	s := &Scan{rules: make([]scanRule, len(rules))}
	end, searching, rooted := 0, 0, 0
	for i := range rules {
		r := &rules[i]
		rank, ok := scanRank(r.Rank)
		if r.Class != 0 || !ok {
			return nil
		}
		var flags uint64
		if s.ranks == nil {
			switch d := r.Rank - 2*len(r.Pattern); {
			case r.Rank == math.MaxInt:
				flags = rankTop
			case d == 1:
				flags = rankPlusOne
			case d != 0:
				s.keepRanks(rules[:i])
			}
		}
		if s.ranks != nil {
			(*s.ranks)[i] = rank
		}
		h, star := headStar(r.Pattern)
		if star >= 0 && searches(r.Pattern[star+1:]) {
			searching++
			if star == 0 || star == 1 && r.Pattern[0] == '/' {
				rooted++ // its prefix, "" or "/", starts every path
			}
		}
		end += len(r.Pattern)
		s.rules[i] = newScanRule(h|flags, uint32(end))
	}
	size := octets + len(rules)
	s.cost = int32(buildUnitsPerOctet * size)
	s.most = scanPlanInput
	if searching > scanMaxSearches {
		// The rules rooted at "/" search every path together: when they
		// are already too many, the chain is not worth sorting for.
		if _, ok := scanMost(size, rooted); !ok {
			return nil
		}
		most, ok := scanMost(size, searchChain(rules))
		if !ok {
			return nil
		}
		s.most = int32(most)
	}
	shared := endToEnd(text, rules)
	if shared < 0 {
		text, shared = "", 0
	}
	s.text = text
	if rest := rules[shared:]; endToEnd(tail, rest) == len(rest) {
		s.tail = tail
	} else if len(rest) > 0 {
		var b strings.Builder
		b.Grow(octets - len(text))
		for _, r := range rules[shared:] {
			b.WriteString(r.Pattern)
		}
		s.tail = b.String()
	}
	return s
}

// scanMost returns the longest input a Scan of rules whose patterns and
// count add up to size, of which chain at most search one input
// (searchChain), decides within the decision budget: every input it reads
// (scanPlanInput octets) when chain is at most scanMaxSearches, else those
// whose octets each searching rule past scanMaxSearches passes within the
// budget's base left over by the patterns (DecideBase - size). A
// longer input is decided by the Machine, built then and there, so ok is
// false, and the rules are not to be scanned, when building it would cost
// more than the decision budget of an input one octet longer.
func scanMost(size, chain int) (most int, ok bool) {
	if chain <= scanMaxSearches {
		return scanPlanInput, true
	}
	most = min((DecideBase-size)/(chain-scanMaxSearches), scanPlanInput)
	return most, buildUnitsPerOctet*size <= DecideBase+DecidePerOctet*(most+1)
}

// searches reports whether a rule whose pattern follows its first '*'
// with rest searches its input (see globMatch): when a '*' follows, or
// when rest is not the end of the pattern, anchored by a final '$'.
func searches(rest string) bool {
	return strings.IndexByte(rest, '*') >= 0 || !strings.HasSuffix(rest, "$")
}

// searchChain returns the most rules that search (see searches) whose
// literal prefixes, the octets before their first '*', one input can
// start with: a rule searches an input only once its prefix matched, so
// this many at most search any one input. Sorted, the prefixes that
// start another come right before it and those that start the same one
// form a chain, which a stack follows.
func searchChain(rules []Rule) int {
	var prefixes []string
	for i := range rules {
		p := rules[i].Pattern
		if star := strings.IndexByte(p, '*'); star >= 0 && searches(p[star+1:]) {
			prefixes = append(prefixes, p[:star])
		}
	}
	slices.Sort(prefixes)
	most := 0
	var chain []string // the prefixes of the last one, itself included, shortest first
	for _, p := range prefixes {
		for len(chain) > 0 && !strings.HasPrefix(p, chain[len(chain)-1]) {
			chain = chain[:len(chain)-1]
		}
		chain = append(chain, p)
		most = max(most, len(chain))
	}
	return most
}

// endToEnd returns how many of the first rules have text as their
// patterns end to end, or -1 when no number of them has.
func endToEnd(text string, rules []Rule) int {
	for i := range rules {
		r := &rules[i]
		if text == "" {
			return i
		}
		if !strings.HasPrefix(text, r.Pattern) {
			return -1
		}
		text = text[len(r.Pattern):]
	}
	if text != "" {
		return -1
	}
	return len(rules)
}

// keepRanks keeps the ranks of s apart, from the first of its rules whose
// rank is not derived from its pattern's length: the ranks of the rules
// before it (done), whose records said them in their flags, are written
// apart and the flags cleared.
func (s *Scan) keepRanks(done []Rule) {
	ranks := make([]int32, len(s.rules))
	for i := range done {
		ranks[i], _ = scanRank(done[i].Rank)
		r := &s.rules[i]
		*r = newScanRule(r.head()&^(rankPlusOne|rankTop), r.end)
	}
	s.ranks = &ranks
}

// pattern returns the pattern that ends at end, from.
func (s *Scan) pattern(from, end uint32) string {
	if n := uint32(len(s.text)); end > n {
		return s.tail[from-n : end-n]
	}
	return s.text[from:end]
}

// size returns the bytes s holds, its patterns included; 0 for nil.
func (s *Scan) size() int {
	if s == nil {
		return 0
	}
	n := int(unsafe.Sizeof(*s)) + len(s.text) + len(s.tail) + int(unsafe.Sizeof(scanRule{}))*len(s.rules)
	if s.ranks != nil {
		n += int(unsafe.Sizeof(*s.ranks)) + 4*len(*s.ranks)
	}
	return n
}

// BuildCost is what building the Machine of the Scan's rules costs, in the
// units Match counts: once the decisions made by the scan have spent it,
// building pays.
func (s *Scan) BuildCost() int { return int(s.cost) }

// Rules returns the rules the Scan was made of, in their order, with their
// patterns and ranks.
func (s *Scan) Rules() []Rule {
	out := make([]Rule, len(s.rules))
	start := uint32(0)
	for i, r := range s.rules {
		out[i] = Rule{Pattern: s.pattern(start, r.end), Rank: fullRank(s.rank(i, start))}
		start = r.end
	}
	return out
}

// Match returns what Compile(rules).Match(in) returns for the rules the
// Scan was made of, and the units of work it counted; ok is false, and
// nothing is decided, when the input is longer than the scan reads or
// deciding it so would cost more than the decision budget (decide it with
// the Machine). It does not allocate, and takes no lock.
func (s *Scan) Match(in Input) (best int32, work int, ok bool) {
	d := s.match(in, scanMeter{base: DecideBase, per: DecidePerOctet, countRead: true}, int(s.most))
	return d.best, d.work, d.status == scanDecided
}

// A scanMeter is what a decision of a Scan may spend: base plus per units
// an octet of the input, or of seen octets when more, with spent units
// spent already; the octets read count a unit each when countRead.
type scanMeter struct {
	spent, base, per, seen int
	countRead              bool
}

// A scanDecision is what a decision of a Scan found: the best rule (its
// place in the Scan) or -1, the units spent, the octets of the input
// read, and whether it decided.
type scanDecision struct {
	best   int32
	status scanStatus
	work   int
	n      int
}

type scanStatus uint8

const (
	scanDecided scanStatus = iota
	scanTooLong            // the input is longer than the scan copies: nothing decided
	scanOver               // past the budget: nothing decided
)

// match decides in within m, reading it as the string it is when every
// octet reads as itself, and otherwise copying it onto the stack; an
// input longer than most octets (at most scanPlanInput for a Scan, which
// copies up to as many; math.MaxInt-1 for the scan plan, which reads any
// input that reads as itself) is not decided.
func (s *Scan) match(in Input, m scanMeter, most int) scanDecision {
	t := in
	u := t.plain(most + 1)
	if _, more := t.next(); !more && len(u) <= most {
		return s.decide(u, m) // u is all of in: no copy
	}
	// An input longer than the first buffer takes the second frame, when
	// most lets the caller read it.
	if d := s.matchCopy(in, m, most); d.status != scanTooLong || most <= scanMaxInput {
		return d
	}
	return s.matchCopyLong(in, m, most)
}

// matchCopy is match for an input of at most scanMaxInput octets, and at
// most most, that does not read as its string.
func (s *Scan) matchCopy(in Input, m scanMeter, most int) scanDecision {
	var buf [scanMaxInput]byte
	n, ok := readInto(&in, buf[:min(most, len(buf))])
	if !ok {
		return m.tooLong(n)
	}
	return s.decide(unsafe.String(&buf[0], n), m)
}

// matchCopyLong is matchCopy for an input of at most scanPlanInput octets,
// and at most most.
func (s *Scan) matchCopyLong(in Input, m scanMeter, most int) scanDecision {
	var buf [scanPlanInput]byte
	n, ok := readInto(&in, buf[:min(most, len(buf))])
	if !ok {
		return m.tooLong(n)
	}
	return s.decide(unsafe.String(&buf[0], n), m)
}

// tooLong is the decision on an input longer than the scan copies, of
// which it read n octets: nothing decided.
func (m scanMeter) tooLong(n int) scanDecision {
	if m.countRead {
		m.spent += n
	}
	return scanDecision{best: -1, status: scanTooLong, work: m.spent, n: n}
}

// readInto reads the octets of in into buf, and returns how many; ok is
// false when they are more than buf holds.
func readInto(in *Input, buf []byte) (n int, ok bool) {
	for {
		n += copy(buf[n:], in.plain(len(buf)-n))
		c, more := in.next()
		if !more {
			return n, true
		}
		if n == len(buf) {
			return n, false
		}
		buf[n] = c
		n++
	}
}

// headWord returns the first eight octets of u as a little-endian word,
// zeros past its end.
func headWord(u string) uint64 {
	if len(u) >= 8 {
		return word(u)
	}
	var w uint64
	for i := len(u) - 1; i >= 0; i-- {
		w = w<<8 | uint64(u[i])
	}
	return w
}

// decide returns the best rule matching u, as match does.
func (s *Scan) decide(u string, m scanMeter) scanDecision {
	n := len(u)
	budget := m.base + m.per*max(n, m.seen)
	work := m.spent
	if m.countRead {
		work += n
	}
	// The input's first octets, zeros past its end: a rule whose head
	// differs cannot match (where the input is shorter than the head, a
	// head octet that is not zero differs, and a zero one is tried in
	// full).
	uw := headWord(u)
	best, bestRank := int32(-1), int32(0)
	start := uint32(0)
	for i := range s.rules {
		r := &s.rules[i]
		from := start
		start = r.end
		var rank int32
		if best >= 0 {
			if rank = s.rank(i, from); rank <= bestRank {
				continue // it cannot win: an earlier rule wins a tie
			}
		}
		if h := r.head(); (uw^h)&(uint64(1)<<(h>>53&(8*headOctets))-1) != 0 {
			// Its head is not the input's. Checking the budget every
			// scanBlock rules bounds the work of rules that all fail so.
			if work++; i%scanBlock == 0 && work > budget {
				break
			}
			continue
		}
		hit := globMatch(s.pattern(from, r.end), u, &work)
		if work++; work > budget {
			break
		}
		if hit {
			if best < 0 {
				rank = s.rank(i, from)
			}
			best, bestRank = int32(i), rank
			if s.ranked {
				break
			}
		}
	}
	if work > budget {
		return scanDecision{best: -1, status: scanOver, work: work, n: n}
	}
	return scanDecision{best: best, work: work, n: n}
}

// globMatch reports whether p, a pattern ('*' matches any run, a final
// '$' anchors it at the end), matches u: a prefix of u, or all of it when
// p ends in '$'. Taking each segment at its leftmost occurrence after the
// one before is exact for patterns whose only operator is '*'. It counts
// on work the octets of p it reads, and those of u its searches pass or
// match: each search starts where the one before ended, so those of u are
// at most len(u), however many stars p has.
func globMatch(p, u string, work *int) bool {
	anchored := strings.HasSuffix(p, "$")
	if anchored {
		p = p[:len(p)-1]
	}
	i := strings.IndexByte(p, '*')
	if i < 0 { // no '*': p is a literal
		*work += len(p)
		if anchored {
			return u == p
		}
		return strings.HasPrefix(u, p)
	}
	*work += i + 1
	if !strings.HasPrefix(u, p[:i]) {
		return false
	}
	u, p = u[i:], p[i+1:]
	for {
		j := strings.IndexByte(p, '*')
		if j < 0 {
			break
		}
		*work += j + 1
		seg := p[:j]
		k := index(u, seg, work)
		if k < 0 {
			return false
		}
		u, p = u[k+len(seg):], p[j+1:]
	}
	// The last segment: at the end of u when anchored, anywhere otherwise.
	*work += len(p)
	if anchored {
		return strings.HasSuffix(u, p)
	}
	return index(u, p, work) >= 0
}

// index returns the index of the first occurrence of seg in u, or -1,
// counting on work the octets of u it passes and those of seg it matches:
// the place it is found plus its length, or all of u. The search is
// strings.Index, linear in u whatever seg is (a run of one octet in u and
// a segment that repeats it all but its last octet cost no more than any
// other), so a search never costs more than its input and segment.
func index(u, seg string, work *int) int {
	k := strings.Index(u, seg)
	if k < 0 {
		*work += len(u)
		return -1
	}
	*work += k + len(seg)
	return k
}

// word returns the first eight octets of s, of at least eight, as a
// little-endian word.
func word(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
