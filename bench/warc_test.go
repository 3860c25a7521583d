package bench

import (
	"bufio"
	"compress/gzip"
	"flag"
	"io"
	"os"
	"testing"

	gowarc "github.com/nlnwa/gowarc/v3"

	"github.com/robotsexclusion/robots/internal/warc"
)

var warcFile = flag.String("warc", "", "a WARC file for BenchmarkWARCRead (go run ./internal/warcgen/synthwarc in the repository writes one)")

// BenchmarkWARCRead reads every record of the -warc file and its payload,
// side by side: decompressing it alone (compress/gzip), the reader of
// robots audit (internal/warc, payload digests included), and the read
// loop of github.com/nlnwa/gowarc/v3 with its default options and with
// block parsing skipped (with validation off, it drains each payload
// before handing the record out). It is the measure behind robots audit's
// own reader; skipped without -warc:
//
//	go run ./internal/warcgen/synthwarc -n 100000 -o /tmp/synth.warc.gz
//	cd bench && go test -run '^$' -bench WARCRead -benchtime 1x -warc /tmp/synth.warc.gz
func BenchmarkWARCRead(b *testing.B) {
	if *warcFile == "" {
		b.Skip("no -warc file")
	}
	open := func(b *testing.B) *os.File {
		f, err := os.Open(*warcFile)
		if err != nil {
			b.Fatal(err)
		}
		return f
	}
	b.Run("compress-gzip", func(b *testing.B) {
		for range b.N {
			f := open(b)
			zr, err := gzip.NewReader(bufio.NewReaderSize(f, 64<<10))
			if err != nil {
				b.Fatal(err)
			}
			io.Copy(io.Discard, zr)
			f.Close()
		}
	})
	b.Run("robots", func(b *testing.B) {
		for range b.N {
			f := open(b)
			r := warc.NewReader(f)
			r.Digest = true
			n := 0
			for {
				if _, err := r.Next(); err != nil {
					break
				}
				n++
			}
			f.Close()
			b.ReportMetric(float64(n), "records")
		}
	})
	for _, c := range []struct {
		name string
		opts []gowarc.WarcRecordOption
	}{
		{"gowarc", nil},
		{"gowarc-skip-parse", []gowarc.WarcRecordOption{gowarc.WithSkipParseBlock(), gowarc.WithSyntaxErrorPolicy(gowarc.ErrIgnore)}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for range b.N {
				r, err := gowarc.NewWarcFileReader(*warcFile, 0, c.opts...)
				if err != nil {
					b.Fatal(err)
				}
				n := 0
				for {
					rec, err := r.Next()
					if err != nil {
						break
					}
					n++
					var payload io.Reader
					if hb, ok := rec.WarcRecord.Block().(gowarc.HttpResponseBlock); ok {
						payload, err = hb.PayloadBytes()
					} else {
						payload, err = rec.WarcRecord.Block().RawBytes()
					}
					if err == nil {
						io.Copy(io.Discard, payload)
					}
					rec.Close()
				}
				r.Close()
				b.ReportMetric(float64(n), "records")
			}
		})
	}
}
