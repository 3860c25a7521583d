package meta

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// state prints every accessor of d on one line, so that a table can say what
// it expects of all of them at once and a failure shows them all.
func state(d Directives) string {
	var b strings.Builder
	no := func(ok bool, name string) {
		if !ok {
			b.WriteString(" no" + name)
		}
	}
	no(d.Index(), "index")
	no(d.Follow(), "follow")
	no(d.Archive(), "archive")
	no(d.MaxSnippet() != 0, "snippet")
	no(d.ImageIndex(), "imageindex")
	no(d.Translate(), "translate")
	if d.IndexIfEmbedded() {
		b.WriteString(" indexifembedded")
	}
	fmt.Fprintf(&b, " snippet=%d image=%s video=%d", d.MaxSnippet(), d.MaxImagePreview(), d.MaxVideoPreview())
	if t, ok := d.UnavailableAfter(); ok {
		b.WriteString(" until=" + t.Format(time.RFC3339))
	}
	if u := unknown(d); len(u) > 0 {
		fmt.Fprintf(&b, " unknown=%q", u)
	}
	return strings.TrimSpace(b.String())
}

const nothing = "snippet=-1 image=default video=-1"

// TestDirectives reads one META content per case, for the crawler FooBot
// under the generic name robots: the book's examples, then every directive.
func TestDirectives(t *testing.T) {
	tests := []struct {
		content string
		str     string // String()
		state   string // state()
	}{
		// The robots META tag chapter of the HTTP book.
		{"NOINDEX", "noindex", "noindex " + nothing},
		{"NOFOLLOW", "nofollow", "nofollow " + nothing},
		{"noindex,nofollow", "noindex, nofollow", "noindex nofollow " + nothing},
		{"INDEX", "all", nothing},
		{"FOLLOW", "all", nothing},
		{"NOARCHIVE", "noarchive", "noarchive " + nothing},
		{"ALL", "all", nothing},
		{"NONE", "noindex, nofollow", "noindex nofollow " + nothing},
		{"INDEX,NOINDEX,NOFOLLOW,FOLLOW,FOLLOW", "noindex, nofollow", "noindex nofollow " + nothing},

		// Every directive.
		{"index, follow", "all", nothing},
		{"archive", "all", nothing},
		{"nocache", "noarchive", "noarchive " + nothing},
		{"nosnippet", "nosnippet", "nosnippet snippet=0 image=default video=-1"},
		{"max-snippet:20", "max-snippet:20", "snippet=20 image=default video=-1"},
		{"max-snippet: 20", "max-snippet:20", "snippet=20 image=default video=-1"},
		{"MAX-SNIPPET : 020 ", "max-snippet:20", "snippet=20 image=default video=-1"},
		{"max-snippet:-1", "all", nothing},
		{"max-snippet:0", "nosnippet", "nosnippet snippet=0 image=default video=-1"},
		{"max-snippet:99999999999999999999", "max-snippet:2147483647", "snippet=2147483647 image=default video=-1"},
		{"max-snippet:-2", "all", nothing + ` unknown=["max-snippet:-2"]`},
		{"max-snippet:ten", "all", nothing + ` unknown=["max-snippet:ten"]`},
		{"max-snippet:", "all", nothing + ` unknown=["max-snippet:"]`},
		{"max-snippet", "all", nothing + ` unknown=["max-snippet"]`},
		{"max-snippet:+5", "all", nothing + ` unknown=["max-snippet:+5"]`},
		{"max-image-preview:none", "max-image-preview:none", "snippet=-1 image=none video=-1"},
		{"max-image-preview:Standard", "max-image-preview:standard", "snippet=-1 image=standard video=-1"},
		{"max-image-preview: LARGE", "max-image-preview:large", "snippet=-1 image=large video=-1"},
		{"max-image-preview:huge", "all", nothing + ` unknown=["max-image-preview:huge"]`},
		{"max-video-preview:-1", "all", nothing},
		{"max-video-preview:0", "max-video-preview:0", "snippet=-1 image=default video=0"},
		{"max-video-preview:15", "max-video-preview:15", "snippet=-1 image=default video=15"},
		{"max-video-preview:1.5", "all", nothing + ` unknown=["max-video-preview:1.5"]`},
		{"noimageindex", "noimageindex", "noimageindex " + nothing},
		{"notranslate", "notranslate", "notranslate " + nothing},
		{"indexifembedded", "indexifembedded", "indexifembedded " + nothing},
		{"noindex, indexifembedded", "noindex, indexifembedded", "noindex indexifembedded " + nothing},
		{"unavailable_after: 25 Jun 2010 15:00:00 PST", "unavailable_after:2010-06-25T23:00:00Z",
			nothing + " until=2010-06-25T23:00:00Z"},
		{"unavailable_after: 2020-09-21", "unavailable_after:2020-09-21T00:00:00Z",
			nothing + " until=2020-09-21T00:00:00Z"},
		{"unavailable_after: Fri, 25 Jun 2010 15:00:00 GMT, noindex", "noindex, unavailable_after:2010-06-25T15:00:00Z",
			"noindex " + nothing + " until=2010-06-25T15:00:00Z"},
		{"unavailable_after: June 25, 2010, nofollow", "nofollow, unavailable_after:2010-06-25T00:00:00Z",
			"nofollow " + nothing + " until=2010-06-25T00:00:00Z"},
		{"unavailable_after: 0001-01-01", "unavailable_after:0001-01-01T00:00:00Z", nothing + " until=0001-01-01T00:00:00Z"},
		{"unavailable_after: whenever", "all", nothing + ` unknown=["unavailable_after: whenever"]`},
		{"unavailable_after: Fri, whenever, noindex", "noindex", "noindex " + nothing + ` unknown=["unavailable_after: fri, whenever"]`},
		{"unavailable_after: 25 Jun 2010 15:00:00 XYZ", "all", nothing + ` unknown=["unavailable_after: 25 jun 2010 15:00:00 xyz"]`},

		// Unknown directives are kept and restrict nothing.
		{"noodp, noydir, NOODP", "all", nothing + ` unknown=["noodp" "noydir"]`},
		{"noindex, noyaca", "noindex", "noindex " + nothing + ` unknown=["noyaca"]`},
		{"snippet", "all", nothing + ` unknown=["snippet"]`},
		{"noindex: yes", "all", nothing + ` unknown=["noindex:" "yes"]`},

		// Separators and space.
		{"", "all", nothing},
		{" , ,, ", "all", nothing},
		{"  noindex ,\tnofollow\n", "noindex, nofollow", "noindex nofollow " + nothing},
		{"noindex nofollow", "noindex, nofollow", "noindex nofollow " + nothing},
		{"noindex;nofollow", "noindex, nofollow", "noindex nofollow " + nothing},
		{"noindex max-snippet:5", "noindex, max-snippet:5", "noindex snippet=5 image=default video=-1"},
		// META content has no agent prefixes: the words are read one by one.
		{"googlebot: noindex", "noindex", "noindex " + nothing + ` unknown=["googlebot:"]`},
	}
	for _, tt := range tests {
		d := ParseMeta("robots", tt.content, "FooBot")
		if got := d.String(); got != tt.str {
			t.Errorf("ParseMeta(%q).String() = %q, want %q", tt.content, got, tt.str)
		}
		if got := state(d); got != tt.state {
			t.Errorf("ParseMeta(%q): state\n got %s\nwant %s", tt.content, got, tt.state)
		}
		// The canonical line reads back as the same directives.
		if back := ParseMeta("robots", d.String(), ""); back.String() != d.String() {
			t.Errorf("ParseMeta(%q): String %q reads back as %q", tt.content, d.String(), back.String())
		}
	}
}

