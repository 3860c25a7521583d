// Package diag is the one table of diagnostic codes: every code any part
// of the project reports (the parser's, package usage's, lint's, diff's and
// fetch's), declared once, with its severity and what it means. It sits at
// the bottom of the pipeline so that package usage and the parser, which
// the root package imports, report codes of the same type as lint and diff,
// which import the root package; the root package re-exports the type, its
// constants and the table, and documents them for users.
package diag

import (
	"fmt"
	"strconv"
	"strings"
)

// A Code names a kind of diagnostic. Codes are stable: tools may match on
// them, and they never change meaning.
type Code string

// A Severity says how much a diagnostic matters. Severities are ordered:
// Error is the highest.
type Severity uint8

// The severities, lowest first.
const (
	Info    Severity = iota + 1 // worth knowing, nothing to fix
	Warning                     // it works, but is fragile or read differently elsewhere
	Error                       // the line will not do what it looks like
)

// String returns "info", "warning" or "error".
func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return "Severity(" + strconv.Itoa(int(s)) + ")"
}

// MarshalText writes the severity as String does, so that JSON carries
// its name.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a severity as String writes it.
func (s *Severity) UnmarshalText(b []byte) error {
	for v := Info; v <= Error; v++ {
		if string(b) == v.String() {
			*s = v
			return nil
		}
	}
	return fmt.Errorf("unknown severity %q", b)
}

// A Diagnostic reports a line of a robots.txt file, or a value, that is
// not plain and valid, or a finding about the file as a whole.
type Diagnostic struct {
	Line    int    // 1-based line number (LF, CR and CRLF each end a line); 0 for the body as a whole or a value outside a file
	Column  int    // 1-based octet column in the line of the decoded text where the problem starts; 0 when it concerns the whole line
	Code    Code   // the kind of problem; its Severity says how much it matters
	Message string // one sentence for people
}

// Severity returns the severity of the diagnostic's code.
func (d Diagnostic) Severity() Severity { return d.Code.Severity() }

// String formats d as "LINE[:COLUMN]: severity: code: message", without
// the position when Line is 0.
func (d Diagnostic) String() string {
	var b strings.Builder
	if d.Line > 0 {
		b.WriteString(strconv.Itoa(d.Line))
		if d.Column > 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(d.Column))
		}
		b.WriteString(": ")
	}
	b.WriteString(d.Severity().String())
	b.WriteString(": ")
	b.WriteString(string(d.Code))
	b.WriteString(": ")
	b.WriteString(d.Message)
	return b.String()
}

// The codes. Each is listed in table with its severity and meaning; a
// test checks that every constant is there once.
const (
	// The parser's, about the body as a whole.
	ByteOrderMark  Code = "byte-order-mark"
	Charset        Code = "charset"
	Truncated      Code = "truncated"
	HTMLBody       Code = "html-body"
	UnknownDialect Code = "dialect"

	// The parser's, about one line.
	InvalidUTF8       Code = "invalid-utf8"
	NULByte           Code = "nul-byte"
	LongLine          Code = "long-line"
	MalformedLine     Code = "malformed-line"
	MissingColon      Code = "missing-colon"
	MisspeltKey       Code = "misspelt-key"
	KeyPrefix         Code = "key-prefix"
	UnknownKey        Code = "unknown-key"
	RetiredKey        Code = "retired-key"
	RuleOutsideGroup  Code = "rule-outside-group"
	AgentNotToken     Code = "agent-not-token"
	AgentGrammar      Code = "agent-token"
	CollapsedRule     Code = "collapsed-rule"
	EmptyAgent        Code = "empty-agent"
	UnmatchablePath   Code = "unmatchable-pattern"
	InvalidCrawlDelay Code = "invalid-crawl-delay"
	EmptyValue        Code = "empty-value"
	RelativeSitemap   Code = "relative-sitemap"
	TooMany           Code = "too-many-diagnostics"
	TooManyExtensions Code = "too-many-extensions"

	// Package usage's, about a Content-Usage or Content-Signal value.
	UsageSyntax       Code = "usage-syntax"
	UppercaseKey      Code = "usage-uppercase-key"
	BadValue          Code = "usage-bad-value"
	YesNo             Code = "usage-yes-no"
	SignalYN          Code = "signal-y-n"
	OtherVocabulary   Code = "usage-other-vocabulary"
	BadPath           Code = "usage-bad-path"
	MissingPreference Code = "usage-missing-preference"

	// Lint's, about the groups of a file and what they mean together.
	DelayMerge      Code = "delay-merge"
	UsageMerge      Code = "usage-merge"
	DuplicateRule   Code = "duplicate-rule"
	ConflictingRule Code = "conflicting-rule"
	SecondStar      Code = "second-star-group"
	StarReplaced    Code = "star-replaced"
	StarUsageHidden Code = "star-usage-hidden"
	UsageFileWide   Code = "usage-file-wide"
	ExtensionSyntax Code = "extension-syntax"
	PastLimit       Code = "past-limit"
	ReadError       Code = "read-error"

	// Diff's, about a change from one file to another.
	SiteBlocked    Code = "site-blocked"
	SitemapRemoved Code = "sitemap-removed"
)

// An Entry is one row of the table: a code, its severity and what it means.
type Entry struct {
	Code     Code
	Severity Severity
	Doc      string
}

