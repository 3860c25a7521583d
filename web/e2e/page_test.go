package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/robotsexclusion/robots/internal/hostiletest"
)

// exampleFiles are the robots.txt files of the repository's examples.
var exampleFiles = []string{"robots.txt", "robots-ai.txt", "robots-next.txt"}

// agents are the crawlers the examples are decided for.
var agents = []string{"Googlebot", "GPTBot", "FooBot", "BadBot"}

// exampleURLs are examples/urls.txt, with URLs of the news example and
// lines that are not URLs.
func exampleURLs(t testing.TB) []string {
	urls := strings.Fields(example(t, "urls.txt"))
	return append(urls, "https://news.example/drafts/a", "https://news.example/archive/x", "https://news.example/press/y",
		"/cart/help", "/%63art/1", "mailto:x")
}

// ask calls the module's function in the tab with req and returns what
// robots COMMAND -json would print of the result: the elements of a list
// one a line, or the object on a line.
func ask(t testing.TB, ctx context.Context, req map[string]any, lines bool) string {
	t.Helper()
	js, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	arg, _ := json.Marshal(string(js))
	out := eval[string](t, ctx, "robotsDo("+string(arg)+")")
	var frame struct {
		Result json.RawMessage `json:"result"`
		Error  *string         `json:"error"`
	}
	if err := json.Unmarshal([]byte(out), &frame); err != nil || frame.Error != nil {
		t.Fatalf("robotsDo(%s): %s (%v)", js, out, err)
	}
	if !lines {
		return string(frame.Result) + "\n"
	}
	var elems []json.RawMessage
	if err := json.Unmarshal(frame.Result, &elems); err != nil {
		t.Fatalf("robotsDo(%s): %v", js, err)
	}
	var b strings.Builder
	for _, e := range elems {
		b.Write(e)
		b.WriteByte('\n')
	}
	return b.String()
}

// TestModuleAnswersAsCommand holds the module's one function, in the
// browser, to robots COMMAND -json on the example files: check, explain
// (one dialect and all), lint, agents, test and diff give the same JSON,
// octet for octet.
func TestModuleAnswersAsCommand(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, pageURL)
	dir := t.TempDir()
	urls := exampleURLs(t)
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	expectations := example(t, "expectations.txt")
	write("expectations", expectations)
	same := func(what, got, want string) {
		t.Helper()
		if got != want {
			t.Errorf("%s:\nmodule:\n%s\ncommand:\n%s", what, got, want)
		}
		if want == "" {
			t.Errorf("%s: the command printed nothing", what)
		}
	}
	for _, file := range exampleFiles {
		body := example(t, file)
		write("robots.txt", body)
		for _, agent := range agents {
			same(file+" check "+agent,
				ask(t, ctx, map[string]any{"command": "check", "robots": body, "agent": agent, "urls": urls}, true),
				robots(t, dir, append([]string{"check", "-json", "-robots", "robots.txt", "-agent", agent}, urls...)...))
			same(file+" explain "+agent,
				ask(t, ctx, map[string]any{"command": "explain", "robots": body, "agent": agent, "urls": urls}, true),
				robots(t, dir, append([]string{"explain", "-json", "-robots", "robots.txt", "-agent", agent}, urls...)...))
		}
		same(file+" check -usage -dialect google",
			ask(t, ctx, map[string]any{"command": "check", "robots": body, "agent": "GPTBot", "urls": urls, "usage": true, "dialect": "google"}, true),
			robots(t, dir, append([]string{"check", "-json", "-usage", "-dialect", "google", "-robots", "robots.txt", "-agent", "GPTBot"}, urls...)...))
		same(file+" explain -dialect all",
			ask(t, ctx, map[string]any{"command": "explain", "robots": body, "agent": "FooBot", "urls": urls, "dialect": "all"}, true),
			robots(t, dir, append([]string{"explain", "-json", "-dialect", "all", "-robots", "robots.txt", "-agent", "FooBot"}, urls...)...))
		for _, d := range []string{"rfc9309", "google", "draft1996", "original1994"} {
			same(file+" lint -dialect "+d,
				ask(t, ctx, map[string]any{"command": "lint", "robots": body, "dialect": d}, true),
				robots(t, dir, "lint", "-json", "-dialect", d, "robots.txt"))
		}
		same(file+" agents",
			ask(t, ctx, map[string]any{"command": "agents", "robots": body}, false),
			robots(t, dir, "agents", "-json", "robots.txt"))
		same(file+" agents -path",
			ask(t, ctx, map[string]any{"command": "agents", "robots": body, "paths": []string{"/cart", "/press/"}}, false),
			robots(t, dir, "agents", "-json", "-path", "/cart", "-path", "/press/", "robots.txt"))
		same(file+" test",
			ask(t, ctx, map[string]any{"command": "test", "robots": body, "expectations": expectations}, false),
			robots(t, dir, "test", "-json", "-robots", "robots.txt", "expectations"))
	}
	write("old", example(t, "robots.txt"))
	write("new", example(t, "robots-next.txt"))
	write("urls", strings.Join(urls, "\n"))
	same("diff",
		ask(t, ctx, map[string]any{"command": "diff", "old": example(t, "robots.txt"), "new": example(t, "robots-next.txt"), "urls": urls}, false),
		robots(t, dir, "diff", "-json", "-urls", "urls", "old", "new"))
	same("diff -agent",
		ask(t, ctx, map[string]any{"command": "diff", "old": example(t, "robots.txt"), "new": example(t, "robots-next.txt"), "agents": []string{"GPTBot", "FooBot"}}, false),
		robots(t, dir, "diff", "-json", "-agent", "GPTBot", "-agent", "FooBot", "old", "new"))
}

