package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/internal/audit"
	"github.com/robotsexclusion/robots/internal/warcgen"
)

// testBodies are the robots.txt files the audit tests wrap in WARC files.
var testBodies = []string{
	"User-agent: *\nDisallow: /private/\n",
	"User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n",
	"User-agent: *\nDisallow: /search\nContent-Usage: train-ai=n\n",
	"",
	"<!DOCTYPE html><html><body>soft 404</body></html>",
	"User-agent: CCBot\nUser-agent: GPTBot\nDisallow: /\nAllow: /public/\n",
}

// writeWARC writes a WARC file of n captures cycling over testBodies,
// with a 404, a 503 and a redirect whose target follows among them, and
// returns the number of captures (response records) written.
func writeWARC(t testing.TB, path string, n int, host string) int {
	t.Helper()
	var buf bytes.Buffer
	w := warcgen.NewWriter(&buf, true)
	w.Warcinfo(filepath.Base(path))
	written := 0
	for i := range n {
		uri := fmt.Sprintf("https://%s%d.example/robots.txt", host, i)
		c := warcgen.Capture{URI: uri, Status: 200, Header: warcgen.TextHeader(), Body: []byte(testBodies[i%len(testBodies)])}
		switch i % 7 {
		case 3:
			c.Status = 404
		case 4:
			c.Status = 503
		case 5:
			from := warcgen.Capture{URI: strings.Replace(uri, "https:", "http:", 1), Status: 301,
				Header: map[string][]string{"Location": {uri}}}
			if _, err := w.Capture(from); err != nil {
				t.Fatal(err)
			}
			written++
		}
		if _, err := w.Capture(c); err != nil {
			t.Fatal(err)
		}
		written++
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return written
}

// records decodes JSON lines into records.
func records(t *testing.T, out string) []audit.Record {
	t.Helper()
	var recs []audit.Record
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if line == "" {
			continue
		}
		var r audit.Record
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		recs = append(recs, r)
	}
	return recs
}

// summaryLine matches the summary line of a run.
var summaryLine = regexp.MustCompile(`robots audit: ([0-9,]+) inputs? \(([0-9,]+) audited, ([0-9,]+) with errors(?:, ([0-9,]+) done before)?\), ([0-9,]+) WARC records read: ([0-9,]+) captures audited, ([0-9,]+) other records skipped; ([0-9,]+) records written \(([0-9,]+) with an error\)`)

// runSummary returns the numbers of the summary line of stderr.
func runSummary(t *testing.T, stderr string) []string {
	t.Helper()
	m := summaryLine.FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("no summary line in %q", stderr)
	}
	for i := range m {
		m[i] = strings.ReplaceAll(m[i], ",", "")
	}
	return m[1:]
}

func TestAudit(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.warc.gz"), filepath.Join(dir, "b.warc.gz")
	na, nb := writeWARC(t, a, 40, "a"), writeWARC(t, b, 25, "b")
	code, out, stderr := runCmd("", "audit", "-workers", "1", a, b)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	recs := records(t, out)
	if len(recs) != na+nb {
		t.Fatalf("%d records, want %d", len(recs), na+nb)
	}
	// In input order: a's records, then b's, each in file order.
	for i, r := range recs {
		file, prev := a, int64(-1)
		if i >= na {
			file = b
		}
		if i > 0 && recs[i-1].File == r.File {
			prev = recs[i-1].Offset
		}
		if r.File != file || r.Offset <= prev || r.Schema != audit.SchemaVersion {
			t.Fatalf("record %d: %s at %d after %d", i, r.File, r.Offset, prev)
		}
	}
	if got := runSummary(t, stderr); !slices.Equal(got, []string{"2", "2", "0", "", fmt.Sprint(1 + 3*na + 1 + 3*nb), fmt.Sprint(na + nb), fmt.Sprint(2 + 2*(na+nb)), fmt.Sprint(na + nb), got[8]}) {
		t.Errorf("summary line %v: %s", got, stderr)
	}
	// Redirects followed, the soft 404 an error, levels for each crawler.
	outcomes := map[string]int{}
	for _, r := range recs {
		outcomes[r.Outcome]++
		if r.Outcome != "" && len(r.Agents) == 0 {
			t.Errorf("%s: no agents", r.URI)
		}
		if r.Status == 301 && (r.Redirect == nil || r.Redirect.Hops != 1) {
			t.Errorf("%s: redirect not followed: %+v", r.URI, r)
		}
	}
	if outcomes["redirect"] != 0 || outcomes["unavailable"] == 0 || outcomes["unreachable"] == 0 || outcomes["ok"] == 0 {
		t.Errorf("outcomes %v", outcomes)
	}
	// More workers, the same records in the same order.
	code, out2, _ := runCmd("", "audit", "-workers", "3", a, b)
	if code != exitOK || out2 != out {
		t.Errorf("-workers 3 gives other records (exit %d)", code)
	}
	// The agents asked, in the order asked.
	code, out3, _ := runCmd("", "audit", "-agents", "CCBot,GPTBot", a)
	if r := records(t, out3)[0]; code != exitOK || len(r.Agents) != 2 || r.Agents[0].Name != "CCBot" || r.Agents[1].Name != "GPTBot" {
		t.Errorf("-agents CCBot,GPTBot: exit %d, agents %+v", code, r.Agents)
	}
}

