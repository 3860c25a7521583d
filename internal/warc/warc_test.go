package warc_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/internal/warc"
	"github.com/robotsexclusion/robots/internal/warcgen"
)

// captures are the fetches the tests write: a plain file, a 404, a
// redirect, and a body with a line end in its payload's first octets.
func captures() []warcgen.Capture {
	return []warcgen.Capture{
		{URI: "https://a.example/robots.txt", Status: 200, Header: warcgen.TextHeader(), Body: []byte("User-agent: *\nDisallow: /private\n")},
		{URI: "https://b.example/robots.txt", Status: 404, Header: warcgen.HTMLHeader(), Body: []byte("<html>not found</html>")},
		{URI: "http://c.example/robots.txt", Status: 301, Header: map[string][]string{"Location": {"https://c.example/robots.txt"}}, Body: nil},
		{URI: "https://c.example/robots.txt", Status: 200, Header: warcgen.TextHeader(), Body: []byte("\r\n\r\nUser-agent: x\nAllow: /\n"), WARCTruncated: "length"},
	}
}

// written is what a test wrote: the file and the offset of each response.
type written struct {
	file    []byte
	offsets []int64
}

// write writes the captures as a WARC file: gzip per record, or plain.
func write(t *testing.T, gz bool, cs []warcgen.Capture) written {
	t.Helper()
	var buf bytes.Buffer
	w := warcgen.NewWriter(&buf, gz)
	if _, err := w.Warcinfo("test.warc.gz"); err != nil {
		t.Fatal(err)
	}
	var out written
	for _, c := range cs {
		at, err := w.Capture(c)
		if err != nil {
			t.Fatal(err)
		}
		out.offsets = append(out.offsets, at)
	}
	out.file = buf.Bytes()
	return out
}

// readAll reads every record of a file, copying each.
func readAll(t *testing.T, r *warc.Reader) []warc.Record {
	t.Helper()
	var out []warc.Record
	for range 10000 {
		rec, err := r.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		c := *rec
		c.Block = append([]byte(nil), rec.Block...)
		out = append(out, c)
	}
	t.Fatal("no end after 10,000 records")
	return nil
}

// responses returns the response records of recs.
func responses(recs []warc.Record) []warc.Record {
	var out []warc.Record
	for _, r := range recs {
		if r.Type == "response" {
			out = append(out, r)
		}
	}
	return out
}

func TestRead(t *testing.T) {
	cs := captures()
	for _, gz := range []bool{true, false} {
		t.Run(fmt.Sprintf("gzip=%v", gz), func(t *testing.T) {
			wr := write(t, gz, cs)
			r := warc.NewReader(bytes.NewReader(wr.file))
			r.Digest = true
			recs := readAll(t, r)
			if len(recs) != 1+3*len(cs) {
				t.Fatalf("%d records, want %d", len(recs), 1+3*len(cs))
			}
			end := int64(0)
			for i, rec := range recs {
				if rec.Err != nil {
					t.Errorf("record %d: %v", i, rec.Err)
				}
				if rec.Offset != end || rec.Length <= 0 {
					t.Errorf("record %d at %d, %d octets; the one before ended at %d", i, rec.Offset, rec.Length, end)
				}
				end = rec.Offset + rec.Length
			}
			if end != int64(len(wr.file)) {
				t.Errorf("the records end at %d, the file at %d", end, len(wr.file))
			}
			for i, rec := range responses(recs) {
				c := cs[i]
				if rec.Offset != wr.offsets[i] {
					t.Errorf("response %d at %d, written at %d", i, rec.Offset, wr.offsets[i])
				}
				if rec.TargetURI != c.URI || rec.Version != "WARC/1.0" || rec.Date == "" || rec.RecordID == "" ||
					rec.Truncated != c.WARCTruncated || !strings.HasPrefix(rec.ContentType, "application/http") {
					t.Errorf("response %d: fields %+v", i, rec)
				}
				block := c.ResponseBlock()
				if !bytes.Equal(rec.Block, block) || rec.BlockLength != int64(len(block)) {
					t.Errorf("response %d: block %q (%d), want %q", i, rec.Block, rec.BlockLength, block)
				}
				if want := warcgen.Digest(c.Body); rec.Digest != want || rec.PayloadDigest != want {
					t.Errorf("response %d: digest %s, field %s, want %s", i, rec.Digest, rec.PayloadDigest, want)
				}
			}
		})
	}
}

