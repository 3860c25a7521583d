package compile

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestParseLines checks the line table: one entry per line, each with the
// kind the parser read it as and the spans of its key and value, written
// here as "kind key=value".
func TestParseLines(t *testing.T) {
	body := "User-agent: FooBot # c\r\n\n# only a comment\nDisalow /x\r Allow:/y\nhello\nhost:  a.example \nnoindex: /z\nContent-Usage: train-ai=n\nsitemap: https://h/s\nCrawl-delay:2"
	f, lines := RFC9309.ParseLines([]byte(body))
	var got []string
	for _, l := range lines {
		got = append(got, fmt.Sprintf("%s %s=%s", l.Kind, f.Text()[l.Key.Start:l.Key.End], f.Text()[l.Value.Start:l.Value.End]))
	}
	want := []string{
		"user-agent User-agent=FooBot",
		"blank =",
		"comment =",
		"disallow Disalow=/x",
		"allow Allow=/y",
		"malformed =",
		"extension host=a.example",
		"extension noindex=/z",
		"content-usage Content-Usage=train-ai=n",
		"sitemap sitemap=https://h/s",
		"crawl-delay Crawl-delay=2",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("line table:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(lines) != f.Lines {
		t.Errorf("%d lines in the table, File.Lines %d", len(lines), f.Lines)
	}
	if l := lines[0]; f.Text()[l.Span.Start:l.Span.End] != "User-agent: FooBot # c" {
		t.Errorf("line 1 spans %q", f.Text()[l.Span.Start:l.Span.End])
	}
	// The same File as Parse gives, whose diagnostics are found when asked
	// for, where ParseLines keeps them as it reads.
	plain := RFC9309.Parse([]byte(body))
	if plain.lazy == nil || f.lazy != nil {
		t.Errorf("Parse kept its diagnostics, or ParseLines did not")
	}
	if got, want := plain.Diagnostics(), f.Diagnostics(); !reflect.DeepEqual(got, want) || len(want) == 0 {
		t.Errorf("Parse's diagnostics %v, ParseLines' %v", got, want)
	}
	plain.text, f.text = "", ""
	plain.lazy, plain.diags, f.diags = nil, nil, nil
	if !reflect.DeepEqual(plain, f) {
		t.Errorf("ParseLines reads another File than Parse")
	}
}

// TestLineSpansAtColon checks the key and value spans of every line with a
// colon against a reading of the line alone: the key is what comes before
// the first colon, the value what comes after it up to a NUL or '#', each
// without the space around it. Lines of the common keys are read by a path
// of their own (fastKey); this holds it to the same spans as the others.
func TestLineSpansAtColon(t *testing.T) {
	bodies := []string{
		"User-agent: *\nDisallow: /a\nallow:\t/b \nSITEMAP : http://h:1/s\nuser-agent:x#c\nDisallow:\nDisallow:   \r\nAllow: /\xc3\xa9\nDisallow: /x\x00y:z\nDisallow: a b\nuser-agent:\v/x\f\nhost: h\nDisallow: /p$",
	}
	if names, _ := filepath.Glob("../../shared/corpus/robots/*"); len(names) > 0 {
		for _, name := range names[:min(len(names), 200)] {
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			bodies = append(bodies, string(b))
		}
	}
	trimAt := func(s string, start, end int) Span {
		for start < end && isSpace(s[start]) {
			start++
		}
		for end > start && isSpace(s[end-1]) {
			end--
		}
		return Span{start, end}
	}
	for _, body := range bodies {
		f, lines := RFC9309.ParseLines([]byte(body))
		s := f.Text()
		for i, l := range lines {
			end := l.Span.End
			if j := strings.IndexAny(s[l.Span.Start:end], "\x00#"); j >= 0 {
				end = l.Span.Start + j
			}
			colon := strings.IndexByte(s[l.Span.Start:end], ':')
			if colon < 0 {
				continue
			}
			colon += l.Span.Start
			key, value := trimAt(s, l.Span.Start, colon), trimAt(s, colon+1, end)
			if l.Key != key || l.Value != value {
				t.Fatalf("line %d %q: key %v value %v, want %v %v", i+1, s[l.Span.Start:l.Span.End], l.Key, l.Value, key, value)
			}
		}
	}
}