// A checkLine is a line of robots check -json.
type checkLine struct {
	URL     string `json:"url"`
	Allowed bool   `json:"allowed"`
	Line    int    `json:"line"`
	Pattern string `json:"pattern"`
	Error   string `json:"error"`
}

func checkLines(t testing.TB, out string) []checkLine {
	t.Helper()
	var lines []checkLine
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var c checkLine
		if err := json.Unmarshal([]byte(l), &c); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		lines = append(lines, c)
	}
	return lines
}

// A row is a row of the page's verdict table.
type row struct {
	URL     string `json:"url"`
	Verdict string `json:"verdict"`
	Line    int    `json:"line"`
}

const readRows = `[...document.querySelectorAll("#verdict-rows .vrow")].map(r => ({url: r.querySelector(".url").textContent, verdict: r.classList[1], line: +r.dataset.line}))`

// TestVerdictsAsCommand opens each example file in the page, for several
// agents and dialects, and holds every row of the verdict table, verdict
// and deciding line, to robots check.
func TestVerdictsAsCommand(t *testing.T) {
	ctx := tab(t)
	dir := t.TempDir()
	urls := exampleURLs(t)
	for _, file := range exampleFiles {
		body := example(t, file)
		os.WriteFile(filepath.Join(dir, "robots.txt"), []byte(body), 0o644)
		for _, agent := range agents[:3] {
			for _, dialect := range []string{"rfc9309", "google", "original1994"} {
				blank(t, ctx)
				open(t, ctx, pageURL+fragment(t, state{Robots: body, URLs: strings.Join(urls, "\n"), Agent: agent, Dialect: dialect}))
				rows := eval[[]row](t, ctx, readRows)
				want := checkLines(t, robots(t, dir, append([]string{"check", "-json", "-dialect", dialect, "-robots", "robots.txt", "-agent", agent}, urls...)...))
				if len(rows) != len(want) {
					t.Fatalf("%s %s %s: %d rows, want %d", file, agent, dialect, len(rows), len(want))
				}
				for i, w := range want {
					verdict := "disallowed"
					switch {
					case w.Error != "":
						verdict = "error"
					case w.Allowed:
						verdict = "allowed"
					}
					if got := rows[i]; got.URL != w.URL || got.Verdict != verdict || got.Line != w.Line {
						t.Errorf("%s %s %s: row %d is %+v, robots check says %s line %d", file, agent, dialect, i, got, verdict, w.Line)
					}
				}
			}
		}
	}
}

