// Package compile is the expert package of robots.txt's steps before the
// engine. Reach for it to read a robots.txt body into groups and rules as
// the file gives them (Dialect.Parse, File), to choose the groups that
// apply to a crawler (File.Select, Selection), or to lower those to the
// ranked patterns of package automaton (Dialect.Lower, Program) and drive
// the engine yourself. A crawler deciding URLs, and most tools, use the
// root package instead: it prepares the body, does all of this, caches the
// result per crawler and explains its decisions (robots.Parse,
// robots.ParseSource for a file's line table).
//
// A Dialect is a reading of robots.txt: RFC9309 (the default), Google's
// library, or the 1996 draft and 1994 standard. It says how a body is
// prepared (BodyOptions, for normalize.Prepare), how it is parsed
// (Dialect.Parse, Dialect.ParseLines), how a crawler's agent value is read
// (Dialect.ReadAgent), in which octet form patterns and URLs are compared
// (Form) and how matching rules are ranked (Dialect.Lower). The root
// package lists the dialects (robots.Dialects) and reads their names
// (robots.ParseDialect); its Dialect is this one.
//
// Parsing never fails: it skips what it cannot read, and reports every
// line that is not plain, valid robots.txt as a diagnostic. Where RFC 9309
// is silent it reads as Google's crawler does.
//
// # Bounds
//
// Parse reads a body of n octets in one pass, in time linear in n, and
// allocates at most 56·n octets plus 16 KiB: about 3 an octet on real
// files, at most 20 on bodies of short lines of the entries a File keeps,
// and 49 on lines of Content-Usage values that package usage reads with
// its general reader (whose garbage is most of it). It keeps at most
// MaxDiagnostics diagnostics and MaxExtensions extension lines. Lowering
// a crawler's selection (File.Selected, then Dialect.Lower) allocates at
// most 160 octets per rule selected plus 4 KiB: the selected groups are
// read in place, not copied. The Machine of a Program is bounded as
// package automaton states (by default its builds allocate at most
// 4.5 MiB).
package compile

import (
	"math"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/robotsexclusion/robots/internal/diag"
	"github.com/robotsexclusion/robots/internal/dialect"
	"github.com/robotsexclusion/robots/internal/swar"
	"github.com/robotsexclusion/robots/normalize"
)

// How a body is read, grouped and lowered, and what each step costs: this
// package splits a body into lines and records, builds groups, selects the groups that apply to a crawler, lowers
// the selected rules to the ranked and classed glob patterns of package
// automaton (Lower for Allow and Disallow, LowerUsage for Content-Usage),
// and reports every line that is not plain, valid robots.txt as a
// diagnostic.
//
// The parser is lenient as RFC 9309 section 2.3.1.5 and major crawlers are:
// it never fails, skips what it cannot read, and where the RFC is silent
// (misspelt keys, a missing colon, how a user-agent value is read) it does
// what Google's crawler does. Patterns are stored in the octet form of
// package normalize, ready for matching; this package holds no matching code
// of its own. A dialect's row of the table (internal/dialect) sets how it
// reads otherwise: Google's line limit
// and octet form, or the records and substring names of the 1994 standard
// and the 1996 draft.
//
// The diagnostics are of the module's one Diagnostic type, under the codes
// the root package lists with their severities; ParseLines also returns
// the parser's line table (what each line was read as, with the spans of
// its key and value), so that a tool pointing into a file never reads its
// text again.
//
// # Usage preferences
//
// Content-Usage lines (draft-ietf-aipref-attach: an optional path, then a
// preference) and Content-Signal lines (Cloudflare's Content Signals) are
// read in every dialect, their labels ignoring case, their values by
// package usage, up to a '#' or the end of the line. They are not
// extensions: a line in a group becomes one of the group's UsageRule or
// Signal values. A Content-Usage line is a rule line for grouping, as
// draft-ietf-aipref-attach's grammar makes it ("rule =/ content-usage"): a
// user-agent line after it starts a new group. The Google dialect, as
// Google's library, which does not know the line, and the 1994 and 1996
// dialects, which predate it, read it as an unknown line that does not end
// the group (Read.UsageNotRule). A Content-Signal line, in no grammar,
// never ends a group, as an extension does not. A line
// outside any group (before the first user-agent line, or after a blank
// line in the dialects where that ends a record) is kept in File.Usage or
// File.Signals and applies file-wide: Select adds it to every crawler's
// selection, beside the lines of the selected groups, as crawler-commons
// reads such lines (ignoring a stated "n" would be the unsafe reading).
// Each malformed value gets the diagnostic package usage gives it, with
// usage's code, at its line.
//
// LowerUsage lowers the Content-Usage rules of a selection to automaton
// rules ranked so that the winners say the preferences: one class of rules
// grouped by pattern, or, when a wildcard pattern is as long as another,
// one class per AIPref category, categories that rank the rules alike
// sharing one (lowerusage.go says how and why);
// UsageTable reads the winners back, adding the Content-Signal lines.
// Rules without a path and categories no rule states need no class.
//
// A Dialect names one row of the one table of dialects (internal/dialect):
// how it prepares a body, reads a file (Read) and ranks matching rules
// (Matching, used by Lower). The root package, the conformance reference
// and the tools all read that table. internal/rank is the one ranking of
// the rules that match a path, which the conformance reference and the
// root package's Matcher.Explain share, each with its own matcher of
// patterns.
//
// # Cost
//
// Parse reads a body of n octets in one pass, in time linear in n. Its
// cost is per line more than per octet, the median file's lines being
// short, so most lines are read a word at a time by fastLines, which
// reads a run of lines in one call: a blank line; a comment line, whose
// end it finds eight octets at a time; and a line that starts with
// disallow, allow, user-agent or sitemap as written (any ASCII case),
// compared in one word, then a colon and one space or none, whose value
// holds nothing to cut or rewrite (notPlainWord tests eight octets at
// once) up to its end, spaces or tabs before the end, or a final '$'.
// Such a value is its own canonical pattern: a rule in a group is
// appended at once, without the checks of read. A Content-Usage or
// Content-Signal line, its key and colon compared in two words, has its
// end found a word at a time (usageLine) and its value handed to package
// usage. Every other line goes to the scan, which reads it octet by
// octet, and to read, which classifies its key by a table of the exact
// keys (exactKeyTable), then by the misspellings and prefixes Google's
// crawler accepts. Diagnostics are kept as codes and parts, formatted
// only when asked for. It allocates one copy of the body, of which every
// value is a substring.
// The rules, agents, groups, sitemaps and diagnostics are gathered in
// scratch slices that parses reuse (up to maxScratch entries each, 1,024),
// then copied out once each at their exact size, Rule being 48 octets on
// 64-bit machines. A body past boundedBody (4 KiB) has slices of its own
// instead, which its File keeps, sized at once, before the lines are
// read, by the lines whose key starts as a rule's ("al", "di"), a
// user-agent's ("user") or a sitemap's ("si") does, at most one per
// minRuleLine (7) and minAgentLine (10) octets, the sitemaps up to
// maxSitemapSize (64), so that they do not grow by copies; the
// Content-Usage and Content-Signal lines are sized at the first of each
// by the lines that start with their key (keyBound);
// and per extension line a fixed-size entry, for at most MaxExtensions of
// them. A usage line also allocates what package usage allocates to read
// its value. A pattern that must be rewritten into its octet form is its
// only allocation per line, of at most 3 octets per octet of the value.
// Parse only counts the diagnostics; ParseLines, and File.Diagnostics
// when it reads the text again for a File that Parse read, keep at most
// MaxDiagnostics of them, of 96 octets each, as positions and parts, which
// File.Diagnostics formats. On the corpus a
// parse allocates about 3.5 octets per octet of the body, and on bodies
// of short lines built to cost the most, under
// 42 (a usage value read by usage's general parser, most of it garbage at
// once; the root package's tests hold Parse and Agent to a budget).

