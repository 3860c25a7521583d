package compile

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestParseLines checks the line table: one entry per line, each with the
// kind the parser read it as and the spans of its key and value, written
// here as "kind key=value".
func TestParseLines(t *testing.T) {
	body := "User-agent: FooBot # c\r\n\n# only a comment\nDisalow /x\r Allow:/y\nhello\nhost:  a.example \nnoindex: /z\nContent-Usage: train-ai=n\nsitemap: https://h/s\nCrawl-delay:2"
	f, lines := Options{}.ParseLines([]byte(body))
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
	// The same File as Parse gives.
	plain := Parse([]byte(body))
	plain.text, f.text = "", ""
	if !reflect.DeepEqual(plain, f) {
		t.Errorf("ParseLines reads another File than Parse")
	}
}
