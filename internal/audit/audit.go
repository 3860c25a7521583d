package audit

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/crawlers"
	"github.com/robotsexclusion/robots/fetch"
	"github.com/robotsexclusion/robots/internal/policy"
	"github.com/robotsexclusion/robots/internal/probe"
	"github.com/robotsexclusion/robots/lint"
	"github.com/robotsexclusion/robots/normalize"
	"github.com/robotsexclusion/robots/usage"
)

// MaxHeader is the longest stored HTTP header (status line and fields)
// that Audit reads; a longer one makes the capture an error record.
const MaxHeader = 64 << 10

// MaxResponse is how many octets of a stored response Audit needs: the
// header, and the body up to the parse limit and normalize.Slack, which is
// as much as the fetch policy reads. A reader may keep only these first
// octets of a longer response (Capture.Response).
const MaxResponse = MaxHeader + robots.DefaultParseLimit + normalize.Slack

// MaxWitness is the longest witness a record writes: a probe path
// longer than that (from a rule as long) is left out, and its line says
// which rule it came from.
const MaxWitness = 1 << 10

// MaxLines is how many group lines a record writes per crawler: the
// first MaxLines of the groups that apply.
const MaxLines = 16

// MaxOverBudget is how many probe decisions of one capture may fail
// closed over the decision budget (robots.Decision.OverBudget) before
// Audit stops probing that capture: each such decision costs the whole
// budget, and a hostile file makes every probe of its thousands of rules
// one, seconds of work a capture. The record then says so in its error
// (ErrProbes), and its levels are those of the probes decided until then.
// No real file makes one probe fail closed.
const MaxOverBudget = 16

// binaryPrefix is how many octets of a parsed body are looked at for a NUL
// octet, which makes the body binary, not robots.txt.
const binaryPrefix = 1 << 10

// Errors of a capture that Audit reports in Record.Error.
var (
	// ErrNotHTTP: the stored response is not an HTTP response.
	ErrNotHTTP = errors.New("not an HTTP response")
	// ErrNotRobots: the body is an HTML page or binary, not robots.txt.
	ErrNotRobots = errors.New("not robots.txt")
	// ErrLarge: the body is longer than the parse limit; what follows the
	// limit is ignored, as crawlers ignore it.
	ErrLarge = errors.New("the body is longer than the parse limit")
	// ErrProbes: more than MaxOverBudget probe decisions failed closed over
	// the decision budget, and the capture's other probes were not decided:
	// a level may be "full" or "none" where deciding every probe would
	// have found "partial".
	ErrProbes = errors.New("probes stopped: decisions over the decision budget")
	// ErrURI: the capture's URI is not an absolute http or https URL.
	ErrURI = errors.New("not an http or https URI")
)

// A Capture is one stored robots.txt fetch: where the archive keeps it,
// the URL fetched, and the HTTP response as stored (status line, header,
// payload).
type Capture struct {
	File   string // the input it was read from, as named to the tool
	Offset int64  // where its record starts in File (the first octet of its gzip member)
	Length int64  // octets of File it takes; 0 when unknown
	URI    string // the URL fetched (WARC-Target-URI)
	Date   string // when (WARC-Date, as written)

	// Response is the HTTP response as stored, or its first MaxResponse
	// octets or more: a reader need not keep more.
	Response []byte
	// Digest is the payload's digest as WARC writes it ("sha1:" and
	// base32): the record's WARC-Payload-Digest, or one computed while
	// reading; "" when unknown.
	Digest string
	// Truncated is the record's WARC-Truncated field: why the crawler cut
	// the payload ("length", "time"); "" when it did not.
	Truncated string

	// Err says why the capture could not be read whole (a corrupt or cut
	// gzip member, a record that is not a response); its record reports it
	// and nothing else.
	Err error
}

// Options say what an Auditor reports.
type Options struct {
	// Agents are the crawlers reported on, by the names they give (a
	// product token, as robots.Robots.Agent reads it); none means every
	// crawler of the registry, crawlers.All, in its order.
	Agents []string
	// Dialect is the reading of robots.txt; the zero value is RFC 9309.
	Dialect robots.Dialect
}

