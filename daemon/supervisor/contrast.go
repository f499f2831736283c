package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// Contrast clauses: "PostgreSQL (5432) and Redis (6379) listen only on
// 127.0.0.1, while sshd (22), nginx (443) and annad (7070) listen on all
// interfaces". "while", "whereas" and ", but" start a clause of its own,
// so "on all interfaces" is said of the processes of its clause only;
// and a number alone in brackets after a name that is the subject of
// "listen … on" an address, with no port after, is that name's port:
// the sentence gives ports nowhere else ("sshd (812) listens on 22" keeps
// 812 a PID).

// contrastSeps end a clause.
var contrastSeps = []string{", and ", ", but ", " while ", " whereas ", ", so ", ". ", ";", "\n", "!", "?"}

// clauseEnd returns where the clause holding off ends.
func clauseEnd(answer string, off int) int {
	end := len(answer)
	rest := strings.ToLower(answer[off:])
	for _, sep := range contrastSeps {
		if i := strings.Index(rest, sep); i >= 0 && off+i < end {
			end = off + i
		}
	}
	if strings.HasSuffix(answer[:end], ".") {
		end--
	}
	return end
}

// listenedBracket returns the port claim of a number alone in brackets
// after a name, in a clause that goes on to say where it listens without
// a port: "Redis (6379) listens only on 127.0.0.1".
func listenedBracket(text string, ws []word, words, raws []string, i int, known map[string]class) (claim, bool) {
	if i == 0 || !allDigits(words[i]) || len(words[i]) < 2 {
		return claim{}, false
	}
	start, end := ws[i].off, ws[i].off+len(ws[i].text)
	if strings.TrimSpace(text[ws[i-1].off+len(ws[i-1].text):start]) != "(" || !strings.HasPrefix(text[end:], ")") {
		return claim{}, false
	}
	if p := words[i-1]; known[p] != classProcess && !lexicon.IsProgram(p) {
		return claim{}, false
	}
	port, ok := lexicon.Port(words[i])
	if !ok || !listensWithoutPort(text[end+1:clauseEnd(text, end+1)]) {
		return claim{}, false
	}
	return claim{text: raws[i], kind: kindPort, port: port, key: words[i]}, true
}

// maxSubjectWords bounds the list of subjects before "listen".
const maxSubjectWords = 12

// listensWithoutPort reports a clause rest that reaches a listen word
// after at most maxSubjectWords words, followed by where it listens
// and no port: " and Redis (6379) listen only on 127.0.0.1".
func listensWithoutPort(rest string) bool {
	fs := strings.Fields(rest)
	for k, f := range fs {
		if k > maxSubjectWords {
			return false
		}
		if !listenWords[strings.ToLower(strings.Trim(f, ",()"))] {
			continue
		}
		after := fs[k+1:]
		if len(after) == 0 {
			return false
		}
		for _, a := range after {
			a = strings.ToLower(strings.Trim(a, ",.()"))
			if _, _, ok := hostPort(a); ok || a == "port" || a == "ports" || allDigits(a) && len(a) > 1 {
				return false
			}
		}
		return true
	}
	return false
}

// bracketPIDs turns back into a PID a number alone in brackets after a
// name, read as a port by its sentence, that no socket has as a port and
// some process has as its PID: "nginx (930) and sshd (812) are listening
// on all interfaces" names PIDs. The name beside it is then checked as
// its PID's (see partner).
func (ix *index) bracketPIDs(answer string, claims []claim) {
	for i := range claims {
		c := &claims[i]
		if c.kind != kindPort || !bracketedAlone(answer, *c) && !bracketedPIDList(answer, *c, ix.entities) || ix.hasPort(*c) ||
			len(ix.findAnchor(claim{kind: kindPID, key: c.key})) == 0 {
			continue
		}
		c.kind, c.class, c.port = kindPID, classPID, 0
	}
	ix.bindBracketPIDs(answer, claims) // namedpids.go
}

// bracketedAlone reports a claim that fills its bracket: "(930)".
func bracketedAlone(answer string, c claim) bool {
	end := c.off + len(c.text)
	return strings.HasSuffix(strings.TrimRight(answer[:c.off], " "), "(") && strings.HasPrefix(strings.TrimLeft(answer[min(end, len(answer)):], " "), ")")
}