// -o writes one file per input, atomically, and a second run skips the
// inputs done.
func TestAuditOutputDir(t *testing.T) {
	dir, outDir := t.TempDir(), filepath.Join(t.TempDir(), "out")
	var inputs []string
	for i := range 3 {
		p := filepath.Join(dir, fmt.Sprintf("CC-MAIN-%05d.warc.gz", i))
		writeWARC(t, p, 10+i, fmt.Sprintf("h%d-", i))
		inputs = append(inputs, p)
	}
	_, all, _ := runCmd("", append([]string{"audit"}, inputs...)...)
	code, out, stderr := runCmd("", append([]string{"audit", "-o", outDir, "-workers", "2"}, inputs...)...)
	if code != exitOK || out != "" {
		t.Fatalf("exit %d, stdout %q: %s", code, out, stderr)
	}
	var joined string
	for i := range inputs {
		b, err := os.ReadFile(filepath.Join(outDir, fmt.Sprintf("CC-MAIN-%05d.jsonl", i)))
		if err != nil {
			t.Fatal(err)
		}
		joined += string(b)
	}
	if joined != all {
		t.Errorf("the files of -o differ from the records on standard output")
	}
	entries, _ := os.ReadDir(outDir)
	if len(entries) != len(inputs) {
		t.Errorf("%d files in the output directory, want %d (no temporary file left)", len(entries), len(inputs))
	}
	for _, e := range entries {
		if fi, err := e.Info(); err != nil || fi.Mode().Perm() != 0o644 { // as audit.Input.Out says
			t.Errorf("%s: mode %v, want %v", e.Name(), fi.Mode().Perm(), os.FileMode(0o644))
		}
	}
	// A rerun skips what is done; a removed file is written again, and
	// the temporary file a killed run left is removed.
	os.Remove(filepath.Join(outDir, "CC-MAIN-00001.jsonl"))
	stale := filepath.Join(outDir, ".CC-MAIN-00001.jsonl.123456.tmp")
	os.WriteFile(stale, []byte("{\"v\":1"), 0o644)
	code, _, stderr = runCmd("", append([]string{"audit", "-o", outDir}, inputs...)...)
	if got := runSummary(t, stderr); code != exitOK || got[1] != "1" || got[3] != "2" {
		t.Errorf("rerun: exit %d, summary %v", code, got)
	}
	if b, _ := os.ReadFile(filepath.Join(outDir, "CC-MAIN-00001.jsonl")); !strings.Contains(all, string(b)) || len(b) == 0 {
		t.Errorf("the file written again differs")
	}
	if _, err := os.Stat(stale); err == nil {
		t.Errorf("the stale temporary file is still there")
	}
	// Two inputs with one file name cannot share a directory.
	other := filepath.Join(t.TempDir(), "CC-MAIN-00000.warc.gz")
	writeWARC(t, other, 2, "x")
	if code, _, stderr := runCmd("", "audit", "-o", outDir, inputs[0], other); code != exitUsage || !strings.Contains(stderr, "would both write") {
		t.Errorf("clashing names: exit %d: %s", code, stderr)
	}
}