func TestParseMetaNames(t *testing.T) {
	tests := []struct {
		name, content, agent string
		str                  string
		sources              int
		applies              bool
	}{
		{"robots", "noindex", "FooBot", "noindex", 1, true},
		{" ROBOTS ", "noindex", "FooBot", "noindex", 1, true},
		{"foobot", "noindex", "FooBot", "noindex", 1, true},
		{"FOOBOT", "noindex", "FooBot", "noindex", 1, true},
		{"foobot", "noindex", "", "all", 1, false},
		{"otherbot", "noindex, max-snippet:3", "FooBot", "all", 2, false},
		{"googlebot-news", "nosnippet", "FooBot", "all", 1, false},
		{"otherbot", "noindex, whatever", "FooBot", "all", 0, false}, // not only directives
		{"description", "noindex", "FooBot", "all", 0, false},        // an HTML name
		{"viewport", "width=device-width, initial-scale=1", "FooBot", "all", 0, false},
		{"og:title", "none", "FooBot", "all", 0, false}, // not a product token
		{"", "noindex", "FooBot", "all", 0, false},
	}
	for _, tt := range tests {
		d := ParseMeta(tt.name, tt.content, tt.agent)
		if got := d.String(); got != tt.str {
			t.Errorf("ParseMeta(%q, %q, %q) = %q, want %q", tt.name, tt.content, tt.agent, got, tt.str)
		}
		src := d.Sources()
		if len(src) != tt.sources {
			t.Errorf("ParseMeta(%q, %q, %q): %d sources, want %d", tt.name, tt.content, tt.agent, len(src), tt.sources)
			continue
		}
		for _, s := range src {
			if s.Applies != tt.applies || s.Place != MetaTag || s.Name != strings.TrimSpace(tt.name) {
				t.Errorf("ParseMeta(%q, %q, %q): source %+v, want applies=%v", tt.name, tt.content, tt.agent, s, tt.applies)
			}
		}
	}
}

