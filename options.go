package robots

import (
	"fmt"

	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/config"
	"github.com/robotsexclusion/robots/internal/dialect"
	"github.com/robotsexclusion/robots/normalize"
)

// A Dialect is a reading of robots.txt: how lines and user-agents are read,
// how octets are compared and how matching rules are ranked. Every dialect
// runs through the same parser and engine; a dialect only sets their choices.
type Dialect = compile.Dialect

// The dialects, each documented in package compile: RFC9309, the default;
// Google, exactly Google's library; and the first-match rules of the 1996
// draft and the 1994 standard.
const (
	RFC9309      = compile.RFC9309
	Google       = compile.Google
	Draft1996    = compile.Draft1996
	Original1994 = compile.Original1994
)

// Dialects returns every dialect, RFC9309 first, in the order of the
// constants.
func Dialects() []Dialect { return dialect.All[Dialect]() }

// ParseDialect returns the dialect of the given name ("rfc9309", "google",
// "draft1996" or "original1994"), ignoring case.
func ParseDialect(name string) (Dialect, error) {
	d, err := dialect.Parse[Dialect](name)
	if err != nil {
		return 0, fmt.Errorf("robots: %w", err)
	}
	return d, nil
}

// DefaultParseLimit is the number of octets of a body that Parse reads by
// default, the minimum that RFC 9309 section 2.5 asks crawlers to parse.
const DefaultParseLimit = normalize.DefaultLimit

// agentBytesPerOctet and agentBytesBase are the memory budget of reading
// a file and compiling a crawler's rules: Parse and the first Agent call
// together allocate at most agentBytesPerOctet bytes per octet of the body
// read plus agentBytesBase, the automaton's share bounded by package
// automaton and the parser's and the lowering's by package compile.
// TestAgentBudget holds every hostile file of the tests to it, under
// every engine: the most is 49 bytes an octet, on lines of a Content-Usage
// value package usage reads with its general reader ("x;a").
const (
	agentBytesPerOctet = 60
	agentBytesBase     = 1 << 20
)

// An Option changes how Parse reads a body, or how its Matchers are
// compiled.
type Option func(*config.Config)

// WithDialect makes Parse read the body in the given dialect.
func WithDialect(d Dialect) Option { return func(c *config.Config) { c.Dialect = d } }

// WithParseLimit sets how many octets of the body are parsed; the line that
// straddles the limit is read whole within normalize.Slack (64 KiB; a longer
// one is cut as normalize.Slack says) and the rest ignored. Limits below
// DefaultParseLimit are raised to it, as RFC 9309 requires, in every
// dialect; limits above normalize.MaxLimit (64 MiB) are lowered to it.
func WithParseLimit(n int) Option {
	return func(c *config.Config) { c.Limit, c.LimitSet = n, true }
}

// WithCharset declares the body's charset, as a Content-Type header does
// ("iso-8859-1", "windows-1251"); a body that is not valid UTF-8 is
// transcoded to UTF-8 before it is parsed, unless that would lose rule
// lines (see normalize.ErrCharsetIgnored). Without it the octets are read
// as they are (a byte order mark still tells UTF-8 and UTF-16 apart). The
// labels are those of the WHATWG Encoding Standard; a program built with
// the tag robots_nocharset knows only UTF-8's (see package normalize).
func WithCharset(label string) Option { return func(c *config.Config) { c.Charset = label } }

// WithEagerDFA makes each Matcher build the DFA of its wildcard rules
// when it is compiled, where the DFA fits the automaton's budgets, and
// otherwise decide with a DFA built lazily from its first URL on: for a
// crawler that decides very many URLs per host, at a higher cost to
// compile. Without it a Matcher builds no DFA of wildcard rules when it is
// compiled, and builds one lazily, a state at a time, once it has decided
// enough URLs to pay for it (see package automaton). Either way decisions
// are exact, and Parse and Agent keep to the memory budget above.
func WithEagerDFA() Option {
	return config.WithLimits(automaton.Limits{EagerDFA: true})
}
