package meta

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// header makes the X-Robots-Tag headers of a response, one per value.
func header(values ...string) http.Header {
	return http.Header{"X-Robots-Tag": values}
}

// describe lists the sources of d as prefix|directive-or-problem|applies.
func describe(d Directives) []string {
	var out []string
	for _, s := range d.Sources() {
		what := s.Directive
		if what == "" {
			what = "?" + s.Raw
		}
		a := ""
		if !s.Applies {
			a = " (other)"
		}
		out = append(out, s.Name+"|"+what+a)
	}
	return out
}

func TestParseHeader(t *testing.T) {
	tests := []struct {
		name    string
		values  []string
		str     string
		sources []string
	}{
		{"one", []string{"noindex"}, "noindex", []string{"|noindex"}},
		{"several values", []string{"noarchive, nosnippet"}, "noarchive, nosnippet",
			[]string{"|noarchive", "|nosnippet"}},
		{"several headers", []string{"noindex", "nofollow", "max-snippet: 10"}, "noindex, nofollow, max-snippet:10",
			[]string{"|noindex", "|nofollow", "|max-snippet:10"}},
		{"our prefix", []string{"FooBot: nofollow"}, "nofollow", []string{"FooBot|nofollow"}},
		{"our prefix, any case", []string{"foobot:noindex"}, "noindex", []string{"foobot|noindex"}},
		{"other prefix", []string{"otherbot: noindex, nofollow"}, "all",
			[]string{"otherbot|noindex (other)", "otherbot|nofollow (other)"}},
		{"Google's example", []string{"googlebot: nofollow", "otherbot: noindex, nofollow"}, "all",
			[]string{"googlebot|nofollow (other)", "otherbot|noindex (other)", "otherbot|nofollow (other)"}},
		{"prefix ends at the header", []string{"otherbot: noindex", "nofollow"}, "nofollow",
			[]string{"otherbot|noindex (other)", "|nofollow"}},
		{"prefix to the next prefix", []string{"otherbot: noindex, foobot: noarchive, nosnippet"}, "noarchive, nosnippet",
			[]string{"otherbot|noindex (other)", "foobot|noarchive", "foobot|nosnippet"}},
		{"robots prefix is every crawler", []string{"robots: noindex"}, "noindex", []string{"robots|noindex"}},
		{"date is no prefix", []string{"unavailable_after: 25 Jun 2010 15:00:00 PST"}, "unavailable_after:2010-06-25T23:00:00Z",
			[]string{"|unavailable_after:2010-06-25T23:00:00Z"}},
		{"prefixed date", []string{"FooBot: unavailable_after: 25 Jun 2010 15:00:00 PST"}, "unavailable_after:2010-06-25T23:00:00Z",
			[]string{"FooBot|unavailable_after:2010-06-25T23:00:00Z"}},
		{"date with commas", []string{"noindex, unavailable_after: Friday, 25-Jun-10 15:00:00 GMT, nofollow"},
			"noindex, nofollow, unavailable_after:2010-06-25T15:00:00Z",
			[]string{"|noindex", "|unavailable_after:2010-06-25T15:00:00Z", "|nofollow"}},
		{"other agent's date", []string{"otherbot: unavailable_after: Fri, 25 Jun 2010 15:00:00 GMT"}, "all",
			[]string{"otherbot|unavailable_after:2010-06-25T15:00:00Z (other)"}},
		{"bad date", []string{"unavailable_after: 31 Feb 2010, noindex"}, "noindex",
			[]string{"|?unavailable_after: 31 Feb 2010", "|noindex"}},
		{"valued names are no prefix", []string{"max-snippet: 5, max-video-preview: 7, max-image-preview: standard"},
			"max-snippet:5, max-image-preview:standard, max-video-preview:7",
			[]string{"|max-snippet:5", "|max-video-preview:7", "|max-image-preview:standard"}},
		{"directive names are no prefix", []string{"noindex: nofollow"}, "nofollow", []string{"|?noindex:", "|nofollow"}},
		{"prefix alone", []string{"otherbot:", "noindex"}, "noindex", []string{"|noindex"}},
		{"empty", []string{"", " , "}, "all", nil},
		{"unknown", []string{"noodp, otherbot: noydir"}, "all", []string{"|?noodp", "otherbot|?noydir (other)"}},
		{"none", []string{"NONE"}, "noindex, nofollow", []string{"|none"}},
		{"not a token before the colon", []string{"other bot: noindex"}, "noindex", []string{"|?other", "|?bot:", "|noindex"}},
	}
	for _, tt := range tests {
		d := ParseHeader(header(tt.values...), "FooBot")
		if got := d.String(); got != tt.str {
			t.Errorf("%s: %q = %q, want %q", tt.name, tt.values, got, tt.str)
		}
		if got := describe(d); !slices.Equal(got, tt.sources) {
			t.Errorf("%s: %q sources\n got %q\nwant %q", tt.name, tt.values, got, tt.sources)
		}
		for _, s := range d.Sources() {
			if s.Place != XRobotsTag {
				t.Errorf("%s: source %+v not from a header", tt.name, s)
			}
		}
	}
}

