package bench

import (
	"fmt"
	"testing"

	"github.com/jimsmart/grobotstxt"
	"github.com/temoto/robotstxt"

	"github.com/robotsexclusion/robots"
)

// BenchmarkHost times what a crawler pays per host: read the host's
// robots.txt, find what applies to the agent, and decide k of the host's
// own URLs (the first k of its list; all of them when it has fewer). Each
// op is one host of the corpus, every site that has both files, in one
// seeded shuffled order, the same for every row:
//
//	k=<k>/robots      Parse(body), Agent, then Decide per URL
//	k=<k>/temoto      FromBytes(body), FindGroup, then Test per URL
//	k=<k>/grobotstxt  string(body) once, then AgentAllowed per URL, which
//	                  parses the whole file again on every call
//	k=<k>/floor       one table step per octet of the file, then one per
//	                  octet of each URL's path and query
//
// for k = 1, 10 and all. Besides the per-host distribution (p50-ns/host is
// the median over hosts, each host timed for every peer in turn in one
// pass, see measureTogether), each row reports total-ms, the time of the
// whole corpus: the mean time per host times the number of hosts.
func BenchmarkHost(b *testing.B) {
	sites := loadCorpus(b)
	var hosts []site
	for _, s := range sites {
		if len(s.urls) > 0 {
			hosts = append(hosts, s)
		}
	}
	if len(hosts) == 0 {
		b.Skip("no site of the corpus has URLs")
	}
	shuffle(hosts)
	for _, k := range []int{1, 10, 0} {
		name := fmt.Sprintf("k=%d", k)
		if k == 0 {
			name = "k=all"
		}
		b.Run(name, func(b *testing.B) {
			// Every peer's hosts are timed in one pass (together).
			var tg together
			for _, p := range hostPeers {
				jobs := hostJobs(hosts, k, p.host)
				tg.add(p.name, len(jobs), func(i int) bool { return jobs[i].run(jobs[i].arg) })
			}
			for _, p := range hostPeers {
				b.Run(p.name, func(b *testing.B) {
					benchJobs(b, func() []job[site] { return hostJobs(hosts, k, p.host) }, options{
						unit:     "host",
						together: tg.next(p.name),
						once: func() []metric {
							// benchJobs measures the distribution before calling once.
							return []metric{{cache.dist.avg * float64(len(hosts)) / 1e6, "total-ms"}}
						},
					})
				})
			}
		})
	}
}

// A hostPeer does, for one host, all a crawler does with its robots.txt:
// read it, then decide urls.
type hostPeer struct {
	name string
	host func(body []byte, urls []string) bool
}

var hostPeers = []hostPeer{
	{"robots", func(body []byte, urls []string) bool {
		m := robots.Parse(body).Agent(agent)
		ok := true
		for _, u := range urls {
			ok = m.Decide(u).Allowed && ok
		}
		return ok
	}},
	{"temoto", func(body []byte, urls []string) bool {
		r, err := robotstxt.FromBytes(body)
		if err != nil {
			r = &robotstxt.RobotsData{} // as prepareTemoto
		}
		g := r.FindGroup(agent)
		ok := true
		for _, u := range urls {
			ok = g.Test(pathOf(u)) && ok
		}
		return ok
	}},
	{"grobotstxt", func(body []byte, urls []string) bool {
		text := string(body)
		ok := true
		for _, u := range urls {
			ok = grobotstxt.AgentAllowed(text, agent, u) && ok
		}
		return ok
	}},
	{"floor", func(body []byte, urls []string) bool {
		var sum uint
		for _, c := range body {
			sum += uint(floorTable[c])
		}
		ok := sum&1 == 0
		for _, u := range urls {
			ok = floor(u) && ok
		}
		return ok
	}},
}

// hostJobs returns one job per host: host with the body and the first k
// URLs of the site (all of them for k = 0).
func hostJobs(hosts []site, k int, host func([]byte, []string) bool) []job[site] {
	jobs := make([]job[site], len(hosts))
	for i, s := range hosts {
		if k > 0 && k < len(s.urls) {
			s.urls = s.urls[:k]
		}
		jobs[i] = job[site]{func(s site) bool { return host(s.body, s.urls) }, s}
	}
	return jobs
}

// BenchmarkHostPass is one pass over the corpus as a crawler meets it, one
// URL a host: Parse, Agent("Googlebot") and the decision of the first URL
// of each file that has one, in file order, with nothing timed apart. It
// is the loop to count instructions a host on (timing a host is
// BenchmarkHost's): under valgrind --tool=callgrind, -benchtime 1x runs
// one pass and -benchtime 4x four (b.Loop runs the function once), so
// the difference over 3 passes and over the hosts (its metric) is what a
// host costs:
//
//	go test -c -o /tmp/bench.test
//	GOGC=off valgrind --tool=callgrind /tmp/bench.test -test.run '^$' -test.bench HostPass -test.benchtime 1x
//	GOGC=off valgrind --tool=callgrind /tmp/bench.test -test.run '^$' -test.bench HostPass -test.benchtime 4x
func BenchmarkHostPass(b *testing.B) {
	var bodies [][]byte
	var urls []string
	for _, s := range loadCorpus(b) {
		if len(s.urls) > 0 {
			bodies, urls = append(bodies, s.body), append(urls, s.urls[0])
		}
	}
	allowed := 0
	for b.Loop() {
		for i, body := range bodies {
			if robots.Parse(body).Agent(agent).Decide(urls[i]).Allowed {
				allowed++
			}
		}
	}
	b.ReportMetric(float64(len(bodies)), "hosts")
	b.ReportMetric(float64(allowed)/float64(b.N), "allowed/op")
}
