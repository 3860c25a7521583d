package conformance

// This file reads the spec example files of testdata/spec: the examples and
// tables of the documents that define robots.txt, written as test cases.
// The format is documented on Load and in testdata/spec/README.md.

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/dialect"
	"github.com/robotsexclusion/robots/normalize"
)

// dialects lists every dialect, the meaning of "all" in a spec file, which
// names a dialect as its String does.
var dialects = dialect.All[compile.Dialect]()

// A Kind tells what a case checks.
type Kind int

// The kinds of case.
const (
	KindExpect Kind = iota // the decision on a URL under a robots.txt body
	KindMatch              // whether a path pattern matches a URL
	KindUsage              // the usage preferences of a URL under a robots.txt body
)

// String returns "expect", "match" or "usage", the keyword of the kind in a
// spec file.
func (k Kind) String() string {
	switch k {
	case KindMatch:
		return "match"
	case KindUsage:
		return "usage"
	}
	return "expect"
}

// matchAgent is the product token with which a match case is run.
const matchAgent = "ConformanceBot"

// matchLine is the line of the rule in the body a match case is run as.
const matchLine = 2

// A Case is one expect, match or usage line of a spec file.
type Case struct {
	Spec     string            // the spec file's name, such as "rfc9309.txt"
	Line     int               // the line of the expect or match line in the spec file
	Source   string            // the document and section it transcribes
	Kind     Kind              // expect, match or usage
	Dialects []compile.Dialect // the dialects whose semantics give the document's answer
	Disputed string            // why those dialects give the other answer; "" when they do not

	File  string // Expect and Usage: the name of the body
	Body  []byte // Expect and Usage: the robots.txt body
	Agent string // Expect and Usage: the crawler's product token

	Pattern string // Match: the path pattern as written in a rule

	URL string // the URL or path asked about

	// The document's answer: the URL may be fetched (Expect), or the
	// pattern matches the URL (Match).
	Allowed, Matches bool

	// Usage: the document's answer, the preferences that apply to the URL
	// as usage.Set's String writes them ("Content-Usage: train-ai=n";
	// "unknown" when none apply, as for a URL that may not be fetched).
	Usage string
}

// Name identifies the case as file:line, such as "rfc9309.txt:42".
func (c *Case) Name() string { return fmt.Sprintf("%s:%d", c.Spec, c.Line) }

// has reports whether the case records an answer of dialect d.
func (c *Case) has(d compile.Dialect) bool { return slices.Contains(c.Dialects, d) }

// Input returns what an implementation is run on: the case's body, agent
// and URL, or for a match case the body "User-agent: *\nDisallow: PATTERN\n",
// the agent "ConformanceBot" and the URL.
func (c *Case) Input() (body []byte, agent, url string) {
	if c.Kind == KindMatch {
		return []byte("User-agent: *\nDisallow: " + c.Pattern + "\n"), matchAgent, c.URL
	}
	return c.Body, c.Agent, c.URL
}

// wantAllowed returns the decision the case's dialects give: the
// document's answer, or its opposite when the case is disputed. A match case
// that matches is a disallowed URL.
func (c *Case) wantAllowed() bool {
	want := c.Allowed
	if c.Kind == KindMatch {
		want = !c.Matches
	}
	if c.Disputed != "" {
		want = !want
	}
	return want
}

// describe writes the case in one line, as a spec file writes it.
func (c *Case) describe() string {
	dialects := make([]string, len(c.Dialects))
	for i, d := range c.Dialects {
		dialects[i] = d.String()
	}
	ds := strings.Join(dialects, ",")
	switch c.Kind {
	case KindMatch:
		return fmt.Sprintf("match %s %s %s %s", ds, quote(c.Pattern), quote(c.URL), yesNo(c.Matches))
	case KindUsage:
		return fmt.Sprintf("usage %s %s %s %s (file %s)", ds, quote(c.Agent), quote(c.URL), quote(c.Usage), c.File)
	}
	return fmt.Sprintf("expect %s %s %s %s (file %s)", ds, quote(c.Agent), quote(c.URL), allowedWord(c.Allowed), c.File)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func allowedWord(b bool) string {
	if b {
		return "allowed"
	}
	return "disallowed"
}

// quote writes s as a spec file token: bare when it can be, else a Go
// string literal.
func quote(s string) string {
	if s == "" || strings.ContainsAny(s, " \t\"#\\") || strings.HasPrefix(s, "#") || !isPrintable(s) {
		return strconv.Quote(s)
	}
	return s
}

func isPrintable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r < 0x21 || r == 0x7F || r > 0x7E && !strconv.IsPrint(r) {
			return false
		}
	}
	return true
}

// A Spec is one parsed spec file.
type Spec struct {
	Name  string // the file's base name, such as "rfc9309.txt"
	Cases []Case // in file order
}

// readSpec reads and parses the spec file name of fsys.
func readSpec(fsys fs.FS, name string) (*Spec, error) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	return parseSpec(path.Base(name), data)
}

