package compile

// This file declares what a parse returns: the File, its groups and their
// lines. They are the module's one type for each of these concepts: the
// root package re-exports them (robots.Group, robots.Rule, ...) rather
// than copy them into types of its own.

import (
	"time"

	"github.com/robotsexclusion/robots/usage"
)

// A File is a parsed robots.txt body. Its strings (values, names, keys) are
// substrings of one copy of the body, made once by Parse.
type File struct {
	Groups     []Group     // in file order
	Sitemaps   []Sitemap   // in file order, duplicates dropped
	Extensions []Extension // every other key: value line, in file order (not Content-Usage nor Content-Signal), the first MaxExtensions
	Lines      int         // number of lines read

	// The Content-Usage and Content-Signal lines outside any group, in
	// file order: they apply to every crawler (see Selection).
	Usage   []UsageRule
	Signals []Signal

	text        string     // the body parsed, of which every value is a substring
	opts        options    // how the file was read; Select follows it
	usageLines  int        // Content-Usage and Content-Signal lines, in groups or not
	diags       []note     // in line order, at most MaxDiagnostics; formatted by Diagnostics
	dropped     int        // diagnostics past MaxDiagnostics
	droppedLine int        // the line of the first of them
	lazy        *lazyNotes // when the parse counted its diagnostics rather than keep them; nil when it found none
}

// A Group is one or more user-agent lines and the rules after them, as the
// file gives them.
type Group struct {
	Agents     []UserAgent   // its user-agent lines, in file order; never empty
	Rules      []Rule        // its allow and disallow lines, in file order, empty ones included
	CrawlDelay time.Duration // its first valid crawl-delay
	DelayLine  int           // the line of CrawlDelay; 0 when the group has none
	Usage      []UsageRule   // its Content-Usage lines, in file order
	Signals    []Signal      // its Content-Signal lines, in file order
}

// A UserAgent is one user-agent line of a group.
type UserAgent struct {
	Line   int    // its line in the file, from 1
	Value  string // the value as written
	Name   string // what is compared with a crawler's token: the value's leading product token ("FooBot" for "FooBot/2.1"), the whole value in the first-match dialects (Draft1996, Original1994); "" for *
	Global bool   // the value is *: the group applies to crawlers that no group names
}

// String returns the value as written, and the name it is read as when
// that differs: "Spinn3r (read as Spinn)", "FooBot/2.1 (read as FooBot)".
// Tools show a name so, as the file's author wrote it.
func (a UserAgent) String() string {
	if a.Global || a.Name == a.Value {
		return a.Value
	}
	if a.Name == "" {
		return a.Value + " (no product token)"
	}
	return a.Value + " (read as " + a.Name + ")"
}

// A Rule is an allow or disallow line.
type Rule struct {
	Line      int    // its line in the file, from 1
	Allow     bool   // an allow line; false for a disallow line
	Pattern   string // the value as written, comment and surrounding space removed; "" for an empty rule, which matches nothing
	Canonical string // Pattern as it is matched: in the dialect's octet form (package normalize), '*' the wildcard, a final '$' the end anchor; "" for an empty rule
}

// A UsageRule is a Content-Usage line (draft-ietf-aipref-attach): an
// optional path and a statement of usage preferences, read by
// usage.ParseRule.
type UsageRule struct {
	Line      int       // its line in the file, from 1
	Value     string    // the value as written, comment and surrounding space removed
	Path      string    // the path as written; "" when the rule has none, and then it applies to every URL
	Canonical string    // Path as it is matched, as Rule.Canonical is; "" when the rule has no path
	Prefs     usage.Set // the preferences it states, each from this line (field Content-Usage)
}

// A Signal is a Content-Signal line (Cloudflare's Content Signals): usage
// preferences for every URL the crawler may fetch, read by
// usage.ParseSignal.
type Signal struct {
	Line  int       // its line in the file, from 1
	Value string    // the value as written, comment and surrounding space removed
	Prefs usage.Set // the preferences it states, each from this line (field Content-Signal)
}

// A Sitemap is the value of a sitemap line.
type Sitemap struct {
	Line int    // its line in the file, from 1
	URL  string // the value as written
}

// An Extension is a key: value line that is neither a rule nor a
// user-agent nor a sitemap line, such as host or clean-param.
// Content-Usage and Content-Signal lines are not extensions: they are read
// into UsageRule and Signal values.
type Extension struct {
	Line  int    // its line in the file, from 1
	Key   string // lower case
	Value string // the value as written, comment and surrounding space removed
}
