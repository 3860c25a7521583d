package main

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/robotsexclusion/robots/internal/report"
)

// mapObject is an object as encoding/json decodes it into a map, standing
// for the browser's JSON.parse in tests that run outside a browser.
type mapObject map[string]any

func (o mapObject) str(key string) (string, error) {
	switch v := o[key].(type) {
	case nil:
		return "", nil
	case string:
		return v, nil
	}
	return "", fmt.Errorf("%s: want a string", key)
}

func (o mapObject) strs(key string) ([]string, error) {
	switch v := o[key].(type) {
	case nil:
		return nil, nil
	case []any:
		out := make([]string, len(v))
		for i, e := range v {
			switch e := e.(type) {
			case nil:
			case string:
				out[i] = e
			default:
				return nil, fmt.Errorf("%s: want a list of strings", key)
			}
		}
		return out, nil
	}
	return nil, fmt.Errorf("%s: want a list of strings", key)
}

func (o mapObject) flag(key string) (bool, error) {
	switch v := o[key].(type) {
	case nil:
		return false, nil
	case bool:
		return v, nil
	}
	return false, fmt.Errorf("%s: want true or false", key)
}

// TestReadRequest holds readRequest to encoding/json: on each request, the
// same Request, or an error from both.
func TestReadRequest(t *testing.T) {
	for _, in := range []string{
		`{}`,
		`{"command":"check","robots":"User-agent: *\nDisallow: /a\n","agent":"FooBot","urls":["/a","/b"],"usage":true}`,
		`{"command":"diff","old":"a","new":"b","agents":["GPTBot","*"],"urls":null,"dialect":"google"}`,
		`{"command":"agents","robots":"x","paths":["/p",null]}`,
		`{"command":"test","robots":"x","expectations":"allow a /b\n","extra":1}`,
		`{"command":"explain","dialect":"all","agent":"a","urls":["/x"],"usage":null}`,
		`{"command":1}`,
		`{"urls":"x"}`,
		`{"urls":[1]}`,
		`{"usage":"yes"}`,
		`{"agents":[["a"]]}`,
	} {
		var m map[string]any
		if err := json.Unmarshal([]byte(in), &m); err != nil {
			t.Fatal(err)
		}
		var want report.Request
		wantErr := json.Unmarshal([]byte(in), &want)
		got, err := readRequest(mapObject(m))
		if (err != nil) != (wantErr != nil) {
			t.Errorf("%s: error %v, encoding/json's %v", in, err, wantErr)
			continue
		}
		if err == nil && !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %s", in, cmp.Diff(want, got))
		}
	}
}

// recorder is an object that records the keys asked for.
type recorder map[string]bool

func (r recorder) str(key string) (string, error)    { r[key] = true; return "", nil }
func (r recorder) strs(key string) ([]string, error) { r[key] = true; return nil, nil }
func (r recorder) flag(key string) (bool, error)     { r[key] = true; return false, nil }

// TestReadRequestFields checks that readRequest reads every field of
// report.Request, by its JSON name, so that a field added there is not
// silently dropped by the page.
func TestReadRequestFields(t *testing.T) {
	asked := recorder{}
	readRequest(asked)
	typ := reflect.TypeFor[report.Request]()
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if !asked[name] {
			t.Errorf("report.Request.%s (%q) is not read", typ.Field(i).Name, name)
		}
		delete(asked, name)
	}
	for k := range asked {
		t.Errorf("%q is read but is no field of report.Request", k)
	}
}

// TestAnswer checks the framing: the lines of check, lint and explain as
// the elements of an array, each as report.Encode writes it; one object
// for the others; errors as {"error": ...}.
func TestAnswer(t *testing.T) {
	body := "User-agent: *\nDisallow: /a\nDisalow: /b\n"
	for _, c := range []struct {
		req  report.Request
		want string
	}{
		{report.Request{Command: "check", Robots: body, Agent: "x", URLs: []string{"/a", "mailto:x"}},
			`{"result":[{"url":"/a","allowed":false,"line":2,"pattern":"/a"},{"url":"mailto:x","allowed":false,"line":0,"pattern":"","error":"not a URL with a host (mailto:)"}]}`},
		{report.Request{Command: "check", Robots: body, Agent: "x"}, `{"result":[]}`},
		{report.Request{Command: "lint", Robots: "User-agent: *\n"}, `{"result":[]}`},
		{report.Request{Command: "nope"}, `{"error":"report: unknown command \"nope\""}`},
	} {
		if got := string(answer(c.req)); got != c.want {
			t.Errorf("%+v:\n got %s\nwant %s", c.req, got, c.want)
		}
	}
	for _, req := range []report.Request{
		{Command: "lint", Robots: body},
		{Command: "explain", Robots: body, Agent: "x", URLs: []string{"/a", "/b"}, Dialect: "all"},
		{Command: "agents", Robots: body},
		{Command: "diff", Old: body, New: "User-agent: *\nDisallow: /\n"},
		{Command: "test", Robots: body, Expectations: "allow x /a\n"},
	} {
		var frame struct {
			Result json.RawMessage `json:"result"`
		}
		got := answer(req)
		if err := json.Unmarshal(got, &frame); err != nil {
			t.Fatalf("%s: %v: %s", req.Command, err, got)
		}
		v, err := report.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		switch v := v.(type) {
		case []report.Finding:
			for _, x := range v {
				lines = append(lines, encode(t, x))
			}
		case []any:
			for _, x := range v {
				lines = append(lines, encode(t, x))
			}
		default:
			if string(frame.Result) != encode(t, v) {
				t.Errorf("%s: %s, want %s", req.Command, frame.Result, encode(t, v))
			}
			continue
		}
		var elems []json.RawMessage
		if err := json.Unmarshal(frame.Result, &elems); err != nil || len(elems) != len(lines) {
			t.Fatalf("%s: %d elements, want %d (%v)", req.Command, len(elems), len(lines), err)
		}
		for i := range elems {
			if string(elems[i]) != lines[i] {
				t.Errorf("%s: element %d is %s, want %s", req.Command, i, elems[i], lines[i])
			}
		}
	}
}

func encode(t *testing.T, v any) string {
	t.Helper()
	b, err := report.Encode(v)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(string(b), "\n")
}
