package robots

import (
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/normalize"
)

// A Matcher decides URLs for one crawler: the rules of its groups compiled
// into one automaton. It is immutable and safe for concurrent use. Deciding a
// URL takes one pass over the URL's octets, does not allocate and takes no
// lock, whatever the number of rules. When the crawler's groups hold
// Content-Usage rules with paths, an allowed URL takes one more pass, or,
// when a wildcard pattern is as long as another, one more per usage
// category those rules state (two today), categories that rank the rules
// alike sharing one; see compile.LowerUsage.
//
// Agents whose selection is the same set of groups get copies of one
// Matcher (see forAgents): each field is immutable, or points to state the
// copies share.
//
// A crawler keeps a Matcher per host, so its fields are laid out without
// padding, what most selections do without (a table of decisions, usage
// lines) lives apart (matcherRare), and the one agent value most Matchers
// are asked for is held in place (see agentTokens): a Matcher is 96
// octets (TestMatcherSize).
type Matcher struct {
	machine  *automaton.Machine
	rare     *matcherRare // nil when the selection needs none of it, as most do
	delay    time.Duration
	nfile    int32 // with no decides table, the crawl class's rules of the file; those after are the dialect's
	ncrawl   int32 // the rules of the crawl class; those of the usage classes come after
	named    bool
	hasDelay bool
	form     normalize.Form // how URLs are written for the machine

	// The agent values asked for, as read, set on each copy (see
	// forAgents): one value, as most crawlers give, is given with its
	// token given[tokOff:tokOff+tokLen] and the bits of agentBits;
	// agents holds them otherwise.
	agentBits      uint8
	tokOff, tokLen uint16
	given          string
	agents         *[]AgentToken

	// What Selection, Rules and decisions report, set once on the
	// compiled Matcher (see keep): the selected groups and their lines,
	// compactly, with their strings copied into one.
	lines keptLines
}

// matcherRare is what a Matcher holds only for some selections: one whose
// machine's rules are not the kept rules in order (decides), one with
// Content-Usage or Content-Signal lines (usage, prefs), one whose named
// group hides the * groups' usage lines (hidden).
type matcherRare struct {
	decides []int32             // by rule of the crawl class: its kept rule, shifted left, allow in bit 0; -1 for a rule the dialect adds; nil when that is the identity (see decision)
	usage   *compile.UsageTable // nil when the selection has no usage line
	hidden  []int               // Selection.HiddenUsage
	prefs   []*keptUsage        // by kept group, its usage lines (see keptGroup); nil when no group has any
}

// decides returns the table of decisions, or nil when rule i of the
// machine is kept rule i (see decide).
func (m *Matcher) decides() []int32 {
	if m.rare == nil {
		return nil
	}
	return m.rare.decides
}

// usage returns the usage table, or nil when the selection has no usage
// line.
func (m *Matcher) usage() *compile.UsageTable {
	if m.rare == nil {
		return nil
	}
	return m.rare.usage
}

// hidden returns Selection.HiddenUsage.
func (m *Matcher) hidden() []int {
	if m.rare == nil {
		return nil
	}
	return m.rare.hidden
}

