// Package robots implements the Robots Exclusion Protocol (robots.txt,
// RFC 9309) for crawlers.
//
// Parse reads a robots.txt body once; Agent compiles the rules that apply to
// one crawler into a Matcher, which decides each URL in a single pass over
// its octets, without allocating or locking, and names the line of the file
// that decided:
//
//	r := robots.Parse(body)
//	m := r.Agent("FooBot")
//	if d := m.Decide("https://example.com/private/x"); !d.Allowed {
//		log.Printf("disallowed by line %d (%s)", d.Line, d.Pattern)
//	}
//
// The crawler's agent value is read as a user-agent line is: its leading
// product token, ignoring ASCII case, so a whole User-Agent header such as
// "FooBot/2.1 (+https://foo.example/bot)" selects FooBot's groups. The
// Matcher's Selection says how the value was read and which groups apply;
// AgentToken says what each dialect does with a value that has no token.
//
// Agents whose selection is the same set of groups (every agent that falls
// back to the * groups, say) share one compiled automaton, built once even
// when many goroutines ask for it at once. The caches are bounded: a Robots
// keeps at most 64 compiled sets of groups and remembers the Matchers of at
// most 256 agents, lists (AgentAny) or chains (AgentFallback); past that
// every answer is as right, only compiled or selected again when asked
// again.
//
// Parsing never fails: whatever cannot be read is skipped and reported by
// Diagnostics. Matching follows RFC 9309: the longest matching pattern wins,
// allow wins a tie, no match means allowed, and /robots.txt is always allowed.
// Patterns and URLs are compared in one canonical octet form (see package
// normalize), so %41 and A, or %2f and %2F, are the same octets while %2F and
// / are not. Where the RFC is silent the file is read as Google's crawler
// reads it.
//
// # Usage preferences
//
// A file may also say what may be done with the content a crawler fetches:
// Content-Usage rules (the IETF AI Preferences drafts; an optional path and
// a preference such as train-ai=n) and Content-Signal lines (Cloudflare's
// Content Signals). Decide reports them in Decision.Usage, from the same
// automaton as the verdict, without allocating: the longest matching Content-Usage path applies, rules
// of equal length combine with any n winning, and the Content-Signal lines
// are added; a URL that may not be fetched has none. Each preference names
// its line. The lines outside any group apply to every crawler (Usage,
// Signals); a group that names the crawler replaces the * group's lines,
// as it replaces its rules, and Selection.HiddenUsage lists what it hid.
// See package usage for the vocabularies and their combined view.
//
// # Bounds
//
// A robots.txt is written by a stranger, so every cost is bounded whatever
// it holds. Parse reads at most the parse limit (DefaultParseLimit, or
// WithParseLimit's, never above normalize.MaxLimit) and 64 KiB more to end
// a line; Parse and the first Agent together allocate at most 48 bytes per
// octet read plus 1 MiB (27 MiB at the default limit), with the automaton's
// share bounded as package automaton states.
//
// Decide takes time linear in the URL's length whatever the rules, with
// no allocation and no lock, within a work budget that the walk counts:
// a URL of L octets (of path and query, in canonical form) costs at most
// automaton.DecideBase (32,768) plus automaton.DecidePerOctet (32) units
// of work per octet, which keeps a decision of a 1 KiB URL within about a
// millisecond on any file the parse limit admits. Where matching the URL
// exactly would cost more, the decision fails closed: the URL is
// disallowed, with Line 0 and Decision.OverBudget set (ErrOverBudget says
// why), never allowed. That is the one place where a Matcher departs from exact
// matching. It takes files built to defeat automata (tens of thousands of
// distinct wildcard rules that all move on at once): every file of the
// corpus of real files, and files of ten times the wildcard rules of its
// largest, are decided exactly, and Matcher.Stats says whether a file's
// rules keep every decision within the budget (Bounded). Matcher.Cost
// reports what a URL costs.
//
// Decisions running at once hold at most 1 MiB of walk scratch besides
// the first's, per Matcher of a file whose wildcard rules need more than
// 29 KiB of it (thousands of them), and in all for the other Matchers,
// which share theirs process-wide; past that they take turns rather than
// each allocating its own. That scratch is the one allocation a decision
// can make: once per spare slot, the first time decisions overlap so
// many at once; every later decision, and every decision of a Matcher
// used by one goroutine at a time, allocates nothing. A Matcher that decides many URLs decides them
// with a DFA built as they need its states, in arenas that all Matchers
// share: 2 MiB of static storage in all, whatever the files and however
// many Matchers are kept (see package automaton). Explain, the tool path,
// reads at most 16 octets for each octet of the URL's path and of the
// rules' patterns, plus 1 MiB, and says so when that stopped it: linear
// too, at a few times the cost of Decide.
//
// # Tools
//
// For the people who write robots.txt files, and the programs that check
// them, a Matcher explains a decision (Explain: every rule that matches,
// the one that decides and why) and says how it read the crawler's name
// (Selection); a file reports what it could not read plainly
// (Diagnostics: one Diagnostic type, every Code in one table with its
// Severity) and, read with ParseSource, its text and line table. Packages
// lint (checks over a file), diff (what a change does) and crawlers (the
// crawlers that matter) build on these, and the robots command drives
// them.
//
// Other readings are dialects, chosen with WithDialect and run on the same
// parser and engine: Google (exactly Google's open-source library, where it
// departs from the RFC too), and the first-match rules of the 1996 draft
// (Draft1996) and the 1994 standard (Original1994).
package robots

