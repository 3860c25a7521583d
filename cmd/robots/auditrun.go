package main

// The audit pipeline. Readers decompress inputs (one goroutine per input,
// at most readersFor(workers) at a time) into batches of captures; workers
// audit the batches and format their records; for each input, a writer
// takes its batches in order, follows redirects across them
// (audit.Sequence) and writes the records: to the input's own file with
// -o, or to standard output, input after input, in input order. Each input
// has at most batchesPerInput batches in flight, of at most batchCaptures
// captures and batchBytes octets of responses (one capture alone may take
// audit.MaxResponse), so memory stays flat whatever the number and size of
// the inputs. The process runs on -workers cores (GOMAXPROCS).

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/robotsexclusion/robots/audit"
	"github.com/robotsexclusion/robots/internal/warc"
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

	batchCaptures   = 64
	batchBytes      = 256 << 10
	batchesPerInput = 3
	writeBuffer     = 256 << 10

	// outputMode is the mode of the records files of -o.
	outputMode = 0o644
)

// readersFor returns how many inputs are read at once: decompressing
// takes about a third of the work, so one reader feeds up to three cores.
func readersFor(workers int) int { return (workers + 2) / 3 }

// auditConfig is what runInputs does.
type auditConfig struct {
	auditor *audit.Auditor
	workers int
	outDir  string // with -o
	records bool   // write the records (to outDir's files, or standard output)
	summary bool   // count them in a Summary
}

// auditStats is what a run read and wrote.
type auditStats struct {
	inputs      int // inputs given (in the shard)
	done        int // of them, audited in this run
	before      int // skipped: their records file exists (-o)
	inputErrors int // inputs that could not be read whole
	read        int // WARC records read
	captures    int // of them, captures audited (response, resource and revisit records, and damaged ones)
	written     int // records written (or counted, with -summary)
	withErrors  int // of them, records with an error
	summary     audit.Summary
	fatal       error // an error that stopped the run: writing failed
}

// A captureBatch is a run of captures of one input and, once audited, their
// records and those records as JSON lines.
type captureBatch struct {
	in    *input
	caps  []audit.Capture
	arena []byte // the captures' responses
	recs  []*audit.Record
	lines [][]byte // each record as a JSON line, unless it is a redirect, which its Sequence may change
	out   []byte   // the lines, one after the other
	done  chan struct{}
	read  int   // WARC records read into this batch (captures and skipped records)
	pos   int64 // octets of the input read when the batch was sent
}

// runInputs audits the inputs and reports what it did on standard error.
func runInputs(e *env, cfg auditConfig, inputs []*input) *auditStats {
	prev := runtime.GOMAXPROCS(cfg.workers)
	defer runtime.GOMAXPROCS(prev)
	if os.Getenv("GOMEMLIMIT") == "" {
		prevLimit := debug.SetMemoryLimit(int64(cfg.workers) * memoryPerWorker)
		defer debug.SetMemoryLimit(prevLimit)
		if os.Getenv("GOGC") == "" {
			defer debug.SetGCPercent(debug.SetGCPercent(gcPercent))
		}
	}

	st := &auditStats{inputs: len(inputs)}
	start := time.Now()
	var todo []*input
	var totalBytes int64
	for _, in := range inputs {
		if in.out != "" {
			if _, err := os.Stat(in.out); err == nil {
				st.before++
				continue
			}
		}
		todo = append(todo, in)
		totalBytes += in.size
	}

	work := make(chan *captureBatch, cfg.workers*batchesPerInput)
	var wg sync.WaitGroup
	for range cfg.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range work {
				auditBatch(cfg.auditor, b, cfg.records)
			}
		}()
	}

	var (
		mu       sync.Mutex // guards st and the shared output
		progress progressMeter
		stdout   = newRecordWriter(e.stdout)
		stopped  atomic.Bool // a fatal error: stop reading
	)
	progress.start(e, totalBytes, len(todo), start)
	readers := make(chan struct{}, readersFor(cfg.workers))
	turns := make([]chan struct{}, len(todo)+1) // input i writes to stdout after turns[i] closes
	for i := range turns {
		turns[i] = make(chan struct{})
	}
	close(turns[0])
	var running sync.WaitGroup
	for i, in := range todo {
		readers <- struct{}{}
		order := make(chan *captureBatch, batchesPerInput)
		running.Add(2)
		go func() { // the reader
			defer running.Done()
			defer func() { <-readers }()
			readInput(e, in, order, work, &stopped, &progress)
		}()
		go func() { // the writer
			defer running.Done()
			res := writeInput(cfg, in, order, stdout, turns[i], &progress)
			close(turns[i+1])
			mu.Lock()
			defer mu.Unlock()
			st.read += res.read
			st.captures += res.captures
			st.written += res.written
			st.withErrors += res.withErrors
			st.summary.Merge(&res.summary)
			if res.fatal != nil && st.fatal == nil {
				st.fatal = res.fatal
				stopped.Store(true)
			}
			if in.err != nil {
				st.inputErrors++
				fmt.Fprintf(progress.clear(), "robots audit: %s: %v\n", in.name, in.err)
			}
			if res.fatal == nil && !in.retry {
				st.done++
			}
		}()
	}
	running.Wait()
	close(work)
	wg.Wait()
	if err := stdout.flush(); err != nil && st.fatal == nil {
		st.fatal = err
	}
	progress.stop()
	el := time.Since(start)
	fmt.Fprintf(e.stderr, "robots audit: %s, %s WARC records read: %s captures audited, %s other records skipped; %s records written (%s with an error) in %.1f s, %s records/s\n",
		inputsPhrase(st), commas(st.read), commas(st.captures), commas(st.read-st.captures),
		commas(st.written), commas(st.withErrors), el.Seconds(), commas(int(float64(st.written)/max(el.Seconds(), 1e-9))))
	return st
}

