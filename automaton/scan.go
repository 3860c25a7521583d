package automaton

// This file is the scan: no engine at all, the rules tried one by one,
// best first, against the input read into a buffer. It costs nothing to
// build beyond 16 octets a rule and a copy of the patterns (none of those
// the caller holds end to end: NewScanIn), and a decision costs a pass over the
// patterns rather than over the input, so for the first few inputs of a
// small set of rules it is cheaper than building any tier. A caller decides
// with it until the work it has spent equals what building the Machine
// would cost (BuildCost), then builds the Machine: the ski-rental rule that
// the lazily built DFA applies to its states, applied to the whole build.
//
// Its work is counted as the other walks' is, in units (an octet read,
// compared or skipped in a search, a rule tried), against the decision
// budget. NewScan takes only rules whose patterns hold at most
// scanMaxOctets octets in all and at most scanMaxSegments stars, so that
// on the inputs real URLs are, a decision costs no more than the patterns
// and a few passes over the input; a search whose compares go past the
// budget stops, and so does an input longer than scanMaxInput octets:
// Match then says it decided nothing, and the caller decides with the
// Machine.

import (
	"bytes"
	"encoding/binary"
	"math"
	"strings"
)

// Bounds of the scan: the patterns' octets and their stars, all rules
// together, and the longest input read.
const (
	scanMaxOctets   = DecideBase / 2
	scanMaxSegments = 4 * DecidePerOctet
	scanMaxInput    = 1024
)

// buildUnitsPerOctet is what Compile costs per octet of the patterns (and
// per rule), in the units a scan counts (an octet compared, a rule tried),
// as measured on the corpus: a scan of the median file's rules costs about
// a microsecond for a few hundred units, its build about ten.
const buildUnitsPerOctet = 16

// A Scan decides a set of rules of one class without building an engine:
// it tries each rule that could beat the best match so far against the
// input. It is immutable and safe for concurrent use.
type Scan struct {
	text  string     // the patterns, one after another: those of the first rules, then (tail) the rest
	tail  string     // the patterns past text, when text is the caller's (NewScanIn)
	rules []scanRule // in the order given
	cost  int        // BuildCost
}

// scanRule is one rule of a Scan, in 16 octets: a crawler keeps one per
// rule of every host whose Matcher has not been built.
type scanRule struct {
	head uint64 // the first octets of its pattern before any '*' or final '$', at most eight, as a little-endian word
	end  uint16 // its pattern ends there, in text and then tail: scanMaxOctets fits
	hlen uint8  // how many octets head holds
	wild bool   // its pattern holds a '*'
	rank int32  // its rank; scanTopRank for math.MaxInt
}

// scanTopRank stands for the rank math.MaxInt, which the rules a caller
// adds above every other (as RFC 9309's /robots.txt) have; a Scan takes no
// other rank outside 32 bits.
const scanTopRank = math.MaxInt32

// A scanRule's end is 16 bits: the patterns of a Scan fit.
const _ = uint16(scanMaxOctets)

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

// fullRank is the rank a scanRule stands for.
func (r *scanRule) fullRank() int {
	if r.rank == scanTopRank {
		return math.MaxInt
	}
	return int(r.rank)
}

// headOf returns the first octets of p that any input it matches starts
// with, at most eight, as a little-endian word, and how many.
func headOf(p string) (uint64, uint8) {
	if i := strings.IndexByte(p, '*'); i >= 0 {
		p = p[:i]
	} else {
		p = strings.TrimSuffix(p, "$")
	}
	p = p[:min(len(p), 8)]
	var w uint64
	for i := len(p) - 1; i >= 0; i-- {
		w = w<<8 | uint64(p[i])
	}
	return w, uint8(len(p))
}

// NewScan returns a Scan of rules, which must all be of class 0, or nil
// when they are too many or too long to scan within the decision budget,
// or a rank other than math.MaxInt falls outside 32 bits (then build the
// Machine). It copies the patterns into one string.
func NewScan(rules []Rule) *Scan { return NewScanIn("", "", rules) }

