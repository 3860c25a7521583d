package main

// Running an audit: the process's cores and memory, the progress display
// and the summary line around audit.Run, which reads, audits and writes.
// The process runs on -workers cores (GOMAXPROCS).

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/robotsexclusion/robots/internal/audit"
)

const (
	// memoryPerWorker is the soft limit on the Go heap per worker (see
	// runtime/debug.SetMemoryLimit), unless GOMEMLIMIT sets another: with
	// the binary and the runtime's own, a worker stays within 64 MiB.
	memoryPerWorker = 44 << 20

	// gcPercent is the garbage collector's GOGC, unless the environment
	// sets one: the heap grows to five times what is live, within the
	// limit above, before it is collected. An audit allocates about 60 KB
	// a capture that dies at once; collecting less often cut its CPU time
	// by 6 to 7% (GOGC=100 against 400, three pairs of runs on 20,000
	// captures) without raising its peak, which the limit holds.
	gcPercent = 400
)

// runInputs audits the inputs on workers cores and reports what it did
// on standard error.
func runInputs(e *env, a *audit.Auditor, workers int, records io.Writer, summarize bool, inputs []audit.Input) (audit.RunStats, error) {
	prev := runtime.GOMAXPROCS(workers)
	defer runtime.GOMAXPROCS(prev)
	if os.Getenv("GOMEMLIMIT") == "" {
		prevLimit := debug.SetMemoryLimit(int64(workers) * memoryPerWorker)
		defer debug.SetMemoryLimit(prevLimit)
		if os.Getenv("GOGC") == "" {
			defer debug.SetGCPercent(debug.SetGCPercent(gcPercent))
		}
	}
	start := time.Now()
	var totalBytes int64
	todo := 0
	for _, in := range inputs {
		if in.Out != "" {
			if _, err := os.Stat(in.Out); err == nil {
				continue
			}
		}
		todo++
		totalBytes += in.Size
	}
	var progress progressMeter
	progress.start(e, totalBytes, todo, start)
	st, err := audit.Run(context.Background(), a, inputs, audit.RunOptions{
		Workers:   workers,
		Records:   records,
		Summarize: summarize,
		Progress:  progress.batch,
		Done: func(in *audit.Input, err error) {
			progress.inputDone()
			if err != nil {
				fmt.Fprintf(progress.clear(), "robots audit: %s: %v\n", in.Name, err)
			}
		},
	})
	progress.stop()
	el := time.Since(start)
	fmt.Fprintf(e.stderr, "robots audit: %s, %s WARC records read: %s captures audited, %s other records skipped; %s records written (%s with an error) in %.1f s, %s records/s\n",
		inputsPhrase(&st), commas(st.Read), commas(st.Captures), commas(st.Read-st.Captures),
		commas(st.Written), commas(st.WithErrors), el.Seconds(), commas(int(float64(st.Written)/max(el.Seconds(), 1e-9))))
	return st, err
}

// inputsPhrase says how many inputs there were and what came of them.
func inputsPhrase(st *audit.RunStats) string {
	s := commas(st.Inputs) + " inputs"
	if st.Inputs == 1 {
		s = "1 input"
	}
	s += fmt.Sprintf(" (%s audited, %s with errors", commas(st.Done), commas(st.InputErrors))
	if st.Before > 0 {
		s += fmt.Sprintf(", %s done before", commas(st.Before))
	}
	return s + ")"
}

// progressMeter shows, on a terminal, records written, records a second,
// inputs done and the time left, estimated from the octets of the inputs
// read.
type progressMeter struct {
	e               *env
	on              bool
	total           int64 // octets of the inputs
	inputs          int
	started         time.Time
	records, doneIn atomic.Int64
	bytes           atomic.Int64 // octets of inputs read, as their batches are written
	mu              sync.Mutex
	shown           bool
	quit, finished  chan struct{}
}

func (p *progressMeter) start(e *env, total int64, inputs int, started time.Time) {
	p.e, p.total, p.inputs, p.started = e, total, inputs, started
	p.on = e.stderrTTY
	if !p.on {
		return
	}
	p.quit, p.finished = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(p.finished)
		t := time.NewTicker(progressEvery)
		defer t.Stop()
		for {
			select {
			case <-p.quit:
				return
			case now := <-t.C:
				if now.Sub(p.started) >= progressDelay {
					p.show(now)
				}
			}
		}
	}()
}

// show redraws the progress line.
func (p *progressMeter) show(now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	el := now.Sub(p.started).Seconds()
	n := p.records.Load()
	line := fmt.Sprintf("\r%s records, %s/s, %d/%d inputs", commas(int(n)), commas(int(float64(n)/el)), p.doneIn.Load(), p.inputs)
	if read := p.bytes.Load(); p.total > 0 && read > 0 && read < p.total {
		left := time.Duration(float64(p.total-read) / (float64(read) / el) * float64(time.Second))
		line += ", ETA " + left.Round(time.Second).String()
	}
	fmt.Fprint(p.e.stderr, line+"\x1b[K")
	p.shown = true
}

// batch counts the records of a batch written, and the octets of its
// input read for it.
func (p *progressMeter) batch(records int, octets int64) {
	p.records.Add(int64(records))
	p.bytes.Add(max(octets, 0))
}

// inputDone counts an input done.
func (p *progressMeter) inputDone() { p.doneIn.Add(1) }

// clear erases the progress line, for a message, and returns where to
// write it.
func (p *progressMeter) clear() io.Writer {
	if p.on {
		p.mu.Lock()
		if p.shown {
			fmt.Fprint(p.e.stderr, "\r\x1b[K")
			p.shown = false
		}
		p.mu.Unlock()
	}
	return p.e.stderr
}

// stop ends the progress display and erases its line.
func (p *progressMeter) stop() {
	if !p.on {
		return
	}
	close(p.quit)
	<-p.finished
	p.clear()
}
