package diff_test

import (
	"fmt"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/diff"
)

// Compare a change with a list of URLs and the probes of both files' rules.
func ExampleCompare() {
	old := robots.Parse([]byte("User-agent: *\nDisallow: /cart\nDisallow: /*.pdf$\n"))
	new := robots.Parse([]byte("User-agent: *\nDisallow: /cart\n\nUser-agent: GPTBot\nDisallow: /private\n"))
	res := diff.Compare(old, new, diff.Options{URLs: []string{"https://shop.example/manual.pdf", "https://shop.example/cart/1"}})
	for _, a := range res.Agents {
		fmt.Printf("%s: %d flips in %d URLs and %d probes\n", a.Read, len(a.Flips), res.URLs, res.Probes)
		for _, f := range a.Flips {
			if !f.Probe {
				fmt.Printf("  %s: line %d -> line %d\n", f.URL, f.Old.Line, f.New.Line)
			}
		}
	}
	for _, d := range res.Accidents {
		fmt.Println(d.Code, d.Line)
	}
	// Output:
	// GPTBot: 36 flips in 2 URLs and 49 probes
	//   https://shop.example/manual.pdf: line 3 -> line 0
	//   https://shop.example/cart/1: line 2 -> line 0
	// *: 29 flips in 2 URLs and 49 probes
	//   https://shop.example/manual.pdf: line 3 -> line 0
	// star-replaced 4
}