// TestOverBudgetRow opens a file no exact decision of one URL fits the
// decision budget of: that URL's row says the decision failed closed, in
// robots check's words, and a URL of the same file within the budget is
// decided as robots check decides it.
func TestOverBudgetRow(t *testing.T) {
	ctx := tab(t)
	body, path := hostiletest.OverBudget()
	urls := []string{path, "/zzzzd"}
	open(t, ctx, pageURL+fragment(t, state{Robots: string(body), URLs: strings.Join(urls, "\n"), Agent: "FooBot"}))
	rows := eval[[]string](t, ctx, `[...document.querySelectorAll("#verdict-rows .vrow")].map(r => r.classList[1] + " " + r.querySelector(".rule").textContent)`)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "robots.txt"), body, 0o644)
	want := strings.Split(strings.TrimSpace(robots(t, dir, append([]string{"check", "-robots", "robots.txt", "-agent", "FooBot"}, urls...)...)), "\n")
	if len(rows) != len(urls) || len(want) != len(urls) {
		t.Fatalf("%d rows, robots check %d lines, want %d", len(rows), len(want), len(urls))
	}
	for i, w := range want {
		// "disallowed URL\t(not matched: ...)": the verdict, then what
		// the page shows for the rule.
		verdict, _, _ := strings.Cut(w, " ")
		_, rule, _ := strings.Cut(w, "\t")
		rule = strings.TrimSuffix(strings.TrimPrefix(rule, "("), ")")
		if _, r, ok := strings.Cut(rule, ": "); ok && !strings.HasPrefix(rule, "not matched") {
			rule = r // "line 2: /*a*b*c*d$" shows as the pattern
		}
		if got := verdict + " " + rule; rows[i] != got {
			t.Errorf("row %d is %q, robots check says %q", i, rows[i], w)
		}
	}
	if !strings.Contains(rows[0], "decision budget") {
		t.Errorf("row 0 is %q: it does not say the decision failed closed", rows[0])
	}
}

// lineMiddle is a script that returns the middle, in the viewport, of the
// number of line n in an editor's gutter: the height the text of line n is
// at.
const lineMiddle = `((ed, n) => {
  const pre = ed.querySelector(".numbers"), text = pre.firstChild.data;
  let at = 0;
  for (let i = 1; i < n; i++) at = text.indexOf("\n", at) + 1;
  const r = document.createRange();
  r.setStart(pre.firstChild, at);
  r.setEnd(pre.firstChild, at + String(n).length);
  const rect = r.getBoundingClientRect();
  return (rect.top + rect.bottom) / 2;
})`

// middle is a script that returns the middle of an element, in the
// viewport.
const middle = `(el => { const r = el.getBoundingClientRect(); return (r.top + r.bottom) / 2; })`

