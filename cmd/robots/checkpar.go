package main

// Deciding runs on every core: the loop of eachLine gathers lines into
// batches of about batchSize octets, workers decide and format the batches,
// and one writer puts them out in input order. A batch is sent off early
// whenever reading may wait, and the writer flushes whenever no batch is
// ready, so that with slow input each result appears as soon as its line is
// in; on fast input the cores share the work. At most batchesPerWorker
// batches per worker exist at once, so memory stays flat.

import (
	"runtime"
	"unsafe"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/report"
)

const (
	batchSize        = 32 << 10
	batchesPerWorker = 4
	maxWorkers       = 8
)

// A batch is a run of input lines and, once decided, their output.
type batch struct {
	data     []byte   // the lines, one after the other
	ends     []int    // the end of each line in data
	problems []string // each line's problem; "" for a URL
	out      []byte
	allowed  int
	disallow int
	errors   int
	done     chan struct{}
}

func (b *batch) reset() {
	b.data, b.ends, b.problems, b.out = b.data[:0], b.ends[:0], b.problems[:0], b.out[:0]
	b.allowed, b.disallow, b.errors = 0, 0, 0
}

// decide decides and formats every line of b.
func (b *batch) decide(m *robots.Matcher, asJSON, withUsage bool) {
	// The URLs are substrings of b.data read as a string without a copy:
	// b.data does not change until the batch is reset, after its output
	// is written, and Decide keeps nothing of the URL it is given.
	s := unsafe.String(unsafe.SliceData(b.data), len(b.data))
	start := 0
	for i, end := range b.ends {
		url := s[start:end]
		start = end
		if p := b.problems[i]; p != "" {
			b.errors++
			b.out = report.AppendCheckError(b.out, url, p, asJSON)
			b.out = append(b.out, '\n')
			continue
		}
		v := decide(m, url)
		if v.Allowed {
			b.allowed++
		} else {
			b.disallow++
		}
		if asJSON {
			b.out = report.AppendCheckJSON(b.out, url, v.Decision, v.Reading, withUsage)
		} else {
			b.out = report.AppendCheckText(b.out, url, v.Decision, v.Reading, withUsage)
		}
		b.out = append(b.out, '\n')
	}
}

// decideAll runs check's loop: every URL of eachURLLine decided by m and
// written by w, in input order, on up to GOMAXPROCS workers.
func decideAll(e *env, args []string, m *robots.Matcher, w *resultWriter, st *checkStats) error {
	workers := min(runtime.GOMAXPROCS(0), maxWorkers)
	free := make(chan *batch, workers*batchesPerWorker)
	for range cap(free) {
		free <- &batch{data: make([]byte, 0, batchSize+512), out: make([]byte, 0, 2*batchSize)}
	}
	work := make(chan *batch, cap(free))
	ordered := make(chan *batch, cap(free))
	for range workers {
		go func() {
			for b := range work {
				b.decide(m, w.json, w.usage)
				close(b.done)
			}
		}()
	}
	written := make(chan struct{})
	go func() {
		defer close(written)
		for {
			var b *batch
			select {
			case b = <-ordered:
			default:
				w.flush() // no batch is ready: show what is done
				st.progress()
				b = <-ordered
			}
			if b == nil {
				return
			}
			<-b.done
			w.w.Write(b.out)
			st.allowed += b.allowed
			st.disallowed += b.disallow
			st.errors += b.errors
			b.reset()
			free <- b
		}
	}()

	cur := <-free
	send := func() {
		if len(cur.ends) == 0 {
			return
		}
		cur.done = make(chan struct{})
		ordered <- cur
		work <- cur
		cur = <-free
	}
	err := eachURLLine(e, args, func(url []byte, problem string) {
		cur.data = append(cur.data, url...)
		cur.ends = append(cur.ends, len(cur.data))
		cur.problems = append(cur.problems, problem)
		if len(cur.data) >= batchSize {
			send()
		}
	}, send)
	send()
	close(work)
	ordered <- nil
	<-written
	return err
}
