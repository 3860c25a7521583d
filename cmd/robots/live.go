package main

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/fetch"
	"github.com/robotsexclusion/robots/internal/report"
	"github.com/robotsexclusion/robots/served"
)

// liveUserAgent is the User-Agent of the tool's own robots.txt requests:
// robots/VERSION and where the tool lives. It does not pose as the crawler
// being checked; -user-agent sends another.
func liveUserAgent() string {
	return userAgent() + " (+https://github.com/robotsexclusion/robots)"
}

// liveOptions are the flags of the commands that fetch robots.txt files.
type liveOptions struct {
	userAgent     *string
	timeout       *time.Duration
	authDisallows *bool
	parse         []robots.Option // more options for robots.Parse (check's -dialect)
}

// addLiveFlags defines the flags of the commands that fetch robots.txt
// files on fs.
func addLiveFlags(fs *flag.FlagSet) *liveOptions {
	return &liveOptions{
		userAgent:     fs.String("user-agent", liveUserAgent(), "the User-Agent `header` of robots.txt requests"),
		timeout:       fs.Duration("timeout", fetch.DefaultTimeout, "bound on each robots.txt fetch, redirects included"),
		authDisallows: fs.Bool("auth-disallows", false, "read 401 and 403 as \"everything disallowed\" instead of \"no file\""),
	}
}

// cache returns a Cache that fetches as the options say.
func (o *liveOptions) cache() *fetch.Cache {
	return &fetch.Cache{Fetcher: fetch.Fetcher{
		UserAgent:     *o.userAgent,
		Timeout:       *o.timeout,
		AuthDisallows: *o.authDisallows,
		ParseOptions:  o.parse,
	}}
}

// liveResult is one output line of check -json without -robots.
type liveResult struct {
	checkResult
	Origin  string `json:"origin"`
	Robots  string `json:"robots"`  // the robots.txt URL fetched
	Outcome string `json:"outcome"` // ok, unavailable, unreachable or restricted
	Status  int    `json:"status"`  // of the robots.txt response; 0 when none
	Stale   bool   `json:"stale,omitempty"`
	Error   string `json:"error,omitempty"`
}

// liveFetches bounds how many distinct origins live check fetches at
// once, and liveQueue how many URLs may wait for their origin's robots.txt
// before reading more input stops. URLs are printed in input order.
const (
	liveFetches = 4
	liveQueue   = 256
)

// livePending is a URL of live check on its way to the output.
type livePending struct {
	url     string
	problem string // the input line is not a URL; nothing fetched
	res     *fetch.Result
	err     error
	done    chan struct{} // closed when res and err are set
}

// runCheckLive is check without -robots: each URL is decided by its
// origin's robots.txt, fetched through one Cache, so once per origin.
// Distinct origins are fetched concurrently, at most liveFetches at a time;
// the results are printed in the order of the input.
func runCheckLive(e *env, o *liveOptions, agent string, w *resultWriter, args []string, st *checkStats) int {
	cache := o.cache()
	ctx := context.Background()
	queue := make(chan *livePending, liveQueue)
	written := make(chan struct{})
	go func() {
		defer close(written)
		for {
			var p *livePending
			select {
			case p = <-queue:
			default:
				w.flush() // about to wait
				st.progress()
				p = <-queue
			}
			if p == nil {
				return
			}
			<-p.done
			switch {
			case p.problem != "":
				st.errors++
				w.invalid([]byte(p.url), p.problem)
			case p.err != nil:
				st.errors++
				w.invalid([]byte(p.url), p.err.Error())
			default:
				d := p.res.Decide(agent, p.url)
				st.count(d.Allowed)
				w.live(p.url, d, p.res)
			}
		}
	}()

	sem := make(chan struct{}, liveFetches)
	inflight := map[string]chan struct{}{} // origin -> closed when its first fetch is done
	line := func(u []byte, problem string) {
		p := &livePending{url: string(u), problem: problem, done: make(chan struct{})}
		if problem != "" {
			close(p.done)
			queue <- p
			return
		}
		origin := originKey(p.url)
		first, seen := inflight[origin]
		if !seen {
			if len(inflight) >= liveQueue {
				pruneDone(inflight)
			}
			inflight[origin] = p.done
			sem <- struct{}{}
		}
		go func() {
			if seen {
				<-first // the origin's fetch; then the Cache answers at once
			} else {
				defer func() { <-sem }()
			}
			p.res, p.err = cache.Get(ctx, p.url)
			close(p.done)
		}()
		queue <- p
	}
	err := eachURLLine(e, args, line, func() {})
	queue <- nil
	<-written
	return st.finish(err, w)
}

// originKey returns the scheme and authority of an absolute URL, ignoring
// case: URLs with one key share one robots.txt. Others keys are "".
func originKey(u string) string {
	i := strings.Index(u, "://")
	if i < 0 {
		return ""
	}
	j := i + 3
	for j < len(u) && u[j] != '/' && u[j] != '?' && u[j] != '#' {
		j++
	}
	return strings.ToLower(u[:j])
}

// pruneDone forgets the origins whose first fetch is over.
func pruneDone(m map[string]chan struct{}) {
	for k, c := range m {
		select {
		case <-c:
			delete(m, k)
		default:
		}
	}
}

// live writes a URL decided by a fetched robots.txt, as formatLive does or
// as a liveResult.
func (rw *resultWriter) live(url string, v served.Verdict, res *fetch.Result) {
	d := v.Decision
	if !rw.json {
		rw.w.WriteString(formatLive(url, v, res))
		if rw.usage {
			rw.w.Write(report.AppendUsageColumn(rw.scratch[:0], d))
		}
		rw.w.WriteByte('\n')
		return
	}
	r := liveResult{
		checkResult: checkResult{URL: url, Allowed: d.Allowed, Line: d.Line, Pattern: d.Pattern, Read: v.Reading},
		Origin:      res.Origin, Robots: res.Origin + "/robots.txt", Outcome: res.Outcome.String(), Status: res.Status,
		Stale: res.Refresh != nil,
	}
	if rw.usage {
		r.Usage = &d.Usage
	}
	if res.Err != nil {
		r.Error = res.Err.Error()
	} else if res.Refresh != nil && res.Refresh.Err != nil {
		r.Error = res.Refresh.Err.Error()
	}
	writeJSON(rw.w, r)
}

// formatLive prints a decision as check does for a file, then the origin's
// robots.txt result that applied:
//
//	disallowed https://a.example/private	line 2: /private	https://a.example/robots.txt: ok (200 OK)
//	disallowed https://b.example/x	(everything disallowed)	https://b.example/robots.txt: unreachable (503 Service Unavailable)
func formatLive(url string, v served.Verdict, res *fetch.Result) string {
	if res.Outcome == fetch.OK {
		return string(report.AppendCheckText(nil, url, v.Decision, v.Reading, false)) + "\t" + report.Shown(res.String())
	}
	verdict, why := "allowed", "everything allowed"
	switch {
	case !v.Allowed:
		verdict, why = "disallowed", "everything disallowed"
	case res.Outcome != fetch.Unavailable:
		why = "robots.txt is always allowed"
	}
	return fmt.Sprintf("%-10s %s\t(%s)\t%s", verdict, report.Shown(url), why, report.Shown(res.String()))
}
