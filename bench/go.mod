module github.com/robotsexclusion/robots/bench

go 1.26.0

require (
	github.com/jimsmart/grobotstxt v1.0.3
	github.com/nlnwa/gowarc/v3 v3.1.0
	github.com/robotsexclusion/robots v0.0.0
	github.com/temoto/robotstxt v1.1.2
)

require (
	github.com/bits-and-blooms/bitset v1.24.0 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/klauspost/compress v1.20.4 // indirect
	github.com/nlnwa/whatwg-url v0.6.2 // indirect
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)

replace github.com/robotsexclusion/robots => ../
