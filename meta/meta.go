// Package meta reads the page-level robots directives and usage
// preferences of a fetched page, for one crawler. Where robots.txt (the
// root package) says which URLs a crawler may fetch, these say what it may
// do with a page it has fetched: index it, follow its links, show a
// snippet or a cached copy, use it for AI, and until when.
//
//	d, err := meta.ParseResponse(resp, "FooBot", meta.DefaultLimit)
//	if err != nil {
//		return err
//	}
//	if !d.Index() {
//		return nil // keep the page out of the index
//	}
//
// It reads, from an HTTP response:
//
//   - the robots META tags of an HTML page (<meta name="robots"
//     content="noindex">) and the X-Robots-Tag header, which carries the
//     same directives. No standard defines them: the directives are those
//     the major search engines document (Google's robots meta tag and
//     X-Robots-Tag specification, Bing's), and noai and noimageai, which
//     sites write to refuse AI use;
//   - the Robots-Tag header, the structured form that draft-illyes-repext
//     (the REP extensions draft) proposes in place of X-Robots-Tag;
//   - the Content-Usage header (draft-ietf-aipref-attach, section 2) and
//     the Content-Signal header (Cloudflare's Content Signals), which state
//     usage preferences, read by package usage.
//
// ParseResponse reads a response; ParseHeader, ParseHTML and ParseMeta read
// one kind of source each (a crawler with its own HTML parser hands
// ParseMeta each <meta> element), and Merge combines what they found.
// Reading never fails on bad input. Every directive found is kept with its
// origin (Sources), those not understood with the reason (Source.Problem),
// so that a tool can explain the result (InForce).
//
// # Where directives are read
//
// In HTML, the <meta> elements named "robots" (for every crawler) or the
// crawler's own product token ("FooBot"), the names compared without regard
// to case, in the head of the document. Reading stops at <body>, at the
// first element that the HTML parsing rules place in the body (anything but
// html, head, base, basefont, bgsound, link, meta, title, noscript,
// noframes, style, script and template, so a <div> or <img> in the head ends
// it as it does in a browser), or at the byte limit. A large page therefore
// costs only its head. Stray text does not end the head (a browser would
// open the body, but a stray character is too common to hide a noindex
// behind it). Elements inside <template> and <noscript> are not read. A
// page in any charset that keeps ASCII as ASCII (UTF-8, ISO-8859-x,
// windows-125x, Shift_JIS, ...) is read as it is; UTF-16 is recognized by
// its byte order mark, or by its first '<', and decoded.
//
// In HTTP, every X-Robots-Tag header. A value may start with a product token
// and a colon (X-Robots-Tag: otherbot: noindex, nofollow): the directives
// from there to the end of that header, or to the next such prefix, are for
// that crawler only. A directive that takes a value is never read as a
// prefix, so "unavailable_after: 25 Jun 2010 15:00:00 PST" is a directive,
// as is "max-snippet: 20". The prefix "robots" addresses every crawler, as
// the META name does. A META content has no prefixes.
//
// Also every Robots-Tag header: an RFC 9651 List whose members are product
// tokens, "*" for every crawler, each with the directives for it as
// Parameters ("Robots-Tag: *;nosnippet, ExampleBot;noindex"). A Parameter
// with a value is read as the directive with that value (max-snippet=20).
// The lines of the field are joined before parsing; a ';' that ends a member
// (as in the draft's own example, "ExampleBot;") is dropped; a value that
// is still not a List is not read and is reported as one Source with a
// Problem. Keys are lowercase in this form, as RFC 9651 requires. The
// directives of "*" and of the crawler's own token all count, as with META
// tags (the draft's example, which lists ExampleBot with no Parameters,
// gives ExampleBot the "*" directives too).
//
// In both, directives are separated by commas; around them, and around the
// colon of a directive with a value, space is ignored. Names are compared
// without regard to case. A piece between commas that holds several words
// without a value ("noindex nofollow", "noindex;nofollow") is read as
// several directives. A date may itself contain commas ("Fri, 25 Jun 2010").
//
// # Directives
//
//	all                   index, follow: nothing restricted (the default)
//	none                  noindex, nofollow
//	index, noindex        whether the page may be indexed
//	follow, nofollow      whether the page's links may be followed
//	archive, noarchive    whether a cached copy may be shown (nocache is noarchive)
//	nosnippet             no text snippet (max-snippet:0)
//	max-snippet:N         at most N characters of snippet; -1 no limit
//	max-image-preview:S   S is none, standard or large
//	max-video-preview:N   at most N seconds of video preview; -1 no limit
//	noimageindex          the page's images may not be indexed
//	notranslate           no translation of the page may be offered
//	indexifembedded       the page may be indexed when embedded in another (with noindex)
//	unavailable_after:D   the page may not be shown after the date D
//	noai                  the page may not be used for AI (in Usage: train-ai=n)
//	noimageai             the page's images may not be used for AI
//
// A date is read in the forms search engines accept: RFC 822, RFC 850 and
// RFC 1123 ("Fri, 25 Jun 2010 15:00:00 PST"), ISO 8601 and RFC 3339 with or
// without a time ("2010-06-25", "2010-06-25T15:00:00-08:00"), asctime, and
// forms like "June 25, 2010". A date without a zone is in UTC. Zones are
// numeric offsets or the abbreviations of RFC 822 (GMT, UTC, EST, PST, ...)
// and a few more in wide use (CET, CEST, BST, JST, ...); an unknown zone
// makes the date unreadable.
//
// Any other directive (noodp, noydir, noyaca, ...), and a known one whose
// value cannot be read (max-snippet:many, a date that is not one), is not
// understood: it is kept in Sources with its Problem, and restricts nothing.
//
// # Combining
//
// The robots META tag's definition leaves conflicting or repeated directives
// undefined. Here every directive that applies to the crawler counts, from
// whichever source (a META tag or a header, "robots" or the crawler's own
// name, first or last), and the most restrictive wins:
//
//   - noindex anywhere beats index and all, and so for nofollow, noarchive,
//     nosnippet, noimageindex, notranslate, noai and noimageai; none is
//     noindex and nofollow.
//     index, follow, all and archive restate the default: they never lift a
//     restriction.
//   - the smallest max-snippet and max-video-preview win; -1 (no limit)
//     loses to any other number; max-snippet:0 is nosnippet.
//   - the smallest max-image-preview wins: none, then standard, then large.
//   - the earliest unavailable_after wins.
//   - indexifembedded anywhere holds.
//
// Directives addressed to another crawler (a header prefix, or a META tag
// with another crawler's name whose content holds only known directives) are
// kept in Sources, marked as not applying, and count for nothing.
//
// # Usage preferences
//
// The Content-Usage header states usage preferences for the content of the
// response it comes with (that representation), in the AI Preferences
// vocabulary (draft-ietf-aipref-vocab: "train-ai=n, search=y"); the
// Content-Signal header, seen in the wild beside Cloudflare's robots.txt
// lines, states them in the Content Signals vocabulary ("search=yes,
// ai-train=no"). Both are read by package usage, each field's lines joined
// as RFC 9651 says, and apply to every crawler. Usage returns them combined
// with noai (read as train-ai=n, as the vocabulary draft's section 6.6 lets
// another format map onto it) by the vocabulary's rule, any no wins, with
// the source of each category. A crawler combines Usage with what
// robots.txt states for the URL (robots.Decision.Usage) by the same rule. A
// tool that shows what is wrong with a header's value asks package usage,
// whose parsers report it.
//
// # Bounds
//
// Reading a page costs time linear in what is read, and memory bounded by
// these numbers, whatever the page:
//
//   - at most the limit given to ParseHTML or ParseResponse of an HTML body
//     is read (DefaultLimit, one mebibyte, when the limit is 0 or less);
//     Truncated says when the head was longer;
//   - a structured header (Robots-Tag, Content-Usage, Content-Signal), its
//     lines joined, is read up to 64 KiB; a longer one is not read (a
//     Robots-Tag is reported as a Source with the first 100 bytes of its
//     text, and a usage header states nothing);
//   - the first 1,000 directives found are kept in Sources; those past
//     them still count;
//   - a date is at most 100 bytes of text; a max-snippet or
//     max-video-preview larger than 2,147,483,647 is read as that number.
package meta