// NewScanIn is NewScan, but when text is the patterns of the first rules
// end to end, the Scan keeps text rather than a copy of them, and when
// tail is the patterns of the rest end to end, it keeps tail too: a
// caller that keeps the patterns so already holds them once. What is not
// so is copied.
func NewScanIn(text, tail string, rules []Rule) *Scan {
	octets, segments := 0, 0
	for _, r := range rules {
		if _, ok := scanRank(r.Rank); r.Class != 0 || !ok {
			return nil
		}
		octets += len(r.Pattern)
		segments += strings.Count(r.Pattern, "*")
		if octets+len(rules) > scanMaxOctets || segments > scanMaxSegments {
			return nil
		}
	}
	s := &Scan{rules: make([]scanRule, len(rules)), cost: buildUnitsPerOctet * (octets + len(rules))}
	end := 0
	for i, r := range rules {
		end += len(r.Pattern)
		head, hlen := headOf(r.Pattern)
		rank, _ := scanRank(r.Rank)
		s.rules[i] = scanRule{head: head, end: uint16(end), hlen: hlen, rank: rank, wild: strings.IndexByte(r.Pattern, '*') >= 0}
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

// endToEnd returns how many of the first rules have text as their
// patterns end to end, or -1 when no number of them has.
func endToEnd(text string, rules []Rule) int {
	for i, r := range rules {
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

// pattern returns the pattern that ends at end, from.
func (s *Scan) pattern(from, end uint16) string {
	if n := uint16(len(s.text)); end > n {
		return s.tail[from-n : end-n]
	}
	return s.text[from:end]
}

// BuildCost is what building the Machine of the Scan's rules costs, in the
// units Match counts: once the decisions made by the scan have spent it,
// building pays.
func (s *Scan) BuildCost() int { return s.cost }

// Rules returns the rules the Scan was made of, in their order, with their
// patterns and ranks.
func (s *Scan) Rules() []Rule {
	out := make([]Rule, len(s.rules))
	start := uint16(0)
	for i, r := range s.rules {
		out[i] = Rule{Pattern: s.pattern(start, r.end), Rank: r.fullRank()}
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
	var buf [scanMaxInput]byte
	n := 0
	for {
		n += copy(buf[n:], in.plain(len(buf)-n))
		c, more := in.next()
		if !more {
			break
		}
		if n == len(buf) {
			return -1, n, false
		}
		buf[n] = c
		n++
	}
	u := buf[:n]
	// The input's first eight octets, zeros past its end: a rule whose
	// head differs cannot match (where the input is shorter than the
	// head, a head octet that is not zero differs, and a zero one is
	// tried in full).
	uw := binary.LittleEndian.Uint64(buf[:8])
	budget := DecideBudget(n)
	work = n
	best, bestRank := int32(-1), int32(0)
	start := uint16(0)
	for i := range s.rules {
		r := &s.rules[i]
		from := start
		start = r.end
		if best >= 0 && r.rank <= bestRank {
			continue // it cannot win: an earlier rule wins a tie
		}
		if mask := uint64(1)<<(8*r.hlen) - 1; uw&mask != r.head { // all ones for eight
			work++
			continue // its head is not the input's
		}
		p := s.pattern(from, r.end)
		var hit bool
		if r.wild {
			hit = globMatch(p, u, &work, budget)
		} else {
			hit = literalMatch(p, u, &work)
		}
		if work++; work > budget {
			return -1, work, false
		}
		if hit {
			best, bestRank = int32(i), r.rank
		}
	}
	return best, work, true
}

// literalMatch reports whether p, a pattern without '*', matches u: as a
// prefix, or the whole of u when p ends in '$'. It counts the octets
// compared on work.
func literalMatch(p string, u []byte, work *int) bool {
	if strings.HasSuffix(p, "$") {
		p = p[:len(p)-1]
		*work += len(p)
		return len(u) == len(p) && string(u) == p
	}
	*work += len(p)
	return len(u) >= len(p) && string(u[:len(p)]) == p
}

// globMatch reports whether p, a pattern with '*', matches u (a prefix of
// u, or all of it when p ends in '$'). Taking each segment at its leftmost
// occurrence after the one before is exact for patterns whose only
// operator is '*'. It counts on work the octets of p, and those of u its
// searches skip or compare, and gives up past budget.
func globMatch(p string, u []byte, work *int, budget int) bool {
	anchored := strings.HasSuffix(p, "$")
	if anchored {
		p = p[:len(p)-1]
	}
	*work += len(p)
	i := strings.IndexByte(p, '*')
	if len(u) < i || string(u[:i]) != p[:i] {
		return false
	}
	u, p = u[i:], p[i+1:]
	for {
		j := strings.IndexByte(p, '*')
		if j < 0 {
			break
		}
		seg := p[:j]
		k := index(u, seg, work, budget)
		if k < 0 {
			return false
		}
		u, p = u[k+len(seg):], p[j+1:]
	}
	// The last segment: at the end of u when anchored, anywhere otherwise.
	if anchored {
		return len(u) >= len(p) && string(u[len(u)-len(p):]) == p
	}
	return index(u, p, work, budget) >= 0
}

// index returns the index of the first occurrence of seg in u, or -1,
// counting on work the octets of u skipped and those compared; past
// budget it gives up, returning -1 (the caller sees the work).
func index(u []byte, seg string, work *int, budget int) int {
	if seg == "" {
		return 0
	}
	last := len(u) - len(seg) // the last place seg can start
	for i := 0; i <= last; i++ {
		j := bytes.IndexByte(u[i:last+1], seg[0])
		if j < 0 {
			*work += last + 1 - i
			return -1
		}
		i += j
		if *work += j + len(seg); *work > budget {
			return -1
		}
		if string(u[i:i+len(seg)]) == seg {
			return i
		}
	}
	return -1
}
