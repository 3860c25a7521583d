package meta

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

func TestParseHTML(t *testing.T) {
	tests := []struct {
		name, doc string
		str       string
	}{
		{"the book's example", `<html>
<head>
 <meta name="robots" content="noindex,nofollow">
 <title>...</title>
</head>
<body>
 ...
</body>
</html>`, "noindex, nofollow"},
		{"the book's capitals", `<META NAME="ROBOTS" CONTENT="NOINDEX">`, "noindex"},
		{"the book's conflict", `<meta name="robots" content="INDEX,NOINDEX,NOFOLLOW,FOLLOW,FOLLOW">`, "noindex, nofollow"},
		{"our name", `<head><meta name="FooBot" content="noarchive"></head>`, "noarchive"},
		{"generic and ours", `<head><meta name="robots" content="max-snippet:50"><meta name="foobot" content="max-snippet:20, nofollow"></head>`,
			"nofollow, max-snippet:20"},
		{"other crawler", `<head><meta name="otherbot" content="noindex"></head>`, "all"},
		{"repeated tags", `<meta name=robots content=noindex><meta name=robots content=noindex>`, "noindex"},
		{"no head or html", `<!DOCTYPE html><meta name=robots content=none><p>x`, "noindex, nofollow"},
		{"unquoted and single quotes", `<meta name=robots content='noindex, nofollow'>`, "noindex, nofollow"},
		{"self-closing", `<meta name="robots" content="noindex" />`, "noindex"},
		{"content first", `<meta content="noindex" name="robots">`, "noindex"},
		{"first attribute wins", `<meta name="robots" name="x" content="noindex" content="index">`, "noindex"},
		{"entities", `<meta name="robots" content="noindex&#44;nofollow">`, "noindex, nofollow"},
		{"date in content", `<meta name="robots" content="unavailable_after: Fri, 25 Jun 2010 15:00:00 GMT">`, "unavailable_after:2010-06-25T15:00:00Z"},
		{"no content", `<meta name="robots"><meta name="robots" value="noindex">`, "all"},
		{"no name", `<meta content="noindex"><meta http-equiv="X-Robots-Tag" content="noindex">`, "all"},
		{"charset and others", `<meta charset="utf-8"><meta name="description" content="noindex"><meta name="robots" content="noarchive">`, "noarchive"},
		{"after </head>", `<head></head><meta name="robots" content="noindex"><body>`, "noindex"},
		{"head elements", `<head><base href="/"><link rel=x><style>p{}</style><script>var a="<body>";</script><noscript><meta name=robots content=noindex></noscript><title><meta name=robots content=nofollow></title><basefont><bgsound><noframes><body></noframes><meta name=robots content=noarchive></head>`,
			"noarchive"},
		{"template is inert", `<head><template><div><meta name=robots content=noindex></div><template></template></template><meta name=robots content=nofollow></head>`, "nofollow"},
		{"comment", `<head><!-- <meta name=robots content=noindex> --><meta name=robots content=nofollow>`, "nofollow"},
		{"stray text does not stop", `x<head>y<meta name=robots content=noindex>`, "noindex"},

		// Where reading stops.
		{"body", `<head></head><body><meta name="robots" content="noindex"></body>`, "all"},
		{"BODY", `<HEAD></HEAD><BODY><META NAME="ROBOTS" CONTENT="NOINDEX">`, "all"},
		{"a div in the head", `<head><div></div><meta name="robots" content="noindex"></head>`, "all"},
		{"an img in the head", `<head><img src=x><meta name="robots" content="noindex"></head>`, "all"},
		{"an unknown element", `<head><my-widget></my-widget><meta name="robots" content="noindex"></head>`, "all"},
		{"svg", `<svg><meta name="robots" content="noindex"></svg>`, "all"},
		{"</body>", `<head></body><meta name="robots" content="noindex">`, "all"},
		{"</html>", `<head></html><meta name="robots" content="noindex">`, "all"},
		{"</br>", `<head></br><meta name="robots" content="noindex">`, "all"},
		{"before the stop", `<head><meta name="robots" content="noindex"><p><meta name="robots" content="nofollow">`, "noindex"},
		{"other end tags", `<head></title></div><meta name="robots" content="noindex">`, "noindex"},

		// Malformed HTML.
		{"empty", ``, "all"},
		{"unterminated tag", `<meta name="robots" content="noindex"`, "all"},
		{"unterminated attribute", `<meta name="robots" content="noindex>`, "all"},
		{"unterminated comment", `<!-- <meta name=robots content=noindex>`, "all"},
		{"unterminated script", `<script><meta name=robots content=noindex>`, "all"},
		{"no closing tags", `<html><head><meta name=robots content=noindex><title>x`, "noindex"},
		{"garbage", "<<<>>><meta name=robots content=noindex><</>", "noindex"},
		{"NUL in a tag name", "<meta\x00 name=robots content=noindex>", "all"}, // another element
		{"NUL in content", "<meta name=robots content=\"noindex\x00,nofollow\">", "nofollow"},
		{"attribute soup", `<meta name=robots content=noindex name content=nofollow =x "y">`, "noindex"},
		{"space in name", `<meta name=" robots " content="noindex">`, "noindex"},
	}
	for _, tt := range tests {
		d, err := ParseHTML(strings.NewReader(tt.doc), "FooBot", 0)
		if err != nil {
			t.Errorf("%s: error %v", tt.name, err)
		}
		if got := d.String(); got != tt.str {
			t.Errorf("%s: %q = %q, want %q", tt.name, tt.doc, got, tt.str)
		}
		if d.Truncated() {
			t.Errorf("%s: truncated", tt.name)
		}
	}
}