// An Auditor turns captures into records. It is safe for concurrent use.
type Auditor struct {
	agents  []string
	dialect robots.Dialect
	fetcher fetch.Fetcher
	checks  []*lint.Check
	never   *robots.Matcher // a file that disallows everything, in the dialect
}

// New returns an Auditor.
func New(opts Options) *Auditor {
	a := &Auditor{agents: opts.Agents, dialect: opts.Dialect}
	if len(a.agents) == 0 {
		for _, c := range crawlers.All() {
			a.agents = append(a.agents, c.Name)
		}
	}
	a.fetcher = fetch.Fetcher{KeepSource: true, ParseOptions: []robots.Option{robots.WithDialect(opts.Dialect)}}
	// Only the checks of error severity: the record lists errors only.
	for _, c := range lint.Checks() {
		if c.Code().Severity() == robots.SeverityError {
			a.checks = append(a.checks, c)
		}
	}
	a.never = robots.Parse([]byte("User-agent: *\nDisallow: /\n"), robots.WithDialect(opts.Dialect)).Agent("*")
	return a
}

// Agents returns the names of the crawlers the Auditor reports on, in the
// order of each record's Agents.
func (a *Auditor) Agents() []string { return append([]string(nil), a.agents...) }

// NumAgents returns the number of crawlers the Auditor reports on.
func (a *Auditor) NumAgents() int { return len(a.agents) }

// A responseReader reads a stored response for http.ReadResponse.
type responseReader struct {
	br *bufio.Reader // over rd
	rd bytes.Reader
}

// readers keeps the responseReaders that read stored responses.
var readers = sync.Pool{New: func() any {
	r := new(responseReader)
	r.br = bufio.NewReaderSize(&r.rd, MaxHeader)
	return r
}}

// Audit returns the record of one capture on its own. A redirect is not
// followed (its Outcome is Redirect): a Sequence follows redirects across
// the captures of one input.
func (a *Auditor) Audit(c *Capture) *Record {
	rec := &Record{Schema: SchemaVersion, File: c.File, Offset: c.Offset, Length: c.Length,
		URI: c.URI, Date: c.Date, Digest: c.Digest, WARCTruncated: c.Truncated}
	if c.Err != nil {
		rec.Error = c.Err.Error()
		return rec
	}
	u, err := url.Parse(c.URI)
	if err != nil {
		rec.Error = fmt.Sprintf("%v: %q", ErrURI, c.URI)
		return rec
	}
	origin, err := policy.OriginOf(u, c.URI)
	if err != nil {
		rec.Error = fmt.Sprintf("%v: %q", ErrURI, c.URI)
		return rec
	}
	rec.Host = origin[strings.Index(origin, "://")+3:]

	rr := readers.Get().(*responseReader)
	defer func() {
		rr.rd.Reset(nil) // keep no response alive in the pool
		readers.Put(rr)
	}()
	rr.rd.Reset(c.Response)
	rr.br.Reset(&rr.rd)
	resp, err := http.ReadResponse(rr.br, &http.Request{Method: http.MethodGet, URL: u})
	if err != nil {
		rec.Error = fmt.Sprintf("%v: %v", ErrNotHTTP, err)
		return rec
	}
	rec.Status = resp.StatusCode
	location := resp.Header.Get("Location")
	res, err := a.fetcher.FromResponse(resp)
	if err != nil { // the URI was checked above; kept for safety
		rec.Error = fmt.Sprintf("%v: %v", ErrURI, err)
		return rec
	}
	if policy.IsRedirect(rec.Status) {
		rec.Location = location
		if next, ok := follow(u, location); ok {
			rec.Location, rec.Outcome = next, OutcomeRedirect
			return rec // a Sequence may find where it leads
		}
	}
	rec.Outcome = res.Outcome.String()
	rec.Size, rec.Truncated = res.Size, res.Truncated
	a.rules(rec, res)
	return rec
}

