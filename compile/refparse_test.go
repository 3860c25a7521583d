package compile

// This file keeps the parser as it was before it read bodies in one pass
// (line by line, every value copied, every message formatted at once), as a
// slow reference: FuzzParseAgrees and TestParseAgreesOnCorpus require the
// fast parser to read every body exactly as it does.

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/robotsexclusion/robots/internal/diag"
	"github.com/robotsexclusion/robots/usage"
)

// refFile is File as the reference parser builds it.
type refFile struct {
	Groups      []Group
	Sitemaps    []Sitemap
	Extensions  []Extension
	Usage       []UsageRule
	Signals     []Signal
	Diagnostics []diag.Diagnostic
	Lines       int
}

var refExactKeys = map[string]key{
	"user-agent":     keyUserAgent,
	"allow":          keyAllow,
	"disallow":       keyDisallow,
	"sitemap":        keySitemap,
	"crawl-delay":    keyCrawlDelay,
	"host":           keyExtension,
	"clean-param":    keyExtension,
	"request-rate":   keyExtension,
	"visit-time":     keyExtension,
	"content-usage":  keyContentUsage,
	"content-signal": keyContentSignal,
}

func refClassify(o options, k string) (key, diag.Code) {
	lower := asciiLower(k) // keys fold ASCII only, as Google's library does
	if kk, ok := refExactKeys[lower]; ok {
		if kk == keyAllow && o.NoAllow {
			return keyUnknown, diag.UnknownKey
		}
		return kk, ""
	}
	if o.ExactKeys {
		return keyUnknown, diag.UnknownKey
	}
	for _, m := range misspellings {
		if strings.HasPrefix(lower, m.prefix) {
			return m.key, diag.MisspeltKey
		}
	}
	for _, p := range prefixes {
		if strings.HasPrefix(lower, p.prefix) && !(p.key == keyAllow && o.NoAllow) {
			return p.key, diag.KeyPrefix
		}
	}
	return keyUnknown, diag.UnknownKey
}

// refParse is Dialect.Parse as it was: line by line, each line found by
// bytes.IndexAny, its key and value copied into strings.
func refParse(o options, body []byte) *refFile {
	p := &refParser{f: &refFile{}, opts: o, sitemaps: map[string]bool{}}
	if rest := strings.TrimLeft(string(body), " \t\r\n\ufeff"); strings.HasPrefix(rest, "<") {
		head := []byte(rest[:min(len(rest), 1024)])
		for i, c := range head {
			if 'A' <= c && c <= 'Z' {
				head[i] = c + 'a' - 'A'
			}
		}
		for _, tag := range []string{"<html", "<!doctype html", "<head", "<body"} {
			if bytes.Contains(head, []byte(tag)) {
				p.refDiag(1, diag.HTMLBody, "the file is an HTML page, not robots.txt; crawlers find no rules in it")
				p.html = true
				break
			}
		}
	}
	n := 0
	for len(body) > 0 {
		end := bytes.IndexAny(body, "\r\n")
		var line []byte
		if end < 0 {
			line, body = body, nil
		} else {
			line = body[:end]
			if body[end] == '\r' && end+1 < len(body) && body[end+1] == '\n' {
				end++
			}
			body = body[end+1:]
		}
		n++
		if o.MaxLineLength > 0 && len(line) > o.MaxLineLength {
			p.refDiag(n, diag.LongLine, "the line is longer than %d octets; the rest is ignored", o.MaxLineLength)
			line = line[:o.MaxLineLength]
		}
		p.refLine(n, line)
	}
	p.f.Lines = n
	return p.f
}

type refParser struct {
	f        *refFile
	opts     options
	group    *Group // the group being read; nil before the first user-agent
	hasRules bool   // the group has a rule line, so a user-agent starts a new one
	sitemaps map[string]bool
	html     bool // an HTML page: no diagnostic after html-body
}

func (p *refParser) refDiag(line int, code diag.Code, format string, args ...any) {
	p.refDiagAt(line, 0, code, format, args...)
}

func (p *refParser) refDiagAt(line, col int, code diag.Code, format string, args ...any) {
	if p.html && len(p.f.Diagnostics) > 0 {
		return
	}
	p.f.Diagnostics = append(p.f.Diagnostics, diag.Diagnostic{Line: line, Column: col, Code: code, Message: fmt.Sprintf(format, args...)})
}

// isSpace reports the whitespace trimmed around lines, keys and values:
// space, tab, vertical tab and form feed, as Google's crawler trims them.

