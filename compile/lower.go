package compile

// This file lowers the rules selected for a crawler to a Program: the
// ranked glob patterns of package automaton, which knows nothing of
// robots.txt, and what each winner decides. The dialect's ranking is
// encoded in each pattern's rank and in the patterns' order, and the rules
// a dialect adds (/robots.txt, Google's index.html) become patterns like
// any other. The Content-Usage rules are lowered to classes of their own
// (lowerusage.go), decided by the same Machine in the same walk.

import (
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/internal/dialect"
)

// A Program is a Selection lowered for package automaton: the rules of one
// Machine, and what its winners decide. The root package's Matcher decides
// with the Machine of a Program; a caller who builds the Machine with
// other automaton.Limits, or to see what an engine costs, gets the same
// winners. A Program holds the Selection's strings: keep what it decides,
// not the Program.
type Program struct {
	// Rules are the Machine's rules, class 0 first: the Allow and Disallow
	// rules of the Selection and the rules the dialect adds, ranked as the
	// dialect ranks them (see Dialect.Lower); then, in the classes above
	// it, the Content-Usage rules, ranked so that their winners say the
	// usage preferences (see Usage).
	Rules []automaton.Rule

	// Crawl is how many of Rules are of class 0.
	Crawl int

	// Usage turns the winners of the Content-Usage classes into usage
	// preferences; nil when the Selection has no Content-Usage or
	// Content-Signal line.
	Usage *UsageTable

	verdicts  []int32 // see Verdicts
	file      int32   // see Verdicts
	fileRules bool    // some rule of class 0 is a rule of the file, not one the dialect adds
	dialect   Dialect
	sel       ruleList // the Selection's rules, which the winners of class 0 stand for
}

// lowered is one ranked pattern of a Program, and what it stands for.
type lowered struct {
	pattern string // '*' the wildcard, a final '$' the end anchor
	rank    int    // higher wins; between equal ranks the earlier pattern wins
	class   int    // the class it competes in: classCrawl, or a usage class (see lowerUsage)
	allow   bool   // a URL it decides may be fetched (classCrawl only)
	line    int    // the rule's line; 0 for a rule the dialect adds
}

// robotsTxt are the patterns that let /robots.txt through whatever the file
// says (RFC 9309 2.2.2): the path alone, or with any query.
var robotsTxt = [...]string{"/robots.txt$", "/robots.txt?"}

// robotsTxtText is robotsTxt end to end: the patterns a Program ends with
// in the dialects that add them, which its scan keeps rather than a copy.
const robotsTxtText = "/robots.txt$/robots.txt?"

// Appended returns the patterns of the rules a Program of d appends after
// the Selection's Allow and Disallow rules, end to end: RFC 9309's
// /robots.txt, which the dialects that allow it whatever the file says
// add, or "" in the others. A caller that lays the Selection's patterns
// out end to end and these after them holds every pattern of the
// Program's class 0 in one string, which Program.MachineIn and
// Program.Scan read in place.
func (d Dialect) Appended() string {
	if d.valid() && d.spec().Match.RobotsTxt {
		return robotsTxtText
	}
	return ""
}

// Lower lowers the Selection s, read in dialect d, to a Program. The
// Allow and Disallow rules come in line order, ranked as d ranks rules: by
// the length of the pattern, allow winning a tie (rank 2*len or
// 2*len+1), or all equal in a first-match dialect, so that the first rule
// in file order wins. Empty rules match nothing, or in the Google dialect
// everything with strength 0 (they never disallow, but can be the line
// reported). The rules a dialect adds are Google's ".../" after each Allow
// of ".../index.htm...", ranked as its own length, and, last, RFC 9309's
// /robots.txt, above every rule. The Content-Usage rules follow in their
// classes, the same in every dialect: the longest match, whatever the
// dialect's ranking of Allow and Disallow.
func (d Dialect) Lower(s Selection) Program { return d.lower(s, false) }

