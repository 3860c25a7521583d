// Package e2e tests the tester page in a real browser: Debian's
// chromium-headless-shell, driven through the DevTools protocol
// (github.com/chromedp/chromedp), against the split files served by
// httptest (the handler robots serve uses) and against the single file
// opened from disk. It is a module of its own so that the library's
// go.mod does not carry the browser driver.
//
// The tests skip, saying so, when no browser is installed; set
// ROBOTS_CHROME to its path to choose one. They save a full-page
// screenshot of each view under ROBOTS_E2E_ARTIFACTS (default:
// artifacts/ here) and log the page's figures: the time to the first
// answer, to decide and show 10,000 URLs, and to re-lint and re-decide a
// file of 500 lines after a keystroke (BenchmarkPage reports the same as
// metrics).
package e2e
