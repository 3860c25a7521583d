package meta

// This file reads directive lists: the content of a META tag and the value of
// an X-Robots-Tag header. Both are split at commas, the header's also at agent
// prefixes; each piece becomes one Source.

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/robotsexclusion/robots/internal/field"
	"github.com/robotsexclusion/robots/internal/jsonw"
)

// A Place is the kind of source a directive was read from.
type Place uint8

// The places directives are read from.
const (
	MetaTag    Place = iota + 1 // a <meta name=... content=...> element of an HTML page
	XRobotsTag                  // an X-Robots-Tag HTTP header
	RobotsTag                   // a Robots-Tag HTTP header, the structured form of draft-illyes-repext
)

// String returns "meta", "X-Robots-Tag" or "Robots-Tag".
func (p Place) String() string {
	switch p {
	case MetaTag:
		return "meta"
	case XRobotsTag:
		return "X-Robots-Tag"
	case RobotsTag:
		return "Robots-Tag"
	}
	return "Place(" + strconv.Itoa(int(p)) + ")"
}

// A Source is one directive as found on a page.
type Source struct {
	Place Place

	// Name is, for a META tag, its name attribute as written ("robots",
	// "FooBot"); for an X-Robots-Tag header, the agent prefix as written, ""
	// when there is none; for a Robots-Tag header, the product token of the
	// List member ("*", "ExampleBot").
	Name string

	// Raw is the directive as written, space around it trimmed: "NOINDEX",
	// "unavailable_after: 25 Jun 2010 15:00:00 PST".
	//
	// Name and Raw keep every octet as found: one that is not part of
	// valid UTF-8 (a page in another charset) is percent-encoded ("n%E9pas"
	// for "n\xE9pas"), so that they are valid UTF-8 and lose nothing.
	Raw string

	// Directive is the directive in canonical form: "noindex", "none",
	// "max-snippet:20", "unavailable_after:2010-06-25T23:00:00Z"; nocache is
	// read as noarchive. It is "" when the directive is not understood.
	Directive string

	// Problem says why a directive is not understood ("unknown directive",
	// "unreadable date", ...); it is "" when Directive is set.
	Problem string

	// Applies is false when the directive is addressed to another crawler.
	Applies bool

	kind kind
	no   restriction  // kindNo
	n    int          // kindMaxSnippet, kindMaxVideo
	img  ImagePreview // kindMaxImage
	t    time.Time    // kindUnavailableAfter
}

// String returns where the source was found and what it said:
// `meta name="robots": NOINDEX`, `X-Robots-Tag: noarchive`,
// `X-Robots-Tag: otherbot: noarchive` or `Robots-Tag: ExampleBot;noindex`.
func (s Source) String() string {
	switch {
	case s.Place == MetaTag:
		return `meta name="` + s.Name + `": ` + s.Raw
	case s.Place == RobotsTag:
		return s.Place.String() + ": " + s.Name + ";" + s.Raw
	case s.Name != "":
		return s.Place.String() + ": " + s.Name + ": " + s.Raw
	}
	return s.Place.String() + ": " + s.Raw
}

// A kind is what a directive does.
type kind uint8

const (
	kindUnknown kind = iota
	kindAll
	kindNone
	kindIndex
	kindFollow
	kindArchive
	kindNo // one of the restrictions: noindex, nofollow, ...
	kindMaxSnippet
	kindMaxImage
	kindMaxVideo
	kindIndexIfEmbedded
	kindUnavailableAfter
)

// words are the directives without a value, with their canonical names.
var words = map[string]struct {
	kind kind
	no   restriction
	name string
}{
	"all":             {kindAll, 0, "all"},
	"none":            {kindNone, 0, "none"},
	"index":           {kindIndex, 0, "index"},
	"follow":          {kindFollow, 0, "follow"},
	"archive":         {kindArchive, 0, "archive"},
	"noindex":         {kindNo, noIndex, "noindex"},
	"nofollow":        {kindNo, noFollow, "nofollow"},
	"noarchive":       {kindNo, noArchive, "noarchive"},
	"nocache":         {kindNo, noArchive, "noarchive"},
	"nosnippet":       {kindNo, noSnippet, "nosnippet"},
	"noimageindex":    {kindNo, noImageIndex, "noimageindex"},
	"notranslate":     {kindNo, noTranslate, "notranslate"},
	"noai":            {kindNo, noAI, "noai"},
	"noimageai":       {kindNo, noImageAI, "noimageai"},
	"indexifembedded": {kindIndexIfEmbedded, 0, "indexifembedded"},
}

