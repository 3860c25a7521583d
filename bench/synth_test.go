package bench

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// This file generates the synthetic and hostile robots.txt files and the URLs
// decided against them. Everything is seeded: the same call gives the same
// bytes on every machine and every run.

const synthHost = "https://www.example.com"

// Vocabulary of the synthetic files, after the shapes seen in the corpus.
var (
	words = []string{
		"about", "account", "admin", "ajax", "api", "archive", "article", "assets",
		"blog", "cart", "catalog", "category", "cgi-bin", "checkout", "comments",
		"community", "contact", "content", "css", "data", "docs", "download",
		"events", "export", "feed", "files", "forum", "gallery", "help", "images",
		"img", "includes", "internal", "jobs", "js", "lang", "library", "login",
		"logout", "media", "members", "mobile", "modules", "news", "order", "page",
		"partners", "photos", "plugins", "press", "print", "private", "products",
		"profile", "register", "reviews", "rss", "search", "share", "shop", "static",
		"stats", "store", "support", "tag", "tags", "temp", "themes", "tmp", "topics",
		"track", "uploads", "user", "users", "video", "wiki", "wp-admin",
		"wp-content", "wp-includes", "xmlrpc",
	}
	exts   = []string{"html", "htm", "php", "asp", "aspx", "jsp", "pdf", "doc", "xls", "jpg", "png", "gif", "css", "js", "json", "xml", "txt", "zip"}
	params = []string{"sessionid", "sid", "PHPSESSID", "replytocom", "sort", "order", "filter", "page", "lang", "ref", "utm_source", "print", "share", "format", "q", "s"}
	// anywhere are the words of the rules that start with "/*/": few, as in
	// real files (feeds, print views, AMP pages).
	anywhere = []string{"feed", "print", "amp", "comments", "trackback", "embed", "attachment"}
)

// synth is a generated robots.txt file and URLs to decide against it.
type synth struct {
	body  []byte
	rules []string // the patterns, in file order
	urls  []string // absolute URLs, about half of them made from a rule
}

// synthFile returns a file of n rules in one "User-agent: *" group: about
// 20% contain '*' and 5% end in '$', one in five is an Allow. When size is
// positive, literal rules are made deeper until the file is just under size
// bytes. It also returns nURLs URLs, half made to match a rule (a '*'
// replaced by path segments, a tail added unless the rule ends in '$'),
// half random paths of the same vocabulary.
func synthFile(n, size, nURLs int, seed uint64) *synth {
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	g := &synthGen{r: r, n: n}
	s := &synth{rules: make([]string, n)}
	allow := make([]bool, n)
	for i := range s.rules {
		s.rules[i] = g.rule()
		allow[i] = r.IntN(5) == 0
	}
	header := fmt.Sprintf("# synthetic robots.txt: %d rules, seed %d\nUser-agent: *\n", n, seed)
	total := len(header)
	for i, p := range s.rules {
		total += len(directive(allow[i])) + len(p) + 1
	}
	for i := 0; size > 0 && total < size; i = (i + 1) % n {
		p := s.rules[i]
		if strings.ContainsAny(p, "*$?") {
			continue
		}
		seg := "/" + g.seg()
		if total+len(seg) >= size {
			break
		}
		s.rules[i] = strings.TrimSuffix(p, "/") + seg
		total += len(s.rules[i]) - len(p)
	}
	var b strings.Builder
	b.Grow(total)
	b.WriteString(header)
	for i, p := range s.rules {
		b.WriteString(directive(allow[i]))
		b.WriteString(p)
		b.WriteByte('\n')
	}
	s.body = []byte(b.String())
	s.urls = make([]string, nURLs)
	for i := range s.urls {
		var path string
		if r.IntN(2) == 0 {
			path = g.hit(s.rules[r.IntN(n)])
		} else {
			path = g.miss()
		}
		s.urls[i] = synthHost + path
	}
	return s
}

func directive(allow bool) string {
	if allow {
		return "Allow: "
	}
	return "Disallow: "
}

type synthGen struct {
	r *rand.Rand
	n int // rules in the file: numbered segments range over n values
}

func (g *synthGen) pick(list []string) string { return list[g.r.IntN(len(list))] }

// seg returns a path segment: a word, sometimes numbered so that large
// files do not run out of distinct rules.
func (g *synthGen) seg() string {
	w := g.pick(words)
	if g.r.IntN(10) < 3 {
		w += "-" + strconv.Itoa(g.r.IntN(g.n+10))
	}
	return w
}

// rule returns one pattern.
func (g *synthGen) rule() string {
	dir := "/" + g.seg()
	x := g.r.IntN(100)
	switch {
	case x < 20: // '*', no '$'
		switch g.r.IntN(5) {
		case 0:
			return dir + "/*/" + g.pick(anywhere) // /dir/*/print
		case 1:
			return "/*?" + g.pick(params) + "=" // /*?sessionid=
		case 2:
			return dir + "/*" + g.seg() // /dir/*page
		case 3:
			return dir + "/*." + g.pick(exts) // /dir/*.pdf
		default:
			return "/*/" + g.pick(anywhere) + "/" // /*/feed/
		}
	case x < 25: // '$'
		switch g.r.IntN(3) {
		case 0:
			return "/*." + g.pick(exts) + "$" // /*.pdf$
		case 1:
			return dir + "/" + g.seg() + "." + g.pick(exts) + "$"
		default:
			return dir + "/$"
		}
	default: // literal prefix
		switch g.r.IntN(5) {
		case 0:
			return dir + "/"
		case 1:
			return dir + "/" + g.seg() + "/" + g.seg() // /dir/sub/page
		case 2:
			return dir + "/" + g.seg() + "." + g.pick(exts)
		case 3:
			return dir + "?" + g.pick(params) + "="
		default:
			return dir + "/" + g.seg() + "/"
		}
	}
}

