package normalize

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/robotsexclusion/robots/internal/charset"
)

// DefaultLimit is the number of octets of a robots.txt body that are parsed:
// RFC 9309 section 2.5 asks crawlers to parse at least 500 kibibytes.
const DefaultLimit = 500 << 10

// MaxLimit is the largest parse limit: a larger one is lowered to it. It
// keeps every table built from a body within what its 32-bit offsets
// address (package automaton takes at most 512 MiB of patterns; a body of
// MaxLimit octets canonicalizes to at most 4.5 times as many: 1.5 for
// UTF-16 transcoded to UTF-8, times 3 for each octet escaped as %XX).
const MaxLimit = 64 << 20

// Slack is how many octets past the parse limit are read so that the line
// that straddles the limit is kept whole. It is the rule for every entry
// point (Prepare, ReadBody, and through them robots.Parse, package fetch and
// the command), in every dialect: nothing reads or parses more than
// max(limit, DefaultLimit)+Slack octets of a body.
//
// A straddling line that does not end within the Slack is cut there, failing
// closed: it is kept as its first octets when what is cut can only make the
// rule stricter or changes nothing (a Disallow line, whose shorter pattern
// disallows more, or a line whose comment starts before the cut, so that the
// rule is whole), and it is dropped otherwise (an Allow cut short could allow
// more; a dropped Allow allows less). Everything after it is dropped.
const Slack = 64 << 10

// admitted returns how many octets of a body Prepare keeps at most for the
// given limit: max(limit, DefaultLimit), at most MaxLimit, plus Slack. A
// negative limit is DefaultLimit too: no body is read or parsed unbounded.
func admitted(limit int) int {
	return min(max(limit, DefaultLimit), MaxLimit) + Slack
}

