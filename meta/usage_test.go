package meta

import (
	"github.com/robotsexclusion/robots/internal/diag"
	"github.com/robotsexclusion/robots/internal/field"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/usage"
)

// TestRobotsTag reads the structured Robots-Tag header of
// draft-illyes-repext beside the legacy X-Robots-Tag.
func TestRobotsTag(t *testing.T) {
	tests := []struct {
		source  string // where the case comes from
		values  []string
		agent   string
		str     string
		sources []string
	}{
		{"repext 3.1.1 example, ExampleBot (with its final ';')", []string{"*;noindex;nosnippet, ExampleBot;"}, "ExampleBot",
			"noindex, nosnippet", []string{"*|noindex", "*|nosnippet"}},
		{"repext 3.1.1 example, any crawler", []string{"*;noindex;nosnippet, ExampleBot;"}, "FooBot",
			"noindex, nosnippet", []string{"*|noindex", "*|nosnippet"}},
		{"issue 12 example, ExampleBot", []string{"*;nosnippet, ExampleBot;noindex"}, "examplebot",
			"noindex, nosnippet", []string{"*|nosnippet", "ExampleBot|noindex"}},
		{"issue 12 example, another crawler", []string{"*;nosnippet, ExampleBot;noindex"}, "FooBot",
			"nosnippet", []string{"*|nosnippet", "ExampleBot|noindex (other)"}},
		{"repext 3.1.1: one token twice, merged", []string{"FooBot;noarchive", "FooBot;noai"}, "FooBot",
			"noarchive, noai", []string{"FooBot|noarchive", "FooBot|noai"}},
		{"Parameters with values", []string{`*;max-snippet=20;max-image-preview=standard;unavailable_after="2010-06-25"`}, "FooBot",
			"max-snippet:20, max-image-preview:standard, unavailable_after:2010-06-25T00:00:00Z",
			[]string{"*|max-snippet:20", "*|max-image-preview:standard", "*|unavailable_after:2010-06-25T00:00:00Z"}},
		{"an unknown rule", []string{"*;noodp"}, "FooBot", "all", []string{"*|?noodp"}},
		{"a Boolean false", []string{"*;noindex=?0"}, "FooBot", "all", []string{"*|?noindex=?0"}},
		{"RFC 9651: uppercase keys are not a List", []string{"*;NOINDEX"}, "FooBot", "all", []string{"|?*;NOINDEX"}},
		{"a String member", []string{`"FooBot";noindex`}, "FooBot", "all", []string{`|?"FooBot";noindex`}},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			d := ParseHeader(http.Header{"Robots-Tag": tt.values}, tt.agent)
			if got := d.String(); got != tt.str {
				t.Errorf("String() = %q, want %q", got, tt.str)
			}
			var got []string
			for _, s := range d.Sources() {
				if s.Place != RobotsTag {
					t.Errorf("source %v: place %v", s, s.Place)
				}
				what := s.Directive
				if what == "" {
					what = "?" + s.Raw
				}
				if !s.Applies {
					what += " (other)"
				}
				got = append(got, s.Name+"|"+what)
			}
			if !slices.Equal(got, tt.sources) {
				t.Errorf("sources %q, want %q", got, tt.sources)
			}
		})
	}
}

// TestRobotsTagBeside checks both header forms on one response, each
// directive counting once per source.
func TestRobotsTagBeside(t *testing.T) {
	h := http.Header{}
	h.Add("X-Robots-Tag", "examplebot: noindex")
	h.Add("robots-tag", "*;nosnippet")
	d := ParseHeader(h, "ExampleBot")
	if got, want := d.String(), "noindex, nosnippet"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	var got []string
	for _, s := range d.Sources() {
		got = append(got, s.String())
	}
	want := []string{"X-Robots-Tag: examplebot: noindex", "Robots-Tag: *;nosnippet"}
	if !slices.Equal(got, want) {
		t.Errorf("sources %q, want %q", got, want)
	}
}

