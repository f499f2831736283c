package brain

import (
	"strings"
	"unicode"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// MaxQuestionBytes bounds the text Match reads: a simple factual question
// is a short sentence, and anything longer goes to the LLM unread.
const MaxQuestionBytes = 256

// MaxWords bounds the words of a question Match answers.
const MaxWords = 24

// Match recognizes a simple factual question (see the package doc for the
// precision rule). It reports false for anything else, and for text over
// MaxQuestionBytes or MaxWords. It is deterministic, allocates little, and
// never looks at the host.
func Match(question string) (Intent, bool) {
	if len(question) > MaxQuestionBytes {
		return Intent{}, false
	}
	segs, ok := tokenize(question)
	if !ok {
		return Intent{}, false
	}
	a, ok := analyze(segs)
	if !ok || a.subject && a.has(cUse) {
		return Intent{}, false
	}
	a.asked = strings.HasSuffix(strings.TrimSpace(question), "?")
	k, ok := decide(&a)
	if !ok {
		return Intent{}, false
	}
	// "my ip and my gateway": each part joined by "and" or "or" must not
	// ask for another fact on its own.
	for _, c := range a.clauses {
		part := a
		part.c = c
		if pk, ok := decide(&part); ok && pk != k {
			return Intent{}, false
		}
	}
	found := Intent{Kind: k}
	if k == ListeningPorts {
		found.Port = a.port
	}
	return found, true
}

// decide returns the kind of the one rule that holds for a.
func decide(a *analysis) (Kind, bool) {
	var found Kind
	n := 0
	for _, r := range rules {
		if a.c&^(r.allowed|tolerated) != 0 {
			continue
		}
		if k, ok := r.holds(a); ok {
			found = k
			n++
		}
	}
	return found, n == 1
}

// tokenize lowercases the question and splits it into sentences of
// tokens, expanding contractions. A port may keep its leading colon
// (":8080"); every other character but letters, digits and apostrophes
// separates tokens. It fails on more than MaxWords tokens.
func tokenize(q string) ([][]string, bool) {
	q = strings.ToLower(strings.ToValidUTF8(q, " "))
	var segs [][]string
	var cur []string
	words := 0
	start := -1
	flush := func(end int) bool {
		if start < 0 {
			return true
		}
		for _, t := range expand(q[start:end]) {
			words++
			cur = append(cur, t)
		}
		start = -1
		return words <= MaxWords
	}
	for i, r := range q {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || isApostrophe(r):
			if start < 0 {
				start = i
			}
		case r == ':' && start < 0 && i+1 < len(q) && q[i+1] >= '0' && q[i+1] <= '9':
			start = i
		default:
			if !flush(i) {
				return nil, false
			}
			if endsSentence(q, i, r) && len(cur) > 0 {
				segs = append(segs, cur)
				cur = nil
			}
		}
	}
	if !flush(len(q)) {
		return nil, false
	}
	if len(cur) > 0 {
		segs = append(segs, cur)
	}
	return segs, len(segs) > 0
}

func isApostrophe(r rune) bool { return r == '\'' || r == '\u2019' || r == '\u2018' || r == '`' }

// endsSentence reports whether the rune r at i ends a sentence: ? ! ; and
// a period followed by a space or the end.
func endsSentence(q string, i int, r rune) bool {
	switch r {
	case '?', '!', ';', '\n':
		return true
	case '.':
		return i+1 == len(q) || q[i+1] == ' '
	}
	return false
}

// apostrophes are the marks people type for an apostrophe.
var apostrophes = strings.NewReplacer("\u2019", "'", "\u2018", "'", "`", "'")

// expand splits a contraction: a negation becomes "not" (which rejects);
// 's, 're, 've, 'll, 'd and 'm are dropped, because the words they stand
// for (is, are, have, will, would, am) change nothing in a question the
// fast path answers and "anna's" or "router's" are possessives.
func expand(tok string) []string {
	tok = apostrophes.Replace(tok)
	if tok == "cannot" || strings.HasSuffix(tok, "n't") {
		return []string{"not"}
	}
	if i := strings.IndexByte(tok, '\''); i >= 0 {
		switch tok[i+1:] {
		case "s", "re", "ve", "ll", "d", "m", "":
			tok = tok[:i]
		default:
			tok = strings.ReplaceAll(tok, "'", "")
		}
	}
	if tok == "" {
		return nil
	}
	return []string{tok}
}

// analysis is what a question asks for: its concepts, the port it names,
// and how it opens.
type analysis struct {
	c    concept
	port int
	// clauses are the concepts of the parts that "and" and "or" join,
	// when there are such parts.
	clauses []concept
	// whatFirst is set when the question opens with what, which or who
	// ("what is using my memory").
	whatFirst bool
	// yesNo is set when it opens with is, are or was ("is debug on").
	yesNo bool
	// capability is set by "can my …", which asks what the hardware can
	// do ("how many threads can my cpu run"), not what it is doing.
	capability bool
	// subject is set when Anna is the subject ("does anna use"): her own
	// use of memory or CPU is not a fact the fast path reads.
	subject bool
	// doSupport is set by do, does or did: in "what cpu does this
	// computer use" the wh-word is the object, not a process.
	doSupport bool
	// asked is set when the question ends in a question mark.
	asked bool
}

