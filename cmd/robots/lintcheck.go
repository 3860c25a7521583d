package main

// The checks of robots lint. The parser's diagnostics come from the
// library's public API (Parse, Groups, Diagnostics, Extensions); the checks
// the parser has no reason to make are here, on the same API, and where one
// needs the text as written it re-reads the lines of the body itself.

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/normalize"
)

// The types of the library's groups, as Robots.Groups returns them.
type (
	lintAgent = robots.UserAgent
	lintRule  = robots.Rule
)

// rulePattern returns a rule's pattern (as written) in canonical form, so
// that two spellings of one pattern compare equal.
func rulePattern(r lintRule) string { return normalize.Pattern(r.Pattern) }

// A severity says how much a diagnostic matters.
type severity string

const (
	sevError   severity = "error"   // the line will not do what it looks like
	sevWarning severity = "warning" // it works, but is fragile or read differently elsewhere
	sevInfo    severity = "info"    // worth knowing, nothing to fix
)

// The codes of lint's own checks.
const (
	codeReadError      = "read-error"       // the file could not be read
	codeCollapsedRule  = "collapsed-rule"   // "User-agent: GPTBot Disallow: /" on one line
	codeAgentToken     = "agent-token"      // "AI2Bot": outside RFC 9309's token grammar
	codeDelayMerge     = "delay-merge"      // a group of only crawl-delay that merges into the next
	codeDuplicateRule  = "duplicate-rule"   // the same rule twice in a group
	codeConflictRule   = "conflicting-rule" // the same pattern allowed and disallowed
	codeSecondStar     = "second-star-group"
	codeStarReplaced   = "star-replaced"     // a named group leaves the * group's rules behind
	codeHTMLBody       = "html-body"         // an HTML page served as robots.txt
	codeRetiredKey     = "retired-key"       // noindex: no crawler reads it any more
	codeExtensionValue = "extension-syntax"  // a known extension whose value is not in its syntax
	codeUsageHidden    = "star-usage-hidden" // a named group hides the * group's usage preferences
	codeUsageFileWide  = "usage-file-wide"   // a usage line outside any group applies to every crawler
	codeUsageMerge     = "usage-merge"       // a group of only usage lines that merges into the next
)

// severities is the severity of every code lint reports: the parser's and
// lint's own. A code missing here (a parser newer than the table) is a
// warning.
var severities = map[string]severity{
	string(robots.ByteOrderMark):     sevInfo,
	string(robots.Charset):           sevWarning,
	string(robots.Truncated):         sevError,
	string(robots.InvalidUTF8):       sevWarning,
	string(robots.NULByte):           sevError,
	string(robots.LongLine):          sevWarning,
	string(robots.MalformedLine):     sevError,
	string(robots.MissingColon):      sevWarning,
	string(robots.MisspeltKey):       sevWarning,
	string(robots.KeyPrefix):         sevWarning,
	string(robots.UnknownKey):        sevWarning,
	string(robots.RuleOutsideGroup):  sevError,
	string(robots.AgentNotToken):     sevWarning,
	string(robots.EmptyAgent):        sevError,
	string(robots.UnmatchablePath):   sevError,
	string(robots.InvalidCrawlDelay): sevWarning,
	string(robots.EmptyValue):        sevWarning,
	string(robots.RelativeSitemap):   sevWarning,
	string(robots.TooMany):           sevWarning,
	string(robots.TooManyExtensions): sevWarning,

	// The parser's diagnostics of Content-Usage and Content-Signal values,
	// under package usage's codes: a value that leaves a category unknown
	// does not say what it looks like it says.
	string(robots.UsageSyntax):       sevError,
	string(robots.UppercaseKey):      sevError,
	string(robots.BadValue):          sevError,
	string(robots.YesNo):             sevError,
	string(robots.SignalYN):          sevError,
	string(robots.BadPath):           sevError,
	string(robots.MissingPreference): sevError,
	string(robots.OtherVocabulary):   sevWarning,

	codeReadError:      sevError,
	codeCollapsedRule:  sevError,
	codeAgentToken:     sevWarning,
	codeDelayMerge:     sevWarning,
	codeDuplicateRule:  sevInfo,
	codeConflictRule:   sevError,
	codeSecondStar:     sevWarning,
	codeStarReplaced:   sevWarning,
	codeHTMLBody:       sevError,
	codeRetiredKey:     sevWarning,
	codeExtensionValue: sevWarning,
	codeUsageHidden:    sevWarning,
	codeUsageFileWide:  sevInfo,
	codeUsageMerge:     sevWarning,
}

// severityOf returns the severity of a code.
func severityOf(code string) severity {
	if s, ok := severities[code]; ok {
		return s
	}
	return sevWarning
}

