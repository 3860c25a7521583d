package bench

import (
	"fmt"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/automaton"
)

// hostileFamilies are files built to defeat automata, each filling the parse
// limit (500 KiB) unless it is one line:
//
//	manystar=k  lines "Disallow: /*x*y*...$" of k stars each
//	astar       lines "Disallow: /*a_i*b_i", whose union needs 2^k DFA states
//	literal     one literal line of 500 KiB
//	longstar    one line "Disallow: /*q*q*...$" of 176 KB
//	straddle    500 KiB of comments, then one line "Disallow: /*q*q*..." of
//	            5 MB that straddles the limit (read up to the 64 KiB slack)
//	nested      lines "Disallow: /*a^i*b$" for i = 1, 2, ...: a run of 'a'
//	            ends hundreds of segments at each octet
//	asleep      lines "Disallow: /*z*a^i*b$": the same segments, waiting on
//	            a star node ("/*z*") that a run of 'a' never reaches
//	usage-same  the line "Content-Usage: /*a train-ai=n, search=y" over
//	            and over: one wildcard path, whose equal lengths once took
//	            a check quadratic in the lines (over a second)
//	late        lines "Disallow: /*a^400*a^i*b$": the same segments, waiting
//	            on a star node reached in the middle of a run of 'a', so
//	            that hundreds of them end at each octet before they may
//	            start
//	usage-astar lines "Content-Usage: /*a_i*b_i train-ai=n, search=y": the
//	            astar patterns as usage rules of two categories, whose
//	            equal lengths need one automaton class per category
//	wildlit     one line "Disallow: /*.pdf$" and literal lines to the limit:
//	            the NFA tier under a literal DFA of 500 KiB, whose labels a
//	            takeover of the lazy DFA's arena reads (decide-cold)
//
// nested, asleep and late decide their own URL, runURL.
var hostileFamilies = []struct {
	name string
	body func() []byte
	run  bool // decide runURL, not hostileURL
}{
	{"manystar=100", func() []byte { return manyStar(100) }, false},
	{"manystar=1000", func() []byte { return manyStar(1000) }, false},
	{"astar", func() []byte {
		return fill(func(i int) string { return fmt.Sprintf("Disallow: /*a%d*b%d\n", i, i) })
	}, false},
	{"literal", func() []byte {
		return []byte("User-agent: *\nDisallow: /" + strings.Repeat("abcdefgh", 500<<10/8-8) + "\n")
	}, false},
	{"longstar", func() []byte {
		return []byte("User-agent: *\nDisallow: /" + strings.Repeat("*q", 88000) + "$\n")
	}, false},
	{"straddle", func() []byte {
		head := "User-agent: *\n" + strings.Repeat("# "+strings.Repeat("c", 61)+"\n", robots.DefaultParseLimit/64-1)
		return []byte(head + "Disallow: /" + strings.Repeat("*q", 5<<20/2) + "\n")
	}, false},
	{"nested", func() []byte {
		return fill(func(i int) string { return "Disallow: /*" + strings.Repeat("a", i+1) + "*b$\n" })
	}, true},
	{"asleep", func() []byte {
		return fill(func(i int) string { return "Disallow: /*z*" + strings.Repeat("a", i+1) + "*b$\n" })
	}, true},
	{"usage-astar", func() []byte {
		return fill(func(i int) string { return fmt.Sprintf("Content-Usage: /*a%d*b%d train-ai=n, search=y\n", i, i) })
	}, false},
	{"usage-same", func() []byte {
		return fill(func(int) string { return "Content-Usage: /*a train-ai=n, search=y\n" })
	}, false},
	{"wildlit", func() []byte {
		var b strings.Builder
		b.WriteString("User-agent: *\nDisallow: /*.pdf$\n")
		for i := 0; b.Len() < robots.DefaultParseLimit-40; i++ {
			fmt.Fprintf(&b, "Disallow: /%x/%d/page\n", i*7919, i)
		}
		return []byte(b.String())
	}, false},
	{"late", func() []byte {
		return fill(func(i int) string {
			return "Disallow: /*" + strings.Repeat("a", 400) + "*" + strings.Repeat("a", i+1) + "*b$\n"
		})
	}, true},
}

// fill returns a file of the lines line(0), line(1), ... up to the parse
// limit.
func fill(line func(i int) string) []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; ; i++ {
		l := line(i)
		if b.Len()+len(l) > robots.DefaultParseLimit {
			break
		}
		b.WriteString(l)
	}
	return []byte(b.String())
}