// parseSpec parses the text of a spec file called name, in the format
// documented on Load. Errors name the file and line at fault, as
// NAME:LINE.
func parseSpec(name string, data []byte) (*Spec, error) {
	p := &specParser{spec: &Spec{Name: name}, files: map[string]int{}}
	lines := strings.Split(string(data), "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	for i := 0; i < len(lines); i++ {
		n := i + 1
		line := strings.TrimSuffix(lines[i], "\r")
		if strings.HasPrefix(line, "|") {
			return nil, p.errorf(n, "body line outside a file block")
		}
		// source and disputed take free text, not tokens.
		if kw, text, ok := freeText(line); ok {
			if p.disputed != "" {
				return nil, p.errorf(p.disputedLine, "disputed must come just before an expect or match line")
			}
			if text == "" && kw == "source" {
				return nil, p.errorf(n, "source needs a text")
			}
			if text == "" {
				return nil, p.errorf(n, "disputed needs a reason")
			}
			if kw == "source" {
				p.source = text
			} else {
				p.disputed, p.disputedLine = text, n
			}
			continue
		}
		words, err := tokens(line)
		if err != nil {
			return nil, p.errorf(n, "%v", err)
		}
		if len(words) == 0 {
			continue
		}
		if p.disputed != "" && words[0] != "expect" && words[0] != "match" {
			return nil, p.errorf(p.disputedLine, "disputed must come just before an expect or match line")
		}
		switch words[0] {
		case "file":
			if len(words) != 2 || words[1] == "" {
				return nil, p.errorf(n, "want: file NAME")
			}
			if prev, ok := p.files[words[1]]; ok {
				return nil, p.errorf(n, "file %q already defined at line %d", words[1], prev)
			}
			p.files[words[1]] = n
			body, next, err := p.body(lines, i+1)
			if err != nil {
				return nil, err
			}
			p.file, p.fileBody = words[1], body
			i = next - 1
		case "expect":
			if err := p.expect(n, words); err != nil {
				return nil, err
			}
		case "match":
			if err := p.match(n, words); err != nil {
				return nil, err
			}
		case "usage":
			if err := p.usage(n, words); err != nil {
				return nil, err
			}
		case "body":
			return nil, p.errorf(n, "a body line must come just after its file line")
		default:
			return nil, p.errorf(n, "unknown keyword %q (want source, file, body, |, expect, match, usage or disputed)", words[0])
		}
	}
	if p.disputed != "" {
		return nil, p.errorf(p.disputedLine, "disputed must come just before an expect or match line")
	}
	return p.spec, nil
}

type specParser struct {
	spec         *Spec
	source       string
	file         string
	fileBody     []byte
	files        map[string]int // name -> line
	disputed     string
	disputedLine int
}

func (p *specParser) errorf(line int, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", p.spec.Name, line, fmt.Sprintf(format, args...))
}

// body reads the body of a file block starting at lines[i] and returns it
// with the index of the first line after it.
func (p *specParser) body(lines []string, i int) ([]byte, int, error) {
	var b bytes.Buffer
	j := i
	for ; j < len(lines); j++ {
		line := strings.TrimSuffix(lines[j], "\r")
		switch {
		case line == "|":
			b.WriteByte('\n')
		case strings.HasPrefix(line, "| "):
			b.WriteString(line[2:])
			b.WriteByte('\n')
		case strings.HasPrefix(line, "|"):
			return nil, 0, p.errorf(j+1, "a body line is \"| TEXT\" or a lone \"|\"")
		default:
			if j > i {
				return b.Bytes(), j, nil
			}
			words, err := tokens(line)
			if err != nil {
				return nil, 0, p.errorf(j+1, "%v", err)
			}
			if len(words) == 0 || words[0] != "body" {
				return nil, 0, p.errorf(i, "file has no body: follow it with \"| \" lines or a body line (body \"\" for an empty file)")
			}
			if len(words) != 2 {
				return nil, 0, p.errorf(j+1, "want: body \"GO STRING\"")
			}
			if j+1 < len(lines) && strings.HasPrefix(lines[j+1], "|") {
				return nil, 0, p.errorf(j+2, "a file has either a body line or \"| \" lines, not both")
			}
			return []byte(words[1]), j + 1, nil
		}
	}
	if j == i {
		return nil, 0, p.errorf(i, "file has no body: follow it with \"| \" lines or a body line (body \"\" for an empty file)")
	}
	return b.Bytes(), j, nil
}

// common checks and fills what expect and match lines share.
func (p *specParser) common(n int, words []string, want []string) (Case, error) {
	c := Case{Spec: p.spec.Name, Line: n, Source: p.source, Disputed: p.disputed}
	p.disputed = ""
	if len(words) != 5 {
		return c, p.errorf(n, "want: %s", strings.Join(want, " "))
	}
	if p.source == "" {
		return c, p.errorf(n, "no source line before this case")
	}
	ds, err := parseDialects(words[1])
	if err != nil {
		return c, p.errorf(n, "%v", err)
	}
	c.Dialects = ds
	c.URL = words[3]
	return c, nil
}

