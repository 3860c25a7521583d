package bench

import (
	"runtime"
	"testing"

	"github.com/jimsmart/grobotstxt"
	"github.com/temoto/robotstxt"

	"github.com/robotsexclusion/robots"
)

// BenchmarkParse times reading the files of the corpus, without compiling
// anything for an agent: robots.Parse, temoto's FromBytes, and grobotstxt's
// tokenizer (Parse with a handler that does nothing). Each op is one file,
// round robin over every file of the corpus in a seeded shuffled order; ns/B
// is the time per octet of robots.txt read and alloc-B/B the octets
// allocated per octet read.
func BenchmarkParse(b *testing.B) {
	sites := loadCorpus(b)
	bodies := make([][]byte, len(sites))
	for i, s := range sites {
		bodies[i] = s.body
	}
	shuffle(bodies)
	texts := make([]string, len(bodies))
	for i, body := range bodies {
		texts[i] = string(body)
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
			b.ReportAllocs()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			size, i := 0, 0
			for b.Loop() {
				p.parse(i)
				size += len(bodies[i])
				if i++; i == len(bodies) {
					i = 0
				}
			}
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(size), "ns/B")
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(size), "alloc-B/B")
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