import (
	"errors"
	"strconv"
	"time"

	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/usage"
)

// Robots is a parsed robots.txt file. It is immutable and safe for
// concurrent use.
type Robots struct {
	file        *compile.File
	dialect     Dialect
	limits      automaton.Limits
	diagnostics []Diagnostic // of the body as a whole: the file's go after the first nPre
	nPre        int
	truncated   bool // content past the parse limit was ignored

	agents memo       // appendKey -> *Matcher; at most maxAgents
	sels   selections // the compiled Matchers that agents share; at most maxSelections
}

// Parse reads a robots.txt body. It never fails and never returns nil:
// whatever cannot be read is skipped and reported by Diagnostics. An empty
// or unreadable body disallows nothing.
func Parse(body []byte, opts ...Option) *Robots {
	r, _, _ := parse(body, opts, nil)
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

// AllowedAny reports whether a crawler that answers to any of the given
// agent values (each read as Agent reads it) may fetch url, as Google's
// AllowedByRobots does: the rules of every group naming any of the tokens
// are merged into one rule set (or, when none is named, the * groups), and
// that set decides; the verdicts of the tokens are not OR-ed. In the
// first-match dialects the first record naming any of them applies.
func (r *Robots) AllowedAny(agents []string, url string) bool {
	return r.AgentAny(agents...).Allowed(url)
}

// AgentAny returns the Matcher for a crawler that answers to any of the
// given agent values: Agent with the groups of all of them merged (see
// AllowedAny). With one token it is Agent; with none, only * groups apply.
// Lists share the caches of Agent and their bounds: whatever the number of
// lists asked, a Robots keeps at most 64 compiled sets of groups.
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
	k := appendKey(buf[:0], keyFallback, agents)
	if m, ok := r.agents.load(k); ok {
		return m
	}
	var m *Matcher
	for _, a := range agents {
		if _, named := r.file.SelectGroups(a); named {
			m = r.Agent(a)
			break
		}
	}
	switch {
	case m != nil:
	case len(agents) > 0:
		m = r.Agent(agents[0])
	default:
		m = r.AgentAny()
	}
	if len(k) <= keyBuffer && r.kept(m.groupIndices()) {
		m, _ = r.agents.keep(k, m, maxAgents) // as matcher does
	}
	return m
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
// under the same codes.
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
		out[i] = newGroup(&r.file.Groups[i])
	}
	return out
}

// Names returns the user-agent lines that name a crawler, the first line of
// each name (compared ignoring ASCII case), in file order: the crawlers the
// file speaks to by name, as written. Lines of * and lines that name no
// product token are left out. Tools ask Agent of each Name.
func (r *Robots) Names() []UserAgent {
	var out []UserAgent
	seen := map[string]bool{}
	for i := range r.file.Groups {
		for _, a := range r.file.Groups[i].Agents {
			k := lowerASCII(a.Name)
			if a.Global || a.Name == "" || seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, UserAgent{Line: a.Line, Value: a.Value, Name: a.Name})
		}
	}
	return out
}

// Extensions returns the lines that are neither rules, user-agent nor
// sitemap lines (host, clean-param, and whatever comes next), in file order.
// Each call returns a new copy.
func (r *Robots) Extensions() []Extension {
	out := make([]Extension, len(r.file.Extensions))
	for i, e := range r.file.Extensions {
		out[i] = Extension{Line: e.Line, Key: e.Key, Value: e.Value}
	}
	return out
}

// Usage returns the Content-Usage lines outside any group, in file order:
// they apply to every crawler, beside its groups' (see Decision.Usage).
// Each call returns a new copy.
func (r *Robots) Usage() []UsageRule { return appendUsage(nil, r.file.Usage) }

// Signals returns the Content-Signal lines outside any group, in file
// order: they apply to every crawler, beside its groups'. Each call returns
// a new copy.
func (r *Robots) Signals() []Signal { return appendSignals(nil, r.file.Signals) }

// Dialect returns the dialect the file was read in.
func (r *Robots) Dialect() Dialect { return r.dialect }

// A Decision says whether a URL may be fetched, which rule decided, and
// what the file says may be done with the content fetched.
type Decision struct {
	Allowed bool // the URL may be fetched
	NotURL  bool // what was decided is not a URL robots.txt speaks of (see Matcher.Decide): the verdict is the string's as Google's crawler reads it, and a crawler should not fetch it

	// OverBudget reports that the URL was not matched, because deciding
	// it exactly would cost more work than a decision may (see the
	// package comment's Bounds and ErrOverBudget): the decision fails
	// closed, Allowed false and Line 0. It is false for every other
	// decision. This is the one place where a Matcher departs from exact
	// matching; a file whose rules keep every decision within the budget,
	// as every real file does, never sets it.
	OverBudget bool

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

// lowerASCII returns s with its ASCII letters in lower case, and no other
// octet changed: names compare ignoring ASCII case only.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
