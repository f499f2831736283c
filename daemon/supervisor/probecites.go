package supervisor

import (
	"regexp"
	"strconv"
	"strings"
)

// An answer may name the probe its claim comes from: "According to
// systemctl --failed there is one failed unit", "ss shows …", "the
// journal shows …". Where that probe ran and printed nothing but its
// error ("cannot list failed units: no connection to the systemd system
// bus"), or did not run while others did, the citation is invented: the
// claim came from somewhere else, or nowhere. A sentence that reports the
// failure ("systemctl --failed could not connect") is no such citation.
// For the same reason a count of failed units ("one failed unit", "two
// units have failed") needs systemctl --failed's list: a journal line
// naming a failed unit says nothing of how many are failed now.

var (
	// probeTools name a probe in an answer's words, and the probe's id.
	probeTools = map[string]string{"systemctl": "failed_services", "ss": "listening_ports", "netstat": "listening_ports",
		"journalctl": "system_logs", "journal": "system_logs", "logs": "system_logs", "log": "system_logs", "syslog": "system_logs",
		"df": "disk_usage", "free": "memory_info", "lsblk": "block_devices", "lscpu": "cpu_info",
		"ip route": "network_routes", "ip r": "network_routes", "ip addr": "network_addrs", "ip a": "network_addrs"}
	toolNames = `(systemctl|ss|netstat|journalctl|journal|logs?|syslog|df|free|lsblk|lscpu|ip (?:route|r|addr|a))`
	// citeBefore is "according to X", "per X"; citeAfter is "X shows",
	// "X's output lists", "X --failed reports": the tool's options and a
	// backtick around it may stand between.
	citeBefore = regexp.MustCompile("\\b(?:according to|per) (?:the )?(?:output of )?`?" + toolNames + "\\b")
	citeAfter  = regexp.MustCompile("\\b" + toolNames + "(?: +-{1,2}[a-z-]+)*`?(?:'s)?(?: output)? (?:shows?|showed|lists?|listed|reports?|reported|says|said|indicates|confirms|displays)\\b")
)

// checkProbeCites reports a sentence that cites a probe that gave no
// evidence, and a count of failed units without systemctl --failed's list.
func checkProbeCites(ix *index, g *Grounding, f sentenceFacts, ws []string) {
	// A count said of the journal stands beside a failed probe's report
	// ("systemctl --failed could not connect, but the journal shows …").
	if checkJournalFailed(ix, g, f, ws) || reportsFailure(ws) || anyOf(ws, conditionals) { // journalfailed.go
		return
	}
	low := strings.ToLower(f.blank)
	for _, re := range []*regexp.Regexp{citeBefore, citeAfter} {
		for _, m := range re.FindAllStringSubmatch(low, -1) {
			if probe := probeTools[m[1]]; ix.probeSilent(probe) {
				g.Missing = append(g.Missing, m[0]+" (the "+probe+" probe gave no output)")
			}
		}
	}
	if _, listed := ix.failedListed(); f.counted && !listed && ix.probeSilent("failed_services") {
		g.Missing = append(g.Missing, strconv.Itoa(f.failed)+" failed units (systemctl --failed gave no list)")
	}
}

// probeSilent reports whether a probe gave no evidence: it ran and printed
// only its error, or it did not run while other probes did.
func (ix *index) probeSilent(probe string) bool {
	ran, other := false, false
	for _, r := range ix.recs {
		switch {
		case r.probe == "" || r.probe == hardwareMarker:
		case r.probe != probe:
			other = true
		case strings.HasPrefix(r.text, "probe "):
			ran = true
		case !strings.HasPrefix(r.text, "cannot "):
			return false // a line of output
		}
	}
	return ran || other
}
