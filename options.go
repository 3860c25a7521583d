package robots

import (
	"fmt"

	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/normalize"
)

// A Dialect is a reading of robots.txt: how lines and user-agents are read,
// how octets are compared and how matching rules are ranked. Every dialect
// runs through the same parser and engine; a dialect only sets their choices,
// all in one table of package compile.
type Dialect = compile.Dialect

const (
	// RFC9309 is the Robots Exclusion Protocol as RFC 9309 defines it; where
	// the RFC is silent it reads files as Google's crawler does. It is the
	// default.
	RFC9309 = compile.RFC9309

	// Google is exactly Google's open-source robots.txt library, where it
	// departs from RFC 9309 too: URLs are compared as given (no
	// percent-encoding is decoded or added), /robots.txt is not special, an
	// Allow of ".../index.html" also allows ".../", lines are cut at 16,663
	// octets and a UTF-16 body is not transcoded. Google's library parses
	// the whole body but Google's crawler does not: the parse limit and
	// normalize.Slack bound this dialect as every other.
	// Decisions name the line Google's library names, an empty rule's line
	// included.
	Google = compile.Google

	// Draft1996 is "A Method for Web Robots Control", the Internet-Draft of
	// 1996: a blank line ends a record, a crawler obeys the first record
	// whose name is a case-insensitive substring of its own (else the first
	// * record), the first Allow or Disallow line that matches decides, *
	// and $ are ordinary octets, and escapes other than %2F are decoded.
	// Keys must be spelt exactly and followed by a colon.
	Draft1996 = compile.Draft1996

	// Original1994 is the 1994 "Standard for Robot Exclusion": Draft1996
	// without Allow lines, which it ignores as unknown.
	Original1994 = compile.Original1994
)

// Dialects returns every dialect, RFC9309 first, in the order of the
// constants.
func Dialects() []Dialect { return compile.Dialects() }

// ParseDialect returns the dialect of the given name ("rfc9309", "google",
// "draft1996" or "original1994"), ignoring case.
func ParseDialect(name string) (Dialect, error) {
	d, err := compile.ParseDialect(name)
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
// together allocate, in all, at most agentBytesPerOctet (48) bytes per
// octet of the body read (the parse limit and its 64 KiB of slack: 564
// KiB by default, so 27 MiB) plus agentBytesBase (1 MiB), so the heap
// never grows by more than that beyond the body itself. The automaton's
// share is bounded by automaton.DefaultCompileBytes, 40 bytes an octet of
// patterns (with other Limits, which force a tier, by
// automaton.CompileBytes, 128 bytes an octet plus 8 MiB); the parser's by
// its fixed-size entries per line, whose tables are sized at once by the
// lines that can fill them (see package compile), and by MaxDiagnostics
// and MaxExtensions. TestAgentBudget holds every hostile file of the
// tests to it, at the default limit and a larger one, and under the
// Limits of every engine (automaton.Engines) as well as the default ones:
// the most per octet is a Content-Usage line of a short value
// that package usage reads with its general parser, "Content-Usage: x",
// repeated (42 bytes an octet, most of it garbage at once), then one line
// of 88,000 stars (31).
const (
	agentBytesPerOctet = 48
	agentBytesBase     = 1 << 20
)

// An Option changes how Parse reads a body.
type Option func(*config)

type config struct {
	dialect  Dialect
	limit    int
	limitSet bool
	charset  string
	limits   automaton.Limits
}

// WithDialect makes Parse read the body in the given dialect.
func WithDialect(d Dialect) Option { return func(c *config) { c.dialect = d } }

// WithParseLimit sets how many octets of the body are parsed; the line that
// straddles the limit is read whole within normalize.Slack (64 KiB; a longer
// one is cut as normalize.Slack says) and the rest ignored. Limits below
// DefaultParseLimit are raised to it, as RFC 9309 requires, in every
// dialect; limits above normalize.MaxLimit (64 MiB) are lowered to it.
func WithParseLimit(n int) Option { return func(c *config) { c.limit, c.limitSet = n, true } }

// WithCharset declares the body's charset, as a Content-Type header does
// ("iso-8859-1", "windows-1251"); a body that is not valid UTF-8 is
// transcoded to UTF-8 before it is parsed, unless that would lose rule lines
// (see normalize.ErrCharsetIgnored). Without it the octets are read as they are (a byte order mark
// still tells UTF-8 and UTF-16 apart). The labels are those of the WHATWG
// Encoding Standard; a program built with the tag robots_nocharset knows
// only UTF-8's (see package normalize).
func WithCharset(label string) Option { return func(c *config) { c.charset = label } }

// WithLimits bounds the construction of each Matcher's automaton (see
// package automaton): past the bounds a cheaper, slower tier is built, still
// exact and linear in the URL. The zero Limits are the defaults, which
// build no DFA of '*' rules at compile time, but build the DFA of all the
// rules lazily, a state at a time in shared arenas, for a Matcher once it
// has decided a few URLs; MaxTier automaton.TierDFA builds the DFAs of
// '*' rules where they fit, Lazy turns the lazy one off or on from the
// first URL, and tests use both to force an engine (automaton.Engines).
func WithLimits(l automaton.Limits) Option { return func(c *config) { c.limits = l } }

// bodyOptions says how Parse prepares a body: as the dialect does, with the
// caller's charset and, unless the dialect reads the whole body and the
// caller set no limit, the parse limit.
func (c *config) bodyOptions() normalize.BodyOptions {
	bo := c.dialect.BodyOptions()
	bo.Charset = c.charset
	if bo.Limit >= 0 || c.limitSet {
		bo.Limit = max(c.limit, 0)
	}
	return bo
}
