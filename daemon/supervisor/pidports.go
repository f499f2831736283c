package supervisor

import (
	"regexp"
	"slices"
	"strings"
)

// A port and a PID written as one socket's ("the python3 http.server on
// port 8443 (PID 1259)", "8443 (python3, PID 1261)", "PID 1261 listens on
// 8443", "python3 (PID 1261) on port 8443") must be one ss row: a socket
// on that port owned by that PID. Each alone may be found on another
// process of the same name (python3 runs many), so the pair is checked
// as a pair. A port no owned socket has is left to the other rules.

var (
	// portThenPID joins a port to a PID in a bracket after it: " (PID ",
	// " (python3, PID ", " (pid="; or " is held by PID ", " belongs to PID ".
	portThenPID = regexp.MustCompile(`(?i)^\s*(?:\((?:[\w.:/-]+\s*,\s*)?|(?:is\s+)?(?:held|owned|opened|used)\s+by\s+|belongs\s+to\s+)pid\s*[=:]?\s*$`)
	// pidThenPort joins a PID to a port after it: ") on port ",
	// " listens on ", ") is listening on TCP ", " holds port ".
	pidThenPort = regexp.MustCompile(`(?i)^\)?\s*(?:(?:(?:is\s+)?(?:listening|listens|bound|serving|serves)\s+)?(?:on|at)|holds|owns|opened|opens)\s+(?:(?:tcp|udp)\s+)?(?:port\s+)?$`)
)

// checkPIDPorts reports a port and a PID joined as one socket's that no
// ss row pairs.
func checkPIDPorts(ix *index, g *Grounding, answer string, claims []claim) {
	for i, c := range claims {
		if c.kind != kindPort || c.advice {
			continue
		}
		owners := ix.portOwners(c.port)
		if len(owners) == 0 {
			continue
		}
		var pid *claim
		if j := nextPID(claims, i, 1); j >= 0 && portThenPID.MatchString(answer[c.off+len(c.text):claims[j].off]) {
			pid = &claims[j]
		} else if j := nextPID(claims, i, -1); j >= 0 && pidThenPort.MatchString(answer[claims[j].off+len(claims[j].text):c.off]) {
			pid = &claims[j]
		}
		if pid == nil {
			continue
		}
		n := strings.Trim(pid.text, "() ")
		if !allDigits(n) {
			continue
		}
		if !slices.ContainsFunc(owners, func(o socketOwner) bool { return o.pid == n }) {
			g.Missing = append(g.Missing, c.text+" (not PID "+n+"'s)")
		}
	}
}

// nextPID returns the index of the nearest PID claim from claims[i] in
// direction dir (1 after, -1 before), or -1; the words between are
// checked by the caller.
func nextPID(claims []claim, i, dir int) int {
	for j := i + dir; j >= 0 && j < len(claims); j += dir {
		if claims[j].kind == kindPID {
			if dir > 0 && claims[i].off+len(claims[i].text) > claims[j].off || dir < 0 && claims[j].off+len(claims[j].text) > claims[i].off {
				return -1
			}
			return j
		}
		if claims[j].kind == kindPort {
			return -1
		}
	}
	return -1
}