// key is what a line's key was read as.
type key int

const (
	keyUnknown key = iota
	keyUserAgent
	keyAllow
	keyDisallow
	keySitemap
	keyCrawlDelay
	keyExtension // an extension the parser knows and keeps without comment
	keyContentUsage
	keyContentSignal
)

// exactKeys are the keys read as written, ignoring ASCII case.
var exactKeys = []struct {
	name string
	key  key
}{
	{"user-agent", keyUserAgent},
	{"allow", keyAllow},
	{"disallow", keyDisallow},
	{"sitemap", keySitemap},
	{"crawl-delay", keyCrawlDelay},
	{"host", keyExtension},
	{"clean-param", keyExtension},
	{"request-rate", keyExtension},
	{"visit-time", keyExtension},
	{"content-usage", keyContentUsage},
	{"content-signal", keyContentSignal},
}

// exactKeyTable finds the one of exactKeys a key can be as written, by
// its length and the low five bits of its last octet (which fold ASCII
// case): the entry's index in exactKeys plus one, or 0 for none. No two
// of exactKeys share both (TestExactKeyTable); the key is then compared
// whole.
var exactKeyTable = func() (t [16][32]uint8) {
	for i, e := range exactKeys {
		t[len(e.name)][e.name[len(e.name)-1]&31] = uint8(i + 1)
	}
	return t
}()

// misspellings are accepted, as Google's crawler accepts them, by prefix.
var misspellings = []struct {
	prefix string
	key    key
}{
	{"useragent", keyUserAgent},
	{"user agent", keyUserAgent},
	{"dissallow", keyDisallow},
	{"dissalow", keyDisallow},
	{"disalow", keyDisallow},
	{"diasllow", keyDisallow},
	{"disallaw", keyDisallow},
	{"site-map", keySitemap},
}

// prefixes are the keys that Google's crawler also accepts with anything
// after them ("Disallowed", "User-agents").
var prefixes = []struct {
	prefix string
	key    key
}{
	{"user-agent", keyUserAgent},
	{"allow", keyAllow},
	{"disallow", keyDisallow},
	{"sitemap", keySitemap},
}

// classify reads a key, ignoring case, and returns the code of the
// diagnostic it calls for, if any.
func (o *options) classify(k string) (key, diag.Code) {
	// Most keys are one of exactKeys as written (and the commonest are
	// read by fastKey before they come here). Case is folded in ASCII
	// only, as RFC 5234's case-insensitive literals are and as Google's
	// library compares keys: "dİsallow" (U+0130) is no key, though
	// strings.ToLower would make it "disallow".
	if len(k) > 0 && len(k) < len(exactKeyTable) {
		if i := exactKeyTable[len(k)][k[len(k)-1]&31]; i > 0 {
			if e := exactKeys[i-1]; hasPrefixFold(k, e.name) {
				if e.key == keyAllow && o.NoAllow {
					return keyUnknown, diag.UnknownKey
				}
				return e.key, ""
			}
		}
	}
	if o.ExactKeys {
		return keyUnknown, diag.UnknownKey
	}
	for _, m := range misspellings {
		if hasPrefixFold(k, m.prefix) {
			return m.key, diag.MisspeltKey
		}
	}
	for _, p := range prefixes {
		if hasPrefixFold(k, p.prefix) && !(p.key == keyAllow && o.NoAllow) {
			return p.key, diag.KeyPrefix
		}
	}
	return keyUnknown, diag.UnknownKey
}

// hasPrefixFold reports whether s starts with prefix, a lower-case ASCII
// string, ignoring ASCII case.
func hasPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != prefix[i] {
			return false
		}
	}
	return true
}

// options says how the parser reads a file: the reading of one dialect
// (its row of the table), on which the parser's methods are declared.
type options dialect.Read

// Parse reads a robots.txt body as d reads it. The body must already be
// prepared as d prepares it, by normalize.Prepare(body, d.BodyOptions()):
// Parse reads octets, not a charset, and sets no size limit of its own. It
// never fails: whatever cannot be read is skipped and reported
// (File.Diagnostics).
//
// It reads the body in one pass. The body is copied once, into a string of
// which every value of the File is a substring; lines allocate nothing of
// their own, and diagnostics are only counted: the first call of
// File.Diagnostics reads the text again to find them (a crawler never asks
// for them; ParseLines, for tools, keeps them as it reads).
func (d Dialect) Parse(body []byte) *File { return d.options().parse(body, nil) }

// parse is Parse, appending each line to lines when it is not nil.
func (o options) parse(body []byte, lines *[]Line) *File {
	return o.parseWith(string(body), lines, false, lines != nil)
}

// parseWith is parse of the text s, whose strings the File keeps; with
// slow, every line is read through line, octet by octet, as a parse that
// kept the line table once was: a test checks the fast paths against it.
// With keepNotes, the diagnostics are kept as they are found, as a tool that
// asks for the line table wants them; without, they are only counted, and
// File.Diagnostics finds them by reading s again (see lazyNotes): a
// crawler never asks for them.
func (o options) parseWith(s string, lines *[]Line, slow, keepNotes bool) *File {
	p := &parser{f: &File{opts: o}, opts: o, s: s, lines: lines, slow: slow, keepNotes: keepNotes}
	p.f.text = s
	// The rules, agents, groups, sitemaps and diagnostics are gathered in
	// scratch slices kept from parse to parse, and copied out at the end,
	// each into one slice of its exact size.
	// A body past boundedBody gets its own slices, sized at once by
	// lineBounds, which the File keeps as they are: copying them out
	// would cost more than the room they leave.
	var sc *scratch
	if p.pooled = len(s) <= boundedBody; p.pooled {
		sc = scratchPool.Get().(*scratch)
	} else {
		sc = new(scratch)
		sc.size(lineBounds(s))
	}
	p.rules, p.agents, p.starts = sc.rules[:0], sc.agents[:0], sc.starts[:0]
	p.groups, p.sitemapList, p.diags = sc.groups[:0], sc.sitemaps[:0], sc.diags[:0]
	if len(s) > 0 && isHTML(s) {
		p.diag(1, diag.HTMLBody, "the file is an HTML page, not robots.txt; crawlers find no rules in it")
		p.html = true
	}
	n := 0
	for pos := 0; pos < len(s); {
		if !p.slow {
			// Most lines are read by fastLines; it stops at the first
			// that is not of their form, for the scan below.
			if n, pos = p.fastLines(n, pos); pos == len(s) {
				break
			}
		}
		n++
		// One scan finds the line's end and the first NUL, '#', ':' and
		// non-ASCII octet in it.
		start := pos
		nul, hash, colon, high := -1, -1, -1, -1
		i := pos
		// Most lines start with one of the common keys as written, then
		// the colon: that is read at once, and the scan goes on from the
		// value, past the spaces and tabs after the colon, with a table
		// that no longer stops at a colon and that marks the octets a
		// pattern in canonical form does not keep as they are (notPlain),
		// so that a plain value needs no check of its own (see record).
		tab := &lineOctets
		known, at := fastKey(s, pos, o.NoAllow)
		var seen uint8 // the marks of the octets skipped, fastKey's lines only
		if at >= 0 {
			colon, i, tab = at, at+1, &valueOctets
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
		}
		value := i // where the value starts, on fastKey's lines
	scan:
		for ; i < len(s); i++ {
			// Most octets are none of these: skip them four at a time,
			// then one at a time up to the octet that stopped the skip.
			for i+4 <= len(s) {
				w := s[i : i+4]
				m := tab[w[0]] | tab[w[1]] | tab[w[2]] | tab[w[3]]
				if m&stop != 0 {
					break
				}
				seen |= m
				i += 4
			}
			for i < len(s) {
				m := tab[s[i]]
				if m&stop != 0 {
					break
				}
				seen |= m
				i++
			}
			if i == len(s) {
				break
			}
			c := s[i]
			switch c {
			case '\n', '\r':
				break scan
			case 0:
				if nul < 0 {
					nul = i
				}
			case '#':
				if hash < 0 {
					hash = i
				}
			case ':':
				if colon < 0 {
					colon, tab = i, &valueOctets
				}
			default:
				if high < 0 {
					high = i
				}
			}
			seen |= notPlain // a stop within the line: no plain value
		}
		pos = i
		if pos < len(s) {
			if s[pos] == '\r' && pos+1 < len(s) && s[pos+1] == '\n' {
				pos++
			}
			pos++
		}
		plain := known != keyUnknown && seen&notPlain == 0
		if m := o.MaxLineLength; plain && (m <= 0 || i-start <= m) && !p.slow {
			// A line of a common key whose value holds nothing the
			// scan marks, as most lines are: no NUL, comment, octet
			// outside ASCII nor space to trim. Its key and value are
			// known: it needs none of read's checks.
			p.lineStart = start
			kind := p.keyed(n, known, "", Span{value, i}, true)
			if p.lines != nil {
				p.addLine(Span{start, i}, kind, p.trimSpan(start, colon), Span{value, i})
			}
			continue
		}
		p.line(n, start, i, nul, hash, colon, high, known, plain)
	}
	p.f.Lines = n
	p.finish()
	if p.pooled {
		sc.keep(p)
	}
	return p.f
}

