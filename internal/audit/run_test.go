package audit_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/internal/audit"
	"github.com/robotsexclusion/robots/internal/warcgen"
)

// warcInput returns an Input read from memory: a WARC file of the
// captures, gzip per record.
func warcInput(t testing.TB, name string, cs ...warcgen.Capture) audit.Input {
	t.Helper()
	var buf bytes.Buffer
	w := warcgen.NewWriter(&buf, true)
	w.Warcinfo(name)
	for _, c := range cs {
		if _, err := w.Capture(c); err != nil {
			t.Fatal(err)
		}
	}
	b := buf.Bytes()
	return audit.Input{Name: name, Size: int64(len(b)), Open: func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(b)), nil
	}}
}

// fetchOf returns a capture of uri answered with status 200 and body.
func fetchOf(uri, body string) warcgen.Capture {
	return warcgen.Capture{URI: uri, Status: 200, Header: warcgen.TextHeader(), Body: []byte(body)}
}

// manyInputs returns n inputs of per captures each, with a redirect whose
// target follows some batches later in the same input.
func manyInputs(t testing.TB, n, per int) []audit.Input {
	var ins []audit.Input
	for i := range n {
		var cs []warcgen.Capture
		for j := range per {
			uri := fmt.Sprintf("https://h%d-%d.example/robots.txt", i, j)
			if j == 1 {
				cs = append(cs, warcgen.Capture{URI: "http://moved.example/robots.txt", Status: 301,
					Header: map[string][]string{"Location": {fmt.Sprintf("https://h%d-%d.example/robots.txt", i, per-1)}}})
			}
			cs = append(cs, fetchOf(uri, fmt.Sprintf("User-agent: GPTBot\nDisallow: /%d\n", j%3)))
		}
		ins = append(ins, warcInput(t, fmt.Sprintf("in%d.warc.gz", i), cs...))
	}
	return ins
}

// TestRun: on any number of workers, Run writes what an Auditor and a
// Sequence per input write, input after input; the counts add up; a
// redirect takes the answer of its target batches later.
func TestRun(t *testing.T) {
	a := audit.New(audit.Options{Agents: []string{"GPTBot"}})
	const per = 2*audit.BatchCaptures + 5
	ins := manyInputs(t, 5, per)
	var want []byte
	for _, in := range ins {
		var b bytes.Buffer
		one, err := audit.Run(context.Background(), a, []audit.Input{in}, audit.RunOptions{Workers: 1, Records: &b})
		if err != nil || one.Written != per+1 {
			t.Fatalf("%s: %+v, %v", in.Name, one, err)
		}
		want = append(want, b.Bytes()...)
	}
	if !bytes.Contains(want, []byte(`"redirect":{"to":"https://h0-`+fmt.Sprint(per-1))) {
		t.Errorf("no redirect followed across batches")
	}
	for _, workers := range []int{1, 2, 7} {
		var got bytes.Buffer
		done := 0
		st, err := audit.Run(context.Background(), a, ins, audit.RunOptions{Workers: workers, Records: &got, Summarize: true,
			Done: func(in *audit.Input, err error) {
				done++
				if err != nil {
					t.Errorf("%s: %v", in.Name, err)
				}
			}})
		if err != nil || !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%d workers: %v; the records differ", workers, err)
		}
		if n := len(ins) * (per + 1); st.Inputs != len(ins) || st.Done != len(ins) || done != len(ins) || st.Captures != n || st.Written != n || st.Summary.Records != n {
			t.Errorf("%d workers: %+v, %d done", workers, st, done)
		}
	}
}

// TestRunOut: records go to each input's Out, complete or not at all; a
// rerun skips the inputs whose Out exists; an input that cannot be opened
// is reported, counted, and leaves no file.
func TestRunOut(t *testing.T) {
	a := audit.New(audit.Options{Agents: []string{"GPTBot"}})
	dir := t.TempDir()
	ins := manyInputs(t, 3, 10)
	ins = append(ins, audit.Input{Name: "gone.warc.gz", Open: func() (io.ReadCloser, error) { return nil, os.ErrNotExist }})
	for i := range ins {
		ins[i].Out = filepath.Join(dir, strings.TrimSuffix(ins[i].Name, ".warc.gz")+".jsonl")
	}
	var failed []string
	st, err := audit.Run(context.Background(), a, ins, audit.RunOptions{Workers: 2, Done: func(in *audit.Input, err error) {
		if err != nil {
			failed = append(failed, in.Name)
		}
	}})
	if err != nil || st.Done != 3 || st.InputErrors != 1 || len(failed) != 1 || failed[0] != "gone.warc.gz" {
		t.Fatalf("%+v, %v, failed %v", st, err, failed)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("%d files, want 3", len(entries))
	}
	b, err := os.ReadFile(ins[0].Out)
	if err != nil || bytes.Count(b, []byte("\n")) != 11 {
		t.Errorf("%s: %d lines, %v", ins[0].Out, bytes.Count(b, []byte("\n")), err)
	}
	os.Remove(ins[1].Out)
	st, err = audit.Run(context.Background(), a, ins, audit.RunOptions{Workers: 2})
	if err != nil || st.Before != 2 || st.Done != 1 || st.InputErrors != 1 {
		t.Errorf("rerun: %+v, %v", st, err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestRunWriteError: a failed write stops the run with an error.
func TestRunWriteError(t *testing.T) {
	a := audit.New(audit.Options{Agents: []string{"GPTBot"}})
	_, err := audit.Run(context.Background(), a, manyInputs(t, 4, 3*audit.BatchCaptures), audit.RunOptions{Workers: 2, Records: failWriter{}})
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("got %v", err)
	}
}

// TestRunCancel: a run whose context is done stops with its error, and
// leaves no Out file of an input it cut short; a rerun completes them.
func TestRunCancel(t *testing.T) {
	a := audit.New(audit.Options{Agents: []string{"GPTBot"}})
	const per = 4 * audit.BatchCaptures
	dir := t.TempDir()
	ins := manyInputs(t, 4, per)
	for i := range ins {
		ins[i].Out = filepath.Join(dir, fmt.Sprint(i)+".jsonl")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if st, err := audit.Run(ctx, a, ins, audit.RunOptions{Workers: 2}); !errors.Is(err, context.Canceled) || st.Done != 0 {
		t.Errorf("done before: %+v, %v", st, err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	st, err := audit.Run(ctx, a, ins, audit.RunOptions{Workers: 1, Progress: func(int, int64) { cancel() }})
	if !errors.Is(err, context.Canceled) || st.Done == len(ins) {
		t.Errorf("cancelled: %+v, %v", st, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != st.Done {
		t.Errorf("%d files for %d inputs done", len(entries), st.Done)
	}
	st, err = audit.Run(context.Background(), a, ins, audit.RunOptions{Workers: 2})
	if err != nil || st.Before+st.Done != len(ins) {
		t.Errorf("rerun: %+v, %v", st, err)
	}
	for i := range ins {
		if b, err := os.ReadFile(ins[i].Out); err != nil || bytes.Count(b, []byte("\n")) != per+1 {
			t.Errorf("%s: %d lines, %v", ins[i].Out, bytes.Count(b, []byte("\n")), err)
		}
	}
}