func TestParseHeaderKeys(t *testing.T) {
	h := http.Header{}
	h.Add("x-robots-tag", "noindex") // canonicalized by Add
	h["x-robots-tag"] = []string{"nofollow"}
	h["Content-Type"] = []string{"text/html"}
	h["X-Robots-Tags"] = []string{"noarchive"} // another header
	d := ParseHeader(h, "FooBot")
	if got, want := d.String(), "noindex, nofollow"; got != want {
		t.Errorf("ParseHeader = %q, want %q", got, want)
	}
	if got := ParseHeader(nil, "FooBot").String(); got != "all" {
		t.Errorf("ParseHeader(nil) = %q", got)
	}
}

// TestParseHeaderNoAgent: without an agent only unprefixed directives
// apply.
func TestParseHeaderNoAgent(t *testing.T) {
	d := ParseHeader(header("noindex", "foobot: nofollow"), "")
	if got := d.String(); got != "noindex" {
		t.Errorf("ParseHeader for no agent = %q, want noindex", got)
	}
}

func TestParseDate(t *testing.T) {
	utc := func(y int, m time.Month, d, h, min, s int) time.Time {
		return time.Date(y, m, d, h, min, s, 0, time.UTC)
	}
	june25 := utc(2010, 6, 25, 15, 0, 0)
	tests := []struct {
		in   string
		want time.Time
	}{
		// Google's example, and its relatives.
		{"25 Jun 2010 15:00:00 PST", utc(2010, 6, 25, 23, 0, 0)},
		{"25 Jun 2010 15:00:00 PDT", utc(2010, 6, 25, 22, 0, 0)},
		{"25 June 2010 15:00:00 GMT", june25},
		{"25 jun 2010 15:00 gmt", june25},
		// RFC 1123, RFC 822, RFC 850, asctime, date(1).
		{"Fri, 25 Jun 2010 15:00:00 GMT", june25},
		{"Fri, 25 Jun 2010 15:00:00 +0000", june25},
		{"Fri, 25 Jun 2010 17:00:00 +0200", june25},
		{"25 Jun 10 15:00 GMT", june25},
		{"Fri, 25 Jun 10 15:00:00 UT", june25},
		{"Friday, 25-Jun-10 15:00:00 GMT", june25},
		{"Friday, 25-Jun-2010 10:00:00 EST", june25},
		{"Fri Jun 25 15:00:00 2010", june25},
		{"Fri Jun 25 16:00:00 CET 2010", june25},
		{"Fri Jun 25 2010 17:00:00 GMT+0200 (Central European Summer Time)", june25},
		// RFC 3339 and ISO 8601, with and without a time.
		{"2010-06-25T15:00:00Z", june25},
		{"2010-06-25t15:00:00z", june25},
		{"2010-06-25T15:00:00.123456Z", june25},
		{"2010-06-25T08:00:00-07:00", june25},
		{"2010-06-25T08:00:00-0700", june25},
		{"2010-06-25T15:00:00", june25},
		{"2010-06-25T15:00", june25},
		{"2010-06-25 15:00:00", june25},
		{"2010-06-25 15:00", june25},
		{"2010-06-25", utc(2010, 6, 25, 0, 0, 0)},
		{"20100625", utc(2010, 6, 25, 0, 0, 0)},
		{"2010/06/25", utc(2010, 6, 25, 0, 0, 0)},
		// Other widely used forms.
		{"June 25, 2010", utc(2010, 6, 25, 0, 0, 0)},
		{"Jun 25 2010", utc(2010, 6, 25, 0, 0, 0)},
		{"Friday, June 25, 2010", utc(2010, 6, 25, 0, 0, 0)},
		{"25 June 2010", utc(2010, 6, 25, 0, 0, 0)},
		{"25-Jun-2010", utc(2010, 6, 25, 0, 0, 0)},
		{"  5 Sept 2010  ", utc(2010, 9, 5, 0, 0, 0)},
		{"25 Jun 2010 15:00:00 UTC+01:00", utc(2010, 6, 25, 14, 0, 0)},
		{"25 Jun 2010 15:00:00 +01", utc(2010, 6, 25, 14, 0, 0)},
	}
	for _, tt := range tests {
		got, ok := parseDate(tt.in)
		if !ok || !got.Equal(tt.want) || got.Location() != time.UTC {
			t.Errorf("parseDate(%q) = %v, %v; want %v", tt.in, got, ok, tt.want)
		}
	}
	bad := []string{
		"", "soon", "tomorrow", "25", "2010", "31 Feb 2010", "2010-13-01", "2010-06-25T25:00:00",
		"25 Jun 2010 15:00:00 XYZ", // unknown zone: not read as UTC
		"Fri", "Fri,", "25 Jun 2010 15:00:00 PST extra",
		"0000-01-01T00:00:00+01:00", // before year 1 in UTC
		strings.Repeat("1", 200),
	}
	for _, in := range bad {
		if got, ok := parseDate(in); ok {
			t.Errorf("parseDate(%q) = %v, want no date", in, got)
		}
	}
}
