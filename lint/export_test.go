package lint

// Checks the tests run alone.
var (
	PastLimit    = checkPastLimit
	StarReplaced = checkStarReplaced
)
