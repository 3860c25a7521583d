package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/fetch"
	"github.com/robotsexclusion/robots/internal/words"
)

func runFetch(e *env, args []string) int {
	fs := flag.NewFlagSet("fetch", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	o := addLiveFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: robots fetch [-user-agent UA] [-timeout D] [-auth-disallows] HOST|HOST:PORT|URL...")
		fmt.Fprintln(e.stderr, "fetches the robots.txt of each URL's origin as RFC 9309 says and summarizes it;")
		fmt.Fprintln(e.stderr, "exit 1 when a file has diagnostics or everything is disallowed")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitUsage
	}
	cache := o.cache()
	status := exitOK
	for i, u := range fs.Args() {
		target, err := targetURL(u)
		if err != nil {
			fmt.Fprintf(e.stderr, "robots fetch: %v\n", err)
			status = exitUsage
			continue
		}
		res, err := cache.Get(context.Background(), target)
		if err != nil {
			fmt.Fprintf(e.stderr, "robots fetch: %v\n", err)
			status = exitUsage
			continue
		}
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		writeSummary(e.stdout, res)
		bad := res.Outcome == fetch.Unreachable || res.Outcome == fetch.Restricted ||
			res.Robots != nil && len(res.Robots.Diagnostics()) > 0
		if bad && status == exitOK {
			status = exitFinding
		}
	}
	return status
}

// targetURL reads an argument naming a site: a full http or https URL, or
// a host or host:port (then https), with or without a path. Anything else
// is an error that says what is wanted.
func targetURL(arg string) (string, error) {
	bad := func(why string) error {
		return fmt.Errorf("%q: %s; want a host, host:port or http(s) URL", arg, why)
	}
	s := arg
	if i := strings.Index(s, "://"); i >= 0 {
		if scheme := strings.ToLower(s[:i]); scheme != "http" && scheme != "https" {
			return "", bad("scheme " + s[:i] + " is not http or https")
		}
	} else if strings.Contains(s, ":") && !hostPort.MatchString(s) {
		return "", bad("not a URL with a host")
	} else {
		s = "https://" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", bad("not a URL")
	}
	if u.Host == "" || u.Hostname() == "" || strings.ContainsAny(u.Host, " \t") {
		return "", bad("no host")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return "", bad("port " + p + " out of range")
		}
	}
	return u.String(), nil
}

// hostPort matches a host:port with an optional path, as people type it
// ("localhost:8080", "example.com:8443/a", "[::1]:80").
var hostPort = regexp.MustCompile(`^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):[0-9]+([/?#].*)?$`)

// writeSummary prints what fetching a robots.txt came to: the response, the
// outcome, the freshness, and the file's groups (with their usage lines),
// its usage lines outside any group, sitemaps and diagnostics.
func writeSummary(w io.Writer, res *fetch.Result) {
	p := func(key, format string, args ...any) {
		fmt.Fprintf(w, "%-12s %s\n", key+":", fmt.Sprintf(format, args...))
	}
	p("url", "%s", res.Origin+"/robots.txt")
	redirects := "no redirects"
	if res.Redirects == 1 {
		redirects = "after 1 redirect"
	} else if res.Redirects > 1 {
		redirects = fmt.Sprintf("after %d redirects", res.Redirects)
	}
	p("final url", "%s (%s)", res.FinalURL, redirects)
	if res.Status != 0 {
		p("status", "%s", strings.TrimSpace(fmt.Sprintf("%d %s", res.Status, http.StatusText(res.Status))))
	} else {
		p("status", "no response")
	}
	meaning := map[fetch.Outcome]string{
		fetch.OK:          "the file's rules apply",
		fetch.Unavailable: "no file: everything is allowed",
		fetch.Unreachable: "no answer: everything is disallowed",
		fetch.Restricted:  "access refused: everything is disallowed",
	}[res.Outcome]
	if res.Robots != nil && slices.ContainsFunc(res.Robots.Diagnostics(), func(d robots.Diagnostic) bool { return d.Code == robots.HTMLBody }) {
		meaning = "the file's rules apply, but it is an HTML page: it has none"
	}
	p("outcome", "%s (%s)", res.Outcome, meaning)
	if res.Err != nil {
		p("error", "%v", res.Err)
	}
	if res.Refresh != nil {
		p("stale", "a copy kept because fetching again found %s", strings.TrimPrefix(res.Refresh.String(), res.Origin+"/robots.txt: "))
	}
	if res.Outcome == fetch.OK {
		ct := res.ContentType
		if ct == "" {
			ct = "no content type"
		}
		trunc := ""
		if res.Truncated {
			trunc = ", truncated at the parse limit"
		}
		p("content", "%s, %d octets read%s", ct, res.Size, trunc)
	}
	p("fetched", "%s", res.Fetched.UTC().Format(time.RFC3339))
	p("fresh until", "%s (%s)", res.Expires.UTC().Format(time.RFC3339), res.Expires.Sub(res.Fetched).Round(time.Second))
	if res.Robots == nil {
		return
	}
	groups := res.Robots.Groups()
	p("groups", "%d", len(groups))
	for _, g := range groups {
		agents := make([]string, len(g.Agents))
		for i, a := range g.Agents {
			agents[i] = a.Value
		}
		allow := 0
		for _, r := range g.Rules {
			if r.Allow {
				allow++
			}
		}
		line := 0
		if len(g.Agents) > 0 {
			line = g.Agents[0].Line
		}
		fmt.Fprintf(w, "  line %d: %s: %s (%d allow, %d disallow)", line, strings.Join(agents, ", "),
			words.Count(len(g.Rules), "rule"), allow, len(g.Rules)-allow)
		if g.DelayLine != 0 {
			fmt.Fprintf(w, ", crawl-delay %s", g.CrawlDelay)
		}
		if n := len(g.Usage) + len(g.Signals); n > 0 {
			fmt.Fprintf(w, ", %s", words.Count(n, "usage line"))
		}
		fmt.Fprintln(w)
	}
	if fileUsage, fileSignals := res.Robots.Usage(), res.Robots.Signals(); len(fileUsage)+len(fileSignals) > 0 {
		p("file-wide", "%s outside any group, for every crawler", words.Count(len(fileUsage)+len(fileSignals), "usage line"))
		for _, u := range fileUsage {
			fmt.Fprintf(w, "  line %d: Content-Usage: %s\n", u.Line, u.Value)
		}
		for _, s := range fileSignals {
			fmt.Fprintf(w, "  line %d: Content-Signal: %s\n", s.Line, s.Value)
		}
	}
	sitemaps := res.Robots.Sitemaps()
	p("sitemaps", "%d", len(sitemaps))
	for _, s := range sitemaps {
		fmt.Fprintf(w, "  %s\n", s)
	}
	diags := res.Robots.Diagnostics()
	p("diagnostics", "%d", len(diags))
	for _, d := range diags {
		fmt.Fprintf(w, "  %s\n", d) // LINE[:COLUMN]: severity: code: message, as lint has it
	}
}
