module github.com/robotsexclusion/robots/web/e2e

go 1.26.0

replace github.com/robotsexclusion/robots => ../..

require (
	github.com/chromedp/cdproto v0.159.0
	github.com/chromedp/chromedp v0.23.0
	github.com/robotsexclusion/robots v0.0.0-00010101000000-000000000000
)

require (
	github.com/dunglas/httpsfv v1.1.2 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