// Types: the records of the types asked for are read as without it; the
// others keep no block, get no digest and keep only the header fields that
// say what they are, and are read through all the same.
func TestTypes(t *testing.T) {
	cs := captures()
	wr := write(t, true, cs)
	// Cut in the last record, a metadata record, and in the gzip trailer
	// of the last request, after its block: damaged, each keeps its
	// fields, and the request its digest, whatever its type.
	last := wr.offsets[len(wr.offsets)-1]
	for _, file := range [][]byte{wr.file, wr.file[:len(wr.file)-20], wr.file[:last-4]} {
		all := warc.NewReader(bytes.NewReader(file))
		all.Digest = true
		want := readAll(t, all)
		r := warc.NewReader(bytes.NewReader(file))
		r.Digest, r.Types = true, map[string]bool{"response": true}
		got := readAll(t, r)
		if len(got) != len(want) {
			t.Fatalf("%d records, want %d", len(got), len(want))
		}
		responses, damaged := 0, 0
		for i := range got {
			g, w := got[i], want[i]
			switch {
			case g.Type == "response":
				responses++
			case g.Err != nil:
				damaged++
				if g.Type == "request" && g.Digest == "" {
					t.Errorf("record %d, a damaged request, has no digest", i)
				}
				w.Block = g.Block
			default:
				if len(g.Block) != 0 || g.Digest != "" {
					t.Errorf("record %d, %s: %d octets of block kept, digest %q, want none", i, g.Type, len(g.Block), g.Digest)
				}
				w.Block, w.Digest = g.Block, ""
				w.TargetURI, w.Date, w.RecordID, w.Truncated, w.PayloadDigest = "", "", "", "", ""
			}
			if !reflect.DeepEqual(g, w) {
				t.Errorf("record %d: %+v, want %+v", i, g, w)
			}
		}
		wantResponses := len(cs)
		if len(file) < int(last) {
			wantResponses--
		}
		if responses != wantResponses || damaged != boolInt(len(file) < len(wr.file)) {
			t.Errorf("%d responses, %d damaged records; want %d and %d", responses, damaged, wantResponses, boolInt(len(file) < len(wr.file)))
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// A file compressed as one gzip stream, as some tools write them: every
// record is read, at the offset of the one member.
func TestWholeFileGzip(t *testing.T) {
	cs := captures()
	plain := write(t, false, cs)
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(plain.file)
	zw.Close()
	recs := readAll(t, warc.NewReader(bytes.NewReader(buf.Bytes())))
	if len(recs) != 1+3*len(cs) {
		t.Fatalf("%d records, want %d", len(recs), 1+3*len(cs))
	}
	for i, rec := range recs {
		if rec.Err != nil || rec.Offset != 0 {
			t.Errorf("record %d: offset %d, err %v", i, rec.Offset, rec.Err)
		}
	}
	if last := recs[len(recs)-1]; last.Length != int64(buf.Len()) {
		t.Errorf("the last record's length is %d, the member's %d", last.Length, buf.Len())
	}
}

// Keep bounds what is kept of a block; the digest covers all of it.
func TestKeep(t *testing.T) {
	body := bytes.Repeat([]byte("Disallow: /x\n"), 10000)
	c := warcgen.Capture{URI: "https://big.example/robots.txt", Status: 200, Header: warcgen.TextHeader(), Body: body}
	wr := write(t, true, []warcgen.Capture{c})
	r := warc.NewReader(bytes.NewReader(wr.file))
	r.Keep, r.Digest = 1000, true
	rec := responses(readAll(t, r))[0]
	block := c.ResponseBlock()
	if !bytes.Equal(rec.Block, block[:1000]) || rec.BlockLength != int64(len(block)) {
		t.Errorf("kept %d octets of %d, want 1000 of %d", len(rec.Block), rec.BlockLength, len(block))
	}
	if rec.Digest != warcgen.Digest(body) {
		t.Errorf("digest %s, want %s", rec.Digest, warcgen.Digest(body))
	}
}

// damage is a way to damage a file written with gzip members, and what
// the reader must then say.
type damage struct {
	name   string
	modify func(w written) []byte
	want   error // the error of the damaged record
	after  int   // responses read whole after it
}

func TestDamage(t *testing.T) {
	cs := captures()
	damages := []damage{
		{"corrupt member", func(w written) []byte {
			b := bytes.Clone(w.file)
			for i := w.offsets[1] + 20; i < w.offsets[1]+40; i++ {
				b[i] ^= 0x5a
			}
			return b
		}, warc.ErrCorrupt, 2},
		{"cut in the last member", func(w written) []byte {
			return w.file[:w.offsets[3]+30]
		}, warc.ErrTruncated, 0},
		{"garbage between members", func(w written) []byte {
			return append(append(bytes.Clone(w.file[:w.offsets[1]]), "garbage\n"...), w.file[w.offsets[1]:]...)
		}, warc.ErrHeader, 3},
		{"a member that holds no WARC record", func(w written) []byte {
			var z bytes.Buffer
			zw := gzip.NewWriter(&z)
			zw.Write([]byte("HTTP/1.1 200 OK\r\n\r\n"))
			zw.Close()
			return append(append(bytes.Clone(w.file[:w.offsets[1]]), z.Bytes()...), w.file[w.offsets[1]:]...)
		}, warc.ErrHeader, 3},
	}
	for _, d := range damages {
		for _, seek := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/seek=%v", d.name, seek), func(t *testing.T) {
				file := d.modify(write(t, true, cs))
				var src io.Reader = bytes.NewReader(file)
				if !seek {
					src = io.MultiReader(src) // hides Seek
				}
				recs := readAll(t, warc.NewReader(src))
				bad := -1
				for i, rec := range recs {
					if rec.Err != nil {
						if bad >= 0 {
							t.Errorf("a second damaged record: %v", rec.Err)
						}
						bad = i
						if !errors.Is(rec.Err, d.want) {
							t.Errorf("error %v, want %v", rec.Err, d.want)
						}
					}
				}
				if bad < 0 {
					t.Fatal("no damaged record")
				}
				if got := len(responses(recs[bad+1:])); got != d.after {
					t.Errorf("%d responses after the damage, want %d", got, d.after)
				}
			})
		}
	}
}

