package bench

import (
	"runtime"
	"testing"

	"github.com/jimsmart/grobotstxt"
	"github.com/temoto/robotstxt"

	"github.com/robotsexclusion/robots"
)

// BenchmarkParse times reading every file of the corpus, without compiling
// anything for an agent: robots.Parse, temoto's FromBytes, and grobotstxt's
// tokenizer (Parse with a handler that does nothing). One op is the whole
// corpus; ns/B is the time per octet of robots.txt and alloc-B/B the
// octets allocated per octet read.
func BenchmarkParse(b *testing.B) {
	sites := loadCorpus(b)
	bodies := make([][]byte, len(sites))
	texts := make([]string, len(sites))
	size := 0
	for i, s := range sites {
		bodies[i], texts[i] = s.body, string(s.body)
		size += len(s.body)
	}
	for _, p := range []struct {
		name  string
		parse func(i int)
	}{
		{"robots", func(i int) { robots.Parse(bodies[i]) }},
		{"temoto", func(i int) { _, _ = robotstxt.FromBytes(bodies[i]) }},
		{"grobotstxt", func(i int) { grobotstxt.Parse(texts[i], nopHandler{}) }},
	} {
		b.Run("corpus/"+p.name, func(b *testing.B) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			n := 0
			for b.Loop() {
				for i := range bodies {
					p.parse(i)
				}
				n++
			}
			runtime.ReadMemStats(&after)
			b.SetBytes(int64(size))
			b.ReportAllocs()
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n)/float64(size), "ns/B")
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(n)/float64(size), "alloc-B/B")
		})
	}
}

// nopHandler receives grobotstxt's tokens and keeps none, so that only its
// tokenizer is timed.
type nopHandler struct{}

func (nopHandler) HandleRobotsStart()                      {}
func (nopHandler) HandleRobotsEnd()                        {}
func (nopHandler) HandleUserAgent(int, string)             {}
func (nopHandler) HandleAllow(int, string)                 {}
func (nopHandler) HandleDisallow(int, string)              {}
func (nopHandler) HandleSitemap(int, string)               {}
func (nopHandler) HandleUnknownAction(int, string, string) {}
