package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// hasState reports whether the record shows a state: ip addr's flags and
// state (UP, DOWN, UNKNOWN), systemctl's ACTIVE and SUB columns, systemd's
// exit status for "failed", and for "running", "up" and "active" a row of
// a process or socket table.
func (r record) hasState(state string) bool {
	if (state == "running" || state == "up" || state == "active") && liveProbes[r.probe] {
		return true
	}
	for i, w := range r.words {
		if state == "failed" && i+1 < len(r.words) && failedEvents[r.words[i+1]] {
			continue
		}
		// systemd's "Main process exited, code=exited, status=1/FAILURE"
		// is the exit that fails the unit.
		if state == "failed" && w == "status" && i+1 < len(r.words) && strings.HasSuffix(r.words[i+1], "/failure") {
			return true
		}
		for _, t := range strings.FieldsFunc(w, func(c rune) bool { return c == ',' || c == '<' || c == '>' || c == ':' }) {
			if t == state {
				return true
			}
		}
	}
	return false
}

// failedEvents after "failed" say what failed: "sshd: Failed password" is
// a refused login, not a failed sshd.
var failedEvents = lexicon.NewSet(`password passwords login logins authentication attempt attempts publickey`)