// TestRobotsTagLimit checks maxFieldLen: a longer field is not read and is
// reported.
func TestRobotsTagLimit(t *testing.T) {
	long := "*;noindex" + strings.Repeat(";a", maxFieldLen/2)
	d := ParseHeader(http.Header{"Robots-Tag": {long}}, "FooBot")
	src := d.Sources()
	if len(src) != 1 || src[0].Problem == "" || len(src[0].Raw) > maxRawLen+3 || !d.Index() {
		t.Errorf("a field of %d bytes: %v, index %v", len(long), src, d.Index())
	}
	short := "*;noindex" + strings.Repeat(";a", (maxFieldLen-20)/2)
	if d := ParseHeader(http.Header{"Robots-Tag": {short}}, "FooBot"); d.Index() {
		t.Errorf("a field of %d bytes was not read", len(short))
	}
}

// TestAIDirectives reads noai and noimageai in META tags and both headers.
func TestAIDirectives(t *testing.T) {
	tests := []struct {
		name      string
		d         Directives
		ai, image bool
		train     usage.Pref
		from      string
	}{
		{"meta noai", ParseMeta("robots", "noai, noimageai", "FooBot"), false, false, usage.Disallowed, `meta name="robots"`},
		{"meta noimageai only", ParseMeta("robots", "NoImageAI", "FooBot"), true, false, usage.Unknown, ""},
		{"meta, other crawler", ParseMeta("OtherBot", "noai", "FooBot"), true, true, usage.Unknown, ""},
		{"X-Robots-Tag", ParseHeader(header("FooBot: noai"), "foobot"), false, true, usage.Disallowed, "X-Robots-Tag"},
		{"X-Robots-Tag, other crawler", ParseHeader(header("otherbot: noai, noimageai"), "FooBot"), true, true, usage.Unknown, ""},
		{"Robots-Tag", ParseHeader(http.Header{"Robots-Tag": {"*;noai"}}, "FooBot"), false, true, usage.Disallowed, "Robots-Tag"},
		{"none is not noai", ParseMeta("robots", "none", "FooBot"), true, true, usage.Unknown, ""},
	}
	for _, tt := range tests {
		if (tt.d.no&noAI == 0) != tt.ai || tt.d.ImageAI() != tt.image {
			t.Errorf("%s: AI %v ImageAI %v, want %v %v", tt.name, (tt.d.no&noAI == 0), tt.d.ImageAI(), tt.ai, tt.image)
		}
		u := tt.d.Usage()
		if u.Get(usage.TrainAI) != tt.train || u.From(usage.TrainAI).Field != tt.from {
			t.Errorf("%s: train-ai %s from %q, want %s from %q", tt.name, u.Get(usage.TrainAI), u.From(usage.TrainAI).Field, tt.train, tt.from)
		}
		if back := ParseMeta("robots", tt.d.String(), "").String(); back != tt.d.String() {
			t.Errorf("%s: String %q reads back as %q", tt.name, tt.d.String(), back)
		}
	}
}

