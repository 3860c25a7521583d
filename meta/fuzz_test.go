package meta

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/robotsexclusion/robots/internal/field"
	"github.com/robotsexclusion/robots/usage"
)

// FuzzMeta reads an HTML document and a header value for an agent, the
// value given as X-Robots-Tag, Robots-Tag, Content-Usage and Content-Signal.
// Nothing may panic, reading stays within the limit, every string handed out
// is valid UTF-8, and the canonical line reads back as itself.
func FuzzMeta(f *testing.F) {
	f.Add([]byte(`<html><head><meta name="robots" content="noindex,nofollow"><title>x</title></head><body>`), "otherbot: noindex, nofollow", "FooBot")
	f.Add([]byte(`<META NAME="ROBOTS" CONTENT="INDEX,NOINDEX,NOFOLLOW,FOLLOW,FOLLOW">`), "unavailable_after: 25 Jun 2010 15:00:00 PST", "googlebot")
	f.Add([]byte(`<meta name=foobot content="max-snippet:20, max-image-preview:standard, max-video-preview:-1">`), "foobot: nosnippet, noarchive", "foobot")
	f.Add([]byte("\xFF\xFE<\x00m\x00e\x00t\x00a\x00>\x00"), "noindex, unavailable_after: Friday, 25-Jun-10 15:00:00 GMT", "x")
	f.Add([]byte(`<head><template><meta name=robots content=none></template><noscript><meta name=robots content=none></noscript></head>`), "robots: none", "robots")
	f.Add([]byte("<meta name=robots content=\"unavailable_after: Fri, 25 Jun 2010 15:00:00 GMT, noimageindex\xE9\">"), "max-snippet:99999999999999999999999, notranslate", "")
	f.Add([]byte(`<meta name=robots content="noai, noimageai">`), "*;noindex;nosnippet, ExampleBot;", "ExampleBot")
	f.Add([]byte(`<meta name=FooBot content=noai>`), `train-ai=y, train-ai, search=n, search="n"`, "FooBot")
	f.Add([]byte(``), "search=yes, ai-input=yes, ai-train=no, use=reference", "FooBot")
	f.Fuzz(func(t *testing.T, doc []byte, value, agent string) {
		const limit = 4096
		c := &countingReader{r: bytes.NewReader(doc)}
		d, err := ParseHTML(c, agent, limit)
		if err != nil {
			t.Fatalf("ParseHTML: %v", err)
		}
		if c.n > limit+1 {
			t.Fatalf("read %d bytes with a limit of %d", c.n, limit)
		}
		d = d.Merge(ParseHeader(http.Header{"X-Robots-Tag": {value}, "Robots-Tag": {value},
			"Content-Usage": {value}, "Content-Signal": {value}}, agent))
		d = d.Merge(ParseMeta("robots", value, agent))

		line := d.String()
		if back := ParseMeta("robots", line, "").String(); back != line {
			t.Fatalf("String %q reads back as %q", line, back)
		}
		if line == "" || !utf8.ValidString(line) {
			t.Fatalf("String %q", line)
		}
		for _, u := range unknown(d) {
			if !utf8.ValidString(u) || u != strings.ToLower(u) {
				t.Fatalf("unknown %q", u)
			}
		}
		for _, s := range d.Sources() {
			if !utf8.ValidString(s.Raw) || !utf8.ValidString(s.Name) || !utf8.ValidString(s.String()) {
				t.Fatalf("source %+v is not valid UTF-8", s)
			}
			if (s.Directive == "") == (s.Problem == "") {
				t.Fatalf("source %+v: want a directive or a problem", s)
			}
			if d.InForce(s) && (!s.Applies || s.Directive == "") {
				t.Fatalf("source %+v in force", s)
			}
		}
		prefs := d.Usage()
		if prefs.Get(usage.TrainAI) == usage.Allowed && d.no&noAI != 0 {
			t.Fatalf("noai, yet train-ai is allowed")
		}
		for c := range usage.Category(usage.NumCategories) {
			if (prefs.Get(c) == usage.Unknown) != (prefs.From(c) == usage.Source{}) {
				t.Fatalf("%s is %s from %v", c, prefs.Get(c), prefs.From(c))
			}
		}
		for _, u := range field.ReadUsage(http.Header{"Content-Usage": {value}, "Content-Signal": {value}}) {
			if !utf8.ValidString(u.Value) {
				t.Fatalf("usage source %q is not valid UTF-8", u.Value)
			}
		}
		if d.MaxSnippet() < -1 || d.MaxVideoPreview() < -1 || (d.MaxSnippet() == 0) != (d.no&noSnippet != 0) {
			t.Fatalf("limits: snippet %d (nosnippet %v) video %d", d.MaxSnippet(), d.no&noSnippet != 0, d.MaxVideoPreview())
		}
	})
}
