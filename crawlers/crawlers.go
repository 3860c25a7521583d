// Package registry is the list of crawlers that matter to robots.txt today,
// for the agents command: each with its operator, its purpose, whether its
// operator states that it honours robots.txt, and a source.
//
// The list is kept in agents.tsv and turned into table.go by gen.go
// (go generate), which checks every name against RFC 9309's product-token
// grammar (ALPHA, "-" and "_"). A name outside it, such as AI2Bot or
// archive.org_bot, is kept, with the token parsers read from it (AI,
// archive): no robots.txt group can name such a crawler.
package registry

//go:generate go run gen.go

// Purposes, in the order reports group them.
const (
	Search     = "search"      // a search engine's index
	AITraining = "ai-training" // data to train models
	AISearch   = "ai-search"   // AI search and answer engines
	UserFetch  = "user-fetch"  // pages fetched when a user asks
	Archive    = "archive"     // web archives
	SEO        = "seo"         // SEO and link-analysis tools
	Other      = "other"
)

// Purposes lists every purpose, in report order.
var Purposes = []string{Search, AITraining, AISearch, UserFetch, Archive, SEO, Other}

// Whether an operator states that its crawler honours robots.txt.
const (
	Yes     = "yes"     // it states that it does
	No      = "no"      // it states that it may not
	Unknown = "unknown" // no statement we know of
)

// An Agent is one crawler of the registry.
type Agent struct {
	Name     string // as the operator documents it for robots.txt
	Token    string // the product token parsers read from Name; Name when it is one
	Operator string
	Purpose  string // one of Purposes
	Honours  string // Yes, No or Unknown
	Source   string // the operator's page (or the contact its requests carry)
}

// Readable reports whether a robots.txt group can name the agent: whether
// its name is a product token.
func (a Agent) Readable() bool { return a.Token == a.Name }

// All returns the registry, in the order of agents.tsv.
func All() []Agent { return append([]Agent(nil), table[:]...) }