// hit returns a path that pattern p matches.
func (g *synthGen) hit(p string) string {
	anchored := strings.HasSuffix(p, "$")
	p = strings.TrimSuffix(p, "$")
	var b strings.Builder
	for i, part := range strings.Split(p, "*") {
		if i > 0 {
			for range g.r.IntN(3) {
				b.WriteString(g.seg())
				b.WriteByte('/')
			}
			b.WriteString(g.pick(words))
		}
		b.WriteString(part)
	}
	if !anchored {
		b.WriteString(g.tail())
	}
	return b.String()
}

// miss returns a random path of the same vocabulary, which mostly matches
// no rule.
func (g *synthGen) miss() string {
	var b strings.Builder
	for range 1 + g.r.IntN(4) {
		b.WriteByte('/')
		b.WriteString(g.seg())
	}
	if g.r.IntN(2) == 0 {
		b.WriteString("." + g.pick(exts))
	}
	b.WriteString(g.tail())
	return b.String()
}

func (g *synthGen) tail() string {
	switch g.r.IntN(4) {
	case 0:
		return "/" + g.seg()
	case 1:
		return "?" + g.pick(params) + "=" + strconv.Itoa(g.r.IntN(100000))
	default:
		return ""
	}
}

// longURLs returns count absolute URLs whose path and query are exactly n
// octets: paths of s's kind (hits and misses) padded with segments.
func (s *synth) longURLs(n, count int, seed uint64) []string {
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	g := &synthGen{r: r, n: len(s.rules)}
	urls := make([]string, count)
	for i := range urls {
		var b strings.Builder
		if i%2 == 0 {
			b.WriteString(g.hit(s.rules[r.IntN(len(s.rules))]))
		} else {
			b.WriteString(g.miss())
		}
		for b.Len() < n {
			b.WriteByte('/')
			b.WriteString(g.seg())
		}
		urls[i] = synthHost + b.String()[:n]
	}
	return urls
}

// A hostileFile is built to defeat automata; its URLs are long and match
// nothing, so that every engine reads them to the end.
type hostileFile struct {
	name string
	body []byte
	url  func(n int, r *rand.Rand) string // an absolute URL with n octets of path
}

// starPairs returns k rules "/*a_i*b_i". A DFA for them must remember which
// a_i it has seen, 2^k states; the library falls back to a slower exact tier.
// Its URLs are runs of a_j tokens with no b_j, so no rule ever matches.
func starPairs(k int) *hostileFile {
	width := 1
	for n := len(idLetters); n < k; n *= len(idLetters) {
		width++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# hostile: %d rules /*a_i*b_i\nUser-agent: *\n", k)
	for i := range k {
		id := tokenID(i, width)
		fmt.Fprintf(&b, "Disallow: /*a%s*b%s\n", id, id)
	}
	return &hostileFile{
		name: fmt.Sprintf("stars=%d", k),
		body: []byte(b.String()),
		url: func(n int, r *rand.Rand) string {
			var p strings.Builder
			p.WriteByte('/')
			for p.Len() < n {
				p.WriteString("a" + tokenID(r.IntN(k), width))
			}
			return synthHost + p.String()[:n]
		},
	}
}

// idLetters spell the a_i and b_i tokens; they leave out 'a' and 'b' so
// that a token never contains another's start.
const idLetters = "cdefghijklmnopqrstuvwxyz"

func tokenID(i, width int) string {
	id := make([]byte, width)
	for j := range id {
		id[j] = idLetters[i%len(idLetters)]
		i /= len(idLetters)
	}
	return string(id)
}

// aStars returns patterns of k "*a" in a row: "/*a*a*...*a$" (k of them),
// "/*a*...*a*$" (k/2), which the shape of a robots.txt file allows but
// which make backtracking matchers quadratic or worse, and an Allow that
// can only be settled at the end of the URL. Its URLs are runs of 'a'
// ending in 'c'.
func aStars(k int) *hostileFile {
	body := fmt.Sprintf("# hostile: runs of *a\nUser-agent: *\nDisallow: /%s$\nDisallow: /%s*$\nAllow: /%s*c$\n",
		strings.Repeat("*a", k), strings.Repeat("*a", k/2), strings.Repeat("*a", k))
	return &hostileFile{
		name: fmt.Sprintf("astar=%d", k),
		body: []byte(body),
		url: func(n int, r *rand.Rand) string {
			return synthHost + "/" + strings.Repeat("a", n-2) + "c"
		},
	}
}

// nearLimit returns a file of 10,000 synthetic rules just under the parse
// limit of 500 KiB, with URLs of the synthetic kind padded to n octets.
func nearLimit() *hostileFile {
	s := synthFile(10000, 500<<10-256, 0, 9)
	return &hostileFile{
		name: "limit",
		body: s.body,
		url: func(n int, r *rand.Rand) string {
			return s.longURLs(n, 1, r.Uint64())[0]
		},
	}
}
