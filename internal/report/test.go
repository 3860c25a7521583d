package report

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/served"
)

// MaxExpectations bounds an expectations file, which is read whole: far
// more than a site keeps beside its robots.txt.
const MaxExpectations = 4 << 20

// An Expectation is one line of an expectations file: "allow|disallow
// AGENT URL".
type Expectation struct {
	Line  int    `json:"line"`
	Allow bool   `json:"allow"`
	Agent string `json:"agent"`
	URL   string `json:"url"`
}

// ErrNoExpectations is returned for an expectations file that holds no
// expectation: a file cut short, or empty, must not pass as a test that
// holds.
var ErrNoExpectations = errors.New("no expectation (want lines \"allow|disallow AGENT URL\")")

// ParseExpectations reads an expectations file, named name: lines
// "allow|disallow AGENT URL", "#" starting a comment, blank lines
// ignored. A line of another form, or whose URL is not one that Decide
// reads (normalize.IsURL), is an error that names it; so is a file with no
// expectation.
func ParseExpectations(name string, data []byte) ([]Expectation, error) {
	if len(data) > MaxExpectations {
		return nil, fmt.Errorf("%s: longer than %d octets", name, MaxExpectations)
	}
	var out []Expectation
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, MaxExpectations)
	for n := 1; sc.Scan(); n++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		words := strings.Fields(text)
		if len(words) == 0 {
			continue
		}
		if len(words) != 3 || words[0] != "allow" && words[0] != "disallow" {
			return nil, fmt.Errorf("%s:%d: want \"allow|disallow AGENT URL\", got %q", name, n, strings.TrimSpace(text))
		}
		if p := URLProblem(words[2]); p != "" {
			return nil, fmt.Errorf("%s:%d: %q: %s", name, n, words[2], p)
		}
		out = append(out, Expectation{Line: n, Allow: words[0] == "allow", Agent: words[1], URL: words[2]})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: %w", name, ErrNoExpectations)
	}
	return out, nil
}

// A Test is what test -json prints: every expectation of the files, held
// or not.
type Test struct {
	Robots  string       `json:"robots"`
	Total   int          `json:"total"`
	Failed  int          `json:"failed"`
	Results []TestResult `json:"results"`
}

// A TestResult is one expectation and what the file decided.
type TestResult struct {
	File string `json:"file"`
	Expectation
	Got  Verdict `json:"got"`
	Held bool    `json:"held"`
}

// NewTest decides the expectations of the file named file under r, the
// robots.txt named robotsName.
func NewTest(robotsName string, r *robots.Robots, file string, exps []Expectation) Test {
	t := Test{Robots: robotsName, Results: []TestResult{}}
	t.Add(r, file, exps)
	return t
}

// Add decides more expectations, of the file named file.
func (t *Test) Add(r *robots.Robots, file string, exps []Expectation) {
	for _, x := range exps {
		// As check and fetch.Transport decide: an expectation of allow
		// holds only when no server's reading of the path is disallowed.
		v := served.Decide(r.Agent(x.Agent), x.URL)
		res := TestResult{File: file, Expectation: x, Got: NewServedVerdict(v), Held: v.Allowed == x.Allow}
		t.Total++
		if !res.Held {
			t.Failed++
		}
		t.Results = append(t.Results, res)
	}
}

// String writes a result that does not hold as test prints it:
//
//	expectations.txt:8: expected allow got disallow for FooBot /manual.pdf (line 7 of robots.txt: /*.pdf$)
func (r TestResult) String(robotsName string) string {
	why := "no rule matched"
	if r.Got.OverBudget {
		why = notMatched
	}
	if r.Got.Line != 0 {
		why = fmt.Sprintf("line %d of %s: %s", r.Got.Line, robotsName, Shown(r.Got.Pattern))
		if r.Got.Read != "" {
			why += ", read as " + Shown(r.Got.Read)
		}
	}
	return fmt.Sprintf("%s:%d: expected %s got %s for %s %s (%s)", r.File, r.Line, word(r.Allow), word(r.Got.Allowed), r.Agent, r.URL, why)
}

// word is a verdict in the words of an expectations file.
func word(allow bool) string {
	if allow {
		return "allow"
	}
	return "disallow"
}
