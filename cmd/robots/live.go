package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"time"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/fetch"
)

// liveUserAgent is the User-Agent of the tool's own requests. It does not
// pose as the crawler being checked; -user-agent sends another.
const liveUserAgent = "robots-check/1 (+https://github.com/robotsexclusion/robots)"

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
		userAgent:     fs.String("user-agent", liveUserAgent, "the User-Agent `header` of robots.txt requests"),
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

// runCheckLive is check without -robots: each URL is decided by its
// origin's robots.txt, fetched through one Cache, so once per origin.
func runCheckLive(e *env, o *liveOptions, agent string, asJSON bool, args []string) int {
	cache := o.cache()
	ctx := context.Background()
	status := exitOK
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	decide := func(url string) {
		res, err := cache.Get(ctx, url)
		if err != nil {
			out.Flush()
			fmt.Fprintf(e.stderr, "robots check: %v\n", err)
			status = exitUsage
			return
		}
		d := res.Decide(agent, url)
		if !d.Allowed && status == exitOK {
			status = exitFinding
		}
		if asJSON {
			r := liveResult{
				checkResult: checkResult{URL: url, Allowed: d.Allowed, Line: d.Line, Pattern: d.Pattern},
				Origin:      res.Origin, Robots: res.URL, Outcome: res.Outcome.String(), Status: res.Status,
				Stale: res.Refresh != nil,
			}
			if res.Err != nil {
				r.Error = res.Err.Error()
			} else if res.Refresh != nil && res.Refresh.Err != nil {
				r.Error = res.Refresh.Err.Error()
			}
			enc.Encode(r)
			return
		}
		fmt.Fprintln(out, formatLive(url, d, res))
	}
	if err := eachURL(e, args, decide); err != nil {
		out.Flush()
		fmt.Fprintf(e.stderr, "robots check: %v\n", err)
		return exitUsage
	}
	return status
}

// formatLive prints a decision as check does for a file, then the origin's
// robots.txt result that applied:
//
//	disallowed https://a.example/private	line 2: /private	https://a.example/robots.txt: ok (200 OK)
//	disallowed https://b.example/x	(everything disallowed)	https://b.example/robots.txt: unreachable (503 Service Unavailable)
func formatLive(url string, d robots.Decision, res *fetch.Result) string {
	if res.Outcome == fetch.OK {
		return formatDecision(url, d) + "\t" + res.String()
	}
	verdict, why := "allowed", "everything allowed"
	switch {
	case !d.Allowed:
		verdict, why = "disallowed", "everything disallowed"
	case res.Outcome != fetch.Unavailable:
		why = "robots.txt is always allowed"
	}
	return fmt.Sprintf("%-10s %s\t(%s)\t%s", verdict, url, why, res)
}