// TestCombine checks the precedence rules of the package documentation:
// the most restrictive directive wins, whatever its source and order.
func TestCombine(t *testing.T) {
	tests := []struct {
		name     string
		contents []string // each a META robots content, merged in order
		str      string
	}{
		{"noindex beats index", []string{"index", "noindex"}, "noindex"},
		{"noindex beats index, either order", []string{"noindex", "index"}, "noindex"},
		{"noindex beats all", []string{"all", "noindex"}, "noindex"},
		{"none is noindex, nofollow", []string{"none", "index, follow"}, "noindex, nofollow"},
		{"repeated", []string{"nofollow, nofollow", "nofollow"}, "nofollow"},
		{"archive does not lift noarchive", []string{"noarchive", "archive"}, "noarchive"},
		{"smaller max-snippet", []string{"max-snippet:50", "max-snippet:20", "max-snippet:30"}, "max-snippet:20"},
		{"max-snippet -1 loses", []string{"max-snippet:-1", "max-snippet:50"}, "max-snippet:50"},
		{"max-snippet -1 loses, either order", []string{"max-snippet:50", "max-snippet:-1"}, "max-snippet:50"},
		{"nosnippet beats max-snippet", []string{"max-snippet:50", "nosnippet"}, "nosnippet"},
		{"max-snippet:0 is nosnippet", []string{"max-snippet:0", "max-snippet:50"}, "nosnippet"},
		{"smaller image preview", []string{"max-image-preview:large", "max-image-preview:standard"}, "max-image-preview:standard"},
		{"image preview none", []string{"max-image-preview:none", "max-image-preview:large"}, "max-image-preview:none"},
		{"smaller video preview", []string{"max-video-preview:30", "max-video-preview:-1", "max-video-preview:10"}, "max-video-preview:10"},
		{"video preview 0", []string{"max-video-preview:-1", "max-video-preview:0"}, "max-video-preview:0"},
		{"earliest date", []string{"unavailable_after: 2030-01-01", "unavailable_after: 2029-06-01", "unavailable_after: 2031-01-01"},
			"unavailable_after:2029-06-01T00:00:00Z"},
		{"indexifembedded anywhere", []string{"noindex", "indexifembedded"}, "noindex, indexifembedded"},
		{"everything", []string{"none, noarchive, nosnippet, max-image-preview:none, max-video-preview:0, noimageindex, notranslate, indexifembedded, unavailable_after:2000-01-01T00:00:00Z"},
			"noindex, nofollow, noarchive, nosnippet, max-image-preview:none, max-video-preview:0, noimageindex, notranslate, indexifembedded, unavailable_after:2000-01-01T00:00:00Z"},
	}
	for _, tt := range tests {
		var merged Directives
		for _, c := range tt.contents {
			merged = merged.Merge(ParseMeta("robots", c, ""))
		}
		if got := merged.String(); got != tt.str {
			t.Errorf("%s: %q merged = %q, want %q", tt.name, tt.contents, got, tt.str)
		}
		// One content holding them all gives the same.
		one := ParseMeta("robots", strings.Join(tt.contents, ", "), "")
		if got := one.String(); got != tt.str {
			t.Errorf("%s: %q joined = %q, want %q", tt.name, tt.contents, got, tt.str)
		}
	}
}

