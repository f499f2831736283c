package supervisor

import (
	"regexp"
	"strings"
)

// What a process reads or writes: "dd (pid 24503) is writing zeros from
// /dev/zero onto /dev/vda", "xz is compressing /mnt/data/backup.img",
// "rsync couldn't write /srv/data/db.tar". A path or device that is the
// object of such a verb, or comes after its "to", "onto", "into", "from"
// or "over", is the process's own: it must be in that process's records
// (its command line in ps, a journal line of it) when its ps row has
// paths among its arguments: ps shows what a process was started with,
// "dd if=/dev/zero of=/dev/null"; an answer that names another target
// invents it.

// ioVerbs are the verbs of reading and writing files and devices.
var ioVerb = regexp.MustCompile(`\b(writ(?:e|es|ing|ten)|wrote|read(?:s|ing)?|cop(?:y|ies|ying|ied)|wip(?:e|es|ing|ed)|overwrit(?:e|es|ing|ten)|dump(?:s|ing|ed)?|compress(?:es|ing|ed)?|zero(?:es|ing|ed)|archiv(?:e|es|ing|ed))\b`)

// ioPreps may stand between the verb's object and a path: "writing zeros
// from /dev/zero onto /dev/vda".
var ioPreps = map[string]bool{"to": true, "onto": true, "into": true, "from": true, "over": true}

// ioReach is how many words may stand between the verb and its path.
const ioReach = 6

// checkIOPaths reports a path said to be read or written by a process
// whose records do not hold it.
func checkIOPaths(ix *index, g *Grounding, answer string, claims []claim, anchors map[int][]claim, records map[int][]int32) {
	low := asciiLower(answer) // keeps the claims' offsets (see checkMounts)
	for _, c := range claims {
		if (c.class != classPath && c.class != classDevice) || c.advice || !c.textual {
			continue
		}
		verb := ioVerbBefore(low, c)
		if verb < 0 {
			continue
		}
		var subj *claim
		for i, a := range anchors[c.sent] {
			if a.off < verb && a.off >= c.clause && isProcess(a) {
				subj = &anchors[c.sent][i]
			}
		}
		if subj == nil || !ix.pathArgs(records[subj.off]) || ix.inRecords(c, records[subj.off]) {
			continue
		}
		g.Missing = append(g.Missing, c.text+" (not "+subj.text+"'s)")
	}
}

// pathArgs reports whether a process row among recs has a path among its
// arguments ("dd if=/dev/zero of=/dev/null", "xz … /mnt/data/backup.img"):
// its command line then says what it reads and writes. One without
// ("postgres: 16/main: checkpointer") says nothing of its files, and an
// answer may name its data directory.
func (ix *index) pathArgs(recs []int32) bool {
	for _, id := range recs {
		r := ix.recs[id]
		if r.probe != "top_cpu" && r.probe != "top_memory" {
			continue
		}
		args := strings.Fields(psCommand(r.text)) // kthreads.go
		for _, a := range args[min(1, len(args)):] {
			if strings.HasPrefix(a, "/") || strings.Contains(a, "=/") {
				return true
			}
		}
	}
	return false
}

// ioVerbBefore returns the offset of the I/O verb whose object c is, or
// -1: the verb right before it, or within ioReach words when the word
// right before c is a preposition of ioPreps, with no clause break between.
func ioVerbBefore(low string, c claim) int {
	head := low[max(0, c.off-120):c.off]
	if i := strings.LastIndexAny(head, ",;:()—–"); i >= 0 {
		head = head[i+1:]
	}
	ws := plainWords(head)
	if len(ws) == 0 {
		return -1
	}
	last := ws[len(ws)-1]
	if !ioPreps[last] && !ioVerb.MatchString(last) {
		return -1
	}
	locs := ioVerb.FindAllStringIndex(head, -1)
	if len(locs) == 0 {
		return -1
	}
	at := locs[len(locs)-1][0]
	if len(plainWords(head[at:])) > ioReach {
		return -1
	}
	return c.off - len(head) + at
}
