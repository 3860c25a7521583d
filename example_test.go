package robots_test

import (
	"fmt"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/usage"
)

const exampleBody = `# robots.txt for shop.example
User-agent: *
Disallow: /cart
Disallow: /*.pdf$
Allow: /cart/help

User-agent: FooBot
Disallow: /

Sitemap: https://shop.example/sitemap.xml
`

func Example() {
	r := robots.Parse([]byte(exampleBody))
	fmt.Println(r.Allowed("Googlebot", "https://shop.example/cart/42"))
	fmt.Println(r.Allowed("Googlebot", "https://shop.example/cart/help"))
	fmt.Println(r.Allowed("FooBot", "https://shop.example/"))
	// Output:
	// false
	// true
	// false
}

func ExampleMatcher_Decide() {
	m := robots.Parse([]byte(exampleBody)).Agent("Googlebot")
	for _, url := range []string{
		"https://shop.example/cart/42",
		"https://shop.example/cart/help?topic=returns",
		"https://shop.example/manual.pdf",
		"https://shop.example/manual.pdf?download=1",
		"https://shop.example/robots.txt",
	} {
		d := m.Decide(url)
		fmt.Printf("%-5v line %d %-10q %s\n", d.Allowed, d.Line, d.Pattern, url)
	}
	// Output:
	// false line 3 "/cart"    https://shop.example/cart/42
	// true  line 5 "/cart/help" https://shop.example/cart/help?topic=returns
	// false line 4 "/*.pdf$"  https://shop.example/manual.pdf
	// true  line 0 ""         https://shop.example/manual.pdf?download=1
	// true  line 0 ""         https://shop.example/robots.txt
}

func ExampleRobots_Diagnostics() {
	r := robots.Parse([]byte("User-agent: FooBot/1.0\nDisalow: /private\nCrawl-delay: soon\n"))
	for _, d := range r.Diagnostics() {
		fmt.Println(d)
	}
	// Output:
	// 1: warning: agent-not-token: user-agent value "FooBot/1.0" is read as the product token "FooBot"
	// 2: warning: misspelt-key: "Disalow" is a misspelling; read as disallow
	// 3: warning: invalid-crawl-delay: crawl-delay "soon" is not a number of seconds; ignored
}

func ExampleRobots_Sitemaps() {
	r := robots.Parse([]byte(exampleBody))
	fmt.Println(r.Sitemaps())
	// Output: [https://shop.example/sitemap.xml]
}

func ExampleMatcher_CrawlDelay() {
	r := robots.Parse([]byte("User-agent: *\nCrawl-delay: 1.5\n"))
	d, ok := r.Agent("FooBot").CrawlDelay()
	fmt.Println(d, ok)
	// Output: 1.5s true
}

// The README's "library in a dozen lines", compiled and checked.
func Example_dozenLines() {
	body := []byte("User-agent: FooBot\nDisallow: /a/\nCrawl-delay: 2\n\nSitemap: https://example.com/sitemap.xml\n")

	r := robots.Parse(body)                  // never fails; problems go to r.Diagnostics()
	m := r.Agent("FooBot")                   // compile FooBot's rules once; safe for concurrent use
	d := m.Decide("https://example.com/a/b") // one pass over the URL, no allocation
	if !d.Allowed {
		fmt.Printf("disallowed by line %d (%s)\n", d.Line, d.Pattern)
	}
	fmt.Println(r.Allowed("FooBot", "/b")) // the short form (keeps compiled matchers per agent)
	fmt.Println(r.Sitemaps())              // sitemap URLs, in file order, without duplicates
	if delay, ok := m.CrawlDelay(); ok {   // crawl-delay of FooBot's groups, if any
		fmt.Println("crawl-delay", delay)
	}
	r = robots.Parse(body, robots.WithCharset("iso-8859-1"), robots.WithParseLimit(1<<20))
	fmt.Println(len(r.Diagnostics()))
	// Output:
	// disallowed by line 2 (/a/)
	// true
	// [https://example.com/sitemap.xml]
	// crawl-delay 2s
	// 0
}

// A crawler may pass its whole User-Agent header: Agent reads its leading
// product token, as a user-agent line is read, and the Matcher reports how
// the value was read and which groups apply.
func ExampleMatcher_Selection() {
	r := robots.Parse([]byte(exampleBody))
	for _, agent := range []string{"FooBot/2.1 (+https://foo.example/bot)", "Googlebot", ""} {
		s := r.Agent(agent).Selection()
		a := s.Agents[0]
		switch {
		case !a.Usable:
			fmt.Printf("%q names no product token", a.Given)
		case a.Reduced:
			fmt.Printf("%q read as %s", a.Given, a.Token)
		default:
			fmt.Printf("%q", a.Given)
		}
		if s.Named {
			fmt.Print(": named by the group")
		} else {
			fmt.Print(": no group names it, so the * group")
		}
		for _, g := range s.Groups {
			fmt.Printf(" at line %d", g.Agents[0].Line)
		}
		fmt.Println()
	}
	// Output:
	// "FooBot/2.1 (+https://foo.example/bot)" read as FooBot: named by the group at line 7
	// "Googlebot": no group names it, so the * group at line 2
	// "" names no product token: no group names it, so the * group at line 2
}

