package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// A small integer is no claim ("2 things to check"), except a setting's
// value: "the www pool reached its pm.max_children setting of 10" says
// what php-fpm logged ("setting (5)"), a figure of its line like any other.

// settingNouns before "of" make the integer after it a setting's value.
var settingNouns = lexicon.NewSet(`setting settings limit maximum max threshold`)

// configValue reports whether words[i] is a setting's value: after
// "setting of", "limit of" and the like, or "set to".
func configValue(words []string, i int) bool {
	return at(words, i-1) == "of" && settingNouns[at(words, i-2)] || at(words, i-1) == "to" && at(words, i-2) == "set"
}