// fastLines reads lines from the one after line n, which starts at
// s[pos], for as long as they are of the forms most lines are, and
// returns the number of the last it read and where the next starts. It
// reads blank lines; comment lines (commentLine); Content-Usage and
// Content-Signal lines (usageLine); and a key fastKey reads, with its
// colon straight after it, then one space or none, and a value that
// holds no octet valueOctets marks (no NUL, comment, space, octet outside
// ASCII nor octet a canonical pattern rewrites) but a final '$', up to
// the end of the line or the body, with only spaces or tabs between. It
// stops at any other line, which the scan reads octet by octet. An allow
// or disallow line in a group, its value its own canonical pattern, is
// added here; a user-agent line goes to userAgent, the others to keyed.
func (p *parser) fastLines(n, pos int) (int, int) {
	s := p.s
	for pos < len(s) {
		// Blank and comment lines start with an octet below every key's
		// first letter: key lines take one test to pass them by.
		switch c := s[pos]; {
		case c > '#':
		case c == '\n' || c == '\r':
			// A blank line: in the dialects where one ends a record,
			// so does this one.
			if p.opts.BlankLines {
				p.group = nil
			}
			n++
			p.addLine(Span{pos, pos}, LineBlank, Span{}, Span{})
			if pos++; s[pos-1] == '\r' && pos < len(s) && s[pos] == '\n' {
				pos++
			}
			continue
		case c == '#':
			end, next := p.commentLine(pos)
			if next < 0 {
				return n, pos
			}
			p.addLine(Span{pos, end}, LineComment, Span{}, Span{})
			n, pos = n+1, next
			continue
		}
		// The key is read as fastKey reads it, but only when a colon
		// follows it at once.
		if len(s)-pos < 8 {
			return n, pos
		}
		w := swar.Load8(s[pos : pos+8])
		var k key
		var c int // where the colon must be
		switch w&0xff | 0x20 {
		case 'd':
			if w|0x20*swar.Ones != wordDisallow {
				return n, pos
			}
			k, c = keyDisallow, pos+len("disallow")
		case 'a':
			if w&low5|0x20*ones5 != wordAllow || p.opts.NoAllow {
				return n, pos
			}
			k, c = keyAllow, pos+len("allow")
		case 'u':
			if w|wordUserAgentFold != wordUserAgent || len(s)-pos < 10 || s[pos+8]|0x20 != 'n' || s[pos+9]|0x20 != 't' {
				return n, pos
			}
			k, c = keyUserAgent, pos+len("user-agent")
		case 's':
			if w&low7|0x20*ones7 != wordSitemap {
				return n, pos
			}
			k, c = keySitemap, pos+len("sitemap")
		case 'c':
			if w|wordCrawlDelayFold == wordCrawlDelay {
				if len(s)-pos < 11 || s[pos+8]|0x20 != 'l' || s[pos+9]|0x20 != 'a' || s[pos+10]|0x20 != 'y' {
					return n, pos
				}
				k, c = keyCrawlDelay, pos+len("crawl-delay")
				break
			}
			// Content-Usage and Content-Signal, their colon in the
			// second word; their values are read by usageLine.
			if len(s)-pos < 16 || w|wordContentFold != wordContent {
				return n, pos
			}
			w1 := swar.Load8(s[pos+8 : pos+16])
			switch {
			case w1&low6|0x20*ones5 == wordUsageColon:
				k, c = keyContentUsage, pos+len("content-usage")
			case w1&low7|0x20*ones6 == wordSignalColon:
				k, c = keyContentSignal, pos+len("content-signal")
			default:
				return n, pos
			}
			next := p.usageLine(n+1, pos, k, c)
			if next < 0 {
				return n, pos
			}
			n, pos = n+1, next
			continue
		default:
			return n, pos
		}
		if c >= len(s) || s[c] != ':' {
			return n, pos
		}
		v := c + 1
		if v < len(s) && s[v] == ' ' {
			v++
		}
		// The value ends at the first octet valueOctets marks, a word
		// at a time (notPlainWord): the line's end, or an octet that
		// sends the line to the scan.
		i := v
		for {
			if i+8 <= len(s) {
				m := notPlainWord(swar.Load8(s[i : i+8]))
				if m == 0 {
					i += 8
					continue
				}
				if i += swar.First(m); valueOctets[s[i]] == 0 {
					i++ // '!' or '"', which notPlainWord flags too
					continue
				}
				break
			}
			for i < len(s) && valueOctets[s[i]] == 0 {
				i++
			}
			break
		}
		// A '$' that ends the value is the end anchor, which a pattern in
		// canonical form keeps as it is; the line's end must follow it,
		// which the next step checks.
		if i < len(s) && s[i] == '$' {
			i++
		}
		// The line ends at i, or, when spaces or tabs end the value, past
		// them.
		end, next := i, i
	ends:
		if end < len(s) {
			switch s[end] {
			case '\n':
				next = end + 1
			case '\r':
				if next = end + 1; next < len(s) && s[next] == '\n' {
					next++
				}
			case ' ', '\t':
				end++
				goto ends
			default:
				return n, pos
			}
		} else {
			next = end
		}
		if m := p.opts.MaxLineLength; m > 0 && end-pos > m {
			return n, pos
		}
		n++
		val := s[v:i]
		if (k == keyDisallow || k == keyAllow) && p.group != nil && p.opts.Form == normalize.Canonical &&
			(val == "" || val[0] == '/' || val[0] == '*') {
			// The rule's fields are written in place, not built and
			// copied as append would.
			if len(p.rules) == cap(p.rules) {
				p.rules = slices.Grow(p.rules, 1)
			}
			p.rules = p.rules[:len(p.rules)+1]
			r := &p.rules[len(p.rules)-1]
			r.Line, r.Allow, r.Pattern, r.Canonical = n, k == keyAllow, val, val
			p.hasRules = true
		} else if k == keyUserAgent {
			p.userAgent(n, val, v-pos)
		} else {
			p.lineStart = pos
			p.keyed(n, k, "", Span{v, i}, true)
		}
		if p.lines != nil {
			p.keyLine(pos, v, i, k)
		}
		pos = next
	}
	return n, pos
}

