package normalize

import (
	"strings"
	"testing"
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
		got, info, err := Body([]byte(c.body), "", 0)
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
		got, info, err := Body([]byte(c.in), "", 0)
		if err != nil || string(got) != c.want || info.BOM != c.bom {
			t.Errorf("Body(%q) = %q, BOM %q, %v; want %q, %q", c.in, got, info.BOM, err, c.want, c.bom)
		}
	}
}

func TestBodyCharset(t *testing.T) {
	got, info, err := Body([]byte("caf\xE9"), "ISO-8859-1", 0)
	if err != nil || string(got) != "café" || info.Charset == "" {
		t.Errorf("latin-1: %q, %+v, %v", got, info, err)
	}
	if got, _, err := Body([]byte("caf\xE9"), "utf-8", 0); err != nil || string(got) != "caf\xE9" {
		t.Errorf("utf-8 declared: %q, %v (octets must be kept)", got, err)
	}
	if _, _, err := Body([]byte("x"), "x-no-such", 0); err == nil {
		t.Error("unknown charset: no error")
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
		if got := URL(c.in); got != c.url {
			t.Errorf("URL(%q) = %q, want %q", c.in, got, c.url)
		}
		if got := Pattern(c.in); got != c.pattern {
			t.Errorf("Pattern(%q) = %q, want %q", c.in, got, c.pattern)
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
	} {
		if got := PathQuery(c.in); got != c.want {
			t.Errorf("PathQuery(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestStreamAllocates(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() {
		st := NewStream("https://h/caf\xC3\xA9/%7e?q=%2f*")
		for {
			if _, ok := st.Next(); !ok {
				break
			}
		}
	}); n != 0 {
		t.Errorf("Stream allocates %.0f times", n)
	}
}