func ExampleMatcher_Rules() {
	m := robots.Parse([]byte(exampleBody)).Agent("Googlebot")
	for _, rule := range m.Rules() {
		verb := "disallow"
		if rule.Allow {
			verb = "allow"
		}
		fmt.Printf("line %d: %s %s\n", rule.Line, verb, rule.Pattern)
	}
	// Output:
	// line 3: disallow /cart
	// line 4: disallow /*.pdf$
	// line 5: allow /cart/help
}

// Google's image crawler obeys the groups of Googlebot-Image if there are
// any, else those of Googlebot, else the * groups. AgentFallback reads one
// such chain; AgentAny would merge the groups of all the tokens instead.
func ExampleRobots_AgentFallback() {
	r := robots.Parse([]byte(`User-agent: Googlebot
Disallow: /private

User-agent: *
Disallow: /
`))
	m := r.AgentFallback("Googlebot-Image", "Googlebot")
	fmt.Println(m.Selection().Agents[0].Token, m.Allowed("/photos/cat.jpg"), m.Allowed("/private/cat.jpg"))
	m = r.AgentFallback("Bingbot-Image", "Bingbot")
	fmt.Println(m.Named(), m.Allowed("/photos/cat.jpg"))
	// Output:
	// Googlebot true false
	// false false
}

func ExampleRobots_Groups() {
	r := robots.Parse([]byte(exampleBody))
	for _, g := range r.Groups() {
		fmt.Printf("line %d:", g.Agents[0].Line)
		for _, a := range g.Agents {
			fmt.Printf(" %q", a.Value)
		}
		fmt.Printf(" (rules: %d)\n", len(g.Rules))
	}
	// Output:
	// line 2: "*" (rules: 3)
	// line 7: "FooBot" (rules: 1)
}

func ExampleRobots_Extensions() {
	r := robots.Parse([]byte("User-agent: *\nDisallow: /search\nHost: www.example.com\nClean-param: ref /articles/\n"))
	for _, e := range r.Extensions() {
		fmt.Printf("line %d: %s = %s\n", e.Line, e.Key, e.Value)
	}
	// Output:
	// line 3: host = www.example.com
	// line 4: clean-param = ref /articles/
}

// A crawler can pass its User-Agent header as it sends it: Agent reads the
// leading product token, and the Matcher says so.
func Example_agentValue() {
	r := robots.Parse([]byte("User-agent: Googlebot\nDisallow: /private\n"))
	m := r.Agent("Googlebot/2.1 (+http://www.google.com/bot.html)")
	if a := m.Selection().Agents[0]; a.Reduced {
		fmt.Println("read as", a.Token)
	}
	fmt.Println(m.Named(), m.Allowed("/private/x"))
	// Output:
	// read as Googlebot
	// true false
}

// Decide also reports what the file says may be done with a URL's
// content: here the worked example of draft-ietf-aipref-attach. The
// longest matching Content-Usage path applies, only to a URL the crawler
// may fetch, and each preference names the line that set it. A crawler
// that trains models checks usage.TrainAI before training on what it
// fetched.
func ExampleMatcher_Decide_usage() {
	body := []byte(`User-Agent: *
Allow: /
Disallow: /never/
Content-Usage: train-ai=n
Content-Usage: /ai-ok/ train-ai=y
`)
	m := robots.Parse(body).Agent("FooBot")
	for _, url := range []string{"/test", "/never/test", "/ai-ok/test"} {
		d := m.Decide("https://example.com" + url)
		train := d.Usage.Get(usage.TrainAI)
		fmt.Printf("%-12s allowed=%-5v train-ai=%v", url, d.Allowed, train)
		if train != usage.Unknown {
			fmt.Printf(" (%v)", d.Usage.From(usage.TrainAI))
		}
		fmt.Println()
	}
	// Output:
	// /test        allowed=true  train-ai=disallowed (line 4: Content-Usage)
	// /never/test  allowed=false train-ai=unknown
	// /ai-ok/test  allowed=true  train-ai=allowed (line 5: Content-Usage)
}

// A tool that reads the groups of many crawlers, such as an audit of a
// whole crawl, tells their selections apart and reads their rules without
// copying the groups that Selection would copy.
func ExampleMatcher_EachRule() {
	r := robots.Parse([]byte(exampleBody))
	m := r.AgentFallback("FooBot-News", "FooBot")
	fmt.Println(m.Given(), "selects the groups at lines", m.AppendGroupLines(nil))
	m.EachRule(func(line int, allow bool, pattern string) bool {
		fmt.Printf("line %d: allow %v %q\n", line, allow, pattern)
		return true
	})
	// Output:
	// FooBot selects the groups at lines [7]
	// line 8: allow false "/"
}
