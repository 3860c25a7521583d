// Package served decides a URL as the servers that get a request for it
// may read its path, not only as RFC 9309 reads it.
//
// A rule of robots.txt protects what a server serves, and servers read the
// path they are sent in more ways than RFC 9309's matching does: most
// resolve dot segments and merge slashes, some decode %2F before they
// resolve the path (Go's http.FileServer, among others), servlet
// containers remove ";" parameters from every segment. RFC 9309 itself
// keeps %2F apart from "/" (section 2.2.2: an escaped octet is matched as
// it is written, and "/" has a meaning in a path that %2F does not), so the
// rules are matched as the RFC says, but on every reading of the path: a
// URL is allowed only when each is. Nothing is rewritten: the request goes
// out as it was given.
//
// Decide is the one verdict every surface of the project gives on a URL a
// crawler will request: package fetch's Transport and its pre-enqueue
// Check, the command's check, and the tester page. It needs neither a
// network nor net/http.
package served

import (
	"strings"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/normalize"
)

// A Verdict is the decision on a URL as every common server may read its
// path (see Decide): the Decision of the reading that a rule disallows,
// or, when each reading is allowed, the Decision of the path as sent.
type Verdict struct {
	robots.Decision

	// Reading is the path and query that decided when it is not the URL's
	// own: a server's reading of the path that a rule disallows, such as
	// "/private/a.html" for "/private%2Fa.html". It is empty when the path
	// and query as sent decided.
	Reading string
}

// Decide decides url for the crawler m is compiled for as a server that
// gets a request for it may read it: url is allowed only when its path and
// query as sent are allowed and so is each reading of them that a common
// server makes:
//
//   - with dot segments removed and runs of slashes merged (CleanPath), a
//     final dot segment both leaving its "/" and not, as Go's path.Clean
//     (and so http.FileServer) reads /doc.pdf/x/.. as /doc.pdf;
//   - with more octets read as "/" before that, as servers that decode a
//     path before they resolve it read them: %2F, as Go's http.FileServer
//     and a Go 1.22 ServeMux wildcard do; "\", as WHATWG URL parsers do;
//     or %2F, %5C and "\", as servers on Windows do;
//   - with the ";" parameters of every segment removed before that, as
//     servlet containers (Tomcat, Jetty) read /secret;jsessionid=1/file as
//     /secret/file, or after;
//   - with both.
//
// The query is kept as it is. When every reading is allowed, the Verdict
// is the Decision of the path as sent, its usage preferences combined with
// those of the other readings, any no winning (usage.Set.Combine), since
// any of them may be the path served. Not covered: a second round of
// decoding (%252F read as "/"), case folding on servers with
// case-insensitive file systems, routers that take /admin/ for /admin,
// and paths a server maps by rules of its own.
//
// url is an absolute URL or a path-absolute reference, read as
// robots.Matcher.Decide reads it: only its path and query count, and user
// information never does. A crawler that sends its own requests decides
// the request target it sends (url.URL.RequestURI) after its origin, never
// its URL written out again, whose user information may hold a ";"; a
// fetch.Transport does so for its requests. Decide does not allocate when
// the path holds none of ";", "\", "%2F", "%5C", "%2E", "/." and "//", as
// most paths do, and reads url once more than Matcher.Decide does;
// otherwise it decides each reading that differs (at most 24),
// in time linear in url.
func Decide(m *robots.Matcher, url string) Verdict {
	v := Verdict{Decision: m.Decide(url)}
	if !v.Allowed || plainURL(url) {
		return v
	}
	start, end, slash := normalize.PathBounds(url)
	pq := url[start:end]
	if plainPath(pq) {
		return v
	}
	if slash {
		pq = "/" + pq
	}
	for _, r := range readings(pq) {
		d := m.Decide(r)
		if !d.Allowed {
			return Verdict{Decision: d, Reading: r}
		}
		v.Usage = v.Usage.Combine(d.Usage)
		v.UsageOverBudget = v.UsageOverBudget || d.UsageOverBudget
	}
	return v
}

// plainURL reports, without locating its path, that the path of url has
// but one reading, as plainPath says, for the URLs most often decided: an
// http or https URL, or a path-absolute reference. It reads url from past
// its scheme, authority included (a host has no "/", and a ";", "\" or
// "%" in user information only sends the URL the longer way): when none of
// it holds what plainPath looks for, neither does its path. A NUL, which
// ends a path but not an authority, sends it the longer way too.
func plainURL(url string) bool {
	if strings.IndexByte(url, 0) >= 0 {
		return false
	}
	switch {
	case strings.HasPrefix(url, "https://"):
		return plainPath(url[len("https://"):])
	case strings.HasPrefix(url, "http://"):
		return plainPath(url[len("http://"):])
	case strings.HasPrefix(url, "/") && !strings.HasPrefix(url, "//"):
		return plainPath(url)
	}
	return false
}

// plainPath reports whether the path and query pq, without the "/" that
// may go before them, has but one reading: no ";", "\", "%2F", "%5C" or
// "%2E" (in either case), and no "/" followed by "." or "/" in its path,
// which ends at a "?", "#" or NUL. It reads each octet once, with one
// table lookup.
func plainPath(pq string) bool {
	for i := 0; i < len(pq); i++ {
		k := pathOctets[pq[i]]
		if k == octetPlain {
			continue
		}
		switch k {
		case octetEnd:
			return true
		case octetOther:
			return false
		case octetPercent:
			if i+2 < len(pq) {
				c, d := pq[i+1], pq[i+2]|0x20
				if c == '2' && (d == 'f' || d == 'e') || c == '5' && d == 'c' {
					return false
				}
			}
		case octetSlash:
			if i+1 < len(pq) && (pq[i+1] == '.' || pq[i+1] == '/') {
				return false
			}
		}
	}
	return true
}