// Shards split the inputs between them, without overlap, whatever N.
func TestAuditShard(t *testing.T) {
	dir := t.TempDir()
	var inputs []string
	for i := range 7 {
		p := filepath.Join(dir, fmt.Sprintf("in%d.warc.gz", i))
		writeWARC(t, p, 3, fmt.Sprintf("s%d-", i))
		inputs = append(inputs, p)
	}
	_, all, _ := runCmd("", append([]string{"audit"}, inputs...)...)
	for _, n := range []int{1, 2, 3, 8} {
		var union []string
		for i := range n {
			code, out, stderr := runCmd("", append([]string{"audit", "-shard", fmt.Sprintf("%d/%d", i, n)}, inputs...)...)
			if code != exitOK {
				t.Fatalf("shard %d/%d: exit %d: %s", i, n, code, stderr)
			}
			if out != "" {
				union = append(union, strings.Split(strings.TrimSuffix(out, "\n"), "\n")...)
			}
		}
		want := strings.Split(strings.TrimSuffix(all, "\n"), "\n")
		slices.Sort(union)
		slices.Sort(want)
		if !slices.Equal(union, want) {
			t.Errorf("%d shards: %d records in all, want %d", n, len(union), len(want))
		}
	}
	for _, bad := range []string{"3/3", "-1/2", "1", "a/b", "0/0"} {
		if code, _, _ := runCmd("", "audit", "-shard", bad, inputs[0]); code != exitUsage {
			t.Errorf("-shard %s: exit %d, want %d", bad, code, exitUsage)
		}
	}
}

// Damaged inputs give records with an error, the run goes on, and the
// exit status counts the inputs with errors.
func TestAuditDamage(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.warc.gz")
	writeWARC(t, good, 5, "g")
	var buf bytes.Buffer
	st, err := warcgen.Synthetic(warcgen.NewWriter(&buf, true),
		[]warcgen.File{{Host: "a.example", Body: []byte(testBodies[0])}, {Host: "b.example", Body: []byte(testBodies[1])}},
		warcgen.Options{Captures: 3 * warcgen.DamageEvery, Seed: 7, Damage: true})
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.warc.gz")
	os.WriteFile(bad, buf.Bytes(), 0o644)
	missing := filepath.Join(dir, "missing.warc.gz")
	code, out, stderr := runCmd("", "audit", good, bad, missing)
	if code != exitInputErrors+2 {
		t.Errorf("exit %d, want %d: %s", code, exitInputErrors+2, stderr)
	}
	recs := records(t, out)
	var errs []string
	for _, r := range recs {
		if r.File == bad && r.Error != "" {
			errs = append(errs, r.Error)
		}
	}
	got := runSummary(t, stderr)
	if want := fmt.Sprint(5 + st.Responses); got[5] != want || got[7] != want || len(recs) != 5+st.Responses {
		t.Errorf("summary %v, %d records; want %s captures and records", got, len(recs), want)
	}
	if want := fmt.Sprint(st.Records + 1 + 3*5); got[4] != want {
		t.Errorf("%s WARC records read, want %s", got[4], want)
	}
	var corrupt, cut, large int
	for _, e := range errs {
		switch {
		case strings.Contains(e, "corrupt gzip member"):
			corrupt++
		case strings.Contains(e, "ends inside the record"):
			cut++
		case strings.Contains(e, "longer than the parse limit"):
			large++
		}
	}
	if corrupt != st.Kinds["corrupt"] || cut != 1 || large != 1 {
		t.Errorf("%d corrupt, %d cut, %d large records, want %d, 1, 1: %v", corrupt, cut, large, st.Kinds["corrupt"], errs)
	}
	if !strings.Contains(stderr, "missing.warc.gz: open") || !strings.Contains(stderr, "bad.warc.gz: corrupt gzip member") {
		t.Errorf("stderr does not name the inputs with errors: %s", stderr)
	}
}

