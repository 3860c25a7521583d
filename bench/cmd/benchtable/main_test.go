package main

import (
	"strings"
	"testing"
)

const sample = `goos: linux
goarch: amd64
pkg: github.com/robotsexclusion/robots/bench
cpu: AMD EPYC
BenchmarkDecide/corpus/robots-2   	     100	      1155 ns/op	       252.7 mean-ns/url	        61.34 p50-ns/url	      1892 p99-ns/url	    111215 urls	       0 B/op	       0 allocs/op
BenchmarkDecide/corpus/floor-2    	     100	       422.0 ns/op	        49.02 mean-ns/url	        44.59 p50-ns/url	        98.28 p99-ns/url	    111215 urls	       0 B/op	       0 allocs/op
BenchmarkDecide/rules=10/robots-2  	     100	       200 ns/op	       150 p50-ns/url	         1.000 tier-dfa	       0 B/op	       0 allocs/op
BenchmarkDecide/rules=10000/robots-2  	     100	       300 ns/op	       150 p50-ns/url	         1.000 tier-nfa	       0 B/op	       0 allocs/op
BenchmarkDecide/rules=10000/robots-2  	     100	       500 ns/op	       150 p50-ns/url	         1.000 tier-nfa	       0 B/op	       0 allocs/op
BenchmarkDecide/stars=10/url=100/robots-2         	       1	     1000 ns/op	   8.16 MB/s	0 B/op	       0 allocs/op
BenchmarkDecide/stars=10/url=1000/robots-2         	       1	     20000 ns/op	   8.16 MB/s	0 B/op	       0 allocs/op
--- BENCH: BenchmarkDecide/stars=10/url=1000/robots-2
PASS
`

func TestTable(t *testing.T) {
	rows, env, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 6 || len(env) != 4 {
		t.Fatalf("got %d rows, %d env lines; want 6, 4", len(rows), len(env))
	}
	var b strings.Builder
	write(&b, rows, env, "CMD")
	out := b.String()
	for _, want := range []string{
		"| Decide/corpus/robots | 1.16 µs | 61.3 ns | 1.89 µs | 0 | 0 | 2.74x (p50 1.38x) | floor | mean 253 ns, 111,215 urls |",
		"| Decide/rules=10000/robots | 400 ns | 150 ns |  | 0 | 0 | 2.00x (p50 1.00x) | rules=10 | tier nfa |",
		"| Decide/stars=10/url=1000/robots | 20.0 µs |  |  | 0 | 0 | 2.00x | url=100, per octet | 8.16 MB/s |",
		"| Decide/stars=10/url=100/robots | 1.00 µs |",
		"\nCMD\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
