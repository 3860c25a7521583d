// Package audit says what archived robots.txt captures allow: for each
// capture (a stored fetch of a robots.txt: the URL, the HTTP response, where
// the archive keeps it), a Record with the RFC 9309 outcome of the fetch,
// lint's errors, and for each crawler of the registry (package crawlers)
// the group that applies, its verdict on "/", its restriction level and its
// usage preferences. It is the instrument behind robots audit, which reads
// Common Crawl's robotstxt WARC files with Run: WARC files in, one JSON
// line per capture out, on every core, in input order, resuming where a
// killed run stopped. Code of this module that reads captures some other way
// calls the Auditor the same way Run does:
//
//	a := audit.New(audit.Options{})   // every registry crawler, RFC 9309
//	seq := a.Sequence()               // one per input: follows redirects within it
//	for _, c := range captures {      // in input order
//		seq.Add(a.Audit(&c), func(r *audit.Record) { out.Write(append(r.AppendJSON(nil), '\n')) })
//	}
//	seq.Flush(...)
//
// Nothing is derived here that the library decides: the outcome is the
// fetch policy's (fetch.Fetcher.FromResponse on the stored response), the
// groups and verdicts are the Matcher's (robots.Robots.AgentFallback,
// Matcher.Selection, Matcher.Decide, Decision.Usage), the lint codes are
// lint's (lint.RunParsed, on the same parse), and the probe paths are
// those of each rule that diff decides a change on (probe.Rule). Crawlers
// that no group names share the analysis of the * groups, which is
// compiled once per capture.
//
// # The record (schema version 1)
//
// One JSON object per capture, members in this order, those marked
// "omitted" left out when empty or zero:
//
//	member          type      meaning
//	v               int       SchemaVersion, 1
//	file            string    the input as named to the tool
//	offset          int       where the capture's record starts in file: the first octet of its gzip member
//	length          int       octets of file it takes (a range request for offset and length reads it); omitted when unknown
//	uri             string    the URL fetched (WARC-Target-URI); omitted when the record could not be read
//	host            string    its host, as policy.Origin writes it (lower case, IDNA ASCII form, non-default port kept)
//	date            string    when it was fetched (WARC-Date, as written)
//	status          int       the HTTP status; omitted when no HTTP response could be read
//	location        string    a redirect's target: its Location resolved against uri; omitted for other statuses
//	outcome         string    what the fetch came to, by RFC 9309 and package fetch's policy: "ok" (a file),
//	                          "unavailable" (4xx but 429, or more than five redirects: everything allowed),
//	                          "unreachable" (5xx, 429, other statuses, a body cut short: everything disallowed),
//	                          or "redirect" (a redirect whose target the input does not hold, see Sequence);
//	                          omitted when the capture could not be read (see error)
//	redirect        object    for a redirect followed within the input: {"to": the URI whose answer applies,
//	                          "offset": its offset in file, "hops": redirects followed}; omitted otherwise
//	size            int       octets of the body read, decoded (the policy reads the parse limit, 500 KiB, and 64 KiB more at most)
//	digest          string    SHA-1 of the payload as stored, "sha1:" and base32, as WARC-Payload-Digest and Common
//	                          Crawl's index write it (so records join with the index); omitted when unknown
//	truncated       bool      the body is longer than the parse limit: what follows it is ignored
//	warc_truncated  string    WARC-Truncated: why the crawler cut the payload ("length", "time"); omitted when it did not
//	lint            [string]  the codes of severity error that lint reports on the file (robots.Codes), each once, in line order
//	agents          [object]  one per crawler, in the order of Options.Agents (the registry's by default); omitted for
//	                          an unread capture and an unresolved redirect, for which nothing can be said
//	error           string    why the capture is not a plain robots.txt answer: it could not be read (a corrupt or cut
//	                          gzip member, a record that is not an HTTP response, a revisit), its body is an HTML page
//	                          or binary (ErrNotRobots), it is longer than the parse limit (ErrLarge), its probes were
//	                          stopped after MaxOverBudget (16) decisions failed closed over the budget (ErrProbes);
//	                          omitted otherwise
//
// and each member of agents:
//
//	member          type      meaning
//	agent           string    the crawler's name, as given (the registry's Name)
//	group           string    "named" (a group names it), "*" (the * groups apply), "none" (no group applies, or no file)
//	lines           [int]     the line of the first user-agent line of each group that applies, the first MaxLines
//	                          (16) of them; omitted when none
//	root            string    its verdict on "/": "allowed" or "disallowed"
//	root_line       int       the line of the rule that decides "/"; omitted when none does
//	level           string    its restriction level: "full", "partial" or "none" (below)
//	witness         string    for "partial": a probe path decided otherwise than "/"; omitted otherwise, and when
//	                          longer than MaxWitness (1 KiB)
//	witness_line    int       the line of the rule that decides the witness; omitted when none does
//	usage           object    the usage preferences the file states for "/" (Decision.Usage), only those known:
//	                          "train-ai", "search" (Content-Usage), "signal-search", "signal-ai-input",
//	                          "signal-ai-train" (Content-Signal), each "allowed" or "disallowed", and
//	                          "signal-use" (immediate, reference, full); omitted when none is known
//	usage_over_budget bool    true when the Content-Usage rules could not be matched on "/" within the decision
//	                          budget: the categories they state read "disallowed", failing closed
//	                          (robots.Decision.UsageOverBudget); omitted otherwise
//
// A redirect followed within the input takes the outcome, size,
// truncated, lint, agents and error of the capture it leads to; its own
// status, location and digest stay its own. A test holds this list, the
// Record type and the JSON that AppendJSON writes together.
//
// # Restriction levels
//
// A crawler's level says how much of a site it may fetch, decided on the
// crawler's own rules rather than on a list of paths chosen beforehand:
//
//   - Its probe paths are "/" and the paths probe.Rule derives from
//     each allow and disallow rule of the groups that apply to it: the path
//     the pattern names with each '*' read as nothing and as one octet, that
//     path one octet longer and followed by "/", one octet shorter, and its
//     parent. A path every file allows, however its rules read
//     (/robots.txt in RFC 9309), is no probe: it holds no content.
//   - Full: every probe is disallowed, "/" included.
//   - None: every probe is allowed.
//   - Partial: some probe is allowed and some disallowed. The record names
//     one, the witness: when "/" is allowed, the first disallowed probe of
//     the disallow rules in file order; when "/" is disallowed, the first
//     allowed probe of the allow rules, then of the disallow rules.
//
// Where there is no file, the probe is "/" alone: an unavailable
// robots.txt (404) is None and an unreachable one (503) is Full, as RFC
// 9309 tells a crawler to act; the outcome tells these apart from files
// that say so. A level is about fetching: usage preferences (a site that
// lets a crawler in but says train-ai=n) are reported beside it, not in it.
//
// Since a rule only disallows the URLs it matches and only allows them
// over another when it matches them, a disallowed URL is found among the
// probes of the rule that disallows it, and an allowed one among those of
// the rule that allows it or just past those of the rule that would
// disallow it; the probes can miss a URL that only several rules at once
// shape (see diff's package documentation), and then a level says Full or
// None where a path-by-path search would find Partial. Deciding the probes
// takes time linear in the rules that apply, each probe at most one octet
// longer than its rule plus one per '*'.
//
// # How other studies classify (and where they differ)
//
// "Consent in Crisis" (Longpre et al., 2024; the Data Provenance
// Initiative's analysis code, src/web_analysis/parse_robots.py, the
// function interpret_agent) classifies a crawler as "all" (fully
// restricted) when its rules hold a Disallow whose value is exactly "/" and
// no Allow, "none" when they hold no Disallow but empty ones or their Allow
// and Disallow lists are equal, and "some" otherwise; rules whose value
// holds "?" are dropped first. Its rules are those of the records whose
// user-agent value, as written, is the crawler's name, else those of *;
// there is no matching. Published versions of that file group lines
// differently (one keys names in lower case and never ends a group, one
// is case-sensitive and ends a group at a blank line); the comparison
// below gives it RFC 9309's groups.
//
// "Somesite I Used To Crawl" (Liu et al., IMC 2025; the artifact
// repository ucsdsysnet/ai-crawler-imc-25, robots_analysis_final.py,
// get_judgement_amortized) runs Google's robots.txt library (one process
// per file, crawler and path) on "/", on the value of every allow and
// disallow line of the whole file with a final '$' removed ('*' kept as
// written), and on one path no file names; "fully disallowed" when all of
// them are disallowed, "no restrictions" when all are allowed, "partially
// disallowed" otherwise. Captures without a body are left out.
//
// Here, for GPTBot (each row is checked by the package's tests, both
// studies' definitions computed as described above):
//
//	file                                               Consent in Crisis  Somesite  here
//	User-agent: * / Disallow: /*                       some               full      full
//	User-agent: * / Disallow: /*?                      none               partial   partial
//	User-agent: * / Disallow: / / Allow: /*?           all                partial   partial
//	User-agent: GPTBot/1.0 / Disallow: /               none               full      full
//	User-agent: * / Disallow: / / Allow: /robots.txt$  some               partial   full
//	User-agent: * / Disallow: / / Allow: /$            some               partial   partial
//	User-agent: * / Allow: / / Disallow: /             none               none      none
//	a 503 answer                                       none (no file)     left out  full (unreachable)
//	a 404 answer                                       none (no file)     left out  none (unavailable)
//
// The first two rows are wildcards and query rules read as text; the
// third is the same rule dropped; the fourth, a user-agent value read as
// its product token (RFC 9309 2.2.1, and Google's library) or not; the
// fifth, /robots.txt, which RFC 9309 allows whatever the rules (Google's
// library decides it like any path; "Allow: /robots.txt" without the '$'
// is Partial here too: it allows /robots.txt.bak); the last two, the fetch
// policy. Neither study reads usage preferences.
//
// # Bounds
//
// Audit reads at most MaxResponse octets of a stored response (its header
// at most MaxHeader), parses and compiles the file within the library's
// bounds (package robots), and decides at most a dozen probes per rule
// that applies to a crawler, crawlers that share groups deciding them
// once. A Sequence holds at most about RedirectWindow records. Run keeps
// at most BatchesPerInput batches of an input in flight, each of at most
// BatchCaptures captures and BatchBytes octets of responses (one capture
// may take MaxResponse alone), reads at most a third as many inputs at a
// time as it has workers, and buffers at most WriteBuffer octets of
// records per output, so its memory does not grow with the number or the
// size of the inputs.
package audit

//go:generate go test -run TestGolden -update
