package crawlers_test

import (
	"fmt"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/crawlers"
)

// Which AI training crawlers a robots.txt lets in: a loop over the
// registry, each deciding / by its name.
func Example() {
	r := robots.Parse([]byte("User-agent: GPTBot\nUser-agent: CCBot\nUser-agent: Google-Extended\nDisallow: /\n\nUser-agent: *\nDisallow: /cart\n"))
	for _, a := range crawlers.All() {
		if a.Purpose != crawlers.AITraining {
			continue
		}
		verdict := "allowed"
		if !r.Agent(a.Name).Allowed("https://shop.example/") {
			verdict = "disallowed"
		}
		fmt.Printf("%-18s %-10s (%s)\n", a.Name, verdict, a.Operator)
	}
	// Output:
	// Google-Extended    disallowed (Google)
	// Applebot-Extended  allowed    (Apple)
	// GPTBot             disallowed (OpenAI)
	// ClaudeBot          allowed    (Anthropic)
	// CCBot              disallowed (Common Crawl)
	// Meta-ExternalAgent allowed    (Meta)
	// Amazonbot          allowed    (Amazon)
	// Bytespider         allowed    (ByteDance)
	// AI2Bot             allowed    (Allen Institute for AI)
}

// Lookup finds the crawler a user-agent line names; a name outside the
// product-token grammar is kept with the token parsers read from it.
func ExampleLookup() {
	for _, name := range []string{"claudebot", "AI2Bot", "anthropic-ai"} {
		a, ok := crawlers.Lookup(name)
		if !ok {
			fmt.Println(name, "is not in the registry")
			continue
		}
		fmt.Println(name, a.Name, a.Purpose, a.Honours, a.Readable())
	}
	// Output:
	// claudebot ClaudeBot ai-training yes true
	// AI2Bot AI2Bot ai-training unknown false
	// anthropic-ai is not in the registry
}