// usageLine reads line n, which starts at s[pos] with the key k
// (Content-Usage or Content-Signal) and its colon at s[colon], when no
// octet of it calls for a diagnostic of its own or cuts its value (NUL,
// '#', an octet outside ASCII, past the dialect's line length): it hands
// the value, trimmed, to keyed and returns where the next line starts,
// or -1, having read nothing, for the scan to read the line. The line's
// end is found a word at a time, as commentLine finds it, '#' stopping
// the word too.
func (p *parser) usageLine(n, pos int, k key, colon int) int {
	s := p.s
	i := colon + 1
	for {
		if i+8 <= len(s) {
			m := controlWord(swar.Load8(s[i:i+8]), true)
			if m == 0 {
				i += 8
				continue
			}
			i += swar.First(m)
		} else {
			for i < len(s) && lineOctets[s[i]] == 0 && s[i] >= 0x0e {
				i++
			}
			if i == len(s) {
				break
			}
		}
		if c := s[i]; c == '\n' || c == '\r' {
			break
		} else if c == 0 || c == '#' || c >= 0x80 {
			return -1
		}
		i++
	}
	if m := p.opts.MaxLineLength; m > 0 && i-pos > m {
		return -1
	}
	p.lineStart = pos
	value := p.trimSpan(colon+1, i)
	p.addLine(Span{pos, i}, p.keyed(n, k, "", value, false), Span{pos, colon}, value)
	if i < len(s) && s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
		return i + 2
	}
	return min(i+1, len(s))
}

// commentLine reads the line that starts at s[pos] with '#', a comment
// and nothing else, when no octet of it calls for a diagnostic (NUL, an
// octet outside ASCII, past the dialect's line length): it returns where
// the line ends (before the octets that end it) and where the next line
// starts, or -1, -1 for the scan to read the line. The line's end is found
// a word at a time: an octet below 0x0e (the line ends, NUL, tab and other
// controls) or outside ASCII stops the word, and a control that ends
// nothing is read past.
func (p *parser) commentLine(pos int) (end, next int) {
	s := p.s
	i := pos + 1
	for {
		if i+8 <= len(s) {
			m := controlWord(swar.Load8(s[i:i+8]), false)
			if m == 0 {
				i += 8
				continue
			}
			i += swar.First(m)
		} else {
			for i < len(s) && valueOctets[s[i]] == 0 {
				i++
			}
			if i == len(s) {
				break
			}
		}
		if c := s[i]; c == '\n' || c == '\r' {
			break
		} else if c == 0 || c >= 0x80 {
			return -1, -1
		}
		i++
	}
	if m := p.opts.MaxLineLength; m > 0 && i-pos > m {
		return -1, -1
	}
	if i < len(s) && s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
		return i, i + 2
	}
	return i, min(i+1, len(s))
}

// controlWord flags, in the word w of eight octets (as swar.Load8 reads
// them), the high bit of each octet below 0x0e (the line ends, NUL, tab
// and the other controls there), outside ASCII, or, when hash is set,
// '#'. As in notPlainWord, each octet is tested on its own low seven
// bits, so the flags are exact for every octet.
func controlWord(w uint64, hash bool) uint64 {
	l := w &^ swar.Highs
	m := ^(l + (0x80-0x0e)*swar.Ones) | w
	if hash {
		m |= ^((l ^ '#'*swar.Ones) + 0x7f*swar.Ones) // only an octet xor'd to 0 carries nothing into bit 7
	}
	return m & swar.Highs
}

// notPlainWord flags, in the word w of eight octets (as swar.Load8 reads
// them), the high bit of each octet that valueOctets marks: an octet below
// 0x21 (space, the line ends, NUL and the other controls), DEL, '#', '$',
// '%', or an octet outside ASCII; and, to take fewer steps, '!' and '"',
// which it does not. Each octet is tested on its own low seven bits, by
// sums that carry into its high bit and never past it, so the flags are
// exact for every octet, not the lowest only.
func notPlainWord(w uint64) uint64 {
	l := w &^ swar.Highs                              // each octet's low seven bits
	below := ^(l + (0x80-'&')*swar.Ones)              // below '&': the controls, space, '!' to '%'
	return (below | (l + swar.Ones) | w) & swar.Highs // DEL, outside ASCII
}

// A scratch holds the slices a parse gathers its lines in before it copies
// them out, kept in scratchPool for the next parse so that a parse
// allocates each of them once, at its exact size.
type scratch struct {
	rules    []Rule
	agents   []UserAgent
	starts   []groupStart
	groups   []Group
	sitemaps []Sitemap
	diags    []note
}

// boundedBody is the size of body past which a parse takes no scratch
// from scratchPool but slices of its own, sized at once by lineBounds
// rather than grown by appends, which on large bodies would allocate
// several times what they end up holding, and kept by the File as they
// are.
const boundedBody = 4 << 10

// size gives the scratch room for rules, agents and sitemaps, as
// lineBounds bounds them, and for the groups they can make.
func (sc *scratch) size(rules, agents, sitemaps int) {
	// A group starts at a user-agent line, and after the first, only at
	// one that follows a rule: at most as many groups as either bounds.
	// (A blank line also ends a group in the first-match dialects, and a
	// Content-Usage line is a rule line in RFC 9309: the groups of such
	// files may grow past this.)
	groups := min(agents, rules+1)
	if cap(sc.rules) < rules {
		sc.rules = make([]Rule, 0, rules)
	}
	if cap(sc.agents) < agents {
		sc.agents = make([]UserAgent, 0, agents)
	}
	if cap(sc.groups) < groups {
		sc.groups = make([]Group, 0, groups)
		sc.starts = make([]groupStart, 0, groups)
	}
	if sitemaps = min(sitemaps, maxSitemapSize); cap(sc.sitemaps) < sitemaps {
		sc.sitemaps = make([]Sitemap, 0, sitemaps)
	}
}

// maxSitemapSize is the most sitemaps size makes room for: a file of many
// sitemap lines, or of one sitemap many times, keeps no more than it would
// growing them one by one.
const maxSitemapSize = 64

// maxScratch is the most entries a scratch slice keeps for the next parse:
// a larger one, grown by an uncommon file, is dropped rather than held.
const maxScratch = 1024

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// keep clears what the parse p left in the scratch, so that it holds no
// part of the file, and puts it back in scratchPool.
func (sc *scratch) keep(p *parser) {
	sc.rules = reuse(p.rules)
	sc.agents = reuse(p.agents)
	sc.starts = reuse(p.starts)
	sc.groups = reuse(p.groups)
	sc.sitemaps = reuse(p.sitemapList)
	sc.diags = reuse(p.diags)
	scratchPool.Put(sc)
}

