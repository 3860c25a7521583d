package normalize

import (
	"bytes"
	"errors"
	"io"
	"math"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

func TestBodyLimit(t *testing.T) {
	line := "Disallow: /" + strings.Repeat("a", 88) + "\n" // 100 octets
	full := strings.Repeat(line, DefaultLimit/100+1)       // the last line straddles the limit
	for _, c := range []struct {
		name      string
		body      string
		wantLen   int
		truncated bool
	}{
		{"under the limit", line, len(line), false},
		{"straddling line kept, final newline is no truncation", full, len(full) - 1, false},
		{"content after the straddling line", full + "Allow: /x\n", len(full) - 1, true},
		{"crlf after the straddling line only", strings.TrimSuffix(full, "\n") + "\r\n", len(full) - 1, false},
		{"no line end at all", strings.Repeat("a", DefaultLimit+10), DefaultLimit + 10, false},
	} {
		got, info, err := Prepare([]byte(c.body), BodyOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != c.wantLen || info.Truncated != c.truncated {
			t.Errorf("%s: kept %d octets, truncated %v; want %d, %v", c.name, len(got), info.Truncated, c.wantLen, c.truncated)
		}
	}
}

func TestBodyBOM(t *testing.T) {
	for _, c := range []struct{ in, want, bom string }{
		{"\xEF\xBB\xBFa", "a", "UTF-8"},
		{"\xEF\xBBa", "a", "UTF-8"},
		{"\xEFa", "a", "UTF-8"},
		{"\xEF\x11\xBFa", "\x11\xBFa", "UTF-8"},
		{"\xEF\xBB\xBF\xEF\xBB\xBFa", "\xEF\xBB\xBFa", "UTF-8"},
		{"\xFF\xFEa\x00", "a", "UTF-16LE"},
		{"\xFE\xFF\x00a", "a", "UTF-16BE"},
		{"a", "a", ""},
	} {
		got, info, err := Prepare([]byte(c.in), BodyOptions{})
		if err != nil || string(got) != c.want || info.BOM != c.bom {
			t.Errorf("Prepare(%q) = %q, BOM %q, %v; want %q, %q", c.in, got, info.BOM, err, c.want, c.bom)
		}
	}
}

func TestCanonical(t *testing.T) {
	for _, c := range []struct{ in, url, pattern string }{
		{"/a%2fb", "/a%2Fb", "/a%2Fb"},
		{"/%7Ejoe", "/~joe", "/~joe"},
		{"/%41%62", "/Ab", "/Ab"},
		{"/caf\xC3\xA9", "/caf%C3%A9", "/caf%C3%A9"},
		{"/a b", "/a%20b", "/a%20b"},
		{"/100%", "/100%25", "/100%25"},
		{"/%zz%4", "/%25zz%254", "/%25zz%254"},
		{"/a*b", "/a%2Ab", "/a*b"},
		{"/a$b$", "/a%24b%24", "/a%24b$"},
		{"/a%2A%24", "/a%2A%24", "/a%2A%24"},
		{"/a%2a", "/a%2A", "/a%2A"},
	} {
		if got := canonicalURL(c.in); got != c.url {
			t.Errorf("canonicalURL(%q) = %q, want %q", c.in, got, c.url)
		}
		if got := canonicalPattern(c.in); got != c.pattern {
			t.Errorf("canonicalPattern(%q) = %q, want %q", c.in, got, c.pattern)
		}
	}
}

func TestPathQuery(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"http://example.com", "/"},
		{"http://example.com/", "/"},
		{"https://u:p@h.example:8080/a/b?c=d#e", "/a/b?c=d"},
		{"//h/x", "/x"},
		{"/x?y", "/x?y"},
		{"?q", "/?q"},
		{";p", "/;p"},
		{"http://h?q", "/?q"},
		{"http://h;p", "/;p"},
		{"http://h#x", "/"},
		{"example.com/a", "/a"},
		{"a/b", "/b"},
		{"", "/"},
		{"http://", "/"},
		{"mailto:x@y", "/"},
		{"/a://b", "/a://b"},
		{"http://h/a\x00b", "/a"},
		{"http://[::1]:80/x", "/x"},
		// User information is skipped whatever it holds (issue 23).
		{"http://a;b@h/private", "/private"},
		{"http://a;b:c@h:80;x/p", "/;x/p"},
		{"http://a;b@h", "/"},
		{"http://a;b@h?q", "/?q"},
		{"http://a;b@h#/x", "/"},
		{"http://a;b#@h/x", "/;b"},
		{"//a;b@h/x", "/x"},
		{"ftp://a;b@h/x", "/x"},
		{"http://h;x/y@z/w", "/;x/y@z/w"},
	} {
		if got := pathQuery(c.in); got != c.want {
			t.Errorf("pathQuery(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestInputAllocates(t *testing.T) {
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() {
		buf = Canonical.Input("https://h/caf\xC3\xA9/%7e?q=%2f*").AppendTo(buf[:0])
	}); n != 0 {
		t.Errorf("Input allocates %.0f times", n)
	}
}

// longLineBody returns comment lines filling all but 100 octets of the
// default limit, then line, which straddles the limit, then more.
func longLineBody(line, more string) []byte {
	comment := "# " + strings.Repeat("c", 97) + "\n" // 100 octets
	b := strings.Repeat(comment, DefaultLimit/100-1)
	return []byte(b + line + more)
}

func TestPrepareLongLine(t *testing.T) {
	long := strings.Repeat("a", 5<<20) // 5 MB: far past the Slack
	head := len(longLineBody("", ""))
	for _, c := range []struct {
		name     string
		line     string
		limit    int
		wantLen  int // octets kept
		longLine string
	}{
		{"disallow cut to a prefix", "Disallow: /" + long, 0, DefaultLimit + Slack, "prefix"},
		{"misspelt disallow cut to a prefix", "  dissalow: /" + long, 0, DefaultLimit + Slack, "prefix"},
		{"allow dropped", "Allow: /" + long, 0, head, "dropped"},
		{"allow of stars dropped", "Allow: /" + strings.Repeat("*", 5<<20) + "x", 0, head, "dropped"},
		{"allow with a comment cut to a prefix", "Allow: /a # " + long, 0, DefaultLimit + Slack, "prefix"},
		{"user-agent dropped", "User-agent: " + long, 0, head, "dropped"},
		{"negative limit bounded too (Google dialect)", "Disallow: /" + long, -1, DefaultLimit + Slack, "prefix"},
		{"a larger limit", "Disallow: /" + long + long, 6 << 20, 6<<20 + Slack, "prefix"},
		{"line ending within the slack kept whole", "Disallow: /" + strings.Repeat("a", Slack/2) + "\n", 0, head + len("Disallow: /") + Slack/2, ""},
	} {
		body := longLineBody(c.line, "\nDisallow: /\n")
		got, info, err := Prepare(body, BodyOptions{Limit: c.limit})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != c.wantLen || info.LongLine != c.longLine || !info.Truncated {
			t.Errorf("%s: kept %d octets, long line %q, truncated %v; want %d, %q, true",
				c.name, len(got), info.LongLine, info.Truncated, c.wantLen, c.longLine)
		}
		if c.longLine != "" && info.CutLine != DefaultLimit/100 {
			t.Errorf("%s: cut line %d, want %d", c.name, info.CutLine, DefaultLimit/100)
		}
	}
}

func TestPrepareLongLineKeepsUTF8(t *testing.T) {
	body := longLineBody("Disallow: /"+strings.Repeat("é", Slack), "")
	got, info, _ := Prepare(body, BodyOptions{})
	if info.LongLine != "prefix" || !utf8.Valid(got) || len(got) > DefaultLimit+Slack || len(got) < DefaultLimit+Slack-3 {
		t.Errorf("kept %d octets, valid UTF-8 %v, long line %q", len(got), utf8.Valid(got), info.LongLine)
	}
}

// countingReader yields n octets of c (endless when n < 0) and counts
// those read.
type countingReader struct {
	c    byte
	n    int
	read int
}

func (r *countingReader) Read(p []byte) (int, error) {
	if r.n >= 0 && r.read >= r.n {
		return 0, io.EOF
	}
	k := len(p)
	if r.n >= 0 {
		k = min(k, r.n-r.read)
	}
	for i := range p[:k] {
		p[i] = r.c
	}
	r.read += k
	return k, nil
}

func TestReadBody(t *testing.T) {
	for _, c := range []struct {
		name       string
		size       int // -1: endless
		limit      int
		want       int
		wantToRead int
	}{
		{"small body", 1000, 0, 1000, 1000},
		{"endless body", -1, 0, DefaultLimit + Slack, DefaultLimit + Slack},
		{"negative limit", -1, -1, DefaultLimit + Slack, DefaultLimit + Slack},
		{"small limit raised", 50 << 20, 10, DefaultLimit + Slack, DefaultLimit + Slack},
		{"larger limit", 50 << 20, 1 << 20, 1<<20 + Slack, 1<<20 + Slack},
		{"exactly the bound", DefaultLimit + Slack, 0, DefaultLimit + Slack, DefaultLimit + Slack},
	} {
		r := &countingReader{c: 'a', n: c.size}
		got, err := ReadBody(r, c.limit)
		if err != nil || len(got) != c.want || r.read != c.wantToRead {
			t.Errorf("%s: got %d octets (read %d), %v; want %d (read %d)", c.name, len(got), r.read, err, c.want, c.wantToRead)
		}
	}
}

func TestReadBodyError(t *testing.T) {
	boom := errors.New("boom")
	got, err := ReadBody(io.MultiReader(strings.NewReader("abc"), iotest.ErrReader(boom)), 0)
	if !errors.Is(err, boom) || string(got) != "abc" {
		t.Errorf("got %q, %v", got, err)
	}
}

// BenchmarkReadBody reads a body whose straddling line runs on for 50 MB:
// the octets allocated per read, as a multiple of those admitted
// (DefaultLimit+Slack), must stay about 2 or below.
func BenchmarkReadBody(b *testing.B) {
	b.ReportAllocs()
	admitted := float64(DefaultLimit + Slack)
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	for i := 0; i < b.N; i++ {
		if _, err := ReadBody(&countingReader{c: 'a', n: 50 << 20}, 0); err != nil {
			b.Fatal(err)
		}
	}
	runtime.ReadMemStats(&m1)
	b.ReportMetric(float64(m1.TotalAlloc-m0.TotalAlloc)/float64(b.N)/admitted, "x-admitted")
}

// FuzzPrepareLimit puts a fuzzed tail across the parse limit: what Prepare
// keeps is a prefix of the body, within the limit and Slack, and what it
// drops without saying so is line ends only.
func FuzzPrepareLimit(f *testing.F) {
	f.Add(uint16(10), []byte("Disallow: /a\nAllow: /b\n"), uint8(0))
	f.Add(uint16(0), []byte("\r\n\r\nx"), uint8(1))
	f.Add(uint16(3), []byte("Allow: /*"), uint8(200))
	pad := strings.Repeat("#"+strings.Repeat("p", 62)+"\n", DefaultLimit/64) // DefaultLimit octets
	f.Fuzz(func(t *testing.T, back uint16, tail []byte, repeat uint8) {
		head := pad[:DefaultLimit-int(back)%DefaultLimit]
		body := []byte(head)
		for range int(repeat)%4 + 1 {
			body = append(body, tail...)
		}
		if repeat >= 128 {
			// Run the last octet of the tail past the Slack.
			last := byte('a')
			if len(tail) > 0 {
				last = tail[len(tail)-1]
			}
			body = append(body, bytes.Repeat([]byte{last}, Slack)...)
		}
		got, info, _ := Prepare(body, BodyOptions{KeepUTF16: true})
		if len(got) > DefaultLimit+Slack {
			t.Fatalf("kept %d octets", len(got))
		}
		if !bytes.HasPrefix(body, got) {
			t.Fatalf("kept octets that are not a prefix of the body")
		}
		if !info.Truncated && len(bytes.Trim(body[len(got):], "\r\n")) > 0 {
			t.Fatalf("dropped %q without saying so", body[len(got):])
		}
		if info.LongLine == "dropped" && len(got) > 0 && got[len(got)-1] != '\n' && got[len(got)-1] != '\r' {
			t.Fatalf("a dropped line left %q", got[max(len(got)-10, 0):])
		}
	})
}

// TestMaxLimit checks that no limit admits more than MaxLimit plus Slack,
// so that the tables built from a body stay within their offsets.
func TestMaxLimit(t *testing.T) {
	for _, tt := range []struct{ limit, want int }{
		{-1, DefaultLimit + Slack},
		{0, DefaultLimit + Slack},
		{DefaultLimit + 1, DefaultLimit + 1 + Slack},
		{MaxLimit, MaxLimit + Slack},
		{MaxLimit + 1, MaxLimit + Slack},
		{math.MaxInt, MaxLimit + Slack},
	} {
		if got := admitted(tt.limit); got != tt.want {
			t.Errorf("admitted(%d) = %d, want %d", tt.limit, got, tt.want)
		}
	}
	body := bytes.Repeat([]byte("Disallow: /a\n"), (MaxLimit+2*Slack)/13+1)
	got, info, err := Prepare(body, BodyOptions{Limit: math.MaxInt})
	if err != nil || len(got) > MaxLimit+Slack || !info.Truncated {
		t.Errorf("Prepare with no limit: %d octets of %d, truncated %v, err %v", len(got), len(body), info.Truncated, err)
	}
}

// TestLineCount checks lineCount against a count that reads the octets
// one at a time, as the parser ends lines (LF, CR, CRLF), on every body of
// up to six octets of CR, LF and another, and on long random ones.
func TestLineCount(t *testing.T) {
	want := func(b []byte) int {
		n := 0
		for i := 0; i < len(b); i++ {
			switch b[i] {
			case '\n':
				n++
			case '\r':
				n++
				if i+1 < len(b) && b[i+1] == '\n' {
					i++
				}
			}
		}
		return n
	}
	var bodies [][]byte
	var all func(b []byte)
	all = func(b []byte) {
		bodies = append(bodies, b)
		if len(b) < 6 {
			for _, c := range []byte("\r\na") {
				all(append(bytes.Clone(b), c))
			}
		}
	}
	all(nil)
	seed := uint32(1)
	for range 20 {
		b := make([]byte, 5000)
		for i := range b {
			seed = seed*1664525 + 1013904223
			b[i] = "\r\n\r\nab"[seed>>29%6]
		}
		bodies = append(bodies, b)
	}
	for _, b := range bodies {
		if got, want := lineCount(b), want(b); got != want {
			t.Fatalf("lineCount(%q) = %d, want %d", b[:min(len(b), 40)], got, want)
		}
	}
}
