package compile

import (
	"fmt"
	"strconv"
	"strings"
)

// A Code names a kind of diagnostic. Codes are stable: tools may match on
// them, and they never change meaning.
type Code string

// The diagnostics the parser reports. Each says what was found and what the
// parser did with it; none stops parsing.
const (
	ByteOrderMark     Code = "byte-order-mark"      // a byte order mark was dropped or transcoded
	Charset           Code = "charset"              // the declared charset could not be used
	Truncated         Code = "truncated"            // content past the parse limit was ignored
	InvalidUTF8       Code = "invalid-utf8"         // the line holds octets that are not UTF-8
	NULByte           Code = "nul-byte"             // a NUL octet ended the line early
	LongLine          Code = "long-line"            // the line was cut at Options.MaxLineLength
	MalformedLine     Code = "malformed-line"       // no key and value could be read; ignored
	MissingColon      Code = "missing-colon"        // "Disallow /x": read as key and value
	MisspeltKey       Code = "misspelt-key"         // a known misspelling, accepted
	KeyPrefix         Code = "key-prefix"           // "Disallowed": read by its known prefix
	UnknownKey        Code = "unknown-key"          // kept as an extension, not a rule
	RuleOutsideGroup  Code = "rule-outside-group"   // a rule before any user-agent line; ignored
	AgentNotToken     Code = "agent-not-token"      // "FooBot/2.1": read as its product token
	EmptyAgent        Code = "empty-agent"          // the user-agent value names no product token
	UnmatchablePath   Code = "unmatchable-pattern"  // the pattern starts with neither / nor *
	InvalidCrawlDelay Code = "invalid-crawl-delay"  // not a number of seconds; ignored
	EmptyValue        Code = "empty-value"          // a sitemap or extension without a value
	RelativeSitemap   Code = "relative-sitemap"     // a sitemap that is not an absolute URL
	TooMany           Code = "too-many-diagnostics" // past MaxDiagnostics; the rest are only counted
	TooManyExtensions Code = "too-many-extensions"  // past MaxExtensions; the rest are not kept
)

// MaxDiagnostics bounds the diagnostics a File keeps, so that their memory
// stays small whatever the body: a body of one-octet lines could otherwise
// call for one per two octets. Past it, as compilers stop after too many
// errors, the rest are only counted, and Diagnostics ends with one TooMany
// diagnostic that says how many. No file of the shared corpus comes near it
// (the most has about 3,000).
const MaxDiagnostics = 10000

// MaxExtensions bounds the extension lines a File keeps (File.Extensions),
// as MaxDiagnostics bounds its diagnostics: a body of three-octet lines
// "x:" would otherwise keep a 40-octet entry for every three octets, and
// grow them by copies. The first line past it gets a TooManyExtensions
// diagnostic. No file of the shared corpus comes near it.
const MaxExtensions = 10000

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

// diag is a diagnostic as the parser keeps it: its position, code and the
// parts of its message, which Diagnostics formats only when asked, so that
// parsing a file with many odd lines builds no strings.
type diag struct {
	line   int
	code   Code
	format string    // a constant; its verbs are %q, %s and %d, and %% is '%'
	args   [3]string // for %q and %s, in order
	num    int       // for %d
}

// Diagnostics returns the problems found while reading the file, in line
// order, formatted afresh on each call: at most MaxDiagnostics, then one
// TooMany diagnostic, on the line of the first not kept, when there were
// more.
func (f *File) Diagnostics() []Diagnostic {
	if len(f.diags) == 0 {
		return nil
	}
	out := make([]Diagnostic, len(f.diags), len(f.diags)+1)
	for i := range f.diags {
		d := &f.diags[i]
		out[i] = Diagnostic{Line: d.line, Code: d.code, Message: d.message()}
	}
	if f.dropped > 0 {
		out = append(out, Diagnostic{Line: f.droppedLine, Code: TooMany,
			Message: fmt.Sprintf("%d more diagnostics from here on are not reported", f.dropped)})
	}
	return out
}

// message formats the diagnostic's message as fmt.Sprintf would.
func (d *diag) message() string {
	var b strings.Builder
	arg := 0
	f := d.format
	for i := 0; i < len(f); i++ {
		if f[i] != '%' || i+1 == len(f) {
			b.WriteByte(f[i])
			continue
		}
		i++
		switch f[i] {
		case 'q':
			b.WriteString(strconv.Quote(d.args[arg]))
			arg++
		case 's':
			b.WriteString(d.args[arg])
			arg++
		case 'd':
			b.WriteString(strconv.Itoa(d.num))
		default:
			b.WriteByte(f[i]) // "%%"
		}
	}
	return b.String()
}
