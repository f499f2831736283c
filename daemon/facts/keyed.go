package facts

import (
	"regexp"
	"strings"
)

// Structured log lines name their values: JSON ("took":"612.305ms") and
// logfmt (took=612.305ms). A fact whose field is one of the line's keys
// is that key's value, so a value of the same line under another key
// ("expected-duration":"100ms" given as took) is the wrong one, though it
// is a word of the line.

// keyedRe finds a key and its value: a JSON string or bare value, or a
// logfmt pair, quoted or not.
var keyedRe = regexp.MustCompile(`"([\w.\-/]+)"\s*:\s*(?:"((?:[^"\\]|\\.)*)"|([^,"{}\[\]\s]+))|(?:^|\s)([\w.\-/]+)=(?:"((?:[^"\\]|\\.)*)"|(\S+))`)

// keyedValues returns the line's keys (lowercased) with their values.
func keyedValues(line string) map[string][]string {
	if !strings.ContainsAny(line, "=:") {
		return nil
	}
	out := map[string][]string{}
	for _, m := range keyedRe.FindAllStringSubmatch(line, -1) {
		k := strings.ToLower(m[1] + m[4])
		out[k] = append(out[k], m[2]+m[3]+m[5]+m[6])
	}
	return out
}

// checkKeyed reports why f's value is not its field's on line, or "":
// only when the field is one of the line's keys and the value is another
// key's. A value the line prints outside its keys (the journal's own
// clock time beside a logfmt time=…) is judged by the line's words.
func checkKeyed(f Fact, line, where string) string {
	keys := keyedValues(line)
	field := strings.ToLower(strings.TrimSpace(f.Field))
	own, ok := keys[field]
	if !ok {
		return ""
	}
	value := norm(f.Value)
	holds := func(vs []string) bool {
		for _, v := range vs {
			if hasWord(norm(v), value) {
				return true
			}
		}
		return false
	}
	if holds(own) {
		return ""
	}
	for k, vs := range keys {
		if k != field && holds(vs) {
			return "the " + strings.TrimSpace(f.Field) + " of " + where + " is " + own[0] + ", not " + k + "'s value"
		}
	}
	return ""
}