// TestCombineSources merges a header, the generic META tag and the crawler's
// own META tag: all three count.
func TestCombineSources(t *testing.T) {
	h := ParseHeader(header("max-snippet:40", "otherbot: noindex", "foobot: noarchive"), "FooBot")
	generic := ParseMeta("robots", "max-snippet:60, nofollow", "FooBot")
	own := ParseMeta("FooBot", "max-image-preview:standard, follow", "FooBot")
	d := h.Merge(generic).Merge(own)
	if got, want := d.String(), "nofollow, noarchive, max-snippet:40, max-image-preview:standard"; got != want {
		t.Errorf("merged = %q, want %q", got, want)
	}
	var got []string
	for _, s := range d.Sources() {
		got = append(got, fmt.Sprintf("%s|%s|%s|applies=%v|inforce=%v", s.Place, s.Name, s.Directive, s.Applies, d.InForce(s)))
	}
	want := []string{
		"X-Robots-Tag||max-snippet:40|applies=true|inforce=true",
		"X-Robots-Tag|otherbot|noindex|applies=false|inforce=false",
		"X-Robots-Tag|foobot|noarchive|applies=true|inforce=true",
		"meta|robots|max-snippet:60|applies=true|inforce=false",
		"meta|robots|nofollow|applies=true|inforce=true",
		"meta|FooBot|max-image-preview:standard|applies=true|inforce=true",
		"meta|FooBot|follow|applies=true|inforce=false",
	}
	if !slices.Equal(got, want) {
		t.Errorf("sources:\n got %q\nwant %q", got, want)
	}
	// Merge leaves its operands as they were.
	if h.String() != "noarchive, max-snippet:40" || len(h.Sources()) != 3 {
		t.Errorf("Merge changed its receiver: %q, %d sources", h.String(), len(h.Sources()))
	}
}

func TestInForce(t *testing.T) {
	tests := []struct {
		content string
		inForce []bool // per source, in order
	}{
		{"noindex, index", []bool{true, false}},
		{"all, nofollow", []bool{false, true}},
		{"none, index", []bool{true, false}},
		{"follow, archive", []bool{true, true}},
		{"max-snippet:10, max-snippet:20, max-snippet:-1", []bool{true, false, false}},
		{"max-snippet:-1", []bool{true}},
		{"nosnippet, max-snippet:0, max-snippet:5", []bool{true, true, false}},
		{"max-image-preview:large, max-image-preview:none", []bool{false, true}},
		{"max-video-preview:-1, max-video-preview:3", []bool{false, true}},
		{"noimageindex, notranslate, indexifembedded, nocache", []bool{true, true, true, true}},
		{"unavailable_after:2001-01-01, unavailable_after:2000-01-01", []bool{false, true}},
		{"noodp", []bool{false}},
	}
	for _, tt := range tests {
		d := ParseMeta("robots", tt.content, "")
		var got []bool
		for _, s := range d.Sources() {
			got = append(got, d.InForce(s))
		}
		if !slices.Equal(got, tt.inForce) {
			t.Errorf("%q: in force %v, want %v", tt.content, got, tt.inForce)
		}
	}
}