import (
	"strconv"
	"strings"
	"time"

	"github.com/robotsexclusion/robots/usage"
)

// Directives are the robots directives that apply to one crawler for one
// page, combined, and the sources they were read from. The zero value
// restricts nothing. A Directives value does not change once made (Merge
// returns a new one) and is safe for concurrent use.
type Directives struct {
	no         restriction
	embedded   bool  // indexifembedded
	maxSnippet limit // characters
	maxVideo   limit // seconds
	maxImage   ImagePreview
	until      time.Time // unavailable_after, when hasUntil
	hasUntil   bool
	truncated  bool
	sources    []Source
	prefs      usage.Set // Content-Usage and Content-Signal headers, combined
}

// restriction is a set of the yes/no directives that restrict.
type restriction uint8

const (
	noIndex restriction = 1 << iota
	noFollow
	noArchive
	noSnippet
	noImageIndex
	noTranslate
	noAI
	noImageAI
)

// limit is a number that caps something; the zero value and -1 both mean
// no cap.
type limit struct {
	n   int
	set bool
}

// min returns the smaller of two limits, a limit without a cap being the
// largest.
func (l limit) min(o limit) limit {
	switch {
	case !o.set || o.n < 0:
		if !l.set {
			return o
		}
		return l
	case !l.set || l.n < 0:
		return o
	case o.n < l.n:
		return o
	}
	return l
}

