// Package crawlers is a registry of the crawlers that matter to robots.txt
// today: search engines, AI training and AI search crawlers, fetchers that
// act for a user, archivers and SEO tools, each with its operator, its
// purpose, whether its operator states that it honours robots.txt, and a
// source for that.
//
// A site owner asks "which of them does my file let in?" by deciding for
// each Agent's Name (robots.Robots.Agent); a crawler operator, "who else
// goes by my token?". Lookup finds an agent by the name a user-agent line
// gives.
//
// The registry is kept in a data file of this package and turned into a
// Go table by go generate, which checks every line and every name against RFC
// 9309's product-token grammar (letters, "-" and "_"), records the source
// file's hash (Source). A name outside the grammar,
// such as AI2Bot or archive.org_bot, is kept with the token parsers read
// from it (AI, archive): no robots.txt group can name such a crawler as
// it names itself.
package crawlers

import "strings"

//go:generate go run gen.go

// A Purpose says what a crawler fetches pages for.
type Purpose string

// The purposes, in the order reports group them (Purposes).
const (
	Search     Purpose = "search"      // a search engine's index
	AITraining Purpose = "ai-training" // data to train models
	AISearch   Purpose = "ai-search"   // AI search and answer engines
	UserFetch  Purpose = "user-fetch"  // pages fetched when a user asks
	Archive    Purpose = "archive"     // web archives
	SEO        Purpose = "seo"         // SEO and link-analysis tools
	Other      Purpose = "other"       // anything else
)

// Purposes returns every purpose, in the order reports group them.
func Purposes() []Purpose {
	return []Purpose{Search, AITraining, AISearch, UserFetch, Archive, SEO, Other}
}

// Honours says whether a crawler's operator states that it obeys
// robots.txt.
type Honours string

// The statements.
const (
	HonoursYes     Honours = "yes"     // the operator states that it does
	HonoursNo      Honours = "no"      // the operator states that it may not
	HonoursUnknown Honours = "unknown" // no statement we know of
)

// An Agent is one crawler of the registry.
type Agent struct {
	Name     string  `json:"name"`     // as the operator documents it for robots.txt
	Token    string  `json:"token"`    // the product token parsers read from Name; Name when it is one
	Operator string  `json:"operator"` // who runs it
	Purpose  Purpose `json:"purpose"`
	Honours  Honours `json:"honours"`
	Source   string  `json:"source"` // the operator's page about it, or the contact its requests carry
}

// Readable reports whether a robots.txt group can name the agent as it
// names itself: whether its name is a product token.
func (a Agent) Readable() bool { return a.Token == a.Name }

// All returns the registry, in the order of its data file, which groups it
// by purpose. Each call returns a new copy.
func All() []Agent { return append([]Agent(nil), table[:]...) }

// Lookup returns the agent a user-agent name stands for: the one whose Name
// is name, or else whose Token is, ignoring ASCII case.
func Lookup(name string) (Agent, bool) {
	k := foldASCII(name)
	if i, ok := byName[k]; ok {
		return table[i], true
	}
	if i, ok := byToken[k]; ok {
		return table[i], true
	}
	return Agent{}, false
}

// byName and byToken find an agent by its name or token folded to lower
// case; byToken holds the first agent of each token.
var byName, byToken = func() (names, tokens map[string]int) {
	names, tokens = make(map[string]int, count), make(map[string]int, count)
	for i := len(table) - 1; i >= 0; i-- {
		names[foldASCII(table[i].Name)] = i
		tokens[foldASCII(table[i].Token)] = i
	}
	return names, tokens
}()

// foldASCII lowers the ASCII letters of s, and no other letter: names
// compare ignoring ASCII case only, as robots.txt compares them.
func foldASCII(s string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}
