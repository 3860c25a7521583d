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
