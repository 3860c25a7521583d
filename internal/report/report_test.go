package report_test

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/report"
)

// TestOffline checks that the package links neither net/http nor package
// fetch, so that a WebAssembly page built on it stays small and offline.
func TestOffline(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if dep == "net/http" || strings.HasSuffix(dep, "/robots/fetch") {
			t.Errorf("the package links %s", dep)
		}
	}
}

func TestDoErrors(t *testing.T) {
	for _, req := range []report.Request{
		{Command: "nope"},
		{Command: "check", Robots: "User-agent: *\n"},
		{Command: "explain", Dialect: "klingon", Agent: "x"},
		{Command: "check", Dialect: "all", Agent: "x"},
		{Command: "test", Expectations: "# none\n"},
		{Command: "test", Expectations: "allow x mailto:y\n"},
	} {
		if _, err := report.Do(req); err == nil {
			t.Errorf("%+v: no error", req)
		}
	}
}

// TestAgentsUnknownBound checks that the names the registry does not know
// are listed up to a bound, and the rest counted.
func TestAgentsUnknownBound(t *testing.T) {
	var b strings.Builder
	for i := range 150 {
		fmt.Fprintf(&b, "User-agent: bot%c%c\n", 'a'+i%26, 'a'+i/26)
	}
	b.WriteString("Disallow: /\n")
	rep := report.NewAgents("robots.txt", "", robots.Parse([]byte(b.String())), nil)
	if len(rep.Unknown) != 100 || rep.More != 50 || rep.Unknown[0].Line != 1 {
		t.Errorf("%d unknown, %d more", len(rep.Unknown), rep.More)
	}
}

// TestServedReadings: explain and test say what check says of a URL whose
// path a common server reads as a disallowed one (served.Decide), so that
// no tool allows what check and the Transport refuse.
func TestServedReadings(t *testing.T) {
	const body = "User-agent: *\nDisallow: /private/\n"
	const url = "/x/..%2Fprivate/a.html"
	v, err := report.Do(report.Request{Command: "explain", Robots: body, Agent: "FooBot", URLs: []string{url, "/public/a.html"}})
	if err != nil {
		t.Fatal(err)
	}
	xs := v.([]any)
	x := xs[0].(report.Explanation)
	if !x.Allowed || x.Served == nil || x.Served.Allowed || x.Served.Line != 2 || x.Served.Read != "/private/a.html" {
		t.Errorf("explain %s: allowed %v, served %+v", url, x.Allowed, x.Served)
	}
	if y := xs[1].(report.Explanation); y.Served != nil {
		t.Errorf("explain /public/a.html: served %+v, want none", y.Served)
	}
	v, err = report.Do(report.Request{Command: "test", Robots: body, Expectations: "allow FooBot " + url + "\n"})
	if err != nil {
		t.Fatal(err)
	}
	res := v.(report.Test)
	if res.Failed != 1 || res.Results[0].Got.Read != "/private/a.html" {
		t.Errorf("test: %+v", res)
	}
}