// openers are words a question may open with before its first word that
// counts: greetings, the name and politeness.
var openers = map[string]bool{"hey": true, "hi": true, "hello": true, "anna": true, "please": true, "pls": true}

// pronounsAfterDo are the words that may follow do, does and did in a
// question about a fact ("do I have", "does my cpu have", "did any unit
// fail"); "what does debug mode do" asks something else.
var pronounsAfterDo = map[string]bool{
	"i": true, "you": true, "we": true, "my": true, "your": true, "this": true, "the": true,
	"it": true, "anything": true, "any": true, "anna": true, "there": true, "a": true,
}

// freeable are the words after which a leading "free" is an adjective
// ("free memory?") rather than a request ("free all memory").
var freeable = map[string]bool{"memory": true, "ram": true, "mem": true, "disk": true, "space": true, "storage": true}

// subjectAfter are the words after which "you" or "anna" is the subject.
var subjectAfter = map[string]bool{"do": true, "does": true, "did": true, "is": true, "are": true, "was": true, "were": true}

// howFollowers are the words after which "how" asks for an amount.
var howFollowers = map[string]bool{"much": true, "many": true, "big": true, "large": true, "full": true}

// analyze reads every token; it fails at the first word outside the
// vocabulary, a reject word, a second question or a misplaced number.
func analyze(segs [][]string) (analysis, bool) {
	var a analysis
	content := 0
	first := true
	for _, toks := range segs {
		var segC, clause concept
		for i, t := range toks {
			next := func(k int) string {
				if i+k < len(toks) {
					return toks[i+k]
				}
				return ""
			}
			prev := ""
			if i > 0 {
				prev = toks[i-1]
			}
			if first && !openers[t] {
				first = false
				a.whatFirst = t == "what" || t == "whats" || t == "which" || t == "who"
				a.yesNo = t == "is" || t == "are" || t == "was"
				if t == "open" && next(1) != "ports" {
					return a, false // "open port 8080" is a request
				}
				if t == "free" && !freeable[next(1)] {
					return a, false // "free all memory" is a request
				}
			}
			if isPortToken(t) {
				p, ok := lexicon.Port(strings.TrimPrefix(t, ":"))
				if !ok || (t[0] != ':' && prev != "port" && prev != "on" && prev != "at") || (a.port != 0 && a.port != p) {
					return a, false
				}
				a.port = p
				segC |= cNum
				clause |= cNum
				continue
			}
			switch t {
			case "how":
				switch {
				case howFollowers[next(1)]:
					continue
				case next(1) == "you" || next(1) == "anna" ||
					((next(1) == "are" || next(1) == "is") && (next(2) == "you" || next(2) == "anna")):
					segC |= cHealth
					clause |= cHealth
					continue
				}
				return a, false
			case "up":
				// "taking up my memory"; "free up" is a request.
				if w, _ := correct(prev); w.c&cUse == 0 {
					return a, false
				}
				continue
			case "you", "yourself", "anna":
				if prev == "are" || prev == "were" {
					segC |= cSelf
					clause |= cSelf
				}
				a.subject = a.subject || subjectAfter[prev]
			case "a", "an":
				if prev == "is" || prev == "are" || prev == "whats" {
					return a, false // "what is a failed service" asks for a definition
				}
			case "can", "could":
				if next(1) != "you" && next(1) != "anna" && next(1) != "my" {
					return a, false
				}
				a.capability = a.capability || next(1) == "my"
			case "do", "does", "did":
				if !pronounsAfterDo[next(1)] {
					return a, false
				}
				a.doSupport = true
			case "and", "or":
				if w, ok := correct(next(1)); ok && w.question {
					return a, false
				}
				a.clauses = append(a.clauses, clause)
				clause = 0
				continue
			}
			w, ok := correct(t)
			if !ok || w.c&cReject != 0 {
				return a, false
			}
			segC |= w.c
			clause |= w.c
		}
		if len(a.clauses) > 0 {
			a.clauses = append(a.clauses, clause)
		}
		clause = 0
		// A sentence of only "on or off" narrows the one before it.
		if segC&^(cYou|cOnWord|cOffWord) != 0 {
			content++
		}
		a.c |= segC
	}
	return a, content == 1
}

// isPortToken reports whether t is a number, optionally after a colon.
func isPortToken(t string) bool {
	t = strings.TrimPrefix(t, ":")
	if t == "" {
		return false
	}
	for i := 0; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return false
		}
	}
	return true
}