// lower is Lower; with oneByOne, every selection takes the general path
// (lowerEach), which a test checks the shortcut against.
func (d Dialect) lower(s Selection, oneByOne bool) Program {
	rules := s.crawlRules()
	p := Program{dialect: d, sel: rules}
	ulow, nusage, table := lowerUsage(s)
	p.Rules = make([]automaton.Rule, 0, rules.len()+len(robotsTxt)+nusage)
	m := d.spec().Match
	rank := func(pattern string, allow bool) int {
		if m.FirstMatch {
			return 0
		}
		r := 2 * len(pattern)
		if allow {
			r++ // allow wins a tie
		}
		return r
	}
	if !m.FirstMatch && !m.IndexHTML && !oneByOne && noEmpty(&rules) {
		// Most selections: the rules lowered one for one, in order (no
		// empty one to skip, nothing added between them), so that winner
		// r stands for rule r and verdicts stays nil.
		n, i := rules.len(), 0
		p.Rules = p.Rules[:n]
		for k := range rules.parts() {
			part := rules.part(k)
			for j := range part {
				r := &part[j]
				p.Rules[i] = automaton.Rule{Pattern: r.Canonical, Rank: rank(r.Canonical, r.Allow)}
				i++
			}
		}
		if m.RobotsTxt {
			for k := range robotsTxt {
				l := addedRobotsTxt(k)
				p.Rules = append(p.Rules, l.rule())
			}
		}
		p.fileRules, p.file = n > 0, int32(n)
	} else {
		p.lowerEach(&rules, m, rank)
	}
	p.Crawl = len(p.Rules)
	if nusage > 0 {
		// Only here: the loop's body is a closure that ulow may keep, so
		// what it writes moves to the heap, which most selections, with
		// no Content-Usage path, need not pay for.
		rules := p.Rules
		for l := range ulow {
			rules = append(rules, l.rule())
		}
		p.Rules = rules
	}
	if table.any { // most selections have none: no allocation
		t := table
		t.base = int32(p.Crawl)
		p.Usage = &t
	}
	return p
}

// lowerEach lowers rules to p.Rules one at a time, as Lower says, and
// builds the verdicts table when they are not the identity. A lowered rule
// of class 0 is known by its line, the lowered rules coming in the order
// of the Selection's rules, which are in line order, one rule a line. Most
// often they are the file's rules, in order, then the rules the dialect
// adds: then verdicts stays nil (see Verdicts).
func (p *Program) lowerEach(rules *ruleList, m dialect.Matching, rank func(string, bool) int) {
	j, added := 0, false
	extra := 0
	if m.RobotsTxt {
		extra = len(robotsTxt)
	}
	// The patterns of class 0 come one at a time: each rule's, then, in
	// the Google dialect, the one it adds after an Allow (pending), and
	// last the dialect's /robots.txt. A plain loop rather than an
	// iterator: the loop's state stays in registers, not in a closure's.
	var pending lowered
	hasPending := false
	// The rules are read in order twice over: the next to lower, and the
	// one whose line a lowered rule has.
	next, found := ruleCursor{l: rules}, ruleCursor{l: rules}
loop:
	for n, k := rules.len(), 0; ; {
		var l lowered
		switch {
		case hasPending:
			l, hasPending = pending, false
		case k < n:
			r := next.at(k)
			k++
			if r.Canonical == "" && !m.EmptyRules {
				continue // an empty pattern matches nothing
			}
			l = lowered{pattern: r.Canonical, rank: rank(r.Canonical, r.Allow), allow: r.Allow || r.Canonical == "", line: r.Line}
			if m.IndexHTML && r.Allow {
				// Google tries this rule only when the pattern itself does
				// not match; ranked below the pattern, it can only win then.
				if q, ok := dialect.IndexHTML(r.Canonical); ok {
					pending, hasPending = l, true
					pending.pattern, pending.rank = q, rank(q, true)
				}
			}
		case k < n+extra:
			l = addedRobotsTxt(k - n)
			k++
		default:
			break loop
		}
		i := len(p.Rules)
		p.Rules = append(p.Rules, l.rule())
		code := int32(-1)
		if l.line != 0 {
			for found.at(j).Line != l.line {
				j++
			}
			code = int32(j) << 1
			if l.allow {
				code |= 1
			}
			p.fileRules = true
		}
		if p.verdicts == nil {
			switch {
			case code < 0:
				if !added {
					added, p.file = true, int32(i) // the dialect's rules, from here on
				}
				continue
			case !added && j == i && l.allow == found.at(j).Allow:
				continue // the identity so far
			}
			// Not the identity: the table as it would have been so far.
			p.verdicts = make([]int32, i, rules.len()+len(robotsTxt))
			again := ruleCursor{l: rules}
			for k := range i {
				p.verdicts[k] = -1
				if !added || k < int(p.file) {
					p.verdicts[k] = int32(k) << 1
					if again.at(k).Allow {
						p.verdicts[k] |= 1
					}
				}
			}
		}
		p.verdicts = append(p.verdicts, code)
	}
	if !added && p.verdicts == nil {
		p.file = int32(len(p.Rules))
	}
}

// noEmpty reports whether every rule of rules has a pattern.
func noEmpty(rules *ruleList) bool {
	for k := range rules.parts() {
		part := rules.part(k)
		for j := range part {
			if part[j].Canonical == "" {
				return false
			}
		}
	}
	return true
}

