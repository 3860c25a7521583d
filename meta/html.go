package meta

// This file reads the META tags of an HTML document with the tokenizer of
// golang.org/x/net/html. It reads tokens, not a tree, and stops where the HTML
// parsing rules would open the body, so it reads a page's head and a few
// kilobytes past it (the tokenizer's read size), whatever the page's size.
// The byte limit bounds the rest: a page whose head never ends.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// DefaultLimit is the number of bytes of an HTML document that ParseHTML
// reads at most when given a limit of 0 or less: one mebibyte, enough for
// the head of a page with large inline scripts and styles.
const DefaultLimit = 1 << 20

// ParseHTML reads the robots META tags in the head of an HTML document for
// the crawler with the product token agent, reading at most limit bytes of
// r (DefaultLimit when limit <= 0). It stops reading at <body> or at the
// first element that belongs in the body; the rest of r is left unread.
//
// Malformed HTML is read as a browser would tokenize it. The only errors are
// those of r, wrapped; the directives read before the error are returned
// with it.
func ParseHTML(r io.Reader, agent string, limit int64) (Directives, error) {
	d, err := parseHTML(r, agent, limit)
	if err != nil {
		return d, fmt.Errorf("meta: reading HTML: %w", err)
	}
	return d, nil
}

// parseHTML is ParseHTML, its errors not wrapped.
func parseHTML(r io.Reader, agent string, limit int64) (Directives, error) {
	if limit <= 0 {
		limit = DefaultLimit
	}
	lr := &limitReader{r: r, n: limit}
	var d Directives
	src, err := decode(lr)
	if err != nil {
		return d, err
	}
	z := html.NewTokenizer(src)
	templates := 0 // depth of <template>, whose content is inert
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			d.truncated = lr.truncated
			if err := z.Err(); err != io.EOF {
				return d, err
			}
			return d, nil
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			a := atom.Lookup(name)
			if a == atom.Template {
				templates++
				continue
			}
			if templates > 0 {
				continue
			}
			switch a {
			case atom.Meta:
				if hasAttr {
					readMeta(z, &d, agent)
				}
			case atom.Html, atom.Head, atom.Base, atom.Basefont, atom.Bgsound, atom.Link,
				atom.Title, atom.Noscript, atom.Noframes, atom.Style, atom.Script:
			default:
				return d, nil // <body>, or an element that opens it
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			switch a := atom.Lookup(name); {
			case a == atom.Template && templates > 0:
				templates--
			case templates > 0:
			case a == atom.Body || a == atom.Html || a == atom.Br:
				return d, nil // these open the body too
			}
		}
	}
}

// readMeta reads the attributes of a <meta> element, the first of each name
// counting as in HTML, and adds its directives to d.
func readMeta(z *html.Tokenizer, d *Directives, agent string) {
	var name, content string
	var hasName, hasContent bool
	for more := true; more; {
		var k, v []byte
		k, v, more = z.TagAttr()
		switch string(k) {
		case "name":
			if !hasName {
				name, hasName = string(v), true
			}
		case "content":
			if !hasContent {
				content, hasContent = string(v), true
			}
		}
	}
	if !hasName || !hasContent {
		return
	}
	for _, s := range ParseMeta(name, content, agent).sources {
		d.add(s)
	}
}

// decode recognizes UTF-16, by its byte order mark or by a first '<', and
// returns a reader of UTF-8; it drops a UTF-8 byte order mark. Other octets
// are left as they are: the tokenizer needs only ASCII to find the tags.
func decode(r io.Reader) (io.Reader, error) {
	br := bufio.NewReaderSize(r, 512)
	b, err := br.Peek(3)
	if err != nil && err != io.EOF {
		return nil, err
	}
	utf16 := func(e unicode.Endianness, bom unicode.BOMPolicy) io.Reader {
		return transform.NewReader(br, unicode.UTF16(e, bom).NewDecoder())
	}
	switch {
	case len(b) >= 2 && b[0] == 0xFE && b[1] == 0xFF:
		return utf16(unicode.BigEndian, unicode.ExpectBOM), nil
	case len(b) >= 2 && b[0] == 0xFF && b[1] == 0xFE:
		return utf16(unicode.LittleEndian, unicode.ExpectBOM), nil
	case len(b) >= 2 && b[0] == '<' && b[1] == 0:
		return utf16(unicode.LittleEndian, unicode.IgnoreBOM), nil
	case len(b) >= 2 && b[0] == 0 && b[1] == '<':
		return utf16(unicode.BigEndian, unicode.IgnoreBOM), nil
	case len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF:
		br.Discard(3)
	}
	return br, nil
}

// limitReader reads at most n bytes of r, and notes whether r had more.
type limitReader struct {
	r         io.Reader
	n         int64
	truncated bool
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		if !l.truncated {
			var one [1]byte
			if k, _ := io.ReadFull(l.r, one[:]); k > 0 {
				l.truncated = true
			}
		}
		return 0, io.EOF
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	k, err := l.r.Read(p)
	l.n -= int64(k)
	return k, err
}

// ParseResponse reads the directives of an HTTP response for the crawler
// with the product token agent: its headers as ParseHeader reads them
// (robots directives and usage preferences), then, when the
// body is HTML (a Content-Type of text/html or application/xhtml+xml, or
// none), the META tags of its head, reading at most limit bytes of the body
// as ParseHTML does. It does not close the body.
func ParseResponse(resp *http.Response, agent string, limit int64) (Directives, error) {
	if resp == nil {
		return Directives{}, errors.New("meta: no response")
	}
	d := ParseHeader(resp.Header, agent)
	if resp.Body == nil || !isHTML(resp.Header.Get("Content-Type")) {
		return d, nil
	}
	h, err := parseHTML(resp.Body, agent, limit)
	d = d.Merge(h)
	if err != nil {
		return d, fmt.Errorf("meta: reading HTML of %s: %w", requestURL(resp), err)
	}
	return d, nil
}

// isHTML reports whether a Content-Type names HTML; an empty one may be.
func isHTML(contentType string) bool {
	if strings.TrimSpace(contentType) == "" {
		return true
	}
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		mt = strings.ToLower(strings.TrimSpace(strings.Split(contentType, ";")[0]))
	}
	return mt == "text/html" || mt == "application/xhtml+xml"
}

// requestURL names the response in an error.
func requestURL(resp *http.Response) string {
	if resp.Request != nil && resp.Request.URL != nil {
		return resp.Request.URL.String()
	}
	return "response body"
}
