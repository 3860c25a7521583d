package robots

import (
	"errors"
	"slices"
	"strconv"
	"time"

	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/config"
	"github.com/robotsexclusion/robots/internal/memo"
	"github.com/robotsexclusion/robots/usage"
)

// Robots is a parsed robots.txt file. It is immutable and safe for
// concurrent use.
type Robots struct {
	file        *compile.File
	dialect     Dialect
	limits      automaton.Limits
	scan        config.Scan
	diagnostics []Diagnostic // of the body as a whole: the file's go after the first nPre
	nPre        int
	truncated   bool // content past the parse limit was ignored

	agents memo.Map[*Matcher]   // appendKey -> *Matcher; at most maxAgents
	sels   memo.Cache[*Matcher] // appendGroupsKey -> the compiled Matcher that agents share; at most maxSelections
}

// Parse reads a robots.txt body. It never fails and never returns nil:
// whatever cannot be read is skipped and reported by Diagnostics. An empty
// or unreadable body disallows nothing.
func Parse(body []byte, opts ...Option) *Robots {
	r, _ := parse(body, opts, nil)
	return r
}

// Allowed reports whether the crawler with the given agent value, read as
// Agent reads it, may fetch url. It compiles the crawler's rules on first
// use and keeps them; a crawler deciding many URLs should hold the Matcher
// from Agent instead.
func (r *Robots) Allowed(agent, url string) bool {
	return r.Agent(agent).Allowed(url)
}

// Agent returns the Matcher for the crawler with the given agent value: the
// rules of every group that names it, or of every * group when none does.
// The value is read as a user-agent line is (see AgentToken): by default its
// leading product token, ignoring ASCII case, so "Googlebot", "googlebot",
// "Googlebot/2.1" and a whole User-Agent header that starts with Googlebot
// all select Googlebot's groups; a value with no token ("", "*") selects the
// * groups. In the Google dialect the value is compared as given, as
// Google's library does. In the first-match dialects it is the first group
// whose name is a substring of the value, or the first * group. The
// Matcher's Selection reports how the value was read and which groups apply.
//
// Agents whose selection is the same set of groups share one compiled
// automaton, built once even when many goroutines ask at once. A Robots
// keeps at most 64 compiled sets and remembers the Matchers of at most 256
// agents; past that, answers are as right, only not remembered.
func (r *Robots) Agent(agent string) *Matcher {
	return r.matcher(keyAgent, agent)
}

// AgentAny returns the Matcher for a crawler that answers to any of the
// given agent values (each read as Agent reads it), as Google's
// AllowedByRobots reads a list: the rules of every group naming any of
// them are merged into one rule set (or, when none is named, the * groups),
// and that set decides; the verdicts of the values are not OR-ed. In the
// first-match dialects the first record naming any of them applies. With
// one value it is Agent; with none, only the * groups apply.
func (r *Robots) AgentAny(agents ...string) *Matcher {
	if len(agents) == 1 {
		return r.Agent(agents[0])
	}
	return r.matcher(keyList, agents...)
}

// AgentFallback returns the Matcher of the first of the given agent values
// that some group names, as Agent would return it; when no group names any
// of them, the Matcher of the * groups (Agent of the first value). It reads
// one crawler that falls back from a specific token to a general one, as
// Google documents for its crawlers: AgentFallback("Googlebot-Image",
// "Googlebot") takes the Googlebot-Image groups if there are any, else the
// Googlebot groups, else the * groups. Unlike AgentAny it never merges the
// groups of several values.
func (r *Robots) AgentFallback(agents ...string) *Matcher {
	var buf [keyBuffer]byte
	var k []byte // nil for a chain too long to remember
	if keyFits(keyFallback, agents) {
		k = appendKey(buf[:0], keyFallback, agents)
		if m, ok := r.agents.Load(k); ok {
			return m
		}
	}
	var m *Matcher
	switch i := r.file.FirstNamed(agents...); {
	case i >= 0:
		m = r.Agent(agents[i])
	case len(agents) > 0:
		m = r.Agent(agents[0])
	default:
		m = r.AgentAny()
	}
	if k != nil && r.kept(m.groupIndices()) {
		m, _ = r.agents.Store(k, m, maxAgents) // as matcher does
	}
	return m
}

// keyFits reports whether the key of agents asked as kind (appendKey) is
// at most keyBuffer octets, so that it may be remembered; a longer one,
// as of a chain of every crawler of a registry, is neither built nor
// looked up.
func keyFits(kind byte, agents []string) bool {
	n := 1 // kind
	for _, a := range agents {
		n += len(a) + 2 // the value, ':' and its length's first digit
		for l := len(a); l >= 10; l /= 10 {
			n++
		}
		if n > keyBuffer {
			return false
		}
	}
	return true
}

// Sitemaps returns the URLs of the file's sitemap lines, in file order,
// without duplicates.
func (r *Robots) Sitemaps() []string {
	out := make([]string, len(r.file.Sitemaps))
	for i, s := range r.file.Sitemaps {
		out[i] = s.URL
	}
	return out
}

