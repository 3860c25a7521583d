module github.com/robotsexclusion/robots

go 1.26.0

require (
	github.com/dunglas/httpsfv v1.1.2
	github.com/google/go-cmp v0.7.0
	github.com/klauspost/compress v1.20.4
	golang.org/x/net v0.62.0
	golang.org/x/text v0.43.0
)
