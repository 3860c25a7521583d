// Package report turns what the library says about robots.txt files into
// the values that robots COMMAND -json prints, one per command (check,
// explain, lint, diff, agents, test), and into the sentences both the JSON
// and the text forms carry. The command and any other front end (the
// WebAssembly page) answer through it, so one question gets one answer,
// in one shape, wherever it is asked: Do takes a request as the page sends
// it and returns what the command prints.
//
// It reads no file and fetches nothing (it links neither net/http nor
// package fetch): callers hand it bodies or parsed files, and names for
// them.
package report

import (
	"fmt"
	"strings"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/diff"
	"github.com/robotsexclusion/robots/served"
)

// A Verdict is a decision in JSON: whether the URL may be fetched and the
// rule that decided (line 0 and pattern "" when none), whether it failed
// closed over the decision budget (robots.Decision.OverBudget), and, when
// that rule disallows a server's reading of the URL's path rather than
// the path as written, the reading (served.Verdict).
type Verdict struct {
	Allowed    bool   `json:"allowed"`
	Line       int    `json:"line"`
	Pattern    string `json:"pattern"`
	OverBudget bool   `json:"over_budget,omitempty"`
	Read       string `json:"read,omitempty"`
}

// NewVerdict returns the verdict of d.
func NewVerdict(d robots.Decision) Verdict {
	return Verdict{Allowed: d.Allowed, Line: d.Line, Pattern: d.Pattern, OverBudget: d.OverBudget}
}

// notMatched says why a decision that failed closed names no rule, in
// every text that shows one.
const notMatched = "not matched: deciding it exactly costs more than the decision budget, so it fails closed"

// usageNotMatched says why the Content-Usage preferences of a decision
// read n where they failed closed over the decision budget
// (robots.Decision.UsageOverBudget).
const usageNotMatched = "Content-Usage not matched: deciding it exactly costs more than the decision budget, so its n fails closed"

// NewServedVerdict returns the verdict of v, its reading with it.
func NewServedVerdict(v served.Verdict) Verdict {
	x := NewVerdict(v.Decision)
	x.Read = v.Reading
	return x
}

// String writes the verdict as the command's text does: "allowed (no rule
// matched)", "disallowed by line 4: /cart", "disallowed by line 4: /cart
// (read as /cart/x)", "disallowed (not matched: ...)" for one that failed
// closed.
func (v Verdict) String() string {
	w := "allowed"
	if !v.Allowed {
		w = "disallowed"
	}
	switch {
	case v.OverBudget:
		return w + " (" + notMatched + ")"
	case v.Line == 0:
		return w + " (no rule matched)"
	}
	s := fmt.Sprintf("%s by line %d: %s", w, v.Line, Shown(v.Pattern))
	if v.Read != "" {
		s += " (read as " + Shown(v.Read) + ")"
	}
	return s
}

// A Request is one question, as a front end other than the command asks
// it: the command's name and what its flags and arguments would say, with
// files given by their contents.
type Request struct {
	Command      string   `json:"command"`      // check, explain, lint, diff, agents or test
	Robots       string   `json:"robots"`       // the robots.txt body (all but diff)
	Old          string   `json:"old"`          // diff: the body before
	New          string   `json:"new"`          // diff: the body after
	Agent        string   `json:"agent"`        // check, explain: the crawler
	Agents       []string `json:"agents"`       // diff: the crawlers compared; none for every one named
	Dialect      string   `json:"dialect"`      // rfc9309 (default), google, draft1996, original1994; explain takes "all"
	URLs         []string `json:"urls"`         // check, explain, diff: the URLs
	Paths        []string `json:"paths"`        // agents: paths besides /
	Usage        bool     `json:"usage"`        // check: add the usage preferences
	Expectations string   `json:"expectations"` // test: the expectations file
}

// Do answers a request with the value the command prints with -json for
// the same question: for check, its lines ([][]byte, each a JSON object);
// for explain and lint, a list of the objects it prints one a line; for
// the others, the one object it prints. It returns an
// error for a request it cannot answer (an unknown command or dialect, a
// missing agent, an expectations file that does not parse).
func Do(req Request) (any, error) {
	dialects, err := parseDialects(req.Dialect, req.Command == "explain")
	if err != nil {
		return nil, err
	}
	opt := []robots.Option{robots.WithDialect(dialects[0])}
	body := []byte(req.Robots)
	switch req.Command {
	case "check":
		if req.Agent == "" {
			return nil, fmt.Errorf("report: check needs an agent")
		}
		m := robots.Parse(body, opt...).Agent(req.Agent)
		out := make([][]byte, len(req.URLs))
		for i, u := range req.URLs {
			if p := URLProblem(u); p != "" {
				out[i] = AppendCheckError(nil, u, p, true)
				continue
			}
			v := served.Decide(m, u) // as check and fetch.Transport decide
			out[i] = AppendCheckJSON(nil, u, v.Decision, v.Reading, req.Usage)
		}
		return out, nil
	case "explain":
		if req.Agent == "" {
			return nil, fmt.Errorf("report: explain needs an agent")
		}
		ex := NewExplainers(body, req.Agent, dialects)
		var out []any
		for _, u := range req.URLs {
			out = append(out, ex.JSON(u))
		}
		return out, nil
	case "lint":
		return Lint("robots.txt", body, opt), nil
	case "diff":
		old, new := robots.Parse([]byte(req.Old), opt...), robots.Parse([]byte(req.New), opt...)
		res := diff.Compare(old, new, diff.Options{Agents: req.Agents, URLs: req.URLs})
		return NewDiff("old", "new", nil, res), nil
	case "agents":
		return NewAgents("robots.txt", "", robots.Parse(body, opt...), req.Paths), nil
	case "test":
		exps, err := ParseExpectations("expectations", []byte(req.Expectations))
		if err != nil {
			return nil, err
		}
		return NewTest("robots.txt", robots.Parse(body, opt...), "expectations", exps), nil
	}
	return nil, fmt.Errorf("report: unknown command %q", req.Command)
}

// parseDialects reads a dialect name; "" is rfc9309, and with all, "all"
// is every dialect, RFC 9309 first.
func parseDialects(name string, all bool) ([]robots.Dialect, error) {
	switch {
	case name == "":
		return []robots.Dialect{robots.RFC9309}, nil
	case all && strings.EqualFold(name, "all"):
		return robots.Dialects(), nil
	}
	d, err := robots.ParseDialect(name)
	if err != nil {
		return nil, err
	}
	return []robots.Dialect{d}, nil
}
