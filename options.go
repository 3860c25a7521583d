package robots

import (
	"fmt"
	"strings"

	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/normalize"
)

// A Dialect is a reading of robots.txt: how lines and user-agents are read,
// how octets are compared and how matching rules are ranked. Every dialect
// runs through the same parser and engine; a dialect only sets their choices.
type Dialect int

const (
	// RFC9309 is the Robots Exclusion Protocol as RFC 9309 defines it; where
	// the RFC is silent it reads files as Google's crawler does. It is the
	// default.
	RFC9309 Dialect = iota
)

var dialectNames = map[Dialect]string{
	RFC9309: "rfc9309",
}

// String returns the dialect's name as ParseDialect accepts it.
func (d Dialect) String() string {
	if s, ok := dialectNames[d]; ok {
		return s
	}
	return fmt.Sprintf("Dialect(%d)", int(d))
}

// ParseDialect returns the dialect of the given name ("rfc9309"), ignoring
// case.
func ParseDialect(name string) (Dialect, error) {
	for d, s := range dialectNames {
		if strings.EqualFold(name, s) {
			return d, nil
		}
	}
	return 0, fmt.Errorf("robots: unknown dialect %q", name)
}

// DefaultParseLimit is the number of octets of a body that Parse reads by
// default, the minimum that RFC 9309 section 2.5 asks crawlers to parse.
const DefaultParseLimit = normalize.DefaultLimit

// An Option changes how Parse reads a body.
type Option func(*config)

type config struct {
	dialect Dialect
	limit   int
	charset string
	limits  automaton.Limits
}

// WithDialect makes Parse read the body in the given dialect.
func WithDialect(d Dialect) Option { return func(c *config) { c.dialect = d } }

// WithParseLimit sets how many octets of the body are parsed; the line that
// straddles the limit is read whole and the rest ignored. Limits below
// DefaultParseLimit are raised to it, as RFC 9309 requires.
func WithParseLimit(n int) Option { return func(c *config) { c.limit = n } }

// WithCharset declares the body's charset, as a Content-Type header does
// ("iso-8859-1", "windows-1251"); the body is transcoded to UTF-8 before it is
// parsed. Without it the octets are read as they are (a byte order mark
// still tells UTF-8 and UTF-16 apart).
func WithCharset(label string) Option { return func(c *config) { c.charset = label } }

// WithLimits bounds the construction of each Matcher's automaton (see
// package automaton): past the bounds a cheaper, slower tier is built, still
// exact and linear in the URL. The zero Limits are the defaults; tests use
// MaxTier to force a tier.
func WithLimits(l automaton.Limits) Option { return func(c *config) { c.limits = l } }
