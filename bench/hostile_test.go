package bench

import (
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/bench/hostile"
	"github.com/robotsexclusion/robots/bench/internal/heappeak"
	"github.com/robotsexclusion/robots/internal/config"
	"github.com/robotsexclusion/robots/internal/engines"
)

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
	for _, f := range hostile.Families {
		body := f.Body()
		b.Run(f.Name+"/compile", func(b *testing.B) {
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
		b.Run(f.Name+"/agents64", func(b *testing.B) {
			b.ReportAllocs()
			var peak uint64
			for b.Loop() {
				p := peakHeap(func() { firstAgent64(robots.Parse(body)) })
				peak = max(peak, p)
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-MiB")
		})
		u := f.URL()
		b.Run(f.Name+"/decide", func(b *testing.B) {
			benchDecide(b, u, robots.Parse(body).Agent("x"))
		})
		b.Run(f.Name+"/decide-cold", func(b *testing.B) {
			var lazy robots.Option = config.WithLimits(engines.LazyAlways(automaton.Limits{}))
			benchDecide(b, u, robots.Parse(body, lazy).Agent("x"), robots.Parse(body, lazy).Agent("x"))
		})
	}
}

// benchDecide decides url with ms in turn, one an op, and reports the
// time per URL, the tier of the first, and whether its decision fails
// closed.
func benchDecide(b *testing.B, url string, ms ...*robots.Matcher) {
	b.ReportAllocs()
	b.ReportMetric(0, "ns/url") // keep the column when b.N is small
	i := 0
	for b.Loop() {
		ms[i%len(ms)].Decide(url)
		i++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/url")
	b.ReportMetric(1, "tier-"+ms[0].Stats().Engine)
	if ms[0].Decide(url).OverBudget {
		b.ReportMetric(1, "failed")
	}
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
	stop := heappeak.Start(50 * time.Microsecond)
	f()
	return stop()
}
