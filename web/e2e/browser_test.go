package e2e

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/robotsexclusion/robots/web"
)

// browsers are where Debian's packages put a Chromium that runs headless,
// the headless shell first.
var browsers = []string{
	"/usr/lib/chromium/chromium-headless-shell",
	"/usr/lib/chromium/headless_shell",
	"/usr/bin/chromium-headless-shell",
	"/usr/bin/chromium",
	"/usr/bin/chromium-browser",
}

var (
	browserCtx context.Context // the browser every test opens its tabs in
	noBrowser  string          // why there is none
	pageURL    string          // the split files, served as robots serve serves them
	singleFile string          // file:// URL of robots.html
	artifacts  string          // where screenshots go
	robotsCmd  string          // the robots command, built for the tests
	siteURL    string          // a site that serves liveRobots
)

// liveRobots is the robots.txt of the site the page fetches live.
const liveRobots = "User-agent: *\nDisallow: /live-only/\n"

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(run(m))
}

func run(m *testing.M) int {
	// A site whose robots.txt the served page fetches live, on a port the
	// Server is told it may fetch from.
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		io.WriteString(w, liveRobots)
	}))
	defer site.Close()
	siteURL = site.URL
	_, port, _ := net.SplitHostPort(site.Listener.Addr().String())
	sitePort, _ := strconv.Atoi(port)
	h, err := (&web.Server{Ports: []int{80, 443, sitePort}}).Handler()
	if errors.Is(err, web.ErrNotGenerated) {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	pageURL = srv.URL + "/"
	abs, err := filepath.Abs("../robots.html")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	if _, err := os.Stat(abs); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: the single-file page is missing: run go generate ./web")
		return 1
	}
	singleFile = "file://" + abs
	artifacts = os.Getenv("ROBOTS_E2E_ARTIFACTS")
	if artifacts == "" {
		artifacts = "artifacts"
	}
	if err := os.MkdirAll(artifacts, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}

	tmp, err := os.MkdirTemp("", "robots-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	robotsCmd = filepath.Join(tmp, "robots")
	build := exec.Command("go", "build", "-o", robotsCmd, "./cmd/robots")
	build.Dir = "../.."
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: building robots: %v\n%s", err, out)
		return 1
	}

	path := os.Getenv("ROBOTS_CHROME")
	if path == "" {
		for _, p := range browsers {
			if _, err := exec.LookPath(p); err == nil {
				path = p
				break
			}
		}
	}
	if path == "" {
		noBrowser = "no Chromium found: apt-get install -y chromium-headless-shell, or set ROBOTS_CHROME"
		return m.Run()
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox, // Chromium refuses its sandbox as root
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.WindowSize(1400, 900),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	if err := chromedp.Do(ctx); err != nil { // starts the browser, for the life of ctx
		noBrowser = fmt.Sprintf("%s does not start: %v", path, err)
		return m.Run()
	}
	browserCtx = ctx
	return m.Run()
}

// tab opens a new tab of the browser, bounded in time, or skips the test
// when there is no browser.
func tab(t testing.TB) context.Context {
	t.Helper()
	if browserCtx == nil {
		t.Skip(noBrowser)
	}
	ctx, cancel := chromedp.NewContext(browserCtx)
	t.Cleanup(cancel)
	ctx, cancelTime := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(cancelTime)
	return ctx
}

// open loads url in ctx and waits for the page's first answer.
func open(t testing.TB, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"]`)),
	); err != nil {
		msg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("status").textContent`))
		t.Fatalf("%s: %v (status: %s)", url, err, msg)
	}
}

// blank leaves the page, so that the next open loads it anew.
func blank(t testing.TB, ctx context.Context) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
}

// screenshot saves a full-page screenshot of the tab as name.png.
func screenshot(t testing.TB, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(artifacts, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// eval evaluates a JavaScript expression in the tab, awaiting a promise,
// and decodes its value.
func eval[T any](t testing.TB, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// A state is what the page's URL fragment holds.
type state struct {
	V       int    `json:"v"`
	Robots  string `json:"robots"`
	Next    string `json:"next"`
	URLs    string `json:"urls"`
	Agent   string `json:"agent"`
	Dialect string `json:"dialect"`
	View    string `json:"view"`
}

// fragment encodes s as the page does: JSON, deflated (raw DEFLATE, as
// CompressionStream("deflate-raw") writes it), in base64url, after "#s=".
func fragment(t testing.TB, s state) string {
	t.Helper()
	s.V = 1
	js, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression)
	w.Write(js)
	w.Close()
	return "#s=" + base64.RawURLEncoding.EncodeToString(b.Bytes())
}

// unfragment decodes a fragment the page wrote.
func unfragment(t testing.TB, frag string) state {
	t.Helper()
	data, ok := strings.CutPrefix(frag, "#s=")
	if !ok {
		t.Fatalf("fragment %q: no #s=", frag)
	}
	raw, err := base64.RawURLEncoding.DecodeString(data)
	if err != nil {
		t.Fatalf("fragment: %v", err)
	}
	js, err := io.ReadAll(flate.NewReader(bytes.NewReader(raw)))
	if err != nil {
		t.Fatalf("fragment: %v", err)
	}
	var s state
	if err := json.Unmarshal(js, &s); err != nil {
		t.Fatalf("fragment: %v: %s", err, js)
	}
	return s
}

// example reads a file of the repository's examples.
func example(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../../examples", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// robots runs the robots command in dir and returns its standard output;
// exit 1 (a disallowed URL, a flip) and 3 (a line that is no URL) are
// answers too.
func robots(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command(robotsCmd, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && (exit.ExitCode() == 1 || exit.ExitCode() == 3)) {
		t.Fatalf("robots %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}
