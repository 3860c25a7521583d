package fetch

// IsRedirect reports whether an HTTP status is one of the redirects a
// Fetcher follows (301, 302, 303, 307 and 308; RFC 9309 2.3.1.2). A tool
// that reads stored responses, where the redirect and its target are
// separate records, follows them itself; any other 3xx status makes a
// fetch Unreachable.
func IsRedirect(status int) bool { return isRedirect(status) }
