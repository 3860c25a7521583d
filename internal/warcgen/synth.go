package warcgen

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"time"
)

// A File is one robots.txt body and the host that served it.
type File struct {
	Host string
	Body []byte
}

// ReadCorpus reads every file of dir as a robots.txt body served by the
// host the file is named after (the shared corpus's robots folder), in
// name order.
func ReadCorpus(dir string) ([]File, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []File
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, File{Host: e.Name(), Body: b})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Host < out[j].Host })
	return out, nil
}

// Options say what Synthetic writes.
type Options struct {
	Captures int    // robots.txt fetches to write (each redirect and its target count one each)
	Seed     uint64 // chooses the mix of kinds; the same seed writes the same file
	Damage   bool   // add damage: a corrupt gzip member every DamageEvery captures, a body past the parse limit, and a file cut in its last member
}

// DamageEvery is how many captures apart Synthetic puts a corrupt member
// when Options.Damage is set.
const DamageEvery = 997

// Stats counts what Synthetic wrote, by kind.
type Stats struct {
	Records   int            // WARC records written, warcinfo included, damaged ones included
	Responses int            // response records (damaged ones included)
	Kinds     map[string]int // captures by kind: "ok", "404", "503", "redirect", "redirect-out", "gzip", "chunked", "html", "empty", "large", "corrupt"
	Cut       bool           // the file ends inside a member
}

// The kinds of capture, by their share in a hundred.
var kinds = func() []string {
	var out []string
	add := func(k string, n int) {
		for range n {
			out = append(out, k)
		}
	}
	add("ok", 76)
	add("404", 8)
	add("503", 3)
	add("redirect", 4)
	add("redirect-out", 1)
	add("gzip", 2)
	add("chunked", 2)
	add("html", 2)
	add("empty", 2)
	return out
}()

// Synthetic writes a robotstxt WARC file: a warcinfo record, then
// opt.Captures fetches cycling over files (each pass after the first under
// hosts of its own, r1.HOST, r2.HOST, ...), most of them a 200 with the
// file's body, the others 404 and 503 pages, redirects from http to https
// whose target follows, redirects to a host not in the file, bodies kept
// gzip-encoded or chunked as sent, HTML pages served with 200, and empty
// files; with opt.Damage, the damage described there.
func Synthetic(w *Writer, files []File, opt Options) (Stats, error) {
	st := Stats{Kinds: map[string]int{}}
	if len(files) == 0 {
		return st, fmt.Errorf("warcgen: no files")
	}
	rng := rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x9e3779b97f4a7c15))
	if _, err := w.Warcinfo("SYNTHETIC-robotstxt.warc.gz"); err != nil {
		return st, err
	}
	st.Records++
	write := func(c Capture) error {
		_, err := w.Capture(c)
		st.Records += 3
		st.Responses++
		if c.NoRequest {
			st.Records--
		}
		if c.NoMetadata {
			st.Records--
		}
		return err
	}
	large := 0
	for i := 0; i < opt.Captures; i++ {
		f := files[i%len(files)]
		host := f.Host
		if pass := i / len(files); pass > 0 {
			host = "r" + strconv.Itoa(pass) + "." + host
		}
		uri := "https://" + host + "/robots.txt"
		date := Epoch.Add(time.Duration(i) * time.Second)
		kind := kinds[rng.IntN(len(kinds))]
		if opt.Damage && i%DamageEvery == DamageEvery-1 {
			kind = "corrupt"
		}
		if opt.Damage && i == opt.Captures/2 && large == 0 {
			kind, large = "large", 1
		}
		c := Capture{URI: uri, Date: date, Status: 200, Header: TextHeader(), Body: f.Body}
		switch kind {
		case "404":
			c.Status, c.Header, c.Body = 404, HTMLHeader(), []byte("<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>\n")
		case "503":
			c.Status, c.Header, c.Body = 503, HTMLHeader(), []byte("<html><body><h1>503 Service Unavailable</h1></body></html>\n")
			c.Header.Set("Retry-After", "120")
		case "redirect", "redirect-out":
			target := uri
			if kind == "redirect-out" {
				target = "https://www." + host + ".invalid/robots.txt"
			}
			from := Capture{URI: "http://" + host + "/robots.txt", Date: date, Status: 301, Header: HTMLHeader(),
				Body: []byte("<html><body>Moved</body></html>\n")}
			from.Header.Set("Location", target)
			if err := write(from); err != nil {
				return st, err
			}
			st.Kinds[kind]++
			if kind == "redirect-out" {
				continue
			}
			i++ // the target is a capture of its own
			if i >= opt.Captures {
				continue
			}
			st.Kinds["ok"]++
			if err := write(c); err != nil {
				return st, err
			}
			continue
		case "gzip":
			c.Header.Set("Content-Encoding", "gzip")
			c.Body = Gzipped(f.Body)
		case "chunked":
			c.Header.Set("Transfer-Encoding", "chunked")
			c.Body = Chunked(f.Body, 1024)
		case "html":
			c.Header, c.Body = HTMLHeader(), []byte("<!doctype html><html><head><title>Welcome</title></head><body><p>Nothing here.</p></body></html>\n")
		case "empty":
			c.Body = nil
		case "large":
			c.Body = bytes.Repeat([]byte("Disallow: /private/\n"), (600<<10)/20)
			c.Body = append([]byte("User-agent: *\n"), c.Body...)
			c.WARCTruncated = ""
		case "corrupt":
			// A response member with octets of its deflate stream
			// overwritten: the member does not decompress.
			var buf bytes.Buffer
			sub := NewWriter(&buf, w.gz)
			sub.id = w.id
			if _, err := sub.Capture(Capture{URI: uri, Date: date, Status: 200, Header: TextHeader(), Body: f.Body, NoRequest: true, NoMetadata: true}); err != nil {
				return st, err
			}
			b := buf.Bytes()
			for j := 20; j < len(b)-12 && j < 60; j++ {
				b[j] ^= 0x5a
			}
			w.id = sub.id
			if _, err := w.Bytes(b); err != nil {
				return st, err
			}
			st.Records++
			st.Responses++
			st.Kinds[kind]++
			continue
		}
		st.Kinds[kind]++
		if err := write(c); err != nil {
			return st, err
		}
	}
	if opt.Damage {
		// A last capture cut short: a file whose copy stopped early.
		var buf bytes.Buffer
		sub := NewWriter(&buf, w.gz)
		sub.Capture(Capture{URI: "https://cut.example/robots.txt", Status: 200, Header: TextHeader(),
			Body: []byte("User-agent: *\nDisallow: /cut/\n"), NoRequest: true, NoMetadata: true})
		b := buf.Bytes()
		if _, err := w.Bytes(b[:len(b)/2]); err != nil {
			return st, err
		}
		st.Records++
		st.Responses++
		st.Cut = true
	}
	return st, nil
}

// statusText is http.StatusText with a fallback, for status lines.
func statusText(code int) string {
	if t := http.StatusText(code); t != "" {
		return t
	}
	return "Status"
}
