package supervisor

import (
	"regexp"
	"strings"
)

// A block device said to be mounted or not ("loop0 is not mounted
// anywhere", "zram0 has no mountpoint", "vda, a 256G disk mounted at /")
// must be so in the evidence: lsblk's row for it or a partition of it
// lists a mountpoint, or df shows one of them as a filesystem's source. The words read are those after
// the device up to the next device or path the answer names (or a ";"),
// so "… /mnt/data is not mounted" is not said of a device before it.

var (
	// unmountedRe says a device has no mount.
	unmountedRe = regexp.MustCompile(`(?i)\b(?:(?:not|n[’']t|never)\s+(?:currently\s+|yet\s+)?mounted|unmounted|no\s+mount\s*points?|no\s+mounts?|without\s+(?:a\s+)?mount\s*points?)\b`)
	// mountedRe says it has one.
	mountedRe = regexp.MustCompile(`(?i)\b(?:(?:is|are|was)\s+(?:currently\s+|also\s+)?mounted|mounted\s+(?:at|on|as))\b`)
)

// mountManner are words after "not mounted" that deny how, not whether,
// a device is mounted.
var mountManner = map[string]bool{"read": true, "readonly": true, "ro": true, "rw": true, "as": true, "with": true, "noexec": true}

// deviceSpan is the text a state of the device claims[i] is read from:
// the words after it up to the next device or path the answer names, or
// the clause's end (";", a sentence's stop, a line break).
func deviceSpan(answer string, claims []claim, i int) string {
	c := claims[i]
	end := len(answer)
	for _, d := range claims[i+1:] {
		if d.class == classDevice || d.class == classPath {
			end = d.off
			break
		}
	}
	span := answer[min(c.off+len(c.text), end):end]
	if k := strings.IndexAny(span, ";.?!\n"); k >= 0 {
		span = span[:k]
	}
	return span
}

// checkMountStates reports devices said to be mounted, or not, that the
// evidence shows otherwise.
func checkMountStates(ix *index, g *Grounding, answer string, claims []claim) {
	for i, c := range claims {
		if c.class != classDevice || c.advice {
			continue
		}
		span := deviceSpan(answer, claims, i)
		mounted, known := ix.deviceMounted(strings.TrimPrefix(c.key, "/dev/"))
		denied := false
		if m := unmountedRe.FindStringIndex(span); m != nil {
			// "not mounted read-only" denies a manner, not the mount.
			denied = !mountManner[at(plainWords(span[m[1]:]), 0)]
		}
		switch {
		case !known:
		case denied && mounted:
			g.Missing = append(g.Missing, c.text+" (not mounted)")
		case !denied && mountedRe.MatchString(span) && !mounted:
			g.Missing = append(g.Missing, c.text+" (mounted)")
		}
	}
}

// deviceMounted reports whether a block device, or a partition of it,
// has a mountpoint in lsblk's table or is a df row's source ("a 1.8T
// disk (sdb) mounted at /srv" of sdb1's mount), and whether lsblk or df
// lists it at all.
func (ix *index) deviceMounted(name string) (mounted, known bool) {
	rows := ix.lsblkRows() // disks.go
	for _, d := range ix.dfRows() {
		if strings.HasPrefix(d.source, "/dev/") && (d.source == "/dev/"+name || diskIn(rows, d.source) == name) {
			return true, true
		}
	}
	for _, b := range rows {
		if b.table && (b.name == name || b.top == name) {
			known = true
			mounted = mounted || b.mountline
		}
	}
	return mounted, known
}
