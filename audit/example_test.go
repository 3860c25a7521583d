package audit_test

import (
	"fmt"

	"github.com/robotsexclusion/robots/audit"
)

// Audit one stored fetch of a robots.txt for two crawlers: GPTBot, which a
// group names, and ClaudeBot, which falls to the * group.
func ExampleAuditor_Audit() {
	a := audit.New(audit.Options{Agents: []string{"GPTBot", "ClaudeBot"}})
	rec := a.Audit(&audit.Capture{
		File:   "CC-MAIN-example.warc.gz",
		Offset: 1234,
		URI:    "https://shop.example/robots.txt",
		Response: []byte("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n" +
			"User-agent: *\nDisallow: /cart\nContent-Usage: train-ai=n\n\nUser-agent: GPTBot\nDisallow: /\n"),
	})
	fmt.Println(rec.Outcome, rec.Status)
	for _, ag := range rec.Agents {
		fmt.Println(ag.Name, ag.Group, ag.Level, ag.Root, ag.Witness, ag.Usage)
	}
	fmt.Println(string(rec.AppendJSON(nil)))
	// Output:
	// ok 200
	// GPTBot named full disallowed  map[]
	// ClaudeBot * partial allowed /cart map[train-ai:disallowed]
	// {"v":1,"file":"CC-MAIN-example.warc.gz","offset":1234,"uri":"https://shop.example/robots.txt","host":"shop.example","status":200,"outcome":"ok","size":88,"truncated":false,"agents":[{"agent":"GPTBot","group":"named","lines":[5],"root":"disallowed","root_line":6,"level":"full"},{"agent":"ClaudeBot","group":"*","lines":[1],"root":"allowed","level":"partial","witness":"/cart","witness_line":2,"usage":{"train-ai":"disallowed"}}]}
}
