package lint_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/lint"
)

// want finds the expectations of a line: `# want "code"`, or "code@COL"
// for a finding at a column, one or more.
var want = regexp.MustCompile(`#\s*want((?:\s+"[^"]*")+)`)

// dialectLine sets the dialect a test file is read in: "# dialect: D".
var dialectLine = regexp.MustCompile(`(?m)^#\s*dialect:\s*(\S+)`)

// TestChecks runs each check on the files of testdata/<check>, and the
// parser alone on testdata/parser: the diagnostics of the check's code
// (under parser, every diagnostic) must be exactly those the "# want"
// comments of the lines ask for, as analysistest reads "// want" comments.
// The comments are found in the text as the library decoded it, so a file
// may be UTF-16.
func TestChecks(t *testing.T) {
	dirs, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	checks := map[string]*lint.Check{}
	for _, c := range lint.Checks() {
		checks[string(c.Code())] = c
	}
	tested := map[string]bool{}
	for _, dir := range dirs {
		name := dir.Name()
		c, ok := checks[name]
		if !ok && name != "parser" {
			t.Errorf("testdata/%s: no check of that name", name)
			continue
		}
		tested[name] = true
		files, _ := filepath.Glob(filepath.Join("testdata", name, "*.txt"))
		if len(files) == 0 {
			t.Errorf("testdata/%s: no files", name)
		}
		for _, file := range files {
			body, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var opts []robots.Option
			_, src := robots.ParseSource(body)
			if m := dialectLine.FindStringSubmatch(src.Text); m != nil {
				d, err := robots.ParseDialect(m[1])
				if err != nil {
					t.Fatalf("%s: %v", file, err)
				}
				opts = append(opts, robots.WithDialect(d))
			}
			var wanted []string
			for i, l := range src.Lines {
				m := want.FindStringSubmatch(src.Text[l.Span.Start:l.Span.End])
				if m == nil {
					continue
				}
				for _, q := range regexp.MustCompile(`"([^"]*)"`).FindAllStringSubmatch(m[1], -1) {
					code, col, _ := strings.Cut(q[1], "@")
					wanted = append(wanted, fmt.Sprintf("%d:%s:%s", i+1, col, code))
				}
			}
			var checksRun []*lint.Check
			if c != nil {
				checksRun = append(checksRun, c)
			} else {
				checksRun = append(checksRun, lint.None)
			}
			var got []string
			for _, d := range lint.Run(body, opts, checksRun...) {
				if c != nil && d.Code != c.Code() {
					continue
				}
				got = append(got, fmt.Sprintf("%d:%d:%s", d.Line, d.Column, d.Code))
				if d.Message == "" || d.Severity() != d.Code.Severity() {
					t.Errorf("%s: %v: no message or another severity", file, d)
				}
			}
			// A want without a column takes a finding at any column.
			var missing []string
			for _, w := range wanted {
				i := slices.IndexFunc(got, func(g string) bool {
					gl, gcode := strings.SplitN(g, ":", 3), ""
					wl := strings.SplitN(w, ":", 3)
					gcode = gl[2]
					return gl[0] == wl[0] && gcode == wl[2] && (wl[1] == "" || wl[1] == gl[1])
				})
				if i < 0 {
					missing = append(missing, w)
					continue
				}
				got = slices.Delete(got, i, i+1)
			}
			if len(missing) > 0 || len(got) > 0 {
				t.Errorf("%s: missing %v (line:column:code), unwanted %v", file, missing, got)
			}
		}
	}
	tested[string(lint.PastLimit.Code())] = true // a file past the limit is too large for testdata: TestPastLimit
	for name := range checks {
		if !tested[name] {
			t.Errorf("check %s has no testdata/%s", name, name)
		}
	}
}

// TestCheckValues requires each check's code to be one of the one table,
// and each code to have one check.
func TestCheckValues(t *testing.T) {
	seen := map[robots.Code]bool{}
	for _, c := range lint.Checks() {
		if code := c.Code(); !code.Known() || seen[code] {
			t.Errorf("check %s: not a code of the table, or a second check of it", code)
		}
		seen[c.Code()] = true
	}
}

