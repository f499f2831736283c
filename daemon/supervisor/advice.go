package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

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
	avoid make keep let set grow create extend resize expand renew rerun retry replace apply block edit
	change switch migrate vacuum back restrict protect secure harden allow deny shrink mount unmount`)

// objectWords after "start" or "open" make it an imperative ("Start it
// with …", "Open the task manager"), not a report ("Start time: 05:42",
// "Open ports: …"); so does a quote ("Open `about:processes`").
var objectWords = lexicon.NewSet(`it them the a an this that`)

// reportVerbs are imperatives that also open reports (see objectWords).
var reportVerbs = lexicon.NewSet(`start open`)

// adviceHeadings before a colon head advice: "Tips: …", "Next steps:"
// and the list items under them.
var adviceHeadings = lexicon.NewSet(`tip tips option options step steps suggestion suggestions
	recommendation recommendations fix fixes solution solutions idea ideas action actions remedy
	remedies`)

// modals in a sentence that opens with a gerund make it advice:
// "Installing fail2ban would block …", "Adding swap can help".
var modals = lexicon.NewSet(`would could should will can may might helps`)

// adviceOpeners open an advice sentence: "you could …", "if you …", "to
// free memory, …", "for details, …".
var adviceOpeners = [][]string{
	{"you", "can"}, {"you", "could"}, {"you", "may"}, {"you", "might"}, {"you", "should"}, {"you", "ll"},
	{"you", "would"}, {"you", "want"}, {"if"}, {"to"}, {"for", "more"}, {"for", "details"},
	{"for", "further"}, {"it", "may", "help"}, {"it", "might", "help"}, {"it", "would", "help"},
	{"it", "is", "worth"}, {"it", "s", "worth"}, {"please"}, {"i", "recommend"}, {"i", "suggest"},
	{"we", "recommend"}, {"i", "d"}, {"i", "would"}, {"id", "look"}, {"a", "good", "idea"}, {"tip"}, {"optionally"}, {"alternatively"},
}

// adviceAnywhere mark a sentence as advice wherever they occur.
var adviceAnywhere = [][]string{
	{"consider"}, {"you", "could", "run"}, {"you", "can", "run"}, {"you", "can", "use"},
	{"you", "could", "use"}, {"you", "may", "want"}, {"you", "might", "want"}, {"recommend"},
	{"recommended"}, {"suggest"}, {"for", "details"}, {"for", "more", "details"},
}

// generalMarks mark a sentence that speaks of what could be done, or of
// programs in general, not of this machine: "Docker images can be
// pruned", "a swap file would help", "Firefox tends to use a lot". Its
// names and free-standing figures are not checked, as in advice; but
// what it relates ("swap is absent, so nothing can be swapped out") is.
var generalMarks = [][]string{
	{"can", "be"}, {"could", "be"}, {"should", "be"}, {"would"}, {"tends", "to"}, {"tend", "to"},
	{"usually"}, {"typically"}, {"generally"}, {"often"}, {"normally"}, {"common"}, {"commonly"},
	{"expected"}, {"is", "normal"}, {"s", "normal"}, {"in", "general"},
}

// isGeneral reports whether a sentence holds one of generalMarks.
func isGeneral(sentence string) bool {
	words := plainWords(sentence)
	for i := range words {
		for _, p := range generalMarks {
			if i+len(p) <= len(words) && equalAt(words, i, p) {
				return true
			}
		}
	}
	return false
}

// youClauses start the part of a sentence that speaks of what the user
// might do ("ifb0 is down, which is normal unless you use `tc`", "one
// attempt is not alarming, but you could install fail2ban"): its claims
// are read as advice.
var youClauses = []string{" if you ", " unless you ", " when you ", " in case you ", " you should ", " you need to ",
	" you could ", " you might ", " but you may ", " but you can "}

// youClause returns where the part of sentence about the user's choices
// starts, or -1.
func youClause(sentence string) int {
	low := asciiLower(sentence)
	at := imperativeClause(low) // imperatives.go
	for _, p := range youClauses {
		if i := strings.Index(low, p); i >= 0 && (at < 0 || i < at) {
			at = i
		}
	}
	return at
}

// adviceSentences reports for each sentence of answer (ending at bounds)
// whether it advises: isAdvice, or a list item under an advice heading
// ("Options:\n- `VACUUM FULL` large tables"), or isGeneral; and which
// advise only by isGeneral.
func adviceSentences(answer string, bounds []int) (advice, general []bool) {
	out := make([]bool, len(bounds))
	general = make([]bool, len(bounds))
	list := false
	for k, end := range bounds {
		start := 0
		if k > 0 {
			start = min(bounds[k-1]+1, len(answer))
		}
		text := answer[start:min(end, len(answer))]
		trimmed := strings.TrimLeft(text, " \t")
		lineStart := k == 0 || answer[min(bounds[k-1], len(answer)-1)] == '\n'
		if lineStart && !isListItem(trimmed) && strings.TrimSpace(text) != "" {
			list = false
		}
		out[k] = list || isAdvice(text)
		if !out[k] && isGeneral(text) {
			out[k], general[k] = true, true
		}
		if head, _, ok := strings.Cut(trimmed, ":"); ok && strings.TrimSpace(text) != "" {
			for _, w := range plainWords(head) {
				list = list || adviceHeadings[w]
			}
			out[k] = out[k] || list
			general[k] = general[k] && !list
		}
	}
	return out, general
}

// isListItem reports a line that starts with a list marker.
func isListItem(line string) bool {
	if line == "" {
		return false
	}
	switch line[0] {
	case '-', '*', '+', '|':
		return true
	}
	if strings.HasPrefix(line, "\u2022") {
		return true
	}
	i := 0
	for i < len(line) && isDigit(line[i]) {
		i++
	}
	return i > 0 && i < len(line) && (line[i] == '.' || line[i] == ')')
}

// isAdvice reports whether a sentence advises the user rather than reports
// on the machine. List markers ("-", "1.") before it are ignored, and so
// is a label ("Next step: run …").
func isAdvice(sentence string) bool {
	if head, rest, ok := strings.Cut(sentence, ": "); ok && len(head) <= maxLabel && len(plainWords(head)) <= 3 && adviceAt(plainWords(rest)) {
		return true
	}
	trimmed := strings.TrimLeft(sentence, " \t-*+0123456789.)")
	if verb, rest, ok := strings.Cut(trimmed, " "); ok && reportVerbs[strings.ToLower(verb)] && strings.HasPrefix(rest, "`") {
		return true
	}
	return adviceAt(plainWords(sentence))
}

