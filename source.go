package robots

import (
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/bodymap"
	"github.com/robotsexclusion/robots/internal/config"
	"github.com/robotsexclusion/robots/internal/dialect"
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

	offsets bodymap.Map
}

// ParseSource is Parse for tools: it reads body as Parse does, with the
// same options and in the same pass, and also returns its Source.
func ParseSource(body []byte, opts ...Option) (*Robots, *Source) {
	var lines []compile.Line
	r, info := parse(body, opts, &lines)
	text := r.file.Text()
	return r, &Source{Text: text, Lines: lines, offsets: bodymap.New(body, text, info, lines)}
}

// BodyOffset returns the offset in the body of the octet at offset off of
// Text (of the character it belongs to, when the body was transcoded). It
// is exact for a body read as it is and for UTF-16; for a body transcoded
// from a declared charset it is where the text before off ends when
// encoded in that charset again.
func (s *Source) BodyOffset(off int) int { return s.offsets.Offset(off) }

// configOf returns the configuration the options set. Options are
// functions of a *config.Config, so the one they set escapes: it is
// allocated only when there are options, and most calls have none.
func configOf(opts []Option) config.Config {
	if len(opts) == 0 {
		return config.Config{Limit: DefaultParseLimit}
	}
	c := &config.Config{Limit: DefaultParseLimit}
	for _, o := range opts {
		o(c)
	}
	return *c
}

// parse is Parse, keeping the line table in lines when it is not nil, and
// returns what normalize said of the body too.
func parse(body []byte, opts []Option, lines *[]compile.Line) (*Robots, normalize.BodyInfo) {
	cfg := configOf(opts)
	var pre []Diagnostic
	if !dialect.Valid(cfg.Dialect) {
		pre = append(pre, Diagnostic{Code: UnknownDialect, Message: cfg.Dialect.String() + " is not a dialect; read as rfc9309"})
		cfg.Dialect = RFC9309
	}
	text, info, err := normalize.Prepare(body, cfg.BodyOptions())
	if err != nil {
		pre = append(pre, Diagnostic{Line: 0, Code: Charset, Message: err.Error()})
	}
	if info.BOM != "" {
		pre = append(pre, Diagnostic{Line: 1, Code: ByteOrderMark, Message: "a " + info.BOM + " byte order mark starts the file"})
	}
	var f *compile.File
	if lines != nil {
		f, *lines = cfg.Dialect.ParseLines(text)
	} else {
		f = cfg.Dialect.Parse(text)
	}
	diags := pre
	if info.Truncated {
		diags = append(diags, Diagnostic{Line: info.CutLine, Code: Truncated,
			Message: "the file is longer than the parse limit; the rest is ignored"})
	}
	r := &Robots{file: f, dialect: cfg.Dialect, limits: cfg.Limits, scan: cfg.Scan, diagnostics: diags, nPre: len(pre), truncated: info.Truncated}
	return r, info
}
