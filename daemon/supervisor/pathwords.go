package supervisor

import "strings"

// A path's parts are no field words: "/mnt/cache at 100%" and "- /mnt/cache:
// 65%" give the mount's Use%, not free's buff/cache column, and "98% on
// /srv/used" says nothing of a used column. fieldText reads the words
// around a figure with each path (a token that starts with "/" or "~/")
// as one neutral word, which ends the look back as any non-copula does.
// "buff/cache" starts with no slash and stays a field.
func fieldText(text string) []string {
	var out []string
	for _, tok := range strings.Fields(text) {
		if t := strings.TrimLeft(tok, "`*\"'([-"); strings.HasPrefix(t, "/") || strings.HasPrefix(t, "~/") {
			out = append(out, pathWord)
			continue
		}
		out = append(out, plainWords(tok)...)
	}
	return out
}

// pathWord stands for a path in fieldText; it is no field, copula or
// clause word.
const pathWord = "\x00path"
