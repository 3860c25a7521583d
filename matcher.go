package robots

import (
	"strings"
	"time"

	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/config"
	"github.com/robotsexclusion/robots/internal/kept"
	"github.com/robotsexclusion/robots/normalize"
)

// A Matcher decides URLs for one crawler: the rules of its groups compiled
// into one automaton. It is immutable and safe for concurrent use. Deciding a
// URL takes one pass over the URL's octets, does not allocate and takes no
// lock, whatever the number of rules. When the crawler's groups hold
// Content-Usage rules with paths, a URL takes one more pass, for those
// rules, and when their wildcard patterns may beat their literal ones, one
// more per usage category they state (two today).
//
// A Matcher of a few short rules, as most files have, builds its automaton
// only once its decisions have cost what building it does: until then it
// decides by trying each rule, within the same decision budget, and then a
// background goroutine builds the automaton, once, without making a
// decision wait for it (the ski-rental rule). So a host decided for one
// URL pays for no automaton.
type Matcher struct {
	// Agents whose selection is the same set of groups get copies of one
	// Matcher (forAgents): each field is immutable, or points to state
	// the copies share. A crawler keeps a Matcher per host, so its fields
	// are laid out without padding, what most selections do without (a
	// table of verdicts, usage lines) lives apart (matcherRare), and the
	// one agent value most Matchers are asked for is held in place
	// (agentTokens): a Matcher is 96 octets (TestMatcherSize).
	host     *host        // the automaton, or the scan of the rules until it pays to build it
	rare     *matcherRare // nil when the selection needs none of it, as most do
	delay    time.Duration
	nfile    int32 // with no decides table, the crawl class's rules of the file; those after are the dialect's
	named    bool
	hasDelay bool
	form     normalize.Form // how URLs are written for the machine

	dialect uint8 // the compile.Dialect the rules were read in, for Explain; it fits the padding

	// The agent values asked for, as read, set on each copy (forAgents).
	agents kept.Agents

	// What Selection, Rules and decisions report, set once on the
	// compiled Matcher: the selected groups and their lines, compactly,
	// with their strings copied into one (package kept).
	lines kept.Lines
}

// matcherRare is what a Matcher holds only for some selections: one whose
// machine's rules are not the kept rules in order (decides), one with
// Content-Usage or Content-Signal lines (usage, prefs), one whose named
// group hides the * groups' usage lines (hidden).
type matcherRare struct {
	decides []int32             // by rule of the crawl class: its kept rule, shifted left, allow in bit 0; -1 for a rule the dialect adds; nil when that is the identity (see decision)
	usage   *compile.UsageTable // nil when the selection has no usage line
	hidden  []int               // Selection.HiddenUsage
	prefs   []*kept.Usage       // by kept group, its usage lines; nil when no group has any
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

// newMatcher compiles the rules selected for a crawler, lowered by
// dialect d (compile.Dialect.Lower), into one automaton, or, as scan says,
// into a scan of the rules until the automaton pays (see host). The
// Matcher holds none of s's strings: lines, what package kept keeps of
// the selected groups, holds copies, and the scan shares their text.
func newMatcher(s compile.Selection, lines kept.Lines, lim automaton.Limits, scan config.Scan, d compile.Dialect) *Matcher {
	p := d.Lower(s)
	// The Matcher and its host are one allocation: a copy of the Matcher
	// (forAgents) shares the host, and keeps the pair alive.
	pair := new(struct {
		m Matcher
		h host
	})
	m := &pair.m
	*m = Matcher{named: s.Named, delay: s.CrawlDelay, hasDelay: s.DelayLine != 0, form: d.Form(), dialect: uint8(d), lines: lines}
	rare := matcherRare{usage: p.Usage, hidden: s.HiddenUsage} // kept only if it holds anything
	rare.decides, m.nfile = p.Verdicts()
	// What is kept of s and p is read before the automaton is built, so
	// that neither holds the selection's lines through the build.
	s = compile.Selection{}
	m.host = &pair.h
	m.host.init(&p, lim, scan, m.lines.RuleText(d.Appended()))
	if rare.decides != nil || rare.usage != nil || len(rare.hidden) > 0 {
		m.rare = new(matcherRare) // not &rare: most Matchers need none, and rare would always escape
		*m.rare = rare
	}
	return m
}

// Decide reports whether url may be fetched, which rule decided, and the
// usage preferences the file states for it. The Content-Usage rules are
// classes of the same automaton as Allow and Disallow, decided after them
// within the same decision budget; a URL that may not be fetched gets no
// preferences. When those rules cannot be matched within what Allow and
// Disallow left of the budget, the crawl verdict is still exact and the
// preferences they state fail closed (Decision.UsageOverBudget).
//
// url is an absolute URL with a scheme and an authority
// ("https://example.com/a/b?c", as a crawler fetches it), or a reference
// that starts with "/" (a path "/a/b?c", or "//example.com/a"); only its
// path and query are matched, up to a '#' (package normalize says how they
// are found; user information is never read as path). Anything else
// ("mailto:x", "example.com/a", "") is not a URL robots.txt speaks of:
// Decide then sets NotURL (normalize.IsURL says which are URLs) and decides the string as
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
	d.NotURL = !webURL(url) && !normalize.IsURL(url)
	in := m.form.Input(url)
	table := m.usage()
	if table == nil {
		m.decide(&d, m.host.match(in))
		return d
	}
	var won [automaton.MaxClasses]int32
	if set := table.Classes(); set != 0 {
		// The crawl rules, then the Content-Usage rules, within one
		// budget (automaton.Machine.MatchClasses).
		m.host.machine().MatchClasses(in, 1|set, &won)
	} else {
		won[0] = m.host.match(in)
	}
	m.decide(&d, won[0])
	if d.Allowed {
		d.Usage = table.Prefs(&won)
		for c := 1; c < automaton.MaxClasses; c++ {
			d.UsageOverBudget = d.UsageOverBudget || won[c] == automaton.OverBudget
		}
	}
	return d
}

