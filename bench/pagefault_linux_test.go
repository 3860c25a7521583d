package bench

import (
	"syscall"
	"testing"
	"time"
)

// BenchmarkFirstTouch measures what the machine charges for a page of
// memory a process touches for the first time: a fresh mapping of 64 MiB,
// one write per 4 KiB page, reported per page (ns/page). A cold compile
// (cmd/coldcase) maps every page of heap it grows into this way, so on a
// machine where a first touch costs microseconds, as on a virtual machine
// whose host backs its memory lazily, the pages a compile touches can
// cost more than the compile's own work: read its page faults beside
// its times. The second figure, "retouch-ns/page", is the same pages
// after they were given back (MADV_DONTNEED), as the Go runtime gives
// back the heap it holds free; a page it maps again costs as much.
func BenchmarkFirstTouch(b *testing.B) {
	const size, page = 64 << 20, 4 << 10
	var first, again float64
	for b.Loop() {
		m, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
		if err != nil {
			b.Fatal(err)
		}
		first += touch(m, page)
		if err := syscall.Madvise(m, syscall.MADV_DONTNEED); err != nil {
			b.Fatal(err)
		}
		again += touch(m, page)
		if err := syscall.Munmap(m); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(first/float64(b.N), "ns/page")
	b.ReportMetric(again/float64(b.N), "retouch-ns/page")
	b.ReportMetric(0, "ns/op")
}

// touch writes one octet of each page of m and returns the nanoseconds
// a page took.
func touch(m []byte, page int) float64 {
	start := time.Now()
	for i := 0; i < len(m); i += page {
		m[i] = 1
	}
	return float64(time.Since(start)) / float64(len(m)/page)
}