// valued are the directives that take a value after a colon.
var valued = map[string]kind{
	"max-snippet":       kindMaxSnippet,
	"max-image-preview": kindMaxImage,
	"max-video-preview": kindMaxVideo,
	"unavailable_after": kindUnavailableAfter,
}

// effect returns what s does, as Directives without sources.
func (s Source) effect() Directives {
	var d Directives
	switch s.kind {
	case kindNone:
		d.no = noIndex | noFollow
	case kindNo:
		d.no = s.no
	case kindMaxSnippet:
		d.maxSnippet = limit{s.n, true}
		if s.n == 0 {
			d.no = noSnippet
		}
	case kindMaxImage:
		d.maxImage = s.img
	case kindMaxVideo:
		d.maxVideo = limit{s.n, true}
	case kindIndexIfEmbedded:
		d.embedded = true
	case kindUnavailableAfter:
		d.until, d.hasUntil = s.t, true
	}
	return d
}

// classify reads one directive, space around it already trimmed, into s.
func classify(s *Source, raw string) {
	s.Raw = jsonw.PercentInvalid(raw)
	name, val, hasVal := strings.Cut(raw, ":")
	name = strings.ToLower(strings.TrimSpace(name))
	val = strings.TrimSpace(val)
	if !hasVal {
		if w, ok := words[name]; ok {
			s.kind, s.no, s.Directive = w.kind, w.no, w.name
			return
		}
		s.Problem = "unknown directive"
		if _, ok := valued[name]; ok {
			s.Problem = "missing value"
		}
		return
	}
	k, ok := valued[name]
	if !ok {
		s.Problem = "unknown directive"
		return
	}
	switch k {
	case kindMaxSnippet, kindMaxVideo:
		n, ok := parseCount(val)
		if !ok {
			s.Problem = "not a number (or -1)"
			return
		}
		s.n = n
		s.Directive = name + ":" + strconv.Itoa(n)
	case kindMaxImage:
		switch strings.ToLower(val) {
		case "none":
			s.img = ImagePreviewNone
		case "standard":
			s.img = ImagePreviewStandard
		case "large":
			s.img = ImagePreviewLarge
		default:
			s.Problem = "not none, standard or large"
			return
		}
		s.Directive = name + ":" + s.img.String()
	case kindUnavailableAfter:
		t, ok := parseDate(val)
		if !ok {
			s.Problem = "unreadable date"
			return
		}
		s.t = t
		s.Directive = name + ":" + t.Format(time.RFC3339)
	}
	s.kind = k
}

// maxCount caps the numbers of max-snippet and max-video-preview: larger
// ones are read as this one, which no snippet or video reaches.
const maxCount = 1<<31 - 1

// parseCount reads -1 or a number of decimal digits.
func parseCount(s string) (int, bool) {
	if s == "-1" {
		return -1, true
	}
	if s == "" {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return 0, false
		}
		if n < maxCount {
			n = n*10 + int(s[i]-'0')
		}
	}
	return min(n, maxCount), true
}

// split reads a directive list. With prefixes, as in a header, a piece may
// start with an agent prefix that holds for the rest of the list or to the
// next prefix. It calls emit with the prefix in force ("" for none) and each
// directive, space trimmed.
func split(list string, prefixes bool, emit func(agent, raw string)) {
	pieces := strings.Split(list, ",")
	agent := ""
	for i := 0; i < len(pieces); i++ {
		p := strings.TrimSpace(pieces[i])
		if prefixes {
			if a, rest, ok := cutAgent(p); ok {
				agent, p = a, strings.TrimSpace(rest)
			}
		}
		if p == "" {
			continue
		}
		name, val, hasVal := strings.Cut(p, ":")
		k, ok := valued[strings.ToLower(strings.TrimSpace(name))]
		if !ok || !hasVal {
			for p != "" { // the words of p
				p = strings.TrimLeftFunc(p, isSeparator)
				end := strings.IndexFunc(p, isSeparator)
				if end < 0 {
					end = len(p)
				}
				if end > 0 {
					emit(agent, p[:end])
				}
				p = p[end:]
			}
			continue
		}
		if k == kindUnavailableAfter && i+1 < len(pieces) {
			if _, ok := parseDate(val); !ok {
				// A date may hold commas ("Fri, 25 Jun 2010", "June 25,
				// 2010"): take the most pieces (up to two more) that make one.
				used := 0
				for n := 1; n <= 2 && i+n < len(pieces) && continuesDate(pieces[i+n]); n++ {
					if _, ok := parseDate(val + "," + strings.Join(pieces[i+1:i+n+1], ",")); ok {
						used = n
					}
				}
				if used == 0 && isWeekday(val) {
					used = 1 // "Fri, <not a date>": keep it whole, as one unknown
				}
				if used > 0 {
					p = strings.TrimSpace(p + "," + strings.Join(pieces[i+1:i+used+1], ","))
					i += used
				}
			}
		}
		emit(agent, p)
	}
}

