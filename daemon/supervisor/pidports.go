package supervisor

import (
	"regexp"
	"slices"
	"strings"
)

// A port and a PID written as one socket's ("the python3 http.server on
// port 8443 (PID 1259)", "8443 (python3, PID 1261)", "PID 1261 listens on
// 8443", "python3 (PID 1261) on port 8443") must be one ss row: a socket
// on that port (and address, where the answer gives one: "0.0.0.0:3000" is
// not node's [::]:3000 socket) owned by that PID. Each alone may be found on another
// process of the same name (python3 runs many), so the pair is checked
// as a pair. A port no owned socket has is left to the other rules.

var (
	// portThenPID joins a port to a PID in a bracket after it: " (PID ",
	// " (python3, PID ", " (pid="; or " is held by PID ", " belongs to PID ";
	// or one its listener is said to be or have: "the python3 listening on
	// 127.0.0.1:6000 is PID 8082", "… (python3) has PID 8082", "…, PID
	// 8082", "… is owned by python3 (PID 8082)", "listens on port 9090
	// as PID 23888".
	portThenPID = regexp.MustCompile(`(?i)^\s*(?:\([\w.-]+\)\s*)?(?:\((?:[\w.:/-]+\s*,\s*)?|(?:(?:is\s+)?(?:held|owned|opened|used)\s+by\s+|belongs\s+to\s+)(?:[\w.-]+\s*(?:\(|,\s*))?|` +
		`(?:is|was|has|with|as|(?:runs|running)\s+as)\s+(?:the\s+)?|,\s*)pid\s*[=:]?\s*$`)
	// pidThenPort joins a PID to a port after it: ") on port ",
	// " listens on ", ") is listening on TCP ", " holds port ", " is the
	// python3 listening on ".
	pidThenPort = regexp.MustCompile(`(?i)^\)?\s*(?:is\s+(?:the\s+|a\s+)?(?:[\w.-]+\s+)?(?:process\s+)?(?:that(?:'s|\s+is)?\s+)?)?` +
		`(?:(?:(?:is\s+)?(?:listening|listens|bound|serving|serves)\s+)?(?:on|at)|holds|owns|opened|opens)\s+(?:(?:tcp|udp)\s+)?(?:port\s+)?$`)
)

// checkPIDPorts reports a port and a PID joined as one socket's that no
// ss row pairs.
func checkPIDPorts(ix *index, g *Grounding, answer string, claims []claim) {
	for i, c := range claims {
		if c.kind != kindPort || c.advice {
			continue
		}
		owners := ix.addrOwners(c)
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

// addrOwners returns the owners of the sockets on c's port; where c is
// written with its address ("127.0.0.1:6000") and an ss row has it, only
// those rows' owners.
func (ix *index) addrOwners(c claim) []socketOwner {
	owners := ix.portOwners(c.port)
	addr := strings.ToLower(c.text)
	if !strings.Contains(addr, ":") || strings.HasPrefix(addr, ":") {
		return owners
	}
	var out []socketOwner
	for id := range ix.portSockets(c.port) {
		r := ix.recs[id]
		if f := strings.Fields(r.text); len(f) > 4 && (strings.HasPrefix(f[0], "tcp") || strings.HasPrefix(f[0], "udp")) && f[4] == addr {
			for _, o := range ssOwner.FindAllStringSubmatch(r.text, maxSocketOwners) {
				out = append(out, socketOwner{o[1], o[2]})
			}
		}
	}
	if len(out) == 0 {
		return owners
	}
	return out
}