// inputsPhrase says how many inputs there were and what came of them.
func inputsPhrase(st *auditStats) string {
	s := commas(st.inputs) + " inputs"
	if st.inputs == 1 {
		s = "1 input"
	}
	s += fmt.Sprintf(" (%s audited, %s with errors", commas(st.done), commas(st.inputErrors))
	if st.before > 0 {
		s += fmt.Sprintf(", %s done before", commas(st.before))
	}
	return s + ")"
}

// captureTypes are the WARC record types that are captures of a response.
var captureTypes = map[string]bool{"response": true, "resource": true, "revisit": true}

// readInput reads the WARC records of an input into batches of captures,
// sends each to order (the input's writer) and to work (the workers), and
// closes order at the end. The input's err is set when it could not be
// read whole.
func readInput(e *env, in *input, order, work chan<- *captureBatch, stopped *atomic.Bool, progress *progressMeter) {
	defer close(order)
	var src io.Reader = e.stdin
	if in.path != stdinName {
		f, err := os.Open(in.path)
		if err != nil {
			in.err, in.retry = err, true
			return
		}
		defer f.Close()
		src = f
	}
	r := warc.NewReader(src)
	r.Keep, r.Digest = audit.MaxResponse, true
	b := newBatch(in)
	var damaged error
	send := func(last bool) {
		if len(b.caps) == 0 && b.read == 0 {
			return
		}
		b.pos = r.Position()
		order <- b
		work <- b
		if !last {
			b = newBatch(in)
		}
	}
	for !stopped.Load() {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			in.err, in.retry = err, true
			break
		}
		b.read++
		if rec.Err != nil && damaged == nil {
			damaged = rec.Err
		}
		if rec.Err == nil && !captureTypes[rec.Type] {
			continue
		}
		c := audit.Capture{File: in.name, Offset: rec.Offset, Length: rec.Length, URI: rec.TargetURI,
			Date: rec.Date, Digest: rec.Digest, Truncated: rec.Truncated, Err: rec.Err}
		if c.Digest == "" {
			c.Digest = rec.PayloadDigest
		}
		if rec.Type == "revisit" && rec.Err == nil {
			c.Err = errRevisit
		}
		if len(b.caps) == batchCaptures || len(b.arena) >= batchBytes {
			send(false)
		}
		// The arena may move as it grows: the responses already in it
		// keep the old array, which stays theirs.
		at := len(b.arena)
		b.arena = append(b.arena, rec.Block...)
		c.Response = b.arena[at:len(b.arena):len(b.arena)]
		b.caps = append(b.caps, c)
	}
	send(true)
	if in.err == nil && damaged != nil {
		in.err = damaged
	}
}

// errRevisit is the error of a revisit record: it refers to an earlier
// capture, whose payload it does not hold.
var errRevisit = errors.New("a revisit record: the payload is in the earlier record it refers to")

// arenas keeps the arenas of batches that have been audited.
var arenas = sync.Pool{New: func() any { b := make([]byte, 0, batchBytes+64<<10); return &b }}

func newBatch(in *input) *captureBatch {
	return &captureBatch{in: in, arena: (*arenas.Get().(*[]byte))[:0], done: make(chan struct{})}
}

// auditBatch audits the captures of a batch and formats the records that
// no Sequence will change.
func auditBatch(a *audit.Auditor, b *captureBatch, format bool) {
	defer close(b.done)
	b.recs = make([]*audit.Record, len(b.caps))
	b.lines = make([][]byte, len(b.caps))
	if format {
		// About 128 octets a crawler and 512 for the rest: the lines are
		// written without growing the buffer, mostly.
		b.out = make([]byte, 0, len(b.caps)*(512+128*a.NumAgents()))
	}
	for i := range b.caps {
		rec := a.Audit(&b.caps[i])
		b.recs[i] = rec
		if format && rec.Outcome != audit.OutcomeRedirect {
			at := len(b.out)
			b.out = append(rec.AppendJSON(b.out), '\n')
			b.lines[i] = b.out[at:len(b.out):len(b.out)]
		}
	}
	// The records hold nothing of the responses: the arena is free.
	if cap(b.arena) <= batchBytes+64<<10 {
		arena := b.arena[:0]
		arenas.Put(&arena)
	}
	b.caps, b.arena = nil, nil
}