// value returns the cap, -1 when there is none.
func (l limit) value() int {
	if !l.set {
		return -1
	}
	return l.n
}

// An ImagePreview is the largest image preview a page allows.
type ImagePreview uint8

// The image preview sizes, from the most restrictive. The zero value,
// ImagePreviewDefault, means that no max-image-preview directive was given:
// the crawler's default size applies.
const (
	ImagePreviewDefault  ImagePreview = iota // not given
	ImagePreviewNone                         // no image preview
	ImagePreviewStandard                     // a preview of the default size
	ImagePreviewLarge                        // a preview as wide as the viewport
)

var imagePreviewNames = [...]string{"default", "none", "standard", "large"}

// String returns the size as written in the directive ("none", "standard",
// "large"), or "default".
func (p ImagePreview) String() string {
	if int(p) < len(imagePreviewNames) {
		return imagePreviewNames[p]
	}
	return "ImagePreview(" + strconv.Itoa(int(p)) + ")"
}

// min returns the more restrictive of two sizes.
func (p ImagePreview) min(o ImagePreview) ImagePreview {
	if p == ImagePreviewDefault || (o != ImagePreviewDefault && o < p) {
		return o
	}
	return p
}

// Index reports whether the page may be indexed: no noindex or none applies.
func (d Directives) Index() bool { return d.no&noIndex == 0 }

// Follow reports whether the links of the page may be followed: no nofollow
// or none applies.
func (d Directives) Follow() bool { return d.no&noFollow == 0 }

// Archive reports whether a cached copy of the page may be shown: no
// noarchive (or nocache) applies.
func (d Directives) Archive() bool { return d.no&noArchive == 0 }

// ImageIndex reports whether the images of the page may be indexed: no
// noimageindex applies.
func (d Directives) ImageIndex() bool { return d.no&noImageIndex == 0 }

// Translate reports whether a translation of the page may be offered: no
// notranslate applies.
func (d Directives) Translate() bool { return d.no&noTranslate == 0 }

// ImageAI reports whether the images of the page may be used for AI: no
// noimageai applies.
func (d Directives) ImageAI() bool { return d.no&noImageAI == 0 }

// IndexIfEmbedded reports whether indexifembedded applies: the content of
// the page may be indexed where another page embeds it, even with noindex.
func (d Directives) IndexIfEmbedded() bool { return d.embedded }

// MaxSnippet returns the longest text snippet allowed, in characters: 0
// when no snippet is allowed (nosnippet or max-snippet:0 applies), -1 when
// there is no limit.
func (d Directives) MaxSnippet() int {
	if d.no&noSnippet != 0 {
		return 0
	}
	return d.maxSnippet.value()
}

// MaxImagePreview returns the largest image preview allowed, or
// ImagePreviewDefault when no max-image-preview applies.
func (d Directives) MaxImagePreview() ImagePreview { return d.maxImage }

// MaxVideoPreview returns the longest video preview allowed, in seconds: 0
// for a still image only, -1 when there is no limit.
func (d Directives) MaxVideoPreview() int { return d.maxVideo.value() }

// UnavailableAfter returns the time after which the page may no longer be
// shown, in UTC, and whether one was given.
func (d Directives) UnavailableAfter() (time.Time, bool) {
	return d.until, d.hasUntil
}

// Truncated reports whether reading an HTML document stopped at the byte
// limit before the end of its head: META tags after that point were not
// seen.
func (d Directives) Truncated() bool { return d.truncated }

