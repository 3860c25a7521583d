module github.com/robotsexclusion/robots/bench

go 1.26.0

require (
	github.com/jimsmart/grobotstxt v1.0.3
	github.com/robotsexclusion/robots v0.0.0
	github.com/temoto/robotstxt v1.1.2
)

require (
	github.com/dunglas/httpsfv v1.1.2 // indirect
	golang.org/x/text v0.43.0 // indirect
)

replace github.com/robotsexclusion/robots => ../
