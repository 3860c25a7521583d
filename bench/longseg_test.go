package bench

import (
	"testing"
	"time"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/bench/hostile"
)

// BenchmarkLongSegment decides the long-segment files of the differential
// run against Google's library (hostile.LongSegment: one rule of about
// 2 KB with a segment of about 1,100 octets, URLs of 1 to 2.5 KB), twenty
// files of six URLs each, by robots and by the floor, one after the other
// in each op, and reports robots' time per URL octet and its ratio to the
// floor's (x-floor), on the Matcher's first decisions and on those that
// follow (a busy Matcher builds its lazy DFA).
func BenchmarkLongSegment(b *testing.B) {
	type file struct {
		m    *robots.Matcher
		urls []string
	}
	var files []file
	octets := 0
	for seed := range uint64(20) {
		body, urls := hostile.LongSegment(seed)
		files = append(files, file{robots.Parse(body).Agent("x"), urls})
		for _, u := range urls {
			octets += len(u)
		}
	}
	var tr, tf time.Duration
	for b.Loop() {
		t := time.Now()
		for _, f := range files {
			for _, u := range f.urls {
				f.m.Decide(u)
			}
		}
		tr += time.Since(t)
		t = time.Now()
		for _, f := range files {
			for _, u := range f.urls {
				floor(u)
			}
		}
		tf += time.Since(t)
	}
	b.ReportMetric(float64(tr.Nanoseconds())/float64(b.N*octets), "ns/octet")
	b.ReportMetric(float64(tr)/float64(tf), "x-floor")
}
