package supervisor

import (
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A cause or an event is said of the entities of its sentence: "certbot
// failed because the disk was full" is false when certbot's own lines say
// "connection timed out", even if another line of the evidence says
// "full". So the words of a causal clause must be found in the scope of their
// sentence: the records of its entities and of its clock time,
// and the journal lines within a minute of those (rsync's "No space left
// on device" one second before "backup.service: Failed"). A sentence with
// neither entities nor a clock time is checked against the whole evidence.
// Event words ("OOM", "killed", "crashed", "segfault", "panic") in a
// sentence that is neither negated nor conditional must be found in the
// whole evidence: "the journal shows OOM kills" over a journal without
// one is invented.

// eventWords are events an answer may report, by the evidence words
// (stems or phrases) any of which records them.
var eventWords = map[string][]string{
	"oom": {"oom", "out of memory"}, "out-of-memory": {"oom", "out of memory"},
	"segfault": segvWords, "segfaulted": segvWords, "segfaults": segvWords,
	"crashing": crashWords, "panics": {"panic"}, "oom-killed": {"oom", "out of memory"},
	"crash": crashWords, "crashed": crashWords,
	"crashes": crashWords, "panic": {"panic"}, "panicked": {"panic"},
	"killed": {"kill"}, "kills": {"kill"}, "overheating": {"thermal", "temperature", "overheat"},
}

// segvWords record a segmentation fault: the kernel's "segfault at",
// a signal's name, and systemd's "status=11/SEGV" of a main process.
// crashWords record a crash: those, and a core dump ("code=dumped",
// "Failed with result 'core-dump'", "dumped core").
var (
	segvWords  = []string{"segfault", "segmentation", "sigsegv", "segv"}
	crashWords = []string{"crash", "core-dump", "dumped core", "code=dumped", "segfault", "sigsegv", "segv"}
)

// causeSynonyms are evidence words that say what a cause word says in
// other words: a full disk is "No space left on device".
var causeSynonyms = map[string][]string{
	"full": {"space"}, "filled": {"space"}, "disk": {"device", "space"}, "storage": {"device", "space"},
	"memory": {"oom"}, "network": {"connection", "link"},
	// A mail server is what a line names by its protocol or as email
	// ("ops-email/email[0]: … dial tcp 198.51.100.25:587").
	"mail": {"email", "smtp"},
	// A server that turned a login away is what its client logs as the
	// login's failure ("FATAL: password authentication failed", "Access
	// denied for user"). A refused connection is no rejected login: no
	// server answered.
	"rejected": {"authentication failed", "denied"},
	// A signal's name and number are one thing: a line logs "signal 15"
	// where an answer says SIGTERM. A wrong pairing finds no line.
	"sigterm": {"signal 15"}, "sigkill": {"signal 9"}, "sigsegv": {"signal 11"}, "sigabrt": {"signal 6"},
	"sighup": {"signal 1"}, "sigint": {"signal 2"}, "sigbus": {"signal 7"},
	// A limit exceeded is a value logged as larger than it
	// (Elasticsearch's "would be [1.9gb], which is larger than the
	// limit of [1.8gb]").
	"exceeded": {"larger than", "greater than"}, "exceed": {"larger than", "greater than"},
	"exceeds": {"larger than", "greater than"},
}

// cgroupLimit is what a memory cgroup out of memory is said as when the
// cause names the memory or the cgroup before "limit" ("the cgroup hit its
// memory limit"); a rate limit, a ulimit or an open-files limit is not one.
var cgroupLimit = []string{"memory cgroup out of memory"}

// causeSynonymsAt returns the synonyms of the cause word cause[i].
func causeSynonymsAt(cause []string, i int) []string {
	if cause[i] == "limit" && (slices.Contains(cause[:i], "memory") || slices.Contains(cause[:i], "cgroup")) {
		return cgroupLimit
	}
	return causeSynonyms[cause[i]]
}

// conditionals make a sentence say what could happen, not what did.
var conditionals = lexicon.NewSet(`if unless whether when could would might may`)

// eventsIn returns the event words a sentence asserts: none in a negated
// or conditional sentence ("nothing crashed", "if it crashes again").
func eventsIn(ws []string) []string {
	var out []string
	for _, w := range ws {
		if negations[w] || nothingWords[w] || conditionals[w] || strings.HasSuffix(w, "n't") {
			return nil
		}
		if eventWords[w] != nil {
			out = append(out, w)
		}
	}
	return out
}

// neighbourWindow is how close in time, in seconds, two journal lines must
// be for one to explain the other.
const neighbourWindow = 60

// scopeOf returns the records the causes and events of sentence k may come
// from (see above), or nil to use the whole evidence.
func (ix *index) scopeOf(k int, claims []claim, anchors map[int][]claim, records map[int][]int32) map[int32]bool {
	scope := ix.sentenceRecords(k, claims, anchors, records)
	if len(scope) == 0 {
		return nil
	}
	ix.addNeighbours(scope)
	return scope
}

// sentenceRecords returns the records of sentence k's entities and of its
// clock times.
func (ix *index) sentenceRecords(k int, claims []claim, anchors map[int][]claim, records map[int][]int32) map[int32]bool {
	scope := map[int32]bool{}
	for _, a := range anchors[k] {
		for _, id := range records[a.off] {
			scope[id] = true
		}
	}
	for _, id := range ix.clockRecords(claims, k) {
		scope[id] = true
	}
	return scope
}

// recordClock returns the seconds of the day of the first hh:mm:ss in the
// head of a record (a journal line's time).
func recordClock(text string) (int, bool) {
	head := text[:min(len(text), 48)]
	for i := 0; i+8 <= len(head); i++ {
		s := head[i : i+8]
		if s[2] != ':' || s[5] != ':' || !allDigits(s[:2]) || !allDigits(s[3:5]) || !allDigits(s[6:]) {
			continue
		}
		return int(s[0]-'0')*36000 + int(s[1]-'0')*3600 + int(s[3]-'0')*600 + int(s[4]-'0')*60 +
			int(s[6]-'0')*10 + int(s[7]-'0'), true
	}
	return 0, false
}

// scopeHas reports whether a record of scope (or, with scope nil, the
// evidence) has one of the stems or phrases.
func (ix *index) scopeHas(scope map[int32]bool, stems []string) bool {
	for _, s := range stems {
		if scope == nil {
			// A phrase ("dumped core", "code=dumped") is looked up as text;
			// so is a word no token starts with, which may be a hyphenated
			// name's part ("shipper" of "platform/log-shipper:1.8.3").
			if strings.ContainsAny(s, " =") && strings.Contains(ix.text, s) ||
				!strings.ContainsAny(s, " =") && (ix.hasStem(s) || hyphenPart(ix.text, s)) {
				return true
			}
			continue
		}
		for _, id := range ix.tokens[s] {
			if scope[id] {
				return true // a word or subword of the record ("data" of /srv/data)
			}
		}
		for id := range scope {
			if wordStart(ix.recs[id].text, s) {
				return true
			}
		}
	}
	return false
}

// hyphenPart reports whether text has s as a whole part of a hyphenated
// word: after a hyphen, up to the word's end or its next hyphen. An
// underscore joins a constant's words into one ("NT_STATUS_WRONG_PASSWORD"
// names no wrong password of its own), so its parts are not words.
func hyphenPart(text, s string) bool {
	return indexBounded(text, s, 0, func(i, end int) bool {
		return i > 0 && text[i-1] == '-' && (end == len(text) || !isAlnumByte(text[end]) && text[end] != '_')
	}) >= 0
}

// wordStart reports whether text has s at the start of a word ("code"
// in "'exit-code'", "space" in "no space left").
func wordStart(text, s string) bool {
	return indexBounded(text, s, 0, func(i, end int) bool {
		// A phrase ending in a number ends where the number does: "signal
		// 1" is not the start of "signal 15".
		whole := !isDigit(s[len(s)-1]) || end == len(text) || !isDigit(text[end])
		return (i == 0 || !isAlnumByte(text[i-1])) && whole
	}) >= 0
}

// checkScoped reports each sentence whose causal clause or event names
// something its scope does not have.
// A sentence whose subject names nothing takes refer's scope: "It was
// triggered by …" is about the sentence before's event (loglinks.go).
func checkScoped(ix *index, g *Grounding, facts []sentenceFacts, claims []claim, anchors map[int][]claim, records map[int][]int32,
	refer func(k, near int) map[int32]bool) {
	checkDeniedEvents(ix, g, facts, anchors) // "the journal shows no OOM kill": deniedevents.go
	for k, f := range facts {
		if len(f.cause) == 0 && len(f.events) == 0 {
			continue
		}
		// The cause is said of the entities outside its clause: in
		// "certbot.timer failed because the backup filled the disk",
		// certbot.timer's, not the backup's.
		var subject []claim
		for _, a := range anchors[k] {
			if a.off < f.causeAt || a.off >= f.causeEnd {
				subject = append(subject, a)
			}
		}
		scope := ix.scopeOf(k, claims, map[int][]claim{k: subject}, records)
		if scope == nil && refer != nil {
			scope = refer(k, f.causeAt)
		}
		failScope, probeFailed := ix.probeFailureScope(f) // probefailcauses.go
		if probeFailed && scope != nil {
			for id := range failScope {
				scope[id] = true
			}
		}
		if scope != nil {
			ix.addSocketPeers(scope) // socketpeers.go
		}
		for i, w := range f.cause {
			if probeFailed && probeFailWords[w] {
				continue
			}
			if !ix.scopeHas(scope, append([]string{w, w[:max(4, len(w)-3)]}, causeSynonymsAt(f.cause, i)...)) {
				g.Missing = append(g.Missing, "cause: "+w)
				break
			}
		}
		for _, w := range f.events {
			// An event is looked up in the whole evidence: a sentence may
			// list several ("an OOM kill, a failed postgresql.service").
			if !ix.scopeHas(nil, eventWords[w]) {
				g.Missing = append(g.Missing, "event: "+w)
				break
			}
		}
	}
}