// TestUsageHeaders reads Content-Usage and Content-Signal headers: the
// attachment draft's example, the Content Signals example, and how they
// combine with each other and with noai.
func TestUsageHeaders(t *testing.T) {
	u, y, n := usage.Unknown, usage.Allowed, usage.Disallowed
	tests := []struct {
		source string
		h      http.Header
		html   string // META content for robots, if any
		want   map[usage.Category]usage.Pref
		from   map[usage.Category]string
		codes  []diag.Code
	}{
		{"attach 1.2 Examples: Content-Usage: train-ai=n", http.Header{"Content-Usage": {"train-ai=n"}}, "",
			map[usage.Category]usage.Pref{usage.TrainAI: n}, map[usage.Category]string{usage.TrainAI: "Content-Usage"}, nil},
		{"Content Signals example, as a header", http.Header{"Content-Signal": {"search=yes, ai-input=yes, ai-train=no"}}, "",
			map[usage.Category]usage.Pref{usage.SignalSearch: y, usage.SignalAIInput: y, usage.SignalAITrain: n}, nil, nil},
		{"RFC 9651 4.2: lines joined, the last value counts", http.Header{"Content-Usage": {"train-ai=n", "train-ai=y, search=n"}}, "",
			map[usage.Category]usage.Pref{usage.TrainAI: y, usage.Search: n}, nil, nil},
		{"lowercase header name", http.Header{"content-usage": {"search=y"}}, "",
			map[usage.Category]usage.Pref{usage.Search: y}, nil, nil},
		{"vocab 6.5.1: every category unknown", http.Header{"Content-Usage": {`train-ai=y, train-ai, search=n, search="n"`}}, "",
			map[usage.Category]usage.Pref{}, nil, []diag.Code{diag.BadValue, diag.BadValue}},
		{"noai and Content-Usage: no wins", http.Header{"Content-Usage": {"train-ai=y"}}, "noai",
			map[usage.Category]usage.Pref{usage.TrainAI: n}, map[usage.Category]string{usage.TrainAI: `meta name="robots"`}, nil},
		{"noai agrees: the header is the source", http.Header{"Content-Usage": {"train-ai=n"}, "X-Robots-Tag": {"noai"}}, "",
			map[usage.Category]usage.Pref{usage.TrainAI: n}, map[usage.Category]string{usage.TrainAI: "Content-Usage"}, nil},
		{"yes/no mixed up", http.Header{"Content-Usage": {"train-ai=no"}, "Content-Signal": {"ai-train=n"}}, "",
			map[usage.Category]usage.Pref{}, nil, []diag.Code{diag.YesNo, diag.SignalYN}},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			d := ParseHeader(tt.h, "FooBot")
			if tt.html != "" {
				d = d.Merge(ParseMeta("robots", tt.html, "FooBot"))
			}
			prefs := d.Usage()
			for c := range usage.Category(usage.NumCategories) {
				want := tt.want[c]
				if want == 0 {
					want = u
				}
				if got := prefs.Get(c); got != want {
					t.Errorf("%s: %s, want %s", c, got, want)
				}
				if f, ok := tt.from[c]; ok && prefs.From(c).Field != f {
					t.Errorf("%s: from %q, want %q", c, prefs.From(c).Field, f)
				}
			}
			var codes []diag.Code
			for _, s := range field.ReadUsage(tt.h) {
				for _, dg := range s.Diagnostics {
					codes = append(codes, dg.Code)
				}
			}
			if !slices.Equal(codes, tt.codes) {
				t.Errorf("diagnostics %v, want %v", codes, tt.codes)
			}
		})
	}
}

// TestUsageMerge checks that Merge combines usage preferences by no wins,
// whatever the order.
func TestUsageMerge(t *testing.T) {
	a := ParseHeader(http.Header{"Content-Usage": {"train-ai=y, search=y"}}, "FooBot")
	b := ParseHeader(http.Header{"Content-Signal": {"search=no"}, "Content-Usage": {"train-ai=n"}}, "FooBot")
	for _, d := range []Directives{a.Merge(b), b.Merge(a)} {
		p := d.Usage()
		if p.Get(usage.TrainAI) != usage.Disallowed || p.Get(usage.Search) != usage.Allowed || p.Get(usage.SignalSearch) != usage.Disallowed {
			t.Errorf("merged: %s", p)
		}
		if c, _ := p.Combined(usage.Search); c != usage.Disallowed {
			t.Errorf("combined search %s, want disallowed", c)
		}
	}
}

// TestUsageLimit checks maxFieldLen for usage headers.
func TestUsageLimit(t *testing.T) {
	long := "train-ai=n" + strings.Repeat(", a", maxFieldLen/3)
	h := http.Header{"Content-Usage": {long}}
	d := ParseHeader(h, "FooBot")
	src := field.ReadUsage(h)
	if len(src) != 1 || len(src[0].Diagnostics) != 1 || len(src[0].Value) > maxRawLen+3 || d.Usage().Known() {
		t.Errorf("a field of %d bytes: %d sources, usage %s", len(long), len(src), d.Usage())
	}
}