func TestZeroValue(t *testing.T) {
	var d Directives
	if got := d.String(); got != "all" {
		t.Errorf("zero String = %q", got)
	}
	if got := state(d); got != nothing {
		t.Errorf("zero state = %q", got)
	}
	if d.Sources() != nil || unknown(d) != nil || d.Truncated() {
		t.Errorf("zero value has sources, unknowns or truncation")
	}
}

func TestSourceString(t *testing.T) {
	d := ParseMeta("Robots", "NOINDEX", "").Merge(ParseHeader(header("otherbot: noarchive, nosnippet", "noimageindex"), "x"))
	var got []string
	for _, s := range d.Sources() {
		got = append(got, s.String())
	}
	want := []string{
		`meta name="Robots": NOINDEX`,
		`X-Robots-Tag: otherbot: noarchive`,
		`X-Robots-Tag: otherbot: nosnippet`,
		`X-Robots-Tag: noimageindex`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("Source.String:\n got %q\nwant %q", got, want)
	}
	if got := Place(9).String(); got != "Place(9)" {
		t.Errorf("Place(9).String() = %q", got)
	}
	if got := ImagePreview(9).String(); got != "ImagePreview(9)" {
		t.Errorf("ImagePreview(9).String() = %q", got)
	}
}

func TestProblems(t *testing.T) {
	tests := []struct{ content, problem string }{
		{"noodp", "unknown directive"},
		{"max-snippet", "missing value"},
		{"max-snippet:x", "not a number (or -1)"},
		{"max-video-preview:", "not a number (or -1)"},
		{"max-image-preview:small", "not none, standard or large"},
		{"unavailable_after: soon", "unreadable date"},
		{"foo:bar", "unknown directive"},
	}
	for _, tt := range tests {
		src := ParseMeta("robots", tt.content, "").Sources()
		if len(src) != 1 || src[0].Directive != "" || src[0].Problem != tt.problem {
			t.Errorf("%q: sources %+v, want one with problem %q", tt.content, src, tt.problem)
		}
	}
}

// TestMaxSources: a page of many directives keeps a bounded record of them,
// and all of them still count.
func TestMaxSources(t *testing.T) {
	content := strings.Repeat("noodp, ", 3*maxSources) + "noindex"
	d := ParseMeta("robots", content, "")
	if n := len(d.Sources()); n != maxSources {
		t.Errorf("ParseMeta kept %d sources, want %d", n, maxSources)
	}
	if d.String() != "noindex" {
		t.Errorf("ParseMeta = %q, want noindex", d.String())
	}
	m := d.Merge(ParseHeader(header("nofollow"), ""))
	if n := len(m.Sources()); n != maxSources || m.String() != "noindex, nofollow" {
		t.Errorf("Merge kept %d sources and gave %q", n, m.String())
	}
}

// unknown returns the directives of d that apply but are not understood,
// lower case, each once, in the order found.
func unknown(d Directives) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range d.Sources() {
		if !s.Applies || s.Directive != "" {
			continue
		}
		u := strings.ToLower(s.Raw)
		if !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	return out
}

// TestBounds holds the numbers the package documentation states under
// Bounds to the constants that set them.
func TestBounds(t *testing.T) {
	for _, b := range []struct {
		name      string
		got, want int
	}{
		{"DefaultLimit", DefaultLimit, 1 << 20},
		{"maxFieldLen", maxFieldLen, 64 << 10},
		{"maxRawLen", maxRawLen, 100},
		{"maxSources", maxSources, 1000},
		{"maxDateLen", maxDateLen, 100},
		{"maxCount", maxCount, 2147483647},
	} {
		if b.got != b.want {
			t.Errorf("%s is %d; the package documentation says %d", b.name, b.got, b.want)
		}
	}
}
