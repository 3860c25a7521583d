// Package robots implements the Robots Exclusion Protocol (robots.txt,
// RFC 9309) for crawlers.
//
// Parse reads a robots.txt body once; Agent compiles the rules that apply to
// one crawler into a Matcher, which decides each URL in a single pass over
// its octets, without allocating or locking, and names the line of the file
// that decided:
//
//	r := robots.Parse(body)
//	m := r.Agent("FooBot")
//	if d := m.Decide("https://example.com/private/x"); !d.Allowed {
//		log.Printf("disallowed by line %d (%s)", d.Line, d.Pattern)
//	}
//
// The agent value is read as a user-agent line is: its leading product
// token, ignoring ASCII case, so a whole User-Agent header such as
// "FooBot/2.1 (+https://foo.example/bot)" selects FooBot's groups.
// Parsing never fails: whatever cannot be read is skipped and reported by
// Diagnostics. Matching follows RFC 9309: the longest matching pattern
// wins, allow wins a tie, no match means allowed, and /robots.txt is
// always allowed. Patterns and URLs are compared in one canonical octet
// form (package normalize), so %41 and A, or %2f and %2F, are the same
// octets while %2F and / are not. Where the RFC is silent the file is read
// as Google's crawler reads it; the other readings are dialects
// (WithDialect). A crawler that sends its requests through package fetch's
// Transport gets robots.txt fetched, cached and obeyed as RFC 9309 says.
//
// Decide also reports what the file says may be done with the content
// fetched: its Content-Usage rules (the IETF AI Preferences drafts) and
// Content-Signal lines (Cloudflare's Content Signals), in Decision.Usage,
// from the same walk as the verdict (see package usage).
//
// # Bounds
//
// A robots.txt is written by a stranger, so every cost is bounded whatever
// it holds:
//
//   - Parse reads at most the parse limit (DefaultParseLimit, or
//     WithParseLimit's, never above normalize.MaxLimit), and 64 KiB more to
//     end a line.
//   - Parse and the first Agent together allocate at most 60 bytes per
//     octet read plus 1 MiB: 31 MiB at the default limit, each step held
//     to a bound of its own. Parse allocates at most 56 bytes per octet
//     plus 16 KiB (package compile): about 3 on real files, at most 20 on
//     files of short lines of the entries a file keeps, and 49 on lines
//     of Content-Usage values that package usage reads with its general
//     reader ("Content-Usage: x;a"), most of that garbage at once. The
//     selected groups' rules are lowered in place, not copied, in at most
//     160 bytes per rule selected plus 4 KiB. The automaton's builds for
//     one Matcher allocate at most 4.5 MiB, as package automaton predicts
//     from counts before it builds (rules, literal octets, stars, distinct
//     segments and trie nodes): wildcard rules whose matcher would pass it
//     are not built but scanned, each decision still within the decision
//     budget below. The peak heap of the whole is at most what it
//     allocates, and in practice much less (README's hostile table
//     measures it).
//   - A Robots keeps at most 64 compiled sets of groups and remembers the
//     Matchers of at most 256 agent values, lists (AgentAny) or chains
//     (AgentFallback); past that every answer is as right, only compiled
//     or selected again when asked again. Agents whose selection is the
//     same set of groups share one compile, done once however many
//     goroutines ask for it.
//   - Decide takes time linear in the URL's length, whatever the rules,
//     and takes no lock, within a work budget that the walk counts: a URL
//     of L octets (of path and query, in canonical form) costs at most
//     automaton.DecideBase (32,768) plus automaton.DecidePerOctet (32)
//     units of work per octet, which keeps a decision of a 1 KiB URL
//     within about a millisecond on any file the parse limit admits.
//     Where matching the URL exactly would cost more, the decision fails
//     closed: the URL is disallowed, with Line 0 and Decision.OverBudget
//     set (ErrOverBudget says why), never allowed. Content-Usage rules
//     with paths share the budget: the URL is decided against Allow and
//     Disallow first, then against them with what that left, so where
//     they alone would take it past the budget the crawl verdict is still
//     exact and the preferences they state fail closed
//     (Decision.UsageOverBudget). That is the one place
//     where a Matcher departs from exact matching, and it takes files
//     built to defeat automata (tens of thousands of distinct wildcard
//     rules that all move on at once): each of 1,613 real files, and files
//     of ten times the wildcard rules of the largest, is decided exactly. Matcher.Stats says whether a file's rules keep
//     every decision within the budget (Bounded), and Matcher.Cost what a
//     URL costs.
//   - Decide's one allocation is walk scratch, the first time more
//     decisions overlap than ever before: at most 1 MiB beside the
//     first's, per Matcher of a file whose wildcard rules need more than
//     29 KiB of it (thousands of them), and in all for the others,
//     which share theirs process-wide. A Matcher that decides many URLs
//     decides them with a DFA built as they need its states, in 2 MiB of
//     arenas that all Matchers share.
//   - A Matcher of rules the automaton package can scan (at most 32 KiB of
//     patterns and rules) builds no automaton at first: it decides by a scan of its
//     rules, which never reaches the decision budget, counting its work,
//     and once that reaches the estimated cost of the build, hands itself
//     to one background goroutine that builds the automaton, once; at most
//     256 Matchers wait for it, and a decision that finds the queue full
//     never waits (a later one hands the Matcher again). A URL longer than
//     the scan reads builds it at once, within that URL's budget: 64 KiB
//     when at most 31 rules search any one URL, and fewer octets (at least
//     665 over the corpus's selections) when more do, as many as the
//     budget pays for; rules whose build would not fit the budget of the
//     next longer URL are not scanned.
//   - Explain reads at most 16 octets for each octet of the URL's path and
//     of the rules' patterns, plus 1 MiB, and says so when that stopped
//     it.
//
// # Tools
//
// For the people who write robots.txt files and the programs that check
// them, a Matcher explains a decision (Explain) and says how it read the
// crawler's name (Selection); a Robots lists its groups and lines and what
// it could not read plainly (Diagnostics: one Diagnostic type, every Code
// in one table with its Severity), and ParseSource gives its text and line
// table. Packages lint, diff and crawlers build on these.
package robots