// reuse clears s and returns it to be used again, or nil when it is longer
// than maxScratch.
func reuse[T any](s []T) []T {
	if cap(s) > maxScratch {
		return nil
	}
	clear(s)
	return s[:0]
}

// exact returns a copy of s of its length, or nil when s is empty.
func exact[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return append(make([]T, 0, len(s)), s...)
}

// lineBounds bounds the rule, user-agent and sitemap lines of a body, to
// size the rules, agents, groups and sitemaps at once rather than grow
// them by copies: the lines whose key can be a rule's, which starts with
// "allow", "disal", "dissa" or "diasl" in either case (allow, disallow and
// every misspelling and prefix classify reads as one), each no more than
// one per minRuleLine octets; those whose key can be a user-agent's, which
// starts with "user-agent", "useragent" or "user agent", no more than one
// per minAgentLine octets; and those whose key starts with "site"
// (sitemap, site-map). Reading as much of the key as every spelling of it
// shares keeps a body of short lines that are none of these ("al:",
// "user:", "si:") from sizing tables for them: 48 to 112 octets an entry.
// The lines counted are those that LF ends; in a body whose lines CR alone
// ends, every line for rules and agents (within the same bounds), and none
// for sitemaps. A body that mixes the two may hold more, which then grow
// as append grows them.
func lineBounds(s string) (rules, agents, sitemaps int) {
	ruleBound, agentBound := len(s)/minRuleLine+1, len(s)/minAgentLine+1
	if strings.IndexByte(s, '\n') < 0 {
		n := strings.Count(s, "\r") + 1 // lines ended by CR alone
		return min(n, ruleBound), min(n, agentBound), 0
	}
	for rest := s; ; {
		i := 0
		for i < len(rest) && isSpace(rest[i]) {
			i++
		}
		if k := rest[i:]; len(k) >= 10 {
			// The key's first eight octets, compared a word at a time
			// as fastKey compares them; "nt" or "t" after them.
			w := swar.Load8(k[:8])
			switch w&0xffff | 0x2020 {
			case 'a' | 'l'<<8:
				if w&low5|0x20*ones5 == wordAllow {
					rules++
				}
			case 'd' | 'i'<<8:
				if d := w&low5 | 0x20*ones5; d == wordDisal || d == wordDissa || d == wordDiasl {
					rules++
				}
			case 'u' | 's'<<8:
				nt := k[8]|0x20 == 'n' && k[9]|0x20 == 't'
				if u := w | wordUserAgentFold; u == wordUserAgent && nt || u == wordUserSpaceAge && nt ||
					w|0x20*swar.Ones == wordUseragen && k[8]|0x20 == 't' {
					agents++
				}
			case 's' | 'i'<<8:
				if w&low4|0x20*ones4 == wordSite {
					sitemaps++
				}
			}
		} else if len(k) >= 2 {
			switch uint16(k[0]|0x20)<<8 | uint16(k[1]|0x20) {
			case 'a'<<8 | 'l':
				if hasPrefixFold(k, "allow") {
					rules++
				}
			case 'd'<<8 | 'i':
				if hasPrefixFold(k, "disal") || hasPrefixFold(k, "dissa") || hasPrefixFold(k, "diasl") {
					rules++
				}
			case 'u'<<8 | 's':
				if hasPrefixFold(k, "useragent") {
					agents++
				}
			case 's'<<8 | 'i':
				if hasPrefixFold(k, "site") {
					sitemaps++
				}
			}
		}
		j := strings.IndexByte(rest, '\n')
		if j < 0 {
			break
		}
		rest = rest[j+1:]
	}
	return min(rules, ruleBound), min(agents, agentBound), min(sitemaps, ruleBound)
}

// The allocation bounds of the package comment's Bounds, tested on bodies
// built to cost the most and the corpus's largest files: Parse allocates
// at most parseBytesPerOctet octets per octet of the body plus
// parseBytesBase, and lowering the selection of a crawler (File.Selected,
// then Dialect.Lower) at most lowerBytesPerRule octets per rule selected
// plus lowerBytesBase.
//
// The parse's most are lines whose Content-Usage value package usage
// reads with its general reader, whose garbage is about 900 octets a line
// ("Content-Usage: x;a", 49 an octet); then the fixed-size entries the
// File keeps (a Group 112 octets, a UsageRule 112, a Signal 80, a Rule
// or UserAgent 48), a line each, and the copy of the body. The lowering's
// most are Content-Usage rules (60 octets a rule, 120 in the first-match
// dialects); Allow and Disallow rules take about 32.
const (
	parseBytesPerOctet = 56
	parseBytesBase     = 16 << 10
	lowerBytesPerRule  = 160
	lowerBytesBase     = 4 << 10
)

// minRuleLine is the shortest rule line and its end ("allow:\n"), and
// minAgentLine the shortest user-agent line ("useragent\n", a misspelling
// read without a colon).
const (
	minRuleLine  = len("allow:\n")
	minAgentLine = len("useragent\n")
)

// lineOctets marks with stop the octets the line scan stops at: line ends,
// NUL, '#', ':' and every octet that is not ASCII. valueOctets marks the
// same but ':', for the rest of a line once its colon is found, and with
// notPlain the other octets that a pattern in canonical form does not keep
// as they are (package normalize): space and the other controls, DEL,
// '%' and '$' (which only at the end is kept, as the anchor).
var lineOctets, valueOctets = func() (t, v [256]uint8) {
	for c := range 0x21 {
		v[c] = notPlain
	}
	v[0x7f], v['%'], v['$'] = notPlain, notPlain, notPlain
	for _, c := range "\r\n\x00#" {
		t[c], v[c] = stop, stop
	}
	for c := 0x80; c < 0x100; c++ {
		t[c], v[c] = stop, stop
	}
	t[':'] = stop
	return t, v
}()

// The marks of lineOctets and valueOctets.
const (
	stop     = 1 << iota // the scan stops at the octet
	notPlain             // the octet is not kept as it is in a pattern's canonical form
)

// fastKey reads the key most lines start with, disallow, allow, user-agent
// or sitemap, at s[i:], as written but for ASCII case, followed by spaces
// or tabs and a colon: it returns the key and where the colon is, or
// keyUnknown and -1 for any other line, which the scan reads octet by
// octet. The key is compared a word at a time: each octet of a letter
// with the bit 0x20 set, which makes it the lower-case letter only if it
// is that letter in either case, and '-' as it is. Allow is not read so
// under noAllow, where it is no key (see classify).
func fastKey(s string, i int, noAllow bool) (key, int) {
	if len(s)-i < 8 {
		return keyUnknown, -1
	}
	w := swar.Load8(s[i:])
	k, n := keyUnknown, 0
	switch w&0xff | 0x20 {
	case 'd':
		if w|0x20*swar.Ones == wordDisallow {
			k, n = keyDisallow, len("disallow")
		}
	case 'a':
		if w&low5|0x20*ones5 == wordAllow && !noAllow {
			k, n = keyAllow, len("allow")
		}
	case 'u':
		if w|wordUserAgentFold == wordUserAgent && len(s)-i >= 10 && s[i+8]|0x20 == 'n' && s[i+9]|0x20 == 't' {
			k, n = keyUserAgent, len("user-agent")
		}
	case 's':
		if w&low7|0x20*ones7 == wordSitemap {
			k, n = keySitemap, len("sitemap")
		}
	}
	if k == keyUnknown {
		return keyUnknown, -1
	}
	j := i + n
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if j < len(s) && s[j] == ':' {
		return k, j
	}
	return keyUnknown, -1
}

