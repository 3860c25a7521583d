// Package dialect is the module's one table of dialects: what each reading
// of robots.txt sets in every stage of the pipeline, from preparing the
// body to ranking the rules that match a path. Package compile names its
// rows (compile.Dialect, whose constants index the table) and is the only
// way a user reaches them; the root package, the conformance reference and
// the tools read here the settings they need, so no two readings of one
// dialect can drift apart.
package dialect

import (
	"fmt"
	"strings"

	"github.com/robotsexclusion/robots/normalize"
)

// Read says how a file is read: the choices by which a dialect reads
// lines, records and user-agents. The zero value is the default reading,
// RFC 9309's, lenient where the RFC is silent as Google's crawler is.
type Read struct {
	// Form is the octet form in which rule patterns are stored
	// (Rule.Canonical) and URLs compared; see package normalize.
	Form normalize.Form

	// MaxLineLength, when positive, keeps only the first MaxLineLength
	// octets of each line, as Google's library keeps 16,663.
	MaxLineLength int

	// ExactKeys reads keys as written, ignoring ASCII case only: no
	// misspelling ("Disalow") or prefix key ("Disallowed") is accepted, and a
	// line without a colon is malformed.
	ExactKeys bool

	// NoAllow reads allow lines as unknown lines, as the 1994 standard,
	// which has no Allow, does.
	NoAllow bool

	// BlankLines makes a blank line end a group, as records end in the 1994
	// standard and the 1996 draft: rules after it, before the next
	// user-agent line, belong to no group. A comment line is not blank.
	BlankLines bool

	// Substring keeps a user-agent value whole as the group's name, and
	// makes selection match a name that is a case-insensitive substring of
	// the crawler's name ("bot" matches Robot), as the 1994 standard
	// recommends; otherwise the name is the value's leading product token
	// and must equal the crawler's.
	Substring bool

	// FirstRecord makes selection take only the first group that names the
	// crawler, else the first * group, instead of merging all of them.
	FirstRecord bool

	// UsageNotRule reads a Content-Usage line, for grouping, as an
	// unknown line: it does not end a group's user-agent lines, as in
	// Google's library, which does not know the line. Otherwise it is a
	// rule line, as draft-ietf-aipref-attach's grammar makes it ("rule =/
	// content-usage"): a user-agent line after it starts a new group.
	// Content-Signal lines, in no grammar, never end a group.
	UsageNotRule bool

	// LiteralAgents makes selection compare the crawler's agent values as
	// given, as Google's library does, instead of reading them as the
	// values of user-agent lines are read.
	LiteralAgents bool
}

// Matching says how a dialect decides among the rules selected for a
// crawler.
type Matching struct {
	FirstMatch bool // rules rank equal: the first match in file order decides
	RobotsTxt  bool // /robots.txt is always allowed (RFC 9309 2.2.2)
	EmptyRules bool // an empty rule matches everything with strength 0 and never disallows
	IndexHTML  bool // Allow: .../index.htm... also allows .../ exactly
}

// A Spec is one row of the table: one dialect.
type Spec struct {
	Name  string                // as Parse (and robots.ParseDialect) accepts it
	Body  normalize.BodyOptions // how a body is prepared; Limit -1: no limit of its own (normalize still bounds it)
	Read  Read                  // how a file is read
	Match Matching              // how matching rules are ranked
}

// googleMaxLine is the line length Google's library keeps: 8 times 2083
// (a URL length browsers limit to), less one.
const googleMaxLine = 8*2083 - 1

// table is indexed by compile.Dialect: RFC9309, Google, Draft1996,
// Original1994, in the order of its constants.
var table = [...]Spec{
	{Name: "rfc9309", Match: Matching{RobotsTxt: true}},
	{
		Name:  "google",
		Body:  normalize.BodyOptions{Limit: -1, KeepUTF16: true},
		Read:  Read{Form: normalize.Raw, MaxLineLength: googleMaxLine, LiteralAgents: true, UsageNotRule: true},
		Match: Matching{EmptyRules: true, IndexHTML: true},
	},
	{
		Name: "draft1996",
		Read: Read{Form: normalize.Decoded, ExactKeys: true,
			BlankLines: true, Substring: true, FirstRecord: true, UsageNotRule: true},
		Match: Matching{FirstMatch: true},
	},
	{
		Name: "original1994",
		Read: Read{Form: normalize.Decoded, ExactKeys: true, NoAllow: true,
			BlankLines: true, Substring: true, FirstRecord: true, UsageNotRule: true},
		Match: Matching{FirstMatch: true},
	},
}

// Len is the number of dialects.
const Len = len(table)

// Valid reports whether d is a row of the table.
func Valid[D ~int](d D) bool { return 0 <= d && int(d) < len(table) }

// All returns every dialect, in the order of the table.
func All[D ~int]() []D {
	out := make([]D, len(table))
	for i := range out {
		out[i] = D(i)
	}
	return out
}

// Parse returns the dialect of the given name, ignoring case.
func Parse[D ~int](name string) (D, error) {
	for i := range table {
		if strings.EqualFold(name, table[i].Name) {
			return D(i), nil
		}
	}
	return 0, fmt.Errorf("unknown dialect %q", name)
}

// Of returns row d of the table; a d out of range reads as row 0, RFC
// 9309. The row is shared: read it, never write it.
func Of[D ~int](d D) *Spec {
	if d < 0 || int(d) >= len(table) {
		d = 0
	}
	return &table[d]
}

// IsRobotsTxt reports whether a canonical path and query names the
// robots.txt file itself, which RFC 9309 section 2.2.2 always allows:
// "/robots.txt", alone or with a query.
func IsRobotsTxt(path string) bool {
	const name = "/robots.txt"
	return path == name || strings.HasPrefix(path, name+"?")
}

// The field names a usage.Source gives for the usage lines of a
// robots.txt file, in every dialect.
const (
	FieldContentUsage  = "Content-Usage"
	FieldContentSignal = "Content-Signal"
)

// IndexHTML returns the rule Google's library adds for an Allow pattern
// whose last segment starts with "index.htm" (Matching.IndexHTML): the
// pattern cut after its last slash, anchored, so that Allow: /d/index.html
// also allows exactly /d/.
func IndexHTML(pattern string) (string, bool) {
	i := strings.LastIndexByte(pattern, '/')
	if i < 0 || !strings.HasPrefix(pattern[i:], "/index.htm") {
		return "", false
	}
	return pattern[:i+1] + "$", true
}