// TestClickHighlightsLine clicks each verdict of the shop example decided
// by a rule: the editor highlights the line robots check names, level with
// that line's number, the line holds the rule, and the explanation opens
// on it.
func TestClickHighlightsLine(t *testing.T) {
	ctx := tab(t)
	body := example(t, "robots.txt")
	urls := example(t, "urls.txt")
	open(t, ctx, pageURL+fragment(t, state{Robots: body, URLs: urls, Agent: "Googlebot"}))
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "robots.txt"), []byte(body), 0o644)
	want := checkLines(t, robots(t, dir, append([]string{"check", "-json", "-robots", "robots.txt", "-agent", "Googlebot"}, strings.Fields(urls)...)...))
	lines := strings.Split(body, "\n")
	clicked := 0
	for i, w := range want {
		if w.Line == 0 {
			continue
		}
		clicked++
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#verdict-rows [data-i="%d"] .url`, i)))); err != nil {
			t.Fatal(err)
		}
		got := eval[struct {
			Highlight string  `json:"highlight"`
			Top       float64 `json:"top"`
			Number    float64 `json:"number"`
			Hidden    bool    `json:"hidden"`
			Explained string  `json:"explained"`
			Line      string  `json:"line"`
		}](t, ctx, fmt.Sprintf(`(() => { const ed = document.getElementById("editor"), hl = ed.querySelector(".hl"), x = document.getElementById("explain");
			return {highlight: ed.dataset.highlight, top: `+middle+`(hl), number: %s(ed, %d), hidden: hl.hidden, explained: x.hidden ? "" : x.dataset.url, line: x.dataset.line}; })()`, lineMiddle, w.Line))
		if got.Highlight != fmt.Sprint(w.Line) || got.Hidden {
			t.Errorf("%s: highlighted line %s, robots check says %d", w.URL, got.Highlight, w.Line)
		}
		if d := got.Top - got.Number; d < -1 || d > 1 {
			t.Errorf("%s: the highlight is at %.1f px, line %d's number at %.1f", w.URL, got.Top, w.Line, got.Number)
		}
		if rule := strings.TrimSpace(strings.SplitN(lines[w.Line-1], ":", 2)[1]); rule != w.Pattern {
			t.Errorf("%s: line %d holds %q, not the pattern %q", w.URL, w.Line, rule, w.Pattern)
		}
		if got.Explained != w.URL || got.Line != fmt.Sprint(w.Line) {
			t.Errorf("%s: the explanation is of %q, line %s", w.URL, got.Explained, got.Line)
		}
	}
	if clicked < 3 {
		t.Fatalf("only %d verdicts decided by a rule", clicked)
	}
	screenshot(t, ctx, "verdicts-explained")
}

// TestLintMarks holds the marks of each example file's editor to robots
// lint: one on each line it reports, level with the line's number, and the
// gravest severity of the line.
func TestLintMarks(t *testing.T) {
	ctx := tab(t)
	dir := t.TempDir()
	marked := 0
	for _, file := range append(exampleFiles, "collapsed") {
		body := "User-agent: GPTBot Disallow: /\nDisallow: /x\nUser-agent: *\nDisalow: /y\nAllow: /z\nAllow: /z\n"
		if file != "collapsed" {
			body = example(t, file)
		}
		os.WriteFile(filepath.Join(dir, "robots.txt"), []byte(body), 0o644)
		blank(t, ctx)
		open(t, ctx, pageURL+fragment(t, state{Robots: body, Agent: "Googlebot"}))
		want := map[int]string{}
		rank := map[string]int{"error": 3, "warning": 2, "info": 1}
		out := strings.TrimSpace(robots(t, dir, "lint", "-json", "robots.txt"))
		for _, l := range strings.Split(out, "\n") {
			if l == "" {
				continue
			}
			var f struct {
				Line     int    `json:"line"`
				Severity string `json:"severity"`
			}
			json.Unmarshal([]byte(l), &f)
			if f.Line > 0 && rank[f.Severity] > rank[want[f.Line]] {
				want[f.Line] = f.Severity
			}
		}
		type mark struct {
			Line     int     `json:"line"`
			Severity string  `json:"severity"`
			Top      float64 `json:"top"`
			Number   float64 `json:"number"`
		}
		marks := eval[[]mark](t, ctx, `[...document.querySelectorAll("#editor .mark")].map(m => ({line: +m.dataset.line, severity: m.className.split(" ")[1], top: `+middle+`(m), number: `+lineMiddle+`(document.getElementById("editor"), +m.dataset.line)}))`)
		got := map[int]string{}
		for _, m := range marks {
			got[m.Line] = m.Severity
			if d := m.Top - m.Number; d < -1 || d > 1 {
				t.Errorf("%s: the mark of line %d is at %.1f px, the line's number at %.1f", file, m.Line, m.Top, m.Number)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: marks %v, robots lint says %v", file, got, want)
		}
		marked += len(marks)
		if file == "collapsed" {
			screenshot(t, ctx, "lint-marks")
		}
	}
	if marked == 0 {
		t.Fatal("no marks at all")
	}
}

// TestDiffView holds the diff view of the shop example and its proposed
// change to robots diff: each agent's flips, the URLs one a row, the
// probes counted by change.
func TestDiffView(t *testing.T) {
	ctx := tab(t)
	urls := exampleURLs(t)
	open(t, ctx, pageURL+fragment(t, state{Robots: example(t, "robots.txt"), Next: example(t, "robots-next.txt"), URLs: strings.Join(urls, "\n"), Agent: "Googlebot", View: "diff"}))
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "old"), []byte(example(t, "robots.txt")), 0o644)
	os.WriteFile(filepath.Join(dir, "new"), []byte(example(t, "robots-next.txt")), 0o644)
	os.WriteFile(filepath.Join(dir, "urls"), []byte(strings.Join(urls, "\n")), 0o644)
	var want struct {
		Agents []struct {
			Agent string `json:"agent"`
			Flips []struct {
				URL   string `json:"url"`
				Probe bool   `json:"probe"`
			} `json:"flips"`
		} `json:"agents"`
	}
	if err := json.Unmarshal([]byte(robots(t, dir, "diff", "-json", "-urls", "urls", "old", "new")), &want); err != nil {
		t.Fatal(err)
	}
	type agentView struct {
		Agent  string   `json:"agent"`
		URLs   []string `json:"urls"`
		Probes int      `json:"probes"`
	}
	got := eval[[]agentView](t, ctx, `[...document.querySelectorAll("#diff-out section.agent")].map(s => ({agent: s.dataset.agent,
		urls: [...s.querySelectorAll("tr.flip:not(.probes) td.url")].map(td => td.textContent),
		probes: [...s.querySelectorAll("tr.probes .probe-list code")].length}))`)
	if len(got) != len(want.Agents) {
		t.Fatalf("%d agents shown, robots diff has %d", len(got), len(want.Agents))
	}
	flips := 0
	for i, a := range want.Agents {
		var urls []string
		probes := 0
		for _, f := range a.Flips {
			if f.Probe {
				probes++
			} else {
				urls = append(urls, f.URL)
			}
		}
		flips += len(a.Flips)
		if got[i].Agent != a.Agent || !slices.Equal(got[i].URLs, urls) || got[i].Probes != probes {
			t.Errorf("agent %d: shown %+v, robots diff has %s with URLs %q and %d probes", i, got[i], a.Agent, urls, probes)
		}
	}
	if flips == 0 {
		t.Fatal("the example's change flips nothing")
	}
	screenshot(t, ctx, "view-diff")
}