// table is every code, in the order tools list them.
var table = [...]Entry{
	{ByteOrderMark, Info, "a byte order mark starts the file; it was dropped, or the body transcoded from UTF-16"},
	{Charset, Warning, "the declared charset could not be used, or was not applied"},
	{Truncated, Error, "the file is longer than the parse limit: what follows it is ignored"},
	{HTMLBody, Error, "the body is an HTML page, not robots.txt: crawlers find no rules in it"},
	{UnknownDialect, Warning, "the dialect asked for is not one; the file was read as rfc9309"},
	{InvalidUTF8, Warning, "the line holds octets that are not UTF-8; they are matched as %XX escapes"},
	{NULByte, Error, "a NUL octet ends the line early"},
	{LongLine, Warning, "the line is longer than the dialect keeps; the rest is ignored"},
	{MalformedLine, Error, "no key and value could be read from the line; it is ignored"},
	{MissingColon, Warning, `no colon after the key ("Disallow /x"); read as key and value`},
	{MisspeltKey, Warning, "a known misspelling of a key, accepted as major crawlers accept it"},
	{KeyPrefix, Warning, `a key read by its known prefix ("Disallowed" as disallow)`},
	{UnknownKey, Warning, "a key no crawler is known to read; kept as an extension, not a rule"},
	{RetiredKey, Warning, "noindex: no major crawler reads it in robots.txt any more; use a robots META tag or X-Robots-Tag header"},
	{RuleOutsideGroup, Error, "a rule or crawl-delay before any user-agent line; ignored"},
	{AgentNotToken, Warning, `a user-agent value that is more than a product token ("FooBot/2.1"): read as its token`},
	{AgentGrammar, Warning, `a user-agent name outside RFC 9309's product-token grammar ("AI2Bot"): parsers read only its leading letters, "-" and "_", so no group can name it`},
	{CollapsedRule, Error, `a rule written on the user-agent line ("User-agent: GPTBot Disallow: /"): it is part of the agent's value, not a rule`},
	{EmptyAgent, Error, "the user-agent value names no product token, so the group names no crawler"},
	{UnmatchablePath, Error, "the pattern starts with neither / nor *, so it matches no URL"},
	{InvalidCrawlDelay, Warning, "the crawl-delay is not a number of seconds; ignored"},
	{EmptyValue, Warning, "a sitemap or extension line without a value"},
	{RelativeSitemap, Warning, "a sitemap that is not an absolute http(s) URL"},
	{TooMany, Warning, "more diagnostics than are kept; the rest are only counted"},
	{TooManyExtensions, Warning, "more extension lines than are kept; the rest are not"},
	{UsageSyntax, Error, "a usage value that is not a structured-field Dictionary (RFC 9651): every category unknown"},
	{UppercaseKey, Error, "a usage key with uppercase letters: not a Dictionary, every category unknown"},
	{BadValue, Error, "a known usage key whose value is not y/n (yes/no for Content-Signal): that category unknown"},
	{YesNo, Error, "yes or no in a Content-Usage value, which takes y or n: that category unknown"},
	{SignalYN, Error, "y or n in a Content-Signal value, which takes yes or no: that category unknown"},
	{OtherVocabulary, Warning, "a key of the other usage vocabulary (ai-train in Content-Usage): ignored"},
	{BadPath, Error, "a Content-Usage path that does not start with /: read as part of the preference"},
	{MissingPreference, Error, "a Content-Usage or Content-Signal line that states no preference: every category unknown"},
	{DelayMerge, Warning, "a group of only a crawl-delay does not end at it: its agents share the next group's rules"},
	{UsageMerge, Warning, "a group of only usage lines does not end at them: its agents share the next group's rules"},
	{DuplicateRule, Info, "the same rule twice in one group"},
	{ConflictingRule, Error, "the same pattern allowed and disallowed in one group: one of the two lines does nothing"},
	{SecondStar, Warning, "a second * group: RFC 9309 and Google merge it with the first, the first-match dialects ignore it"},
	{StarReplaced, Warning, "a group naming a crawler replaces the * group for it: disallow rules of the * group no longer apply to it"},
	{StarUsageHidden, Warning, "a group naming a crawler replaces the * group for it: the * group's usage lines no longer apply to it"},
	{UsageFileWide, Info, "a usage line outside any group applies to every crawler here; parsers that read only groups ignore it"},
	{ExtensionSyntax, Warning, "a known extension (host, clean-param, request-rate, visit-time) whose value is not in its syntax"},
	{PastLimit, Error, "the file is longer than RFC 9309's minimum parse limit: crawlers that stop there ignore what follows"},
	{ReadError, Error, "the file could not be read"},
	{SiteBlocked, Error, "a change disallows / for a crawler that was allowed it"},
	{SitemapRemoved, Warning, "a change removes a sitemap line"},
}

// index finds a code's row.
var index = func() map[Code]int {
	m := make(map[Code]int, len(table))
	for i, e := range table {
		m[e.Code] = i
	}
	return m
}()

// Severity returns the code's severity: Warning for a code not in the
// table.
func (c Code) Severity() Severity {
	if i, ok := index[c]; ok {
		return table[i].Severity
	}
	return Warning
}

// Doc says what the code means; "" for a code not in the table.
func (c Code) Doc() string {
	if i, ok := index[c]; ok {
		return table[i].Doc
	}
	return ""
}

// Known reports whether c is in the table.
func (c Code) Known() bool {
	_, ok := index[c]
	return ok
}

// Table returns every row, in the order tools list them. Each call
// returns a new copy.
func Table() []Entry { return append([]Entry(nil), table[:]...) }