// webURL reports whether url starts with "/", "https://" or "http://": the
// URLs a crawler decides, known for URLs in a few instructions, on the hot
// path before normalize.IsURL.
func webURL(url string) bool {
	return len(url) > 0 && url[0] == '/' || strings.HasPrefix(url, "https://") || strings.HasPrefix(url, "http://")
}

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
		d.Pattern, d.Line, d.Allowed = m.lines.Rule(int(r))
		return
	}
	x := decides[r]
	if x < 0 {
		d.Allowed = true
		return
	}
	d.Pattern, d.Line, _ = m.lines.Rule(int(x >> 1))
	d.Allowed = x&1 != 0
}

// Stats describes the automaton a Matcher decides with, for tools and
// benchmarks that watch what compiling a file costs. Package automaton
// says what its engines are and cost.
type Stats struct {
	Engine string // the engine of the Allow and Disallow rules: "dfa" (one DFA), "split" (a DFA of the literal rules and one of the wildcard rules), "nfa" or "segments" (a DFA of the literal rules beside a matcher of the wildcard ones)
	States int    // the DFA states built when the Matcher was compiled, all rules together
	Bytes  int    // the memory the automaton's tables hold, approximately

	// Bounded reports that the rules keep every decision within the
	// decision budget (see the package doc's Bounds), so that no Decision
	// of this Matcher sets OverBudget: true of every real file.
	Bounded bool
}

// Stats describes the automaton the Matcher decides with.
func (m *Matcher) Stats() Stats {
	st := m.host.machine().Stats()
	return Stats{Engine: st.Tier.String(), States: st.States, Bytes: st.Bytes, Bounded: st.Bounded}
}

// groupIndices returns the indices of the kept groups in the file's
// Groups.
func (m *Matcher) groupIndices() []int {
	out := make([]int, m.lines.Groups())
	for i := range out {
		out[i] = m.lines.Index(i)
	}
	return out
}

// Cost returns the units of work deciding url costs, as the decision
// budget counts them (see the package doc's Bounds), past the budget too:
// a tool sees with it how near the budget a file takes a URL, where Decide
// would only say that it failed closed (Decision.OverBudget). It costs
// what Decide would spend now: while the Matcher decides by a scan of its
// rules (see the package doc), the scan's work, and the automaton's once
// it is built or the URL is longer than the scan reads.
func (m *Matcher) Cost(url string) int {
	set := automaton.ClassSet(1)
	if t := m.usage(); t != nil {
		set |= t.Classes()
	}
	return m.host.work(m.form.Input(url), set)
}
