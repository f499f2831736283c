package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// otherUnit reports whether the evidence lists a unit of the same name as
// key but of another type: "certbot.service" is not the certbot.timer
// that failed, so a unit the answer names with its type matches only
// that unit there; its stem stands for its program only where no unit
// of that name is listed.
func (ix *index) otherUnit(key, base string) bool {
	for _, suffix := range lexicon.UnitSuffixes() {
		if other := base + suffix; other != key && ix.entities[other] == classUnit {
			return true
		}
	}
	return false
}

// stateListColon returns where the list a state is said of starts, or -1:
// a state that no entity before it in its sentence has, ended within two
// words by a colon ("Two units are in a failed state: backup.service and
// certbot.timer", "Two interfaces are down: eno2 and docker0"), is said
// of each entity after the colon.
func stateListColon(answer string, c claim, as []claim) int {
	if c.kind != kindState || c.denied {
		return -1
	}
	for _, e := range as {
		if e.off < c.off {
			return -1 // "backup.service failed: rsync ran out of space"
		}
	}
	rest := answer[min(c.off+len(c.text), len(answer)):]
	colon := strings.IndexByte(rest, ':')
	if colon < 0 || len(plainWords(rest[:colon])) > 2 || strings.ContainsAny(rest[:colon], ".,;!?()\n") {
		return -1
	}
	colon += c.off + len(c.text)
	for _, e := range as {
		if e.off > colon {
			return colon
		}
	}
	return -1 // "Failed: the nightly backup", which names no entity
}
