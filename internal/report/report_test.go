package report_test

import (
	"os/exec"
	"strings"
	"testing"

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