// addedRobotsTxt returns the k-th rule RFC 9309's dialect adds: robotsTxt[k],
// above every rule, allowing and standing for no line.
func addedRobotsTxt(k int) lowered {
	return lowered{pattern: robotsTxt[k], rank: math.MaxInt, allow: true}
}

// rule returns l as a rule of the Machine.
func (l *lowered) rule() automaton.Rule {
	return automaton.Rule{Pattern: l.pattern, Rank: l.rank, Class: l.class}
}

// Verdicts says what the winners of class 0 decide, in the compact form a
// caller keeps per host. With a nil table, winner r below file stands for
// the Selection's rule r and decides as that rule says, and a winner from
// file on is a rule the dialect adds, which allows and stands for no line.
// Otherwise table[r] is the index in the Selection's Rules of the rule
// winner r stands for, shifted left one, with bit 0 set when it allows,
// or -1 for a rule the dialect adds.
func (p *Program) Verdicts() (table []int32, file int32) { return p.verdicts, p.file }

// ruleless are the machines of programs without a rule of the file (only
// the rules the dialect adds, if any), one per dialect, built with the
// default Limits on first use and shared by every such program: a Machine
// is immutable. One file in nine of the corpus selects no rule for
// Googlebot.
var ruleless = make([]struct {
	once sync.Once
	m    *automaton.Machine
}, dialect.Len)

// Machine builds the automaton of p's rules with the given limits. The
// programs of a dialect that hold no rule of the file, only those the
// dialect adds, share one Machine built with the default Limits.
func (p *Program) Machine(lim automaton.Limits) *automaton.Machine { return p.MachineIn(lim, "") }

// MachineIn is Machine, but when text is the patterns of p's rules end to
// end, as a caller lays out the Selection's patterns followed by the
// dialect's (Dialect.Appended), the automaton is built reading them there
// rather than from a copy (automaton.CompileIn); pass "" for a copy.
func (p *Program) MachineIn(lim automaton.Limits, text string) *automaton.Machine {
	if lim != (automaton.Limits{}) || p.fileRules || len(p.Rules) > p.Crawl || !p.dialect.valid() {
		return automaton.CompileIn(text, p.Rules, lim)
	}
	e, rules := &ruleless[p.dialect], p.Rules // the closure holds the rules, so that p need not move to the heap
	e.once.Do(func() { e.m = automaton.Compile(rules, lim) })
	return e.m
}

// Scan returns a scan of p's rules (automaton.NewScan), to decide with
// before building its Machine, or nil when the Machine is the better
// start: with limits other than the default, with Content-Usage classes,
// with rules too many or too long to scan, or with no rule of the file
// (the Machine is then shared and already built). When text is the
// patterns of p's rules end to end, the scan keeps it rather than a copy
// (automaton.NewScanIn); pass "" for a copy.
func (p *Program) Scan(lim automaton.Limits, text string) *automaton.Scan {
	if lim != (automaton.Limits{}) || !p.fileRules || len(p.Rules) > p.Crawl || !p.dialect.valid() {
		return nil
	}
	return automaton.NewScanIn(text, p.dialect.Appended(), p.Rules)
}

// String writes p one rule a line: "class rank pattern", the rank "max"
// for the highest, then for a rule of class 0 what it decides, "allow" or
// "disallow" and the line of the rule it stands for ("allow 0" for a rule
// the dialect adds): what a test compares, or a person reads to see how a
// file was lowered.
func (p *Program) String() string {
	var b strings.Builder
	for i, r := range p.Rules {
		rank := fmt.Sprint(r.Rank)
		if r.Rank == math.MaxInt {
			rank = "max"
		}
		fmt.Fprintf(&b, "%d %s %s", r.Class, rank, r.Pattern)
		if i < p.Crawl {
			rule, allow := p.verdict(int32(i))
			verb, line := "disallow", 0
			if allow {
				verb = "allow"
			}
			if rule >= 0 {
				line = p.sel.at(rule).Line
			}
			fmt.Fprintf(&b, " -> %s %d", verb, line)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// verdict returns what winner r of class 0 decides (see Verdicts): the
// index in the Selection's Rules of the rule it stands for, or -1, and
// whether it allows.
func (p *Program) verdict(r int32) (rule int, allow bool) {
	switch {
	case p.verdicts != nil && p.verdicts[r] < 0, p.verdicts == nil && r >= p.file:
		return -1, true
	case p.verdicts != nil:
		return int(p.verdicts[r] >> 1), p.verdicts[r]&1 != 0
	}
	return int(r), p.sel.at(int(r)).Allow
}