// follow returns the URL a redirect leads to, and whether the fetch
// policy follows it: a Location that is an http or https URL once
// resolved against the URL redirected, its fragment dropped.
func follow(from *url.URL, location string) (string, bool) {
	if location == "" {
		return "", false
	}
	next, err := from.Parse(location)
	if err != nil {
		return "", false
	}
	if s := strings.ToLower(next.Scheme); s != "http" && s != "https" {
		return next.Redacted(), false
	}
	next.Fragment, next.RawFragment = "", ""
	return next.String(), true
}

// rules fills in what the file that applies says: lint's errors and each
// crawler's group, verdict and level, under the fetch policy's result.
func (a *Auditor) rules(rec *Record, res *fetch.Result) {
	if res.Outcome != fetch.OK || res.Robots == nil {
		// No file: the policy allows everything or disallows everything,
		// whatever the crawler.
		rec.Agents = a.noFile(res.Decide(a.agents[0], "/").Allowed)
		return
	}
	r := res.Robots
	var problems []string
	for _, d := range lint.RunParsed(r, res.Source, a.checks...) {
		if d.Severity() != robots.SeverityError || containsCode(rec.Lint, string(d.Code)) {
			continue
		}
		rec.Lint = append(rec.Lint, string(d.Code))
		if d.Code == robots.HTMLBody {
			problems = append(problems, ErrNotRobots.Error()+": an HTML page")
		}
	}
	if res.Source != nil && strings.IndexByte(res.Source.Text[:min(len(res.Source.Text), binaryPrefix)], 0) >= 0 {
		problems = append(problems, ErrNotRobots.Error()+": binary (a NUL octet in its first 1 KiB)")
	}
	if res.Truncated {
		problems = append(problems, fmt.Sprintf("%v: octets past %d are ignored", ErrLarge, robots.DefaultParseLimit))
	}
	defer func() { rec.Error = strings.Join(problems, "; ") }()
	// overBudget counts the capture's probe decisions that failed closed
	// over the budget, across its analyses (MaxOverBudget).
	overBudget := 0
	defer func() {
		if overBudget > MaxOverBudget {
			problems = append(problems, fmt.Sprintf("%v: %d of them", ErrProbes, overBudget))
		}
	}()

	// AgentFallback finds the first of the crawlers that a group names,
	// so that the crawlers before it, which no group names, share the
	// analysis of the * groups without each being looked up; most files
	// name few crawlers of the registry. The Matchers lend their groups
	// (AppendGroupLines, EachRule) rather than copying them (Selection).
	rec.Agents = make([]Agent, len(a.agents))
	var star *Agent // the analysis of the * groups, shared by every crawler no group names
	type selection struct {
		lines []int // of its groups, which tell selections apart
		ag    *Agent
	}
	var named []selection // the analyses of named selections
	var lines []int
	setStar := func(from, to int) {
		if from == to {
			return
		}
		if star == nil {
			m := r.Agent(a.agents[from])
			star = a.analyze(m, m.AppendGroupLines(nil), &overBudget)
		}
		for i := from; i < to; i++ {
			rec.Agents[i] = *star
			rec.Agents[i].Name = a.agents[i]
		}
	}
	for i := 0; i < len(a.agents); {
		m := r.AgentFallback(a.agents[i:]...)
		if !m.Named() {
			setStar(i, len(a.agents))
			break
		}
		given := m.Given()
		j := i
		for j < len(a.agents) && a.agents[j] != given {
			j++
		}
		if j == len(a.agents) {
			panic("audit: AgentFallback chose " + given + ", which was not asked")
		}
		setStar(i, j)
		lines = m.AppendGroupLines(lines[:0])
		var ag *Agent
		for _, n := range named {
			if slices.Equal(n.lines, lines) {
				ag = n.ag
				break
			}
		}
		if ag == nil {
			kept := slices.Clone(lines)
			ag = a.analyze(m, kept, &overBudget)
			named = append(named, selection{kept, ag})
		}
		rec.Agents[j] = *ag
		rec.Agents[j].Name = a.agents[j]
		i = j + 1
	}
}

