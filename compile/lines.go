package compile

// This file is the parser's line table: what it read each line as, with
// the spans of its key and value, for tools that point into a file (a
// linter, an editor) and must not read its text again.

import "bytes"

// A Span is a run of octets of the text a file was parsed from:
// text[Start:End].
type Span struct{ Start, End int }

// A LineKind says what the parser read a line as.
type LineKind uint8

// The kinds of lines.
const (
	LineBlank         LineKind = iota // empty, or only space
	LineComment                       // only a comment
	LineMalformed                     // no key and value could be read; ignored
	LineUserAgent                     // a user-agent line
	LineAllow                         // an allow line
	LineDisallow                      // a disallow line
	LineSitemap                       // a sitemap line
	LineCrawlDelay                    // a crawl-delay line
	LineContentUsage                  // a Content-Usage line
	LineContentSignal                 // a Content-Signal line
	LineExtension                     // any other key: value line, known (host, clean-param) or not
)

// String returns the key a line of the kind has, lower case ("user-agent",
// "disallow"), or "blank", "comment", "malformed" or "extension".
func (k LineKind) String() string {
	switch k {
	case LineBlank:
		return "blank"
	case LineComment:
		return "comment"
	case LineMalformed:
		return "malformed"
	}
	return k.key().String()
}

// key returns the key of a line kind; keyUnknown for the kinds without.
func (k LineKind) key() key {
	switch k {
	case LineUserAgent:
		return keyUserAgent
	case LineAllow:
		return keyAllow
	case LineDisallow:
		return keyDisallow
	case LineSitemap:
		return keySitemap
	case LineCrawlDelay:
		return keyCrawlDelay
	case LineContentUsage:
		return keyContentUsage
	case LineContentSignal:
		return keyContentSignal
	}
	return keyUnknown
}

// lineKind returns the kind of a line whose key was read as k.
func (k key) lineKind() LineKind {
	switch k {
	case keyUserAgent:
		return LineUserAgent
	case keyAllow:
		return LineAllow
	case keyDisallow:
		return LineDisallow
	case keySitemap:
		return LineSitemap
	case keyCrawlDelay:
		return LineCrawlDelay
	case keyContentUsage:
		return LineContentUsage
	case keyContentSignal:
		return LineContentSignal
	}
	return LineExtension
}

// A Line is one line of a file as the parser read it. Its spans are in
// the text the file was parsed from (see File.Text): the line number is
// its index in the table, plus one.
type Line struct {
	Span  Span     // the line, without the octets that end it
	Kind  LineKind // what its key was read as
	Key   Span     // the key as written, space around it dropped; empty when the line has none
	Value Span     // the value, space around it and any comment dropped; empty when none
}

// ParseLines is Parse that also returns the line table, one Line per line
// of the body in order, read by the same pass: a tool that points into a
// file asks the parser what each line is rather than reading it again. It
// keeps the diagnostics as it finds them, as positions and codes
// formatted when File.Diagnostics is called, so that Diagnostics does not
// read the file again.
func (d Dialect) ParseLines(body []byte) (*File, []Line) {
	lines := make([]Line, 0, bytes.Count(body, []byte{'\n'})+1)
	f := d.options().parse(body, &lines)
	return f, lines
}

// Text returns the text the file was parsed from: the body as Parse
// received it, of which every value of the File is a substring.
func (f *File) Text() string { return f.text }

// htmlScan is how many octets at the start of a body are looked at for the
// tags of an HTML page.
const htmlScan = 1024

// htmlTags are the tags, lower case, that make a body that starts with '<'
// an HTML page.
var htmlTags = [...]string{"<html", "<!doctype html", "<head", "<body"}

// isHTML reports whether a body is an HTML page, as error pages and "soft
// 404s" served in place of robots.txt are: after space and any byte order
// mark it starts with '<', and its first htmlScan octets hold one of
// htmlTags, ignoring case.
func isHTML(s string) bool {
	i := 0
	for i < len(s) {
		switch {
		case s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n':
			i++
			continue
		case len(s)-i >= 3 && s[i:i+3] == "\ufeff":
			i += 3
			continue
		}
		break
	}
	if i == len(s) || s[i] != '<' {
		return false
	}
	head := []byte(s[i:min(len(s), i+htmlScan)])
	for j, c := range head {
		if 'A' <= c && c <= 'Z' {
			head[j] = c + 'a' - 'A'
		}
	}
	for _, t := range htmlTags {
		if bytes.Contains(head, []byte(t)) {
			return true
		}
	}
	return false
}