// TestUsageWithRobotsTxt combines the preferences robots.txt states for a
// URL with those of the response, robots.txt first as the Usage
// documentation says, any no winning, and checks where each category's
// answer is said to come from.
func TestUsageWithRobotsTxt(t *testing.T) {
	robotsTxt := func(value string, line int) usage.Set {
		_, s, diags := usage.ParseRule(value, usage.Source{Line: line, Field: "Content-Usage"})
		if len(diags) > 0 {
			t.Fatalf("%q: %v", value, diags)
		}
		return s
	}
	line4 := usage.Source{Line: 4, Field: "Content-Usage"}
	header := usage.Source{Field: "Content-Usage"}
	signal := usage.Source{Field: "Content-Signal"}
	metaTag := usage.Source{Field: `meta name="robots"`}
	type want struct {
		c    usage.Category
		p    usage.Pref
		from usage.Source
	}
	tests := []struct {
		name   string
		robots usage.Set
		header http.Header
		meta   string // content of <meta name="robots">
		want   []want
	}{
		{"nothing stated", usage.Set{}, nil, "",
			[]want{{usage.TrainAI, usage.Unknown, usage.Source{}}, {usage.Search, usage.Unknown, usage.Source{}}}},
		{"robots.txt alone", robotsTxt("train-ai=n, search=y", 4), nil, "",
			[]want{{usage.TrainAI, usage.Disallowed, line4}, {usage.Search, usage.Allowed, line4}}},
		{"the header's n beats robots.txt's y", robotsTxt("/ train-ai=y", 4), http.Header{"Content-Usage": {"train-ai=n"}}, "",
			[]want{{usage.TrainAI, usage.Disallowed, header}}},
		{"robots.txt's n beats the header's y", robotsTxt("train-ai=n", 4), http.Header{"Content-Usage": {"train-ai=y, search=y"}}, "",
			[]want{{usage.TrainAI, usage.Disallowed, line4}, {usage.Search, usage.Allowed, header}}},
		{"both say n: robots.txt is named", robotsTxt("train-ai=n", 4), http.Header{"Content-Usage": {"train-ai=n"}}, "",
			[]want{{usage.TrainAI, usage.Disallowed, line4}}},
		{"noai beats robots.txt's y", robotsTxt("train-ai=y", 4), nil, "noai",
			[]want{{usage.TrainAI, usage.Disallowed, metaTag}}},
		{"a Content-Signal header beside robots.txt", robotsTxt("search=y", 4), http.Header{"Content-Signal": {"search=no, ai-input=no"}}, "",
			[]want{{usage.Search, usage.Allowed, line4}, {usage.SignalSearch, usage.Disallowed, signal}, {usage.SignalAIInput, usage.Disallowed, signal}}},
		{"a header that is no Dictionary leaves robots.txt's answer", robotsTxt("train-ai=y", 4), http.Header{"Content-Usage": {"Train-AI=n"}}, "",
			[]want{{usage.TrainAI, usage.Allowed, line4}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := ParseHeader(tt.header, "FooBot")
			if tt.meta != "" {
				d = d.Merge(ParseMeta("robots", tt.meta, "FooBot"))
			}
			got := tt.robots.Combine(d.Usage())
			for _, w := range tt.want {
				if p, from := got.Get(w.c), got.From(w.c); p != w.p || from != w.from {
					t.Errorf("%s: %s from %q, want %s from %q", w.c, p, from, w.p, w.from)
				}
			}
			// No wins whatever the order; only the sources of ties differ.
			other := d.Usage().Combine(tt.robots)
			for c := range usage.Category(usage.NumCategories) {
				if got.Get(c) != other.Get(c) {
					t.Errorf("%s: %s robots.txt first, %s page first", c, got.Get(c), other.Get(c))
				}
			}
		})
	}
}
