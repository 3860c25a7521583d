package compile

import "fmt"

// A Code names a kind of diagnostic. Codes are stable: tools may match on
// them, and they never change meaning.
type Code string

// The diagnostics the parser reports. Each says what was found and what the
// parser did with it; none stops parsing.
const (
	ByteOrderMark     Code = "byte-order-mark"     // a byte order mark was dropped or transcoded
	Charset           Code = "charset"             // the declared charset could not be used
	Truncated         Code = "truncated"           // content past the parse limit was ignored
	InvalidUTF8       Code = "invalid-utf8"        // the line holds octets that are not UTF-8
	NULByte           Code = "nul-byte"            // a NUL octet ended the line early
	LongLine          Code = "long-line"           // the line was cut at Options.MaxLineLength
	MalformedLine     Code = "malformed-line"      // no key and value could be read; ignored
	MissingColon      Code = "missing-colon"       // "Disallow /x": read as key and value
	MisspeltKey       Code = "misspelt-key"        // a known misspelling, accepted
	KeyPrefix         Code = "key-prefix"          // "Disallowed": read by its known prefix
	UnknownKey        Code = "unknown-key"         // kept as an extension, not a rule
	RuleOutsideGroup  Code = "rule-outside-group"  // a rule before any user-agent line; ignored
	AgentNotToken     Code = "agent-not-token"     // "FooBot/2.1": read as its product token
	EmptyAgent        Code = "empty-agent"         // the user-agent value names no product token
	UnmatchablePath   Code = "unmatchable-pattern" // the pattern starts with neither / nor *
	InvalidCrawlDelay Code = "invalid-crawl-delay" // not a number of seconds; ignored
	EmptyValue        Code = "empty-value"         // a sitemap or extension without a value
	RelativeSitemap   Code = "relative-sitemap"    // a sitemap that is not an absolute URL
)

// A Diagnostic reports a line that is not plain, valid robots.txt.
type Diagnostic struct {
	Line    int    // 1-based line number (LF, CR and CRLF each end a line)
	Code    Code   // the kind of problem
	Message string // one sentence for people
}

// String formats d as "LINE: code: message".
func (d Diagnostic) String() string {
	return fmt.Sprintf("%d: %s: %s", d.Line, d.Code, d.Message)
}
