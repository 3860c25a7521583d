package usage

import (
	"strconv"

	"github.com/robotsexclusion/robots/internal/jsonw"
)

// MarshalJSON writes s as AppendJSON does.
func (s Set) MarshalJSON() ([]byte, error) { return s.AppendJSON(nil), nil }

// jsonVocabularies are the vocabularies in the order of their keys in JSON
// (sorted, as encoding/json sorts a map's): Content-Signal, Content-Usage.
var jsonVocabularies = [...]Vocabulary{ContentSignal, AIPref}

// jsonCategories are each vocabulary's categories, sorted by label.
var jsonCategories = func() (out [2][]Category) {
	for i, v := range jsonVocabularies {
		cs := Categories(v)
		for j := 1; j < len(cs); j++ { // a few labels: insertion sort
			for k := j; k > 0 && vocabulary[cs[k]].label < vocabulary[cs[k-1]].label; k-- {
				cs[k], cs[k-1] = cs[k-1], cs[k]
			}
		}
		out[i] = cs
	}
	return out
}()

// AppendJSON appends s as JSON, without allocating when b has room: one
// object per vocabulary, keyed by its field name, then by label, every
// category listed, unknown ones too, with the line or field that set it;
// then the use value. Keys are sorted, as encoding/json sorts a map's:
//
//	{"Content-Signal":{"ai-input":{"preference":"unknown"},...},
//	 "Content-Usage":{"search":{"preference":"allowed","source":{"line":4,"field":"Content-Usage"}},...},
//	 "use":{"value":"unknown"}}
func (s Set) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	for i, v := range jsonVocabularies {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonw.AppendString(b, v.String())
		b = append(b, ":{"...)
		for j, c := range jsonCategories[i] {
			if j > 0 {
				b = append(b, ',')
			}
			b = jsonw.AppendString(b, vocabulary[c].label)
			b = append(b, `:{"preference":"`...)
			b = append(b, s.pref[c].String()...)
			b = append(b, '"')
			if from := s.from[c].unpack(); from != (Source{}) {
				b = append(b, `,"source":`...)
				b = from.appendJSON(b)
			}
			b = append(b, '}')
		}
		b = append(b, '}')
	}
	b = append(b, `,"use":{`...)
	if s.useFrom != (source{}) {
		b = append(b, `"source":`...)
		b = s.useFrom.unpack().appendJSON(b)
		b = append(b, ',')
	}
	b = append(b, `"value":"`...)
	b = append(b, s.use.String()...)
	return append(b, `"}}`...)
}

// appendJSON appends a source as {"line":4,"field":"Content-Usage"}, each
// member left out when zero.
func (src Source) appendJSON(b []byte) []byte {
	b = append(b, '{')
	if src.Line != 0 {
		b = append(b, `"line":`...)
		b = strconv.AppendInt(b, int64(src.Line), 10)
	}
	if src.Field != "" {
		if src.Line != 0 {
			b = append(b, ',')
		}
		b = append(b, `"field":`...)
		b = jsonw.AppendString(b, src.Field)
	}
	return append(b, '}')
}

// AppendWithSources appends the known preferences of s, each vocabulary in
// its syntax, with the line (or field) that stated each, or "unknown" when
// s states nothing, without allocating when b has room. (It is not an
// encoding.TextAppender: String's form, without the sources, is the text.)
//
//	Content-Usage: train-ai=n (line 4), search=y (line 4); Content-Signal: ai-input=no (line 11), use=reference (line 11)
//
// String is the same without the sources.
func (s Set) AppendWithSources(b []byte) []byte { return s.appendText(b, true) }

// appendText appends the text form of s, with the sources when sources is
// set: AppendWithSources's form, and String's without them.
func (s Set) appendText(b []byte, sources bool) []byte {
	if !s.Known() {
		return append(b, "unknown"...)
	}
	first := true
	for i, v := range textVocabularies {
		n := 0
		item := func() {
			switch {
			case n > 0:
				b = append(b, ", "...)
			case !first:
				b = append(b, "; "...)
			}
			if n == 0 {
				b = append(b, v.String()...)
				b = append(b, ": "...)
				first = false
			}
			n++
		}
		for _, c := range textCategories[i] {
			var tok string
			switch s.pref[c] {
			case Allowed:
				tok = v.allow()
			case Disallowed:
				tok = v.disallow()
			default:
				continue
			}
			item()
			b = append(b, vocabulary[c].label...)
			b = append(b, '=')
			b = append(b, tok...)
			if sources {
				b = s.from[c].unpack().appendText(b)
			}
		}
		if v == ContentSignal && s.use != UseUnknown {
			item()
			b = append(b, useKey+"="...)
			b = append(b, s.use.String()...)
			if sources {
				b = s.useFrom.unpack().appendText(b)
			}
		}
	}
	return b
}

// textVocabularies are the vocabularies in the order the text form gives
// them, and textCategories their categories, in the table's order.
var (
	textVocabularies = [...]Vocabulary{AIPref, ContentSignal}
	textCategories   = [...][]Category{Categories(AIPref), Categories(ContentSignal)}
)

// appendText appends " (line 4)", or " (Content-Usage)" for a source that
// is not a line.
func (src Source) appendText(b []byte) []byte {
	switch {
	case src.Line > 0:
		b = append(b, " (line "...)
		b = strconv.AppendInt(b, int64(src.Line), 10)
		return append(b, ')')
	case src.Field != "":
		b = append(b, " ("...)
		b = append(b, src.Field...)
		return append(b, ')')
	}
	return b
}
