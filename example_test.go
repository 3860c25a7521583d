package robots_test

import (
	"fmt"

	"github.com/robotsexclusion/robots"
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
	// 1: agent-not-token: user-agent value "FooBot/1.0" is read as the product token "FooBot"
	// 2: misspelt-key: "Disalow" is a misspelling; read as disallow
	// 3: invalid-crawl-delay: crawl-delay "soon" is not a number of seconds; ignored
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
