package report

import (
	"fmt"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/dialect"
	"github.com/robotsexclusion/robots/normalize"
	"github.com/robotsexclusion/robots/served"
	"github.com/robotsexclusion/robots/usage"
)

// An Explanation is how one dialect decides one URL for one crawler
// (Matcher.Explain, with the groups of Matcher.Selection), as explain
// -json prints it.
type Explanation struct {
	URL         string        `json:"url"`
	Dialect     string        `json:"dialect"`
	Agent       Agent         `json:"agent"`
	Named       bool          `json:"named"`  // the groups name the crawler; else they are the * groups
	Groups      []GroupRef    `json:"groups"` // the groups that apply
	Path        string        `json:"path"`   // the path and query compared, in the dialect's form
	Written     string        `json:"written,omitempty"`
	Matches     []Match       `json:"matches"` // every rule that matches, in line order
	Allowed     bool          `json:"allowed"`
	Line        int           `json:"line"`    // the deciding rule's; 0 when none
	Pattern     string        `json:"pattern"` // the deciding rule's value as written
	Reason      robots.Reason `json:"reason"`
	Why         string        `json:"why"`      // the reason, for people
	Complete    bool          `json:"complete"` // every rule was tried (Explanation.Complete)
	Error       string        `json:"error,omitempty"`
	Usage       *usage.Set    `json:"usage,omitempty"`        // the usage preferences for the URL; none when the file states none
	HiddenUsage []int         `json:"hidden_usage,omitempty"` // the * groups' usage lines a named group hides
	// Served is what check and fetch.Transport decide when it is not the
	// verdict above: a reading a common server makes of the path, which a
	// rule disallows (served.Decide); nil otherwise.
	Served *Verdict `json:"served,omitempty"`
}

// An Agent is how the library read the crawler's name.
type Agent struct {
	Given   string `json:"given"`   // as the caller wrote it
	Token   string `json:"token"`   // what the names of groups are compared with
	Reduced bool   `json:"reduced"` // Token is not Given
	Shown   string `json:"shown"`   // as tools show it: "Googlebot/2.1 (read as Googlebot)"
	// ProductToken is Given's leading product token when the dialect
	// compares Given whole (Google's) and so no group can name it; empty
	// otherwise.
	ProductToken string `json:"product_token,omitempty"`
}

// A GroupRef names one group by its user-agent lines.
type GroupRef struct {
	Lines  []int    `json:"lines"`
	Agents []string `json:"agents"` // the values as written
}

// A Match is one rule that matches the URL.
type Match struct {
	Line      int    `json:"line"`
	Allow     bool   `json:"allow"`
	Pattern   string `json:"pattern"`   // as written
	Canonical string `json:"canonical"` // as compared
	Octets    int    `json:"octets"`    // its strength: the longest wins
	Wins      bool   `json:"wins"`
	IndexHTML bool   `json:"index_html,omitempty"` // matched as Google's index.html rule
}

// An ExplainAll is the dialects side by side on one URL (explain
// -dialect all -json).
type ExplainAll struct {
	URL      string        `json:"url"`
	Differ   bool          `json:"differ"` // the verdicts or deciding lines differ
	Dialects []Explanation `json:"dialects"`
}

// Explainers explain the URLs of one crawler under one body read in one or
// more dialects.
type Explainers []explainer

type explainer struct {
	d   robots.Dialect
	m   *robots.Matcher
	sel robots.Selection
	ag  Agent
}

// NewExplainers reads body in each of dialects for the crawler agent.
func NewExplainers(body []byte, agent string, dialects []robots.Dialect) Explainers {
	out := make(Explainers, len(dialects))
	for i, d := range dialects {
		m := robots.Parse(body, robots.WithDialect(d)).Agent(agent)
		sel := m.Selection()
		t := sel.Agents[0]
		ag := Agent{Given: t.Given, Token: t.Token, Reduced: t.Reduced, Shown: t.String()}
		if !t.Usable && !dialect.Of(d).Read.Substring {
			if name := compile.RFC9309.ReadAgent(agent).Token; name != "" && name != t.Token {
				ag.ProductToken = name
			}
		}
		out[i] = explainer{d: d, m: m, sel: sel, ag: ag}
	}
	return out
}