// The words fastKey compares, as swar.Load8 reads them (TestFastKeyWords):
// the keys' first eight octets (all of allow and sitemap, the rest of the
// word zero), and the bits it sets in a user-agent word, all but in its
// '-'.
const (
	wordDisallow      = 0x776f6c6c61736964 // "disallow"
	wordAllow         = 0x776f6c6c61       // "allow"
	wordSitemap       = 0x70616d65746973   // "sitemap"
	wordUserAgent     = 0x6567612d72657375 // "user-age"
	wordUserAgentFold = 0x2020200020202020 // "    \x00   "
)

// The words fastLines compares for the keys Content-Usage,
// Content-Signal and Crawl-delay: their first eight octets, the bits it
// sets in them (all but in the '-'), and the rest of the first two with
// their colon.
var (
	wordContent, wordContentFold       = littleEndian("content-"), littleEndian("\x20\x20\x20\x20\x20\x20\x20\x00")
	wordUsageColon, wordSignalColon    = littleEndian("usage:"), littleEndian("signal:")
	wordCrawlDelay, wordCrawlDelayFold = littleEndian("crawl-de"), littleEndian("\x20\x20\x20\x20\x20\x00\x20\x20")
)

// The words lineBounds compares, as swar.Load8 reads them
// (TestFastKeyWords): the starts of the keys it counts.
var (
	wordDisal, wordDissa, wordDiasl = littleEndian("disal"), littleEndian("dissa"), littleEndian("diasl")
	wordUserSpaceAge, wordUseragen  = littleEndian("user age"), littleEndian("useragen")
	wordSite                        = littleEndian("site")
)

// littleEndian returns s, at most eight octets, as swar.Load8 reads it,
// the octets past s zero.
func littleEndian(s string) uint64 {
	var w uint64
	for i := len(s) - 1; i >= 0; i-- {
		w = w<<8 | uint64(s[i])
	}
	return w
}

// The low four, five and seven octets of a word, and the octet 1 in each of them.
const (
	low4, ones4 = 1<<32 - 1, swar.Ones >> 32
	low5, ones5 = 1<<40 - 1, swar.Ones >> 24
	low6, ones6 = 1<<48 - 1, swar.Ones >> 16
	low7, ones7 = 1<<56 - 1, swar.Ones >> 8
)

type parser struct {
	f        *File
	opts     options
	s        string // the body: every string of the File is a substring of it
	group    *Group // the group being read; nil before the first user-agent
	hasRules bool   // the group has a rule line, so a user-agent starts a new one
	sitemaps map[string]bool
	// extDropped counts the extension lines past MaxExtensions.
	extDropped int
	// lineStart is where the line being read starts.
	lineStart int
	// slow reads every line through line (see parseWith).
	slow bool
	// keepNotes keeps the diagnostics as they are found; without it they
	// are only counted, in ndiags (see parseWith).
	keepNotes bool
	ndiags    int // the diagnostics found, at most MaxDiagnostics
	// html is set when the body is an HTML page: its lines are not worth
	// a diagnostic each.
	html bool
	// lines is the line table being built, when one is asked for.
	lines *[]Line

	// The rules and agents of all groups, in file order: a group's are
	// contiguous, from its entry in starts to the next group's.
	rules  []Rule
	agents []UserAgent
	starts []groupStart
	// The groups, sitemaps and diagnostics, copied out to the File at
	// the end (see scratch).
	groups      []Group
	sitemapList []Sitemap
	diags       []note
	pooled      bool // the slices are scratchPool's, to be copied out

	// usage and signals hold the Content-Usage and Content-Signal lines of
	// all groups, in file order, sized at the first one (see usageRule,
	// keyBound): a group's are contiguous.
	usage   []UsageRule
	signals []Signal
}

type groupStart struct{ rule, agent int }

// finish hands the File its groups, rules, agents, sitemaps and
// diagnostics, copied out of the scratch slices when they are
// scratchPool's, and each group its rules and agents.
func (p *parser) finish() {
	gs, rules, agents := p.groups, p.rules, p.agents
	p.f.Sitemaps, p.f.diags = p.sitemapList, p.diags
	if !p.keepNotes && p.ndiags > 0 {
		p.f.lazy = &lazyNotes{slow: p.slow}
	}
	if p.pooled {
		p.f.Sitemaps, p.f.diags = exact(p.sitemapList), exact(p.diags)
		gs, rules, agents = exact(gs), exact(rules), exact(agents)
	}
	if len(p.f.Sitemaps) == 0 {
		p.f.Sitemaps = nil
	}
	if len(gs) == 0 {
		return
	}
	p.f.Groups = gs
	for i := range gs {
		r, a := len(rules), len(agents)
		if i+1 < len(gs) {
			r, a = p.starts[i+1].rule, p.starts[i+1].agent
		}
		if st := p.starts[i]; st.rule < r {
			gs[i].Rules = rules[st.rule:r:r]
		}
		if st := p.starts[i]; st.agent < a {
			gs[i].Agents = agents[st.agent:a:a]
		}
	}
}

func (p *parser) diag(line int, code diag.Code, format string, args ...string) {
	p.diagAt(line, 0, code, format, args...)
}

// diagAt is diag at a column of the line, from 1.
func (p *parser) diagAt(line, col int, code diag.Code, format string, args ...string) {
	if p.full(line) || !p.keepNotes {
		return
	}
	d := note{line: int32(line), col: int32(col), code: code, format: format}
	copy(d.args[:], args)
	p.note(d)
}

func (p *parser) diagNum(line int, code diag.Code, format string, num int) {
	if p.full(line) || !p.keepNotes {
		return
	}
	p.note(note{line: int32(line), code: code, format: format, num: num})
}

// note appends d to the diagnostics, growing them by doubling up to
// MaxDiagnostics rather than as append grows large slices (a quarter at a
// time), which over a body of a diagnostic a line allocates five times
// the room they end up in: this way at most twice that, and the room of
// MaxDiagnostics notes (960 KB) at most.
func (p *parser) note(d note) {
	if len(p.diags) == cap(p.diags) {
		grown := make([]note, len(p.diags), min(max(2*cap(p.diags), minNotes), MaxDiagnostics))
		copy(grown, p.diags)
		p.diags = grown
	}
	p.diags = append(p.diags, d)
}

// minNotes is the room the diagnostics get at their first.
const minNotes = 16

// full reports whether the file holds MaxDiagnostics already, and then
// counts the diagnostic of line as dropped; otherwise it counts it as one
// the File holds (ndiags), kept or not.
func (p *parser) full(line int) bool {
	if p.html && p.ndiags > 0 {
		return true // the html-body diagnostic says it all
	}
	if p.ndiags < MaxDiagnostics {
		p.ndiags++
		return false
	}
	if p.f.dropped == 0 {
		p.f.droppedLine = line
	}
	p.f.dropped++
	return true
}

// isSpace reports the whitespace trimmed around lines, keys and values:
// space, tab, vertical tab and form feed, as Google's crawler trims them.
func isSpace(c byte) bool { return c <= ' ' && spaces>>c&1 != 0 }

// spaces has bit c set for each octet c that isSpace reports.
const spaces = 1<<' ' | 1<<'\t' | 1<<'\v' | 1<<'\f'

