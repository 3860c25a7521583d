package main

// The input and output loop of check. It is the hot path of the command:
// a million URLs should cost little more than copying them, so lines are
// split in place in one read buffer, results are formatted by appending to
// a batch's output buffer (no fmt, no encoding/json), and nothing is
// allocated per URL (checkpar.go spreads the deciding over the cores). A
// read of input may wait, so before each one the lines read so far are sent
// off to be decided, and the writer flushes whenever it has nothing more to
// write: with slow input each result appears as soon as its line is in,
// while on a fast pipe a flush happens about once per read buffer. Memory
// stays flat: the read buffer grows to at most maxURLLine, whatever the
// length of the input.

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/fetch"
	"github.com/robotsexclusion/robots/internal/swar"
)

const (
	// maxURLLine is the longest input line check reads as a URL. Longer
	// lines are reported as errors and skipped, and the batch goes on.
	maxURLLine = 1 << 20

	// urlReadBuffer is the size of the read buffer for URL input, and of
	// the output buffer.
	urlReadBuffer = 64 << 10

	// shownPrefix is how many octets of a line too long to check are shown
	// in its error line.
	shownPrefix = 64
)

// longLineProblem is the problem of a line longer than maxURLLine.
var longLineProblem = fmt.Sprintf("line longer than %d octets", maxURLLine)

// eachURL calls fn for each URL of args or, when there are none, for each
// line of standard input that is neither blank nor a # comment, trimmed.
// Lines longer than maxURLLine are skipped. It is eachURLLine for commands
// that take URLs one at a time and judge them themselves.
func eachURL(e *env, args []string, fn func(url string)) error {
	return eachURLLine(e, args, func(u []byte, problem string) {
		if problem != longLineProblem {
			fn(string(u))
		}
	}, func() {})
}

// eachURLLine calls line for each URL of args or, when there are none, for
// each line of standard input that is neither blank nor a # comment, with
// the line's problem when it is not a URL check can decide ("" otherwise).
// Before each read of standard input, which may wait, it calls wait. The
// slice passed to line is valid only during the call.
func eachURLLine(e *env, args []string, line func(url []byte, problem string), wait func()) error {
	if len(args) > 0 {
		for _, a := range args {
			u := []byte(a)
			line(u, urlProblem(u))
		}
		return nil
	}
	return eachLine(e.stdin, line, wait)
}

// eachLine is eachURLLine on a reader.
func eachLine(r io.Reader, line func(url []byte, problem string), wait func()) error {
	buf := make([]byte, urlReadBuffer)
	start, end := 0, 0 // buf[start:end] is read and not yet used
	skipping := false  // inside a line longer than maxURLLine
	var eof bool
	for {
		// Use every complete line in the buffer.
		for {
			i := bytes.IndexByte(buf[start:end], '\n')
			if i < 0 {
				break
			}
			if !skipping {
				useLine(buf[start:start+i], line)
			}
			skipping = false
			start += i + 1
		}
		if eof {
			if start < end && !skipping {
				useLine(buf[start:end], line)
			}
			return nil
		}
		// Keep the partial line, at the front of the buffer.
		if start > 0 {
			end = copy(buf, buf[start:end])
			start = 0
		}
		if end == len(buf) {
			switch {
			case skipping:
				end = 0
			case len(buf) <= maxURLLine:
				nb := make([]byte, min(2*len(buf), maxURLLine+1))
				copy(nb, buf[:end])
				buf = nb
			default:
				// The line is longer than maxURLLine: report it, and
				// drop the rest of it as it comes.
				line(buf[:shownPrefix], longLineProblem)
				skipping, end = true, 0
			}
		}
		wait()
		n, err := r.Read(buf[end:])
		end += n
		if err == io.EOF {
			eof = true
		} else if err != nil {
			return fmt.Errorf("%w: %w", errReadURLs, err)
		}
	}
}

