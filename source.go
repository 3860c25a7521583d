package robots

import (
	"unicode/utf8"

	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/normalize"
)

// A Source is a file as Parse read it, for tools that point into it (a
// linter, an editor): the text the parser read, the parser's line table,
// and the way back from offsets in that text to offsets in the body. A
// crawler never needs it. It is immutable and safe for concurrent use.
type Source struct {
	// Text is the body as parsed: cut at the parse limit, a byte order
	// mark dropped, UTF-16 and a declared charset transcoded to UTF-8
	// (see WithCharset). Diagnostic columns count its octets.
	Text string

	// Lines is the parser's line table: Lines[n-1] is line n, with the
	// kind it was read as and the spans, in Text, of the line, its key
	// and its value.
	Lines []compile.Line

	shift   int    // octets of the body before Text's first (a byte order mark)
	charset string // the charset Text was transcoded from; "" when Text is the body's octets
	utf16   bool   // Text was transcoded from UTF-16
	starts  []int  // with charset or utf16, the body offset of each line's start
}

// ParseSource is Parse for tools: it reads body as Parse does, with the
// same options and in the same pass, and also returns its Source.
func ParseSource(body []byte, opts ...Option) (*Robots, *Source) {
	var lines []compile.Line
	r, _, info := parse(body, opts, &lines)
	s := &Source{Text: r.file.Text(), Lines: lines}
	switch {
	case info.BOM == "UTF-16LE" || info.BOM == "UTF-16BE":
		s.shift, s.utf16 = 2, true
	case info.Charset != "":
		s.charset = info.Charset
	case info.BOM == "UTF-8":
		for s.shift < len(utf8BOM) && s.shift < len(body) && body[s.shift] == utf8BOM[s.shift] {
			s.shift++ // a byte order mark, or the part of one that starts the body
		}
	}
	if s.charset != "" || s.utf16 {
		s.starts = make([]int, len(s.Lines))
		at := s.shift
		for i, l := range s.Lines {
			s.starts[i] = at
			end := len(s.Text)
			if i+1 < len(s.Lines) {
				end = s.Lines[i+1].Span.Start
			}
			at += s.encodedLen(s.Text[l.Span.Start:end])
		}
	}
	return r, s
}

const utf8BOM = "\xEF\xBB\xBF"

// BodyOffset returns the offset in the body of the octet at offset off of
// Text (of the character it belongs to, when the body was transcoded). It
// is exact for a body read as it is and for UTF-16; for a body transcoded
// from a declared charset it is where the text before off ends when
// encoded in that charset again.
func (s *Source) BodyOffset(off int) int {
	off = max(0, min(off, len(s.Text)))
	if s.charset == "" && !s.utf16 {
		return s.shift + off
	}
	// The line that holds off, found by halving.
	lo, hi := 0, len(s.Lines)
	for lo < hi {
		m := (lo + hi) / 2
		if s.Lines[m].Span.Start <= off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == 0 {
		return s.shift + s.encodedLen(s.Text[:off])
	}
	l := s.Lines[lo-1]
	return s.starts[lo-1] + s.encodedLen(s.Text[l.Span.Start:off])
}

// encodedLen returns the length of t in the body's encoding.
func (s *Source) encodedLen(t string) int {
	if s.utf16 {
		n := 0
		for _, r := range t {
			n += 2
			if r > 0xFFFF {
				n += 2
			}
		}
		return n
	}
	if n, ok := normalize.EncodedLen(s.charset, t); ok {
		return n
	}
	return utf8.RuneCountInString(t) // a charset that cannot say: one octet a character
}

// parse is Parse, keeping the line table in lines when it is not nil, and
// returns what normalize made of the body too.
func parse(body []byte, opts []Option, lines *[]compile.Line) (*Robots, []byte, normalize.BodyInfo) {
	cfg := config{limit: DefaultParseLimit}
	for _, o := range opts {
		o(&cfg)
	}
	var pre []Diagnostic
	if !cfg.dialect.Valid() {
		pre = append(pre, Diagnostic{Code: UnknownDialect, Message: cfg.dialect.String() + " is not a dialect; read as rfc9309"})
		cfg.dialect = RFC9309
	}
	text, info, err := normalize.Prepare(body, cfg.bodyOptions())
	if err != nil {
		pre = append(pre, Diagnostic{Line: 0, Code: Charset, Message: err.Error()})
	}
	if info.BOM != "" {
		pre = append(pre, Diagnostic{Line: 1, Code: ByteOrderMark, Message: "a " + info.BOM + " byte order mark starts the file"})
	}
	var f *compile.File
	if lines != nil {
		f, *lines = cfg.dialect.Options().ParseLines(text)
	} else {
		f = cfg.dialect.Options().Parse(text)
	}
	diags := pre
	if info.Truncated {
		diags = append(diags, Diagnostic{Line: info.CutLine, Code: Truncated,
			Message: "the file is longer than the parse limit; the rest is ignored"})
	}
	r := &Robots{file: f, dialect: cfg.dialect, limits: cfg.limits, diagnostics: diags, nPre: len(pre), truncated: info.Truncated}
	return r, text, info
}
