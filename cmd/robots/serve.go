package main

// The serve command: the tester page on loopback (package web), with the
// endpoint that fetches a live robots.txt for it.

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/robotsexclusion/robots/web"
)

func runServe(e *env, args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "loopback `host:port` to serve on")
	ports := fs.String("ports", "80,443", "comma-separated `ports` the page may fetch live robots.txt files from")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: robots serve [-addr 127.0.0.1:8080] [-ports 80,443]")
		fmt.Fprintln(e.stderr, "Serves the robots.txt tester page on loopback. The page runs in the browser and sends")
		fmt.Fprintln(e.stderr, "nothing typed into it anywhere; served here it can also fetch a site's live robots.txt:")
		fmt.Fprintln(e.stderr, "only /robots.txt, over http or https, on -ports, as RFC 9309 says, for this page only.")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() != 0 {
		fs.Usage()
		return exitUsage
	}
	if !web.Loopback(*addr) {
		fmt.Fprintf(e.stderr, "robots serve: -addr %s: serve on a loopback address (127.0.0.1:PORT, [::1]:PORT or localhost:PORT): the page fetches for whoever reaches it\n", *addr)
		return exitUsage
	}
	s := &web.Server{UserAgent: liveUserAgent()}
	for _, p := range strings.Split(*ports, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 1 || n > 65535 {
			fmt.Fprintf(e.stderr, "robots serve: -ports: %q is not a port\n", p)
			return exitUsage
		}
		s.Ports = append(s.Ports, n)
	}
	h, err := s.Handler()
	if errors.Is(err, web.ErrNotGenerated) {
		fmt.Fprintf(e.stderr, "robots serve: %v\n", err)
		return exitUsage
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "robots serve: %v\n", err)
		return exitUsage
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(e.stderr, "robots serve: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(e.stdout, "robots serve: the tester page is at http://%s/ (Ctrl-C stops it)\n", ln.Addr())
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: time.Minute}
	if err := srv.Serve(ln); err != nil {
		fmt.Fprintf(e.stderr, "robots serve: %v\n", err)
		return exitUsage
	}
	return exitOK
}
