// Package warcgen writes WARC files of robots.txt captures shaped as Common
// Crawl's robotstxt files are: a warcinfo record, then for each fetch a
// request, a response and a metadata record, each record its own gzip
// member. Tests and benchmarks of robots audit build their inputs with it:
// small files written in the test, and large synthetic files from the
// shared corpus (Synthetic), with the captures a crawl meets besides plain
// files (redirects, 404 and 5xx pages, HTML bodies, gzip and chunked
// bodies kept as sent) and the damage an archive meets (corrupt and
// truncated members).
//
// It writes what a test asks, faithfully: it checks nothing, so that a
// test can write a broken record on purpose.
package warcgen

import (
	"bytes"
	"compress/gzip"
	"crypto/sha1"
	"encoding/base32"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"
)

// A Writer writes WARC/1.0 records to an underlying writer, each record a
// gzip member of its own when Gzip is set, and keeps the offset of each.
type Writer struct {
	w      io.Writer
	gz     bool
	zw     *gzip.Writer
	offset int64 // octets written so far
	id     int   // records written, for record IDs
	buf    bytes.Buffer
}

// NewWriter returns a Writer to w; gz writes each record as a gzip member.
func NewWriter(w io.Writer, gz bool) *Writer {
	return &Writer{w: w, gz: gz}
}

// Offset returns the number of octets written so far: the offset of the
// next record.
func (w *Writer) Offset() int64 { return w.offset }

// A Field is one WARC header field.
type Field struct{ Name, Value string }

// Record writes one record of the given type with the given extra header
// fields (WARC-Type, WARC-Record-ID, WARC-Date when absent, Content-Length
// and, for a block, WARC-Block-Digest are added) and block, and returns
// its offset.
func (w *Writer) Record(typ string, fields []Field, block []byte) (int64, error) {
	w.id++
	var h bytes.Buffer
	h.WriteString("WARC/1.0\r\n")
	fmt.Fprintf(&h, "WARC-Type: %s\r\n", typ)
	hasDate := false
	for _, f := range fields {
		hasDate = hasDate || strings.EqualFold(f.Name, "WARC-Date")
	}
	if !hasDate {
		fmt.Fprintf(&h, "WARC-Date: %s\r\n", Epoch.Format(time.RFC3339))
	}
	fmt.Fprintf(&h, "WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-%012d>\r\n", w.id)
	for _, f := range fields {
		fmt.Fprintf(&h, "%s: %s\r\n", f.Name, f.Value)
	}
	fmt.Fprintf(&h, "WARC-Block-Digest: %s\r\n", Digest(block))
	fmt.Fprintf(&h, "Content-Length: %d\r\n\r\n", len(block))
	h.Write(block)
	h.WriteString("\r\n\r\n")
	return w.Raw(h.Bytes())
}

// Raw writes b as one record would be written: as a gzip member of its
// own when the Writer compresses. It returns b's offset.
func (w *Writer) Raw(b []byte) (int64, error) {
	at := w.offset
	out := b
	if w.gz {
		w.buf.Reset()
		if w.zw == nil {
			w.zw = gzip.NewWriter(&w.buf)
		} else {
			w.zw.Reset(&w.buf)
		}
		w.zw.Write(b)
		w.zw.Close()
		out = w.buf.Bytes()
	}
	n, err := w.w.Write(out)
	w.offset += int64(n)
	return at, err
}

// Bytes writes b as it is, not compressed: damage between members.
func (w *Writer) Bytes(b []byte) (int64, error) {
	at := w.offset
	n, err := w.w.Write(b)
	w.offset += int64(n)
	return at, err
}

// Epoch is the date of the records the package writes, unless told
// otherwise: fixed, so that files are the same on every run.
var Epoch = time.Date(2025, 1, 13, 12, 0, 0, 0, time.UTC)

// Digest returns the SHA-1 digest of b in WARC's form, "sha1:" and base32.
func Digest(b []byte) string {
	sum := sha1.Sum(b)
	return "sha1:" + base32.StdEncoding.EncodeToString(sum[:])
}

// Warcinfo writes the warcinfo record that starts a crawl's files.
func (w *Writer) Warcinfo(filename string) (int64, error) {
	body := "isPartOf: SYNTHETIC-robotstxt\r\npublisher: robots warcgen\r\nformat: WARC File Format 1.0\r\n"
	return w.Record("warcinfo", []Field{{"WARC-Filename", filename},
		{"Content-Type", "application/warc-fields"}}, []byte(body))
}