// newMatcher compiles the rules selected for a crawler, lowered as dialect
// d ranks them (compile.Dialect.Lowered), and its Content-Usage rules
// (compile.LowerUsage) into one automaton: the crawl rules first, as
// class 0, then the usage rules in their classes. The Matcher holds none
// of s's strings: keep gives it copies.
func newMatcher(s compile.Selection, lim automaton.Limits, d compile.Dialect) *Matcher {
	m := &Matcher{named: s.Named, delay: s.CrawlDelay, hasDelay: s.DelayLine != 0, form: d.Form()}
	m.lines.dialect = uint8(d)
	var rare matcherRare // kept only if it holds anything
	rare.hidden = s.HiddenUsage
	ulow, table := compile.LowerUsage(s)
	// The crawl rules, then the usage rules. A lowered rule of the crawl
	// class is known by its line, the lowered rules coming in the order of
	// s.Rules, which are in line order, one rule a line. Most often they
	// are the file's rules, in order, then the rules the dialect adds:
	// then decides stays nil, and rule i of the machine is kept rule i
	// (see decision).
	rules := make([]automaton.Rule, 0, len(s.Rules)+2+len(ulow))
	j, fileRules, added := 0, false, false
	for l := range d.Lowered(s) {
		i := len(rules)
		rules = append(rules, automaton.Rule{Pattern: l.Pattern, Rank: l.Rank})
		code := int32(-1)
		if l.Line != 0 {
			for s.Rules[j].Line != l.Line {
				j++
			}
			code = int32(j)<<1 | int32(btoi(l.Allow))
			fileRules = true
		}
		if rare.decides == nil {
			switch {
			case code < 0:
				if !added {
					added, m.nfile = true, int32(i) // the dialect's rules, from here on
				}
				continue
			case !added && j == i && l.Allow == s.Rules[j].Allow:
				continue // as decision reads a nil decides
			}
			// Not the identity: decides as it would have been so far.
			rare.decides = make([]int32, i, len(s.Rules)+2)
			for k := range i {
				rare.decides[k] = -1
				if !added || k < int(m.nfile) {
					rare.decides[k] = int32(k)<<1 | int32(btoi(s.Rules[k].Allow))
				}
			}
		}
		rare.decides = append(rare.decides, code)
	}
	m.ncrawl = int32(len(rules))
	if !added && rare.decides == nil {
		m.nfile = m.ncrawl
	}
	for _, l := range ulow {
		rules = append(rules, automaton.Rule{Pattern: l.Pattern, Rank: l.Rank, Class: l.Class})
	}
	if table.Any() { // most selections have none: no allocation
		rare.usage = new(compile.UsageTable)
		*rare.usage = table
	}
	if rare.decides != nil || rare.usage != nil || len(rare.hidden) > 0 {
		m.rare = new(matcherRare)
		*m.rare = rare
	}
	if len(ulow) > 0 {
		m.machine = automaton.Compile(rules, lim)
	} else {
		m.machine = compileRules(rules, fileRules, lim, d)
	}
	return m
}

func btoi(v bool) int {
	if v {
		return 1
	}
	return 0
}

// usageClasses are the classes of the Content-Usage rules, which Decide
// walks for an allowed URL when the selection has such rules.
var usageClasses = func() automaton.ClassSet {
	n := compile.NumClasses()
	if n > automaton.MaxClasses {
		panic("robots: compile lowers to more classes than automaton.MaxClasses")
	}
	return automaton.ClassSet(1<<n-1) &^ (1 << compile.ClassCrawl)
}()

// ruleless are the machines of selections without a rule of the file (only
// the rules the dialect adds, if any), one per dialect, built with the
// default Limits on first use and shared by every such Matcher: a Machine
// is immutable. One file in nine of the corpus selects no rule for
// Googlebot.
var ruleless = make([]struct {
	once sync.Once
	m    *automaton.Machine
}, len(compile.Dialects()))

// compileRules compiles rules, or returns the shared machine when they
// hold no rule of the file (fileRules false).
func compileRules(rules []automaton.Rule, fileRules bool, lim automaton.Limits, d compile.Dialect) *automaton.Machine {
	if lim != (automaton.Limits{}) || !d.Valid() || fileRules {
		return automaton.Compile(rules, lim)
	}
	e := &ruleless[d]
	e.once.Do(func() { e.m = automaton.Compile(rules, lim) })
	return e.m
}

// Decide reports whether url may be fetched, which rule decided, and the
// usage preferences the file states for it. The Content-Usage rules are
// classes of the same automaton as Allow and Disallow, decided in the same
// read of the URL; a URL that may not be fetched gets no preferences.
//
// url is an absolute URL with a scheme and an authority
// ("https://example.com/a/b?c", as a crawler fetches it), or a reference
// that starts with "/" (a path "/a/b?c", or "//example.com/a"); only its
// path and query are matched, up to a '#' (package normalize says how they
// are found; user information is never read as path). Anything else
// ("mailto:x", "example.com/a", "") is not a URL robots.txt speaks of:
// Decide then sets NotURL (CheckURL says why) and decides the string as
// Google's crawler reads it, leniently ("example.com/a" as "/a"), so the
// verdict is never silent; Allowed says no.
//
// Decide decides the octets of url as they are written: a path with dot
// segments or runs of slashes ("/a/../private") is matched as written. A
// crawler that sends the request decides it with package served
// (served.Decide; fetch.Transport uses it), which decides on the request
// target as it is sent and also refuses a path that a common server reads
// as a disallowed one (/a/../private, or /private%2Fa for /private/a).
func (m *Matcher) Decide(url string) (d Decision) {
	d.NotURL = !webURL(url) && checkScheme(url) != nil
	in := m.form.Stream(url)
	table := m.usage()
	if table == nil {
		m.decide(&d, m.machine.Match(in))
		return d
	}
	var won [automaton.MaxClasses]int32
	walk := table.Walk()
	if walk {
		// One read of the URL for the crawl rules and the Content-Usage
		// rules together (automaton.Machine.MatchClasses).
		m.machine.MatchClasses(in, 1<<compile.ClassCrawl|usageClasses, &won)
	} else {
		won[compile.ClassCrawl] = m.machine.Match(in)
	}
	m.decide(&d, won[compile.ClassCrawl])
	if d.Allowed {
		d.Usage = table.Prefs(won[:], m.ncrawl)
	}
	return d
}

