package main

// How the tools print usage preferences (package usage): as text, each
// vocabulary in its own syntax with the line that stated each preference,
// and as JSON, in the form usage.Set.MarshalJSON writes, appended without
// encoding/json so that check -usage stays on its allocation-free path.

import (
	"slices"
	"strconv"

	prefs "github.com/robotsexclusion/robots/usage"
)

// usageVocabularies are the vocabularies in the order the text form prints
// them: the IETF one, then Content Signals.
var usageVocabularies = []prefs.Vocabulary{prefs.AIPref, prefs.ContentSignal}

// usageCategories are each vocabulary's categories, in table order (text)
// and sorted by label (JSON, as encoding/json sorts map keys).
var usageCategories, usageCategoriesJSON = func() (text, sorted map[prefs.Vocabulary][]prefs.Category) {
	text, sorted = map[prefs.Vocabulary][]prefs.Category{}, map[prefs.Vocabulary][]prefs.Category{}
	for _, v := range usageVocabularies {
		cs := prefs.Categories(v)
		text[v] = cs
		s := slices.Clone(cs)
		slices.SortFunc(s, func(a, b prefs.Category) int {
			la, lb := a.Info().Label, b.Info().Label
			switch {
			case la < lb:
				return -1
			case la > lb:
				return 1
			}
			return 0
		})
		sorted[v] = s
	}
	return text, sorted
}()

// usageToken returns the Token that states p in v: y and n, or yes and no
// for Content Signals.
func usageToken(v prefs.Vocabulary, p prefs.Pref) string {
	switch {
	case p == prefs.Allowed && v == prefs.ContentSignal:
		return "yes"
	case p == prefs.Disallowed && v == prefs.ContentSignal:
		return "no"
	case p == prefs.Allowed:
		return "y"
	case p == prefs.Disallowed:
		return "n"
	}
	return "?"
}

// appendUsageText appends the known preferences of s, each vocabulary in
// its syntax, with the line (or field) that stated each:
//
//	Content-Usage: train-ai=n (line 4), search=y (line 4); Content-Signal: ai-input=no (line 11), use=reference (line 11)
//
// or "unknown" when s states nothing.
func appendUsageText(b []byte, s prefs.Set) []byte {
	if !s.Known() {
		return append(b, "unknown"...)
	}
	first := true
	for _, v := range usageVocabularies {
		n := 0
		item := func() {
			if n == 0 {
				if !first {
					b = append(b, "; "...)
				}
				b = append(b, v.String()...)
				b = append(b, ": "...)
				first = false
			} else {
				b = append(b, ", "...)
			}
			n++
		}
		for _, c := range usageCategories[v] {
			p := s.Get(c)
			if p == prefs.Unknown {
				continue
			}
			item()
			b = append(b, c.Info().Label...)
			b = append(b, '=')
			b = append(b, usageToken(v, p)...)
			b = appendUsageFrom(b, s.From(c))
		}
		if u, from := s.Use(); v == prefs.ContentSignal && u != prefs.UseUnknown {
			item()
			b = append(b, "use="...)
			b = append(b, u.String()...)
			b = appendUsageFrom(b, from)
		}
	}
	return b
}

// appendUsageFrom appends " (line 4)", or " (Content-Usage)" for a source
// that is not a line.
func appendUsageFrom(b []byte, from prefs.Source) []byte {
	switch {
	case from.Line > 0:
		b = append(b, " (line "...)
		b = strconv.AppendInt(b, int64(from.Line), 10)
		return append(b, ')')
	case from.Field != "":
		b = append(b, " ("...)
		b = append(b, from.Field...)
		return append(b, ')')
	}
	return b
}

// usageText is appendUsageText as a string.
func usageText(s prefs.Set) string { return string(appendUsageText(nil, s)) }

// appendUsageJSON appends s as JSON, byte for byte as json.Marshal writes
// it (usage.Set.MarshalJSON): one object per vocabulary keyed by label,
// every category listed, then the use value.
func appendUsageJSON(b []byte, s prefs.Set) []byte {
	b = append(b, '{')
	// encoding/json sorts the keys: Content-Signal, Content-Usage, use.
	for i, v := range []prefs.Vocabulary{prefs.ContentSignal, prefs.AIPref} {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, []byte(v.String()))
		b = append(b, ":{"...)
		for j, c := range usageCategoriesJSON[v] {
			if j > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, []byte(c.Info().Label))
			b = append(b, `:{"preference":"`...)
			b = append(b, s.Get(c).String()...)
			b = append(b, '"')
			if from := s.From(c); from != (prefs.Source{}) {
				b = append(b, `,"source":`...)
				b = appendUsageSourceJSON(b, from)
			}
			b = append(b, '}')
		}
		b = append(b, '}')
	}
	u, from := s.Use()
	b = append(b, `,"use":{`...)
	if from != (prefs.Source{}) {
		b = append(b, `"source":`...)
		b = appendUsageSourceJSON(b, from)
		b = append(b, ',')
	}
	b = append(b, `"value":"`...)
	b = append(b, u.String()...)
	return append(b, `"}}`...)
}

// appendUsageSourceJSON appends a source as {"line":4,"field":"Content-Usage"},
// either member omitted when zero.
func appendUsageSourceJSON(b []byte, from prefs.Source) []byte {
	b = append(b, '{')
	if from.Line != 0 {
		b = append(b, `"line":`...)
		b = strconv.AppendInt(b, int64(from.Line), 10)
	}
	if from.Field != "" {
		if from.Line != 0 {
			b = append(b, ',')
		}
		b = append(b, `"field":`...)
		b = appendJSONString(b, []byte(from.Field))
	}
	return append(b, '}')
}