// TestPastLimit reads a file longer than RFC 9309's minimum parse limit
// with a larger limit: the first line past the minimum is reported; read
// with the default limit, the parser's Truncated says it instead.
func TestPastLimit(t *testing.T) {
	line := "Disallow: /" + strings.Repeat("a", 88) + "\n" // 100 octets
	body := []byte("User-agent: *\n" + strings.Repeat(line, robots.DefaultParseLimit/100+10))
	ds := lint.Run(body, []robots.Option{robots.WithParseLimit(len(body))}, lint.PastLimit)
	want := robots.DefaultParseLimit/100 + 1 // the line that straddles the limit: 14 + 5119·100 + 99 octets end it
	if len(ds) != 1 || ds[0].Code != robots.PastLimit || ds[0].Line != want {
		t.Errorf("with a larger limit: %v, want past-limit on line %d", ds, want)
	}
	ds = lint.Run(body, nil, lint.PastLimit)
	if len(ds) != 1 || ds[0].Code != robots.Truncated {
		t.Errorf("with the default limit: %v, want the parser's truncated alone", ds)
	}
}

// TestManyNames checks the bound of the checks that ask a Matcher of each
// named crawler: past the first 1,000 names they say so, once, and ask no
// more.
func TestManyNames(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /private\n")
	for i := range 1200 {
		fmt.Fprintf(&b, "\nUser-agent: bot%c%c%c\nDisallow: /x\n", 'a'+i%26, 'a'+i/26%26, 'a'+i/676%26)
	}
	var left, replaced int
	for _, d := range lint.Run([]byte(b.String()), nil, lint.StarReplaced) {
		switch {
		case strings.Contains(d.Message, "names more than 1000 crawlers"):
			left++
			if d.Line != 3+3*1000+1 { // the 1,001st name
				t.Errorf("the note is on line %d", d.Line)
			}
		default:
			replaced++
		}
	}
	if left != 1 || replaced != 1000 {
		t.Errorf("%d notes, %d findings; want 1 and 1000", left, replaced)
	}
}

// RunParsed on the file and Source of one ParseSource gives what Run gives
// on the body, for every check and for each alone, on every test file.
func TestRunParsed(t *testing.T) {
	files, err := filepath.Glob("testdata/*/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files: %v", err)
	}
	for _, name := range files {
		body, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var opts []robots.Option
		if m := dialectLine.FindSubmatch(body); m != nil {
			d, err := robots.ParseDialect(string(m[1]))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			opts = append(opts, robots.WithDialect(d))
		}
		sets := [][]*lint.Check{nil}
		for _, c := range lint.Checks() {
			sets = append(sets, []*lint.Check{c})
		}
		for _, checks := range sets {
			r, src := robots.ParseSource(body, opts...)
			before := r.Groups()
			got := lint.RunParsed(r, src, checks...)
			want := lint.Run(body, opts, checks...)
			if !slices.Equal(got, want) {
				t.Errorf("%s, %d checks: RunParsed gives\n%v\nRun gives\n%v", name, len(checks), got, want)
			}
			// The checks borrow the file's groups: they must leave them
			// as they were.
			if after := r.Groups(); !reflect.DeepEqual(before, after) {
				t.Errorf("%s, %d checks: the file's groups changed:\n%+v\nthey were\n%+v", name, len(checks), after, before)
			}
		}
	}
}

// BenchmarkErrorChecks runs the checks of error severity on the corpus
// files, parsed once beforehand: what robots audit asks of lint for each
// capture.
func BenchmarkErrorChecks(b *testing.B) {
	files, _ := filepath.Glob("../../shared/corpus/robots/*")
	if len(files) == 0 {
		b.Skip("needs ../shared: corpus absent")
	}
	var checks []*lint.Check
	for _, c := range lint.Checks() {
		if c.Code().Severity() == robots.SeverityError {
			checks = append(checks, c)
		}
	}
	type parsed struct {
		r   *robots.Robots
		src *robots.Source
	}
	var ps []parsed
	for _, f := range files {
		body, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		r, src := robots.ParseSource(body)
		ps = append(ps, parsed{r, src})
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := ps[i%len(ps)]
		lint.RunParsed(p.r, p.src, checks...)
	}
}
