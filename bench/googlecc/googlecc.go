//go:build googlecc

package googlecc

// #cgo CXXFLAGS: -std=c++17 -O2 -I${SRCDIR}/robotstxt
// #cgo LDFLAGS: -lstdc++ -labsl_strings -labsl_strings_internal -labsl_raw_logging_internal -labsl_throw_delegate -labsl_int128
// #include <stddef.h>
// int googlecc_one_agent_allowed(const char *body, size_t nbody, const char *agent, size_t nagent, const char *url, size_t nurl);
import "C"

import "unsafe"

// OneAgentAllowed reports whether Google's library allows url to agent
// under the robots.txt body: RobotsMatcher.OneAgentAllowedByRobots with a
// fresh matcher, which parses the whole body on every call.
func OneAgentAllowed(body []byte, agent, url string) bool {
	return C.googlecc_one_agent_allowed(
		(*C.char)(unsafe.Pointer(unsafe.SliceData(body))), C.size_t(len(body)),
		(*C.char)(unsafe.Pointer(unsafe.StringData(agent))), C.size_t(len(agent)),
		(*C.char)(unsafe.Pointer(unsafe.StringData(url))), C.size_t(len(url)),
	) != 0
}
