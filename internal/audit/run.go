package audit

// The pipeline of Run. Readers decompress inputs (one goroutine per input,
// at most readersFor(workers) at a time) into batches of captures; workers
// audit the batches and format their records; for each input, a writer
// takes its batches in order, follows redirects across them (Sequence) and
// writes the records: to the input's own file, or to RunOptions.Records,
// input after input, in input order.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/robotsexclusion/robots/internal/warc"
)

// The budgets of Run: each input has at most BatchesPerInput batches in
// flight, of at most BatchCaptures captures and BatchBytes octets of
// responses (one capture alone may take MaxResponse), and each output
// buffers at most WriteBuffer octets, so memory stays flat whatever the
// number and size of the inputs.
const (
	BatchCaptures   = 64
	BatchBytes      = 256 << 10
	BatchesPerInput = 3
	WriteBuffer     = 256 << 10
)

// outputMode is the mode of the records files of Input.Out.
const outputMode = 0o644

// An Input is one WARC file (gzip per record or whole, or plain) for Run.
type Input struct {
	// Name is what its records (Record.File) and errors call it.
	Name string
	// Open opens it; Run closes what it returns.
	Open func() (io.ReadCloser, error)
	// Size is its size in octets, for Progress; 0 when unknown.
	Size int64
	// Out, when not "", is the file its records go to, with mode 0644:
	// written under a temporary name in the same directory and renamed
	// when complete.
	// Run skips an input whose Out exists, so a killed run resumes.
	Out string
}

// FileInput returns the Input of the file at path, named path, with its
// size when it can be read.
func FileInput(path string) Input {
	in := Input{Name: path, Open: func() (io.ReadCloser, error) { return os.Open(path) }}
	if fi, err := os.Stat(path); err == nil {
		in.Size = fi.Size()
	}
	return in
}

// RunOptions says how Run works and where its records go.
type RunOptions struct {
	// Workers is how many goroutines audit captures; 1 when less.
	// Readers decompress up to a third as many inputs at a time.
	Workers int
	// Records receives the records of the inputs with no Out, one JSON
	// line each (Record.AppendJSON), input after input in the order of
	// the inputs. When nil, those records are counted but not written.
	Records io.Writer
	// Summarize makes Run count every record in RunStats.Summary.
	Summarize bool
	// Progress, when not nil, is called as the captures of each input
	// are audited, from several goroutines at once, with the captures
	// audited and the octets of the input read since the previous call
	// for that input.
	Progress func(captures int, octets int64)
	// Done, when not nil, is called when an input's records are all
	// written, one call at a time, with the error that kept it from being
	// read whole: nil when it was read whole.
	Done func(in *Input, err error)
}

// RunStats is what Run read and wrote.
type RunStats struct {
	Inputs      int // inputs given
	Done        int // of them, audited in this run
	Before      int // skipped: their Out exists
	InputErrors int // inputs that could not be read whole (damaged, or an I/O error)
	Read        int // WARC records read
	Captures    int // of them, captures audited (response, resource and revisit records, and damaged ones)
	Written     int // records written (or counted, when not written)
	WithErrors  int // of them, records with an error
	Summary     Summary
}

