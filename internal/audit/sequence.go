package audit

import (
	"strconv"
	"strings"

	"github.com/robotsexclusion/robots/fetch"
	"github.com/robotsexclusion/robots/internal/policy"
)

// RedirectWindow is how far apart, in captures of one input, a redirect
// and its target may be for a Sequence to follow the redirect: the target
// must be among the RedirectWindow captures before the redirect or the
// RedirectWindow after it. Crawlers store a redirect and its target close
// together; the window keeps the records held back, waiting for a target,
// to at most RedirectWindow.
const RedirectWindow = 256

// A Sequence gives the records of one input's captures in input order,
// with their redirects followed across captures: a redirect whose target
// the input holds (within RedirectWindow captures) gets the outcome, the
// size, the lint codes and the crawlers' verdicts of the capture it leads
// to, through at most fetch.MaxRedirects redirects, as the fetch policy
// would have; one that leads through more gets "unavailable", as the
// policy says. A redirect whose target is not found keeps the outcome
// OutcomeRedirect. Records are given out as soon as no redirect before
// them waits for its target, so a Sequence holds at most about
// RedirectWindow records. A Sequence is for one goroutine.
type Sequence struct {
	a       *Auditor
	queue   []*entry          // records not yet given out, in input order
	index   map[string]*entry // the captures of the last RedirectWindow, by key
	recent  []*entry          // those captures, oldest first
	added   int               // captures added
	waiting int               // entries of queue that wait for a target
}

// entry is a record in a Sequence.
type entry struct {
	rec     *Record
	key     string // its URI, as a key
	seq     int    // its place in the input
	follow  bool   // a redirect the policy follows: its target is sought
	pending bool   // it still waits for its target
}

// Sequence returns an empty Sequence for the records of a's captures of
// one input.
func (a *Auditor) Sequence() *Sequence {
	return &Sequence{a: a, index: map[string]*entry{}}
}

// Add adds the record of the next capture of the input, as Audit gave it,
// and calls emit with each record that is then ready, in input order.
func (s *Sequence) Add(rec *Record, emit func(*Record)) {
	e := &entry{rec: rec, key: uriKey(rec.URI), seq: s.added}
	s.added++
	if rec.Outcome == OutcomeRedirect {
		e.follow, e.pending = true, true
		s.waiting++
	}
	s.queue = append(s.queue, e)
	if e.key != "" {
		s.index[e.key] = e
		s.recent = append(s.recent, e)
		if len(s.recent) > RedirectWindow+1 { // the capture, and the RedirectWindow before it
			old := s.recent[0]
			s.recent = s.recent[1:]
			if s.index[old.key] == old {
				delete(s.index, old.key)
			}
		}
	}
	s.resolve(false)
	s.give(emit)
}

// Flush follows what redirects it still can, and calls emit with every
// record not yet given out: the end of the input.
func (s *Sequence) Flush(emit func(*Record)) {
	s.resolve(true)
	s.give(emit)
}

// give calls emit with the records at the head of the queue that wait for
// nothing.
func (s *Sequence) give(emit func(*Record)) {
	i := 0
	for ; i < len(s.queue) && !s.queue[i].pending; i++ {
		emit(s.queue[i].rec)
		s.queue[i] = nil
	}
	s.queue = s.queue[i:]
	if len(s.queue) == 0 {
		s.queue = s.queue[:0:0] // let the array go
	}
}

// resolve follows the redirects of the queue that wait; at the end of the
// input (last) or past the window, a redirect whose target is still
// missing gives up.
func (s *Sequence) resolve(last bool) {
	if s.waiting == 0 {
		return
	}
	for _, e := range s.queue {
		if !e.pending {
			continue
		}
		expired := last || s.added-e.seq > RedirectWindow
		cur, hops := e, 0
		for {
			hops++
			if hops > fetch.MaxRedirects {
				// One redirect more than the policy follows.
				s.settle(e, nil, hops)
				break
			}
			t := s.index[uriKey(cur.rec.Location)]
			if t == nil || t.rec.Outcome == "" {
				if expired {
					s.settle(e, cur, 0) // the target is not in the input
				}
				break
			}
			if t.follow {
				cur = t
				continue
			}
			s.settle(e, t, hops)
			break
		}
	}
}

// settle gives e the answer of t, reached after hops redirects; hops past
// fetch.MaxRedirects makes it unavailable; hops 0 leaves it a redirect
// whose target is not in the input.
func (s *Sequence) settle(e, t *entry, hops int) {
	e.pending = false
	s.waiting--
	rec := e.rec
	switch {
	case hops > fetch.MaxRedirects:
		rec.Outcome = fetch.Unavailable.String()
		rec.Error = "more than " + strconv.Itoa(fetch.MaxRedirects) + " redirects"
		rec.Agents = s.a.noFile(true)
	case hops == 0:
		return
	default:
		tr := t.rec
		rec.Outcome, rec.Size, rec.Truncated = tr.Outcome, tr.Size, tr.Truncated
		rec.Lint, rec.Agents, rec.Error = tr.Lint, tr.Agents, tr.Error
		rec.Redirect = &Redirect{To: tr.URI, Offset: tr.Offset, Hops: hops}
	}
}

// uriKey returns the key under which a URI is found: its origin as
// package fetch writes it, then the rest of the URI as written, without its
// fragment; "" for a URI that is not an http or https URL.
func uriKey(uri string) string {
	scheme := strings.Index(uri, "://")
	if scheme < 0 {
		return ""
	}
	end := scheme + 3
	for end < len(uri) && uri[end] != '/' && uri[end] != '?' && uri[end] != '#' {
		end++
	}
	rest := uri[end:]
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		rest = rest[:i]
	}
	if plainOrigin(uri[:end]) {
		if len(rest) == len(uri)-end {
			return uri // no fragment: the URI is its key
		}
		return uri[:end] + rest
	}
	origin, err := policy.Origin(uri)
	if err != nil {
		return ""
	}
	return origin + rest
}

// plainOrigin reports whether an origin is written as policy.Origin writes
// it, so that uriKey need not ask: a lower-case http or https scheme and a
// host of lower-case ASCII letters, digits, dots and hyphens, not ending
// in a dot, without a port.
func plainOrigin(o string) bool {
	host, ok := strings.CutPrefix(o, "https://")
	if !ok {
		if host, ok = strings.CutPrefix(o, "http://"); !ok {
			return false
		}
	}
	if host == "" || host[len(host)-1] == '.' || host[0] == '.' {
		return false
	}
	for i := 0; i < len(host); i++ {
		c := host[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}