// TestParseHTMLCharsets: the tags are ASCII in every charset a page may be
// in, except UTF-16, which is decoded.
func TestParseHTMLCharsets(t *testing.T) {
	head := `<html><head><meta charset="x"><title>T</title><meta name="robots" content="noindex, nofollow"></head><body>`
	le := func(s string, bom bool) []byte {
		var b []byte
		if bom {
			b = append(b, 0xFF, 0xFE)
		}
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u), byte(u>>8))
		}
		return b
	}
	be := func(s string, bom bool) []byte {
		var b []byte
		if bom {
			b = append(b, 0xFE, 0xFF)
		}
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u>>8), byte(u))
		}
		return b
	}
	tests := []struct {
		name string
		doc  []byte
	}{
		{"UTF-8 with BOM", append([]byte("\xEF\xBB\xBF"), head...)},
		{"ISO-8859-1", []byte(strings.Replace(head, "<title>T", "<title>Caf\xE9 \xFCber", 1))},
		{"Shift_JIS", []byte(strings.Replace(head, "<title>T", "<title>\x93\xFA\x96\x7B\x8C\xEA", 1))},
		{"invalid UTF-8 everywhere", []byte(strings.ReplaceAll(head, "><", ">\xFF\xFE\xC0<"))},
		{"UTF-16LE with BOM", le(head, true)},
		{"UTF-16BE with BOM", be(head, true)},
		{"UTF-16LE without BOM", le(head, false)},
		{"UTF-16BE without BOM", be(head, false)},
	}
	for _, tt := range tests {
		d, err := ParseHTML(bytes.NewReader(tt.doc), "FooBot", 0)
		if err != nil {
			t.Errorf("%s: error %v", tt.name, err)
		}
		if got := d.String(); got != "noindex, nofollow" {
			t.Errorf("%s: %q, want noindex, nofollow", tt.name, got)
		}
	}
}

// TestParseHTMLInvalidUTF8: a directive in another charset is kept as
// unknown, in valid UTF-8, its octets that are not UTF-8 percent-encoded.
func TestParseHTMLInvalidUTF8(t *testing.T) {
	doc := "<meta name=\"robots\" content=\"noindex, n\xE9pas\"><meta name=\"\xFFbot\" content=\"noindex\">"
	d, err := ParseHTML(strings.NewReader(doc), "FooBot", 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.String(); got != "noindex" {
		t.Errorf("String = %q", got)
	}
	u := unknown(d)
	if len(u) != 1 || u[0] != "n%e9pas" {
		t.Errorf("unknown = %q, want [n%%e9pas]", u)
	}
	raw := ""
	for _, s := range d.Sources() {
		if !utf8.ValidString(s.Raw) || !utf8.ValidString(s.Name) {
			t.Errorf("source %+v is not valid UTF-8", s)
		}
		if s.Problem != "" {
			raw = s.Raw
		}
	}
	if raw != "n%E9pas" {
		t.Errorf("the unknown directive's Raw is %q, want %q", raw, "n%E9pas")
	}
}

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n += int64(k)
	return k, err
}

// TestParseHTMLStopsAtBody proves that a large page costs only its head:
// the megabytes after </head> are not read.
func TestParseHTMLStopsAtBody(t *testing.T) {
	head := `<!DOCTYPE html><html><head><title>big</title><meta name="robots" content="noindex"></head>`
	huge := strings.Repeat("<p>lorem ipsum dolor sit amet</p>\n", 200_000) // ~6.6 MB
	tests := []struct {
		name, body string
	}{
		{"body tag", "<body>" + huge},
		{"no body tag", "\n" + huge},
		{"BODY with attributes", `<BODY class="x">` + huge},
	}
	for _, tt := range tests {
		c := &countingReader{r: io.MultiReader(strings.NewReader(head), strings.NewReader(tt.body))}
		d, err := ParseHTML(c, "FooBot", 64<<20)
		if err != nil {
			t.Fatal(err)
		}
		if got := d.String(); got != "noindex" {
			t.Errorf("%s: %q, want noindex", tt.name, got)
		}
		if total := int64(len(head) + len(tt.body)); c.n > 16<<10 || c.n >= total {
			t.Errorf("%s: read %d bytes of %d, want at most 16 KiB", tt.name, c.n, total)
		}
	}
}