// Inputs: directories, a list file, standard input.
func TestAuditInputs(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "crawl", "segment")
	os.MkdirAll(sub, 0o777)
	a, b := filepath.Join(sub, "a.warc.gz"), filepath.Join(sub, "b.warc")
	writeWARC(t, a, 4, "a")
	// b uncompressed.
	var plain bytes.Buffer
	w := warcgen.NewWriter(&plain, false)
	w.Capture(warcgen.Capture{URI: "https://plain.example/robots.txt", Status: 200, Header: warcgen.TextHeader(), Body: []byte(testBodies[0])})
	os.WriteFile(b, plain.Bytes(), 0o644)
	os.WriteFile(filepath.Join(sub, "notes.txt"), []byte("not a WARC file"), 0o644)
	_, want, _ := runCmd("", "audit", a, b)

	if _, out, _ := runCmd("", "audit", dir); out != want {
		t.Errorf("a directory gives other records")
	}
	list := filepath.Join(dir, "paths.txt")
	os.WriteFile(list, []byte("# inputs\n"+a+"\n\n"+b+"\n"), 0o644)
	if _, out, _ := runCmd("", "audit", "-list", list); out != want {
		t.Errorf("-list gives other records")
	}
	if _, out, _ := runCmd(a+"\n"+b+"\n", "audit", "-list", "-"); out != want {
		t.Errorf("-list - gives other records")
	}
	data, _ := os.ReadFile(a)
	_, fromFile, _ := runCmd("", "audit", a)
	if _, out, _ := runCmd(string(data), "audit", "-"); out != strings.ReplaceAll(fromFile, `"file":`+jsonString(a), `"file":"-"`) {
		t.Errorf("standard input gives other records")
	}
	// -name names standard input, in the records and under -o.
	outDir := t.TempDir()
	if code, _, stderr := runCmd(string(data), "audit", "-name", "https://data.example/crawl/a.warc.gz", "-o", outDir, "-"); code != exitOK {
		t.Errorf("-name: exit %d: %s", code, stderr)
	}
	named, _ := os.ReadFile(filepath.Join(outDir, "a.jsonl"))
	if string(named) != strings.ReplaceAll(fromFile, `"file":`+jsonString(a), `"file":"https://data.example/crawl/a.warc.gz"`) {
		t.Errorf("-name: the records of standard input differ:\n%.300s", named)
	}
	for _, args := range [][]string{{"audit"}, {"audit", "-json", a}, {"audit", "-list", "-", "-"}, {"audit", "-workers", "0", a}} {
		if code, _, _ := runCmd("", args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// -summary counts what the records say; -json prints the Summary.
func TestAuditSummary(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.warc.gz")
	writeWARC(t, p, 30, "a")
	_, out, _ := runCmd("", "audit", p)
	var want audit.Summary
	for _, r := range records(t, out) {
		want.Add(&r)
	}
	code, js, stderr := runCmd("", "audit", "-summary", "-json", p)
	var got audit.Summary
	if err := json.Unmarshal([]byte(js), &got); code != exitOK || err != nil {
		t.Fatalf("exit %d, %v: %s", code, err, stderr)
	}
	if a, b := fmt.Sprint(got.Outcomes, got.Agents), fmt.Sprint(want.Outcomes, want.Agents); a != b || got.Records != want.Records {
		t.Errorf("-summary -json:\n%s\nthe records say\n%s", a, b)
	}
	code, text, _ := runCmd("", "audit", "-summary", p)
	gpt := want.Agents[slices.IndexFunc(want.Agents, func(a audit.AgentSummary) bool { return a.Name == "GPTBot" })]
	row := fmt.Sprintf("GPTBot ai-training %d %s", gpt.Records, countShare(gpt.Levels[audit.Full], gpt.Records))
	if code != exitOK || !strings.Contains(strings.Join(strings.Fields(text), " "), row) || !strings.Contains(text, "train-ai=disallowed") {
		t.Errorf("-summary: no row %q:\n%s", row, text)
	}
}