// A Capture is one robots.txt fetch: what a crawler asked and what the
// server answered.
type Capture struct {
	URI    string      // the URL fetched
	Date   time.Time   // when; Epoch when zero
	Status int         // the HTTP status
	Header http.Header // the response headers besides Content-Length, written in sorted order
	Body   []byte      // the payload as stored (after the headers)

	// RawLength keeps Body as the block's tail but writes Content-Length as
	// given when it is not zero: a header that disagrees with the body.
	RawLength int

	// WARCTruncated is the record's WARC-Truncated field ("length"); empty
	// for none.
	WARCTruncated string

	// NoRequest and NoMetadata leave out the request and the metadata
	// record.
	NoRequest, NoMetadata bool
}

// ResponseBlock returns the HTTP response a capture stores: status line,
// headers in sorted order, Content-Length (unless chunked), and body.
func (c *Capture) ResponseBlock() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "HTTP/1.1 %d %s\r\n", c.Status, statusText(c.Status))
	names := make([]string, 0, len(c.Header))
	for k := range c.Header {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		for _, v := range c.Header[k] {
			fmt.Fprintf(&b, "%s: %s\r\n", k, v)
		}
	}
	if c.Header.Get("Transfer-Encoding") == "" {
		n := len(c.Body)
		if c.RawLength != 0 {
			n = c.RawLength
		}
		fmt.Fprintf(&b, "Content-Length: %d\r\n", n)
	}
	b.WriteString("\r\n")
	b.Write(c.Body)
	return b.Bytes()
}

// Capture writes the records of one fetch: request, response, metadata.
// It returns the offset of the response record.
func (w *Writer) Capture(c Capture) (int64, error) {
	date := c.Date
	if date.IsZero() {
		date = Epoch
	}
	ds := date.UTC().Format(time.RFC3339)
	host := c.URI
	if i := strings.Index(host, "://"); i >= 0 {
		host = host[i+3:]
	}
	if i := strings.IndexByte(host, '/'); i >= 0 {
		host = host[:i]
	}
	if !c.NoRequest {
		req := "GET /robots.txt HTTP/1.1\r\nUser-Agent: CCBot/2.0 (https://commoncrawl.org/faq/)\r\nAccept: text/html,*/*\r\nHost: " + host + "\r\n\r\n"
		if _, err := w.Record("request", []Field{{"WARC-Date", ds}, {"WARC-Target-URI", c.URI},
			{"Content-Type", "application/http; msgtype=request"}}, []byte(req)); err != nil {
			return 0, err
		}
	}
	fields := []Field{{"WARC-Date", ds}, {"WARC-Target-URI", c.URI},
		{"Content-Type", "application/http; msgtype=response"},
		{"WARC-IP-Address", "192.0.2.1"},
		{"WARC-Payload-Digest", Digest(c.Body)}}
	if c.WARCTruncated != "" {
		fields = append(fields, Field{"WARC-Truncated", c.WARCTruncated})
	}
	at, err := w.Record("response", fields, c.ResponseBlock())
	if err != nil {
		return at, err
	}
	if !c.NoMetadata {
		_, err = w.Record("metadata", []Field{{"WARC-Date", ds}, {"WARC-Target-URI", c.URI},
			{"Content-Type", "application/warc-fields"}}, []byte("fetchTimeMs: 112\r\n"))
	}
	return at, err
}

// TextHeader returns the headers of a plain robots.txt answer.
func TextHeader() http.Header {
	return http.Header{
		"Content-Type":  {"text/plain"},
		"Date":          {Epoch.Format(http.TimeFormat)},
		"Server":        {"nginx"},
		"Last-Modified": {Epoch.Add(-72 * time.Hour).Format(http.TimeFormat)},
	}
}

// HTMLHeader returns the headers of an HTML page.
func HTMLHeader() http.Header {
	return http.Header{
		"Content-Type": {"text/html; charset=utf-8"},
		"Date":         {Epoch.Format(http.TimeFormat)},
		"Server":       {"nginx"},
	}
}

// Chunked returns body in HTTP/1.1 chunked transfer coding, in chunks of
// at most size octets.
func Chunked(body []byte, size int) []byte {
	var b bytes.Buffer
	for len(body) > 0 {
		n := min(size, len(body))
		b.WriteString(strconv.FormatInt(int64(n), 16) + "\r\n")
		b.Write(body[:n])
		b.WriteString("\r\n")
		body = body[n:]
	}
	b.WriteString("0\r\n\r\n")
	return b.Bytes()
}

// Gzipped returns body gzip-compressed, as a server sends it with
// Content-Encoding: gzip.
func Gzipped(body []byte) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(body)
	zw.Close()
	return b.Bytes()
}
