package main

import (
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/served"
	prefs "github.com/robotsexclusion/robots/usage"
)

// checkResult is one output line of check -json: a decision, or an input
// line that is not a URL (Error set, the other fields zero).
type checkResult struct {
	URL     string `json:"url"`
	Allowed bool   `json:"allowed"`
	Line    int    `json:"line"`
	Pattern string `json:"pattern"`
	// Read is the reading of the path that a server may make and that a
	// rule disallows, when it is not the path as sent (served.Verdict).
	Read string `json:"read,omitempty"`
	// Usage is the usage preferences robots.txt states for the URL, with
	// -usage only (usage.Set's JSON form).
	Usage *prefs.Set `json:"usage,omitempty"`
	Error string     `json:"error,omitempty"`
}

func runCheck(e *env, args []string) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	file := fs.String("robots", "", "robots.txt `file` to read, or - for standard input")
	agent := fs.String("agent", "", "the crawler's product `token`, such as Googlebot")
	asJSON := fs.Bool("json", false, "print one JSON object per URL")
	withUsage := fs.Bool("usage", false, "print beside each verdict the usage preferences robots.txt states for the URL (Content-Usage, Content-Signal), with their lines")
	summary := fs.Bool("summary", false, "print a one-line summary on standard error even when it is not a terminal")
	live := addLiveFlags(fs) // for live mode, without -robots (live.go)
	dialect := addDialectFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: robots check -robots FILE|- -agent NAME [-dialect D] [-json] [-usage] [-summary] [URL...]")
		fmt.Fprintln(e.stderr, "       robots check -agent NAME [-dialect D] [-json] [-usage] [-summary] [-user-agent UA] [-timeout D] [-auth-disallows] [URL...]")
		fmt.Fprintln(e.stderr, "URLs come from the arguments, or one per line on standard input (blank and # lines skipped);")
		fmt.Fprintln(e.stderr, "each result is printed as soon as it is decided. Without -robots, each URL's robots.txt is")
		fmt.Fprintln(e.stderr, "fetched, once per origin. A line that is not a URL, or is longer than 1 MiB, gets an error")
		fmt.Fprintln(e.stderr, "line of its own. Exit 0: all allowed; 1: some disallowed; 3: some lines were not URLs.")
		fmt.Fprintln(e.stderr, "A URL is decided as the fetch package's Transport decides it: its path as sent, and each reading")
		fmt.Fprintln(e.stderr, "of it that a common server makes (dot segments resolved, %2F read as /, ;parameters removed);")
		fmt.Fprintln(e.stderr, "\"read as PATH\" (\"read\" in JSON) names a reading a rule disallows.")
		fmt.Fprintln(e.stderr, "With -usage, each verdict is followed by the usage preferences robots.txt states for the URL")
		fmt.Fprintln(e.stderr, "(\"usage: Content-Usage: train-ai=n (line 4)\", or \"unknown\"; a disallowed URL has none),")
		fmt.Fprintln(e.stderr, "or a \"usage\" member in JSON.")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *agent == "" {
		fmt.Fprintln(e.stderr, "robots check: -agent is required")
		fs.Usage()
		return exitUsage
	}
	st := newCheckStats(e, *summary)
	// Live mode: without -robots, fetch each origin's robots.txt (live.go).
	if *file == "" {
		live.parse = append(live.parse, dialect.option())
		return runCheckLive(e, live, *agent, newResultWriter(e.stdout, *asJSON, *withUsage), fs.Args(), st)
	}
	if *file == "-" && fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "robots check: with -robots -, give the URLs as arguments")
		return exitUsage
	}
	body, err := readRobotsBody(e, *file)
	if err != nil {
		fmt.Fprintf(e.stderr, "robots check: %v\n", err)
		return exitUsage
	}
	r := robots.Parse(body, dialect.option())
	m, note := agentMatcher(r, *agent)
	if note != "" {
		fmt.Fprintf(e.stderr, "robots check: %s\n", note)
	}

	w := newResultWriter(e.stdout, *asJSON, *withUsage)
	err = decideAll(e, fs.Args(), m, w, st)
	w.flush()
	return st.finish(err, w)
}

// decide is where check decides one URL of a file given with -robots: as
// fetch.Transport decides a request, on its path as sent and each reading a
// common server makes of it (served.Decide; live check decides through
// fetch.Result.Decide, which calls it too).
func decide(m *robots.Matcher, url string) served.Verdict { return served.Decide(m, url) }

