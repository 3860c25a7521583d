package kept

import (
	"math"
	"strings"

	"github.com/robotsexclusion/robots/compile"
)

// Agents are the agent values a Matcher was asked for, as read. One value,
// as most crawlers give, is held in place, its token a substring of it;
// a list is held apart. The zero Agents hold none.
type Agents struct {
	given          string
	list           *[]compile.AgentToken // the values, when not held in place
	tokOff, tokLen uint16                // the token, given[tokOff:tokOff+tokLen]
	bits           uint8
}

// The bits of Agents.bits.
const (
	inPlace = 1 << iota // one value held in place
	reduced             // its AgentToken.Reduced
	usable              // its AgentToken.Usable
)

// NewAgents returns the Agents of the given values, as read. One value is
// held in place when its token is a substring of it (as every dialect
// reads a value today) that ends within 64 KiB of its start.
func NewAgents(tokens []compile.AgentToken) Agents {
	if len(tokens) == 1 {
		t := tokens[0]
		if i := strings.Index(t.Given, t.Token); i >= 0 && i+len(t.Token) <= math.MaxUint16 {
			a := Agents{given: t.Given, tokOff: uint16(i), tokLen: uint16(len(t.Token)), bits: inPlace}
			if t.Reduced {
				a.bits |= reduced
			}
			if t.Usable {
				a.bits |= usable
			}
			return a
		}
	}
	list := append([]compile.AgentToken(nil), tokens...)
	return Agents{list: &list}
}

// InPlace reports whether the Agents hold one value in place.
func (a *Agents) InPlace() bool { return a.bits&inPlace != 0 }

// First returns the first value as given, "" when there is none, without
// building the tokens.
func (a *Agents) First() string {
	if a.InPlace() {
		return a.given
	}
	if a.list == nil || len(*a.list) == 0 {
		return ""
	}
	return (*a.list)[0].Given
}

// Tokens returns the values, as read, in a new slice.
func (a *Agents) Tokens() []compile.AgentToken {
	if a.InPlace() {
		return []compile.AgentToken{{
			Given:   a.given,
			Token:   a.given[a.tokOff : a.tokOff+a.tokLen],
			Reduced: a.bits&reduced != 0,
			Usable:  a.bits&usable != 0,
		}}
	}
	if a.list == nil {
		return nil
	}
	return append([]compile.AgentToken(nil), *a.list...)
}