// inputResult is what the writer of one input did.
type inputResult struct {
	read, captures, written, withErrors int
	summary                             audit.Summary
	fatal                               error
}

// writeInput takes the batches of an input in order, follows redirects
// across them, and writes the records: to the input's file (-o), or to
// standard output once its turn has come.
func writeInput(cfg auditConfig, in *input, order <-chan *captureBatch, stdout *recordWriter, turn <-chan struct{}, progress *progressMeter) inputResult {
	var res inputResult
	var w *recordWriter
	var f *os.File
	tmp := ""
	switch {
	case !cfg.records:
	case in.out != "":
		var err error
		// A killed run may have left a temporary file of this input:
		// the input is this run's now (shards never share one).
		pattern := "." + outputNameBase(in.out) + ".*.tmp"
		if stale, _ := filepath.Glob(filepath.Join(cfg.outDir, pattern)); len(stale) > 0 {
			for _, name := range stale {
				os.Remove(name)
			}
		}
		f, err = os.CreateTemp(cfg.outDir, pattern)
		if err == nil {
			// CreateTemp makes the file readable by its owner alone; the
			// records are for whoever reads the directory (other workers
			// of a cluster, other users of a shared file system).
			err = f.Chmod(outputMode)
		}
		if err != nil {
			res.fatal = err
		} else {
			tmp = f.Name()
			w = newRecordWriter(f)
		}
	default:
		<-turn
		w = stdout
	}
	seq := cfg.auditor.Sequence()
	// The records added to seq, with their lines, in order: seq gives
	// them back in the same order.
	type pending struct {
		rec  *audit.Record
		line []byte
	}
	var queue []pending
	var scratch []byte
	emit := func(rec *audit.Record) {
		p := queue[0]
		queue = queue[1:]
		if p.rec != rec {
			panic("robots audit: a Sequence gave records out of order")
		}
		res.written++
		if rec.Error != "" {
			res.withErrors++
		}
		if cfg.summary {
			res.summary.Add(rec)
		}
		if w == nil || res.fatal != nil {
			return
		}
		line := p.line
		if line == nil {
			scratch = append(rec.AppendJSON(scratch[:0]), '\n')
			line = scratch
		}
		if err := w.write(line); err != nil {
			res.fatal = err
		}
	}
	var pos int64 // octets of the input counted by the progress meter
	for b := range order {
		<-b.done
		res.read += b.read
		res.captures += len(b.recs)
		for i, rec := range b.recs {
			queue = append(queue, pending{rec, b.lines[i]})
			seq.Add(rec, emit)
		}
		progress.batch(len(b.recs), b.pos-pos)
		pos = b.pos
	}
	seq.Flush(emit)
	progress.batch(0, in.size-pos) // what was not read: a cut or skipped tail, an unreadable input
	if f != nil {
		err := w.flush()
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		switch {
		case err != nil:
			res.fatal = err
			os.Remove(tmp)
		case in.retry:
			os.Remove(tmp) // not read whole for want of I/O: the next run tries again
		default:
			if err := os.Rename(tmp, in.out); err != nil {
				res.fatal = err
			}
		}
	}
	progress.inputDone()
	return res
}

// outputNameBase returns the file name of a records file, for its
// temporary name.
func outputNameBase(path string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if os.IsPathSeparator(path[i]) {
			return path[i+1:]
		}
	}
	return path
}

// recordWriter buffers whole lines and writes them in large pieces.
type recordWriter struct {
	w   io.Writer
	buf []byte
	err error
}

func newRecordWriter(w io.Writer) *recordWriter {
	return &recordWriter{w: w, buf: make([]byte, 0, writeBuffer)}
}

func (lw *recordWriter) write(line []byte) error {
	if lw.err != nil {
		return lw.err
	}
	if len(lw.buf)+len(line) > cap(lw.buf) {
		lw.flush()
	}
	if len(line) > cap(lw.buf) {
		_, lw.err = lw.w.Write(line)
		return lw.err
	}
	lw.buf = append(lw.buf, line...)
	return lw.err
}

func (lw *recordWriter) flush() error {
	if lw.err == nil && len(lw.buf) > 0 {
		_, lw.err = lw.w.Write(lw.buf)
	}
	lw.buf = lw.buf[:0]
	return lw.err
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
