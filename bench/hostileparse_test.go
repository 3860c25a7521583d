package bench

import (
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/bench/hostile"
)

// BenchmarkHostileParse runs Parse alone on each hostile family, the
// family's body built only when its benchmark runs, so that an
// instruction counter run on one family counts little else:
//
//	go test -c -o bench.test . && GOGC=off GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off \
//	    valgrind --tool=callgrind \
//	    --toggle-collect=github.com/robotsexclusion/robots.parse \
//	    ./bench.test -test.run '^$' -test.bench '^BenchmarkHostileParse/groups$' -test.benchtime 5x
//
// counts the instructions of the parses alone: run it for two counts and
// divide the difference of the totals by the difference of the counts.
// (cpu.rdtscp=off: the runtime reads the clock with RDTSCP where the
// processor has it, which valgrind reports as an unrecognised instruction
// and stops on, at a moment that depends on the run.)
func BenchmarkHostileParse(b *testing.B) {
	for _, f := range hostile.Families {
		b.Run(f.Name, func(b *testing.B) {
			body := f.Body()
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				robots.Parse(body)
			}
		})
	}
}
