package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/field"
	"github.com/robotsexclusion/robots/meta"
	prefs "github.com/robotsexclusion/robots/usage"
)

// defaultMetaTimeout bounds the fetch of a URL by robots meta.
const defaultMetaTimeout = 30 * time.Second

func runMeta(e *env, args []string) int {
	fs := flag.NewFlagSet("meta", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	agent := fs.String("agent", "", "the crawler's product `token`, such as Googlebot")
	limit := fs.Int64("limit", meta.DefaultLimit, "read at most `n` bytes of the page")
	timeout := fs.Duration("timeout", defaultMetaTimeout, "give up fetching a URL after `d`")
	ua := fs.String("user-agent", userAgent(), "the User-Agent `header` of the request for a URL (the tool's own, not the crawler's)")
	robotsFile := fs.String("robots", "", "combine the usage preferences robots.txt `FILE` states for the URL with the page's (a URL only)")
	dialect := addDialectFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: robots meta -agent NAME [-user-agent UA] [-limit N] [-timeout D] FILE|-|URL")
		fmt.Fprintln(e.stderr, "       robots meta -agent NAME -robots FILE [-dialect D] [-user-agent UA] [-limit N] [-timeout D] URL")
		fmt.Fprintln(e.stderr, "Reads the robots META tags of an HTML file, or fetches a URL (http(s)://..., or a host")
		fmt.Fprintln(e.stderr, "or host:port that is not a file, fetched as https) and reads")
		fmt.Fprintln(e.stderr, "its X-Robots-Tag, Robots-Tag, Content-Usage and Content-Signal headers and META tags.")
		fmt.Fprintln(e.stderr, "Prints the directives in force for NAME on one line, then each directive found and")
		fmt.Fprintln(e.stderr, "where, one per line. When the page states usage preferences (Content-Usage and")
		fmt.Fprintln(e.stderr, "Content-Signal headers, noai read as train-ai=n), a line \"usage: ...\" follows with")
		fmt.Fprintln(e.stderr, "them, then each category stated and where, then what is wrong with each usage header.")
		fmt.Fprintln(e.stderr, "With -robots, the preferences robots.txt FILE states for the URL count too, any no winning,")
		fmt.Fprintln(e.stderr, "each shown with its line (a URL robots.txt disallows has none: a note says so).")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *agent == "" || fs.NArg() != 1 {
		fmt.Fprintln(e.stderr, "robots meta: give -agent and one FILE or URL")
		fs.Usage()
		return exitUsage
	}
	if *limit <= 0 {
		fmt.Fprintln(e.stderr, "robots meta: -limit must be positive")
		return exitUsage
	}
	target := fs.Arg(0)

	var d meta.Directives
	var hdr http.Header // the response's headers, when a URL was fetched
	var rt *metaRobots
	u, isURL, err := metaTarget(target)
	if err == nil && *robotsFile != "" {
		if !isURL {
			fmt.Fprintln(e.stderr, "robots meta: -robots needs a URL, whose path robots.txt decides")
			return exitUsage
		}
		rt, err = metaReadRobots(e, *robotsFile, dialect.option(), *agent, u)
	}
	if err == nil {
		if isURL {
			d, hdr, err = metaFetch(e, u, *agent, *ua, *limit, *timeout)
		} else {
			d, err = metaReadFile(e, target, *agent, *limit)
		}
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "robots meta: %v\n", err)
		return exitUsage
	}
	if d.Truncated() {
		fmt.Fprintf(e.stderr, "robots meta: %s: the head is longer than %d bytes; META tags after them were not read\n", target, *limit)
	}
	metaPrint(e.stdout, d, field.ReadUsage(hdr), *agent, rt)
	return exitOK
}

// metaRobots is what a robots.txt file says of the URL robots meta reads.
type metaRobots struct {
	prefs  prefs.Set      // Decision.Usage: the preferences it states for the URL
	values map[int]string // the value of each usage line, by line
}

// metaReadRobots reads robots.txt file name and decides url for agent. A
// URL that the file disallows has no preferences; a note on standard error
// says so.
func metaReadRobots(e *env, name string, dialect robots.Option, agent, url string) (*metaRobots, error) {
	body, err := readRobotsBody(e, name)
	if err != nil {
		return nil, err
	}
	r := robots.Parse(body, dialect)
	d := r.Agent(agent).Decide(url)
	if !d.Allowed {
		fmt.Fprintf(e.stderr, "robots meta: %s: %s may not fetch it (%s line %d), so robots.txt states no usage preferences for it\n", url, agent, name, d.Line)
	}
	rt := &metaRobots{prefs: d.Usage, values: map[int]string{}}
	add := func(us []robots.UsageRule, ss []robots.Signal) {
		for _, u := range us {
			rt.values[u.Line] = u.Value
		}
		for _, s := range ss {
			rt.values[s.Line] = s.Value
		}
	}
	add(r.Usage(), r.Signals())
	for _, g := range r.Groups() {
		add(g.Usage, g.Signals)
	}
	return rt, nil
}