func TestParseHTMLLimit(t *testing.T) {
	doc := `<head><meta name=robots content=noindex>` + strings.Repeat(" ", 1000) + `<meta name=robots content=nofollow></head><body>`
	tests := []struct {
		limit     int64
		str       string
		truncated bool
	}{
		{100, "noindex", true},
		{int64(len(doc)) - 1, "noindex, nofollow", true},
		{int64(len(doc)), "noindex, nofollow", false},
		{0, "noindex, nofollow", false},
		{-1, "noindex, nofollow", false},
	}
	for _, tt := range tests {
		c := &countingReader{r: strings.NewReader(doc + "<p>")}
		d, err := ParseHTML(c, "FooBot", tt.limit)
		if err != nil {
			t.Fatal(err)
		}
		if got := d.String(); got != tt.str || d.Truncated() != tt.truncated {
			t.Errorf("limit %d: %q truncated %v, want %q truncated %v", tt.limit, got, d.Truncated(), tt.str, tt.truncated)
		}
		if tt.limit > 0 && c.n > tt.limit+1 {
			t.Errorf("limit %d: read %d bytes", tt.limit, c.n)
		}
	}
	// A head that never ends is cut at the limit.
	c := &countingReader{r: io.MultiReader(strings.NewReader("<head>"), neverEnding('x'))}
	d, err := ParseHTML(c, "FooBot", 1<<16)
	if err != nil || !d.Truncated() || c.n > 1<<16+1 {
		t.Errorf("endless head: err %v, truncated %v, read %d", err, d.Truncated(), c.n)
	}
}

type neverEnding byte

func (b neverEnding) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(b)
	}
	return len(p), nil
}

var errBroken = errors.New("connection reset")

// brokenReader returns its text, then an error.
type brokenReader struct{ text string }

func (b *brokenReader) Read(p []byte) (int, error) {
	if b.text == "" {
		return 0, errBroken
	}
	n := copy(p, b.text)
	b.text = b.text[n:]
	return n, nil
}

func TestParseHTMLReadError(t *testing.T) {
	for _, text := range []string{"", "<meta name=robots content=noindex>", "<meta name=robots content=noindex><title>" + strings.Repeat("x", 5000)} {
		d, err := ParseHTML(&brokenReader{text}, "FooBot", 0)
		if !errors.Is(err, errBroken) || !strings.HasPrefix(err.Error(), "meta: reading HTML: ") {
			t.Errorf("%.20q: error %v, want a wrapped %v", text, err, errBroken)
		}
		if text != "" && d.String() != "noindex" {
			t.Errorf("%.20q: read %q before the error, want noindex", text, d.String())
		}
	}
}

func TestParseResponse(t *testing.T) {
	page := `<head><meta name="robots" content="nofollow"></head>`
	tests := []struct {
		name, contentType, str string
	}{
		{"html", "text/html; charset=utf-8", "noindex, nofollow"},
		{"xhtml", "application/xhtml+xml", "noindex, nofollow"},
		{"no type", "", "noindex, nofollow"},
		{"bad type", "text/html; charset", "noindex, nofollow"},
		{"pdf", "application/pdf", "noindex"},
		{"text", "text/plain", "noindex"},
	}
	for _, tt := range tests {
		resp := &http.Response{
			Header: http.Header{"X-Robots-Tag": {"noindex"}},
			Body:   io.NopCloser(strings.NewReader(page)),
		}
		if tt.contentType != "" {
			resp.Header.Set("Content-Type", tt.contentType)
		}
		d, err := ParseResponse(resp, "FooBot", 0)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
		if got := d.String(); got != tt.str {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.str)
		}
	}
	if _, err := ParseResponse(nil, "FooBot", 0); err == nil {
		t.Error("ParseResponse(nil): no error")
	}
	resp := &http.Response{Header: http.Header{"X-Robots-Tag": {"noindex"}}, Body: io.NopCloser(&brokenReader{page})}
	resp.Request, _ = http.NewRequest("GET", "http://example.com/p", nil)
	d, err := ParseResponse(resp, "FooBot", 0)
	if !errors.Is(err, errBroken) || !strings.Contains(err.Error(), "http://example.com/p") || d.String() != "noindex, nofollow" {
		t.Errorf("broken body: %q, %v", d.String(), err)
	}
}