// Run audits the WARC files of inputs with a, on opts.Workers goroutines,
// following redirects within each input (Sequence), and writes one record
// per capture: to the input's Out, or to opts.Records. An input that
// cannot be read whole (an I/O error, a damaged record) is reported to
// opts.Done and counted, and the run goes on; an I/O error leaves no Out
// file, so that another run tries the input again. Run returns an error
// when writing records failed, or ctx's error when ctx is done: either
// stops it, and the inputs it cut short leave no Out file.
func Run(ctx context.Context, a *Auditor, inputs []Input, opts RunOptions) (RunStats, error) {
	workers := max(opts.Workers, 1)
	st := RunStats{Inputs: len(inputs)}
	var todo []*runInput
	for i := range inputs {
		in := &inputs[i]
		if in.Out != "" {
			if _, err := os.Stat(in.Out); err == nil {
				st.Before++
				continue
			}
		}
		todo = append(todo, &runInput{Input: in})
	}

	work := make(chan *captureBatch, workers*BatchesPerInput)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range work {
				auditBatch(a, b, opts.Records != nil || b.in.Out != "")
			}
		}()
	}

	var (
		mu      sync.Mutex // guards st, fatal and opts.Done
		fatal   error      // writing failed
		stdout  *recordWriter
		stopped atomic.Bool // a fatal error: stop reading
	)
	if opts.Records != nil {
		stdout = newRecordWriter(opts.Records)
	}
	readers := make(chan struct{}, readersFor(workers))
	turns := make([]chan struct{}, len(todo)+1) // input i writes to Records after turns[i] closes
	for i := range turns {
		turns[i] = make(chan struct{})
	}
	close(turns[0])
	var running sync.WaitGroup
	for i, in := range todo {
		select {
		case readers <- struct{}{}:
		case <-ctx.Done():
			stopped.Store(true)
		}
		if stopped.Load() {
			break // no writer waits for a later turn
		}
		order := make(chan *captureBatch, BatchesPerInput)
		running.Add(2)
		go func() { // the reader
			defer running.Done()
			defer func() { <-readers }()
			in.read(ctx, order, work, &stopped)
		}()
		go func() { // the writer
			defer running.Done()
			res := in.write(a, opts, order, stdout, turns[i])
			close(turns[i+1])
			mu.Lock()
			defer mu.Unlock()
			st.Read += res.read
			st.Captures += res.captures
			st.Written += res.written
			st.WithErrors += res.withErrors
			st.Summary.Merge(&res.summary)
			if res.fatal != nil && fatal == nil {
				fatal = res.fatal
				stopped.Store(true)
			}
			if in.err != nil {
				st.InputErrors++
			}
			if res.fatal == nil && !in.retry {
				st.Done++
			}
			if opts.Done != nil {
				opts.Done(in.Input, in.err)
			}
		}()
	}
	running.Wait()
	close(work)
	wg.Wait()
	if stdout != nil {
		if err := stdout.flush(); err != nil && fatal == nil {
			fatal = err
		}
	}
	if fatal != nil {
		return st, fmt.Errorf("audit: writing records: %w", fatal)
	}
	return st, ctx.Err()
}

// readersFor returns how many inputs are read at once: decompressing
// takes about a third of the work, so one reader feeds up to three
// workers.
func readersFor(workers int) int { return (workers + 2) / 3 }

// A runInput is an input being audited.
type runInput struct {
	*Input
	err   error // why it could not be read whole; nil when it was
	retry bool  // err is an I/O error, which another run may not meet, not damage in the file
}

// A captureBatch is a run of captures of one input and, once audited, their
// records and those records as JSON lines.
type captureBatch struct {
	in    *runInput
	caps  []Capture
	arena []byte // the captures' responses
	recs  []*Record
	lines [][]byte // each record as a JSON line, unless it is a redirect, which its Sequence may change
	out   []byte   // the lines, one after the other
	left  int      // lines not yet written: out goes back to outs when none is left
	done  chan struct{}
	read  int   // WARC records read into this batch (captures and skipped records)
	pos   int64 // octets of the input read when the batch was sent
}

// captureTypes are the WARC record types that are captures of a response.
var captureTypes = map[string]bool{"response": true, "resource": true, "revisit": true}