func trim(b string) string {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// line reads line number n, p.s[start:end], given the offsets of its first
// NUL, '#', ':' and non-ASCII octet (-1 for none), and adds it to the line
// table when the parser keeps one.
//
// known is the line's key when the scan read it already (fastKey), or
// keyUnknown when the key is to be classified; plain reports that every
// octet after the space that follows the colon is kept as it is in a
// pattern's canonical form, and so is the value.
func (p *parser) line(n, start, end, nul, hash, colon, high int, known key, plain bool) {
	l := Line{Span: Span{start, end}}
	l.Kind = p.read(n, start, end, nul, hash, colon, high, known, plain, &l)
	if p.lines != nil {
		*p.lines = append(*p.lines, l)
	}
}

// addLine adds a line read by a fast path to the line table, when the
// parser keeps one, as line would have read it.
func (p *parser) addLine(span Span, kind LineKind, key, value Span) {
	if p.lines != nil {
		*p.lines = append(*p.lines, Line{Span: span, Kind: kind, Key: key, Value: value})
	}
}

// keyLine adds to the line table the line fastLines read from pos, its
// key k, its value from v to i, as line would have read it. The key is k
// as written, its colon straight after it, and the line ends past the
// spaces or tabs after the value: both found again here, so that the loop
// of a parse without the table keeps no more values live than it did.
func (p *parser) keyLine(pos, v, i int, k key) {
	s := p.s
	end := i
	for end < len(s) && (s[end] == ' ' || s[end] == '\t') {
		end++
	}
	value := Span{v, i}
	if i == v {
		value = Span{end, end} // as trimSpan leaves a value of spaces
	}
	p.addLine(Span{pos, end}, k.lineKind(), Span{pos, pos + len(k.String())}, value)
}

// read reads a line for line, setting the key and value spans of l, and
// returns what the line was read as.
func (p *parser) read(n, start, end, nul, hash, colon, high int, known key, plain bool, l *Line) LineKind {
	if m := p.opts.MaxLineLength; m > 0 && end-start > m {
		p.diagNum(n, diag.LongLine, "the line is longer than %d octets; the rest is ignored", m)
		end = start + m
	}
	if nul >= 0 && nul < end {
		p.diagNum(n, diag.NULByte, "a NUL octet ends the line at column %d", nul-start+1)
		end = nul
	}
	if high >= 0 && high < end && !utf8.ValidString(p.s[high:end]) {
		p.diag(n, diag.InvalidUTF8, "the line holds octets that are not UTF-8; they are matched as %%XX escapes")
	}
	comment := hash >= 0 && hash < end
	if comment {
		end = hash
	}
	p.lineStart = start
	if colon >= 0 && colon < end {
		// A line with a colon is not blank: most lines are read so,
		// with no trim of the whole line.
		l.Key, l.Value = p.trimSpan(start, colon), p.trimSpan(colon+1, end)
		return p.record(n, l.Key, l.Value, known, plain)
	}
	ls := p.trimSpan(start, end)
	line := p.s[ls.Start:ls.End]
	if len(line) == 0 {
		if p.opts.BlankLines && !comment {
			p.group = nil // the record ends
		}
		if comment {
			return LineComment
		}
		return LineBlank
	}
	if p.opts.ExactKeys {
		p.diag(n, diag.MalformedLine, "%q is not a key: value line; ignored", line)
		return LineMalformed
	}
	// Without a colon, Google's crawler accepts one run of spaces or
	// tabs as the separator, when the line holds exactly two words.
	i := strings.IndexAny(line, " \t")
	if i < 0 {
		p.diag(n, diag.MalformedLine, "%q is not a key: value line; ignored", line)
		return LineMalformed
	}
	if strings.ContainsAny(strings.TrimLeft(line[i:], " \t"), " \t") {
		p.diag(n, diag.MalformedLine, "no colon, and more than two words; ignored")
		return LineMalformed
	}
	// The key and value are trimmed as around a colon (VT and FF too).
	l.Key, l.Value = p.trimSpan(ls.Start, ls.Start+i), p.trimSpan(ls.Start+i+1, ls.End)
	k, v := p.text(l.Key), p.text(l.Value)
	p.diag(n, diag.MissingColon, "no colon after %q; read as %q: %q", k, k, v)
	return p.record(n, l.Key, l.Value, keyUnknown, false)
}

// trimSpan returns p.s[start:end] without the space around it, as trim
// does, as a span.
func (p *parser) trimSpan(start, end int) Span {
	for start < end && isSpace(p.s[start]) {
		start++
	}
	for end > start && isSpace(p.s[end-1]) {
		end--
	}
	return Span{start, end}
}

// text returns the octets of a span.
func (p *parser) text(sp Span) string { return p.s[sp.Start:sp.End] }

// record reads a key and value of line n and returns what the line was
// read as. The key is known when it is not keyUnknown, and the value is
// its own canonical form as a pattern when plain is set (see line).
func (p *parser) record(n int, ks, vs Span, known key, plain bool) LineKind {
	k := p.text(ks)
	kind, code := known, diag.Code("")
	if known == keyUnknown {
		kind, code = p.opts.classify(k)
	}
	switch code {
	case diag.MisspeltKey:
		p.diag(n, code, "%q is a misspelling; read as %s", k, kind.String())
	case diag.KeyPrefix:
		p.diag(n, code, "%q is read as %s", k, kind.String())
	case diag.UnknownKey:
		if len(k) == len("noindex") && hasPrefixFold(k, "noindex") {
			p.diag(n, diag.RetiredKey, "noindex in robots.txt is not read by Google since 2019 nor by other major crawlers; use a robots META tag or X-Robots-Tag header")
		} else {
			p.diag(n, code, "unknown key %q; kept as an extension", k)
		}
	}
	return p.keyed(n, kind, k, vs, plain)
}

// keyed reads the value vs of line n, whose key k was read as kind, and
// returns what the line was read as; plain is as for record.
func (p *parser) keyed(n int, kind key, k string, vs Span, plain bool) LineKind {
	v := p.text(vs)
	switch kind {
	case keyUserAgent:
		p.userAgent(n, v, vs.Start-p.lineStart)
	case keyAllow, keyDisallow:
		if p.group == nil {
			p.diag(n, diag.RuleOutsideGroup, "%s before any user-agent line; ignored", kind.String())
			break
		}
		if v != "" && v[0] != '/' && v[0] != '*' {
			p.diag(n, diag.UnmatchablePath, "pattern %q starts with neither / nor *, so it matches no URL", v)
		}
		canon := v
		if !plain || p.opts.Form != normalize.Canonical {
			canon = p.opts.Form.Pattern(v)
		}
		p.rules = append(p.rules, Rule{Allow: kind == keyAllow, Pattern: v, Canonical: canon, Line: n})
		p.hasRules = true
	case keySitemap:
		p.sitemap(n, v)
	case keyCrawlDelay:
		p.crawlDelay(n, v)
	case keyContentUsage:
		p.usageRule(n, v)
		if p.group != nil && !p.opts.UsageNotRule {
			p.hasRules = true
		}
	case keyContentSignal:
		p.signal(n, v)
	default:
		if v == "" {
			p.diag(n, diag.EmptyValue, "%q has no value", k)
		}
		if len(p.f.Extensions) == MaxExtensions {
			if p.extDropped++; p.extDropped == 1 {
				p.diagNum(n, diag.TooManyExtensions, "more than %d extension lines: this one and those after it are not kept", MaxExtensions)
			}
			break
		}
		p.f.Extensions = append(p.f.Extensions, Extension{Key: strings.ToLower(k), Value: v, Line: n})
	}
	return kind.lineKind()
}

func (k key) String() string {
	switch k {
	case keyUserAgent:
		return "user-agent"
	case keyAllow:
		return "allow"
	case keyDisallow:
		return "disallow"
	case keySitemap:
		return "sitemap"
	case keyCrawlDelay:
		return "crawl-delay"
	case keyContentUsage:
		return "content-usage"
	case keyContentSignal:
		return "content-signal"
	}
	return "extension"
}

// agentName reads a user-agent value as Google's crawler does: "*" alone or
// followed by whitespace is the global agent; otherwise the name is the
// leading run of ASCII letters, "-" and "_" ("FooBot/2.1" names FooBot).
func agentName(v string) (name string, global bool) {
	if v == "*" || len(v) > 1 && v[0] == '*' && isSpace(v[1]) {
		return "", true
	}
	i := 0
	for i < len(v) && isTokenByte(v[i]) {
		i++
	}
	return v[:i], false
}

func isTokenByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_'
}

