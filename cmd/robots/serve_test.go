package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/web"
)

func TestServeUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "-addr", ":8080"}, "serve on a loopback address"},
		{[]string{"serve", "-addr", "0.0.0.0:8080"}, "serve on a loopback address"},
		{[]string{"serve", "-ports", "80,x"}, `"x" is not a port`},
		{[]string{"serve", "extra"}, "usage: robots serve"},
	} {
		code, _, errOut := runCmd("", c.args...)
		if code != exitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want %q", c.args, code, errOut, c.want)
		}
	}
}

// TestServeNotGenerated checks that serve, built without the page, says
// exactly what to run; built with it, the page is there.
func TestServeNotGenerated(t *testing.T) {
	if _, err := (&web.Server{}).Handler(); !errors.Is(err, web.ErrNotGenerated) {
		t.Skip("the page is generated: serve would serve it")
	}
	code, _, errOut := runCmd("", "serve", "-addr", "127.0.0.1:0")
	if code != exitUsage || !strings.Contains(errOut, "run go generate ./web, then build the command again") {
		t.Errorf("exit %d, %q", code, errOut)
	}
}
