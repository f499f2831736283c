package supervisor

import (
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// Words that qualify, deny or act rather than name: "a `wg0` interface
// (likely WireGuard)" names no interface "likely", "a busy loop rather
// than a real PostgreSQL dump" claims no PostgreSQL, and "the routes go
// via 192.0.2.1" no go process.

// modifier reports an adverb or hedge ("likely", "probably", "maybe"),
// which sits where a name could but names nothing.
func modifier(w string) bool {
	return strings.HasSuffix(w, "ly") || hedgeSeqs[w] != nil || w == "maybe" || w == "perhaps"
}

// contrastLeads are the words that set a name against what the answer
// says instead: "rather than", "instead of", "not a (real) X", "not by
// a X process" ("bound by socat, not by a postgres process").
var contrastLeads = [][]string{{"rather", "than"}, {"instead", "of"}, {"not", "by"}, {"not", "from"}, {"not"}}

// contrastFillers may stand between such words and the name.
var contrastFillers = map[string]bool{"a": true, "an": true, "the": true, "real": true, "actual": true, "genuine": true, "true": true, "proper": true}

// contrasted reports words before a name that end in a contrast: "rather
// than a real", "instead of the", "not a real" (a bare "not" only with a
// filler after it: "is not X" is the copula's).
func contrasted(before []string) bool {
	k := len(before)
	for k > 0 && contrastFillers[before[k-1]] {
		k--
	}
	for _, lead := range contrastLeads {
		n := len(lead)
		if k >= n && slices.Equal(before[k-n:k], lead) && (n > 1 || k < len(before)) {
			return true
		}
	}
	return false
}

// everydayWords are programs named by common English words: "the default
// routes go via 192.0.2.1" says nothing of a go process. Such a word is
// no name where it is used as a verb (see verbUse).
var everydayWords = lexicon.NewSet(`go make yes sleep top cat less find which time watch tail head free
	kill test true false login man more sort split join touch wait nice file date who write link read
	env echo print see stat cut tee`)

// verbAfter are words after which an everyday word is a verb ("to find",
// "will make", "routes go"), and verbBefore words before which it is one
// ("go via", "make sure", "find that"); not "at" or "with": "yes at
// 99.8% CPU" names the yes process.
var (
	verbAfter  = lexicon.NewSet(`to will would can could should may might must i you we they routes packets traffic requests connections`)
	verbBefore = lexicon.NewSet(`via through to over out up down back away sure that it them this these those a an the some any into onto`)
)

// verbUse reports an everyday word used as a verb, not naming a program.
func verbUse(words []string, i int) bool {
	if i > 0 && verbAfter[words[i-1]] {
		return true
	}
	return i+1 < len(words) && verbBefore[words[i+1]]
}

// loreWords before "X port" say whose port it usually is: "the usual
// MySQL port", "the default PostgreSQL port", "MySQL's standard port".
var loreWords = lexicon.NewSet(`usual default standard typical common conventional customary traditional
	normal well known registered`)

// usualPort reports a program named only as the owner a port usually
// has ("3306 is the usual MySQL port", "MySQL's default port", "the
// standard port for MySQL"): general
// knowledge, which the evidence need not show. "Port 3306 is MySQL" names
// it as this machine's and is checked.
func usualPort(answer string, c claim) bool {
	before := plainWords(answer[max(c.clause, c.off-segWindow, 0):min(c.off, len(answer))])
	after := plainWords(answer[min(c.off+len(c.text), len(answer)):min(c.off+len(c.text)+segWindow, len(answer))])
	n := len(before)
	if len(after) > 0 && (after[0] == "port" || after[0] == "ports") && n > 0 && loreWords[before[n-1]] {
		return true // "the usual MySQL port"
	}
	if n >= 3 && (before[n-1] == "for" || before[n-1] == "of") && before[n-2] == "port" && loreWords[before[n-3]] {
		return true // "the standard port for MySQL"
	}
	// "MySQL's usual port", "MySQL's well-known port"
	k := 0
	if at(after, 0) == "s" {
		k = 1
	}
	for loreWords[at(after, k)] {
		k++
	}
	return k > 0 && k < len(after) && loreWords[after[k-1]] && (after[k] == "port" || after[k] == "ports")
}

// namedKind reports an everyday word written in lower case right before
// a kind noun ("the yes process", "yes (PID 1470)"): the process of
// that name, though "yes" is otherwise no name.
func namedKind(words, raws []string, i int) bool {
	return everydayWords[words[i]] && raws[i] == words[i] && i+1 < len(words) && kindWords[words[i+1]]
}