// Diagnostics returns the problems found while reading the file, in line
// order, each with a code of its severity (see Code). Line 0 reports a
// problem with the body as a whole. Package lint reports these and more,
// under the same codes. Parse only counts them, as a crawler never asks:
// the first call after Parse reads the file again to find them (safe from
// any goroutine), where ParseSource keeps them as it reads.
func (r *Robots) Diagnostics() []Diagnostic {
	out := append([]Diagnostic(nil), r.diagnostics[:r.nPre]...)
	out = append(out, r.file.Diagnostics()...) // formatted now, not while parsing
	return append(out, r.diagnostics[r.nPre:]...)
}

// Truncated reports whether the body was longer than the parse limit
// (DefaultParseLimit, or WithParseLimit's), so that what comes after it was
// not read, as RFC 9309 2.5 allows: a rule past the limit does not apply.
// Diagnostics reports it too, with the line where reading stopped.
func (r *Robots) Truncated() bool { return r.truncated }

// Groups returns the file's groups, in file order, for tools that show or
// check a file; a crawler asks Agent instead. Each call returns a new copy.
func (r *Robots) Groups() []Group {
	out := make([]Group, len(r.file.Groups))
	for i := range r.file.Groups {
		out[i] = cloneGroup(&r.file.Groups[i])
	}
	return out
}

// Names returns the user-agent lines that name a crawler, the first line of
// each name (compared ignoring ASCII case), in file order: the crawlers the
// file speaks to by name, as written (see compile.File.Names). Tools ask
// Agent of each Name.
func (r *Robots) Names() []UserAgent { return r.file.Names() }

// Extensions returns the lines that are neither rules, user-agent nor
// sitemap lines (host, clean-param, and whatever comes next), in file order.
// Each call returns a new copy.
func (r *Robots) Extensions() []Extension { return slices.Clone(r.file.Extensions) }

// Usage returns the Content-Usage lines outside any group, in file order:
// they apply to every crawler, beside its groups' (see Decision.Usage).
// Each call returns a new copy.
func (r *Robots) Usage() []UsageRule { return slices.Clone(r.file.Usage) }

// Signals returns the Content-Signal lines outside any group, in file
// order: they apply to every crawler, beside its groups'. Each call returns
// a new copy.
func (r *Robots) Signals() []Signal { return slices.Clone(r.file.Signals) }

// Dialect returns the dialect the file was read in.
func (r *Robots) Dialect() Dialect { return r.dialect }

// A Decision says whether a URL may be fetched, which rule decided, and
// what the file says may be done with the content fetched.
type Decision struct {
	Allowed bool // the URL may be fetched
	NotURL  bool // what was decided is not a URL robots.txt speaks of (see Matcher.Decide): the verdict is the string's as Google's crawler reads it, and a crawler should not fetch it

	// OverBudget reports that the URL was not matched, because deciding
	// it exactly against the Allow and Disallow rules would cost more work
	// than a decision may (see the package comment's Bounds and
	// ErrOverBudget): the decision fails closed, Allowed false and Line 0.
	// It is false for every other decision. This and UsageOverBudget are
	// the one place where a Matcher departs from exact matching; a file
	// whose rules keep every decision within the budget, as every real
	// file does, sets neither.
	OverBudget bool

	// UsageOverBudget reports, for a URL that may be fetched, that its
	// Content-Usage rules could not be matched within what deciding it
	// against Allow and Disallow left of the decision budget (that
	// verdict is exact): every AIPref category those rules state fails
	// closed, usage.Disallowed from a Content-Usage source of no line, in
	// Usage.
	UsageOverBudget bool

	Line    int    // line of the deciding rule; 0 when no rule matched
	Pattern string // the deciding rule's value as written; "" when none

	// Usage is the usage preferences the file states for the URL: its
	// Content-Usage rules (draft-ietf-aipref-attach: the longest matching
	// path; equal lengths combined, any n winning, else any y) and the
	// Content-Signal lines of the crawler's groups, with those outside any
	// group, which apply to every crawler. Each category's source
	// (usage.Set.From) is the line that set it, with its field,
	// Content-Usage or Content-Signal. It is the zero Set when the URL
	// may not be fetched (a disallowed URL has no preferences) or the file
	// states none; see package usage for each category's meaning.
	Usage usage.Set
}

// ErrOverBudget says why a Decision with OverBudget set disallows its URL,
// for errors that report one (package fetch's): matching it exactly
// against the file's rules would cost more than the decision budget.
var ErrOverBudget = errors.New("robots: the URL is disallowed unmatched: deciding it exactly would cost more than the decision budget (" +
	strconv.Itoa(automaton.DecideBase) + " units of work plus " + strconv.Itoa(automaton.DecidePerOctet) + " per octet of the URL)")

// CrawlDelay returns the crawl-delay of the crawler's groups (the largest,
// when several are merged) and whether there is one. Crawl-delay is not part
// of RFC 9309; many crawlers honour it.
func (m *Matcher) CrawlDelay() (time.Duration, bool) {
	return m.delay, m.hasDelay
}

// Named reports whether some group of the file names the crawler; when none
// does, the Matcher holds the rules of the * groups.
func (m *Matcher) Named() bool { return m.named }

// Allowed reports whether url may be fetched: Decide's verdict, and false
// for a string that is not a URL (see Decide).
func (m *Matcher) Allowed(url string) bool {
	d := m.Decide(url)
	return d.Allowed && !d.NotURL
}
