package bench

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/robotsexclusion/robots"
)

// BenchmarkDecide times the decision for one URL, each op one URL, every
// peer on the same URLs in the same order:
//
//	corpus/<peer>             the corpus: every URL of every site that has both files
//	rules=<n>/<peer>          synthetic files of n rules, 2,000 URLs each
//	<hostile>/url=<n>/<peer>  hostile files (stars=k, astar=k, limit), URLs of n octets of path
//
// The corpus and synthetic benchmarks also report the distribution of the
// time per URL (p50-ns/url, p99-ns/url, mean-ns/url over urls URLs); on the
// corpus, robots, temoto and the floor are timed URL by URL in one pass
// (measureTogether), grobotstxt on its own. The
// hostile ones report MB/s, which stays flat as URLs grow when time is
// linear in the URL. The robots rows report the tier of the automaton as a
// metric named after it (tier-dfa, tier-nfa, ...).
func BenchmarkDecide(b *testing.B) {
	b.Run("corpus", func(b *testing.B) {
		sites := loadCorpus(b)
		// The peers whose ratios the tables read (robots and temoto
		// against the floor) are timed in one pass; grobotstxt, a
		// hundred times slower, on its own, over the URLs its budget
		// reaches.
		var tg together
		for _, p := range peers {
			if p.name != "grobotstxt" {
				jobs := corpusJobs(sites, p)
				tg.add(p.name, len(jobs), func(i int) bool { return jobs[i].run(jobs[i].arg) })
			}
		}
		for _, p := range peers {
			b.Run(p.name, func(b *testing.B) {
				benchJobs(b, func() []job[string] { return corpusJobs(sites, p) }, options{unit: "url", together: tg.next(p.name)})
			})
		}
	})
	for _, n := range ruleCounts {
		b.Run(fmt.Sprintf("rules=%d", n), func(b *testing.B) {
			s := synthFile(n, 0, 2000, 1)
			tier := tierOf(s.body)
			for _, p := range peers {
				b.Run(p.name, func(b *testing.B) {
					benchJobs(b, func() []job[string] { return urlJobs(p.prepare(s.body), s.urls) }, options{unit: "url"})
					if p.name == "robots" {
						reportTier(b, tier())
					}
				})
			}
		})
	}
	for _, h := range hostiles {
		b.Run(h.name, func(b *testing.B) {
			f := h.make()
			tier := tierOf(f.body)
			for _, n := range urlLengths {
				b.Run(fmt.Sprintf("url=%d", n), func(b *testing.B) {
					r := rand.New(rand.NewPCG(3, uint64(n)))
					urls := make([]string, 8)
					for i := range urls {
						urls[i] = f.url(n, r)
					}
					for _, p := range peers {
						b.Run(p.name, func(b *testing.B) {
							benchJobs(b, func() []job[string] { return urlJobs(p.prepare(f.body), urls) },
								options{bytes: int64(n), maxCall: true})
							if p.name == "robots" {
								reportTier(b, tier())
							}
						})
					}
				})
			}
		})
	}
}

var (
	ruleCounts = []int{10, 100, 1000, 10000}
	urlLengths = []int{100, 1000, 10000}
	hostiles   = []struct {
		name string
		make func() *hostileFile
	}{
		{"stars=10", func() *hostileFile { return starPairs(10) }},
		{"stars=100", func() *hostileFile { return starPairs(100) }},
		{"stars=1000", func() *hostileFile { return starPairs(1000) }},
		{"astar=10", func() *hostileFile { return aStars(10) }},
		{"astar=100", func() *hostileFile { return aStars(100) }},
		{"astar=1000", func() *hostileFile { return aStars(1000) }},
		{"limit", nearLimit},
	}
)

// corpusJobs returns one job per URL of the corpus, each with the decider
// of its site, shuffled.
func corpusJobs(sites []site, p peer) []job[string] {
	var jobs []job[string]
	for _, s := range sites {
		if len(s.urls) == 0 {
			continue
		}
		d := p.prepare(s.body)
		for _, u := range s.urls {
			jobs = append(jobs, job[string]{d, u})
		}
	}
	shuffle(jobs)
	return jobs
}

func urlJobs(d decider, urls []string) []job[string] {
	jobs := make([]job[string], len(urls))
	for i, u := range urls {
		jobs[i] = job[string]{d, u}
	}
	return jobs
}

// tierOf returns a function that compiles body once, on first call, and
// returns the tier of its Matcher.
func tierOf(body []byte) func() string {
	var t string
	return func() string {
		if t == "" {
			t = robots.Parse(body).Agent(agent).Stats().Engine
		}
		return t
	}
}

// reportTier reports the tier of an automaton (robots.Stats.Engine) as a
// metric of value 1 named after it, so that the name survives a
// renumbering of the tiers.
func reportTier(b *testing.B, t string) {
	b.ReportMetric(1, "tier-"+t)
}