// TestFragmentRoundTrip sets every part of the state through the page,
// reads the fragment the page writes (decoding it here too), and opens it
// in a new tab, which shows the same case.
func TestFragmentRoundTrip(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, pageURL)
	want := state{V: 1, Robots: "User-agent: *\nDisallow: /å?q=✓\n", Next: "User-agent: *\nDisallow: /\n",
		URLs: "https://a.example/å\n/x?q=✓", Agent: "GPTBot", Dialect: "google", View: "dialects"}
	js, _ := json.Marshal(want)
	eval[bool](t, ctx, `(async () => { const s = `+string(js)+`;
		const set = (el, v, ev) => { el.value = v; el.dispatchEvent(new Event(ev, {bubbles: true})); };
		set(document.querySelector("#editor textarea"), s.robots, "input");
		set(document.querySelector("#next-editor textarea"), s.next, "input");
		set(document.getElementById("urls"), s.urls, "input");
		set(document.getElementById("agent"), s.agent, "input");
		set(document.getElementById("dialect"), s.dialect, "change");
		document.querySelector('[data-view="dialects"]').click();
		await robotsPage.saveNow();
		return true; })()`)
	href := eval[string](t, ctx, `location.href`)
	if got := unfragment(t, href[strings.Index(href, "#"):]); got != want {
		t.Errorf("the fragment holds %+v, want %+v", got, want)
	}
	ctx2 := tab(t)
	open(t, ctx2, href)
	got := eval[state](t, ctx2, `({v: 1, ...robotsPage.state()})`)
	if got != want {
		t.Errorf("the link opens %+v, want %+v", got, want)
	}
	if view := eval[string](t, ctx2, `document.body.dataset.view`); view != "dialects" {
		t.Errorf("the link opens view %q", view)
	}
}

