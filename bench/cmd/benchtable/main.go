// Benchtable reads the output of go test -bench on its standard input and
// prints it as a markdown table, for the README of the bench module.
//
// Usage:
//
//	cd bench && go test -run '^$' -bench . -benchmem -benchtime 100x -count 3 | go run ./cmd/benchtable
//
// There is one row per benchmark, with the median of its runs when -count is
// above one. The columns are ns/op, the p50 and p99 of the per-URL (or
// per-file) distribution, allocs/op and B/op, then a ratio to a base row:
//
//	Decide/corpus/<peer>          ns/op and p50 against Decide/corpus/floor
//	Decide/rules=<n>/<peer>       ns/op and p50 against Decide/rules=10/<peer>
//	Decide/<file>/url=<n>/<peer>  time per octet against Decide/<file>/url=100/<peer>
//	                              (1.00x when time is linear in the URL)
//	Compile/<file>/robots         ns/op and p50 against Compile/<file>/temoto
//	Host/k=<k>/<peer>             ns/op and p50 against Host/k=<k>/floor
//
// Every other metric goes in a last column. When there are Host rows, a
// first table shows them as README does: per peer and k, the median time
// per host and, in brackets, the corpus total (total-ms). Under the table it prints the
// command that reruns the benchmarks (-cmd) and the machine they ran on.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// defaultCmd is the command README's tables come from.
const defaultCmd = "cd bench && go test -run '^$' -bench . -benchmem -benchtime 100x -count 3 | go run ./cmd/benchtable"

func main() {
	cmd := flag.String("cmd", defaultCmd, "the command to print under the table")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: go test -bench ... | benchtable [-cmd command]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("benchtable: ")
	rows, env, err := parse(os.Stdin)
	if err != nil {
		log.Fatal(err)
	}
	if len(rows) == 0 {
		log.Fatal("no benchmark results on standard input")
	}
	write(os.Stdout, rows, env, *cmd)
}

// A row is one benchmark: its metrics by unit, a value per run.
type row struct {
	name    string   // without the Benchmark prefix and -GOMAXPROCS suffix
	units   []string // in the order first seen
	metrics map[string][]float64
}

func (r *row) get(unit string) (float64, bool) {
	vs := r.metrics[unit]
	if len(vs) == 0 {
		return 0, false
	}
	s := append([]float64(nil), vs...)
	sort.Float64s(s)
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2, true
	}
	return s[len(s)/2], true
}

// getPrefix returns the metric whose unit starts with prefix ("p50-ns/").
func (r *row) getPrefix(prefix string) (float64, bool) {
	for _, u := range r.units {
		if strings.HasPrefix(u, prefix) {
			return r.get(u)
		}
	}
	return 0, false
}

var procs = regexp.MustCompile(`-\d+$`)

// parse reads benchmark lines and the goos, goarch, pkg and cpu lines.
func parse(in io.Reader) ([]*row, []string, error) {
	var rows []*row
	byName := map[string]*row{}
	var env []string
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		for _, k := range []string{"goos:", "goarch:", "pkg:", "cpu:"} {
			if strings.HasPrefix(line, k) && !contains(env, line) {
				env = append(env, line)
			}
		}
		f := strings.Fields(line)
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") || len(f)%2 != 0 {
			continue
		}
		if _, err := strconv.Atoi(f[1]); err != nil {
			continue
		}
		name := procs.ReplaceAllString(strings.TrimPrefix(f[0], "Benchmark"), "")
		r := byName[name]
		if r == nil {
			r = &row{name: name, metrics: map[string][]float64{}}
			byName[name] = r
			rows = append(rows, r)
		}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: bad value %q", f[0], f[i])
			}
			u := f[i+1]
			if _, ok := r.metrics[u]; !ok {
				r.units = append(r.units, u)
			}
			r.metrics[u] = append(r.metrics[u], v)
		}
	}
	return rows, env, sc.Err()
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// known are the units with a column of their own.
var known = map[string]bool{"ns/op": true, "B/op": true, "allocs/op": true}

func write(w io.Writer, rows []*row, env []string, cmd string) {
	byName := map[string]*row{}
	for _, r := range rows {
		byName[r.name] = r
	}
	writeHosts(w, rows)
	fmt.Fprintln(w, "| benchmark | ns/op | p50 | p99 | allocs/op | B/op | ratio | vs | other |")
	fmt.Fprintln(w, "|---|--:|--:|--:|--:|--:|--:|---|---|")
	for _, r := range rows {
		ns, _ := r.get("ns/op")
		p50, hasP50 := r.getPrefix("p50-")
		p99, hasP99 := r.getPrefix("p99-")
		cells := []string{r.name, duration(ns, true), duration(p50, hasP50), duration(p99, hasP99)}
		cells = append(cells, count(r, "allocs/op"), count(r, "B/op"))
		ratio, vs := compare(r, byName)
		cells = append(cells, ratio, vs, other(r))
		fmt.Fprintln(w, "| "+strings.Join(cells, " | ")+" |")
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Rerun with:")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "```")
	fmt.Fprintln(w, cmd)
	fmt.Fprintln(w, "```")
	if len(env) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, strings.Join(env, ", "))
	}
}