// useLine trims a line and passes it on, unless it is blank or a comment.
func useLine(b []byte, line func(url []byte, problem string)) {
	b = trimSpace(b)
	if len(b) == 0 || b[0] == '#' {
		return
	}
	line(b, urlProblem(b))
}

// trimSpace drops spaces, tabs and CRs around b.
func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\r') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}

// urlProblem says why u is not a URL that check decides, or returns "".
// check decides absolute URLs with an authority ("https://host/a?b") and
// references that start with "/" ("/a?b", "//host/a"); "mailto:x" and
// "search" are not URLs robots.txt speaks of.
func urlProblem(u []byte) string {
	if len(u) == 0 {
		return "empty URL"
	}
	if u[0] == '/' {
		return ""
	}
	i := 0
	for i < len(u) && (isLetter(u[i]) || i > 0 && (isDigit(u[i]) || u[i] == '+' || u[i] == '-' || u[i] == '.')) {
		i++
	}
	if i > 0 && bytes.HasPrefix(u[i:], []byte("://")) {
		return ""
	}
	if i > 0 && i < len(u) && u[i] == ':' {
		return "not a URL with a host (" + string(u[:i]) + ":)"
	}
	return "not a URL: want https://host/path or /path"
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

// resultWriter writes check's results, as text or JSON lines, into one
// buffer that it reuses.
type resultWriter struct {
	w       *bufio.Writer
	json    bool
	usage   bool // -usage: print each URL's usage preferences
	scratch []byte
}

func newResultWriter(w io.Writer, asJSON, withUsage bool) *resultWriter {
	return &resultWriter{w: bufio.NewWriterSize(w, urlReadBuffer), json: asJSON, usage: withUsage, scratch: make([]byte, 0, 512)}
}

// appendDecision appends a decided URL, without the newline:
//
//	allowed    https://a.example/x	(no rule matched)
//	disallowed https://a.example/private	line 2: /private
//	disallowed https://a.example/private%2Fa	line 2: /private/	read as /private/a
//	{"url":"https://a.example/private","allowed":false,"line":2,"pattern":"/private"}
//	{"url":"https://a.example/private%2Fa","allowed":false,"line":2,"pattern":"/private/","read":"/private/a"}
//
// "read as" is the reading of the path that a server may make and that a
// rule disallows, when it is not the path as sent (fetch.Verdict).
// With withUsage, the usage preferences of the decision follow, as
// appendUsageText or appendUsageJSON writes them:
//
//	allowed    https://a.example/x	(no rule matched)	usage: Content-Usage: train-ai=n (line 4)
//	{"url":"https://a.example/x","allowed":true,"line":0,"pattern":"","usage":{...}}
func appendDecision(b, url []byte, v *fetch.Verdict, asJSON, withUsage bool) []byte {
	d := &v.Decision
	if asJSON {
		b = append(b, `{"url":`...)
		b = appendJSONString(b, url)
		if d.Allowed {
			b = append(b, `,"allowed":true,"line":`...)
		} else {
			b = append(b, `,"allowed":false,"line":`...)
		}
		b = strconv.AppendInt(b, int64(d.Line), 10)
		b = append(b, `,"pattern":`...)
		b = appendJSONString(b, []byte(d.Pattern))
		if v.Reading != "" {
			b = append(b, `,"read":`...)
			b = appendJSONString(b, []byte(v.Reading))
		}
		if withUsage {
			b = append(b, `,"usage":`...)
			b = appendUsageJSON(b, d.Usage)
		}
		return append(b, '}')
	}
	b = appendVerdict(b, url, v)
	if withUsage {
		b = appendUsageColumn(b, *d)
	}
	return b
}

// appendUsageColumn appends the usage column of a text line: a tab, then
// "usage: " and the preferences.
func appendUsageColumn(b []byte, d robots.Decision) []byte {
	b = append(b, "\tusage: "...)
	return appendUsageText(b, d.Usage)
}

// appendVerdict appends the text form of a decision, without usage
// preferences. The URL, the pattern and the reading are shown as
// appendShown shows them.
func appendVerdict(b, url []byte, v *fetch.Verdict) []byte {
	d := &v.Decision
	if d.Allowed {
		b = append(b, "allowed    "...)
	} else {
		b = append(b, "disallowed "...)
	}
	b = appendShown(b, url)
	if d.Line == 0 {
		b = append(b, "\t(no rule matched)"...)
	} else {
		b = append(b, "\tline "...)
		b = strconv.AppendInt(b, int64(d.Line), 10)
		b = append(b, ": "...)
		b = appendShown(b, []byte(d.Pattern))
	}
	if v.Reading != "" {
		b = append(b, "\tread as "...)
		b = appendShown(b, []byte(v.Reading))
	}
	return b
}

// appendShown appends s as it is when it prints plainly on a terminal, and
// otherwise quoted as strconv.Quote quotes it, as lint quotes values: so
// that no control sequence in an input line or a file (an escape, a
// carriage return, a C1 control, invalid UTF-8) reaches the terminal, and
// no tab splits a column.
func appendShown(b, s []byte) []byte {
	// Most lines are printable ASCII: eight octets a step up to the first
	// that is not (a control, DEL, or an octet of UTF-8), then rune by rune.
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := binary.LittleEndian.Uint64(s[i:])
		// An octet below 0x20 sets its high bit less 0x20 (or one below
		// it does, whose borrow sets it), one of 0x7F sets it plus 1, and
		// one of 0x80 or more has it: printable ASCII sets none.
		if ((w-0x20*swar.Ones)|(w+swar.Ones)|w)&swar.Highs != 0 {
			break
		}
	}
	for i < len(s) {
		if c := s[i]; 0x20 <= c && c < 0x7F {
			i++
			continue
		}
		r, n := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && n <= 1 || !unicode.IsPrint(r) {
			return strconv.AppendQuote(b, string(s))
		}
		i += n
	}
	return append(b, s...)
}