// Headers that cannot be read: too long, or without Content-Length.
func TestBadHeader(t *testing.T) {
	long := "WARC/1.0\r\nWARC-Type: response\r\nX: " + strings.Repeat("a", warc.MaxHeader) + "\r\nContent-Length: 0\r\n\r\n\r\n\r\n"
	nolen := "WARC/1.0\r\nWARC-Type: response\r\n\r\nabc\r\n\r\n"
	good := "WARC/1.0\r\nWARC-Type: metadata\r\nContent-Length: 3\r\n\r\nabc\r\n\r\n"
	for _, bad := range []string{long, nolen} {
		recs := readAll(t, warc.NewReader(strings.NewReader(bad+good)))
		if len(recs) == 0 || !errors.Is(recs[0].Err, warc.ErrHeader) {
			t.Errorf("%.40q...: records %+v, want an ErrHeader first", bad, recs)
			continue
		}
		if last := recs[len(recs)-1]; last.Type != "metadata" || last.Err != nil {
			t.Errorf("%.40q...: the good record after it reads %+v", bad, last)
		}
	}
}

// FuzzReader: no input makes the reader panic, loop, or keep more than it
// is told, plain or in a gzip member.
func FuzzReader(f *testing.F) {
	f.Add([]byte("WARC/1.0\r\nWARC-Type: response\r\nContent-Type: application/http\r\nContent-Length: 19\r\n\r\nHTTP/1.1 200 OK\r\n\r\n\r\n\r\n"))
	f.Add([]byte("WARC/1.1\nContent-Length: 5\n\nabcde\n\nWARC/1.0\n"))
	f.Add([]byte("garbage\nWARC/1.0\r\nContent-Length: -1\r\n\r\n"))
	f.Add([]byte("\x1f\x8b\x08\x00WARC/"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var z bytes.Buffer
		zw := gzip.NewWriter(&z)
		zw.Write(data)
		zw.Close()
		for _, in := range [][]byte{data, z.Bytes(), append(z.Bytes(), data...)} {
			r := warc.NewReader(bytes.NewReader(in))
			r.Keep, r.Digest = 64, true
			for n := 0; ; n++ {
				rec, err := r.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("Next: %v", err)
				}
				if len(rec.Block) > 64 {
					t.Fatalf("kept %d octets, told 64", len(rec.Block))
				}
				if n > len(in)+1 {
					t.Fatalf("%d records from %d octets", n, len(in))
				}
			}
		}
	})
}