// writeHosts writes the Host rows, if any, as one line per peer and one
// column per k, in the order the rows came: "median (total)".
func writeHosts(w io.Writer, rows []*row) {
	var peers, ks []string
	cell := map[[2]string]string{}
	for _, r := range rows {
		m := hostRow.FindStringSubmatch(r.name)
		if m == nil {
			continue
		}
		k, peer := m[1], m[2]
		if !contains(ks, k) {
			ks = append(ks, k)
		}
		if !contains(peers, peer) {
			peers = append(peers, peer)
		}
		p50, ok := r.getPrefix("p50-")
		c := duration(p50, ok)
		if total, ok := r.get("total-ms"); ok {
			c += " (" + duration(total*1e6, true) + ")"
		}
		cell[[2]string{peer, k}] = c
	}
	if len(peers) == 0 {
		return
	}
	fmt.Fprintln(w, "| per host, median (corpus total) | "+strings.Join(ks, " | ")+" |")
	fmt.Fprintln(w, "|---"+strings.Repeat("|--:", len(ks))+"|")
	for _, p := range peers {
		cells := []string{p}
		for _, k := range ks {
			cells = append(cells, cell[[2]string{p, k}])
		}
		fmt.Fprintln(w, "| "+strings.Join(cells, " | ")+" |")
	}
	fmt.Fprintln(w)
}

var (
	hostRow   = regexp.MustCompile(`^Host/(k=[^/]+)/([^/]+)$`)
	corpusRow = regexp.MustCompile(`^Decide/corpus/([^/]+)$`)
	rulesRow  = regexp.MustCompile(`^Decide/rules=\d+/([^/]+)$`)
	urlRow    = regexp.MustCompile(`^Decide/(.+)/url=(\d+)/([^/]+)$`)
	compRow   = regexp.MustCompile(`^Compile/(.+)/robots$`)
)

// compare returns the ratio cell of r and the name of its base.
func compare(r *row, byName map[string]*row) (ratio, vs string) {
	var base *row
	switch {
	case corpusRow.MatchString(r.name):
		base, vs = byName["Decide/corpus/floor"], "floor"
	case rulesRow.MatchString(r.name):
		m := rulesRow.FindStringSubmatch(r.name)
		base, vs = byName["Decide/rules=10/"+m[1]], "rules=10"
	case urlRow.MatchString(r.name):
		m := urlRow.FindStringSubmatch(r.name)
		base = byName["Decide/"+m[1]+"/url=100/"+m[3]]
		if base == nil {
			return "", ""
		}
		n, _ := strconv.ParseFloat(m[2], 64)
		ns, _ := r.get("ns/op")
		bns, _ := base.get("ns/op")
		return fmt.Sprintf("%.2fx", (ns/n)/(bns/100)), "url=100, per octet"
	case hostRow.MatchString(r.name):
		m := hostRow.FindStringSubmatch(r.name)
		base, vs = byName["Host/"+m[1]+"/floor"], "floor"
	case compRow.MatchString(r.name):
		m := compRow.FindStringSubmatch(r.name)
		base, vs = byName["Compile/"+m[1]+"/temoto"], "temoto"
	}
	if base == nil || base == r {
		return "", ""
	}
	ns, _ := r.get("ns/op")
	bns, _ := base.get("ns/op")
	ratio = fmt.Sprintf("%.2fx", ns/bns)
	p, ok1 := r.getPrefix("p50-")
	bp, ok2 := base.getPrefix("p50-")
	if ok1 && ok2 {
		ratio += fmt.Sprintf(" (p50 %.2fx)", p/bp)
	}
	return ratio, vs
}

// other lists the metrics without a column; a tier-<name> metric is
// shown as "tier <name>".
func other(r *row) string {
	var out []string
	for _, u := range r.units {
		if known[u] || strings.HasPrefix(u, "p50-") || strings.HasPrefix(u, "p99-") {
			continue
		}
		v, _ := r.get(u)
		switch {
		case strings.HasPrefix(u, "tier-"):
			out = append(out, "tier "+strings.TrimPrefix(u, "tier-"))
			continue
		case strings.HasPrefix(u, "mean-ns/"):
			out = append(out, "mean "+duration(v, true))
			continue
		}
		out = append(out, number(v)+" "+u)
	}
	return strings.Join(out, ", ")
}

// duration formats nanoseconds with three significant digits.
func duration(ns float64, ok bool) string {
	switch {
	case !ok:
		return ""
	case ns < 1e3:
		return sig3(ns) + " ns"
	case ns < 1e6:
		return sig3(ns/1e3) + " µs"
	case ns < 1e9:
		return sig3(ns/1e6) + " ms"
	}
	return sig3(ns/1e9) + " s"
}

func count(r *row, unit string) string {
	v, ok := r.get(unit)
	if !ok {
		return ""
	}
	return number(v)
}

// number formats v as an integer with thousands separators when it is one
// or is 1,000 or more, else with three significant digits.
func number(v float64) string {
	switch {
	case v < 0:
		return "-" + number(-v)
	case v >= 1000 || v == math.Trunc(v):
		s := strconv.FormatFloat(v, 'f', 0, 64)
		for i := len(s) - 3; i > 0; i -= 3 {
			s = s[:i] + "," + s[i:]
		}
		return s
	}
	return sig3(v)
}

func sig3(v float64) string {
	switch {
	case v >= 100:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case v >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}