// requests records the URLs the tab requests from now on.
func requests(t testing.TB, ctx context.Context) func() []string {
	t.Helper()
	var urls []string
	ch := make(chan string, 1024)
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			select {
			case ch <- e.Request.URL + postData(e.Request):
			default:
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	return func() []string {
		for {
			select {
			case u := <-ch:
				urls = append(urls, u)
			default:
				return urls
			}
		}
	}
}

func postData(r *network.Request) string {
	if r.HasPostData {
		return " (with a body)"
	}
	return ""
}

// TestSingleFileOffline opens robots.html from disk with the network
// off: it answers as the served page does, and asks for nothing but
// itself and the data it holds.
func TestSingleFileOffline(t *testing.T) {
	ctx := tab(t)
	seen := requests(t, ctx)
	if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		MatchedNetworkConditions: []*network.Conditions{{Offline: true}},
	}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, singleFile)
	rows := eval[[]row](t, ctx, readRows)

	ctx2 := tab(t)
	open(t, ctx2, pageURL)
	served := eval[[]row](t, ctx2, readRows)
	if len(rows) == 0 || !slices.Equal(rows, served) {
		t.Errorf("offline, the single file shows %v; the served page %v", rows, served)
	}
	for _, u := range seen() {
		if !strings.HasPrefix(u, "file:") && !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "blob:") {
			t.Errorf("the single file requested %s", u)
		}
	}
	if eval[bool](t, ctx, `document.getElementById("live").checkVisibility()`) {
		t.Error("the single file offers to fetch a live robots.txt, which only robots serve can")
	}
	screenshot(t, ctx, "single-file")
}

// TestNothingLeaves types a case into the served page and goes through
// every view: the page requests its own files and nothing else, and
// nothing typed ever leaves it.
func TestNothingLeaves(t *testing.T) {
	ctx := tab(t)
	seen := requests(t, ctx)
	open(t, ctx, pageURL)
	const secret = "private-path-4f1c"
	eval[bool](t, ctx, `(async () => {
		const set = (el, v) => { el.value = v; el.dispatchEvent(new Event("input", {bubbles: true})); };
		set(document.querySelector("#editor textarea"), "User-agent: *\nDisallow: /`+secret+`\n");
		set(document.getElementById("urls"), "https://a.example/`+secret+`");
		await new Promise(requestAnimationFrame);
		for (const v of ["dialects", "diff", "crawlers", "export", "verdicts"]) {
			document.querySelector('[data-view="' + v + '"]').click();
			await new Promise(requestAnimationFrame);
		}
		document.querySelector("#verdict-rows .vrow").click();
		await robotsPage.saveNow();
		await new Promise(r => setTimeout(r, 300));
		return true; })()`)
	urls := seen()
	if len(urls) < 5 {
		t.Fatalf("only %d requests recorded: %q", len(urls), urls)
	}
	for _, u := range urls {
		if !strings.HasPrefix(u, pageURL) || strings.Contains(u, secret) || strings.Contains(u, "(with a body)") {
			t.Errorf("the page requested %s", u)
		}
	}
}

