// Package bodymap maps offsets in the text a robots.txt body was parsed
// from back to offsets in the body: the text is the body less a byte order
// mark, transcoded to UTF-8 from UTF-16 or a declared charset (package
// normalize). A tool that points into the file as its author saved it (an
// editor, a linter's columns) needs the way back.
package bodymap

import (
	"unicode/utf8"

	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/charset"
	"github.com/robotsexclusion/robots/normalize"
)

// A Map maps offsets in a text to offsets in the body it was prepared
// from. The zero Map is the identity.
type Map struct {
	text    string
	lines   []compile.Line // the parser's line table of text
	shift   int            // octets of the body before the text's first (a byte order mark)
	charset string         // the charset text was transcoded from; "" when text is the body's octets
	utf16   bool           // text was transcoded from UTF-16
	starts  []int          // with charset or utf16, the body offset of each line's start
}

const utf8BOM = "\xEF\xBB\xBF"

// New returns the Map from text, the body as normalize.Prepare returned
// it with info, and lines, its line table, back to body. It reads text
// once when it was transcoded, to find where each line starts in body.
func New(body []byte, text string, info normalize.BodyInfo, lines []compile.Line) Map {
	m := Map{text: text, lines: lines}
	switch {
	case info.BOM == "UTF-16LE" || info.BOM == "UTF-16BE":
		m.shift, m.utf16 = 2, true
	case info.Charset != "":
		m.charset = info.Charset
	case info.BOM == "UTF-8":
		for m.shift < len(utf8BOM) && m.shift < len(body) && body[m.shift] == utf8BOM[m.shift] {
			m.shift++ // a byte order mark, or the part of one that starts the body
		}
	}
	if m.charset != "" || m.utf16 {
		m.starts = make([]int, len(lines))
		at := m.shift
		for i, l := range lines {
			m.starts[i] = at
			end := len(text)
			if i+1 < len(lines) {
				end = lines[i+1].Span.Start
			}
			at += m.encodedLen(text[l.Span.Start:end])
		}
	}
	return m
}

// Offset returns the offset in the body of the octet at offset off of the
// text (of the character it belongs to, when the body was transcoded). It
// is exact for a body read as it is and for UTF-16; for a body transcoded
// from a declared charset it is where the text before off ends when
// encoded in that charset again.
func (m *Map) Offset(off int) int {
	off = max(0, min(off, len(m.text)))
	if m.charset == "" && !m.utf16 {
		return m.shift + off
	}
	// The line that holds off, found by halving.
	lo, hi := 0, len(m.lines)
	for lo < hi {
		mid := (lo + hi) / 2
		if m.lines[mid].Span.Start <= off {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == 0 {
		return m.shift + m.encodedLen(m.text[:off])
	}
	l := m.lines[lo-1]
	return m.starts[lo-1] + m.encodedLen(m.text[l.Span.Start:off])
}

// encodedLen returns the length of t in the body's encoding.
func (m *Map) encodedLen(t string) int {
	if m.utf16 {
		n := 0
		for _, r := range t {
			n += 2
			if r > 0xFFFF {
				n += 2
			}
		}
		return n
	}
	if n, ok := charset.EncodedLen(m.charset, t); ok {
		return n
	}
	return utf8.RuneCountInString(t) // a charset that cannot say: one octet a character
}
