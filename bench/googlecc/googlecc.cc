//go:build googlecc

// The one entry point the Go side calls, over Google's robots.cc, which
// fetch.sh copies into robotstxt/ (it is not part of this repository).
#include <string>

#include "robots.cc"

extern "C" int googlecc_one_agent_allowed(const char *body, size_t nbody,
                                          const char *agent, size_t nagent,
                                          const char *url, size_t nurl) {
  googlebot::RobotsMatcher m;
  return m.OneAgentAllowedByRobots(absl::string_view(body, nbody),
                                   std::string(agent, nagent),
                                   std::string(url, nurl));
}