// read reads the WARC records of the input into batches of captures,
// sends each to order (the input's writer) and to work (the workers), and
// closes order at the end. It sets err when the input could not be read
// whole, and retry when it was not read whole for want of I/O or because
// the run stopped.
func (in *runInput) read(ctx context.Context, order, work chan<- *captureBatch, stopped *atomic.Bool) {
	defer close(order)
	f, err := in.Open()
	if err != nil {
		in.err, in.retry = err, true
		return
	}
	defer f.Close()
	r := warc.NewReader(f)
	r.Keep, r.Digest, r.Types = MaxResponse, true, captureTypes
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
	for {
		if stopped.Load() || ctx.Err() != nil {
			stopped.Store(true)
			in.retry = true // cut short: the next run audits it again
			break
		}
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
		c := Capture{File: in.Name, Offset: rec.Offset, Length: rec.Length, URI: rec.TargetURI,
			Date: rec.Date, Digest: rec.Digest, Truncated: rec.Truncated, Err: rec.Err}
		if c.Digest == "" {
			c.Digest = rec.PayloadDigest
		}
		if rec.Type == "revisit" && rec.Err == nil {
			c.Err = errRevisit
		}
		if len(b.caps) == BatchCaptures || len(b.arena) >= BatchBytes {
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
var arenas = sync.Pool{New: func() any { b := make([]byte, 0, BatchBytes+64<<10); return &b }}

func newBatch(in *runInput) *captureBatch {
	return &captureBatch{in: in, arena: (*arenas.Get().(*[]byte))[:0], done: make(chan struct{})}
}

// maxPooledOut is the largest buffer of lines that outs keeps: twice
// what a full batch of the registry's crawlers takes.
const maxPooledOut = 1 << 20

// outs keeps the buffers of lines that writers have written, for the
// next batches: each is a quarter of a megabyte, which the garbage
// collector would otherwise clear and count every 64 captures.
var outs = sync.Pool{New: func() any { return new([]byte) }}

// releaseOut gives the batch's buffer of lines back to outs, once they
// are written.
func (b *captureBatch) releaseOut() {
	if b.out != nil && cap(b.out) <= maxPooledOut {
		out := b.out[:0]
		outs.Put(&out)
	}
	b.out = nil
}

// auditBatch audits the captures of a batch and formats the records that
// no Sequence will change.
func auditBatch(a *Auditor, b *captureBatch, format bool) {
	defer close(b.done)
	b.recs = make([]*Record, len(b.caps))
	b.lines = make([][]byte, len(b.caps))
	if format {
		// About 128 octets a crawler and 512 for the rest: the lines are
		// written without growing the buffer, mostly.
		need := len(b.caps) * (512 + 128*a.NumAgents())
		if b.out = *outs.Get().(*[]byte); cap(b.out) < need {
			b.out = make([]byte, 0, need)
		}
	}
	for i := range b.caps {
		rec := a.Audit(&b.caps[i])
		b.recs[i] = rec
		if format && rec.Outcome != OutcomeRedirect {
			at := len(b.out)
			b.out = append(rec.AppendJSON(b.out), '\n')
			b.lines[i] = b.out[at:len(b.out):len(b.out)]
			b.left++
		}
	}
	// The records hold nothing of the responses: the arena is free.
	if cap(b.arena) <= BatchBytes+64<<10 {
		arena := b.arena[:0]
		arenas.Put(&arena)
	}
	b.caps, b.arena = nil, nil
}

// inputResult is what the writer of one input did.
type inputResult struct {
	read, captures, written, withErrors int
	summary                             Summary
	fatal                               error
}

// write takes the batches of the input in order, follows redirects
// across them, and writes the records: to its Out, or to stdout once its
// turn has come.
func (in *runInput) write(a *Auditor, opts RunOptions, order <-chan *captureBatch, stdout *recordWriter, turn <-chan struct{}) inputResult {
	var res inputResult
	var w *recordWriter
	var f *os.File
	tmp := ""
	switch {
	case in.Out != "":
		var err error
		// A killed run may have left a temporary file of this input:
		// the input is this run's now (shards never share one).
		dir, base := filepath.Split(in.Out)
		pattern := "." + base + ".*.tmp"
		if stale, _ := filepath.Glob(filepath.Join(dir, pattern)); len(stale) > 0 {
			for _, name := range stale {
				os.Remove(name)
			}
		}
		f, err = os.CreateTemp(dir, pattern)
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
	case stdout != nil:
		<-turn
		w = stdout
	}
	seq := a.Sequence()
	// The records added to seq, with their lines, in order: seq gives
	// them back in the same order.
	type pending struct {
		rec  *Record
		line []byte
		b    *captureBatch // whose out holds line
	}
	var queue []pending
	var scratch []byte
	emit := func(rec *Record) {
		p := queue[0]
		queue = queue[1:]
		if p.rec != rec {
			panic("audit: a Sequence gave records out of order")
		}
		if p.line != nil {
			// line is written below, or never: it is the last use of
			// the batch's buffer when no other line is left.
			defer func() {
				if p.b.left--; p.b.left == 0 {
					p.b.releaseOut()
				}
			}()
		}
		res.written++
		if rec.Error != "" {
			res.withErrors++
		}
		if opts.Summarize {
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
	progress := func(captures int, octets int64) {
		if opts.Progress != nil {
			opts.Progress(captures, max(octets, 0))
		}
	}
	var pos int64 // octets of the input counted by Progress
	for b := range order {
		<-b.done
		res.read += b.read
		res.captures += len(b.recs)
		for i, rec := range b.recs {
			queue = append(queue, pending{rec, b.lines[i], b})
			seq.Add(rec, emit)
		}
		if b.left == 0 && b.out != nil {
			b.releaseOut() // no line: nothing to wait for
		}
		progress(len(b.recs), b.pos-pos)
		pos = b.pos
	}
	seq.Flush(emit)
	progress(0, in.Size-pos) // what was not read: a cut or skipped tail, an unreadable input
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
			if err := os.Rename(tmp, in.Out); err != nil {
				res.fatal = err
			}
		}
	}
	return res
}

// recordWriter buffers whole lines and writes them in large pieces.
type recordWriter struct {
	w   io.Writer
	buf []byte
	err error
}

func newRecordWriter(w io.Writer) *recordWriter {
	return &recordWriter{w: w, buf: make([]byte, 0, WriteBuffer)}
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
