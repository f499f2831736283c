package supervisor

import (
	"regexp"
	"slices"
	"strings"
)

// A PID said to be a live process ("It's still running in the background
// as PID 1733", "unattended-upgrade is running (PID 2385)", "currently PID
// 2385", "PID 733 is still running") must be one the process probes show
// now: a ps row's or an ss socket's. A journal line's PID ("unattended-
// upgrade[1733]") is the PID the process had when it logged; it does not
// show the process is running, nor under that PID. The PID of a logged
// event ("unattended-upgrade[1733] logged …", "was running as PID 1733")
// is not judged here; nor one denied ("is no longer running as PID 1390"),
// nor without a process probe.

var (
	// liveBeforeRe reads a present liveness claim right before a PID:
	// "is still running (in the background) as PID", "runs as", "is
	// running (PID", "currently PID", "now has PID".
	liveBeforeRe = regexp.MustCompile(`(?:\b(?:is|are|it's|that's|s|remains|stays|still|currently|now)\s+(?:still\s+|currently\s+|now\s+)?(?:running|alive|active|up)|\bruns|\bstill\s+runs)` +
		`(?:\s+(?:in\s+the\s+background|right\s+now|now|today))?\s*(?:(?:as|with|under)\s+|\(\s*)(?:pid\s+)?$` +
		`|\b(?:currently|now|still)\s+(?:has\s+|with\s+)?pid\s+$`)
	// liveAfterRe reads one right after a PID ("PID 733 is still
	// running", "(PID 733) is running").
	liveAfterRe = regexp.MustCompile(`^[),]?\s*(?:is|are)\s+(?:still\s+|currently\s+|now\s+)?(?:running|alive|active)\b`)
)

// livePIDProbes are the probes that show what runs now.
var livePIDProbes = map[string]bool{"top_memory": true, "top_cpu": true, "listening_ports": true}

// checkLivePIDs reports each PID said to be a live process that no
// process probe's record shows as a PID.
func checkLivePIDs(ix *index, g *Grounding, answer string, facts []sentenceFacts, claims []claim, anchors map[int][]claim, records map[int][]int32) {
	if !slices.ContainsFunc(ix.recs, func(r record) bool { return livePIDProbes[r.probe] }) {
		return
	}
	for _, c := range claims {
		if c.kind != kindPID || c.advice || c.general || c.sent >= len(facts) {
			continue
		}
		start, end := facts[c.sent].at.start, facts[c.sent].at.end
		if c.off < start || c.off+len(c.text) > end {
			continue
		}
		low := asciiLower(answer[start:end])
		at := c.off - start
		head := low[:at]
		if i := strings.LastIndexAny(head, ";,:"); i >= 0 && !strings.HasSuffix(strings.TrimRight(head, " "), "pid") {
			head = head[i+1:] // the PID's own clause
		}
		if !liveBeforeRe.MatchString(head) && !liveAfterRe.MatchString(low[at+len(c.text):]) || deniedCount(head) {
			continue
		}
		var live []int32
		for _, id := range ix.tokens[c.key] {
			if r := ix.recs[id]; livePIDProbes[r.probe] && r.hasPID(c.key) {
				live = append(live, id)
			}
		}
		if len(live) == 0 {
			g.Missing = append(g.Missing, c.text+" (not a running process)")
		} else if s := liveSubject(answer, facts, c, anchors); s != nil && !ix.inRecords(*s, live) &&
			!slices.ContainsFunc(records[s.off], func(id int32) bool { return slices.Contains(live, id) }) {
			g.Missing = append(g.Missing, c.text+" (not "+s.text+")")
		}
	}
}

// liveSubject returns the process a live PID is said of: the nearest one
// named before it in its sentence, else, in a sentence opening with "It"
// ("It's still running as PID 2385"), the first of the sentence before
// that names one; nil when there is none.
func liveSubject(answer string, facts []sentenceFacts, c claim, anchors map[int][]claim) *claim {
	var subject *claim
	for i, a := range anchors[c.sent] {
		if a.off < c.off && a.class == classProcess {
			subject = &anchors[c.sent][i]
		}
	}
	if subject != nil {
		return subject
	}
	head := plainWords(answer[facts[c.sent].at.start:c.off])
	if len(head) == 0 || head[0] != "it" {
		return nil
	}
	for k := c.sent - 1; k >= 0 && k >= c.sent-maxPronounReach; k-- {
		for i, a := range anchors[k] {
			if a.class == classProcess {
				return &anchors[k][i]
			}
		}
	}
	return nil
}