// continuesDate reports whether a piece of a list may continue a date cut
// at a comma: it starts with a digit or a month's name.
func continuesDate(p string) bool {
	p = strings.TrimSpace(p)
	if p == "" {
		return false
	}
	if isDigit(p[0]) {
		return true
	}
	return len(p) >= 3 && monthAbbrevs[strings.ToLower(p[:3])]
}

// isSeparator reports whether r separates directives within a piece of a
// list that holds no value.
func isSeparator(r rune) bool {
	return r == ';' || r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '\v'
}

// cutAgent reads an agent prefix "otherbot:" at the start of p: a product
// token that is not the name of a directive.
func cutAgent(p string) (agent, rest string, ok bool) {
	name, rest, found := strings.Cut(p, ":")
	if !found {
		return "", "", false
	}
	name = strings.TrimSpace(name)
	if !isToken(name) {
		return "", "", false
	}
	lower := strings.ToLower(name)
	if _, ok := words[lower]; ok {
		return "", "", false
	}
	if _, ok := valued[lower]; ok {
		return "", "", false
	}
	return name, rest, true
}

// isToken reports whether s is a product token: letters, digits, '-', '_'
// and '.'.
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'z' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// generic is the META name and header prefix that address every crawler.
const generic = "robots"

// addressed reports whether a META name or header prefix addresses the
// crawler with the product token agent.
func addressed(name, agent string) bool {
	return strings.EqualFold(name, generic) || (agent != "" && strings.EqualFold(name, agent))
}

// ParseMeta reads the content of one <meta> element with the given name
// for the crawler with the product token agent. A name other than "robots"
// or agent gives no directives, unless it looks like another crawler's
// token and the content holds only known directives: those are kept in
// Sources as not applying.
func ParseMeta(name, content, agent string) Directives {
	name = strings.TrimSpace(name)
	applies := addressed(name, agent)
	if !applies && (!isToken(name) || htmlMetaNames[strings.ToLower(name)]) {
		return Directives{}
	}
	var d Directives
	split(content, false, func(_, raw string) {
		s := Source{Place: MetaTag, Name: jsonw.PercentInvalid(name), Applies: applies}
		classify(&s, raw)
		d.add(s)
	})
	if !applies {
		for _, s := range d.sources {
			if s.Directive == "" {
				return Directives{} // not a list of robots directives
			}
		}
	}
	return d
}

// htmlMetaNames are standard META names that are never a crawler's.
var htmlMetaNames = map[string]bool{
	"application-name": true, "author": true, "color-scheme": true,
	"description": true, "generator": true, "keywords": true,
	"referrer": true, "theme-color": true, "viewport": true,
}

// headerName is the legacy header ParseHeader reads.
const headerName = "X-Robots-Tag"

// ParseHeader reads the page-level headers of h for the crawler with the
// product token agent, each header name compared without regard to case,
// all of its values in order: X-Robots-Tag, Robots-Tag (the structured
// form), then Content-Usage and Content-Signal (see Usage).
func ParseHeader(h http.Header, agent string) Directives {
	var d Directives
	for _, v := range field.Values(h, headerName) {
		split(v, true, func(prefix, raw string) {
			s := Source{Place: XRobotsTag, Name: jsonw.PercentInvalid(prefix), Applies: prefix == "" || addressed(prefix, agent)}
			classify(&s, raw)
			d.add(s)
		})
	}
	if v := field.Values(h, robotsTagName); v != nil {
		readRobotsTag(&d, strings.Join(v, ", "), agent)
	}
	readUsage(&d, h)
	return d
}