// TestViews goes through every view on the examples, checks that each
// shows what it should, and saves a full-page screenshot of each.
func TestViews(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, pageURL+fragment(t, state{Robots: example(t, "robots.txt"), Next: example(t, "robots-next.txt"),
		URLs: example(t, "urls.txt") + "https://shop.example/cart/help\n", Agent: "FooBot"}))
	chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#verdict-rows [data-i="7"] .url`)))
	screenshot(t, ctx, "view-verdicts")
	// The view as a window shows it, for the README (web/screenshot.png).
	if png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
		os.WriteFile(filepath.Join(artifacts, "window-verdicts.png"), png, 0o644)
	}

	chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-view="dialects"]`)))
	if n := eval[int](t, ctx, `document.querySelectorAll("#dialect-rows tr.differs").length`); n == 0 {
		t.Error("dialects: no URL read differently, but /cart/help is")
	}
	chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#dialect-rows tr.differs td.url`)))
	if n := eval[int](t, ctx, `document.querySelectorAll("#sbs table.sbs tr").length`); n != 4 {
		t.Errorf("dialects: the side-by-side explanation has %d rows, want 4", n)
	}
	screenshot(t, ctx, "view-dialects")

	chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-view="export"]`)))
	exp := eval[string](t, ctx, `document.getElementById("expectations").value`)
	summary := eval[string](t, ctx, `document.getElementById("export-summary").textContent`)
	if strings.Count(exp, "\nallow ")+strings.Count(exp, "\ndisallow ") != 10 || !strings.Contains(summary, "that they all hold") {
		t.Errorf("export: %q\n%s", summary, exp)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "robots.txt"), []byte(example(t, "robots.txt")), 0o644)
	os.WriteFile(filepath.Join(dir, "expectations.txt"), []byte(exp), 0o644)
	if out := robots(t, dir, "test", "-robots", "robots.txt", "expectations.txt"); !strings.HasPrefix(out, "ok: 10 expectations hold") {
		t.Errorf("robots test on the exported file: %s", out)
	}
	screenshot(t, ctx, "view-export")

	blank(t, ctx)
	open(t, ctx, pageURL+fragment(t, state{Robots: example(t, "robots-ai.txt"), URLs: "https://news.example/\nhttps://news.example/drafts/x\nhttps://news.example/press/y\n",
		Agent: "GPTBot", View: "crawlers"}))
	type crawler struct {
		Agent    string   `json:"agent"`
		Verdicts []string `json:"verdicts"`
		Usage    string   `json:"usage"`
	}
	rows := eval[[]crawler](t, ctx, `[...document.querySelectorAll("#crawlers-out tr[data-agent]")].map(tr => ({agent: tr.dataset.agent,
		verdicts: [...tr.querySelectorAll("td.allowed, td.disallowed")].map(td => td.textContent), usage: tr.querySelector("td.usage").textContent}))`)
	purposes := eval[int](t, ctx, `document.querySelectorAll("#crawlers-out tbody[data-purpose]").length`)
	if len(rows) < 20 || purposes < 4 {
		t.Errorf("crawlers: %d rows in %d purposes", len(rows), purposes)
	}
	for _, r := range rows {
		if r.Agent == "GPTBot" && (len(r.Verdicts) == 0 || r.Verdicts[0] != "allow" || !slices.Contains(r.Verdicts, "BLOCK")) {
			t.Errorf("crawlers: GPTBot %+v", r)
		}
		if r.Agent == "Googlebot" && !strings.Contains(r.Usage, "train-ai=n") {
			t.Errorf("crawlers: Googlebot's usage %q", r.Usage)
		}
	}
	screenshot(t, ctx, "view-crawlers")
}

// TestLiveFetch fetches a site's robots.txt through the served page's
// endpoint: the editor gets the file, and its verdicts follow.
func TestLiveFetch(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, pageURL+fragment(t, state{Robots: "", URLs: "/live-only/x\n/other", Agent: "FooBot"}))
	if err := chromedp.Do(ctx,
		chromedp.WaitVisible(chromedp.CSS(`#live`)),
		chromedp.SetValue(chromedp.CSS(`#live input[name=url]`), siteURL+"/some/page"),
		chromedp.Click(chromedp.CSS(`#live button[type=submit]`)),
	); err != nil {
		t.Fatal(err)
	}
	text, err := chromedp.Run(ctx, chromedp.Poll[string](`document.querySelector("#editor textarea").value`))
	if err != nil || text != liveRobots {
		t.Fatalf("the editor holds %q (%v), want the site's robots.txt", text, err)
	}
	rows := eval[[]row](t, ctx, readRows)
	if len(rows) != 2 || rows[0].Verdict != "disallowed" || rows[0].Line != 2 || rows[1].Verdict != "allowed" {
		t.Errorf("verdicts after the fetch: %+v", rows)
	}
	hint := eval[string](t, ctx, `document.getElementById("live-hint").textContent`)
	if !strings.Contains(hint, ": ok (200 OK)") {
		t.Errorf("the page says %q", hint)
	}
	screenshot(t, ctx, "live-fetch")
}