// lintCodeList returns the codes of the table, sorted.
func lintCodeList() []string {
	codes := make([]string, 0, len(severities))
	for c := range severities {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	return codes
}

// knownExtensions are keys real files use that the parser may call unknown:
// lint checks their syntax instead (their meaning is another matter).
var knownExtensions = map[string]bool{
	"host": true, "clean-param": true, "request-rate": true, "visit-time": true, "noindex": true,
}

// usageFields are the keys of usage-preference lines, which the parser
// reads and checks, as they are written canonically.
var usageFields = map[string]string{
	"content-usage":  compile.FieldContentUsage,
	"content-signal": compile.FieldContentSignal,
}

// A linter gathers the findings of one file.
type linter struct {
	name   string
	body   []byte
	r      *robots.Robots
	groups []robots.Group // r.Groups(), which copies them at each call
	lines  []string       // the body's lines as written; lines[0] is line 1
	found  []finding
	// replaced marks the lines whose parser diagnostic of a code a
	// finding of lint says better.
	replaced map[lineCode]bool
}

type lineCode struct {
	line int
	code robots.Code
}

func newLinter(name string, body []byte, r *robots.Robots) *linter {
	return &linter{name: name, body: body, r: r, groups: r.Groups(), lines: splitLines(body), replaced: map[lineCode]bool{}}
}

func (l *linter) add(line, column int, code, format string, args ...any) {
	l.found = append(l.found, finding{File: l.name, Line: line, Column: column, Code: code,
		Severity: severityOf(code), Message: fmt.Sprintf(format, args...)})
}

func (l *linter) run() {
	if l.htmlBody() {
		return // every line would be noise
	}
	l.delayMerge()
	l.rules()
	l.secondStar()
	l.starReplaced()
	l.usageHidden()
	l.usageFileWide()
	l.extensions()
	l.pastLimit()
	for _, d := range l.r.Diagnostics() {
		if l.replaced[lineCode{d.Line, d.Code}] {
			continue
		}
		if d.Code == robots.UnknownKey && knownExtensions[l.key(d.Line)] {
			continue // extensions() checks it
		}
		l.add(d.Line, d.Column, string(d.Code), "%s", d.Message)
	}
}

// splitLines splits a body into lines as the parser does: LF, CR and CRLF
// each end a line.
func splitLines(body []byte) []string {
	var lines []string
	for len(body) > 0 {
		i := bytes.IndexAny(body, "\r\n")
		if i < 0 {
			lines = append(lines, string(body))
			break
		}
		lines = append(lines, string(body[:i]))
		if body[i] == '\r' && i+1 < len(body) && body[i+1] == '\n' {
			i++
		}
		body = body[i+1:]
	}
	return lines
}

// raw returns line n as written, "" when there is none.
func (l *linter) raw(n int) string {
	if n < 1 || n > len(l.lines) {
		return ""
	}
	return l.lines[n-1]
}

// key returns the key of line n in lower case, "" when it has none.
func (l *linter) key(n int) string {
	s := l.raw(n)
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	i := strings.IndexByte(s, ':')
	if i < 0 {
		return ""
	}
	return strings.ToLower(strings.TrimSpace(s[:i]))
}

// htmlBody reports an HTML page served as robots.txt, as error pages and
// "soft 404s" are.
func (l *linter) htmlBody() bool {
	head := bytes.TrimLeft(l.body, " \t\r\n\ufeff")
	head = head[:min(len(head), 1024)]
	lower := bytes.ToLower(head)
	if !bytes.HasPrefix(lower, []byte("<")) ||
		!(bytes.Contains(lower, []byte("<html")) || bytes.Contains(lower, []byte("<!doctype html")) ||
			bytes.Contains(lower, []byte("<head")) || bytes.Contains(lower, []byte("<body"))) {
		return false
	}
	l.add(1, 0, codeHTMLBody, "the file is an HTML page, not robots.txt; crawlers find no rules in it")
	return true
}

// delayMerge finds a crawl-delay, or a Content-Usage or Content-Signal
// line, between the user-agent lines of one group: a group of only such
// lines, which are no rules, that the parser merged into the next, so that
// its agents get the next group's rules.
func (l *linter) delayMerge() {
	for _, g := range l.groups {
		for i := 1; i < len(g.Agents); i++ {
			for n := g.Agents[i-1].Line + 1; n < g.Agents[i].Line; n++ {
				if l.key(n) == "crawl-delay" {
					l.add(n, 0, codeDelayMerge, "a group with only a crawl-delay does not end at it: the agents before it (line %d) share the rules of the agents after it (line %d)",
						g.Agents[0].Line, g.Agents[i].Line)
					break
				}
				if field, ok := usageFields[l.key(n)]; ok {
					l.add(n, 0, codeUsageMerge, "a group with only usage lines does not end at this %s line: the agents before it (line %d) share the rules and usage lines of the agents after it (line %d); end the group with a rule, such as Allow: /, before the next user-agent line",
						field, g.Agents[0].Line, g.Agents[i].Line)
					break
				}
			}
		}
	}
}

// rules finds rules repeated in a group, and patterns both allowed and
// disallowed, where one of the two lines does nothing.
func (l *linter) rules() {
	firstMatch := l.r.Dialect().Matching().FirstMatch
	for _, g := range l.groups {
		seen := map[string]lintRule{} // by allow and pattern
		for _, r := range g.Rules {
			if r.Pattern == "" {
				continue
			}
			if prev, ok := seen[ruleKey(r.Allow, rulePattern(r))]; ok {
				l.add(r.Line, 0, codeDuplicateRule, "the same rule as line %d", prev.Line)
				continue
			}
			seen[ruleKey(r.Allow, rulePattern(r))] = r
			other, ok := seen[ruleKey(!r.Allow, rulePattern(r))]
			if !ok {
				continue
			}
			allow, disallow := r, other
			if !r.Allow {
				allow, disallow = other, r
			}
			loser, how := disallow, "allow wins a tie"
			if firstMatch {
				loser, how = r, "the first line that matches wins"
			}
			l.add(loser.Line, 0, codeConflictRule, "%q is disallowed on line %d and allowed on line %d; %s, so line %d does nothing",
				r.Pattern, disallow.Line, allow.Line, how, loser.Line)
		}
	}
}

func ruleKey(allow bool, pattern string) string {
	if allow {
		return "a" + pattern
	}
	return "d" + pattern
}

// secondStar reports * groups after the first.
func (l *linter) secondStar() {
	first := 0
	for _, g := range l.groups {
		for _, a := range g.Agents {
			if !a.Global {
				continue
			}
			if first == 0 {
				first = a.Line
				continue
			}
			l.add(a.Line, 0, codeSecondStar, "a second * group: RFC 9309 and Google merge it with the one at line %d, the first-match dialects ignore it", first)
		}
	}
}

// starReplaced reports a crawler named by some group for which rules of
// the * group no longer apply: a named group replaces the * group, it does
// not add to it, which files often forget.
func (l *linter) starReplaced() {
	var star []lintRule
	named := map[string][]lintRule{} // by lower-case name
	first := map[string]lintAgent{}
	var order []string
	for _, g := range l.groups {
		for _, a := range g.Agents {
			if a.Global {
				star = append(star, g.Rules...)
				continue
			}
			if a.Name == "" {
				continue
			}
			k := strings.ToLower(a.Name)
			if _, ok := first[k]; !ok {
				first[k] = a
				order = append(order, k)
			}
			named[k] = append(named[k], g.Rules...)
		}
	}
	if len(star) == 0 {
		return
	}
	for _, k := range order {
		// A * disallow is left behind unless the named group disallows it
		// too, or a literal prefix of it. (A * allow left behind only
		// makes the crawler stricter.)
		var covers []string
		for _, r := range named[k] {
			if p := rulePattern(r); !r.Allow && p != "" && !strings.ContainsAny(p, "*$") {
				covers = append(covers, p)
			}
		}
		if len(covers) == 0 && !hasDisallow(named[k]) {
			continue // a group that disallows nothing means to allow all
		}
		var missing []lintRule
		for _, r := range star {
			if r.Allow || r.Pattern == "" {
				continue
			}
			covered := false
			for _, c := range covers {
				if strings.HasPrefix(rulePattern(r), c) {
					covered = true
					break
				}
			}
			if !covered {
				missing = append(missing, r)
			}
		}
		if len(missing) == 0 {
			continue
		}
		a := first[k]
		verb := "does"
		if len(missing) > 1 {
			verb = "do"
		}
		l.add(a.Line, 0, codeStarReplaced, "the group for %s replaces the * group for it: %s of the * group (first: line %d) %s not apply to %s",
			a.Name, countNoun(len(missing), "disallow rule"), missing[0].Line, verb, a.Name)
	}
}

// hasDisallow reports whether some rule disallows a non-empty pattern.
func hasDisallow(rules []lintRule) bool {
	for _, r := range rules {
		if !r.Allow && r.Pattern != "" {
			return true
		}
	}
	return false
}

// Syntaxes of the extensions whose syntax is defined.
var (
	hostSyntax        = regexp.MustCompile(`^(https?://)?[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:[0-9]{1,5})?/?$`)
	cleanParamSyntax  = regexp.MustCompile(`^[A-Za-z0-9_.\-]+(&[A-Za-z0-9_.\-]+)*(\s+[/*]\S*)?$`)
	requestRateSyntax = regexp.MustCompile(`^[0-9]+/[0-9]+[smhd]?(\s+[0-9]{4}-[0-9]{4})?$`)
	visitTimeSyntax   = regexp.MustCompile(`^[0-9]{4}-[0-9]{4}$`)
)

// extensionSyntax is the syntax of each extension that has one, and how
// to say it.
var extensionSyntax = map[string]struct {
	re   *regexp.Regexp
	want string
}{
	"host":         {hostSyntax, "a host name, with an optional scheme and port (Yandex)"},
	"clean-param":  {cleanParamSyntax, "parameters joined by & and an optional path (Yandex)"},
	"request-rate": {requestRateSyntax, "pages/seconds such as 1/5s, and an optional HHMM-HHMM"},
	"visit-time":   {visitTimeSyntax, "HHMM-HHMM"},
}

// extensions checks the lines of known extensions. Their keys are read
// from the raw lines, since the parser keeps only the lines it calls
// extensions.
func (l *linter) extensions() {
	for n := 1; n <= len(l.lines); n++ {
		key := l.key(n)
		if !knownExtensions[key] {
			continue
		}
		if key == "noindex" {
			continue // the parser's retired-key
		}
		s := l.raw(n)
		if i := strings.IndexByte(s, '#'); i >= 0 {
			s = s[:i]
		}
		value := strings.TrimSpace(s[strings.IndexByte(s, ':')+1:])
		if value == "" {
			continue // the parser reports an empty value
		}
		syn := extensionSyntax[key]
		if syn.re.MatchString(value) {
			continue // an empty value is the parser's to report
		}
		l.add(n, 0, codeExtensionValue, "%s: %q is not %s", key, value, syn.want)
	}
}

// usageHidden reports a crawler named by some group for which the
// Content-Usage and Content-Signal lines of the * group do not apply: a
// named group replaces the * group, its usage lines too (RFC 9309 group
// selection, which the AI Preferences attachment keeps), so a site that
// states its preferences once, for every crawler, states none for the
// crawlers it names. The library's Selection lists the lines hidden.
func (l *linter) usageHidden() {
	for _, name := range namedTokens(l.r) {
		sel := l.r.Agent(name).Selection()
		if !sel.Named || len(sel.HiddenUsage) == 0 {
			continue
		}
		own, first := 0, 0
		for _, g := range sel.Groups {
			own += len(g.Usage) + len(g.Signals)
			for _, a := range g.Agents {
				if !a.Global && equalFoldASCII(a.Name, name) && (first == 0 || a.Line < first) {
					first = a.Line
				}
			}
		}
		state := "its own group states none"
		if own > 0 {
			state = fmt.Sprintf("its own group states %s instead", countNoun(own, "usage line"))
		}
		l.add(first, 0, codeUsageHidden, "the group for %s replaces the * group for it, usage preferences too: the * group's Content-Usage and Content-Signal %s %s %s not apply to %s, and %s; repeat %s in its group if %s meant for it too",
			name, plural(len(sel.HiddenUsage), "line", "lines"), joinLines(sel.HiddenUsage), plural(len(sel.HiddenUsage), "does", "do"),
			name, state, plural(len(sel.HiddenUsage), "it", "them"), plural(len(sel.HiddenUsage), "it is", "they are"))
	}
}

// usageFileWide notes the Content-Usage and Content-Signal lines outside
// any group: this library applies them to every crawler, beside the lines
// of its groups (as crawler-commons does); a parser that reads only groups
// ignores them.
func (l *linter) usageFileWide() {
	note := func(line int, field string) {
		l.add(line, 0, codeUsageFileWide, "%s outside any group applies to every crawler, file-wide, beside the lines of its groups (as crawler-commons reads it); parsers that read only groups ignore it, so repeat it in the groups to be sure", field)
	}
	for _, u := range l.r.Usage() {
		note(u.Line, compile.FieldContentUsage)
	}
	for _, s := range l.r.Signals() {
		note(s.Line, compile.FieldContentSignal)
	}
}

// plural returns one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// joinLines writes line numbers as "4, 5 and 9".
func joinLines(lines []int) string {
	parts := make([]string, len(lines))
	for i, n := range lines {
		parts[i] = strconv.Itoa(n)
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// pastLimit reports content past the parse limit when the parser, which
// says so itself in the dialects that cut files, did not.
func (l *linter) pastLimit() {
	if len(l.body) <= robots.DefaultParseLimit {
		return
	}
	for _, d := range l.r.Diagnostics() {
		if d.Code == robots.Truncated {
			return
		}
	}
	line := bytes.Count(l.body[:robots.DefaultParseLimit], []byte("\n")) + 1
	l.add(line, 0, string(robots.Truncated), "the file is longer than %d octets; crawlers that stop there, as RFC 9309 allows and Google does, ignore what follows", robots.DefaultParseLimit)
}
