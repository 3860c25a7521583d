package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// benchURLs returns the URL lists of the shared corpus, one per line, or
// skips when the corpus is absent.
func benchURLs(b *testing.B) []byte {
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "corpus", "links", "*"))
	if len(files) == 0 {
		b.Skip("needs ../shared: corpus absent")
	}
	var buf bytes.Buffer
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		buf.Write(data)
		if len(data) > 0 && data[len(data)-1] != '\n' {
			buf.WriteByte('\n')
		}
	}
	return buf.Bytes()
}

// BenchmarkCheckLoop runs check on the corpus URLs (about 111,000 lines),
// as text and as JSON, from a reader to a discarding writer: the command's
// own loop of reading, splitting, deciding and formatting. The usage cases
// add -usage, on the same file (which states no preferences: the cost of
// the flag alone) and on examples/robots-ai.txt (which states some for
// every URL it allows); "ai" is that file without -usage, to compare with.
func BenchmarkCheckLoop(b *testing.B) {
	urls := benchURLs(b)
	lines := bytes.Count(urls, []byte("\n"))
	const shop, news = "../../examples/robots.txt", "../../examples/robots-ai.txt"
	for _, bm := range []struct {
		name string
		file string
		args []string
	}{
		{"text", shop, nil},
		{"json", shop, []string{"-json"}},
		{"text-usage", shop, []string{"-usage"}},
		{"ai/text", news, nil},
		{"ai/text-usage", news, []string{"-usage"}},
		{"ai/json-usage", news, []string{"-json", "-usage"}},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.SetBytes(int64(len(urls)))
			b.ReportAllocs()
			for b.Loop() {
				e := &env{stdin: bytes.NewReader(urls), stdout: io.Discard, stderr: io.Discard}
				args := append([]string{"check", "-robots", bm.file, "-agent", "Googlebot"}, bm.args...)
				if code := run(e, args); code != exitFinding && code != exitOK {
					b.Fatalf("exit %d", code)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/url")
		})
	}
}
