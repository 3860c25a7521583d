package compile

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/robotsexclusion/robots/internal/diag"
	"github.com/robotsexclusion/robots/internal/dialect"
	"github.com/robotsexclusion/robots/usage"
)

// readAsBoth parses body in every dialect with Parse and with the reference
// parser of refparse_test.go, and reports any difference.
func readAsBoth(t *testing.T, body []byte) {
	t.Helper()
	for _, d := range dialect.All[Dialect]() {
		o := d.options()
		got, want := o.parse(body, nil), refParse(o, body)
		if n := len(want.Diagnostics) - MaxDiagnostics; n > 0 {
			// Parse keeps MaxDiagnostics, then counts.
			first := want.Diagnostics[MaxDiagnostics].Line
			want.Diagnostics = append(want.Diagnostics[:MaxDiagnostics], diag.Diagnostic{Line: first, Code: diag.TooMany,
				Message: fmt.Sprintf("%d more diagnostics from here on are not reported", n)})
		}
		gotFile := asRefFile(got)
		if !reflect.DeepEqual(*want, gotFile) {
			if diff := cmp.Diff(*want, gotFile, cmp.AllowUnexported(usage.Set{})); diff != "" {
				t.Fatalf("%v: body %q: Parse departs from the reference parser (-reference +Parse):\n%s", d, body, diff)
			}
		}
		// The line table: the fast paths' against line's, which reads
		// every line octet by octet; and the File read with it is the
		// File read without.
		var lines, slow []Line
		withLines := asRefFile(o.parse(body, &lines))
		o.parseWith(string(body), &slow, true, true)
		if diff := cmp.Diff(slow, lines); diff != "" {
			t.Fatalf("%v: body %q: the fast paths' line table departs from line's (-line +fast):\n%s", d, body, diff)
		}
		if !reflect.DeepEqual(gotFile, withLines) {
			t.Fatalf("%v: body %q: Parse with the line table departs from Parse without:\n%s", d, body,
				cmp.Diff(gotFile, withLines, cmp.AllowUnexported(usage.Set{})))
		}
	}
}

// asRefFile returns what the reference parser's refFile holds of f.
func asRefFile(f *File) refFile {
	return refFile{Groups: f.Groups, Sitemaps: f.Sitemaps, Extensions: f.Extensions,
		Usage: f.Usage, Signals: f.Signals, Diagnostics: f.Diagnostics(), Lines: f.Lines}
}

// FuzzParseAgrees requires Parse to read any body exactly as the reference
// parser does, in every dialect: groups, rules, sitemaps, extensions,
// diagnostics and line count.
func FuzzParseAgrees(f *testing.F) {
	f.Add([]byte("User-agent: *\nDisallow /a /b\nfoo\nUser-agent * x\nDisalow: /x\nCrawl-delay: zz\nSitemap: x\nSitemap: x\nHost:\nAllow: a\n"))
	f.Add([]byte("\x00x\nAllow: /\xff\xfe\n#c\n\nUser-agent: FooBot/2\nUser-agent: \nDisallowed: /q\r\nuser agent: x\rDİsallow: /z#c:d\n"))
	f.Add([]byte("User-agent: a\n\nDisallow: /x\nUser-agent: *\nCrawl-delay: 1.5\nCrawl-delay: 2\nClean-param: \nSITEMAP: HTTPS://h/s\n"))
	f.Add([]byte("Content-Usage: train-ai=n\nUser-agent: a\ncontent-usage: /x y\nCONTENT-SIGNAL: search=yes\nDisallow: /x\n\nContent-Signal: ai-train=n\nUser-agent: b\nContent-Usage:\n"))
	f.Add([]byte("User-agent: *\nDisallow: /" + strings.Repeat("a\x00", 9000) + "\nAllow: /" + strings.Repeat("\xc3\xa9", 9000)))
	f.Add([]byte("User-agent: GPTBot Disallow: /\nUser-agent: *\tallow :x\nUser-agent:  AI2Bot\nuser-agent: archive.org_bot/1\nNoIndex: /x\n"))
	f.Add([]byte(" \ufeff\r\n<!DOCTYPE HTML><title>x</title>\nUser-agent: *\nDisallow /\n"))
	// Values read past fastKey's colon, kept as they are or not.
	f.Add([]byte("user-agent:\t*\nDisallow: /a b\nDISALLOW:/a%41\nallow: \t/a$\nAllow: /a$b\nDisallow: /x\x7f\nDisallow: /x\v\r\nAllow: /\xc3\xa9\nDisallow: /x#c\nDisallow: /x \r\nDisallow: /*.pdf*\nsitemap: http://a:80/s\nUser-Agent: a:b\nDisallow:   \nDisallow: /\x00x\nDisallow: /a:b\f\nAllow:/a"))
	// Lines read a word at a time (fastLine): values ending at each place
	// of a word, by LF, CR, CRLF or the body's end, or at an octet that
	// sends the line to the scan.
	f.Add([]byte("User-agent: *\nDisallow: /abcdef\nDisallow: /abcdefg\rAllow: /abcdefgh\r\nDisallow:/a#bcdefgh\nDisallow: /abcdef$\nDisallow: /abc%41efgh\nAllow:  /a\nsitemap:http://a/b\nUSER-AGENT: x\nDisallow : /x\nDisallow: /abcdefghijklmno\x7fp\nDisallow: /a!b\"c!d\"e!f\"\nAllow: /abcdefghijklmnop"))
	// Blank and comment lines read a word at a time: a tab, NUL or octet
	// outside ASCII in each place of a word, and the line ends.
	f.Add([]byte("#\n\r\n\r#a\tb\rUser-agent: a\n\n# comment\x00 with a NUL\nDisallow: /x\r\n#\xc3\xa9t\xc3\xa9\n#\xff\r\n# a comment that runs past eight octets\r\nUser-agent: b\n\r\nAllow: /\n#x"))
	// Values that spaces or tabs end, and lines near the body's end.
	f.Add([]byte("User-agent: a \t\nDisallow: /x \r\nDisallow: /y\t \rAllow: /z \v\nDisallow: /a b \nUser-agent: b\nDisallow: / \nAllow: /"))
	f.Add([]byte("user-agent:b\nallow:/\ndisallow:"))
	// Values that the end anchor ends, or that hold a '$' elsewhere.
	f.Add([]byte("User-agent: *\nDisallow: /*.pdf$\nAllow: /a$ \r\nDisallow: /$$\nDisallow: /a$b\nAllow: /abcdefg$\nDisallow: /$#c\nAllow: $\nDisallow: /x$"))
	// Content-Usage and Content-Signal lines read a word at a time: a
	// '#', NUL, tab, vertical tab or octet outside ASCII in each place,
	// and the line ends.
	f.Add([]byte("Content-Usage: train-ai=n\nUser-agent: a\nCONTENT-USAGE:/x train-ai=y #c\ncontent-usage: /a\x00 b\r\nContent-Signal: search=yes, ai-train=no \v\rContent-Signal:\tai-input=y\ncontent-signal: x\xc3\xa9\nContent-Usage : y\nContent-Usage:\nContent-Usage: /abcdefg\ttrain-ai=n\x0b\nContent-Signall: x\nContent-Usag: y"))
	f.Add([]byte("Crawl-delay: 5\nUser-agent: a\nCRAWL-DELAY:10\r\ncrawl-delay: 0.5 \ncrawl-delay: x\nCrawl-delay : 3\nCrawl-delays: 4\nCrawl\rdelay: 1\nCrawl-delay: 1#c\nCrawl-del"))
	f.Fuzz(func(t *testing.T, body []byte) { readAsBoth(t, body) })
}

