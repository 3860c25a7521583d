// Coldcase measures one hostile file the way a crawler meets a new one: in
// a fresh process, Parse and the first Agent (or 64 goroutines racing on
// the first Agent), then the first decision of each of its URLs, and the
// same again warm. With -agents64 each racing goroutine then decides "/",
// all at once, timed apart: a decision is held to the decision budget,
// not to the compile's, and on a file where "/" fails closed each of the
// 64 spends all of it (about 0.07 ms). With -n it runs itself n times, each in a process of
// its own, and prints the worst and the median of each figure, and how many
// collections ended within the compile and how many pages the process
// faulted in: a fresh process's heap is mapped on first touch, and the
// runtime gives back to the system pages it holds free, so a compile whose
// memory had been given back pays a fault a page (on a virtual machine,
// microseconds each) where one that reuses pages pays none. The process
// builds the file first, so its heap holds pages freed by that, which the
// runtime gives back in the background, while the compile runs or not;
// with -fresh they are all given back before it, so that it maps every
// page it touches, as a process that has read only the file would.
//
// The file is a hand-written family (-family, see hostile.Families), a
// draw of the search (-params, as hostile.Params.String writes them), or a
// file on disk (-file, decided on -url). Times are taken without the heap
// sampler; the peak heap (the most heap the process holds above what it
// held before Parse, the body's own octets aside, sampled every 20 µs) in
// a run of its own.
//
// Usage:
//
//	cd bench && go run ./cmd/coldcase -family manystar=100 -n 10
//	cd bench && go run ./cmd/coldcase -params 'seed=1 alphabet=4 ...' -agents64 -n 10
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/bench/hostile"
	"github.com/robotsexclusion/robots/bench/internal/heappeak"
)

// A run is what one process measured.
type run struct {
	Compile  time.Duration // Parse and the first Agent (or the 64 racing)
	CPU      time.Duration // the process's processor time in them, its collector's included
	RaceCPU  time.Duration // with -agents64, the processor time of the 64 goroutines' first decisions of "/"
	PeakHeap uint64        // bytes, in a run of its own (-heap)
	First    time.Duration // the costliest first decision of a URL
	FirstCPU time.Duration // the processor time of that decision's thread
	Warm     time.Duration // the costliest decision of a URL, decided 100 times
	GCs      uint32        // collections that ended in Parse and the first Agent
	Faults   int64         // the process's minor page faults in them
	Failed   int           // URLs whose decision failed closed
	Tier     string
	Bounded  bool
	Bytes    int
}

func main() {
	family := flag.String("family", "", "a hand-written hostile family (see hostile.Families)")
	params := flag.String("params", "", "a draw of the search, as hostile.Params.String writes it")
	file := flag.String("file", "", "a robots.txt file")
	url := flag.String("url", "/", "with -file, the URL to decide")
	agents64 := flag.Bool("agents64", false, "64 goroutines race on the first Agent")
	heap := flag.Bool("heap", false, "measure the peak heap instead of times")
	fresh := flag.Bool("fresh", false, "give the heap's free pages back to the system before the compile, so that it maps every page it touches, as a process that has allocated nothing else does")
	n := flag.Int("n", 0, "run n fresh processes, each measuring times and then, in another, the peak heap, and print the worst and the median")
	flag.Parse()
	log.SetFlags(0)
	if *n > 0 {
		parent(*n)
		return
	}
	body, urls := load(*family, *params, *file, *url)
	r := measure(body, urls, *agents64, *heap, *fresh)
	json.NewEncoder(os.Stdout).Encode(r)
}

// load returns the file to measure and its URLs.
func load(family, params, file, url string) ([]byte, []string) {
	switch {
	case family != "":
		f, ok := hostile.FamilyOf(family)
		if !ok {
			log.Fatalf("coldcase: no family %q", family)
		}
		return f.Body(), []string{f.URL()}
	case params != "":
		p, err := hostile.ParseParams(params)
		if err != nil {
			log.Fatal(err)
		}
		d := hostile.New(p)
		return d.Body, d.URLs
	case file != "":
		b, err := os.ReadFile(file)
		if err != nil {
			log.Fatal(err)
		}
		return b, []string{url}
	}
	log.Fatal("coldcase: give -family, -params or -file")
	return nil, nil
}

