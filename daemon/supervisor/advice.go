package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// A sentence that advises ("Consider `journalctl -p err` for details.",
// "You could run df -h again.", "To free memory, close some tabs.") names
// commands and general steps, not facts about this machine, so its
// commands, paths, quotes, names and free-standing figures are not
// checked. Its figures and states tied to an entity the evidence knows
// still are ("close firefox, which uses 1.1 GiB").

// adviceVerbs open an imperative sentence. Words that also open reports
// ("Free memory is…", "Open ports:", "Start time…") are left out.
var adviceVerbs = lexicon.NewSet(`consider try run use check restart stop close kill quit clear remove
	delete uninstall install update upgrade reboot monitor look see review inspect investigate increase
	reduce add disable enable ensure verify limit configure move clean empty reload follow watch
	compare search contact plan schedule lower raise tune adjust archive rotate trim purge prune
	avoid make keep let`)

// adviceOpeners open an advice sentence: "you could …", "if you …", "to
// free memory, …", "for details, …".
var adviceOpeners = [][]string{
	{"you", "can"}, {"you", "could"}, {"you", "may"}, {"you", "might"}, {"you", "should"}, {"you", "ll"},
	{"you", "would"}, {"you", "want"}, {"if"}, {"to"}, {"for", "more"}, {"for", "details"},
	{"for", "further"}, {"it", "may", "help"}, {"it", "might", "help"}, {"it", "would", "help"},
	{"it", "is", "worth"}, {"it", "s", "worth"}, {"please"}, {"i", "recommend"}, {"i", "suggest"},
	{"we", "recommend"}, {"a", "good", "idea"}, {"tip"}, {"optionally"}, {"alternatively"},
}

// adviceAnywhere mark a sentence as advice wherever they occur.
var adviceAnywhere = [][]string{
	{"consider"}, {"you", "could", "run"}, {"you", "can", "run"}, {"you", "can", "use"},
	{"you", "could", "use"}, {"you", "may", "want"}, {"you", "might", "want"}, {"recommend"},
	{"recommended"}, {"suggest"}, {"for", "details"}, {"for", "more", "details"},
}

// isAdvice reports whether a sentence advises the user rather than reports
// on the machine. List markers ("-", "1.") before it are ignored.
func isAdvice(sentence string) bool {
	words := plainWords(sentence)
	for len(words) > 0 && allDigits(words[0]) {
		words = words[1:]
	}
	if len(words) == 0 {
		return false
	}
	if adviceVerbs[words[0]] {
		return true
	}
	for _, p := range adviceOpeners {
		if len(p) <= len(words) && equalAt(words, 0, p) {
			return true
		}
	}
	for i := range words {
		for _, p := range adviceAnywhere {
			if i+len(p) <= len(words) && equalAt(words, i, p) {
				return true
			}
		}
	}
	return false
}