// Sources returns every directive found, in the order found, with its
// origin: those that apply, those not understood (with a Problem), and
// those addressed to other crawlers; the first 1,000 of them, so that memory stays
// proportional to what a page means, not to its length (the directives
// past them still count; only their record is dropped).
func (d Directives) Sources() []Source {
	return append([]Source(nil), d.sources...)
}

// Merge returns the combination of d and o: their sources one after the
// other, and for each directive the most restrictive of the two (see the
// package documentation).
func (d Directives) Merge(o Directives) Directives {
	r := d
	r.sources = append(append([]Source(nil), d.sources...), o.sources...)
	if len(r.sources) > maxSources {
		r.sources = r.sources[:maxSources:maxSources]
	}
	r.prefs = d.prefs.Combine(o.prefs)
	r.combine(o)
	return r
}

// combine makes d the most restrictive of d and o, sources aside.
func (d *Directives) combine(o Directives) {
	d.no |= o.no
	d.embedded = d.embedded || o.embedded
	d.maxSnippet = d.maxSnippet.min(o.maxSnippet)
	d.maxVideo = d.maxVideo.min(o.maxVideo)
	d.maxImage = d.maxImage.min(o.maxImage)
	if o.hasUntil && (!d.hasUntil || o.until.Before(d.until)) {
		d.until, d.hasUntil = o.until, true
	}
	d.truncated = d.truncated || o.truncated
}

// maxSources is the number of sources a Directives value keeps, so that
// memory stays proportional to what a page means, not to its length. The
// directives past it still count; only their record is dropped.
const maxSources = 1000

// add records a source, while there are fewer than maxSources, and, when it
// applies, its effect.
func (d *Directives) add(s Source) {
	if len(d.sources) < maxSources {
		d.sources = append(d.sources, s)
	}
	if s.Applies {
		d.combine(s.effect())
	}
}

// String returns the directives in force as one line, in canonical form and
// order: "noindex, nofollow", "nosnippet, max-image-preview:standard", or
// "all" when nothing is restricted. Directives that restate the default
// (index, follow, max-snippet:-1) and unknown ones are left out. Reading the
// line back with ParseMeta gives the same directives.
func (d Directives) String() string {
	var parts []string
	flag := func(bit restriction, name string) {
		if d.no&bit != 0 {
			parts = append(parts, name)
		}
	}
	flag(noIndex, "noindex")
	flag(noFollow, "nofollow")
	flag(noArchive, "noarchive")
	flag(noSnippet, "nosnippet")
	if n := d.MaxSnippet(); n > 0 {
		parts = append(parts, "max-snippet:"+strconv.Itoa(n))
	}
	if d.maxImage != ImagePreviewDefault {
		parts = append(parts, "max-image-preview:"+d.maxImage.String())
	}
	if n := d.MaxVideoPreview(); n >= 0 {
		parts = append(parts, "max-video-preview:"+strconv.Itoa(n))
	}
	flag(noImageIndex, "noimageindex")
	flag(noTranslate, "notranslate")
	flag(noAI, "noai")
	flag(noImageAI, "noimageai")
	if d.embedded {
		parts = append(parts, "indexifembedded")
	}
	if t, ok := d.UnavailableAfter(); ok {
		parts = append(parts, "unavailable_after:"+t.Format(time.RFC3339))
	}
	if len(parts) == 0 {
		return "all"
	}
	return strings.Join(parts, ", ")
}

// InForce reports whether the source s is what d holds: it applies, it is
// understood, and d's value for what it speaks of is the one it asks for.
// A permission that a restriction overrides (follow when nofollow applies
// too), or a limit that a smaller one overrides, is not in force.
func (d Directives) InForce(s Source) bool {
	if !s.Applies {
		return false
	}
	switch s.kind {
	case kindAll:
		return d.Index() && d.Follow()
	case kindNone:
		return !d.Index() && !d.Follow()
	case kindIndex:
		return d.Index()
	case kindFollow:
		return d.Follow()
	case kindArchive:
		return d.Archive()
	case kindNo:
		return d.no&s.no == s.no
	case kindMaxSnippet:
		return d.MaxSnippet() == s.n
	case kindMaxImage:
		return d.maxImage == s.img
	case kindMaxVideo:
		return d.MaxVideoPreview() == s.n
	case kindIndexIfEmbedded:
		return d.embedded
	case kindUnavailableAfter:
		return d.hasUntil && d.until.Equal(s.t)
	}
	return false
}
