// Command wasm is the WebAssembly module of the tester page: built with
// GOOS=js GOARCH=wasm (go generate in package web builds it), it registers
// one JavaScript function, robotsDo, that takes a request as a JSON string
// and returns the answer as a JSON string. The request is report.Request;
// the answer is {"result": R} where R is what robots COMMAND -json prints
// for the same question (the lines of check, explain and lint as the
// elements of an array, octet for octet), or {"error": "..."}:
//
//	robotsDo('{"command":"check","robots":"User-agent: *\nDisallow: /a\n","agent":"FooBot","urls":["/a/b"]}')
//	// {"result":[{"url":"/a/b","allowed":false,"line":2,"pattern":"/a"}]}
//
// Every answer comes from report.Do, the code path of the command line, so
// the page and robots COMMAND -json never disagree. The module fetches
// nothing and links neither net/http nor package fetch: what is typed into
// the page stays in the browser.
//
// It reads the request from the object the browser's JSON.parse makes,
// not with encoding/json: the decoder would add about 50 KB to the module
// gzipped, and the page's budget is 1.2 MB.
package main

import (
	"fmt"

	"github.com/robotsexclusion/robots/internal/jsonw"
	"github.com/robotsexclusion/robots/internal/report"
)

// An object is a JSON object as the browser parsed it: the value of a key,
// as a string, a list of strings or a boolean. An absent key or a null is
// the zero value; a value of another type is an error.
type object interface {
	str(key string) (string, error)
	strs(key string) ([]string, error)
	flag(key string) (bool, error)
}

// readRequest reads a report.Request from o, as encoding/json would
// unmarshal it, each key named by its JSON tag (in the same case: the keys
// of a JavaScript object are not folded).
func readRequest(o object) (report.Request, error) {
	var r report.Request
	var errs []error
	str := func(key string, dst *string) {
		v, err := o.str(key)
		*dst = v
		errs = append(errs, err)
	}
	strs := func(key string, dst *[]string) {
		v, err := o.strs(key)
		*dst = v
		errs = append(errs, err)
	}
	str("command", &r.Command)
	str("robots", &r.Robots)
	str("old", &r.Old)
	str("new", &r.New)
	str("agent", &r.Agent)
	strs("agents", &r.Agents)
	str("dialect", &r.Dialect)
	strs("urls", &r.URLs)
	strs("paths", &r.Paths)
	usage, err := o.flag("usage")
	r.Usage = usage
	errs = append(errs, err)
	str("expectations", &r.Expectations)
	for _, err := range errs {
		if err != nil {
			return report.Request{}, err
		}
	}
	return r, nil
}

// answer answers a request with report.Do, framed as the page reads it:
// {"result": ...} or {"error": "..."}. A value the command prints as lines
// (check, explain, lint) is an array of those lines, each encoded alone as
// the command encodes it, so that each element is the command's line octet
// for octet.
func answer(req report.Request) (out []byte) {
	defer func() {
		if e := recover(); e != nil {
			out = failure(fmt.Sprintf("internal error: %v", e))
		}
	}()
	v, err := report.Do(req)
	if err != nil {
		return failure(err.Error())
	}
	b := []byte(`{"result":`)
	switch v := v.(type) {
	case [][]byte: // check: its lines
		b = append(b, '[')
		for i, line := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, line...)
		}
		b = append(b, ']')
	case []report.Finding: // lint: a line per finding
		if b, err = appendList(b, v); err != nil {
			return failure(err.Error())
		}
	case []any: // explain: a line per URL
		if b, err = appendList(b, v); err != nil {
			return failure(err.Error())
		}
	default:
		line, err := report.Encode(v)
		if err != nil {
			return failure(err.Error())
		}
		b = append(b, line[:len(line)-1]...) // without the newline
	}
	return append(b, '}')
}

// appendList appends the elements of list as a JSON array, each encoded as
// a line of the command.
func appendList[T any](b []byte, list []T) ([]byte, error) {
	b = append(b, '[')
	for i, x := range list {
		if i > 0 {
			b = append(b, ',')
		}
		line, err := report.Encode(x)
		if err != nil {
			return nil, err
		}
		b = append(b, line[:len(line)-1]...)
	}
	return append(b, ']'), nil
}

// failure is the answer that reports an error.
func failure(msg string) []byte {
	b := append([]byte(`{"error":`), jsonw.AppendString(nil, msg)...)
	return append(b, '}')
}