// agentMatcher returns the Matcher for the crawler named by agent and, when
// the file was not read for agent as given, a note saying how it was read:
// the agent reduced to its product token, or no group naming it so that the
// * groups apply. It says what the library's Selection reports.
func agentMatcher(r *robots.Robots, agent string) (*robots.Matcher, string) {
	m := r.Agent(agent)
	s := m.Selection()
	var note string
	if len(s.Agents) > 0 && s.Agents[0].Reduced {
		note = fmt.Sprintf("agent %q read as %q", agent, s.Agents[0].Token)
	}
	if !s.Named {
		if note == "" {
			note = fmt.Sprintf("agent %q", agent)
		}
		if len(s.Groups) > 0 {
			note += ": no group names it, the * group applies"
		} else {
			note += ": no group names it and there is no * group, so nothing is disallowed"
		}
	}
	return m, note
}

// checkStats counts the results of a check run, and shows progress and the
// summary on standard error.
type checkStats struct {
	e                           *env
	allowed, disallowed, errors int
	start, last                 time.Time
	showProgress, showSummary   bool
	progressShown               bool
}

// Progress appears once a run has taken progressDelay, when standard error
// is a terminal and standard output is not (results on the terminal would
// tangle with it); it is redrawn at most every progressEvery.
const (
	progressDelay = time.Second
	progressEvery = 250 * time.Millisecond
)

func newCheckStats(e *env, summary bool) *checkStats {
	now := time.Now()
	return &checkStats{e: e, start: now, last: now,
		showProgress: e.stderrTTY && !e.stdoutTTY,
		showSummary:  e.stderrTTY || summary,
	}
}

func (s *checkStats) count(allowed bool) {
	if allowed {
		s.allowed++
	} else {
		s.disallowed++
	}
}

func (s *checkStats) total() int { return s.allowed + s.disallowed + s.errors }

// progress redraws the progress line when it is due.
func (s *checkStats) progress() {
	if !s.showProgress {
		return
	}
	now := time.Now()
	if now.Sub(s.start) < progressDelay || now.Sub(s.last) < progressEvery {
		return
	}
	s.last = now
	el := now.Sub(s.start).Seconds()
	fmt.Fprintf(s.e.stderr, "\r%s URLs, %s/s, %s disallowed\x1b[K",
		commas(s.total()), commas(int(float64(s.total())/el)), commas(s.disallowed))
	s.progressShown = true
}

// done clears the progress line and prints the summary when asked for.
func (s *checkStats) done() {
	if s.progressShown {
		fmt.Fprint(s.e.stderr, "\r\x1b[K")
	}
	if s.showSummary {
		fmt.Fprintln(s.e.stderr, s.summary(time.Since(s.start)))
	}
}

// summary is the line printed at the end of a run:
//
//	1,000,000 URLs: 812,345 allowed, 187,655 disallowed, 0 errors in 0.9 s
func (s *checkStats) summary(d time.Duration) string {
	return fmt.Sprintf("%s URLs: %s allowed, %s disallowed, %s errors in %.1f s",
		commas(s.total()), commas(s.allowed), commas(s.disallowed), commas(s.errors), d.Seconds())
}

// finish ends a run whose URLs were read with err and whose results w
// wrote: the summary, then the exit status, exitUsage when reading the
// URLs or writing a result failed.
func (s *checkStats) finish(err error, w *resultWriter) int {
	s.done()
	if err != nil {
		fmt.Fprintf(s.e.stderr, "robots check: %v\n", err)
		return exitUsage
	}
	if werr := w.err(); werr != nil {
		fmt.Fprintf(s.e.stderr, "robots check: writing results: %v\n", werr)
		return exitUsage
	}
	return s.status()
}

// status is the exit status the counts call for.
func (s *checkStats) status() int {
	switch {
	case s.errors > 0:
		return exitBadInput
	case s.disallowed > 0:
		return exitFinding
	}
	return exitOK
}

// commas formats n with thousands separators: 1234567 is "1,234,567".
func commas(n int) string {
	s := fmt.Sprint(n)
	neg := ""
	if n < 0 {
		neg, s = "-", s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return neg + s
}

// errReadURLs wraps an error reading the URL list.
var errReadURLs = errors.New("reading URLs")
