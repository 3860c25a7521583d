package lint

// Checks the tests run alone.
var (
	PastLimit    = checkPastLimit
	StarReplaced = checkStarReplaced
)

// None is a check that finds nothing: a run of it reports the parser's
// diagnostics alone.
var None = &Check{code: "none", run: func(*pass) {}}