// shown is appendShown for a string.
func shown(s string) string { return string(appendShown(nil, []byte(s))) }

// invalid writes an input line that is not a URL.
func (rw *resultWriter) invalid(url []byte, problem string) {
	b := appendInvalid(rw.scratch[:0], url, problem, rw.json)
	rw.w.Write(append(b, '\n'))
	rw.scratch = b[:0]
}

// appendInvalid appends an input line that is not a URL, without the
// newline:
//
//	error      mailto:x	not a URL with a host (mailto:)
//	{"url":"mailto:x","allowed":false,"line":0,"pattern":"","error":"not a URL with a host (mailto:)"}
func appendInvalid(b, url []byte, problem string, asJSON bool) []byte {
	if !asJSON {
		b = append(b, "error      "...)
		b = appendShown(b, url)
		b = append(b, '\t')
		return append(b, problem...)
	}
	b = append(b, `{"url":`...)
	b = appendJSONString(b, url)
	b = append(b, `,"allowed":false,"line":0,"pattern":"","error":`...)
	b = appendJSONString(b, []byte(problem))
	return append(b, '}')
}

func (rw *resultWriter) flush()     { rw.w.Flush() }
func (rw *resultWriter) err() error { return rw.w.Flush() }

// jsonPlain marks the octets a JSON string holds as they are, in the form
// encoding/json writes: it escapes control characters, the quote and the
// backslash, and <, > and & for HTML; octets from 0x80 on are checked as
// UTF-8.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// appendJSONString appends s as a JSON string, exactly as encoding/json's
// Encoder writes it (HTML escaping on): invalid UTF-8 becomes \ufffd, and
// U+2028 and U+2029 are escaped.
func appendJSONString(b, s []byte) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		for i < len(s) && jsonPlain[s[i]] {
			i++
		}
		if i == len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