// measure compiles body and decides urls, as a crawler does on a new file.
func measure(body []byte, urls []string, agents64, heap, fresh bool) run {
	var r run
	r.Bytes = len(body)
	runtime.GC()
	if fresh {
		debug.FreeOSMemory()
	}
	var gc0, gc1 runtime.MemStats
	runtime.ReadMemStats(&gc0)
	var stop func() uint64
	if heap {
		stop = heappeak.Start(20 * time.Microsecond)
	}
	cpu0, faults0 := cpuTime(), faults()
	start := time.Now()
	rb := robots.Parse(body)
	var m *robots.Matcher
	var racers [64]*robots.Matcher
	if agents64 {
		var wg sync.WaitGroup
		for i := range racers {
			wg.Go(func() { racers[i] = rb.Agent("x") })
		}
		wg.Wait()
	}
	m = rb.Agent("x")
	r.Compile = time.Since(start)
	r.CPU, r.Faults = cpuTime()-cpu0, faults()-faults0
	runtime.ReadMemStats(&gc1) // after the times: it stops the world
	r.GCs = gc1.NumGC - gc0.NumGC
	if heap {
		r.PeakHeap = stop()
		return r
	}
	if agents64 {
		cpu1 := cpuTime()
		var wg sync.WaitGroup
		for _, m := range racers {
			wg.Go(func() { m.Allowed("/") })
		}
		wg.Wait()
		r.RaceCPU = cpuTime() - cpu1
	}
	// The first decisions are timed before Stats, which builds the
	// automaton of a Matcher that decides with a scan until it pays.
	runtime.LockOSThread()
	for _, u := range urls {
		c := threadTime()
		t := time.Now()
		if m.Decide(u).OverBudget {
			r.Failed++
		}
		r.First = max(r.First, time.Since(t))
		r.FirstCPU = max(r.FirstCPU, threadTime()-c)
	}
	runtime.UnlockOSThread()
	st := m.Stats()
	r.Tier, r.Bounded = st.Engine, st.Bounded
	for _, u := range urls {
		t := time.Now()
		for range 100 {
			m.Decide(u)
		}
		r.Warm = max(r.Warm, time.Since(t)/100)
	}
	return r
}

// threadTime returns the processor time the calling thread has used: a
// decision's own, whatever else the machine runs meanwhile.
func threadTime() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

// cpuTime returns the processor time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// faults returns the process's minor page faults so far: a fresh process
// maps its heap on first touch, a fault each page.
func faults() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Minflt
}

// parent runs n children of each kind and prints their worst and median.
func parent(n int) {
	var args []string
	flag.Visit(func(f *flag.Flag) {
		if f.Name != "n" {
			args = append(args, "-"+f.Name+"="+f.Value.String())
		}
	})
	self, err := os.Executable()
	if err != nil {
		log.Fatal(err)
	}
	child := func(extra ...string) run {
		out, err := exec.Command(self, append(args, extra...)...).Output()
		if err != nil {
			log.Fatalf("coldcase: %v", err)
		}
		var r run
		if err := json.Unmarshal(out, &r); err != nil {
			log.Fatalf("coldcase: %v: %s", err, out)
		}
		return r
	}
	var runs []run
	for range n {
		r := child()
		r.PeakHeap = child("-heap").PeakHeap
		runs = append(runs, r)
	}
	stat := func(f func(r run) float64) (worst, median float64) {
		var v []float64
		for _, r := range runs {
			v = append(v, f(r))
		}
		slices.Sort(v)
		return v[len(v)-1], v[len(v)/2]
	}
	ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
	cw, cm := stat(func(r run) float64 { return ms(r.Compile) })
	pw, pm := stat(func(r run) float64 { return ms(r.CPU) })
	hw, hm := stat(func(r run) float64 { return float64(r.PeakHeap) / (1 << 20) })
	fw, fm := stat(func(r run) float64 { return ms(r.First) })
	tw, tm := stat(func(r run) float64 { return ms(r.FirstCPU) })
	ww, wm := stat(func(r run) float64 { return ms(r.Warm) })
	rw, rm := stat(func(r run) float64 { return ms(r.RaceCPU) })
	gw, gm := stat(func(r run) float64 { return float64(r.GCs) })
	gl, _ := stat(func(r run) float64 { return -float64(r.GCs) }) // the fewest, negated
	aw, am := stat(func(r run) float64 { return float64(r.Faults) })
	r := runs[0]
	fmt.Printf("%d runs, %d octets, tier %s, bounded %v, %d URLs failed closed\n", n, r.Bytes, r.Tier, r.Bounded, r.Failed)
	fmt.Printf("compile   %8.2f ms worst, %8.2f ms median (processor time %.2f ms worst, %.2f ms median)\n", cw, cm, pw, pm)
	fmt.Printf("collector %8.0f to %.0f collections in the compile, %.0f median; %.0f page faults worst, %.0f median\n", -gl, gw, gm, aw, am)
	fmt.Printf("peak heap %8.2f MiB worst, %8.2f MiB median\n", hw, hm)
	fmt.Printf("decide    %8.3f ms worst, %8.3f ms median (first decision of each URL, cold; its thread's processor time %.3f ms worst, %.3f ms median)\n", fw, fm, tw, tm)
	fmt.Printf("decide    %8.3f ms worst, %8.3f ms median (warm)\n", ww, wm)
	if r.RaceCPU > 0 {
		fmt.Printf("racers    %8.3f ms worst, %8.3f ms median (processor time of the 64 racing goroutines' first decisions of \"/\", apart from the compile)\n", rw, rm)
	}
}
