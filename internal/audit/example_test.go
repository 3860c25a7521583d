package audit_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/robotsexclusion/robots/internal/audit"
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

// Audit a WARC file of two fetches (here read from memory; FileInput opens
// a file) for one crawler, the records on standard output. The redirect
// takes the answer of its target, which the same input holds.
func ExampleRun() {
	record := func(uri, response string) string {
		return fmt.Sprintf("WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: %s\r\n"+
			"Content-Type: application/http; msgtype=response\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n", uri, len(response), response)
	}
	file := record("http://shop.example/robots.txt", "HTTP/1.1 301 Moved\r\nLocation: https://shop.example/robots.txt\r\n\r\n") +
		record("https://shop.example/robots.txt", "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nUser-agent: GPTBot\nDisallow: /\n")
	in := audit.Input{Name: "example.warc", Open: func() (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader(file)), nil
	}}
	a := audit.New(audit.Options{Agents: []string{"GPTBot"}})
	st, err := audit.Run(context.Background(), a, []audit.Input{in}, audit.RunOptions{Workers: 2, Records: os.Stdout})
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println(st.Read, "WARC records,", st.Written, "records written")
	// Output:
	// {"v":1,"file":"example.warc","offset":0,"length":221,"uri":"http://shop.example/robots.txt","host":"shop.example","status":301,"location":"https://shop.example/robots.txt","outcome":"ok","redirect":{"to":"https://shop.example/robots.txt","offset":221,"hops":1},"size":31,"digest":"sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ","truncated":false,"agents":[{"agent":"GPTBot","group":"named","lines":[1],"root":"disallowed","root_line":2,"level":"full"}]}
	// {"v":1,"file":"example.warc","offset":221,"length":233,"uri":"https://shop.example/robots.txt","host":"shop.example","status":200,"outcome":"ok","size":31,"digest":"sha1:2JZR4TTICBCQQHVIX57EMC4DFAKG2FBB","truncated":false,"agents":[{"agent":"GPTBot","group":"named","lines":[1],"root":"disallowed","root_line":2,"level":"full"}]}
	// 2 WARC records, 2 records written
}