// metaTarget says whether the argument is a URL to fetch, and which,
// rather than a file: a URL with a scheme is one (http or https only), "-"
// and existing files are files, and a host or host:port that is no file is
// fetched with https.
func metaTarget(s string) (url string, isURL bool, err error) {
	if strings.Contains(s, "://") {
		u, err := targetURL(s)
		return u, err == nil, err
	}
	if s == "-" {
		return "", false, nil
	}
	if _, err := os.Stat(s); err == nil {
		return "", false, nil
	}
	host := strings.SplitN(s, "/", 2)[0]
	if metaFileExt.MatchString(host) || !strings.Contains(host, ".") && !hostPort.MatchString(s) {
		return "", false, nil // a file that does not exist: reading it says so
	}
	u, err := targetURL(s)
	return u, err == nil, err
}

// metaFileExt matches names of files rather than hosts: page.html is a
// missing file, not a host to fetch.
var metaFileExt = regexp.MustCompile(`(?i)\.(html?|xhtml|xml|txt|php|aspx?|jsp)$`)

// metaReadFile reads the META tags of an HTML file, or of standard input for "-".
func metaReadFile(e *env, name, agent string, limit int64) (meta.Directives, error) {
	if name == "-" {
		return meta.ParseHTML(e.stdin, agent, limit)
	}
	f, err := os.Open(name)
	if err != nil {
		return meta.Directives{}, err
	}
	defer f.Close()
	d, err := meta.ParseHTML(f, agent, limit)
	if err != nil {
		return d, fmt.Errorf("%s: %w", name, err)
	}
	return d, nil
}

// metaFetch fetches a URL, as the tool (User-Agent ua) and not as the
// crawler it reports on, and reads the directives of the
// response: its headers, and its body when it is HTML. A status other than
// 2xx is noted, not fatal: a robots header on an error page still counts.
// It returns the response's headers too.
func metaFetch(e *env, url, agent, ua string, limit int64, timeout time.Duration) (meta.Directives, http.Header, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return meta.Directives{}, nil, err
	}
	req.Header.Set("User-Agent", ua)
	client := &http.Client{Timeout: timeout}
	resp, err := client.Do(req)
	if err != nil {
		return meta.Directives{}, nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		fmt.Fprintf(e.stderr, "robots meta: %s: HTTP status %s\n", url, resp.Status)
	}
	d, err := meta.ParseResponse(resp, agent, limit)
	return d, resp.Header, err
}

// metaPrint prints the directives in force on one line, then each
// directive found: canonical form, whether it is in force (or why not), and
// where it was found with what it said.
func metaPrint(w io.Writer, d meta.Directives, headers []field.Usage, agent string, rt *metaRobots) {
	out := bufio.NewWriter(w)
	defer out.Flush()
	fmt.Fprintln(out, d.String())
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	for _, s := range d.Sources() {
		directive, note := s.Directive, "in force"
		switch {
		case !s.Applies:
			note = "not for " + agent
		case directive == "":
			note = s.Problem
		case !d.InForce(s):
			note = "overridden"
		}
		if directive == "" {
			directive = strings.ToLower(s.Raw)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", metaPrintable(directive), note, metaPrintable(s.String()))
	}
	tw.Flush()
	metaPrintUsage(out, d, headers, rt)
}

// metaPrintUsage prints the usage preferences of the page, combined with
// those robots.txt states for its URL when rt is not nil, when any is
// stated or the page has a usage header: the preferences in force on one
// line, then each category stated, its preference and where it came from,
// then what is wrong with each usage header.
//
//	usage: Content-Usage: train-ai=n, search=y
//	train-ai  disallowed  meta name="robots": noai
//	search    allowed     robots.txt line 4: Content-Usage: /blog/ search=y
func metaPrintUsage(w io.Writer, d meta.Directives, headers []field.Usage, rt *metaRobots) {
	stated := d.Usage()
	if rt != nil {
		stated = rt.prefs.Combine(stated)
	}
	if !stated.Known() && len(headers) == 0 {
		return
	}
	fmt.Fprintln(w, "usage: "+stated.String())
	said := func(src prefs.Source) string {
		field := src.Field
		if src.Line > 0 && rt != nil {
			return fmt.Sprintf("robots.txt line %d: %s: %s", src.Line, field, rt.values[src.Line])
		}
		for _, h := range headers {
			if h.Field == field {
				return field + ": " + h.Value
			}
		}
		if field == "noai" {
			return field
		}
		return field + ": noai" // the only statement that is not a usage header
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for c := range prefs.Category(prefs.NumCategories) {
		if p := stated.Get(c); p != prefs.Unknown {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", c, p, metaPrintable(said(stated.From(c))))
		}
	}
	if u, from := stated.Use(); u != prefs.UseUnknown {
		fmt.Fprintf(tw, "Content-Signal use\t%s\t%s\n", u, metaPrintable(said(from)))
	}
	for _, h := range headers {
		for _, diag := range h.Diagnostics {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", metaPrintable(h.Field+": "+h.Value), diag.Code, metaPrintable(diag.Message))
		}
	}
	tw.Flush()
}

// metaPrintable keeps a field of the explanation on its line and column.
func metaPrintable(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, s)
}
