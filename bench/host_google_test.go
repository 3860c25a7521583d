//go:build googlecc

package bench

import "github.com/robotsexclusion/robots/bench/googlecc"

// With the build tag googlecc, BenchmarkHost times Google's C++ library
// too (package googlecc says how to build it):
//
//	k=<k>/google  OneAgentAllowedByRobots per URL, which, like grobotstxt,
//	              parses the whole file again on every call
func init() {
	hostPeers = append(hostPeers, hostPeer{"google", func(body []byte, urls []string) bool {
		ok := true
		for _, u := range urls {
			ok = googlecc.OneAgentAllowed(body, agent, u) && ok
		}
		return ok
	}})
}
