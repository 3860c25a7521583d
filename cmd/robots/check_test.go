package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"
	"unicode/utf8"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/normalize"
)

const checkBody = "User-agent: *\nDisallow: /private\n"

// writeFile writes a file in a test's temporary directory.
func writeFile(t *testing.T, name, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// lineWriter is a stdout that hands each write to a channel.
type lineWriter struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	writes chan struct{}
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	select {
	case w.writes <- struct{}{}:
	default:
	}
	return len(p), nil
}

func (w *lineWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// TestCheckStreams feeds URLs through a pipe one at a time: each result
// must be out before the next line is written, and so before input ends.
func TestCheckStreams(t *testing.T) {
	path := writeFile(t, "robots.txt", checkBody)
	for _, asJSON := range []bool{false, true} {
		pr, pw := io.Pipe()
		out := &lineWriter{writes: make(chan struct{}, 1)}
		args := []string{"check", "-robots", path, "-agent", "Bot"}
		if asJSON {
			args = append(args, "-json")
		}
		code := make(chan int)
		go func() { code <- run(&env{stdin: pr, stdout: out, stderr: io.Discard}, args) }()
		for i, u := range []string{"/a", "/private/b", "/c"} {
			io.WriteString(pw, u+"\n")
			// The guard only stops a broken build from hanging; a result
			// that comes at all comes before the next line is written.
			deadline := time.After(time.Minute)
			for strings.Count(out.String(), "\n") <= i {
				select {
				case <-out.writes:
				case <-deadline:
					t.Fatalf("json=%v: no result for %s while input is open; output %q", asJSON, u, out.String())
				}
			}
			if !strings.Contains(out.String(), u) {
				t.Errorf("json=%v: result %d is not for %s: %q", asJSON, i, u, out.String())
			}
		}
		pw.Close()
		if c := <-code; c != exitFinding {
			t.Errorf("json=%v: exit %d, want %d", asJSON, c, exitFinding)
		}
	}
}

func TestCheckInputLines(t *testing.T) {
	path := writeFile(t, "robots.txt", checkBody)
	long := "/" + strings.Repeat("a", maxURLLine+10)
	justFits := "/" + strings.Repeat("b", maxURLLine-1)
	tests := []struct {
		name, stdin string
		code        int
		want        []string // line prefixes of the output
	}{
		{"blank and comments", "\n  \n# a comment\n/a\n\t\n  # indented comment\n/private\r\n", exitFinding,
			[]string{"allowed    /a\t", "disallowed /private\t"}},
		{"not URLs", "mailto:x\nsearch\n/a\nhttps://h.example/private\n", exitBadInput,
			[]string{"error      mailto:x\tnot a URL with a host (mailto:)", "error      search\tnot a URL", "allowed    /a\t", "disallowed https://h.example/private\t"}},
		{"too long", "/a\n" + long + "\n/private\n", exitBadInput,
			[]string{"allowed    /a\t", "error      /aaaa", "disallowed /private\t"}},
		{"too long at the end", "/a\n" + long, exitBadInput,
			[]string{"allowed    /a\t", "error      /aaaa"}},
		{"longest line", justFits + "\n/a", exitOK,
			[]string{"allowed    /bbbb", "allowed    /a\t"}},
		{"no final newline", "/a\n/private", exitFinding,
			[]string{"allowed    /a\t", "disallowed /private\t"}},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd(tt.stdin, "check", "-robots", path, "-agent", "Bot")
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		ok := code == tt.code && len(lines) == len(tt.want)
		for i := 0; ok && i < len(lines); i++ {
			ok = strings.HasPrefix(lines[i], tt.want[i]) && len(lines[i]) < maxURLLine+100
		}
		if !ok {
			if len(out) > 300 {
				out = out[:300] + "..."
			}
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit %d and %q", tt.name, code, out, errOut, tt.code, tt.want)
		}
	}
}

// TestCheckJSON compares check -json, errors included, with encoding/json,
// which it follows but for octets that are not UTF-8: those it keeps,
// percent-encoded, where encoding/json writes U+FFFD.
func TestCheckJSON(t *testing.T) {
	path := writeFile(t, "robots.txt", "User-agent: *\nDisallow: /p<&>\"\\\n")
	urls := []string{"/a", "/p<&>\"\\x", "/\u2028\u2029é", "/\xff\xfe", "/\x01\x1f\x7f", "mailto:<x>"}
	code, out, _ := runCmd(strings.Join(urls, "\n"), "check", "-json", "-robots", path, "-agent", "Bot")
	if code != exitBadInput {
		t.Errorf("exit %d, want %d", code, exitBadInput)
	}
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	m := robots.Parse([]byte("User-agent: *\nDisallow: /p<&>\"\\\n")).Agent("Bot")
	for _, u := range urls {
		if p := urlProblem([]byte(u)); p != "" {
			enc.Encode(checkResult{URL: percentInvalid(u), Error: p})
			continue
		}
		d := m.Decide(u)
		enc.Encode(checkResult{URL: percentInvalid(u), Allowed: d.Allowed, Line: d.Line, Pattern: percentInvalid(d.Pattern)})
	}
	if out != want.String() {
		t.Errorf("got\n%s\nwant (encoding/json)\n%s", out, want.String())
	}
}

// percentInvalid percent-encodes the octets of s that are not part of
// valid UTF-8.
func percentInvalid(s string) string {
	var b strings.Builder
	for i, r := range s {
		if r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD") {
			fmt.Fprintf(&b, "%%%02X", s[i])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// TestCheckBoundedRobots reads a robots.txt far larger than the parse limit
// from standard input: only the limit and the slack are read, and the rest
// is left unread.
func TestCheckBoundedRobots(t *testing.T) {
	body := "User-agent: *\nDisallow: /private\n" + strings.Repeat("# filler\n", 200<<10)
	r := &countingReader{r: strings.NewReader(body)}
	var out bytes.Buffer
	code := run(&env{stdin: r, stdout: &out, stderr: io.Discard}, []string{"check", "-robots", "-", "-agent", "Bot", "/private"})
	if code != exitFinding {
		t.Errorf("exit %d", code)
	}
	if max := robots.DefaultParseLimit + normalize.Slack; r.n > max {
		t.Errorf("read %d octets, more than %d", r.n, max)
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func TestCheckFlags(t *testing.T) {
	path := writeFile(t, "robots.txt", checkBody)
	tests := []struct {
		name string
		args []string
		code int
		want string // stdout
	}{
		{"flags after", []string{"check", "/private", "-robots", path, "-agent", "Bot"}, exitFinding, "disallowed /private\tline 2: /private\n"},
		{"json after", []string{"check", "-robots", path, "-agent", "Bot", "/private", "-json"}, exitFinding, `{"url":"/private","allowed":false,"line":2,"pattern":"/private"}` + "\n"},
		{"between", []string{"check", "/a", "-agent=Bot", "/private", "--robots", path}, exitFinding, "allowed    /a\t(no rule matched)\ndisallowed /private\tline 2: /private\n"},
		{"-- ends flags", []string{"check", "-robots", path, "-agent", "Bot", "--", "-json"}, exitBadInput, "error      -json\tnot a URL: want https://host/path or /path\n"},
		{"-- as a value", []string{"check", "-robots", path, "-agent", "--", "/a"}, exitOK, "allowed    /a\t(no rule matched)\n"},
		{"robots on stdin", []string{"check", "/private", "-agent", "Bot", "-robots", "-"}, exitFinding, "disallowed /private\tline 2: /private\n"},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd(checkBody, tt.args...)
		if code != tt.code || out != tt.want {
			t.Errorf("%s: robots %q: exit %d, stdout %q, stderr %q; want %d %q", tt.name, tt.args, code, out, errOut, tt.code, tt.want)
		}
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{
		{"check", "-h"}, {"check", "--help"}, {"check", "-robots", "x", "-help"}, {"help", "check"},
		{"lint", "--help"}, {"fetch", "-h"}, {"meta", "--help"}, {"version", "-h"},
	} {
		code, out, errOut := runCmd("", args...)
		if code != exitOK || !strings.Contains(out, "usage: robots") || errOut != "" {
			t.Errorf("robots %q: exit %d, stdout %q, stderr %q; want the usage on stdout", args, code, out, errOut)
		}
	}
	for _, args := range [][]string{{"-h"}, {"--help"}, {"help"}} {
		if code, out, _ := runCmd("", args...); code != exitOK || !strings.Contains(out, "commands:") {
			t.Errorf("robots %q: exit %d, stdout %q", args, code, out)
		}
	}
	if code, out, errOut := runCmd("", "check", "-bogus"); code != exitUsage || out != "" || !strings.Contains(errOut, "-bogus") {
		t.Errorf("check -bogus: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestVersion(t *testing.T) {
	code, out, _ := runCmd("", "version")
	if code != exitOK || out != "robots "+version()+"\n" || version() == "" {
		t.Errorf("version: exit %d, %q", code, out)
	}
	if code, _, _ := runCmd("", "version", "extra"); code != exitUsage {
		t.Errorf("version extra: exit %d", code)
	}
}

func TestCheckSummary(t *testing.T) {
	path := writeFile(t, "robots.txt", checkBody)
	const stdin = "/a\n/private\nsearch\n"
	tests := []struct {
		name      string
		stderrTTY bool
		flags     []string
		summary   bool
	}{
		{"pipe", false, nil, false},
		{"pipe -summary", false, []string{"-summary"}, true},
		{"terminal", true, nil, true},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut, stderrTTY: tt.stderrTTY}
		code := run(e, append([]string{"check", "-robots", path, "-agent", "Bot"}, tt.flags...))
		const want = "3 URLs: 1 allowed, 1 disallowed, 1 errors in "
		if code != exitBadInput || strings.Contains(out.String(), "URLs:") {
			t.Errorf("%s: exit %d, stdout %q", tt.name, code, out.String())
		}
		if got := strings.Contains(errOut.String(), "\n"+want); got != tt.summary {
			t.Errorf("%s: stderr %q; want summary %v", tt.name, errOut.String(), tt.summary)
		}
	}
}

func TestCheckProgress(t *testing.T) {
	var errOut bytes.Buffer
	st := newCheckStats(&env{stderr: &errOut, stderrTTY: true}, false)
	st.allowed, st.disallowed = 1500, 1234567
	st.progress() // too early: nothing
	if errOut.Len() != 0 {
		t.Errorf("progress before progressDelay: %q", errOut.String())
	}
	st.start = st.start.Add(-2 * progressDelay)
	st.last = st.start
	st.progress()
	if got := errOut.String(); !strings.HasPrefix(got, "\r1,236,067 URLs, ") || !strings.Contains(got, "/s, 1,234,567 disallowed") {
		t.Errorf("progress: %q", got)
	}
	errOut.Reset()
	st.done()
	if got := errOut.String(); !strings.HasPrefix(got, "\r\x1b[K1,236,067 URLs: 1,500 allowed, 1,234,567 disallowed, 0 errors in ") {
		t.Errorf("done: %q", got)
	}
	// Results on the terminal: no progress to tangle with them.
	st = newCheckStats(&env{stderr: &errOut, stderrTTY: true, stdoutTTY: true}, false)
	st.start = st.start.Add(-2 * progressDelay)
	errOut.Reset()
	st.progress()
	if errOut.Len() != 0 {
		t.Errorf("progress with stdout on the terminal: %q", errOut.String())
	}
}

func TestCommas(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -1000: "-1,000"} {
		if got := commas(n); got != want {
			t.Errorf("commas(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestCheckAgentNote(t *testing.T) {
	tests := []struct {
		body, agent, dialect string
		note                 string
	}{
		{"User-agent: Googlebot\nDisallow: /\n", "Googlebot", "", ""},
		{"User-agent: Googlebot\nDisallow: /\n", "Googlebot/2.1 (+http://www.google.com/bot.html)", "",
			`agent "Googlebot/2.1 (+http://www.google.com/bot.html)" read as "Googlebot"` + "\n"},
		{checkBody, "Googlebot/2.1", "", `agent "Googlebot/2.1" read as "Googlebot": no group names it, the * group applies` + "\n"},
		{checkBody, "Googlebot", "", `agent "Googlebot": no group names it, the * group applies` + "\n"},
		{"User-agent: Other\nDisallow: /\n", "Googlebot", "", `agent "Googlebot": no group names it and there is no * group, so nothing is disallowed` + "\n"},
		{"User-agent: googlebot\nDisallow: /\n", "Googlebot/2.1", "draft1996", ""},
		// Google's library compares the value as given.
		{checkBody, "Googlebot/2.1", "google", `agent "Googlebot/2.1": no group names it, the * group applies` + "\n"},
	}
	for _, tt := range tests {
		args := []string{"check", "-robots", "-", "-agent", tt.agent, "/x", "/y"}
		if tt.dialect != "" {
			args = append(args, "-dialect", tt.dialect)
		}
		_, _, errOut := runCmd(tt.body, args...)
		if want := strings.ReplaceAll(tt.note, "\n", ""); tt.note != "" {
			want = "robots check: " + want + "\n"
			if errOut != want {
				t.Errorf("%q for %q: stderr %q, want %q", tt.body, tt.agent, errOut, want)
			}
		} else if errOut != "" {
			t.Errorf("%q for %q: stderr %q, want nothing", tt.body, tt.agent, errOut)
		}
	}
}

// TestEachLineReaders splits the same input read in every chunking,
// against the lines of strings.Split.
func TestEachLineReaders(t *testing.T) {
	input := "/a\n\n# c\r\n  /b  \r\n\tmailto:x\n/" + strings.Repeat("c", 3*urlReadBuffer) + "\n/d\r/e\n#\n/f"
	var want []string
	for _, l := range strings.Split(input, "\n") {
		l = strings.Trim(l, " \t\r")
		if l != "" && l[0] != '#' {
			want = append(want, l)
		}
	}
	readers := map[string]func(io.Reader) io.Reader{
		"whole":    func(r io.Reader) io.Reader { return r },
		"one byte": iotest.OneByteReader,
		"half":     iotest.HalfReader,
		"data+eof": iotest.DataErrReader,
	}
	for name, wrap := range readers {
		var got []string
		waits := 0
		err := eachLine(wrap(strings.NewReader(input)), func(u []byte, problem string) {
			got = append(got, string(u))
		}, func() { waits++ })
		if err != nil || strings.Join(got, "\n") != strings.Join(want, "\n") || waits == 0 {
			t.Errorf("%s: %d lines, err %v, %d waits; want %d lines", name, len(got), err, waits, len(want))
		}
	}
	// A read error ends the batch with the error.
	err := eachLine(iotest.TimeoutReader(strings.NewReader("/a\n/b\n")), func([]byte, string) {}, func() {})
	if !errors.Is(err, errReadURLs) || !errors.Is(err, iotest.ErrTimeout) {
		t.Errorf("read error: %v", err)
	}
}

// TestEachURL is the loop of the commands that take URLs one at a time:
// every line but blank ones, comments and those too long to read.
func TestEachURL(t *testing.T) {
	var got []string
	e := &env{stdin: strings.NewReader("/a\n\n# c\n search \n/" + strings.Repeat("x", maxURLLine+1) + "\n/b")}
	if err := eachURL(e, nil, func(u string) { got = append(got, u) }); err != nil || strings.Join(got, " ") != "/a search /b" {
		t.Errorf("stdin: %q, %v", got, err)
	}
	got = nil
	if err := eachURL(e, []string{"/x", "y"}, func(u string) { got = append(got, u) }); err != nil || strings.Join(got, " ") != "/x y" {
		t.Errorf("args: %q, %v", got, err)
	}
}

// TestCheckJSONLongLine: a line too long to check is a JSON error object,
// and the batch goes on.
func TestCheckJSONLongLine(t *testing.T) {
	path := writeFile(t, "robots.txt", checkBody)
	stdin := "/" + strings.Repeat("a", maxURLLine+10) + "\n/private\n"
	code, out, _ := runCmd(stdin, "check", "-json", "-robots", path, "-agent", "Bot")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitBadInput || len(lines) != 2 {
		t.Fatalf("exit %d, %d lines", code, len(lines))
	}
	var r checkResult
	if err := json.Unmarshal([]byte(lines[0]), &r); err != nil || r.Error != longLineProblem || len(r.URL) != shownPrefix {
		t.Errorf("first line %.200s: %+v, %v", lines[0], r, err)
	}
	if want := `{"url":"/private","allowed":false,"line":2,"pattern":"/private"}`; lines[1] != want {
		t.Errorf("second line %s, want %s", lines[1], want)
	}
}
