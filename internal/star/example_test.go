package star_test

import (
	"fmt"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/star"
)

// LeftBehind says which rules of the * group a named group drops; in the
// first-match dialects only the first group naming the crawler counts.
func ExampleLeftBehind() {
	body := []byte("User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /tmp\n\nUser-agent: Googlebot\nDisallow: /private\n")
	for _, d := range []robots.Dialect{robots.RFC9309, robots.Draft1996} {
		r := robots.Parse(body, robots.WithDialect(d))
		fmt.Println(d, star.LeftBehind(r, "Googlebot", r.AgentAny().Rules()))
	}
	// Output:
	// rfc9309 []
	// draft1996 [{2 false /private /private}]
}
