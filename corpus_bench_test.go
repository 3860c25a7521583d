package robots_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/robotsexclusion/robots"
)

// A corpusSample is every eighth site of the shared corpus that has a URL
// list, with up to 30 of its URLs: small enough to run under an
// instruction counter (valgrind --tool=callgrind, with
// GODEBUG=cpu.rdtscp=off, as valgrind stops on the RDTSCP that the runtime's
// clock otherwise uses), whose counts, unlike times, do not move with what
// else the machine runs.
type corpusSample struct {
	bodies [][]byte
	urls   [][]string // urls[i] are bodies[i]'s site's
}

var sample struct {
	once sync.Once
	s    corpusSample
	err  error
}

func loadSample(b *testing.B) corpusSample {
	sample.once.Do(func() {
		dir := filepath.Dir(corpusDir) // ../shared/corpus
		ents, err := os.ReadDir(filepath.Join(dir, "links"))
		if err != nil {
			sample.err = err
			return
		}
		sort.Slice(ents, func(i, j int) bool { return ents[i].Name() < ents[j].Name() })
		for i, e := range ents {
			if i%8 != 0 {
				continue
			}
			body, err := os.ReadFile(filepath.Join(dir, "robots", e.Name()))
			if err != nil {
				continue
			}
			links, err := os.ReadFile(filepath.Join(dir, "links", e.Name()))
			if err != nil {
				continue
			}
			var urls []string
			for line := range bytes.Lines(links) {
				if u := strings.TrimRight(string(line), "\r\n"); u != "" && len(urls) < 30 {
					urls = append(urls, u)
				}
			}
			sample.s.bodies = append(sample.s.bodies, body)
			sample.s.urls = append(sample.s.urls, urls)
		}
	})
	if sample.err != nil || len(sample.s.bodies) == 0 {
		b.Skipf("needs ../shared: no corpus (%v)", sample.err)
	}
	return sample.s
}

// BenchmarkCorpusSample runs, on the corpus sample, what a crawler pays:
// decide (one URL an op, the Matchers compiled before, each site's URLs
// in turn and the sites one after another, over and over), decide-dfa
// (the same on the sites whose Matcher is of TierDFA, most of them),
// compile (Parse and Agent, one file an op), host (Parse, Agent and the
// first ten URLs, one site an op), host-all (the same with all the site's
// URLs of the sample, up to 30), host-median (Parse, Agent and one
// URL on the middle fifth of the sites by file size, where the median
// host of the per-host benchmarks is) and host-median-10 (the same with
// the first ten URLs), and parse-median (Parse alone on that fifth, whose
// mean size in octets it reports as B/file). Under callgrind, run each for two
// counts and divide the difference of the totals by the difference of
// the counts: the instructions an op, the setup left out.
func BenchmarkCorpusSample(b *testing.B) {
	s := loadSample(b)
	for _, name := range []string{"decide", "decide-dfa"} {
		b.Run(name, func(b *testing.B) {
			type job struct {
				m *robots.Matcher
				u string
			}
			var jobs []job
			for i, body := range s.bodies {
				m := robots.Parse(body).Agent("Googlebot")
				if name == "decide-dfa" && m.Stats().Engine != "dfa" {
					continue
				}
				for _, u := range s.urls[i] {
					jobs = append(jobs, job{m, u})
				}
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				j := &jobs[i%len(jobs)]
				j.m.Decide(j.u)
			}
		})
	}
	b.Run("compile", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			robots.Parse(s.bodies[i%len(s.bodies)]).Agent("Googlebot")
		}
	})
	for _, k := range []int{1, 10} {
		name := "host-median"
		if k > 1 {
			name = "host-median-10"
		}
		b.Run(name, func(b *testing.B) {
			type host struct {
				body []byte
				urls []string
			}
			var hosts []host
			for i, body := range s.bodies {
				if len(s.urls[i]) > 0 {
					hosts = append(hosts, host{body, s.urls[i][:min(k, len(s.urls[i]))]})
				}
			}
			sort.SliceStable(hosts, func(i, j int) bool { return len(hosts[i].body) < len(hosts[j].body) })
			hosts = hosts[len(hosts)*2/5 : len(hosts)*3/5]
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				h := &hosts[i%len(hosts)]
				m := robots.Parse(h.body).Agent("Googlebot")
				for _, u := range h.urls {
					m.Decide(u)
				}
			}
		})
	}
	b.Run("parse-median", func(b *testing.B) {
		bodies := append([][]byte(nil), s.bodies...)
		sort.SliceStable(bodies, func(i, j int) bool { return len(bodies[i]) < len(bodies[j]) })
		bodies = bodies[len(bodies)*2/5 : len(bodies)*3/5]
		size := 0
		for _, body := range bodies {
			size += len(body)
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			robots.Parse(bodies[i%len(bodies)])
		}
		b.ReportMetric(float64(size)/float64(len(bodies)), "B/file")
	})
	for _, k := range []int{10, 30} {
		name := "host"
		if k == 30 {
			name = "host-all"
		}
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				j := i % len(s.bodies)
				m := robots.Parse(s.bodies[j]).Agent("Googlebot")
				for _, u := range s.urls[j][:min(k, len(s.urls[j]))] {
					m.Decide(u)
				}
			}
		})
	}
}