func (p *specParser) expect(n int, words []string) error {
	c, err := p.common(n, words, []string{"expect", "DIALECTS", "AGENT", "URL", "allowed|disallowed"})
	if err != nil {
		return err
	}
	if p.file == "" {
		return p.errorf(n, "expect before any file block")
	}
	c.Kind, c.File, c.Body, c.Agent = KindExpect, p.file, p.fileBody, words[2]
	switch words[4] {
	case "allowed":
		c.Allowed = true
	case "disallowed":
	default:
		return p.errorf(n, "want allowed or disallowed, not %q", words[4])
	}
	p.spec.Cases = append(p.spec.Cases, c)
	return nil
}

func (p *specParser) usage(n int, words []string) error {
	c, err := p.common(n, words, []string{"usage", "DIALECTS", "AGENT", "URL", "PREFERENCES"})
	if err != nil {
		return err
	}
	if p.file == "" {
		return p.errorf(n, "usage before any file block")
	}
	if words[4] == "" {
		return p.errorf(n, "want preferences as usage.Set writes them, or unknown")
	}
	c.Kind, c.File, c.Body, c.Agent, c.Usage = KindUsage, p.file, p.fileBody, words[2], words[4]
	p.spec.Cases = append(p.spec.Cases, c)
	return nil
}

func (p *specParser) match(n int, words []string) error {
	c, err := p.common(n, words, []string{"match", "DIALECTS", "PATTERN", "URL", "yes|no"})
	if err != nil {
		return err
	}
	c.Kind, c.Pattern = KindMatch, words[2]
	if strings.ContainsAny(c.Pattern, "#\r\n\x00") {
		return p.errorf(n, "pattern %q cannot be a rule value: it holds #, CR, LF or NUL", c.Pattern)
	}
	if t := strings.Trim(c.Pattern, " \t\v\f"); t != c.Pattern {
		return p.errorf(n, "pattern %q cannot be a rule value: blanks at either end are trimmed", c.Pattern)
	}

	if dialect.IsRobotsTxt(normalize.Canonical.URL(c.URL)) {
		return p.errorf(n, "%q is /robots.txt, which is always allowed: use an expect line", c.URL)
	}
	switch words[4] {
	case "yes":
		c.Matches = true
	case "no":
	default:
		return p.errorf(n, "want yes or no, not %q", words[4])
	}
	p.spec.Cases = append(p.spec.Cases, c)
	return nil
}

// freeText reports whether line is a source or disputed line, and returns
// its keyword and text.
func freeText(line string) (keyword, text string, ok bool) {
	line = strings.TrimLeft(line, " \t")
	for _, kw := range []string{"source", "disputed"} {
		if rest, found := strings.CutPrefix(line, kw); found && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			return kw, strings.TrimSpace(rest), true
		}
	}
	return "", "", false
}

func parseDialects(s string) ([]compile.Dialect, error) {
	if s == "all" {
		return slices.Clone(dialects), nil
	}
	var ds []compile.Dialect
	for _, name := range strings.Split(s, ",") {
		i := slices.IndexFunc(dialects, func(d compile.Dialect) bool { return d.String() == name })
		if i < 0 {
			return nil, fmt.Errorf("unknown dialect %q (want all, or a comma list of %s)", name, dialectNames())
		}
		d := dialects[i]
		if slices.Contains(ds, d) {
			return nil, fmt.Errorf("dialect %q listed twice", name)
		}
		ds = append(ds, d)
	}
	return ds, nil
}

// tokens splits a spec file line into blank-separated tokens. A token that
// starts with a double quote is a Go string literal; a token that starts
// with # begins a comment to the end of the line.
func tokens(line string) ([]string, error) {
	var out []string
	for {
		line = strings.TrimLeft(line, " \t")
		if line == "" || line[0] == '#' {
			return out, nil
		}
		if line[0] == '"' {
			lit, err := strconv.QuotedPrefix(line)
			if err != nil {
				return nil, fmt.Errorf("bad quoted string at %.20q", line)
			}
			s, _ := strconv.Unquote(lit)
			line = line[len(lit):]
			if line != "" && line[0] != ' ' && line[0] != '\t' {
				return nil, fmt.Errorf("no blank after the quoted string %s", lit)
			}
			out = append(out, s)
			continue
		}
		end := strings.IndexAny(line, " \t")
		if end < 0 {
			end = len(line)
		}
		out = append(out, line[:end])
		line = line[end:]
	}
}

// dialectNames lists the dialects' names, comma separated.
func dialectNames() string {
	names := make([]string, len(dialects))
	for i, d := range dialects {
		names[i] = d.String()
	}
	return strings.Join(names, ", ")
}
