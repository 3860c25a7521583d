// Package heappeak samples the bytes of live heap objects while something
// runs, for the figures of peak memory that benchmarks and the cold-case
// command report.
package heappeak

import (
	"runtime/metrics"
	"sync/atomic"
	"time"
)

// Start starts sampling the bytes of heap objects every interval, and
// returns the function that stops and returns the most seen above the
// bytes at the start: a lower bound of the true peak, close to it for
// allocations that live longer than the interval.
func Start(every time.Duration) (stop func() uint64) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	base := read()
	var peak atomic.Uint64
	quit, done := make(chan struct{}), make(chan struct{})
	note := func() {
		if v := read(); v > peak.Load() {
			peak.Store(v)
		}
	}
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				note()
			}
		}
	}()
	return func() uint64 {
		note()
		close(quit)
		<-done
		return max(peak.Load(), base) - base
	}
}
