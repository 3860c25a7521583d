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
BenchmarkHost/k=1/robots-2  	    2000	   1021408 ns/op	       851.0 hosts	    530386 mean-ns/host	     41162 p50-ns/host	  12159138 p99-ns/host	       649.7 total-ms	  254846 B/op	     102 allocs/op
BenchmarkHost/k=1/floor-2              	    2000	      2079 ns/op	      1225 hosts	      1416 mean-ns/host	       346.8 p50-ns/host	     14411 p99-ns/host	         1.735 total-ms	       0 B/op	       0 allocs/op
BenchmarkHost/k=all/robots-2  	    2000	   1021408 ns/op	       851.0 hosts	    530386 mean-ns/host	     51162 p50-ns/host	  12159138 p99-ns/host	       749.7 total-ms	  254846 B/op	     102 allocs/op
BenchmarkHostile/stars=100/robots-2  	    1	   5000000 ns/op	  2000000 compile-ns	  12.5 peak-MiB	  1000 B/op	     10 allocs/op
--- BENCH: BenchmarkDecide/stars=10/url=1000/robots-2
PASS
`

func TestTable(t *testing.T) {
	rows, env, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 10 || len(env) != 4 {
		t.Fatalf("got %d rows, %d env lines; want 10, 4", len(rows), len(env))
	}
	var b strings.Builder
	write(&b, rows, env, "CMD")
	out := b.String()
	for _, want := range []string{
		"| Decide/corpus/robots | 1.16 µs | 61.3 ns | 1.89 µs | 0 | 0 | 2.74x (p50 1.38x) | floor | mean 253 ns, 111,215 urls |",
		"| Decide/rules=10000/robots | 400 ns | 150 ns |  | 0 | 0 | 2.00x (p50 1.00x) | rules=10 | tier nfa |",
		"| Decide/stars=10/url=1000/robots | 20.0 µs |  |  | 0 | 0 | 2.00x | url=100, per octet | 8.16 MB/s |",
		"| Decide/stars=10/url=100/robots | 1.00 µs |",
		"| per host, median (corpus total) | k=1 | k=all |\n|---|--:|--:|\n| robots | 41.2 µs (650 ms) | 51.2 µs (750 ms) |\n| floor | 347 ns (1.74 ms) |  |\n",
		"| Host/k=1/robots | 1.02 ms | 41.2 µs | 12.2 ms | 102 | 254,846 | 491.30x (p50 118.69x) | floor | 851 hosts, mean 530 µs, 650 total-ms |",
		"| Hostile/stars=100/robots | 5.00 ms |  |  | 10 | 1,000 |  |  | 2,000,000 compile-ns, 12.5 peak-MiB |",
		"\nCMD\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