// TestParseAgreesOnCorpus runs every file of the shared corpus through
// readAsBoth.
func TestParseAgreesOnCorpus(t *testing.T) {
	names, err := filepath.Glob("../../shared/corpus/robots/*")
	if err != nil || len(names) == 0 {
		t.Skipf("needs ../shared: corpus absent (%v)", err)
	}
	for _, n := range names {
		body, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		readAsBoth(t, body)
	}
}

// TestDiagnosticsWhenAsked checks that Parse only counts its diagnostics,
// so that a file of a diagnostic a line costs it no note a line, and that
// Diagnostics then finds them, once, as ParseLines keeps them as it reads:
// the same, from goroutines asking at once too.
func TestDiagnosticsWhenAsked(t *testing.T) {
	body := []byte(strings.Repeat("x\n", MaxDiagnostics+5) + "User-agent: *\nDisallow: /a\n")
	var f *File
	parse := allocatedOnce(func() { f = RFC9309.Parse(body) })
	var kept *File
	parseLines := allocatedOnce(func() { kept, _ = RFC9309.ParseLines(body) })
	if f.diags != nil || f.lazy == nil {
		t.Fatalf("Parse kept %d notes (lazy %v)", len(f.diags), f.lazy != nil)
	}
	// ParseLines keeps MaxDiagnostics notes (960 KB, grown by doubling)
	// and a line table; Parse neither.
	if parse*4 > parseLines {
		t.Errorf("Parse allocated %d bytes, ParseLines %d: the notes are kept", parse, parseLines)
	}
	t.Logf("Parse allocated %d bytes, ParseLines %d", parse, parseLines)
	want := kept.Diagnostics()
	if len(want) != MaxDiagnostics+1 {
		t.Fatalf("ParseLines: %d diagnostics", len(want))
	}
	got := make([][]diag.Diagnostic, 4)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() { got[i] = f.Diagnostics() })
	}
	wg.Wait()
	for i := range got {
		if !reflect.DeepEqual(got[i], want) {
			t.Fatalf("Diagnostics, call %d: %d diagnostics, ParseLines %d", i, len(got[i]), len(want))
		}
	}
	if quiet := RFC9309.Parse([]byte("User-agent: *\nDisallow: /a\n")); quiet.lazy != nil || quiet.Diagnostics() != nil {
		t.Errorf("a file without diagnostics: lazy %v, %v", quiet.lazy != nil, quiet.Diagnostics())
	}
}

// TestMaxDiagnostics checks that a file keeps MaxDiagnostics diagnostics
// and counts the rest, and that the reference parser, which keeps them all,
// agrees on everything else.
func TestMaxDiagnostics(t *testing.T) {
	const extra = 5
	body := []byte(strings.Repeat("x\n", MaxDiagnostics+extra))
	ds := RFC9309.Parse(body).Diagnostics()
	if len(ds) != MaxDiagnostics+1 {
		t.Fatalf("%d diagnostics, want %d", len(ds), MaxDiagnostics+1)
	}
	last := ds[MaxDiagnostics]
	want := diag.Diagnostic{Line: MaxDiagnostics + 1, Code: diag.TooMany, Message: "5 more diagnostics from here on are not reported"}
	if last != want {
		t.Errorf("last diagnostic %+v, want %+v", last, want)
	}
	readAsBoth(t, body)
}