// maxLabel bounds the label before a colon ("Next step: …").
const maxLabel = 40

// adviceAt reports whether a sentence's words advise (see isAdvice).
func adviceAt(words []string) bool {
	for len(words) > 0 && allDigits(words[0]) {
		words = words[1:]
	}
	if len(words) == 0 {
		return false
	}
	if adviceVerbs[words[0]] || (reportVerbs[words[0]] && len(words) > 1 && objectWords[words[1]]) {
		return true
	}
	if indefiniteAdvice(words) {
		return true // "A cron job can warn you …" (indefinite.go)
	}
	if gerundOf(words[0]) {
		return true // "Adding a 4 GiB swap file is a cheap safety net."
	}
	if len(words[0]) > 5 && strings.HasSuffix(words[0], "ing") {
		for _, w := range words[1:] {
			if modals[w] {
				return true
			}
		}
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

// gerundOf reports a gerund of an advice verb ("adding", "enabling",
// "stopping") that opens a sentence; "running" and "using" open reports
// ("Running processes: 110", "Using 67% CPU, qemu …").
func gerundOf(w string) bool {
	stem, ok := strings.CutSuffix(w, "ing")
	if !ok || len(stem) < 3 || w == "running" || w == "using" {
		return false
	}
	if n := len(stem); stem[n-1] == stem[n-2] && adviceVerbs[stem[:n-1]] {
		return true // stopping
	}
	return adviceVerbs[stem] || adviceVerbs[stem+"e"]
}
