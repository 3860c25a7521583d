module github.com/robotsexclusion/robots

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0
	golang.org/x/net v0.62.0
	golang.org/x/text v0.43.0
)

require github.com/dunglas/httpsfv v1.1.2

require github.com/klauspost/compress v1.20.4