// userAgent reads the value v of user-agent line n, which starts at
// column col+1 of the line.
func (p *parser) userAgent(n int, v string, col int) {
	if p.group == nil || p.hasRules {
		p.groups = append(p.groups, Group{})
		p.starts = append(p.starts, groupStart{rule: len(p.rules), agent: len(p.agents)})
		p.group = &p.groups[len(p.groups)-1]
		p.hasRules = false
	}
	name, global := agentName(v)
	collapsed := -1
	if name != v {
		collapsed = collapsedKey(v)
	}
	if collapsed >= 0 {
		rest := v[collapsed:]
		p.diagAt(n, col+collapsed+1, diag.CollapsedRule, "%q is on the user-agent line, so it is part of the agent's value and no rule: put it on a line of its own", rest)
	}
	if p.opts.Substring {
		if !global {
			name = v // the whole value, matched as a substring
			if v == "" {
				p.diag(n, diag.EmptyAgent, "the user-agent value names no robot")
			}
		}
		p.agents = append(p.agents, UserAgent{Name: name, Global: global, Value: v, Line: n})
		return
	}
	switch {
	case collapsed >= 0:
	case global && v != "*":
		p.diag(n, diag.AgentNotToken, "user-agent value %q is read as *", v)
	case !global && name == "":
		p.diag(n, diag.EmptyAgent, "user-agent value %q names no product token", v)
	case !global && name != v:
		// The value's first word, up to a '/', space or tab: read octet
		// by octet, which on a short value costs less than
		// strings.IndexAny.
		i := len(name)
		for i < len(v) && v[i] != '/' && v[i] != ' ' && v[i] != '\t' {
			i++
		}
		word := v[:i]
		if name != word {
			p.diag(n, diag.AgentGrammar, "%q is outside RFC 9309's product-token grammar (letters, \"-\" and \"_\"): read as %q, which %s, read alike, matches; Google's library, comparing the name whole, does not; the first-match dialects read it whole", word, name, word)
			break
		}
		p.diag(n, diag.AgentNotToken, "user-agent value %q is read as the product token %q", v, name)
	}
	p.agents = append(p.agents, UserAgent{Name: name, Global: global, Value: v, Line: n})
}

// collapsedKeys are the keys that, written after a user-agent value on its
// line and followed by a colon, say that a rule was meant on a line of its
// own: "User-agent: GPTBot Disallow: /".
var collapsedKeys = [...]string{"disallow", "allow", "crawl-delay", "sitemap", "user-agent"}

// collapsedKey returns where a key of collapsedKeys starts in v after a
// space or tab and is followed by a colon (spaces between allowed), or -1.
func collapsedKey(v string) int {
	for i := 1; i < len(v); i++ {
		if v[i-1] != ' ' && v[i-1] != '\t' {
			continue
		}
		for _, k := range collapsedKeys {
			if !hasPrefixFold(v[i:], k) {
				continue
			}
			j := i + len(k)
			for j < len(v) && (v[j] == ' ' || v[j] == '\t') {
				j++
			}
			if j < len(v) && v[j] == ':' {
				return i
			}
		}
	}
	return -1
}

// sitemapScan is how many sitemaps the parser scans for a duplicate before
// it keeps a set of them.
const sitemapScan = 8

func (p *parser) sitemap(n int, v string) {
	if v == "" {
		p.diag(n, diag.EmptyValue, "sitemap has no value")
		return
	}
	if !isHTTPURL(v) {
		p.diag(n, diag.RelativeSitemap, "sitemap %q is not an absolute http(s) URL", v)
	}
	// Most files list a few sitemaps: those are found by a scan, and the
	// set is built only past sitemapScan of them.
	if len(p.sitemapList) < sitemapScan {
		for _, s := range p.sitemapList {
			if s.URL == v {
				return
			}
		}
	} else {
		if p.sitemaps == nil {
			p.sitemaps = make(map[string]bool, 2*sitemapScan)
			for _, s := range p.sitemapList {
				p.sitemaps[s.URL] = true
			}
		}
		if p.sitemaps[v] {
			return
		}
		p.sitemaps[v] = true
	}
	p.sitemapList = append(p.sitemapList, Sitemap{URL: v, Line: n})
}

// isHTTPURL reports whether v starts with "http://" or "https://",
// ignoring the scheme's ASCII case: eight octets compared in one word,
// only the letters' case bits folded.
func isHTTPURL(v string) bool {
	if len(v) < 8 {
		return hasPrefixFold(v, "http://")
	}
	w := swar.Load8(v[:8])
	return w&low7|0x20202020 == wordHTTP || w|0x2020202020 == wordHTTPS
}

// The words isHTTPURL compares.
var wordHTTP, wordHTTPS = littleEndian("http://"), littleEndian("https://")

// maxDelay is the largest number of seconds a time.Duration holds; a
// longer crawl-delay is read as the longest Duration, so that a huge value
// asks for the longest wait rather than none.
const maxDelay = float64(math.MaxInt64 / int64(time.Second))

func (p *parser) crawlDelay(n int, v string) {
	if p.group == nil {
		p.diag(n, diag.RuleOutsideGroup, "crawl-delay before any user-agent line; ignored")
		return
	}
	secs, ok := parseSeconds(v)
	if !ok {
		p.diag(n, diag.InvalidCrawlDelay, "crawl-delay %q is not a number of seconds; ignored", v)
		return
	}
	if p.group.DelayLine == 0 {
		p.group.CrawlDelay = time.Duration(math.MaxInt64)
		if secs <= maxDelay {
			p.group.CrawlDelay = time.Duration(secs * float64(time.Second))
		}
		p.group.DelayLine = n
	}
}

// parseSeconds reads a non-negative decimal number of seconds ("10", "0.5",
// ".5"), the only form crawlers agree on, however large.
func parseSeconds(v string) (float64, bool) {
	if v == "" || v == "." {
		return 0, false
	}
	var secs, scale float64 = 0, 0
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case '0' <= c && c <= '9':
			if scale == 0 {
				secs = secs*10 + float64(c-'0')
			} else {
				secs += float64(c-'0') * scale
				scale /= 10
			}
		case c == '.' && scale == 0:
			scale = 0.1
		default:
			return 0, false
		}
	}
	return secs, true
}
