package compile

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestAgentName(t *testing.T) {
	for _, c := range []struct {
		value, name string
		global      bool
	}{
		{"*", "", true},
		{"* junk", "", true},
		{"*\tx", "", true},
		{"*x", "", false},
		{"FooBot", "FooBot", false},
		{"FooBot/2.1", "FooBot", false},
		{"Foo Bar", "Foo", false},
		{"Bot2", "Bot", false},
		{"foo-bot_x.y", "foo-bot_x", false},
		{"2bot", "", false},
		{"(Foo)", "", false},
		{"", "", false},
	} {
		name, global := agentName(c.value)
		if name != c.name || global != c.global {
			t.Errorf("agentName(%q) = %q, %v; want %q, %v", c.value, name, global, c.name, c.global)
		}
	}
}

func TestParseGroups(t *testing.T) {
	f := RFC9309.Parse([]byte("Disallow: /early\n" +
		"User-agent: a\n" +
		"# comment\n" +
		"Sitemap: https://h/s.xml\n" +
		"User-agent: b\n" +
		"Disallow: /x\n" +
		"Allow:\n" +
		"Crawl-delay: 2\n" +
		"Host: h.example\n" +
		"User-agent: *\n" +
		"Disallow: /y # why\n"))
	type group struct {
		Agents []string
		Rules  []string
		Delay  time.Duration
	}
	var got []group
	for _, g := range f.Groups {
		var gr group
		for _, a := range g.Agents {
			gr.Agents = append(gr.Agents, a.Value)
		}
		for _, r := range g.Rules {
			kind := "disallow"
			if r.Allow {
				kind = "allow"
			}
			gr.Rules = append(gr.Rules, kind+" "+r.Pattern)
		}
		gr.Delay = g.CrawlDelay
		got = append(got, gr)
	}
	want := []group{
		{Agents: []string{"a", "b"}, Rules: []string{"disallow /x", "allow "}, Delay: 2 * time.Second},
		{Agents: []string{"*"}, Rules: []string{"disallow /y"}},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("groups (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]Sitemap{{URL: "https://h/s.xml", Line: 4}}, f.Sitemaps); d != "" {
		t.Errorf("sitemaps: %s", d)
	}
	if d := cmp.Diff([]Extension{{Key: "host", Value: "h.example", Line: 9}}, f.Extensions); d != "" {
		t.Errorf("extensions: %s", d)
	}
	if f.Lines != 11 {
		t.Errorf("Lines = %d, want 11", f.Lines)
	}
}

func TestSelect(t *testing.T) {
	f := RFC9309.Parse([]byte("User-agent: a\nDisallow: /a1\nCrawl-delay: 1\n" +
		"User-agent: *\nDisallow: /g1\n" +
		"User-agent: b\nUser-agent: A\nDisallow: /ab\nCrawl-delay: 5\n" +
		"User-agent: *\nDisallow: /g2\n"))
	lines := func(s Selection) []int {
		var out []int
		for _, r := range s.Rules {
			out = append(out, r.Line)
		}
		return out
	}
	for _, c := range []struct {
		agents []string
		lines  []int
		named  bool
		delay  time.Duration
	}{
		{[]string{"a"}, []int{2, 8}, true, 5 * time.Second},
		{[]string{"B"}, []int{8}, true, 5 * time.Second},
		{[]string{"c"}, []int{5, 11}, false, 0},
		{[]string{"c", "a"}, []int{2, 8}, true, 5 * time.Second},
		{[]string{"a/1.0"}, []int{2, 8}, true, 5 * time.Second}, // read as its product token, a
		{nil, []int{5, 11}, false, 0},
	} {
		s := f.Select(c.agents...)
		if d := cmp.Diff(c.lines, lines(s)); d != "" || s.Named != c.named || s.CrawlDelay != c.delay {
			t.Errorf("Select(%q): lines %v named %v delay %v; want %v %v %v", c.agents, lines(s), s.Named, s.CrawlDelay, c.lines, c.named, c.delay)
		}
	}
}

func TestSelectASCIIFoldOnly(t *testing.T) {
	// U+212A KELVIN SIGN folds to k under Unicode rules, not under ASCII's.
	f := RFC9309.Parse([]byte("User-agent: kbot\nDisallow: /\n"))
	if f.Select("\u212Abot").Named {
		t.Error("the Kelvin sign matched k")
	}
}

func TestCrawlDelayValues(t *testing.T) {
	for _, c := range []struct {
		v    string
		want time.Duration
		ok   bool
	}{
		{"10", 10 * time.Second, true},
		{"0.5", 500 * time.Millisecond, true},
		{".5", 500 * time.Millisecond, true},
		{"0", 0, true},
		{"-1", 0, false},
		{"1e3", 0, false},
		{"NaN", 0, false},
		{"soon", 0, false},
		{"1.2.3", 0, false},
		// Longer than a Duration holds: the longest, not none (issue 23).
		{"99999999999999999999", math.MaxInt64, true},
		{"9223372037", math.MaxInt64, true},
	} {
		f := RFC9309.Parse([]byte("User-agent: *\nCrawl-delay: " + c.v + "\n"))
		g := f.Groups[0]
		if ok := g.DelayLine != 0; ok != c.ok || g.CrawlDelay != c.want {
			t.Errorf("Crawl-delay %q = %v, %v; want %v, %v", c.v, g.CrawlDelay, ok, c.want, c.ok)
		}
	}
}

func TestLineNumbers(t *testing.T) {
	f := RFC9309.Parse([]byte("User-agent: *\r\nDisallow: /a\rDisallow: /b\n\rDisallow: /c\r\n\r\nDisallow: /d"))
	var got []int
	for _, r := range f.Groups[0].Rules {
		got = append(got, r.Line)
	}
	if d := cmp.Diff([]int{2, 3, 5, 7}, got); d != "" {
		t.Errorf("rule lines (-want +got): %s", d)
	}
}

// TestKeyFolding checks that keys are read ignoring ASCII case only: the
// two letters outside ASCII that strings.ToLower folds to ASCII ones (the
// dotted capital I and the Kelvin sign) leave a key unknown.
func TestKeyFolding(t *testing.T) {
	for _, c := range []struct {
		key   string
		rules int
	}{
		{"DISALLOW", 1},
		{"DİSALLOW", 0}, // U+0130 is not I
		{"d\u0130sallow", 0},
		{"Disallow\u212a", 1}, // a prefix key, whatever follows
		{"Dis\u212aallow", 0}, // no key, however it folds
		{"Dissallow", 1},
		{"Dis-allow", 0},
	} {
		f := RFC9309.Parse([]byte("User-agent: *\n" + c.key + ": /x\n"))
		if got := len(f.Select("x").Rules); got != c.rules {
			t.Errorf("%q: %d rules, want %d", c.key, got, c.rules)
		}
	}
}

// TestDiagMessage checks the lazy formatting of diagnostics against
// fmt.Sprintf.
func TestDiagMessage(t *testing.T) {
	for _, d := range []note{
		{format: "no colon after %q; read as %q: %q", args: [3]string{"k\x00", "k\x00", "v\"é"}},
		{format: "%q is read as %s", args: [3]string{"Disallowed", "disallow"}},
		{format: "a NUL octet ends the line at column %d", num: 17},
		{format: "matched as %%XX escapes"},
		{format: "%q%s%d", args: [3]string{"\xff", "s"}, num: -3},
		{format: "%s", args: [3]string{""}},
		{format: ""},
	} {
		var args []any
		n := strings.Count(d.format, "%q") + strings.Count(d.format, "%s")
		for i := 0; i < n; i++ {
			args = append(args, d.args[i])
		}
		if strings.Contains(d.format, "%d") {
			args = append(args, d.num)
		}
		if got, want := d.message(), fmt.Sprintf(d.format, args...); got != want {
			t.Errorf("message(%q) = %q, want %q", d.format, got, want)
		}
	}
}

// TestSitemapDuplicates checks that a repeated sitemap is dropped whether
// the parser finds it by a scan (fewer than sitemapScan kept) or in its set.
func TestSitemapDuplicates(t *testing.T) {
	for _, n := range []int{1, sitemapScan - 1, sitemapScan, sitemapScan + 1, 3 * sitemapScan} {
		var body strings.Builder
		var want []Sitemap
		line := 0
		for i := range n {
			line++
			url := "https://h/s" + strconv.Itoa(i) + ".xml"
			body.WriteString("Sitemap: " + url + "\n")
			want = append(want, Sitemap{URL: url, Line: line})
		}
		// Every one again, in reverse, then the first and the last.
		for i := n - 1; i >= 0; i-- {
			body.WriteString("Sitemap: https://h/s" + strconv.Itoa(i) + ".xml\n")
		}
		body.WriteString("Sitemap: https://h/s0.xml\nSitemap: https://h/s" + strconv.Itoa(n-1) + ".xml\n")
		f := RFC9309.Parse([]byte(body.String()))
		if d := cmp.Diff(want, f.Sitemaps); d != "" {
			t.Errorf("%d sitemaps: %s", n, d)
		}
	}
}
