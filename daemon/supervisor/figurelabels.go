package supervisor

import "regexp"

// A quoted name that a dash or colon joins to a share or a size labels
// that figure ("2. `Überwacher` — 81.6%", "`rsync`: 528 MiB"): it is the
// figure's process, as in a ranked list of CPU or memory users, so it must
// be the evidence's like any process name, not config text found or
// dropped.
var figureLabelRe = regexp.MustCompile(`^\s*(?:\*\*)?\s*[\x{2014}\x{2013}:=-]+\s*(?:\*\*)?~?\d+(?:\.\d+)?\s*(?:%|[KMGT]i?B\b|[KMGT]i\b)`)

// labelsFigure reports the text after a quoted span opening with such a
// dash or colon and a figure.
func labelsFigure(after string) bool { return figureLabelRe.MatchString(after) }