// What plainPath makes of each octet.
const (
	octetPlain   = iota
	octetEnd     // "?", "#", NUL: the path ends
	octetOther   // ";", "\": another reading
	octetPercent // another reading when it escapes "/", "\" or "."
	octetSlash   // another reading when "." or "/" follows
)

var pathOctets = [256]uint8{
	'?': octetEnd, '#': octetEnd, 0: octetEnd,
	';': octetOther, '\\': octetOther,
	'%': octetPercent,
	'/': octetSlash,
}

// readings returns the readings of the path and query pq, a "/" first,
// that a common server may make and that differ from pq itself, each
// once. A server splits a path into segments at "/" and, before that, may
// read more octets as "/" (none; "%2F", as http.FileServer and servlet
// containers do; "\", as WHATWG URL parsers do; or "%2F", "%5C" and "\",
// as servers on Windows do), may remove each segment's ";" parameters
// (before that, as servlet containers do, or after), and resolves dot
// segments and merges slashes as CleanPath does. A path that ends in a dot
// segment is read both with the "/" that RFC 3986 leaves after it
// ("/a/b/.." is "/a/") and without it, as Go's path.Clean reads it (and so
// http.FileServer, which serves the file /doc.pdf for /doc.pdf/x/..). The
// query is kept as it is.
func readings(pq string) []string {
	p, q := pq, ""
	if i := strings.IndexByte(pq, '?'); i >= 0 {
		p, q = pq[:i], pq[i:]
	}
	bare := withoutParams(p)
	out := make([]string, 0, 4)
	push := func(r string) {
		if r += q; r != pq && !contains(out, r) {
			out = append(out, r)
		}
	}
	var seen [12]string // the paths cleaned so far: most separators and parameters change nothing
	nseen := 0
	add := func(x string) {
		if contains(seen[:nseen], x) {
			return
		}
		seen[nseen] = x
		nseen++
		r := CleanPath(x)
		push(r)
		if len(r) > 1 && endsInDots(x) {
			push(r[:len(r)-1]) // the "/" the dot segment left, dropped
		}
	}
	for _, sep := range [...]separators{0, encodedSlash, backslash, encodedSlash | backslash | encodedBackslash} {
		x := sep.apply(p)
		add(x)
		add(sep.apply(bare))
		add(withoutParams(x))
	}
	return out
}

// endsInDots reports whether the last segment of the escaped path p is a
// dot segment, "." or "..", as CleanPath reads them.
func endsInDots(p string) bool {
	return dots(p[strings.LastIndexByte(p, '/')+1:]) > 0
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// separators are the octets a server reads as "/" besides "/" itself.
type separators uint8

const (
	encodedSlash     separators = 1 << iota // "%2F", in either case
	backslash                               // "\"
	encodedBackslash                        // "%5C", in either case
)

// apply returns the escaped path p with the separators of s written "/".
func (s separators) apply(p string) string {
	if s == 0 || !strings.ContainsAny(p, "%\\") {
		return p
	}
	var b strings.Builder
	b.Grow(len(p))
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '%' && i+2 < len(p) {
			d, e := p[i+1], p[i+2]|0x20
			if d == '2' && e == 'f' && s&encodedSlash != 0 || d == '5' && e == 'c' && s&encodedBackslash != 0 {
				b.WriteByte('/')
				i += 2
				continue
			}
		}
		if c == '\\' && s&backslash != 0 {
			c = '/'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// withoutParams returns the escaped path p with the ";" parameters of each
// segment removed, as servlet containers read it: "/a;x/b;y" is "/a/b".
func withoutParams(p string) string {
	if strings.IndexByte(p, ';') < 0 {
		return p
	}
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i], _, _ = strings.Cut(s, ";")
	}
	return strings.Join(segs, "/")
}

// CleanPath returns the escaped path p as most servers resolve it: dot
// segments removed as RFC 3986 5.2.4 does, with escaped dots (%2E, %2e)
// read as dots and a segment's ";" parameters ignored (so "..;x" is ".."),
// and runs of slashes merged into one (so //a is /a). Other escapes are
// kept as they are, %2F too. An empty p is "/".
//
// It is one of the readings Decide decides a request on, the others
// built on it; a crawler that keeps one key per
// resource, to fetch it once, can key on it.
func CleanPath(p string) string {
	if p == "" || p[0] != '/' {
		p = "/" + p
	}
	segs := strings.Split(p[1:], "/")
	out := make([]string, 0, len(segs))
	for i, seg := range segs {
		last := i == len(segs)-1
		switch dots(seg) {
		case 1: // "." names the directory it is in
		case 2: // ".." names the one above
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		default:
			if seg == "" && !last {
				continue // an empty segment: slashes merged
			}
			out = append(out, seg)
			continue
		}
		if last {
			out = append(out, "") // "/a/." and "/a/b/.." are "/a/"
		}
	}
	return "/" + strings.Join(out, "/")
}

// dots returns 1 when seg is a "." segment, 2 when it is "..", and 0
// otherwise, an escaped dot counting as a dot, and parameters after a ";"
// ignored, as servlet containers ignore them ("..;x" is "..").
func dots(seg string) int {
	if i := strings.IndexByte(seg, ';'); i >= 0 {
		seg = seg[:i]
	}
	if len(seg) > 6 || len(seg) == 0 {
		return 0
	}
	seg = strings.ReplaceAll(strings.ToLower(seg), "%2e", ".")
	switch seg {
	case ".":
		return 1
	case "..":
		return 2
	}
	return 0
}