// manyStar fills the limit with anchored lines of k stars, each star
// followed by one letter, the letters differing from line to line.
func manyStar(k int) []byte {
	return fill(func(i int) string {
		var b strings.Builder
		b.WriteString("Disallow: /")
		for j := 0; j < k; j++ {
			b.WriteByte('*')
			b.WriteByte(byte('a' + (i*7+j*3)%26))
		}
		b.WriteString("$\n")
		return b.String()
	})
}

// hostileURL is a URL of 1 KiB whose octets feed every family: the letters
// of the many-star lines, and the a_i, b_i of astar. The families of runs
// of 'a' decide their own URL, runURL.
func hostileURL() string {
	var b strings.Builder
	b.WriteByte('/')
	for i := 0; b.Len() < 1<<10; i++ {
		b.WriteByte(byte('a' + i%26))
		if i%5 == 0 {
			fmt.Fprintf(&b, "%d", i%97)
		}
	}
	return b.String()[:1<<10]
}

// runURL is the URL of the families of runs of 'a': 1 KiB of 'a', which
// ends the segments a^1 ... a^j at the j+1st octet.
var runURL = "/" + strings.Repeat("a", 1<<10-1)

// BenchmarkHostile times, on each hostile family, Parse and Agent (compile:
// reporting B/op and the peak of the live heap above what it was before, as
// peak-MiB), Parse and 64 goroutines racing on the first Agent call
// (agents64, the same figures), the decision of one 1 KiB URL (decide),
// and the same decision by the lazily built DFA with none of its states
// built (decide-cold: two Matchers of the file, built to use it from the
// first URL, decide in turn, so that each takes the arena over from the
// other and builds every state again, or gives up and decides on the tier
// below).
func BenchmarkHostile(b *testing.B) {
	url := hostileURL()
	for _, f := range hostileFamilies {
		body := f.body()
		b.Run(f.name+"/compile", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			var peak uint64
			for b.Loop() {
				var m *robots.Matcher
				p := peakHeap(func() { m = robots.Parse(body).Agent("x") })
				peak = max(peak, p)
				runtime.KeepAlive(m)
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-MiB")
		})
		b.Run(f.name+"/agents64", func(b *testing.B) {
			b.ReportAllocs()
			var peak uint64
			for b.Loop() {
				p := peakHeap(func() { firstAgent64(robots.Parse(body)) })
				peak = max(peak, p)
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-MiB")
		})
		u := url
		if f.run {
			u = runURL
		}
		b.Run(f.name+"/decide", func(b *testing.B) {
			benchDecide(b, u, robots.Parse(body).Agent("x"))
		})
		b.Run(f.name+"/decide-cold", func(b *testing.B) {
			lazy := robots.WithLimits(automaton.Limits{Lazy: automaton.LazyAlways})
			benchDecide(b, u, robots.Parse(body, lazy).Agent("x"), robots.Parse(body, lazy).Agent("x"))
		})
	}
}

// benchDecide decides url with ms in turn, one an op, and reports the
// time per URL and the tier of the first.
func benchDecide(b *testing.B, url string, ms ...*robots.Matcher) {
	b.ReportAllocs()
	b.ReportMetric(0, "ns/url") // keep the column when b.N is small
	i := 0
	for b.Loop() {
		ms[i%len(ms)].Decide(url)
		i++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/url")
	b.ReportMetric(1, "tier-"+ms[0].Stats().Tier.String())
}

// firstAgent64 makes 64 goroutines ask r for the same agent at once, as a
// crawler's workers do on a host's first URLs: one compile must serve them.
func firstAgent64(r *robots.Robots) {
	var wg sync.WaitGroup
	for range 64 {
		wg.Go(func() { r.Agent("x").Allowed("/") })
	}
	wg.Wait()
}

// peakHeap runs f and returns the highest live heap seen while it ran, above
// the live heap before it, sampled every 50µs (a lower bound of the true
// peak, close to it for allocations that live as long as f).
func peakHeap(f func()) uint64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	base := read()
	var peak atomic.Uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(50 * time.Microsecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				if v := read(); v > peak.Load() {
					peak.Store(v)
				}
			}
		}
	}()
	f()
	if v := read(); v > peak.Load() {
		peak.Store(v)
	}
	close(stop)
	<-done
	if p := peak.Load(); p > base {
		return p - base
	}
	return 0
}