// ErrNotURL is what CheckURL returns for a string that is not a URL that
// robots.txt speaks of: neither an absolute URL with a scheme and an
// authority ("https://host/path") nor a reference that starts with "/".
// A Decision on such a string has NotURL set.
var ErrNotURL = errors.New("robots: not a URL: want https://host/path or /path")

// CheckURL returns nil when url is a URL that Decide reads as one (an
// absolute URL with a scheme and an authority, or a reference that starts
// with "/"), and ErrNotURL otherwise: what a tool checks of a URL before it
// fetches anything. It reads the scheme only.
func CheckURL(url string) error {
	if webURL(url) {
		return nil
	}
	return checkScheme(url)
}

// webURL reports whether url starts with "/", "https://" or "http://": the
// URLs a crawler decides, known for URLs in a few instructions, on the hot
// path.
func webURL(url string) bool {
	return len(url) > 0 && url[0] == '/' || strings.HasPrefix(url, "https://") || strings.HasPrefix(url, "http://")
}

// checkScheme is CheckURL for a URL that neither starts with "/" nor with
// a web scheme: nil when a scheme ("ftp", "android-app") and "://" start it.
func checkScheme(url string) error {
	i := 0
	for i < len(url) && (isLetter(url[i]) || i > 0 && (isDigit(url[i]) || url[i] == '+' || url[i] == '-' || url[i] == '.')) {
		i++
	}
	if i > 0 && len(url)-i >= 3 && url[i:i+3] == "://" {
		return nil
	}
	return ErrNotURL
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

// decide sets the verdict of d, whose other fields are zero, to rule r of
// the crawl class, or to no rule. Through decides, or when it is nil, as
// rule r of the kept rules below nfile and a rule the dialect adds from
// there on. It fills d in place: a Decision is large enough (its usage.Set)
// that building one and copying it costs a tenth of a short decision.
func (m *Matcher) decide(d *Decision, r int32) {
	// d.NotURL may be set: it stays.
	if r < 0 {
		if r == automaton.OverBudget {
			d.OverBudget = true // fail closed: Allowed stays false
			return
		}
		d.Allowed = true
		return
	}
	decides := m.decides()
	if decides == nil {
		if r >= m.nfile {
			d.Allowed = true // a rule the dialect adds reports no line
			return
		}
		d.Pattern, d.Line, d.Allowed = m.lines.rule(int(r))
		return
	}
	x := decides[r]
	if x < 0 {
		d.Allowed = true
		return
	}
	d.Pattern, d.Line, _ = m.lines.rule(int(x >> 1))
	d.Allowed = x&1 != 0
}

// Stats describes the compiled automaton, for tools and tests.
func (m *Matcher) Stats() automaton.Stats { return m.machine.Stats() }

// Cost returns the units of work deciding url costs on the compiled
// automaton, as the decision budget counts them (see the package
// comment's Bounds and automaton.Machine.Cost), past the budget too: a
// tool sees with it how near the budget a file takes a URL, where Decide
// would only say that it failed closed.
func (m *Matcher) Cost(url string) int {
	set := automaton.ClassSet(1 << compile.ClassCrawl)
	if t := m.usage(); t != nil && t.Walk() {
		set |= usageClasses
	}
	return m.machine.Cost(m.form.Stream(url), set)
}
