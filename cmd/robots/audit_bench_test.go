package main

import (
	"bufio"
	"compress/gzip"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"github.com/robotsexclusion/robots/internal/warc"
	"github.com/robotsexclusion/robots/internal/warcgen"
)

var auditCaptures = flag.Int("audit.captures", 20000, "captures in the synthetic WARC file of BenchmarkAuditWARC")

// BenchmarkAuditWARC times, side by side in one run, on one synthetic
// robotstxt WARC file of -audit.captures fetches built from the shared
// corpus (gzip per record; request, response and metadata records; the
// mix of warcgen.Synthetic): decompressing it with gzip -dc (when gzip is
// installed) and with compress/gzip, reading its records with the
// command's WARC reader (payload digests included), and robots audit of
// every registry crawler on 1 and 2 workers, its records discarded. Each
// reports records/s (captures), µs per capture of CPU time summed over the
// process's threads (cpu-µs/record: per core), and its time over gzip
// -dc's (x-gzip; compress/gzip's when gzip is absent).
//
//	go test ./cmd/robots -run '^$' -bench AuditWARC -benchtime 3x
func BenchmarkAuditWARC(b *testing.B) {
	files, err := warcgen.ReadCorpus(filepath.Join("..", "..", "..", "shared", "corpus", "robots"))
	if err != nil || len(files) == 0 {
		b.Skip("needs ../shared: corpus absent")
	}
	path := filepath.Join(b.TempDir(), "synth.warc.gz")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	st, err := warcgen.Synthetic(warcgen.NewWriter(bw, true), files, warcgen.Options{Captures: *auditCaptures, Seed: 1})
	if err == nil {
		err = bw.Flush()
	}
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	n := st.Responses
	var base float64 // ns per op of the baseline, the first sub-benchmark
	baseline := "compress-gzip"
	gz, gzErr := exec.LookPath("gzip")
	if gzErr == nil {
		baseline = "gzip-dc"
	}
	report := func(b *testing.B, cpu float64) {
		per := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		b.ReportMetric(float64(n)/(per/1e9), "records/s")
		b.ReportMetric(cpu/float64(b.N)/float64(n)/1e3, "cpu-µs/record")
		if filepath.Base(b.Name()) == baseline {
			base = per
		}
		b.ReportMetric(per/base, "x-gzip")
		b.ReportMetric(0, "ns/op")
	}
	if gzErr == nil {
		b.Run("gzip-dc", func(b *testing.B) {
			cpu := 0.0
			for range b.N {
				cmd := exec.Command(gz, "-dc", path)
				cmd.Stdout = io.Discard
				if err := cmd.Run(); err != nil {
					b.Fatal(err)
				}
				cpu += float64((cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Nanoseconds())
			}
			report(b, cpu)
		})
	}
	b.Run("compress-gzip", func(b *testing.B) {
		c0 := processCPU()
		for range b.N {
			f, err := os.Open(path)
			if err != nil {
				b.Fatal(err)
			}
			zr, err := gzip.NewReader(bufio.NewReaderSize(f, 64<<10))
			if err == nil {
				_, err = io.Copy(io.Discard, zr)
			}
			f.Close()
			if err != nil {
				b.Fatal(err)
			}
		}
		report(b, processCPU()-c0)
	})
	b.Run("read", func(b *testing.B) {
		c0 := processCPU()
		for range b.N {
			f, err := os.Open(path)
			if err != nil {
				b.Fatal(err)
			}
			r := warc.NewReader(f)
			r.Digest = true
			for {
				if _, err := r.Next(); err != nil {
					break
				}
			}
			f.Close()
		}
		report(b, processCPU()-c0)
	})
	for _, w := range []int{1, 2} {
		if w > runtime.NumCPU() {
			continue
		}
		b.Run("audit/workers="+strconv.Itoa(w), func(b *testing.B) {
			c0 := processCPU()
			for range b.N {
				e := &env{stdout: io.Discard, stderr: io.Discard}
				if code := run(e, []string{"audit", "-workers", strconv.Itoa(w), path}); code != exitOK {
					b.Fatalf("exit %d", code)
				}
			}
			report(b, processCPU()-c0)
		})
	}
}
