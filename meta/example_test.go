package meta_test

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/robotsexclusion/robots/meta"
	"github.com/robotsexclusion/robots/usage"
)

func ExampleParseHTML() {
	page := `<!DOCTYPE html>
<html>
<head>
  <meta name="robots" content="noindex, follow">
  <meta name="FooBot" content="max-snippet:50">
  <meta name="OtherBot" content="nofollow">
  <title>Mary's Antiques</title>
</head>
<body>
  <meta name="robots" content="noarchive"> (in the body: not read)
</body>
</html>`
	d, err := meta.ParseHTML(strings.NewReader(page), "FooBot", meta.DefaultLimit)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d)
	fmt.Println("index:", d.Index(), "follow:", d.Follow(), "snippet:", d.MaxSnippet())
	// Output:
	// noindex, max-snippet:50
	// index: false follow: true snippet: 50
}

func ExampleParseHeader() {
	h := http.Header{}
	h.Add("X-Robots-Tag", "googlebot: nofollow")
	h.Add("X-Robots-Tag", "otherbot: noindex, nofollow")
	h.Add("X-Robots-Tag", "unavailable_after: 25 Jun 2010 15:00:00 PST")

	for _, agent := range []string{"Googlebot", "OtherBot", "FooBot"} {
		fmt.Printf("%s: %s\n", agent, meta.ParseHeader(h, agent))
	}
	// Output:
	// Googlebot: nofollow, unavailable_after:2010-06-25T23:00:00Z
	// OtherBot: noindex, nofollow, unavailable_after:2010-06-25T23:00:00Z
	// FooBot: unavailable_after:2010-06-25T23:00:00Z
}

func ExampleParseMeta() {
	d := meta.ParseMeta("robots", "max-image-preview:large, max-snippet:-1, noodp", "FooBot")
	fmt.Println(d)
	fmt.Println(d.MaxImagePreview(), d.MaxSnippet())
	for _, s := range d.Sources() {
		if s.Problem != "" {
			fmt.Printf("%s: %s\n", s, s.Problem)
		}
	}
	// Output:
	// max-image-preview:large
	// large -1
	// meta name="robots": noodp: unknown directive
}

// The most restrictive directive wins, whatever its source.
func ExampleDirectives_Merge() {
	h := meta.ParseHeader(http.Header{"X-Robots-Tag": {"max-snippet:100, index"}}, "FooBot")
	m := meta.ParseMeta("robots", "max-snippet:20, none", "FooBot")
	fmt.Println(h.Merge(m))
	// Output:
	// noindex, nofollow, max-snippet:20
}

// Sources and InForce explain a result.
func ExampleDirectives_Sources() {
	d := meta.ParseHeader(http.Header{"X-Robots-Tag": {"otherbot: noindex", "nosnippet"}}, "FooBot").
		Merge(meta.ParseMeta("FooBot", "follow, max-snippet:30, noodp", "FooBot"))
	for _, s := range d.Sources() {
		status := "in force"
		switch {
		case !s.Applies:
			status = "not for FooBot"
		case s.Directive == "":
			status = s.Problem
		case !d.InForce(s):
			status = "overridden"
		}
		fmt.Printf("%-32s %s\n", s, status)
	}
	// Output:
	// X-Robots-Tag: otherbot: noindex  not for FooBot
	// X-Robots-Tag: nosnippet          in force
	// meta name="FooBot": follow       in force
	// meta name="FooBot": max-snippet:30 overridden
	// meta name="FooBot": noodp        unknown directive
}

// The structured Robots-Tag header of draft-illyes-repext, beside the legacy
// X-Robots-Tag: "*" addresses every crawler, and the directives of "*" and
// of the crawler's own token all count.
func ExampleParseHeader_robotsTag() {
	h := http.Header{}
	h.Add("Robots-Tag", "*;nosnippet, ExampleBot;noindex")
	h.Add("X-Robots-Tag", "otherbot: noarchive")
	for _, agent := range []string{"ExampleBot", "OtherBot", "FooBot"} {
		fmt.Printf("%s: %s\n", agent, meta.ParseHeader(h, agent))
	}
	// Output:
	// ExampleBot: noindex, nosnippet
	// OtherBot: noarchive, nosnippet
	// FooBot: nosnippet
}

// A crawler that trains models reads the usage preferences of a response:
// its Content-Usage and Content-Signal headers and the noai directive, any
// no winning, each with where it came from.
func ExampleDirectives_Usage() {
	h := http.Header{}
	h.Add("Content-Usage", "train-ai=y, search=y")
	h.Add("Content-Signal", "search=yes, ai-input=no")
	d := meta.ParseHeader(h, "FooBot").Merge(meta.ParseMeta("robots", "noai", "FooBot"))

	prefs := d.Usage()
	for _, c := range []usage.Category{usage.TrainAI, usage.Search, usage.SignalAIInput} {
		p, from := prefs.Combined(c)
		fmt.Printf("%-24s %-10s %s\n", c, p, from)
	}
	// Output:
	// train-ai                 disallowed meta name="robots"
	// search                   allowed    Content-Usage
	// Content-Signal ai-input  disallowed Content-Signal
}

// A crawler combines what robots.txt states for a page's URL with what the
// response states, any no winning, and stores with the page where each
// answer came from: a line of robots.txt, or a header or META tag.
func ExampleDirectives_Usage_robotsTxt() {
	// What robots.txt line 4, "Content-Usage: /articles/ train-ai=y, search=y",
	// states for the URL (a crawler gets it from robots.Decision.Usage).
	_, robotsTxt, _ := usage.ParseRule("/articles/ train-ai=y, search=y", usage.Source{Line: 4, Field: "Content-Usage"})

	h := http.Header{}
	h.Add("Content-Signal", "ai-train=no")
	page := meta.ParseHeader(h, "FooBot").Merge(meta.ParseMeta("robots", "noai", "FooBot"))

	prefs := robotsTxt.Combine(page.Usage())
	for _, c := range []usage.Category{usage.TrainAI, usage.Search, usage.SignalAITrain} {
		fmt.Printf("%-24s %-10s %s\n", c, prefs.Get(c), prefs.From(c))
	}
	// Output:
	// train-ai                 disallowed meta name="robots"
	// search                   allowed    line 4: Content-Usage
	// Content-Signal ai-train  disallowed Content-Signal
}
