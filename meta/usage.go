package meta

// This file reads the headers that are structured fields (RFC 9651): the
// Robots-Tag header that draft-illyes-repext proposes in place of
// X-Robots-Tag, and the usage-preference headers Content-Usage
// (draft-ietf-aipref-attach) and Content-Signal (Cloudflare), which package
// usage interprets.

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/dunglas/httpsfv"

	"github.com/robotsexclusion/robots/internal/field"
	"github.com/robotsexclusion/robots/internal/jsonw"
	"github.com/robotsexclusion/robots/usage"
)

// maxFieldLen is the longest value, in bytes, of a structured header that
// is read (field.MaxLen); a longer field is not read and is reported as a
// Source with a problem, or a usage header with a diagnostic.
const maxFieldLen = field.MaxLen

// robotsTagName is the structured robots header's name.
const robotsTagName = "Robots-Tag"

// maxRawLen caps the text kept of a field that is not read.
const maxRawLen = field.RawLen

// readRobotsTag reads the value of the Robots-Tag header, its lines joined,
// into d: a List of Items, each a product token ("*" for every crawler)
// whose Parameters are the directives for that crawler
// ("*;noindex;nosnippet, ExampleBot;noindex"). A Parameter without a value
// is the directive of its name; one with a value is read as
// "name:value" (max-snippet=20 as max-snippet:20).
func readRobotsTag(d *Directives, value, agent string) {
	fail := func(problem string) {
		raw := value
		if len(raw) > maxRawLen {
			raw = raw[:maxRawLen] + "..."
		}
		d.add(Source{Place: RobotsTag, Raw: jsonw.PercentInvalid(raw), Problem: problem, Applies: true})
	}
	if len(value) > maxFieldLen {
		fail("longer than " + strconv.Itoa(maxFieldLen) + " bytes: not read")
		return
	}
	list, err := httpsfv.UnmarshalList([]string{value})
	if err != nil {
		// draft-illyes-repext's own example ends a member with ';', which
		// RFC 9651 does not allow: read it as its text means.
		if list, err = httpsfv.UnmarshalList([]string{dropEmptyParams(value)}); err != nil {
			fail("not a structured-field List (RFC 9651): not read")
			return
		}
	}
	for _, m := range list {
		it, ok := m.(httpsfv.Item)
		if !ok {
			fail("an Inner List where a product token belongs: ignored")
			continue
		}
		tok, ok := it.Value.(httpsfv.Token)
		if !ok {
			fail("a member that is not a product token: ignored")
			continue
		}
		name := string(tok)
		applies := name == "*" || (agent != "" && strings.EqualFold(name, agent))
		if it.Params == nil {
			continue
		}
		for _, key := range it.Params.Names() {
			v, _ := it.Params.Get(key)
			s := Source{Place: RobotsTag, Name: name, Applies: applies}
			raw := key
			if text, ok := paramText(v); ok {
				raw = key + "=" + text
				classify(&s, key+":"+text)
			} else if v == true {
				classify(&s, key)
			} else {
				classify(&s, key+":?")
				s.Directive, s.Problem = "", "a value that is not a number or text"
				raw = key + "=?"
				if v == false {
					raw = key + "=?0"
				}
			}
			s.Raw = raw
			d.add(s)
		}
	}
}

// paramText returns a Parameter value that is a number, Token or String as
// text.
func paramText(v any) (string, bool) {
	switch v := v.(type) {
	case int64:
		return strconv.FormatInt(v, 10), true
	case httpsfv.Token:
		return string(v), true
	case string:
		return jsonw.PercentInvalid(v), true
	}
	return "", false
}

// dropEmptyParams removes the ';' that ends a member of a List without a
// Parameter after it ("ExampleBot;," or a final "ExampleBot;"), outside
// Strings.
func dropEmptyParams(v string) string {
	var b strings.Builder
	inString := false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case inString && c == '\\' && i+1 < len(v):
			b.WriteByte(c)
			i++
			c = v[i]
		case c == '"':
			inString = !inString
		case !inString && c == ';':
			rest := strings.TrimLeft(v[i+1:], " \t")
			if rest == "" || rest[0] == ',' {
				continue
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

// readUsage reads the Content-Usage and Content-Signal headers of h into d.
func readUsage(d *Directives, h http.Header) {
	for _, u := range field.ReadUsage(h) {
		d.prefs = d.prefs.Combine(u.Prefs)
	}
}

// Usage returns the usage preferences that apply to the page, every
// statement combined by the vocabulary's rule (any no wins, see package
// usage): its Content-Usage header (which applies to this representation),
// its Content-Signal header, and noai, read as train-ai=n (the
// AI Preferences vocabulary, section 6.6, lets another format map onto
// it). noimageai concerns only the page's images: it is reported by
// ImageAI, not here. Each category's source names the header, or the META
// tag or robots header that said noai.
//
// A crawler combines them with what robots.txt states for the page's URL
// (robots.Decision.Usage) by the same rule, robots.txt first, so that where both state the same preference its line
// is the one named, and its use value is kept when it has one:
//
//	prefs := decision.Usage.Combine(d.Usage())
//
// Each category's source (usage.Set.From) then says where its preference
// came from: a source with a Line is that line of robots.txt; one without
// names the header (Content-Usage, Content-Signal) or the META tag or
// robots header that said noai (meta name="robots", X-Robots-Tag,
// Robots-Tag). A URL robots.txt does not allow has no Decision.Usage.
func (d Directives) Usage() usage.Set {
	s := d.prefs
	if d.no&noAI == 0 {
		return s
	}
	for _, src := range d.sources {
		if src.Applies && src.kind == kindNo && src.no&noAI != 0 {
			return s.Combine(usage.Set{}.With(usage.TrainAI, usage.Disallowed, usage.Source{Field: src.field()}))
		}
	}
	return s.Combine(usage.Set{}.With(usage.TrainAI, usage.Disallowed, usage.Source{Field: "noai"}))
}

// field names where a Source was read, for a usage.Source: `meta
// name="robots"`, "X-Robots-Tag" or "Robots-Tag".
func (s Source) field() string {
	if s.Place == MetaTag {
		return `meta name="` + s.Name + `"`
	}
	return s.Place.String()
}