// Explain explains url in each dialect.
func (ex Explainers) Explain(url string) []Explanation {
	out := make([]Explanation, len(ex))
	for i := range ex {
		out[i] = ex[i].explain(url)
	}
	return out
}

// JSON returns what explain -json prints of url: the Explanation of the
// one dialect, or the dialects side by side.
func (ex Explainers) JSON(url string) any {
	xs := ex.Explain(url)
	if len(xs) == 1 {
		return xs[0]
	}
	return ExplainAll{URL: url, Differ: Differ(xs), Dialects: xs}
}

// Differ reports whether the dialects' verdicts or deciding lines differ.
func Differ(xs []Explanation) bool {
	for _, x := range xs[1:] {
		if x.Allowed != xs[0].Allowed || x.Line != xs[0].Line {
			return true
		}
	}
	return false
}

func (e *explainer) explain(url string) Explanation {
	ex := e.m.Explain(url)
	d := ex.Decision
	x := Explanation{URL: url, Dialect: e.d.String(), Agent: e.ag, Named: e.sel.Named, Groups: []GroupRef{},
		Path: ex.Path, Matches: []Match{}, Allowed: d.Allowed, Line: d.Line, Pattern: d.Pattern,
		Reason: ex.Reason, Complete: ex.Complete, HiddenUsage: e.sel.HiddenUsage}
	if w := normalize.Raw.URL(url); w != x.Path {
		x.Written = w
	}
	for _, g := range e.sel.Groups {
		var ref GroupRef
		for _, a := range g.Agents {
			ref.Lines = append(ref.Lines, a.Line)
			ref.Agents = append(ref.Agents, a.Value)
		}
		x.Groups = append(x.Groups, ref)
	}
	for i, m := range ex.Matches {
		x.Matches = append(x.Matches, Match{Line: m.Line, Allow: m.Allow, Pattern: m.Pattern, Canonical: m.Canonical,
			Octets: m.Strength, Wins: i == ex.Winner, IndexHTML: m.IndexHTML})
	}
	if d.NotURL {
		x.Error = URLProblem(url)
	}
	if d.Usage.Known() {
		x.Usage = &d.Usage
	}
	x.Why = why(e.d, &ex)
	if d.Allowed && !d.NotURL {
		if v := served.Decide(e.m, url); !v.Allowed {
			sv := NewServedVerdict(v)
			x.Served = &sv
		}
	}
	return x
}

// why says why the winner of x decides, or why none does, in the words of
// the dialect.
func why(d robots.Dialect, x *robots.Explanation) string {
	var s string
	switch x.Reason {
	case robots.ReasonNoMatch:
		return "no rule matches"
	case robots.ReasonRobotsTxt:
		return "/robots.txt is always allowed (RFC 9309 2.2.2)"
	case robots.ReasonFirst:
		return "the first rule in file order that matches decides (" + d.String() + ")"
	case robots.ReasonEmpty:
		return "an empty rule matches every URL with strength 0 and never disallows (Google's library)"
	case robots.ReasonIncomplete:
		return "the engine's decision: the search for matching rules stopped at its work bound, so not every rule is listed"
	case robots.ReasonOnly:
		s = "the only rule that matches"
	default:
		s = fmt.Sprintf("the longest match (%d octets)", x.Matches[x.Winner].Strength)
	}
	if x.Matches[x.Winner].IndexHTML {
		s += ", as Allow: …/index.html also allows …/ (Google's library)"
	}
	switch x.Reason {
	case robots.ReasonAllowTie:
		s += fmt.Sprintf("; allow wins the tie with line %d", x.Matches[x.Tied].Line)
	case robots.ReasonEarlier:
		s += fmt.Sprintf("; the earlier of two equal rules (line %d ties)", x.Matches[x.Tied].Line)
	}
	return s
}