// ReadBody reads a robots.txt body from r: at most max(limit, DefaultLimit) (at most MaxLimit)
// plus Slack octets (a negative limit reads DefaultLimit plus Slack), and
// none of what follows, so that a body of any size is read in bounded
// memory: its buffer grows by doubling up to that bound and no further, so
// the octets allocated in all stay within twice that bound. Pass the octets
// to Prepare (robots.Parse does) with the same limit: it cuts them at the
// end of the line that straddles the limit, or at the Slack, as Slack says.
func ReadBody(r io.Reader, limit int) ([]byte, error) {
	n := admitted(limit)
	buf := make([]byte, 0, min(n, 4<<10))
	for {
		if len(buf) == cap(buf) {
			if len(buf) == n {
				return buf, nil
			}
			// Double, but jump to n once doubling passes half of it: the
			// buffers allocated then sum to at most 2n.
			size := 2 * cap(buf)
			if size > n/2 {
				size = n
			}
			next := make([]byte, len(buf), size)
			copy(next, buf)
			buf = next
		}
		k, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+k]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// BodyInfo says what Prepare did to a robots.txt body.
type BodyInfo struct {
	BOM       string // "UTF-8", "UTF-16BE" or "UTF-16LE" when a byte order mark was found
	Charset   string // the charset the body was transcoded from, "" when kept as it was
	Truncated bool   // content past the parse limit was dropped
	CutLine   int    // when Truncated, the number of the first line dropped, or of the line cut (LongLine)

	// LongLine is set when the line that straddles the limit runs past the
	// Slack: "prefix" when it was kept as its first octets, "dropped" when
	// it was dropped (see Slack). It is "" otherwise.
	LongLine string

	// Ignored is the declared charset Prepare did not apply (see
	// ErrCharsetIgnored); Charset is then "".
	Ignored string
}

// BodyOptions say how Prepare reads a body. The zero value reads it with
// the default limit and no declared charset.
type BodyOptions struct {
	// Charset is a declared charset, a label as in a Content-Type header
	// ("iso-8859-1", "windows-1251"), or "" for none.
	Charset string
	// Limit is the number of octets parsed, raised to DefaultLimit when
	// smaller (a negative Limit too: no body is parsed unbounded, not even
	// in the Google dialect, since Google's crawler has a limit although its
	// library has none) and lowered to MaxLimit when larger. The straddling
	// line is kept within Slack.
	Limit int
	// KeepUTF16 keeps a body that starts with a UTF-16 byte order mark as
	// it is, octet by octet, as Google's library does, instead of
	// transcoding it.
	KeepUTF16 bool
}

// Prepare prepares a robots.txt body for parsing. It keeps the first
// Limit octets (never fewer than DefaultLimit; a line that straddles the
// limit is kept whole within Slack, see there, and the rest dropped),
// drops a UTF-8 byte order mark (also a partial one, as Google's crawler
// does), transcodes UTF-16 with a byte order mark (unless KeepUTF16), and
// transcodes from the declared Charset when one is given and the body is
// not valid UTF-8. Otherwise the octets are kept as they are. An unknown
// charset label is reported as an error and the body is then kept as it
// is; the body returned is always usable.
func Prepare(body []byte, o BodyOptions) ([]byte, BodyInfo, error) {
	var info BodyInfo
	body = cut(body, o.Limit, &info)
	declared := o.Charset

	switch {
	case o.KeepUTF16:
	case bytes.HasPrefix(body, []byte{0xFE, 0xFF}):
		info.BOM = "UTF-16BE"
		return transcode(body, charset.UTF16(true), info, "UTF-16BE")
	case bytes.HasPrefix(body, []byte{0xFF, 0xFE}):
		info.BOM = "UTF-16LE"
		return transcode(body, charset.UTF16(false), info, "UTF-16LE")
	}
	if n := bomLen(body); n > 0 {
		info.BOM = "UTF-8"
		body = body[n:]
	}

	label := strings.ToLower(strings.TrimSpace(declared))
	if label == "" {
		return body, info, nil
	}
	decode, isUTF8, err := charset.Lookup(label)
	if err != nil {
		return body, info, fmt.Errorf("normalize: charset %q: %w", declared, err)
	}
	if isUTF8 {
		return body, info, nil
	}
	// RFC 9309 2.2 says the file is UTF-8, and Google's crawler ignores
	// the declared charset: a body that is valid UTF-8 is kept as it is.
	// Pure ASCII, the common case, needs no word.
	if utf8.Valid(body) {
		if isASCII(body) {
			return body, info, nil
		}
		info.Ignored = label
		return body, info, fmt.Errorf("normalize: charset %q ignored: the body is valid UTF-8: %w", declared, ErrCharsetIgnored)
	}
	out, decoded, err := transcode(body, decode, info, label)
	if err != nil {
		return out, decoded, err
	}
	// Never let decoding turn rules into nothing: a charset that reads the
	// file's lines as something else (UTF-16 on an 8-bit body, "replacement")
	// loses rule lines; keep the octets then.
	if ruleLines(out) < ruleLines(body) {
		info.Ignored = label
		return body, info, fmt.Errorf("normalize: charset %q ignored: decoding by it loses rule lines: %w", declared, ErrCharsetIgnored)
	}
	return out, decoded, nil
}

// ErrCharsetIgnored is wrapped by the error Prepare returns when it does not
// apply a declared charset: the body is valid UTF-8 (and not pure ASCII), or
// decoding by the charset would lose rule lines. The body returned is then
// the octets as they are.
var ErrCharsetIgnored = errors.New("declared charset ignored")

// ruleLines counts the lines of b that read as a group or rule line: after
// blanks, a key starting "user", "allow" or "dis" (and their misspellings'
// "dia"), ignoring case. It is how Prepare tells that decoding lost rules.
func ruleLines(b []byte) int {
	n := 0
	for len(b) > 0 {
		i := bytes.IndexAny(b, "\r\n")
		line := b
		if i >= 0 {
			line, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		line = bytes.TrimLeft(line, " \t")
		for _, key := range []string{"user", "allow", "dis", "dia"} {
			if len(line) >= len(key) && strings.EqualFold(string(line[:len(key)]), key) {
				n++
				break
			}
		}
	}
	return n
}

// cut keeps the first limit octets of body and the rest of the line that
// straddles the limit, within Slack, as Slack describes, and records in info
// what was dropped.
func cut(body []byte, limit int, info *BodyInfo) []byte {
	end := admitted(limit)
	limit = end - Slack
	if len(body) <= limit {
		return body
	}
	window := body[limit:min(len(body), end)]
	if i := bytes.IndexAny(window, "\r\n"); i >= 0 {
		at := limit + i
		// Line ends alone past the cut lose nothing: no truncation.
		if len(bytes.Trim(body[at:], "\r\n")) > 0 {
			info.Truncated = true
			info.CutLine = lineCount(body[:at]) + 2
		}
		return body[:at]
	}
	if len(body) < end {
		return body // the straddling line ends the body within the Slack
	}
	// The straddling line reaches the end of the Slack (a line that ends
	// exactly there is read as running on, as ReadBody cannot tell them
	// apart): cut it.
	start := bytes.LastIndexAny(body[:limit], "\r\n") + 1
	info.Truncated = true
	info.CutLine = lineCount(body[:start]) + 1
	if !keepsPrefix(body[start:end]) {
		info.LongLine = "dropped"
		return body[:start]
	}
	info.LongLine = "prefix"
	// Do not split a UTF-8 sequence: back up to the start of the last one.
	for k := 0; k < utf8.UTFMax-1 && end > start && end < len(body) && !utf8.RuneStart(body[end]); k++ {
		end--
	}
	return body[:end]
}

// keepsPrefix reports whether a line cut short may be kept as its first
// octets, failing closed: when a comment starts in them (the rule is whole),
// or when its key reads as Disallow (a shorter pattern disallows more; the
// key is matched as the parser's misspellings of it start, "dis" or "dia").
func keepsPrefix(line []byte) bool {
	if bytes.IndexByte(line, '#') >= 0 {
		return true
	}
	key := bytes.TrimLeft(line, " \t")
	if len(key) < 3 {
		return false
	}
	k := strings.ToLower(string(key[:3]))
	return k == "dis" || k == "dia"
}

// bomLen returns how many leading octets of b are a UTF-8 byte order mark or
// a prefix of one.
func bomLen(b []byte) int {
	const bom = "\xEF\xBB\xBF"
	n := 0
	for n < len(bom) && n < len(b) && b[n] == bom[n] {
		n++
	}
	return n
}

func transcode(body []byte, decode charset.Decoder, info BodyInfo, name string) ([]byte, BodyInfo, error) {
	out, err := decode(body)
	if err != nil {
		return body, info, fmt.Errorf("normalize: decoding %s: %w", name, err)
	}
	info.Charset = name
	return out, info, nil
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// lineCount counts the lines of b the way the parser numbers them: LF, CR
// and CRLF each end a line, so a CRLF, one CR and one LF, counts once.
// Counting each octet apart (bytes.Count, a vector loop) costs less than
// a loop that tells them apart, on the half a megabyte a cut body holds.
func lineCount(b []byte) int {
	n := bytes.Count(b, []byte{'\n'})
	if cr := bytes.Count(b, []byte{'\r'}); cr > 0 {
		n += cr - bytes.Count(b, []byte("\r\n"))
	}
	return n
}
