package robots

import "github.com/robotsexclusion/robots/internal/diag"

// A Diagnostic reports a line of a robots.txt file that is not plain and
// valid, or a finding about the file as a whole (Line 0): what was found
// and, for the parser's, what it did with the line. It is the one type of
// every diagnostic of this module: the parser's (Robots.Diagnostics),
// package usage's, and those of packages lint and diff.
//
// Line counts LF, CR and CRLF each as the end of a line, from 1. Column is
// the octet, from 1, where the problem starts in the line of the decoded
// text (the body as Parse read it: a byte order mark dropped, UTF-16 and
// declared charsets transcoded to UTF-8), or 0 when the diagnostic is
// about the whole line. Severity is its code's; String formats it as
// "LINE[:COLUMN]: severity: code: message".
type Diagnostic = diag.Diagnostic

// them, and they never change meaning. Every code is one of the constants
// below, each with a Severity and a Doc that says what it means; Codes
// lists them all.
type Code = diag.Code

// line will not do what it looks like, SeverityWarning when it works but is
// fragile or read differently elsewhere, SeverityInfo otherwise. Its
// String is "error", "warning" or "info", and it is written so in JSON.
type Severity = diag.Severity

const (
	SeverityInfo    = diag.Info
	SeverityWarning = diag.Warning
	SeverityError   = diag.Error
)

// The codes. Each code's Severity and Doc say how much it matters and what
// it means; Codes lists them in one table. The parser reports those about
// the body and its lines (Robots.Diagnostics, from ByteOrderMark to
// TooManyExtensions), package usage those of usage values (from
// UsageSyntax to MissingPreference), package lint those about groups and
// the file as a whole (from DelayMerge to ReadError), and package diff
// those about a change (SiteBlocked, SitemapRemoved; StarReplaced and
// StarUsageHidden too).
const (
	ByteOrderMark     = diag.ByteOrderMark
	Charset           = diag.Charset
	Truncated         = diag.Truncated
	HTMLBody          = diag.HTMLBody
	UnknownDialect    = diag.UnknownDialect
	InvalidUTF8       = diag.InvalidUTF8
	NULByte           = diag.NULByte
	LongLine          = diag.LongLine
	MalformedLine     = diag.MalformedLine
	MissingColon      = diag.MissingColon
	MisspeltKey       = diag.MisspeltKey
	KeyPrefix         = diag.KeyPrefix
	UnknownKey        = diag.UnknownKey
	RetiredKey        = diag.RetiredKey
	RuleOutsideGroup  = diag.RuleOutsideGroup
	AgentNotToken     = diag.AgentNotToken
	AgentGrammar      = diag.AgentGrammar
	CollapsedRule     = diag.CollapsedRule
	EmptyAgent        = diag.EmptyAgent
	UnmatchablePath   = diag.UnmatchablePath
	InvalidCrawlDelay = diag.InvalidCrawlDelay
	EmptyValue        = diag.EmptyValue
	RelativeSitemap   = diag.RelativeSitemap
	TooMany           = diag.TooMany
	TooManyExtensions = diag.TooManyExtensions

	UsageSyntax       = diag.UsageSyntax
	UppercaseKey      = diag.UppercaseKey
	BadValue          = diag.BadValue
	YesNo             = diag.YesNo
	SignalYN          = diag.SignalYN
	OtherVocabulary   = diag.OtherVocabulary
	BadPath           = diag.BadPath
	MissingPreference = diag.MissingPreference

	DelayMerge      = diag.DelayMerge
	UsageMerge      = diag.UsageMerge
	DuplicateRule   = diag.DuplicateRule
	ConflictingRule = diag.ConflictingRule
	SecondStar      = diag.SecondStar
	StarReplaced    = diag.StarReplaced
	StarUsageHidden = diag.StarUsageHidden
	UsageFileWide   = diag.UsageFileWide
	ExtensionSyntax = diag.ExtensionSyntax
	PastLimit       = diag.PastLimit
	ReadError       = diag.ReadError

	SiteBlocked    = diag.SiteBlocked
	SitemapRemoved = diag.SitemapRemoved
)

// A CodeInfo is one code with its severity and what it means.
type CodeInfo = diag.Entry

// order tools list them. Each call returns a new copy.
func Codes() []CodeInfo { return diag.Table() }
