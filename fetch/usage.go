package fetch

// This file enforces and reports usage preferences: what a site says may be
// done with content once fetched (package usage). They come from two
// places, known at two different times:
//
//   - robots.txt, before the request: its Content-Usage rules and
//     Content-Signal lines, for a URL it allows (draft-ietf-aipref-attach
//     section 3.1: a URL that may not be fetched has no preferences). A
//     Transport told the crawl's Purposes refuses, before sending it, a
//     request for which robots.txt says no to one of them (ErrUsageRefused).
//   - the response, after it: its Content-Usage and Content-Signal headers,
//     and the noai directive of its robots headers and META tags (package
//     meta). No Transport can know them before the request is sent, and a
//     response may say no where robots.txt said nothing or yes. So a crawler
//     asks, for each response it keeps, Transport.Preferences (or
//     Result.Preferences when it fetches on its own), which combines both,
//     any no winning, and names where each answer came from; it stores them
//     with the content and honours them when it uses it.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/policy"
	"github.com/robotsexclusion/robots/meta"
	"github.com/robotsexclusion/robots/usage"
)

// ErrUsageRefused is the error a Transport's requests fail with when the
// origin's robots.txt allows the URL but states that its content may not be
// used for one of the Transport's Purposes: a lasting answer for that
// purpose, so do not fetch the URL for it. Test for it with errors.Is; the
// error itself is a *DisallowedError whose Decision allows the URL, and
// errors.Is(err, ErrDisallowed) is false: robots.txt lets the URL be
// fetched, for other uses.
var ErrUsageRefused = errors.New("usage refused by robots.txt")

// refuseUsage returns a *DisallowedError when robots.txt, deciding url as d,
// says no to one of t's Purposes, the first in their order.
func (t *Transport) refuseUsage(url, agent string, d robots.Decision, res *Result) error {
	for _, p := range t.Purposes {
		if pref, from := d.Usage.Combined(p); pref == usage.Disallowed {
			return &DisallowedError{URL: url, Agent: agent, Purpose: p, Source: from, Decision: d, Result: res}
		}
	}
	return nil
}

// Preferences returns the usage preferences of a response fetched through
// t: those its origin's robots.txt states for the URL of resp.Request, read
// for t's agent as RoundTrip reads it, combined with those the response
// states (see Result.Preferences). The robots.txt result is the Cache's,
// fetched again only if it has expired since the request.
//
// It fails when resp has no request, or when the robots.txt result cannot
// be had (a URL that is not http or https, the request's context ended).
func (t *Transport) Preferences(resp *http.Response, body []byte) (usage.Set, error) {
	if resp == nil || resp.Request == nil || resp.Request.URL == nil {
		return usage.Set{}, errors.New("fetch: preferences: the response has no request")
	}
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	req := resp.Request
	res, err := t.result(req.Context(), base, req.Header.Get("User-Agent"), req.URL.String())
	if err != nil {
		return usage.Set{}, err
	}
	return res.Preferences(t.agent(req), resp, body)
}

// Preferences returns the usage preferences of a response for the crawler
// with the product token agent: those this robots.txt result states for the
// URL of resp.Request (Decide's Decision.Usage, on every reading of the
// request target as a Transport decides it), combined by the vocabulary's rule, any no winning,
// with those the response states: its Content-Usage and Content-Signal
// headers, the noai directive of its X-Robots-Tag and Robots-Tag headers
// (read as train-ai=n), and, when body is not nil and the response is HTML,
// the noai of the robots META tags in the head of body (at most
// meta.DefaultLimit octets of it are read). See meta.Directives.Usage.
//
// Each category's source (usage.Set.From) says where its answer came from:
// a source with a Line is that line of robots.txt; one without names the
// header or META tag. Where robots.txt and the response say the same, the
// robots.txt line is named. A URL that robots.txt does not allow has no
// preferences from robots.txt, so only the response's count.
//
// It is for a crawler that fetches pages itself, with the Result of their
// origin (Fetcher.Fetch, Cache.Get); it fails when resp has no request or
// its URL is not of this result's origin.
func (r *Result) Preferences(agent string, resp *http.Response, body []byte) (usage.Set, error) {
	if resp == nil || resp.Request == nil || resp.Request.URL == nil {
		return usage.Set{}, errors.New("fetch: preferences: the response has no request")
	}
	u := resp.Request.URL
	target, err := requestTarget(u)
	if err != nil {
		return usage.Set{}, err
	}
	if origin, err := policy.Origin(u.Scheme + "://" + u.Host); err != nil {
		return usage.Set{}, err
	} else if origin != r.Origin {
		return usage.Set{}, fmt.Errorf("fetch: preferences: %s is not of the origin %s", u.Redacted(), r.Origin)
	}
	page := *resp
	page.Body = nil
	if body != nil {
		page.Body = io.NopCloser(bytes.NewReader(body))
	}
	// Reading from memory cannot fail: ParseResponse's only errors are
	// the body's.
	d, err := meta.ParseResponse(&page, agent, meta.DefaultLimit)
	if err != nil {
		return usage.Set{}, fmt.Errorf("fetch: preferences: %w", err)
	}
	return r.Decide(agent, r.Origin+target).Usage.Combine(d.Usage()), nil
}