func refTrim(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// refLine reads line number n.
func (p *refParser) refLine(n int, line []byte) {
	if i := bytes.IndexByte(line, 0); i >= 0 {
		p.refDiag(n, diag.NULByte, "a NUL octet ends the line at column %d", i+1)
		line = line[:i]
	}
	if !utf8.Valid(line) {
		p.refDiag(n, diag.InvalidUTF8, "the line holds octets that are not UTF-8; they are matched as %%XX escapes")
	}
	comment := false
	if i := bytes.IndexByte(line, '#'); i >= 0 {
		line, comment = line[:i], true
	}
	lead := len(line) - len(bytes.TrimLeft(line, " \t\v\f"))
	line = refTrim(line)
	if len(line) == 0 {
		if p.opts.BlankLines && !comment {
			p.group = nil // the record ends
		}
		return
	}
	var k, v []byte
	col := 0 // where the value starts in the line, from 0
	if i := bytes.IndexByte(line, ':'); i >= 0 {
		k, v = refTrim(line[:i]), refTrim(line[i+1:])
		col = lead + i + 1 + (len(line[i+1:]) - len(bytes.TrimLeft(line[i+1:], " \t\v\f")))
	} else if p.opts.ExactKeys {
		p.refDiag(n, diag.MalformedLine, "%q is not a key: value line; ignored", line)
		return
	} else {
		// Without a colon, Google's crawler accepts one run of spaces or
		// tabs as the separator, when the line holds exactly two words.
		i := bytes.IndexAny(line, " \t")
		if i < 0 {
			p.refDiag(n, diag.MalformedLine, "%q is not a key: value line; ignored", line)
			return
		}
		if bytes.ContainsAny(bytes.TrimLeft(line[i:], " \t"), " \t") {
			p.refDiag(n, diag.MalformedLine, "no colon, and more than two words; ignored")
			return
		}
		// The key and value are trimmed as around a colon (VT and FF too).
		k, v = refTrim(line[:i]), refTrim(line[i+1:])
		col = lead + i + 1 + (len(line[i+1:]) - len(bytes.TrimLeft(line[i+1:], " \t\v\f")))
		p.refDiag(n, diag.MissingColon, "no colon after %q; read as %q: %q", k, k, v)
	}
	p.refRecord(n, string(k), string(v), col)
}

func (p *refParser) refRecord(n int, k, v string, col int) {
	kind, code := refClassify(p.opts, k)
	switch code {
	case diag.MisspeltKey:
		p.refDiag(n, code, "%q is a misspelling; read as %s", k, kind)
	case diag.KeyPrefix:
		p.refDiag(n, code, "%q is read as %s", k, kind)
	case diag.UnknownKey:
		if strings.ToLower(k) == "noindex" {
			p.refDiag(n, diag.RetiredKey, "noindex in robots.txt is not read by Google since 2019 nor by other major crawlers; use a robots META tag or X-Robots-Tag header")
		} else {
			p.refDiag(n, code, "unknown key %q; kept as an extension", k)
		}
	}
	switch kind {
	case keyUserAgent:
		p.refUserAgent(n, v, col)
	case keyAllow, keyDisallow:
		if p.group == nil {
			p.refDiag(n, diag.RuleOutsideGroup, "%s before any user-agent line; ignored", kind)
			return
		}
		r := Rule{Allow: kind == keyAllow, Pattern: v, Canonical: p.opts.Form.Pattern(v), Line: n}
		if v != "" && v[0] != '/' && v[0] != '*' {
			p.refDiag(n, diag.UnmatchablePath, "pattern %q starts with neither / nor *, so it matches no URL", v)
		}
		p.group.Rules = append(p.group.Rules, r)
		p.hasRules = true
	case keySitemap:
		p.refSitemap(n, v)
	case keyCrawlDelay:
		p.refCrawlDelay(n, v)
	case keyContentUsage:
		path, prefs, diags := usage.ParseRule(v, usage.Source{Line: n, Field: "Content-Usage"})
		for _, d := range diags {
			p.refDiag(n, d.Code, "Content-Usage: %s", d.Message)
		}
		r := UsageRule{Value: v, Path: path, Prefs: prefs, Line: n}
		if path != "" {
			r.Canonical = p.opts.Form.Pattern(path)
		}
		if p.group == nil {
			p.f.Usage = append(p.f.Usage, r)
		} else {
			p.group.Usage = append(p.group.Usage, r)
			p.hasRules = p.hasRules || !p.opts.UsageNotRule
		}
	case keyContentSignal:
		prefs, diags := usage.ParseSignal(v, usage.Source{Line: n, Field: "Content-Signal"})
		for _, d := range diags {
			p.refDiag(n, d.Code, "Content-Signal: %s", d.Message)
		}
		sig := Signal{Value: v, Prefs: prefs, Line: n}
		if p.group == nil {
			p.f.Signals = append(p.f.Signals, sig)
		} else {
			p.group.Signals = append(p.group.Signals, sig)
		}
	default:
		if v == "" {
			p.refDiag(n, diag.EmptyValue, "%q has no value", k)
		}
		p.f.Extensions = append(p.f.Extensions, Extension{Key: strings.ToLower(k), Value: v, Line: n})
	}
}

// refCollapsed finds a rule key after a user-agent value, as a regular
// expression says it.
var refCollapsed = regexp.MustCompile(`(?i)[ \t]((dis)?allow|crawl-delay|sitemap|user-agent)[ \t]*:`)

func (p *refParser) refUserAgent(n int, v string, col int) {
	if p.group == nil || p.hasRules {
		p.f.Groups = append(p.f.Groups, Group{})
		p.group = &p.f.Groups[len(p.f.Groups)-1]
		p.hasRules = false
	}
	name, global := agentName(v)
	collapsed := false
	if loc := refCollapsed.FindStringIndex(v); loc != nil && name != v {
		collapsed = true
		p.refDiagAt(n, col+loc[0]+2, diag.CollapsedRule, "%q is on the user-agent line, so it is part of the agent's value and no rule: put it on a line of its own", v[loc[0]+1:])
	}
	if p.opts.Substring {
		if !global {
			name = v // the whole value, matched as a substring
			if v == "" {
				p.refDiag(n, diag.EmptyAgent, "the user-agent value names no robot")
			}
		}
		p.group.Agents = append(p.group.Agents, UserAgent{Name: name, Global: global, Value: v, Line: n})
		return
	}
	word, _, _ := strings.Cut(strings.NewReplacer("/", " ", "\t", " ").Replace(v), " ")
	switch {
	case collapsed:
	case global && v != "*":
		p.refDiag(n, diag.AgentNotToken, "user-agent value %q is read as *", v)
	case !global && name == "":
		p.refDiag(n, diag.EmptyAgent, "user-agent value %q names no product token", v)
	case !global && name != word:
		p.refDiag(n, diag.AgentGrammar, "%q is outside RFC 9309's product-token grammar (letters, \"-\" and \"_\"): read as %q, which %s, read alike, matches; Google's library, comparing the name whole, does not; the first-match dialects read it whole", word, name, word)
	case !global && name != v:
		p.refDiag(n, diag.AgentNotToken, "user-agent value %q is read as the product token %q", v, name)
	}
	p.group.Agents = append(p.group.Agents, UserAgent{Name: name, Global: global, Value: v, Line: n})
}

func (p *refParser) refSitemap(n int, v string) {
	if v == "" {
		p.refDiag(n, diag.EmptyValue, "sitemap has no value")
		return
	}
	lower := strings.ToLower(v)
	if !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") {
		p.refDiag(n, diag.RelativeSitemap, "sitemap %q is not an absolute http(s) URL", v)
	}
	if p.sitemaps[v] {
		return
	}
	p.sitemaps[v] = true
	p.f.Sitemaps = append(p.f.Sitemaps, Sitemap{URL: v, Line: n})
}

func (p *refParser) refCrawlDelay(n int, v string) {
	if p.group == nil {
		p.refDiag(n, diag.RuleOutsideGroup, "crawl-delay before any user-agent line; ignored")
		return
	}
	secs, ok := parseSeconds(v)
	if !ok {
		p.refDiag(n, diag.InvalidCrawlDelay, "crawl-delay %q is not a number of seconds; ignored", v)
		return
	}
	if p.group.DelayLine == 0 {
		// A wait longer than a Duration holds is the longest Duration
		// (issue 23): 2⁶³ nanoseconds and more do not convert.
		nanos := secs * float64(time.Second)
		p.group.CrawlDelay = time.Duration(math.MaxInt64)
		if nanos < math.Exp2(63) {
			p.group.CrawlDelay = time.Duration(nanos)
		}
		p.group.DelayLine = n
	}
}

// asciiLower lower-cases the ASCII letters of s and leaves every other
// octet as it is.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
