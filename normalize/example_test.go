package normalize_test

import (
	"fmt"

	"github.com/robotsexclusion/robots/normalize"
)

// URL extracts the path and query and writes them in the form: in
// canonical form, escapes of unreserved characters decoded, other escapes
// upper-cased, non-ASCII octets escaped, a literal * or $ escaped.
func ExampleForm_URL() {
	fmt.Println(normalize.Canonical.URL("https://user@example.com:8080/%7ejoe/caf\u00e9/a%2fb*?q=1#frag"))
	// Output: /~joe/caf%C3%A9/a%2Fb%2A?q=1
}

// In a pattern in canonical form, * stays the wildcard and a final $ the
// anchor; %2A and %24 are literal, and a $ anywhere else is too.
func ExampleForm_Pattern() {
	fmt.Println(normalize.Canonical.Pattern("/%7Efred/*.pdf$"))
	fmt.Println(normalize.Canonical.Pattern("/price$/%2A"))
	// Output:
	// /~fred/*.pdf$
	// /price%24/%2A
}
