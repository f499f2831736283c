package translator

import (
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/runecut"
)

// MaxQuestionLength bounds a clarification question in bytes.
const MaxQuestionLength = 300

// RepairedConfidence caps the confidence of a ticket whose domain had to be
// replaced: a translator that named an unknown domain did not understand
// the query well, so its ticket must not count as translator_confident.
const RepairedConfidence = 0.5

// Validate makes any ticket, typically one an LLM produced, safe for the
// dispatcher:
//
//   - intent is trimmed and lowercased; anything but question, request or
//     investigate becomes question;
//   - domain is trimmed and lowercased; an unknown domain becomes
//     DefaultDomain and confidence is capped at RepairedConfidence (the LLM
//     translator may instead put Keywords(text).Domain in before calling
//     Validate, when it wants the keyword reading);
//   - needs_probes keeps only allowlisted IDs (probes.IDs), trimmed and
//     lowercased, first occurrence first, without duplicates;
//   - entities are trimmed, stripped of control characters, cut to
//     MaxEntityLength bytes, deduplicated ignoring case and limited to
//     MaxEntities;
//   - a blank clarification question becomes nil; others are trimmed and cut
//     to MaxQuestionLength bytes;
//   - confidence is clamped to [0, 1]; NaN becomes 0.
//
// Slices are never nil, so the ticket encodes as the spec's JSON arrays.
// Validate is idempotent and does not modify its argument.
func Validate(t rpc.Ticket) rpc.Ticket {
	out := t
	out.Intent = strings.ToLower(strings.TrimSpace(t.Intent))
	if !slices.Contains([]string{rpc.IntentQuestion, rpc.IntentRequest, rpc.IntentInvestigate}, out.Intent) {
		out.Intent = rpc.IntentQuestion
	}
	out.Confidence = clamp01(t.Confidence)
	out.Domain = strings.ToLower(strings.TrimSpace(t.Domain))
	if !slices.Contains(rpc.Domains, out.Domain) {
		out.Domain = DefaultDomain
		out.Confidence = min(out.Confidence, RepairedConfidence)
	}
	out.NeedsProbes = validProbes(t.NeedsProbes)
	out.Entities = validEntities(t.Entities)
	out.ClarificationQuestion = nil
	if t.ClarificationQuestion != nil {
		if q := cut(clean(*t.ClarificationQuestion), MaxQuestionLength); q != "" {
			out.ClarificationQuestion = &q
		}
	}
	return out
}

func clamp01(x float64) float64 {
	if math.IsNaN(x) || x < 0 {
		return 0
	}
	return min(x, 1)
}

func validProbes(ids []string) []string {
	out := []string{}
	for _, id := range ids {
		id = strings.ToLower(strings.TrimSpace(id))
		if slices.Contains(probes.IDs, id) && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

func validEntities(ents []string) []string {
	out := []string{}
	for _, e := range ents {
		if len(out) == MaxEntities {
			break
		}
		e = cut(clean(e), MaxEntityLength)
		if e != "" && !slices.ContainsFunc(out, func(o string) bool { return strings.EqualFold(o, e) }) {
			out = append(out, e)
		}
	}
	return out
}

// clean drops invalid UTF-8 and control characters (which could reach a
// terminal or a log) and trims surrounding space.
func clean(s string) string {
	s = strings.ToValidUTF8(s, "")
	s = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsControl(r):
			return ' '
		case unicode.Is(unicode.Cf, r): // bidi overrides, zero-width joiners
			return -1
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}

// cut shortens s to at most n bytes on a rune boundary and trims the
// space the cut may expose.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.TrimSpace(runecut.Prefix(s, n))
}