// noFile returns the agents of a record without a file, where the policy
// allows everything (allowed) or disallows everything: the one probe is
// "/", and no group applies.
func (a *Auditor) noFile(allowed bool) []Agent {
	out := make([]Agent, len(a.agents))
	for i, name := range a.agents {
		out[i] = Agent{Name: name, Group: GroupNone, Root: verdict(allowed), Level: levelOf(allowed, false)}
	}
	return out
}

// containsCode reports whether codes holds code.
func containsCode(codes []string, code string) bool {
	for _, c := range codes {
		if c == code {
			return true
		}
	}
	return false
}

// analyze decides the selection of m, whose groups are at lines (which
// it may keep): its group, its verdict on "/" with the usage preferences
// there, and its level on the probes of its rules.
func (a *Auditor) analyze(m *robots.Matcher, lines []int, overBudget *int) *Agent {
	ag := &Agent{Group: GroupNone}
	switch {
	case m.Named():
		ag.Group = GroupNamed
	case len(lines) > 0:
		ag.Group = GroupStar
	}
	if n := min(len(lines), MaxLines); n > 0 {
		ag.Lines = lines[:n:n]
	}
	root := m.Decide("/")
	ag.Root, ag.RootLine = verdict(root.Allowed), root.Line
	ag.Usage, ag.UsageOverBudget = usageOf(root.Usage), root.UsageOverBudget
	ag.Level = levelOf(root.Allowed, false)
	// A witness is a probe decided otherwise than "/": a disallowed one
	// when "/" is allowed, first sought among the probes of disallow
	// rules, which are the only rules that disallow; an allowed one when
	// "/" is disallowed, first among those of allow rules.
	var probes []string
	for _, first := range []bool{true, false} {
		m.EachRule(func(_ int, allow bool, pattern string) bool {
			if pattern == "" || (allow != root.Allowed) != first {
				return true
			}
			probes = probe.Rule(probes[:0], a.dialect, pattern)
			for _, p := range probes {
				if *overBudget > MaxOverBudget {
					return false
				}
				d := m.Decide(p)
				if d.OverBudget {
					*overBudget++
				}
				if d.Allowed == root.Allowed || d.NotURL {
					continue
				}
				if d.Allowed && a.never.Decide(p).Allowed {
					continue // /robots.txt, which every file allows: no content
				}
				ag.Level, ag.WitnessLine = Partial, d.Line
				if len(p) <= MaxWitness {
					ag.Witness = p
				}
				return false
			}
			return true
		})
		if ag.Level == Partial {
			break
		}
	}
	return ag
}

// verdict names a verdict as records write it.
func verdict(allowed bool) string {
	if allowed {
		return Allowed
	}
	return Disallowed
}

// levelOf returns the level of a crawler whose probes are all decided as
// "/" is (allowed or not), or of one with a probe decided otherwise
// (mixed).
func levelOf(rootAllowed, mixed bool) Level {
	switch {
	case mixed:
		return Partial
	case rootAllowed:
		return None
	}
	return Full
}

// usageOf returns the known usage preferences of s, keyed as records
// write them (UsageKey); nil when none is known.
func usageOf(s usage.Set) map[string]string {
	if !s.Known() {
		return nil
	}
	out := map[string]string{}
	for c := range usage.Category(usage.NumCategories) {
		if p := s.Get(c); p != usage.Unknown {
			out[UsageKey(c)] = p.String()
		}
	}
	if u, _ := s.Use(); u != usage.UseUnknown {
		out[UseKey] = u.String()
	}
	return out
}

// UsageKey returns the key of a usage category in Agent.Usage: its label
// for the AI Preferences vocabulary ("train-ai", "search"), and "signal-"
// and its label for Content Signals ("signal-ai-train").
func UsageKey(c usage.Category) string {
	if c.Vocabulary() == usage.ContentSignal {
		return "signal-" + c.Label()
	}
	return c.Label()
}

// UseKey is the key in Agent.Usage of the use value of Content Signals.
const UseKey = "signal-use"
