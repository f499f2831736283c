package supervisor

import "strings"

// "… using 1537284 KiB which is approximately 1.4": a reply that ends,
// unpunctuated, on a bare number after a word that converts a figure
// ("approximately", "roughly", "~", "≈", "which is", "or", "i.e."), where its
// sentence gave a figure with a unit before it, stopped before that
// number's unit: the conversion has one. "The answer is 4" and "Load
// average: 0.12" convert nothing and are whole.

// cutConversion reports such a reply; words are its fields.
func cutConversion(words []string) bool {
	n := len(words)
	if n < 3 {
		return false
	}
	last := strings.TrimLeft(words[n-1], "~≈")
	lead := strings.ToLower(strings.TrimRight(words[n-2], "*_,"))
	if last != words[n-1] {
		lead = "~" // "≈1.4", "~1.4"
	}
	if last == "" || !isDigit(last[0]) || !isDigit(last[len(last)-1]) || !allDigits(strings.ReplaceAll(last, ".", "")) {
		return false
	}
	// An approximation or a restatement's lead (conversions.go) converts.
	if !approxWords[lead] && !conversionLeads[lead] && !(lead == "is" && (strings.EqualFold(words[n-3], "which") || strings.EqualFold(words[n-3], "that"))) {
		return false
	}
	// The figure converted: one with a unit earlier in the last sentence.
	for i := n - 3; i >= 0; i-- {
		w := strings.ToLower(strings.Trim(words[i], "*_,()"))
		if strings.HasSuffix(words[i], ".") {
			break
		}
		if unitFigure(w, strings.ToLower(strings.Trim(at(words, i+1), "*_,()."))) {
			return true
		}
	}
	return false
}

// unitFigure reports a figure with a size, percentage or frequency unit,
// attached ("1.1GiB", "7.4%") or as the next word ("1537284 KiB").
func unitFigure(w, next string) bool {
	n, used, ok := parseNumber(w)
	if !ok || n.value < 0 {
		return false
	}
	suffix := w[used:]
	if suffix == "" {
		suffix = next
	}
	u, ok := units[suffix]
	return ok && u.kind != kindDuration
}
